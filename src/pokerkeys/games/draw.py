"""Draw poker: which cards to discard from a 5-card hand (``pk.best_discard``).

An action (standing pat, or discarding cards and drawing replacements from the 47 unseen cards)
is worth the expected *win probability* of the hand it leads to, averaged over every possible
draw, and the best action maximises it. A hand's win probability is the chance that it beats a
random 5-card hand heads up. Every draw is enumerated and ranked with the batch evaluator.

Two ways to put a number on a hand's win probability (``method=``):

* ``"interpolated"`` (the default; the estimate of Norvig's poker notebook): with
  P[t] the share of 5-card hands whose category is below t, a hand of category t whose top
  card (the pair's rank for a pair, the straight's top, ...) is h = 2..14 wins with probability
  P[t] + (h - 1) / 13 * (P[t + 1] - P[t]): a straight line within the category, from its
  bottom to its top, placed by the top card alone (kickers and lower ranks are ignored);
* ``"exact"``: the share of all 2,598,960 hands it beats, plus half the share it ties.

The two differ enough to change some decisions: with ``"exact"``, '2d 3d 4d Kc As' should
throw the 2d, not the Kc.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain, combinations
from typing import Literal, TypeAlias

import numpy as np

from ..core.cards import format_card, format_cards, parse_cards
from ..core.evaluate import evaluate, evaluate_batch
from ..core.types import CardArray, CardsLike, IntArray

__all__ = ["METHODS", "N_HANDS_5", "DrawDecision", "DrawMethod", "DrawOption", "best_discard",
           "win_probability", "win_scores"]

N_HANDS_5 = 2_598_960

#: How a hand's win probability is estimated: see the module's description.
DrawMethod: TypeAlias = Literal["interpolated", "exact"]
METHODS: tuple[DrawMethod, ...] = ("interpolated", "exact")

#: Cards as the caller gave them: card ids, or text such as ``'Kc'`` for a hand given as text.
DrawCards: TypeAlias = tuple[int, ...] | tuple[str, ...]


@cache
def win_scores(method: DrawMethod = "interpolated") -> tuple[IntArray, int]:
    """Every rank's win probability against a random 5-card hand, as exact fractions.

    Integers, so that sums of scores over many draws compare exactly.

    Parameters
    ----------
    method : {'interpolated', 'exact'}, default 'interpolated'
        ``"interpolated"``: with P[t] the share of 5-card hands whose category is below t, a
        hand of category t whose top card (the pair's rank for a pair, the straight's top,
        ...) is h = 2..14 wins with probability P[t] + (h - 1) / 13 * (P[t + 1] - P[t]).
        ``"exact"``: the share of hands it beats plus half the share it ties, from the rank
        histogram of all 2,598,960 hands.

    Returns
    -------
    score : numpy.ndarray of int64, shape (7463,)
        ``score[r]`` for rank r = 1..7462 (``score[0]`` is 0).
    denominator : int
        A hand of rank r wins with probability ``score[r] / denominator``.

    Raises
    ------
    ValueError
        If ``method`` is not one of ``METHODS``.

    Examples
    --------
    >>> from pokerkeys.games.draw import win_scores
    >>> score, denominator = win_scores("exact")
    >>> int(score[7462]), denominator  # a royal flush ties the other three
    (5197916, 5197920)
    """
    from ..core._ranking import rank_values
    from ..core.counts import rank_histogram

    if method not in METHODS:
        raise ValueError(f"method is one of {METHODS}, not {method!r}")
    hist = rank_histogram(5).astype(np.int64)
    if method == "exact":
        below = np.concatenate([[0], np.cumsum(hist)[:-1]])
        return 2 * below + hist, 2 * N_HANDS_5
    values = rank_values()
    cat = values[1:, 0].astype(np.int64)  # 1..9, rank order, so the cumulative sums are P
    per_cat = np.bincount(cat, weights=hist[1:], minlength=11).astype(np.int64)
    cum = np.concatenate([[0], np.cumsum(per_cat[1:])])  # cum[t]: hands below category t+1
    top = values[1:, 1].astype(np.int64) + 2  # the first significant rank, 2..14
    score = np.zeros(len(hist), dtype=np.int64)
    score[1:] = 13 * cum[cat - 1] + (top - 1) * per_cat[cat]
    return score, 13 * N_HANDS_5


def win_probability(cards_or_rank: CardsLike | int | np.integer,
                    method: DrawMethod = "interpolated") -> float:
    """Probability that a 5-card hand beats a random 5-card hand heads up.

    Parameters
    ----------
    cards_or_rank : str, sequence of cards, array of card ids, or int
        A 5-card hand, or its rank (1..7462).
    method : {'interpolated', 'exact'}, default 'interpolated'
        How the probability is estimated (see ``win_scores``).

    Returns
    -------
    float
        The probability, 0..1 (a tie counts half with ``"exact"``).

    Raises
    ------
    ValueError
        If the hand does not parse or is not 5 cards, or ``method`` is unknown.
    IndexError
        If a rank is outside 0..7462.

    Examples
    --------
    >>> from pokerkeys.games.draw import win_probability
    >>> hand = "Ac Ad 7s 4h 2c"
    >>> round(win_probability(hand), 4), round(win_probability(hand, "exact"), 4)
    (0.9237, 0.8929)
    >>> win_probability("As Ks Qs Js Ts")
    1.0
    """
    rank = cards_or_rank if isinstance(cards_or_rank, (int, np.integer)) \
        else evaluate(cards_or_rank)
    score, denominator = win_scores(method)
    return float(score[int(rank)]) / denominator


@dataclass(frozen=True)
class DrawOption:
    """One action of a draw: the cards discarded and the expected win probability after it.

    Attributes
    ----------
    discard : tuple of int or tuple of str
        The cards thrown away (empty: stand pat), in the form the hand was given: ids, or text
        (``'Kc'``) for a hand given as text.
    win_probability : float
        The win probability of the resulting hand against a random 5-card hand, averaged
        over every replacement draw.
    draws : int
        How many replacement draws were enumerated (C(47, k) for k discards).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> option = pk.best_discard("2d 3d 4d Kc As").options[1]
    >>> option.discard, option.draws, round(option.win_probability, 4)
    (('2d',), 47, 0.5634)
    >>> print(option)
    discard 2d             expected win probability  56.3422%
    """
    discard: DrawCards
    win_probability: float
    draws: int

    def __str__(self) -> str:
        what = f"discard {format_cards(self.discard)}" if self.discard else "stand pat"
        return f"{what:<22} expected win probability {100 * self.win_probability:8.4f}%"


@dataclass(frozen=True)
class DrawDecision:
    """The best action for a hand, and every action considered, best first.

    Attributes
    ----------
    hand : tuple of int or tuple of str
        The hand's cards as given: ids, or text for a hand given as text.
    options : tuple of DrawOption
        Every action considered, best first (ties: standing pat, then fewer discards, then
        lower cards).
    best : DrawOption
        The first option (a property).
    discard : tuple of int or tuple of str
        The best option's cards to discard (a property; empty: stand pat).
    win_probability : float
        The best option's expected win probability (a property).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> decision = pk.best_discard("2d 3d 4d Kc As")
    >>> decision.discard, round(decision.win_probability, 4)
    (('Kc',), 0.5825)
    >>> print(decision)
    hand: 2d 3d 4d Kc As
    best: discard Kc             expected win probability  58.2509%
          discard 2d             expected win probability  56.3422%
          discard 3d             expected win probability  56.1347%
          discard 4d             expected win probability  55.9272%
          discard As             expected win probability  51.2276%
          stand pat              expected win probability  50.1177%
    """
    hand: DrawCards
    options: tuple[DrawOption, ...]

    @property
    def best(self) -> DrawOption:
        """The best action: the first option."""
        return self.options[0]

    @property
    def discard(self) -> DrawCards:
        """Cards to discard (empty: stand pat), as ids or as text like the hand given."""
        return self.best.discard

    @property
    def win_probability(self) -> float:
        """The best action's expected win probability."""
        return self.best.win_probability

    def __str__(self) -> str:
        lines = [f"hand: {format_cards(self.hand)}"]
        lines += [f"{'best: ' if i == 0 else '      '}{o}" for i, o in enumerate(self.options)]
        return "\n".join(lines)


