"""Hand evaluation: the rank of a hand, of a batch of hands, and what a rank means.

Every hand of 5, 6 or 7 cards gets the rank of the best five-card hand in it, an integer from
1 (the worst hand, 7-5-4-3-2 of mixed suits) to 7462 (a royal flush). A higher rank beats a
lower one and equal ranks tie (split the pot): the 7,462 ranks are the equivalence classes of
five-card poker hands, in order. ``category`` maps a rank to one of the nine categories
(``HandCategory``), ``describe`` says it in words, and ``best_five`` finds the five cards.

``evaluate`` ranks one hand in a small C extension (``pokerkeys._kernels.one_hand``; under a
tenth of a microsecond), or in plain Python where the extension is not built or the input is
unusual (about a microsecond; the Python path checks the cards and names every problem);
``evaluate_batch`` ranks an array of hands in a Numba kernel on one or more threads, which
checks every row for bad ids and repeated cards as it goes.

With ``game='shortdeck'`` every function here ranks short-deck hands (six-plus hold'em: 36
cards, A-6-7-8-9 a straight, a flush over a full house, three of a kind over a straight unless
``rules='straight-beats-trips'``) on the short-deck scale, 1 (J-9-8-7-6) to 1404 (royal flush),
with the same kernels and short-deck rank tables (``pokerkeys.core.shortdeck``).

Examples
--------
>>> import pokerkeys as pk
>>> pk.evaluate("As Ks Qs Js Ts"), pk.evaluate("7c 5d 4h 3s 2c")
(7462, 1)
>>> pk.describe("7c 7d 2h 2s Kd 9c 3h")
'Two pair, sevens and twos'
>>> pk.evaluate("As Ks Qs Js Ts", game="shortdeck")
1404
"""
from __future__ import annotations

import enum
import sys
import sysconfig
import threading
import weakref
from array import array
from collections.abc import Callable, Sequence
from functools import cache, partial
from itertools import combinations
from typing import TYPE_CHECKING, Any, overload

import numpy as np
import numpy.typing as npt

from .. import _jit, _layout
from .._kernels import evaluate as _k
from .._kernels import one_hand as _one_hand
from . import shortdeck as _sd
from ._ranking import N_CLASSES, rank_values
from .cards import _TWO_CHAR_CARDS, N_CARDS, format_cards, parse_cards
from .shortdeck import Game, Rules, check_short_deck, resolve_rules
from .tables import EvalTables, eval_tables, shortdeck_tables

if TYPE_CHECKING:
    from .types import CardArray, CardsLike, HandBatch, InvalidRows, RankArray, Threads

__all__ = ["BATCH_KERNELS", "CATEGORY_OF_RANK", "CATEGORY_STARTS", "INVALID_ROWS",
           "HandCategory", "best_five", "category", "describe", "evaluate", "evaluate_batch",
           "kernel_args", "rank_one", "showdown_ranks"]


class HandCategory(enum.IntEnum):
    """The nine categories of poker hands, worst (1) to best (9).

    An ``IntEnum``: members compare and sort as their numbers, and ranks of a higher category
    always beat ranks of a lower one. ``category`` gives the category of a rank.

    Attributes
    ----------
    HIGH_CARD : 1
        Ranks 1..1277.
    PAIR : 2
        Ranks 1278..4137.
    TWO_PAIR : 3
        Ranks 4138..4995.
    THREE_OF_A_KIND : 4
        Ranks 4996..5853.
    STRAIGHT : 5
        Ranks 5854..5863.
    FLUSH : 6
        Ranks 5864..7140.
    FULL_HOUSE : 7
        Ranks 7141..7296.
    FOUR_OF_A_KIND : 8
        Ranks 7297..7452.
    STRAIGHT_FLUSH : 9
        Ranks 7453..7462 (7462: the royal flush).
    label : str
        The category in words, as a sentence starts: ``'Three of a kind'``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.HandCategory.FULL_HOUSE > pk.HandCategory.FLUSH
    True
    >>> pk.HandCategory(4).label
    'Three of a kind'
    >>> pk.category(pk.evaluate("Ah Kh Qh 9h 2h"))
    <HandCategory.FLUSH: 6>
    """

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


#: Lowest rank of each category, HIGH_CARD .. STRAIGHT_FLUSH, and one past the best rank.
CATEGORY_STARTS = np.array([1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453, 7463])
#: rank -> category number (uint8, 0 for rank 0), a lookup table so that ``category`` works on
#: arrays with one fancy index.
CATEGORY_OF_RANK = np.concatenate(
    [[0], np.repeat(np.arange(1, 10, dtype=np.uint8), np.diff(CATEGORY_STARTS))]
).astype(np.uint8)

#: rank -> its HandCategory member, for ``category`` of one Hold'em rank (the entry of rank
#: 0, which is no rank, is never read).
_CATEGORY_OF_RANK: tuple[HandCategory, ...] = tuple(
    map(tuple(HandCategory).__getitem__, (CATEGORY_OF_RANK.astype(np.intp) - 1).tolist()))

_SINGULAR = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
             "queen", "king", "ace")
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def kernel_args(n: int) -> tuple[npt.NDArray[Any], ...]:
    """The tables an n-card evaluation kernel takes after its own arguments.

    Kernels that rank hands with ``_kernels.evaluate.rank_of_key`` take these six arrays, in
    this order; the hash constants are compiled into the kernels.

    Parameters
    ----------
    n : int
        Hand size: 5, 6 or 7.

    Returns
    -------
    tuple of numpy.ndarray
        ``EvalTables.as_tuple()`` of the hand size: card keys, flush keys, flush suit, hash
        base, hash ranks, flush ranks.

    Raises
    ------
    ValueError
        If ``n`` is not 5, 6 or 7.
    pokerkeys.TableError
        If a table file is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.evaluate import kernel_args
    >>> [table.dtype.name for table in kernel_args(7)]
    ['uint32', 'uint64', 'int8', 'uint16', 'uint16', 'uint16']
    """
    return eval_tables(n).as_tuple()


