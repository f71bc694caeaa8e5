"""The ``pokerkeys`` command line: the parser of every subcommand, and the entry points.

Each subcommand lives in its own function; imports of heavy modules happen inside them so that
``pokerkeys eval`` does not pay for what ``pokerkeys equity`` needs. The subcommands of
``eval-file``, the games, ``preflop``, ``serve``, ``hits`` and ``flops`` live in the sibling
modules ``bulk``, ``games``, ``preflop``, ``serve`` and ``analysis``. Bad input is reported as
one line naming the command, ``pokerkeys equity: error: ...``, with exit code 2, never a
traceback; a usage error (an unknown option, a bad option value, a missing argument) adds a
second line, ``see 'pokerkeys equity --help'``, instead of argparse's usage text.
"""
from __future__ import annotations

import argparse
import atexit
import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, NoReturn

from ..core.tables import TableError
from .common import (
    CliError,
    CommandParser,
    add_rules_option,
    check_rules,
    excerpt_message,
    positive,
    positive_int,
    progress_bar,
    range_note,
    read_as_of,
    seed,
)
from .omaha_hilo import HILO_GAME_NAMES

__all__ = ["build_parser", "main", "missing_extra", "run"]


def _cmd_eval(args: argparse.Namespace) -> int:
    from ..core.cards import format_cards, parse_cards
    from ..core.evaluate import best_five, category, describe, evaluate

    check_rules(args)
    game, rules = args.game, args.rules
    results: list[dict[str, Any]] = []
    for hand in args.hands:
        ids = parse_cards(hand)
        rank = evaluate(ids, game=game, rules=rules)
        results.append({"hand": format_cards(ids), "rank": rank,
                        "category": category(rank, game=game, rules=rules).label,
                        "description": describe(rank, game=game, rules=rules),
                        "best_five": format_cards(best_five(ids, game=game, rules=rules))})
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    width = max(len(r["hand"]) for r in results)
    for r in results:
        print(f"{r['hand']:<{width}}  rank {r['rank']:>4}  {r['category']:<15}  "
              f"{r['description']:<34}  best five: {r['best_five']}")
    return 0


def _cmd_info(args: argparse.Namespace) -> int:
    from .. import __version__, _jit
    from ..core.tables import eval_tables, tables_dir

    info: dict[str, Any] = {
        "version": __version__, "tables": str(tables_dir()), "threads": _jit.max_threads(),
        "resident_table_bytes": {f"{n}-card": eval_tables(n).resident_bytes for n in (5, 6, 7)}}
    if args.json:
        print(json.dumps(info, indent=2))
        return 0
    print(f"pokerkeys {info['version']}")
    print(f"tables:  {info['tables']}")
    print(f"threads: {info['threads']}")
    for n, size in info["resident_table_bytes"].items():
        print(f"resident tables, {n} evaluation: {size:,} bytes ({size / 1024:.1f} KiB)")
    return 0


