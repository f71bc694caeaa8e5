"""Ranking a chunk that may hold bad rows, and saying why a row is bad.

The batch kernel stops at the first bad row, but a file may hold many, to be left out (skip,
report) or named (fail): rank_rows gives bad rows rank 0 and explain_row gives the reason.
The distributed evaluator uses both as well.
"""
from __future__ import annotations

import numpy as np

from ..cards import N_CARDS, format_cards
from ..evaluate import evaluate_batch

def _valid_rows(cards: np.ndarray) -> np.ndarray:
    """Rows of card ids 0..51 with no card twice (the checks the batch kernel fuses)."""
    s = np.sort(cards, axis=1)
    return (s[:, -1] < N_CARDS) & (np.diff(s.astype(np.int16), axis=1) != 0).all(axis=1)


def rank_rows(cards: np.ndarray, threads: int | None = None) -> np.ndarray:
    """Ranks of an (n, k) uint8 array, 0 for rows with a bad id or a repeated card.

    The common case, a clean chunk, is one kernel call. evaluate_batch stops at the first bad
    row, so a chunk with bad rows is checked in NumPy and only its good rows are ranked.
    """
    try:
        return evaluate_batch(cards, threads=threads)
    except ValueError:
        good = _valid_rows(cards)
        ranks = np.zeros(len(cards), dtype=np.uint16)
        ranks[good] = evaluate_batch(np.ascontiguousarray(cards[good]), threads=threads)
        return ranks


def explain_row(ids: np.ndarray) -> str:
    """Why the batch kernel rejects a row of card ids."""
    ids = np.asarray(ids)
    out = ids[ids >= N_CARDS]
    if out.size:
        return f"card id {int(out[0])} is outside 0..51"
    counts = np.bincount(ids, minlength=N_CARDS)
    dup = np.flatnonzero(counts > 1)
    if dup.size:
        return f"duplicate card {format_cards([dup[0]])} in {format_cards(ids)}"
    return "not a valid hand"  # pragma: no cover - the kernel rejects nothing else
