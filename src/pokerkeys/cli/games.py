"""Command-line subcommands for showdowns, other games and statistics: ``winners``, ``best``,
``draw``, ``stats`` and ``first``.

``pokerkeys.cli.main.build_parser`` calls ``add_parser``; errors surface as
``ValueError``/``CliError``, which ``pokerkeys.cli.main.main`` prints as one line
``pokerkeys best: error: ...`` with exit code 2.
"""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from .common import (
    RULE_ORDERS,
    CliError,
    add_rules_option,
    check_rules,
    positive_int,
    print_answer,
    require_plot,
    seed,
)

if TYPE_CHECKING:
    from ..core.best import BestHand
    from ..core.shortdeck import Game
    from .common import Subparsers

__all__ = ["add_parser"]


def _read_source(path: str) -> list[str]:
    if path == "-":
        return sys.stdin.read().splitlines()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"cannot read {path}: not a UTF-8 text file") from None


# ---------------------------------------------------------------------------- winners
def _cmd_winners(args: argparse.Namespace) -> int:
    from ..core.cards import format_cards
    from ..games.hands import best_hand, short_hand_value, winners
    from ..games.showdown import detect_format, euler54, read_showdowns

    check_rules(args)
    short_deck = args.game == "shortdeck"
    lines = _read_source(args.file)
    fmt = detect_format(lines) if args.format == "auto" else args.format
    if fmt == "euler54" and short_deck:
        raise CliError("--game shortdeck reads named showdowns (Name, card, card, ...), "
                       "not the euler54 format")
    if fmt == "euler54":
        result = euler54(lines)

        def euler_text() -> None:
            print(f"player 1 wins {result.player1:,}")
            print(f"player 2 wins {result.player2:,}")
            print(f"ties          {result.ties:,}")

        return print_answer(args, euler_text, data=lambda: {
            "player1": result.player1, "player2": result.player2, "ties": result.ties,
            "hands": result.hands})
    showdowns = read_showdowns(lines)
    game: Game = "shortdeck" if short_deck else "holdem"
    try:
        # Short deck ranks on its own scale: the winners are found again on it.
        won = [[s.names[i] for i in winners(s.hands, game=game, rules=args.rules)]
               if short_deck else list(s.winners) for s in showdowns]
    except ValueError as exc:
        raise CliError(str(exc)) from exc

    def showdown_data() -> list[dict[str, Any]]:
        out = []
        for s, names in zip(showdowns, won, strict=True):
            players = []
            for name, ids in zip(s.names, s.hands, strict=True):
                entry: dict[str, Any] = {"name": name, "cards": format_cards(ids)}
                if len(ids) >= 5:
                    hand = best_hand(ids, game=game, rules=args.rules)
                    entry.update(rank=hand.rank, hand=hand.describe(),
                                 best_five=format_cards(hand.cards))
                else:
                    entry["value"] = list(short_hand_value(ids))
                players.append(entry)
            out.append({"players": players, "winners": names})
        return out

    def winners_text() -> None:
        for names in won:
            print(", ".join(names))

    return print_answer(args, winners_text, data=showdown_data)


# ---------------------------------------------------------------------------- best hand
def _cmd_best(args: argparse.Namespace) -> int:
    from ..core.cards import format_cards
    from ..equity.omaha import omaha_hand
    from ..games.hands import best_hand, holdem_hand, three_d_hand
    from ..games.wild import WildHand, has_jokers, wild_hand

    check_rules(args)
    game = args.game
    if game is None:
        game = "holdem" if args.board else "any"
    hand: BestHand
    if game == "shortdeck":
        cards = args.cards + (" " + args.board if args.board else "")
        try:
            hand = best_hand(cards, game="shortdeck", rules=args.rules)
        except ValueError as exc:
            raise CliError(str(exc)) from exc
    elif has_jokers(args.cards):
        if args.board:
            raise CliError("wild cards are supported in a hand of 5-7 cards without a board")
        hand = wild_hand(args.cards, max_jokers=args.max_jokers)
    elif game == "any":
        cards = args.cards + (" " + args.board if args.board else "")
        hand = best_hand(cards)
    elif not args.board:
        raise CliError(f"{game} needs the board: pokerkeys best HOLE BOARD --game {game}")
    elif game == "holdem":
        hand = holdem_hand(args.cards, args.board)
    elif game == "omaha":
        hand = omaha_hand(args.cards, args.board)
    else:
        hand = three_d_hand(args.cards, args.board)
    info: dict[str, Any] = {"rank": hand.rank, "category": hand.label,
                            "description": hand.describe(), "best_five": format_cards(hand.cards)}
    subs = hand.substitutions() if isinstance(hand, WildHand) else ""
    if subs:
        info["jokers"] = subs
    return print_answer(args, lambda: print(
        f"{info['best_five']}  {info['description']}  (rank {hand.rank})"
        + (f"  jokers: {subs}" if subs else "")), data=lambda: info)


