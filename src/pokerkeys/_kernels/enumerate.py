"""Exhaustive enumeration of all 5- and 7-card hands, counting ranks.

Work is split over (first card, second card) pairs, grouped so that every group holds about the
same number of hands (see ``core.counts._pair_groups``); the loops below add one card key at
a time, so each hand costs one add for the key, one for the flush sums and the lookup.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, int64, kernel, run_chunks
from .._layout import BATCH_FLUSH_BITS, BATCH_SUIT_BIAS
from .evaluate import HASH_5, TABLES, batch_flush_index, hash_col_7, hash_row_7, rank_of_key

N_RANKS = 7462


_FLUSH_BITS = np.uint64(BATCH_FLUSH_BITS)
_BIAS = np.uint64(BATCH_SUIT_BIAS)
_ONE = np.uint64(1)
_TWO = np.uint64(2)


def rank_histogram_7(pairs, group_starts, keys, ranks, flush_at, last_keys, last_flush,
                     last_start):
    """counts[r] = number of 7-card hands of rank r (every hand is evaluated), the groups
    [group_starts[g], group_starts[g + 1]) of first-two-card pairs run on the threads of the
    caller's ``_jit.threads`` block (``histogram_7_chunks``)."""
    counts = np.zeros((len(group_starts) - 1, 2, N_RANKS + 1), dtype=np.int32)
    run_chunks(histogram_7_chunks, len(group_starts) - 1, None, counts, pairs, group_starts,
               keys, ranks, flush_at, last_keys, last_flush, last_start)
    return counts.astype(np.int64).sum(axis=1).sum(axis=0)


@kernel(signatures=[
    (int64, int64, array("int32", 3), array("int64", 2), array("int64"), array("uint64"),
     array("uint16"), int64, array("uint64"), array("uint64"), array("int64")),
])
def histogram_7_chunks(first, end, counts, pairs, group_starts, keys, ranks, flush_at,
                       last_keys, last_flush, last_start):
    """Groups first..end-1 of ``rank_histogram_7`` (``_jit.run_chunks``): counts[g] holds
    group g's two histograms.

    `keys` holds the 52 batch keys then, from 52, the 52 flush keys; `ranks` and `flush_at` are
    the batch rank table (``EvalTables.batch_tuple()``). The sum of batch keys carries the
    non-flush hash in its top bits and a counter per suit in its low bits (``_layout``), so a
    hand costs one add, one AND that is almost never true (a flush), two shifts and the two
    reads of the compact hash, which stays in L2.

    The last two cards are one loop: last_keys[j] / last_flush[j] are the key and flush sums
    of the j-th (c5, c6) pair, ordered by c5, and the pairs whose c5 follows c4 are the suffix
    from last_start[c4 + 1]. Nested c5 and c6 loops ran 6.6 hands per innermost loop on
    average and paid a mispredicted loop exit every time; the suffix holds 51 on average.
    Hands alternate between two histograms, so two hands in a row of the same rank do not
    wait on each other's increment. Histograms are int32 per group (a group holds far fewer
    than 2**31 hands).
    """
    n_last = np.uint64(len(last_keys))
    for g in range(first, end):
        even = counts[g, 0]
        odd = counts[g, 1]
        for p in range(group_starts[g], group_starts[g + 1]):
            c0 = pairs[p, 0]
            c1 = pairs[p, 1]
            k1 = keys[c0] + keys[c1] + _BIAS
            f1 = keys[52 + c0] + keys[52 + c1]
            for c2 in range(c1 + 1, 48):
                k2 = k1 + keys[c2]
                f2 = f1 + keys[52 + c2]
                for c3 in range(c2 + 1, 49):
                    k3 = k2 + keys[c3]
                    f3 = f2 + keys[52 + c3]
                    for c4 in range(c3 + 1, 50):
                        k4 = k3 + keys[c4]
                        f4 = f3 + keys[52 + c4]
                        # unsigned: a signed j costs a negative-index wrap on every read
                        j = np.uint64(last_start[c4 + 1])
                        while j + _ONE < n_last:
                            ka = k4 + last_keys[j]
                            kb = k4 + last_keys[j + _ONE]
                            if ((ka | kb) & _FLUSH_BITS) == 0:
                                at_a = ranks[hash_row_7(ka)] + hash_col_7(ka)
                                at_b = ranks[hash_row_7(kb)] + hash_col_7(kb)
                                even[ranks[at_a]] += 1
                                odd[ranks[at_b]] += 1
                            else:  # a flush in one of the two (3% of hands)
                                if (ka & _FLUSH_BITS) != 0:
                                    at_a = batch_flush_index(ka, f4 + last_flush[j], flush_at)
                                else:
                                    at_a = ranks[hash_row_7(ka)] + hash_col_7(ka)
                                if (kb & _FLUSH_BITS) != 0:
                                    at_b = batch_flush_index(kb, f4 + last_flush[j + _ONE],
                                                             flush_at)
                                else:
                                    at_b = ranks[hash_row_7(kb)] + hash_col_7(kb)
                                even[ranks[at_a]] += 1
                                odd[ranks[at_b]] += 1
                            j += _TWO
                        if j < n_last:
                            ka = k4 + last_keys[j]
                            if (ka & _FLUSH_BITS) != 0:
                                at_a = batch_flush_index(ka, f4 + last_flush[j], flush_at)
                            else:
                                at_a = ranks[hash_row_7(ka)] + hash_col_7(ka)
                            even[ranks[at_a]] += 1


def rank_histogram_5(pairs, group_starts, card_keys, flush_keys, flush_suit, hash_base,
                     hash_ranks, flush_ranks):
    """counts[r] = number of 5-card hands of rank r (same scheme as the 7-card kernel)."""
    counts = np.zeros((len(group_starts) - 1, N_RANKS + 1), dtype=np.int32)
    run_chunks(histogram_5_chunks, len(group_starts) - 1, None, counts, pairs, group_starts,
               card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks)
    return counts.astype(np.int64).sum(axis=0)


@kernel(signatures=[(int64, int64, array("int32", 2), array("int64", 2), array("int64"),
                     *TABLES)])
def histogram_5_chunks(first, end, counts, pairs, group_starts, card_keys, flush_keys,
                       flush_suit, hash_base, hash_ranks, flush_ranks):
    """Groups first..end-1 of ``rank_histogram_5`` (``_jit.run_chunks``) into counts[g]."""
    mult, hmask, shift = HASH_5  # compile-time constants
    for g in range(first, end):
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
