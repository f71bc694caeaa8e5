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

Examples
--------
>>> from pokerkeys.core.classes import CLASS_NAMES, class_combo_count, hand_class
>>> CLASS_NAMES[:4]
('AA', 'AKs', 'AQs', 'AJs')
>>> hand_class("Ah Kh"), class_combo_count("AKo")
('AKs', 12)
"""
from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .cards import N_CARDS, RANK_CHARS, parse_cards
from .shortdeck import DEFAULT_RULES, LOWEST_RANK, Rules, resolve_rules

if TYPE_CHECKING:
    from .types import CardsLike, FloatArray, IntArray

__all__ = ["ALL_COMBOS", "CLASS_NAMES", "COMBO_CLASS", "COMBO_INDEX_TABLE", "N_CLASSES",
           "N_COMBOS", "class_combo_count", "class_combo_indices", "class_combos",
           "class_from_ranks", "class_grid_position", "class_index", "class_order_vs_random",
           "combo_index", "equity_vs_random", "hand_class", "normalize_class_name",
           "shortdeck_class_order"]

#: Starting-hand classes: 13 pairs, 78 suited and 78 offsuit hands.
N_CLASSES = 169
#: Two-card hands: 52 choose 2.
N_COMBOS = 1326


# --- class names ------------------------------------------------------------------------------

def _grid_name(row: int, col: int) -> str:
    # Grid index 0 is the ace, so rank = 12 - index.
    if row == col:
        return RANK_CHARS[12 - row] * 2
    if row < col:
        return RANK_CHARS[12 - row] + RANK_CHARS[12 - col] + "s"
    return RANK_CHARS[12 - col] + RANK_CHARS[12 - row] + "o"


#: The 169 class names in grid order (see the module's docstring): 'AA', 'AKs', ..., '22'.
CLASS_NAMES: tuple[str, ...] = tuple(_grid_name(i, j) for i in range(13) for j in range(13))
_CLASS_INDEX = {name: k for k, name in enumerate(CLASS_NAMES)}

_CLASS_RE = re.compile(r"(10|[2-9TJQKA])(10|[2-9TJQKA])([SO]?)", re.IGNORECASE)
_RANK_VALUE = {ch: i for i, ch in enumerate(RANK_CHARS)}


def normalize_class_name(name: str) -> str:
    """Canonical form of a class name: ``'aks'``, ``'KAs'``, ``'AKS'`` -> ``'AKs'``.

    Parameters
    ----------
    name : str
        A class name, any case, ``10`` for a ten, the two ranks in either order, surrounding
        spaces ignored.

    Returns
    -------
    str
        The name as ``CLASS_NAMES`` spells it.

    Raises
    ------
    ValueError
        If ``name`` is not one of the 169 classes (a non-pair without ``s``/``o``, a pair
        with one, other text); the message names it.
    TypeError
        If ``name`` is not a string.

    Examples
    --------
    >>> from pokerkeys.core.classes import normalize_class_name
    >>> normalize_class_name("kas"), normalize_class_name("1010")
    ('AKs', 'TT')
    >>> normalize_class_name("AK")
    Traceback (most recent call last):
    ...
    ValueError: unknown hand class 'AK': a non-pair class needs 's' (suited) or 'o' (offsuit)
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
    """Position 0..168 of a class in ``CLASS_NAMES``.

    Parameters
    ----------
    name : str
        A class name, in any form ``normalize_class_name`` reads.

    Returns
    -------
    int
        ``13 * row + col`` of the class's grid cell.

    Raises
    ------
    ValueError
        If ``name`` is not a class.
    TypeError
        If ``name`` is not a string.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_index
    >>> class_index("AA"), class_index("aks"), class_index("22")
    (0, 1, 168)
    """
    return _CLASS_INDEX[normalize_class_name(name)]


def class_grid_position(name: str) -> tuple[int, int]:
    """(row, col) of a class in the 13 x 13 grid, 0 = ace .. 12 = deuce.

    Parameters
    ----------
    name : str
        A class name, in any form ``normalize_class_name`` reads.

    Returns
    -------
    tuple of int
        The row and the column: pairs on the diagonal, suited hands above it, offsuit below.

    Raises
    ------
    ValueError
        If ``name`` is not a class.
    TypeError
        If ``name`` is not a string.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_grid_position
    >>> class_grid_position("AKo"), class_grid_position("AKs"), class_grid_position("22")
    ((1, 0), (0, 1), (12, 12))
    """
    return divmod(class_index(name), 13)


