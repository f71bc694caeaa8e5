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
from itertools import permutations, product
from typing import Literal, overload

import numpy as np

from ..core.cards import N_CARDS
from ..core.classes import ALL_COMBOS, COMBO_INDEX_TABLE, N_COMBOS
from ..core.symmetry import stabilizer
from ..core.types import CardArray, FloatArray, IntArray

__all__ = ["EXACT_MAX_MATCHUPS", "alike_players", "all_matchups", "credit_alike", "matchup_rows",
           "merge_isomorphic"]

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


def alike_players(combo_lists: Sequence[CardArray], weight_lists: Sequence[FloatArray]
                  ) -> tuple[tuple[int, ...], ...]:
    """Groups of two or more players holding the same range: the same combos, same weights.

    Two such players can swap their combos in any matchup and the matchup stays possible and
    keeps its weight; its outcome counts are the same with the two players' wins swapped.
    ``merge_isomorphic(..., alike=...)`` enumerates one matchup of each such orbit and
    ``credit_alike`` hands the counts back.

    Parameters
    ----------
    combo_lists, weight_lists : sequence of numpy.ndarray
        Per player, (n, 2) uint8 combos and their float64 weights (``Setup.combo_lists``,
        ``Setup.weight_lists``).

    Returns
    -------
    tuple of tuple of int
        The groups, each in increasing player order; players alike with nobody are in none.

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> from pokerkeys.equity.matchups import alike_players
    >>> setup = prepare(["AhKh", "random", "QQ+", "random", "QQ+"])
    >>> alike_players(setup.combo_lists, setup.weight_lists)
    ((1, 3), (2, 4))
    """
    groups: list[list[int]] = []
    for p, (combos, weights) in enumerate(zip(combo_lists, weight_lists, strict=True)):
        if len(combos) < 2:  # a known hand: two of them would share their cards
            continue
        for group in groups:
            q = group[0]
            if np.array_equal(combo_lists[q], combos) and \
                    np.array_equal(weight_lists[q], weights):
                group.append(p)
                break
        else:
            groups.append([p])
    return tuple(tuple(g) for g in groups if len(g) > 1)


def credit_alike(mask_counts: FloatArray, alike: Sequence[Sequence[int]]) -> FloatArray:
    """Winner-mask counts of all matchups from those of one matchup per orbit of alike players.

    ``mask_counts`` sums the counts of the representatives ``merge_isomorphic(...,
    alike=alike)`` returned, each weighted by its class. Every permutation of each group's
    players maps the counts to another matchup's (the wins of player i go to the player it
    maps to); summed over all of them and divided by their number, the counts of every
    matchup come back. With integer weights (single hands, random hands, ranges without
    weights) the counts are integers and the result is exact.

    Parameters
    ----------
    mask_counts : numpy.ndarray
        (2**P,) float64 counts indexed by winner mask (bit p: player p wins or ties).
    alike : sequence of sequence of int
        The groups of alike players (``alike_players``); empty: the counts as given.

    Returns
    -------
    numpy.ndarray
        (2**P,) float64 counts over every matchup.

    Examples
    --------
    >>> from pokerkeys.equity.matchups import credit_alike
    >>> credit_alike(np.array([0.0, 3.0, 1.0, 2.0]), [(0, 1)]).tolist()
    [0.0, 2.0, 2.0, 2.0]
    """
    groups = [tuple(g) for g in alike if len(g) > 1]
    if not groups:
        return mask_counts
    n_masks = len(mask_counts)
    n_players = n_masks.bit_length() - 1
    masks = np.arange(n_masks)
    bits = (masks[:, None] >> np.arange(n_players)) & 1            # (masks, players)
    total = np.zeros(n_masks)
    n_maps = 0
    for images in product(*(permutations(g) for g in groups)):
        to = np.arange(n_players)
        for group, image in zip(groups, images, strict=True):
            to[list(group)] = image
        mapped = (bits << to).sum(axis=1)    # bit p of a mask moves to bit to[p]
        np.add.at(total, mapped, mask_counts)
        n_maps += 1
    return total / n_maps


@overload
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: Literal[False] = False,
                     alike: Sequence[Sequence[int]] = ()
                     ) -> tuple[CardArray, FloatArray]: ...
@overload
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: Literal[True],
                     alike: Sequence[Sequence[int]] = (), *,
                     return_players: Literal[False] = False
                     ) -> tuple[CardArray, FloatArray, IntArray]: ...
@overload
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: Literal[True],
                     alike: Sequence[Sequence[int]] = (), *,
                     return_players: Literal[True]
                     ) -> tuple[CardArray, FloatArray, IntArray, IntArray]: ...
