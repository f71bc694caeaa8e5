"""Dealing cards with an explicit random generator: ``pk.deal`` and the shuffle under it.

``deal`` runs a partial Fisher-Yates shuffle: for position i = 0, 1, ... it swaps in a card
drawn uniformly from positions i..n-1 (``Generator.integers``, which is exactly uniform). Each
ordered sequence of k cards from n then has probability 1 / (n (n-1) ... (n-k+1)), the same
for all, so every hand, and every split of the cards among players, is equally likely. The
test suite checks this with a chi-square test over all orderings of a small deck, as the
course notes test their shuffle.

The deal depends on the generator alone: the same seed, or a generator in the same state, deals
the same cards.
"""
from __future__ import annotations

import numbers
from typing import TypeAlias, overload

import numpy as np

from ..core.cards import N_CARDS, format_cards, parse_cards
from ..core.types import CardArray, CardsLike

__all__ = ["RngLike", "deal", "shuffled"]

#: A random generator (``np.random.default_rng(seed)``) or an integer seed for a fresh one.
RngLike: TypeAlias = np.random.Generator | int


def _generator(rng: RngLike) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        return np.random.default_rng(int(rng))
    raise TypeError(f"rng must be a numpy Generator (np.random.default_rng(seed)) or an integer "
                    f"seed, not {type(rng).__name__}")


def shuffled(rng: RngLike, deck: CardsLike | None = None, k: int | None = None) -> CardArray:
    """The first ``k`` cards of a uniformly shuffled copy of a deck.

    A partial Fisher-Yates shuffle: only the first ``k`` positions are drawn, each uniformly
    from the cards not dealt yet, so every ordered sequence of ``k`` cards is equally likely.

    Parameters
    ----------
    rng : numpy.random.Generator or int
        The generator to draw from (it advances), or an integer seed for a fresh one.
    deck : str, sequence of cards or array of card ids, optional
        The cards to shuffle; default: the 52-card deck. Not modified.
    k : int, optional
        How many cards to return; default: all of them.

    Returns
    -------
    numpy.ndarray of uint8, shape (k,)
        Card ids, in the order dealt.

    Raises
    ------
    TypeError
        If ``rng`` is neither a ``numpy.random.Generator`` nor an integer.
    ValueError
        If ``k`` is negative or larger than the deck, or ``deck`` does not parse (an unknown
        or repeated card).

    See Also
    --------
    deal : hands of several sizes, with dead cards taken out.

    Examples
    --------
    >>> import numpy as np
    >>> import pokerkeys as pk
    >>> from pokerkeys.games.deal import shuffled
    >>> pk.format_cards(shuffled(np.random.default_rng(7), "As Ks Qs Js Ts", 3))
    'Ts Js As'
    >>> len(shuffled(7))
    52
    """
    generator = _generator(rng)
    cards = np.arange(N_CARDS, dtype=np.uint8) if deck is None else parse_cards(deck)
    n = len(cards)
    k = n if k is None else k
    if not 0 <= k <= n:
        raise ValueError(f"cannot deal {k} cards from a deck of {n}")
    cards = cards.copy()
    for i in range(k):
        j = int(generator.integers(i, n))  # uniform over the cards not dealt yet
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:k]


@overload
def deal(rng: RngLike, /, *, deck: CardsLike | None = None,
         exclude: CardsLike | None = None) -> CardArray: ...
@overload
def deal(rng: RngLike, count: int, /, *, deck: CardsLike | None = None,
         exclude: CardsLike | None = None) -> CardArray: ...
@overload
def deal(rng: RngLike, first: int, second: int, /, *counts: int, deck: CardsLike | None = None,
         exclude: CardsLike | None = None) -> tuple[CardArray, ...]: ...


def deal(rng: RngLike, *counts: int, deck: CardsLike | None = None,
         exclude: CardsLike | None = None) -> CardArray | tuple[CardArray, ...]:
    """Deal hands of the given sizes from a shuffled deck.

    The cards are dealt by one partial Fisher-Yates shuffle (see ``shuffled``), so every hand,
    and every split of the cards among the hands, is equally likely, and no card is dealt
    twice.

    Parameters
    ----------
    rng : numpy.random.Generator or int
        The generator to draw from (it advances), or an integer seed for a fresh one. The deal
        depends on it alone.
    *counts : int
        The size of each hand, in order; none: one hand of 5.
    deck : str, sequence of cards or array of card ids, optional
        The cards to deal from; default: the 52-card deck.
    exclude : str, sequence of cards or array of card ids, optional
        Cards taken out of the deck first (dead cards, known hands). Repeats are allowed.

    Returns
    -------
    numpy.ndarray of uint8, or tuple of them
        With one count (or none), the hand's card ids; with several, a tuple holding one array
        per count.

    Raises
    ------
    TypeError
        If ``rng`` is neither a ``numpy.random.Generator`` nor an integer.
    ValueError
        If a count is not a non-negative integer, the counts add up to more cards than the
        deck holds once ``exclude`` is out, ``exclude`` names a card not in the deck, or a
        card does not parse.

    See Also
    --------
    shuffled : the shuffle itself.

    Examples
    --------
    >>> import numpy as np
    >>> import pokerkeys as pk
    >>> hole, board = pk.deal(np.random.default_rng(1), 2, 5)
    >>> pk.format_cards(hole), pk.format_cards(board)
    ('8c 8s', 'Js Ad 3d 4s Qs')

    An integer seed is a fresh generator, so it gives the same deal:

    >>> pk.format_cards(pk.deal(1, 2, 5)[0])
    '8c 8s'

    One count gives one array; dead cards are never dealt:

    >>> pk.deal(3, 4, exclude="As Ks").shape
    (4,)
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
