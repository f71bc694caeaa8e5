"""Seeding for kernels: one SeedSequence, one 64-bit stream per chunk of work."""
from __future__ import annotations

import numpy as np

from . import _jit
from ._kernels import sampling as _k


def spawn_seeds(seq: np.random.SeedSequence, n_chunks: int) -> np.ndarray:
    """uint64 seeds of the next n_chunks children of ``seq`` (numbering continues per call)."""
    children = seq.spawn(n_chunks)
    return np.array([c.generate_state(1, np.uint64)[0] for c in children], dtype=np.uint64)


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
