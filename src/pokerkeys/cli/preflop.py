"""``pokerkeys preflop ...``: the command line of the 169 starting-hand classes and the
preflop tables.

    pokerkeys preflop equity [CLASS ...] [--opponents N] [--rank] [--plot out.png] [--json]
    pokerkeys preflop equity --game shortdeck [--rules R] [CLASS ...] [--opponents N] [--rank]
    pokerkeys preflop distribution CLASS [--plot out.png] [--json]
    pokerkeys preflop matrix [--out matrix.npy] [--restart] [--threads N] [--plot out.png]
    pokerkeys preflop matchups [CLASS CLASS] [--game shortdeck [--rules R]] [--json]

Bad input (an unknown class, an opponent count outside 1..9) is one line
``pokerkeys preflop equity: error: ...`` and exit code 2, like every other command; ``--plot``
without matplotlib is such an error before anything is computed or printed.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .common import add_rules_option, check_rules, require_plot

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .common import Subparsers

__all__ = ["add_parser"]


def _opponents(text: str) -> int:
    from ..preflop.shipped import MAX_OPPONENTS, check_opponents

    try:
        return check_opponents(int(str(text).strip()))
    except ValueError:
        raise ValueError(f"--opponents must be an integer from 1 to {MAX_OPPONENTS}, "
                         f"not {text!r}") from None


def _threads(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError(f"--threads must be a positive integer, not {text!r}")
    return value


def _plot(kind: str, path: str, *args: object, **kwargs: object) -> None:
    from ..preflop import plots

    try:
        getattr(plots, kind)(*args, path=path, **kwargs)
    except ImportError as exc:
        raise ValueError(str(exc)) from None
    except OSError as exc:
        raise ValueError(f"cannot write the plot to {path}: {exc.strerror or exc}") from None
    print(f"plot written to {path}", file=sys.stderr)


def _grid_text(values: Sequence[float] | npt.NDArray[np.number[Any]], fmt: str,
               names: Sequence[str] | None = None) -> str:
    """The values in a square grid of class cells (Hold'em's 13 x 13 unless ``names``)."""
    from ..core.classes import CLASS_NAMES

    names = CLASS_NAMES if names is None else names
    size = round(len(names) ** 0.5)
    cells = [f"{name:<3} {fmt.format(v)}" for name, v in zip(names, values, strict=True)]
    width = max(len(c) for c in cells)
    return "\n".join(" ".join(c.ljust(width) for c in cells[size * r:size * r + size]).rstrip()
                     for r in range(size))


def _cmd_equity_shortdeck(args: argparse.Namespace) -> int:
    """``preflop equity --game shortdeck``: the 81 classes against 1..5 random hands."""
    import numpy as np

    from ..preflop import shortdeck as sd

    require_plot(args.plot)  # before any work or output
    try:
        n = int(str(args.opponents).strip())
    except ValueError:
        n = 0
    if not 1 <= n <= sd.MAX_OPPONENTS:
        raise ValueError(f"--opponents must be an integer from 1 to {sd.MAX_OPPONENTS} in "
                         f"short deck, not {args.opponents!r}")
    table = sd.equity_vs_opponents(rules=args.rules)
    stderr = sd.equity_vs_opponents_stderr(rules=args.rules)
    ranks = np.stack([sd.class_ranks(k, rules=args.rules)  # 1 = best
                      for k in range(1, sd.MAX_OPPONENTS + 1)], axis=1)
    rules = args.rules or "trips-beat-straight"
    if args.classes:
        rows = {name: {"equity": table[k].tolist(), "stderr": stderr[k].tolist(),
                       "rank": ranks[k].tolist()}
                for name, k in ((sd.CLASS_NAMES[sd.class_index(c)], sd.class_index(c))
                                for c in args.classes)}
        if args.json:
            print(json.dumps(rows, indent=2))
            return 0
        print(f"short deck ({rules}): equity against 1..5 random hands (1: exact; 2-5: "
              f"Monte Carlo, stderr <= 0.05%)")
        print("class " + "".join(f"{k:>8}" for k in range(1, sd.MAX_OPPONENTS + 1)))
        for name, row in rows.items():
            print(f"{name:<6}" + "".join(f"{100 * e:>7.2f}%" for e in row["equity"]))
        return 0
    if args.json:
        print(json.dumps({"game": "shortdeck", "rules": rules, "opponents": n, "classes": {
            name: {"equity": float(table[k, n - 1]), "stderr": float(stderr[k, n - 1]),
                   "rank": int(ranks[k, n - 1])} for k, name in enumerate(sd.CLASS_NAMES)}},
            indent=2))
        return 0
    what = "rank (1 = best) by equity" if args.rank else "equity (%)"
    exact = "exact" if n == 1 else "Monte Carlo, stderr <= 0.05%"
    print(f"short deck ({rules}): {what} against {n} random hand{'s' if n > 1 else ''} "
          f"({exact})")
    print(_grid_text(ranks[:, n - 1], "{:>2d}", sd.CLASS_NAMES) if args.rank
          else _grid_text(100 * table[:, n - 1], "{:4.1f}", sd.CLASS_NAMES))
    if args.plot and args.rank:
        _plot("class_grid", args.plot, ranks[:, n - 1], fmt="{:.0f}", reverse=True,
              label="rank (1 = best)", title=f"Short deck starting-hand ranks by equity "
              f"against {n} random hand{'s' if n > 1 else ''}\n({rules})")
    elif args.plot:
        _plot("equity_grid", args.plot, n, game="shortdeck", rules=rules)
    return 0


def _cmd_equity(args: argparse.Namespace) -> int:
    from .. import preflop

    check_rules(args)
    if args.game == "shortdeck":
        return _cmd_equity_shortdeck(args)
    require_plot(args.plot)  # before any work or output
    n = _opponents(args.opponents)
    if args.classes:
        names = [preflop.normalize_class_name(c) for c in args.classes]
        table = preflop.equity_vs_opponents()
        stderr = preflop.equity_vs_opponents_stderr()
        rows = {name: {"equity": table[preflop.class_index(name)].tolist(),
                       "stderr": stderr[preflop.class_index(name)].tolist(),
                       "rank": [int(preflop.class_ranks(k)[preflop.class_index(name)])
                                for k in range(1, preflop.MAX_OPPONENTS + 1)]}
                for name in names}
        if args.json:
            print(json.dumps(rows, indent=2))
        else:
            print("equity against 1..9 random hands (1: exact; 2-9: Monte Carlo, "
                  "stderr <= 0.05%)")
            print("class " + "".join(f"{k:>8}" for k in range(1, preflop.MAX_OPPONENTS + 1)))
            for name, row in rows.items():
                print(f"{name:<6}" + "".join(f"{100 * e:>7.2f}%" for e in row["equity"]))
        if args.plot:
            _plot("equity_grid", args.plot, n)
        return 0
    equity = preflop.equity_vs_opponents(n)
    ranks = preflop.class_ranks(n)
    if args.json:
        print(json.dumps({"opponents": n, "classes": {
            name: {"equity": float(e), "stderr": float(s), "rank": int(r)}
            for name, e, s, r in zip(preflop.CLASS_NAMES, equity,
                                     preflop.equity_vs_opponents_stderr(n), ranks, strict=True)}},
            indent=2))
    else:
        what = "rank (1 = best) by equity" if args.rank else "equity (%)"
        exact = "exact" if n == 1 else "Monte Carlo, stderr <= 0.05%"
        print(f"{what} against {n} random hand{'s' if n > 1 else ''} ({exact})")
        print(_grid_text(ranks, "{:>3d}") if args.rank else _grid_text(100 * equity,
                                                                          "{:4.1f}"))
    if args.plot:
        _plot("rank_grid" if args.rank else "equity_grid", args.plot, n)
    return 0


def _cmd_distribution(args: argparse.Namespace) -> int:
    from ..preflop import rank_distribution, shortdeck

    check_rules(args)
    require_plot(args.plot)  # before any work or output
    if args.game == "shortdeck":
        dist = shortdeck.rank_distribution(args.name, rules=args.rules)
    else:
        dist = rank_distribution(args.name)
    if args.json:
        print(json.dumps(dist.to_dict(), indent=2))
    else:
        print(dist)
    if args.plot:
        _plot("rank_distribution", args.plot, dist.name, game=args.game, rules=args.rules)
    return 0


def _print_pairs(matrix: npt.NDArray[np.float64], names: Sequence[str],
                 pairs: Sequence[tuple[str, str]]) -> None:
    for a, b in pairs:
        print(f"  {a:>4} vs {b:<4} {100 * matrix[names.index(a), names.index(b)]:8.4f}%")


def _cmd_matrix_shortdeck(args: argparse.Namespace) -> int:
    """``preflop matrix --game shortdeck``: the shipped 81 x 81 matrix of a rule order."""
    from ..preflop import shortdeck as sd

    if args.out is not None or args.restart:
        raise ValueError("--out and --restart compute Hold'em's matrix; short deck's is "
                         "rebuilt by `python scripts/build_preflop.py --game shortdeck`")
    rules = args.rules or "trips-beat-straight"
    matrix = sd.heads_up_equity(rules=rules)
    names = sd.CLASS_NAMES
    if args.json:
        print(json.dumps({"game": "shortdeck", "rules": rules, "classes": list(names),
                          "equity": matrix.tolist()}))
    else:
        print(f"81 x 81 short-deck heads-up equity matrix ({rules}), every pair of combos "
              f"over its 201,376 boards (shipped table, exact)")
        _print_pairs(matrix, names, [("AA", "KK"), ("AKs", "QQ"), ("AKo", "QQ"),
                                     ("AKo", "66"), ("JTs", "66"), ("76o", "AA")])
    if args.plot:
        _plot("heads_up_matrix", args.plot, matrix, game="shortdeck", rules=rules)
    return 0


def _cmd_matrix(args: argparse.Namespace) -> int:
    from .. import preflop
    from ..preflop.exact import matchups_path
    from .common import progress_bar

    check_rules(args)
    require_plot(args.plot)  # before any work or output
    if args.game == "shortdeck":
        return _cmd_matrix_shortdeck(args)
    threads = _threads(args.threads)
    if args.out is None:
        if args.restart:
            raise ValueError("--restart needs --out (only a run writing a file can resume)")
        matrix = preflop.heads_up_equity()
        source = "shipped table (exact); compute it afresh with --out FILE"
        elapsed = None
    else:
        out = Path(args.out)
        # Checked here, so that the message names the user's path, not a temporary file.
        if out.is_dir():
            raise ValueError(f"--out {out} is a folder; give a file name, like {out / 'hu.npy'}")
        if not out.parent.is_dir():
            raise ValueError(f"--out {out}: no such folder {out.parent}")
        show = not (args.json or args.no_progress) and sys.stderr.isatty()
        progress = progress_bar("boards") if show else None
        try:
            result = preflop.heads_up_matrix(args.out, threads=threads, progress=progress,
                                             resume=not args.restart,
                                             max_boards=args.max_boards)
        except KeyboardInterrupt as exc:
            print(f"pokerkeys: interrupted ({exc}); run the same command again to resume",
                  file=sys.stderr)
            return 130
        finally:
            if progress is not None:
                progress.close()
        matrix = result.equity
        elapsed = result.elapsed
        source = (f"computed exactly in {elapsed:.1f} s; written to {args.out} and "
                  f"{matchups_path(Path(args.out))}")
        if args.max_boards is not None:
            source += f" (reduced problem: the first {args.max_boards} canonical boards only)"
    names = preflop.CLASS_NAMES
    if args.json:
        print(json.dumps({"classes": list(names), "equity": matrix.tolist(),
                          "elapsed": elapsed, "matchups": preflop.count_matchups()}))
    else:
        print(f"169 x 169 heads-up equity matrix over {preflop.count_matchups():,} "
              f"suit-distinct matchups x {preflop.BOARDS_PER_MATCHUP:,} boards")
        print(source)
        _print_pairs(matrix, names, [("AA", "KK"), ("AKs", "QQ"), ("AKo", "QQ"),
                                     ("AKo", "22"), ("JTs", "22"), ("72o", "AA")])
    if args.plot:
        _plot("heads_up_matrix", args.plot, matrix)
    return 0


def _cmd_matchups(args: argparse.Namespace) -> int:
    from .. import preflop

    check_rules(args)
    short = args.game == "shortdeck"
    if not args.classes:
        count = preflop.shortdeck.count_matchups if short else preflop.count_matchups
        counts = {c: count(c) for c in preflop.MATCHUP_CONVENTIONS}
        if args.json:
            print(json.dumps(counts, indent=2))
        else:
            deck = " of the 36-card short deck" if short else ""
            print(f"suit-distinct heads-up matchups{deck}: {counts['strict']:,} (strict: "
                  f"unordered, up to suit permutations)")
            print(f"  ordered pairs of hands:           {counts['ordered']:,}")
            print(f"  same class, ordered:              {counts['same-class-ordered']:,} "
                  f"(two hands of the same class taken in order)")
        return 0
    if len(args.classes) != 2:
        raise ValueError(f"give two classes (e.g. AKs QQ), not {len(args.classes)}")
    from ..preflop.breakdown import class_equity as weighted_equity
    from ..preflop.breakdown import suit_breakdown
    a, b, rows = suit_breakdown(*args.classes, game=args.game, rules=args.rules)
    out: list[dict[str, Any]] = [
        {"hand1": r.hand1, "hand2": r.hand2, "weight": r.weight, "wins": r.wins,
         "ties": r.ties, "losses": r.losses, "equity": r.equity} for r in rows]
    total_w = sum(r.weight for r in rows)
    class_equity = weighted_equity(rows)
    rules = args.rules or "trips-beat-straight"
    if args.json:
        head: dict[str, Any] = {"game": "shortdeck", "rules": rules} if short else {}
        print(json.dumps({**head, "class1": a, "class2": b, "equity": class_equity,
                          "matchups": out}, indent=2))
        return 0
    game = f" (short deck, {rules})" if short else ""
    print(f"{a} vs {b}{game}: {len(out)} suit-distinct matchups, {int(total_w)} combo pairs, "
          f"equity {100 * class_equity:.4f}%")
    print(f"{'hand 1':<8}{'hand 2':<8}{'weight':>7}{'wins':>10}{'ties':>9}{'losses':>10}"
          f"{'equity':>10}")
    for r in out:
        print(f"{r['hand1']:<8}{r['hand2']:<8}{r['weight']:>7}{r['wins']:>10}{r['ties']:>9}"
              f"{r['losses']:>10}{100 * r['equity']:>9.4f}%")
    return 0


def _add_game_options(q: argparse.ArgumentParser, shortdeck: str) -> None:
    """``--game`` and ``--rules``; ``shortdeck`` says what the command does in short deck."""
    q.add_argument("--game", choices=["holdem", "shortdeck"], default="holdem",
                   help=f"holdem (default) or shortdeck: {shortdeck}")
    add_rules_option(q)


def add_parser(sub: Subparsers) -> None:
    """Register ``preflop`` and its subcommands on the main parser's subcommands.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        What ``ArgumentParser.add_subparsers`` returned.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.preflop import add_parser
    >>> parser = argparse.ArgumentParser(prog="pokerkeys")
    >>> add_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["preflop", "equity", "AKs", "QQ", "-n", "3"])
    >>> args.preflop_command, args.classes, args.opponents
    ('equity', ['AKs', 'QQ'], '3')
    """
    p = sub.add_parser(
        "preflop", help="starting-hand classes: equity tables, rank distributions, the exact "
                        "heads-up matrix",
        description="The 169 starting-hand classes (AA, AKs, AKo, ..., 22): their shipped "
                    "equity against 1 to 9 random hands, the exact distribution of each "
                    "class's best hand, the exact 169 x 169 heads-up matrix, and the "
                    "suit-distinct matchups of two classes.")
    psub = p.add_subparsers(dest="preflop_command", required=True, metavar="SUBCOMMAND",
                            title="subcommands")

    q = psub.add_parser(
        "equity", help="equity of the 169 classes against 1..9 random hands",
        description="The shipped table of each class's all-in equity against 1 to 9 random "
                    "hands (heads-up exact, the rest Monte Carlo with standard errors of at "
                    "most 0.05 percentage points): the 13 x 13 grid for one number of "
                    "opponents, or the named classes against 1 to 9.")
    q.add_argument("classes", nargs="*", help="classes to show against 1..9 opponents "
                                              "(default: the whole 13x13 grid)")
    q.add_argument("--opponents", "-n", default="1",
                   help="random opponents of the grid, 1..9 (default 1)")
    q.add_argument("--rank", action="store_true",
                   help="show each class's rank by equity (1 = best) instead of its equity")
    q.add_argument("--plot", metavar="PNG",
                   help="also draw the grid to this image file (needs matplotlib)")
    q.add_argument("--json", action="store_true",
                   help="print equity, standard error and rank per class as JSON")
    _add_game_options(q, "the 81 classes of the 36-card deck in a 9 x 9 grid, against 1..5 "
                         "random hands")
    q.set_defaults(run=_cmd_equity)

    q = psub.add_parser(
        "distribution", help="exact distribution of a class's best 7-card rank over all "
                             "2,118,760 boards",
        description="For one hand of a class, how often its best 7-card hand falls in each "
                    "category over all 2,118,760 boards, beside the same for all hands, and "
                    "its mean rank (1 worst .. 7462 best). Exact; about a second.")
    q.add_argument("name", help="a class: AA, AKs, T9o, ...")
    q.add_argument("--plot", metavar="PNG",
                   help="also draw it, by rank and by category, to this image file (needs "
                        "matplotlib)")
    q.add_argument("--json", action="store_true",
                   help="print the distribution (by category and by rank) as JSON")
    _add_game_options(q, "a short-deck class over its 278,256 boards, ranks 1..1404")
    q.set_defaults(run=_cmd_distribution)

    q = psub.add_parser(
        "matrix", help="the exact 169x169 heads-up equity matrix",
        description="The exact equity of every class against every class heads-up, from the "
                    "shipped table, or computed afresh with --out (every suit-distinct "
                    "matchup enumerated over all boards; an interrupted run resumes).")
    q.add_argument("--out", "-o", metavar="NPY",
                   help="compute it afresh (seconds) and write it here as .npy, with the "
                        "47,008 matchups' counts beside it; an interrupted run resumes "
                        "(default: show the shipped table)")
    q.add_argument("--restart", action="store_true",
                   help="with --out: ignore a partial run instead of resuming it")
    q.add_argument("--threads", help="threads to use (default: all the machine has)")
    q.add_argument("--plot", metavar="PNG",
                   help="also draw the matrix as a heat map to this image file (needs "
                        "matplotlib)")
    q.add_argument("--json", action="store_true",
                   help="print the classes and the 169 x 169 matrix as JSON")
    q.add_argument("--no-progress", action="store_true",
                   help="never draw a progress bar (default: drawn on a terminal once a run "
                        "passes one second)")
    _add_game_options(q, "the shipped exact 81 x 81 matrix of the 36-card deck")
    # Tests only: a reduced problem (the first N suit-canonical boards), see heads_up_matrix.
    q.add_argument("--max-boards", type=int, help=argparse.SUPPRESS)
    q.set_defaults(run=_cmd_matrix)

    q = psub.add_parser(
        "matchups", help="count suit-distinct matchups, or list those of two classes with "
                         "exact counts",
        description="Without classes: the number of suit-distinct heads-up matchups under "
                    "each way of counting them. With two classes: each suit-distinct matchup "
                    "of the two, its weight (combo pairs) and its exact wins, ties, losses "
                    "and equity over all boards.")
    q.add_argument("classes", nargs="*", help="two classes, e.g. AKs QQ (default: none, "
                                              "count the matchups)")
    q.add_argument("--json", action="store_true", help="print the same as JSON")
    _add_game_options(q, "the matchups of the 36-card deck (10,215 strict), each over its "
                         "201,376 boards")
    q.set_defaults(run=_cmd_matchups)
