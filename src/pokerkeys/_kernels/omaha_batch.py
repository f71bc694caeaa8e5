"""Batch Omaha evaluation: the best 2-hole + 3-board hand of many rows at once.

Suits matter only for flushes, so a row's best hand is the larger of two parts:

* its best non-flush rank, which depends on ranks only: every (hole pair, board triple) is one
  multiset of five ranks, read from ``rank5``, a table of the 91 rank pairs times the 455 rank
  triples (41,405 ranks, 83 kB, so it stays in the core's L2 cache). A pair's and a triple's
  multiset index come from small tables indexed by their ranks (``pair_index``,
  ``triple_index``), so a row of 4 hole cards costs 6 + 10 index reads and 60 reads of
  ``rank5``, with no dependent chain between them (the core overlaps them);
* its best flush, possible only when the board holds 3+ cards of a suit and the hole 2+ of it
  (one board suit at most can). Then every (2 suited hole cards, 3 suited board cards) is read
  from ``flush5``, the flush rank of each 13-bit rank mask (8,192 entries).

A 5-card rank multiset that no deck holds (five of a rank) ranks 0 in ``rank5``, and every row
is checked (ids in 0..51, no card twice across its hole and board): a bad row ranks 0 and is
counted. The tables are built by ``pokerkeys.core.omaha_batch`` from the evaluator's own.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel
from .bits import popcount64
from .borrow import borrowed

# The argument types of ``pokerkeys.core.omaha_batch.omaha_tables()`` (pair_index,
# triple_index, rank5, flush5), which kernels that rank Omaha hands take last.
OMAHA_TABLES = (array("int64", readonly=True), array("int64", readonly=True),
                array("uint16", readonly=True), array("uint16", readonly=True))

# Rows per chunk of ``best_ranks_chunks``: enough to make the chunk's set-up negligible, few
# enough for two threads to share a small batch.
CHUNK_ROWS = 1 << 14


def subsets(n: int, k: int) -> np.ndarray:
    """(C(n, k), k) indices of the k-subsets of range(n), in lexicographic order."""
    from itertools import combinations
    return np.array(list(combinations(range(n), k)), dtype=np.int64).reshape(-1, k)


@kernel(signatures=[
    (int64, int64, array("uint8", 2, readonly=True), array("uint8", 2, readonly=True),
     array("uint16"), array("int64"), array("int64", 2), array("int64", 2),
     *OMAHA_TABLES),
])
def best_ranks_chunks(first, end, holes, boards, out, bad, pairs, triples, pair_index,
                      triple_index, rank5, flush5):
    """Chunks first..end-1 (CHUNK_ROWS rows each) of the batch into out; bad[g]: chunk g's
    bad rows. holes (N, H); boards (N, 5), or (1, 5) shared by every row; pairs and triples:
    ``subsets(H, 2)`` and ``subsets(5, 3)``."""
    pair_base = np.empty(pairs.shape[0], dtype=np.int64)
    triple_at = np.empty(10, dtype=np.int64)
    for g in range(first, end):
        bad[g] = _best_ranks_rows(g * CHUNK_ROWS, min((g + 1) * CHUNK_ROWS, holes.shape[0]),
                                  holes, boards, out, pairs, triples, pair_index, triple_index,
                                  rank5, flush5, pair_base, triple_at)


@kernel
def _best_ranks_rows(start, stop, holes, boards, out, pairs, triples, pair_index, triple_index,
                     rank5, flush5, pair_base, triple_at):
    """Rows start..stop-1 into out, on borrowed views of the arrays (``borrow``); returns the
    number of bad rows."""
    holes, boards, out = borrowed(holes), borrowed(boards), borrowed(out)
    pairs, triples = borrowed(pairs), borrowed(triples)
    pair_index, triple_index = borrowed(pair_index), borrowed(triple_index)
    rank5, flush5 = borrowed(rank5), borrowed(flush5)
    pair_base, triple_at = borrowed(pair_base), borrowed(triple_at)
    n_hole = holes.shape[1]
    board_step = 1 if boards.shape[0] > 1 else 0
    n_bad = 0
    for i in range(start, stop):
        hole = holes[i]
        board = boards[i * board_step]
        # Check the row: ids in 0..51 and no card twice (the OR of 1 << id has one bit a card).
        used = np.uint64(0)
        top = 0
        for j in range(n_hole):
            c = hole[j]
            top = max(top, c)
            used |= np.uint64(1) << np.uint64(c & 63)
        board_suits = 0  # a 4-bit count per suit
        for j in range(5):
            c = board[j]
            top = max(top, c)
            used |= np.uint64(1) << np.uint64(c & 63)
            board_suits += 1 << (4 * (c & 3))
        if top >= 52 or popcount64(used) != n_hole + 5:
            out[i] = 0
            n_bad += 1
            continue
        # The non-flush part: ranks only.
        if n_hole == 4:
            best = _best_nonflush_4(hole, board, pair_index, triple_index, rank5)
        else:
            best = _best_nonflush(hole, board, pairs, triples, pair_index, triple_index,
                                  rank5, pair_base, triple_at)
        # A flush: the board's suit with 3+ cards (a count of 3..5 sets bit 3 once 5 is added;
        # counts are at most 5, so no field carries into the next).
        flushy = (board_suits + 0x5555) & 0x8888
        if flushy:
            suit = 0
            while not (flushy >> (4 * suit + 3)) & 1:
                suit += 1
            best = max(best, _best_flush(hole, board, suit, flush5))
        out[i] = best
    return n_bad


@inline
def _best_nonflush(hole, board, pairs, triples, pair_index, triple_index, rank5, pair_base,
                   triple_at):
    """Best non-flush rank over every (hole pair, board triple), any number of hole cards."""
    n_pairs = pairs.shape[0]
    for t in range(10):
        r0 = np.int64(board[triples[t, 0]] >> 2)
        r1 = np.int64(board[triples[t, 1]] >> 2)
        r2 = np.int64(board[triples[t, 2]] >> 2)
        triple_at[t] = triple_index[(r0 * 13 + r1) * 13 + r2]
    for k in range(n_pairs):
        r0 = np.int64(hole[pairs[k, 0]] >> 2)
        r1 = np.int64(hole[pairs[k, 1]] >> 2)
        pair_base[k] = pair_index[r0 * 13 + r1]
    best = 0
    for k in range(n_pairs):
        base = pair_base[k]
        for t in range(10):
            r = rank5[base + triple_at[t]]
            if r > best:
                best = r
    return best


@inline
def best_of_pair(rank5, base, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9):
    """Best rank5 of one hole pair (its base) with the ten board triples."""
    a = max(rank5[base + t0], rank5[base + t1])
    b = max(rank5[base + t2], rank5[base + t3])
    c = max(rank5[base + t4], rank5[base + t5])
    d = max(rank5[base + t6], rank5[base + t7])
    e = max(rank5[base + t8], rank5[base + t9])
    return max(max(a, b), max(max(c, d), e))


@inline
def board_triples(board, triple_index):
    """The ten board triples' rank5 columns (subsets of board[:5] in lexicographic order)."""
    b0 = np.int64(board[0] >> 2)
    b1 = np.int64(board[1] >> 2)
    b2 = np.int64(board[2] >> 2)
    b3 = np.int64(board[3] >> 2)
    b4 = np.int64(board[4] >> 2)
    b01 = (b0 * 13 + b1) * 13
    b02 = (b0 * 13 + b2) * 13
    b03 = (b0 * 13 + b3) * 13
    b12 = (b1 * 13 + b2) * 13
    b13 = (b1 * 13 + b3) * 13
    b23 = (b2 * 13 + b3) * 13
    return (triple_index[b01 + b2], triple_index[b01 + b3], triple_index[b01 + b4],
            triple_index[b02 + b3], triple_index[b02 + b4], triple_index[b03 + b4],
            triple_index[b12 + b3], triple_index[b12 + b4], triple_index[b13 + b4],
            triple_index[b23 + b4])


