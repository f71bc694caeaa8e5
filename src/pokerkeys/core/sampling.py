"""Seeding for kernels: one SeedSequence, one 64-bit stream per chunk of work."""
from __future__ import annotations

import numpy as np

from .. import _jit
from .._kernels import sampling as _k


def spawn_seeds(seq: np.random.SeedSequence, n_chunks: int, first: int = 0) -> np.ndarray:
    """uint64 seeds of chunks first .. first + n_chunks - 1 of a run seeded by ``seq``.

    Chunk i's seed is the i-th output of a splitmix64 generator started from two words of
    ``seq``'s state: a function of the seed and i only, so any cut of the chunks into rounds
    or tasks gives every chunk the same stream. Vectorised: spawning a SeedSequence child per
    chunk cost about 40 us each, 3-6% of a 10 M-trial run on two threads.
    """
    root = seq.generate_state(2, np.uint64)
    # the kernels' splitmix64 (``_kernels.sampling.next_u64``), vectorised over the chunks
    index = np.arange(first, first + n_chunks, dtype=np.uint64)
    z = root[0] + (index + np.uint64(1)) * _k.GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _k.MIX1
    z = (z ^ (z >> np.uint64(27))) * _k.MIX2
    return (z ^ (z >> np.uint64(31))) ^ root[1]


def alias_table(weights) -> tuple[np.ndarray, np.ndarray]:
    """(keep, alias) of Walker's alias method for drawing index i with probability w_i / sum(w).

    Draw a uniform i, keep it when 63 random bits fall below keep[i], else take alias[i]. Built
    by Vose's method: each index holds its own scaled weight (n w_i / sum(w)) below 1 and lends
    the rest of its unit to one index with more, so every index's own share plus what others
    lend it adds up to its weight. keep is a fraction of 2**63 (2**63: always keep).
    """
    weights = np.asarray(weights, dtype=np.float64)
    n = len(weights)
    scaled = weights * (n / weights.sum())
    keep = np.ones(n)
    alias = np.arange(n, dtype=np.int64)
    small = [i for i in range(n) if scaled[i] < 1.0]
    large = [i for i in range(n) if scaled[i] >= 1.0]
    while small and large:
        s, big = small.pop(), large.pop()
        keep[s] = scaled[s]
        alias[s] = big
        scaled[big] = (scaled[big] + scaled[s]) - 1.0
        (small if scaled[big] < 1.0 else large).append(big)
    # Whatever is left holds a full unit up to rounding: it always keeps itself.
    return np.floor(keep * 2.0 ** 63).astype(np.uint64), alias


def chunk_seeds(seed, n_chunks: int) -> np.ndarray:
    """uint64 seeds for n_chunks independent streams, derived from ``seed`` (None: fresh)."""
    return spawn_seeds(np.random.SeedSequence(seed), n_chunks)


def random_hands(n: int, k: int = 7, seed=None, *, threads: int | None = None,
                 rows_per_chunk: int = 1 << 16) -> np.ndarray:
    """(n, k) uint8 array of uniformly random hands of k distinct cards (reproducible by seed)."""
    if not 1 <= k <= 52:
        raise ValueError(f"a hand has 1..52 cards, not {k}")
    out = np.empty((n, k), dtype=np.uint8)
    seeds = chunk_seeds(seed, max(1, -(-n // rows_per_chunk)))
    with _jit.threads(threads):
        _k.random_hands(out, seeds, rows_per_chunk)
    return out
