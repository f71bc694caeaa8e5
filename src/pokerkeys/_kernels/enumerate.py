"""Exhaustive enumeration of all 5- and 7-card hands, counting ranks.

Work is split over (first card, second card) pairs, grouped so that every group holds about the
same number of hands (see ``core.counts._pair_groups``); the loops below add one card key at
a time, so each hand costs one add for the key, one for the flush sums and the lookup.
"""
from __future__ import annotations

from math import comb

import numpy as np

from .._jit import array, int64, kernel, run_chunks
from .._layout import (
    BATCH_FLUSH_BITS,
    BATCH_SUIT_BIAS,
    BATCH_SUIT_FIELD_BITS,
    HASH_BITS,
    HASH_SHIFT,
)
from .borrow import borrowed
from .evaluate import HASH_5, TABLES, batch_flush_index, rank_of_key

N_RANKS = 7462


_FLUSH_BITS = np.uint64(BATCH_FLUSH_BITS)
_BIAS = np.uint64(BATCH_SUIT_BIAS)
_ONE = np.uint64(1)
_TWO = np.uint64(2)


# The 7-card hash's row and column, as the batch kernels take them off a summed key
# (``evaluate.hash_row_7`` / ``hash_col_7``): (key >> _COL_7) is row * 2**shift + column, so
# with offsets[row] = base of the row - row * 2**shift, wrapped to 32 bits, the index into the
# rank table is (key >> _COL_7) + offsets[key >> _ROW_7] modulo 2**32: the column's AND is
# gone, the add is one 32-bit add from memory, and the offsets take 32 KB.
_ROWS_7 = 1 << (HASH_BITS[7] - HASH_SHIFT[7])
_COL_7 = np.uint64(64 - HASH_BITS[7])
_ROW_7 = np.uint64(64 - HASH_BITS[7] + HASH_SHIFT[7])
# Added to a key of 5 cards, this sets a suit counter's top bit (BATCH_FLUSH_BITS) when the
# suit holds 3 of them (the counters start at 3, and 5 cards of a suit set the top bit): with
# none, the last two cards cannot make a flush.
_LOW_32 = np.uint64(0xFFFFFFFF)
_FLUSH_WITHIN_TWO = np.uint64(sum(2 << (BATCH_SUIT_FIELD_BITS * s) for s in range(4)))


def hash_offsets_7(ranks):
    """offsets[row] = ranks[row] - row * 2**shift, wrapped to uint32 (see above)."""
    rows = np.arange(_ROWS_7, dtype=np.uint64)
    return (ranks[:_ROWS_7].astype(np.uint64) - (rows << np.uint64(HASH_SHIFT[7]))).astype(
        np.uint32)


def rank_histogram_7(pairs, group_starts, keys, ranks, flush_at, last_keys, last_flush,
                     last_start):
    """counts[r] = number of 7-card hands of rank r (every hand is evaluated), the groups
    [group_starts[g], group_starts[g + 1]) of first-two-card pairs run on the threads of the
    caller's ``_jit.threads`` block (``histogram_7_chunks``)."""
    counts = np.zeros((len(group_starts) - 1, N_RANKS + 1), dtype=np.int64)
    run_chunks(histogram_7_chunks, len(group_starts) - 1, None, counts, pairs, group_starts,
               keys, ranks, flush_at, last_keys, last_flush, last_start, hash_offsets_7(ranks))
    total = counts.sum(axis=0)
    hands = sum(comb(51 - int(pairs[p, 1]), 5) for p in range(group_starts[0], group_starts[-1]))
    if total.sum() != hands:  # a uint16 count wrapped (see histogram_7_chunks): never seen
        raise RuntimeError(f"7-card enumeration counted {total.sum()} hands, not {hands}")
    return total


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("int64", 2), array("int64"), array("uint64"),
     array("uint16"), int64, array("uint64"), array("uint64"), array("int64"), array("uint32")),
])
def histogram_7_chunks(first, end, counts, pairs, group_starts, keys, ranks, flush_at,
                       last_keys, last_flush, last_start, offsets):
    """Groups first..end-1 of ``rank_histogram_7`` (``_jit.run_chunks``): counts[first] gets
    the histogram of ranks of all their hands (the rows of the other groups stay 0).

    The hands are counted by their index in the rank table (``_index_histogram_7``), not by
    their rank: that saves the last table read per hand (measured 20% of the time), and the
    ranks come from the table once per block, here. The two index histograms are uint16: an
    index is one face multiset (at most 4**7 = 16,384 hands of 7 cards) or one flush suit's
    set of ranks (at most 4 * C(39, 2) = 2,964 hands), and the largest count in either
    histogram over all 7-card hands is 7,770 with Hold'em's and short deck's tables; uint16
    histograms (2 x 127 KB) were 8% quicker than int32 ones (2 x 254 KB). The caller checks
    the total.
    """
    n = len(ranks)
    even = np.zeros(n, dtype=np.uint16)
    odd = np.zeros(n, dtype=np.uint16)
    _index_histogram_7(first, end, even, odd, pairs, group_starts, keys, ranks, flush_at,
                       last_keys, last_flush, last_start, offsets)
    for at in range(n):
        both = np.int64(even[at]) + np.int64(odd[at])
        if both != 0:
            counts[first, ranks[at]] += both


