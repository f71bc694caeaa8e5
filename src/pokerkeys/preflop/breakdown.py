"""Two classes head to head, by suit situation: every suit-distinct matchup of the two
classes enumerated over all boards, weighted by the number of combo pairs it stands for; the
weighted equities add up to the class-against-class figure (``pokerkeys preflop matchups``
and the web app's head-to-head page). Short deck (``game="shortdeck"``, either rule order):
the same for its 81 classes, each matchup over its 201,376 boards.

>>> from pokerkeys.preflop.breakdown import class_equity, suit_breakdown
>>> first, second, rows = suit_breakdown("AKs", "QQ")
>>> [(r.hand1, r.hand2, r.weight) for r in rows], round(class_equity(rows), 6)
([('AcKc', 'QdQc', 12), ('AcKc', 'QhQd', 12)], 0.460485)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.cards import format_cards
from ..core.classes import class_index, normalize_class_name
from ..core.shortdeck import resolve_rules
from ..equity.holdem import equity
from . import shortdeck
from .exact import suit_distinct_matchups

__all__ = ["SuitMatchup", "class_equity", "suit_breakdown"]


@dataclass(frozen=True)
class SuitMatchup:
    """One suit situation of two classes head to head, counted over all boards.

    Attributes
    ----------
    hand1, hand2 : str
        The matchup's hands, e.g. ``'AcKc'`` and ``'QdQc'`` (the canonical form of
        ``suit_distinct_matchups``, hand of the first class first).
    weight : int
        Unordered pairs of disjoint combos of the two classes that this matchup stands for.
    wins, ties, losses : int
        Boards (of 1,712,304; 201,376 in short deck) on which hand1 wins, ties, loses.
    equity, win, tie : float
        hand1's equity, probability of winning alone and of splitting the pot.

    Examples
    --------
    >>> from pokerkeys.preflop.breakdown import suit_breakdown
    >>> row = suit_breakdown("AKs", "QQ")[2][0]
    >>> row.hand1, row.hand2, row.wins + row.ties + row.losses, round(row.equity, 4)
    ('AcKc', 'QdQc', 1712304, 0.4588)
    """

    hand1: str
    hand2: str
    weight: int
    wins: int
    ties: int
    losses: int
    equity: float
    win: float
    tie: float


def suit_breakdown(class1: str, class2: str, check: Callable[[], object] | None = None, *,
                   game: Literal["holdem", "shortdeck"] = "holdem",
                   rules: str | None = None) -> tuple[str, str, list[SuitMatchup]]:
    """Every suit-distinct matchup of two classes, each enumerated exactly over all boards.

    Parameters
    ----------
    class1, class2 : str
        Two classes (``'AKs'``, ``'qq'``, ``'72o'``); they may be the same.
    check : callable or None, default None
        Called before each matchup; it may raise to stop (the web app's cancellation).
    game : {'holdem', 'shortdeck'}, default 'holdem'
        Short deck: two of its 81 classes, its matchups (``shortdeck.suit_distinct_matchups``)
        played on the 36-card deck.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (None: three of a kind beats a straight); Hold'em takes None.

    Returns
    -------
    class1, class2 : str
        The two class names normalised (``'QQ'``).
    rows : list of SuitMatchup
        The matchups, hands of class1 first, in ``suit_distinct_matchups`` order.

    Raises
    ------
    ValueError
        If a name is not a class (of the game), ``game`` is neither, or ``rules`` is not a
        rule order or given for Hold'em.

    Examples
    --------
    >>> from pokerkeys.preflop.breakdown import suit_breakdown
    >>> first, second, rows = suit_breakdown("qq", "AKs")
    >>> first, second, [(r.hand1, r.hand2, round(r.equity, 4)) for r in rows]
    ('QQ', 'AKs', [('QdQc', 'AcKc', 0.5412), ('QhQd', 'AcKc', 0.5379)])
    >>> rows = suit_breakdown("qq", "AKs", game="shortdeck")[2]
    >>> [(r.hand1, r.hand2, r.weight, round(r.equity, 4)) for r in rows]
    [('QdQc', 'AcKc', 12, 0.5003), ('QhQd', 'AcKc', 12, 0.4856)]
    """
    if game not in ("holdem", "shortdeck"):
        raise ValueError(f"the suit breakdown is for holdem and shortdeck, not game={game!r}")
    order = resolve_rules(game, rules)
    if game == "shortdeck":  # the short deck's matchups are Hold'em's of its classes
        a = shortdeck.CLASS_NAMES[shortdeck.class_index(class1)]
        b = shortdeck.CLASS_NAMES[shortdeck.class_index(class2)]
    else:
        a, b = normalize_class_name(class1), normalize_class_name(class2)
    ia, ib = class_index(a), class_index(b)
    m = suit_distinct_matchups()
    lo, hi = min(ia, ib), max(ia, ib)
    rows = []
    for row in m[(m["class1"] == lo) & (m["class2"] == hi)]:
        if check is not None:
            check()
        h1, h2 = format_cards(row["hand1"], ""), format_cards(row["hand2"], "")
        if ia > ib:
            h1, h2 = h2, h1
        r = equity([h1, h2], exact=True, game=game, rules=order)
        rows.append(SuitMatchup(h1, h2, int(row["weight"]), int(r.wins[0]), int(r.ties[0]),
                                int(r.losses[0]), float(r.equity[0]), float(r.win[0]),
                                float(r.tie[0])))
    return a, b, rows


def class_equity(rows: Sequence[SuitMatchup]) -> float:
    """The class-against-class equity: the matchups' equities weighted by their combo pairs.

    Parameters
    ----------
    rows : sequence of SuitMatchup
        The matchups of ``suit_breakdown`` (at least one).

    Returns
    -------
    float
        The first class's equity against the second (``heads_up_equity`` of the shipped
        matrix of the game, to rounding).

    Raises
    ------
    ZeroDivisionError
        If ``rows`` is empty.

    Examples
    --------
    >>> from pokerkeys.preflop import heads_up_equity
    >>> from pokerkeys.preflop.breakdown import class_equity, suit_breakdown
    >>> rows = suit_breakdown("AKs", "QQ")[2]
    >>> abs(class_equity(rows) - heads_up_equity("AKs", "QQ")) < 1e-12
    True
    """
    return sum(r.weight * r.equity for r in rows) / sum(r.weight for r in rows)
