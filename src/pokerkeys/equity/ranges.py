"""Hand ranges in PokerStove / Equilab syntax.

A range is a comma-separated list of items. Whitespace is ignored anywhere, ranks and the
``s``/``o`` suffix are case-insensitive, and ``10`` may be written for ``T``.

=====================  ===============================================================  =======
item                   meaning                                                          combos
=====================  ===============================================================  =======
``QQ``                 one pair                                                         6
``QQ+``                that pair and every higher pair: QQ, KK, AA                      18
``88-JJ``, ``JJ-88``   pairs from 88 to JJ inclusive, either order                      24
``AKs`` / ``AKo``      the suited / offsuit class                                       4 / 12
``AK``                 both: AKs and AKo                                                16
``KTo+``               kicker rises to one below the first rank: KTo, KJo, KQo          36
``K9s+``               K9s, KTs, KJs, KQs                                               16
``A5s-A2s``            same first rank, kickers 5 down to 2 inclusive (either order)    16
``KQ-K9``              no suffix: suited and offsuit                                    64
``AhKh``, ``10h9h``    one specific hand                                                1
``random``, ``any``    all 1,326 hands (``100%`` is the same)                           1326
``15%``, ``2.5%``      the best X% of hands against one random hand (rule below)        --
=====================  ===============================================================  =======

Weights
    Any item may end in ``:w`` with ``0 < w <= 1``, e.g. ``'QQ+:0.5, AKs'``: each of the item's
    combos is in the range with that weight (a frequency, e.g. "raise half the time"). Without a
    suffix the weight is 1. A weight of 0, above 1, or not a plain decimal number is an error.

Duplicates
    Items may overlap; a combo listed more than once keeps the weight of the **last** item that
    lists it: ``'QQ+:0.5, AA'`` has AA at weight 1 and QQ, KK at 0.5, while ``'AA, QQ+:0.5'``
    has all three at 0.5. Each combo appears in ``Range.combos`` once.

Top X%
    ``X%`` with ``0 < X <= 100`` takes the 169 classes best-first by all-in preflop equity
    against one random hand (``pokerkeys.core.classes.class_order_vs_random()``; equal equities keep
    ``CLASS_NAMES`` order) and keeps the longest prefix of that list whose total combo count is at
    most ``round(X / 100 * 1326)``, rounded half up (computed exactly, in rational arithmetic).
    Classes are never split, so the result can fall short of the target by less than one class;
    an X too small for even the best class (under 0.42%: AA has 6 combos) is an error. ``100%``
    is every hand.

Short deck
    ``Range(text, game='shortdeck', rules=...)`` reads the same syntax over the 36-card deck (six
    through ace, 630 hands): a class, span or hand with a card below the six is an error naming
    the class and the card (``A5s: 5 is below the six; short deck plays 6 through A``);
    ``random`` is the 630 hands; ``X%`` keeps the longest prefix of short deck's 81 classes,
    best-first by equity against one random hand under the rule order
    (``pokerkeys.core.classes.shortdeck_class_order(rules)``), with at most
    ``round(X / 100 * 630)`` combos, by the same rule as above (under 0.873% is an error: AA
    has 6 combos).

Not ranges
    Partly known hands ('Ah', 'Ah??', 'Ax') are rejected: a partly known hand is a player's known
    card, given as a player, not as a range.

Errors
    Anything else raises ``ValueError`` naming the item and its character offset in the text,
    e.g. ``cannot parse range item 'AKx' at position 5 in 'QQ+, AKx': ...``. Empty text, empty
    items (``'QQ,,AK'``), a range mixing pairs and non-pairs in a dash (``'AA-AKs'``), a dash
    whose first ranks differ (``'AKs-QJs'``) or suffixes differ (``'A5s-A2o'``) and a dangling
    dash (``'22-'``) are errors.

Order
    ``Range.combos`` rows are (high card id, low card id) in ``pokerkeys.core.classes.ALL_COMBOS``
    order (ascending combo index), whatever the order of the items; two ranges with the same
    combos and weights are equal.

Examples
--------
>>> from pokerkeys.equity.ranges import Range
>>> Range("QQ+, AKs:0.5")
Range('QQ+, AKs:0.5', 22 combos, weighted 20)
>>> Range("QQ+:0.5, AA").weight_of("AsAh"), Range("AA, QQ+:0.5").weight_of("AsAh")
(1.0, 0.5)
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ..core.cards import N_CARDS, RANK_CHARS, excerpt, format_card, parse_cards
from ..core.classes import (
    ALL_COMBOS,
    CLASS_NAMES,
    COMBO_INDEX_TABLE,
    N_COMBOS,
    class_combo_count,
    class_combo_indices,
    class_from_ranks,
    class_order_vs_random,
    shortdeck_class_order,
)
from ..core.shortdeck import DEFAULT_RULES, FIRST_CARD, LOWEST_RANK, Rules, resolve_rules
from ..core.types import CardArray, CardsLike, FloatArray, IntArray

if TYPE_CHECKING:
    from .omaha_ranges import OmahaRange

__all__ = ["Range", "RangeGame", "RangeParseError", "RangeSource", "parse_range",
           "top_percent_classes"]

#: What ``Range`` is built from: range text, a list of item strings, another Range, an (M, 2)
#: integer array of card ids, or a list of hands (strings or card lists).
RangeSource: TypeAlias = "str | Range | Sequence[CardsLike] | npt.NDArray[np.integer]"

_RANK = r"(10|[2-9TJQKA])"
_CLASS = _RANK + _RANK + r"([SO]?)"
_SINGLE_RE = re.compile(_CLASS, re.IGNORECASE)
_PLUS_RE = re.compile(_CLASS + r"\+", re.IGNORECASE)
_DASH_RE = re.compile(_CLASS + "-" + _CLASS, re.IGNORECASE)
_PERCENT_RE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)%")
_WEIGHT_RE = re.compile(r"\d+(?:\.\d*)?|\.\d+")
# A lone rank, optionally with a suit, then optional wildcards: 'Ah', 'Ah??', 'Ax', 'A*'.
_PARTIAL_RE = re.compile(r"(10|[2-9TJQKA])[cdhs♣♦♥♠♧♢♡♤]?[?xX*]*|[?xX*]+", re.IGNORECASE)
_ALL_WORDS = {"random", "any"}

#: The game a ``Range`` is for: hold'em (two-card hands, the syntax of this module), short deck
#: (the same syntax over the 36 cards six through ace) or Omaha with 4, 5 or 6 hole cards
#: (ProPokerTools' generic syntax, ``pokerkeys.equity.omaha_ranges``).
RangeGame: TypeAlias = Literal["holdem", "shortdeck", "omaha", "omaha5", "omaha6"]
_OMAHA_HOLE = {"omaha": 4, "omaha5": 5, "omaha6": 6}
#: Hands of the short deck's 36 cards: C(36, 2).
_SHORT_COMBOS = 630
#: Rows of ``ALL_COMBOS`` whose two cards are both six or higher.
_SHORT_ROWS = np.flatnonzero((ALL_COMBOS >= FIRST_CARD).all(axis=1))
#: The other rows: hands with a card below the six.
_LOW_ROWS = np.flatnonzero((ALL_COMBOS < FIRST_CARD).any(axis=1))
_BELOW_SIX = "is below the six; short deck plays 6 through A"


class RangeParseError(ValueError):
    """Raised for a range item that cannot be parsed; a ``ValueError``.

    The message names the item, its character offset in the text and what is wrong.

    Examples
    --------
    >>> from pokerkeys.equity.ranges import Range, RangeParseError
    >>> try:
    ...     Range("QQ+, AKx")
    ... except RangeParseError as error:
    ...     print(str(error)[:50])
    cannot parse range item 'AKx' at position 5 in 'QQ
    """


def _rank(token: str) -> int:
    return RANK_CHARS.index("T" if token == "10" else token.upper())


# --- top X% -----------------------------------------------------------------------------------

def _percent_target(percent: str | int | float | Fraction, hands: int = N_COMBOS) -> int:
    """round(percent / 100 * hands), half up, exactly (percent given as str, int or float)."""
    # A float goes through its shortest repr so 2.5 and '2.5' give the same (decimal) value.
    x = Fraction(repr(percent)) if isinstance(percent, float) else Fraction(percent)
    if not 0 < x <= 100:
        raise ValueError(f"a top-X% range needs 0 < X <= 100, got {percent}")
    return int(x * hands / 100 + Fraction(1, 2))  # floor(s + 1/2): half up, s > 0


def top_percent_classes(percent: str | int | float | Fraction,
                        game: Literal["holdem", "shortdeck"] = "holdem",
                        rules: str | None = None) -> tuple[str, ...]:
    """The classes of the top ``percent``% of hands against a random hand, best first.

    The longest best-first prefix of ``pokerkeys.core.classes.class_order_vs_random()`` with
    at most ``round(percent / 100 * 1326)`` combos, rounded half up and computed exactly
    (see the module docstring). Classes are never split. In short deck: the prefix of
    ``pokerkeys.core.classes.shortdeck_class_order(rules)`` (81 classes) with at most
    ``round(percent / 100 * 630)`` combos.

    Parameters
    ----------
    percent : str, int, float or fractions.Fraction
        X of "top X%", ``0 < X <= 100``; a float is read through its shortest repr, so
        ``2.5`` and ``'2.5'`` agree.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        Whose hands and class order.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (None: three of a kind beats a straight); hold'em takes None.

    Returns
    -------
    tuple of str
        Class names (``CLASS_NAMES`` spelling), best first; empty when even the best class
        (AA, 6 combos) is more than the target.

    Raises
    ------
    ValueError
        If ``percent`` is not above 0 and at most 100 (or not a number); if ``game`` is
        unknown or ``rules`` is not a rule order of it.
    pokerkeys.TableError
        In short deck, if the shipped class-order table is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.equity.ranges import top_percent_classes
    >>> top_percent_classes(5)
    ('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs', '77', 'AQs', 'AJs')
    >>> top_percent_classes(0.3)
    ()
    >>> top_percent_classes(5, game="shortdeck")
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    """
    short = resolve_rules(game, rules)
    target = _percent_target(percent, N_COMBOS if short is None else _SHORT_COMBOS)
    order = class_order_vs_random() if short is None else shortdeck_class_order(short)
    chosen: list[str] = []
    total = 0
    for name in order:
        total += class_combo_count(name)
        if total > target:
            break
        chosen.append(name)
    return tuple(chosen)


# --- item parsing -----------------------------------------------------------------------------

def _class_rows(names: Sequence[str], short: bool = False) -> IntArray:
    """Rows of ALL_COMBOS of the classes; in short deck a class below the six is an error."""
    if short:
        for name in names:
            low = min(name[:2], key=RANK_CHARS.index)
            if RANK_CHARS.index(low) < LOWEST_RANK:
                raise RangeParseError(f"{name}: {low} {_BELOW_SIX}")
    return np.concatenate([class_combo_indices(n) for n in names])


def _expand_class(hi: int, lo: int, suffix: str) -> list[str]:
    """'AK' -> AKs, AKo; 'AKs' -> AKs; pairs ignore the (already rejected) suffix."""
    if hi == lo:
        return [RANK_CHARS[hi] * 2]
    return [class_from_ranks(hi, lo, s == "s") for s in (suffix or "so")]


def _split_class(m: re.Match[str], offset: int = 0) -> tuple[int, int, str]:
    """(high rank, low rank, suffix) of a class match; raises on 'AAs'-style pairs."""
    r1, r2 = _rank(m.group(1 + offset)), _rank(m.group(2 + offset))
    suffix = m.group(3 + offset).lower()
    if r1 == r2 and suffix:
        raise RangeParseError("a pair is neither suited nor offsuit")
    return max(r1, r2), min(r1, r2), suffix


def _parse_body(body: str, rules: Rules | None = None) -> IntArray:
    """Rows of ALL_COMBOS selected by one item without its weight; raises RangeParseError.

    ``rules`` None: hold'em; a rule order: short deck (its 630 hands and class order)."""
    short = rules is not None
    every = _SHORT_ROWS if short else np.arange(N_COMBOS)
    if body.lower() in _ALL_WORDS:
        return every

    m = _PERCENT_RE.fullmatch(body)
    if m:
        if not 0 < Fraction(m.group(1)) <= 100:
            raise RangeParseError("a top-X% range needs 0 < X <= 100")
        hands = _SHORT_COMBOS if short else N_COMBOS
        if _percent_target(m.group(1), hands) >= hands:
            return every  # every hand: '100%' must not need the equity table
        game: Literal["holdem", "shortdeck"] = "shortdeck" if short else "holdem"
        names = top_percent_classes(m.group(1), game, rules)
        if not names:
            best = class_order_vs_random()[0] if rules is None else shortdeck_class_order(rules)[0]
            raise RangeParseError(f"{body} of {hands} hands is fewer than the best class alone "
                                  f"({best}, {class_combo_count(best)} combos)")
        return _class_rows(names)

    m = _SINGLE_RE.fullmatch(body)
    if m:
        return _class_rows(_expand_class(*_split_class(m)), short)

    m = _PLUS_RE.fullmatch(body)
    if m:
        hi, lo, suffix = _split_class(m)
        if hi == lo:  # 'QQ+': QQ up to AA
            return _class_rows([RANK_CHARS[r] * 2 for r in range(hi, 13)], short)
        # 'KTo+': the kicker rises up to one below the first rank.
        return _class_rows([n for k in range(lo, hi) for n in _expand_class(hi, k, suffix)],
                           short)

    m = _DASH_RE.fullmatch(body)
    if m:
        hi1, lo1, suffix1 = _split_class(m)
        hi2, lo2, suffix2 = _split_class(m, 3)
        pair1, pair2 = hi1 == lo1, hi2 == lo2
        if pair1 != pair2:
            raise RangeParseError("a dash range joins two pairs or two non-pairs, not both")
        if pair1:
            return _class_rows([RANK_CHARS[r] * 2
                                for r in range(min(hi1, hi2), max(hi1, hi2) + 1)], short)
        if hi1 != hi2:
            raise RangeParseError("both ends of a non-pair dash range need the same first rank, "
                                  "e.g. 'A5s-A2s'")
        if suffix1 != suffix2:
            raise RangeParseError("both ends of a dash range need the same suffix (s, o or none)")
        return _class_rows([n for k in range(min(lo1, lo2), max(lo1, lo2) + 1)
                            for n in _expand_class(hi1, k, suffix1)], short)

    if body.startswith("-") or body.endswith("-"):
        raise RangeParseError("a dash range needs a hand class on both sides, e.g. '88-JJ'")
    if _PARTIAL_RE.fullmatch(body):
        raise RangeParseError("a partly known hand is not a range: give a player's known "
                              "card(s) as that player's hand, not as a range")

    try:
        ids = parse_cards(body)
    except ValueError as exc:
        if "duplicate" in str(exc):
            raise RangeParseError(str(exc)) from None
        raise RangeParseError("expected a class ('AKs', 'QQ'), a span ('QQ+', 'KTo+', "
                              "'88-JJ', 'A5s-A2s'), a hand ('AhKh'), 'random' or 'X%'") from None
    if ids.size != 2:
        raise RangeParseError(f"a specific hand has 2 cards, got {ids.size}")
    if short and ids.min() < FIRST_CARD:
        raise RangeParseError(f"{body}: {format_card(int(ids.min()))} {_BELOW_SIX}")
    return np.array([COMBO_INDEX_TABLE[ids[0], ids[1]]])


