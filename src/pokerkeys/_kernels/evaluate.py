"""Evaluation kernels: key sum -> rank, for single hands and batches.

The arguments after the cards are one hand size's tables, in the order of
``pokerkeys.tables.EvalTables.as_tuple()``, followed by that size's hash constants.
"""
from __future__ import annotations

import numpy as np

from .._jit import inline, kernel, prange
from .._layout import FLUSH_FIELD_BITS, SUIT_BITS, SUIT_MASK

_FIELD_MASK = (1 << FLUSH_FIELD_BITS) - 1


@inline
def rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                shift):
    """Rank of a hand from its packed key sum and its per-suit flush sums.

    The low 9 bits of the key sum say how many cards each suit has (the suit keys make every
    suit distribution's sum unique), so one table read tells whether a suit holds 5+ cards.
    Without a flush only the face sum matters: scramble it and read the displacement hash.
    With a flush the rank is that suit's flush sum's entry: a flush hand cannot also hold
    quads or a full house, so its other cards never matter.
    """
    suit = flush_suit[key & SUIT_MASK]
    if suit < 0:
        h = ((key >> SUIT_BITS) * mult) & hmask
        return hash_ranks[hash_base[h >> shift] + (h & ((1 << shift) - 1))]
    return flush_ranks[(flush_sums >> (FLUSH_FIELD_BITS * suit)) & _FIELD_MASK]


@kernel
def rank_one(cards, card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks,
             mult, hmask, shift):
    """Rank of one validated hand (1-D array of 5-7 distinct card ids)."""
    key = np.uint64(0)
    flush_sums = np.uint64(0)
    for c in cards:
        key += card_keys[c]
        flush_sums += flush_keys[c]
    return rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks, mult,
                       hmask, shift)


@kernel(parallel=True)
def rank_batch(cards, out, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
               flush_ranks, mult, hmask, shift):
    """out[i] = rank of row i of an (N, k) uint8 array, or 0 if the row is invalid.

    Validation is fused into the key sum: a card id >= 52 or a card seen twice in the row
    (tracked as bits of a 64-bit mask) marks the row with rank 0, which no hand has, so the
    caller finds bad rows with one vectorised scan and can name the first one.
    """
    n, k = cards.shape
    for i in prange(n):
        key = np.uint64(0)
        flush_sums = np.uint64(0)
        seen = np.uint64(0)
        repeated = np.uint64(0)
        too_big = False
        for j in range(k):
            c = cards[i, j]
            too_big |= c >= 52
            bit = np.uint64(1) << np.uint64(c & 63)
            repeated |= seen & bit
            seen |= bit
        if too_big or repeated != 0:
            out[i] = 0
            continue
        for j in range(k):
            c = cards[i, j]
            key += card_keys[c]
            flush_sums += flush_keys[c]
        out[i] = rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks,
                             mult, hmask, shift)
