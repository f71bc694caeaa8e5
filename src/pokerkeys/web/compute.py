"""What the web API computes, as plain functions of checked input returning JSON-ready dicts.

``plan_equity`` decides, before any work starts, how an equity request runs: as a short job
(an enumeration the engine would pick by itself, about a second at most), or as a long one
(Monte Carlo, bounded by the server's time limit, or a bigger enumeration under the server's
evaluation limit). The other functions read the shipped preflop tables or enumerate small
heads-up problems.

A class's or hand's distribution of its best hand over all boards comes by the nine hand
categories and, finer, by rank bucket: within a category, the hands that share their leading
rank ('Pair, aces', 'Two pair, kings up', 'Full house, eights full'). Each bucket is a run of
consecutive ranks, so a bucket is also a rank interval.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Literal, cast

import numpy as np

from ..core.cards import N_CARDS, excerpt, format_cards, parse_cards
from ..core.classes import (
    CLASS_NAMES,
    COMBO_CLASS,
    class_combo_count,
    class_index,
    hand_class,
    normalize_class_name,
)
from ..core.evaluate import category, describe
from ..core.shortdeck import DEFAULT_RULES, FIRST_CARD, Rules, check_short_deck, resolve_rules
from ..core.types import FloatArray
from ..equity.driver import DEFAULT_TRIALS
from ..equity.holdem import enumeration_fits, equity
from ..equity.omaha import omaha_equity
from ..equity.omaha_hilo import HiLoGame, omaha_hilo_equity
from ..equity.ranges import Range, RangeGame
from ..equity.setup import read_range
from ..preflop import (
    BOARDS_PER_MATCHUP,
    RankDistribution,
    equity_vs_opponents,
    equity_vs_opponents_stderr,
    heads_up_equity,
    rank_distribution,
)
from ..preflop import shortdeck as sd
from ..preflop.breakdown import class_equity, suit_breakdown
from .jobs import LONG, SHORT, Check, JobKind
from .limits import Limits
from .schemas import HILO_GAMES, OMAHA_HOLE_CARDS, EquityRequest, Game, JsonObject, bad

__all__ = ["EquityPlan", "Side", "class_info", "headsup", "headsup_plan",
           "plan_equity", "preflop_table", "range_info", "rank_buckets",
           "shortdeck_distributions", "shortdeck_preflop_table", "warm_up"]

Side = Literal["class", "hand", "range"]
"""What one side of a head-to-head is: a class ('AKs'), a hand ('AhKh') or a range."""


@dataclass(frozen=True)
class EquityPlan:
    """How an equity request runs: as a short or a long job, with which engine arguments.

    Attributes
    ----------
    kind : {'short', 'long'}
        ``SHORT`` for an enumeration of about a second at most, else ``LONG``.
    kwargs : dict
        The keyword arguments of ``pk.equity``, stop rules bounded by the server's limits.

    Examples
    --------
    >>> from pokerkeys.web.compute import EquityPlan
    >>> plan = EquityPlan("short", {"hands": ["AhKh", "QsQd"], "board": "2c7d9h"})
    >>> plan.work(lambda *progress: None)["equity"]
    [0.2828282828282828, 0.7171717171717171]
    """

    kind: JobKind
    kwargs: dict[str, Any]

    def work(self, check: Check) -> JsonObject:
        """Run ``pk.equity`` with ``check`` as its progress callback.

        Parameters
        ----------
        check : callable
            The job's check, which raises to stop the run.

        Returns
        -------
        dict
            ``EquityResult.to_dict()`` of the result (``HiLoResult.to_dict()`` for a hi/lo
            game).

        Examples
        --------
        >>> from pokerkeys.web.compute import EquityPlan
        >>> plan = EquityPlan("short", {"hands": ["AhKh", "QsQd"], "board": "2c7d9h"})
        >>> result = plan.work(lambda *progress: None)
        >>> result["exact"], result["players"]
        (True, ['AhKh', 'QsQd'])
        """
        kwargs = dict(self.kwargs)
        game = kwargs.pop("game", "holdem")
        if game in HILO_GAMES:
            return omaha_hilo_equity(**kwargs, game=cast(HiLoGame, game),
                                     progress=check).to_dict()
        if game in OMAHA_HOLE_CARDS:
            # As on the command line, 'omaha' takes its size from the known hands (4 when no
            # hand fixes it), as it always has here; 'omaha5' and 'omaha6' fix it.
            hole = None if game == "omaha" else OMAHA_HOLE_CARDS[game]
            return omaha_equity(**kwargs, hole_cards=hole, progress=check).to_dict()
        return equity(**kwargs, game=game, progress=check).to_dict()


def plan_equity(request: EquityRequest, limits: Limits) -> EquityPlan:
    """How to run a request within the server's limits, decided before any work starts.

    An enumeration the engine would pick by itself (about a second at most) is a short job.
    Monte Carlo, Omaha and bigger enumerations are long jobs. Monte Carlo stops by
    ``limits.max_seconds`` at the latest, and without a stop rule after the engine's default
    trials; Omaha, which checks its input as it starts, is bounded by the job's deadline.
    Short deck is planned as hold'em (its enumerations are smaller than hold'em's), except
    that a problem too big for a short hold'em enumeration is left to the engine's own
    choice; its rule order (``rules=``, passed to the engine) changes no price: both orders
    enumerate the same boards.

    Parameters
    ----------
    request : EquityRequest
        The checked request.
    limits : Limits
        The server's limits (``max_seconds``, ``max_exact_evaluations``).

    Returns
    -------
    EquityPlan
        The job's kind and the engine's arguments.

    Raises
    ------
    ApiError
        400 with the engine's message when a hand, range or card does not parse, a card is
        used twice or the board has a wrong size; 400 when ``exact`` is true and the
        enumeration needs more than ``limits.max_exact_evaluations`` hand evaluations.

    Examples
    --------
    >>> from pokerkeys.web.compute import plan_equity
    >>> from pokerkeys.web.limits import Limits
    >>> from pokerkeys.web.schemas import EquityRequest
    >>> plan_equity(EquityRequest(("AhKh", "QsQd")), Limits()).kind
    'short'
    >>> plan = plan_equity(EquityRequest(("AhKh", "QsQd"), exact=False), Limits())
    >>> plan.kind, plan.kwargs["trials"], plan.kwargs["time_limit"]
    ('long', 10000000, 60.0)
    >>> plan_equity(EquityRequest(("AhKh", "AhQd")), Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: card Ah is used in player 1 and player 2
    >>> plan = plan_equity(EquityRequest(("AhKh", "QsQd"), game="shortdeck",
    ...                                  rules="straight-beats-trips"), Limits())
    >>> plan.kind, plan.kwargs["rules"]
    ('short', 'straight-beats-trips')
    """
    kwargs = request.engine_kwargs()
    stop_given = any(v is not None for v in (request.trials, request.target_stderr,
                                             request.time_limit))
    try:
        if request.game in OMAHA_HOLE_CARDS:
            # The Omaha engines check their input as they start; the job's deadline bounds
            # them.
            return EquityPlan(LONG, _bounded_monte_carlo(kwargs, limits, stop_given))
        # Priced as the engine runs it (short deck's 36 cards, its preflop by rank classes).
        game: Literal["holdem", "shortdeck"] = (
            "shortdeck" if request.game == "shortdeck" else "holdem")
        fits_short = enumeration_fits(request.hands, request.board, request.dead, game=game)
        if request.exact or (request.exact is None and not stop_given and fits_short):
            if not fits_short and not enumeration_fits(request.hands, request.board,
                                                       request.dead,
                                                       limits.max_exact_evaluations,
                                                       game=game):
                raise bad(f"exact enumeration of this problem needs more than "
                          f"{limits.max_exact_evaluations:.0e} hand evaluations, this "
                          f"server's limit; ask for Monte Carlo (exact: false)")
            kwargs.update(exact=True, trials=None, target_stderr=None, time_limit=None)
            return EquityPlan(SHORT if fits_short else LONG, kwargs)
    except (ValueError, TypeError) as exc:
        raise bad(str(exc)) from None
    kwargs["exact"] = False
    return EquityPlan(LONG, _bounded_monte_carlo(kwargs, limits, stop_given))


def _bounded_monte_carlo(kwargs: dict[str, Any], limits: Limits,
                         stop_given: bool) -> dict[str, Any]:
    """Monte Carlo stops by the server's time limit at the latest, and without a stop rule
    after the engine's default trials (a time limit alone would run until it); an exact or
    automatic Omaha run is bounded by the job's deadline instead."""
    if kwargs["exact"] is False or stop_given:
        if not stop_given:
            kwargs["trials"] = DEFAULT_TRIALS
        kwargs["time_limit"] = min(kwargs["time_limit"] or limits.max_seconds,
                                   limits.max_seconds)
    return kwargs


# ---------------------------------------------------------------------------- preflop
def preflop_table(game: Literal["holdem", "shortdeck"] = "holdem",
                  rules: Rules | None = None) -> JsonObject:
    """The 169 classes in 13 x 13 grid order with their shipped equity against 1..9 hands.

    Equity counts a split pot as the class's share of it; equity without ties
    (``equity_vs_opponents(without_ties=True)``) is the chance of winning the pot alone.
    Short deck (``game='shortdeck'``): ``shortdeck_preflop_table``.

    Parameters
    ----------
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The game whose shipped tables to send.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (None: trips beat a straight); Hold'em takes None.

    Returns
    -------
    dict
        ``classes`` (names), ``combos`` (combo counts), ``equity_vs_opponents`` (169 rows of
        9: row = class, column = random opponents - 1), ``stderr`` (the same shape: 0
        where exact), ``win_vs_opponents`` (equity without ties, the same shape) and
        ``win_stderr`` (its standard errors), rounded to 6 decimals.

    Examples
    --------
    >>> from pokerkeys.web.compute import preflop_table
    >>> table = preflop_table()
    >>> table["classes"][:3], table["combos"][:3], table["equity_vs_opponents"][0][0]
    (['AA', 'AKs', 'AQs'], [6, 4, 4], 0.852037)
    >>> table["win_vs_opponents"][0][0]
    0.849319
    """
    if game == "shortdeck":
        return shortdeck_preflop_table(rules)
    return {"classes": list(CLASS_NAMES),
            "combos": [class_combo_count(n) for n in CLASS_NAMES],
            "equity_vs_opponents": np.round(equity_vs_opponents(), 6).tolist(),
            "stderr": np.round(equity_vs_opponents_stderr(), 6).tolist(),
            "win_vs_opponents": np.round(equity_vs_opponents(without_ties=True), 6).tolist(),
            "win_stderr": np.round(equity_vs_opponents_stderr(without_ties=True), 6).tolist()}


def shortdeck_preflop_table(rules: Rules | None = None) -> JsonObject:
    """The 81 short-deck classes in 9 x 9 grid order with the shipped tables of a rule order.

    The first answer for a rule order computes the classes' distributions of best hands
    (about a second, once per process; ``warm_up`` does the default order).

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    dict
        ``game`` ('shortdeck'), ``rules``, ``grid_size`` (9), ``classes`` (names, grid
        order), ``combos`` (combo counts), ``equity_vs_opponents`` (81 rows of 5: row =
        class, column = random opponents - 1; one opponent exact), ``stderr`` (the same
        shape: 0 where exact), ``win_vs_opponents`` (equity without ties, the same shape)
        and ``win_stderr`` (its standard errors), ``heads_up`` (the exact 81 x 81 matrix:
        row class against column class), rounded to 6 decimals, and ``distributions``
        (``shortdeck_distributions``: every class's exact distribution of best hands).

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.
    pokerkeys.TableError
        If a shipped table is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.web.compute import shortdeck_preflop_table
    >>> table = shortdeck_preflop_table()
    >>> table["grid_size"], table["classes"][:2], table["equity_vs_opponents"][0][:2]
    (9, ['AA', 'AKs'], [0.756037, 0.60506])
    >>> len(table["heads_up"]), table["heads_up"][1][80]  # AKs against 66
    (81, 0.583877)
    >>> table["win_vs_opponents"][0][0], len(table["distributions"]["counts"])
    (0.748971, 81)
    """
    order = resolve_rules("shortdeck", rules)
    assert order is not None  # short deck always has a rule order
    names = sd.CLASS_NAMES
    return {"game": "shortdeck", "rules": order, "grid_size": sd.GRID_SIZE,
            "classes": list(names),
            "combos": [sd.class_combo_count(n) for n in names],
            "equity_vs_opponents": np.round(sd.equity_vs_opponents(rules=order), 6).tolist(),
            "stderr": np.round(sd.equity_vs_opponents_stderr(rules=order), 6).tolist(),
            "win_vs_opponents": np.round(sd.equity_vs_opponents(without_ties=True,
                                                                rules=order), 6).tolist(),
            "win_stderr": np.round(sd.equity_vs_opponents_stderr(without_ties=True,
                                                                 rules=order), 6).tolist(),
            "heads_up": np.round(sd.heads_up_equity(rules=order), 6).tolist(),
            "distributions": shortdeck_distributions(order)}


def shortdeck_distributions(rules: Rules) -> JsonObject:
    """Every short-deck class's exact distribution of best hands, by rank bucket, compactly.

    The page builds one class's chart from it (``categories`` and ``buckets`` as in
    ``class_info``): each bucket's boards for the class, each category the sum of its
    buckets.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'}
        The rule order.

    Returns
    -------
    dict
        ``boards`` (278,256 per class), ``categories`` (the nine labels, worst first in the
        rule order's ranking), ``average`` (each category's probability over all hands, in
        that order), ``buckets`` (worst first: ``category``, ``label``, ``ranks`` [lowest,
        highest] on the short-deck scale 1..1404, ``average_probability``), ``counts`` (81
        rows in ``CLASS_NAMES`` order: the class's boards in each bucket), ``mean_rank`` (81
        numbers) and ``average_mean_rank``.

    Examples
    --------
    >>> from pokerkeys.web.compute import shortdeck_distributions
    >>> d = shortdeck_distributions("trips-beat-straight")
    >>> d["categories"][3:5], len(d["buckets"]), sum(d["counts"][0])
    (['Straight', 'Three of a kind'], 64, 278256)
    >>> d["buckets"][-1]["label"], d["buckets"][-1]["ranks"]
    ('Royal flush', [1404, 1404])
    """
    edges = _bucket_edges(rules)
    hist = sd.rank_histograms(rules)
    counts = np.add.reduceat(hist, [lo for _, _, lo, _ in edges], axis=1)
    mean_rank = (hist * np.arange(hist.shape[1])).sum(axis=1) / sd.BOARDS_PER_HAND
    first = sd.rank_distribution("AA", rules=rules)
    average = first.average
    dist = first.to_dict()
    return {"boards": sd.BOARDS_PER_HAND, "categories": list(dist["categories"]),
            "average": [c["average_probability"] for c in dist["categories"].values()],
            "buckets": [{"category": cat, "label": label, "ranks": [lo, hi],
                         "average_probability": float(average[lo:hi + 1].sum())}
                        for cat, label, lo, hi in edges],
            "counts": counts.tolist(),
            "mean_rank": np.round(mean_rank, 3).tolist(),
            "average_mean_rank": round(first.average_mean_rank, 3)}


@lru_cache(maxsize=3)
def _bucket_edges(rules: Rules | None = None) -> tuple[tuple[str, str, int, int], ...]:
    """(category, label, lowest rank, highest rank) of each rank bucket, worst first; a
    rule order: short deck's ranks 1..1404."""
    game: Literal["holdem", "shortdeck"] = "holdem" if rules is None else "shortdeck"
    edges: list[tuple[str, str, int, int]] = []
    for rank in range(1, 7463 if rules is None else 1405):
        words = describe(rank, game=game, rules=rules)
        if words.startswith("Two pair, "):
            words = words.split(" and ")[0] + " up"
        elif words.startswith("Full house, "):
            words = words.split(" over ")[0] + " full"
        if edges and edges[-1][1] == words:
            edges[-1] = edges[-1][:3] + (rank,)
        else:
            edges.append((category(rank, game=game, rules=rules).label, words, rank, rank))
    return tuple(edges)


def rank_buckets(dist: RankDistribution) -> list[JsonObject]:
    """A distribution of best hands by rank bucket: the nine categories split by leading rank.

    A bucket holds the hands of one category that share their leading rank: the high card,
    the pair, the higher pair of two pair, the three of a kind (of trips and of a full
    house), the top card of a straight or flush. Its ranks are consecutive, so it is also a
    rank interval. There are 100 buckets (a royal flush is its own); 64 in short deck.

    Parameters
    ----------
    dist : RankDistribution
        A class's distribution (``pokerkeys.preflop.rank_distribution``, or short deck's
        ``pokerkeys.preflop.shortdeck.rank_distribution``: ranks 1..1404 of its rule order).

    Returns
    -------
    list of dict
        One per bucket, worst first: ``category`` (its hand category), ``label`` ('Pair,
        aces'), ``ranks`` ([lowest, highest] rank, 1..7462), ``boards`` (boards on which
        the class's best hand falls in the bucket), ``probability`` (boards / all boards)
        and ``average_probability`` (the same for a random hand).

    Examples
    --------
    >>> from pokerkeys.preflop import rank_distribution
    >>> from pokerkeys.web.compute import rank_buckets
    >>> buckets = rank_buckets(rank_distribution("AA"))
    >>> len(buckets), buckets[-1]["label"], buckets[-1]["ranks"]
    (100, 'Royal flush', [7462, 7462])
    >>> aces = [b for b in buckets if b["label"] == "Pair, aces"][0]
    >>> aces["ranks"], aces["boards"], round(aces["probability"], 4)
    ([3918, 4137], 762300, 0.3598)
    """
    counts = np.asarray(dist.counts)
    average = np.asarray(dist.average)
    return [{"category": cat, "label": label, "ranks": [lo, hi],
             "boards": int(counts[lo:hi + 1].sum()),
             "probability": float(counts[lo:hi + 1].sum() / dist.boards),
             "average_probability": float(average[lo:hi + 1].sum())}
            for cat, label, lo, hi in _bucket_edges(dist.rules)]


def class_info(name: str, game: Literal["holdem", "shortdeck"] = "holdem",
               rules: Rules | None = None) -> JsonObject:
    """A class's exact distribution of hand categories and its equity against 1..9 hands.

    The first call computes the distributions of all classes (about a second; the app starts
    it when it starts). Short deck: one of its 81 classes, over its 278,256 boards, against
    1..5 hands, in a rule order.

    Parameters
    ----------
    name : str
        A class: 'AA', 'AKs', 'T9o' (case does not matter).
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The game (``schemas.parse_preflop_game`` reads it from a request).
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (None: trips beat a straight); Hold'em takes None.

    Returns
    -------
    dict
        ``RankDistribution.to_dict()`` without its ``ranks`` (``class``, ``boards``,
        ``mean_rank``, ``average_mean_rank``, ``categories``), plus ``buckets`` (the
        distribution by rank bucket, ``rank_buckets``), ``combos``, ``equity_vs_opponents``
        and ``win_vs_opponents`` (equity without ties), 9 numbers each for 1..9 random
        hands (short deck: 5), and their standard errors ``stderr`` and ``win_stderr`` (0
        where exact); short deck's answer also has ``game`` and ``rules``.

    Raises
    ------
    ApiError
        400 when ``name`` is not a class (of the game) or ``rules`` is not a rule order of
        the game.

    Examples
    --------
    >>> from pokerkeys.web.compute import class_info
    >>> info = class_info("aks")
    >>> info["class"], info["boards"], info["categories"]["Flush"]["boards"]
    ('AKs', 2118760, 138296)
    >>> len(info["buckets"]), round(info["win_vs_opponents"][0], 4)
    (100, 0.6622)
    >>> class_info("AKx")
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: unknown hand class 'AKx': ...
    >>> short = class_info("76s", "shortdeck", "straight-beats-trips")
    >>> short["boards"], len(short["buckets"]), len(short["equity_vs_opponents"])
    (278256, 64, 5)
    """
    try:
        order = resolve_rules(game, rules)
        if game == "shortdeck":
            name = sd.CLASS_NAMES[sd.class_index(name)]
            distribution = sd.rank_distribution(name, rules=order)
        else:
            name = normalize_class_name(name)
            distribution = rank_distribution(name)
    except ValueError as exc:
        raise bad(str(exc)) from None
    dist = distribution.to_dict()
    dist.pop("ranks")  # 7,462 ranks: the pages show categories and rank buckets
    dist["buckets"] = rank_buckets(distribution)
    figures: Callable[..., FloatArray]  # equity against 1..n hands, or without ties
    errors: Callable[..., FloatArray]
    if game == "shortdeck":
        dist.update(game="shortdeck", rules=order)
        k, dist["combos"] = sd.class_index(name), sd.class_combo_count(name)
        figures = partial(sd.equity_vs_opponents, rules=order)
        errors = partial(sd.equity_vs_opponents_stderr, rules=order)
    else:
        k, dist["combos"] = class_index(name), class_combo_count(name)
        figures, errors = equity_vs_opponents, equity_vs_opponents_stderr
    dist["equity_vs_opponents"] = figures()[k].tolist()
    dist["stderr"] = errors()[k].tolist()
    dist["win_vs_opponents"] = figures(without_ties=True)[k].tolist()
    dist["win_stderr"] = errors(without_ties=True)[k].tolist()
    return dist


def range_info(text: str, game: Game = "holdem", rules: Rules | None = None) -> JsonObject:
    """A range's weight per class, its combos and its share of all starting hands.

    Parameters
    ----------
    text : str
        The range: in ``pokerkeys.Range`` syntax ('QQ+,AKs:0.5', '15%') for hold'em and
        short deck, in the generic Omaha syntax ('AA:$ds', 'RRxx', '15%') for the Omaha
        games (``pokerkeys.equity.omaha_ranges``).
    game : str, default 'holdem'
        One of ``pokerkeys.web.schemas.GAMES``: the hi/lo games read ranges as Omaha high
        with the same hole cards.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (None: the default, trips beat straights): its ``N%`` is
        the top N% of the 630 hands in that order's class ranking. Short deck only.

    Returns
    -------
    dict
        ``text`` (as given), ``game``, ``description`` (class by class; an Omaha range's
        text as given), ``combos`` (weighted), ``hands`` (how many distinct hands, weights
        aside), ``percent`` (of the game's starting hands: 1,326; 630 in short deck;
        270,725, 2,598,960 or 20,358,520 in Omaha) and ``classes`` (each class in a hold'em
        or short-deck range with its weight, the mean over the class's combos, rounded to
        6 decimals; empty for Omaha); ``rules``, after ``game``, is the rule order short
        deck's range was read in (None for the other games).

    Raises
    ------
    ApiError
        400 with the range parser's message when ``text`` does not parse (the token and
        its position); in short deck when the range holds a card below the six; in Omaha
        when the range matches no hand; when ``rules`` is not a rule order or comes with
        another game than short deck.

    Examples
    --------
    >>> from pokerkeys.web.compute import range_info
    >>> info = range_info("QQ+,AKs:0.5")
    >>> info["description"], info["combos"], info["classes"]
    ('AA, AKs:0.5, KK, QQ', 20.0, {'AA': 1.0, 'AKs': 0.5, 'KK': 1.0, 'QQ': 1.0})
    >>> info = range_info("AA:$ds", "omaha")
    >>> info["hands"], round(info["percent"], 4)
    (864, 0.3191)
    >>> range_info("QQ+,55", "shortdeck")
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: the range 'QQ+,55': 5c is not a short-deck card (short \
deck plays 6 through A)
    >>> [range_info("15%", "shortdeck", rules)["hands"]
    ...  for rules in ("trips-beat-straight", "straight-beats-trips")]
    [92, 94]
    """
    if rules is not None and game != "shortdeck":
        raise bad(f"rules apply to game='shortdeck' only, not to game={game!r}")
    try:
        order = resolve_rules(game, rules) if game == "shortdeck" else None
    except ValueError as exc:
        raise bad(str(exc)) from None
    if game in OMAHA_HOLE_CARDS:
        return dict(_omaha_range_info(text, game))
    try:
        rng = read_range(text, order)
        if game == "shortdeck":
            low = rng.combos[(rng.combos < FIRST_CARD).any(axis=1)]
            if len(low):
                check_short_deck(sorted(low[0].tolist()), f"the range {excerpt(text)}")
    except ValueError as exc:
        raise bad(str(exc)) from None
    dense = rng.weight_vector()
    sums = np.bincount(COMBO_CLASS, weights=dense, minlength=len(CLASS_NAMES))
    sizes = np.bincount(COMBO_CLASS, minlength=len(CLASS_NAMES))
    weights = sums / sizes
    all_hands = math.comb(N_CARDS - FIRST_CARD, 2) if game == "shortdeck" else 1326
    return {"text": text, "game": game, "rules": order,
            "description": Range.from_combos(rng.combos, rng.weights).text,
            "combos": rng.combo_count, "hands": len(rng),
            "percent": 100 * rng.combo_count / all_hands,
            "classes": {n: round(float(w), 6)
                        for n, w in zip(CLASS_NAMES, weights, strict=True) if w > 0}}


@lru_cache(maxsize=32)
def _omaha_range_info(text: str, game: Game) -> JsonObject:
    """Cached: matching every 6-card hand takes about a second, and the calculator asks
    again for the same text (a game switched back, a player removed)."""
    hole = OMAHA_HOLE_CARDS[game]
    range_game = cast(RangeGame, {4: "omaha", 5: "omaha5", 6: "omaha6"}[hole])
    try:
        rng = Range(text, game=range_game)
    except ValueError as exc:
        raise bad(str(exc)) from None
    if len(rng) == 0:
        raise bad(f"the range {excerpt(text)} matches no {hole}-card hand")
    return {"text": text, "game": game, "rules": None, "description": text,
            "combos": rng.combo_count,
            "hands": len(rng), "percent": 100 * rng.combo_count / math.comb(N_CARDS, hole),
            "classes": {}}


# ---------------------------------------------------------------------------- head-to-head
def _side(text: str, which: str,
          game: Literal["holdem", "shortdeck"] = "holdem") -> tuple[Side, str]:
    """('class', 'AKs') or ('hand', 'AhKh'), or ('range', text) for anything else; in short
    deck, a class, hand or range holding a rank below the six is refused, the message naming
    the side, the class or card and the game."""
    kind: Side
    try:
        kind, name = "class", normalize_class_name(text)
    except ValueError:
        try:
            ids = parse_cards(text)
        except ValueError:
            ids = np.zeros(0, np.uint8)  # not cards: a range, or nothing
        if len(ids) == 2:
            kind, name = "hand", format_cards(ids, "")
        else:
            try:  # in short deck, '15%' is short deck's (the equity engine reads it so)
                rng = read_range(text, DEFAULT_RULES if game == "shortdeck" else None)
            except ValueError as exc:
                raise bad(f"{which}: {text!r} is neither a class, a hand nor a range: "
                          f"{exc}") from None
            kind, name = "range", text
    if game == "shortdeck":
        try:
            if kind == "class":
                name = sd.CLASS_NAMES[sd.class_index(name)]
            elif kind == "hand":
                check_short_deck(parse_cards(name), which)
            else:
                low = rng.combos[(rng.combos < FIRST_CARD).any(axis=1)]
                if len(low):
                    check_short_deck(sorted(low[0].tolist()),
                                     f"{which} (the range {excerpt(text)})")
        except ValueError as exc:
            raise bad(f"{which}: {exc}" if kind == "class" else str(exc)) from None
    return kind, name


def headsup_plan(a: str, b: str, game: Literal["holdem", "shortdeck"] = "holdem",
                 rules: Rules | None = None) -> tuple[Side, str, Side, str]:
    """Both sides of a head-to-head classified, and checked to be quick to enumerate.

    Parameters
    ----------
    a, b : str
        Each a class ('AKs'), a hand ('AhKh') or a range ('QQ+').
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The game (``schemas.parse_preflop_game`` reads it from a request); in short deck
        every side holds cards 6 to A only.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (it does not change the work); Hold'em takes None.

    Returns
    -------
    tuple
        ``(kind_a, a, kind_b, b)``: each side's kind ('class', 'hand' or 'range') and its
        text, a class's name normalised and a hand's cards written without spaces.

    Raises
    ------
    ApiError
        400 when a side is neither a class, a hand nor a range (the message names hand 1 or
        hand 2), in short deck when a side holds a rank below the six (the message names
        the side, the class or card and the game), when the sides share a card, when
        ranges are too big to enumerate in about a second, or when ``rules`` is not a rule
        order of the game.

    Examples
    --------
    >>> from pokerkeys.web.compute import headsup_plan
    >>> headsup_plan("aks", "Qs Qd")
    ('class', 'AKs', 'hand', 'QsQd')
    >>> headsup_plan("AKs", "55", "shortdeck")
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: hand 2: '55' is not a short-deck class (short deck plays \
6 through A)
    """
    try:
        order = resolve_rules(game, rules)
    except ValueError as exc:
        raise bad(str(exc)) from None
    (kind_a, a), (kind_b, b) = _side(a, "hand 1", game), _side(b, "hand 2", game)
    try:
        if ((kind_a != "class" or kind_b != "class")
                and not enumeration_fits([a, b], game=game, rules=order)):
            raise bad("head-to-head enumerates every board; these ranges take too long "
                      "for that: use the odds calculator (Monte Carlo)")
    except ValueError as exc:
        raise bad(str(exc)) from None
    return kind_a, a, kind_b, b


def headsup(kind_a: Side, a: str, kind_b: Side, b: str, check: Check, *,
            game: Literal["holdem", "shortdeck"] = "holdem",
            rules: Rules | None = None) -> JsonObject:
    """Exact head-to-head of two classes, hands or ranges, as ``headsup_plan`` read them.

    The answer says how often the first side wins, the two tie and the second side wins, and
    the first side's equity (its wins plus half its ties). For two classes it also lists the
    suit-distinct matchups, each enumerated over all boards and weighted by its number of
    combo pairs; together they add up to the class-against-class figures. Classes and hands
    come with the distribution of their best hands, by category and by rank bucket. Short
    deck (``game='shortdeck'``) plays the 36-card deck in a rule order: its classes' shipped
    equity is its 81 x 81 table's, its boards 201,376 a matchup.

    Parameters
    ----------
    kind_a : {'class', 'hand', 'range'}
        What ``a`` is.
    a : str
        The first side.
    kind_b : {'class', 'hand', 'range'}
        What ``b`` is.
    b : str
        The second side.
    check : callable
        The job's check, the engine's progress callback (raises to stop the run).
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The game, as ``headsup_plan`` checked the sides for.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (None: trips beat a straight); Hold'em takes None.

    Returns
    -------
    dict
        ``hand1``, ``hand2``, ``kind1``, ``kind2``, ``equity`` (of the first side), ``win``
        (each side's chance of winning alone: [first, second]), ``tie`` (the chance of a
        split pot, once per side), ``matchups`` (empty unless two classes) and
        ``distributions`` (per side, None for a range). Two classes add ``combo_pairs`` and
        ``shipped_equity``; each matchup has ``hand1``, ``hand2``, ``combos``, ``equity``,
        ``win``, ``tie``, ``loss`` (the second hand wins) and ``wins``, ``ties``, ``losses``
        (boards, of 1,712,304; short deck's of 201,376). Short deck's answer also has
        ``game`` ('shortdeck') and ``rules`` (its rule order), after ``kind2``.

    Raises
    ------
    ValueError
        The engine's message, when no pair of the two ranges avoids a shared card, or
        when ``rules`` is not a rule order of the game.

    Examples
    --------
    >>> from pokerkeys.web.compute import headsup
    >>> r = headsup("range", "QQ+", "range", "AKs", lambda *progress: None)
    >>> round(r["equity"], 6), r["matchups"], r["distributions"]
    (0.65414, [], [None, None])
    >>> r = headsup("class", "AKs", "class", "QQ", lambda *progress: None)
    >>> [round(x, 6) for x in r["win"] + r["tie"][:1]], r["combo_pairs"]
    ([0.458318, 0.537348, 0.004334], 24)
    >>> m = r["matchups"][0]
    >>> m["hand1"], m["hand2"], m["wins"], m["ties"], m["losses"], m["combos"]
    ('AcKc', 'QdQc', 781594, 8111, 922599, 12)
    >>> r = headsup("class", "QQ", "class", "AKs", lambda *progress: None, game="shortdeck")
    >>> r["rules"], round(r["equity"], 4), [m["combos"] for m in r["matchups"]]
    ('trips-beat-straight', 0.4929, [12, 12])
    """
    order = resolve_rules(game, rules)
    short = game == "shortdeck"
    out: JsonObject = {"hand1": a, "hand2": b, "kind1": kind_a, "kind2": kind_b}
    if short:
        out.update(game="shortdeck", rules=order)
    if kind_a == "class" and kind_b == "class":
        _, _, rows = suit_breakdown(a, b, check, game=game, rules=order)
        pairs = sum(r.weight for r in rows)
        # Every matchup has the same number of boards, so the class figures are the boards'
        # counts weighted by combo pairs, over all of them: exact ratios of integers.
        boards = pairs * (sd.BOARDS_PER_MATCHUP if short else BOARDS_PER_MATCHUP)
        wins = sum(r.weight * r.wins for r in rows)
        ties = sum(r.weight * r.ties for r in rows)
        losses = sum(r.weight * r.losses for r in rows)
        shipped = (sd.heads_up_equity(a, b, rules=order) if short
                   else heads_up_equity(a, b))
        out.update(equity=class_equity(rows), win=[wins / boards, losses / boards],
                   tie=[ties / boards, ties / boards], combo_pairs=pairs,
                   shipped_equity=shipped,
                   matchups=[{"hand1": r.hand1, "hand2": r.hand2, "combos": r.weight,
                              "equity": r.equity, "win": r.win, "tie": r.tie,
                              "loss": r.losses / (r.wins + r.ties + r.losses),
                              "wins": r.wins, "ties": r.ties, "losses": r.losses}
                             for r in rows])
    else:
        r = equity([a, b], exact=True, progress=check, game=game, rules=order)
        out.update(equity=float(r.equity[0]), win=r.win.tolist(), tie=r.tie.tolist(),
                   matchups=[])
    out["distributions"] = [_distribution(kind, x, order)
                            for kind, x in ((kind_a, a), (kind_b, b))]
    return out


def _distribution(kind: Side, text: str, rules: Rules | None = None) -> JsonObject | None:
    """A side's distribution of best hands; a rule order: short deck's."""
    if kind == "range":
        return None
    if rules is None:
        name = text if kind == "class" else hand_class(text)
        dist = rank_distribution(name)
    else:
        name = text if kind == "class" else sd.hand_class(text)
        dist = sd.rank_distribution(name, rules=rules)
    label = name if kind == "class" else f"{text} ({name})"
    return {"class": name, "label": label, "categories": dist.to_dict()["categories"],
            "buckets": rank_buckets(dist)}


def warm_up() -> None:
    """Load what the first requests need, so that they answer at once.

    The kernels of heads-up enumerations and of Monte Carlo, and the rank distributions of
    all classes (Hold'em's and short deck's default rule order): a few seconds, once per
    process. The app runs it on a thread as it starts.

    Examples
    --------
    >>> from pokerkeys.web.compute import warm_up
    >>> warm_up()  # doctest: +SKIP
    """
    equity(["AhKh", "QsQd"], exact=True)
    equity(["AhKh", "QsQd"], board="2c7d9h", exact=True)
    equity(["AhKh", "QsQd", "random"], exact=False, trials=1000, seed=0)
    rank_distribution("AA")
    sd.rank_histograms()