def _tables(n: int, rules: Rules | None) -> EvalTables:
    """The n-card tables of Hold'em (rules None) or of short deck with the rule order."""
    return eval_tables(n) if rules is None else shortdeck_tables(n, rules)


def _scale(rules: Rules | None) -> tuple[int, npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """(number of ranks, rank -> category number, rank -> (category, significant ranks))
    of Hold'em (rules None) or of short deck with the rule order."""
    if rules is None:
        return N_CLASSES, CATEGORY_OF_RANK, rank_values()
    return _sd.N_CLASSES, _sd.category_of_rank(rules), _sd.rank_values(rules)


@cache
def _python_tables(n: int, rules: Rules | None = None) -> tuple[Any, ...]:
    """The n-card tables as Python lists, with the hash constants.

    One hand is ranked in plain Python (about 1 us): faster than a kernel call's dispatch, and
    `pokerkeys eval` never pays the 0.2-0.3 s Numba spends setting itself up for its first
    cached kernel in a process.
    """
    t = _tables(n, rules)
    return (t.card_keys.tolist(), t.flush_keys.tolist(), t.flush_suit.tolist(),
            t.hash_base.tolist(), t.hash_ranks.tolist(), t.flush_ranks.tolist(),
            *_k.hash_constants(n))


def rank_one(ids: Sequence[int] | CardArray, rules: Rules | None = None) -> int:
    """Rank of 5-7 valid card ids, without any check.

    ``_kernels.evaluate.rank_of_key`` step for step, in plain Python: for a caller that has
    already checked its cards (``evaluate`` checks them and calls this).

    Parameters
    ----------
    ids : sequence or array of int
        5, 6 or 7 distinct card ids 0..51 (16..51 in short deck). Anything else gives a wrong
        rank (0 for a short-deck hand with a lower card, mostly) or an ``IndexError``, not a
        helpful message.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        None (default): a Hold'em rank; else the short-deck rank with that rule order.

    Returns
    -------
    int
        The rank, 1..7462 (short deck: 1..1404), higher is better.

    Examples
    --------
    >>> from pokerkeys.core.evaluate import rank_one
    >>> rank_one([51, 47, 43, 39, 35]), rank_one([51, 47, 43, 39, 35], "trips-beat-straight")
    (7462, 1404)
    """
    card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask, \
        shift = _python_tables(len(ids), rules)
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


# One hand in plain Python: each card is one Python int that holds every field its hand needs,
# so a hand's sum of them (one dict read and one addition per card) has it all at once:
#   bits   0..8    the suit key (any 7 sum to at most 259: no carry out of 9 bits);
#   bits   9..47   the face key times HASH_MULT (7 * 1,479,181 * 4097 < 2**36), so the low
#                  HASH_BITS[n] bits of the field are the non-flush hash h with no multiply;
#   bits  48..111  the four 16-bit per-suit flush fields (each suit's flush-key sum < 2**16);
#   bits 112..163  the card's bit, 1 << (112 + id): the sum's bits up there number n exactly
#                  when no card repeats (a repeated card carries, and a carry loses a bit).
# Lookups go through dicts keyed by exact ints (or two-character names), so an id outside 0..51
# is a KeyError; a bool, 1.0 or a NumPy number hash like the int they equal, so the callers
# check the exact type first and leave everything else to the checking path.
_FACE_AT = _layout.SUIT_BITS
_FLUSH_AT = 48
_CARDS_AT = _FLUSH_AT + 4 * _layout.FLUSH_FIELD_BITS
_FIELD_BITS = _layout.FLUSH_FIELD_BITS
_FLUSH_FIELD = (1 << _FIELD_BITS) - 1
_SUIT_MASK = _layout.SUIT_MASK


class _HandTables:
    """One hand size's tables for ranking one hand in plain Python (see the layout above)."""

    __slots__ = ("cards", "text", "flush_suit", "row_base", "ranks", "flush_ranks", "low_mask",
                 "row_shift", "col_mask")

    def __init__(self) -> None:
        self.cards: dict[int, int] = {}  # card id -> the card's int
        self.text: dict[str, int] = {}  # two-character card ('As', 'as', 'A♠', ...) -> the same
        self.flush_suit: list[int] = []  # suit-key sum -> suit with 5+ cards, or -1
        self.row_base = array("H")  # the non-flush hash: row bases and ranks (uint16 arrays
        self.ranks = array("H")  # stay in the cache where lists of int objects do not)
        self.flush_ranks = array("H")
        self.low_mask = self.row_shift = self.col_mask = 0

    def fill(self, n: int, rules: Rules | None = None) -> None:
        """Fill the tables of n-card hands in place: Hold'em's (rules None) or short deck's
        with that rule order, whose dicts hold only the short deck's cards (dicts last: a
        filled dict says that everything else is filled)."""
        t = _tables(n, rules)
        mult, hmask, shift = _k.hash_constants(n)
        card_keys, flush_keys = t.card_keys.tolist(), t.flush_keys.tolist()
        if (max(card_keys) >> _layout.SUIT_BITS) * mult * 7 >= 1 << (_FLUSH_AT - _FACE_AT):
            raise AssertionError("the face field of a one-hand key overflows")  # pragma: no cover
        ints = [(key & _layout.SUIT_MASK) | ((key >> _layout.SUIT_BITS) * mult << _FACE_AT)
                | (flush << _FLUSH_AT) | (1 << (_CARDS_AT + card))
                for card, (key, flush) in enumerate(zip(card_keys, flush_keys, strict=True))]
        self.flush_suit[:] = t.flush_suit.tolist()
        self.row_base[:] = array("H", t.hash_base.tolist())
        self.ranks[:] = array("H", t.hash_ranks.tolist())
        self.flush_ranks[:] = array("H", t.flush_ranks.tolist())
        self.low_mask = (hmask << _FACE_AT) | _layout.SUIT_MASK
        self.row_shift = _FACE_AT + shift
        self.col_mask = (1 << shift) - 1
        # Each dict is made whole first: one update from a dict runs without a thread switch,
        # so another thread never sees a half-filled table.
        self.text.update({name: ints[card] for name, card in _TWO_CHAR_CARDS.items()
                          if card >= t.first_card})
        self.cards.update({card: ints[card] for card in range(t.first_card, N_CARDS)})
        if rules is None:  # the C fast paths read the same Hold'em tables
            _one_hand.set_tables(n, t.card_keys, t.flush_keys, t.flush_suit, t.hash_base,
                                 t.hash_ranks, t.flush_ranks, (mult, hmask, shift))

    def rank(self, key: int, n: int) -> int:
        """Rank of a hand from its key sum; 0 if its cards are not n distinct cards."""
        if (key >> _CARDS_AT).bit_count() != n:
            return 0
        low = key & self.low_mask
        suit = self.flush_suit[low & _layout.SUIT_MASK]
        if suit < 0:
            return self.ranks[self.row_base[low >> self.row_shift]
                              + ((low >> _FACE_AT) & self.col_mask)]
        return self.flush_ranks[(key >> (_FLUSH_AT + _layout.FLUSH_FIELD_BITS * suit))
                                & _FLUSH_FIELD]


#: Hand size -> its one-hand tables, empty until ``_hand_tables`` fills them.
_ONE_HAND = {n: _HandTables() for n in _layout.HAND_SIZES}
# The 7-card ones by name, for evaluate's inlined path (module globals are quick to read).
_HAND_7 = _ONE_HAND[7]
_CARD_7, _FLUSH_SUIT_7, _ROW_BASE_7, _RANKS_7, _FLUSH_RANKS_7 = (
    _HAND_7.cards, _HAND_7.flush_suit, _HAND_7.row_base, _HAND_7.ranks, _HAND_7.flush_ranks)
_LOW_7 = (((1 << _layout.HASH_BITS[7]) - 1) << _FACE_AT) | _layout.SUIT_MASK
_ROW_7 = _FACE_AT + _layout.HASH_SHIFT[7]
_COL_7 = (1 << _layout.HASH_SHIFT[7]) - 1


def _hand_tables(n: int) -> _HandTables:
    """The n-card one-hand tables, filled on first use."""
    tables = _ONE_HAND[n]
    if not tables.cards:
        tables.fill(n)
    return tables


@cache
def _short_hand_tables(n: int, rules: Rules) -> _HandTables:
    """The n-card one-hand tables of short deck with a rule order."""
    tables = _HandTables()
    tables.fill(n, rules)
    return tables


def _rank_of_short_hand(cards: object, rules: Rules) -> int:
    """Short-deck rank of 5-7 cards as exact-int ids (list, tuple, integer NumPy row) or
    two-character names; 0 for anything else, a card below the six included (the caller
    then takes the checking path, which names the problem)."""
    if type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
        cards = cards.tolist()
    if type(cards) is str:
        names: Sequence[Any] = _card_names(cards)
        text = True
    elif type(cards) is list or type(cards) is tuple:
        names, text = cards, False
        if any(type(card) is not int for card in names):
            return 0
    else:
        return 0
    n = len(names)
    if not 5 <= n <= 7:
        return 0
    tables = _short_hand_tables(n, rules)
    return tables.rank(_key_sum(names, tables.text if text else tables.cards)[0], n)


def _rank_of_ids(ids: Sequence[object]) -> int:
    """Rank of 5-7 exact-int card ids in plain Python; 0 if they are anything else (a bad or
    repeated id, a bool, a float, another count): the caller then takes the checking path."""
    n = len(ids)
    if not 5 <= n <= 7:
        return 0
    tables = _hand_tables(n)
    cards = tables.cards
    key = 0
    for card in ids:
        if type(card) is not int:
            return 0
        value = cards.get(card)
        if value is None:
            return 0
        key += value
    return tables.rank(key, n)


def _rank_of_text(text: str) -> int:
    """Rank of a hand written as two-character cards ('AsKd...' or 'As Kd ...'); 0 if the
    text is anything else (the caller then takes the parsing path, which names the problem)."""
    if len(text) == 14:  # seven cards run together, the common string: slices, no list
        cards = _HAND_7.text
        try:
            key = (cards[text[0:2]] + cards[text[2:4]] + cards[text[4:6]] + cards[text[6:8]]
                   + cards[text[8:10]] + cards[text[10:12]] + cards[text[12:14]])
        except KeyError:
            key = 0
        if key:
            return _HAND_7.rank(key, 7)
    names = _card_names(text)
    n = len(names)
    if not 5 <= n <= 7:
        return 0
    tables = _hand_tables(n)
    return tables.rank(_key_sum(names, tables.text)[0], n)


def _card_names(text: str) -> list[str]:
    """The two-character pieces of a hand's text: its words, or one word cut in pairs."""
    names = text.split()
    if len(names) == 1:  # cards run together
        run = names[0]
        names = [run[i:i + 2] for i in range(0, len(run), 2)]
    return names


def _plain_key(cards: object) -> tuple[int, int]:
    """(key sum, number of cards) of cards written as two-character names or exact-int ids,
    on the 7-card keys; (0, -1) for anything else."""
    if type(cards) is str:
        return _key_sum(_card_names(cards), _HAND_7.text)
    if type(cards) is list or type(cards) is tuple:
        if any(type(card) is not int for card in cards):
            return 0, -1
        return _key_sum(cards, _HAND_7.cards)
    return 0, -1


def _key_sum(names: Sequence[Any], lookup: dict[Any, int]) -> tuple[int, int]:
    """(sum of lookup[name], number of names); (0, -1) if a name is not in lookup."""
    key = 0
    for name in names:
        value = lookup.get(name)
        if value is None:
            return 0, -1
        key += value
    return key, len(names)


@_one_hand.fast_path("showdown_ranks")
def showdown_ranks(hands: Sequence[CardsLike], board: CardsLike | None = None
                   ) -> list[int] | None:
    """Hold'em ranks of hands sharing a board, in plain Python, or None if anything is unusual.

    The quick path of one showdown (``pokerkeys.winners``): each hand and the board as text of
    two-character cards (``'As Kd'``, ``'AsKd'``) or a list or tuple of int ids, 6 or 7 cards a
    hand with the board, no card in two places. Anything else gives None, and the caller takes
    its checking path, which says what is wrong.

    Parameters
    ----------
    hands : sequence of str, list or tuple
        Each player's hole cards.
    board : str, list or tuple, optional
        The community cards (none if omitted).

    Returns
    -------
    list of int or None
        Each hand's rank with the board, 1..7462, in the order of ``hands``; None if a hand or
        the board is not in one of the forms above, a hand and the board hold fewer than 6 or
        more than 7 cards, a card is unknown or in two places, or there is no hand.

    Examples
    --------
    >>> from pokerkeys.core.evaluate import showdown_ranks
    >>> showdown_ranks(["As Ks", "Qd Qc"], board="Ah 7c 2d 9s 4h")
    [4109, 3669]
    >>> showdown_ranks(["As Ks", "Ah Kd"], board="Ah 7c 2d 9s 4h") is None  # Ah twice
    True
    """
    if not hands:
        return None
    _hand_tables(6)
    _hand_tables(7)
    board_key, board_size = (0, 0) if board is None else _plain_key(board)
    if board_size < 0:
        return None
    held, count = board_key >> _CARDS_AT, board_size  # every card's bit, summed
    keys = []
    for hand in hands:
        key, size = _plain_key(hand)
        if not 6 <= size + board_size <= 7:
            return None
        held += key >> _CARDS_AT
        count += size
        keys.append((key + board_key, size + board_size))
    if held.bit_count() != count:  # a card in two places
        return None
    return [_ONE_HAND[n].rank(key, n) for key, n in keys]


#: The batch evaluator of each hand size: ``(flat card bytes, out, *rank_batch_tuple())`` ->
#: the number of bad rows, ranked on the threads of the caller's ``_jit.threads`` block.
BATCH_KERNELS: dict[int, Callable[..., int]] = {n: partial(_k.rank_batch, n) for n in (5, 6, 7)}


@_one_hand.fast_path("evaluate")
def evaluate(cards: CardsLike, *, game: Game = "holdem", rules: Rules | None = None) -> int:
    """Rank of a 5-, 6- or 7-card hand: 1 (worst) .. 7462 (royal flush), higher is better.

    Of 6 or 7 cards, the rank is that of the best five among them. Two hands with equal ranks
    tie. The ranks are the 7,462 classes of five-card hands in order, so the rank says
    everything about a hand's strength: ``category`` and ``describe`` read it. Short deck
    (``game='shortdeck'``) has its own scale, 1..1404.

    Parameters
    ----------
    cards : str, sequence of str or int, or array of int
        The hand, in any form ``parse_cards`` reads: ``'As Ks Qs Js Ts'``, ``'AsKsQsJsTs'``,
        ``['As', 'Ks', ...]``, card ids ``[51, 47, ...]``. The order does not matter.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The ranking: Hold'em's, or short deck's (six-plus hold'em: cards 6 through A,
        A-6-7-8-9 a straight, a flush beats a full house).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: which of three of a kind and straight is higher; default
        ``'trips-beat-straight'``.

    Returns
    -------
    int
        The rank, 1..7462 (short deck: 1..1404).

    Raises
    ------
    ValueError
        If the hand does not have 5, 6 or 7 cards, a card is unknown or an id outside 0..51,
        or a card appears twice; in short deck, if a card is below the six (the message
        names it); if ``game`` or ``rules`` is unknown, or rules are given for Hold'em.
    TypeError
        If ``cards`` is neither text nor integer ids (bytes, floats, ...).
    pokerkeys.TableError
        If a table file is missing or damaged (at the first evaluation of a process).

    See Also
    --------
    evaluate_batch : Many hands at once, as an array.
    describe : The hand in words.

    Notes
    -----
    One Hold'em hand is ranked in C by the package's small extension, with no compiled
    kernel and no arrays made. The fastest inputs, about equally fast, are a string of
    two-character cards (``'AsKdQh7c7d2s9h'`` or ``'As Kd Qh 7c 7d 2s 9h'``) and a list or
    tuple of int card ids, about 0.06 us a call; a NumPy row of ids takes about 0.1 us (AMD
    EPYC, quiet host; ``benchmarks/test_bench_single.py`` measures them beside eval7, whose
    call took 0.42 us on its own prebuilt cards in the same run). Keyword arguments
    (``game``, ``rules``), other input types, short deck and bad input take the plain-Python
    path, which gives the same ranks (about a microsecond) and names every problem; so does
    every input where the extension is not built. Many hands at once are far faster through
    ``evaluate_batch``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.evaluate("As Ks Qs Js Ts")
    7462
    >>> pk.evaluate("7c 7d 2h 2s Kd 9c 3h")
    4257
    >>> pk.evaluate("Ah Kh 2c 2d 9s 5c 3h") == pk.evaluate("As Kd 2c 2d 9s 5c 3h")  # a tie
    True
    >>> pk.evaluate("As Ks")
    Traceback (most recent call last):
    ...
    ValueError: a hand to evaluate has 5, 6 or 7 cards, not 2 (As Ks)

    Short deck: A-6-7-8-9 is the lowest straight, and by default three of a kind beats it.

    >>> pk.evaluate("Ah 6c 7d 8s 9h", game="shortdeck")
    877
    >>> trips, straight = "9c 9d 9h As Kd", "Ah 6c 7d 8s 9h"
    >>> pk.evaluate(trips, game="shortdeck") > pk.evaluate(straight, game="shortdeck")
    True
    >>> rules = "straight-beats-trips"
    >>> pk.evaluate(trips, game="shortdeck", rules=rules) > pk.evaluate(
    ...     straight, game="shortdeck", rules=rules)
    False
    >>> pk.evaluate("Ah 5c 7d 8s 9h", game="shortdeck")
    Traceback (most recent call last):
    ...
    ValueError: 5c is not a short-deck card (short deck plays 6 through A)
    """
    if game == "holdem" and rules is None:
        if type(cards) is list or type(cards) is tuple:
            # Seven ids, the common call, written out: seven dict reads, six additions, one
            # lookup (see _HandTables). Anything unusual goes to the checking path.
            try:
                a, b, c, d, e, f, g = cards
            except ValueError:  # not seven: quicker to find out than asking len() each call
                return _rank_of_ids(cards) or _evaluate_checked(cards, game, rules)
            if type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is type(g) is int:
                card = _CARD_7
                try:
                    key = card[a] + card[b] + card[c] + card[d] + card[e] + card[f] + card[g]
                except KeyError:  # an id outside 0..51, or the tables not filled yet
                    key = 0
                if (key >> _CARDS_AT).bit_count() == 7:
                    low = key & _LOW_7
                    suit = _FLUSH_SUIT_7[low & _SUIT_MASK]
                    if suit < 0:
                        return _RANKS_7[_ROW_BASE_7[low >> _ROW_7] + ((low >> _FACE_AT) & _COL_7)]
                    return _FLUSH_RANKS_7[(key >> (_FLUSH_AT + _FIELD_BITS * suit))
                                          & _FLUSH_FIELD]
        elif type(cards) is str:
            rank = _rank_of_text(cards)
            if rank:
                return rank
        elif type(cards) is np.ndarray and cards.ndim == 1 and cards.dtype.kind in "iu":
            # Its Python ints take the list path, which meets any bad id with the same error.
            return evaluate(cards.tolist())
    elif game == "shortdeck":
        short = resolve_rules(game, rules)  # (what the checking path raises for bad rules)
        rank = _rank_of_short_hand(cards, short) if short is not None else 0
        if rank:
            return rank
    return _evaluate_checked(cards, game, rules)


def _evaluate_checked(cards: CardsLike, game: Game, rules: Rules | None) -> int:
    """``evaluate`` with every check, the errors named: the path of anything the plain
    Python paths do not take (short deck, other input types, bad input)."""
    short = resolve_rules(game, rules)
    ids = parse_cards(cards)
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"a hand to evaluate has 5, 6 or 7 cards, not {len(ids)} "
                         f"({format_cards(ids) or 'no cards'})")
    if short is not None:
        check_short_deck(ids)
        return rank_one(ids, short)
    tables = _hand_tables(len(ids))
    return tables.rank(sum(map(tables.cards.__getitem__, ids.tolist())), len(ids))


