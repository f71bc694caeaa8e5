"""Equity by hand class and what wins: exact sums, a brute force, symmetry, samples, errors."""
from __future__ import annotations

import numpy as np
import pytest
import runouts_reference as ref

import pokerkeys as pk
from pokerkeys.analysis.by_class import CATEGORIES
from pokerkeys.analysis.hits import DRAWS, MADE


@pytest.mark.parametrize("players, board, player", [
    (["QQ+,AK,JTs", "JJ-99,AQs"], "Jh9h2c", 0),
    (["AhKh", "QQ+,JJ,AK,T9s"], "Jh9h2c4s", 1),
    (["AhKh", "22+", "KQs"], "Kd8h3h4s9c", 1),
])
def test_classes_sum_to_the_range(players, board, player):
    classes = pk.equity_by_class(players, board, player=player)
    made = slice(0, len(MADE))
    assert classes.share[made].sum() == pytest.approx(1, abs=1e-12)
    filled = classes.share[made] > 0
    total = classes.share[made][filled] @ classes.equity[made][filled]
    assert total == pytest.approx(classes.total, abs=1e-12)
    assert classes.total == pytest.approx(pk.equity(players, board).equity[player], abs=1e-12)
    assert classes.combos[made].sum() == len(classes.hands)
    rng = pk.Range(players[player])
    assert classes.weight[made].sum() <= rng.weights.sum()


def test_classes_match_the_brute_force():
    players, board, player = ["AhKh", "QQ+,JJ,T9s,A5s"], "Jh9h2c", 1
    classes = pk.equity_by_class(players, board, player=player)
    per_combo = ref.combo_equity(players, [int(c) for c in pk.parse_cards(board)], player)
    hits = pk.range_hits(players[player], board)
    share = dict.fromkeys(MADE, 0.0)
    won = dict.fromkeys(MADE, 0.0)
    for combo, (p, e) in per_combo.items():
        name = hits.category_of(list(combo))
        share[name] += p
        won[name] += p * e
    for name in MADE:
        row = classes.row(name)
        assert row["share"] == pytest.approx(share[name], abs=1e-12)
        if share[name] > 0:
            assert row["equity"] == pytest.approx(won[name] / share[name], abs=1e-12)
        else:
            assert row["equity"] is None
    # Draws: the flush draws of T9s (Th9h is gone with the 9h) and A5s.
    assert classes.combos_in("nut flush draw") == ["Ah5h"] or \
        classes.combos_in("nut flush draw") == []
    assert set(classes.combos_in("flush draw")) <= {"Ah5h", "Ts9s", "Td9d", "Tc9c"}
    assert set(classes.classes) == set(MADE) | set(DRAWS)


def test_class_views():
    classes = pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c")
    rows = classes.records()
    assert all(r["combos"] > 0 for r in rows)
    assert len(classes.records(empty=True)) == len(MADE) + len(DRAWS)
    assert "overpair" in str(classes)
    assert classes.to_dict()["classes"] == rows
    with pytest.raises(KeyError, match="unknown class"):
        classes.row("monster")


@pytest.mark.parametrize("players, board, by", [
    (["AhKh", "QQ,JTs"], "Jh9h2c", "category"),
    (["AhKh", "QsQd", "JTs"], "Jh9h2c4s", "category"),
    (["AhKh", "QQ,JTs"], "Jh9h2c4s", "made"),
    (["AsAd", "KQs", "76s"], "Kh9h2c", "made"),
])
def test_what_wins_matches_the_brute_force(players, board, by):
    wins = pk.what_wins(players, board, by=by)
    won, held = ref.what_wins(players, [int(c) for c in pk.parse_cards(board)], by=by)
    assert wins.exact and wins.classes == (CATEGORIES if by == "category" else MADE)
    np.testing.assert_allclose(wins.won, won, atol=1e-12)
    np.testing.assert_allclose(wins.held, held, atol=1e-12)


