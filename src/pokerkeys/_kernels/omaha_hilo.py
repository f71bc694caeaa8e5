"""Omaha hi/lo (eight or better) kernels: the high and the low half of every showdown.

The high hand is Omaha's (``_kernels.omaha``: exactly two hole cards and three board cards,
ranked with the batch evaluator's tables, ``showdown_of_ranks``; the board enumeration is
``completion_showdown``). The low is one table read: a hand's best low depends only on the
set of distinct low ranks (A, 2, ..., 8) among its hole cards and the set among the board
cards, so ``low_table[hole_mask, board_mask]`` (256 x 256, built by
``equity.omaha_hilo.low_table``) holds it, 0 when no low qualifies and otherwise
``256 - mask`` (the five ranks' 8-bit mask: a lower mask is a better low, so a higher value
is). ``low_bits[card]`` is the bit of a card's rank in those masks (ace bit 0, deuce bit 1,
..., eight bit 7; 0 for nine and up).

Every showdown is tallied into one row of the output (``tally``): the high winner-mask
histogram, the low winner-mask histogram (mask 0: no qualifying low), and per player the pot
share in units of ``1 / POT_UNITS``, its square (for the standard error) and the scoops.
``POT_UNITS`` = 5040 is the least common multiple of 2, 4, ..., 20, so a half pot split among
up to ten players, or a whole pot split among them, is a whole number of units.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, uint64
from .borrow import borrowed
from .evaluate import join_leaders
from .omaha import (
    completion_showdown,
    draw_unused,
    hole_ranks,
    matchup_run,
    player_scratch,
    showdown_of_ranks,
    start_matchup,
)
from .omaha_batch import OMAHA_TABLES
from .sampling import next_u64

#: A whole pot, in the units the kernels count pot shares in.
POT_UNITS = 5040
HALF_UNITS = POT_UNITS // 2


def row_width(n_players: int) -> int:
    """Length of one output row for n_players: two histograms and three per-player sums."""
    return 2 * (1 << n_players) + 3 * n_players


@inline
def _hole_low(hole, low_bits):
    """The 8-bit mask of the distinct low ranks among a player's hole cards."""
    m = 0
    for j in range(hole.shape[0]):
        m |= low_bits[hole[j]]
    return m


@inline
def _low_winners(n_players, hole_low, board_low, low_table):
    """Winner mask of the low half: the players holding the best qualifying low (0: none)."""
    best = 0
    mask = 0
    for p in range(n_players):
        v = low_table[hole_low[p], board_low]
        if v > 0:
            best, mask = join_leaders(best, mask, np.int64(v), p)
    return mask


@inline
def tally(out, g, n_players, high, low, weight):
    """Add one showdown (winner masks `high` and `low`, low 0 when none qualifies) to row g
    of `out`,
    `weight` times: the two histograms, and per player the pot units, their square and a
    scoop (the whole pot alone)."""
    n_masks = 1 << n_players
    out[g, high] += weight
    out[g, n_masks + low] += weight
    n_high = 0
    n_low = 0
    for p in range(n_players):
        n_high += (high >> p) & 1
        n_low += (low >> p) & 1
    if low == 0:
        high_units = POT_UNITS // n_high
        low_units = 0
    else:
        high_units = HALF_UNITS // n_high
        low_units = HALF_UNITS // n_low
    base = 2 * n_masks
    for p in range(n_players):
        units = 0
        if (high >> p) & 1:
            units += high_units
        if (low >> p) & 1:
            units += low_units
        if units > 0:
            out[g, base + p] += weight * units
            out[g, base + n_players + p] += weight * (units * units)
            if units == POT_UNITS:
                out[g, base + 2 * n_players + p] += weight


@inline
def _board_low(full, low_bits):
    m = 0
    for j in range(5):
        m |= low_bits[full[j]]
    return m