def _parse_weight(text: str) -> float:
    if not _WEIGHT_RE.fullmatch(text):
        try:
            float(text)
        except ValueError:
            raise RangeParseError(f"weight {excerpt(text)} is not a number") from None
        raise RangeParseError(f"weight {text} must be above 0 and at most 1")
    w = float(text)
    if not 0 < w <= 1:
        raise RangeParseError(f"weight {text} must be above 0 and at most 1")
    return w


def _items(text: str) -> Iterator[tuple[str, int]]:
    """(stripped item, character offset of its first non-space character) for each item."""
    start = 0
    for piece in text.split(","):
        lead = len(piece) - len(piece.lstrip())
        yield piece.strip(), start + lead
        start += len(piece) + 1


def _parse_text(text: str, rules: Rules | None = None) -> FloatArray:
    """Dense (1326,) weights of a range text; later items overwrite earlier ones (``rules``:
    short deck's, or None for hold'em)."""
    if not text.strip():
        raise ValueError("empty range: give at least one item, e.g. 'QQ+, AKs'")
    dense = np.zeros(N_COMBOS, dtype=np.float64)
    for item, pos in _items(text):
        try:
            if not item:
                raise RangeParseError("empty item (two commas in a row or a trailing comma?)")
            compact = "".join(item.split())
            body, colon, weight = compact.partition(":")
            w = _parse_weight(weight) if colon else 1.0
            rows = _parse_body(body, rules)
        except RangeParseError as exc:
            raise RangeParseError(f"cannot parse range item {excerpt(item)} at position {pos} "
                                  f"in {excerpt(text)}: {exc}") from None
        dense[rows] = w
    if not dense.any():
        raise ValueError(f"range {excerpt(text)} is empty")
    return dense


