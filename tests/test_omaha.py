"""Omaha: best hand from exactly 2 hole + 3 board cards, exhaustive and Monte Carlo equity."""
from __future__ import annotations

import inspect
from itertools import combinations

import numpy as np
import pytest
import reference as R

import pokerkeys as pk
from pokerkeys.equity.omaha import omaha_equity, omaha_hand


def ref_omaha(hole, board) -> int:
    best = max(R.rank5([*p, *t]) for p in combinations(hole, 2) for t in combinations(board, 3))
    return R.class_rank_map()[best]


# ---------------------------------------------------------------------------- best hand
def test_notebook_examples():
    hand = omaha_hand("As 7d 6d 5d", "Ac 8d 9d Ah 7c")
    assert pk.format_cards(hand.cards) == "As Ah Ac 7d 7c"
    # A royal flush and a full house are on offer from all nine cards, but exactly two hole
    # cards must play: three fives.
    hand = omaha_hand("Ad Kd Qd 5d", "Jd Td Tc 5c 5h")
    assert hand.describe() == "Three of a kind, fives"
    assert sorted(pk.format_cards(hand.cards).split()) == sorted(["Ad", "5d", "Jd", "5c", "5h"])


@pytest.mark.parametrize("n_hole", [4, 5, 6])
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_best_hand_matches_reference(make_hands, n_hole, n_board):
    for row in make_hands(8, n_hole + n_board):
        hole, board = row[:n_hole], row[n_hole:]
        hand = omaha_hand(hole, board)
        assert hand.rank == ref_omaha(hole.tolist(), board.tolist())
        used = set(hand.cards.tolist())
        assert len(used & set(hole.tolist())) == 2 and len(used & set(board.tolist())) == 3


def test_best_hand_errors():
    with pytest.raises(ValueError, match="4, 5 or 6 hole cards, not 3"):
        omaha_hand("As Ks Qs", "2c 3c 4c 5c 6c")
    with pytest.raises(ValueError, match="3 to 5 cards, not 2"):
        omaha_hand("As Ks Qs Js", "2c 3c")
    with pytest.raises(ValueError, match="card 2c is in the hole cards and in the board"):
        omaha_hand("As Ks Qs 2c", "2c 3c 4c")


# ---------------------------------------------------------------------------- equity
def _brute_force_counts(hands, board):
    """Winner-mask counts over every river, with the Python best-hand function."""
    used = set(pk.parse_cards("".join(hands) + board).tolist())
    counts = np.zeros(1 << len(hands))
    for river in sorted(set(range(52)) - used):
        full = np.append(pk.parse_cards(board), river)
        ranks = [omaha_hand(h, full).rank for h in hands]
        counts[sum(1 << i for i, r in enumerate(ranks) if r == max(ranks))] += 1
    return counts


def test_exact_equity_on_the_turn_matches_brute_force():
    hands = ["AsKsQdJd", "7h8h9cTc", "2c2d3h4h"]
    board = "Ts 9d 2s 5h"
    result = omaha_equity(hands, board=board)
    assert result.exact and result.boards == 52 - 12 - 4
    expected = pk.EquityResult.from_mask_counts(hands, _brute_force_counts(hands, board), True,
                                                0.0)
    np.testing.assert_allclose(result.equity, expected.equity)
    np.testing.assert_allclose(result.tie, expected.tie)


def test_exact_preflop_and_monte_carlo_agree():
    hands = ["AsAdKsKd", "7h8h9cTc"]
    exact = omaha_equity(hands, exact=True)
    assert exact.exact and exact.boards == 1_086_008  # C(44, 5)
    mc = omaha_equity(hands, trials=200_000, seed=7)
    assert not mc.exact and mc.trials == 200_000
    assert np.all(np.abs(mc.equity - exact.equity) < 4 * mc.stderr + 1e-9)


def test_random_opponent_exact_and_monte_carlo():
    exact = omaha_equity(["AsKsQdJd", "random"], board="2c7d9hTs3s")
    assert exact.exact and exact.boards == 123_410  # C(43, 4) deals of the random hand
    mc = omaha_equity(["AsKsQdJd", "??"], board="2c7d9hTs3s", exact=False, trials=100_000,
                      seed=3)
    assert np.all(np.abs(mc.equity - exact.equity) < 4 * mc.stderr)


