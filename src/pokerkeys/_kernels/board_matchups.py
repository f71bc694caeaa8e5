"""Winner masks of every matchup on given complete boards, each combo evaluated once per board
(the flop report for three or more players; heads-up uses ``sweep``)."""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks
from .evaluate import HASH_7, TABLES, join_leaders, rank_of_key
from .sweep import combo_keys


@inline
def matchup_keys(combos, matchups, card_keys, flush_keys):
    """(hole key sums, hole flush sums, 52-bit card mask) of each combo, and the card mask of
    each matchup (rows of combos, one per player): a matchup fits a board when its mask and the
    board's share no bit."""
    hole_key, hole_flush, row_bits, _, _ = combo_keys(combos, card_keys, flush_keys)
    matchup_bits = np.zeros(matchups.shape[0], dtype=np.uint64)
    for m in range(matchups.shape[0]):
        for p in range(matchups.shape[1]):
            matchup_bits[m] |= row_bits[matchups[m, p]]
    return hole_key, hole_flush, row_bits, matchup_bits


def board_mask_counts(combos, matchups, matchup_weights, boards, chunk_starts, card_keys,
                      flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """(B, 2**P) float64: per board of boards (B, 5), the weight of the matchups (rows of
    combos (R, 2), one per player: matchups (M, P)) with each winner mask; matchups sharing a
    card with the board are skipped. Boards in chunks [chunk_starts[c], chunk_starts[c+1]),
    run on the threads of the caller's ``_jit.threads`` block."""
    out = np.zeros((boards.shape[0], 1 << matchups.shape[1]), dtype=np.float64)
    run_chunks(board_mask_chunks, len(chunk_starts) - 1, None, out, combos, matchups,
               matchup_weights, boards, chunk_starts, card_keys, flush_keys, flush_suit,
               hash_base, hash_ranks, flush_ranks)
    return out


@kernel(signatures=[
    (int64, int64, array("float64", 2), array("uint8", 2), array("int64", 2), array("float64"),
     array("uint8", 2, readonly=True), array("int64"), *TABLES),
])
def board_mask_chunks(first, end, out, combos, matchups, matchup_weights, boards, chunk_starts,
                      card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 of ``board_mask_counts`` (``_jit.run_chunks``), into out."""
    n_rows = combos.shape[0]
    n_matchups, n_players = matchups.shape
    hole_key, hole_flush, row_bits, matchup_bits = matchup_keys(combos, matchups, card_keys,
                                                                flush_keys)
    mult, hmask, shift = HASH_7  # compile-time constants
    ranks = np.zeros(n_rows, dtype=np.int64)
    for c in range(first, end):
        for b in range(chunk_starts[c], chunk_starts[c + 1]):
            key = np.uint64(0)
            fsum = np.uint64(0)
            bits = np.uint64(0)
            for j in range(5):
                card = boards[b, j]
                key += card_keys[card]
                fsum += flush_keys[card]
                bits |= np.uint64(1) << np.uint64(card)
            for r in range(n_rows):
                if not row_bits[r] & bits:
                    ranks[r] = rank_of_key(key + hole_key[r], fsum + hole_flush[r], flush_suit,
                                           hash_base, hash_ranks, flush_ranks, mult, hmask,
                                           shift)
            for m in range(n_matchups):
                if matchup_bits[m] & bits:
                    continue
                best = 0
                mask = 0
                for p in range(n_players):
                    best, mask = join_leaders(best, mask, ranks[matchups[m, p]], p)
                out[b, mask] += matchup_weights[m]
