"""Short-deck preflop: the 81 starting-hand classes, the exact heads-up matrix and the tables.

The 36-card deck (six through ace) has 630 two-card combos in 81 classes: 9 pairs (6 combos
each), 36 suited (4 each) and 36 offsuit (12 each), named as in Hold'em (``'AA'``, ``'AKs'``,
``'76o'``) and laid out in a 9 x 9 grid like Hold'em's 13 x 13 one: pairs on the diagonal,
suited above it, offsuit below, aces first. ``CLASS_NAMES`` lists them in grid order (row by
row); the order is Hold'em's ``CLASS_NAMES`` without the classes holding a two to a five.

Shipped tables (``tables/shortdeck_preflop_*``, built by ``python scripts/build_preflop.py
--game shortdeck``, one set per rule order, see :mod:`pokerkeys.core.shortdeck`):

* ``heads_up_equity(a, b, rules=...)``: the exact 81 x 81 heads-up matrix, every one of the
  201,376 boards of every pair of disjoint combos (``compute_heads_up_counts`` builds it in
  about a second: the board-major sweep of the Hold'em matrix on the short deck's 19,998
  suit-canonical boards).
* ``equity_vs_opponents(n, rules=...)``: each class against 1..5 random hands; one opponent
  exact (the matrix's row averages), more by Monte Carlo with a standard error of at most
  ``TARGET_STDERR`` per cell (``equity_vs_opponents_stderr``).
* ``equity_vs_opponents(n, without_ties=True, rules=...)``: the same without ties (the chance
  of winning the pot alone): the equity minus each class's share of split pots, a shipped
  table sampled by the same runs (one opponent exact, from the heads-up tie counts).

Read from those tables: ``equity_vs_random(rules)`` (exact), ``class_ranks(n, rules=...)`` and
``class_order_vs_random(rules)``, the classes ranked and sorted by it.

Computed on demand, exactly: ``rank_distribution(name, rules=...)``, a class's best 7-card
rank over all C(34, 5) = 278,256 boards (``rank_histograms`` for all 81 classes, about a
second, once per process and rule order), against the average over all hands;
``exact_equity_vs_random(rules)``, each class against one random hand over every board.

Suit-isomorphic matchups, as in Hold'em (``pokerkeys.preflop``): the short deck holds whole
ranks, so its matchups are Hold'em's whose cards are all six or higher.
``count_matchups(convention)`` counts them (10,215 strict, 20,313 ordered, 10,251 with two
hands of one class in order), ``suit_distinct_matchups`` lists them with their weights and
``canonical_matchup`` gives a matchup's canonical form; ``pokerkeys.preflop.breakdown.
suit_breakdown(..., game="shortdeck")`` enumerates those of two classes.

Examples
--------
>>> from pokerkeys.preflop import shortdeck
>>> len(shortdeck.CLASS_NAMES), shortdeck.CLASS_NAMES[:3], shortdeck.N_COMBOS
(81, ('AA', 'AKs', 'AQs'), 630)
>>> round(shortdeck.heads_up_equity("AKs", "QQ"), 4)
0.5071
>>> round(shortdeck.heads_up_equity("AKs", "QQ", rules="straight-beats-trips"), 4)
0.5369
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Literal, overload

import numpy as np

from ..core import classes as _holdem
from ..core.cards import format_cards, parse_cards
from ..core.classes import shortdeck_class_order as _core_class_order
from ..core.shortdeck import FIRST_CARD, LOWEST_RANK, Rules, check_short_deck, resolve_rules
from ..core.tables import TableError, load_table, shortdeck_tables
from ..core.types import CardsLike, FloatArray, IntArray, Threads

if TYPE_CHECKING:
    import numpy.typing as npt

    from ..equity.driver import Progress
    from .exact import MatchupConvention, RankDistribution

__all__ = ["BOARDS_PER_HAND", "BOARDS_PER_MATCHUP", "CLASS_NAMES", "GRID_SIZE", "MAX_OPPONENTS",
           "N_CLASSES", "N_COMBOS", "TARGET_STDERR", "average_rank_distribution",
           "canonical_boards", "canonical_matchup", "class_combo_count", "class_combos",
           "class_grid", "class_grid_position", "class_index", "class_order_vs_random",
           "class_ranks", "class_representative", "compute_equity_vs_opponents",
           "compute_heads_up_counts", "count_matchups", "equities_from_counts",
           "equity_vs_opponents", "equity_vs_opponents_stderr", "equity_vs_random",
           "exact_equity_vs_random", "hand_class", "heads_up_equity", "rank_distribution",
           "rank_histograms", "suit_distinct_matchups", "table_name"]

#: The 81 short-deck classes in 9 x 9 grid order (row by row, aces first).
CLASS_NAMES: tuple[str, ...] = tuple(
    name for name in _holdem.CLASS_NAMES
    if min(_holdem.class_grid_position(name)) < 13 - LOWEST_RANK
    and max(_holdem.class_grid_position(name)) < 13 - LOWEST_RANK)
#: Starting-hand classes of the short deck.
N_CLASSES = len(CLASS_NAMES)
#: Two-card combos of the 36-card deck: C(36, 2).
N_COMBOS = 630
#: Rows (and columns) of the class grid.
GRID_SIZE = 9
#: The most random opponents the shipped table covers.
MAX_OPPONENTS = 5
#: The standard error of each Monte Carlo cell of the shipped table.
TARGET_STDERR = 0.0005
#: Boards that meet one hand: C(34, 5).
BOARDS_PER_HAND = 278_256
#: Boards that meet two hands: C(32, 5).
BOARDS_PER_MATCHUP = 201_376
_INDEX = {name: k for k, name in enumerate(CLASS_NAMES)}
_RULE_TAG: dict[Rules, str] = {"trips-beat-straight": "trips",
                               "straight-beats-trips": "straight"}


def _rules(rules: str | None) -> Rules:
    resolved = resolve_rules("shortdeck", rules)
    assert resolved is not None  # short deck always has a rule order
    return resolved


def class_index(name: str) -> int:
    """The position of a short-deck class in ``CLASS_NAMES`` (grid order).

    Parameters
    ----------
    name : str
        A class name as in Hold'em (``'AKs'``, ``'ako'``, ``'T9o'``).

    Returns
    -------
    int
        0..80.

    Raises
    ------
    ValueError
        If the name is not a class, or holds a rank below six.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import class_index
    >>> class_index("AA"), class_index("66")
    (0, 80)
    """
    canonical = _holdem.normalize_class_name(name)
    if canonical not in _INDEX:
        raise ValueError(f"{name!r} is not a short-deck class (short deck plays 6 through A)")
    return _INDEX[canonical]


def class_grid_position(name: str) -> tuple[int, int]:
    """The (row, column) of a class in the 9 x 9 grid.

    Pairs sit on the diagonal, suited classes above it (row: the high card), offsuit below
    it (column: the high card); row and column 0 are the aces.

    Parameters
    ----------
    name : str
        A short-deck class name.

    Returns
    -------
    tuple of int
        (row, column), each 0..8.

    Raises
    ------
    ValueError
        If the name is not a short-deck class.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import class_grid_position
    >>> class_grid_position("AKs"), class_grid_position("AKo"), class_grid_position("66")
    ((0, 1), (1, 0), (8, 8))
    """
    return divmod(class_index(name), GRID_SIZE)


def class_combos(name: str) -> npt.NDArray[np.uint8]:
    """The combos of a short-deck class: (n, 2) uint8 card ids.

    Parameters
    ----------
    name : str
        A short-deck class name.

    Returns
    -------
    numpy.ndarray
        6 rows for a pair, 4 suited, 12 offsuit (Hold'em's combo order).

    Raises
    ------
    ValueError
        If the name is not a short-deck class.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.preflop.shortdeck import class_combos
    >>> [pk.format_cards(c, "") for c in class_combos("76s")]
    ['7c6c', '7d6d', '7h6h', '7s6s']
    """
    return _holdem.class_combos(CLASS_NAMES[class_index(name)])


def class_representative(name: str) -> npt.NDArray[np.uint8]:
    """A short-deck class's representative combo: its first, Hold'em's representative.

    Suits clubs and diamonds: ``AdAc``, ``AcKc`` (suited), ``AcKd`` (offsuit). The shipped
    Monte Carlo tables play it for its class; a suit permutation maps any combo onto it.

    Parameters
    ----------
    name : str
        A short-deck class name.

    Returns
    -------
    numpy.ndarray
        (2,) uint8 card ids, high card first.

    Raises
    ------
    ValueError
        If the name is not a short-deck class.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.preflop.shortdeck import class_representative
    >>> pk.format_cards(class_representative("76o"), "")
    '7c6d'
    """
    return class_combos(name)[0].copy()


def class_grid(values: npt.ArrayLike) -> np.ndarray:
    """The 9 x 9 short-deck grid of 81 per-class values.

    Row and column 0 are the ace, 8 the six; pairs on the diagonal, suited classes above it,
    offsuit below: the ``CLASS_NAMES`` order, reshaped.

    Parameters
    ----------
    values : array_like
        81 values (or rows of values) in ``CLASS_NAMES`` order.

    Returns
    -------
    numpy.ndarray
        (9, 9, ...) view of the values.

    Raises
    ------
    ValueError
        If the first dimension is not 81.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.preflop.shortdeck import CLASS_NAMES, class_grid
    >>> class_grid(np.array(CLASS_NAMES))[8, 7:].tolist(), class_grid(np.arange(81)).shape
    (['76o', '66'], (9, 9))
    """
    values = np.asarray(values)
    if values.shape[:1] != (N_CLASSES,):
        raise ValueError(f"expected 81 values in short-deck CLASS_NAMES order, got shape "
                         f"{values.shape}")
    return values.reshape((GRID_SIZE, GRID_SIZE) + values.shape[1:])


def class_combo_count(name: str) -> int:
    """How many combos a short-deck class has: 6 (pair), 4 (suited) or 12 (offsuit).

    Parameters
    ----------
    name : str
        A short-deck class name.

    Returns
    -------
    int
        The number of combos.

    Raises
    ------
    ValueError
        If the name is not a short-deck class.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import CLASS_NAMES, class_combo_count
    >>> class_combo_count("AA"), sum(class_combo_count(n) for n in CLASS_NAMES)
    (6, 630)
    """
    return _holdem.class_combo_count(CLASS_NAMES[class_index(name)])


def hand_class(cards: CardsLike) -> str:
    """The class of a short-deck two-card hand.

    Parameters
    ----------
    cards : str or sequence of cards
        Two cards, six or higher.

    Returns
    -------
    str
        The class name (``'AKs'``, ``'99'``, ``'T6o'``).

    Raises
    ------
    ValueError
        If the hand is not two cards, a card cannot be parsed, or a card is below six (the
        message names it and the game).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.preflop.shortdeck.hand_class("Ah 6h")
    'A6s'
    >>> pk.preflop.shortdeck.hand_class("Ah 5h")
    Traceback (most recent call last):
    ...
    ValueError: hand: 5h is not a short-deck card (short deck plays 6 through A)
    """
    ids = parse_cards(cards)
    check_short_deck(ids, "hand")
    return _holdem.hand_class(ids)


def count_matchups(convention: MatchupConvention = "strict") -> int:
    """Number of suit-distinct heads-up matchups of the 36-card deck.

    Two matchups are the same when a permutation of the four suits maps one onto the other,
    as in Hold'em (``pokerkeys.preflop.count_matchups``); the short deck holds whole ranks,
    so its matchups are Hold'em's whose four cards are all six or higher.

    Parameters
    ----------
    convention : {'strict', 'ordered', 'same-class-ordered'}, default 'strict'
        ``'strict'``: unordered pairs of disjoint hands up to suit permutations and up to
        swapping the hands, 10,215. ``'ordered'``: hand 1 vs hand 2 differs from hand 2 vs
        hand 1, 20,313. ``'same-class-ordered'``: strict, but two hands of the same class
        taken in order, 10,251.

    Returns
    -------
    int
        The count.

    Raises
    ------
    ValueError
        If ``convention`` is not one of ``pokerkeys.preflop.MATCHUP_CONVENTIONS``.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import count_matchups
    >>> [count_matchups(c) for c in ("strict", "ordered", "same-class-ordered")]
    [10215, 20313, 10251]
    """
    from .exact import MATCHUP_CONVENTIONS, matchups_over_deck

    if convention not in MATCHUP_CONVENTIONS:
        raise ValueError(f"unknown matchup convention {convention!r}: use one of "
                         f"{', '.join(MATCHUP_CONVENTIONS)}")
    return matchups_over_deck(FIRST_CARD)[1][convention]


def suit_distinct_matchups() -> np.ndarray:
    """The 10,215 suit-distinct heads-up matchups of the short deck, one canonical form each.

    Returns
    -------
    numpy.ndarray
        Structured, fields hand1, hand2 ((2,) uint8 card ids, high card first), class1,
        class2 (indices into this module's ``CLASS_NAMES``, class1 <= class2), weight (the
        number of unordered pairs of disjoint combos the matchup stands for; they add up to
        630 * 561 / 2 = 176,715). hand1 is the class's first combo (suits clubs and
        diamonds). Sorted by class1, class2, hand2; the same canonical forms as Hold'em's
        ``pokerkeys.preflop.suit_distinct_matchups``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.preflop.shortdeck import suit_distinct_matchups
    >>> m = suit_distinct_matchups()
    >>> len(m), int(m["weight"].sum()), pk.format_cards(m[-1]["hand1"], "")
    (10215, 176715, '6d6c')
    """
    from .exact import matchups_over_deck

    m = matchups_over_deck(FIRST_CARD)[0]
    to_short = np.full(_holdem.N_CLASSES, 255, dtype=np.uint8)
    to_short[[_holdem.class_index(n) for n in CLASS_NAMES]] = np.arange(N_CLASSES)
    m["class1"] = to_short[m["class1"]]
    m["class2"] = to_short[m["class2"]]
    return m


def canonical_matchup(hand1: CardsLike, hand2: CardsLike) -> tuple[str, str]:
    """The canonical form of a short-deck heads-up matchup, as in ``suit_distinct_matchups``.

    Parameters
    ----------
    hand1, hand2 : str or sequence of cards
        Two disjoint two-card hands, cards six or higher.

    Returns
    -------
    tuple of str
        The lower class's first combo, then the other hand as the suit permutation maps it
        (each high card first).

    Raises
    ------
    ValueError
        If a hand is not two cards, a card is below six (the message names it and the
        game), or the hands share a card.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import canonical_matchup
    >>> canonical_matchup("AhKh", "QsQd"), canonical_matchup("7s6h", "AhKh")
    (('AcKc', 'QhQd'), ('AcKc', '7d6c'))
    """
    from .exact import canonical_matchup as holdem_canonical_matchup

    for what, hand in (("hand 1", hand1), ("hand 2", hand2)):
        check_short_deck(parse_cards(hand), what)
    return holdem_canonical_matchup(hand1, hand2)


def table_name(what: str, rules: str | None = None) -> str:
    """The file name (without ``.npy``) of a shipped short-deck preflop table.

    Parameters
    ----------
    what : {'heads_up_equity', 'equity_vs_opponents', 'equity_vs_opponents_stderr', \
'tie_share_vs_opponents', 'tie_share_vs_opponents_stderr'}
        The table.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    str
        ``shortdeck_preflop_<trips|straight>_<what>``.

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import table_name
    >>> table_name("heads_up_equity", "straight-beats-trips")
    'shortdeck_preflop_straight_heads_up_equity'
    """
    return f"shortdeck_preflop_{_RULE_TAG[_rules(rules)]}_{what}"


def _load(name: str) -> FloatArray:
    """A shipped table, verified against the preflop manifest by ``load_table``."""
    try:
        return load_table(name)
    except TableError as exc:
        raise TableError(f"{exc} (short-deck preflop tables are built by `python "
                         f"scripts/build_preflop.py --game shortdeck`)") from exc


def compute_heads_up_counts(rules: str | None = None, *, threads: Threads = None) -> IntArray:
    """Exact win/tie/loss counts of every short-deck class against every class.

    Every pair of disjoint combos of the two classes on every one of its 201,376 boards, by
    the board-major sweep of the Hold'em matrix run on the short deck (one board per suit
    orbit, about a second).

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.
    threads : int or None, default None
        Kernel threads; None: all.

    Returns
    -------
    numpy.ndarray
        (81, 81, 3) int64: wins, ties and losses of the row class against the column class,
        summed over combo pairs (``CLASS_NAMES`` order).

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order or ``threads`` not a positive integer.

    See Also
    --------
    heads_up_equity : the shipped matrix built from these counts.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import compute_heads_up_counts
    >>> counts = compute_heads_up_counts()
    >>> counts.shape, counts[0, 0].tolist()
    ((81, 81, 3), [20796, 1166664, 20796])
    """
    from .exact import class_counts_over_deck

    tables = shortdeck_tables(7, _rules(rules)).as_tuple()
    full = class_counts_over_deck(FIRST_CARD, tables, threads=threads)
    rows = np.array([_holdem.class_index(n) for n in CLASS_NAMES])
    return np.ascontiguousarray(full[np.ix_(rows, rows)])


def equities_from_counts(counts: IntArray) -> tuple[FloatArray, FloatArray]:
    """The equity matrix and each class's equity against a random hand, from the counts.

    Parameters
    ----------
    counts : numpy.ndarray
        (81, 81, 3) int64 from ``compute_heads_up_counts``.

    Returns
    -------
    matrix : numpy.ndarray
        (81, 81) float64: (wins + ties / 2) / boards of the row class against the column.
    vs_random : numpy.ndarray
        (81,) float64: each class against one random hand (every disjoint combo pair
        equally likely), in ``CLASS_NAMES`` order.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import compute_heads_up_counts, equities_from_counts
    >>> matrix, vs_random = equities_from_counts(compute_heads_up_counts())
    >>> float(matrix[0, 0]), round(float(vs_random[0]), 4)
    (0.5, 0.756)
    """
    w, t, lose = np.moveaxis(counts, 2, 0)
    ws, ts, ls = counts.sum(axis=1).T
    return (w + 0.5 * t) / (w + t + lose), (2 * ws + ts) / (2.0 * (ws + ts + ls))


@overload
def heads_up_equity(hand1: None = None, hand2: None = None, *,
                    rules: str | None = None) -> FloatArray: ...
@overload
def heads_up_equity(hand1: str, hand2: str, *, rules: str | None = None) -> float: ...
def heads_up_equity(hand1: str | None = None, hand2: str | None = None, *,
                    rules: str | None = None) -> FloatArray | float:
    """The exact short-deck heads-up equity of class against class, from the shipped matrix.

    Each entry averages over every pair of disjoint combos of the two classes (each pair
    equally likely) and every board (201,376 per pair).

    Parameters
    ----------
    hand1, hand2 : str or None, default None
        Two short-deck classes (``'AKs'``, ``'QQ'``, ``'76o'``); neither for the whole matrix.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray or float
        The (81, 81) float64 matrix (row class against column class, ``CLASS_NAMES`` order),
        or hand1's equity against hand2.

    Raises
    ------
    ValueError
        If only one class is given, a name is not a short-deck class, or ``rules`` is not a
        rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> round(pk.preflop.shortdeck.heads_up_equity("AA", "76s"), 4)
    0.7623
    >>> pk.preflop.shortdeck.heads_up_equity().shape
    (81, 81)
    """
    matrix = _load(table_name("heads_up_equity", rules))
    if hand1 is None or hand2 is None:
        if hand1 is not None or hand2 is not None:
            raise ValueError("give both classes, or neither for the whole matrix")
        return np.array(matrix)
    return float(matrix[class_index(hand1), class_index(hand2)])


def _check_opponents(opponents: object) -> int:
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)) \
            or not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError(f"the number of opponents must be an integer from 1 to "
                         f"{MAX_OPPONENTS}, not {opponents!r}")
    return int(opponents)


def _column(name: str, opponents: int | None) -> FloatArray:
    table = np.array(_load(name))
    return table if opponents is None else table[:, _check_opponents(opponents) - 1]


def equity_vs_opponents(opponents: int | None = None, *, without_ties: bool = False,
                        rules: str | None = None) -> FloatArray:
    """The shipped equity of each short-deck class against 1..5 random hands, or without ties.

    One opponent is exact; more are Monte Carlo with a standard error of at most
    ``TARGET_STDERR`` per cell (``equity_vs_opponents_stderr``). Without ties: the chance of
    winning the pot alone, the equity minus the shipped share of split pots (exact for one
    opponent, from the heads-up counts; else sampled by the same runs as the equity), so
    never above the equity.

    Parameters
    ----------
    opponents : int or None, default None
        Random opponents, 1..5; None for the whole table.
    without_ties : bool, default False
        The equity without ties (winning alone) instead of the equity.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray
        (81,) float64 in ``CLASS_NAMES`` order, or (81, 5) with column n - 1 for n opponents.

    Raises
    ------
    ValueError
        If ``opponents`` is not 1..5 or ``rules`` not a rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    See Also
    --------
    pokerkeys.preflop.equity_vs_opponents : the same for Hold'em's 169 classes, 1..9 hands.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> table = pk.preflop.shortdeck.equity_vs_opponents()
    >>> table.shape, round(float(table[0, 0]), 4)
    ((81, 5), 0.756)
    >>> round(float(pk.preflop.shortdeck.equity_vs_opponents(1, without_ties=True)[0]), 4)
    0.749
    """
    equity = _column(table_name("equity_vs_opponents", rules), opponents)
    if without_ties:
        return equity - _column(table_name("tie_share_vs_opponents", rules), opponents)
    return equity


def equity_vs_opponents_stderr(opponents: int | None = None, *, without_ties: bool = False,
                               rules: str | None = None) -> FloatArray:
    """The standard errors of ``equity_vs_opponents`` (0 for one opponent: exact).

    Without ties, the equity's and the tie share's standard errors add in quadrature (a
    bound: the two come from the same runs).

    Parameters
    ----------
    opponents : int or None, default None
        Random opponents, 1..5; None for the whole table.
    without_ties : bool, default False
        The standard errors of the equity without ties.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray
        (81,) or (81, 5) float64.

    Raises
    ------
    ValueError
        If ``opponents`` is not 1..5 or ``rules`` not a rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import TARGET_STDERR, equity_vs_opponents_stderr
    >>> se = equity_vs_opponents_stderr()
    >>> bool((se[:, 0] == 0).all()), bool((se[:, 1:] <= TARGET_STDERR).all())
    (True, True)
    >>> bool(equity_vs_opponents_stderr(3, without_ties=True).max() <= 0.0006)
    True
    """
    stderr = _column(table_name("equity_vs_opponents_stderr", rules), opponents)
    if without_ties:
        return np.hypot(stderr, _column(table_name("tie_share_vs_opponents_stderr", rules),
                                        opponents))
    return stderr


def exact_equity_vs_random(rules: str | None = None, *, threads: Threads = None
                           ) -> FloatArray:
    """The exact all-in equity of each short-deck class against one random hand.

    Every board of every pair of disjoint combos (the opponent any of the 561 hands of the
    other 34 cards, each board one of the C(32, 5) = 201,376 left), counted by
    ``compute_heads_up_counts`` (about a second); ``equity_vs_random`` reads the same figures
    from the shipped table.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.
    threads : int or None, default None
        Kernel threads; None: all.

    Returns
    -------
    numpy.ndarray
        (81,) float64 equities in ``CLASS_NAMES`` order.

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order or ``threads`` not a positive integer.

    See Also
    --------
    pokerkeys.preflop.exact_equity_vs_random : the same for Hold'em's 169 classes.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import CLASS_NAMES, exact_equity_vs_random
    >>> equity = exact_equity_vs_random()
    >>> dict(zip(CLASS_NAMES[:3], equity[:3].round(4).tolist()))
    {'AA': 0.756, 'AKs': 0.6108, 'AQs': 0.6008}
    """
    return equities_from_counts(compute_heads_up_counts(rules, threads=threads))[1]


def equity_vs_random(rules: str | None = None) -> FloatArray:
    """Each short-deck class's all-in equity against one random hand, from the shipped table.

    Exact (the first column of ``equity_vs_opponents``; ``exact_equity_vs_random`` computes
    it afresh).

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray
        (81,) float64 equities 0..1 in ``CLASS_NAMES`` order.

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.preflop.shortdeck import class_index, equity_vs_random
    >>> round(float(equity_vs_random()[class_index("76o")]), 4)
    0.3491
    >>> round(float(equity_vs_random("straight-beats-trips")[class_index("76o")]), 4)
    0.3528
    """
    return equity_vs_opponents(1, rules=rules)


def class_ranks(opponents: int = 1, *, rules: str | None = None) -> IntArray:
    """Each short-deck class's rank 1..81 by shipped equity against random hands (1 = best).

    Parameters
    ----------
    opponents : int, default 1
        Random opponents, 1..5.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray
        (81,) int64 ranks in ``CLASS_NAMES`` order; ties in equity keep ``CLASS_NAMES``
        order.

    Raises
    ------
    ValueError
        If ``opponents`` is not an integer from 1 to 5 or ``rules`` not a rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import CLASS_NAMES, class_ranks
    >>> dict(zip(CLASS_NAMES[:3], class_ranks(1)[:3].tolist()))
    {'AA': 1, 'AKs': 6, 'AQs': 7}
    """
    equity = equity_vs_opponents(_check_opponents(opponents), rules=rules)
    ranks = np.empty(N_CLASSES, dtype=np.int64)
    ranks[np.argsort(-equity, kind="stable")] = np.arange(1, N_CLASSES + 1)
    return ranks


def class_order_vs_random(rules: str | None = None) -> tuple[str, ...]:
    """The 81 short-deck class names, best first by equity against one random hand.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    tuple of str
        The names sorted by ``equity_vs_random(rules)``, descending; ties keep
        ``CLASS_NAMES`` order.

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.
    pokerkeys.TableError
        If the shipped table is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import class_order_vs_random
    >>> class_order_vs_random()[:6]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs')
    """
    return _core_class_order(rules)


def compute_equity_vs_opponents(opponents: Iterable[int] = range(1, MAX_OPPONENTS + 1),
                                classes: Iterable[str] | None = None, *,
                                rules: str | None = None,
                                target_stderr: float = TARGET_STDERR, seed: int = 20261125,
                                threads: Threads = None, progress: Progress | None = None,
                                quantity: Literal["equity", "tie_share"] = "equity"
                                ) -> tuple[FloatArray, FloatArray]:
    """Compute the table of ``equity_vs_opponents``: each class against n random hands.

    One opponent is the exact value (``compute_heads_up_counts``); for more, each class's
    representative (its first combo) plays n random short-deck hands by Monte Carlo
    (``pokerkeys.equity(..., game='shortdeck')``) until its standard error is at most
    ``target_stderr``. Cell (class, n) has its own seed derived from ``seed``, so any cell
    can be recomputed alone. With ``quantity="tie_share"`` the same runs (same seeds, same
    stop) give the table behind the equity without ties: each class's share of the pot from
    split pots (one opponent exact, from the tie counts).

    Parameters
    ----------
    opponents : iterable of int, default 1..5
        Numbers of random opponents (columns), each 1..5.
    classes : iterable of str or None, default None
        Classes (rows); None: all 81 in ``CLASS_NAMES`` order.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.
    target_stderr : float, default TARGET_STDERR
        The standard error each Monte Carlo cell reaches.
    seed : int, default 20261125
        The seed the cells' seeds derive from.
    threads : int or None, default None
        Kernel threads; None: all.
    progress : callable or None, default None
        ``progress(done, total)`` after each cell.
    quantity : {'equity', 'tie_share'}, default 'equity'
        What the table holds: the equity, or the tie share (a deal's share is 1/k when the
        class splits the pot k ways, else 0).

    Returns
    -------
    equity : numpy.ndarray
        (len(classes), len(opponents)) float64: the equities or tie shares.
    stderr : numpy.ndarray
        The same shape: each cell's standard error (0 for one opponent). A tie share's is
        the square root of (mean squared share - squared mean share) / deals.

    Raises
    ------
    ValueError
        If a number of opponents is not 1..5, a class is not a short-deck class, ``rules``
        is not a rule order, or ``quantity`` is neither.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import compute_equity_vs_opponents
    >>> equity, stderr = compute_equity_vs_opponents([2], ["AA"], target_stderr=0.01, seed=1)
    >>> bool(0.6 < equity[0, 0] < 0.75), bool(stderr[0, 0] <= 0.01)
    (True, True)
    >>> ties, stderr = compute_equity_vs_opponents([1, 2], ["76o"], target_stderr=0.01, seed=1,
    ...                                            quantity="tie_share")
    >>> ties.round(4).tolist(), float(stderr[0, 0]), bool(0 < stderr[0, 1] < 0.002)
    ([[0.0422, 0.0239]], 0.0, True)
    """
    from ..equity.holdem import equity
    from .shipped import tie_share_with_stderr

    if quantity not in ("equity", "tie_share"):
        raise ValueError(f"quantity must be 'equity' or 'tie_share', not {quantity!r}")
    order = _rules(rules)
    counts = [_check_opponents(n) for n in opponents]
    names = list(CLASS_NAMES) if classes is None else [CLASS_NAMES[class_index(c)]
                                                       for c in classes]
    eq = np.zeros((len(names), len(counts)))
    se = np.zeros((len(names), len(counts)))
    exact = None
    if 1 in counts:
        heads_up = compute_heads_up_counts(order, threads=threads)
        if quantity == "equity":
            exact = equities_from_counts(heads_up)[1]
        else:
            wins, ties, losses = heads_up.sum(axis=1).T
            exact = ties / (2.0 * (wins + ties + losses))
    total, done = len(names) * len(counts), 0
    for j, n in enumerate(counts):
        for i, name in enumerate(names):
            k = class_index(name)
            if n == 1 and exact is not None:
                eq[i, j] = exact[k]
            else:
                hero = format_cards(class_combos(name)[0], "")
                cell_seed = int(np.random.SeedSequence([seed, n, k]).generate_state(1)[0])
                r = equity([hero] + ["random"] * n, target_stderr=target_stderr,
                           seed=cell_seed, threads=threads, game="shortdeck", rules=order)
                if quantity == "equity":
                    eq[i, j], se[i, j] = r.equity[0], r.stderr[0]
                else:
                    eq[i, j], se[i, j] = tie_share_with_stderr(r)
            done += 1
            if progress is not None:
                progress(done, total)
    return eq, se


@cache
def _rank_histograms(rules: Rules) -> IntArray:
    """(81, 1405) best-rank counts of each class's first combo over its 278,256 boards."""
    from ..core.evaluate import evaluate_batch

    picks = np.array(list(combinations(range(34), 5)), dtype=np.intp)
    out = np.zeros((N_CLASSES, 1405), dtype=np.int64)
    hands = np.empty((len(picks), 7), dtype=np.uint8)
    for k, name in enumerate(CLASS_NAMES):
        combo = class_combos(name)[0]
        rest = np.setdiff1d(np.arange(FIRST_CARD, 52, dtype=np.uint8), combo)
        hands[:, :2] = combo
        hands[:, 2:] = rest[picks]
        ranks = evaluate_batch(hands, game="shortdeck", rules=rules)
        out[k] = np.bincount(ranks, minlength=1405)
    out.setflags(write=False)
    return out


