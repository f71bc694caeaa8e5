"""Preflop enumeration by rank classes: all 5-card boards of a matchup without visiting them.

Without a flush a 7-card rank depends on the face sum alone, so every board with the same
multiset of ranks gives every player the same non-flush rank. The boards split into:

* all boards, each scored as if nobody could make a flush: one showdown per *rank multiset* of
  the board (at most 6,175 of them), counted Prod_r C(available cards of rank r, times r is on
  the board) times;
* a correction for the boards where someone does make a flush. Hole cards hold at most two
  cards of a suit, so a flush in suit s needs 3+ board cards of s, and no 5-card board holds
  3+ cards of two suits: the corrections of the four suits never meet. For suit s, only the
  boards with j >= 5 - (most hole cards any player has in s) cards of s can matter. Those are
  enumerated as (set of j suited ranks) x (rank multiset of the 5 - j other cards, with its
  count), and where the true winner mask differs from the non-flush one, the count moves from
  the non-flush mask to the true one.

AcKc vs QhQd thus costs 6,061 + 35,343 showdowns instead of 1,712,304 boards.

The tables are ``pokerkeys.core.tables.rank_class_tables_7()``: ``rank_face[r]`` is the 7-card face
key of rank r, ``rank_flush[r]`` its flush key; ``subset_face[m]`` / ``subset_flush[m]`` are
their sums over the ranks in the 13-bit mask m; ``subsets`` lists the masks by number of
ranks, those with j ranks at ``subsets[subsets_by_size[j]:subsets_by_size[j + 1]]``; then the
evaluator's own hash and flush tables.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, uint64
from .evaluate import HASH_7, face_sum_rank, join_leaders

N_PARTS = 5  # part 0: every board as non-flush; part 1 + s: the flush correction of suit s


@inline
def _grow(ways, previous, run, rank, available):
    """(ways, run) after adding one more card of `rank` to a board multiset.

    `run` counts the cards of `previous` (the last rank added) already in it. Ranks come in
    nondecreasing order, so C(a, m) grows to C(a, m + 1) = C(a, m) * (a - m) / (m + 1),
    an exact division, and becomes 0 once the rank runs out of cards.
    """
    if rank == previous:
        run += 1
    else:
        run = 1
    return ways * max(available[rank] - run + 1, 0) // run, run


@inline
def _face_rank(face, hash_base, hash_ranks):
    """Non-flush 7-card rank of a face sum, by the evaluator's hash."""
    mult, hmask, shift = HASH_7  # compile-time constants
    return np.int64(face_sum_rank(face, hash_base, hash_ranks, mult, hmask, shift))


@inline
def _non_flush_mask(face, n_players, hole_face, hash_base, hash_ranks):
    best = 0
    mask = 0
    for p in range(n_players):
        best, mask = join_leaders(best, mask, _face_rank(face + hole_face[p], hash_base,
                                                         hash_ranks), p)
    return mask


@inline
def _all_boards_as_non_flush(counts, available, rank_face, n_players, hole_face, hash_base,
                             hash_ranks):
    """counts[mask] += boards, over every board rank multiset scored without flushes."""
    for r0 in range(13):
        w0 = available[r0]
        if w0 == 0:
            continue
        f0 = rank_face[r0]
        for r1 in range(r0, 13):
            w1, n1 = _grow(w0, r0, 1, r1, available)
            if w1 == 0:
                continue
            f1 = f0 + rank_face[r1]
            for r2 in range(r1, 13):
                w2, n2 = _grow(w1, r1, n1, r2, available)
                if w2 == 0:
                    continue
                f2 = f1 + rank_face[r2]
                for r3 in range(r2, 13):
                    w3, n3 = _grow(w2, r2, n2, r3, available)
                    if w3 == 0:
                        continue
                    f3 = f2 + rank_face[r3]
                    for r4 in range(r3, 13):
                        w4, _ = _grow(w3, r3, n3, r4, available)
                        if w4 != 0:
                            counts[_non_flush_mask(f3 + rank_face[r4], n_players, hole_face,
                                                   hash_base, hash_ranks)] += w4


