"""Draw poker: which cards to discard from a 5-card hand.

As in the notebook, an action (standing pat, or discarding cards and drawing replacements from
the 47 unseen cards) is worth the expected *win probability* of the hand it leads to, averaged
over every possible draw, and the best action maximises it. A hand's win probability is the
chance that it beats a random 5-card hand heads up. By default it is estimated the notebook's
way (interpolated within the hand's category by its top card); ``method="exact"`` uses the
share of all 2,598,960 hands it beats instead, which changes some decisions (with it,
'2d 3d 4d Kc As' should throw the 2d, not the Kc). Every draw is enumerated and ranked with
the batch evaluator.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import chain, combinations

import numpy as np

from ..core.cards import format_card, format_cards, parse_cards
from ..core.evaluate import evaluate, evaluate_batch

N_HANDS_5 = 2_598_960


METHODS = ("interpolated", "exact")


@cache
def win_scores(method: str = "interpolated") -> tuple[np.ndarray, int]:
    """(score, denominator): a hand of rank r beats a random 5-card hand with probability
    score[r] / denominator. Integers, so that sums of scores compare exactly.

    "interpolated" (the estimate of the notebook this project grew from): with P[t] the share of 5-card hands whose category is
    below t, a hand of category t whose top card (the pair's rank for a pair, the straight's
    top, ...) is h = 2..14 wins with probability P[t] + (h - 1) / 13 * (P[t + 1] - P[t]).
    "exact": the share of hands it beats plus half the share it ties, from the rank histogram
    of all 2,598,960 hands.
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


def win_probability(cards_or_rank, method: str = "interpolated") -> float:
    """Probability that a 5-card hand (or rank) beats a random 5-card hand (see win_scores)."""
    rank = cards_or_rank if isinstance(cards_or_rank, (int, np.integer)) \
        else evaluate(cards_or_rank)
    score, denominator = win_scores(method)
    return float(score[int(rank)]) / denominator


@dataclass(frozen=True)
class DrawOption:
    """One action: the cards discarded (empty: stand pat) and its expected win probability.
    Cards are in the form the hand was given: ids, or text ('Kc') for a text hand."""
    discard: tuple
    win_probability: float
    draws: int  # how many replacement draws were enumerated

    def __str__(self) -> str:
        what = f"discard {format_cards(self.discard)}" if self.discard else "stand pat"
        return f"{what:<22} expected win probability {100 * self.win_probability:8.4f}%"


@dataclass(frozen=True)
class DrawDecision:
    """The best action for a hand, and every action considered, best first (cards as given:
    ids, or text for a text hand)."""
    hand: tuple
    options: tuple[DrawOption, ...]

    @property
    def best(self) -> DrawOption:
        return self.options[0]

    @property
    def discard(self) -> tuple:
        """Cards to discard (empty: stand pat), as ids or as text like the hand given."""
        return self.best.discard

    @property
    def win_probability(self) -> float:
        return self.best.win_probability

    def __str__(self) -> str:
        lines = [f"hand: {format_cards(self.hand)}"]
        lines += [f"{'best: ' if i == 0 else '      '}{o}" for i, o in enumerate(self.options)]
        return "\n".join(lines)


def _combinations(cards: np.ndarray, k: int) -> np.ndarray:
    """(C(n, k), k) uint8 array of the k-subsets of cards, in lexicographic order."""
    count = math.comb(len(cards), k)
    flat = np.fromiter(chain.from_iterable(combinations(range(len(cards)), k)), dtype=np.uint8,
                       count=count * k)
    return cards[flat.reshape(count, k)]


def best_discard(hand, *, max_discards: int = 1, method: str = "interpolated") -> DrawDecision:
    """The discard that maximises the expected win probability of a 5-card hand.

    Considers standing pat and every set of up to ``max_discards`` cards (the notebook's game
    is one card; 0 to 5 are allowed), enumerating every replacement draw from the 47 unseen
    cards. ``method``: how a hand's win probability is estimated, "interpolated" (as the notebook
    does) or "exact" (see ``win_scores``). Ties go to standing pat, then to fewer discards,
    then to the lowest cards.

    Cards come back in the form they were given: ``best_discard('2d 3d 4d Kc As').discard``
    is ``('Kc',)``; a hand of ids gives ids.

    >>> best_discard('2d 3d 4d Kc As').discard
    ('Kc',)
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
    actions, blocks = [], []
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
    def form(cards):  # the caller's form: text in, text out
        return tuple(format_card(c) for c in cards) if text else tuple(cards)

    text = isinstance(hand, str) or (isinstance(hand, (list, tuple)) and bool(hand)
                                     and all(isinstance(c, str) for c in hand))
    result = tuple(DrawOption(form(options[i][1]), float(options[i][0] / denominator),
                              options[i][2]) for i in order)
    return DrawDecision(form(ids.tolist()), result)
