"""range_hits: every made-hand category and draw on hand-built boards, and the bookkeeping."""
import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.analysis.hits import DRAWS, MADE


def cat(hand, board):
    return pk.range_hits(hand, board).category_of(hand)


def draws(hand, board):
    h = pk.range_hits(hand, board)
    return {name for name in DRAWS if h[name]["combos"] > 0}


@pytest.mark.parametrize("hand, board, expected", [
    ("AhKh", "QhJhTh", "straight flush"),
    ("5h4h", "Ah2h3h", "straight flush"),          # the steel wheel
    ("7c7d", "7h7s2c", "quads"),
    ("AcKd", "7h7s7c7d", "quads"),                  # quads on the board count for everyone
    ("7c7d", "7h2s2c", "full house"),
    ("Ac2d", "AhAs2c", "full house"),
    ("AhKd", "2h5h9h", "ace high"),
    ("Kh3h", "2h5h9h7h", "flush"),
    ("3c2d", "Ah5h9h7hTh", "flush"),                # a flush on the board: every combo
    ("5c4d", "Ah2s3c", "straight"),                 # wheel
    ("KcQd", "AhJsTc", "straight"),                 # broadway
    ("9c8d", "7h6s5c", "straight"),
    ("QcJd", "AhKsTc", "straight"),
    ("7c7d", "7h9s2c", "set"),
    ("Ac7d", "7h7s2c", "trips"),
    ("Ac7d", "Ah7s2c", "two pair"),
    ("KcKd", "Qh7s2c", "overpair"),
    ("AcKd", "Kh7s2c", "top pair"),
    ("TcTd", "Kh7s2c", "pocket pair below top pair"),
    ("5c5d", "Kh7s2c", "pocket pair below top pair"),
    ("9c9d", "KhKs2c", "pocket pair below top pair"),  # the board pair is not the player's
    ("Ac7d", "Kh7s2c", "middle pair"),
    ("Ac2d", "Kh7s2c", "weak pair"),
    ("8c2d", "KhKs7c2h", "weak pair"),              # distinct ranks K, 7, 2: 2 is the third
    ("7d2d", "KhKs7c", "middle pair"),
    ("AcQd", "Kh7s2c", "ace high"),
    ("AcQd", "7h7s2c", "ace high"),                 # a board pair alone: not a pair for AQ
    ("AcKd", "7h7s7c", "ace high"),                 # board trips alone: not trips for AK
    ("QcJd", "Kh7s2c", "nothing"),
])
def test_made_hand_categories(hand, board, expected):
    assert cat(hand, board) == expected


@pytest.mark.parametrize("hand, board, expected", [
    ("AhKh", "Qh7h2c", {"flush draw", "nut flush draw", "two overcards"}),
    ("KhJh", "Qh7h2c", {"flush draw"}),               # not the nuts: the ace is out
    ("KhJh", "Ah7h2c", {"flush draw", "nut flush draw"}),  # the ace is on the board
    ("8c7d", "6h5sKc", {"open-ended straight draw"}),
    ("9c8d", "7h6s2c", {"open-ended straight draw", "two overcards"}),
    ("Jc9d", "Th7s2c", {"gutshot"}),                  # needs an 8: J-T-9-8-7
    ("5c4d", "Ah3s9c", {"gutshot"}),                  # the wheel needs a 2
    ("AcKd", "QhJs2c", {"gutshot", "two overcards"}),
    ("Tc6d", "8h7s4c", {"open-ended straight draw"}),  # double gutshot: a 5 or a 9
    ("AhKh", "Qh7c2d", {"backdoor flush draw", "two overcards"}),
    ("AhKc", "Qh7h2d", {"backdoor flush draw", "two overcards"}),
    ("Ah9c", "Kh7d2s4h", set()),                      # turn: no backdoor draws
    ("6c5c", "4c3c2d", {"flush draw"}),               # a made straight: no straight draw
])
def test_draws(hand, board, expected):
    assert draws(hand, board) == expected


def test_board_straight_draws_need_a_hole_card():
    # 9-8-7-6 on the board: any T or 5 makes a straight for everybody, not a draw of 2c3d's.
    assert draws("2c3d", "9h8s7c6d") == set()


def test_river_has_no_draws():
    h = pk.range_hits("random", "Ah7h2h3c9d")
    assert all(h[name]["combos"] == 0 for name in DRAWS)


def test_aces_kings_and_suited_ace_king_on_an_ace_high_flop():
    h = pk.range_hits("AA,KK,AKs", "Ah7d2c")
    assert h["set"]["combos"] == 3 and h["top pair"]["combos"] == 3
    assert h["pocket pair below top pair"]["combos"] == 6
    assert h.total == 12
    assert sorted(h.combos_in("set")) == ["AdAc", "AsAc", "AsAd"]


@pytest.mark.parametrize("board", ["Ah7d2c", "Kh7h2h", "9s8s7d6c", "AsKsQsJsTs", "2c2d2h",
                                   "5h4h3h2h", "Tc9c8d7d2s"])
def test_every_combo_in_exactly_one_made_category(board):
    h = pk.range_hits("random", board)
    n_free = 52 - len(pk.parse_cards(board))
    assert h.total == n_free * (n_free - 1) // 2
    assert sum(h[name]["combos"] for name in MADE) == h.total
    assert np.isclose(sum(h[name]["share"] for name in MADE), 1.0)


def test_made_straights_and_better_agree_with_the_evaluator():
    rng = np.random.default_rng(7)
    labels = {pk.HandCategory.STRAIGHT_FLUSH: "straight flush",
              pk.HandCategory.FOUR_OF_A_KIND: "quads", pk.HandCategory.FULL_HOUSE: "full house",
              pk.HandCategory.FLUSH: "flush", pk.HandCategory.STRAIGHT: "straight"}
    for _ in range(40):
        cards = rng.choice(52, size=7, replace=False)
        board = cards[:5]
        h = pk.range_hits(pk.Range.from_combos([cards[5:7]]), board)
        made = h.category_of(cards[5:7])
        evaluated = pk.category(pk.evaluate(cards))
        if evaluated in labels:
            assert made == labels[evaluated]
        else:
            assert made not in labels.values()


def test_weights_are_counted():
    h = pk.range_hits("AA:0.5,KK", "Ah7d2c")
    assert h["set"]["combos"] == 1.5 and h.total == 7.5
    assert h["set"]["share"] == pytest.approx(1.5 / 7.5)


@pytest.mark.parametrize("board, message", [
    ("Ah7d", "range_hits needs a board of 3, 4 or 5 cards, not 2"),
    ("Ah", "not 1"),
    ("Ah7d2c3c4c5c", "not 6"),
    ("Ah7dXx", "board:"),
])
def test_bad_boards(board, message):
    with pytest.raises(ValueError, match=message):
        pk.range_hits("AA", board)


def test_range_emptied_by_the_board():
    with pytest.raises(ValueError, match="empty once the board"):
        pk.range_hits("AhKh", "Ah7d2c")
