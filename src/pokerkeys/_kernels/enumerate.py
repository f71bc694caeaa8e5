"""Exhaustive enumeration of all 5- and 7-card hands, counting ranks.

Work is split over (first card, second card) pairs, grouped so that every group holds about the
same number of hands (see ``pokerkeys.stats._pair_groups``); the loops below add one card key at
a time, so each hand costs one add for the key, one for the flush sums and the lookup.
"""
from __future__ import annotations

import numpy as np

from .._jit import kernel, prange
from .._layout import SUIT_BITS, SUIT_MASK
from .evaluate import HASH_5, HASH_7, rank_of_key


@kernel(parallel=True)
def rank_histogram_7(pairs, group_starts, card_keys, flush_keys, flush_suit, hash_base,
                     hash_ranks, flush_ranks, flush_possible, face_keys, dense_ranks):
    """counts[r] = number of 7-card hands of rank r (every hand is evaluated).

    Two shortcuts keep the innermost loop to an add, a load and an increment:
    * once 6 cards are fixed, `flush_possible[suit sum]` says whether any suit already has 4
      of them; if not, no 7th card can make a flush, so the loop skips the flush test;
    * hands are visited in face-sum order within that loop, so the dense face-sum -> rank table
      (15.6 MB, built from the sparse table) is read almost sequentially and beats the compact
      hash, whose scramble exists precisely to scatter keys (random batches use the hash).
    Histograms are int32 per group (a group holds far fewer than 2**31 hands), half the cache
    footprint of int64.
    """
    mult, hmask, shift = HASH_7  # compile-time constants
    n_groups = len(group_starts) - 1
    counts = np.zeros((n_groups, 7463), dtype=np.int32)
    for g in prange(n_groups):
        hist = counts[g]
        for p in range(group_starts[g], group_starts[g + 1]):
            c0 = pairs[p, 0]
            c1 = pairs[p, 1]
            k1 = np.uint64(card_keys[c0]) + card_keys[c1]
            f1 = np.uint64(flush_keys[c0]) + flush_keys[c1]
            for c2 in range(c1 + 1, 48):
                k2 = k1 + card_keys[c2]
                f2 = f1 + flush_keys[c2]
                for c3 in range(c2 + 1, 49):
                    k3 = k2 + card_keys[c3]
                    f3 = f2 + flush_keys[c3]
                    for c4 in range(c3 + 1, 50):
                        k4 = k3 + card_keys[c4]
                        f4 = f3 + flush_keys[c4]
                        for c5 in range(c4 + 1, 51):
                            k5 = k4 + card_keys[c5]
                            f5 = f4 + flush_keys[c5]
                            if flush_possible[k5 & np.uint64(SUIT_MASK)]:
                                for c6 in range(c5 + 1, 52):
                                    r = rank_of_key(k5 + card_keys[c6], f5 + flush_keys[c6],
                                                    flush_suit, hash_base, hash_ranks,
                                                    flush_ranks, mult, hmask, shift)
                                    hist[r] += 1
                            else:
                                face = np.int64(k5 >> np.uint64(SUIT_BITS))
                                for c6 in range(c5 + 1, 52):
                                    hist[dense_ranks[face + face_keys[c6]]] += 1
    return counts.astype(np.int64).sum(axis=0)


@kernel(parallel=True)
def rank_histogram_5(pairs, group_starts, card_keys, flush_keys, flush_suit, hash_base,
                     hash_ranks, flush_ranks):
    """counts[r] = number of 5-card hands of rank r (same scheme as the 7-card kernel)."""
    mult, hmask, shift = HASH_5  # compile-time constants
    n_groups = len(group_starts) - 1
    counts = np.zeros((n_groups, 7463), dtype=np.int32)
    for g in prange(n_groups):
        hist = counts[g]
        for p in range(group_starts[g], group_starts[g + 1]):
            c0 = pairs[p, 0]
            c1 = pairs[p, 1]
            k1 = np.uint64(card_keys[c0]) + card_keys[c1]
            f1 = np.uint64(flush_keys[c0]) + flush_keys[c1]
            for c2 in range(c1 + 1, 50):
                k2 = k1 + card_keys[c2]
                f2 = f1 + flush_keys[c2]
                for c3 in range(c2 + 1, 51):
                    k3 = k2 + card_keys[c3]
                    f3 = f2 + flush_keys[c3]
                    for c4 in range(c3 + 1, 52):
                        r = rank_of_key(k3 + card_keys[c4], f3 + flush_keys[c4], flush_suit,
                                        hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
                        hist[r] += 1
    return counts.astype(np.int64).sum(axis=0)
