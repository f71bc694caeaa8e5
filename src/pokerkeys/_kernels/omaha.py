"""Omaha kernels: best hand from exactly two hole cards and three board cards, equity counts.

An Omaha hand is always five cards (two of the player's 4-6 hole cards, three of the five board
cards). Suits matter only for a flush, so a showdown is ranked as the batch evaluator ranks a
row (``_kernels.omaha_batch``): each player's hole pairs become rows of the 5-rank table
``rank5`` once per matchup (``hole_ranks``), the board's ten triples its columns once per
board, and a player's best non-flush hand is the largest of 10 reads per pair; a flush is
looked at only when the board holds three cards of a suit and the player two of it.

Like the hold'em kernels, these count showdowns as a histogram over winner masks (bit p set
when player p holds the best hand). The tables are ``core.omaha_batch.omaha_tables()``
(``OMAHA_TABLES``). ``completion_showdown`` is the one board-enumeration step that the exact
kernels of hands, ranges and hi/lo share.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks, uint64
from .borrow import borrowed
from .evaluate import join_leaders
from .omaha_batch import OMAHA_TABLES, best_flush_of_masks, best_of_pair, board_triples
from .sampling import bounded, next_subset


def hole_pairs(n_hole: int) -> np.ndarray:
    """(C(n_hole, 2), 2) indices of the 2-card subsets of n_hole hole cards."""
    return np.array([(a, b) for a in range(n_hole) for b in range(a + 1, n_hole)],
                    dtype=np.int64)


@inline
def hole_ranks(hole, pairs, pair_base, pair_index):
    """pair_base[i] = hole pair i's row of ``rank5`` (``omaha_batch``); returns the hole's
    suits: bit 16 s + r set for a card of rank r and suit s."""
    for i in range(pairs.shape[0]):
        pair_base[i] = pair_index[np.int64(hole[pairs[i, 0]] >> 2) * 13
                                  + np.int64(hole[pairs[i, 1]] >> 2)]
    suits = np.int64(0)
    for j in range(hole.shape[0]):
        c = np.int64(hole[j])
        suits |= np.int64(1) << (16 * (c & 3) + (c >> 2))
    return suits


@inline
def board_flush(board):
    """(suit, ranks): the suit holding 3+ of the 5 board cards (-1 if none: one suit at most
    can) and the 13-bit mask of its ranks there."""
    counts = 0  # a 4-bit count per suit; a count of 3..5 plus 5 sets the field's top bit
    for j in range(5):
        counts += 1 << (4 * (board[j] & 3))
    flushy = (counts + 0x5555) & 0x8888
    if not flushy:
        return -1, 0
    suit = 0
    while not (flushy >> (4 * suit + 3)) & 1:
        suit += 1
    ranks = 0
    for j in range(5):
        if (board[j] & 3) == suit:
            ranks |= 1 << (board[j] >> 2)
    return suit, ranks


@inline
def showdown_of_ranks(n_players, n_pairs, pair_base, hole_suits, board, triple_index, rank5,
                      flush5):
    """Winner mask of one 5-card board: each player's best non-flush rank over every (pair,
    triple) from ``rank5``, and a flush when the board has 3 cards of a suit and the player
    2 (``omaha_batch``'s split). pair_base (P, n_pairs) and hole_suits (P,) are
    ``hole_ranks``'."""
    t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 = board_triples(board, triple_index)
    suit, suited = board_flush(board)
    best = 0
    mask = 0
    for p in range(n_players):
        r = 0
        for k in range(n_pairs):
            r = max(r, best_of_pair(rank5, pair_base[p, k], t0, t1, t2, t3, t4, t5, t6, t7,
                                    t8, t9))
        if suit >= 0:
            held = (hole_suits[p] >> (16 * suit)) & 0x1FFF
            if held & (held - 1):  # two or more
                r = max(r, best_flush_of_masks(held, suited, flush5))
        best, mask = join_leaders(best, mask, np.int64(r), p)
    return mask


@inline
def player_scratch(n_players, n_pairs):
    """Per-chunk scratch of the Omaha kernels (allocated in a chunk kernel, then borrowed by
    its inner kernel): each player's pair rows and suits (``hole_ranks``), the full board."""
    return (np.empty((n_players, n_pairs), dtype=np.int64), np.empty(n_players, dtype=np.int64),
            np.empty(5, dtype=np.uint8))


@inline
def matchup_ranks(matchup, pairs, pair_base, hole_suits, pair_index):
    """``hole_ranks`` of every player of a matchup (P, H); returns the 52-bit mask of their
    cards."""
    used = np.uint64(0)
    for p in range(matchup.shape[0]):
        hole_suits[p] = hole_ranks(matchup[p], pairs, pair_base[p], pair_index)
        for j in range(matchup.shape[1]):
            used |= np.uint64(1) << np.uint64(matchup[p, j])
    return used


@inline
def start_matchup(matchup, b, pairs, pair_base, hole_suits, pair_index, free, n_missing, binom,
                  idx):
    """Set up matchup (P, H) for its board completions from number b on: every player's
    ``hole_ranks`` and idx at completion b; returns the 52-bit mask of the matchup's cards."""
    used = matchup_ranks(matchup, pairs, pair_base, hole_suits, pair_index)
    unrank_subset(b, free.shape[0], n_missing, binom, idx)
    return used


@inline
def completion_showdown(free, idx, n_known, n_missing, used, full, n_players, n_pairs,
                        pair_base, hole_suits, triple_index, rank5, flush5):
    """One step of a board enumeration: the completion idx[:n_missing] (indices into free)
    fills full[n_known:], idx moves on to the next subset, and the result is the showdown's
    winner mask, or -1 when the completion uses a card of `used` (the matchup's: skipped, which
    weighs every deal of random players' cards equally)."""
    clash = False
    for j in range(n_missing):
        c = free[idx[j]]
        full[n_known + j] = c
        if (used >> np.uint64(c)) & np.uint64(1):
            clash = True
    next_subset(free.shape[0], n_missing, idx)
    if clash:
        return -1
    return showdown_of_ranks(n_players, n_pairs, pair_base, hole_suits, full, triple_index,
                             rank5, flush5)


@inline
def matchup_run(i, stop, n_boards):
    """(m, b, run_end): work item i = m * n_boards + b is completion b of matchup m, whose
    items in a chunk ending at stop run to run_end."""
    m = i // n_boards
    return m, i - m * n_boards, min(stop, (m + 1) * n_boards)


@inline
def unrank_subset(b, n, k, binom, idx):
    """idx[:k] = the b-th k-subset of range(n) in lexicographic order."""
    x = 0
    for j in range(k):
        while True:
            c = binom[n - x - 1, k - j - 1]  # subsets whose j-th element is x
            if b < c:
                break
            b -= c
            x += 1
        idx[j] = x
        x += 1


def exact_counts(holes, pairs, board, free, n_missing, n_boards, binom, chunk_starts,
                 pair_index, triple_index, rank5, flush5):
    """Winner-mask counts over every (matchup, board completion), one row per chunk.

    holes (M, P, H): the matchups (every player's hole cards); pairs: hole_pairs(H);
    board: the known board cards; free (F,): the cards completions are drawn from, n_missing
    of them per board, n_boards = C(F, n_missing) completions per matchup. The flat work index
    i = m * n_boards + b is split into contiguous chunks [chunk_starts[g], chunk_starts[g+1]);
    each chunk unranks its first completion and then steps through the rest in order. A
    completion that uses a card of the matchup (dealt to a random player from the same free
    cards) is skipped, which weighs every possible deal equally. The chunks run on the threads
    of the caller's ``_jit.threads`` block (``exact_chunks``). The tables are
    ``core.omaha_batch.omaha_tables()``.
    """
    out = np.zeros((chunk_starts.shape[0] - 1, 1 << holes.shape[1]), dtype=np.int64)
    run_chunks(exact_chunks, chunk_starts.shape[0] - 1, None, out, holes, pairs, board, free,
               n_missing, n_boards, binom, chunk_starts, pair_index, triple_index, rank5,
               flush5)
    return out


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("uint8", 3), array("int64", 2), array("uint8"),
     array("uint8"), int64, int64, array("int64", 2), array("int64"), *OMAHA_TABLES),
])
def exact_chunks(first, end, out, holes, pairs, board, free, n_missing, n_boards, binom,
                 chunk_starts, pair_index, triple_index, rank5, flush5):
    """Chunks first..end-1 of ``exact_counts`` (``_jit.run_chunks``) into out."""
    pair_base, hole_suits, full = player_scratch(holes.shape[1], pairs.shape[0])
    idx = np.empty(5, dtype=np.int64)
    for g in range(first, end):
        _exact_chunk(out[g], chunk_starts[g], chunk_starts[g + 1], holes, pairs, board, free,
                     n_missing, n_boards, binom, pair_base, hole_suits, full, idx, pair_index,
                     triple_index, rank5, flush5)