def rank_histograms(rules: str | None = None) -> IntArray:
    """For every short-deck class, the exact histogram of its best 7-card rank over all boards.

    One combo stands for each class (a suit permutation maps it onto any other and the
    boards onto the boards); its 278,256 boards are ranked by the batch evaluator. About a
    second for the 81 classes, once per process and rule order; read-only.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray
        (81, 1405) int64: row c counts the boards on which a hand of class c (``CLASS_NAMES``
        order) has best short-deck rank r (1..1404; column 0 unused).

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import rank_histograms
    >>> h = rank_histograms()
    >>> h.shape, int(h[0].sum())
    ((81, 1405), 278256)
    """
    return _rank_histograms(_rules(rules))


def canonical_boards() -> tuple[npt.NDArray[np.uint8], IntArray]:
    """One five-card short-deck board per orbit of the suit permutations, with its size.

    As Hold'em's ``pokerkeys.preflop.canonical_boards`` on the 36 cards: the canonical board
    is the image with the smallest code (sorted card ids, 6 bits each), the multiplicity the
    orbit's size; they sum to C(36, 5) = 376,992. Boards come in increasing code order.
    Computed once per process.

    Returns
    -------
    boards : numpy.ndarray
        (19998, 5) uint8 card ids, each row sorted.
    multiplicity : numpy.ndarray
        (19998,) int64 orbit sizes.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.preflop.shortdeck import canonical_boards
    >>> boards, multiplicity = canonical_boards()
    >>> boards.shape, int(multiplicity.sum()), pk.format_cards(boards[0]), int(multiplicity[0])
    ((19998, 5), 376992, '6c 6d 6h 6s 7c', 4)
    """
    from .exact import boards_over_deck

    return boards_over_deck(FIRST_CARD)