@inline
def _flush_correction(counts, suit, available, used, n_players, hole_face, hole_suited,
                      hole_flush, rank_face, hash_base, hash_ranks, flush_ranks, subset_face,
                      subset_flush, subsets, subsets_by_size, other_free, other_face,
                      other_ways, flush_rank):
    """Move the boards where someone makes a flush in `suit` to their true winner masks."""
    most = 0
    for p in range(n_players):
        most = max(most, hole_suited[p, suit])
    need = 5 - most
    suited_free = 0  # ranks whose card of this suit is still in the deck
    for r in range(13):
        other_free[r] = available[r]  # cards of rank r in the other suits
        if not (used >> np.uint64(4 * r + suit)) & np.uint64(1):
            suited_free |= 1 << r
            other_free[r] -= 1
    for j in range(need, 6):
        # The 5 - j other cards as rank multisets with their counts (at most 91 of them).
        n_other = 0
        if j == 5:
            other_face[0] = 0
            other_ways[0] = 1
            n_other = 1
        elif j == 4:
            for r in range(13):
                if other_free[r] > 0:
                    other_face[n_other] = rank_face[r]
                    other_ways[n_other] = other_free[r]
                    n_other += 1
        else:
            for r in range(13):
                for q in range(r, 13):
                    w, run = _grow(other_free[r], r, 1, q, other_free)
                    if w > 0:
                        other_face[n_other] = rank_face[r] + rank_face[q]
                        other_ways[n_other] = w
                        n_other += 1
        if n_other == 0:
            continue
        for i in range(subsets_by_size[j], subsets_by_size[j + 1]):
            m = subsets[i]
            if m & ~suited_free:
                continue
            face = subset_face[m]
            for p in range(n_players):
                # The player's flush rank, or 0 without a flush. Seven cards cannot hold a
                # flush and quads or a full house, so a flush always outranks the player's
                # non-flush reading: the true rank is the larger of the two.
                flush_rank[p] = 0
                if hole_suited[p, suit] + j >= 5:
                    flush_rank[p] = flush_ranks[subset_flush[m] + hole_flush[p, suit]]
            for b in range(n_other):
                total = face + other_face[b]
                best_plain = 0
                plain = 0
                best_actual = 0
                actual = 0
                for p in range(n_players):
                    r = _face_rank(total + hole_face[p], hash_base, hash_ranks)
                    best_plain, plain = join_leaders(best_plain, plain, r, p)
                    best_actual, actual = join_leaders(best_actual, actual,
                                                       max(r, flush_rank[p]), p)
                if actual != plain:
                    counts[actual] += other_ways[b]
                    counts[plain] -= other_ways[b]


@kernel
def _group_counts(out, g, hands, weights, excluded, items, group_starts, rank_face, rank_flush,
                  subset_face, subset_flush, subsets, subsets_by_size, hash_base, hash_ranks,
                  flush_ranks):
    """out[g, mask] += the weighted winner-mask counts of the work items of group g.

    A called function, not inlined: the sequential and the parallel kernel below share its
    machine code, and the parallel one compiles only its own small loop (a parallel loop
    around this whole body took three times as long to compile as the body alone).
    """
    n_players = hands.shape[1]
    n_masks = 1 << n_players
    counts = np.empty(n_masks, dtype=np.int64)
    available = np.empty(13, dtype=np.int64)
    hole_face = np.empty(n_players, dtype=np.int64)
    hole_suited = np.empty((n_players, 4), dtype=np.int64)
    hole_flush = np.empty((n_players, 4), dtype=np.int64)
    flush_rank = np.empty(n_players, dtype=np.int64)
    other_free = np.empty(13, dtype=np.int64)
    other_face = np.empty(91, dtype=np.int64)
    other_ways = np.empty(91, dtype=np.int64)
    for it in range(group_starts[g], group_starts[g + 1]):
        m = items[it, 0]
        used = excluded
        hole_suited[:] = 0
        hole_flush[:] = 0
        for p in range(n_players):
            hole_face[p] = 0
            for i in range(2):
                c = np.int64(hands[m, p, i])
                used |= np.uint64(1) << np.uint64(c)
                hole_face[p] += rank_face[c >> 2]
                hole_suited[p, c & 3] += 1
                hole_flush[p, c & 3] += rank_flush[c >> 2]
        for r in range(13):
            available[r] = 0
            for s in range(4):
                available[r] += 1 - np.int64((used >> np.uint64(4 * r + s)) & np.uint64(1))
        counts[:] = 0
        lo = items[it, 1]
        hi = lo + 1
        if lo < 0:
            lo = 0
            hi = N_PARTS
        for part in range(lo, hi):
            if part == 0:
                _all_boards_as_non_flush(counts, available, rank_face, n_players, hole_face,
                                         hash_base, hash_ranks)
            else:
                _flush_correction(counts, part - 1, available, used, n_players, hole_face,
                                  hole_suited, hole_flush, rank_face, hash_base, hash_ranks,
                                  flush_ranks, subset_face, subset_flush, subsets,
                                  subsets_by_size, other_free, other_face, other_ways,
                                  flush_rank)
        w = weights[m]
        for mask in range(n_masks):
            out[g, mask] += w * counts[mask]


@kernel(signatures=[
    (int64, int64, array("float64", 2), array("uint8", 3), array("float64"), uint64,
     array("int64", 2), array("int64"), array("int64"), array("int64"), array("int64"),
     array("int64"), array("int64"), array("int64"), array("uint16", readonly=True),
     array("uint16", readonly=True), array("uint16", readonly=True)),
])
def preflop_counts(first, end, out, hands, weights, excluded, items, group_starts, rank_face,
                   rank_flush, subset_face, subset_flush, subsets, subsets_by_size, hash_base,
                   hash_ranks, flush_ranks):
    """Weighted winner-mask histogram over all 5-card boards of every matchup, for the groups
    first..end-1 (``_jit.run_chunks``).

    hands (M, P, 2): the matchups; weights (M,): their weights; excluded: 52-bit mask of dead
    cards. items (W, 2): (matchup, part), part 0..4 as in N_PARTS or -1 for all five, in
    groups [group_starts[g], group_starts[g + 1]); adds group g's counts to out[g] ((G, 2**P)
    float64, zeros to start).
    """
    for g in range(first, end):
        _group_counts(out, g, hands, weights, excluded, items, group_starts, rank_face,
                      rank_flush, subset_face, subset_flush, subsets, subsets_by_size,
                      hash_base, hash_ranks, flush_ranks)
