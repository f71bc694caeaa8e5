"""Omaha equity kernels for players given as ranges: per-matchup exact counts, and Monte Carlo
that draws each range player's hand by weight.

Serial kernels over a range of chunks ``kernel(first_chunk, end_chunk, ...)``, each chunk
writing only its own rows of the outputs, so a pool of threads can run disjoint chunk ranges
(``pokerkeys._jit.run_chunks``) and the results do not depend on how the chunks were shared.
The hand evaluation and the board enumeration are ``_kernels.omaha``'s
(``showdown_of_ranks``, ``completion_showdown``).
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, uint64
from .borrow import borrowed
from .omaha import (
    completion_showdown,
    draw_unused,
    hole_ranks,
    player_scratch,
    showdown_of_ranks,
    start_matchup,
)
from .omaha_batch import OMAHA_TABLES
from .sampling import next_u64


@kernel(signatures=[
    (int64, int64, array("uint8", 3), array("int64", 2), array("uint8"), array("uint8"), int64,
     int64, array("int64", 2), array("int64"), array("int64", 2), *OMAHA_TABLES),
])
def matchup_counts(first, end, holes, pairs, board, free, n_missing, n_boards, binom,
                   chunk_starts, out, pair_index, triple_index, rank5, flush5):
    """Winner-mask counts of each matchup over every board completion: out[m, mask].

    holes (M, P, H): the matchups; chunk g covers matchups [chunk_starts[g],
    chunk_starts[g+1]) and writes only their rows of out (M, 2**P), zeroed by the caller. A
    completion (n_missing of the free cards) that uses a card of the matchup is skipped.
    """
    pair_base, hole_suits, full = player_scratch(holes.shape[1], pairs.shape[0])
    _matchup_block(first, end, holes, pairs, board, free, n_missing, n_boards, binom,
                   chunk_starts, out, pair_base, hole_suits, full, np.empty(5, dtype=np.int64),
                   pair_index, triple_index, rank5, flush5)


@kernel
def _matchup_block(first, end, holes, pairs, board, free, n_missing, n_boards, binom,
                   chunk_starts, out, pair_base, hole_suits, full, idx, pair_index,
                   triple_index, rank5, flush5):
    """``matchup_counts`` with its scratch arrays, on borrowed views of every array
    (``borrow``: reference counts in the board loop)."""
    holes, pairs, board, free = borrowed(holes), borrowed(pairs), borrowed(board), borrowed(free)
    binom, chunk_starts, out = borrowed(binom), borrowed(chunk_starts), borrowed(out)
    pair_base, hole_suits = borrowed(pair_base), borrowed(hole_suits)
    full, idx = borrowed(full), borrowed(idx)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    n_players = holes.shape[1]
    n_pairs = pairs.shape[0]
    n_known = board.shape[0]
    for j in range(n_known):
        full[j] = board[j]
    for g in range(first, end):
        for m in range(chunk_starts[g], chunk_starts[g + 1]):
            used = start_matchup(holes[m], 0, pairs, pair_base, hole_suits, pair_index, free,
                                 n_missing, binom, idx)
            for _ in range(n_boards):
                mask = completion_showdown(free, idx, n_known, n_missing, used, full,
                                           n_players, n_pairs, pair_base, hole_suits,
                                           triple_index, rank5, flush5)
                if mask >= 0:
                    out[m, mask] += 1


@inline
def _uniform(state):
    """(state, u): u uniform on [0, 1) with 53 random bits."""
    state, r = next_u64(state)
    return state, np.float64(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@inline
def _pick(cum, lo, hi, u):
    """The index i in [lo, hi) whose weight interval holds u * total: cum[i] is the
    cumulative weight of rows lo..i, so the first i with cum[i] > target."""
    target = u * cum[hi - 1]
    a = lo
    b = hi - 1
    while a < b:
        mid = (a + b) >> 1
        if cum[mid] > target:
            b = mid
        else:
            a = mid + 1
    return a


@kernel(signatures=[
    (int64, int64, array("uint8", 2), array("int8"), array("uint8", 2), array("float64"),
     array("uint64"), array("int64"), array("int64", 2), array("uint8"), uint64,
     array("uint64"), array("int64"), array("int64"), int64, array("int64", 2),
     array("int64", 2), array("int64"), *OMAHA_TABLES),
])
def monte_carlo_counts(first, end, holes, kinds, range_hands, range_cum, range_bits,
                       range_start, pairs, board, base_used, seeds, chunk_trials,
                       trial_offset, max_rejections, out, drawn, masks, pair_index,
                       triple_index, rank5, flush5):
    """Winner-mask counts of random deals with range players, one row of out per chunk.

    holes (P, H): the known hands (rows of other players ignored); kinds (P,): 0 a known
    hand, 1 random (H cards dealt from the deck), 2 a range: rows range_start[p] to
    range_start[p+1] of range_hands, drawn with probability proportional to their weights
    (range_cum, cumulative within each player's rows; range_bits the rows' card masks). A
    trial draws every range player's hand; a draw that shares a card with another's is
    redrawn whole (rejection keeps the matchups' probabilities proportional to the product
    of the weights); after max_rejections redraws in a row the chunk stops and sets out[g, 0]
    to -1. Then the random players' cards and the missing board cards are dealt uniformly.

    When drawn has rows (per-combo results), trial t of chunk g (row trial_offset[g] + t)
    records each range player's drawn row in drawn[row, p] and its winner mask in masks[row].
    """
    pair_base, hole_suits, full = player_scratch(holes.shape[0], pairs.shape[0])
    _monte_carlo_block(first, end, holes, kinds, range_hands, range_cum, range_bits,
                       range_start, pairs, board, base_used, seeds, chunk_trials, trial_offset,
                       max_rejections, out, drawn, masks, pair_base, hole_suits, full,
                       np.empty(holes.shape[1], dtype=np.uint8),
                       np.empty(holes.shape[0], dtype=np.int64), pair_index, triple_index,
                       rank5, flush5)


@kernel
def _monte_carlo_block(first, end, holes, kinds, range_hands, range_cum, range_bits,
                       range_start, pairs, board, base_used, seeds, chunk_trials, trial_offset,
                       max_rejections, out, drawn, masks, pair_base, hole_suits, full, hole,
                       rows, pair_index, triple_index, rank5, flush5):
    """``monte_carlo_counts`` with its scratch arrays, on borrowed views of every array
    (``borrow``: reference counts in the trial loop took 60% of its time)."""
    holes, kinds, range_hands = borrowed(holes), borrowed(kinds), borrowed(range_hands)
    range_cum, range_bits = borrowed(range_cum), borrowed(range_bits)
    range_start, pairs, board = borrowed(range_start), borrowed(pairs), borrowed(board)
    seeds, chunk_trials, trial_offset = borrowed(seeds), borrowed(chunk_trials), borrowed(
        trial_offset)
    out, drawn, masks = borrowed(out), borrowed(drawn), borrowed(masks)
    pair_base, hole_suits, full = borrowed(pair_base), borrowed(hole_suits), borrowed(full)
    hole, rows = borrowed(hole), borrowed(rows)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    n_players = holes.shape[0]
    n_hole = holes.shape[1]
    n_pairs = pairs.shape[0]
    n_known = board.shape[0]
    keep = drawn.shape[0] > 0
    for j in range(n_known):
        full[j] = board[j]
    for p in range(n_players):
        if kinds[p] == 0:
            hole_suits[p] = hole_ranks(holes[p], pairs, pair_base[p], pair_index)
    for g in range(first, end):
        state = seeds[g]
        for t in range(chunk_trials[g]):
            used = base_used
            rejections = 0
            p = 0
            while p < n_players:
                if kinds[p] == 2:
                    state, u = _uniform(state)
                    i = _pick(range_cum, range_start[p], range_start[p + 1], u)
                    if used & range_bits[i]:
                        rejections += 1
                        if rejections > max_rejections:
                            break
                        used = base_used
                        p = 0
                        continue
                    used |= range_bits[i]
                    rows[p] = i
                p += 1
            if rejections > max_rejections:
                out[g, 0] = -1
                break
            for p in range(n_players):
                if kinds[p] == 1:
                    for j in range(n_hole):
                        state, c = draw_unused(state, used)
                        used |= np.uint64(1) << c
                        hole[j] = c
                    hole_suits[p] = hole_ranks(hole, pairs, pair_base[p], pair_index)
                elif kinds[p] == 2:
                    hole_suits[p] = hole_ranks(range_hands[rows[p]], pairs, pair_base[p],
                                               pair_index)
            for j in range(n_known, 5):
                state, c = draw_unused(state, used)
                used |= np.uint64(1) << c
                full[j] = c
            mask = showdown_of_ranks(n_players, n_pairs, pair_base, hole_suits, full,
                                     triple_index, rank5, flush5)
            out[g, mask] += 1
            if keep:
                row = trial_offset[g] + t
                masks[row] = mask
                for p in range(n_players):
                    drawn[row, p] = rows[p] if kinds[p] == 2 else -1