@kernel
def _exact_chunk(hist, start, stop, holes, pairs, board, free, n_missing, n_boards, binom,
                 pair_base, hole_suits, full, idx, pair_index, triple_index, rank5, flush5):
    """Work items start..stop-1 of ``exact_counts`` into hist, on borrowed views of its arrays
    (``borrow``)."""
    hist, holes, pairs, board = borrowed(hist), borrowed(holes), borrowed(pairs), borrowed(board)
    free, binom, pair_base = borrowed(free), borrowed(binom), borrowed(pair_base)
    hole_suits, full, idx = borrowed(hole_suits), borrowed(full), borrowed(idx)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    n_players = holes.shape[1]
    n_pairs = pairs.shape[0]
    n_known = board.shape[0]
    for j in range(n_known):
        full[j] = board[j]
    i = start
    while i < stop:  # one matchup's run of completions at a time
        m, b, run_end = matchup_run(i, stop, n_boards)
        used = start_matchup(holes[m], b, pairs, pair_base, hole_suits, pair_index, free,
                             n_missing, binom, idx)  # b > 0 only for a chunk's first matchup
        for _ in range(run_end - i):
            mask = completion_showdown(free, idx, n_known, n_missing, used, full, n_players,
                                       n_pairs, pair_base, hole_suits, triple_index, rank5,
                                       flush5)
            if mask >= 0:
                hist[mask] += 1
        i = run_end


