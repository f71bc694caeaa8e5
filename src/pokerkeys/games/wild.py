"""Wild cards: the best hand when jokers stand for cards.

Jokers are written '**' (any card), '?B' (any black card: clubs or spades) and '?R' (any red
card: diamonds or hearts), as in Norvig's poker notebook and the course notes. The rules:

* a joker may stand for a card already in the hand; that is how five of a kind arises, which
  ranks above every straight flush (ranks 7463 = five twos .. 7475 = five aces), and how
  'Ac As Ah ?B' makes four aces although both black aces are held;
* a flush still needs five different cards (no "double-ace flush").

The search runs in a kernel: five of a kind first, then every assignment of distinct unheld
cards to the jokers (ranked by key sum), then every assignment of bare ranks (ranked as a
non-flush hand), keeping the best.

``pk.wild_hand`` is the entry point; ``pk.winners`` also takes hands with jokers. The constants:
``ANY``, ``BLACK``, ``RED`` (the joker tokens, ``JOKERS`` all three), ``JOKER_MASKS`` (the
52-bit mask of the cards each may stand for, bit ``c`` for card id ``c``) and
``DEFAULT_MAX_JOKERS`` (2, the jokers of one deck).

>>> import pokerkeys as pk
>>> print(pk.wild_hand("Ac As Ah ?B 2d"))
As Ah Ac Ac 2d  (Four of a kind, aces, rank 7441)
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from .._kernels import evaluate as _ke
from .._kernels import games as _kg
from ..core.best import N_NATURAL_RANKS, BestHand, sorted_desc
from ..core.cards import format_cards, parse_cards
from ..core.evaluate import rank_one
from ..core.tables import eval_tables
from ..core.types import CardArray, CardsLike

__all__ = ["ANY", "BLACK", "DEFAULT_MAX_JOKERS", "JOKERS", "JOKER_MASKS", "RED", "WildHand",
           "best_wild", "has_jokers", "parse_wild", "wild_hand"]

ANY, BLACK, RED = "**", "?B", "?R"
JOKERS = (ANY, BLACK, RED)
DEFAULT_MAX_JOKERS = 2  # a deck has two jokers

_SUIT_BITS = {suit: sum(1 << (4 * r + suit) for r in range(13)) for suit in range(4)}
JOKER_MASKS = {ANY: (1 << 52) - 1, BLACK: _SUIT_BITS[0] | _SUIT_BITS[3],
               RED: _SUIT_BITS[1] | _SUIT_BITS[2]}
_JOKER_TOKEN = re.compile(r"\*\*|\?[bBrR]")
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, eq=False)
class WildHand(BestHand):
    """A ``BestHand`` whose jokers were substituted.

    Attributes
    ----------
    rank : int
        1..7462 for a natural hand, 7463 (five twos) .. 7475 (five aces) for five of a kind;
        higher is better.
    cards : numpy.ndarray of uint8
        The five cards used, highest first, jokers replaced by the cards they stand for (so
        five of a kind repeats a card).
    jokers : tuple of str
        The jokers of the hand ('**', '?B', '?R'), in input order.
    stands_for : tuple of int or None
        The card id each joker stands for in the best five, or None when that joker is not
        among the five cards used.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hand = pk.wild_hand("8d ** 7d 6d **")
    >>> hand.rank, hand.jokers, hand.stands_for
    (7458, ('**', '**'), (29, 33))
    >>> print(hand)
    Td 9d 8d 7d 6d  (Straight flush, ten high, rank 7458)
    """
    jokers: tuple[str, ...] = ()
    stands_for: tuple[int | None, ...] = ()

    def substitutions(self) -> str:
        """What each joker stands for, as text.

        Returns
        -------
        str
            ``'<joker> = <card>'`` per joker in input order, joined by ', '; ``unused`` for a
            joker not among the five cards used.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.wild_hand("8d ** 7d 6d **").substitutions()
        '** = 9d, ** = Td'
        """
        return ", ".join(f"{j} = {format_cards([c]) if c is not None else 'unused'}"
                         for j, c in zip(self.jokers, self.stands_for, strict=False))


def has_jokers(cards: CardsLike) -> bool:
    """Whether a hand contains a joker token ('**', '?B', '?R', any case).

    Parameters
    ----------
    cards : str, sequence of cards or array of card ids
        A hand as ``wild_hand`` takes it. Arrays of ids never hold jokers.

    Returns
    -------
    bool
        True if a string, or a string item of a list or tuple, holds a joker.

    Examples
    --------
    >>> from pokerkeys.games.wild import has_jokers
    >>> has_jokers("As ?r"), has_jokers("As Kd"), has_jokers(["As", "**"])
    (True, False, True)
    """
    if isinstance(cards, str):
        return _JOKER_TOKEN.search(cards) is not None
    if isinstance(cards, (list, tuple)):
        return any(isinstance(c, str) and _JOKER_TOKEN.search(c) for c in cards)
    return False


def _split_text(text: str, where: str) -> tuple[list[int], list[str]]:
    naturals: list[int] = []
    jokers: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            two = chunk[pos:pos + 2]
            if _JOKER_TOKEN.fullmatch(two):
                jokers.append(two.upper())
                pos += 2
                continue
            token = chunk[pos:pos + 3] if two == "10" else two
            try:
                ids = parse_cards(token)
            except ValueError:
                raise ValueError(f"{where}unknown card {token!r} in {text!r}: expected a card "
                                 f"like 'As' or '10h', or a joker '**', '?B', '?R'") from None
            naturals.extend(int(c) for c in ids)
            pos += len(token)
    return naturals, jokers


def parse_wild(cards: CardsLike, *, where: str = "") -> tuple[CardArray, list[str]]:
    """Split a hand into its natural cards and its jokers.

    Parameters
    ----------
    cards : str, sequence of cards or array of card ids
        A hand like ``'8d ** 7d 6d **'`` (cards and jokers may be written together:
        ``'8d**7d'``) or ``['TD', '?R', '?B']``; an array of ids holds no jokers.
    where : str, optional
        A place to name at the start of error messages, such as ``'hand 2'``.

    Returns
    -------
    naturals : numpy.ndarray of uint8
        The natural cards' ids, in input order.
    jokers : list of str
        The jokers, upper case ('**', '?B', '?R'), in input order.

    Raises
    ------
    ValueError
        If a token is neither a card nor a joker, or a natural card repeats.
    TypeError
        If an item of a list is neither a string nor a card id.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.games.wild import parse_wild
    >>> naturals, jokers = parse_wild("TD ?r 9c **")
    >>> pk.format_cards(naturals), jokers
    ('Td 9c', ['?R', '**'])
    """
    prefix = f"{where}: " if where else ""
    naturals: list[int]
    jokers: list[str]
    if isinstance(cards, str):
        naturals, jokers = _split_text(cards, prefix)
    elif isinstance(cards, (list, tuple)):
        naturals, jokers = [], []
        for item in cards:
            if isinstance(item, str):
                n, j = _split_text(item, prefix)
                naturals += n
                jokers += j
            else:
                try:
                    naturals += [int(c) for c in parse_cards([item])]
                except (ValueError, TypeError) as exc:
                    raise type(exc)(f"{prefix}{exc}") from None
    else:
        try:
            return parse_cards(cards), []
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"{prefix}{exc}") from None
    ids = np.array(naturals, dtype=np.uint8)
    counts = np.bincount(ids, minlength=52)
    if counts.max(initial=0) > 1:
        dup = int(np.flatnonzero(counts > 1)[0])
        raise ValueError(f"{prefix}duplicate card {format_cards([dup])}")
    return ids, jokers


def _rank5(ids: list[int]) -> int:
    """Rank of five substituted cards, which may repeat a card (a joker's duplicate)."""
    ranks = [c >> 2 for c in ids]
    if len(set(ranks)) == 1:
        return N_NATURAL_RANKS + 1 + ranks[0]
    if len(set(ids)) < 5:
        # A repeated card: no flush is allowed, so rank the bare ranks with suits 0,1,2,3,0.
        ids = [4 * r + (i & 3) for i, r in enumerate(ranks)]
    return rank_one(ids)


def best_wild(naturals: npt.ArrayLike, jokers: Iterable[str], *,
              max_jokers: int = DEFAULT_MAX_JOKERS) -> WildHand:
    """The best hand of natural cards plus jokers, 5 to 7 cards in all.

    The search runs in a kernel: five of a kind first, then every assignment of distinct
    unheld cards to the jokers, then every assignment of bare ranks (a joker may repeat a held
    card, but a flush needs five different cards), keeping the best.

    Parameters
    ----------
    naturals : array_like of int
        The natural cards' ids (0..51), distinct.
    jokers : iterable of str
        The jokers: '**' (any card), '?B' (a club or spade), '?R' (a diamond or heart); any
        case.
    max_jokers : int, default 2
        The most jokers a hand may hold.

    Returns
    -------
    WildHand
        The rank, the five cards used (jokers replaced) and what each joker stands for.

    Raises
    ------
    ValueError
        If a joker is unknown, there are more than ``max_jokers`` jokers, or the cards and
        jokers are fewer than 5 or more than 7 in all.

    See Also
    --------
    wild_hand : the same from a hand written as text.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.games.wild import best_wild
    >>> hand = best_wild(pk.parse_cards("Ks Qs Js Ts"), ["?R"])
    >>> print(hand)
    Ad Ks Qs Js Ts  (Straight, ace high, rank 5863)
    >>> hand.substitutions()
    '?R = Ad'
    """
    naturals = np.asarray(naturals, dtype=np.uint8)
    jokers = [str(j).upper() for j in jokers]
    bad = [j for j in jokers if j not in JOKER_MASKS]
    if bad:
        raise ValueError(f"unknown joker {bad[0]!r}: jokers are '**', '?B' and '?R'")
    if len(jokers) > max_jokers:
        raise ValueError(f"{len(jokers)} jokers in {_show(naturals, jokers)}, but at most "
                         f"{max_jokers} are allowed")
    n = len(naturals) + len(jokers)
    if not 5 <= n <= 7:
        raise ValueError(f"a hand with wild cards has 5 to 7 cards, not {n} "
                         f"({_show(naturals, jokers)})")
    # The kernel wants jokers of one kind next to each other; keep the way back to input order.
    order = sorted(range(len(jokers)), key=lambda i: JOKERS.index(jokers[i]))
    allowed = np.array([JOKER_MASKS[jokers[i]] for i in order], dtype=np.uint64)
    sub = np.empty(len(jokers), dtype=np.uint8)
    rank = int(_kg.wild_best(np.ascontiguousarray(naturals), len(naturals), allowed,
                             len(jokers), sub, *eval_tables(n).as_tuple(),
                             *_ke.hash_constants(n)))
    cards = naturals.tolist() + [int(c) for c in sub]
    # which joker each substituted card came from
    owners: list[int | None] = [None] * len(naturals) + list(order)
    five = _best_five_positions(cards, rank)
    stands_for: list[int | None] = [None] * len(jokers)
    for pos in five:
        owner = owners[pos]
        if owner is not None:
            stands_for[owner] = cards[pos]
    return WildHand(rank, sorted_desc(cards[p] for p in five), tuple(jokers),
                    tuple(stands_for))


def _best_five_positions(cards: list[int], rank: int) -> tuple[int, ...]:
    """Positions of five of the substituted cards that make `rank` (jokers unused by five of
    a kind hold 255 and are skipped)."""
    usable = [i for i, c in enumerate(cards) if c != _kg.NO_CARD]
    for five in combinations(usable, 5):
        if _rank5([cards[i] for i in five]) == rank:
            return five
    raise AssertionError("no five substituted cards make the wild hand's rank")  # pragma: no cover


def _show(naturals: CardArray, jokers: list[str]) -> str:
    return " ".join([format_cards(naturals)] * bool(len(naturals)) + list(jokers))


def wild_hand(cards: CardsLike, *, max_jokers: int = DEFAULT_MAX_JOKERS) -> WildHand:
    """The best hand of 5 to 7 cards, jokers substituted.

    Jokers are written '**' (any card), '?B' (any black card) and '?R' (any red card). A
    joker may stand for a card already in the hand, which is how five of a kind arises (ranks
    7463 = five twos .. 7475 = five aces, above every straight flush); a flush still needs
    five different cards.

    Parameters
    ----------
    cards : str, sequence of cards or array of card ids
        The hand, e.g. ``'8d ** 7d 6d **'`` or ``['TD', '?R', '?B', 'TC', 'TS']``.
    max_jokers : int, default 2
        The most jokers a hand may hold (2: the jokers of one deck).

    Returns
    -------
    WildHand
        The rank, the five cards used (jokers replaced) and what each joker stands for.

    Raises
    ------
    ValueError
        If a token is neither a card nor a joker, a natural card repeats, there are more than
        ``max_jokers`` jokers, or the hand has fewer than 5 or more than 7 cards.
    TypeError
        If an item of a list is neither a string nor a card id.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.wild_hand("8d ** 7d 6d **").describe()
    'Straight flush, ten high'
    >>> print(pk.wild_hand("Ac As Ah Ad ** 2d 3c"))
    As Ah Ad Ac Ac  (Five of a kind, aces, rank 7475)
    >>> pk.wild_hand("As ** ** ** Kd", max_jokers=3).describe()
    'Four of a kind, aces'
    """
    naturals, jokers = parse_wild(cards)
    return best_wild(naturals, jokers, max_jokers=max_jokers)
