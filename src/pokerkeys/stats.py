"""Statistics of hand categories by exhaustive enumeration."""
from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from . import _jit, _layout
from ._balance import balanced_groups
from ._kernels import enumerate as _k
from .evaluate import HandCategory, _kernel_args, category
from .tables import eval_tables, load_table
from .tables import keys as load_keys

_KERNELS = {5: _k.rank_histogram_5, 7: _k.rank_histogram_7}
_N_GROUPS = 64


@lru_cache(maxsize=None)
def _pair_groups(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """(first, second) card pairs split into 64 equal-work groups for the parallel kernels."""
    pairs = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)
                      if b <= 52 - (n_cards - 1)], dtype=np.int64)
    order, starts = balanced_groups([comb(51 - b, n_cards - 2) for _, b in pairs], _N_GROUPS)
    return pairs[order], starts


@lru_cache(maxsize=1)
def _enumeration_tables_7() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(flush_possible, face_keys, dense_ranks) for the 7-card enumeration kernel.

    flush_possible[s]: some suit holds 4 of the 6 cards whose suit keys sum to s (a 7th card
    could then make a flush), read off the 7-card flush-suit table; face_keys: per card, the
    face key alone; dense_ranks: face sum -> rank for non-flush 7-card hands.
    """
    t = eval_tables(7)
    suit_keys = np.array(load_keys()["suit_keys"], dtype=np.int64)
    sums6 = np.arange(512 - int(suit_keys.max()))
    reach = t.flush_suit[sums6[:, None] + suit_keys[None, :]] >= 0
    flush_possible = np.zeros(512, dtype=np.bool_)
    flush_possible[sums6] = reach.any(axis=1)
    face_keys = (t.card_keys >> _layout.SUIT_BITS).astype(np.int64)
    sparse = load_table("nonflush_7")
    dense = np.zeros(int(sparse[-1, 0]) + 1, dtype=np.uint16)
    dense[sparse[:, 0]] = sparse[:, 1]
    return flush_possible, face_keys, dense


def rank_histogram(n_cards: int, *, threads: int | None = None) -> np.ndarray:
    """counts[r] = number of n-card hands (n = 5 or 7) with rank r; every hand is evaluated."""
    if n_cards not in _KERNELS:
        raise ValueError(f"exhaustive enumeration covers 5 or 7 cards, not {n_cards}")
    pairs, starts = _pair_groups(n_cards)
    extra = _enumeration_tables_7() if n_cards == 7 else ()
    with _jit.threads(threads):
        return _KERNELS[n_cards](pairs, starts, *_kernel_args(n_cards), *extra)


def category_counts(n_cards: int, *, threads: int | None = None) -> dict[HandCategory, int]:
    """Number of n-card hands (5 or 7) in each category, by evaluating every one of them."""
    hist = rank_histogram(n_cards, threads=threads)
    per_category = np.bincount(category(np.arange(1, 7463)), weights=hist[1:], minlength=10)
    return {cat: int(per_category[cat]) for cat in HandCategory}


def distinct_ranks(n_cards: int) -> int:
    """How many different ranks n-card hands reach (7,462 for 5 cards, 4,824 for 7)."""
    return int(np.count_nonzero(rank_histogram(n_cards)))
