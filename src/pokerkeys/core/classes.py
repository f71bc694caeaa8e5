"""The 169 preflop starting-hand classes and the 1,326 two-card combos.

Class names
    A pair is two rank characters ('AA', 'TT', '22'); a non-pair is the higher rank, the lower
    rank and ``s`` (suited) or ``o`` (offsuit): 'AKs', 'T9o'. Names are parsed case-insensitively,
    '10' is accepted for a ten, and the two ranks may come in either order ('KAs' and 'aks' both
    mean 'AKs'); names are always returned in the canonical form. A non-pair without a suffix
    ('AK'), a pair with one ('AAs', 'AAo') or any other text raises ``ValueError`` naming it.

Order of ``CLASS_NAMES``
    The conventional 13 x 13 grid read row-major. Row and column indices run 0 = ace .. 12 =
    deuce; cell (i, j) is the pair when i == j, the suited hand when i < j (upper triangle) and
    the offsuit hand when i > j. So the order starts AA, AKs, AQs, ..., A2s, AKo, KK, KQs, ... and
    ``class_index(name) == 13 * row + col``.

Combos
    ``ALL_COMBOS`` holds the 1,326 two-card hands as rows ``(high id, low id)``, ordered by the
    high card and then the low card (2d2c, 2h2c, 2h2d, 2s2c, ..., AsAh). That order has the
    closed form ``index = high * (high - 1) // 2 + low``, so no search is ever needed;
    ``COMBO_INDEX_TABLE`` is the same map as a 52 x 52 array for vectorised and Numba code.
    ``class_combos(name)`` lists a class's combos in ``ALL_COMBOS`` order.
"""
from __future__ import annotations

import re

import numpy as np

from .cards import N_CARDS, RANK_CHARS, parse_cards

N_CLASSES = 169
N_COMBOS = 1326  # 52 choose 2


# --- class names ------------------------------------------------------------------------------

def _grid_name(row: int, col: int) -> str:
    # Grid index 0 is the ace, so rank = 12 - index.
    if row == col:
        return RANK_CHARS[12 - row] * 2
    if row < col:
        return RANK_CHARS[12 - row] + RANK_CHARS[12 - col] + "s"
    return RANK_CHARS[12 - col] + RANK_CHARS[12 - row] + "o"


CLASS_NAMES: tuple[str, ...] = tuple(_grid_name(i, j) for i in range(13) for j in range(13))
_CLASS_INDEX = {name: k for k, name in enumerate(CLASS_NAMES)}

_CLASS_RE = re.compile(r"(10|[2-9TJQKA])(10|[2-9TJQKA])([SO]?)", re.IGNORECASE)
_RANK_VALUE = {ch: i for i, ch in enumerate(RANK_CHARS)}


def normalize_class_name(name: str) -> str:
    """Canonical form of a class name: 'aks', 'KAs', 'AKS' -> 'AKs'; '1010' -> 'TT'.

    Raises ``ValueError`` naming ``name`` if it is not one of the 169 classes.
    """
    if not isinstance(name, str):
        raise TypeError(f"a class name must be a string, not {type(name).__name__}")
    m = _CLASS_RE.fullmatch(name.strip())
    if m is None:
        raise ValueError(f"unknown hand class {name!r}: expected a pair like 'QQ' or two ranks "
                         f"and 's'/'o' like 'AKs', 'T9o'")
    r1, r2 = (_RANK_VALUE["T" if g == "10" else g.upper()] for g in m.group(1, 2))
    suffix = m.group(3).lower()
    if r1 == r2:
        if suffix:
            raise ValueError(f"unknown hand class {name!r}: a pair is neither suited nor "
                             f"offsuit, write {RANK_CHARS[r1] * 2!r}")
        return RANK_CHARS[r1] * 2
    if not suffix:
        raise ValueError(f"unknown hand class {name!r}: a non-pair class needs 's' (suited) or "
                         f"'o' (offsuit)")
    hi, lo = max(r1, r2), min(r1, r2)
    return RANK_CHARS[hi] + RANK_CHARS[lo] + suffix


def class_index(name: str) -> int:
    """Position 0..168 of a class in ``CLASS_NAMES`` ('AA' -> 0, 'AKs' -> 1, '22' -> 168)."""
    return _CLASS_INDEX[normalize_class_name(name)]


def class_grid_position(name: str) -> tuple[int, int]:
    """(row, col) of a class in the 13 x 13 grid, 0 = ace .. 12 = deuce ('AKo' -> (1, 0))."""
    return divmod(class_index(name), 13)


def class_from_ranks(high: int, low: int, suited: bool) -> str:
    """Class name from two ranks 0..12 (2..A), in any order; ``suited`` is ignored for pairs."""
    hi, lo = max(high, low), min(high, low)
    if hi == lo:
        return RANK_CHARS[hi] * 2
    return RANK_CHARS[hi] + RANK_CHARS[lo] + ("s" if suited else "o")


