"""Short deck (six-plus hold'em): its deck, its two hand orders and its rank scale.

Short deck is Hold'em with the twos through fives taken out: 36 cards, six through ace. Three
things change in the ranking of five-card hands:

* the ace still plays high or low in a straight, so with no five in the deck A-6-7-8-9 is the
  lowest straight (its top card is the nine) and T-J-Q-K-A the highest;
* a flush beats a full house (with nine cards a suit, five-card flushes are rarer than full
  houses: 480 against 1,728 of the 376,992 five-card hands);
* three of a kind beats a straight by default (``rules='trips-beat-straight'``, the Triton
  order, which most rooms follow); some rooms keep the Hold'em order, straight over three of
  a kind (``rules='straight-beats-trips'``).

The 1,404 equivalence classes of short-deck five-card hands (1,278 multisets of 5 of the 9
ranks that are not five of a kind, plus 126 sets of 5 ranks in one suit) are numbered in order,
1 (J-9-8-7-6 of mixed suits) to 1,404 (a royal flush), higher is better, equal ranks tie: the
short-deck rank scale, one per rule order. Every function with ``game='shortdeck'`` ranks on
it. The categories are Hold'em's ``HandCategory`` members, but their order is the game's: in
short deck compare ranks, not category numbers.

The evaluator needs no new keys for short deck: a key sum unique over every hand of the 52
cards is unique over the hands of any 36 of them, and the suit sums that detect a flush are
the same. Only the rank tables differ; ``scripts/build_tables.py`` builds them in the Hold'em
tables' layout (``pokerkeys.core.tables.shortdeck_tables``), so the same kernels rank both
games.

Examples
--------
>>> from pokerkeys.core.shortdeck import N_CLASSES, category_starts
>>> N_CLASSES
1404
>>> category_starts("trips-beat-straight")["Straight"], category_starts()["Three of a kind"]
(877, 883)
>>> import pokerkeys as pk
>>> pk.describe("Ah 6c 7d 8s 9h", game="shortdeck")
'Straight, nine high'
"""
from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Literal, TypeAlias, get_args

import numpy as np
import numpy.typing as npt

from ._ranking import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
)
from .cards import N_CARDS, format_card

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["CATEGORY_ORDER", "DECK", "DEFAULT_RULES", "FIRST_CARD", "GAMES", "LOWEST_RANK",
           "N_CARDS_SHORT", "N_CLASSES", "RULES", "Game", "Rules", "category_of_rank",
           "category_starts", "check_short_deck", "five_card_classes",
           "rank_values", "resolve_rules", "table_prefix"]

#: The games whose five-card ranking the evaluator knows.
Game: TypeAlias = Literal["holdem", "shortdeck"]
GAMES: tuple[Game, ...] = get_args(Game)
#: The two orders of three of a kind and straight in short deck.
Rules: TypeAlias = Literal["trips-beat-straight", "straight-beats-trips"]
RULES: tuple[Rules, ...] = get_args(Rules)
#: The order used when none is given: three of a kind beats a straight (Triton's rules).
DEFAULT_RULES: Rules = "trips-beat-straight"

#: The lowest card rank of the deck: 4, the six (ranks run 0 = two .. 12 = ace).
LOWEST_RANK = 4
#: The lowest card id of the deck: 16, the six of clubs (ids are 4 * rank + suit).
FIRST_CARD = 4 * LOWEST_RANK
#: Cards in the short deck.
N_CARDS_SHORT = N_CARDS - FIRST_CARD
#: The 36 card ids of the short deck, 16 (6c) to 51 (As), as uint8.
DECK = np.arange(FIRST_CARD, N_CARDS, dtype=np.uint8)
#: Classes of short-deck five-card hands: the ranks run 1..N_CLASSES.
N_CLASSES = 1404

#: Each rule order's categories, worst first (HandCategory numbers).
CATEGORY_ORDER: dict[Rules, tuple[int, ...]] = {
    "trips-beat-straight": (HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, THREE_OF_A_KIND, FULL_HOUSE,
                            FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH),
    "straight-beats-trips": (HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FULL_HOUSE,
                             FLUSH, FOUR_OF_A_KIND, STRAIGHT_FLUSH),
}
_NAMES = {HIGH_CARD: "High card", PAIR: "Pair", TWO_PAIR: "Two pair",
          THREE_OF_A_KIND: "Three of a kind", STRAIGHT: "Straight", FLUSH: "Flush",
          FULL_HOUSE: "Full house", FOUR_OF_A_KIND: "Four of a kind",
          STRAIGHT_FLUSH: "Straight flush"}