def _combinations(cards: CardArray, k: int) -> CardArray:
    """(C(n, k), k) uint8 array of the k-subsets of cards, in lexicographic order."""
    count = math.comb(len(cards), k)
    flat = np.fromiter(chain.from_iterable(combinations(range(len(cards)), k)), dtype=np.uint8,
                       count=count * k)
    return cards[flat.reshape(count, k)]


def best_discard(hand: CardsLike, *, max_discards: int = 1,
                 method: DrawMethod = "interpolated") -> DrawDecision:
    """The discard that maximises the expected win probability of a 5-card hand.

    Considers standing pat and every set of up to ``max_discards`` cards, enumerating every
    replacement draw from the 47 unseen cards; an action is worth the win probability
    (against a random 5-card hand) of the hand it leads to, averaged over its draws. Ties go
    to standing pat, then to fewer discards, then to the lowest cards (expectations are
    compared as exact fractions).

    Parameters
    ----------
    hand : str, sequence of cards or array of card ids
        The 5 cards held.
    max_discards : int, default 1
        The most cards that may be thrown, 0 to 5 (Norvig's poker notebook draws one).
    method : {'interpolated', 'exact'}, default 'interpolated'
        How a hand's win probability is estimated: ``"interpolated"`` places it on a straight
        line within its category by its top card; ``"exact"`` is the share of all 5-card hands
        it beats, ties counting half (see ``win_scores``).

    Returns
    -------
    DrawDecision
        The best action and every action considered, best first. Cards come back in the form
        they were given: text for a hand given as text, ids for ids.

    Raises
    ------
    ValueError
        If the hand does not parse or is not 5 cards, ``max_discards`` is not an integer 0 to
        5, or ``method`` is unknown.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.best_discard("2d 3d 4d Kc As").discard
    ('Kc',)
    >>> pk.best_discard("2d 3d 4d Kc As", method="exact").discard
    ('2d',)
    >>> pk.best_discard([0, 4, 8, 45, 51]).discard  # ids in, ids out
    (45,)
    >>> pk.best_discard("Ah Ad Ac 7s 2h", max_discards=2).discard
    ('2h', '7s')
    """
    ids = parse_cards(hand)
    if len(ids) != 5:
        raise ValueError(f"draw poker starts from 5 cards, not {len(ids)} "
                         f"({format_cards(ids) or 'none'})")
    if isinstance(max_discards, bool) or not isinstance(max_discards, int) \
            or not 0 <= max_discards <= 5:
        raise ValueError(f"max_discards is 0 to 5, not {max_discards!r}")
    scores, denominator = win_scores(method)
    unseen = np.setdiff1d(np.arange(52), ids).astype(np.uint8)
    held = sorted(ids.tolist())
    actions: list[tuple[int, ...]] = []
    blocks: list[CardArray] = []
    for k in range(max_discards + 1):
        draws = _combinations(unseen, k)
        for discard in combinations(held, k):
            keep = np.array([c for c in held if c not in discard], dtype=np.uint8)
            blocks.append(np.concatenate([np.broadcast_to(keep, (len(draws), 5 - k)), draws],
                                         axis=1))
            actions.append(discard)
    # One batch for every outcome of every action: a parallel launch per action would cost
    # more than the evaluation itself.
    ranks = evaluate_batch(np.concatenate(blocks)).astype(np.int64)
    sums = np.add.reduceat(scores[ranks], np.cumsum([0] + [len(b) for b in blocks[:-1]]))
    options = [(Fraction(int(total), len(block)), discard, len(block))
               for total, discard, block in zip(sums, actions, blocks, strict=False)]
    # Exact rationals, so equal expectations tie exactly and the tie rules decide: options
    # were listed stand pat first, then by number of discards, then lowest cards first.
    order = sorted(range(len(options)), key=lambda i: (-options[i][0], i))
    text = isinstance(hand, str) or (isinstance(hand, (list, tuple)) and bool(hand)
                                     and all(isinstance(c, str) for c in hand))

    def form(cards: list[int] | tuple[int, ...]) -> DrawCards:  # text in, text out
        return tuple(format_card(c) for c in cards) if text else tuple(cards)

    result = tuple(DrawOption(form(options[i][1]), float(options[i][0] / denominator),
                              options[i][2]) for i in order)
    return DrawDecision(form(ids.tolist()), result)
