"""Random numbers for the kernels: seeds per chunk of work, weighted draws, random hands.

A run's seed becomes one NumPy ``SeedSequence``, and each chunk of work a 64-bit seed derived
from it and the chunk's index (``spawn_seeds``): the kernels' random streams, and so every
result, depend on the seed and the chunking only, never on which thread ran a chunk or how many
threads there were.

Examples
--------
>>> from pokerkeys.core.sampling import random_hands
>>> pk.format_cards(random_hands(1, 5, seed=1)[0])
'3h 6d 7c 4c 2d'
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import sampling as _k

if TYPE_CHECKING:
    from .types import IntArray, SeedLike, Threads

__all__ = ["alias_table", "chunk_seeds", "random_hands", "spawn_seeds"]


def spawn_seeds(seq: np.random.SeedSequence, n_chunks: int,
                first: int = 0) -> npt.NDArray[np.uint64]:
    """uint64 seeds of chunks first .. first + n_chunks - 1 of a run seeded by ``seq``.

    Chunk i's seed is the i-th output of a splitmix64 generator started from two words of
    ``seq``'s state: a function of the seed and i only, so any cut of the chunks into rounds
    or tasks gives every chunk the same stream. Vectorised: spawning a SeedSequence child per
    chunk cost about 40 us each, 3-6% of a 10 M-trial run on two threads.

    Parameters
    ----------
    seq : numpy.random.SeedSequence
        The run's seed.
    n_chunks : int
        How many chunks' seeds to make.
    first : int, default 0
        Index of the first chunk (a later round of the same run starts past the chunks
        already seeded).

    Returns
    -------
    numpy.ndarray
        ``n_chunks`` uint64 seeds; seed i is chunk ``first + i``'s.

    Examples
    --------
    >>> from pokerkeys.core.sampling import spawn_seeds
    >>> spawn_seeds(np.random.SeedSequence(1), 3)
    array([15581368568497291600,  2658739521801685799,  4522680348639411364],
          dtype=uint64)
    >>> spawn_seeds(np.random.SeedSequence(1), 2, first=1)  # the same chunks, the same seeds
    array([2658739521801685799, 4522680348639411364], dtype=uint64)
    """
    root = seq.generate_state(2, np.uint64)
    # the kernels' splitmix64 (``_kernels.sampling.next_u64``), vectorised over the chunks
    index = np.arange(first, first + n_chunks, dtype=np.uint64)
    z = root[0] + (index + np.uint64(1)) * _k.GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _k.MIX1
    z = (z ^ (z >> np.uint64(27))) * _k.MIX2
    return (z ^ (z >> np.uint64(31))) ^ root[1]


def alias_table(weights: npt.ArrayLike) -> tuple[npt.NDArray[np.uint64], IntArray]:
    """(keep, alias) of Walker's alias method for drawing index i with probability w_i / sum(w).

    Draw a uniform i, keep it when 63 random bits fall below keep[i], else take alias[i]. Built
    by Vose's method: each index holds its own scaled weight (n w_i / sum(w)) below 1 and lends
    the rest of its unit to one index with more, so every index's own share plus what others
    lend it adds up to its weight. keep is a fraction of 2**63 (2**63: always keep).

    Parameters
    ----------
    weights : array_like of float
        Non-negative weights, not all zero.

    Returns
    -------
    keep : numpy.ndarray
        uint64, one per index: keep index i when 63 random bits fall below ``keep[i]``.
    alias : numpy.ndarray
        int64, one per index: the index drawn instead.

    Examples
    --------
    >>> from pokerkeys.core.sampling import alias_table
    >>> keep, alias = alias_table([1.0, 3.0])
    >>> keep / 2.0**63, alias
    (array([0.5, 1. ]), array([1, 1]))
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


def chunk_seeds(seed: SeedLike, n_chunks: int) -> npt.NDArray[np.uint64]:
    """uint64 seeds for n_chunks independent streams, derived from ``seed``.

    Parameters
    ----------
    seed : int, sequence of int or None
        The run's seed, as ``numpy.random.SeedSequence`` takes it; None for fresh entropy.
    n_chunks : int
        How many streams.

    Returns
    -------
    numpy.ndarray
        ``spawn_seeds(SeedSequence(seed), n_chunks)``.

    Examples
    --------
    >>> from pokerkeys.core.sampling import chunk_seeds
    >>> chunk_seeds(7, 2)
    array([14332190357342897480,  3490290830866804240], dtype=uint64)
    """
    return spawn_seeds(np.random.SeedSequence(seed), n_chunks)


def random_hands(n: int, k: int = 7, seed: SeedLike = None, *, threads: Threads = None,
                 rows_per_chunk: int = 1 << 16) -> npt.NDArray[np.uint8]:
    """Uniformly random hands of k distinct cards each, made in a parallel kernel.

    Each row is a partial Fisher-Yates shuffle of a fresh deck: every k-permutation of the
    52 cards is equally likely.

    Parameters
    ----------
    n : int
        How many hands.
    k : int, default 7
        Cards per hand, 1..52.
    seed : int, sequence of int or None, optional
        Seed: the same seed (and ``rows_per_chunk``) gives the same hands, on any number of
        threads. None: fresh entropy.
    threads : int, optional
        Threads for the kernel (default: all that Numba uses).
    rows_per_chunk : int, default 65536
        Rows dealt from one random stream.

    Returns
    -------
    numpy.ndarray
        (n, k) uint8 card ids.

    Raises
    ------
    ValueError
        If ``k`` is not in 1..52, or ``threads`` is not a positive integer.

    Examples
    --------
    >>> from pokerkeys.core.sampling import random_hands
    >>> random_hands(3, 5, seed=1)
    array([[ 6, 17, 20,  8,  1],
           [ 9, 21, 32, 27,  7],
           [ 5, 17,  8, 34, 50]], dtype=uint8)
    >>> int(pk.evaluate_batch(random_hands(1000, seed=1)).max())
    7460
    """
    if not 1 <= k <= 52:
        raise ValueError(f"a hand has 1..52 cards, not {k}")
    out = np.empty((n, k), dtype=np.uint8)
    seeds = chunk_seeds(seed, max(1, -(-n // rows_per_chunk)))
    with _jit.threads(threads):
        _k.random_hands(out, seeds, rows_per_chunk)
    return out
