"""Cards: parsing text and ids into card ids, and formatting ids as text.

A card is an integer id ``c = 4 * rank + suit`` with rank 0..12 = 2..A and suit 0..3 = c, d, h,
s, so ``'2c'`` is 0, ``'As'`` is 51. Keeping the suit in the two low bits makes ``c & 3`` the
suit and ``c >> 2`` the rank, which is what the kernels use; they hold a set of cards as a
52-bit mask, ``sum(1 << c)``.

Text is read case-insensitively, one card as a rank (``23456789TJQKA``, or ``10``) followed by
a suit (``cdhs`` or a suit symbol: ``♣♦♥♠``, ``♧♢♡♤``); cards may run together (``'AsKd'``) or
be separated by spaces, commas or semicolons.

Examples
--------
>>> from pokerkeys.core.cards import format_card, parse_cards
>>> parse_cards("As Kd 10♥").tolist()
[51, 45, 34]
>>> format_card(0)
'2c'
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .types import CardArray, CardsLike

__all__ = ["DECK", "N_CARDS", "RANK_CHARS", "SUIT_CHARS", "check_no_duplicates", "excerpt",
           "format_card", "format_cards", "parse_cards"]

#: The rank characters, rank 0 (two) to 12 (ace).
RANK_CHARS = "23456789TJQKA"
#: The suit characters, suit 0 (clubs) to 3 (spades).
SUIT_CHARS = "cdhs"
#: Cards in the deck; ids run 0..51.
N_CARDS = 52

_RANK_OF = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_OF.update({ch.lower(): i for i, ch in enumerate(RANK_CHARS)})
_SUIT_OF = {ch: i for i, ch in enumerate(SUIT_CHARS)}
_SUIT_OF.update({ch.upper(): i for i, ch in enumerate(SUIT_CHARS)})
# Unicode suits, both the black and the white glyphs.
_SUIT_OF.update({"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3})

# One card token: a rank ("10" before single characters so "10s" is ten of spades) and a suit.
_CARD_TOKEN = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♧♢♡♤])")
_SEPARATORS = re.compile(r"[\s,;]+")

# Every two-character card ('As', 'as', 'AS', 'A♠', ...) -> id. No two-character rank-suit
# pair means anything else, so an even-length chunk made only of them parses unambiguously.
_TWO_CHAR_CARDS = {r + su: 4 * rank + suit for r, rank in _RANK_OF.items()
                   for su, suit in _SUIT_OF.items()}

#: The 52 card ids in order, 0 (2c) to 51 (As), as uint8.
DECK = np.arange(N_CARDS, dtype=np.uint8)
# Up to this many cards, checks run in plain Python: NumPy's reductions cost more per call.
_FEW = 16


def excerpt(text: object, limit: int = 40) -> str:
    """``repr(text)`` cut to about ``limit`` characters, for error messages.

    An error message about a huge input stays one short line: a long string keeps its quotes
    and says how long it was.

    Parameters
    ----------
    text : object
        What to show; usually the string or list a caller passed.
    limit : int, default 40
        About how many characters of ``repr(text)`` to keep.

    Returns
    -------
    str
        ``repr(text)`` if it is short enough, else its start, ``...`` and, for a string, its
        length.

    Examples
    --------
    >>> from pokerkeys.core.cards import excerpt
    >>> excerpt("AsKd")
    "'AsKd'"
    >>> excerpt("Zz" * 500_000)
    "'ZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZ...' (1,000,000 characters)"
    >>> excerpt(list(range(100)), limit=20)
    '[0, 1, 2, 3, 4, 5...'
    """
    shown = repr(text)
    if len(shown) <= limit:
        return shown
    if isinstance(text, str):
        return f"{shown[:limit - 4]}...{shown[0]} ({len(text):,} characters)"
    return shown[:limit - 3] + "..."


def _parse_string(text: str) -> list[int]:
    """Split a string like 'AsKd', 'As Kd', 'As,Kd', '10s 9♥' into card ids."""
    chunks = _SEPARATORS.split(text.strip())
    if all(len(chunk) % 2 == 0 for chunk in chunks):
        # The common case, two-character cards: one dict read each. ('10s' or a typo falls
        # through to the tokenizer, which reads it or names the bad card.)
        joined = "".join(chunks)
        try:
            return [_TWO_CHAR_CARDS[joined[i:i + 2]] for i in range(0, len(joined), 2)]
        except KeyError:
            pass
    ids: list[int] = []
    for chunk in chunks:
        pos = 0
        while pos < len(chunk):
            m = _CARD_TOKEN.match(chunk, pos)
            if m is None:
                bad = chunk[pos:pos + 2] if len(chunk) - pos >= 2 else chunk[pos:]
                raise ValueError(f"unknown card {bad!r} in {excerpt(text)}: expected a rank from "
                                 f"'23456789TJQKA' (or '10') followed by a suit from 'cdhs'")
            ids.append(4 * _RANK_OF[m.group(1)[0] if m.group(1) != "10" else "T"]
                       + _SUIT_OF[m.group(2)])
            pos = m.end()
    return ids


def _parse_item(item: object) -> list[int]:
    if isinstance(item, (bytes, bytearray)):
        raise TypeError("cards must be text like 'AsKd' or integer ids, not bytes")
    if isinstance(item, str):
        return _parse_string(item)
    if isinstance(item, (bool, np.bool_)):
        raise TypeError(f"a card must be a string or an integer id, not {item!r}")
    if isinstance(item, (int, np.integer)):
        value = int(item)
        if not 0 <= value < N_CARDS:
            raise ValueError(f"card id {value} is outside 0..51")
        return [value]
    raise TypeError(f"a card must be a string or an integer id 0..51, not {type(item).__name__}")


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> CardArray:
    """Parse cards into a 1-D array of card ids (uint8, ``4 * rank + suit``).

    Parameters
    ----------
    cards : str, int, sequence of str or int, or array of int
        Text such as ``'As'``, ``'as'``, ``'AS'``, ``'10s'``, ``'Ts'``, ``'A♠'``, several cards
        in one string (``'AsKd'``, ``'As Kd'``, ``'As,Kd'``), a list of such strings, integer
        ids 0..51 (rank 0..12 = 2..A times 4, plus suit 0..3 = c, d, h, s) or an integer array
        of ids (any shape; it is flattened). The order of the cards is kept.
    allow_duplicates : bool, default False
        Accept a card given twice (the result then repeats it).

    Returns
    -------
    numpy.ndarray
        The card ids, uint8, shape ``(n,)``, in the order given.

    Raises
    ------
    ValueError
        If a card is unknown (the message names it and says what a card looks like), an id
        is outside 0..51, or, unless ``allow_duplicates``, a card appears twice (the message
        names the lowest such card).
    TypeError
        If ``cards`` is bytes, a bool, a float, an array of a non-integer dtype, or anything
        else that is neither text nor integer ids.

    See Also
    --------
    format_cards : The inverse: card ids to text.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.parse_cards("As Kd")
    array([51, 45], dtype=uint8)
    >>> pk.parse_cards(["10h", "9♠"]).tolist()
    [34, 31]
    >>> pk.parse_cards([0, 1, 51]).tolist()
    [0, 1, 51]
    >>> pk.parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As
    >>> pk.parse_cards("AsXx")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'Xx' in 'AsXx': expected a rank from '23456789TJQKA' (or '10') \
