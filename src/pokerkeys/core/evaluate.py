"""Public evaluation API: evaluate, evaluate_batch, category, describe, best_five."""
from __future__ import annotations

import enum
from functools import cache
from itertools import combinations

import numpy as np

from .. import _jit, _layout
from .._kernels import evaluate as _k
from ._ranking import N_CLASSES, rank_values
from .cards import N_CARDS, format_cards, parse_cards
from .tables import eval_tables


class HandCategory(enum.IntEnum):
    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """'Three of a kind' for THREE_OF_A_KIND."""
        return self.name.replace("_", " ").capitalize()


# Lowest rank of each category, HIGH_CARD .. STRAIGHT_FLUSH, and one past the best rank.
CATEGORY_STARTS = np.array([1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453, 7463])
# rank -> category, as a lookup table so `category` works on arrays with one fancy index.
CATEGORY_OF_RANK = np.repeat(np.arange(1, 10, dtype=np.uint8), np.diff(CATEGORY_STARTS))
CATEGORY_OF_RANK = np.concatenate([[0], CATEGORY_OF_RANK]).astype(np.uint8)

_SINGULAR = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
             "queen", "king", "ace")
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def kernel_args(n: int) -> tuple:
    """Tables of an n-card kernel (the hash constants are compiled into the kernels)."""
    return eval_tables(n).as_tuple()


@cache
def _python_tables(n: int) -> tuple:
    """The n-card tables as Python lists, with the hash constants.

    One hand is ranked in plain Python (about 1 us): faster than a kernel call's dispatch, and
    `pokerkeys eval` never pays the 0.2-0.3 s Numba spends setting itself up for its first
    cached kernel in a process.
    """
    t = eval_tables(n)
    return (t.card_keys.tolist(), t.flush_keys.tolist(), t.flush_suit.tolist(),
            t.hash_base.tolist(), t.hash_ranks.tolist(), t.flush_ranks.tolist(),
            *_k.hash_constants(n))


def rank_one(ids) -> int:
    """Rank of 5-7 valid card ids: ``_kernels.evaluate.rank_of_key``, step for step."""
    card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask, \
        shift = _python_tables(len(ids))
    key = flush_sums = 0
    for c in np.asarray(ids).tolist():
        key += card_keys[c]
        flush_sums += flush_keys[c]
    suit = flush_suit[key & _layout.SUIT_MASK]
    if suit < 0:
        h = ((key >> _layout.SUIT_BITS) * mult) & hmask
        return hash_ranks[hash_base[h >> shift] + (h & ((1 << shift) - 1))]
    field = (1 << _layout.FLUSH_FIELD_BITS) - 1
    return flush_ranks[(flush_sums >> (_layout.FLUSH_FIELD_BITS * suit)) & field]


BATCH_KERNELS = {5: _k.rank_batch_5, 6: _k.rank_batch_6, 7: _k.rank_batch_7}


def evaluate(cards) -> int:
    """Rank 1..7462 (higher is better, equal ranks tie) of a 5-, 6- or 7-card hand."""
    ids = parse_cards(cards)
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"a hand to evaluate has 5, 6 or 7 cards, not {len(ids)} "
                         f"({format_cards(ids) or 'no cards'})")
    return rank_one(ids)


def _parse_row(text: str, invalid: str):
    """Card ids of one hand string of a batch; None if it does not parse and invalid='zero'."""
    try:
        return parse_cards(text, allow_duplicates=True)
    except ValueError:
        if invalid == "raise":
            raise
        return None


def _batch_array(cards, invalid: str = "raise") -> np.ndarray:
    """Validate the shape and dtype of a batch and return it as a C-contiguous uint8 array.

    Ids outside 0..51 in wider integer types raise, or with invalid='zero' become 255, which
    the kernel rejects like any other bad id. NumPy text arrays are read as text: (N,) hands
    or (N, k) cards."""
    if isinstance(cards, np.ndarray) and cards.dtype.kind == "U" and cards.ndim in (1, 2):
        cards = cards.tolist() if cards.ndim == 1 else [" ".join(r) for r in cards.tolist()]
    if isinstance(cards, np.ndarray):
        array = cards
    else:
        rows = list(cards)
        if rows and isinstance(rows[0], str):
            parsed = [_parse_row(row, invalid) for row in rows]
            # (If no row parses, any hand size will do: every row ranks 0.)
            lengths = {len(p) for p in parsed if p is not None} or {5}
            if len(lengths) > 1:
                raise ValueError(f"all hands in a batch need the same number of cards, got "
                                 f"{sorted(lengths)}")
            unparsed = np.full(lengths.pop(), 255, dtype=np.uint8)  # bad ids: rank 0
            array = np.array([unparsed if p is None else p for p in parsed],
                             dtype=np.uint8).reshape(len(parsed), -1)
        else:
            array = np.asarray(rows)
    if array.ndim != 2:
        raise ValueError(f"a batch is an (N, k) array of card ids, got shape {array.shape}")
    if array.shape[1] not in _layout.HAND_SIZES:
        raise ValueError(f"a batch row holds 5, 6 or 7 cards, not {array.shape[1]} "
                         f"(shape {array.shape})")
    if array.dtype.kind not in "iu":
        raise TypeError(f"batch card ids must be integers, not {array.dtype}")
    if array.dtype != np.uint8:
        if array.size and (array.min() < 0 or array.max() >= N_CARDS):
            outside = (array < 0) | (array >= N_CARDS)
            if invalid == "raise":
                bad = np.argwhere(outside)[0]
                raise ValueError(f"row {bad[0]}: card id {array[bad[0], bad[1]]} is outside "
                                 f"0..51")
            array = np.where(outside, 255, array)
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def _explain_bad_row(array: np.ndarray, row: int) -> str:
    ids = array[row]
    if ids.max() >= N_CARDS:
        return f"row {row}: card id {int(ids.max())} is outside 0..51"
    counts = np.bincount(ids, minlength=N_CARDS)
    dup = int(np.flatnonzero(counts > 1)[0])
    return f"row {row}: duplicate card {format_cards([dup])} in {format_cards(ids)}"


