"""Monte Carlo with a tally per drawn combo: ``equity(..., per_combo=True, exact=False)``.

The trials of ``equity.monte_carlo_counts`` (one body, ``equity.range_chunk``) with every
player a range (a combo by weight, redrawn while two combos collide, then the missing board
cards): besides the winner-mask histogram, for each player the row of the combo drawn gets
(1, won alone, tied, pot share, pot share squared): per combo, the trials it was dealt in, its
wins, ties, mean share and the variance of that share for its standard error.
"""
from __future__ import annotations

from .._jit import array, int64, kernel, uint64
from .equity import range_chunk, range_setup
from .evaluate import TABLES


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("float64", 3), array("uint8", 2), array("int64"),
     array("uint8", 2), array("uint64"), array("int64"), array("int64"), array("uint8"), int64,
     uint64, array("uint64"), array("int64"), int64, *TABLES),
])
def monte_carlo_per_combo(first, end, out, per_row, known, range_of, range_combos, range_keep,
                          range_alias, range_starts, board, n_missing, excluded, seeds,
                          chunk_trials, max_rejections, card_keys, flush_keys, flush_suit,
                          hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 (``_jit.run_chunks``): ``monte_carlo_counts``' histogram in out
    (C, 2**P + 1), and the per-row tallies described above in per_row (C, R, 5), R the rows of
    range_combos; both zeros to start."""
    base_used, reject_below, board_key, board_flush = range_setup(
        known, range_starts, excluded, board, card_keys, flush_keys)
    for chunk in range(first, end):
        range_chunk(seeds[chunk], chunk_trials[chunk], out[chunk], per_row[chunk], known,
                    range_of, range_combos, range_keep, range_alias, range_starts,
                    reject_below, base_used, board_key, board_flush, n_missing,
                    max_rejections, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                    flush_ranks)
