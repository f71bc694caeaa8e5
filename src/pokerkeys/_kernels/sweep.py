"""Heads-up showdowns of two whole ranges on one board at a time, by a sweep over the ranks.

On a complete board every combo has one rank, so instead of comparing every pair of combos
(range A x range B, minus the pairs that share a card) both ranges are sorted by rank and swept
once from the lowest rank up, keeping the weight of the opponent's combos seen so far in
total and per card. A combo (x, y) then beats the opponent's weight below its rank minus the
weight of the opponent's combos holding x or y (inclusion-exclusion: the only opponent combo
holding both is the combo {x, y} itself, which has the same rank, so it is never below; in
the tie and total sums it is subtracted twice and added back once). Each board costs
(|A| + |B|) evaluations and a sort, not |A| x |B| comparisons: every hand against a 15% range
on a flop is 1,176 turn-river boards x ~1,400 evaluations.

Per combo the sweep yields the opponent weight it beats, ties and faces on the board: summed
over boards these are the combo's weighted wins, ties and showdowns against the other range,
with card removal exact.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks, uint64
from .evaluate import HASH_7, TABLES, rank_of_key

# Sort keys pack (rank, side, row): rows < 2**11 (1,326 combos), side 1 bit.
_ROW_BITS = 11
_SIDE_BIT = 1 << _ROW_BITS
_RANK_SHIFT = _ROW_BITS + 1


@kernel  # one call per chunk of boards: the board loop and the sweep stay in one body
def _sweep_boards(base_key, base_flush, base_bits, boards, lo_board, hi_board, hk_a, hf_a,
                  bits_a, lo_a, hi_a, w_a, dense_a, idx_a, hk_b, hf_b, bits_b, lo_b, hi_b, w_b,
                  dense_b, idx_b, acc_a, acc_b, board_totals, card_keys, flush_keys, flush_suit,
                  hash_base, hash_ranks, flush_ranks):
    """Boards base + boards[lo_board:hi_board] (rows meeting base_bits are skipped): acc_a[i]
    += (opponent weight beaten, tied, faced) for each combo i of A, acc_b likewise, and
    board_totals[b] = A's weighted (won, tied, faced) on board b (w_a times acc_a's terms)."""
    mult, hmask, shift = HASH_7  # compile-time constants
    na = len(w_a)
    nb = len(w_b)
    k = boards.shape[1]
    keys = np.empty(na + nb, dtype=np.int64)
    # Per side (row), per card, the weight of that side's combos below the current rank /
    # on the board / in the current rank group; column 52 holds the side's sum.
    less = np.zeros((2, 53), dtype=np.float64)
    total = np.zeros((2, 53), dtype=np.float64)
    group = np.zeros((2, 53), dtype=np.float64)
    for b in range(lo_board, hi_board):
        bk = base_key
        bf = base_flush
        bb = np.uint64(0)
        for j in range(k):
            card = boards[b, j]
            bk += card_keys[card]
            bf += flush_keys[card]
            bb |= np.uint64(1) << np.uint64(card)
        board_totals[b, 0] = 0.0
        board_totals[b, 1] = 0.0
        board_totals[b, 2] = 0.0
        if bb & base_bits:
            continue
        bb |= base_bits
        n = 0
        less[:, :] = 0.0
        total[:, :] = 0.0
        for i in range(na):
            if bits_a[i] & bb:
                continue
            r = np.int64(rank_of_key(bk + hk_a[i], bf + hf_a[i], flush_suit, hash_base,
                                     hash_ranks, flush_ranks, mult, hmask, shift))
            keys[n] = (r << _RANK_SHIFT) | i
            n += 1
            w = w_a[i]
            total[0, hi_a[i]] += w
            total[0, lo_a[i]] += w
            total[0, 52] += w
        for i in range(nb):
            if bits_b[i] & bb:
                continue
            r = np.int64(rank_of_key(bk + hk_b[i], bf + hf_b[i], flush_suit, hash_base,
                                     hash_ranks, flush_ranks, mult, hmask, shift))
            keys[n] = (r << _RANK_SHIFT) | _SIDE_BIT | i
            n += 1
            w = w_b[i]
            total[1, hi_b[i]] += w
            total[1, lo_b[i]] += w
            total[1, 52] += w
        order = keys[:n]
        order.sort()
        start = 0
        while start < n:
            rank = order[start] >> _RANK_SHIFT
            stop = start
            while stop < n and (order[stop] >> _RANK_SHIFT) == rank:
                stop += 1
            for j in range(start, stop):  # the group's weight, per side and card
                i = order[j] & (_SIDE_BIT - 1)
                if (order[j] >> _ROW_BITS) & 1:
                    w = w_b[i]
                    group[1, hi_b[i]] += w
                    group[1, lo_b[i]] += w
                    group[1, 52] += w
                else:
                    w = w_a[i]
                    group[0, hi_a[i]] += w
                    group[0, lo_a[i]] += w
                    group[0, 52] += w
            for j in range(start, stop):
                i = order[j] & (_SIDE_BIT - 1)
                if (order[j] >> _ROW_BITS) & 1:
                    h, lo, same = hi_b[i], lo_b[i], dense_a[idx_b[i]]
                    acc_b[i, 0] += less[0, 52] - less[0, h] - less[0, lo]
                    acc_b[i, 1] += group[0, 52] - group[0, h] - group[0, lo] + same
                    acc_b[i, 2] += total[0, 52] - total[0, h] - total[0, lo] + same
                else:
                    h, lo, same = hi_a[i], lo_a[i], dense_b[idx_a[i]]
                    won = less[1, 52] - less[1, h] - less[1, lo]
                    tied = group[1, 52] - group[1, h] - group[1, lo] + same
                    faced = total[1, 52] - total[1, h] - total[1, lo] + same
                    acc_a[i, 0] += won
                    acc_a[i, 1] += tied
                    acc_a[i, 2] += faced
                    w = w_a[i]
                    board_totals[b, 0] += w * won
                    board_totals[b, 1] += w * tied
                    board_totals[b, 2] += w * faced
            for j in range(start, stop):  # move the group below the next rank
                i = order[j] & (_SIDE_BIT - 1)
                side = (order[j] >> _ROW_BITS) & 1
                if side:
                    h, lo = hi_b[i], lo_b[i]
                else:
                    h, lo = hi_a[i], lo_a[i]
                less[side, h] += group[side, h]
                less[side, lo] += group[side, lo]
                group[side, h] = 0.0
                group[side, lo] = 0.0
            for side in range(2):
                less[side, 52] += group[side, 52]
                group[side, 52] = 0.0
            start = stop


@inline
def combo_keys(combos, card_keys, flush_keys):
    """(key sums, flush sums, card masks, high cards, low cards) of an (N, 2) combo array."""
    n = combos.shape[0]
    hk = np.empty(n, dtype=np.uint64)
    hf = np.empty(n, dtype=np.uint64)
    bits = np.empty(n, dtype=np.uint64)
    hi = np.empty(n, dtype=np.int64)
    lo = np.empty(n, dtype=np.int64)
    for i in range(n):
        a = combos[i, 0]
        b = combos[i, 1]
        hk[i] = np.uint64(card_keys[a]) + card_keys[b]
        hf[i] = np.uint64(flush_keys[a]) + flush_keys[b]
        bits[i] = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
        hi[i] = a
        lo[i] = b
    return hk, hf, bits, hi, lo


@kernel(signatures=[
    (int64, int64, array("float64", 3), array("float64", 3), array("float64", 2),
     array("uint8", 2), array("float64"), array("int64"), array("float64"), array("uint8", 2),
     array("float64"), array("int64"), array("float64"), uint64, uint64, array("uint8", 2,
     readonly=True), array("int64"), *TABLES),
])
def sweep_chunks(first, end, out_a, out_b, board_totals, combos_a, w_a, idx_a, dense_a,
                 combos_b, w_b, idx_b, dense_b, base_key, base_flush, boards, chunk_starts,
                 card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 of ``per_combo_sweep`` (``_jit.run_chunks``), into its arrays."""
    hk_a, hf_a, bits_a, hi_a, lo_a = combo_keys(combos_a, card_keys, flush_keys)
    hk_b, hf_b, bits_b, hi_b, lo_b = combo_keys(combos_b, card_keys, flush_keys)
    for c in range(first, end):
        _sweep_boards(base_key, base_flush, np.uint64(0), boards, chunk_starts[c],
                      chunk_starts[c + 1], hk_a, hf_a, bits_a, lo_a, hi_a, w_a, dense_a, idx_a,
                      hk_b, hf_b, bits_b, lo_b, hi_b, w_b, dense_b, idx_b, out_a[c], out_b[c],
                      board_totals, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                      flush_ranks)


