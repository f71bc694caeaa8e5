"""Preflop kernels: every hole-card combo against one random hand, exactly, board by board.

For a fixed board, hero h beats opponent o when rank(h) > rank(o); the opponents of h are the
combos sharing no card with h or the board. Counting them per hero is done with sorted ranks:

    below(h) = below_all(h) - below_with(h0) - below_with(h1)

where below_all counts all combos of the remaining 47 cards ranked under h and below_with(x)
those that hold card x (a combo holding both of h's cards is h itself, never below h). Equal
ranks are counted the same way, adding back h itself, which is in all three groups. So each
board costs 1,081 evaluations and a few small sorts instead of 1,081 x 990 showdowns.

``vs_random_scores`` does this with 48 comparison sorts and binary searches per board (the
tests' independent reference); ``vs_random_sweep``, which ``pokerkeys.preflop`` runs, gets the
same counts from one radix sort and running counts, about 8x faster. ``class_rank_histograms``
counts each class's ranks over the same boards.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks
from .boards import board_sums
from .borrow import borrowed
from .evaluate import HASH_7, TABLES, rank_of_key
from .matrix import counting_pass


@kernel
def vs_random_scores(boards, multiplicity, combo_class, n_classes, card_keys, flush_keys,
                     flush_suit, hash_base, hash_ranks, flush_ranks):
    """(score2, showdowns) per class: score2 = 2*wins + ties, summed over boards x multiplicity.

    boards (B, 5) uint8; combo_class (52, 52) class index of each pair of cards. On one thread:
    the tests' independent reference.
    """
    n_boards = boards.shape[0]
    n_chunks = min(n_boards, 256)
    score = np.zeros((n_chunks, n_classes), dtype=np.int64)
    shows = np.zeros((n_chunks, n_classes), dtype=np.int64)
    mult, hmask, shift = HASH_7  # compile-time constants
    for chunk in range(n_chunks):
        rem = np.empty(47, dtype=np.uint8)
        ranks = np.empty(1081, dtype=np.int64)
        first = np.empty(1081, dtype=np.int64)
        second = np.empty(1081, dtype=np.int64)
        below_all = np.empty(1081, dtype=np.int64)
        equal_all = np.empty(1081, dtype=np.int64)
        below_with = np.empty((1081, 2), dtype=np.int64)
        equal_with = np.empty((1081, 2), dtype=np.int64)
        holding = np.empty((47, 46), dtype=np.int64)  # combos holding each remaining card
        n_holding = np.empty(47, dtype=np.int64)
        own = np.empty(46, dtype=np.int64)
        for b in range(chunk, n_boards, n_chunks):
            key, fsum = board_sums(boards, b, rem, card_keys, flush_keys)
            n_holding[:] = 0
            k = 0
            for i in range(47):
                ki = key + card_keys[rem[i]]
                fi = fsum + flush_keys[rem[i]]
                for j in range(i + 1, 47):
                    ranks[k] = rank_of_key(ki + card_keys[rem[j]], fi + flush_keys[rem[j]],
                                           flush_suit, hash_base, hash_ranks, flush_ranks, mult,
                                           hmask, shift)
                    first[k] = i
                    second[k] = j
                    holding[i, n_holding[i]] = k
                    n_holding[i] += 1
                    holding[j, n_holding[j]] = k
                    n_holding[j] += 1
                    k += 1
            # Counts over all combos: position of each rank's run in sorted order.
            sorted_ranks = np.sort(ranks)
            for h in range(1081):
                lo = np.searchsorted(sorted_ranks, ranks[h])
                hi = np.searchsorted(sorted_ranks, ranks[h], side="right")
                below_all[h] = lo
                equal_all[h] = hi - lo
            # Counts over the 46 combos holding each card.
            for x in range(47):
                for t in range(46):
                    own[t] = ranks[holding[x, t]]
                own_sorted = np.sort(own)
                for t in range(46):
                    h = holding[x, t]
                    lo = np.searchsorted(own_sorted, ranks[h])
                    hi = np.searchsorted(own_sorted, ranks[h], side="right")
                    side = 0 if first[h] == x else 1
                    below_with[h, side] = lo
                    equal_with[h, side] = hi - lo
            weight = multiplicity[b]
            for h in range(1081):
                wins = below_all[h] - below_with[h, 0] - below_with[h, 1]
                ties = equal_all[h] - equal_with[h, 0] - equal_with[h, 1] + 1
                cls = combo_class[rem[first[h]], rem[second[h]]]
                score[chunk, cls] += weight * (2 * wins + ties)
                shows[chunk, cls] += weight * 990
    return score.sum(axis=0), shows.sum(axis=0)


@inline
def _board_ranks(boards, b, rem, keys, spare, counts, card_keys, flush_keys, flush_suit,
                 hash_base, hash_ranks, flush_ranks, mult, hmask, shift):
    """Rank the 1,081 combos left by board b into keys (rank << 11 | i << 6 | j, where rem[i],
    rem[j] are the combo's cards, i < j) and sort them by rank."""
    key, fsum = board_sums(boards, b, rem, card_keys, flush_keys)
    k = 0
    for i in range(47):
        ki = key + card_keys[rem[i]]
        fi = fsum + flush_keys[rem[i]]
        for j in range(i + 1, 47):
            r = rank_of_key(ki + card_keys[rem[j]], fi + flush_keys[rem[j]], flush_suit,
                            hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
            keys[k] = (np.int32(r) << 12) | np.int32((i << 6) | j)
            k += 1
    counting_pass(keys, spare, counts, 12)
    counting_pass(spare, keys, counts, 19)


def vs_random_sweep(boards, multiplicity, combo_class, n_classes, card_keys, flush_keys,
                    flush_suit, hash_base, hash_ranks, flush_ranks):
    """Same result as ``vs_random_scores``, by one sweep over each board's sorted combos
    (``vs_random_chunks``, on the threads of the caller's ``_jit.threads`` block).

    Walking the combos in rank order with a count of all combos passed and a count per card of
    those holding it, the opponents a combo {a, b} beats are passed - holding[a] - holding[b]
    (no passed combo holds both a and b: that would be the combo itself). Ties are the same
    count inside the combo's group of equal ranks, where the combo itself is in all three
    terms. One radix sort and O(1,081) work per board instead of 48 comparison sorts.
    """
    n_chunks = min(boards.shape[0], 256)
    score = np.zeros((n_chunks, n_classes), dtype=np.int64)
    shows = np.zeros((n_chunks, n_classes), dtype=np.int64)
    run_chunks(vs_random_chunks, n_chunks, None, score, shows, boards, multiplicity,
               combo_class, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
               flush_ranks)
    return score.sum(axis=0), shows.sum(axis=0)


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("int64", 2), array("uint8", 2), array("int64"),
     array("int64", 2), *TABLES),
])
def vs_random_chunks(first, end, score, shows, boards, multiplicity, combo_class, card_keys,
                     flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 of ``vs_random_sweep`` (``_jit.run_chunks``): chunk c takes boards
    c, c + C, c + 2C, ... (C chunks) into score[c] and shows[c]."""
    _vs_random_block(first, end, score, shows, boards, multiplicity, combo_class,
                     np.empty(47, dtype=np.uint8), np.empty(1081, dtype=np.int32),
                     np.empty(1081, dtype=np.int32), np.empty(128, dtype=np.int32),
                     np.zeros(47, dtype=np.int64), np.zeros(47, dtype=np.int64), card_keys,
                     flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks)


@kernel
def _vs_random_block(first, end, score, shows, boards, multiplicity, combo_class, rem, keys,
                     spare, counts, below, equal, card_keys, flush_keys, flush_suit, hash_base,
                     hash_ranks, flush_ranks):
    """``vs_random_chunks`` with its scratch arrays, on borrowed views of every array
    (``borrow``: counting their references on every board made it 1.6 times slower)."""
    score, shows, boards = borrowed(score), borrowed(shows), borrowed(boards)
    multiplicity, combo_class = borrowed(multiplicity), borrowed(combo_class)
    rem, keys, spare, counts = borrowed(rem), borrowed(keys), borrowed(spare), borrowed(counts)
    below, equal, card_keys = borrowed(below), borrowed(equal), borrowed(card_keys)
    flush_keys, flush_suit = borrowed(flush_keys), borrowed(flush_suit)
    hash_base, hash_ranks, flush_ranks = borrowed(hash_base), borrowed(hash_ranks), borrowed(
        flush_ranks)
    n_boards = boards.shape[0]
    n_chunks = score.shape[0]
    mult, hmask, shift = HASH_7  # compile-time constants
    for chunk in range(first, end):
        for b in range(chunk, n_boards, n_chunks):
            _board_ranks(boards, b, rem, keys, spare, counts, card_keys, flush_keys,
                         flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
            weight = multiplicity[b]
            below[:] = 0
            passed = 0
            start = 0
            while start < 1081:
                group_rank = keys[start] >> 12
                stop = start + 1
                while stop < 1081 and (keys[stop] >> 12) == group_rank:
                    stop += 1
                for g in range(start, stop):
                    equal[(keys[g] >> 6) & 63] += 1
                    equal[keys[g] & 63] += 1
                size = stop - start
                for g in range(start, stop):
                    i = (keys[g] >> 6) & 63
                    j = keys[g] & 63
                    wins = passed - below[i] - below[j]
                    ties = size - equal[i] - equal[j] + 1
                    cls = combo_class[rem[i], rem[j]]
                    score[chunk, cls] += weight * (2 * wins + ties)
                    shows[chunk, cls] += weight * 990
                for g in range(start, stop):
                    i = (keys[g] >> 6) & 63
                    j = keys[g] & 63
                    equal[i] = 0
                    equal[j] = 0
                    below[i] += 1
                    below[j] += 1
                passed += size
                start = stop


def class_rank_histograms(boards, multiplicity, combo_class, n_classes, card_keys, flush_keys,
                          flush_suit, hash_base, hash_ranks, flush_ranks):
    """(n_classes, 7463) int64: hist[c, r] = sum over boards x multiplicity of the combos of
    class c ranked r. Over the canonical boards this is |c| times the histogram of one combo
    of the class over the C(50, 5) boards it can meet (a suit permutation maps the combos of a
    class onto each other). Chunks (``histogram_chunks``) run on the threads of the caller's
    ``_jit.threads`` block."""
    # A few interleaved chunks (int32: a cell is at most 12 x 2,598,960) keep memory small.
    n_chunks = min(boards.shape[0], 4)
    hist = np.zeros((n_chunks, n_classes, 7463), dtype=np.int32)
    run_chunks(histogram_chunks, n_chunks, None, hist, boards, multiplicity, combo_class,
               card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks)
    return hist.astype(np.int64).sum(axis=0)


@kernel(signatures=[
    (int64, int64, array("int32", 3), array("uint8", 2), array("int64"), array("int64", 2),
     *TABLES),
])
def histogram_chunks(first, end, hist, boards, multiplicity, combo_class, card_keys,
                     flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 of ``class_rank_histograms`` (``_jit.run_chunks``): chunk c takes
    boards c, c + C, ... (C chunks) into hist[c]."""
    _histogram_block(first, end, hist, boards, multiplicity, combo_class,
                     np.empty(47, dtype=np.uint8), card_keys, flush_keys, flush_suit,
                     hash_base, hash_ranks, flush_ranks)


@kernel
def _histogram_block(first, end, hist, boards, multiplicity, combo_class, rem, card_keys,
                     flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """``histogram_chunks`` on borrowed views of its arrays (``borrow``: counting their
    references for every combo made it three times slower)."""
    hist, boards, multiplicity = borrowed(hist), borrowed(boards), borrowed(multiplicity)
    combo_class, rem, card_keys = borrowed(combo_class), borrowed(rem), borrowed(card_keys)
    flush_keys, flush_suit = borrowed(flush_keys), borrowed(flush_suit)
    hash_base, hash_ranks, flush_ranks = borrowed(hash_base), borrowed(hash_ranks), borrowed(
        flush_ranks)
    n_boards = boards.shape[0]
    n_chunks = hist.shape[0]
    mult, hmask, shift = HASH_7  # compile-time constants
    for chunk in range(first, end):
        for b in range(chunk, n_boards, n_chunks):
            key, fsum = board_sums(boards, b, rem, card_keys, flush_keys)
            weight = multiplicity[b]
            for i in range(47):
                ki = key + card_keys[rem[i]]
                fi = fsum + flush_keys[rem[i]]
                for j in range(i + 1, 47):
                    r = rank_of_key(ki + card_keys[rem[j]], fi + flush_keys[rem[j]],
                                    flush_suit, hash_base, hash_ranks, flush_ranks, mult,
                                    hmask, shift)
                    hist[chunk, combo_class[rem[i], rem[j]], r] += weight