INVALID_ROWS = ("raise", "zero")


def evaluate_batch(cards, *, threads: int | None = None, invalid: str = "raise") -> np.ndarray:
    """Ranks (uint16, shape (N,)) of an (N, k) array of card ids, k in 5, 6, 7.

    Also accepts a list of hand strings of equal length. Every row is checked inside the
    kernel (ids in 0..51, no card twice). ``invalid='raise'`` (the default) names the first bad
    row in a ValueError; ``invalid='zero'`` gives bad rows (an id outside 0..51, a card twice,
    a hand string that does not parse) rank 0, which no hand has, so data with bad rows is
    ranked in one pass and filtered afterwards (``ranks > 0``). A batch still needs one hand
    size: rows of different lengths raise either way.
    ``threads`` limits the parallel kernel (results never depend on it).
    """
    if invalid not in INVALID_ROWS:
        raise ValueError(f"invalid must be one of {', '.join(map(repr, INVALID_ROWS))}, "
                         f"not {invalid!r}")
    array = _batch_array(cards, invalid)
    out = np.empty(len(array), dtype=np.uint16)
    if len(array):
        with _jit.threads(threads):
            n = array.shape[1]
            # The kernel reads the rows as one flat run of bytes (a view, no copy).
            tables = eval_tables(n).rank_batch_tuple()
            bad_rows = BATCH_KERNELS[n](array.reshape(-1), out, *tables)
        if invalid == "raise" and bad_rows:
            raise ValueError(_explain_bad_row(array, int(np.argmin(out))))
    return out


def _check_ranks(ranks: np.ndarray) -> None:
    if ranks.dtype.kind not in "iu":
        raise TypeError(f"ranks must be integers, not {ranks.dtype}")
    if ranks.size and (ranks.min() < 1 or ranks.max() > N_CLASSES):
        bad = ranks[(ranks < 1) | (ranks > N_CLASSES)].ravel()[0]
        raise ValueError(f"rank {int(bad)} is outside 1..{N_CLASSES}")


def category(rank):
    """HandCategory of a rank; for an array of ranks, an array of uint8 category values."""
    if isinstance(rank, (int, np.integer)) and not isinstance(rank, bool):
        _check_ranks(np.array([rank]))
        return HandCategory(int(CATEGORY_OF_RANK[int(rank)]))
    ranks = np.asarray(rank)
    _check_ranks(ranks)
    return CATEGORY_OF_RANK[ranks]


def _rank_arg(cards_or_rank) -> int:
    if isinstance(cards_or_rank, (int, np.integer)) and not isinstance(cards_or_rank, bool):
        _check_ranks(np.array([cards_or_rank]))
        return int(cards_or_rank)
    return evaluate(cards_or_rank)


def describe(cards_or_rank) -> str:
    """'Full house, eights over kings', 'Straight, five high', 'Two pair, aces and nines'."""
    rank = _rank_arg(cards_or_rank)
    cat, *ranks = (int(v) for v in rank_values()[rank])
    kind = HandCategory(cat)
    if rank == N_CLASSES:
        return "Royal flush"
    if kind in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT, HandCategory.FLUSH,
                HandCategory.HIGH_CARD):
        detail = f"{_SINGULAR[ranks[0]]} high" if kind != HandCategory.HIGH_CARD \
            else _SINGULAR[ranks[0]]
    elif kind == HandCategory.FULL_HOUSE:
        detail = f"{_PLURAL[ranks[0]]} over {_PLURAL[ranks[1]]}"
    elif kind == HandCategory.TWO_PAIR:
        detail = f"{_PLURAL[ranks[0]]} and {_PLURAL[ranks[1]]}"
    else:
        detail = _PLURAL[ranks[0]]
    return f"{kind.label}, {detail}"


def best_five(cards) -> np.ndarray:
    """The five of 5-7 cards that make the hand's rank (uint8, highest card first)."""
    ids = parse_cards(cards)
    target = evaluate(ids)
    for subset in combinations(sorted(ids.tolist(), reverse=True), 5):
        five = np.array(subset, dtype=np.uint8)
        if rank_one(five) == target:
            return five
    raise AssertionError("no five cards make the hand's rank")  # pragma: no cover