def _parse_row(text: str, invalid: InvalidRows) -> CardArray | None:
    """Card ids of one hand string of a batch; None if it does not parse and invalid='zero'."""
    try:
        return parse_cards(text, allow_duplicates=True)
    except ValueError:
        if invalid == "raise":
            raise
        return None


def _batch_array(cards: HandBatch, invalid: InvalidRows = "raise") -> CardArray:
    """Validate the shape and dtype of a batch and return it as a C-contiguous uint8 array.

    Ids outside 0..51 in wider integer types raise, or with invalid='zero' become 255, which
    the kernel rejects like any other bad id. NumPy text arrays are read as text: (N,) hands
    or (N, k) cards."""
    if isinstance(cards, np.ndarray) and cards.dtype.kind == "U" and cards.ndim in (1, 2):
        cards = cards.tolist() if cards.ndim == 1 else [" ".join(r) for r in cards.tolist()]
    if isinstance(cards, np.ndarray):
        array = cards
    else:
        # (ArrayLike names scalars too, which list() rejects with a TypeError, as it should)
        rows: list[Any] = list(cards)  # type: ignore[arg-type]
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


def _explain_bad_row(array: CardArray, row: int) -> str:
    ids = array[row]
    if ids.max() >= N_CARDS:
        return f"row {row}: card id {int(ids.max())} is outside 0..51"
    counts = np.bincount(ids, minlength=N_CARDS)
    if counts.max() < 2:  # a short-deck row holding a card below the six
        try:
            check_short_deck(ids, f"row {row}")
        except ValueError as error:
            return str(error)
    dup = int(np.flatnonzero(counts > 1)[0])
    return f"row {row}: duplicate card {format_cards([dup])} in {format_cards(ids)}"


