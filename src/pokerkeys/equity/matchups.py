"""Matchups: one combo per player, no card twice, and their merging up to suit symmetry.

Shared by exact hold'em equity (``pokerkeys.equity.holdem``), per-combo results
(``pokerkeys.equity.per_combo``) and the reports of ``pokerkeys.analysis`` (flops, runouts,
what wins).

>>> from pokerkeys.equity.setup import prepare
>>> from pokerkeys.equity.matchups import all_matchups
>>> setup = prepare(["AA", "KK"])
>>> all_matchups(setup.combo_lists, setup.weight_lists)[0].shape
(36, 2, 2)
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Literal, overload

import numpy as np

from ..core.cards import N_CARDS
from ..core.classes import ALL_COMBOS, COMBO_INDEX_TABLE, N_COMBOS
from ..core.symmetry import stabilizer
from ..core.types import CardArray, FloatArray, IntArray

__all__ = ["EXACT_MAX_MATCHUPS", "all_matchups", "matchup_rows", "merge_isomorphic"]

#: More matchups than this are refused for exact enumeration (the tables grow with them).
EXACT_MAX_MATCHUPS = 5_000_000


def _combo_bits(combos: CardArray) -> np.ndarray:
    """52-bit masks (uint64) of (n, 2) combos."""
    return (np.uint64(1) << combos[:, 0].astype(np.uint64)) | \
        (np.uint64(1) << combos[:, 1].astype(np.uint64))


def all_matchups(combo_lists: Sequence[CardArray], weight_lists: Sequence[FloatArray]
                 ) -> tuple[CardArray, FloatArray]:
    """Every compatible matchup (one combo per player, no card twice) and its weight.

    Parameters
    ----------
    combo_lists : sequence of numpy.ndarray
        Per player, (n, 2) uint8 combos (``Setup.combo_lists``).
    weight_lists : sequence of numpy.ndarray
        Per player, the combos' float64 weights.

    Returns
    -------
    hands : numpy.ndarray
        (M, P, 2) uint8: matchup m gives player p the combo ``hands[m, p]``; in the order of
        the first player's combos, then the second's, and so on.
    weights : numpy.ndarray
        (M,) float64: the product of the players' combo weights.

    Raises
    ------
    ValueError
        If there would be more than ``EXACT_MAX_MATCHUPS`` (5,000,000) matchups.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.matchups import all_matchups
    >>> aces = np.array([[51, 50], [51, 49]], dtype=np.uint8)   # AsAh, AsAd
    >>> kings = np.array([[47, 46]], dtype=np.uint8)            # KsKh
    >>> hands, weights = all_matchups([aces, kings], [np.array([1.0, 0.5]), np.ones(1)])
    >>> hands.tolist(), weights.tolist()
    ([[[51, 50], [47, 46]], [[51, 49], [47, 46]]], [1.0, 0.5])
    """
    if all(len(combos) == 1 for combos in combo_lists):  # known hands: one matchup or none
        hands = np.stack(combo_lists, axis=1)
        cards = hands.ravel().tolist()
        if len(set(cards)) < len(cards):
            return hands[:0], np.ones(0)
        weight = 1.0
        for w in weight_lists:  # in the order of the general case below
            weight *= float(w[0])
        return hands, np.array([weight])
    hands = np.zeros((1, 0, 2), dtype=np.uint8)
    weights = np.ones(1)
    used = np.zeros(1, dtype=np.uint64)
    for combos, w in zip(combo_lists, weight_lists, strict=False):
        # Refuse before the pair table gets huge: even with card removal most pairs fit.
        if len(used) * len(combos) > 4 * EXACT_MAX_MATCHUPS:
            raise _too_many()
        bits = _combo_bits(combos)
        ok = (used[:, None] & bits[None, :]) == 0
        rows, cols = np.nonzero(ok)
        if len(rows) > EXACT_MAX_MATCHUPS:
            raise _too_many()
        hands = np.concatenate([hands[rows], combos[cols][:, None, :]], axis=1)
        weights = weights[rows] * w[cols]
        used = used[rows] | bits[cols]
    return hands, weights


def _too_many() -> ValueError:
    return ValueError(f"exact enumeration would need more than {EXACT_MAX_MATCHUPS:,} "
                      f"matchups; use Monte Carlo (exact=False)")


def matchup_rows(combo_lists: Sequence[CardArray], weight_lists: Sequence[FloatArray],
                 report: str = "the report") -> tuple[CardArray, IntArray, FloatArray]:
    """Every player's combos in one array, and every matchup as rows of it, with its weight.

    The form of the reports that rank each combo once per board and then compare the matchups
    (``pokerkeys._kernels.board_matchups``).

    Parameters
    ----------
    combo_lists : sequence of numpy.ndarray
        Each player's (N_p, 2) uint8 combos.
    weight_lists : sequence of numpy.ndarray
        Each player's (N_p,) float64 weights.
    report : str, default 'the report'
        What needs the matchups, for the message when there are too many.

    Returns
    -------
    combos : numpy.ndarray of uint8, shape (R, 2)
        Player 0's combos, then player 1's, ...
    rows : numpy.ndarray of int64, shape (M, P)
        Matchup m gives player p the combo ``combos[rows[m, p]]``.
    weights : numpy.ndarray of float64, shape (M,)
        The product of the players' combo weights.

    Raises
    ------
    ValueError
        If no matchup is possible (the ranges always share a card), or there are more than
        ``EXACT_MAX_MATCHUPS`` (the message names ``report``).

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> from pokerkeys.equity.matchups import matchup_rows
    >>> setup = prepare(["AhAd", "KK", "QQ"])
    >>> combos, rows, weights = matchup_rows(setup.combo_lists, setup.weight_lists)
    >>> combos.shape, rows.shape, rows[0].tolist()
    ((13, 2), (36, 3), [0, 1, 7])
    """
    try:
        hands, weights = all_matchups(combo_lists, weight_lists)
    except ValueError:  # its advice (Monte Carlo) is equity's, not the reports'
        raise ValueError(f"{report} compares every matchup of the ranges, and these make more "
                         f"than {EXACT_MAX_MATCHUPS:,}: narrow a range or leave a player "
                         f"out") from None
    if len(hands) == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    rows = np.empty(hands.shape[:2], dtype=np.int64)
    offset = 0
    for p, combos in enumerate(combo_lists):
        row_of = np.full(N_COMBOS, -1)
        row_of[COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]]] = np.arange(len(combos)) + offset
        rows[:, p] = row_of[COMBO_INDEX_TABLE[hands[:, p, 0], hands[:, p, 1]]]
        offset += len(combos)
    return np.ascontiguousarray(np.concatenate(combo_lists)), rows, weights


@overload
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: Literal[False] = False
                     ) -> tuple[CardArray, FloatArray]: ...
@overload
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: Literal[True]
                     ) -> tuple[CardArray, FloatArray, IntArray]: ...
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: bool = False
                     ) -> tuple[CardArray, FloatArray] | tuple[CardArray, FloatArray, IntArray]:
    """Fold matchups that a suit permutation maps onto each other into one, summing weights.

    A suit permutation that fixes the board and dead cards maps each board completion of a
    matchup to one of its image, so both matchups have the same outcome counts: only one of
    them needs enumerating. Each matchup is coded as an integer (11 bits per player's combo
    index), its canonical form is the smallest code among its images. Matchups of more than 5
    players are not merged (their codes would not fit 64 bits).

    Parameters
    ----------
    hands : numpy.ndarray
        (M, P, 2) uint8 matchups (``all_matchups``).
    weights : numpy.ndarray
        (M,) float64 weights.
    board, dead : numpy.ndarray
        uint8 ids of the board and dead cards: only the suit permutations fixing both
        (each as a set) merge matchups.
    return_inverse : bool, default False
        Also return, for each given matchup, the row of its representative (per-combo
        results hand each representative's counts back to the matchups it stands for).

    Returns
    -------
    hands : numpy.ndarray
        (K, P, 2) uint8: one representative per class of matchups, K <= M.
    weights : numpy.ndarray
        (K,) float64: the summed weights of the matchups each stands for.
    inverse : numpy.ndarray
        With ``return_inverse`` only: (M,) int64, the representative's row of each matchup.

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> from pokerkeys.equity.matchups import all_matchups, merge_isomorphic
    >>> setup = prepare(["AA", "KK"])
    >>> hands, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    >>> reps, merged = merge_isomorphic(hands, weights, setup.board, setup.dead)
    >>> len(hands), len(reps), merged.tolist()
    (36, 3, [6.0, 24.0, 6.0])
    """
    n_players = hands.shape[1]
    maps = stabilizer(board, dead) if len(hands) >= 2 and n_players <= 5 else ()
    if len(maps) < 2:
        if return_inverse:
            return hands, weights, np.arange(len(hands))
        return hands, weights
    # Each player's combo index once; a suit permutation then maps indices through a table
    # of 1,326 (player by player on flat columns: reductions over axes of length 2 or 3 cost
    # most of a second for a million matchups).
    flat = COMBO_INDEX_TABLE.ravel()
    combos = [flat[hands[:, p, 0].astype(np.intp) * N_CARDS + hands[:, p, 1]]
              for p in range(n_players)]
    best: IntArray | None = None
    for card_map in maps:
        mapped = _combo_image(card_map.tobytes())
        code = mapped[combos[0]]
        for p in range(1, n_players):
            code = code | (mapped[combos[p]] << (11 * p))
        best = code if best is None else np.minimum(best, code, out=best)
    assert best is not None  # maps holds two or more permutations here
    # Group equal codes, the first matchup of each class standing for it. A stable sort: the
    # matchups come nearly in code order, and its merge of runs took a fifth of the time of
    # the default sort for a million of them.
    order = np.argsort(best, kind="stable")
    ordered = best[order]
    new_class = np.empty(len(ordered), dtype=bool)
    new_class[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new_class[1:])
    firsts = np.flatnonzero(new_class)
    rows = np.empty(len(order), dtype=np.int64)
    rows[order] = np.cumsum(new_class) - 1
    # (bincount with weights counts in float64; NumPy's annotations say intp)
    merged = np.asarray(np.bincount(rows, weights=weights, minlength=len(firsts)), np.float64)
    representatives = hands[order[firsts]]
    if return_inverse:
        return representatives, merged, rows
    return representatives, merged


@lru_cache(maxsize=64)
def _combo_image(card_map_bytes: bytes) -> IntArray:
    """combo index -> combo index of its image under a card map (``core.symmetry``)."""
    card_map = np.frombuffer(card_map_bytes, dtype=np.uint8).astype(np.intp)
    image = COMBO_INDEX_TABLE[card_map[ALL_COMBOS[:, 0]], card_map[ALL_COMBOS[:, 1]]]
    return image.astype(np.int64)
