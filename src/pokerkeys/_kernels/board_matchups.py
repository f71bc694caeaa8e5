"""Winner masks of every matchup on given complete boards, each combo evaluated once per board
(the flop report for three or more players; heads-up uses ``sweep``)."""
from __future__ import annotations

import numpy as np

from .._jit import array, kernel, prange
from .evaluate import HASH_7, TABLES, join_leaders, rank_of_key
from .sweep import combo_keys


@kernel(parallel=True, signatures=[
    (array("uint8", 2), array("int64", 2), array("float64"), array("uint8", 2, readonly=True),
     array("int64"), *TABLES),
])
def board_mask_counts(combos, matchups, matchup_weights, boards, chunk_starts, card_keys,
                      flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """(B, 2**P) float64: per board of boards (B, 5), the weight of the matchups (rows of
    combos (R, 2), one per player: matchups (M, P)) with each winner mask; matchups sharing a
    card with the board are skipped. Boards in chunks [chunk_starts[c], chunk_starts[c+1])."""
    n_rows = combos.shape[0]
    n_matchups, n_players = matchups.shape
    out = np.zeros((boards.shape[0], 1 << n_players), dtype=np.float64)
    hole_key, hole_flush, row_bits, _, _ = combo_keys(combos, card_keys, flush_keys)
    matchup_bits = np.zeros(n_matchups, dtype=np.uint64)
    for m in range(n_matchups):
        for p in range(n_players):
            matchup_bits[m] |= row_bits[matchups[m, p]]
    for c in prange(len(chunk_starts) - 1):
        mult, hmask, shift = HASH_7  # constants here, not before prange (see HASH_7)
        ranks = np.zeros(n_rows, dtype=np.int64)
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
    return out