def average_rank_distribution(rules: str | None = None) -> FloatArray:
    """The probability of each short-deck rank as the best hand of 7 random cards of 36.

    The average of the classes' rank histograms over all 630 hands.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    numpy.ndarray
        (1405,) float64, index = rank 1..1404 (column 0 unused).

    Raises
    ------
    ValueError
        If ``rules`` is not a rule order.

    Examples
    --------
    >>> from pokerkeys.preflop.shortdeck import average_rank_distribution
    >>> p = average_rank_distribution()
    >>> p.shape, round(float(p.sum()), 9), round(float(p[1404]), 6)  # the royal flush
    ((1405,), 1.0, 0.000223)
    """
    sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
    return (sizes[:, None] * _rank_histograms(_rules(rules))).sum(axis=0) / (
        N_COMBOS * BOARDS_PER_HAND)


def rank_distribution(name: str, *, rules: str | None = None) -> RankDistribution:
    """Exact histogram of a short-deck class's best 7-card rank over all C(34, 5) boards.

    Parameters
    ----------
    name : str
        A short-deck class, ``'AA'``, ``'AKs'``, ``'76o'``.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        The rule order; None: three of a kind beats a straight.

    Returns
    -------
    pokerkeys.preflop.RankDistribution
        The class's counts per short-deck rank (1..1404) and the average over all 630 hands;
        ``by_category`` in ``HandCategory`` order, ``str()`` in the game's order.

    Raises
    ------
    ValueError
        If ``name`` is not a short-deck class or ``rules`` not a rule order.

    See Also
    --------
    pokerkeys.preflop.rank_distribution : the same for Hold'em's 169 classes.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> print(pk.preflop.shortdeck.rank_distribution("AA"))
    AA: best 7-card hand over all 278,256 boards
    category              boards     share  all hands
    High card                  0    0.000%     2.792%
    Pair                  45,540   16.366%    27.751%
    Two pair             127,008   45.644%    37.820%
    Straight              12,924    4.645%    13.651%
    Three of a kind       35,420   12.729%     7.638%
    Full house            48,160   17.308%     7.583%
    Flush                  3,868    1.390%     2.103%
    Four of a kind         5,200    1.869%     0.535%
    Straight flush           136    0.049%     0.127%
    mean rank 925.1 (all hands 720.4)
    """
    from .exact import RankDistribution

    order = _rules(rules)
    k = class_index(name)
    return RankDistribution(CLASS_NAMES[k], _rank_histograms(order)[k].copy(),
                            average_rank_distribution(order), BOARDS_PER_HAND, order)
