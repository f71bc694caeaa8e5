"""Exact counts of one matchup in NumPy: the answer of a first run, while the kernel compiles.

A fresh install has no compiled kernels, and compiling the exact enumeration takes several
seconds; counting one matchup's boards here takes a fraction of one. Every board completion is
enumerated as a key sum (the sums of all k-card subsets of the deck, built one card at a time),
and each player's rank is two table reads per board, exactly as the kernels read them: the
same tables, the same hash, so the counts are the kernels' to the last board.
"""
from __future__ import annotations

import math

import numpy as np

from .._layout import FLUSH_FIELD_BITS, HASH_BITS, HASH_MULT, HASH_SHIFT, SUIT_BITS, SUIT_MASK
from ..core.tables import eval_tables

_FIELD_MASK = np.uint64((1 << FLUSH_FIELD_BITS) - 1)
# Hand evaluations (boards x players x matchups) NumPy does in about a quarter of a second.
MAX_EVALUATIONS = 1e7


def fits(hands: np.ndarray, weights: np.ndarray, n_missing: int, n_rem: int) -> bool:
    """Whether these matchups (M, P, 2) are counted here: one matchup preflop (the kernel
    counts board rank classes, far fewer than boards), any number with a board given, within
    MAX_EVALUATIONS; and integer weights, whose weighted sums are exact in float64 in any
    order, so the answer is the kernels' to the last bit."""
    if n_missing == 5 and len(hands) > 1:
        return False
    evaluations = math.comb(n_rem, n_missing) * hands.shape[1] * len(hands)
    return evaluations <= MAX_EVALUATIONS and bool((weights == np.round(weights)).all())


def subset_sums(keys: np.ndarray, flush: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """(key sums, flush sums) of every k-card subset of the deck whose cards have these keys.

    Subsets of size j are kept ordered by their highest card, so those below card m are a
    prefix of the array; the subsets of size j + 1 whose highest card is m are that prefix of
    size j plus card m's key: one slice and one add per card, written straight into place.
    """
    n = len(keys)
    key_sum = np.zeros(1, np.uint32)
    flush_sum = np.zeros(1, np.uint64)
    below = np.ones(n + 1, dtype=np.int64)  # below[m]: subsets of size j with cards < m only
    for _ in range(k):
        # Subsets of size j + 1 with highest card m: below[m] of them (those of size j under m).
        ends = np.concatenate([[0], np.cumsum(below[:n])])
        new_key = np.empty(ends[-1], np.uint32)
        new_flush = np.empty(ends[-1], np.uint64)
        for m in range(n):
            lo, hi = ends[m], ends[m + 1]
            np.add(key_sum[:below[m]], keys[m], out=new_key[lo:hi], casting="unsafe")
            np.add(flush_sum[:below[m]], flush[m], out=new_flush[lo:hi])
        key_sum, flush_sum = new_key, new_flush
        below = ends
    return key_sum, flush_sum


def _ranks(key: np.ndarray, flush_sum: np.ndarray, tables) -> np.ndarray:
    """7-card ranks from key sums and per-suit flush sums (``_kernels.evaluate.rank_of_key``).

    In uint32 the face sum times the multiplier wraps modulo 2**32, which keeps the low
    HASH_BITS bits the mask takes exact.
    """
    shift = HASH_SHIFT[7]
    h = ((key >> np.uint32(SUIT_BITS)) * np.uint32(HASH_MULT[7])) & np.uint32(
        (1 << HASH_BITS[7]) - 1)
    slot = tables.hash_base.take(h >> np.uint32(shift)) + (h & np.uint32((1 << shift) - 1))
    rank = tables.hash_ranks.take(slot)
    suit = tables.flush_suit.take(key & np.uint32(SUIT_MASK))
    flush = np.flatnonzero(suit >= 0)
    if len(flush):
        field = (flush_sum[flush] >> (np.uint64(FLUSH_FIELD_BITS)
                                      * suit[flush].astype(np.uint64))) & _FIELD_MASK
        rank[flush] = tables.flush_ranks.take(field)
    return rank


def mask_counts(hands: np.ndarray, board: np.ndarray, excluded: int,
                n_missing: int) -> np.ndarray:
    """Winner-mask counts (float64, 2**P) of one matchup `hands` (P, 2) over every completion of
    `board` by `n_missing` cards from the deck less the hole cards and `excluded` (a 52-bit
    mask of board and dead cards)."""
    tables = eval_tables(7)
    used = excluded
    for c in hands.ravel():
        used |= 1 << int(c)
    deck = np.array([c for c in range(52) if not used >> c & 1], dtype=np.int64)
    board_key, board_flush = subset_sums(tables.card_keys[deck], tables.flush_keys[deck],
                                         n_missing)
    board = np.asarray(board, dtype=np.int64)
    # Seven packed keys sum below 2**32 (see _layout), so the key sums stay uint32.
    board_key += np.uint32(int(tables.card_keys[board].astype(np.int64).sum()))
    board_flush += np.uint64(int(tables.flush_keys[board].sum()))
    best = np.zeros(len(board_key), dtype=np.uint16)
    mask = np.zeros(len(board_key), dtype=np.int16)
    for p, (a, b) in enumerate(hands.astype(np.int64)):
        hole_key = np.uint32(int(tables.card_keys[a]) + int(tables.card_keys[b]))
        hole_flush = np.uint64(int(tables.flush_keys[a]) + int(tables.flush_keys[b]))
        rank = _ranks(board_key + hole_key, board_flush + hole_flush, tables)
        bit = np.int16(1 << p)  # at most 10 players
        # join_leaders on whole arrays: a higher rank leads alone, an equal one joins.
        mask = np.where(rank > best, bit, mask | ((rank == best) * bit).astype(np.int16))
        np.maximum(best, rank, out=best)
    return np.bincount(mask, minlength=1 << len(hands)).astype(np.float64)


def weighted_mask_counts(hands: np.ndarray, weights: np.ndarray, board: np.ndarray,
                         excluded: int, n_missing: int) -> np.ndarray:
    """Sum of weights[m] times the mask counts of matchup m (M, P, 2), as the kernels give."""
    total = np.zeros(1 << hands.shape[1])
    for hole, weight in zip(hands, weights, strict=False):
        total += weight * mask_counts(hole, board, excluded, n_missing)
    return total
