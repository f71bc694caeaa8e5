"""What the web API computes, as plain functions of checked input returning JSON-ready dicts.

``plan_equity`` decides, before any work starts, how an equity request runs: as a short job
(an enumeration the engine would pick by itself, about a second at most), or as a long one
(Monte Carlo, bounded by the server's time limit, or a bigger enumeration under the server's
evaluation limit). The other functions read the shipped preflop tables or enumerate small
heads-up problems.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..core.cards import format_cards, parse_cards
from ..core.classes import (
    CLASS_NAMES,
    COMBO_CLASS,
    class_combo_count,
    class_index,
    hand_class,
    normalize_class_name,
)
from ..equity.driver import DEFAULT_TRIALS
from ..equity.holdem import enumeration_fits, equity
from ..equity.ranges import Range
from ..preflop import (
    equity_vs_opponents,
    equity_vs_opponents_stderr,
    heads_up_equity,
    rank_distribution,
)
from ..preflop.breakdown import class_equity, suit_breakdown
from .jobs import LONG, SHORT, Check, JobKind
from .limits import Limits
from .schemas import EquityRequest, JsonObject, bad

__all__ = ["EquityPlan", "Side", "class_info", "headsup", "headsup_plan", "plan_equity",
           "preflop_table", "range_info", "warm_up"]

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
            ``EquityResult.to_dict()`` of the result.

        Examples
        --------
        >>> from pokerkeys.web.compute import EquityPlan
        >>> plan = EquityPlan("short", {"hands": ["AhKh", "QsQd"], "board": "2c7d9h"})
        >>> result = plan.work(lambda *progress: None)
        >>> result["exact"], result["players"]
        (True, ['AhKh', 'QsQd'])
        """
        return equity(**self.kwargs, progress=check).to_dict()


def plan_equity(request: EquityRequest, limits: Limits) -> EquityPlan:
    """How to run a request within the server's limits, decided before any work starts.

    An enumeration the engine would pick by itself (about a second at most) is a short job.
    Monte Carlo, Omaha and bigger enumerations are long jobs. Monte Carlo stops by
    ``limits.max_seconds`` at the latest, and without a stop rule after the engine's default
    trials; Omaha, which checks its input as it starts, is bounded by the job's deadline.

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
    """
    kwargs = request.engine_kwargs()
    stop_given = any(v is not None for v in (request.trials, request.target_stderr,
                                             request.time_limit))
    try:
        if request.game == "omaha":
            # The Omaha engine checks its input as it starts; the job's deadline bounds it.
            return EquityPlan(LONG, _bounded_monte_carlo(kwargs, limits, stop_given))
        fits_short = enumeration_fits(request.hands, request.board, request.dead)
        if request.exact or (request.exact is None and not stop_given and fits_short):
            if not fits_short and not enumeration_fits(request.hands, request.board,
                                                       request.dead,
                                                       limits.max_exact_evaluations):
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
def preflop_table() -> JsonObject:
    """The 169 classes in 13 x 13 grid order with their shipped equity against 1..9 hands.

    Returns
    -------
    dict
        ``classes`` (names), ``combos`` (combo counts), ``equity_vs_opponents`` (169 rows of
        9: row = class, column = random opponents - 1) and ``stderr`` (the same shape: 0
        where exact), rounded to 6 decimals.

    Examples
    --------
    >>> from pokerkeys.web.compute import preflop_table
    >>> table = preflop_table()
    >>> table["classes"][:3], table["combos"][:3], table["equity_vs_opponents"][0][0]
    (['AA', 'AKs', 'AQs'], [6, 4, 4], 0.852037)
    """
    return {"classes": list(CLASS_NAMES),
            "combos": [class_combo_count(n) for n in CLASS_NAMES],
            "equity_vs_opponents": np.round(equity_vs_opponents(), 6).tolist(),
            "stderr": np.round(equity_vs_opponents_stderr(), 6).tolist()}


