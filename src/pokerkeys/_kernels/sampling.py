"""Random numbers inside kernels: splitmix64 streams, exact bounded integers, dealing.

Each chunk of work gets its own 64-bit stream seeded from ``np.random.SeedSequence(seed)
.spawn(n_chunks)``, so a result depends on the seed and the chunking, never on which thread ran a
chunk or how many threads there were.
"""
from __future__ import annotations

import numpy as np

from .._jit import inline, kernel, prange

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@inline
def next_u64(state):
    """splitmix64: returns (new_state, 64 random bits). Passes BigCrush; one add, two mults."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return state, z ^ (z >> np.uint64(31))


@inline
def bounded(state, bound):
    """(new_state, uniform integer in [0, bound)) for 0 < bound < 2**32, exactly uniform.

    Lemire's multiply-shift maps 32 random bits onto [0, bound); rejecting the few low products
    below 2**32 mod bound removes the bias, so every value has the same probability.
    """
    b = np.uint64(bound)
    threshold = (np.uint64(1 << 32) - b) % b
    while True:
        state, r = next_u64(state)
        m = (r >> np.uint64(32)) * b
        if (m & np.uint64(0xFFFFFFFF)) >= threshold:
            return state, m >> np.uint64(32)


@inline
def shuffle_prefix(state, deck, k):
    """Partial Fisher-Yates over a 52-card deck: deck[:k] becomes k uniformly random distinct
    cards (every k-permutation equally likely, whatever order the deck was in); returns the
    new state."""
    for j in range(k):
        state, r = bounded(state, 52 - j)
        pick = j + np.int64(r)
        c = deck[pick]
        deck[pick] = deck[j]
        deck[j] = c
    return state


@kernel(parallel=True)
def random_hands(out, seeds, rows_per_chunk):
    """Fill out (N, k) with uniformly random hands of k distinct cards, chunk by chunk.

    Each row is a partial Fisher-Yates shuffle of a fresh deck: k swaps give k distinct cards,
    every k-permutation equally likely.
    """
    n, k = out.shape
    for chunk in prange(len(seeds)):
        state = seeds[chunk]
        deck = np.arange(52).astype(np.uint8)
        start = chunk * rows_per_chunk
        for i in range(start, min(start + rows_per_chunk, n)):
            state = shuffle_prefix(state, deck, k)
            for j in range(k):
                out[i, j] = deck[j]
