"""Exact counts of one matchup in NumPy: the answer of a first run, while the kernel compiles.

A fresh install has no compiled kernels, and compiling the exact enumeration takes several
seconds; counting one matchup's boards here takes a fraction of one. Every board completion is
enumerated as a key sum (the sums of all k-card subsets of the deck, built one card at a time),
and each player's rank is two table reads per board, exactly as the kernels read them: the
same tables, the same hash, so the counts are the kernels' to the last board.

>>> import numpy as np
>>> from pokerkeys.equity import first_call
>>> from pokerkeys.equity.setup import prepare
>>> setup = prepare(["AhKh", "QsQd"], "Qh7h2c")
>>> hole = np.array([p.known for p in setup.players], dtype=np.uint8)
>>> first_call.mask_counts(hole, setup.board, setup.excluded, setup.n_missing).tolist()
[0.0, 253.0, 737.0, 0.0]
"""
from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from .._layout import FLUSH_FIELD_BITS, HASH_BITS, HASH_MULT, HASH_SHIFT, SUIT_BITS, SUIT_MASK
from ..core.tables import EvalTables, eval_tables
from ..core.types import CardArray, FloatArray

__all__ = ["MAX_EVALUATIONS", "fits", "mask_counts", "subset_sums", "weighted_mask_counts"]

_FIELD_MASK = np.uint64((1 << FLUSH_FIELD_BITS) - 1)
#: Hand evaluations (boards x players x matchups) NumPy does in about a quarter of a second.
MAX_EVALUATIONS = 1e7


def fits(hands: CardArray, weights: FloatArray, n_missing: int, n_rem: int) -> bool:
    """Whether NumPy counts these matchups here, while the kernel compiles.

    One matchup preflop (the kernel counts board rank classes, far fewer than boards), any
    number with a board given, within ``MAX_EVALUATIONS``; and integer weights, whose
    weighted sums are exact in float64 in any order, so the answer is the kernels' to the
    last bit.

    Parameters
    ----------
    hands : numpy.ndarray
        (M, P, 2) uint8 matchups.
    weights : numpy.ndarray
        (M,) float64 weights.
    n_missing : int
        Board cards to come.
    n_rem : int
        Cards left to complete the board from.

    Returns
    -------
    bool
        True when ``weighted_mask_counts`` answers quickly and exactly.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.first_call import fits
    >>> one = np.array([[[50, 46], [43, 41]]], dtype=np.uint8)
    >>> fits(one, np.ones(1), 5, 48), fits(one, np.array([0.5]), 5, 48)
    (True, False)
    """
    if n_missing == 5 and len(hands) > 1:
        return False
    evaluations = math.comb(n_rem, n_missing) * hands.shape[1] * len(hands)
    return evaluations <= MAX_EVALUATIONS and bool((weights == np.round(weights)).all())


def subset_sums(keys: npt.NDArray[np.uint32], flush: npt.NDArray[np.uint64], k: int
                ) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint64]]:
    """(key sums, flush sums) of every k-card subset of the cards with these keys.

    Subsets of size j are kept ordered by their highest card, so those below card m are a
    prefix of the array; the subsets of size j + 1 whose highest card is m are that prefix of
    size j plus card m's key: one slice and one add per card, written straight into place.

    Parameters
    ----------
    keys : numpy.ndarray
        uint32 packed card keys of the n cards.
    flush : numpy.ndarray
        uint64 flush keys of the same cards.
    k : int
        Subset size, 0..n.

    Returns
    -------
    key_sums : numpy.ndarray
        uint32, C(n, k) sums (wrapping modulo 2**32, as the kernels' sums do).
    flush_sums : numpy.ndarray
        uint64, the flush sums of the same subsets, in the same order.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.first_call import subset_sums
    >>> keys, flush = np.array([1, 2, 4], np.uint32), np.array([10, 20, 40], np.uint64)
    >>> [a.tolist() for a in subset_sums(keys, flush, 2)]
    [[3, 5, 6], [30, 50, 60]]
    """
    n = len(keys)
    key_sum = np.zeros(1, np.uint32)
    flush_sum = np.zeros(1, np.uint64)
    below = np.ones(n + 1, dtype=np.int64)  # below[m]: subsets of size j with cards < m only
    for _ in range(k):
        # Subsets of size j + 1 with highest card m: below[m] of them (those of size j under m).
        ends = np.concatenate([[0], np.cumsum(below[:n])])
        new_key = np.empty(ends[-1], np.uint32)
        new_flush = np.empty(ends[-1], np.uint64)
        for m in range(n):
            lo, hi = ends[m], ends[m + 1]
            np.add(key_sum[:below[m]], keys[m], out=new_key[lo:hi], casting="unsafe")
            np.add(flush_sum[:below[m]], flush[m], out=new_flush[lo:hi])
        key_sum, flush_sum = new_key, new_flush
        below = ends
    return key_sum, flush_sum


