"""Omaha showdowns of many matchups on many complete boards: each hand ranked once per board.

The range-analysis reports (runouts, what wins, the flop report) settle every matchup of the
players' hands on every board of a list. A matchup's players are rows of one table of hands,
and on each board every row is ranked once, then every matchup reads its players' ranks: the
ranking costs (hands x boards), not (matchups x players x boards).

Ranking a hand on a board is the batch evaluator's split (``omaha_batch``):

* the non-flush part depends on the hole ranks only, so hands are grouped by the multiset of
  their hole ranks (a *rank class*: at most 1,820 of 4 cards however many hands a range holds);
  each class is ranked once per board, by ``rank5`` reads of its hole-rank pairs (``class_pairs``,
  fixed) with the board's ten triples;
* a flush, when the board holds three or more cards of a suit and the hand two or more of it,
  depends on the hand's ranks in that suit only: the best flush of each 13-bit mask met is
  computed once per board (``best_flush_of_masks``) and kept in ``held_flush``.

A hand that shares a card with the board ranks 0 there, and a matchup with a player ranked 0
is skipped (it cannot be dealt with that board). The chunk kernels split the boards into
chunks that write their own rows (``board_counts_chunks``) or their own totals
(``class_wins_chunks``), so results do not depend on the number of threads
(``_jit.run_chunks``); each chunk allocates its scratch and hands it, with its arguments, to an
inner kernel that borrows them (``borrow``).
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel
from .borrow import borrowed
from .omaha import board_flush
from .omaha_batch import OMAHA_TABLES, best_flush_of_masks, best_of_pair, board_triples

#: The hands' arguments of the chunk kernels, in order: each hand's rank class (N,), its cards
#: by suit (N,: bit 16 s + r for a card of rank r and suit s), its 52-bit card mask (N,), and
#: each class's hole-rank pairs as rows of ``rank5`` (C, pairs).
HAND_TABLES = (array("int64"), array("int64"), array("uint64"), array("int64", 2))
#: Masks of a suit's 13 ranks: the size of the per-board cache of flush ranks.
N_RANK_MASKS = 1 << 13


@inline
def rank_hands(completion, stamp, board_bits, full, n_known, hand_class, hand_suits,
               hand_bits, class_pairs, triple_index, rank5, flush5, ranks, class_rank,
               held_flush):
    """ranks[n] = hand n's best Omaha rank on the board full[:n_known] + completion (0 when it
    shares a card with the board); fills full[n_known:] with the completion. held_flush
    (N_RANK_MASKS,) caches flush ranks: entry mask holds stamp << 16 | rank, valid when its
    stamp is this board's (a number no other board of the chunk has, so nothing needs
    clearing, and one read finds both)."""
    used = board_bits
    for j in range(completion.shape[0]):
        c = completion[j]
        full[n_known + j] = c
        used |= np.uint64(1) << np.uint64(c)
    t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 = board_triples(full, triple_index)
    n_pairs = class_pairs.shape[1]
    for c in range(class_pairs.shape[0]):
        r = 0
        for k in range(n_pairs):
            r = max(r, best_of_pair(rank5, class_pairs[c, k], t0, t1, t2, t3, t4, t5, t6, t7,
                                    t8, t9))
        class_rank[c] = r
    suit, suited = board_flush(full)
    shift = 16 * max(suit, 0)
    for n in range(hand_class.shape[0]):
        if hand_bits[n] & used:
            ranks[n] = 0
            continue
        r = class_rank[hand_class[n]]
        if suit >= 0:
            held = (hand_suits[n] >> shift) & 0x1FFF
            if held & (held - 1):  # two or more cards of the board's flush suit
                cached = held_flush[held]
                if (cached >> 16) != stamp:
                    cached = (stamp << 16) | np.int64(best_flush_of_masks(held, suited, flush5))
                    held_flush[held] = cached
                r = max(r, cached & 0xFFFF)
        ranks[n] = r


@inline
def winners_of(matchups, m, n_players, ranks):
    """(mask, live) of one matchup (its players' rows of ranks): bit p of mask set for each
    player holding the best rank; live when no player ranks 0 (no card clashes with the
    board). Without branches on who wins: a showdown's winner is a coin flip to the CPU."""
    best = np.int64(0)
    low = np.int64(1 << 16)
    for p in range(n_players):
        r = np.int64(ranks[matchups[m, p]])
        best = max(best, r)
        low = min(low, r)
    mask = np.int64(0)
    for p in range(n_players):
        mask |= np.int64(np.int64(ranks[matchups[m, p]]) == best) << p
    return mask, low > 0


@inline
def _heads_up_row(out, g, b, start, stop, matchups, weights, ranks):
    """out[g, b] of two players' matchups start..stop-1: three sums in registers, each
    matchup adding its weight to one and 0.0 (which changes nothing) to the others, so each
    sum is the same as adding the weights of its mask in matchup order, without a branch on
    who wins or a store per matchup (four times faster than ``winners_of``)."""
    won = 0.0
    lost = 0.0
    tied = 0.0
    for m in range(start, stop):
        r0 = np.int64(ranks[matchups[m, 0]])
        r1 = np.int64(ranks[matchups[m, 1]])
        w = weights[m] * ((r0 > 0) & (r1 > 0))
        won += w * (r0 > r1)
        lost += w * (r1 > r0)
        tied += w * (r0 == r1)
    out[g, b, 1] += won
    out[g, b, 2] += lost
    out[g, b, 3] += tied


@inline
def board_scratch(n_hands, n_classes):
    """Per-chunk scratch (allocated in a chunk kernel, then borrowed by its inner kernel):
    the hands' ranks, the classes' ranks, the flush cache, the full board."""
    return (np.empty(n_hands, dtype=np.uint16), np.empty(n_classes, dtype=np.int64),
            np.zeros(N_RANK_MASKS, dtype=np.int64), np.empty(5, dtype=np.uint8))


@inline
def known_bits(board, full):
    """The 52-bit mask of the known board; copies it to full[:len(board)]."""
    bits = np.uint64(0)
    for j in range(board.shape[0]):
        full[j] = board[j]
        bits |= np.uint64(1) << np.uint64(board[j])
    return bits


@kernel(signatures=[
    (int64, int64, array("float64", 3), *HAND_TABLES, array("int64", 2), array("float64"),
     array("int64"), array("uint8"), array("uint8", 2, readonly=True), array("int64"),
     *OMAHA_TABLES),
])
def board_counts_chunks(first, end, out, hand_class, hand_suits, hand_bits, class_pairs,
                        matchups, weights, group_starts, board, completions, chunk_starts,
                        pair_index, triple_index, rank5, flush5):
    """Chunks first..end-1 (``_jit.run_chunks``) of the completions (B, k), chunk c being
    completions [chunk_starts[c], chunk_starts[c + 1]): out[g, b, mask] += weights[m] for
    every matchup m of group g (matchups [group_starts[g], group_starts[g + 1]) of matchups
    (M, P): rows of the hand tables, one per player) that fits board board + completions[b],
    mask its winners (bit p set for each player holding the best hand). out (G, B, 2**P)
    starts at zero; each board's row is summed in matchup order. Groups share the ranking of
    the hands on each board (sampled matchups come in groups, one per seed)."""
    ranks, class_rank, held_flush, full = board_scratch(hand_class.shape[0],
                                                        class_pairs.shape[0])
    no_classes = np.zeros(0, dtype=np.int64)
    for c in range(first, end):
        _each_board(out, chunk_starts[c], chunk_starts[c + 1], False, hand_class, hand_suits,
                    hand_bits, class_pairs, matchups, weights, group_starts, no_classes, board,
                    completions, triple_index, rank5, flush5, ranks, class_rank, held_flush,
                    full)


@kernel
def _each_board(out, lo, hi, by_class, hand_class, hand_suits, hand_bits, class_pairs,
                matchups, weights, group_starts, class_of_rank, board, completions,
                triple_index, rank5, flush5, ranks, class_rank, held_flush, full):
    """Completions lo..hi-1 of a chunk kernel, on borrowed views of its arrays: with
    by_class, ``class_wins_chunks``' sums into out (P, 2, K) (its chunk's row), else
    ``board_counts_chunks``' into out (G, B, 2**P)."""
    out, hand_class, hand_suits = borrowed(out), borrowed(hand_class), borrowed(hand_suits)
    hand_bits, class_pairs, matchups = borrowed(hand_bits), borrowed(class_pairs), \
        borrowed(matchups)
    weights, board, completions = borrowed(weights), borrowed(board), borrowed(completions)
    group_starts, class_of_rank = borrowed(group_starts), borrowed(class_of_rank)
    triple_index, rank5, flush5 = borrowed(triple_index), borrowed(rank5), borrowed(flush5)
    ranks, class_rank, held_flush = borrowed(ranks), borrowed(class_rank), \
        borrowed(held_flush)
    full = borrowed(full)
    n_players = matchups.shape[1]
    board_bits = known_bits(board, full)
    for b in range(lo, hi):
        rank_hands(completions[b], b + 1, board_bits, full, board.shape[0], hand_class,
                   hand_suits, hand_bits, class_pairs, triple_index, rank5, flush5, ranks,
                   class_rank, held_flush)
        if by_class:
            _class_wins(out, matchups, weights, class_of_rank, ranks)
            continue
        for g in range(group_starts.shape[0] - 1):
            if n_players == 2:
                _heads_up_row(out, g, b, group_starts[g], group_starts[g + 1], matchups,
                              weights, ranks)
                continue
            for m in range(group_starts[g], group_starts[g + 1]):
                mask, live = winners_of(matchups, m, n_players, ranks)
                out[g, b, mask] += weights[m] * live  # adding 0.0 leaves a sum as it is


@kernel(signatures=[
    (int64, int64, array("float64", 4), *HAND_TABLES, array("int64", 2), array("float64"),
     array("uint8"), array("uint8", 2, readonly=True), array("int64"), array("int64"),
     *OMAHA_TABLES),
])
def class_wins_chunks(first, end, out, hand_class, hand_suits, hand_bits, class_pairs,
                      matchups, weights, board, completions, chunk_starts, class_of_rank,
                      pair_index, triple_index, rank5, flush5):
    """Chunks first..end-1 (``_jit.run_chunks``) of the completions, as
    ``board_counts_chunks``: out[c, p, 0, k] += the pot share player p wins holding a hand of
    class k (class_of_rank[rank]), out[c, p, 1, k] += the showdowns it holds one in, each
    matchup weighted by weights[m]. out (C, P, 2, K) starts at zero."""
    ranks, class_rank, held_flush, full = board_scratch(hand_class.shape[0],
                                                        class_pairs.shape[0])
    every_matchup = np.array([0, matchups.shape[0]], dtype=np.int64)
    for c in range(first, end):
        _each_board(out[c], chunk_starts[c], chunk_starts[c + 1], True, hand_class, hand_suits,
                    hand_bits, class_pairs, matchups, weights, every_matchup, class_of_rank,
                    board, completions, triple_index, rank5, flush5, ranks, class_rank,
                    held_flush, full)


@inline
def _class_wins(out, matchups, weights, class_of_rank, ranks):
    """One board of ``class_wins_chunks`` into out (P, 2, K)."""
    n_players = matchups.shape[1]
    for m in range(matchups.shape[0]):
        mask, live = winners_of(matchups, m, n_players, ranks)
        if not live:
            continue
        winners = 0
        for p in range(n_players):
            winners += (mask >> p) & 1
        w = weights[m]
        share = w / winners
        for p in range(n_players):
            k = class_of_rank[ranks[matchups[m, p]]]
            out[p, 1, k] += w
            if (mask >> p) & 1:
                out[p, 0, k] += share