# --- the Range type ---------------------------------------------------------------------------

def _format_weight(w: float) -> str:
    return "" if w == 1.0 else ":" + repr(float(w))


def _describe(dense: FloatArray) -> str:
    """Re-parseable text for dense weights: whole classes by name, the rest as single hands."""
    parts: list[str] = []
    for name in CLASS_NAMES:
        rows = class_combo_indices(name)
        w = dense[rows]
        if w[0] > 0 and np.all(w == w[0]):
            parts.append(name + _format_weight(w[0]))
            continue
        for k in rows[w > 0]:
            hi, lo = ALL_COMBOS[k]
            parts.append(format_card(hi) + format_card(lo) + _format_weight(dense[k]))
    return ", ".join(parts)


def _dense_from_combos(combos: Sequence[CardsLike] | npt.NDArray[np.integer],
                       weights: npt.ArrayLike | None) -> FloatArray:
    try:
        arr = np.asarray(combos)
    except ValueError:  # ragged input such as ['AhKh', ('Qs', 'Qd')]: parse hand by hand
        arr = np.empty(0, dtype=object)
    if arr.dtype.kind in "iu" and arr.ndim == 2:
        if arr.shape[1] != 2:
            raise ValueError(f"combos must have shape (M, 2), got {arr.shape}")
        if arr.size and (arr.min() < 0 or arr.max() >= N_CARDS):
            raise ValueError("card ids must be in 0..51")
        a, b = arr[:, 0].astype(np.intp), arr[:, 1].astype(np.intp)
    else:
        try:
            hands = [parse_cards(h) for h in combos]
        except TypeError:
            raise TypeError(f"expected range text, a list of hands or an (M, 2) array of card "
                            f"ids, not {type(combos).__name__}") from None
        for h in hands:
            if h.size != 2:
                raise ValueError(f"a hand has 2 cards, got {h.size}: {h.tolist()}")
        a = np.array([int(h[0]) for h in hands], dtype=np.intp)
        b = np.array([int(h[1]) for h in hands], dtype=np.intp)
    rows = COMBO_INDEX_TABLE[a, b].astype(np.intp)
    if np.any(rows < 0):
        bad = int(a[np.flatnonzero(rows < 0)[0]])
        raise ValueError(f"a hand needs two different cards, got {format_card(bad)} twice")
    if weights is None:
        w = np.ones(rows.size)
    else:
        w = np.asarray(weights, dtype=np.float64).ravel()
        if w.shape != rows.shape:
            raise ValueError(f"got {rows.size} combos but {w.size} weights")
        if not np.all((w > 0) & (w <= 1)):
            raise ValueError("weights must be in (0, 1]")
    dense = np.zeros(N_COMBOS, dtype=np.float64)
    dense[rows] = w  # with repeated rows NumPy keeps the last assignment
    return dense