@inline
def _best_nonflush_4(hole, board, pair_index, triple_index, rank5):
    """_best_nonflush of 4 hole cards, written out: every index a register, no loop."""
    h0 = np.int64(hole[0] >> 2)
    h1 = np.int64(hole[1] >> 2)
    h2 = np.int64(hole[2] >> 2)
    h3 = np.int64(hole[3] >> 2)
    t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 = board_triples(board, triple_index)
    p0 = best_of_pair(rank5, pair_index[h0 * 13 + h1], t0, t1, t2, t3, t4, t5, t6, t7, t8, t9)
    p1 = best_of_pair(rank5, pair_index[h0 * 13 + h2], t0, t1, t2, t3, t4, t5, t6, t7, t8, t9)
    p2 = best_of_pair(rank5, pair_index[h0 * 13 + h3], t0, t1, t2, t3, t4, t5, t6, t7, t8, t9)
    p3 = best_of_pair(rank5, pair_index[h1 * 13 + h2], t0, t1, t2, t3, t4, t5, t6, t7, t8, t9)
    p4 = best_of_pair(rank5, pair_index[h1 * 13 + h3], t0, t1, t2, t3, t4, t5, t6, t7, t8, t9)
    p5 = best_of_pair(rank5, pair_index[h2 * 13 + h3], t0, t1, t2, t3, t4, t5, t6, t7, t8, t9)
    return max(max(max(p0, p1), max(p2, p3)), max(p4, p5))


@inline
def _best_flush(hole, board, suit, flush5):
    """Best flush of 2 hole + 3 board cards of `suit` (0 if the hole has fewer than 2)."""
    hole_mask = 0
    for j in range(hole.shape[0]):
        if (hole[j] & 3) == suit:
            hole_mask |= 1 << (hole[j] >> 2)
    board_mask = 0
    for j in range(5):
        if (board[j] & 3) == suit:
            board_mask |= 1 << (board[j] >> 2)
    return best_flush_of_masks(hole_mask, board_mask, flush5)


@inline
def best_flush_of_masks(hole_mask, board_mask, flush5):
    """Best flush of 2 ranks of `hole_mask` and 3 of `board_mask` (13-bit rank masks of one
    suit; 0 if either has too few). It walks the submasks of each ((s - 1) & mask steps
    through them all, largest first) and keeps those of 2 and of 3 bits: at most 63 x 31
    steps, on a path only rows that can flush take, and nothing is allocated."""
    best = 0
    hole_part = hole_mask
    while hole_part:
        if popcount64(np.uint64(hole_part)) == 2:
            board_part = board_mask
            while board_part:
                if popcount64(np.uint64(board_part)) == 3:
                    best = max(best, flush5[hole_part | board_part])
                board_part = (board_part - 1) & board_mask
        hole_part = (hole_part - 1) & hole_mask
    return best
