"""Matchups: one combo per player, no card twice, and their merging up to suit symmetry.

Shared by exact hold'em equity (``holdem``), per-combo results (``per_combo``) and the flop
report (``pokerkeys.analysis.flops``).
"""
from __future__ import annotations

import numpy as np

from ..core.symmetry import stabilizer

# More matchups than this are refused for exact enumeration (the tables grow with them).
EXACT_MAX_MATCHUPS = 5_000_000


def combo_bits(combos: np.ndarray) -> np.ndarray:
    return (np.uint64(1) << combos[:, 0].astype(np.uint64)) | \
        (np.uint64(1) << combos[:, 1].astype(np.uint64))


def all_matchups(combo_lists, weight_lists) -> tuple[np.ndarray, np.ndarray]:
    """Every compatible matchup (one combo per player, no card twice) and its weight."""
    hands = np.zeros((1, 0, 2), dtype=np.uint8)
    weights = np.ones(1)
    used = np.zeros(1, dtype=np.uint64)
    too_many = ValueError(f"exact enumeration would need more than {EXACT_MAX_MATCHUPS:,} "
                          f"matchups; use Monte Carlo (exact=False)")
    for combos, w in zip(combo_lists, weight_lists, strict=False):
        # Refuse before the pair table gets huge: even with card removal most pairs fit.
        if len(used) * len(combos) > 4 * EXACT_MAX_MATCHUPS:
            raise too_many
        bits = combo_bits(combos)
        ok = (used[:, None] & bits[None, :]) == 0
        rows, cols = np.nonzero(ok)
        if len(rows) > EXACT_MAX_MATCHUPS:
            raise too_many
        hands = np.concatenate([hands[rows], combos[cols][:, None, :]], axis=1)
        weights = weights[rows] * w[cols]
        used = used[rows] | bits[cols]
    return hands, weights


def merge_isomorphic(hands, weights, board, dead, return_inverse=False):
    """Fold matchups that a suit permutation maps onto each other into one, summing weights.

    A suit permutation that fixes the board and dead cards maps each board completion of a
    matchup to one of its image, so both matchups have the same outcome counts: only one of
    them needs enumerating. Each matchup is coded as an integer (11 bits per player's combo
    index), its canonical form is the smallest code among its images. ``return_inverse``:
    also return, for each given matchup, the row of its representative (per-combo results).
    """
    n_players = hands.shape[1]
    maps = stabilizer(board, dead) if len(hands) >= 2 and n_players <= 5 else ()
    if len(maps) < 2:
        if return_inverse:
            return hands, weights, np.arange(len(hands))
        return hands, weights
    best = None
    for card_map in maps:
        image = card_map[hands]
        hi = image.max(axis=2).astype(np.int64)
        lo = image.min(axis=2).astype(np.int64)
        index = hi * (hi - 1) // 2 + lo  # pokerkeys.core.classes combo index of (hi, lo)
        code = (index << (11 * np.arange(n_players))).sum(axis=1)
        best = code if best is None else np.minimum(best, code)
    codes, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    merged = np.bincount(inverse.ravel(), weights=weights, minlength=len(codes))
    if return_inverse:
        return hands[first], merged, inverse.ravel()
    return hands[first], merged
