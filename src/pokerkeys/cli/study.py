"""``pokerkeys runouts``, ``distribution``, ``classes`` and ``what-wins``: studying a spot.

    pokerkeys runouts HAND HAND... --board FLOP|TURN [--dead CARDS] [--threshold X]
                      [--player N] [--sort equity|delta|weight|card] [--ascending]
                      [--rank R] [--suit S] [--pairs-board] [--flush] [--straight]
                      [--leader-changed] [--moved] [--grid] [--game G]
                      [--exact | --samples N] [--seed S] [--json | --csv]
    pokerkeys distribution HAND HAND... [--board CARDS | --flops] [--player N] [--top N]
                      [--plot FILE] [--json | --csv]
    pokerkeys classes HAND HAND... --board CARDS [--player N] [--json | --csv]
    pokerkeys what-wins HAND HAND... [--board CARDS] [--by category|made] [--exact |
                      --samples N] [--seed S] [--json | --csv]

Every command takes ``--dead``, ``--game holdem|omaha|omaha5|omaha6``, ``--threads`` and
``--no-progress``; players are numbered from 1 on the command line.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .common import CliError, positive_int, print_answer, require_plot, seed, with_progress

if TYPE_CHECKING:
    from ..analysis.distribution import EquityDistribution
    from ..analysis.runouts import Runouts
    from .common import Subparsers

__all__ = ["add_parser"]

def _player(args: argparse.Namespace) -> int:
    """The 0-based index of ``--player`` (1-based), checked against the players given."""
    if not 1 <= args.player <= len(args.hands):
        raise CliError(f"--player is a player number 1..{len(args.hands)}, not {args.player}")
    return int(args.player) - 1


def _pct(x: float) -> str:
    return f"{100 * x:7.2f}%"


# ---------------------------------------------------------------------------- runouts
def _print_runouts(report: Runouts, shown: Runouts) -> None:
    street = "turn" if len(report.board) == 3 else "river"
    from ..core.cards import format_cards

    print(f"{len(report)} {street} cards after {format_cards(report.board)}; equity now: "
          + ", ".join(f"{p} {100 * e:.2f}%" for p, e in zip(report.players,
                                                            report.equity_now, strict=True)))
    if not report.exact and report.stderr is not None and report.stderr_now is not None:
        print(f"Monte Carlo: {report.samples:,} matchups sampled, each on every board; "
              f"standard error {100 * report.stderr_now.max():.2f}% now, up to "
              f"{100 * report.stderr.max():.2f}% after a card")
    if len(shown) < len(report):
        print(f"{len(shown)} cards match the filter, probability {100 * shown.weight.sum():.2f}%")
    head = "  ".join(f"{p[:9]:>9} {'change':>8}" for p in report.players)
    print(f"\n{'card':<5} {'weight':>7}  {head}  notes")
    delta, leader, changed = shown.delta, shown.leader, shown.leader_changed
    moved = shown.moved
    for i, name in enumerate(shown.names):
        cells = "  ".join(f"{_pct(shown.equity[i, p]):>9} {100 * delta[i, p]:+7.2f}%"
                          for p in range(len(report.players)))
        notes = [label for label, flag in (("pairs", shown.pairs_board[i]),
                                           ("flush", shown.flush[i]),
                                           ("straight", shown.straight[i])) if flag]
        if changed[i]:
            notes.append(f"player {leader[i] + 1} leads")
        if moved[i].any():
            notes.append("moves")
        print(f"{name:<5} {_pct(shown.weight[i])}  {cells}  {', '.join(notes)}")
    sampled = report.sample_counts is not None  # each class's equity with its standard error
    width = 15 if sampled else 9
    print(f"\nby card class:\n{'class':<16} {'cards':>5} {'weight':>8}  "
          + "  ".join(f"{p[:width]:>{width}}" for p in report.players))
    for row in report.by_class():
        errors = row.get("stderr")
        print(f"{row['class']:<16} {row['cards']:>5} {_pct(row['weight'])}  "
              + "  ".join(f"{_pct(e):>9}" + ("" if errors is None else f" ±{100 * errors[p]:.2f}")
                          for p, e in enumerate(row["equity"])))


def _cmd_runouts(args: argparse.Namespace) -> int:
    from ..analysis.runouts import MAX_PLAYERS, runouts

    if not 2 <= len(args.hands) <= MAX_PLAYERS:
        raise CliError(f"runouts takes 2 to {MAX_PLAYERS} players, not {len(args.hands)}")
    player = _player(args)
    report = with_progress(args, "boards", lambda progress: runouts(
        args.hands, args.board, args.dead, threshold=args.threshold, threads=args.threads,
        progress=progress, game=args.game,
        exact=True if args.exact else (False if args.samples else None),
        samples=args.samples, seed=args.seed))
    shown = report.filter(rank=args.rank, suit=args.suit,
                          pairs_board=True if args.pairs_board else None,
                          flush=True if args.flush else None,
                          straight=True if args.straight else None,
                          leader_changed=True if args.leader_changed else None,
                          moved=True if args.moved else None)
    shown = shown.sort(args.sort, player=player, descending=not args.ascending)

    def data() -> dict[str, Any]:
        answer = report.to_dict(grid=args.grid)
        answer["cards"] = shown.records()
        return answer

    def text() -> None:
        if args.grid:
            raise CliError("--grid goes with --json or --csv (the grid has a row per turn and "
                           "river)")
        _print_runouts(report, shown)

    return print_answer(args, text, data=data, rows=lambda: (
        report.grid.records() if args.grid and report.grid is not None else shown.records()))


# ---------------------------------------------------------------------------- distribution
def _cmd_distribution(args: argparse.Namespace) -> int:
    from ..analysis.distribution import equity_distribution, flop_distribution

    require_plot(args.plot)  # before any work or output
    player = _player(args)
    if args.flops:
        if args.board:
            raise CliError("--flops is the distribution over every flop: give no --board")
        dist = with_progress(args, "boards", lambda progress: flop_distribution(
            args.hands, args.dead, player=player, threads=args.threads, progress=progress,
            game=args.game))
    else:
        dist = with_progress(args, "matchups", lambda progress: equity_distribution(
            args.hands, args.board, args.dead, player=player, threads=args.threads,
            progress=progress, game=args.game))
    if args.plot:
        dist.plot(args.plot)
    return print_answer(args, lambda: _print_distribution(args, dist, player),
                        data=dist.to_dict, rows=dist.records)


def _print_distribution(args: argparse.Namespace, dist: EquityDistribution,
                        player: int) -> None:
    what = "flop classes" if dist.kind == "flops" else "combos"
    summary = dist.summary()
    print(f"player {player + 1} ({dist.players[player]}): {len(dist)} {what}, equity "
          f"{100 * dist.mean:.2f}%" + ("" if dist.exact else " (Monte Carlo)"))
    print("share with at least: " + ", ".join(
        f"{100 * float(level):.0f}%: {100 * share:.1f}%"
        for level, share in summary["at_least"].items()))
    print("equity of the best: " + ", ".join(
        f"{100 * float(q):.0f}%: {100 * e:.1f}%" for q, e in summary["quantiles"].items()))
    n = min(args.top, len(dist))
    rows = dist.records()
    label = "combo" if dist.kind == "combos" else "flop"
    for title, part in ((f"best {n}", rows[:n]), (f"worst {n}", rows[len(rows) - n:])):
        print(f"\n{title}:\n{label:<8} {'weight':>8} {'equity':>8} {'cumul.':>8}")
        for row in part:
            print(f"{row[label]:<8} {_pct(row['weight'])} {_pct(row['equity'])} "
                  f"{_pct(row['cumulative'])}")
    if args.plot:
        print(f"\nplot written to {args.plot}")


# ---------------------------------------------------------------------------- classes
def _cmd_classes(args: argparse.Namespace) -> int:
    from ..analysis.by_class import equity_by_class

    player = _player(args)
    classes = with_progress(args, "matchups", lambda progress: equity_by_class(
        args.hands, args.board, args.dead, player=player, threads=args.threads,
        progress=progress, game=args.game))
    return print_answer(args, lambda: print(classes), data=classes.to_dict,
                        rows=classes.records)


# ---------------------------------------------------------------------------- what wins
def _cmd_what_wins(args: argparse.Namespace) -> int:
    from ..analysis.by_class import what_wins

    exact = True if args.exact else (False if args.samples else None)
    wins = with_progress(args, "boards", lambda progress: what_wins(
        args.hands, args.board, args.dead, by=args.by, exact=exact, samples=args.samples,
        seed=args.seed, threads=args.threads, progress=progress, game=args.game))
    return print_answer(args, lambda: print(wins), data=wins.to_dict, rows=wins.records)


def _common(p: argparse.ArgumentParser, board_help: str) -> None:
    p.add_argument("hands", nargs="+",
                   help="2-6 hands ('AhKh'), partly known hands ('Ah??'), random or ranges "
                        "('QQ+,AKs', '20%%')")
    p.add_argument("--board", "-b", help=board_help)
    p.add_argument("--dead", "-d", help="cards out of the deck (default: none)")
    p.add_argument("--game", choices=["holdem", "omaha", "omaha5", "omaha6"],
                   default="holdem",
                   help="the game (default: holdem); omaha, omaha5, omaha6: Omaha with 4, 5 "
                        "or 6 hole cards, hands such as AsKsQdJd and Omaha ranges such as "
                        "'AA:$ds'")
    p.add_argument("--threads", type=positive_int,
                   help="threads to use (default: all the machine has)")
    p.add_argument("--no-progress", action="store_true",
                   help="never draw a progress bar (default: drawn on a terminal once a run "
                        "passes one second)")


def _formats(p: argparse.ArgumentParser, json_help: str, csv_help: str) -> None:
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=json_help)
    fmt.add_argument("--csv", action="store_true", help=csv_help)


def _equity(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not an equity change between 0 and 1")
    return value


def add_parser(sub: Subparsers) -> None:
    """Register ``runouts``, ``distribution``, ``classes`` and ``what-wins``.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        What ``ArgumentParser.add_subparsers`` returned.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.study import add_parser
    >>> parser = argparse.ArgumentParser(prog="pokerkeys")
    >>> add_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["runouts", "AhKh", "QQ", "--board", "Jh9h2c", "--flush"])
    >>> args.hands, args.board, args.flush, args.sort
    (['AhKh', 'QQ'], 'Jh9h2c', True, 'equity')
    """
    p = sub.add_parser(
        "runouts", help="equity after every turn or river card (exact; Omaha beyond its "
                        "limit sampled)",
        description="For 2 to 6 hands or ranges on a flop (or a turn): each player's exact "
                    "equity after every turn card (river card), the card's probability, what "
                    "it does (another player leads; an equity moves by more than "
                    "--threshold), its class (pairs the board, makes a flush or a straight "
                    "possible) and each player's equity by card class. The filters choose "
                    "the cards listed. Omaha beyond the exact limit samples matchups and "
                    "gives standard errors.")
    _common(p, "the flop or the turn, e.g. Jh9h2c (required)")
    p.add_argument("--threshold", type=_equity, default=0.1,
                   help="an equity 'moves' when it changes by more than this (default 0.1)")
    p.add_argument("--player", type=int, default=1,
                   help="whose equity sorts the cards, 1, 2, ... (default 1)")
    p.add_argument("--sort", choices=["equity", "delta", "weight", "card", "win", "tie"],
                   default="equity", help="what sorts the cards (default: equity)")
    p.add_argument("--ascending", action="store_true", help="smallest first")
    p.add_argument("--rank", help="only cards of this rank, e.g. A")
    p.add_argument("--suit", help="only cards of this suit: s, h, d or c")
    p.add_argument("--pairs-board", action="store_true", help="only cards that pair the board")
    p.add_argument("--flush", action="store_true", help="only cards that make a flush possible")
    p.add_argument("--straight", action="store_true",
                   help="only cards that make a straight possible with fewer hole cards")
    p.add_argument("--leader-changed", action="store_true",
                   help="only cards after which another player leads")
    p.add_argument("--moved", action="store_true",
                   help="only cards that move an equity by more than --threshold")
    p.add_argument("--grid", action="store_true",
                   help="on a flop, the turn x river grid: in --json as 'grid', in --csv "
                        "instead of the cards (a row per turn and river)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true",
                     help="Omaha: settle every matchup on every board, or an error naming the "
                          "sizes beyond 1 billion showdowns heads-up, 500 million with more "
                          "players (default: exact within those, else a sample of matchups)")
    how.add_argument("--samples", type=positive_int,
                     help="Omaha: sample this many matchups, each settled on every board "
                          "(with standard errors)")
    p.add_argument("--seed", type=seed, help="the sample's seed (default: a fresh one)")
    _formats(p, "print {players, board, next, equity_now, threshold, cards, by_class, grid, "
                "exact, samples, stderr_now} as JSON", "the (filtered) cards as CSV")
    p.set_defaults(run=_cmd_runouts)

    p = sub.add_parser(
        "distribution", help="a range's equity spread over its combos (or over the flops)",
        description="Each combo of one player's range with its equity against the others, "
                    "best first, as Flopzilla and GTO+ draw it: the share of the range with "
                    "at least 25/50/75/90%% equity, the equity of its best 10%%, 25%%, ..., "
                    "and the best and worst combos. --flops: the player's equity over every "
                    "flop of a preflop matchup instead.")
    _common(p, "the board, 0, 3, 4 or 5 cards (default: preflop)")
    p.add_argument("--player", type=int, default=1,
                   help="whose range, 1, 2, ... (default 1)")
    p.add_argument("--flops", action="store_true",
                   help="over the flops of the preflop matchup instead of the combos")
    p.add_argument("--top", type=positive_int, default=10,
                   help="best and worst rows to list (default 10)")
    p.add_argument("--plot", metavar="PNG", help="also draw the curve into this image file")
    _formats(p, "print {players, player, board, kind, exact, summary, rows} as JSON",
             "every row as CSV (combo or flop, weight, equity, cumulative)")
    p.set_defaults(run=_cmd_distribution)

    p = sub.add_parser(
        "classes", help="a range's equity by made hand and draw on a board",
        description="One player's range on a board split into made-hand classes (set, "
                    "overpair, top pair, ...) and draws, as 'pokerkeys hits' defines them: "
                    "per class its combos, weight, probability and equity against the other "
                    "players.")
    _common(p, "3, 4 or 5 board cards (required)")
    p.add_argument("--player", type=int, default=1,
                   help="whose range, 1, 2, ... (default 1)")
    _formats(p, "print {players, player, board, equity, exact, classes} as JSON",
             "the classes as CSV")
    p.set_defaults(run=_cmd_classes)

    p = sub.add_parser(
        "what-wins", help="the pot each player wins with each final hand",
        description="For each player, how often it ends with each class of hand (a category, "
                    "or with --by made a class such as overpair or set) and the share of the "
                    "pot it wins with it. Exact over every board (up to suit symmetry) when "
                    "that is quick, else a seeded sample of boards (Omaha with too many "
                    "matchups to list: a sample of matchups).")
    _common(p, "the known board, 0, 3 or 4 cards (default: preflop)")
    p.add_argument("--by", choices=["category", "made"], default="category",
                   help="classes: the nine categories (default) or made-hand classes")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true",
                     help="enumerate every board (an error beyond the exact limit)")
    how.add_argument("--samples", type=positive_int,
                     help="sample this many boards (Omaha with too many matchups to list: "
                          "this many matchups)")
    p.add_argument("--seed", type=seed, help="the sample's seed (default: a fresh one)")
    _formats(p, "print {players, board, by, exact, boards, samples, equity, rows} as JSON",
             "one row per player and class as CSV")
    p.set_defaults(run=_cmd_what_wins)
