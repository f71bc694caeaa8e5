"""Showdowns and other games on the evaluator: winners with ties, the best hand of any size,
Texas Hold'em and Three-D poker (Omaha lives in ``pokerkeys.equity.omaha``, wild cards in
``pokerkeys.games.wild``).

Ranks are the evaluator's 1..7462, higher is better, equal ranks tie. Wild cards add five of a
kind above every straight flush, as ranks 7463 (five twos) to 7475 (five aces).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations, product

import numpy as np

from ..core.best import BestHand, best_of_rows, check_disjoint
from ..core.cards import format_cards, parse_cards
from ..core.evaluate import HandCategory, best_five, evaluate


def _parse(cards, what: str) -> np.ndarray:
    try:
        return parse_cards(cards)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def best_hand(cards) -> BestHand:
    """Best five of 5 to 13 cards (any five), e.g. a hold'em hand with its board."""
    ids = _parse(cards, "hand")
    if not 5 <= len(ids) <= 13:
        raise ValueError(f"a hand has 5 to 13 cards to choose five from, not {len(ids)} "
                         f"({format_cards(ids) or 'no cards'})")
    if len(ids) <= 7:
        return BestHand(evaluate(ids), best_five(ids))
    # Beyond 7 cards the key sums are no longer unique, so rank every five-card subset.
    rows = np.array(list(combinations(ids.tolist(), 5)), dtype=np.uint8)
    return best_of_rows(rows)


def holdem_hand(hole, board) -> BestHand:
    """Texas Hold'em: the best five of 2 hole cards and 3 to 5 board cards."""
    hole_ids = _parse(hole, "hole cards")
    board_ids = _parse(board, "board")
    if len(hole_ids) != 2:
        raise ValueError(f"a hold'em hand has 2 hole cards, not {len(hole_ids)} "
                         f"({format_cards(hole_ids) or 'none'})")
    if not 3 <= len(board_ids) <= 5:
        raise ValueError(f"a hold'em board has 3 to 5 cards, not {len(board_ids)}")
    check_disjoint([("the hole cards", hole_ids), ("the board", board_ids)])
    return best_hand(np.concatenate([hole_ids, board_ids]))


def _three_d_sets(community) -> list[np.ndarray]:
    """Three community sets from 15 cards (split in fives) or from three separate sets."""
    if isinstance(community, np.ndarray) and community.ndim == 2:
        community = list(community)
    if isinstance(community, (list, tuple)) and len(community) == 3:
        sets = [_parse(s, f"community set {i + 1}") for i, s in enumerate(community)]
    else:
        flat = _parse(community, "community cards")
        if len(flat) != 15:
            raise ValueError(f"Three-D poker has 15 community cards (three sets of five), "
                             f"not {len(flat)}; or pass the three sets separately")
        sets = [flat[0:5], flat[5:10], flat[10:15]]
    for i, s in enumerate(sets):
        if not 1 <= len(s) <= 5:
            raise ValueError(f"community set {i + 1} has 1 to 5 cards, not {len(s)}")
    return sets


def three_d_hand(hole, community) -> BestHand:
    """Three-D poker (Bram Cohen): 2 hole cards plus exactly one card from each of three sets
    of five community cards. ``community``: 15 cards (split in order into three fives) or a
    sequence of three sets."""
    hole_ids = _parse(hole, "hole cards")
    if len(hole_ids) != 2:
        raise ValueError(f"a Three-D hand has 2 hole cards, not {len(hole_ids)}")
    sets = _three_d_sets(community)
    check_disjoint([("the hole cards", hole_ids)]
                   + [(f"community set {i + 1}", s) for i, s in enumerate(sets)])
    rows = np.array([(*hole_ids.tolist(), a, b, c) for a, b, c in product(*sets)],
                    dtype=np.uint8)
    return best_of_rows(rows)


# ---------------------------------------------------------------------------- winners
def short_hand_value(ids) -> tuple:
    """Comparable value of a 1-4 card hand: (category, ranks by group size, then rank).

    Short hands rank only by what they hold: four of a kind > three of a kind > two pair >
    pair > high card (no straights or flushes, which need five cards); within a category the
    grouped ranks and then the kickers decide, highest first. A hand that runs out of kickers
    loses to one that has another (so 'Ah' < 'Ah 2c').
    """
    counts = Counter(int(c) >> 2 for c in ids)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    if shape[0] == 4:
        cat = HandCategory.FOUR_OF_A_KIND
    elif shape[0] == 3:
        cat = HandCategory.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        cat = HandCategory.TWO_PAIR
    elif shape[0] == 2:
        cat = HandCategory.PAIR
    else:
        cat = HandCategory.HIGH_CARD
    return (int(cat), *(r for r, _ in groups))


def winners(hands, board=None) -> list[int]:
    """Indices of every player with the best hand (more than one on a tie).

    Each hand (plus the shared ``board``, if any) is ranked as follows:

    * 5 to 7 cards: the evaluator's rank of its best five;
    * 8 to 13 cards: the best five of them;
    * 1 to 4 cards: by what they hold, without straights or flushes (see
      ``short_hand_value``): four of a kind > three of a kind > two pair > pair > high card,
      then the grouped ranks, then the kickers.

    Hands may hold wild cards ('**', '?B', '?R'; see ``pokerkeys.games.wild``) when they have 5 to 7
    cards. Short hands cannot be compared with hands of five or more cards. A card held twice,
    by two hands or by a hand and the board, is an error.
    """
    from .wild import best_wild, has_jokers, parse_wild

    if isinstance(hands, str):
        raise TypeError("hands is a list of hands, e.g. ['As Ks Qs Js Ts', '2c 2d 2h 2s 3c']")
    hands = list(hands)
    if not hands:
        raise ValueError("winners needs at least one hand")
    board_ids = _parse(board if board is not None else [], "board")
    places = [("the board", board_ids)]
    parsed = []
    for i, hand in enumerate(hands):
        if has_jokers(hand):
            naturals, jokers = parse_wild(hand, where=f"hand {i + 1}")
        else:
            naturals, jokers = _parse(hand, f"hand {i + 1}"), []
        places.append((f"hand {i + 1}", naturals))
        parsed.append((naturals, jokers))
    check_disjoint(places)
    values = []
    for i, (naturals, jokers) in enumerate(parsed):
        ids = np.concatenate([naturals, board_ids]).astype(np.uint8)
        n = len(ids) + len(jokers)
        if n == 0:
            raise ValueError(f"hand {i + 1} has no cards")
        if jokers:
            if not 5 <= n <= 7:
                raise ValueError(f"hand {i + 1}: a hand with wild cards has 5 to 7 cards, "
                                 f"not {n}")
            values.append((True, best_wild(ids, jokers).rank))
        elif n >= 5:
            values.append((True, best_hand(ids).rank))
        else:
            values.append((False, short_hand_value(ids)))
    if len({full for full, _ in values}) > 1:
        sizes = sorted({len(p[0]) + len(p[1]) + len(board_ids) for p in parsed})
        raise ValueError(f"cannot compare hands of fewer than 5 cards with hands of 5 or more "
                         f"(hand sizes {sizes})")
    best = max(v for _, v in values)
    return [i for i, (_, v) in enumerate(values) if v == best]
