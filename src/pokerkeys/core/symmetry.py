"""Suit symmetry: the suit permutations that leave a problem unchanged, and board completions
up to them (see ``_kernels.boards``).

Renaming the suits changes no hand's rank. When a permutation of the suits maps the known
cards (board and dead cards, as sets) onto themselves, boards it maps onto each other give the
same results up to that renaming, so exact counts need one board of each orbit, weighted by the
orbit's size.

Examples
--------
>>> from pokerkeys.core.symmetry import canonical_boards, suit_maps
>>> boards, multiplicity = canonical_boards(pk.parse_cards("2c 2d 2h 2s"), 2, suit_maps())
>>> pk.format_cards(boards[0]), int(multiplicity[0])  # all 6 pairs of deuces are alike
('2c 2d', 6)
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from math import comb

import numpy as np
import numpy.typing as npt

from .._kernels.boards import canonical_completions
from .cards import N_CARDS

__all__ = ["canonical_boards", "stabilizer", "suit_maps"]


@lru_cache(maxsize=1)
def suit_maps() -> npt.NDArray[np.uint8]:
    """Card id -> card id under each of the 24 permutations of the four suits.

    Returns
    -------
    numpy.ndarray
        (24, 52) uint8; row 0 is the identity.

    Examples
    --------
    >>> from pokerkeys.core.symmetry import suit_maps
    >>> maps = suit_maps()
    >>> maps.shape, maps[1, :8].tolist()  # hearts and spades swapped
    ((24, 52), [0, 1, 3, 2, 4, 5, 7, 6])
    """
    return np.array([[4 * (c >> 2) + perm[c & 3] for c in range(N_CARDS)]
                     for perm in permutations(range(4))], dtype=np.uint8)


def _fixes_set(card_map: npt.NDArray[np.uint8], cards: npt.NDArray[np.uint8]) -> bool:
    return set(card_map[cards].tolist()) == set(cards.tolist())


def stabilizer(board: npt.ArrayLike, dead: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """Card maps of the suit permutations that map the board and the dead cards onto
    themselves (each as a set).

    Cached: every equity call asks, mostly for the same few boards, and 48 set comparisons
    cost a tenth of a millisecond-long exact run.

    Parameters
    ----------
    board, dead : array_like of int
        Card ids of the board and of the dead cards (either may be empty).

    Returns
    -------
    numpy.ndarray
        (m, 52) uint8, read-only: rows of ``suit_maps()``, the identity first.

    Examples
    --------
    >>> from pokerkeys.core.symmetry import stabilizer
    >>> no_cards = np.array([], dtype=np.uint8)
    >>> len(stabilizer(no_cards, no_cards)), len(stabilizer(pk.parse_cards("Ah Kh Qh"), no_cards))
    (24, 6)
    """
    return _stabilizer_cached(np.asarray(board, dtype=np.uint8).tobytes(),
                              np.asarray(dead, dtype=np.uint8).tobytes())


@lru_cache(maxsize=256)
def _stabilizer_cached(board_bytes: bytes, dead_bytes: bytes) -> np.ndarray:
    board = np.frombuffer(board_bytes, dtype=np.uint8)
    dead = np.frombuffer(dead_bytes, dtype=np.uint8)
    maps = np.array([card_map for card_map in suit_maps()
                     if _fixes_set(card_map, board) and _fixes_set(card_map, dead)],
                    dtype=np.uint8)
    maps.setflags(write=False)
    return maps


@lru_cache(maxsize=16)
def _completions_cached(deck_bytes: bytes, k: int, maps_bytes: bytes
                        ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    deck = np.frombuffer(deck_bytes, dtype=np.uint8)
    maps = np.frombuffer(maps_bytes, dtype=np.uint8).reshape(-1, N_CARDS)
    boards = np.empty((comb(len(deck), k), max(k, 1)), dtype=np.uint8)
    multiplicity = np.empty(len(boards), dtype=np.int64)
    n = canonical_completions(deck, k, maps, boards, multiplicity)
    boards, multiplicity = boards[:n, :k].copy(), multiplicity[:n].copy()
    boards.setflags(write=False)
    multiplicity.setflags(write=False)
    return boards, multiplicity


def canonical_boards(deck: npt.ArrayLike, k: int, card_maps: npt.ArrayLike
                     ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The k-card completions from ``deck``, one per orbit of ``card_maps``, with the orbits'
    sizes. Cached.

    Parameters
    ----------
    deck : array_like of int
        The card ids still to deal from.
    k : int
        Cards to deal (0 gives one empty board).
    card_maps : array_like of int
        (m, 52) card maps, a group of suit permutations that maps ``deck`` onto itself
        (``stabilizer`` of the known cards).

    Returns
    -------
    boards : numpy.ndarray
        (B, k) uint8, read-only: one board of each orbit.
    multiplicity : numpy.ndarray
        (B,) int64, read-only: how many of the C(len(deck), k) boards each stands for; they
        add up to C(len(deck), k).

    Examples
    --------
    >>> from math import comb
    >>> from pokerkeys.core.symmetry import canonical_boards, suit_maps
    >>> deck = np.setdiff1d(np.arange(52), pk.parse_cards("AhKh QsQd")).astype(np.uint8)
    >>> boards, multiplicity = canonical_boards(deck, 3, suit_maps()[:1])  # identity only
    >>> len(boards) == int(multiplicity.sum()) == comb(48, 3)
    True
    """
    return _completions_cached(np.ascontiguousarray(deck, np.uint8).tobytes(), k,
                               np.ascontiguousarray(card_maps, np.uint8).tobytes())