def class_info(name: str) -> JsonObject:
    """A class's exact distribution of hand categories and its equity against 1..9 hands.

    The first call computes the distributions of all classes (about a second; the app starts
    it when it starts).

    Parameters
    ----------
    name : str
        A class: 'AA', 'AKs', 'T9o' (case does not matter).

    Returns
    -------
    dict
        ``RankDistribution.to_dict()`` without its ``ranks`` (``class``, ``boards``,
        ``mean_rank``, ``average_mean_rank``, ``categories``), plus ``combos`` and
        ``equity_vs_opponents`` (9 numbers).

    Raises
    ------
    ApiError
        400 when ``name`` is not a class.

    Examples
    --------
    >>> from pokerkeys.web.compute import class_info
    >>> info = class_info("aks")
    >>> info["class"], info["boards"], info["categories"]["Flush"]["boards"]
    ('AKs', 2118760, 138296)
    """
    try:
        name = normalize_class_name(name)
    except ValueError as exc:
        raise bad(str(exc)) from None
    dist = rank_distribution(name).to_dict()
    dist.pop("ranks")  # 7,462 ranks: the pages show categories
    k = class_index(name)
    dist["combos"] = class_combo_count(name)
    dist["equity_vs_opponents"] = equity_vs_opponents()[k].tolist()
    return dist


def range_info(text: str) -> JsonObject:
    """A range's weight per class, its combos and its share of all starting hands.

    Parameters
    ----------
    text : str
        The range, in ``pokerkeys.Range`` syntax ('QQ+,AKs:0.5', '15%').

    Returns
    -------
    dict
        ``text`` (as given), ``description`` (class by class), ``combos`` (weighted),
        ``percent`` (of the 1,326 starting hands) and ``classes`` (each class in the range
        with its weight, the mean over the class's combos, rounded to 6 decimals).

    Raises
    ------
    ApiError
        400 with the range parser's message when ``text`` does not parse.

    Examples
    --------
    >>> from pokerkeys.web.compute import range_info
    >>> info = range_info("QQ+,AKs:0.5")
    >>> info["description"], info["combos"], info["classes"]
    ('AA, AKs:0.5, KK, QQ', 20.0, {'AA': 1.0, 'AKs': 0.5, 'KK': 1.0, 'QQ': 1.0})
    """
    try:
        rng = Range(text)
    except ValueError as exc:
        raise bad(str(exc)) from None
    dense = rng.weight_vector()
    sums = np.bincount(COMBO_CLASS, weights=dense, minlength=len(CLASS_NAMES))
    sizes = np.bincount(COMBO_CLASS, minlength=len(CLASS_NAMES))
    weights = sums / sizes
    return {"text": text, "description": Range.from_combos(rng.combos, rng.weights).text,
            "combos": rng.combo_count, "percent": 100 * rng.combo_count / 1326,
            "classes": {n: round(float(w), 6)
                        for n, w in zip(CLASS_NAMES, weights, strict=True) if w > 0}}


# ---------------------------------------------------------------------------- head-to-head
def _side(text: str, which: str) -> tuple[Side, str]:
    """('class', 'AKs') or ('hand', 'AhKh'), or ('range', text) for anything else."""
    try:
        return "class", normalize_class_name(text)
    except ValueError:
        pass
    try:
        ids = parse_cards(text)
        if len(ids) == 2:
            return "hand", format_cards(ids, "")
    except ValueError:
        pass
    try:
        Range(text)
    except ValueError as exc:
        raise bad(f"{which}: {text!r} is neither a class, a hand nor a range: {exc}") from None
    return "range", text


