"""pk.runouts: exact against a brute force over every matchup and board, card classes, the grid,
the report's views and its errors."""
from __future__ import annotations

import json

import numpy as np
import pytest
import runouts_reference as ref

import pokerkeys as pk


def _check_against_reference(players, board, dead=()):
    report = pk.runouts(players, board, dead=list(dead) or None)
    board_ids = [int(c) for c in pk.parse_cards(board)]
    expected = ref.runouts(players, board_ids, list(dead))
    assert sorted(report.cards.tolist()) == sorted(expected)
    for i, card in enumerate(report.cards.tolist()):
        weight, equity = expected[card]
        assert report.weight[i] == pytest.approx(weight, abs=1e-12)
        np.testing.assert_allclose(report.equity[i], equity, atol=1e-12)
    return report


@pytest.mark.parametrize("players, board", [
    (["AhKh", "QQ,JTs,A5s"], "Jh9h2c"),             # hand vs range on a flop
    (["QQ+,AKs", "JJ-99,KQs"], "Kd8h3h4s"),          # range vs range on a turn
    (["AhKh", "QQ", "JTs"], "Jh9h2c4s"),             # three players on a turn
])
def test_runouts_match_the_brute_force(players, board):
    _check_against_reference(players, board)


def test_three_players_on_a_flop_with_dead_cards():
    _check_against_reference(["AhKh", "QsQd", "JTs"], "Jh9h2c", dead=[int(pk.parse_cards("Tc")[0])])


def test_runout_equities_weighted_over_the_turns_are_the_flop_equity():
    players, board = ["AhKh", "20%"], "Qd7h2c"
    report = pk.runouts(players, board)
    now = pk.equity(players, board).equity
    assert report.weight.sum() == pytest.approx(1, abs=1e-12)
    np.testing.assert_allclose(report.weight @ report.equity, now, atol=1e-12)
    np.testing.assert_allclose(report.equity_now, now, atol=1e-12)


def test_river_report_matches_equity_on_each_river():
    players, board = ["AhKh", "QQ+,JTs"], "Jh9h2c4s"
    report = pk.runouts(players, board)
    for i in (0, 7, len(report) - 1):
        full = board + pk.format_cards([report.cards[i]], sep="")
        np.testing.assert_allclose(report.equity[i], pk.equity(players, full).equity,
                                   atol=1e-12)
    assert report.grid is None


def test_grid_holds_every_turn_and_river():
    players, board = ["AhKh", "QQ,JTs"], "Jh9h2c"
    report = pk.runouts(players, board)
    grid = report.grid
    assert grid is not None
    assert grid.weight.sum() == pytest.approx(1, abs=1e-12)
    np.testing.assert_allclose(grid.weight, grid.weight.T)
    np.testing.assert_allclose(grid.weight.sum(axis=1), report.weight, atol=1e-12)
    assert np.isnan(grid.matrix(0)).diagonal().all()
    names = grid.names
    for t, r in ((0, 1), (3, 20), (10, 40)):
        full = board + names[t] + names[r]
        np.testing.assert_allclose(grid.equity[t, r], pk.equity(players, full).equity,
                                   atol=1e-12)
    rows = grid.records()
    assert len(rows) == int((grid.weight > 0).sum())
    assert json.dumps(grid.to_dict())


def test_result_does_not_depend_on_threads():
    players, board = ["random", "QQ+,AK"], "Jh9h2c"
    one = pk.runouts(players, board, threads=1)
    two = pk.runouts(players, board, threads=2)
    assert np.array_equal(one.equity, two.equity) and np.array_equal(one.weight, two.weight)
    three_one = pk.runouts(["AhKh", "QQ", "JTs"], "Jh9h2c", threads=1)
    three_two = pk.runouts(["AhKh", "QQ", "JTs"], "Jh9h2c", threads=2)
    assert np.array_equal(three_one.equity, three_two.equity)


def test_card_classes_on_a_two_tone_flop():
    report = pk.runouts(["AsKs", "QQ"], "Jh9h2c")
    assert set(report.filter(flush=True).suit) == {"h"}
    assert set(report.filter(pairs_board=True).rank) == {"J", "9", "2"}
    # J-9 on the board: 7, 8, T, Q or K brings a window to three ranks.
    assert set(report.filter(straight=True).rank) == {"7", "8", "T", "Q", "K"}
    classes = {row["class"]: row for row in report.by_class()}
    assert sum(classes[s]["weight"] for s in "shdc") == pytest.approx(1)
    assert sum(classes[r]["cards"] for r in "AKQJT98765432") == len(report)
    blank = report.filter(pairs_board=False, flush=False, straight=False)
    assert classes["blank"]["cards"] == len(blank)
    np.testing.assert_allclose(classes["flush"]["equity"],
                               report.filter(flush=True).weight @ report.filter(flush=True).equity
                               / report.filter(flush=True).weight.sum())