def class_from_ranks(high: int, low: int, suited: bool) -> str:
    """Class name from two card ranks.

    Parameters
    ----------
    high, low : int
        The two ranks 0..12 (2..A), in any order.
    suited : bool
        Whether the two cards share a suit; ignored for pairs.

    Returns
    -------
    str
        The class name: ``'AKs'``, ``'T9o'``, ``'55'``.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_from_ranks
    >>> class_from_ranks(12, 11, True), class_from_ranks(7, 8, False), class_from_ranks(3, 3, True)
    ('AKs', 'T9o', '55')
    """
    hi, lo = max(high, low), min(high, low)
    if hi == lo:
        return RANK_CHARS[hi] * 2
    return RANK_CHARS[hi] + RANK_CHARS[lo] + ("s" if suited else "o")


def hand_class(cards: CardsLike) -> str:
    """Class of a two-card hand.

    Parameters
    ----------
    cards : str, sequence of str or int, or array of int
        Two cards, in any form ``parse_cards`` reads.

    Returns
    -------
    str
        The class name.

    Raises
    ------
    ValueError
        If there are not exactly two cards, or a card is unknown or repeated.
    TypeError
        If ``cards`` is neither text nor integer ids.

    Examples
    --------
    >>> from pokerkeys.core.classes import hand_class
    >>> hand_class("AhKh"), hand_class([51, 46]), hand_class("AsAd")
    ('AKs', 'AKo', 'AA')
    """
    ids = parse_cards(cards)
    if ids.size != 2:
        raise ValueError(f"a hold'em hand has 2 cards, got {ids.size} in {cards!r}")
    a, b = int(ids[0]), int(ids[1])
    return class_from_ranks(a >> 2, b >> 2, (a & 3) == (b & 3))


# --- combos -----------------------------------------------------------------------------------

def _all_combos() -> npt.NDArray[np.uint8]:
    # Row k = (hi, lo) enumerated hi-major, so k = hi*(hi-1)/2 + lo (triangular numbers).
    hi, lo = np.tril_indices(N_CARDS, -1)
    out = np.stack([hi, lo], axis=1).astype(np.uint8)
    out.flags.writeable = False
    return out


#: The 1,326 two-card hands, (1326, 2) uint8 rows (high id, low id), read-only.
ALL_COMBOS: npt.NDArray[np.uint8] = _all_combos()

