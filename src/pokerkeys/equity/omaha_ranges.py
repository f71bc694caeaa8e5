"""Omaha hand ranges in ProPokerTools' generic syntax, for 4-, 5- and 6-card Omaha.

A range text names a set of Omaha starting hands by patterns of cards; a hand is in the range
when the pattern's cards map one-to-one onto cards of the hand (the hand may hold more cards
than the pattern). ``parse_omaha_range`` enumerates every hand of the game and keeps those that
match, vectorised with NumPy over chunks of hands, so even 6-card Omaha (20,358,520 hands) is
matched with bounded memory.

Cards
    A card of a pattern is a rank (``AKQJT98765432``), a rank and a suit (``As``), or a suit
    alone (``s``, any rank). Suits are ``shdc``. ``*`` is any rank (``*s``: any spade; ``*``
    alone, or ``****``, is any hand).
Variables
    Suit variables ``w x y z`` stand for one suit each, different letters for different suits;
    every other capital letter (``R``, ``O``, ``N``, ...) is a rank variable, one rank per
    letter, different letters different ranks. Variables never take a rank or suit that the
    pattern names explicitly on a card of its own: ``AARR`` is aces and another pair, ``ssxx``
    two spades and two cards of another suit. ``AxAyxy`` is double-suited aces, ``RRON`` a
    hand with exactly one pair (for 4 cards), ``wxy`` a hand with at least three suits.
Spans
    ``KK-TT`` (KK, QQ, JJ, TT) and ``JT98-7654`` (JT98, T987, ..., 7654): both sides have the
    same shape and the ranks that differ move together one step at a time. A trailing ``+`` or
    ``-`` moves the lowest rank of the pattern, together with the ranks directly above it in an
    unbroken run, up to the next rank of the pattern or the ace (``+``) or down to the deuce
    (``-``): ``KK+`` is KK, AA; ``A9+`` is A9 to AK; ``T98-`` is T98, 987, ..., 432.
Lists
    ``[...]`` is one card taken from a list of ranks, rank spans, suits or cards, separated by
    commas or written together: ``[AK]``, ``[A-T]``, ``[T+]`` (T, J, Q, K, A), ``[9-]``
    (9 down to 2), ``[As,Kh]``, ``[sh]``; a suit after the bracket applies to the whole list
    (``[AK]x``). Spans of several cards inside a list (``[KK-TT]``) are not read yet: they
    are an error.
Combining
    ``,`` is or, ``:`` is and, ``!`` is and-not, read left to right within a comma item:
    ``AA:xxyy, JJ!JJJ, KK`` is double-suited aces, or exactly two jacks, or at least two kings.
Macros
    ``$ds`` double-suited (two suits with two cards each and no suit with three or more:
    ``xxyy!xxx``), ``$ss`` single-suited (``xx!xxyy!xxx``), ``$r`` rainbow (no two cards of
    one suit, ``!xx``), ``$np`` no pair (``!RR``). These are the 4-card meanings; with more
    cards the same definitions apply as written, so no 5- or 6-card hand is rainbow and no
    6-card hand is single-suited (six cards in four suits always pair two suits or hold three
    of one).
Weights
    A comma item may end in ``:w`` with ``0 < w <= 1`` (``AA:$ds:0.5``); a hand listed by more
    than one item keeps the weight of the last item that lists it.
Percentages
    ``N%`` (``0 < N <= 100``) is the top N% of 4-card hands by a shipped ranking of the 16,432
    suit-isomorphic classes: each class's all-in equity against one random hand, preflop, by
    Monte Carlo with 32,768 trials per class (standard error at most 0.28 percentage points;
    built by ``scripts/build_omaha_ranking.py``, ties broken by the class's smallest hand).
    It keeps the longest best-first run of classes holding at most ``round(N / 100 *
    270,725)`` hands (rounded half up, exactly), never splitting a class, as hold'em's
    ``N%`` does; an N too small for the best class is an error. ``N%`` combines like any
    operand (``15%:$ds``, ``20%!AA``). Five- and six-card Omaha have no shipped ranking:
    ``N%`` is an error there.

Errors name the bad token and its 1-based position in the text, e.g.
``unknown rank '1' at position 3 in 'AA1x'``.

Examples
--------
>>> from pokerkeys.equity.omaha_ranges import parse_omaha_range
>>> len(parse_omaha_range("AA")), len(parse_omaha_range("AxAyxy"))
(6961, 864)
>>> len(parse_omaha_range("AA", hole_cards=6))
1237792
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ..core.cards import RANK_CHARS, excerpt, format_card
from ..core.tables import TableError, tables_dir

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["OmahaRange", "omaha_class_ranking", "parse_omaha_range"]

_RANK_OF = {ch: i for i, ch in enumerate(RANK_CHARS)}
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3}
_SUIT_VARS = "wxyz"
_ALL_CARDS = (1 << 52) - 1
# The macros, as the range text each stands for.
_MACROS = {"$ds": "xxyy!xxx", "$ss": "xx!xxyy!xxx", "$r": "!xx", "$np": "!RR"}
_PERCENT_RE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)%")
_RANKING_MANIFEST = "omaha_manifest.json"
_RANKING_FILES = ("omaha_ranking_4_classes.npy", "omaha_ranking_4_equity.npy")
_N_HANDS_4 = 270_725


def _rank_mask(ranks: set[int] | range) -> int:
    return sum(0xF << (4 * r) for r in ranks)


def _suit_mask(suits: set[int]) -> int:
    return sum(1 << (4 * r + s) for r in range(13) for s in suits)


@dataclass(frozen=True)
class _Card:
    """One card of a pattern: the concrete cards it may be, and its variables."""

    mask: int
    rank_var: str | None = None
    suit_var: str | None = None


_Pattern = tuple[_Card, ...]


class _Syntax(ValueError):
    pass


@dataclass
class _Reader:
    """Reads one operand (a pattern, spans and lists included) from the text."""

    text: str
    hole: int
    pos: int = 0
    end: int = 0

    def fail(self, what: str, at: int) -> _Syntax:
        token = self.text[at] if at < len(self.text) else "end of text"
        return _Syntax(f"{what} {token!r} at position {at + 1} in {excerpt(self.text)}")

    def suit_part(self) -> tuple[int, str | None] | None:
        """A suit or suit variable at pos: (mask, var), or None."""
        if self.pos < self.end:
            ch = self.text[self.pos]
            if ch in _SUIT_OF:
                self.pos += 1
                return _suit_mask({_SUIT_OF[ch]}), None
            if ch in _SUIT_VARS:
                self.pos += 1
                return _ALL_CARDS, ch
        return None

    def list_item_ranks(self) -> set[int]:
        """One rank of a list at pos, or a span of them: ``T``, ``A-T``, ``T+``, ``9-``."""
        first = _RANK_OF[self.text[self.pos]]
        self.pos += 1
        if self.pos < self.end and self.text[self.pos] in "+-":
            nxt = self.pos + 1
            if self.text[self.pos] == "-" and nxt < self.end and self.text[nxt] in _RANK_OF:
                # A span of one card each side; 'KK-TT' in a list (several cards a side) is
                # not read, rather than read as something else.
                before = self.text[self.pos - 2]
                after = self.text[nxt + 1] if nxt + 1 < self.end else "]"
                if before in _RANK_OF or after in _RANK_OF:
                    raise _Syntax(f"span of several cards in a list at position {self.pos + 1} "
                                  f"in {excerpt(self.text)}: not supported; a list item spans "
                                  "one card ('[A-T]'), items are separated by commas")
                last = _RANK_OF[self.text[nxt]]
                self.pos = nxt + 1
                return set(range(min(first, last), max(first, last) + 1))
            if self.text[self.pos] == "-" and nxt < self.end and self.text[nxt] not in ",]":
                raise self.fail("unknown rank", nxt)
            up = self.text[self.pos] == "+"
            self.pos += 1
            return set(range(first, 13)) if up else set(range(0, first + 1))
        return {first}

    def bracket(self) -> _Card:
        open_at = self.pos
        self.pos += 1
        mask = 0
        items = 0
        while True:
            if self.pos >= self.end:
                raise _Syntax(f"unbalanced '[' at position {open_at + 1} in "
                              f"{excerpt(self.text)}: no closing ']'")
            ch = self.text[self.pos]
            if ch == "]":
                self.pos += 1
                break
            if ch == ",":
                self.pos += 1
                continue
            if ch in _RANK_OF:
                ranks = self.list_item_ranks()
                if self.pos < self.end and self.text[self.pos] in _SUIT_OF:
                    mask |= _rank_mask(ranks) & _suit_mask({_SUIT_OF[self.text[self.pos]]})
                    self.pos += 1
                else:
                    mask |= _rank_mask(ranks)
            elif ch in _SUIT_OF:
                mask |= _suit_mask({_SUIT_OF[ch]})
                self.pos += 1
            elif ch == "[":
                raise self.fail("nested '['", self.pos)
            else:
                raise self.fail("unknown rank or suit in a list", self.pos)
            items += 1
        if items == 0:
            raise _Syntax(f"empty list '[]' at position {open_at + 1} in {excerpt(self.text)}")
        suit = self.suit_part()
        if suit is not None:
            mask &= suit[0]
            if mask == 0:
                raise _Syntax(f"list at position {open_at + 1} in {excerpt(self.text)} "
                              "matches no card with that suit")
            return _Card(mask, None, suit[1])
        return _Card(mask)

    def span_group(self) -> list[_Pattern] | None:
        """A bracket at pos holding a span of several cards a side (``[KK-JJ]``): its
        patterns, one per step; None for a one-card list (``[AK]``, ``[A-T]``)."""
        close = self.text.find("]", self.pos, self.end)
        if close < 0:
            return None
        inner = self.text[self.pos + 1:close]
        dash = inner.find("-")
        if dash < 0 or "," in inner or "[" in inner:
            return None
        if sum(ch in _RANK_OF or ch == "*" or (ch.isalpha() and ch.isupper())
               for ch in inner[:dash]) < 2:
            return None
        sub = _Reader(self.text, self.hole, self.pos + 1, close)
        patterns = sub.operand()
        self.pos = close + 1
        if self.pos < self.end and self.text[self.pos].isalpha() \
                and self.text[self.pos].islower():
            raise _Syntax(f"a suit after the span in brackets at position {self.pos + 1} in "
                          f"{excerpt(self.text)}: put the suits on the span's cards")
        return patterns

    def card(self) -> _Card | list[_Pattern]:
        ch = self.text[self.pos]
        if ch == "[":
            group = self.span_group()
            if group is not None:
                return group
            return self.bracket()
        if ch == "]":
            raise _Syntax(f"unbalanced ']' at position {self.pos + 1} in {excerpt(self.text)}")
        rank_mask, rank_var = _ALL_CARDS, None
        if ch in _RANK_OF:
            rank_mask = _rank_mask({_RANK_OF[ch]})
            self.pos += 1
        elif ch == "*":
            self.pos += 1
        elif ch.isalpha() and ch.isupper():
            rank_var = ch
            self.pos += 1
        elif ch.isalpha():
            suit = self.suit_part()
            if suit is None:
                raise self.fail("unknown suit", self.pos)
            return _Card(suit[0], None, suit[1])
        else:
            raise self.fail("unknown rank", self.pos)
        if self.pos < self.end and self.text[self.pos].isalpha() \
                and self.text[self.pos].islower():
            suit = self.suit_part()
            if suit is None:
                raise self.fail("unknown suit", self.pos)
            return _Card(rank_mask & suit[0], rank_var, suit[1])
        return _Card(rank_mask, rank_var)

    def group(self) -> list[_Card | list[_Pattern]]:
        cards: list[_Card | list[_Pattern]] = []
        while self.pos < self.end and self.text[self.pos] not in "+-":
            cards.append(self.card())
        return cards

    def operand(self) -> list[_Pattern]:
        start = self.pos
        segments = self.group()
        if not segments:
            raise self.fail("expected a card, found", self.pos)
        if any(isinstance(seg, list) for seg in segments):
            if self.pos < self.end:
                raise _Syntax(f"span or '+'/'-' after a bracketed span at position "
                              f"{self.pos + 1} in {excerpt(self.text)}: not supported")
            # Several bracketed spans ('[KK-JJ][77-55]'): every choice of one step of each.
            choices = [seg if isinstance(seg, list) else [(seg,)] for seg in segments]
            patterns = [tuple(c for part in combo for c in part)
                        for combo in itertools.product(*choices)]
            return self._check_size(patterns, start)
        left = [seg for seg in segments if isinstance(seg, _Card)]
        if self.pos < self.end and self.text[self.pos] == "-" and self.pos + 1 < self.end:
            dash = self.pos
            self.pos += 1
            right_segments = self.group()
            right = [seg for seg in right_segments if isinstance(seg, _Card)]
            if len(right) != len(right_segments):
                raise _Syntax(f"a bracketed span inside a span at position {dash + 2} in "
                              f"{excerpt(self.text)}: not supported")
            if self.pos < self.end:
                raise self.fail("unexpected", self.pos)
            out = _span(left, right)
            if out is None:
                raise _Syntax(f"span {self.text[start:self.end]!r} at position {dash + 1} in "
                              f"{excerpt(self.text)}: both sides need the same cards, with the "
                              "ranks that differ all differing by the same amount")
            patterns = out
        elif self.pos < self.end:
            step = 1 if self.text[self.pos] == "+" else -1
            if self.pos + 1 != self.end:
                raise self.fail("unexpected", self.pos + 1)
            patterns = _run(left, step)
            self.pos += 1
        else:
            patterns = [tuple(left)]
        return self._check_size(patterns, start)

    def _check_size(self, patterns: list[_Pattern], start: int) -> list[_Pattern]:
        for pattern in patterns:
            if len(pattern) > self.hole:
                raise _Syntax(f"pattern {self.text[start:self.end]!r} at position {start + 1} "
                              f"in {excerpt(self.text)} has {len(pattern)} cards, more than "
                              f"the {self.hole} hole cards")
        return patterns


def _single_rank(card: _Card) -> int | None:
    """The rank of a card that names exactly one rank (and no rank variable), else None."""
    if card.rank_var is not None:
        return None
    ranks = {r for r in range(13) if card.mask >> (4 * r) & 0xF}
    return ranks.pop() if len(ranks) == 1 else None


def _shift(card: _Card, old: int, new: int) -> _Card:
    suits = card.mask >> (4 * old) & 0xF
    return _Card(suits << (4 * new), card.rank_var, card.suit_var)


def _span(left: list[_Card], right: list[_Card]) -> list[_Pattern] | None:
    if len(left) != len(right):
        return None
    moving: list[tuple[int, int]] = []
    delta = None
    for i, (a, b) in enumerate(zip(left, right, strict=True)):
        ra, rb = _single_rank(a), _single_rank(b)
        if a == b:
            continue
        if ra is None or rb is None or _shift(a, ra, rb) != b:
            return None
        if delta is not None and rb - ra != delta:
            return None
        delta = rb - ra
        moving.append((i, ra))
    if delta is None:
        return [tuple(left)]
    step = 1 if delta > 0 else -1
    out = []
    for k in range(0, delta + step, step):
        cards = list(left)
        for i, r in moving:
            cards[i] = _shift(left[i], r, r + k)
        out.append(tuple(cards))
    return out


def _run(cards: list[_Card], step: int) -> list[_Pattern]:
    ranks = {r for c in cards if (r := _single_rank(c)) is not None}
    if not ranks:
        return [tuple(cards)]
    low = min(ranks)
    top = low
    while top + 1 in ranks:
        top += 1
    higher = [r for r in ranks if r > top]
    out = []
    k = 0
    while True:
        moved = [(_shift(c, r, r + k) if (r := _single_rank(c)) is not None and low <= r <= top
                  else c) for c in cards]
        out.append(tuple(moved))
        k += step
        if step > 0 and top + k >= (min(higher) if higher else 13):
            break
        if step < 0 and low + k < 0:
            break
    return out


def _tables(pattern: _Pattern) -> tuple[npt.NDArray[np.bool_], list[list[int]], list[list[int]],
                                        npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Per pattern card, which card ids it allows; groups of cards sharing a variable; which
    ranks / suits the variables may take (not one the pattern names on its own)."""
    allowed = np.array([[bool(c.mask >> cid & 1) for cid in range(52)] for c in pattern])
    rank_groups: dict[str, list[int]] = {}
    suit_groups: dict[str, list[int]] = {}
    free_ranks = np.ones(13, dtype=bool)
    free_suits = np.ones(4, dtype=bool)
    for i, c in enumerate(pattern):
        if c.rank_var is not None:
            rank_groups.setdefault(c.rank_var, []).append(i)
        elif (r := _single_rank(c)) is not None:
            free_ranks[r] = False
        if c.suit_var is not None:
            suit_groups.setdefault(c.suit_var, []).append(i)
        else:
            suits = {cid & 3 for cid in range(52) if c.mask >> cid & 1}
            if len(suits) == 1:
                free_suits[suits.pop()] = False
    return (allowed, list(rank_groups.values()), list(suit_groups.values()), free_ranks,
            free_suits)