def hand_class(cards) -> str:
    """Class of a two-card hand: 'AhKh' -> 'AKs', [51, 46] -> 'AKo', 'AsAd' -> 'AA'."""
    ids = parse_cards(cards)
    if ids.size != 2:
        raise ValueError(f"a hold'em hand has 2 cards, got {ids.size} in {cards!r}")
    a, b = int(ids[0]), int(ids[1])
    return class_from_ranks(a >> 2, b >> 2, (a & 3) == (b & 3))


# --- combos -----------------------------------------------------------------------------------

def _all_combos() -> np.ndarray:
    # Row k = (hi, lo) enumerated hi-major, so k = hi*(hi-1)/2 + lo (triangular numbers).
    hi, lo = np.tril_indices(N_CARDS, -1)
    out = np.stack([hi, lo], axis=1).astype(np.uint8)
    out.flags.writeable = False
    return out


ALL_COMBOS: np.ndarray = _all_combos()

# COMBO_INDEX_TABLE[a, b] == COMBO_INDEX_TABLE[b, a] == row of {a, b} in ALL_COMBOS; -1 if a == b.
COMBO_INDEX_TABLE: np.ndarray = np.full((N_CARDS, N_CARDS), -1, dtype=np.int16)
COMBO_INDEX_TABLE[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = np.arange(N_COMBOS, dtype=np.int16)
COMBO_INDEX_TABLE[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = np.arange(N_COMBOS, dtype=np.int16)
COMBO_INDEX_TABLE.flags.writeable = False


def combo_index(c1: int, c2: int) -> int:
    """Row of the hand {c1, c2} in ``ALL_COMBOS`` (either card order), closed form."""
    a, b = int(c1), int(c2)
    if not (0 <= a < N_CARDS and 0 <= b < N_CARDS):
        raise ValueError(f"card ids must be in 0..51, got {a} and {b}")
    if a == b:
        raise ValueError(f"a hand needs two different cards, got {a} twice")
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


def _combo_classes() -> np.ndarray:
    hi, lo = ALL_COMBOS[:, 0].astype(np.int64), ALL_COMBOS[:, 1].astype(np.int64)
    rh, rl = hi >> 2, lo >> 2
    suited = (hi & 3) == (lo & 3)
    # Grid: row/col 12 - rank; suited in the upper triangle (row < col), offsuit below.
    row = np.where(suited | (rh == rl), 12 - rh, 12 - rl)
    col = np.where(suited | (rh == rl), 12 - rl, 12 - rh)
    out = (13 * row + col).astype(np.uint8)
    out.flags.writeable = False
    return out


# COMBO_CLASS[k] = class index (into CLASS_NAMES) of ALL_COMBOS[k].
COMBO_CLASS: np.ndarray = _combo_classes()
_CLASS_COMBO_ROWS = tuple(np.flatnonzero(k == COMBO_CLASS) for k in range(N_CLASSES))


def class_combo_indices(name: str) -> np.ndarray:
    """Rows of ``ALL_COMBOS`` that belong to a class, ascending (int64)."""
    return _CLASS_COMBO_ROWS[class_index(name)].copy()


def class_combos(name: str) -> np.ndarray:
    """The combos of a class as an (n, 2) uint8 array, high card first, in ``ALL_COMBOS`` order.

    n is 6 for a pair, 4 for a suited and 12 for an offsuit class.
    """
    return ALL_COMBOS[_CLASS_COMBO_ROWS[class_index(name)]]


def class_combo_count(name: str) -> int:
    """Number of combos in a class: 6 (pair), 4 (suited) or 12 (offsuit)."""
    return int(_CLASS_COMBO_ROWS[class_index(name)].size)


# --- preflop strength ordering ----------------------------------------------------------------

def equity_vs_random() -> np.ndarray:
    """(169,) float64: each class's all-in preflop equity (0..1) against one random hand.

    Indexed like ``CLASS_NAMES``; read from the packaged table ``preflop_equity_vs_random``.
    """
    # Imported here so this module works before/without the tables module being importable.
    from .tables import load_table

    return np.asarray(load_table("preflop_equity_vs_random"), dtype=np.float64)


def class_order_vs_random() -> tuple[str, ...]:
    """The 169 class names best-first by ``equity_vs_random()``; ties keep ``CLASS_NAMES`` order."""
    equity = np.asarray(equity_vs_random(), dtype=np.float64)
    if equity.shape != (N_CLASSES,):
        raise ValueError(f"equity_vs_random() must have shape ({N_CLASSES},), got {equity.shape}")
    # A stable sort of the negated equities is "descending, ties in CLASS_NAMES order".
    order = np.argsort(-equity, kind="stable")
    return tuple(CLASS_NAMES[k] for k in order)