def test_wheel_and_broadway_straight_cards():
    # A-3 on the board: 2, 4 and 5 fill A-2-3-4-5 windows; K-Q-J-T never fit with A-3 and 7.
    report = pk.runouts(["KsKd", "QQ"], "Ah3c7d")
    assert set(report.filter(straight=True).rank) == {"2", "4", "5", "6"}


def test_effects_leader_and_moves():
    report = pk.runouts(["AhKh", "QQ"], "Jh9h2c", threshold=0.3)
    changed = report.filter(leader_changed=True)
    assert (changed.leader != int(np.argmax(report.equity_now))).all()
    moved = report.filter(moved=True)
    assert (np.abs(moved.delta).max(axis=1) > 0.3).all()
    still = report.filter(moved=False)
    assert (np.abs(still.delta).max(axis=1) <= 0.3).all()
    assert len(moved) + len(still) == len(report)


def test_sort_filter_and_exports(tmp_path):
    report = pk.runouts(["AhKh", "QQ"], "Jh9h2c")
    by_equity = report.sort("equity", player=1, descending=False)
    assert (np.diff(by_equity.equity[:, 1]) >= 0).all()
    assert report.sort("card").names[0] == "As"
    assert report.filter(rank="10").names == report.filter(rank="t").names
    assert len(report.filter(suit="S")) == 13
    rows = report.records()
    assert len(rows) == len(report) and rows[0]["card"] == "As"
    text = report.to_csv(tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_text() == text
    assert text.splitlines()[0].startswith("card,rank,suit,weight,equity_1")
    data = json.loads(report.to_json(tmp_path / "r.json"))
    assert data["next"] == "turn" and len(data["grid"]["cards"]) == len(report)
    pd = pytest.importorskip("pandas")
    frame = report.to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(report)


def test_to_frame_without_pandas_names_the_extra(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match=r"pip install 'pokerkeys\[pandas\]'"):
        pk.runouts(["AhKh", "QQ"], "Jh9h2c4s").to_frame()


def test_progress_is_called_and_can_stop_the_report():
    calls = []
    pk.runouts(["AhKh", "QQ+"], "Jh9h2c", progress=lambda done, total: calls.append(
        (done, total)))
    assert calls and calls[-1][0] == calls[-1][1] == 1081

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        pk.runouts(["AhKh", "QQ+"], "Jh9h2c", progress=stop)


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands=["AhKh", "QQ"], board="Jh9h2c4s5d"),
     r"runouts needs a flop or a turn \(3 or 4 board cards\), not 5 cards \(Jh 9h 2c 4s 5d\)"),
    (dict(hands=["AhKh", "QQ"], board=""), r"not 0 cards$"),
    (dict(hands=["AhKh", "QQ"], board="Jh9h"), r"not 2 cards \(Jh 9h\)"),
    (dict(hands=["AA", "KK", "QQ", "JJ", "TT", "99", "88"], board="2c3d4h"),
     r"runouts takes 2 to 6 players, not 7"),
    (dict(hands=["AhKh"], board="2c3d4h"), r"runouts takes 2 to 6 players, not 1"),
    (dict(hands=["AA", "KK"], board="AhAdAc"), r"the range of player 1 \('AA'\) is empty"),
    (dict(hands=["AA", "QQ"], board="2c3d4h", dead="AsAhAd"), r"player 1 \('AA'\) is empty"),
    (dict(hands=["AhKh", "QQ"], board="Jh9h2c", threshold=1.5), r"threshold is an equity"),
    (dict(hands=["AhKh", "QQ"], board="Jh9x2c"), r"^board: "),
    (dict(hands=["AhKh", "AhQh"], board="Jh9h2c"), r"card Ah is used in player 1 and player 2"),
    (dict(hands=["20%", "20%", "20%"], board="Jh9h2c"),
     r"runouts with 3 or more players compares every matchup of the ranges, and these make "
     r"more than 5,000,000: narrow a range"),
])
def test_bad_input_is_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pk.runouts(**kwargs)


def test_one_string_is_not_a_list_of_players():
    with pytest.raises(TypeError, match="list of players"):
        pk.runouts("AhKh", "Jh9h2c")


def test_filter_and_sort_errors():
    report = pk.runouts(["AhKh", "QQ"], "Jh9h2c4s")
    with pytest.raises(ValueError, match="rank must be"):
        report.filter(rank="Z")
    with pytest.raises(ValueError, match="suit must be"):
        report.filter(suit="x")
    with pytest.raises(ValueError, match="sort by"):
        report.sort("colour")
    with pytest.raises(ValueError, match="player must be 0..1"):
        report.sort("equity", player=2)