class _PackedColumns:
    """Facts about the columns of a chunk of hands, as bit-packed boolean arrays, made once
    and shared by every permutation of the pattern: ANDs over packed bytes cost an eighth of
    the same work over booleans."""

    def __init__(self, hands: npt.NDArray[np.uint8], start: int = 0) -> None:
        self.hands = hands
        self.start = start  # the chunk's first row in the game's lexicographic list of hands
        self.ranks = hands >> 2
        self.suits = hands & 3
        self._cache: dict[tuple[object, ...], npt.NDArray[np.uint8]] = {}

    def _get(self, key: tuple[object, ...],
             make: Callable[[], npt.NDArray[np.bool_]]) -> npt.NDArray[np.uint8]:
        packed = self._cache.get(key)
        if packed is None:
            packed = np.packbits(make())
            self._cache[key] = packed
        return packed

    def allowed(self, table: npt.NDArray[np.bool_], col: int) -> npt.NDArray[np.uint8]:
        return self._get(("card", table.tobytes(), col), lambda: table[self.hands[:, col]])

    def same(self, kind: str, a: int, b: int) -> npt.NDArray[np.uint8]:
        a, b = min(a, b), max(a, b)
        values = self.ranks if kind == "rank" else self.suits
        return self._get((kind, a, b), lambda: values[:, a] == values[:, b])

    def free(self, kind: str, table: npt.NDArray[np.bool_], col: int) -> npt.NDArray[np.uint8]:
        values = self.ranks if kind == "rank" else self.suits
        return self._get(("free", kind, table.tobytes(), col), lambda: table[values[:, col]])