@kernel(signatures=[
    (int64, int64, array("float64", 2), array("uint8", 3), array("float64"), array("int64", 2),
     array("uint8"), array("uint8"), int64, int64, array("int64", 2), array("int64"),
     array("uint8"), array("uint8", 2, readonly=True), *OMAHA_TABLES),
])
def exact_counts(first, end, out, holes, weights, pairs, board, free, n_missing, n_boards,
                 binom, chunk_starts, low_bits, low_table, pair_index, triple_index, rank5,
                 flush5):
    """Chunks first..end-1 (``_jit.run_chunks``): hi/lo tallies of every (matchup, board
    completion), chunk g's into out[g] ((G, row_width(P)) float64, zeros to start).

    holes (M, P, H): the matchups, weights (M,) their weights; pairs: ``omaha.hole_pairs(H)``;
    board: the known board cards; free (F,): the cards completions are drawn from, n_missing
    of them per board, n_boards = C(F, n_missing) per matchup. The flat work index
    i = m * n_boards + b is split into chunks [chunk_starts[g], chunk_starts[g+1]); each chunk
    unranks its first completion and steps through the rest in order. A completion that uses
    a card of the matchup is skipped, which weighs every possible deal equally.
    """
    pair_base, hole_suits, full = player_scratch(holes.shape[1], pairs.shape[0])
    hole_low = np.empty(holes.shape[1], dtype=np.int64)
    idx = np.empty(5, dtype=np.int64)
    for g in range(first, end):
        _exact_chunk(out, g, holes, weights, pairs, board, free, n_missing, n_boards, binom,
                     chunk_starts, low_bits, low_table, pair_base, hole_suits, hole_low, full,
                     idx, pair_index, triple_index, rank5, flush5)


@kernel
def _exact_chunk(out, g, holes, weights, pairs, board, free, n_missing, n_boards, binom,
                 chunk_starts, low_bits, low_table, pair_base, hole_suits, hole_low, full, idx,
                 pair_index, triple_index, rank5, flush5):
    """Chunk g of ``exact_counts``, on borrowed views of its arrays (``borrow``)."""
    out, holes, weights, pairs = borrowed(out), borrowed(holes), borrowed(weights), \
        borrowed(pairs)
    board, free, binom = borrowed(board), borrowed(free), borrowed(binom)
    chunk_starts, low_bits, low_table = borrowed(chunk_starts), borrowed(low_bits), \
        borrowed(low_table)
    pair_base, hole_suits = borrowed(pair_base), borrowed(hole_suits)
    hole_low, full, idx = borrowed(hole_low), borrowed(full), borrowed(idx)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    n_players = holes.shape[1]
    n_pairs = pairs.shape[0]
    n_known = board.shape[0]
    for j in range(n_known):
        full[j] = board[j]
    i = chunk_starts[g]
    stop = chunk_starts[g + 1]
    while i < stop:  # one matchup's run of completions at a time
        m, b, run_end = matchup_run(i, stop, n_boards)
        weight = weights[m]
        used = start_matchup(holes[m], b, pairs, pair_base, hole_suits, pair_index, free,
                             n_missing, binom, idx)  # b > 0 only for a chunk's first matchup
        for p in range(n_players):
            hole_low[p] = _hole_low(holes[m, p], low_bits)
        for _ in range(run_end - i):
            high = completion_showdown(free, idx, n_known, n_missing, used, full, n_players,
                                       n_pairs, pair_base, hole_suits, triple_index, rank5,
                                       flush5)
            if high >= 0:
                low = _low_winners(n_players, hole_low, _board_low(full, low_bits), low_table)
                tally(out, g, n_players, high, low, weight)
        i = run_end


@inline
def _draw_row(state, start, stop, cumulative):
    """(state, row): a row of start..stop-1 drawn with probability proportional to its weight
    (cumulative[start..stop-1] holds the running sums of the weights)."""
    state, r = next_u64(state)
    lo = start
    hi = stop - 1
    if lo > 0:
        below = cumulative[lo - 1]
    else:
        below = 0.0
    target = below + (float(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)) \
        * (cumulative[hi] - below)
    while lo < hi:  # the first row whose running sum exceeds the target
        mid = (lo + hi) // 2
        if cumulative[mid] > target:
            hi = mid
        else:
            lo = mid + 1
    return state, lo


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("int64"), array("uint8", 2), array("int64"),
     array("float64"), array("int64", 2), array("uint8"), uint64, array("uint64"),
     array("int64"), int64, array("uint8"), array("uint8", 2, readonly=True), *OMAHA_TABLES),
])
def monte_carlo_counts(first, end, out, kinds, rows, row_starts, cumulative, pairs, board,
                       base_used, seeds, chunk_trials, max_rejections, low_bits, low_table,
                       pair_index, triple_index, rank5, flush5):
    """Chunks first..end-1 (``_jit.run_chunks``): hi/lo tallies of random deals, chunk c's
    into out[c] ((C, row_width(P) + 1) int64, zeros to start; the last column counts the
    trials given up because range hands kept colliding).

    kinds (P,): 0 a known hand (row row_starts[p] of rows), 1 a random hand (H cards dealt
    from the deck), 2 a range (a row of row_starts[p]..row_starts[p+1]-1 drawn by weight,
    cumulative holding the running sums of the weights within each player's rows). rows (N,
    H): hole cards. board: the known board cards; base_used: 52-bit mask of every card known
    to be out of the deck (known hands, board, dead). Chunk c runs chunk_trials[c] trials on
    the stream seeded by seeds[c]: the range players' hands (all drawn again while two of
    them share a card, at most max_rejections times, after which the trial is given up and
    counted in the last column), then the random players' cards, then the rest of the board,
    each card uniform over the cards not yet used.
    """
    pair_base, hole_suits, full = player_scratch(kinds.shape[0], pairs.shape[0])
    hole_low = np.empty(kinds.shape[0], dtype=np.int64)
    hole = np.empty(rows.shape[1], dtype=np.uint8)
    chosen = np.empty(kinds.shape[0], dtype=np.int64)
    for g in range(first, end):
        _random_chunk(out, g, kinds, rows, row_starts, cumulative, pairs, board, base_used,
                      seeds[g], chunk_trials[g], max_rejections, low_bits, low_table,
                      pair_base, hole_suits, hole_low, full, hole, chosen, pair_index,
                      triple_index, rank5, flush5)