class Range:
    """A weighted set of two-card hands, from range text or from explicit hands.

    A Range is immutable; two ranges with the same combos and weights are equal (and hash
    alike), whatever text built them. ``len(r)`` is the number of combos; iterating yields
    ``((high, low), weight)`` per combo, in ``ALL_COMBOS`` order.

    Parameters
    ----------
    text_or_hands : str, Range, list of str or array_like
        Range text (``'QQ+, AKs:0.5'``, syntax in the module docstring); a list of item
        strings, joined with commas (``['AhKh', 'QsQd']``); another Range (copied, with its
        game); or explicit hands as ``Range.from_combos`` takes them: an (M, 2) integer array
        of card ids or a list of hands of mixed forms (``['AhKh', ('Qs', 'Qd')]``).
    game : {'holdem', 'shortdeck', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        ``'shortdeck'``: the hold'em syntax over the 36 cards six through ace (a class, span
        or hand with a card below the six is an error naming it and the card; ``random`` is
        630 hands; ``X%`` is the top X% of those 630 by short deck's class order against a
        random hand under ``rules``); hands and views are as for hold'em.
        ``'omaha'`` (4 cards), ``'omaha5'``, ``'omaha6'``: an Omaha range, read from text (or
        a list of item strings, or an Omaha Range of the same game) in ProPokerTools' generic
        syntax (``pokerkeys.equity.omaha_ranges``); ``len()`` is its number of hands,
        ``combos`` its ``(N, hole cards)`` hands and ``omaha_range`` the parsed
        ``OmahaRange``. The hold'em-only views (``combo_indices``, ``weight_vector``) raise
        ``ValueError`` for it.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order, whose class order ``X%`` follows (None: three of a kind
        beats a straight); other games take None.

    Attributes
    ----------
    text : str
        The text given, or a re-parseable description for a range built from hands.
    game : str
        The game given.
    rules : str or None
        Short deck's rule order (resolved: never None in short deck); None for other games.

    Raises
    ------
    RangeParseError
        If an item of range text does not parse (the message names it and its offset).
    ValueError
        If the text is empty or selects no hand, or explicit hands are not two different
        cards in 0..51, or an array is not (M, 2); if ``game`` is unknown or ``rules`` not
        a rule order of it; in short deck, a card below the six; for an Omaha
        game, the errors of ``parse_omaha_range`` (the token and its position), or a Range
        of another game.
    TypeError
        If ``text_or_hands`` is none of the above (for an Omaha game: not text or a Range).

    See Also
    --------
    parse_range : the same from text only.
    pokerkeys.equity : takes a Range (or range text) for any player.

    Examples
    --------
    >>> from pokerkeys.equity.ranges import Range
    >>> r = Range("QQ+, AKs:0.5")
    >>> r
    Range('QQ+, AKs:0.5', 22 combos, weighted 20)
    >>> len(r), r.combo_count, r.weight_of("AsKs"), "AhKd" in r
    (22, 20.0, 0.5, False)
    >>> Range(["AhKh", "QsQd"]).text
    'AhKh, QsQd'
    >>> Range(np.array([[51, 47]])).text
    'AsKs'
    >>> Range("AA") == Range("AsAh, AsAd, AsAc, AhAd, AhAc, AdAc")
    True

    An Omaha range (4-card hands in ProPokerTools' generic syntax):

    >>> r = Range("AA:$ds", game="omaha")
    >>> r, len(r), r.combos.shape
    (Range('AA:$ds', omaha, 864 hands), 864, (864, 4))

    A short-deck range (the 36 cards six through ace; ``X%`` of its 630 hands):

    >>> Range("15%", game="shortdeck")
    Range('15%', shortdeck, 92 combos)
    >>> Range("A5s", game="shortdeck")
    Traceback (most recent call last):
    ...
    pokerkeys.equity.ranges.RangeParseError: cannot parse range item 'A5s' at position 0 in \
'A5s': A5s: 5 is below the six; short deck plays 6 through A
    """

    __slots__ = ("_dense", "_rows", "_combos", "_weights", "text", "game", "rules", "_omaha")
    game: RangeGame
    rules: Rules | None
    _omaha: OmahaRange | None

    def __init__(self, text_or_hands: RangeSource, game: RangeGame = "holdem",
                 rules: str | None = None) -> None:
        dense: FloatArray
        text: str | None
        if isinstance(text_or_hands, Range) and text_or_hands.game != "holdem" \
                and game == "holdem" and rules is None:
            game = text_or_hands.game  # a copy keeps its game
            rules = text_or_hands.rules
        self.game = game
        self.rules = None
        self._omaha = None
        if game not in ("holdem", "shortdeck"):
            if rules is not None:
                raise ValueError(f"rules apply to game='shortdeck' only, not {game!r}")
            self._set_omaha(text_or_hands, game)
            return
        self.rules = short = resolve_rules(game, rules)
        if isinstance(text_or_hands, Range):
            if text_or_hands._omaha is not None:
                raise ValueError(f"a {text_or_hands.game} Range is not a {game} range")
            dense, text = text_or_hands._dense, text_or_hands.text
            if text_or_hands.rules != short:  # another game's or order's '15%': read again
                dense = _parse_text(text, short)
        elif isinstance(text_or_hands, str):
            text = text_or_hands
            dense = _parse_text(text, short)
        elif (isinstance(text_or_hands, (list, tuple))
              and all(isinstance(x, str) for x in text_or_hands)):
            text = ", ".join(text_or_hands)
            dense = _parse_text(text, short)
        else:
            dense, text = _dense_from_combos(text_or_hands, None), None
        if short is not None:
            low = np.flatnonzero(dense[_LOW_ROWS])
            if len(low):
                hi, lo = ALL_COMBOS[_LOW_ROWS[low[0]]]
                raise ValueError(f"{format_card(int(hi))}{format_card(int(lo))}: "
                                 f"{format_card(int(min(hi, lo)))} {_BELOW_SIX}")
        self._set(dense, text)

    def _set_omaha(self, source: RangeSource, game: RangeGame) -> None:
        from .omaha_ranges import parse_omaha_range

        if game not in _OMAHA_HOLE:
            raise ValueError(f"unknown game {game!r}: choose one of holdem, shortdeck, "
                             f"{', '.join(_OMAHA_HOLE)}")
        if isinstance(source, Range):
            if source._omaha is None or source.game != game:
                raise ValueError(f"a {source.game} Range is not a {game} range")
            self._set_omaha_range(source._omaha)
            return
        if isinstance(source, (list, tuple)) and all(isinstance(x, str) for x in source):
            source = ", ".join(source)
        if not isinstance(source, str):
            raise TypeError(f"an Omaha Range is built from text, not {type(source).__name__}")
        self._set_omaha_range(parse_omaha_range(source, _OMAHA_HOLE[game]))

    def _set_omaha_range(self, omaha: OmahaRange) -> None:
        self._omaha = omaha
        self._dense = np.zeros(0)
        self._rows = np.arange(len(omaha))
        self._combos = omaha.hands
        self._weights = omaha.weights
        for arr in (self._rows, self._combos, self._weights):
            arr.flags.writeable = False
        self.text = omaha.text

    def _holdem_only(self, what: str) -> None:
        if self._omaha is not None:
            raise ValueError(f"{what} is for hold'em ranges, not {self.game}")

    @property
    def omaha_range(self) -> OmahaRange | None:
        """The parsed ``OmahaRange`` of an Omaha Range (``game='omaha'`` and the like); None
        for a hold'em one."""
        return self._omaha

    def _set(self, dense: FloatArray, text: str | None) -> None:
        dense = np.array(dense, dtype=np.float64)
        dense.flags.writeable = False
        rows = np.flatnonzero(dense)
        self._dense = dense
        self._rows = rows
        self._combos = ALL_COMBOS[rows]
        self._weights = dense[rows]
        for arr in (self._rows, self._combos, self._weights):
            arr.flags.writeable = False
        self.text = text if text is not None else _describe(dense)

    @classmethod
    def _from_dense(cls, dense: FloatArray, text: str | None = None,
                    rules: Rules | None = None) -> Range:
        r = cls.__new__(cls)
        r.game = "holdem" if rules is None else "shortdeck"
        r.rules = rules
        r._omaha = None
        r._set(dense, text)
        return r

    @classmethod
    def from_combos(cls, combos: Sequence[CardsLike] | npt.NDArray[np.integer],
                    weights: npt.ArrayLike | None = None) -> Range:
        """A range of explicit hands, each with an optional weight.

        Parameters
        ----------
        combos : array_like or sequence of hands
            (M, 2) integer card ids, or M hands as text (``'AhKh'``) or card lists.
        weights : array_like of float or None, default None
            (M,) weights in (0, 1]; None: all 1. A hand given twice keeps its last weight.

        Returns
        -------
        Range
            The hands with their weights (may be empty), described as re-parseable text.

        Raises
        ------
        ValueError
            If a hand is not two different cards in 0..51, an array is not (M, 2), or the
            weights do not match the hands in number or lie outside (0, 1].
        TypeError
            If ``combos`` holds something that is not a hand.

        Examples
        --------
        >>> from pokerkeys.equity.ranges import Range
        >>> Range.from_combos(["AhKh", "QsQd"], [0.5, 1])
        Range('AhKh:0.5, QsQd', 2 combos, weighted 1.5)
        >>> Range.from_combos(np.zeros((0, 2), dtype=int)).is_empty
        True
        """
        return cls._from_dense(_dense_from_combos(combos, weights))

    # --- views ---
    @property
    def combos(self) -> CardArray:
        """(M, 2) uint8 card ids of the combos, high card first, in ``ALL_COMBOS`` order
        (read-only)."""
        return self._combos

    @property
    def weights(self) -> FloatArray:
        """(M,) float64 weights in (0, 1], aligned with ``combos`` (read-only)."""
        return self._weights

    @property
    def combo_indices(self) -> IntArray:
        """(M,) rows of ``ALL_COMBOS`` in the range, ascending (aligned with ``combos``);
        hold'em only."""
        self._holdem_only("combo_indices")
        return self._rows

    def weight_vector(self) -> FloatArray:
        """The weights of all 1,326 hands, aligned with ``ALL_COMBOS``.

        Returns
        -------
        numpy.ndarray
            (1326,) float64, a copy; 0 for hands not in the range.

        Raises
        ------
        ValueError
            For an Omaha Range.

        Examples
        --------
        >>> from pokerkeys.equity.ranges import Range
        >>> v = Range("QQ+, AKs:0.5").weight_vector()
        >>> v.shape, v.sum()
        ((1326,), np.float64(20.0))
        """
        self._holdem_only("weight_vector")
        return self._dense.copy()

    @property
    def combo_count(self) -> float:
        """Number of combos counted by weight (the sum of the weights)."""
        return float(self._weights.sum())

    @property
    def is_empty(self) -> bool:
        """True when the range holds no combo (e.g. every combo was removed by ``without``)."""
        return self._rows.size == 0

    def weight_of(self, hand: CardsLike) -> float:
        """The weight of one hand in the range (two cards; an Omaha range's hole size).

        Parameters
        ----------
        hand : str or sequence of cards
            Two cards, ``'AhKh'`` or ids, in either order (an Omaha Range: its 4, 5 or 6).

        Returns
        -------
        float
            Its weight, 0.0 when the hand is not in the range.

        Raises
        ------
        ValueError
            If ``hand`` is not two cards (an Omaha Range: not its number of hole cards), or
            a card does not parse.

        Examples
        --------
        >>> from pokerkeys.equity.ranges import Range
        >>> r = Range("QQ+, AKs:0.5")
        >>> r.weight_of("KsAs"), r.weight_of("AhKd")
        (0.5, 0.0)
        """
        ids = parse_cards(hand)
        if self._omaha is not None:
            size = self._omaha.hole_cards
            if ids.size != size:
                raise ValueError(f"a hand of this range has {size} cards, got {ids.size}")
            hit = np.flatnonzero((self._combos == np.sort(ids)).all(axis=1))
            return float(self._weights[hit[0]]) if hit.size else 0.0
        if ids.size != 2:
            raise ValueError(f"a hand has 2 cards, got {ids.size}")
        return float(self._dense[COMBO_INDEX_TABLE[ids[0], ids[1]]])

    def __contains__(self, hand: CardsLike) -> bool:
        return self.weight_of(hand) > 0

    # --- card removal ---
    def without(self, dead_cards: CardsLike) -> Range:
        """The range less every combo that uses a dead card (card removal).

        Parameters
        ----------
        dead_cards : str or sequence of cards
            Cards out of play, e.g. a board ``'AsKd7c'``.

        Returns
        -------
        Range
            A new Range with the other combos at their weights (this one itself when no
            combo uses a dead card); this Range is not changed.

        Raises
        ------
        ValueError
            If a card does not parse.

        Examples
        --------
        >>> from pokerkeys.equity.ranges import Range
        >>> r = Range("AA, KK")
        >>> len(r), len(r.without("As")), len(r.without("AsKd7c"))
        (12, 9, 6)
        """
        dead = np.zeros(N_CARDS, dtype=bool)
        dead[parse_cards(dead_cards)] = True
        if self._omaha is not None:
            live = ~dead[self._combos].any(axis=1)
            if live.all():
                return self
            r = Range.__new__(Range)
            r.game = self.game
            r.rules = None
            r._set_omaha_range(replace(self._omaha, hands=self._combos[live],
                                       weights=self._weights[live]))
            return r
        keep = ~(dead[ALL_COMBOS[:, 0]] | dead[ALL_COMBOS[:, 1]])
        if keep[self._rows].all():
            return self
        return Range._from_dense(np.where(keep, self._dense, 0.0), rules=self.rules)

    def remove(self, cards: CardsLike) -> Range:
        """The range less every combo using one of ``cards``: the same as ``without``.

        Parameters
        ----------
        cards : str or sequence of cards
            Cards out of play.

        Returns
        -------
        Range
            A new Range; this one is not changed.

        Raises
        ------
        ValueError
            If a card does not parse.

        Examples
        --------
        >>> from pokerkeys.equity.ranges import Range
        >>> Range("AA").remove("As") == Range("AA").without("As")
        True
        """
        return self.without(cards)

    # --- protocol ---
    def __len__(self) -> int:
        return int(self._rows.size)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], float]]:
        return ((tuple(hand), w) for hand, w
                in zip(self._combos.tolist(), self._weights.tolist(), strict=True))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        if self._omaha is not None or other._omaha is not None:
            return (self.game == other.game and self.rules == other.rules
                    and np.array_equal(self._combos, other._combos)
                    and np.array_equal(self._weights, other._weights))
        return bool(np.array_equal(self._dense, other._dense))

    def __hash__(self) -> int:
        if self._omaha is not None:
            return hash((self.game, self.rules, self._combos.tobytes(), self._weights.tobytes()))
        return hash(self._dense.tobytes())

    def __repr__(self) -> str:
        text = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        if self._omaha is not None:
            weighted = "" if np.all(self._weights == 1) else f", weighted {self.combo_count:g}"
            count = f"{len(self):,} hand" + ("" if len(self) == 1 else "s")
            return f"Range({text!r}, {self.game}, {count}{weighted})"
        weighted = "" if np.all(self._weights == 1) else f", weighted {self.combo_count:g}"
        count = f"{len(self)} combo" + ("" if len(self) == 1 else "s")
        game = "" if self.rules is None else "shortdeck, " + (
            "" if self.rules == DEFAULT_RULES else f"{self.rules}, ")
        return f"Range({text!r}, {game}{count}{weighted})"


def parse_range(text: str) -> Range:
    """Parse range text (syntax in the module docstring) into a ``Range``.

    Parameters
    ----------
    text : str
        Range text, e.g. ``'QQ+, AKs:0.5'`` or ``'15%'``.

    Returns
    -------
    Range
        The parsed range.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    RangeParseError
        If an item does not parse (a ``ValueError``; the message names the item and its
        offset).
    ValueError
        If the text is empty or selects no hand.

    Examples
    --------
    >>> from pokerkeys.equity.ranges import parse_range
    >>> parse_range("22-55")
    Range('22-55', 24 combos)
    >>> parse_range("5%")
    Range('5%', 60 combos)
    """
    if not isinstance(text, str):
        raise TypeError(f"range text must be a string, not {type(text).__name__}")
    return Range(text)
