"""Wild cards: '**' (any card), '?B' (any black), '?R' (any red); five of a kind."""
from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest
import reference as R

import pokerkeys as pk
from pokerkeys.games import FIVE_OF_A_KIND, five_of_a_kind_rank
from pokerkeys.games.wild import JOKER_MASKS, parse_wild

# ---------------------------------------------------------------------------- reference
_COLOUR = {"**": range(52), "?B": [c for c in range(52) if c & 3 in (0, 3)],
           "?R": [c for c in range(52) if c & 3 in (1, 2)]}


def _ref_rank5(cards) -> int:
    """Rank of five cards that may repeat a card: five of a kind above everything; a repeated
    card rules out a flush (the documented rule); otherwise the reference ranker."""
    ranks = [c >> 2 for c in cards]
    if len(set(ranks)) == 1:
        return five_of_a_kind_rank(ranks[0])
    key = R.key_from_ranks(ranks, False) if len(set(cards)) < 5 else R.rank5(cards)
    return R.class_rank_map()[key]


def ref_wild(naturals, jokers) -> int:
    """Brute force: every card for every joker (repeats allowed), every five of the cards."""
    best = 0
    for subs in product(*(_COLOUR[j] for j in jokers)):
        cards = list(naturals) + list(subs)
        for five in combinations(cards, 5):
            best = max(best, _ref_rank5(five))
    return best


# ---------------------------------------------------------------------------- worked examples
def test_two_jokers_make_a_straight_flush_to_the_ten():
    hand = pk.wild_hand("8d ** 7d 6d **")
    assert hand.describe() == "Straight flush, ten high"
    assert pk.format_cards(hand.cards) == "Td 9d 8d 7d 6d"
    assert hand.rank == pk.evaluate("Td 9d 8d 7d 6d")
    assert sorted(pk.format_cards([c]) for c in hand.stands_for) == ["9d", "Td"]


def test_black_joker_completes_the_jack_high_straight_flush():
    hand = pk.wild_hand("6C 7C 8C 9C TC 5C ?B")
    assert sorted(pk.format_cards(hand.cards).split()) == sorted(["7c", "8c", "9c", "Tc", "Jc"])
    assert hand.stands_for == (pk.parse_cards("Jc")[0],)


def test_red_and_black_jokers_make_four_tens():
    hand = pk.wild_hand("TD TC 5H 5C 7C ?R ?B")
    assert hand.describe() == "Four of a kind, tens"
    assert sorted(pk.format_cards(hand.cards).split()) == sorted(["7c", "Tc", "Td", "Th", "Ts"])
    assert hand.substitutions() == "?R = Th, ?B = Ts"


def test_notebook_joker_example():
    hand = pk.wild_hand("8d ** 7d 6d 8s")  # one joker makes three of a kind
    assert hand.label == "Three of a kind"


# ---------------------------------------------------------------------------- five of a kind
def test_five_of_a_kind_ranks_above_a_royal_flush():
    five_aces = pk.wild_hand("As Ah Ad Ac **")
    assert five_aces.category == FIVE_OF_A_KIND and five_aces.label == "Five of a kind"
    assert five_aces.rank == five_of_a_kind_rank(12) == 7475
    assert five_aces.describe() == "Five of a kind, aces"
    five_twos = pk.wild_hand("2s 2h 2c ?R ?B 9c")
    assert five_twos.rank == 7463 > pk.evaluate("As Ks Qs Js Ts")
    assert pk.winners(["2s 2h 2c ?R ?B", "As Ks Qs Js Ts"]) == [0]
    assert pk.wild_hand("2s 2h ?R ?B 9c").describe() == "Four of a kind, twos"
    assert pk.wild_hand("** ** 7c 7d 7h Kc 2d", max_jokers=2).describe() == \
        "Five of a kind, sevens"


def test_a_joker_may_repeat_a_held_card():
    # Both black aces are held, yet ?B can still be an ace: four aces (a repeated As/Ac).
    hand = pk.wild_hand("Ac As Ah ?B 2d")
    assert hand.describe() == "Four of a kind, aces"
    # But a flush needs five different cards: no "double-ace flush".
    assert pk.wild_hand("Ah Kh Qh 9h ?R").describe() == "Flush, ace high"
    assert pk.wild_hand("Ah Kh Qh 9h ?R").rank == pk.evaluate("Ah Kh Qh Jh 9h")


@pytest.mark.parametrize("jokers", [["**"], ["?B"], ["?R"], ["**", "**"], ["?R", "?B"],
                                    ["?B", "?B"]])
def test_matches_brute_force(make_hands, jokers):
    n_nat = 5 - len(jokers)
    for ids in make_hands(14, n_nat):
        assert pk.wild_hand(list(ids) + jokers).rank == ref_wild(ids.tolist(), jokers), \
            pk.format_cards(ids)


def test_six_and_seven_cards_match_brute_force(make_hands):
    for ids in make_hands(6, 6):
        assert pk.wild_hand(list(ids) + ["?R"]).rank == ref_wild(ids.tolist(), ["?R"])
    for ids in make_hands(4, 5):
        assert pk.wild_hand(list(ids) + ["**"]).rank == ref_wild(ids.tolist(), ["**"])


def test_best_five_are_consistent(make_hands):
    for ids in make_hands(40, 5):
        hand = pk.wild_hand(list(ids[:3]) + ["**", "?B"])
        assert len(hand.cards) == 5
        assert _ref_rank5(hand.cards.tolist()) == hand.rank
        used = [c for c in hand.stands_for if c is not None]
        assert all(c in hand.cards.tolist() for c in used)


def test_no_jokers_is_the_plain_evaluator(make_hands):
    for ids in make_hands(20, 7):
        assert pk.wild_hand(ids).rank == pk.evaluate(ids)


# ---------------------------------------------------------------------------- parsing and errors
def test_parsing():
    naturals, jokers = parse_wild("10h ?r ** 9c,?B")
    assert pk.format_cards(naturals) == "Th 9c" and jokers == ["?R", "**", "?B"]
    naturals, jokers = parse_wild(["Ah", "**", 3])
    assert naturals.tolist() == [50, 3] and jokers == ["**"]
    assert parse_wild("8d**7d6d**")[1] == ["**", "**"]
    assert JOKER_MASKS["?B"] | JOKER_MASKS["?R"] == JOKER_MASKS["**"]


def test_errors():
    with pytest.raises(ValueError, match="3 jokers .* at most 2 are allowed"):
        pk.wild_hand("** ** ?R 2c 3d")
    assert pk.wild_hand("** ** ?R 2c 3d", max_jokers=3).label == "Four of a kind"
    with pytest.raises(ValueError, match="5 to 7 cards, not 4"):
        pk.wild_hand("** 2c 3d 4h")
    with pytest.raises(ValueError, match="5 to 7 cards, not 8"):
        pk.wild_hand("** 2c 3d 4h 5h 6h 7h 8h")
    with pytest.raises(ValueError, match="duplicate card 2c"):
        pk.wild_hand("** 2c 3d 2c 5h")
    with pytest.raises(ValueError, match=r"unknown card '\?G'"):
        pk.wild_hand("?G 2c 3d 4h 5h")


def test_result_types():
    hand = pk.wild_hand("8d ** 7d 6d **")
    assert hand.cards.dtype == np.uint8 and isinstance(hand.rank, int)
    assert hand == pk.wild_hand("** 8d 7d ** 6d")
