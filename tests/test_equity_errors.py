"""Bad input to ``pokerkeys.equity.equity``: always ValueError/TypeError naming the problem."""
from __future__ import annotations

import re

import pytest

from pokerkeys.core.cards import RANK_CHARS, SUIT_CHARS
from pokerkeys.equity import equity
from pokerkeys.equity.ranges import Range


def raises(exc, *patterns):
    """pytest.raises that also checks every pattern (regex, case-insensitive) in the message."""
    class _Checker:
        def __enter__(self):
            self.ctx = pytest.raises(exc)
            self.info = self.ctx.__enter__()
            return self.info

        def __exit__(self, *exc_info):
            suppressed = self.ctx.__exit__(*exc_info)
            msg = str(self.info.value)
            for pat in patterns:
                assert re.search(pat, msg, re.IGNORECASE), f"{pat!r} not in {msg!r}"
            return suppressed
    return _Checker()


# ---------------------------------------------------------------------------- card conflicts
def test_same_card_in_two_hands():
    with raises(ValueError, r"card Ah\b", r"player 1 and player 2"):
        equity(["AhKh", "AhQd"])


def test_same_card_in_second_and_third_hand():
    with raises(ValueError, r"card Qd\b", r"player 2 and player 3"):
        equity(["AhKh", "QsQd", "QdJd"])


def test_same_card_in_partial_and_hand():
    with raises(ValueError, r"card Ah\b", r"player 1 and player 2"):
        equity(["Ah??", "AhKd"])


def test_duplicate_card_within_a_hand():
    with raises(ValueError, r"Ah\b", r"player 1|duplicate"):
        equity(["AhAh", "KsKd"])


def test_card_in_hand_and_board():
    with raises(ValueError, r"card Ks\b", r"player 2", r"board"):
        equity(["AhKh", "KsKd"], board="Ks7d2c")


def test_card_in_hand_and_dead():
    with raises(ValueError, r"card Kh\b", r"player 1", r"dead"):
        equity(["AhKh", "KsKd"], dead="Kh")


def test_card_on_board_and_dead():
    with raises(ValueError, r"card 7d\b", r"board", r"dead"):
        equity(["AhKh", "KsKd"], board="2c7d9h", dead="7d")


def test_card_on_board_twice():
    with raises(ValueError, r"card 2c\b", r"twice", r"board"):
        equity(["AhKh", "KsKd"], board="2c7d2c")


def test_card_dead_twice():
    with raises(ValueError, r"card 5s\b", r"twice|duplicate", r"dead"):
        equity(["AhKh", "KsKd"], dead="5s 5s")


# ---------------------------------------------------------------------------- board size
@pytest.mark.parametrize("board", ["2c", "2c7d", "2c7d9hTh3s4s"])
def test_bad_board_size(board):
    n = len(board) // 2
    with raises(ValueError, r"board", rf"\b{n}\b"):
        equity(["AhKh", "QsQd"], board=board)


@pytest.mark.parametrize("board", ["2c7x9h", "Zc7d9h"])
def test_unparsable_board(board):
    with raises(ValueError, r"card"):
        equity(["AhKh", "QsQd"], board=board)


# ---------------------------------------------------------------------------- player count
def test_one_player():
    with raises(ValueError, r"2 to 10 players", r"\b1\b"):
        equity(["AhKh"])


def test_no_players():
    with raises(ValueError, r"2 to 10 players", r"\b0\b"):
        equity([])


def test_eleven_players():
    with raises(ValueError, r"2 to 10 players", r"\b11\b"):
        equity(["random"] * 11)


def test_too_many_players_for_the_deck():
    # 10 unknown hands need 20 hole cards; a full board and 28 dead cards leave only 19.
    board = "2d3d4d5d6d"
    rest = [r + s for r in RANK_CHARS for s in SUIT_CHARS if r + s not in board]
    with raises(ValueError, r"deck", r"10 players"):
        equity(["random"] * 10, board=board, dead=rest[:28])
    # With 27 dead cards exactly 20 remain: the deal is still possible.
    r = equity(["random"] * 10, board=board, dead=rest[:27], trials=1000, seed=1)
    assert r.trials == 1000


