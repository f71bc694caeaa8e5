"""Monte Carlo with a tally per drawn combo: ``equity(..., per_combo=True, exact=False)``.

The same draws as ``equity.monte_carlo_counts`` (every player a range: a combo by weight,
redrawn while two combos collide, then the missing board cards), and besides the winner-mask
histogram, for each player the row of the combo drawn gets (1, won alone, tied, pot share,
pot share squared): per combo, the trials it was dealt in, its wins, ties, mean share and the
variance of that share for its standard error.
"""
from __future__ import annotations

import numpy as np

from .._jit import kernel, prange
from .equity import draw_card, key_sums, monte_carlo_mask, sample_range
from .evaluate import HASH_7


@kernel(parallel=True)
def monte_carlo_per_combo(known, range_of, range_combos, range_keep, range_alias, range_starts,
                          board, n_missing, excluded, seeds, chunk_trials, max_rejections,
                          card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                          flush_ranks):
    """(hist (C, 2**P + 1), rows (C, R, 5)): ``monte_carlo_counts``' histogram with every
    player p a range (range_of[p] == p), and the per-row tallies described above."""
    n_players = known.shape[0]
    n_chunks = len(seeds)
    n_rows = range_combos.shape[0]
    out = np.zeros((n_chunks, (1 << n_players) + 1), dtype=np.int64)
    per_row = np.zeros((n_chunks, n_rows, 5), dtype=np.float64)
    board_key, board_flush = key_sums(board, card_keys, flush_keys)
    reject_below = np.zeros(n_players, dtype=np.uint64)  # 2**32 mod (combos in range)
    for q in range(n_players):
        n = np.uint64(range_starts[q + 1] - range_starts[q])
        reject_below[q] = (np.uint64(1 << 32) - n) % n
    for chunk in prange(n_chunks):
        mult, hmask, shift = HASH_7  # constants here, not before prange (see HASH_7)
        state = seeds[chunk]
        spare = np.uint64(0)
        n_spare = 0
        hist = out[chunk]
        drawn = np.empty(n_players, dtype=np.int64)
        hole_keys = np.empty(n_players, dtype=np.uint64)
        hole_flush = np.empty(n_players, dtype=np.uint64)
        ranks = np.empty(n_players, dtype=np.int64)
        for t in range(chunk_trials[chunk]):
            rejections = 0
            while True:
                used = excluded
                ok = True
                for p in range(n_players):
                    state, spare, n_spare, row = sample_range(
                        state, spare, n_spare, range_keep, range_alias, range_starts[p],
                        range_starts[p + 1], reject_below[p])
                    bits = ((np.uint64(1) << np.uint64(range_combos[row, 0]))
                            | (np.uint64(1) << np.uint64(range_combos[row, 1])))
                    ok &= (used & bits) == 0
                    used |= bits
                    drawn[p] = row
                if ok:
                    break
                rejections += 1
                if rejections >= max_rejections:
                    break
            if not ok:
                hist[1 << n_players] = -1
                break
            for p in range(n_players):
                a = range_combos[drawn[p], 0]
                b = range_combos[drawn[p], 1]
                hole_keys[p] = np.uint64(card_keys[a]) + card_keys[b]
                hole_flush[p] = flush_keys[a] + flush_keys[b]
            k = board_key
            f = board_flush
            for i in range(n_missing):
                state, spare, n_spare, c = draw_card(state, spare, n_spare, used)
                used |= np.uint64(1) << c
                k += card_keys[c]
                f += flush_keys[c]
            mask = monte_carlo_mask(n_players, k, f, hole_keys, hole_flush, ranks,
                                     flush_suit, hash_base, hash_ranks, flush_ranks, mult,
                                     hmask, shift)
            hist[mask] += 1
            size = 0
            for p in range(n_players):
                size += (mask >> p) & 1
            for p in range(n_players):
                tally = per_row[chunk, drawn[p]]
                tally[0] += 1.0
                if (mask >> p) & 1:
                    s = 1.0 / size
                    if size == 1:
                        tally[1] += 1.0
                    else:
                        tally[2] += 1.0
                    tally[3] += s
                    tally[4] += s * s
    return out, per_row
