"""Ranking a chunk that may hold bad rows, and saying why a row is bad.

A file may hold many bad rows, to be left out (skip, report) or named (fail): rank_rows gives
bad rows rank 0 and explain_row gives the reason. The distributed evaluator uses both as well.
"""
from __future__ import annotations

import numpy as np

from ..core.cards import N_CARDS, format_cards
from ..core.evaluate import evaluate_batch


def rank_rows(cards: np.ndarray, threads: int | None = None) -> np.ndarray:
    """Ranks of an (n, k) uint8 array, 0 for rows with a bad id or a repeated card: one
    kernel call, which checks every row anyway."""
    return evaluate_batch(cards, threads=threads, invalid="zero")


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