def test_too_many_players_for_the_deck_with_missing_board():
    # 10 random players need 20 hole cards; a flop and 28 dead cards leave 21 for 20 + 2.
    dead = [r + s for r in "23456789T" for s in SUIT_CHARS][3:31]
    with raises(ValueError, r"deck"):
        equity(["random"] * 10, board="2c2d2h", dead=dead)


# ---------------------------------------------------------------------------- ranges
def test_range_does_not_parse():
    with raises(ValueError, r"AKx", r"position"):
        equity(["QQ+, AKx", "random"])


def test_range_does_not_parse_second_player():
    with raises(ValueError, r"player 2", r"position"):
        equity(["AhKh", "QQ+,JJ-"])


CARD_HELP = "expected a rank from '23456789TJQKA' (or '10') followed by a suit from 'cdhs'"


@pytest.mark.parametrize("hands, message", [
    (["AhKx", "QsQd"], "player 1: unknown card 'Kx' in 'AhKx'"),
    (["AhKh", "Qs Qz"], "player 2: unknown card 'Qz' in 'Qs Qz'"),
    (["10hKx", "QQ"], "player 1: unknown card 'Kx' in '10hKx'"),
    (["AhKhQx", "QQ"], "player 1: unknown card 'Qx' in 'AhKhQx'"),
    (["AhKh", "AK", "AsKx,QQ"], "player 3: unknown card 'Kx' in 'AsKx,QQ'"),
])
def test_a_mistyped_card_is_named_with_what_a_card_is(hands, message):
    # Text made of card-like pairs with a real card in it was meant as cards: the card
    # error, not the range parser's list of range forms.
    with pytest.raises(ValueError) as info:
        equity(hands)
    assert str(info.value) == f"{message}: {CARD_HELP}"


@pytest.mark.parametrize("text, position", [("QQ+,AKx", 4), ("AKx", 0), ("Zz", 0),
                                            ("KxQx", 0)])
def test_a_range_typo_keeps_the_range_message(text, position):
    # no pair of it is a card ('Zz', 'KxQx'), or it is not made of pairs: read as a range
    with pytest.raises(ValueError) as info:
        equity(["AhKh", text])
    item = text.split(",")[-1]
    assert str(info.value).startswith(
        f"player 2: '{text}' is neither a hand nor a range: cannot parse range item "
        f"'{item}' at position {position}: expected a class"), str(info.value)
    assert f"in '{text}'" not in str(info.value)  # the text is quoted once


def test_range_emptied_by_card_removal():
    with raises(ValueError, r"player 1", r"empty"):
        equity(["AA", "AsAh"], board="AdAc2c")


def test_range_emptied_by_dead_cards():
    with raises(ValueError, r"player 2", r"empty"):
        equity(["KsKd", "AKs"], dead="Ac Ad Ah As")


def test_empty_range_object():
    with raises(ValueError, r"player 1", r"empty"):
        equity([Range("AA").without("Ah As").without("Ad"), "KK"], board="Ac2c3c")


def test_bad_partial_hand():
    with raises(ValueError, r"player 1"):
        equity(["AhKd??", "QsQd"])


def test_three_card_hand():
    with raises(ValueError, r"player 2", r"2 hole cards"):
        equity(["AhKh", "QsQdJd"])


# ---------------------------------------------------------------------------- stopping rules
@pytest.mark.parametrize("kwargs, pattern", [
    (dict(trials=0), r"trials"),
    (dict(trials=-5), r"trials"),
    (dict(trials=1.5), r"trials"),
    (dict(trials=True), r"trials"),
    (dict(target_stderr=0), r"target_stderr"),
    (dict(target_stderr=-0.01), r"target_stderr"),
    (dict(time_limit=-1), r"time_limit"),
    (dict(time_limit=0), r"time_limit"),
])
def test_bad_stopping_rules(kwargs, pattern):
    with pytest.raises((ValueError, TypeError), match=pattern):
        equity(["AhKh", "QsQd"], **kwargs)


# ---------------------------------------------------------------------------- types
def test_hands_as_single_string():
    with raises(TypeError, r"list"):
        equity("AhKh QsQd")


def test_hands_as_single_range():
    with pytest.raises(TypeError):
        equity(Range("QQ+"))


def test_hand_of_wrong_type():
    with pytest.raises((TypeError, ValueError), match="player 2"):
        equity(["AhKh", 3.5])