def per_combo_sweep(combos_a, w_a, idx_a, dense_a, combos_b, w_b, idx_b, dense_b, base_key,
                    base_flush, boards, chunk_starts, card_keys, flush_keys, flush_suit,
                    hash_base, hash_ranks, flush_ranks):
    """Per combo of each range, the opponent weight beaten, tied and faced, over all boards.

    combos_x (N, 2) uint8 with weights w_x, combo indices idx_x (rows of ALL_COMBOS) and
    dense_x (1326,) weights by combo index; base_key/base_flush: key sums of the known board;
    boards (B, k): the missing board cards of each completion, in chunks [chunk_starts[c],
    chunk_starts[c + 1]). Returns ((C, Na, 3), (C, Nb, 3)) float64, one block per chunk,
    and (B, 3): A's weighted (won alone, tied, faced) on each board. The chunks run on the
    threads of the caller's ``_jit.threads`` block.
    """
    n_chunks = len(chunk_starts) - 1
    out_a = np.zeros((n_chunks, combos_a.shape[0], 3), dtype=np.float64)
    out_b = np.zeros((n_chunks, combos_b.shape[0], 3), dtype=np.float64)
    board_totals = np.zeros((boards.shape[0], 3), dtype=np.float64)
    run_chunks(sweep_chunks, n_chunks, None, out_a, out_b, board_totals, combos_a, w_a, idx_a,
               dense_a, combos_b, w_b, idx_b, dense_b, base_key, base_flush, boards,
               chunk_starts, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
               flush_ranks)
    return out_a, out_b, board_totals