def merge_isomorphic(hands: CardArray, weights: FloatArray, board: CardArray,
                     dead: CardArray, return_inverse: bool = False,
                     alike: Sequence[Sequence[int]] = (), *, return_players: bool = False
                     ) -> (tuple[CardArray, FloatArray] | tuple[CardArray, FloatArray, IntArray]
                           | tuple[CardArray, FloatArray, IntArray, IntArray]):
    """Fold matchups that a suit permutation maps onto each other into one, summing weights.

    A suit permutation that fixes the board and dead cards maps each board completion of a
    matchup to one of its image, so both matchups have the same outcome counts: only one of
    them needs enumerating. Each matchup is coded as an integer (11 bits per player's combo
    index), its canonical form is the smallest code among its images. Matchups of more than 5
    players are not merged (their codes would not fit 64 bits).

    With ``alike``, matchups that also differ by swapping the combos of players holding the
    same range fold into one: the code sorts those players' combos. Their counts are then
    the class representative's with the players permuted, so the caller must sum the
    weighted counts and pass them through ``credit_alike``.

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
    alike : sequence of sequence of int, default ()
        Groups of players holding the same range (``alike_players``), whose combos may be
        swapped too; the counts of the representatives then go through ``credit_alike``.
    return_players : bool, default False
        With ``return_inverse``, also return which of its representative's players each
        player of a matchup is (per-combo results of alike players read their outcomes there).

    Returns
    -------
    hands : numpy.ndarray
        (K, P, 2) uint8: one representative per class of matchups, K <= M.
    weights : numpy.ndarray
        (K,) float64: the summed weights of the matchups each stands for.
    inverse : numpy.ndarray
        With ``return_inverse`` only: (M,) int64, the representative's row of each matchup.
    players : numpy.ndarray
        With ``return_players`` only: (M, P) int64; player p of matchup m fares as player
        ``players[m, p]`` of its representative (p itself unless alike players were swapped).

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> from pokerkeys.equity.matchups import all_matchups, merge_isomorphic
    >>> setup = prepare(["AA", "KK"])
    >>> hands, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    >>> reps, merged = merge_isomorphic(hands, weights, setup.board, setup.dead)
    >>> len(hands), len(reps), merged.tolist()
    (36, 3, [6.0, 24.0, 6.0])

    Two players with the same range: swapping their combos folds the matchups too.

    >>> setup = prepare(["AhKh", "JJ+", "JJ+"], "Qh7h6c")
    >>> hands, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    >>> by_suits = merge_isomorphic(hands, weights, setup.board, setup.dead)[0]
    >>> swapped_too = merge_isomorphic(hands, weights, setup.board, setup.dead, alike=[(1, 2)])[0]
    >>> len(hands), len(by_suits), len(swapped_too)
    (168, 94, 47)

    Which player of its representative each player of a matchup is, once swaps fold them:

    >>> reps, merged, rows, players = merge_isomorphic(
    ...     hands, weights, setup.board, setup.dead, True, alike=[(1, 2)], return_players=True)
    >>> sorted({tuple(p) for p in players.tolist()})
    [(0, 1, 2), (0, 2, 1)]
    """
    n_players = hands.shape[1]
    maps = stabilizer(board, dead) if len(hands) >= 2 and n_players <= 5 else ()
    groups = [list(g) for g in alike if len(g) > 1] if len(maps) else []
    identity = np.broadcast_to(np.arange(n_players), (len(hands), n_players))
    if len(maps) < 2 and not groups:
        if return_players:
            return hands, weights, np.arange(len(hands)), identity.copy()
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
    # With return_players: for each group, which of its players takes the group's j-th
    # smallest combo under the map giving the smallest code (a map tying it gives the same
    # canonical matchup, so either's order serves).
    order_in: list[IntArray] = []
    for card_map in maps:
        mapped = _combo_image(card_map.tobytes())
        columns = [mapped[c] for c in combos]
        orders: list[IntArray] = []
        for g in groups:
            if len(g) == 2:
                a, b = columns[g[0]], columns[g[1]]
                columns[g[0]], columns[g[1]] = np.minimum(a, b), np.maximum(a, b)
                if return_players:
                    swapped = (a > b).astype(np.int64)
                    orders.append(np.stack([swapped, 1 - swapped], axis=1))
                continue
            stacked = np.stack([columns[p] for p in g])
            if return_players:
                order_g = np.argsort(stacked, axis=0, kind="stable")
                orders.append(order_g.T)
                ordered_combos = np.take_along_axis(stacked, order_g, axis=0)
            else:
                ordered_combos = np.sort(stacked, axis=0)
            for p, column in zip(g, ordered_combos, strict=True):
                columns[p] = column
        code = columns[0]
        for p in range(1, n_players):
            code = code | (columns[p] << (11 * p))
        if best is None:
            best, order_in = code, orders
        else:
            if return_players:
                better = code < best
                for i, o in enumerate(orders):
                    order_in[i] = np.where(better[:, None], o, order_in[i])
            best = np.minimum(best, code, out=best)
    assert best is not None  # maps holds the identity at least here
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
    if return_players:
        # Player g[order_m[j]] of matchup m holds what player g[order_r[j]] of its
        # representative r holds in the canonical matchup both map to, so they fare alike.
        players = identity.copy()
        rep_of = order[firsts][rows]
        for g, order_g in zip(groups, order_in, strict=True):
            group = np.asarray(g)
            own = group[order_g]              # (M, k): m's player at each sorted place
            rep = group[order_g[rep_of]]      # (M, k): its representative's player there
            np.put_along_axis(players, own, rep, axis=1)
        return representatives, merged, rows, players
    if return_inverse:
        return representatives, merged, rows
    return representatives, merged


@lru_cache(maxsize=64)
def _combo_image(card_map_bytes: bytes) -> IntArray:
    """combo index -> combo index of its image under a card map (``core.symmetry``)."""
    card_map = np.frombuffer(card_map_bytes, dtype=np.uint8).astype(np.intp)
    image = COMBO_INDEX_TABLE[card_map[ALL_COMBOS[:, 0]], card_map[ALL_COMBOS[:, 1]]]
    return image.astype(np.int64)
