"""``pokerkeys hits`` and ``pokerkeys flops``, and the per-combo table of ``equity --combos``.

    pokerkeys hits RANGE BOARD [--json | --csv]
    pokerkeys flops HAND HAND [--dead CARDS] [--top N] [--player N] [--paired | --unpaired]
                    [--suits rainbow|two-tone|monotone] [--connected | --disconnected]
                    [--high RANK] [--json | --csv] [--threads N] [--no-progress]
"""
from __future__ import annotations

import csv
import json
import sys

from .common import CliError, positive_int, progress_bar


# ---------------------------------------------------------------------------- equity --combos
def _number(x):
    """A float for JSON; None for NaN (a Monte Carlo combo that was never dealt)."""
    x = float(x)
    return None if x != x else x


def _pct(x, width) -> str:
    return f"{'-':>{width + 1}}" if x is None else f"{100 * x:{width}.3f}%"


def combo_rows(table) -> list[dict]:
    cols = table.columns()
    names = list(cols)
    return [{k: (cols[k][i] if k == "combo" else _number(cols[k][i])) for k in names}
            for i in range(len(cols["combo"]))]


def combos_json(result) -> list[dict]:
    return [{"player": i + 1, "label": result.players[i], "combos": combo_rows(t)}
            for i, t in enumerate(result.combo_tables or ()) if t is not None]


def print_combos(result) -> None:
    """Each range player's combos, best equity first."""
    for entry in combos_json(result):
        rows = sorted(entry["combos"], key=lambda r: -(r["equity"] if r["equity"] is not None
                                                        else -1.0))
        print(f"\nplayer {entry['player']} ({entry['label']}): {len(rows)} combos")
        head = f"{'combo':<6} {'weight':>6} {'share':>8} {'equity':>8} {'win':>8} {'tie':>8}"
        if rows and "stderr" in rows[0]:
            head += f" {'± stderr':>9}"
        print(head)
        for r in rows:
            if r["equity"] is None:
                print(f"{r['combo']:<6} {r['weight']:6.3g}  never dealt")
                continue
            line = (f"{r['combo']:<6} {r['weight']:6.3g} {_pct(r['share'], 7)} "
                    f"{_pct(r['equity'], 7)} {_pct(r['win'], 7)} {_pct(r['tie'], 7)}")
            if "stderr" in r:
                line += f" {_pct(r['stderr'], 8)}"
            print(line)


# ---------------------------------------------------------------------------- hits
def _cmd_hits(args) -> int:
    from ..analysis.hits import DRAWS, MADE, range_hits

    hits = range_hits(args.range, args.board)
    if args.json:
        print(json.dumps({"board": args.board, "total": hits.total,
                          "made": {k: hits[k] for k in MADE},
                          "draws": {k: hits[k] for k in DRAWS}}, indent=2))
    elif args.csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["category", "kind", "combos", "share"])
        for name, entry in hits.items():
            out.writerow([name, "made" if name in MADE else "draw", entry["combos"],
                          entry["share"]])
    else:
        print(hits)
    return 0


# ---------------------------------------------------------------------------- flops
def _flop_line(report, i) -> str:
    eq = "  ".join(f"{100 * e:7.3f}%" for e in report.equity[i])
    return f"{report.names[i]:<8} {100 * report.weight[i]:8.4f}%  {eq}"


def _cmd_flops(args) -> int:
    from ..analysis.flops import flops

    if not 1 <= args.player <= len(args.hands):
        raise CliError(f"--player is a player number 1..{len(args.hands)}, not {args.player}")
    show = not (args.json or args.csv or args.no_progress) and sys.stderr.isatty()
    progress = progress_bar("boards") if show else None
    try:
        report = flops(args.hands, dead=args.dead, threads=args.threads, progress=progress)
    finally:
        if progress is not None:
            progress.close()
    paired = True if args.paired else (False if args.unpaired else None)
    connected = True if args.connected else (False if args.disconnected else None)
    chosen = report.filter(paired=paired, suits=args.suits, connected=connected,
                           high=args.high).sort("equity", player=args.player - 1)
    if args.json:
        print(json.dumps({"players": list(report.players),
                          "equity": report.overall().tolist(),
                          "by_texture": report.by_texture(), "flops": chosen.records()},
                         indent=2))
        return 0
    if args.csv:
        rows = chosen.records()
        out = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else ["flop"],
                             lineterminator="\n")
        out.writeheader()
        out.writerows(rows)
        return 0
    players = "  ".join(f"{p[:8]:>8}" for p in report.players)
    print(f"{len(report):,} flop classes in {report.elapsed:.2f} s; equity over all flops: "
          + ", ".join(f"{p} {100 * e:.3f}%" for p, e in zip(report.players, report.overall(), strict=False)))
    if len(chosen) < len(report):
        print(f"{len(chosen):,} flops match the filter, probability "
              f"{100 * chosen.weight.sum():.3f}%; equity on them: "
              + ", ".join(f"{100 * e:.3f}%" for e in chosen.overall()))
    n = min(args.top, len(chosen))
    head = f"{'flop':<8} {'weight':>9}  {players}"
    print(f"\nbest {n} flops for player {args.player}:\n{head}")
    for i in range(n):
        print(_flop_line(chosen, i))
    print(f"\nworst {n} flops for player {args.player}:\n{head}")
    for i in range(len(chosen) - n, len(chosen)):
        print(_flop_line(chosen, i))
    print(f"\nby texture:\n{'texture':<13} {'flops':>6} {'weight':>9}  {players}")
    for row in report.by_texture():
        eq = "  ".join(f"{100 * e:7.3f}%" for e in row["equity"])
        print(f"{row['texture']:<13} {row['flops']:>6} {100 * row['weight']:8.3f}%  {eq}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("hits", help="what a range hits on a board (made hands and draws)")
    p.add_argument("range", help="a range, e.g. 'QQ+,AKs' or 'random'")
    p.add_argument("board", help="3, 4 or 5 board cards, e.g. Ah7d2c")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="machine-readable output")
    fmt.add_argument("--csv", action="store_true", help="CSV: category, kind, combos, share")
    p.set_defaults(run=_cmd_hits)

    p = sub.add_parser("flops", help="exact equity of 2-6 players on every flop")
    p.add_argument("hands", nargs="+", help="2-6 hands or ranges, e.g. AA KK")
    p.add_argument("--dead", "-d", help="cards out of the deck")
    p.add_argument("--top", type=positive_int, default=10,
                   help="best and worst flops to list (default 10)")
    p.add_argument("--player", type=int, default=1, help="whose equity sorts the flops (1, 2, ...)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--paired", action="store_true", help="only paired flops")
    g.add_argument("--unpaired", action="store_true", help="only unpaired flops")
    p.add_argument("--suits", choices=["rainbow", "two-tone", "monotone"],
                   help="only flops with this suit pattern")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--connected", action="store_true",
                   help="only connected flops (three ranks within five)")
    g.add_argument("--disconnected", action="store_true", help="only other flops")
    p.add_argument("--high", help="only flops with this highest rank, e.g. A")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="machine-readable output")
    fmt.add_argument("--csv", action="store_true", help="every (filtered) flop as CSV")
    p.add_argument("--threads", type=positive_int, help="threads to use (default: all)")
    p.add_argument("--no-progress", action="store_true", help="never draw a progress bar")
    p.set_defaults(run=_cmd_flops)