def headsup_plan(a: str, b: str) -> tuple[Side, str, Side, str]:
    """Both sides of a head-to-head classified, and checked to be quick to enumerate.

    Parameters
    ----------
    a, b : str
        Each a class ('AKs'), a hand ('AhKh') or a range ('QQ+').

    Returns
    -------
    tuple
        ``(kind_a, a, kind_b, b)``: each side's kind ('class', 'hand' or 'range') and its
        text, a class's name normalised and a hand's cards written without spaces.

    Raises
    ------
    ApiError
        400 when a side is neither a class, a hand nor a range (the message names hand 1 or
        hand 2), when the sides share a card, or when ranges are too big to enumerate
        in about a second.

    Examples
    --------
    >>> from pokerkeys.web.compute import headsup_plan
    >>> headsup_plan("aks", "Qs Qd")
    ('class', 'AKs', 'hand', 'QsQd')
    """
    (kind_a, a), (kind_b, b) = _side(a, "hand 1"), _side(b, "hand 2")
    try:
        if (kind_a != "class" or kind_b != "class") and not enumeration_fits([a, b]):
            raise bad("head-to-head enumerates every board; these ranges take too long "
                      "for that: use the odds calculator (Monte Carlo)")
    except ValueError as exc:
        raise bad(str(exc)) from None
    return kind_a, a, kind_b, b


def headsup(kind_a: Side, a: str, kind_b: Side, b: str, check: Check) -> JsonObject:
    """Exact head-to-head equity of two classes, hands or ranges, as ``headsup_plan`` read them.

    For two classes the answer lists the suit-distinct matchups, each enumerated over all
    boards and weighted by its number of combo pairs; together they add up to the
    class-against-class figure. Classes and hands come with the distribution of their hand
    categories.

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

    Returns
    -------
    dict
        ``hand1``, ``hand2``, ``kind1``, ``kind2``, ``equity`` (of the first side),
        ``matchups`` (empty unless two classes) and ``distributions`` (per side, None for a
        range); two classes add ``combo_pairs`` and ``shipped_equity``, others ``win`` and
        ``tie`` per side.

    Raises
    ------
    ValueError
        The engine's message, when no pair of the two ranges avoids a shared card.

    Examples
    --------
    >>> from pokerkeys.web.compute import headsup
    >>> r = headsup("range", "QQ+", "range", "AKs", lambda *progress: None)
    >>> round(r["equity"], 6), r["matchups"], r["distributions"]
    (0.65414, [], [None, None])
    """
    out: JsonObject = {"hand1": a, "hand2": b, "kind1": kind_a, "kind2": kind_b}
    if kind_a == "class" and kind_b == "class":
        _, _, rows = suit_breakdown(a, b, check)
        out.update(equity=class_equity(rows), combo_pairs=sum(r.weight for r in rows),
                   shipped_equity=heads_up_equity(a, b),
                   matchups=[{"hand1": r.hand1, "hand2": r.hand2, "combos": r.weight,
                              "equity": r.equity, "win": r.win, "tie": r.tie} for r in rows])
    else:
        r = equity([a, b], exact=True, progress=check)
        out.update(equity=float(r.equity[0]), win=r.win.tolist(), tie=r.tie.tolist(),
                   matchups=[])
    out["distributions"] = [_distribution(kind, x) for kind, x in ((kind_a, a), (kind_b, b))]
    return out


def _distribution(kind: Side, text: str) -> JsonObject | None:
    if kind == "range":
        return None
    name = text if kind == "class" else hand_class(text)
    label = name if kind == "class" else f"{text} ({name})"
    return {"class": name, "label": label,
            "categories": rank_distribution(name).to_dict()["categories"]}


def warm_up() -> None:
    """Load what the first requests need, so that they answer at once.

    The kernels of heads-up enumerations and of Monte Carlo, and the rank distributions of
    all classes: a few seconds, once per process. The app runs it on a thread as it starts.

    Examples
    --------
    >>> from pokerkeys.web.compute import warm_up
    >>> warm_up()  # doctest: +SKIP
    """
    equity(["AhKh", "QsQd"], exact=True)
    equity(["AhKh", "QsQd"], board="2c7d9h", exact=True)
    equity(["AhKh", "QsQd", "random"], exact=False, trials=1000, seed=0)
    rank_distribution("AA")
