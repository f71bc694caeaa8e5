"""Every hand counted: rank histograms and category counts over all 5- and 7-card hands.

Each function evaluates every hand, all 2,598,960 five-card or all 133,784,560 seven-card
hands, in a parallel kernel (a fraction of a second for 7 cards on a few cores). The games'
statistics build on these (``pokerkeys.stats``, that is ``pokerkeys.games.stats``, re-exports
them with the games' functions).

With ``game='shortdeck'`` they count the 376,992 five-card or 8,347,680 seven-card hands of the
36-card deck on the short-deck scale (1..1404): the same kernels run over every hand of 52
cards with the short-deck tables, which rank a hand holding a card below the six 0, and those
are left out.

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
from .evaluate import HandCategory, category
from .shortdeck import N_CLASSES as _SHORTDECK_CLASSES
from .shortdeck import Game, Rules, resolve_rules
from .tables import eval_tables, shortdeck_tables

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


def rank_histogram(n_cards: int, *, threads: Threads = None, game: Game = "holdem",
                   rules: Rules | None = None) -> IntArray:
    """How many n-card hands have each rank, by evaluating every one of them.

    Parameters
    ----------
    n_cards : int
        5 (2,598,960 hands; short deck 376,992) or 7 (133,784,560 hands; short deck
        8,347,680).
    threads : int, optional
        Threads for the parallel kernel (default: all that Numba uses); the counts never
        depend on it.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The deck and the ranking: Hold'em's 52 cards, or short deck's 36 on its own scale.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).

    Returns
    -------
    numpy.ndarray
        int64, shape (7463,) (short deck: (1405,)): ``counts[r]`` hands have rank r
        (``counts[0]`` is 0).

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5 or 7, ``threads`` is not a positive integer, or ``game`` or
        ``rules`` is unknown (or rules are given for Hold'em).

    Examples
    --------
    >>> from pokerkeys.core.counts import rank_histogram
    >>> counts = rank_histogram(5)
    >>> int(counts.sum()), int(counts[7462]), int(counts[1])
    (2598960, 4, 1020)
    >>> counts = rank_histogram(5, game="shortdeck")
    >>> int(counts.sum()), int(counts[1404]), int(counts[1])
    (376992, 4, 1020)
    """
    short = resolve_rules(game, rules)
    if n_cards not in (5, 7):
        raise ValueError(f"exhaustive enumeration covers 5 or 7 cards, not {n_cards}")
    pairs, starts = _pair_groups(n_cards)
    with _jit.threads(threads):
        if n_cards == 5:
            t = eval_tables(5) if short is None else shortdeck_tables(5, short)
            counts = _k.rank_histogram_5(pairs, starts, *t.as_tuple())
        else:
            counts = _k.rank_histogram_7(pairs, starts, *_enumeration_tables_7(short))
    if short is None:
        return counts
    # Every hand holding a card below the six ranked 0: they are not short-deck hands.
    counts = counts[:_SHORTDECK_CLASSES + 1].copy()
    counts[0] = 0
    return counts


@lru_cache(maxsize=3)
def _enumeration_tables_7(rules: Rules | None = None) -> tuple[Any, ...]:
    """Arguments of ``_kernels.enumerate.rank_histogram_7`` after the work split: the 52 batch
    keys and the 52 flush keys in one array, the batch rank table, and the last two cards'
    key and flush sums per (c5, c6) pair with where each c5's pairs start (Hold'em's tables
    for rules None, else short deck's)."""
    t = eval_tables(7) if rules is None else shortdeck_tables(7, rules)
    batch_keys, ranks, flush_at = t.batch_tuple()
    flush_keys = batch_keys[_layout.BATCH_FLUSH_KEYS_AT:_layout.BATCH_FLUSH_KEYS_AT + N_CARDS]
    keys = np.concatenate([batch_keys[:N_CARDS], flush_keys])
    first, second = np.triu_indices(N_CARDS, k=1)  # ordered by the first card, then the second
    last_keys = keys[first] + keys[second]  # uint64: the hash bits wrap, as in the kernels
    last_flush = keys[N_CARDS + first] + keys[N_CARDS + second]
    last_start = np.searchsorted(first, np.arange(N_CARDS + 1)).astype(np.int64)
    return keys, ranks, flush_at, last_keys, last_flush, last_start


def category_counts(n_cards: int, *, threads: Threads = None, game: Game = "holdem",
                    rules: Rules | None = None) -> dict[HandCategory, int]:
    """How many n-card hands fall in each category, by evaluating every one of them.

    Parameters
    ----------
    n_cards : int
        5 or 7.
    threads : int, optional
        Threads for the parallel kernel (default: all that Numba uses).
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The deck and the ranking (see ``rank_histogram``).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).
        It changes the 7-card counts: seven cards can hold both.

    Returns
    -------
    dict
        ``HandCategory`` -> number of hands, every category present, in the order of the
        members (Hold'em's, worst first). For 7 cards: 41,584 straight flushes, 224,848
        quads, 3,473,184 full houses, ...

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5 or 7, ``threads`` is not a positive integer, or ``game`` or
        ``rules`` is unknown (or rules are given for Hold'em).

    Examples
    --------
    >>> from pokerkeys.core.counts import category_counts
    >>> counts = category_counts(5)
    >>> counts[pk.HandCategory.STRAIGHT_FLUSH], counts[pk.HandCategory.HIGH_CARD]
    (40, 1302540)
    >>> short = category_counts(5, game="shortdeck")
    >>> short[pk.HandCategory.FLUSH], short[pk.HandCategory.FULL_HOUSE]
    (480, 1728)
    """
    hist = rank_histogram(n_cards, threads=threads, game=game, rules=rules)
    ranks = np.arange(1, len(hist))
    per_category = np.bincount(category(ranks, game=game, rules=rules), weights=hist[1:],
                               minlength=10)
    return {cat: int(per_category[cat]) for cat in HandCategory}


def distinct_ranks(n_cards: int, *, game: Game = "holdem", rules: Rules | None = None) -> int:
    """How many different ranks n-card hands reach.

    Parameters
    ----------
    n_cards : int
        5 or 7.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The deck and the ranking (see ``rank_histogram``).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).

    Returns
    -------
    int
        7,462 for 5 cards; 4,824 for 7 (the best five of seven cards never make the weakest
        hands). Short deck: 1,404 for 5 cards.

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5 or 7, or ``game`` or ``rules`` is unknown.

    Examples
    --------
    >>> from pokerkeys.core.counts import distinct_ranks
    >>> distinct_ranks(5), distinct_ranks(5, game="shortdeck")
    (7462, 1404)
    """
    return int(np.count_nonzero(rank_histogram(n_cards, game=game, rules=rules)))
