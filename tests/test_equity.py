"""Correctness of ``pokerkeys.equity.equity``: published exact counts, split pots, Monte Carlo
against exact enumeration, determinism, stopping rules and range weighting by card removal.

Every Monte Carlo run uses a fixed seed, so the whole module is deterministic.
"""
from __future__ import annotations

import dataclasses
import json
import math
import time

import numpy as np
import pytest

from pokerkeys.core.cards import parse_cards
from pokerkeys.equity import EquityResult, equity
from pokerkeys.equity.ranges import Range

MC_TRIALS = 1_500_000


def check_invariants(r: EquityResult) -> None:
    """Identities every result must satisfy, exact or Monte Carlo."""
    n = len(r.players)
    for name in ("equity", "win", "tie", "tie_share", "wins", "ties", "losses", "stderr"):
        assert np.shape(getattr(r, name)) == (n,), name
    assert math.isclose(float(np.sum(r.equity)), 1.0, abs_tol=1e-12)
    np.testing.assert_allclose(r.win + r.tie_share, r.equity, atol=1e-12)
    total = float(np.sum(r.mask_counts))
    np.testing.assert_allclose(r.wins + r.ties + r.losses, total, rtol=1e-12)
    assert (r.tie_share <= r.tie + 1e-12).all()
    assert (r.tie_share >= r.tie / n - 1e-12).all()
    assert ((r.equity >= 0) & (r.equity <= 1)).all()
    assert math.isclose(sum(r.splits.values()) + float(np.sum(r.win)), 1.0, abs_tol=1e-9)
    if r.exact:
        assert r.boards == total
        assert (r.stderr == 0).all()
    else:
        assert r.trials == total
        assert (r.stderr > 0).all() or (r.equity == 0).any() or (r.equity == 1).any()


# ---------------------------------------------------------------------------- published counts
@pytest.mark.parametrize("hands, wins, losses, ties", [
    (["AcAs", "KhKd"], 1_388_072, 317_694, 6_538),
    (["AsKh", "QhQd"], 736_843, 968_234, 7_227),
])
def test_published_heads_up_counts(hands, wins, losses, ties):
    r = equity(hands, exact=True)
    check_invariants(r)
    assert r.exact is True
    assert r.boards == 1_712_304 == math.comb(48, 5)
    np.testing.assert_array_equal(r.wins, [wins, losses])
    np.testing.assert_array_equal(r.losses, [losses, wins])
    np.testing.assert_array_equal(r.ties, [ties, ties])
    assert r.splits == {(0, 1): pytest.approx(ties / 1_712_304)}
    assert r.equity[0] == pytest.approx((wins + ties / 2) / 1_712_304, abs=1e-15)


def test_aces_vs_random_exact():
    # The one slow case (~4 s): AA against a random hand, every hand and every board.
    r = equity(["AsAh", "random"], exact=True)
    check_invariants(r)
    assert r.exact is True
    assert abs(r.equity[0] - 0.852037) < 5e-7
    # 1,225 opposing hands times C(48, 5) boards.
    assert r.boards == 1225 * math.comb(48, 5)