def _check_out(out: object, n_rows: int) -> None:
    """Raise if ``out`` is not an array the batch kernel can write n_rows ranks into."""
    if not isinstance(out, np.ndarray):
        raise TypeError(f"out must be a NumPy array of dtype uint16, not {type(out).__name__}")
    if out.dtype != np.uint16:
        raise TypeError(f"out must have dtype uint16 (the ranks' type), not {out.dtype}")
    if out.shape != (n_rows,):
        raise ValueError(f"out must have shape ({n_rows},), one rank per hand, not {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("out must be C-contiguous and writeable")


class _SpareOutputs:
    """Outputs of ``evaluate_batch`` kept for reuse once their callers have let go of them.

    A fresh output of millions of ranks costs its page faults on every call (10M hands: 20 MB,
    up to 800 faults and 2.7-6.6 ms of system time a call when the previous answer is still
    held, on a 22 ms call; none with ``out=``). So the last outputs of 1-32 MB are kept here,
    and one that nothing else references any more (no name, no view, no buffer, no weak
    reference) is handed out again instead of a new array: nobody can see the difference.
    At most ``_KEEP`` arrays are held, 64 MB in all: three, as a caller that holds its last
    answer while it asks for the next, and a thread of ``_jit.run_chunks``' pool that may
    still hold the arguments of the last call a while, leave the third one free.
    """

    _KEEP = 3
    _SMALLEST = 1 << 20
    _LARGEST = 1 << 25
    _TOTAL = 1 << 26
    # Only where sys.getrefcount counts every reference: CPython with its GIL (not PyPy, not
    # the free-threaded build's deferred counts).
    _COUNTS_EXACT = (sys.implementation.name == "cpython"
                     and not sysconfig.get_config_var("Py_GIL_DISABLED"))

    def __init__(self) -> None:
        self._arrays: list[RankArray] = []
        self._lock = threading.Lock()

    def take(self, n_rows: int) -> RankArray:
        """An uninitialised uint16 array of n_rows: a spare one nobody holds, else a new one."""
        if not (self._COUNTS_EXACT and self._SMALLEST <= 2 * n_rows <= self._LARGEST):
            return np.empty(n_rows, dtype=np.uint16)
        with self._lock:
            for i in range(len(self._arrays)):
                # held only by the list and getrefcount's argument: the caller let go of it
                if (self._arrays[i].shape[0] == n_rows and sys.getrefcount(self._arrays[i]) == 2
                        and weakref.getweakrefcount(self._arrays[i]) == 0):
                    return self._arrays.pop(i)
        return np.empty(n_rows, dtype=np.uint16)

    def keep(self, out: RankArray) -> None:
        """Remember an output handed to a caller (the oldest spare makes room)."""
        if not self._SMALLEST <= out.nbytes <= self._LARGEST:
            return
        with self._lock:
            self._arrays.append(out)
            while (len(self._arrays) > self._KEEP
                   or sum(a.nbytes for a in self._arrays) > self._TOTAL):
                del self._arrays[0]


_SPARE_OUTPUTS = _SpareOutputs()

#: The values ``evaluate_batch``'s ``invalid`` takes.
INVALID_ROWS = ("raise", "zero")


def evaluate_batch(cards: HandBatch, *, threads: Threads = None,
                   invalid: InvalidRows = "raise", game: Game = "holdem",
                   rules: Rules | None = None, out: RankArray | None = None) -> RankArray:
    """Ranks of many hands at once: 1 (worst) .. 7462 (royal flush), higher is better.

    The same ranks as ``evaluate``, from a compiled kernel on ``threads`` threads (hundreds
    of millions of hands a second). Every row is checked inside the kernel: ids in 0..51, no
    card twice, and in short deck no card below the six (the short-deck tables rank such a
    row 0).

    Parameters
    ----------
    cards : array_like
        An (N, k) integer array of card ids, k in 5, 6, 7 (uint8 is used as it is; other
        integer types are converted), or a sequence of N hand strings with the same number of
        cards each (``['As Ks Qs Js Ts', '7c 7d 2h 2s Kd']``), or a NumPy text array: (N,)
        hands or (N, k) cards.
    threads : int, optional
        How many threads the kernel may use (default: all that Numba uses). Results never
        depend on it.
    invalid : {'raise', 'zero'}, default 'raise'
        What a bad row does: an id outside 0..51, a card twice, a hand string that does not
        parse, in short deck a card below the six. ``'raise'`` raises a ValueError naming the
        first bad row; ``'zero'`` gives it rank 0, which no hand has, so data with bad rows
        is ranked in one pass and filtered afterwards (``ranks > 0``).
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The ranking, as in ``evaluate``: short-deck ranks run 1..1404.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).
    out : numpy.ndarray, optional
        Where to write the ranks: a C-contiguous, writeable uint16 array of shape (N,), used
        as it is, so a caller ranking batch after batch allocates nothing per call. Without
        it, an earlier output of 1-32 MB that nothing references any more (no name, view or
        weak reference) is used again, else a new array is made (a new 20 MB output for 10
        million hands costs its page faults). When a bad row raises, ``out`` holds the ranks
        written so far.

    Returns
    -------
    numpy.ndarray
        The ranks, uint16, shape (N,): row i's rank at i (0 for a bad row with
        ``invalid='zero'``); ``out`` itself if given.

    Raises
    ------
    ValueError
        With ``invalid='raise'``: if a row holds an id outside 0..51 or a card twice, or in
        short deck a card below the six (the message names the row and the card), or a hand
        string does not parse (the message names the card). Either way: if the rows do not
        all hold 5, 6 or 7 cards, or hold different numbers of cards (a batch needs one hand
        size), if ``cards`` is not two-dimensional, if ``invalid``, ``game`` or ``rules`` is
        not one of its values (or rules are given for Hold'em), or if ``threads`` is not a
        positive integer; if ``out`` does not have shape (N,) or is not C-contiguous and
        writeable.
    TypeError
        If the card ids are not integers (a float array, say), or ``out`` is not a NumPy
        array of dtype uint16.
    pokerkeys.TableError
        If a table file is missing or damaged.

    See Also
    --------
    evaluate : One hand.
    category : The categories of an array of ranks.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.evaluate_batch(["As Ks Qs Js Ts", "7c 7d 2h 2s Kd"])
    array([7462, 4257], dtype=uint16)
    >>> hands = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 20]], dtype=np.uint8)
    >>> pk.evaluate_batch(hands, threads=1)
    array([7462, 5864], dtype=uint16)
    >>> ranks = np.empty(2, dtype=np.uint16)  # reused from call to call
    >>> pk.evaluate_batch(hands, out=ranks) is ranks, ranks
    (True, array([7462, 5864], dtype=uint16))
    >>> pk.evaluate_batch(["As Ks Qs Js Ts", "As As 2c 3c 4c", "Xx Ks Qs Js Ts"], invalid="zero")
    array([7462,    0,    0], dtype=uint16)
    >>> pk.evaluate_batch(["As Ks Qs Js Ts", "As As 2c 3c 4c"])
    Traceback (most recent call last):
    ...
    ValueError: row 1: duplicate card As in As As 2c 3c 4c
    >>> pk.evaluate_batch(["As Ks Qs Js Ts", "Ah 6c 7d 8s 9h"], game="shortdeck")
    array([1404,  877], dtype=uint16)
    >>> pk.evaluate_batch(["As Ks Qs Js Ts", "Ah 6c 7d 8s 2h"], game="shortdeck")
    Traceback (most recent call last):
    ...
    ValueError: row 1: 2h is not a short-deck card (short deck plays 6 through A)
    """
    if invalid not in INVALID_ROWS:
        raise ValueError(f"invalid must be one of {', '.join(map(repr, INVALID_ROWS))}, "
                         f"not {invalid!r}")
    short = resolve_rules(game, rules)
    array = _batch_array(cards, invalid)
    fresh = out is None
    if out is None:
        out = _SPARE_OUTPUTS.take(len(array))
    else:
        _check_out(out, len(array))
    if len(array):
        with _jit.threads(threads):
            n = array.shape[1]
            # The kernel reads the rows as one flat run of bytes: a view, no copy, and a
            # read-only one whatever the caller's array is (a memory-mapped file is read-only),
            # so one compiled signature serves both (see the kernel's declared signature).
            flat = array.reshape(-1).view()
            flat.setflags(write=False)
            tables = _tables(n, short).rank_batch_tuple()
            bad_rows = BATCH_KERNELS[n](flat, out, *tables)
        # The kernel counts bad ids and repeated cards; a short-deck row with a card below
        # the six ranks 0 through the tables without being counted, so short deck looks.
        if invalid == "raise" and (bad_rows or (short is not None and out.min() == 0)):
            raise ValueError(_explain_bad_row(array, int(np.argmin(out))))
    if fresh:
        _SPARE_OUTPUTS.keep(out)
    return out


def _check_ranks(ranks: npt.NDArray[Any], n_classes: int = N_CLASSES) -> None:
    if ranks.dtype.kind not in "iu":
        raise TypeError(f"ranks must be integers, not {ranks.dtype}")
    if ranks.size and (ranks.min() < 1 or ranks.max() > n_classes):
        bad = ranks[(ranks < 1) | (ranks > n_classes)].ravel()[0]
        raise ValueError(f"rank {int(bad)} is outside 1..{n_classes}")


@overload
def category(rank: int | np.integer, *, game: Game = ..., rules: Rules | None = ...
             ) -> HandCategory: ...
@overload
def category(rank: npt.NDArray[np.integer] | Sequence[int], *, game: Game = ...,
             rules: Rules | None = ...) -> npt.NDArray[np.uint8]: ...


@_one_hand.fast_path("category")
def category(rank: int | np.integer | npt.NDArray[np.integer] | Sequence[int], *,
             game: Game = "holdem", rules: Rules | None = None
             ) -> HandCategory | npt.NDArray[np.uint8]:
    """The category of a rank, or the categories of an array of ranks.

    Parameters
    ----------
    rank : int or array_like of int
        A rank 1..7462 (short deck: 1..1404), or an array (or list) of ranks of any shape.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The scale the ranks are on.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the rule order the ranks were made with (default trips first).

    Returns
    -------
    HandCategory or numpy.ndarray
        For one rank, its ``HandCategory``; for an array, the category numbers 1..9 as uint8,
        in the array's shape (compare them with ``HandCategory`` members, which are ints).

    Raises
    ------
    ValueError
        If a rank is outside 1..7462 (short deck: 1..1404), or ``game`` or ``rules`` is
        unknown, or rules are given for Hold'em.
    TypeError
        If the ranks are not integers.

    See Also
    --------
    describe : A rank in words.

    Notes
    -----
    The category numbers are Hold'em's order. In short deck a flush beats a full house (and
    by default three of a kind beats a straight): compare ranks, not category numbers. One
    Hold'em rank given as a Python int, without keyword arguments, is the fastest call: a
    table read in C, about 0.02 us (plain Python where the extension is not built); an array
    of ranks is categorised in one NumPy operation.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.category(7462)
    <HandCategory.STRAIGHT_FLUSH: 9>
    >>> pk.category(pk.evaluate("7c 7d 2h 2s Kd")).label
    'Two pair'
    >>> pk.category(np.array([1, 5000, 7462]))
    array([1, 4, 9], dtype=uint8)
    >>> pk.category(0)
    Traceback (most recent call last):
    ...
    ValueError: rank 0 is outside 1..7462
    >>> pk.category(1207, game="shortdeck")  # short deck's lowest flush
    <HandCategory.FLUSH: 6>
    """
    if type(rank) is int and 0 < rank <= N_CLASSES and game == "holdem" and rules is None:
        return _CATEGORY_OF_RANK[rank]  # one Hold'em rank: a tuple read
    short = resolve_rules(game, rules)
    n_classes, category_of_rank, _ = _scale(short)
    if isinstance(rank, (int, np.integer)) and not isinstance(rank, bool):
        _check_ranks(np.array([rank]), n_classes)
        return HandCategory(int(category_of_rank[int(rank)]))
    ranks = np.asarray(rank)
    _check_ranks(ranks, n_classes)
    return category_of_rank[ranks]


def _rank_arg(cards_or_rank: CardsLike | int | np.integer, game: Game,
              rules: Rules | None) -> int:
    if isinstance(cards_or_rank, (int, np.integer)) and not isinstance(cards_or_rank, bool):
        _check_ranks(np.array([cards_or_rank]), _scale(resolve_rules(game, rules))[0])
        return int(cards_or_rank)
    # What is left is cards, or a bool, which evaluate rejects with a TypeError.
    return evaluate(cards_or_rank, game=game, rules=rules)  # type: ignore[arg-type]


@_one_hand.fast_path("describe")
def describe(cards_or_rank: CardsLike | int | np.integer, *, game: Game = "holdem",
             rules: Rules | None = None) -> str:
    """A hand (or a rank) in words: ``'Full house, eights over kings'``.

    Parameters
    ----------
    cards_or_rank : int, str, sequence of str or int, or array of int
        A rank 1..7462 (short deck: 1..1404; a single integer is read as a rank, not as a
        card id), or a hand of 5, 6 or 7 cards in any form ``evaluate`` takes.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The game the hand is played in (or the scale the rank is on).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the rule order (default trips first).

    Returns
    -------
    str
        The category and the ranks that decide it: ``'Royal flush'``, ``'Straight, five
        high'``, ``'Two pair, aces and nines'``, ``'Pair, kings'``, ``'High card, seven'``.
        Hands with equal ranks get the same words.

    Raises
    ------
    ValueError
        If a rank is outside 1..7462 (short deck: 1..1404), or for a hand, whatever
        ``evaluate`` raises for it (a card below the six in short deck, ...).
    TypeError
        If ``cards_or_rank`` is neither a rank nor cards.

    Notes
    -----
    A Hold'em rank as a Python int is answered in C once its words are made, which the first
    call of each rank does in Python and keeps: about 0.1 us (200,000 random ranks, AMD EPYC,
    quiet host). A hand costs one ``evaluate`` more, in C as a string, a list or tuple of int
    ids or a NumPy row: 0.09 us from seven ids in ``benchmarks/test_bench_single.py``.
    Keyword arguments (``game``, ``rules``) take the plain-Python path.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.describe("7c 7d 2h 2s Kd 9c 3h")
    'Two pair, sevens and twos'
    >>> pk.describe("8c 8d 8h Kc Kd")
    'Full house, eights over kings'
    >>> pk.describe("As 2d 3h 4s 5c")
    'Straight, five high'
    >>> pk.describe(7462), pk.describe(1)
    ('Royal flush', 'High card, seven')
    >>> pk.describe("Ah 6c 7d 8s 9h Kc Kd", game="shortdeck")
    'Straight, nine high'
    >>> pk.describe(1, game="shortdeck")
    'High card, jack'
    """
    if game == "holdem" and rules is None:
        rank = 0
        if type(cards_or_rank) is int:
            rank = cards_or_rank if 0 < cards_or_rank <= N_CLASSES else 0
        elif type(cards_or_rank) in (list, tuple, str):
            rank = evaluate(cards_or_rank)  # type: ignore[arg-type]  # a list, tuple or str
        if rank:
            words = _WORDS.get(rank)
            if words is None:
                words = _WORDS[rank] = _describe_rank(rank, None)
            return words
    return _describe_rank(_rank_arg(cards_or_rank, game, rules), resolve_rules(game, rules))


#: Hold'em rank -> its words, as ``describe`` says them (filled as ranks are asked for).
_WORDS: dict[int, str] = {}
# The C fast paths (when built) read these, and each hand size's tables once they are filled.
_one_hand.set_shared(_CATEGORY_OF_RANK, _WORDS, _TWO_CHAR_CARDS, np.ndarray)


def _describe_rank(rank: int, short: Rules | None) -> str:
    """A checked rank in words, on Hold'em's scale (short None) or short deck's."""
    n_classes, _, values = _scale(short)
    cat, *ranks = (int(v) for v in values[rank])
    kind = HandCategory(cat)
    if rank == n_classes:
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


def best_five(cards: CardsLike, *, game: Game = "holdem",
              rules: Rules | None = None) -> CardArray:
    """The five of 5-7 cards that make the hand's rank.

    Parameters
    ----------
    cards : str, sequence of str or int, or array of int
        A hand of 5, 6 or 7 cards, in any form ``evaluate`` takes.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The ranking the five are the best of.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the rule order (default trips first).

    Returns
    -------
    numpy.ndarray
        Five card ids, uint8, highest card first. When several fives make the rank (a board
        that plays), the one with the highest cards, compared in order, is returned.

    Raises
    ------
    ValueError
        Whatever ``evaluate`` raises for the hand: not 5-7 cards, an unknown or repeated card,
        in short deck a card below the six.
    TypeError
        If ``cards`` is neither text nor integer ids.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.format_cards(pk.best_five("7c 7d 2h 2s Kd 9c 3h"))
    'Kd 7d 7c 2s 2h'
    >>> pk.best_five("As Ks Qs Js Ts 9s 2c")
    array([51, 47, 43, 39, 35], dtype=uint8)
    >>> pk.format_cards(pk.best_five("9c 9d 9h 6s 7c 8d Ah", game="shortdeck"))
    'Ah 9h 9d 9c 8d'
    >>> pk.format_cards(pk.best_five("9c 9d 9h 6s 7c 8d Ah", game="shortdeck",
    ...                              rules="straight-beats-trips"))
    'Ah 9h 8d 7c 6s'
    """
    short = resolve_rules(game, rules)
    ids = parse_cards(cards)
    target = evaluate(ids, game=game, rules=rules)
    for subset in combinations(sorted(ids.tolist(), reverse=True), 5):
        five = np.array(subset, dtype=np.uint8)
        if rank_one(five, short) == target:
            return five
    raise AssertionError("no five cards make the hand's rank")  # pragma: no cover
