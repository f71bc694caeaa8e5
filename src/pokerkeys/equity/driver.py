"""The Monte Carlo driver shared by hold'em and Omaha: stop rules, chunks, seeds, rounds.

A run is cut into chunks of ``per_chunk`` trials; chunk i always runs on the i-th child of
``SeedSequence(seed)``, so a result depends on the seed and the trial count only, never on the
thread count, the rounds or (distributed) tasks.
"""
from __future__ import annotations

import numbers

import numpy as np

from .. import _jit
from ..core.sampling import spawn_seeds
from .result import EquityResult

TRIALS_PER_CHUNK = 1 << 15
CHUNKS_PER_ROUND = 8


def validate_stop(trials, target_stderr, time_limit):
    if trials is not None and (isinstance(trials, bool)
                               or not isinstance(trials, numbers.Integral) or trials <= 0):
        raise ValueError(f"trials must be a positive integer, not {trials!r}")
    if target_stderr is not None and not target_stderr > 0:
        raise ValueError(f"target_stderr must be positive, not {target_stderr!r}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be positive seconds, not {time_limit!r}")


def chunk_sizes(n_trials: int, per_chunk: int = TRIALS_PER_CHUNK) -> np.ndarray:
    """Trials per chunk for a run of n_trials: TRIALS_PER_CHUNK each, the last one the rest.

    Chunk i always runs on the i-th child seed of ``SeedSequence(seed)``, so a result depends
    on the seed and the trial count only, not on threads, rounds or (distributed) tasks.
    """
    n_chunks = -(-n_trials // per_chunk)
    sizes = np.full(n_chunks, per_chunk, dtype=np.int64)
    sizes[-1] = n_trials - per_chunk * (n_chunks - 1)
    return sizes


def drive_monte_carlo(run_round, labels, trials, target_stderr, time_limit, seed, progress,
                      start, per_chunk: int = TRIALS_PER_CHUNK) -> EquityResult:
    """Run Monte Carlo chunks until the stopping rules say stop; ``run_round(seeds, sizes)``
    returns the winner-mask counts of the chunks (seeds[i], sizes[i]).

    Stopping rules are checked between rounds of CHUNKS_PER_ROUND chunks; a plain trial count
    runs in one round (or about 50 with a progress bar). Chunk i always gets the i-th child
    seed and ``chunk_sizes(.., per_chunk)`` trials, so the result is the same however rounds
    are cut.
    """
    if target_stderr is None and time_limit is None:
        n_chunks = len(chunk_sizes(trials, per_chunk))
        per_round = n_chunks if progress is None else max(CHUNKS_PER_ROUND, n_chunks // 50)
    else:
        per_round = CHUNKS_PER_ROUND
    seed_seq = np.random.SeedSequence(seed)
    counts = np.zeros(1 << len(labels), dtype=np.int64)
    done = 0
    while True:
        remaining = trials - done if trials is not None else per_round * per_chunk
        sizes = chunk_sizes(remaining, per_chunk)[:per_round]
        counts += run_round(spawn_seeds(seed_seq, len(sizes)), sizes)
        done += int(sizes.sum())
        if progress is not None:
            progress(done, trials)
        if trials is not None and done >= trials:
            break
        if time_limit is not None and _jit.compute_clock() - start >= time_limit:
            break
        if target_stderr is not None and done >= 10_000:
            partial = EquityResult.from_mask_counts(labels, counts, False, 0.0, done)
            if (partial.stderr <= target_stderr).all():
                break
    return EquityResult.from_mask_counts(labels, counts, False, _jit.compute_clock() - start,
                                         done)
