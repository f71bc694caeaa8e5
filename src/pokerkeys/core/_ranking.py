"""The 7,462 equivalence classes of five-card hands, in rank order.

Every five-card hand is either a multiset of ranks that is not a flush (6,175 classes: the
C(17, 5) = 6,188 multisets of 5 ranks minus the 13 impossible five-of-a-kinds) or a set of 5
distinct ranks in one suit (1,287 = C(13, 5) classes). Giving each class a comparable value
(category, then the ranks that break ties in the order they matter) and sorting the 7,462 values
numbers them 1..7462, higher is better. The offline table builder and `describe` both stand on
this one enumeration, so a rank means the same thing everywhere.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, \
    STRAIGHT_FLUSH = range(1, 10)

N_CLASSES = 7462
ACE = 12


def straight_top(distinct_ranks: tuple[int, ...]) -> int:
    """Top rank of the straight formed by 5 distinct ranks (sorted descending), or -1.

    The wheel A-2-3-4-5 counts as a straight whose top card is the five (rank 3).
    """
    if distinct_ranks[0] - distinct_ranks[4] == 4:
        return distinct_ranks[0]
    if distinct_ranks == (ACE, 3, 2, 1, 0):
        return 3
    return -1


def value_of(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Comparable value of five ranks (0..12), the cards all of one suit if ``flush``.

    The value is (category, significant ranks...): ranks grouped by multiplicity, bigger groups
    first and higher ranks first within a multiplicity, which is how poker breaks ties.
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(counts[r] for r in order)
    if len(order) == 5:
        top = straight_top(tuple(order))
        if top >= 0:
            return (STRAIGHT_FLUSH if flush else STRAIGHT, top)
        return (FLUSH if flush else HIGH_CARD, *order)
    category = {(4, 1): FOUR_OF_A_KIND, (3, 2): FULL_HOUSE, (3, 1, 1): THREE_OF_A_KIND,
                (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}[shape]
    return (category, *order)


@lru_cache(maxsize=1)
def _classes_in_rank_order() -> list[tuple[tuple[int, ...], tuple[int, ...], bool]]:
    """(value, ranks sorted descending, is_flush) of the 7,462 classes, worst first."""
    values: list[tuple[tuple[int, ...], tuple[int, ...], bool]] = []
    for combo in combinations_with_replacement(range(12, -1, -1), 5):
        if combo[0] != combo[4]:  # five of a kind does not exist without wild cards
            values.append((value_of(combo, False), combo, False))
    for combo in combinations(range(12, -1, -1), 5):
        values.append((value_of(combo, True), combo, True))
    values.sort()
    assert len(values) == N_CLASSES
    return values


@lru_cache(maxsize=1)
def five_card_classes() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """Rank 1..7462 of every non-flush rank multiset and every flush rank set.

    Returns (non_flush, flush): dicts from a tuple of 5 ranks sorted descending to the rank.
    """
    non_flush: dict[tuple[int, ...], int] = {}
    flush: dict[tuple[int, ...], int] = {}
    for rank, (_, combo, is_flush) in enumerate(_classes_in_rank_order(), start=1):
        (flush if is_flush else non_flush)[combo] = rank
    return non_flush, flush


@lru_cache(maxsize=1)
def rank_values() -> npt.NDArray[np.uint8]:
    """(7463, 6) uint8: row r = (category, significant ranks...) of rank r; row 0 unused.

    Unused trailing rank slots hold 255. `describe` reads names from here.
    """
    table = np.full((N_CLASSES + 1, 6), 255, dtype=np.uint8)
    for rank, (value, _, _) in enumerate(_classes_in_rank_order(), start=1):
        table[rank, :len(value)] = value
    return table
