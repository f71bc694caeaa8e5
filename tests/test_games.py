"""Winners with ties, the best hand of 5-13 cards, Texas Hold'em and Three-D poker."""
from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import pytest
import reference as R

import pokerkeys as pk
from pokerkeys.games import short_hand_value


def ref_best(ids) -> int:
    """Reference rank of the best five of any number of cards (independent ranker)."""
    return R.class_rank_map()[max(R.rank5(five) for five in combinations(ids, 5))]


# ---------------------------------------------------------------------------- winners
def test_single_winner_and_tie():
    assert pk.winners(["As Ks Qs Js Ts", "2c 2d 2h 2s 3c"]) == [0]
    assert pk.winners(["2c 2d 2h 2s 3c", "As Ks Qs Js Ts"]) == [1]
    # Same ranks, different suits: a tie, every tied player is returned.
    assert pk.winners(["Ah Kd 9c 7s 3h", "As Kc 9d 7h 3s", "Qh Qd 2c 3c 4c"]) == [2]
    assert pk.winners(["Ah Kd 9c 7s 3h", "As Kc 9d 7h 3s", "Qh Jd 2c 3c 4d"]) == [0, 1]


def test_board_is_shared():
    board = "2c 7d 9h Ts Jc"
    assert pk.winners(["AhKh", "QsQd", "8c8s"], board=board) == [2]  # 7-8-9-T-J straight
    assert pk.winners(["AhKh", "AdKc"], board=board) == [0, 1]
    # The board plays for everyone: a split pot.
    assert pk.winners(["2h3h", "4d5d"], board="As Ks Qs Js Ts") == [0, 1]


def test_hand_sizes_six_and_seven_match_reference(make_hands):
    for k in (6, 7):
        hands = make_hands(200, k)
        for a, b in zip(hands[::2], hands[1::2], strict=False):
            overlap = set(a.tolist()) & set(b.tolist())
            if overlap:
                continue
            ra, rb = R.reference_rank(a), R.reference_rank(b)
            expected = [i for i, r in enumerate((ra, rb)) if r == max(ra, rb)]
            assert pk.winners([a, b]) == expected


@pytest.mark.parametrize("k", [8, 9, 10, 13])
def test_best_hand_of_many_cards_matches_reference(make_hands, k):
    for ids in make_hands(12, k):
        hand = pk.best_hand(ids)
        assert hand.rank == ref_best(ids.tolist())
        assert len(hand.cards) == 5 and set(hand.cards.tolist()) <= set(ids.tolist())
        assert pk.evaluate(hand.cards) == hand.rank


def test_winners_with_more_than_seven_cards():
    # 13 cards holding a royal flush vs 8 cards holding quads.
    a = "As Ks Qs Js Ts 2c 3d 4h 5c 6d 7h 8c 9d"
    b = "Ah Ad Ac 2s 3s 4s 5s 6s"  # trips, but its best five is a straight flush
    assert pk.best_hand(b).describe() == "Straight flush, six high"
    assert pk.winners([a, b]) == [0]


def test_short_hands_rule():
    # 1-4 cards: quads > trips > two pair > pair > high card, no straights or flushes.
    assert pk.winners(["Ah", "Kd"]) == [0]
    assert pk.winners(["2c 2d", "Ah Kh"]) == [0]
    assert pk.winners(["2c 2d 3c 3d", "Ah Ad Kh"]) == [0]          # two pair beat a pair
    assert pk.winners(["2c 2d 3c 3d", "Ah Ad Ac"]) == [1]          # trips beat two pair
    assert pk.winners(["5c 6c 7c 8c", "2c 2d"]) == [1]             # no straight flush draw
    assert pk.winners(["9c 9d 9h 9s", "Ac Ad Ah"]) == [0]
    assert pk.winners(["Ah Kd", "As Kc"]) == [0, 1]
    assert pk.winners(["Ah Kd 3c", "As Kc 2d"]) == [0]              # kickers decide
    assert pk.winners(["Ah", "As 2c"]) == [1]                        # more kickers win
    assert short_hand_value(pk.parse_cards("Qc Qd 4h")) == (2, 10, 2)
    assert short_hand_value(pk.parse_cards("4h Qc 4d Qd")) == (3, 10, 2)


def test_short_hands_agree_with_five_card_order_on_pairs():
    # Padding both short hands with the same low, disconnected cards keeps their order.
    pad = "2s 4s 7d"
    for a, b in [("Ah Ad", "Kh Kd"), ("Qh Qd", "Qs Qc"), ("9c 9d", "Ah Kh")]:
        short = pk.winners([a, b])
        full = pk.winners([f"{a} {pad}", f"{b} {pad.replace('s', 'h').replace('d', 'c')}"])
        assert short == full


