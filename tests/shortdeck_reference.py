"""A slow, obviously correct short-deck (six-plus hold'em) ranker, independent of pokerkeys.

It shares nothing with the library but the card ids (``4 * rank + suit``, rank 0 = two ..
12 = ace): it names every hand's category from its cards with plain counting, compares hands by
(category's place in the rule order, the ranks that break ties), and ranks a 6- or 7-card hand
by the best of its five-card subsets. Short deck: cards six to ace only; the ace plays high, or
low in A-6-7-8-9, the lowest straight; a flush beats a full house; three of a kind beats a
straight unless the rules say ``straight-beats-trips``.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

# Categories worst first, as each rule order ranks them.
ORDER = {
    "trips-beat-straight": ["high card", "pair", "two pair", "straight", "three of a kind",
                            "full house", "flush", "four of a kind", "straight flush"],
    "straight-beats-trips": ["high card", "pair", "two pair", "three of a kind", "straight",
                             "full house", "flush", "four of a kind", "straight flush"],
}
SIX = 6  # face values: 6..14 (ace 14)


def face(card: int) -> int:
    """Face value of a card id: 2..14 (ace 14)."""
    return card // 4 + 2


def suit(card: int) -> int:
    return card % 4


def is_short_deck(cards) -> bool:
    return all(face(c) >= SIX for c in cards)


def straight_high(values: list[int]) -> int | None:
    """Highest card of the straight that 5 face values make, or None (A-6-7-8-9: the nine)."""
    distinct = sorted(set(values), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [14, 9, 8, 7, 6]:
        return 9
    return None


def five_card(cards) -> tuple[str, list[int]]:
    """(category name, tie-break values, most important first) of five short-deck cards."""
    assert len(cards) == 5 and len(set(cards)) == 5 and is_short_deck(cards)
    values = sorted((face(c) for c in cards), reverse=True)
    flush = len({suit(c) for c in cards}) == 1
    high = straight_high(values)
    counts = Counter(values)
    # Values grouped: the larger group first, then the higher value.
    grouped = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if high is not None and flush:
        return "straight flush", [high]
    if shape == [4, 1]:
        return "four of a kind", grouped
    if flush:
        return "flush", values
    if shape == [3, 2]:
        return "full house", grouped
    if high is not None:
        return "straight", [high]
    if shape == [3, 1, 1]:
        return "three of a kind", grouped
    if shape == [2, 2, 1]:
        return "two pair", grouped
    if shape == [2, 1, 1, 1]:
        return "pair", grouped
    return "high card", values


def value(cards, rules: str = "trips-beat-straight") -> tuple[int, ...]:
    """Comparable value of 5 to 7 short-deck cards: the best of their five-card subsets."""
    best = None
    for five in combinations(cards, 5):
        name, ties = five_card(five)
        v = (ORDER[rules].index(name), *ties)
        if best is None or v > best:
            best = v
    assert best is not None
    return best


def category(cards, rules: str = "trips-beat-straight") -> str:
    """Category name of the best five of 5 to 7 short-deck cards."""
    return ORDER[rules][value(cards, rules)[0]]
