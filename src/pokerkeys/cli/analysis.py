"""``pokerkeys hits`` and ``pokerkeys flops``, and the per-combo table of ``equity --combos``.

    pokerkeys hits RANGE BOARD [--game GAME] [--rules ORDER] [--json | --csv]
    pokerkeys flops HAND HAND [--game GAME] [--rules ORDER] [--dead CARDS]
                    [--top N] [--player N] [--paired | --unpaired]
                    [--suits rainbow|two-tone|monotone] [--connected | --disconnected]
                    [--high RANK] [--json | --csv] [--threads N] [--no-progress]
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, cast

from .common import (
    CliError,
    add_rules_option,
    check_rules,
    positive_int,
    print_answer,
    range_note,
    read_as_of,
    with_progress,
)

if TYPE_CHECKING:
    from ..analysis.flops import FlopReport
    from ..equity.result import ComboTable, EquityResult
    from .common import Subparsers

__all__ = ["OMAHA_GAMES", "add_parser", "combos_json", "omaha_equity_of_args",
           "omaha_read_as", "print_combos"]

#: The Omaha games of ``equity --game`` and ``hits --game``, with their hole cards (None for
#: ``omaha``: the known hands' size, 4 when no hand fixes it).
OMAHA_GAMES: dict[str, int | None] = {"omaha": None, "omaha5": 5, "omaha6": 6}


# ---------------------------------------------------------------------------- equity --combos
def _number(x: float) -> float | None:
    """A float for JSON; None for NaN (a Monte Carlo combo that was never dealt)."""
    value = float(x)
    return None if value != value else value


def _pct(x: float | None, width: int) -> str:
    return f"{'-':>{width + 1}}" if x is None else f"{100 * x:{width}.3f}%"


def _combo_rows(table: ComboTable) -> list[dict[str, Any]]:
    cols = table.columns()
    names = list(cols)
    return [{k: (cols[k][i] if k == "combo" else _number(cols[k][i])) for k in names}
            for i in range(len(cols["combo"]))]


def combos_json(result: EquityResult) -> list[dict[str, Any]]:
    """Each range player's per-combo results, as ``pokerkeys equity --combos --json`` prints.

    Parameters
    ----------
    result : EquityResult
        A result of ``pk.equity(..., per_combo=True)``.

    Returns
    -------
    list of dict
        One entry per player given as a range: ``player`` (1-based), ``label`` (the range
        as given) and ``combos``, a list of ``{combo, weight, share, equity, win, tie}``
        (and ``stderr`` for Monte Carlo; None for a combo Monte Carlo never dealt).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.cli.analysis import combos_json
    >>> result = pk.equity(["KK+", "AhKh"], board="Kd7c2s", per_combo=True)
    >>> entry = combos_json(result)[0]
    >>> entry["player"], entry["label"], entry["combos"][0]["combo"]
    (1, 'KK+', 'KsKc')
    >>> round(entry["combos"][0]["equity"], 6)
    0.99697
    """
    return [{"player": i + 1, "label": result.players[i], "combos": _combo_rows(t)}
            for i, t in enumerate(result.combo_tables or ()) if t is not None]


def print_combos(result: EquityResult) -> None:
    """Print each range player's combos as a table, best equity first.

    Parameters
    ----------
    result : EquityResult
        A result of ``pk.equity(..., per_combo=True)``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.cli.analysis import print_combos
    >>> print_combos(pk.equity(["KK+", "AhKh"], board="Kd7c2s", per_combo=True))
    <BLANKLINE>
    player 1 (KK+): 4 combos
    combo  weight    share   equity      win      tie
    KsKc        1  25.000%  99.697%  99.697%   0.000%
    AdAc        1  25.000%  91.414%  91.414%   0.000%
    AsAc        1  25.000%  91.414%  91.414%   0.000%
    AsAd        1  25.000%  91.414%  91.414%   0.000%
    """
    for entry in combos_json(result):
        rows = sorted(entry["combos"], key=lambda r: -(r["equity"] if r["equity"] is not None
                                                        else -1.0))
        print(f"\nplayer {entry['player']} ({entry['label']}): {len(rows)} combos")
        w = max([6, *(len(r["combo"]) for r in rows)])  # Omaha hands are 8-12 characters
        head = f"{'combo':<{w}} {'weight':>6} {'share':>8} {'equity':>8} {'win':>8} {'tie':>8}"
        if rows and "stderr" in rows[0]:
            head += f" {'± stderr':>9}"
        print(head)
        for r in rows:
            if r["equity"] is None:
                print(f"{r['combo']:<{w}} {r['weight']:6.3g}  never dealt")
                continue
            line = (f"{r['combo']:<{w}} {r['weight']:6.3g} {_pct(r['share'], 7)} "
                    f"{_pct(r['equity'], 7)} {_pct(r['win'], 7)} {_pct(r['tie'], 7)}")
            if "stderr" in r:
                line += f" {_pct(r['stderr'], 8)}"
            print(line)


# ---------------------------------------------------------------------------- Omaha equity
def omaha_read_as(hands: list[str], board: str | None, dead: str | None,
                  hole_cards: int | None) -> list[dict[str, Any]] | None:
    """How each Omaha player's text was read, as ``equity --game omaha`` reports it; None
    when no player is a range (then there is nothing to say).

    Parameters
    ----------
    hands : list of str
        The players as typed.
    board, dead : str or None
        The board and the dead cards.
    hole_cards : int or None
        Cards per hand (None: the known hands' size).

    Returns
    -------
    list of dict or None
        Per player ``{text, kind, combos, live_combos}`` (and ``weighted``,
        ``live_weighted`` for a weighted range), as ``read_as_of`` gives for hold'em.

    Raises
    ------
    ValueError
        The errors of ``pokerkeys.equity.omaha.omaha_players``.

    Examples
    --------
    >>> from pokerkeys.cli.analysis import omaha_read_as
    >>> omaha_read_as(["AsKsQdJd", "AA"], "Ah7d2c", None, None)[1]
    {'text': 'AA', 'kind': 'range', 'combos': 6961, 'live_combos': 903}
    """
    from ..equity.omaha import omaha_players

    setup = omaha_players(hands, board, dead, hole_cards)
    if not setup.has_ranges:
        return None
    out: list[dict[str, Any]] = []
    for text, p in zip(hands, setup.players, strict=True):
        entry: dict[str, Any] = {"text": text, "kind": p.kind, "combos": p.combos}
        if p.hands is not None and p.weights is not None:
            entry["live_combos"] = len(p.hands)
            if not bool((p.weights == 1).all()):
                entry["weighted"] = p.weighted
                entry["live_weighted"] = float(p.weights.sum())
        else:
            entry["live_combos"] = p.combos if p.kind == "random" else 1
        out.append(entry)
    return out


def omaha_equity_of_args(args: argparse.Namespace, exact: bool | None,
                         progress: Any) -> tuple[EquityResult, list[dict[str, Any]] | None]:
    """Run ``equity --game omaha|omaha5|omaha6``: the result and how each player was read.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed ``equity`` arguments.
    exact : bool or None
        From ``--exact`` and the stop rules.
    progress : callable or None
        The progress bar.

    Returns
    -------
    tuple
        The ``EquityResult`` and ``omaha_read_as``'s entries (None with no range player).

    Raises
    ------
    ValueError
        The errors of ``pokerkeys.omaha_equity``.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.analysis import omaha_equity_of_args
    >>> args = argparse.Namespace(hands=["AsKsQdJd", "AA:$ds"], board="Ts9s2d", dead=None,
    ...                           trials=None, stderr=None, time=None, seed=None,
    ...                           threads=None, game="omaha", combos=False)
    >>> result, read_as = omaha_equity_of_args(args, None, None)
    >>> result.equity.round(4).tolist(), read_as[1]["combos"]
    ([0.6886, 0.3114], 864)
    """
    from ..equity.omaha import omaha_equity

    hole = OMAHA_GAMES[args.game]
    result = omaha_equity(args.hands, board=args.board, dead=args.dead, hole_cards=hole,
                          exact=exact, trials=args.trials, target_stderr=args.stderr,
                          time_limit=args.time, seed=args.seed, threads=args.threads,
                          progress=progress, per_combo=args.combos)
    return result, omaha_read_as(args.hands, args.board, args.dead, hole)


# ---------------------------------------------------------------------------- hits
def _cmd_hits(args: argparse.Namespace) -> int:
    from ..analysis.hits import DRAWS, range_hits
    from ..analysis.omaha_hits import OMAHA_DRAWS, OMAHA_MADE, omaha_range_hits

    check_rules(args)
    game = args.game
    hits: Any
    made: tuple[str, ...]
    draws: tuple[str, ...]
    extra: dict[str, Any]
    if game in ("holdem", "shortdeck"):
        hits = range_hits(args.range, args.board, game=game, rules=args.rules)
        made, draws, extra = hits.order, DRAWS, {}
    else:
        hits = omaha_range_hits(args.range, args.board, OMAHA_GAMES[game] or 4)
        made, draws = OMAHA_MADE, OMAHA_DRAWS
        extra = {"outs": {str(n): e for n, e in hits.outs.items()}}
    return print_answer(
        args, lambda: print(hits),
        data=lambda: {"board": args.board, "total": hits.total,
                      "made": {k: hits[k] for k in made},
                      "draws": {k: hits[k] for k in draws}, **extra},
        rows=lambda: [{"category": name, "kind": "made" if name in made else "draw",
                       "combos": entry["combos"], "share": entry["share"]}
                      for name, entry in hits.items()],
        empty=("category", "kind", "combos", "share"))


# ---------------------------------------------------------------------------- flops
def _flop_line(report: FlopReport, i: int) -> str:
    eq = "  ".join(f"{100 * e:7.3f}%" for e in report.equity[i])
    return f"{report.names[i]:<8} {100 * report.weight[i]:8.4f}%  {eq}"


def _cmd_flops(args: argparse.Namespace) -> int:
    from ..analysis.flops import MAX_PLAYERS, flops

    # This command's own limit, said before the equity engine's wider one (2 to 10) can be.
    if not 2 <= len(args.hands) <= MAX_PLAYERS:
        raise CliError(f"flops takes 2 to {MAX_PLAYERS} players, not {len(args.hands)}")
    if not 1 <= args.player <= len(args.hands):
        raise CliError(f"--player is a player number 1..{len(args.hands)}, not {args.player}")
    check_rules(args)
    report = with_progress(args, "boards", lambda progress: flops(
        args.hands, dead=args.dead, game=args.game, rules=args.rules, threads=args.threads,
        progress=progress))
    # How a text was read counts hold'em combos in the 52-card deck: said for hold'em only.
    read_as = read_as_of(args.hands, dead=args.dead) if args.game == "holdem" else []
    paired = True if args.paired else (False if args.unpaired else None)
    connected = True if args.connected else (False if args.disconnected else None)
    chosen = report.filter(paired=paired, suits=args.suits, connected=connected,
                           high=args.high).sort("equity", player=args.player - 1)
    return print_answer(
        args, lambda: _print_flops(args, report, chosen, read_as),
        data=lambda: {"players": list(report.players), "read_as": read_as,
                      "equity": report.overall().tolist(), "by_texture": report.by_texture(),
                      "flops": chosen.records()},
        rows=chosen.records, empty=("flop",))


def _print_flops(args: argparse.Namespace, report: FlopReport, chosen: FlopReport,
                 read_as: list[dict[str, Any]]) -> None:
    for i, entry in enumerate(read_as):
        if entry["kind"] == "range":
            print(range_note(i, entry))
    players = "  ".join(f"{p[:8]:>8}" for p in report.players)
    overall = zip(report.players, report.overall(), strict=True)
    print(f"{len(report):,} flop classes in {report.elapsed:.2f} s; equity over all flops: "
          + ", ".join(f"{p} {100 * e:.3f}%" for p, e in overall))
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
        # by_texture's rows are typed as dict[str, object]: these two fields are numbers
        equity = cast("list[float]", row["equity"])
        weight = cast(float, row["weight"])
        eq = "  ".join(f"{100 * e:7.3f}%" for e in equity)
        print(f"{row['texture']:<13} {row['flops']:>6} {100 * weight:8.3f}%  {eq}")


def add_parser(sub: Subparsers) -> None:
    """Register ``hits`` and ``flops`` on the main parser's subcommands.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        What ``ArgumentParser.add_subparsers`` returned.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.analysis import add_parser
    >>> parser = argparse.ArgumentParser(prog="pokerkeys")
    >>> add_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["flops", "AA", "KK", "--suits", "monotone"])
    >>> args.hands, args.suits, args.top
    (['AA', 'KK'], 'monotone', 10)
    """
    p = sub.add_parser(
        "hits", help="what a range hits on a board (made hands and draws)",
        description="How many of a range's combos make each hand on a board (straight flush "
                    "down to high card) and each draw (flush draws, straight draws, ...), "
                    "and their share of the range.")
    p.add_argument("range", help="a range, e.g. 'QQ+,AKs' or 'random' (Omaha: 'AA:$ds, JT98')")
    p.add_argument("board", help="3, 4 or 5 board cards, e.g. Ah7d2c")
    p.add_argument("--game", choices=["holdem", "shortdeck", *OMAHA_GAMES], default="holdem",
                   help="holdem (default); shortdeck: six-plus hold'em, cards 6 through A, made "
                        "hands in its order and draws counted in its 36 cards; or omaha, "
                        "omaha5, omaha6: an Omaha range (4, 5 or 6 cards, ProPokerTools' generic "
                        "syntax) with Omaha's made hands and draws (flush and nut flush draws, "
                        "gutshots, open-enders and wraps with their straight outs)")
    add_rules_option(p)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true",
                     help="print {board, total, made, draws} as JSON (Omaha: and outs)")
    fmt.add_argument("--csv", action="store_true", help="CSV: category, kind, combos, share")
    p.set_defaults(run=_cmd_hits)

    p = sub.add_parser(
        "flops", help="exact equity of 2-6 players on every flop",
        description="Enumerate every flop (up to suit symmetry) for 2 to 6 hands or ranges: "
                    "each player's exact equity on each flop, the best and worst flops for "
                    "one player, and equity by flop texture (paired, suits, connectedness). "
                    "The filters choose the flops listed.")
    p.add_argument("hands", nargs="+",
                   help="2-6 hands or ranges, e.g. AA KK (Omaha: AsKsQdJd 'AAKK:$ds')")
    p.add_argument("--game", choices=["holdem", "shortdeck", *OMAHA_GAMES], default="holdem",
                   help="holdem (default); shortdeck: six-plus hold'em, the 7,140 flops of "
                        "its 36 cards; or omaha, omaha5, omaha6: Omaha hands or ranges of 4, "
                        "5 or 6 cards, every matchup ranked on every board (hands and ranges "
                        "of up to some hundreds of hands)")
    add_rules_option(p)
    p.add_argument("--dead", "-d", help="cards out of the deck (default: none)")
    p.add_argument("--top", type=positive_int, default=10,
                   help="best and worst flops to list (default 10)")
    p.add_argument("--player", type=int, default=1,
                   help="whose equity sorts the flops, 1, 2, ... (default 1)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--paired", action="store_true", help="only paired flops")
    g.add_argument("--unpaired", action="store_true", help="only unpaired flops")
    p.add_argument("--suits", choices=["rainbow", "two-tone", "monotone"],
                   help="only flops with this suit pattern (default: all)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--connected", action="store_true",
                   help="only connected flops (three ranks within five)")
    g.add_argument("--disconnected", action="store_true", help="only other flops")
    p.add_argument("--high", help="only flops with this highest rank, e.g. A (default: all)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true",
                     help="print {players, equity, by_texture, flops} as JSON")
    fmt.add_argument("--csv", action="store_true", help="every (filtered) flop as CSV")
    p.add_argument("--threads", type=positive_int,
                   help="threads to use (default: all the machine has)")
    p.add_argument("--no-progress", action="store_true",
                   help="never draw a progress bar (default: drawn on a terminal once a run "
                        "passes one second)")
    p.set_defaults(run=_cmd_flops)
