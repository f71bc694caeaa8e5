"""The ``pokerkeys`` command line.

Each subcommand lives in its own function; imports of heavy modules happen inside them so that
``pokerkeys eval`` does not pay for what ``pokerkeys equity`` needs. Bad input is reported as one
line ``pokerkeys: error: ...`` with exit code 2, never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys


class CliError(Exception):
    """A user error the CLI reports in one line."""


def _cmd_eval(args) -> int:
    from .cards import format_cards, parse_cards
    from .evaluate import best_five, category, describe, evaluate

    results = []
    for hand in args.hands:
        ids = parse_cards(hand)
        rank = evaluate(ids)
        results.append({"hand": format_cards(ids), "rank": rank,
                        "category": category(rank).label, "description": describe(rank),
                        "best_five": format_cards(best_five(ids))})
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    width = max(len(r["hand"]) for r in results)
    for r in results:
        print(f"{r['hand']:<{width}}  rank {r['rank']:>4}  {r['category']:<15}  "
              f"{r['description']:<34}  best five: {r['best_five']}")
    return 0


def _cmd_info(args) -> int:
    from . import __version__, _jit
    from .tables import eval_tables, tables_dir

    info = {"version": __version__, "tables": str(tables_dir()), "threads": _jit.max_threads(),
            "resident_table_bytes": {f"{n}-card": eval_tables(n).resident_bytes
                                     for n in (5, 6, 7)}}
    if args.json:
        print(json.dumps(info, indent=2))
        return 0
    print(f"pokerkeys {info['version']}")
    print(f"tables:  {info['tables']}")
    print(f"threads: {info['threads']}")
    for n, size in info["resident_table_bytes"].items():
        print(f"resident tables, {n} evaluation: {size:,} bytes ({size / 1024:.1f} KiB)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerkeys", description="Texas Hold'em evaluation and equity at C++ speed.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("eval", help="rank, category, description and best five of hands")
    p.add_argument("hands", nargs="+", help='hands of 5-7 cards, e.g. "As Ks Qs Js Ts"')
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=_cmd_eval)

    p = sub.add_parser("info", help="version, table location and sizes, threads")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_cmd_info)

    return parser




def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (ValueError, TypeError, CliError) as exc:
        print(f"pokerkeys: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerkeys: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
