"""Exhaustive enumeration of all 5- and 7-card hands, counting ranks.

Work is split over (first card, second card) pairs, grouped so that every group holds about the
same number of hands (see ``pokerkeys.stats._pair_groups``); the loops below add one card key at
a time, so each hand costs one add for the key, one for the flush sums and the lookup.
"""
from __future__ import annotations

import numpy as np

from .._jit import kernel, prange
from .._layout import BATCH_FLUSH_BITS, BATCH_SUIT_BIAS, FLUSH_FIELD_BITS
from .evaluate import BATCH_HASH_7, HASH_5, batch_flush_suit, rank_of_key

N_RANKS = 7462


# A 6-card partial sum of batch keys whose suit counters, biased by 4, reach their top bit has 4+
# cards of one suit: only then can the 7th card make a flush.
_SIX_CARD_FLUSH_BIAS = np.uint64(0x4444)
_FLUSH_BITS = np.uint64(BATCH_FLUSH_BITS)
_BIAS = np.uint64(BATCH_SUIT_BIAS)
_FIELD = np.uint64((1 << FLUSH_FIELD_BITS) - 1)


@kernel(parallel=True)
def rank_histogram_7(pairs, group_starts, keys, flush_keys, ranks, flush_at):
    """counts[r] = number of 7-card hands of rank r (every hand is evaluated).

    `keys` / `flush_keys` are the first 52 batch keys and flush keys, `ranks` and `flush_at` the
    batch rank table (``EvalTables.batch_tuple()``): the sum of batch keys carries the non-flush
    hash in its top bits and a counter per suit in its low bits, so a hand costs one add, two
    shifts and the two reads of the compact hash, which stays in L2 (a dense face-sum table of
    15.6 MB read in face order was a third slower). Two more things keep the innermost loop short:
    * once 6 cards are fixed, their suit counters say whether any suit has 4 of them; if not, no
      7th card makes a flush and the loop skips the flush test;
    * that loop alternates between two histograms, so two hands in a row of the same rank (the
      same face sum with another suit) do not wait on each other's increment.
    Histograms are int32 per group (a group holds far fewer than 2**31 hands).
    """
    row_shift, col_shift, col_mask = BATCH_HASH_7  # compile-time constants
    n_groups = len(group_starts) - 1
    counts = np.zeros((n_groups, 2, N_RANKS + 1), dtype=np.int32)
    for g in prange(n_groups):
        even = counts[g, 0]
        odd = counts[g, 1]
        for p in range(group_starts[g], group_starts[g + 1]):
            c0 = pairs[p, 0]
            c1 = pairs[p, 1]
            k1 = keys[c0] + keys[c1]
            f1 = flush_keys[c0] + flush_keys[c1]
            for c2 in range(c1 + 1, 48):
                k2 = k1 + keys[c2]
                f2 = f1 + flush_keys[c2]
                for c3 in range(c2 + 1, 49):
                    k3 = k2 + keys[c3]
                    f3 = f2 + flush_keys[c3]
                    for c4 in range(c3 + 1, 50):
                        k4 = k3 + keys[c4]
                        f4 = f3 + flush_keys[c4]
                        for c5 in range(c4 + 1, 51):
                            k5 = k4 + keys[c5]
                            f5 = f4 + flush_keys[c5]
                            if ((k5 + _SIX_CARD_FLUSH_BIAS) & _FLUSH_BITS) != 0:
                                for c6 in range(c5 + 1, 52):
                                    key = k5 + keys[c6] + _BIAS
                                    if (key & _FLUSH_BITS) != 0:
                                        suit = batch_flush_suit(key)
                                        field = ((f5 + flush_keys[c6])
                                                 >> np.uint64(FLUSH_FIELD_BITS * suit)) & _FIELD
                                        r = ranks[flush_at + np.int64(field)]
                                    else:
                                        r = ranks[ranks[key >> row_shift]
                                                  + ((key >> col_shift) & col_mask)]
                                    even[r] += 1
                                continue
                            c6 = c5 + 1
                            while c6 < 51:
                                ka = k5 + keys[c6]
                                kb = k5 + keys[c6 + 1]
                                at_a = ranks[ka >> row_shift] + ((ka >> col_shift) & col_mask)
                                at_b = ranks[kb >> row_shift] + ((kb >> col_shift) & col_mask)
                                even[ranks[at_a]] += 1
                                odd[ranks[at_b]] += 1
                                c6 += 2
                            if c6 == 51:
                                ka = k5 + keys[51]
                                even[ranks[ranks[ka >> row_shift]
                                           + ((ka >> col_shift) & col_mask)]] += 1
    return counts.astype(np.int64).sum(axis=1).sum(axis=0)


@kernel(parallel=True)
def rank_histogram_5(pairs, group_starts, card_keys, flush_keys, flush_suit, hash_base,
                     hash_ranks, flush_ranks):
    """counts[r] = number of 5-card hands of rank r (same scheme as the 7-card kernel)."""
    mult, hmask, shift = HASH_5  # compile-time constants
    n_groups = len(group_starts) - 1
    counts = np.zeros((n_groups, N_RANKS + 1), dtype=np.int32)
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