# ---------------------------------------------------------------------------- draw
def _cmd_draw(args: argparse.Namespace) -> int:
    from ..core.cards import format_cards
    from ..games.draw import best_discard

    decision = best_discard(args.hand, max_discards=args.max_discards, method=args.method)
    return print_answer(args, lambda: print(decision if args.all else decision.best),
                        data=lambda: {
        "hand": format_cards(decision.hand), "discard": format_cards(decision.discard),
        "win_probability": decision.win_probability,
        "options": [{"discard": format_cards(o.discard), "win_probability": o.win_probability}
                    for o in decision.options]})


# ---------------------------------------------------------------------------- stats
def _cmd_stats(args: argparse.Namespace) -> int:
    from ..core.best import CATEGORY_NAMES
    from ..games.game_stats import EXACT_GAMES, canonical_game, format_games_table, game_stats

    games = [canonical_game(g) for g in args.games] or \
        ["deal", "draw", "joker", "texas", "omaha", "threed"]
    results = []
    for g in games:
        if g not in EXACT_GAMES or (args.simulate and g in ("deal", "draw")):
            results.append(game_stats(g, exact=False, trials=args.trials, seed=args.seed,
                                      threads=args.threads))
        else:
            short = g in ("shortdeck5", "shortdeck")
            results.append(game_stats(g, exact=True, threads=args.threads,
                                      rules=args.rules if short else None))

    def stats_text() -> None:
        if len(results) == 1 or args.detail:
            print("\n\n".join(str(r) for r in results))
        else:
            print(format_games_table(results))
            for r in results:
                print(f"  {r.game}: {r.what} ({r.elapsed:.2f} s)")

    return print_answer(args, stats_text, data=lambda: [
        {"game": r.game, "exact": r.exact, "total": r.total, "what": r.what,
         "counts": r.as_dict(),
         "probabilities": {CATEGORY_NAMES[c]: float(r.probabilities[c]) for c in range(10, 0, -1)},
         "stderr": {CATEGORY_NAMES[c]: float(r.stderr[c]) for c in range(10, 0, -1)},
         "seconds": round(r.elapsed, 3)} for r in results])


def _cmd_first(args: argparse.Namespace) -> int:
    from ..games.game_stats import FIRST_CATEGORIES, plot_what_comes_first, what_comes_first

    require_plot(args.plot)  # before the decks are dealt
    result = what_comes_first(args.trials, seed=args.seed, threads=args.threads)
    if args.plot:
        try:
            plot_what_comes_first(result, args.plot)
        except ImportError as exc:
            raise CliError(str(exc)) from None
        except OSError as exc:
            raise CliError(f"cannot write {args.plot}: {exc.strerror}") from None
    from ..core.best import CATEGORY_NAMES

    def first_text() -> None:
        print(result)
        if args.plot:
            print(f"plot written to {args.plot}")

    return print_answer(args, first_text, data=lambda: {
        "trials": result.trials,
        "mean_cards": {CATEGORY_NAMES[c]: result.mean(c) for c in FIRST_CATEGORIES},
        "stderr": {CATEGORY_NAMES[c]: result.stderr(c) for c in FIRST_CATEGORIES},
        "straight_first": result.straight_first, "flush_first": result.flush_first,
        "same_card": result.same_card})