def _match(pattern: _Pattern, cols_info: _PackedColumns) -> npt.NDArray[np.bool_]:
    """Which hands of the chunk hold the pattern: some injective map of the pattern's cards
    onto the hand's cards (columns) meets every card's constraint and the variables' rules."""
    allowed, rank_groups, suit_groups, free_ranks, free_suits = _tables(pattern)
    hands = cols_info.hands
    m, k = len(pattern), hands.shape[1]
    found = np.zeros((hands.shape[0] + 7) // 8, dtype=np.uint8)
    constrained = [i for i in range(m) if not allowed[i].all()]
    var_rules = [("rank", g, free_ranks) for g in rank_groups]
    var_rules += [("suit", g, free_suits) for g in suit_groups]
    for cols in itertools.permutations(range(k), m):
        # Equal pattern cards are interchangeable: keep one order of their columns.
        if any(pattern[i] == pattern[j] and cols[i] > cols[j]
               for i in range(m) for j in range(i + 1, m)):
            continue
        ok = ~found
        for i in constrained:
            ok &= cols_info.allowed(allowed[i], cols[i])
        heads: dict[str, list[int]] = {"rank": [], "suit": []}
        for kind, group, free in var_rules:
            head = cols[group[0]]
            if not free.all():
                ok &= cols_info.free(kind, free, head)
            for i in group[1:]:
                ok &= cols_info.same(kind, head, cols[i])
            for other in heads[kind]:
                ok &= ~cols_info.same(kind, head, other)
            heads[kind].append(head)
        found |= ok
    return np.unpackbits(found, count=hands.shape[0]).astype(bool)


def _combinations(n: int, r: int) -> npt.NDArray[np.uint8]:
    """All r-subsets of range(n) as rows, ascending within and lexicographic between rows.

    Built block by block from the subsets of one card fewer; the small ones (r <= 4, at most
    C(51, 4) = 249,900 rows) are cached, so a chunk of 6-card hands is ~50 block copies.
    """
    if r <= 4:
        return _small_combinations(n, r)
    return _build_combinations(n, r)


@functools.cache
def _small_combinations(n: int, r: int) -> npt.NDArray[np.uint8]:
    out = _build_combinations(n, r)
    out.flags.writeable = False
    return out


def _build_combinations(n: int, r: int) -> npt.NDArray[np.uint8]:
    out = np.empty((math.comb(n, r), r), dtype=np.uint8)
    if r == 0:
        return out
    if r == 1:
        out[:, 0] = np.arange(n)
        return out
    row = 0
    for first in range(n - r + 1):
        rest = _combinations(n - first - 1, r - 1)
        out[row:row + rest.shape[0], 0] = first
        out[row:row + rest.shape[0], 1:] = rest + np.uint8(first + 1)
        row += rest.shape[0]
    return out


def _chunks(hole: int) -> Iterator[npt.NDArray[np.uint8]]:
    """Every hole-card hand, in lexicographic order, in chunks sharing their lowest card.

    The largest chunk is the 2,349,060 six-card hands holding 2c: with its ranks, suits,
    packed columns and work arrays, matching one chunk peaks near 150 MB (measured with
    tracemalloc on ``'JT98-7654:$ds'``), whatever the game's total."""
    for first in range(52 - hole + 1):
        rest = _combinations(51 - first, hole - 1)
        hands = np.empty((rest.shape[0], hole), dtype=np.uint8)
        hands[:, 0] = first
        hands[:, 1:] = rest + np.uint8(first + 1)
        yield hands


_Operand = list[_Pattern] | str | int  # patterns (a union), a macro's text, or N% as the
# number of best classes it keeps
_Chain = list[tuple[str, _Operand]]  # (operator, operand); the first operator is ","


def _parse_chain(text: str, start: int, end: int, hole: int) -> _Chain:
    """Parse text[start:end] (no commas) into its ':' / '!' chain of operands."""
    chain: _Chain = []
    op = ","
    pos = start
    while pos < end and text[pos] == " ":
        pos += 1
    if pos < end and text[pos] == "!":  # a leading '!' means: all hands except
        chain.append((",", [()]))
    while True:
        while pos < end and text[pos] == " ":
            pos += 1
        if pos < end and text[pos] in ":!":
            if chain:
                op = text[pos]
                pos += 1
            elif text[pos] == ":":
                raise _Syntax(f"unexpected ':' at position {pos + 1} in {excerpt(text)}")
            while pos < end and text[pos] == " ":
                pos += 1
        if pos >= end:
            raise _Syntax(f"missing pattern after {op!r} at position {pos} in {excerpt(text)}"
                          if chain else f"empty item at position {pos + 1} in {excerpt(text)}")
        stop = pos
        depth = 0
        while stop < end and (depth or text[stop] not in ":! "):
            depth += {"[": 1, "]": -1}.get(text[stop], 0) if depth or text[stop] == "[" else 0
            stop += 1
        token = text[pos:stop]
        if token.startswith("$"):
            if token not in _MACROS:
                raise _Syntax(f"unknown macro {token!r} at position {pos + 1} in "
                              f"{excerpt(text)}: expected one of {', '.join(_MACROS)}")
            chain.append((op, token))
        elif "%" in token:
            chain.append((op, _percent_classes(token, pos, text, hole)))
        else:
            reader = _Reader(text, hole, pos, stop)
            chain.append((op, reader.operand()))
        pos = stop
        while pos < end and text[pos] == " ":
            pos += 1
        if pos >= end:
            return chain
        if text[pos] not in ":!":
            raise _Syntax(f"unexpected {text[pos]!r} at position {pos + 1} in {excerpt(text)}")


def _eval_chain(chain: _Chain, hands: _PackedColumns, hole: int) -> npt.NDArray[np.bool_]:
    result = np.zeros(hands.hands.shape[0], dtype=bool)
    for op, operand in chain:
        if isinstance(operand, int):
            positions = omaha_class_ranking()[0]
            hit = positions[hands.start:hands.start + hands.hands.shape[0]] < operand
        elif isinstance(operand, str):
            macro = _MACROS[operand]
            hit = _eval_chain(_parse_chain(macro, 0, len(macro), hole), hands, hole)
        else:
            hit = np.zeros(hands.hands.shape[0], dtype=bool)
            for pattern in operand:
                hit |= _match(pattern, hands)
        if op == ",":
            result |= hit
        elif op == ":":
            result &= hit
        else:
            result &= ~hit
    return result


def _percent_classes(token: str, at: int, text: str, hole: int) -> int:
    """How many best classes ``N%`` keeps (the longest run with at most round(N% of all
    hands) hands, half up)."""
    where = f"{token!r} at position {at + 1} in {excerpt(text)}"
    if hole != 4:
        raise _Syntax(f"{where}: N% ranges are for 4-card Omaha; no ranking of "
                      f"{hole}-card hands ships")
    m = _PERCENT_RE.fullmatch(token)
    if m is None:
        raise _Syntax(f"{where}: a percentage is a number and '%', e.g. '15%'")
    x = Fraction(m.group(1))
    if not 0 < x <= 100:
        raise _Syntax(f"{where}: a top-N% range needs 0 < N <= 100")
    target = int(x * _N_HANDS_4 / 100 + Fraction(1, 2))
    sizes = omaha_class_ranking()[1]
    kept = int(np.searchsorted(np.cumsum(sizes), target, side="right"))
    if kept == 0:
        raise _Syntax(f"{where} selects no hand: the best class alone holds {sizes[0]} "
                      f"hands, more than {token}")
    return kept


def _load_ranking_files() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    folder = tables_dir()
    try:
        manifest = json.loads((folder / _RANKING_MANIFEST).read_text())["files"]
        arrays = []
        for name in _RANKING_FILES:
            data = (folder / name).read_bytes()
            if hashlib.sha256(data).hexdigest() != manifest[name]["sha256"]:
                raise TableError(f"table {name!r} does not match {_RANKING_MANIFEST}; "
                                 "reinstall pokerkeys")
            arrays.append(np.load(folder / name, allow_pickle=False))
    except (OSError, KeyError, ValueError) as exc:
        raise TableError(f"the Omaha hand ranking cannot be read from {folder}: {exc}") \
            from None
    return arrays[0], arrays[1]


@functools.cache
def omaha_class_ranking() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64],
                                   npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """The shipped ranking of 4-card Omaha hands that ``N%`` ranges read.

    Returns
    -------
    positions : numpy.ndarray
        ``(270725,)`` int32: for each 4-card hand, in lexicographic order of its ascending
        card ids (the order of ``OmahaRange.hands``), its class's place in the ranking
        (0 is the best class).
    sizes : numpy.ndarray
        ``(16432,)`` int64: the hands in each class, best class first (4 to 24 each).
    classes : numpy.ndarray
        ``(16432, 4)`` uint8: each class's smallest hand, best first.
    equity : numpy.ndarray
        ``(16432,)`` float64: each class's equity against one random hand (Monte Carlo,
        standard error at most 0.28 percentage points), best first.

    Raises
    ------
    pokerkeys.core.tables.TableError
        If the ranking's files are missing or do not match their manifest.

    Examples
    --------
    >>> from pokerkeys.equity.omaha_ranges import omaha_class_ranking
    >>> positions, sizes, classes, equity = omaha_class_ranking()
    >>> len(positions), len(sizes), int(sizes.sum())
    (270725, 16432, 270725)
    >>> pk.format_cards(classes[0], sep=""), round(float(equity[0]), 3)
    ('TcTdAcAd', 0.718)
    """
    classes, equity = _load_ranking_files()
    hands = _combinations(52, 4).astype(np.int64)
    ranks, suits = hands >> 2, hands & 3
    weights = 52 ** np.arange(3, -1, -1)
    code = None
    for perm in itertools.permutations(range(4)):
        relabelled = np.sort(ranks * 4 + np.array(perm)[suits], axis=1) @ weights
        code = relabelled if code is None else np.minimum(code, relabelled)
    assert code is not None
    class_codes = classes.astype(np.int64) @ weights
    order = np.argsort(class_codes)
    positions = order[np.searchsorted(class_codes[order], code)].astype(np.int32)
    sizes = np.bincount(positions, minlength=len(classes)).astype(np.int64)
    for arr in (positions, sizes, classes, equity):
        arr.flags.writeable = False
    return positions, sizes, classes, equity


