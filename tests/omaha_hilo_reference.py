"""A slow, plain reference for Omaha hi/lo (eight or better), independent of the library.

Every hand is tried the long way: each choice of exactly two hole cards and three board cards
(``itertools.combinations``). The high is ranked by ``reference.rank5`` (the textbook ranker
of these tests); the low is the five ranks, aces counted as 1, kept only when they are five
different ranks of eight or less, and compared from the highest card down (a smaller tuple
is a better low). Pots are split in exact fractions: half to the best high and half to the
best low (the whole pot to the high when nobody has a low), each half split evenly between
tied players.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import reference as R


def low_rank(card: int) -> int:
    """A card's rank for the low: ace 1, deuce 2, ..., king 13."""
    rank = card // 4  # 0..12 = 2..A
    return 1 if rank == 12 else rank + 2


def low_of_five(cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """The five ranks, highest first, if they make a qualifying low; else None."""
    ranks = sorted((low_rank(c) for c in cards), reverse=True)
    if len(set(ranks)) == 5 and ranks[0] <= 8:
        return tuple(ranks)
    return None


def best_low(hole: list[int], board: list[int]) -> tuple[int, ...] | None:
    """The best low of exactly two hole cards and three board cards (smaller is better)."""
    lows = [low_of_five(two + three) for two in combinations(hole, 2)
            for three in combinations(board, 3)]
    found = [low for low in lows if low is not None]
    return min(found) if found else None


@cache
def _rank5(five: tuple[int, ...]) -> tuple:
    return R.rank5(list(five))


def best_high(hole: list[int], board: list[int]) -> tuple:
    """The best high of exactly two hole cards and three board cards (larger is better)."""
    return max(_rank5(tuple(sorted(two + three))) for two in combinations(hole, 2)
               for three in combinations(board, 3))


def showdown(hands: list[list[int]], board: list[int]) -> tuple[list[Fraction], set[int],
                                                                 set[int]]:
    """Each player's share of the pot on a full board, the high winners and the low winners
    (empty when no low qualifies)."""
    highs = [best_high(h, board) for h in hands]
    top = max(highs)
    high_winners = {i for i, v in enumerate(highs) if v == top}
    lows = [best_low(h, board) for h in hands]
    qualified = [v for v in lows if v is not None]
    low_winners = {i for i, v in enumerate(lows) if qualified and v == min(qualified)}
    half = Fraction(1, 2) if low_winners else Fraction(1)
    shares = [Fraction(0)] * len(hands)
    for i in high_winners:
        shares[i] += half / len(high_winners)
    for i in low_winners:
        shares[i] += Fraction(1, 2) / len(low_winners)
    return shares, high_winners, low_winners


def hilo_exact(hands: list[list[int]], board: list[int], dead: list[int] = ()) -> dict:
    """Every completion of the board: average pot share, high and low shares, scoops and the
    share of boards with a low, as floats (computed in fractions)."""
    used = set(board) | set(dead) | {c for h in hands for c in h}
    free = [c for c in range(52) if c not in used]
    n = len(hands)
    pot = [Fraction(0)] * n
    high = [Fraction(0)] * n
    low = [Fraction(0)] * n
    scoop = [0] * n
    lows = 0
    boards = 0
    for rest in combinations(free, 5 - len(board)):
        full = list(board) + list(rest)
        shares, hw, lw = showdown(hands, full)
        boards += 1
        lows += bool(lw)
        for i in range(n):
            pot[i] += shares[i]
            if i in hw:
                high[i] += Fraction(1, len(hw))
            if i in lw:
                low[i] += Fraction(1, len(lw))
            if shares[i] == 1:
                scoop[i] += 1
    return {"boards": boards, "equity": [float(x / boards) for x in pot],
            "high": [float(x / boards) for x in high], "low": [float(x / boards) for x in low],
            "scoop": [x / boards for x in scoop], "low_qualifies": lows / boards}


def cards(text: str) -> list[int]:
    """'As2d' or 'As 2d' -> card ids (4 * rank + suit)."""
    text = "".join(text.split())
    return R.ids(" ".join(text[i:i + 2] for i in range(0, len(text), 2)))