def add_parser(sub: Subparsers) -> None:
    """Register ``winners``, ``best``, ``draw``, ``stats`` and ``first`` on the main parser.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        What ``ArgumentParser.add_subparsers`` returned.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.games import add_parser
    >>> parser = argparse.ArgumentParser(prog="pokerkeys")
    >>> add_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["best", "As 7d", "6d 5d 4d Kc 2s"])
    >>> args.cards, args.board, args.game
    ('As 7d', '6d 5d 4d Kc 2s', None)
    """
    p = sub.add_parser("winners", help="winners of showdowns in a file (or stdin)",
                       description="Lines 'Name, card, card, ...' (a blank line starts the next "
                                   "showdown; prints the winners, all of them on a tie), or "
                                   "Project Euler 54 lines of ten cards (prints how often each "
                                   "player wins).")
    p.add_argument("file", nargs="?", default="-",
                   help="input file (default '-': standard input)")
    p.add_argument("--format", choices=["auto", "named", "euler54"], default="auto",
                   help="input format (default auto: detected from the first line)")
    p.add_argument("--game", choices=["holdem", "shortdeck"], default="holdem",
                   help="the ranking: holdem (default) or shortdeck (six through ace, a flush "
                        "beats a full house; named showdowns only)")
    add_rules_option(p)
    p.add_argument("--json", action="store_true",
                   help="print each showdown's players (cards, rank, hand, best five) and "
                        "winners as JSON")
    p.set_defaults(run=_cmd_winners)

    p = sub.add_parser("best", help="best hand: any five, hold'em, Omaha, Three-D, wild cards",
                       description="Best five-card hand. With jokers ('**', '?B', '?R') in "
                                   "CARDS the jokers are substituted (five of a kind ranks "
                                   "above a straight flush).")
    p.add_argument("cards", help="hole cards, or the whole hand, e.g. 'As 7d 6d 5d'")
    p.add_argument("board", nargs="?",
                   help="board cards (Three-D: 15 cards, three fives; default: none)")
    p.add_argument("--game", choices=["any", "holdem", "omaha", "threed", "shortdeck"],
                   help="how hole cards and board combine (default: holdem with a board, "
                        "else the best five of CARDS); shortdeck: the best five of CARDS and "
                        "the board ranked by short deck's rules (six through ace)")
    add_rules_option(p)
    p.add_argument("--max-jokers", type=positive_int, default=2,
                   help="most jokers a hand may hold (default 2)")
    p.add_argument("--json", action="store_true",
                   help="print rank, category, description and best five as JSON")
    p.set_defaults(run=_cmd_best)

    p = sub.add_parser("draw", help="draw poker: the best card(s) to discard",
                       description="Draw poker: which cards of a five-card hand to throw. Each "
                                   "option is worth the average win probability, against one "
                                   "random five-card hand, of the hands it can draw to; every "
                                   "draw is enumerated.")
    p.add_argument("hand", help="five cards, e.g. '2d 3d 4d Kc As'")
    p.add_argument("--max-discards", type=int, default=1,
                   help="most cards to throw, 0-5 (default 1, the game of Norvig's poker "
                        "notebook)")
    p.add_argument("--method", choices=["interpolated", "exact"], default="interpolated",
                   help="how a hand's win probability is put: interpolated (default) within "
                        "its category by its top card, as Norvig's poker notebook does; "
                        "exact: the share of all 2,598,960 hands it beats")
    p.add_argument("--all", action="store_true", help="list every option, best first")
    p.add_argument("--json", action="store_true",
                   help="print the hand, the discard, its win probability and every option "
                        "as JSON")
    p.set_defaults(run=_cmd_draw)

    p = sub.add_parser("stats",
                       help="category frequencies per game (the table of Norvig's poker "
                            "notebook)",
                       description="Frequencies of each category: exact for deal, draw, joker, "
                                   "texas, shortdeck5 and shortdeck (every deal enumerated), "
                                   "simulated with standard errors for omaha, omaha5, omaha6 "
                                   "and threed.")
    p.add_argument("games", nargs="*", metavar="GAME",
                   help="deal draw joker texas omaha omaha5 omaha6 threed shortdeck5 "
                        "shortdeck (short deck: 5 of the 36 cards, best five of 7; default: "
                        "deal draw joker texas omaha threed)")
    p.add_argument("--rules", choices=RULE_ORDERS,
                   help="short deck's order of three of a kind and straight (default "
                        "trips-beat-straight; shortdeck5 and shortdeck only)")
    p.add_argument("--trials", type=positive_int,
                   help="deals per simulated game (default 1,000,000)")
    p.add_argument("--simulate", action="store_true",
                   help="simulate deal and draw too instead of enumerating them")
    p.add_argument("--seed", type=seed,
                   help="random seed, a whole number >= 0 (same seed, same result; default: "
                        "a fresh seed each run)")
    p.add_argument("--threads", type=positive_int,
                   help="threads to use (default: all the machine has)")
    p.add_argument("--detail", action="store_true", help="one table per game, with counts")
    p.add_argument("--json", action="store_true",
                   help="print each game's counts, probabilities and standard errors as JSON")
    p.set_defaults(run=_cmd_stats)

    p = sub.add_parser("first", help='"what comes first": deal until each category appears',
                       description="Turn up the cards of shuffled decks one at a time and note "
                                   "when each category (pair .. straight flush) first appears "
                                   "among them: the mean number of cards each takes, and how "
                                   "often a straight comes before a flush.")
    p.add_argument("--trials", type=positive_int, default=100_000,
                   help="decks to deal (default 100,000)")
    p.add_argument("--seed", type=seed,
                   help="random seed, a whole number >= 0 (same seed, same result; default: "
                        "a fresh seed each run)")
    p.add_argument("--threads", type=positive_int,
                   help="threads to use (default: all the machine has)")
    p.add_argument("--plot", metavar="FILE.png",
                   help="also write the figure to this image file (needs matplotlib)")
    p.add_argument("--json", action="store_true",
                   help="print mean cards and standard errors per category as JSON")
    p.set_defaults(run=_cmd_first)