def _parse_weight(text: str, at: int, whole: str) -> float:
    try:
        w = float(text)
    except ValueError:
        raise _Syntax(f"weight {text!r} at position {at + 1} in {excerpt(whole)} is not a "
                      "number") from None
    if not 0 < w <= 1:
        raise _Syntax(f"weight {text!r} at position {at + 1} in {excerpt(whole)} must be above "
                      "0 and at most 1")
    return w


@dataclass(frozen=True, eq=False)
class OmahaRange:
    """A weighted set of Omaha starting hands, as ``parse_omaha_range`` makes it.

    Attributes
    ----------
    text : str
        The range text it was parsed from.
    hole_cards : int
        Cards per hand: 4, 5 or 6.
    hands : numpy.ndarray
        ``(N, hole_cards)`` uint8 card ids, each row ascending, rows in lexicographic order;
        every hand once.
    weights : numpy.ndarray
        ``(N,)`` float64, each in ``(0, 1]``: the weight of each hand.

    Examples
    --------
    >>> from pokerkeys.equity.omaha_ranges import parse_omaha_range
    >>> r = parse_omaha_range("KK:$ds:0.5, AsAhKsKh")
    >>> r
    OmahaRange('KK:$ds:0.5, AsAhKsKh', 4 cards, 864 hands)
    >>> len(r), r.hands.shape, float(r.weights.sum())
    (864, (864, 4), 432.5)
    >>> r.format_hand(0)
    '2c2dKcKd'
    """

    text: str
    hole_cards: int
    hands: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def format_hand(self, index: int) -> str:
        """The hand at ``index`` as text, its cards in ascending id order.

        Parameters
        ----------
        index : int
            Row of ``hands``; negative counts from the end.

        Returns
        -------
        str
            The cards run together, e.g. ``'2c2dAhAs'``.

        Raises
        ------
        IndexError
            If ``index`` is outside the range's hands.

        Examples
        --------
        >>> from pokerkeys.equity.omaha_ranges import parse_omaha_range
        >>> parse_omaha_range("AsAhKsKh").format_hand(-1)
        'KhKsAhAs'
        """
        return "".join(format_card(int(c)) for c in self.hands[index])

    def __repr__(self) -> str:
        return f"OmahaRange({self.text!r}, {self.hole_cards} cards, {len(self):,} hands)"