def test_wild_cards_in_winners():
    assert pk.winners(["As Ah Ad Ac **", "Ks Qs Js Ts 9s"]) == [0]  # five of a kind
    assert pk.winners(["8d ** 7d 6d **", "Tc Jc Qc Kc 9c"]) == [1]


def test_winners_are_suit_and_order_invariant(make_hands):
    perms = list(permutations(range(4)))
    for row in make_hands(30, 14):
        hands = [row[:7], row[7:]]
        expected = pk.winners(hands)
        perm = perms[int(row[0]) % len(perms)]
        mapped = [np.array([4 * (c >> 2) + perm[c & 3] for c in h[::-1]]) for h in hands]
        assert pk.winners(mapped) == expected


def test_winner_errors():
    with pytest.raises(ValueError, match=r"card As is in hand 1 and in hand 2"):
        pk.winners(["As Ks Qs Js Ts", "As 2c 3c 4c 5c"])
    with pytest.raises(ValueError, match=r"card Ts is in the board and in hand 1"):
        pk.winners(["AhTs", "2c3c"], board="Ts 9s 8s")
    with pytest.raises(ValueError, match="fewer than 5 cards"):
        pk.winners(["Ah Kh", "As Ks Qs Js Ts"])
    with pytest.raises(ValueError, match=r"hand 2: unknown card 'Xx'"):
        pk.winners(["Ah Kh", "Xx"])
    with pytest.raises(ValueError, match="at least one hand"):
        pk.winners([])
    with pytest.raises(TypeError):
        pk.winners("As Ks Qs Js Ts")
    with pytest.raises(ValueError, match="5 to 7 cards"):
        pk.winners(["** Ah", "Kd Kc"])


# ---------------------------------------------------------------------------- games
def test_holdem_best_hand_notebook_example():
    hand = pk.holdem_hand("As 7d", "Ac 8d 9d Ah 7c")
    assert pk.format_cards(hand.cards) == "As Ah Ac 7d 7c"
    assert hand.label == "Full house"
    assert hand.rank == pk.evaluate("As 7d Ac 8d 9d Ah 7c")
    assert "Full house, aces over sevens" in str(hand)


def test_holdem_errors():
    with pytest.raises(ValueError, match="2 hole cards, not 3"):
        pk.holdem_hand("As 7d 2c", "Ac 8d 9d")
    with pytest.raises(ValueError, match="3 to 5 cards, not 2"):
        pk.holdem_hand("As 7d", "Ac 8d")
    with pytest.raises(ValueError, match="card Ac is in the hole cards and in the board"):
        pk.holdem_hand("As Ac", "Ac 8d 9d")


def test_three_d_notebook_example():
    # The hole queen cannot meet both community queens (same set): two pair, kings and fours.
    hand = pk.three_d_hand("Qh 4s", "Qs Qc Kd Ts Ah    5d 4h 7s 9c 6s    5h 7c Kc Kh 9h")
    assert sorted(pk.format_cards(hand.cards).split()) == sorted(["Qh", "4s", "Kd", "4h", "Kc"])
    assert hand.describe() == "Two pair, kings and fours"


def test_three_d_uses_exactly_one_card_per_set(make_hands):
    for row in make_hands(10, 17):
        hole, sets = row[:2], [row[2:7], row[7:12], row[12:17]]
        hand = pk.three_d_hand(hole, sets)
        used = set(hand.cards.tolist())
        assert set(hole.tolist()) <= used
        assert all(len(used & set(s.tolist())) == 1 for s in sets)
        best = max(R.rank5([*hole, a, b, c]) for a in sets[0] for b in sets[1] for c in sets[2])
        assert hand.rank == R.class_rank_map()[best]
        # Flat 15 cards and three separate sets agree.
        assert pk.three_d_hand(hole, np.concatenate(sets)) == hand


def test_three_d_errors():
    with pytest.raises(ValueError, match="15 community cards"):
        pk.three_d_hand("Qh 4s", "Qs Qc Kd Ts Ah 5d 4h 7s 9c 6s 5h 7c Kc Kh")
    with pytest.raises(ValueError, match="2 hole cards"):
        pk.three_d_hand("Qh", "Qs Qc Kd Ts Ah 5d 4h 7s 9c 6s 5h 7c Kc Kh 9h")
    with pytest.raises(ValueError, match="community set 2 has 1 to 5 cards, not 6"):
        pk.three_d_hand("Qh 4s", ["Qs", "5d 4h 7s 9c 6s 2c", "Kh"])
    with pytest.raises(ValueError, match="card Qs is in community set 1 and in community set 3"):
        pk.three_d_hand("Qh 4s", ["Qs", "5d", "Qs"])


def test_best_hand_errors():
    with pytest.raises(ValueError, match="5 to 13 cards"):
        pk.best_hand("As Ks")
    with pytest.raises(ValueError, match="duplicate card As"):
        pk.best_hand("As Ks Qs Js As")
