"""Dealing cards with an explicit random generator.

``deal`` runs a partial Fisher-Yates shuffle: for position i = 0, 1, ... it swaps in a card
drawn uniformly from positions i..n-1 (``Generator.integers``, which is exactly uniform). Each
ordered sequence of k cards from n then has probability 1 / (n (n-1) ... (n-k+1)), the same
for all, so every hand, and every split of the cards among players, is equally likely. The
test suite checks this with a chi-square test over all orderings of a small deck, as the
course notes test their shuffle.
"""
from __future__ import annotations

import numbers

import numpy as np

from ..core.cards import N_CARDS, format_cards, parse_cards


def _generator(rng) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        return np.random.default_rng(int(rng))
    raise TypeError(f"rng must be a numpy Generator (np.random.default_rng(seed)) or an integer "
                    f"seed, not {type(rng).__name__}")


def shuffled(rng, deck=None, k: int | None = None) -> np.ndarray:
    """The first k cards (default: all) of a uniformly shuffled copy of ``deck``."""
    rng = _generator(rng)
    cards = np.arange(N_CARDS, dtype=np.uint8) if deck is None else parse_cards(deck)
    n = len(cards)
    k = n if k is None else k
    if not 0 <= k <= n:
        raise ValueError(f"cannot deal {k} cards from a deck of {n}")
    cards = cards.copy()
    for i in range(k):
        j = int(rng.integers(i, n))  # uniform over the cards not dealt yet
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:k]


def deal(rng, *counts: int, deck=None, exclude=None):
    """Deal hands of the given sizes from a shuffled deck; one array per count (uint8 ids).

    ``rng``: a ``numpy.random.Generator`` (or an integer seed); the deal depends on it alone.
    ``deck``: the cards to deal from (default: the 52-card deck); ``exclude``: cards taken out
    first (dead cards, known hands).

    >>> hole, board = deal(np.random.default_rng(1), 2, 5)
    """
    if not counts:
        counts = (5,)
    for k in counts:
        if isinstance(k, bool) or not isinstance(k, numbers.Integral) or k < 0:
            raise ValueError(f"hand sizes are non-negative integers, not {k!r}")
    cards = np.arange(N_CARDS, dtype=np.uint8) if deck is None else parse_cards(deck)
    if exclude is not None:
        out = parse_cards(exclude, allow_duplicates=True)
        missing = np.setdiff1d(out, cards)
        if len(missing):
            raise ValueError(f"cannot exclude {format_cards(missing)}: not in the deck")
        cards = cards[~np.isin(cards, out)]
    total = sum(int(k) for k in counts)
    if total > len(cards):
        raise ValueError(f"cannot deal {total} cards ({' + '.join(map(str, counts))}) from "
                         f"{len(cards)}")
    dealt = shuffled(rng, cards, total)
    hands = np.split(dealt, np.cumsum(counts)[:-1])
    return hands[0] if len(hands) == 1 else tuple(hands)