#: COMBO_INDEX_TABLE[a, b] == COMBO_INDEX_TABLE[b, a] == row of {a, b} in ALL_COMBOS; -1 if
#: a == b (int16, 52 x 52, read-only).
COMBO_INDEX_TABLE: npt.NDArray[np.int16] = np.full((N_CARDS, N_CARDS), -1, dtype=np.int16)
COMBO_INDEX_TABLE[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = np.arange(N_COMBOS, dtype=np.int16)
COMBO_INDEX_TABLE[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = np.arange(N_COMBOS, dtype=np.int16)
COMBO_INDEX_TABLE.flags.writeable = False


def combo_index(c1: int, c2: int) -> int:
    """Row of the hand {c1, c2} in ``ALL_COMBOS``, in closed form.

    Parameters
    ----------
    c1, c2 : int
        Two different card ids 0..51, in either order.

    Returns
    -------
    int
        ``high * (high - 1) // 2 + low``, 0..1325.

    Raises
    ------
    ValueError
        If an id is outside 0..51 or the two are the same card.

    Examples
    --------
    >>> from pokerkeys.core.classes import ALL_COMBOS, combo_index
    >>> combo_index(51, 50), combo_index(0, 1)
    (1325, 0)
    >>> ALL_COMBOS[combo_index(45, 51)].tolist()
    [51, 45]
    """
    a, b = int(c1), int(c2)
    if not (0 <= a < N_CARDS and 0 <= b < N_CARDS):
        raise ValueError(f"card ids must be in 0..51, got {a} and {b}")
    if a == b:
        raise ValueError(f"a hand needs two different cards, got {a} twice")
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


def _combo_classes() -> npt.NDArray[np.uint8]:
    hi, lo = ALL_COMBOS[:, 0].astype(np.int64), ALL_COMBOS[:, 1].astype(np.int64)
    rh, rl = hi >> 2, lo >> 2
    suited = (hi & 3) == (lo & 3)
    # Grid: row/col 12 - rank; suited in the upper triangle (row < col), offsuit below.
    row = np.where(suited | (rh == rl), 12 - rh, 12 - rl)
    col = np.where(suited | (rh == rl), 12 - rl, 12 - rh)
    out = (13 * row + col).astype(np.uint8)
    out.flags.writeable = False
    return out


#: COMBO_CLASS[k] = class index (into CLASS_NAMES) of ALL_COMBOS[k] (uint8, read-only).
COMBO_CLASS: npt.NDArray[np.uint8] = _combo_classes()
_CLASS_COMBO_ROWS = tuple(np.flatnonzero(k == COMBO_CLASS) for k in range(N_CLASSES))


def class_combo_indices(name: str) -> IntArray:
    """Rows of ``ALL_COMBOS`` that belong to a class.

    Parameters
    ----------
    name : str
        A class name, in any form ``normalize_class_name`` reads.

    Returns
    -------
    numpy.ndarray
        The rows, int64, ascending (a new array each call).

    Raises
    ------
    ValueError
        If ``name`` is not a class.
    TypeError
        If ``name`` is not a string.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_combo_indices
    >>> class_combo_indices("AA")
    array([1224, 1273, 1274, 1323, 1324, 1325])
    """
    return _CLASS_COMBO_ROWS[class_index(name)].copy()


def class_combos(name: str) -> npt.NDArray[np.uint8]:
    """The two-card hands of a class, in ``ALL_COMBOS`` order.

    Parameters
    ----------
    name : str
        A class name, in any form ``normalize_class_name`` reads.

    Returns
    -------
    numpy.ndarray
        (n, 2) uint8 card ids, high card first; n is 6 for a pair, 4 for a suited and 12 for
        an offsuit class.

    Raises
    ------
    ValueError
        If ``name`` is not a class.
    TypeError
        If ``name`` is not a string.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_combos
    >>> [pk.format_cards(combo) for combo in class_combos("AKs")]
    ['Ac Kc', 'Ad Kd', 'Ah Kh', 'As Ks']
    """
    return ALL_COMBOS[_CLASS_COMBO_ROWS[class_index(name)]]


def class_combo_count(name: str) -> int:
    """Number of two-card hands in a class.

    Parameters
    ----------
    name : str
        A class name, in any form ``normalize_class_name`` reads.

    Returns
    -------
    int
        6 (pair), 4 (suited) or 12 (offsuit).

    Raises
    ------
    ValueError
        If ``name`` is not a class.
    TypeError
        If ``name`` is not a string.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_combo_count
    >>> class_combo_count("QQ"), class_combo_count("AKs"), class_combo_count("AKo")
    (6, 4, 12)
    """
    return int(_CLASS_COMBO_ROWS[class_index(name)].size)


# --- preflop strength ordering ----------------------------------------------------------------

def equity_vs_random() -> FloatArray:
    """Each class's all-in preflop equity against one random hand.

    Read from the packaged table ``preflop_equity_vs_random`` (exact counts, computed once).

    Returns
    -------
    numpy.ndarray
        (169,) float64 equities 0..1, indexed like ``CLASS_NAMES``.

    Raises
    ------
    pokerkeys.TableError
        If the table file is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_index, equity_vs_random
    >>> round(float(equity_vs_random()[class_index("AA")]), 4)
    0.852
    """
    # Imported here so this module works before/without the tables module being importable.
    from .tables import load_table

    return np.asarray(load_table("preflop_equity_vs_random"), dtype=np.float64)


def class_order_vs_random() -> tuple[str, ...]:
    """The 169 class names, best first by equity against one random hand.

    Returns
    -------
    tuple of str
        The names sorted by ``equity_vs_random()``, descending; ties keep ``CLASS_NAMES``
        order.

    Raises
    ------
    pokerkeys.TableError
        If the table file is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.classes import class_order_vs_random
    >>> class_order_vs_random()[:5]
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    """
    equity = np.asarray(equity_vs_random(), dtype=np.float64)
    if equity.shape != (N_CLASSES,):
        raise ValueError(f"equity_vs_random() must have shape ({N_CLASSES},), got {equity.shape}")
    # A stable sort of the negated equities is "descending, ties in CLASS_NAMES order".
    order = np.argsort(-equity, kind="stable")
    return tuple(CLASS_NAMES[k] for k in order)


def shortdeck_class_order(rules: str | None = None) -> tuple[str, ...]:
    """The 81 short-deck starting-hand classes, best first by equity against one random hand.

    Read from the shipped exact table of the rule order (``tables/shortdeck_preflop_*``), at
    this low level so that short-deck ranges (``15%``) and the preflop module share one order
    (``pokerkeys.preflop.shortdeck.class_order_vs_random``).

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    tuple of str
        The class names sorted by equity against one random hand, descending; ties keep the
        9 x 9 grid order (aces first).

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.classes import shortdeck_class_order
    >>> shortdeck_class_order()[:6]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs')
    """
    return _shortdeck_class_order(resolve_rules("shortdeck", rules) or DEFAULT_RULES)


@cache
def _shortdeck_class_order(rules: Rules) -> tuple[str, ...]:
    from .tables import load_table

    names = [n for n in CLASS_NAMES if max(class_grid_position(n)) < 13 - LOWEST_RANK]
    tag = "trips" if rules == "trips-beat-straight" else "straight"
    equity = np.asarray(load_table(f"shortdeck_preflop_{tag}_equity_vs_opponents"))[:, 0]
    return tuple(names[k] for k in np.argsort(-equity, kind="stable"))