def test_five_and_six_card_omaha():
    five = omaha_equity(["AsKsQdJdTh", "7h8h9cTc2d"], board="2c7d9hTs")
    six = omaha_equity(["AsKsQdJdTh3c", "7h8h9cTc2d4d"], board="2c7d9hTs")
    assert five.exact and six.exact
    assert abs(five.equity.sum() - 1) < 1e-12 and abs(six.equity.sum() - 1) < 1e-12


def test_monte_carlo_is_reproducible_and_thread_independent(two_numba_threads):
    hands = ["AsKsQdJd", "7h8h9cTc", "random"]
    a = omaha_equity(hands, trials=50_000, seed=11, threads=1)
    b = omaha_equity(hands, trials=50_000, seed=11, threads=2)
    c = omaha_equity(hands, trials=50_000, seed=12)
    np.testing.assert_array_equal(a.mask_counts, b.mask_counts)
    assert not np.array_equal(a.mask_counts, c.mask_counts)


def test_stop_rules():
    r = omaha_equity(["AsKsQdJd", "random"], target_stderr=0.003, seed=1)
    assert not r.exact and r.stderr.max() <= 0.003
    r = omaha_equity(["AsKsQdJd", "random"], time_limit=0.2, seed=1)
    assert not r.exact and r.trials > 0
    calls = []
    r = omaha_equity(["AsKsQdJd", "7h8h9cTc"], board="2c3d4h5s",
                     progress=lambda done, total: calls.append((done, total)))
    assert r.exact and calls[-1] == (20, 20)


def test_same_arguments_as_hold_em_equity():
    # pk.equity(..., game='omaha') forwards its arguments here; 'rules' is short deck's
    # order of trips and straights, which Omaha does not have.
    ours = set(inspect.signature(omaha_equity).parameters)
    theirs = set(inspect.signature(pk.equity).parameters) - {"game", "rules"}
    assert theirs <= ours


@pytest.mark.parametrize("hands, board, dead, message", [
    (["AsKsQs", "7h8h9cTc"], None, None, r"player 1: .*4, 5 or 6 hole cards, not 3"),
    (["AsKsQdJd", "7h8h9cTc2d"], None, None, "same number of hole cards"),
    (["AsKsQdJd", "AsKd9cTc"], None, None, "card As is in player 1 and in player 2"),
    (["AsKsQdJd", "7h8h9cTc"], "Ks2c3c", None, "card Ks is in player 1 and in the board"),
    (["AsKsQdJd", "7h8h9cTc"], None, "9c", "card 9c is in player 2 and in the dead cards"),
    (["AsKsQdJd", "7h8h9cTc"], "2c3c", None, "0, 3, 4 or 5 cards, not 2"),
    (["AsKsQdJd"], None, None, "2 to 10 players"),
    (["AsAsQdJd", "7h8h9cTc"], None, None, "card As is used twice in player 1"),
    (["AsKsQdJd", "7h8h9cXx"], None, None, "player 2: unknown card 'Xx'"),
])
def test_equity_errors(hands, board, dead, message):
    with pytest.raises(ValueError, match=message):
        omaha_equity(hands, board=board, dead=dead)


def test_equity_argument_errors():
    with pytest.raises(TypeError):
        omaha_equity("AsKsQdJd")
    with pytest.raises(ValueError, match="trials must be a positive integer"):
        omaha_equity(["AsKsQdJd", "random"], trials=0)
    with pytest.raises(ValueError, match="too many players"):
        omaha_equity(["random"] * 10, dead=pk.format_cards(range(10)))
    with pytest.raises(ValueError, match="use Monte Carlo"):
        omaha_equity(["random"] * 3, exact=True)


def test_equity_routes_omaha_through_the_common_api():
    import pokerkeys as pk
    direct = pk.omaha_equity(["AsKsQdJd", "7h8h9cTc"], board="2c3d4h", exact=True)
    routed = pk.equity(["AsKsQdJd", "7h8h9cTc"], board="2c3d4h", exact=True, game="omaha")
    assert np.array_equal(direct.mask_counts, routed.mask_counts)
    with pytest.raises(ValueError, match="unknown game"):
        pk.equity(["AsKs", "QdJd"], game="stud")


def test_cli_equity_game_omaha():
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "pokerkeys", "equity", "AsKsQdJd", "7h8h9cTc",
                          "--board", "2c3d4h", "--game", "omaha"], capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert "AsKsQdJd" in out.stdout.replace(" ", "") or "As" in out.stdout
