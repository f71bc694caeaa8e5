"""Every hand counted: rank histograms and category counts over all 5- and 7-card hands.

Each function evaluates every hand, all 2,598,960 five-card or all 133,784,560 seven-card
hands, in a parallel kernel (a fraction of a second for 7 cards on a few cores). The games'
statistics build on these (``pokerkeys.stats``, that is ``pokerkeys.games.stats``, re-exports
them with the games' functions).

Examples
--------
>>> from pokerkeys.core.counts import category_counts
>>> category_counts(5)[pk.HandCategory.FULL_HOUSE]
3744
"""
from __future__ import annotations

from functools import cache, lru_cache
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _jit, _layout
from .._balance import balanced_groups
from .._kernels import enumerate as _k
from .cards import N_CARDS
from .evaluate import HandCategory, category, kernel_args
from .tables import eval_tables

if TYPE_CHECKING:
    from .types import IntArray, Threads

__all__ = ["category_counts", "distinct_ranks", "rank_histogram"]

_N_GROUPS = 64


@cache
def _pair_groups(n_cards: int) -> tuple[IntArray, IntArray]:
    """(first, second) card pairs split into 64 equal-work groups for the parallel kernels."""
    pairs = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)
                      if b <= 52 - (n_cards - 1)], dtype=np.int64)
    order, starts = balanced_groups([comb(51 - b, n_cards - 2) for _, b in pairs], _N_GROUPS)
    return pairs[order], starts


def rank_histogram(n_cards: int, *, threads: Threads = None) -> IntArray:
    """How many n-card hands have each rank, by evaluating every one of them.

    Parameters
    ----------
    n_cards : int
        5 (2,598,960 hands) or 7 (133,784,560 hands).
    threads : int, optional
        Threads for the parallel kernel (default: all that Numba uses); the counts never
        depend on it.

    Returns
    -------
    numpy.ndarray
        int64, shape (7463,): ``counts[r]`` hands have rank r (``counts[0]`` is 0).

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5 or 7, or ``threads`` is not a positive integer.

    Examples
    --------
    >>> from pokerkeys.core.counts import rank_histogram
    >>> counts = rank_histogram(5)
    >>> int(counts.sum()), int(counts[7462]), int(counts[1])
    (2598960, 4, 1020)
    """
    if n_cards not in (5, 7):
        raise ValueError(f"exhaustive enumeration covers 5 or 7 cards, not {n_cards}")
    pairs, starts = _pair_groups(n_cards)
    with _jit.threads(threads):
        if n_cards == 5:
            return _k.rank_histogram_5(pairs, starts, *kernel_args(5))
        return _k.rank_histogram_7(pairs, starts, *_enumeration_tables_7())


@lru_cache(maxsize=1)
def _enumeration_tables_7() -> tuple[Any, ...]:
    """Arguments of ``_kernels.enumerate.rank_histogram_7`` after the work split: the 52 batch
    keys and the 52 flush keys in one array, the batch rank table, and the last two cards'
    key and flush sums per (c5, c6) pair with where each c5's pairs start."""
    batch_keys, ranks, flush_at = eval_tables(7).batch_tuple()
    flush_keys = batch_keys[_layout.BATCH_FLUSH_KEYS_AT:_layout.BATCH_FLUSH_KEYS_AT + N_CARDS]
    keys = np.concatenate([batch_keys[:N_CARDS], flush_keys])
    first, second = np.triu_indices(N_CARDS, k=1)  # ordered by the first card, then the second
    last_keys = keys[first] + keys[second]  # uint64: the hash bits wrap, as in the kernels
    last_flush = keys[N_CARDS + first] + keys[N_CARDS + second]
    last_start = np.searchsorted(first, np.arange(N_CARDS + 1)).astype(np.int64)
    return keys, ranks, flush_at, last_keys, last_flush, last_start


def category_counts(n_cards: int, *, threads: Threads = None) -> dict[HandCategory, int]:
    """How many n-card hands fall in each category, by evaluating every one of them.

    Parameters
    ----------
    n_cards : int
        5 or 7.
    threads : int, optional
        Threads for the parallel kernel (default: all that Numba uses).

    Returns
    -------
    dict
        ``HandCategory`` -> number of hands, every category present, worst first. For 7
        cards: 41,584 straight flushes, 224,848 quads, 3,473,184 full houses, ...

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5 or 7, or ``threads`` is not a positive integer.

    Examples
    --------
    >>> from pokerkeys.core.counts import category_counts
    >>> counts = category_counts(5)
    >>> counts[pk.HandCategory.STRAIGHT_FLUSH], counts[pk.HandCategory.HIGH_CARD]
    (40, 1302540)
    """
    hist = rank_histogram(n_cards, threads=threads)
    per_category = np.bincount(category(np.arange(1, 7463)), weights=hist[1:], minlength=10)
    return {cat: int(per_category[cat]) for cat in HandCategory}


def distinct_ranks(n_cards: int) -> int:
    """How many different ranks n-card hands reach.

    Parameters
    ----------
    n_cards : int
        5 or 7.

    Returns
    -------
    int
        7,462 for 5 cards; 4,824 for 7 (the best five of seven cards never make the weakest
        hands).

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5 or 7.

    Examples
    --------
    >>> from pokerkeys.core.counts import distinct_ranks
    >>> distinct_ranks(5)
    7462
    """
    return int(np.count_nonzero(rank_histogram(n_cards)))