def _ranks(key: npt.NDArray[np.uint32], flush_sum: npt.NDArray[np.uint64],
           tables: EvalTables) -> npt.NDArray[np.uint16]:
    """7-card ranks from key sums and per-suit flush sums (``_kernels.evaluate.rank_of_key``).

    In uint32 the face sum times the multiplier wraps modulo 2**32, which keeps the low
    HASH_BITS bits the mask takes exact.
    """
    shift = HASH_SHIFT[7]
    h = ((key >> np.uint32(SUIT_BITS)) * np.uint32(HASH_MULT[7])) & np.uint32(
        (1 << HASH_BITS[7]) - 1)
    slot = tables.hash_base.take(h >> np.uint32(shift)) + (h & np.uint32((1 << shift) - 1))
    rank = tables.hash_ranks.take(slot)
    suit = tables.flush_suit.take(key & np.uint32(SUIT_MASK))
    flush = np.flatnonzero(suit >= 0)
    if len(flush):
        field = (flush_sum[flush] >> (np.uint64(FLUSH_FIELD_BITS)
                                      * suit[flush].astype(np.uint64))) & _FIELD_MASK
        rank[flush] = tables.flush_ranks.take(field)
    return rank


def mask_counts(hands: CardArray, board: CardArray, excluded: int,
                n_missing: int) -> FloatArray:
    """Winner-mask counts of one matchup over every completion of the board.

    Parameters
    ----------
    hands : numpy.ndarray
        (P, 2) uint8 hole cards of the matchup.
    board : numpy.ndarray
        uint8 ids of the known board cards.
    excluded : int
        52-bit mask of the board and dead cards.
    n_missing : int
        Board cards to come, dealt from the deck less the hole cards and ``excluded``.

    Returns
    -------
    numpy.ndarray
        float64, 2**P counts by winner mask (bit p: player p holds the best hand).

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.first_call import mask_counts
    >>> from pokerkeys.equity.setup import prepare
    >>> setup = prepare(["AhKh", "QsQd"], "Qh7h2c")
    >>> hole = np.array([p.known for p in setup.players], dtype=np.uint8)
    >>> mask_counts(hole, setup.board, setup.excluded, setup.n_missing).tolist()
    [0.0, 253.0, 737.0, 0.0]
    """
    tables = eval_tables(7)
    used = excluded
    for c in hands.ravel():
        used |= 1 << int(c)
    deck = np.array([c for c in range(52) if not used >> c & 1], dtype=np.int64)
    board_key, board_flush = subset_sums(tables.card_keys[deck], tables.flush_keys[deck],
                                         n_missing)
    board = np.asarray(board, dtype=np.int64)
    # Seven packed keys sum below 2**32 (see _layout), so the key sums stay uint32.
    board_key += np.uint32(int(tables.card_keys[board].astype(np.int64).sum()))
    board_flush += np.uint64(int(tables.flush_keys[board].sum()))
    best = np.zeros(len(board_key), dtype=np.uint16)
    mask = np.zeros(len(board_key), dtype=np.int16)
    for p, (a, b) in enumerate(hands.astype(np.int64)):
        hole_key = np.uint32(int(tables.card_keys[a]) + int(tables.card_keys[b]))
        hole_flush = np.uint64(int(tables.flush_keys[a]) + int(tables.flush_keys[b]))
        rank = _ranks(board_key + hole_key, board_flush + hole_flush, tables)
        bit = np.int16(1 << p)  # at most 10 players
        # join_leaders on whole arrays: a higher rank leads alone, an equal one joins.
        mask = np.where(rank > best, bit, mask | ((rank == best) * bit).astype(np.int16))
        np.maximum(best, rank, out=best)
    return np.bincount(mask, minlength=1 << len(hands)).astype(np.float64)


def weighted_mask_counts(hands: CardArray, weights: FloatArray, board: CardArray,
                         excluded: int, n_missing: int) -> FloatArray:
    """The sum of ``weights[m]`` times the winner-mask counts of matchup m, as the kernels
    give it.

    Parameters
    ----------
    hands : numpy.ndarray
        (M, P, 2) uint8 matchups.
    weights : numpy.ndarray
        (M,) float64 weights.
    board, excluded, n_missing
        As for ``mask_counts``.

    Returns
    -------
    numpy.ndarray
        float64, 2**P weighted counts by winner mask.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.first_call import weighted_mask_counts
    >>> from pokerkeys.equity.setup import prepare
    >>> setup = prepare(["AhKh", "QsQd"], "Qh7h2c")
    >>> hole = np.array([[p.known for p in setup.players]], dtype=np.uint8)
    >>> weighted_mask_counts(hole, np.array([0.5]), setup.board, setup.excluded, 2).tolist()
    [0.0, 126.5, 368.5, 0.0]
    """
    total = np.zeros(1 << hands.shape[1])
    for hole, weight in zip(hands, weights, strict=False):
        total += weight * mask_counts(hole, board, excluded, n_missing)
    return total