def _cmd_equity(args: argparse.Namespace) -> int:
    from ..equity.holdem import equity

    stop_flags = [args.trials is not None, args.stderr is not None, args.time is not None]
    if args.exact and any(stop_flags):
        raise CliError("--exact cannot be combined with --trials, --stderr or --time")
    exact = True if args.exact else (False if any(stop_flags) else None)
    check_rules(args)
    show = not (args.json or args.no_progress) and sys.stderr.isatty()
    progress = progress_bar("it") if show else None
    if args.game in HILO_GAME_NAMES:
        from . import omaha_hilo
        return omaha_hilo.run_equity(args, exact, progress)
    from . import analysis as cli_analysis
    read_as = None
    try:
        if args.game in cli_analysis.OMAHA_GAMES:  # Omaha: hands, random and Omaha ranges
            result, read_as = cli_analysis.omaha_equity_of_args(args, exact, progress)
        else:
            result = equity(args.hands, board=args.board, dead=args.dead, exact=exact,
                            trials=args.trials, target_stderr=args.stderr,
                            time_limit=args.time, seed=args.seed, threads=args.threads,
                            progress=progress, game=args.game, per_combo=args.combos,
                            rules=args.rules)
    finally:
        if progress is not None:
            progress.close()
    if args.game == "holdem":
        read_as = read_as_of(args.hands, args.board, args.dead)
    if args.json:
        extra: dict[str, Any] = {"read_as": read_as} if read_as is not None else {}
        if args.combos:
            extra["combos"] = cli_analysis.combos_json(result)
        print(json.dumps(dict(result.to_dict(), **extra), indent=2))
    else:
        if args.board:
            print(f"board: {args.board}")
        for i, entry in enumerate(read_as or ()):
            if entry["kind"] == "range":
                print(range_note(i, entry, "combo" if args.game == "holdem" else "hand"))
        print(result)
        if args.combos:
            cli_analysis.print_combos(result)
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from ..core import bench

    def progress(message: str) -> None:
        if not args.json:
            print(f"  running: {message}", file=sys.stderr, flush=True)

    # Say at once that no peer is installed, before minutes of benchmarking.
    if args.peers and not bench.installed_peers():
        raise CliError("--peers: none of eval7, phevaluator, treys, pokerkit is installed "
                       "(pip install 'pokerkeys[peers]')")
    rows = bench.bench_pokerkeys(args.hands, args.repeats, progress=progress)
    if args.peers:
        rows += bench.bench_peers(args.peer_hands, progress=progress)
    if args.json:
        print(json.dumps([dict(vars(r), evals_per_s=r.evals_per_s, ns_per_eval=r.ns_per_eval)
                          for r in rows], indent=2))
    else:
        print(bench.format_rows(rows))
    bad = [r for r in rows if r.mismatches]
    if bad:
        print(f"{args.prog}: error: {', '.join(r.library for r in bad)} ordered hands "
              f"differently from pokerkeys", file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole ``pokerkeys`` command line, every subcommand included.

    Each subcommand's parser sets ``run``, the function that carries it out:
    ``args.run(args)`` returns the exit status. Its help texts are the command line's
    reference.

    Returns
    -------
    argparse.ArgumentParser
        The parser; ``parse_args`` exits with status 2 and a usage line on bad arguments.

    Examples
    --------
    >>> from pokerkeys.cli.main import build_parser
    >>> args = build_parser().parse_args(["equity", "AhKh", "QsQd", "--trials", "1e6"])
    >>> args.command, args.hands, args.trials, args.exact
    ('equity', ['AhKh', 'QsQd'], 1000000, False)
    """
    from .. import __version__

    parser = CommandParser(
        prog="pokerkeys",
        description="Poker hands evaluated and all-in equity computed on Numba kernels: rank "
                    "hands, compute equity exactly or by Monte Carlo, analyse ranges, flops "
                    "and preflop classes, rank files of hands, count the classic games' "
                    "hands, and serve a local web app.",
        epilog="Run 'pokerkeys COMMAND --help' for a command's options. Exit status: 0 on "
               "success; 1 when a check found a difference (bench --peers, a UCI file's "
               "classes); 2 on bad input, with one line 'pokerkeys COMMAND: error: ...' on "
               "standard error (and, for a bad option, 'see ...' naming the help to read); "
               "130 after Ctrl-C, 143 after SIGTERM. The documentation (guides and "
               "the full reference) is in the docs/ folder of the source: 'mkdocs serve' "
               "shows it.")
    parser.add_argument("--version", action="version", version=f"pokerkeys {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                title="commands")

    p = sub.add_parser(
        "eval", help="rank, category, description and best five of hands",
        description="Evaluate hands of 5, 6 or 7 cards: for each, its rank (1 worst .. 7462 "
                    "best; short deck 1 .. 1404), category, description and best five cards, "
                    "one line per hand.")
    p.add_argument("hands", nargs="+",
                   help='hands of 5-7 cards, one argument each, e.g. "As Ks Qs Js Ts" or '
                        "AsKsQsJsTs")
    p.add_argument("--game", choices=["holdem", "shortdeck"], default="holdem",
                   help="holdem (default) or shortdeck: six-plus hold'em, cards 6 through A, "
                        "A-6-7-8-9 a straight, a flush beats a full house")
    add_rules_option(p)
    p.add_argument("--json", action="store_true",
                   help="print a JSON list of {hand, rank, category, description, "
                        "best_five} instead of lines")
    p.set_defaults(run=_cmd_eval)

    p = sub.add_parser(
        "info", help="version, table location and sizes, threads",
        description="Print the version, the folder of the evaluation tables, the threads the "
                    "parallel kernels use, and the memory the 5-, 6- and 7-card tables take.")
    p.add_argument("--json", action="store_true", help="print the same as a JSON object")
    p.set_defaults(run=_cmd_info)

    p = sub.add_parser(
        "equity", help="all-in equity of 2-10 hands or ranges",
        description="All-in equity of 2 to 10 players: each player's share of the pot, and "
                    "how often they win and split. Enumerates every board when that takes "
                    "about a second or less (or with --exact), else runs Monte Carlo, which "
                    "stops at the first of --trials, --stderr and --time (default: "
                    "10,000,000 trials in hold'em, 1,000,000 in Omaha). Ctrl-C stops a long "
                    "run.")
    p.add_argument("hands", nargs="+",
                   help="2 to 10 players: hands ('AhKh'), partly known ('Ah??'), unknown "
                        "('??' or random) or ranges ('QQ+,AKs', 'JJ:0.5', '15%%'); text that "
                        "is not one hand is a range, so AK is the 16 combos of AKs and AKo, "
                        "and the output says so")
    p.add_argument("--board", "-b",
                   help="the board's known cards, 0, 3, 4 or 5 of them, e.g. 2c7d9h "
                        "(default: none)")
    p.add_argument("--dead", "-d",
                   help="cards out of the deck, e.g. folded or seen ones (default: none)")
    p.add_argument("--game", choices=["holdem", "shortdeck", "omaha", "omaha5", "omaha6",
                                      *HILO_GAME_NAMES],
                   default="holdem",
                   help="holdem (default); shortdeck: six-plus hold'em, cards 6 through A "
                        "(A-6-7-8-9 a straight, a flush beats a full house); omaha (4-6 hole "
                        "cards, exactly 2 + 3 board; ranges in ProPokerTools' generic syntax, "
                        "'AA:$ds', 'JT98-7654', '15%%'), omaha5, omaha6 (range text read as "
                        "5- or 6-card hands); omaha8, omaha5-8, omaha6-8: Omaha hi/lo "
                        "eight or better with 4, 5 or 6 hole cards (pot share, high and low "
                        "halves, scoops)")
    add_rules_option(p)
    p.add_argument("--exact", action="store_true",
                   help="enumerate every board however long it takes (default: only when "
                        "that takes about a second or less)")
    p.add_argument("--trials", type=positive_int,
                   help="Monte Carlo: stop after this many trials (1e9 and 1_000_000 work "
                        "too; when no stop rule is given: 10,000,000 in hold'em, 1,000,000 "
                        "in Omaha)")
    p.add_argument("--stderr", type=positive(float),
                   help="Monte Carlo: stop when every player's standard error is below this, "
                        "a fraction of the pot (0.001 = 0.1 percentage points); without "
                        "--trials or --time the run also stops after 60 s")
    p.add_argument("--time", type=positive(float),
                   help="Monte Carlo: stop after this many seconds, within 50 ms, with no "
                        "trial cap (default: none; see --stderr)")
    p.add_argument("--seed", type=seed,
                   help="random seed, a whole number >= 0 (same seed, same result, whatever "
                        "the threads; default: a fresh seed each run)")
    p.add_argument("--threads", type=positive_int,
                   help="threads to use (default: all the machine has)")
    p.add_argument("--json", action="store_true",
                   help="print the result as JSON: the fields of EquityResult.to_dict, and in "
                        "hold'em 'read_as', how each player's text was read: {text, kind "
                        "(hand, partial, random or range), combos (the hands it stands for), "
                        "live_combos (those left once the cards known elsewhere are removed)}, "
                        "with weighted and live_weighted for a weighted range")
    p.add_argument("--no-progress", action="store_true",
                   help="never draw a progress bar (default: drawn on a terminal once a run "
                        "passes one second)")
    p.add_argument("--combos", action="store_true",
                   help="also each combo's equity for every player given as a range")
    p.set_defaults(run=_cmd_equity)

    p = sub.add_parser(
        "bench", help="evaluator throughput (and peers' on the same hands)",
        description="Time the batch evaluator on random 5-, 6- and 7-card hands and the "
                    "enumeration of all 7-card hands, at 1 thread and at all threads; with "
                    "--peers, also the other Python evaluators installed, on the same hands. "
                    "Exit status 1 when a peer orders hands differently.")
    p.add_argument("--hands", type=positive_int, default=10_000_000,
                   help="random hands per batch (default 10,000,000)")
    p.add_argument("--repeats", type=positive_int, default=5,
                   help="timed runs of each job, the median is reported (default 5)")
    p.add_argument("--peers", action="store_true",
                   help="also time eval7, phevaluator, treys, pokerkit if installed, on the "
                        "same hands, and check they order them exactly as pokerkeys")
    p.add_argument("--peer-hands", type=positive_int, default=200_000,
                   help="random 7-card hands for the peer comparison (default 200,000; a "
                        "slow peer ranks as many as it can in about 3 s)")
    p.add_argument("--json", action="store_true",
                   help="print the rows as JSON (with evals_per_s and ns_per_eval)")
    p.set_defaults(run=_cmd_bench)

    # Subcommands that live in their own modules register here, one line each.
    from . import bulk as cli_bulk
    cli_bulk.add_parser(sub)
    from . import games as cli_games
    cli_games.add_parser(sub)
    from . import preflop as cli_preflop
    cli_preflop.add_parser(sub)
    from . import serve as cli_serve
    cli_serve.add_parser(sub)
    from . import analysis as cli_analysis
    cli_analysis.add_parser(sub)
    from . import study as cli_study
    cli_study.add_parser(sub)
    return parser


# The optional dependencies and the extra that installs each.
_EXTRAS = {"pyarrow": "data", "matplotlib": "plot", "dask": "dask", "distributed": "dask",
           "eval7": "peers", "phevaluator": "peers", "treys": "peers", "pokerkit": "peers"}


def missing_extra(exc: ImportError) -> str | None:
    """One line for a missing optional dependency, or None for any other import error.

    Parameters
    ----------
    exc : ImportError
        The error an import raised.

    Returns
    -------
    str or None
        The message, naming the extra to install (``pip install 'pokerkeys[data]'``); the
        error's own message, shortened, when it says already what to install; None when the
        missing module is not an optional dependency.

    Examples
    --------
    >>> from pokerkeys.cli.main import missing_extra
    >>> missing_extra(ModuleNotFoundError("No module named 'pyarrow'", name="pyarrow"))
    "this needs pyarrow, which is not installed: pip install 'pokerkeys[data]'"
    >>> missing_extra(ModuleNotFoundError("No module named 'nothing'", name="nothing")) is None
    True
    """
    if "pip install" in str(exc):  # already says what to install
        return excerpt_message(str(exc))
    top = (exc.name or "").split(".")[0]
    if top in _EXTRAS:
        return (f"this needs {top}, which is not installed: "
                f"pip install 'pokerkeys[{_EXTRAS[top]}]'")
    return None


class _Terminated(BaseException):
    """SIGTERM, raised in the main thread so that every ``finally`` runs: temporary output
    files are removed, and an existing output file is left untouched."""


def _on_sigterm(signum: int, frame: FrameType | None) -> NoReturn:
    raise _Terminated()


_JitSettings = tuple[str, Callable[[str], object] | None]


def _jit_for_the_command_line(settings: _JitSettings | None = None) -> _JitSettings:
    """A first run answers, then exits: kernels build in a detached process that outlives it
    (not a thread that would die with it), and one stderr line says when kernels compile.
    Returns the settings before; ``_jit_for_the_command_line(them)`` puts them back (main()
    called in-process, as the tests do, leaves the library as it found it)."""
    from .. import _jit
    before = (_jit.warm_up_mode, _jit.on_compile)
    if settings is not None:
        _jit.warm_up_mode, _jit.on_compile = settings
        return before
    if "POKERKEYS_WARM_UP" not in os.environ:
        _jit.warm_up_mode = "process"
    _jit.on_compile = _jit.note_on_stderr  # (the library's default: a test may change it)
    return before


def main(argv: list[str] | None = None) -> int:
    """Run one ``pokerkeys`` command and return its exit status.

    Errors of the user's making are one line on standard error naming the command,
    ``pokerkeys equity: error: ...``, and status 2, never a traceback: bad values
    (``ValueError``, ``TypeError``), files that cannot be read or written (``OSError``), a
    missing optional dependency (the line names the extra to install), damaged tables. A
    usage error (an unknown option, a bad option value) adds a line ``see 'pokerkeys equity
    --help'`` and ends in ``SystemExit(2)``. Ctrl-C prints ``pokerkeys: interrupted`` (130),
    SIGTERM ``pokerkeys: terminated`` (143); output piped into a program that stops reading
    (``head``) is not an error. Called in-process (as the tests do), it leaves the library's
    settings and the SIGTERM handler as it found them.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after ``pokerkeys`` (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit status: 0 on success, 1 when a check found a difference, 2 on bad input,
        130 or 143 when interrupted.

    Raises
    ------
    SystemExit
        From argparse, on bad arguments (status 2, after the error and a line naming the
        help to read) and for ``--help`` and ``--version`` (status 0).

    Examples
    --------
    >>> from pokerkeys.cli.main import main
    >>> main(["eval", "As Ks Qs Js Ts"])  # doctest: +NORMALIZE_WHITESPACE
    As Ks Qs Js Ts  rank 7462  Straight flush   Royal flush
        best five: As Ks Qs Js Ts
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    prog: str = args.prog  # the command, 'pokerkeys equity', to name in errors
    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    library_settings = _jit_for_the_command_line()
    try:
        code: int = args.run(args)
        return code
    except BrokenPipeError:  # output piped into `head`: not an error
        return 0
    except ImportError as exc:  # an optional dependency: one line naming the extra
        message = missing_extra(exc)
        if message is None:
            raise
        print(f"{prog}: error: {message}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, OSError, CliError, TableError) as exc:
        print(f"{prog}: error: {excerpt_message(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pokerkeys: interrupted", file=sys.stderr)
        return 130
    except _Terminated:
        print("pokerkeys: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        _jit_for_the_command_line(library_settings)


def run() -> None:
    """The ``pokerkeys`` command: ``main()``, then exit without tearing the interpreter down.

    Unloading numba and LLVM at exit costs a tenth of a second of every command, after the
    answer is out. What an exit must still do is done first: other threads are joined, the
    exit handlers run (they start the JIT warm-up child) and the output is flushed.
    argparse's ``SystemExit`` and uncaught errors take the ordinary way out.

    Examples
    --------
    The console script ``pokerkeys`` and ``python -m pokerkeys`` call it; it reads
    ``sys.argv`` and never returns:

    >>> from pokerkeys.cli.main import run
    >>> run()  # doctest: +SKIP
    """
    code = main()  # argparse's SystemExit and uncaught errors take the ordinary way out
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(BrokenPipeError, ValueError):  # piped into `head`, or closed
            stream.flush()
    os._exit(code)