def parse_omaha_range(text: str, hole_cards: int = 4) -> OmahaRange:
    """Parse an Omaha range in ProPokerTools' generic syntax into its hands and weights.

    The module docstring describes the syntax. Every hand of the game is enumerated (in chunks
    of hands sharing their lowest card) and matched with NumPy, so the cost grows with the
    number of hands of the game (270,725 for 4 cards, 2,598,960 for 5, 20,358,520 for 6) and
    of pattern permutations, not with the size of the range.

    Parameters
    ----------
    text : str
        The range, e.g. ``'AA:$ds, KK+!KKK'``. Spaces around operators are ignored.
    hole_cards : {4, 5, 6}, default 4
        Cards per hand: 4-card Omaha, 5-card or 6-card.

    Returns
    -------
    OmahaRange
        The matching hands, sorted, with their weights; ``len()`` is their number (it may be
        0).

    Raises
    ------
    ValueError
        If ``hole_cards`` is not 4, 5 or 6; if the text is empty; if it holds an unknown rank,
        suit, macro or character, an unbalanced bracket, a span whose sides do not match, a
        pattern with more cards than the hand, or a weight that is not a number in
        ``(0, 1]`` (the message names the token and its 1-based position); or if a
        percentage is not above 0 and at most 100, too small for the best class, or given
        for 5- or 6-card Omaha.
    pokerkeys.core.tables.TableError
        If ``N%`` is asked for and the shipped ranking is missing or damaged.
    TypeError
        If ``text`` is not a string.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.equity.omaha_ranges import parse_omaha_range
    >>> len(parse_omaha_range("JJ!JJJ")), len(parse_omaha_range("RRON"))
    (6768, 82368)
    >>> parse_omaha_range("AA1x")
    Traceback (most recent call last):
    ...
    ValueError: unknown rank '1' at position 3 in 'AA1x'
    """
    if not isinstance(text, str):
        raise TypeError(f"an Omaha range must be a string, not {type(text).__name__}")
    if hole_cards not in (4, 5, 6) or isinstance(hole_cards, bool):
        raise ValueError(f"hole_cards must be 4, 5 or 6, not {hole_cards!r}")
    if not text.strip():
        raise ValueError("an Omaha range needs at least one pattern, got empty text")
    items: list[tuple[_Chain, float]] = []
    try:
        start = 0
        depth = 0
        for pos in range(len(text) + 1):
            ch = text[pos] if pos < len(text) else ","
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth = max(depth - 1, 0)
            if (ch != "," or depth) and pos < len(text):
                continue
            end = pos
            weight = 1.0
            colon = text.rfind(":", start, end)
            tail = text[colon + 1:end].strip() if colon >= 0 else ""
            if tail and (tail[0].isdigit() or tail[0] == "."):
                weight = _parse_weight(tail, colon + 1, text)
                end = colon
            items.append((_parse_chain(text, start, end, hole_cards), weight))
            start = pos + 1
    except _Syntax as exc:
        raise ValueError(str(exc)) from None
    kept: list[npt.NDArray[np.uint8]] = []
    kept_weights: list[npt.NDArray[np.float64]] = []
    start = 0
    for hands in _chunks(hole_cards):
        weights = np.zeros(hands.shape[0])
        columns = _PackedColumns(hands, start)
        start += hands.shape[0]
        for chain, weight in items:
            weights[_eval_chain(chain, columns, hole_cards)] = weight
        hit = weights > 0
        kept.append(hands[hit])
        kept_weights.append(weights[hit])
    return OmahaRange(text, hole_cards, np.ascontiguousarray(np.vstack(kept)),
                      np.concatenate(kept_weights))