_ACE = 12
_LOW_STRAIGHT = (_ACE, LOWEST_RANK + 3, LOWEST_RANK + 2, LOWEST_RANK + 1, LOWEST_RANK)
# The table-name prefix of each rule order's rank tables (tables/shortdeck_<order>_*.npy).
_TABLE_PREFIX: dict[Rules, str] = {"trips-beat-straight": "shortdeck_trips_",
                                   "straight-beats-trips": "shortdeck_straight_"}


def resolve_rules(game: str, rules: str | None) -> Rules | None:
    """The short-deck rule order a ``game`` and ``rules`` pair asks for; None for Hold'em.

    Parameters
    ----------
    game : {'holdem', 'shortdeck'}
        The game.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None
        The short-deck order of three of a kind and straight; None: the default,
        ``'trips-beat-straight'``. Hold'em takes no rules.

    Returns
    -------
    str or None
        The rule order for short deck, None for Hold'em.

    Raises
    ------
    ValueError
        If the game is unknown, the rules are unknown, or rules are given with Hold'em.

    Examples
    --------
    >>> from pokerkeys.core.shortdeck import resolve_rules
    >>> resolve_rules("shortdeck", None), resolve_rules("holdem", None)
    ('trips-beat-straight', None)
    >>> resolve_rules("holdem", "straight-beats-trips")
    Traceback (most recent call last):
    ...
    ValueError: rules apply to game='shortdeck' only, not to game='holdem'
    """
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, not {game!r}")
    if rules is not None and rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(map(repr, RULES))}, not {rules!r}")
    if game == "holdem":
        if rules is not None:
            raise ValueError(f"rules apply to game='shortdeck' only, not to game={game!r}")
        return None
    return rules if rules is not None else DEFAULT_RULES


def table_prefix(rules: Rules) -> str:
    """The name prefix of a rule order's rank tables.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'}
        The rule order.

    Returns
    -------
    str
        ``'shortdeck_trips_'`` or ``'shortdeck_straight_'``: the tables are
        ``<prefix>hash_ranks_{5,6,7}`` and ``<prefix>flush_ranks_{5,7}``.

    Examples
    --------
    >>> from pokerkeys.core.shortdeck import table_prefix
    >>> table_prefix("straight-beats-trips") + "hash_ranks_7"
    'shortdeck_straight_hash_ranks_7'
    """
    return _TABLE_PREFIX[rules]


def check_short_deck(ids: Iterable[int | np.integer], where: str = "") -> None:
    """Raise if a card is below the six: it is not in the short deck.

    Parameters
    ----------
    ids : iterable of int
        Card ids (0..51).
    where : str, optional
        What holds the cards, for the message (``'hand 2'``, ``'the board'``).

    Raises
    ------
    ValueError
        If a card is a two, three, four or five; the message names the first such card and
        the game.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.core.shortdeck import check_short_deck
    >>> check_short_deck(pk.parse_cards("As 6d"))
    >>> check_short_deck(pk.parse_cards("As 5d"), "the board")
    Traceback (most recent call last):
    ...
    ValueError: the board: 5d is not a short-deck card (short deck plays 6 through A)
    """
    for c in ids:
        if int(c) < FIRST_CARD:
            prefix = f"{where}: " if where else ""
            raise ValueError(f"{prefix}{format_card(int(c))} is not a short-deck card (short "
                             f"deck plays 6 through A)")


def _straight_top(distinct: tuple[int, ...]) -> int:
    """Top rank of the straight of 5 distinct ranks (sorted descending), or -1.

    A-6-7-8-9 is a straight whose top card is the nine: the ace plays low below the six."""
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == _LOW_STRAIGHT:
        return LOWEST_RANK + 3
    return -1


