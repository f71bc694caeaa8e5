"""What the API computes, as plain functions of checked input returning JSON-ready dicts.

``plan_equity`` decides, before any work starts, how an equity request runs: as a short job
(an enumeration the engine would pick by itself, about a second at most), or as a long one
(Monte Carlo, bounded by the server's time limit, or a bigger enumeration under the server's
evaluation limit). The other functions read the shipped preflop tables or enumerate small
heads-up problems.
"""
from __future__ import annotations

from dataclasses import dataclass

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
from ..equity.holdem import DEFAULT_TRIALS, enumeration_fits, equity
from ..equity.ranges import Range
from ..preflop import (
    equity_vs_opponents,
    equity_vs_opponents_stderr,
    heads_up_equity,
    rank_distribution,
)
from ..preflop.breakdown import class_equity, suit_breakdown
from .jobs import LONG, SHORT
from .limits import Limits
from .schemas import EquityRequest, bad


@dataclass(frozen=True)
class EquityPlan:
    kind: str       # SHORT or LONG
    kwargs: dict    # for pk.equity

    def work(self, check) -> dict:
        return equity(**self.kwargs, progress=check).to_dict()


def plan_equity(request: EquityRequest, limits: Limits) -> EquityPlan:
    """How to run a request within the limits; raises ApiError (400) on bad input."""
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


def _bounded_monte_carlo(kwargs: dict, limits: Limits, stop_given: bool) -> dict:
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
def preflop_table() -> dict:
    """The 169 classes in 13 x 13 grid order with their shipped equity against 1..9 random
    hands (row = class, column = opponents - 1) and combo counts."""
    return {"classes": list(CLASS_NAMES),
            "combos": [class_combo_count(n) for n in CLASS_NAMES],
            "equity_vs_opponents": np.round(equity_vs_opponents(), 6).tolist(),
            "stderr": np.round(equity_vs_opponents_stderr(), 6).tolist()}


def class_info(name: str) -> dict:
    """A class's exact rank distribution by category and its equity against 1..9 hands."""
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


def range_info(text: str) -> dict:
    """A range's weight per class (mean over the class's combos), combos and description."""
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
            "classes": {n: round(float(w), 6) for n, w in zip(CLASS_NAMES, weights, strict=False) if w > 0}}


# ---------------------------------------------------------------------------- head-to-head
def _side(text: str, which: str):
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


def headsup_plan(a: str, b: str) -> tuple[str, str, str, str]:
    """Both sides classified; raises 400 on bad input or a problem too big to enumerate."""
    (kind_a, a), (kind_b, b) = _side(a, "hand 1"), _side(b, "hand 2")
    try:
        if kind_a != "class" or kind_b != "class":
            if not enumeration_fits([a, b]):
                raise bad("head-to-head enumerates every board; these ranges take too long "
                          "for that: use the odds calculator (Monte Carlo)")
    except ValueError as exc:
        raise bad(str(exc)) from None
    return kind_a, a, kind_b, b


def headsup(kind_a: str, a: str, kind_b: str, b: str, check) -> dict:
    """Exact equity of two classes, hands or ranges; for two classes the suit-distinct
    matchups (each enumerated over all boards, weighted by its number of combo pairs), which
    add up to the class-against-class figure; the rank distributions of the classes."""
    out = {"hand1": a, "hand2": b, "kind1": kind_a, "kind2": kind_b}
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


def _distribution(kind: str, text: str) -> dict | None:
    if kind == "range":
        return None
    name = text if kind == "class" else hand_class(text)
    label = name if kind == "class" else f"{text} ({name})"
    return {"class": name, "label": label,
            "categories": rank_distribution(name).to_dict()["categories"]}


def warm_up() -> None:
    """Load what the first requests need: the kernels of heads-up enumerations and of Monte
    Carlo, and the rank distributions of all classes (a few seconds once per process)."""
    equity(["AhKh", "QsQd"], exact=True)
    equity(["AhKh", "QsQd"], board="2c7d9h", exact=True)
    equity(["AhKh", "QsQd", "random"], exact=False, trials=1000, seed=0)
    rank_distribution("AA")