followed by a suit from 'cdhs'
    """
    if isinstance(cards, np.ndarray):
        if cards.dtype.kind not in "iu":
            if cards.dtype.kind in "UO":
                return parse_cards(cards.tolist(), allow_duplicates=allow_duplicates)
            raise TypeError(f"card array must have an integer dtype, not {cards.dtype}")
        flat = cards.ravel()
        if flat.size <= _FEW:  # a hand: plain Python beats NumPy's per-call overhead
            outside = [v for v in flat.tolist() if not 0 <= v < N_CARDS]
        elif flat.size and (flat.min() < 0 or flat.max() >= N_CARDS):
            outside = flat[(flat < 0) | (flat >= N_CARDS)].tolist()
        else:
            outside = []
        if outside:
            raise ValueError(f"card id {int(outside[0])} is outside 0..51")
        ids = flat.astype(np.uint8)
    else:
        if isinstance(cards, (bytes, bytearray)):
            raise TypeError("cards must be text like 'AsKd' or integer ids, not bytes")
        if isinstance(cards, (str, int, np.integer)):
            items: Iterable[object] = [cards]
        else:
            try:
                items = list(cards)
            except TypeError:
                raise TypeError(f"cannot parse cards from {type(cards).__name__}") from None
        out: list[int] = []
        for item in items:
            out.extend(_parse_item(item))
        ids = np.array(out, dtype=np.uint8)
    if not allow_duplicates:
        check_no_duplicates(ids)
    return ids


def check_no_duplicates(ids: CardArray, where: str = "") -> None:
    """Raise a ValueError naming the lowest card that appears twice in ``ids``.

    Parameters
    ----------
    ids : numpy.ndarray
        Card ids 0..51 (uint8), 1-D.
    where : str, optional
        Where the cards are, for the message (``'the board'`` gives "duplicate card As in the
        board").

    Raises
    ------
    ValueError
        If a card appears more than once.

    Examples
    --------
    >>> from pokerkeys.core.cards import check_no_duplicates
    >>> check_no_duplicates(pk.parse_cards("As Kd"))
    >>> check_no_duplicates(np.array([3, 5, 3], dtype=np.uint8), "the board")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 2s in the board
    """
    if len(ids) <= _FEW:
        values = ids.tolist()
        if len(set(values)) == len(values):
            return
        dup = min(v for v in values if values.count(v) > 1)
    else:
        counts = np.bincount(ids, minlength=N_CARDS)
        if counts.max(initial=0) <= 1:
            return
        dup = int(np.flatnonzero(counts > 1)[0])
    raise ValueError(f"duplicate card {format_card(dup)}{' in ' + where if where else ''}")


def format_card(card: int | np.integer) -> str:
    """The two-character text of one card id: ``'As'`` for 51.

    Parameters
    ----------
    card : int
        A card id 0..51 (any integer type).

    Returns
    -------
    str
        The rank character (``23456789TJQKA``) and the suit character (``cdhs``).

    Raises
    ------
    ValueError
        If ``card`` is outside 0..51.

    Examples
    --------
    >>> from pokerkeys.core.cards import format_card
    >>> format_card(51), format_card(0), format_card(np.uint8(34))
    ('As', '2c', 'Th')
    """
    card = int(card)
    if not 0 <= card < N_CARDS:
        raise ValueError(f"card id {card} is outside 0..51")
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def format_cards(ids: CardsLike, sep: str = " ") -> str:
    """Cards as text: ``'As Kd'`` for ids ``[51, 45]``.

    Parameters
    ----------
    ids : sequence or array of int, or str
        Card ids 0..51 (an array of any shape is flattened), or cards already written as text
        (``'asKD'``, ``['As', 'Kd']``), which come back in the canonical form. Repeated cards
        are kept.
    sep : str, default " "
        What goes between two cards.

    Returns
    -------
    str
        Each card as a rank character and a suit character, in the order given.

    Raises
    ------
    ValueError
        If an id is outside 0..51 or a card written as text is unknown.

    See Also
    --------
    parse_cards : The inverse: text to card ids.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.format_cards([51, 45])
    'As Kd'
    >>> pk.format_cards(pk.parse_cards("10h 9♠"), sep="")
    'Th9s'
    >>> pk.format_cards("asKD")
    'As Kd'
    """
    if isinstance(ids, str) or (isinstance(ids, (list, tuple)) and ids
                                and isinstance(ids[0], str)):
        ids = parse_cards(ids, allow_duplicates=True)
    return sep.join(format_card(c) for c in np.asarray(ids).ravel())