@kernel
def _index_histogram_7(first, end, even, odd, pairs, group_starts, keys, ranks, flush_at,
                       last_keys, last_flush, last_start, offsets):
    """Groups first..end-1 of ``rank_histogram_7``: even[at] + odd[at] = the number of their
    hands whose rank is ranks[at] (on borrowed views of the arrays, ``borrow``).

    `keys` holds the 52 batch keys then, from 52, the 52 flush keys; `ranks` and `flush_at` are
    the batch rank table (``EvalTables.batch_tuple()``), `offsets` its rows' offsets
    (``hash_offsets_7``). The sum of batch keys carries the non-flush hash in its top bits and
    a counter per suit in its low bits (``_layout``), so a hand costs one add, two shifts and
    the two reads of the compact hash, which stays in L2.

    The last two cards are one loop: last_keys[j] / last_flush[j] are the key and flush sums
    of the j-th (c5, c6) pair, ordered by c5, and the pairs whose c5 follows c4 are the suffix
    from last_start[c4 + 1]. Nested c5 and c6 loops ran 6.6 hands per innermost loop on
    average and paid a mispredicted loop exit every time; the suffix holds 51 on average.
    When no suit holds 3 of the first five cards (two hands in three), that loop has no
    flush test at all; else one AND per two hands finds the rare flush (3% of hands).
    Hands alternate between two histograms, so two hands in a row of the same index (the same
    faces, often: the next card is the same rank in the next suit) do not wait on each
    other's increment.
    """
    even, odd, pairs, group_starts = borrowed(even), borrowed(odd), borrowed(pairs), borrowed(
        group_starts)
    keys, ranks, last_keys, last_flush = borrowed(keys), borrowed(ranks), borrowed(
        last_keys), borrowed(last_flush)
    last_start, offsets = borrowed(last_start), borrowed(offsets)
    n_last = np.uint64(len(last_keys))
    for g in range(first, end):
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
                        # unsigned: a signed j costs a negative-index wrap on every read
                        j = np.uint64(last_start[c4 + 1])
                        if ((k4 + _FLUSH_WITHIN_TWO) & _FLUSH_BITS) == 0:
                            while j + _ONE < n_last:
                                ka = k4 + last_keys[j]
                                kb = k4 + last_keys[j + _ONE]
                                even[(((ka >> _COL_7) + offsets[ka >> _ROW_7]) & _LOW_32)] += 1
                                odd[(((kb >> _COL_7) + offsets[kb >> _ROW_7]) & _LOW_32)] += 1
                                j += _TWO
                            if j < n_last:
                                ka = k4 + last_keys[j]
                                even[(((ka >> _COL_7) + offsets[ka >> _ROW_7]) & _LOW_32)] += 1
                            continue
                        f4 = f3 + keys[52 + c4]
                        while j + _ONE < n_last:
                            ka = k4 + last_keys[j]
                            kb = k4 + last_keys[j + _ONE]
                            if ((ka | kb) & _FLUSH_BITS) == 0:
                                at_a = (((ka >> _COL_7) + offsets[ka >> _ROW_7]) & _LOW_32)
                                at_b = (((kb >> _COL_7) + offsets[kb >> _ROW_7]) & _LOW_32)
                            else:  # a flush in one of the two
                                if (ka & _FLUSH_BITS) != 0:
                                    at_a = np.uint64(batch_flush_index(ka, f4 + last_flush[j],
                                                                       flush_at))
                                else:
                                    at_a = (((ka >> _COL_7) + offsets[ka >> _ROW_7]) & _LOW_32)
                                if (kb & _FLUSH_BITS) != 0:
                                    at_b = np.uint64(batch_flush_index(
                                        kb, f4 + last_flush[j + _ONE], flush_at))
                                else:
                                    at_b = (((kb >> _COL_7) + offsets[kb >> _ROW_7]) & _LOW_32)
                            even[at_a] += 1
                            odd[at_b] += 1
                            j += _TWO
                        if j < n_last:
                            ka = k4 + last_keys[j]
                            if (ka & _FLUSH_BITS) != 0:
                                at_a = np.uint64(batch_flush_index(ka, f4 + last_flush[j],
                                                                   flush_at))
                            else:
                                at_a = (((ka >> _COL_7) + offsets[ka >> _ROW_7]) & _LOW_32)
                            even[at_a] += 1


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
