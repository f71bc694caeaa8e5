"""Cards: parsing, formatting, ids and masks.

A card is an integer id ``c = 4 * rank + suit`` with rank 0..12 = 2..A and suit 0..3 = c, d, h, s.
Keeping the suit in the two low bits makes ``c & 3`` the suit and ``c >> 2`` the rank, which is
what the kernels use; a hand as a 52-bit mask is ``sum(1 << c)``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
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

DECK = np.arange(N_CARDS, dtype=np.uint8)
# Up to this many cards, checks run in plain Python: NumPy's reductions cost more per call.
_FEW = 16


def card_id(rank: int, suit: int) -> int:
    """Card id from rank 0..12 (2..A) and suit 0..3 (c, d, h, s)."""
    return 4 * rank + suit


def rank_of(card) -> int | np.ndarray:
    """Rank 0..12 (2..A) of a card id or an array of ids."""
    return card >> 2


def suit_of(card) -> int | np.ndarray:
    """Suit 0..3 (c, d, h, s) of a card id or an array of ids."""
    return card & 3


def excerpt(text, limit: int = 40) -> str:
    """``repr(text)`` cut to about ``limit`` characters, so that an error message about a huge
    input stays one short line: 'ZzZzZzZzZz...' (1,000,000 characters)."""
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


def _parse_item(item) -> list[int]:
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


def parse_cards(cards, *, allow_duplicates: bool = False) -> np.ndarray:
    """Parse cards into a 1-D ``uint8`` array of ids.

    Accepts 'As', 'as', 'AS', '10s', 'Ts', unicode suits ('A♠'), 'AsKd', 'As Kd', 'As,Kd', lists
    of such strings, integer ids 0..51 and integer arrays. Raises ``ValueError`` naming the
    offending card on an unknown card or, unless ``allow_duplicates``, on a repeated card.
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
            items: Iterable = [cards]
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


def check_no_duplicates(ids: np.ndarray, where: str = "") -> None:
    """Raise ValueError naming the lowest card that appears twice in ``ids``."""
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


def format_card(card: int) -> str:
    """'As' for id 51."""
    card = int(card)
    if not 0 <= card < N_CARDS:
        raise ValueError(f"card id {card} is outside 0..51")
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def format_cards(ids, sep: str = " ") -> str:
    """'As Kd' for [51, 45] (or for cards already written as text, ['As', 'Kd'])."""
    if isinstance(ids, str) or (isinstance(ids, (list, tuple)) and ids
                                and isinstance(ids[0], str)):
        ids = parse_cards(ids, allow_duplicates=True)
    return sep.join(format_card(c) for c in np.asarray(ids).ravel())


def cards_to_mask(ids) -> int:
    """52-bit mask with bit c set for each card id c."""
    mask = 0
    for c in np.asarray(ids).ravel():
        mask |= 1 << int(c)
    return mask


def mask_to_cards(mask: int) -> np.ndarray:
    """Card ids (ascending) of the bits set in a 52-bit mask."""
    return np.array([c for c in range(N_CARDS) if mask >> c & 1], dtype=np.uint8)