def _value(ranks: tuple[int, ...], flush: bool, order: tuple[int, ...]) -> tuple[int, ...]:
    """(place of the category in ``order``, HandCategory number, significant ranks...)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    by_group = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(counts[r] for r in by_group)
    significant: tuple[int, ...] = tuple(by_group)
    if len(by_group) == 5:
        top = _straight_top(significant)
        if top >= 0:
            cat, significant = (STRAIGHT_FLUSH if flush else STRAIGHT), (top,)
        else:
            cat = FLUSH if flush else HIGH_CARD
    else:
        cat = {(4, 1): FOUR_OF_A_KIND, (3, 2): FULL_HOUSE, (3, 1, 1): THREE_OF_A_KIND,
               (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}[shape]
    return (order.index(cat), cat, *significant)


@cache
def _classes_in_rank_order(rules: Rules) -> list[tuple[tuple[int, ...], tuple[int, ...], bool]]:
    """(value, ranks sorted descending, is_flush) of the 1,404 classes, worst first."""
    order = CATEGORY_ORDER[rules]
    ranks = range(_ACE, LOWEST_RANK - 1, -1)
    values: list[tuple[tuple[int, ...], tuple[int, ...], bool]] = [
        (_value(combo, False, order), combo, False)
        for combo in combinations_with_replacement(ranks, 5) if combo[0] != combo[4]]
    values += [(_value(combo, True, order), combo, True) for combo in combinations(ranks, 5)]
    values.sort()
    if len(values) != N_CLASSES:  # pragma: no cover
        raise AssertionError(f"{len(values)} short-deck classes, expected {N_CLASSES}")
    return values


@cache
def five_card_classes(rules: Rules = DEFAULT_RULES
                      ) -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """The short-deck rank of every non-flush rank multiset and every flush rank set.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'}, default 'trips-beat-straight'
        The rule order.

    Returns
    -------
    tuple of two dicts
        ``(non_flush, flush)``: from a tuple of 5 card ranks (4 = six .. 12 = ace) sorted
        descending to its rank 1..1404. ``non_flush`` holds the 1,278 multisets (no five of a
        kind), ``flush`` the 126 sets of distinct ranks.

    Examples
    --------
    >>> from pokerkeys.core.shortdeck import five_card_classes
    >>> non_flush, flush = five_card_classes()
    >>> len(non_flush), len(flush), flush[(12, 11, 10, 9, 8)]
    (1278, 126, 1404)
    >>> non_flush[(12, 7, 6, 5, 4)], non_flush[(12, 12, 12, 11, 10)]  # A-9 straight, trips
    (877, 1134)
    """
    non_flush: dict[tuple[int, ...], int] = {}
    flush: dict[tuple[int, ...], int] = {}
    for rank, (_, combo, is_flush) in enumerate(_classes_in_rank_order(rules), start=1):
        (flush if is_flush else non_flush)[combo] = rank
    return non_flush, flush


@cache
def rank_values(rules: Rules = DEFAULT_RULES) -> npt.NDArray[np.uint8]:
    """What each short-deck rank is: its category and the ranks that decide it.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'}, default 'trips-beat-straight'
        The rule order.

    Returns
    -------
    numpy.ndarray
        uint8, shape (1405, 6): row r = (HandCategory number, significant card ranks...) of
        rank r, unused slots 255; row 0 is unused. A straight's one significant rank is its
        top card (7, the nine, for A-6-7-8-9).

    Examples
    --------
    >>> from pokerkeys.core.shortdeck import rank_values
    >>> rank_values()[1404].tolist()  # a straight flush (9), ace high
    [9, 12, 255, 255, 255, 255]
    >>> rank_values()[1].tolist()  # high card (1): J 9 8 7 6
    [1, 9, 7, 6, 5, 4]
    """
    table = np.full((N_CLASSES + 1, 6), 255, dtype=np.uint8)
    for rank, (value, _, _) in enumerate(_classes_in_rank_order(rules), start=1):
        table[rank, :len(value) - 1] = value[1:]
    table.setflags(write=False)
    return table


@cache
def category_of_rank(rules: Rules = DEFAULT_RULES) -> npt.NDArray[np.uint8]:
    """The HandCategory number of every short-deck rank.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'}, default 'trips-beat-straight'
        The rule order.

    Returns
    -------
    numpy.ndarray
        uint8, shape (1405,): entry r is the category number (1 = high card .. 9 = straight
        flush) of rank r; entry 0 is 0.

    Examples
    --------
    >>> from pokerkeys.core.shortdeck import category_of_rank
    >>> category_of_rank()[[1, 877, 883, 1207, 1404]].tolist()
    [1, 5, 4, 6, 9]
    """
    table = rank_values(rules)[:, 0].copy()
    table[0] = 0
    table.setflags(write=False)
    return table


def category_starts(rules: Rules = DEFAULT_RULES) -> dict[str, int]:
    """The lowest short-deck rank of each category, worst category first.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'}, default 'trips-beat-straight'
        The rule order.

    Returns
    -------
    dict of str to int
        Category name -> its lowest rank, in the order of the categories; each category
        runs up to the next one's start minus one, the last to 1,404.

    Examples
    --------
    >>> from pokerkeys.core.shortdeck import category_starts
    >>> list(category_starts().items())[3:7]
    [('Straight', 877), ('Three of a kind', 883), ('Full house', 1135), ('Flush', 1207)]
    >>> category_starts("straight-beats-trips")["Straight"]
    1129
    """
    cats = category_of_rank(rules)
    return {_NAMES[c]: int(np.argmax(cats == c)) for c in CATEGORY_ORDER[rules]}