@pytest.mark.parametrize("players, board", [
    (["AA", "KK"], None),                    # full suit symmetry: 134,459 boards
    (["AhKh", "QsQd"], None),                # two suits fixed
    (["QQ+,AKs", "JJ-88,AQs+"], "Jh9h2c"),
    (["AhKh", "QQ", "JTs"], "Jh9h2c"),
])
@pytest.mark.parametrize("by", ["category", "made"])
def test_what_wins_adds_up_to_the_equity(players, board, by):
    wins = pk.what_wins(players, board, by=by)
    assert wins.exact
    np.testing.assert_allclose(wins.equity, pk.equity(players, board).equity, atol=1e-12)
    np.testing.assert_allclose(wins.held.sum(axis=1), 1, atol=1e-12)
    assert (wins.won <= wins.held + 1e-15).all()


def test_what_wins_made_classes_on_a_flop():
    wins = pk.what_wins(["AA", "KK"], "Kd7c2s", by="made")
    k = wins.classes.index("set")
    assert wins.held[1, :k + 1].sum() == pytest.approx(1)  # KK holds a set or better
    assert 0 < wins.held[1, k] < 1
    assert wins.classes == MADE


def test_what_wins_sample_is_seeded_and_thread_independent():
    players = ["QQ+,AKs", "JJ-88,AQs+"]
    a = pk.what_wins(players, exact=False, samples=3000, seed=7, threads=1)
    b = pk.what_wins(players, exact=False, samples=3000, seed=7, threads=2)
    assert not a.exact and a.boards == 3000
    np.testing.assert_array_equal(a.won, b.won)
    np.testing.assert_allclose(a.equity, pk.equity(players).equity, atol=0.02)
    exact_one = pk.what_wins(["AhKh", "QQ"], "Jh9h2c", threads=1)
    exact_two = pk.what_wins(["AhKh", "QQ"], "Jh9h2c", threads=2)
    np.testing.assert_array_equal(exact_one.won, exact_two.won)


def test_what_wins_views():
    wins = pk.what_wins(["AhKh", "QQ"], "Jh9h2c")
    rows = wins.records()
    assert {r["player"] for r in rows} == {1, 2}
    assert sum(r["won"] for r in rows) == pytest.approx(1)
    assert wins.to_dict()["rows"] == rows
    assert "player 2 (QQ)" in str(wins)


@pytest.mark.parametrize("call, exc, message", [
    (lambda: pk.what_wins(["AA", "KK"], "2c3d4h5s6s"), ValueError,
     r"what_wins needs no board, a flop or a turn, not 5 cards"),
    (lambda: pk.what_wins(["AA", "KK"], by="rank"), ValueError, r"by must be"),
    (lambda: pk.what_wins(["AA", "KK"], samples=0, exact=False), ValueError, r"samples must"),
    (lambda: pk.what_wins(["AA"] * 7), ValueError, r"what_wins takes 2 to 6 players, not 7"),
    (lambda: pk.what_wins(["AA", "KK"], "AhAdAc"), ValueError, r"player 1 \('AA'\) is empty"),
    (lambda: pk.what_wins(["20%", "20%", "20%"], "Jh9h2c"), ValueError,
     r"what_wins compares every matchup"),
    (lambda: pk.equity_by_class(["AhKh", "QQ"], None), ValueError,
     r"equity_by_class needs a flop, a turn or a river, not 0 cards"),
    (lambda: pk.equity_by_class(["AhKh", "QQ"], "Jh9h2c"), ValueError,
     r"player 1 \('AhKh'\) is a single hand"),
    (lambda: pk.equity_by_class(["AhKh", "QQ"], "Jh9h2c", player=True), ValueError,
     r"player must be"),
    (lambda: pk.equity_by_class("QQ", "Jh9h2c"), TypeError, r"list of players"),
])
def test_bad_input_is_named(call, exc, message):
    with pytest.raises(exc, match=message):
        call()


def test_what_wins_progress_changes_nothing_and_can_stop_it():
    calls = []
    with_progress = pk.what_wins(["AhKh", "QQ"], "Jh9h2c",
                                 progress=lambda done, total: calls.append((done, total)))
    np.testing.assert_array_equal(with_progress.won, pk.what_wins(["AhKh", "QQ"], "Jh9h2c").won)
    assert calls[-1] == (with_progress.boards, with_progress.boards)

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        pk.what_wins(["AA", "KK"], progress=stop)