@inline
def draw_unused(state, used):
    """(state, card): a uniform card id whose bit is not set in the 52-bit mask `used`."""
    while True:
        state, r = bounded(state, 52)
        if not (used >> r) & np.uint64(1):
            return state, r


def monte_carlo_counts(holes, is_random, pairs, board, base_used, seeds, chunk_trials,
                       pair_index, triple_index, rank5, flush5):
    """Winner-mask counts of random deals, one row per chunk.

    holes (P, H): known hole cards (rows of random players are ignored); is_random (P,):
    players whose H hole cards are dealt; board: the known board cards; base_used: 52-bit mask
    of every known card (hole, board, dead). Chunk c runs chunk_trials[c] trials on the stream
    seeded by seeds[c]: random hole cards first, then the rest of the board, each card uniform
    over the cards not yet used. The chunks run on the threads of the caller's
    ``_jit.threads`` block (``monte_carlo_chunks``). The tables are
    ``core.omaha_batch.omaha_tables()``.
    """
    out = np.zeros((seeds.shape[0], 1 << holes.shape[0]), dtype=np.int64)
    run_chunks(monte_carlo_chunks, seeds.shape[0], None, out, holes, is_random, pairs, board,
               base_used, seeds, chunk_trials, pair_index, triple_index, rank5, flush5)
    return out


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("uint8", 2), array("bool"), array("int64", 2),
     array("uint8"), uint64, array("uint64"), array("int64"), *OMAHA_TABLES),
])
def monte_carlo_chunks(first, end, out, holes, is_random, pairs, board, base_used, seeds,
                       chunk_trials, pair_index, triple_index, rank5, flush5):
    """Chunks first..end-1 of ``monte_carlo_counts`` (``_jit.run_chunks``) into out."""
    pair_base, hole_suits, full = player_scratch(holes.shape[0], pairs.shape[0])
    hole = np.empty(holes.shape[1], dtype=np.uint8)
    for g in range(first, end):
        _monte_carlo_chunk(out[g], seeds[g], chunk_trials[g], holes, is_random, pairs, board,
                           base_used, pair_base, hole_suits, full, hole, pair_index,
                           triple_index, rank5, flush5)


@kernel
def _monte_carlo_chunk(hist, state, n_trials, holes, is_random, pairs, board, base_used,
                       pair_base, hole_suits, full, hole, pair_index, triple_index, rank5,
                       flush5):
    """One chunk of ``monte_carlo_counts`` into hist, on borrowed views of its arrays
    (``borrow``)."""
    hist, holes, is_random = borrowed(hist), borrowed(holes), borrowed(is_random)
    pairs, board, pair_base = borrowed(pairs), borrowed(board), borrowed(pair_base)
    hole_suits, full, hole = borrowed(hole_suits), borrowed(full), borrowed(hole)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    n_players = holes.shape[0]
    n_hole = holes.shape[1]
    n_pairs = pairs.shape[0]
    n_known = board.shape[0]
    for j in range(n_known):
        full[j] = board[j]
    for p in range(n_players):
        if not is_random[p]:
            hole_suits[p] = hole_ranks(holes[p], pairs, pair_base[p], pair_index)
    for _ in range(n_trials):
        used = base_used
        for p in range(n_players):
            if is_random[p]:
                for j in range(n_hole):
                    state, c = draw_unused(state, used)
                    used |= np.uint64(1) << c
                    hole[j] = c
                hole_suits[p] = hole_ranks(hole, pairs, pair_base[p], pair_index)
        for j in range(n_known, 5):
            state, c = draw_unused(state, used)
            used |= np.uint64(1) << c
            full[j] = c
        hist[showdown_of_ranks(n_players, n_pairs, pair_base, hole_suits, full, triple_index,
                               rank5, flush5)] += 1
