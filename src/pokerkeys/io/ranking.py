"""Ranking a chunk that may hold bad rows, and saying why a row is bad.

A file may hold many bad rows, to be left out (skip, report) or named (fail): rank_rows gives
bad rows rank 0 and explain_row gives the reason. The distributed evaluator uses both as well.

>>> import numpy as np
>>> from pokerkeys.io.ranking import explain_row, rank_rows
>>> rows = np.array([[51, 47, 43, 39, 35], [0, 0, 1, 2, 3]], dtype=np.uint8)
>>> ranks = rank_rows(rows)
>>> ranks.tolist(), explain_row(rows[ranks == 0][0])
([7462, 0], 'duplicate card 2c in 2c 2c 2d 2h 2s')
"""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..core.cards import N_CARDS, format_cards
from ..core.evaluate import evaluate_batch
from ..core.types import CardArray, RankArray, Threads

__all__ = ["explain_row", "rank_rows"]


def rank_rows(cards: CardArray, threads: Threads = None) -> RankArray:
    """Ranks of a block of hands, 0 for a row with a bad card id or a repeated card.

    One kernel call, which checks every row anyway (``pk.evaluate_batch`` with
    ``invalid="zero"``).

    Parameters
    ----------
    cards : numpy.ndarray of uint8, shape (n, k)
        Card ids, k = 5, 6 or 7 cards a row.
    threads : int, optional
        Kernel threads; None: every core Numba uses.

    Returns
    -------
    numpy.ndarray of uint16, shape (n,)
        Each row's rank, 1..7462 (higher is better), or 0 for a bad row.

    Raises
    ------
    ValueError
        If ``cards`` is not an (n, k) array with k in 5, 6, 7.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.io.ranking import rank_rows
    >>> rank_rows(np.array([[51, 47, 43, 39, 35], [60, 1, 2, 3, 4]], dtype=np.uint8)).tolist()
    [7462, 0]
    """
    return evaluate_batch(cards, threads=threads, invalid="zero")


def explain_row(ids: npt.ArrayLike) -> str:
    """Why the batch kernel rejects a row of card ids.

    Parameters
    ----------
    ids : array_like of int
        One row of card ids that ``rank_rows`` ranked 0.

    Returns
    -------
    str
        The first card id outside 0..51, else the first repeated card with the row.

    Examples
    --------
    >>> from pokerkeys.io.ranking import explain_row
    >>> explain_row([60, 1, 2, 3, 4])
    'card id 60 is outside 0..51'
    >>> explain_row([0, 0, 1, 2, 3])
    'duplicate card 2c in 2c 2c 2d 2h 2s'
    """
    ids = np.asarray(ids)
    out = ids[ids >= N_CARDS]
    if out.size:
        return f"card id {int(out[0])} is outside 0..51"
    counts = np.bincount(ids, minlength=N_CARDS)
    dup = np.flatnonzero(counts > 1)
    if dup.size:
        return f"duplicate card {format_cards([dup[0]])} in {format_cards(ids)}"
    return "not a valid hand"  # pragma: no cover - the kernel rejects nothing else
