"""The best-hand result type and the rank helpers around it, shared by every game.

``BestHand`` is what ``best_hand``, ``holdem_hand``, ``omaha_hand``, ``three_d_hand`` and
``wild_hand`` return. It lives here, below both the games (``pokerkeys.games``) and Omaha
(``pokerkeys.equity.omaha``), so neither has to import the other. Wild cards add five of a
kind above every straight flush, as ranks 7463 (five twos) to 7475 (five aces).

Examples
--------
>>> import pokerkeys as pk
>>> best = pk.holdem_hand("AhKh", "Qh Jh Th 2c 3d")
>>> best.rank, best.describe()
(7462, 'Royal flush')
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .cards import format_cards
from .evaluate import HandCategory, category, describe, evaluate_batch

if TYPE_CHECKING:
    from .shortdeck import Rules
    from .types import CardArray

__all__ = ["CATEGORY_NAMES", "FIVE_OF_A_KIND", "MAX_RANK", "N_NATURAL_RANKS", "BestHand",
           "ShortDeckHand", "best_of_rows", "category_of", "check_disjoint", "describe_rank",
           "five_of_a_kind_rank", "label_of", "sorted_desc"]

#: Ranks of hands without wild cards: 1..7462.
N_NATURAL_RANKS = 7462
#: The category number of five of a kind (HandCategory stops at 9).
FIVE_OF_A_KIND = 10
#: The best rank with wild cards: five aces.
MAX_RANK = N_NATURAL_RANKS + 13

#: Category number 1..10 -> its name, five of a kind included.
CATEGORY_NAMES = {int(c): c.label for c in HandCategory}
CATEGORY_NAMES[FIVE_OF_A_KIND] = "Five of a kind"
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def five_of_a_kind_rank(card_rank: int) -> int:
    """Rank of five of a kind (wild cards only): above the royal flush.

    Parameters
    ----------
    card_rank : int
        The card rank 0..12 (2..A).

    Returns
    -------
    int
        7463 (five twos) .. 7475 (five aces).

    Examples
    --------
    >>> from pokerkeys.core.best import five_of_a_kind_rank
    >>> five_of_a_kind_rank(0), five_of_a_kind_rank(12)
    (7463, 7475)
    """
    return N_NATURAL_RANKS + 1 + card_rank


def category_of(rank: int) -> int:
    """Category number of a rank, five of a kind included.

    Parameters
    ----------
    rank : int
        A rank 1..7475 (above 7462: five of a kind, which needs wild cards).

    Returns
    -------
    int
        1..9 as ``HandCategory``, or 10 (``FIVE_OF_A_KIND``).

    Raises
    ------
    ValueError
        If ``rank`` is below 1.

    Examples
    --------
    >>> from pokerkeys.core.best import category_of
    >>> category_of(7462), category_of(7475)
    (9, 10)
    """
    return FIVE_OF_A_KIND if rank > N_NATURAL_RANKS else int(category(int(rank)))


def label_of(rank: int) -> str:
    """The category of a rank in words, five of a kind included.

    Parameters
    ----------
    rank : int
        A rank 1..7475.

    Returns
    -------
    str
        ``'High card'``, ..., ``'Straight flush'``, ``'Five of a kind'``.

    Raises
    ------
    ValueError
        If ``rank`` is below 1.

    Examples
    --------
    >>> from pokerkeys.core.best import label_of
    >>> label_of(7300), label_of(7475)
    ('Four of a kind', 'Five of a kind')
    """
    return CATEGORY_NAMES[category_of(rank)]


def describe_rank(rank: int) -> str:
    """A rank in words: ``pk.describe`` extended to five of a kind.

    Parameters
    ----------
    rank : int
        A rank 1..7475.

    Returns
    -------
    str
        ``'Royal flush'``, ``'Five of a kind, aces'``, ...

    Raises
    ------
    ValueError
        If ``rank`` is below 1.

    Examples
    --------
    >>> from pokerkeys.core.best import describe_rank
    >>> describe_rank(7462), describe_rank(7475)
    ('Royal flush', 'Five of a kind, aces')
    """
    if rank > N_NATURAL_RANKS:
        return f"Five of a kind, {_PLURAL[rank - N_NATURAL_RANKS - 1]}"
    return describe(int(rank))


@dataclass(frozen=True, eq=False)
class BestHand:
    """The best five-card hand a player can make: its rank and the five cards used.

    Two BestHands are equal when their ranks and cards are; ``str()`` shows the cards, the
    words and the rank.

    Attributes
    ----------
    rank : int
        1..7462 (higher is better, equal ranks tie), or with wild cards up to 7475 (five of a
        kind, above the royal flush); in short deck 1..1404.
    cards : numpy.ndarray
        The five card ids (uint8), highest first; with wild cards they are the cards the
        jokers stand for, so five of a kind repeats a card.
    category : int
        The ``HandCategory`` of the hand, or 10 (``FIVE_OF_A_KIND``).
    label : str
        The category in words: ``'Flush'``, ``'Five of a kind'``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> best = pk.holdem_hand("AhKh", "Qh Jh Th 2c 3d")
    >>> best
    BestHand(rank=7462, cards=array([50, 46, 42, 38, 34], dtype=uint8))
    >>> print(best)
    Ah Kh Qh Jh Th  (Royal flush, rank 7462)
    >>> best.label
    'Straight flush'
    """
    rank: int
    cards: CardArray

    @property
    def category(self) -> int:
        """HandCategory (an int) of the hand; 10 (``FIVE_OF_A_KIND``) for five of a kind."""
        cat = category_of(self.rank)
        return HandCategory(cat) if cat != FIVE_OF_A_KIND else FIVE_OF_A_KIND

    @property
    def label(self) -> str:
        """The category in words: ``'Full house'``, ..., ``'Five of a kind'``."""
        return label_of(self.rank)

    def describe(self) -> str:
        """The hand in words, as ``pk.describe`` says it (five of a kind included).

        Returns
        -------
        str
            ``'Royal flush'``, ``'Full house, eights over kings'``, ``'Five of a kind, aces'``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.holdem_hand("8c8d", "8h Kc Kd 2s 3s").describe()
        'Full house, eights over kings'
        """
        return describe_rank(self.rank)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, BestHand) and not isinstance(other, ShortDeckHand)
                and self.rank == other.rank and np.array_equal(self.cards, other.cards))

    def __hash__(self) -> int:
        return hash((self.rank, self.cards.tobytes()))

    def __str__(self) -> str:
        return f"{format_cards(self.cards)}  ({self.describe()}, rank {self.rank})"


@dataclass(frozen=True, eq=False)
class ShortDeckHand(BestHand):
    """A short-deck ``BestHand``: its rank is on the short-deck scale of a rule order.

    What ``best_hand``, ``holdem_hand`` (and ``best_of_rows``) return with
    ``game='shortdeck'``: ``category``, ``label`` and ``describe`` read the rank on the
    short-deck scale (``pokerkeys.core.shortdeck``). Equal only to a ShortDeckHand of the
    same rules, rank and cards.

    Attributes
    ----------
    rank : int
        1..1404, higher is better, equal ranks tie.
    cards : numpy.ndarray
        The five card ids (uint8), highest first.
    rules : str
        The rule order: ``'trips-beat-straight'`` (the default) or
        ``'straight-beats-trips'``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> best = pk.best_hand("Ah 6c 7d 8s 9h Kc", game="shortdeck")
    >>> print(best)
    Ah 9h 8s 7d 6c  (Straight, nine high, rank 877)
    >>> best.category, best.rules
    (<HandCategory.STRAIGHT: 5>, 'trips-beat-straight')
    """
    rules: Rules = "trips-beat-straight"

    @property
    def category(self) -> int:
        """HandCategory (an int) of the hand, read on the short-deck scale."""
        return category(self.rank, game="shortdeck", rules=self.rules)

    @property
    def label(self) -> str:
        """The category in words: ``'Flush'``, ``'Full house'``, ..."""
        return CATEGORY_NAMES[self.category]

    def describe(self) -> str:
        """The hand in words, as ``pk.describe(..., game='shortdeck')`` says it.

        Returns
        -------
        str
            ``'Straight, nine high'``, ``'Flush, ace high'``, ``'Royal flush'``, ...

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.holdem_hand("Ah 9h", "8h 7c 6d Kd Qs", game="shortdeck").describe()
        'Straight, nine high'
        """
        return describe(int(self.rank), game="shortdeck", rules=self.rules)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ShortDeckHand) and self.rules == other.rules
                and self.rank == other.rank and np.array_equal(self.cards, other.cards))

    def __hash__(self) -> int:
        return hash((self.rank, self.rules, self.cards.tobytes()))


def sorted_desc(ids: Iterable[int | np.integer]) -> CardArray:
    """Card ids sorted highest first, as a uint8 array (how ``BestHand.cards`` holds them).

    Parameters
    ----------
    ids : iterable of int
        Card ids 0..51.

    Returns
    -------
    numpy.ndarray
        The ids, uint8, in descending order.

    Examples
    --------
    >>> from pokerkeys.core.best import sorted_desc
    >>> sorted_desc([3, 51, 20])
    array([51, 20,  3], dtype=uint8)
    """
    return np.array(sorted((int(c) for c in ids), reverse=True), dtype=np.uint8)


def best_of_rows(rows: npt.NDArray[np.integer], rules: Rules | None = None) -> BestHand:
    """The best of an (N, 5) array of candidate hands (the first one on a tie).

    Parameters
    ----------
    rows : numpy.ndarray
        (N, 5) valid card ids, N >= 1.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        None (default): Hold'em ranks; else short-deck ranks with that rule order.

    Returns
    -------
    BestHand
        The best row's rank and cards (highest first); a ``ShortDeckHand`` with rules.

    Raises
    ------
    ValueError
        If a row holds a card twice or an id outside 0..51 (in short deck, below 16), or
        ``rows`` is empty.

    Examples
    --------
    >>> from pokerkeys.core.best import best_of_rows
    >>> rows = np.array([pk.parse_cards("2c 3d 4h 5s 7c"), pk.parse_cards("As Ks Qs Js Ts")])
    >>> print(best_of_rows(rows))
    As Ks Qs Js Ts  (Royal flush, rank 7462)
    """
    cards = np.ascontiguousarray(rows, dtype=np.uint8)
    if rules is None:
        ranks = evaluate_batch(cards)
    else:
        ranks = evaluate_batch(cards, game="shortdeck", rules=rules)
    i = int(np.argmax(ranks))
    if rules is None:
        return BestHand(int(ranks[i]), sorted_desc(rows[i]))
    return ShortDeckHand(int(ranks[i]), sorted_desc(rows[i]), rules)


def check_disjoint(places: list[tuple[str, npt.NDArray[Any]]]) -> None:
    """Raise a ValueError naming the first card that two places (hands, board, ...) share.

    Parameters
    ----------
    places : list of (str, numpy.ndarray)
        Each place's name, for the message, and its card ids.

    Raises
    ------
    ValueError
        If a card is in two places (or twice in one).

    Examples
    --------
    >>> from pokerkeys.core.best import check_disjoint
    >>> hand, board = pk.parse_cards("AsKs"), pk.parse_cards("Qs Js As")
    >>> check_disjoint([("hand 1", hand), ("the board", board)])
    Traceback (most recent call last):
    ...
    ValueError: card As is in hand 1 and in the board
    """
    owner: dict[int, str] = {}
    for place, ids in places:
        for c in ids.tolist():
            if c in owner:
                raise ValueError(f"card {format_cards([c])} is in {owner[c]} and in {place}")
            owner[c] = place
