"""The best-hand result type and the rank helpers around it, shared by every game.

``BestHand`` is what ``best_hand``, ``holdem_hand``, ``omaha_hand``, ``three_d_hand`` and
``wild_hand`` return. It lives here, below both the games (``pokerkeys.games``) and Omaha
(``pokerkeys.equity.omaha``), so neither has to import the other. Wild cards add five of a
kind above every straight flush, as ranks 7463 (five twos) to 7475 (five aces).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cards import format_cards
from .evaluate import HandCategory, category, describe, evaluate_batch

N_NATURAL_RANKS = 7462
FIVE_OF_A_KIND = 10  # the category number of five of a kind (HandCategory stops at 9)
MAX_RANK = N_NATURAL_RANKS + 13

CATEGORY_NAMES = {int(c): c.label for c in HandCategory}
CATEGORY_NAMES[FIVE_OF_A_KIND] = "Five of a kind"
_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces")


def five_of_a_kind_rank(card_rank: int) -> int:
    """Rank of five of a kind of card rank 0..12 (2..A): above the royal flush."""
    return N_NATURAL_RANKS + 1 + card_rank


def category_of(rank: int) -> int:
    """Category 1..10 of a rank 1..7475 (10 = five of a kind, which needs wild cards)."""
    return FIVE_OF_A_KIND if rank > N_NATURAL_RANKS else int(category(int(rank)))


def label_of(rank: int) -> str:
    """'Full house', ..., 'Five of a kind' for a rank 1..7475."""
    return CATEGORY_NAMES[category_of(rank)]


def describe_rank(rank: int) -> str:
    """``pk.describe`` extended to five of a kind ('Five of a kind, aces')."""
    if rank > N_NATURAL_RANKS:
        return f"Five of a kind, {_PLURAL[rank - N_NATURAL_RANKS - 1]}"
    return describe(int(rank))


@dataclass(frozen=True, eq=False)
class BestHand:
    """The best five-card hand a player can make: its rank and the five cards used.

    ``cards`` are card ids (uint8, highest first); with wild cards they are the cards the
    jokers stand for, so five of a kind repeats a card.
    """
    rank: int
    cards: np.ndarray

    @property
    def category(self) -> int:
        """HandCategory (an int) of the hand; 10 (games.FIVE_OF_A_KIND) for five of a kind."""
        cat = category_of(self.rank)
        return HandCategory(cat) if cat != FIVE_OF_A_KIND else FIVE_OF_A_KIND

    @property
    def label(self) -> str:
        return label_of(self.rank)

    def describe(self) -> str:
        return describe_rank(self.rank)

    def __eq__(self, other) -> bool:
        return (isinstance(other, BestHand) and self.rank == other.rank
                and np.array_equal(self.cards, other.cards))

    def __hash__(self) -> int:
        return hash((self.rank, self.cards.tobytes()))

    def __str__(self) -> str:
        return f"{format_cards(self.cards)}  ({self.describe()}, rank {self.rank})"


def sorted_desc(ids) -> np.ndarray:
    return np.array(sorted((int(c) for c in ids), reverse=True), dtype=np.uint8)


def best_of_rows(rows: np.ndarray) -> BestHand:
    """The best of an (N, 5) array of candidate hands (the first one on a tie)."""
    ranks = evaluate_batch(np.ascontiguousarray(rows, dtype=np.uint8))
    i = int(np.argmax(ranks))
    return BestHand(int(ranks[i]), sorted_desc(rows[i]))


def check_disjoint(places: list[tuple[str, np.ndarray]]) -> None:
    """Raise ValueError naming the first card that two places (hands, board, ...) share."""
    owner: dict[int, str] = {}
    for place, ids in places:
        for c in ids.tolist():
            if c in owner:
                raise ValueError(f"card {format_cards([c])} is in {owner[c]} and in {place}")
            owner[c] = place
