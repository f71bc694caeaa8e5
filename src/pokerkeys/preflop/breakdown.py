"""Two classes head to head, by suit situation: every suit-distinct matchup of the two
classes enumerated over all boards, weighted by the number of combo pairs it stands for; the
weighted equities add up to the class-against-class figure (``pokerkeys preflop matchups``
and the web app's head-to-head page)."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import format_cards
from ..core.classes import class_index, normalize_class_name
from ..equity.holdem import equity
from .exact import suit_distinct_matchups


@dataclass(frozen=True)
class SuitMatchup:
    hand1: str
    hand2: str
    weight: int          # unordered pairs of disjoint combos this matchup stands for
    wins: int            # boards (of 1,712,304) on which hand1 wins, ties, loses
    ties: int
    losses: int
    equity: float        # of hand1
    win: float
    tie: float


def suit_breakdown(class1: str, class2: str, check=None) -> tuple[str, str, list[SuitMatchup]]:
    """(class1, class2 normalised, their suit-distinct matchups, hands of class1 first).
    ``check()``, if given, is called before each matchup (it may raise to stop)."""
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
        r = equity([h1, h2], exact=True)
        rows.append(SuitMatchup(h1, h2, int(row["weight"]), int(r.wins[0]), int(r.ties[0]),
                                int(r.losses[0]), float(r.equity[0]), float(r.win[0]),
                                float(r.tie[0])))
    return a, b, rows


def class_equity(rows: list[SuitMatchup]) -> float:
    """The class-against-class equity: the matchups' equities weighted by their combo pairs."""
    return sum(r.weight * r.equity for r in rows) / sum(r.weight for r in rows)
