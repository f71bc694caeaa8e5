"""An independent, deliberately simple pure-Python poker hand ranker.

It knows nothing about pokerkeys' keys or tables: it works from the card id convention alone
(``c = 4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 = c, d, h, s) and ranks a 5-card hand by
the textbook rules (groups, straights including the wheel, flushes). Hands of 6 or 7 cards are
ranked as the best of their 5-card subsets. It is slow; tests use it on samples and on one
representative per equivalence class.

A hand's key is a tuple ``(category, tiebreak ranks...)`` that compares like the hands do.
"""
from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, \
    STRAIGHT_FLUSH = range(1, 10)

CATEGORY_NAMES = {
    HIGH_CARD: "HIGH_CARD", PAIR: "PAIR", TWO_PAIR: "TWO_PAIR",
    THREE_OF_A_KIND: "THREE_OF_A_KIND", STRAIGHT: "STRAIGHT", FLUSH: "FLUSH",
    FULL_HOUSE: "FULL_HOUSE", FOUR_OF_A_KIND: "FOUR_OF_A_KIND", STRAIGHT_FLUSH: "STRAIGHT_FLUSH",
}

# Number of distinct 5-card equivalence classes per category (textbook figures).
CLASS_COUNTS = {
    STRAIGHT_FLUSH: 10, FOUR_OF_A_KIND: 156, FULL_HOUSE: 156, FLUSH: 1277, STRAIGHT: 10,
    THREE_OF_A_KIND: 858, TWO_PAIR: 858, PAIR: 2860, HIGH_CARD: 1277,
}

ACE = 12
WHEEL = frozenset({ACE, 0, 1, 2, 3})  # A-2-3-4-5


def _straight_high(distinct_ranks) -> int | None:
    """High rank of a straight made by 5 distinct ranks, or None. The wheel is five high (3)."""
    s = set(distinct_ranks)
    if len(s) != 5:
        return None
    if s == WHEEL:
        return 3
    hi = max(s)
    if hi - min(s) == 4:
        return hi
    return None


def key_from_ranks(ranks, flush: bool) -> tuple:
    """Key of a 5-card hand given its 5 ranks (0..12) and whether all suits agree."""
    ranks = list(ranks)
    if len(ranks) != 5:
        raise ValueError("need exactly 5 ranks")
    counts = Counter(ranks)
    if max(counts.values()) > 4:
        raise ValueError("five of a kind is impossible without wild cards")
    if flush and len(counts) != 5:
        raise ValueError("a flush cannot contain a repeated rank")
    # Groups ordered by size, then by rank: e.g. full house 8-8-8-K-K -> [(3, 6), (2, 11)].
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    order = [r for _, r in groups]
    high = _straight_high(counts)
    if high is not None and flush:
        return (STRAIGHT_FLUSH, high)
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, *order)
    if shape == [3, 2]:
        return (FULL_HOUSE, *order)
    if flush:
        return (FLUSH, *order)
    if high is not None:
        return (STRAIGHT, high)
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, *order)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *order)
    if shape == [2, 1, 1, 1]:
        return (PAIR, *order)
    return (HIGH_CARD, *order)


def _check_ids(ids) -> list[int]:
    ids = [int(c) for c in ids]
    for c in ids:
        if not 0 <= c < 52:
            raise ValueError(f"card id {c} outside 0..51")
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate card in {ids}")
    return ids


def rank5(ids) -> tuple:
    """Comparable key of exactly 5 card ids."""
    ids = _check_ids(ids)
    if len(ids) != 5:
        raise ValueError(f"rank5 needs 5 cards, got {len(ids)}")
    ranks = [c >> 2 for c in ids]
    suits = {c & 3 for c in ids}
    return key_from_ranks(ranks, len(suits) == 1)


def best_rank(ids) -> tuple:
    """Key of the best 5-card hand among 5..7 card ids (max over all 5-card subsets)."""
    ids = _check_ids(ids)
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"best_rank needs 5 to 7 cards, got {len(ids)}")
    return max(rank5(sub) for sub in combinations(ids, 5))


def category_of(ids) -> int:
    """Category 1..9 (HIGH_CARD..STRAIGHT_FLUSH) of the best 5-card hand in ``ids``."""
    return best_rank(ids)[0]


@cache
def all_class_keys() -> tuple:
    """The 7,462 distinct 5-card hand keys in increasing order.

    Built directly from the equivalence classes: every multiset of 5 ranks with no rank more
    than 4 times (6,175 of them; non-flush hands) plus every set of 5 distinct ranks as a flush
    (1,287). Each class has a distinct key, so the count of distinct keys must be 7,462.
    """
    keys = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            keys.add(key_from_ranks(ranks, flush=False))
    for ranks in combinations(range(13), 5):
        keys.add(key_from_ranks(ranks, flush=True))
    return tuple(sorted(keys))


@cache
def class_rank_map() -> dict:
    """Map reference key -> rank 1..7462 (1 = worst, 7462 = royal flush)."""
    return {key: i + 1 for i, key in enumerate(all_class_keys())}


def reference_rank(ids) -> int:
    """Rank 1..7462 of the best 5-card hand in ``ids`` under the reference ordering."""
    return class_rank_map()[best_rank(ids)]


def representative(key: tuple) -> list[int]:
    """Some card ids (5 cards) whose reference key is ``key``; inverse of rank5 up to suits."""
    cat = key[0]
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        high = key[1]
        ranks = [ACE, 0, 1, 2, 3] if high == 3 else list(range(high - 4, high + 1))
    else:
        sizes = {FOUR_OF_A_KIND: [4, 1], FULL_HOUSE: [3, 2], THREE_OF_A_KIND: [3, 1, 1],
                 TWO_PAIR: [2, 2, 1], PAIR: [2, 1, 1, 1]}.get(cat, [1] * 5)
        ranks = [r for r, n in zip(key[1:], sizes, strict=False) for _ in range(n)]
    if cat in (FLUSH, STRAIGHT_FLUSH):
        return [4 * r + 3 for r in ranks]  # all spades
    # Not all one suit: give each copy of a rank a different suit, cycling from a per-position
    # offset so the suits cannot all agree.
    out, used = [], Counter()
    for i, r in enumerate(ranks):
        suit = (used[r] + (i if used[r] == 0 else 0)) % 4
        while 4 * r + suit in out:
            suit = (suit + 1) % 4
        used[r] += 1
        out.append(4 * r + suit)
    if len({c & 3 for c in out}) == 1:
        out[0] = 4 * (out[0] >> 2) + ((out[0] & 3) + 1) % 4
    return out


_R = {ch: i for i, ch in enumerate("23456789TJQKA")}
_S = {ch: i for i, ch in enumerate("cdhs")}


def ids(text: str) -> list[int]:
    """Tiny independent parser for tests of the reference itself: 'As Kd 2c' -> ids."""
    return [4 * _R[t[0].upper()] + _S[t[1].lower()] for t in text.split()]