@kernel
def _random_chunk(out, g, kinds, rows, row_starts, cumulative, pairs, board, base_used, state,
                  n_trials, max_rejections, low_bits, low_table, pair_base, hole_suits,
                  hole_low, full, hole, chosen, pair_index, triple_index, rank5, flush5):
    """Chunk g of ``monte_carlo_counts``, on borrowed views of its arrays (``borrow``)."""
    out, kinds, rows, row_starts = borrowed(out), borrowed(kinds), borrowed(rows), \
        borrowed(row_starts)
    cumulative, pairs, board = borrowed(cumulative), borrowed(pairs), borrowed(board)
    low_bits, low_table = borrowed(low_bits), borrowed(low_table)
    pair_base, hole_suits = borrowed(pair_base), borrowed(hole_suits)
    hole_low, full = borrowed(hole_low), borrowed(full)
    hole, chosen = borrowed(hole), borrowed(chosen)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    n_players = kinds.shape[0]
    n_hole = rows.shape[1]
    n_pairs = pairs.shape[0]
    n_known = board.shape[0]
    gave_up = out.shape[1] - 1
    for j in range(n_known):
        full[j] = board[j]
    has_range = False
    for p in range(n_players):
        if kinds[p] == 0:
            r = row_starts[p]
            hole_suits[p] = hole_ranks(rows[r], pairs, pair_base[p], pair_index)
            hole_low[p] = _hole_low(rows[r], low_bits)
        elif kinds[p] == 2:
            has_range = True
    for _ in range(n_trials):
        used = base_used
        if has_range:
            dealt = False
            for _attempt in range(max_rejections + 1):
                used = base_used
                dealt = True
                for p in range(n_players):
                    if kinds[p] != 2:
                        continue
                    state, r = _draw_row(state, row_starts[p], row_starts[p + 1], cumulative)
                    chosen[p] = r
                    for j in range(n_hole):
                        bit = np.uint64(1) << np.uint64(rows[r, j])
                        if used & bit:
                            dealt = False
                        used |= bit
                    if not dealt:
                        break
                if dealt:
                    break
            if not dealt:
                out[g, gave_up] += 1
                continue
            for p in range(n_players):
                if kinds[p] == 2:
                    r = chosen[p]
                    hole_suits[p] = hole_ranks(rows[r], pairs, pair_base[p], pair_index)
                    hole_low[p] = _hole_low(rows[r], low_bits)
        for p in range(n_players):
            if kinds[p] == 1:
                for j in range(n_hole):
                    state, c = draw_unused(state, used)
                    used |= np.uint64(1) << c
                    hole[j] = c
                hole_suits[p] = hole_ranks(hole, pairs, pair_base[p], pair_index)
                hole_low[p] = _hole_low(hole, low_bits)
        for j in range(n_known, 5):
            state, c = draw_unused(state, used)
            used |= np.uint64(1) << c
            full[j] = c
        high = showdown_of_ranks(n_players, n_pairs, pair_base, hole_suits, full, triple_index,
                                 rank5, flush5)
        low = _low_winners(n_players, hole_low, _board_low(full, low_bits), low_table)
        tally(out, g, n_players, high, low, np.int64(1))