# ---------------------------------------------------------------------------- split pots
ROYAL_BOARD = "AsKsQsJsTs"
LOW_HANDS = ["2c3d", "4c5d", "6c7d", "8c9d"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_board_plays_everyone_splits(n):
    r = equity(LOW_HANDS[:n], board=ROYAL_BOARD)
    check_invariants(r)
    assert r.exact is True
    assert r.boards == 1
    np.testing.assert_allclose(r.equity, np.full(n, 1 / n))
    np.testing.assert_allclose(r.win, 0)
    np.testing.assert_allclose(r.tie, 1)
    np.testing.assert_allclose(r.tie_share, 1 / n)
    assert r.splits == {tuple(range(n)): 1.0}
    np.testing.assert_array_equal(r.ties, np.ones(n))
    np.testing.assert_array_equal(r.losses, np.zeros(n))


def test_three_way_two_split_river():
    # Both Broadway straights (AKQJT) split; the pair of threes loses.
    r = equity(["JcTd", "JhTs", "3c3d"], board="AhKdQc7s2h")
    check_invariants(r)
    assert r.boards == 1
    assert r.splits == {(0, 1): 1.0}
    np.testing.assert_allclose(r.equity, [0.5, 0.5, 0.0])
    np.testing.assert_allclose(r.tie_share, [0.5, 0.5, 0.0])
    np.testing.assert_allclose(r.tie, [1.0, 1.0, 0.0])
    np.testing.assert_array_equal(r.losses, [0, 0, 1])


def test_three_way_two_split_turn():
    # Rainbow turn, no pair: no river gives a flush or lets 33 beat a straight, so the two
    # Broadway straights split on every one of the 42 rivers.
    r = equity(["JcTd", "JhTs", "3c3d"], board="AhKdQc7s", exact=True)
    check_invariants(r)
    assert r.boards == 42
    assert r.splits == {(0, 1): 1.0}
    np.testing.assert_allclose(r.equity, [0.5, 0.5, 0.0])
    np.testing.assert_array_equal(r.ties, [42, 42, 0])


def test_three_way_partial_split_probability():
    # The two A-J hands chop on every river except the two nines, which give 9c9d a set.
    # Check the split frequencies against a river-by-river brute force.
    hands, board = ["AhJd", "AcJs", "9c9d"], "Ad7s2h5c"
    r = equity(hands, board=board, exact=True)
    check_invariants(r)
    used = set(parse_cards(hands).tolist()) | set(parse_cards(board).tolist())
    rivers = [c for c in range(52) if c not in used]
    assert r.boards == len(rivers)
    expected: dict = {}
    wins = np.zeros(3)
    for c in rivers:
        one = equity(hands, board=list(parse_cards(board)) + [c])
        assert one.boards == 1
        for k, v in one.splits.items():
            expected[k] = expected.get(k, 0) + v
        wins += one.wins
    assert set(r.splits) == set(expected)
    assert set(r.splits) == {(0, 1)}
    assert r.splits[(0, 1)] == pytest.approx((len(rivers) - 2) / len(rivers), abs=1e-15)
    np.testing.assert_array_equal(r.wins, [0, 0, 2])
    for k in expected:
        assert r.splits[k] == pytest.approx(expected[k] / len(rivers), abs=1e-12)
    np.testing.assert_array_equal(r.wins, wins)


# ---------------------------------------------------------------------------- Monte Carlo vs exact
MC_CASES = [
    # (id, hands, board, dead)
    ("hu-preflop", ["AhKh", "QsQd"], None, None),
    ("hu-preflop-2", ["7c2d", "8s9s"], None, None),
    ("3way-preflop", ["AhKh", "QsQd", "JcTc"], None, None),
    ("hu-flop", ["AhKh", "QsQd"], "2c7d9h", None),
    ("3way-flop", ["AhKh", "QsQd", "JcTc"], "Qh7d2h", None),
    ("hu-turn", ["AhKh", "QsQd"], "Qh7d2h5c", None),
    ("hu-dead", ["AhKh", "QsQd"], None, "5s6s7s"),
    ("hu-flop-dead", ["AhKh", "QsQd"], "2c7d9h", "Ks Qh As"),
    ("partial-preflop", ["Ah??", "KsKd"], None, None),
    ("partial-flop", ["Ah??", "KsKd"], "Qh7d2h", None),
    ("random-flop", ["AhKh", "random"], "2c7d9h", None),
    ("partial-random-turn", ["Ah??", "QsQd", "random"], "2c7d9hTh", None),
    ("range-vs-range", ["QQ+,AKs", "JJ-88,AQs+"], None, None),
    ("weighted-range", ["AA,KK:0.5", "QQ"], None, None),
    ("range-vs-random-flop", ["QQ+,AKs", "random"], "Qh7d2h", None),
    ("range-vs-hand-flop", ["22+,A2s+,KTo+", "AdKd"], "Kh9d4d", None),
    ("4way-preflop", ["AhKh", "QsQd", "JcTc", "9d8d"], None, None),
    ("4way-flop-random", ["AhKh", "QsQd", "JcTc", "random"], "2c7d9h", None),
]


@pytest.mark.parametrize("hands, board, dead", [c[1:] for c in MC_CASES],
                         ids=[c[0] for c in MC_CASES])
def test_monte_carlo_matches_exact(hands, board, dead):
    ex = equity(hands, board=board, dead=dead, exact=True)
    mc = equity(hands, board=board, dead=dead, trials=MC_TRIALS, seed=12345)
    check_invariants(ex)
    check_invariants(mc)
    assert ex.exact is True and mc.exact is False
    assert mc.trials == MC_TRIALS
    assert ex.players == mc.players
    z = np.abs(mc.equity - ex.equity) / mc.stderr
    assert (z < 4).all(), (ex.equity, mc.equity, mc.stderr)
    # Win and tie probabilities agree too (binomial standard errors).
    for name in ("win", "tie"):
        p_ex, p_mc = getattr(ex, name), getattr(mc, name)
        se = np.sqrt(np.maximum(p_ex * (1 - p_ex), 1e-12) / MC_TRIALS)
        assert (np.abs(p_mc - p_ex) < 5 * se + 1e-9).all(), (name, p_ex, p_mc)


# ---------------------------------------------------------------------------- determinism
def test_same_seed_same_result_any_threads(two_numba_threads):
    hands = ["AhKh", "QsQd", "random"]
    a = equity(hands, trials=400_000, seed=7, threads=1)
    b = equity(hands, trials=400_000, seed=7, threads=2)
    c = equity(hands, trials=400_000, seed=7)
    np.testing.assert_array_equal(a.mask_counts, b.mask_counts)
    np.testing.assert_array_equal(a.mask_counts, c.mask_counts)
    np.testing.assert_array_equal(a.equity, b.equity)
    d = equity(hands, trials=400_000, seed=8, threads=2)
    assert not np.array_equal(a.mask_counts, d.mask_counts)


def test_same_seed_ranges_deterministic(two_numba_threads):
    hands = ["QQ+,AKs", "JJ-88,AQs+:0.5"]
    a = equity(hands, board="2c7d9h", trials=100_001, seed=99, threads=1)
    b = equity(hands, board="2c7d9h", trials=100_001, seed=99, threads=2)
    np.testing.assert_array_equal(a.mask_counts, b.mask_counts)


# ---------------------------------------------------------------------------- stopping rules
@pytest.mark.parametrize("n", [1, 1000, 32_768, 100_001, 300_000])
def test_trials_exact_count(n):
    r = equity(["AhKh", "QsQd"], trials=n, seed=1)
    assert r.exact is False
    assert r.trials == n
    assert r.mask_counts.sum() == n
    assert r.boards == 0


def test_target_stderr_stops():
    r = equity(["AhKh", "QsQd", "random"], target_stderr=0.002, seed=2)
    check_invariants(r)
    assert r.exact is False
    assert (r.stderr <= 0.002).all()
    assert r.trials > 0


def test_time_limit_stops():
    hands = ["random"] * 10
    equity(hands, trials=1000, seed=3)  # compile/load the kernel outside the timing
    start = time.perf_counter()
    r = equity(hands, time_limit=0.2, seed=3)
    elapsed = time.perf_counter() - start
    check_invariants(r)
    assert r.exact is False
    assert r.trials > 0
    assert elapsed < 1.0


# ---------------------------------------------------------------------------- exact=None
def test_auto_picks_exact_heads_up_preflop():
    r = equity(["AcAs", "KhKd"])
    assert r.exact is True
    assert r.boards == 1_712_304
    assert r.trials == 0


def test_auto_picks_monte_carlo_six_random():
    r = equity(["random"] * 6, seed=4)
    check_invariants(r)
    assert r.exact is False
    assert r.trials > 0
    np.testing.assert_allclose(r.equity, 1 / 6, atol=5 * r.stderr.max())


def test_auto_counts_suit_symmetry_before_choosing():
    """AA vs a random hand is 7,350 matchups but only 469 up to suit symmetry: exact."""
    r = equity(["AA", "random"])
    assert r.exact is True
    assert r.equity[0] == pytest.approx(0.852037, abs=5e-7)


def test_auto_picks_monte_carlo_when_matchups_are_many():
    r = equity(["AKs", "random", "random"], trials=None, seed=3)
    assert r.exact is False


def test_auto_never_raises_the_matchup_limit():
    """exact=True refuses beyond EXACT_MAX_MATCHUPS; exact=None quietly runs Monte Carlo."""
    with pytest.raises(ValueError, match="matchups"):
        equity(["random"] * 3, exact=True)
    assert equity(["random"] * 3, seed=1).exact is False


def test_auto_with_stop_rule_is_monte_carlo():
    r = equity(["AcAs", "KhKd"], trials=50_000, seed=5)
    assert r.exact is False and r.trials == 50_000


# ---------------------------------------------------------------------------- ranges, card removal
def _combo_pairs(range_a: str, range_b: str, board: str):
    """Every compatible (combo a, combo b, weight) pair of two ranges on a board."""
    blocked = set(parse_cards(board).tolist())
    ra, rb = Range(range_a), Range(range_b)
    out = []
    for (a, wa) in ra:
        for (b, wb) in rb:
            cards = set(a) | set(b)
            if len(cards) == 4 and not cards & blocked:
                out.append((list(a), list(b), wa * wb))
    return out


@pytest.mark.parametrize("range_a, range_b, board", [
    ("AA", "AKs", "2c7d9h"),
    ("AA", "AKs", "Ks8c3d"),
    ("AA,AKs:0.5", "KQs,QQ", "2c7d9h"),
    ("AA:0.25,KK", "AKs:0.5,QQ", "Qs7s2d"),
])
def test_range_exact_matches_combo_brute_force(range_a, range_b, board):
    pairs = _combo_pairs(range_a, range_b, board)
    assert pairs
    r = equity([range_a, range_b], board=board, exact=True)
    check_invariants(r)
    total_w = sum(w for _, _, w in pairs)
    eq = np.zeros(2)
    wins = np.zeros(2)
    ties = np.zeros(2)
    for a, b, w in pairs:
        one = equity([a, b], board=board, exact=True)
        eq += w * one.equity
        wins += w * one.wins
        ties += w * one.ties
    # Every matchup has the same number of board completions, so equity is the
    # weight-averaged matchup equity.
    np.testing.assert_allclose(r.equity, eq / total_w, rtol=0, atol=1e-12)
    np.testing.assert_allclose(r.wins, wins, rtol=1e-12)
    np.testing.assert_allclose(r.ties, ties, rtol=1e-12)


def test_aa_vs_aks_uses_card_removal():
    # Each AKs combo blocks three of the six AA combos: 12 matchups, not 24.
    pairs = _combo_pairs("AA", "AKs", "2c7d9h")
    assert len(pairs) == 12
    r = equity(["AA", "AKs"], board="2c7d9h", exact=True)
    assert r.boards == 12 * math.comb(52 - 3 - 4, 2)


# ---------------------------------------------------------------------------- suit isomorphism
@pytest.mark.parametrize("range_a, range_b, board", [
    ("AA", "KK", "2c7c9c"),   # monotone flop: the suit permutations fixing clubs merge combos
    ("AA", "KK", "2c2d7h"),   # paired flop: clubs<->diamonds swap
    ("AKs", "QQ", None),      # preflop: all 24 suit permutations
])
def test_isomorphism_merging_matches_specific_combos(range_a, range_b, board):
    pairs = _combo_pairs(range_a, range_b, board or [])
    r = equity([range_a, range_b], board=board, exact=True)
    check_invariants(r)
    wins = np.zeros(2)
    ties = np.zeros(2)
    losses = np.zeros(2)
    boards = 0
    for a, b, w in pairs:
        one = equity([a, b], board=board, exact=True)
        wins += w * one.wins
        ties += w * one.ties
        losses += w * one.losses
        boards += one.boards
    assert r.boards == boards
    np.testing.assert_array_equal(r.wins, wins)
    np.testing.assert_array_equal(r.ties, ties)
    np.testing.assert_array_equal(r.losses, losses)


def test_isomorphism_partial_hand_matches_enumeration():
    # 'Ah??' against KsKd with a flop: the same as averaging over every specific Ah hand.
    board = "Qh7d2c"
    r = equity(["Ah??", "KsKd"], board=board, exact=True)
    check_invariants(r)
    used = set(parse_cards(["Ah", "Ks", "Kd", board]).tolist())
    eq = np.zeros(2)
    n = 0
    for c in range(52):
        if c in used:
            continue
        eq += equity([[int(parse_cards("Ah")[0]), c], "KsKd"], board=board).equity
        n += 1
    np.testing.assert_allclose(r.equity, eq / n, atol=1e-12)


# ---------------------------------------------------------------------------- output
def test_str_exact_table():
    r = equity(["AhKh", "QsQd"], board="2c7d9h")
    text = str(r)
    for label in r.players:
        assert label in text
    assert "exact" in text
    assert "%" in text


def test_str_monte_carlo_table():
    r = equity(["AhKh", "QQ+,AKs", "random"], trials=20_000, seed=6)
    text = str(r)
    for label in r.players:
        assert label in text
    assert "QQ+,AKs" in text and "random" in text
    assert "Monte Carlo" in text
    assert "stderr" in text


@pytest.mark.parametrize("kwargs", [
    dict(hands=["AhKh", "QsQd"], board="2c7d9h"),
    dict(hands=["2c3d", "4c5d", "6c7d"], board="AsKsQsJsTs"),
    dict(hands=["AhKh", "QQ+", "random"], trials=10_000, seed=1),
])
def test_to_dict_json(kwargs):
    r = equity(**kwargs)
    d = r.to_dict()
    back = json.loads(json.dumps(d))
    assert back["players"] == list(r.players)
    assert back["exact"] is r.exact
    np.testing.assert_allclose(back["equity"], r.equity)
    np.testing.assert_allclose(back["win"], r.win)
    np.testing.assert_allclose(back["tie"], r.tie)
    assert len(back["splits"]) == len(r.splits)


def test_result_is_frozen():
    r = equity(["AhKh", "QsQd"], board="2c7d9h")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.exact = False  # type: ignore[misc]


def test_players_labels_and_inputs():
    r = equity([parse_cards("AhKh"), "Qs Qd", Range("JJ"), "Tc??", "random"],
               board="2c7d9h", trials=10_000, seed=1)
    check_invariants(r)
    assert len(r.players) == 5
    assert r.players[-1] == "random"
    assert "JJ" in r.players[2]


# --- suit-canonical boards (the preflop matrix's sweep) ------------------------------------
def test_canonical_boards_cover_every_completion():
    from math import comb

    from pokerkeys.core.symmetry import canonical_boards, stabilizer
    deck = np.arange(52, dtype=np.uint8)
    for k in (1, 2, 3):
        boards, mult = canonical_boards(deck, k, stabilizer(deck[:0], deck[:0]))
        assert mult.sum() == comb(52, k)
    boards, mult = canonical_boards(deck, 5, stabilizer(deck[:0], deck[:0]))
    assert len(boards) == 134_459 and mult.sum() == comb(52, 5)


@pytest.mark.parametrize("threads", [1, 2])
def test_deck_exhausted_by_the_last_board_card(threads, two_numba_threads):
    """Ten players, a four-card board and every other card dead but one: one river left."""
    hands = ["AhKh", "QsQd", "JcTc", "9c9d", "8c8d", "7c7d", "6c6d", "5c5d", "4c4d", "3c3d"]
    board = "2c2d2h2s"
    used = set(parse_cards(" ".join(hands) + " " + board).tolist())
    rest = [c for c in range(52) if c not in used]
    result = equity(hands, board=board, dead=rest[:-1], threads=threads)
    assert result.exact and result.boards == 1
    assert result.equity.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("hands, board", [
    (["AA:0.3,KK:0.71", "QQ:0.37,AKs:0.93"], None),
    (["AhKh:0.3", "QQ:0.37", "JTs:0.11"], None),
    (["AA:0.3,KK:0.71,QQ:0.45,JJ:0.33", "random"], None),
    # three-way with a random hand: about 14 CPU seconds of enumeration
    pytest.param(["AK:0.4,QQ", "JJ-99:0.7", "random"], "2c7d9h", marks=pytest.mark.slow),
])
def test_exact_weighted_counts_identical_whatever_threads_or_progress(hands, board,
                                                                    two_numba_threads):
    """Weighted counts are summed in floating point; the work is grouped the same way for any
    thread count and with or without a progress callback, so the results match to the bit."""
    runs = [equity(hands, board=board, exact=True, threads=t, progress=p)
            for t in (1, 2) for p in (None, lambda done, total: None)]
    for r in runs[1:]:
        assert np.array_equal(r.mask_counts, runs[0].mask_counts)
        assert np.array_equal(r.equity, runs[0].equity)


@pytest.mark.parametrize("hands, exact", [(["AA", "random"], True), (["AhKh", "random"], False)])
def test_progress_reports_rising_to_its_total(hands, exact):
    calls = []
    equity(hands, exact=exact, trials=None if exact else 2_000_000, seed=1,
           progress=lambda done, total: calls.append((done, total)))
    assert calls, "no progress reported"
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[-1] == calls[-1][1] > 0


ALIKE_CASES = [
    # (players, board, dead, rules): two or three players of one range, boards of every size
    (["AhKh", "random", "random"], "Qh7h6c2d", None, None),
    (["AhKh", "random", "random"], "Qh7h6c2dTs", "3c", None),
    (["AhKh", "QQ+,AKs", "QQ+,AKs"], None, None, None),
    (["JJ+,AKs", "JJ+,AKs", "JJ+,AKs"], "Qh7h6c", None, None),
    (["random", "random", "AhKh", "7s7c"], "Qh7h6c2d", None, None),
    (["QQ+:0.5,AKs", "9h9d", "QQ+:0.5,AKs", "TT,99:0.25", "TT,99:0.25"], "2c3d4h", None,
     None),
    (["AhKh", "random", "random"], "Qh7h6c", None, "trips-beat-straight"),
    (["AhKh", "random", "random"], "Qh7h6cTd", "9s", "straight-beats-trips"),
    (["AhKh", "TT+,AQs+", "TT+,AQs+"], None, None, "trips-beat-straight"),
    (["9h9d", "AQs+,KK+", "AQs+,KK+", "AQs+,KK+"], None, "Qs", "straight-beats-trips"),
]


@pytest.mark.parametrize("hands, board, dead, rules", ALIKE_CASES)
def test_players_of_one_range_enumerated_once_per_orbit(hands, board, dead, rules):
    """Matchups that differ by swapping players of the same range are enumerated once and
    their counts credited to every permutation: the same counts, to the integer, as
    enumerating every matchup (the unmerged path, ``alike=()``)."""
    from pokerkeys.equity import holdem as H
    from pokerkeys.equity.matchups import alike_players, credit_alike
    setup = H.prepare(hands, board, dead, rules=rules)
    alike = alike_players(setup.combo_lists, setup.weight_lists)
    assert alike
    args = (setup.board, setup.excluded, setup.n_missing, setup.n_rem, None, None,
            setup.rules)
    every = H._enumeration(setup, True)
    folded = H._enumeration(setup, True, alike=alike)
    assert every is not None and folded is not None
    assert len(folded[0]) < len(every[0])
    want = H._exact_counts(*every, *args)
    got = credit_alike(H._exact_counts(*folded, *args), alike)
    if any(":" in h for h in hands):  # weights other than 1: sums in another order
        np.testing.assert_allclose(got, want, rtol=1e-13)
    else:
        np.testing.assert_array_equal(got, want)
    result = equity(hands, board, dead, exact=True, game="shortdeck" if rules else "holdem",
                    rules=rules)
    np.testing.assert_allclose(result.mask_counts, want, rtol=1e-13)
    for group in alike:
        assert np.all(result.equity[list(group)] == result.equity[group[0]])


def test_alike_players_need_the_same_combos_and_weights():
    from pokerkeys.equity.matchups import alike_players, credit_alike
    from pokerkeys.equity.setup import prepare
    setup = prepare(["AhKh", "QQ+", "QQ+:0.5", "QQ+", "random"])
    assert alike_players(setup.combo_lists, setup.weight_lists) == ((1, 3),)
    setup = prepare(["AhKh", "QsQd", "random"])
    assert alike_players(setup.combo_lists, setup.weight_lists) == ()
    counts = np.arange(8.0)
    assert credit_alike(counts, ()) is counts
    # Three alike players: every mask with the same number of winners gets their mean.
    np.testing.assert_array_equal(credit_alike(counts, [(0, 1, 2)]),
                                  [0, 7 / 3, 7 / 3, 14 / 3, 7 / 3, 14 / 3, 14 / 3, 7])
