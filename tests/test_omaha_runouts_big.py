"""Omaha runouts beyond the small cases: the kernel path, the sampled path, their limits.

The kernel that settles every matchup on every board (``OmahaMatchups.counts``) is checked
against a reference written here with NumPy and ``pk.evaluate_omaha_batch`` (every matchup on
every board, one row each); a hand against ``random`` on a flop (148,995 hands x 990 boards)
is exact, its card equities weigh to the flop equity; sampled reports are within 4 standard
errors of the exact ones.
"""
import json
from itertools import combinations

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.analysis.runouts import _omaha_setup, omaha_board_counts, omaha_matchups
from pokerkeys.core.cards import parse_cards


def _completions(board: str, dead_bits: int, k: int) -> np.ndarray:
    deck = [c for c in range(51, -1, -1) if not (dead_bits >> c) & 1]
    out = np.array(list(combinations(deck, k)), dtype=np.uint8).reshape(-1, k)
    out.setflags(write=False)
    return out


def _reference_counts(ranges, board, completions) -> np.ndarray:
    """Winner-mask weights per completion: every matchup ranked on every board, row by row."""
    built = omaha_matchups(ranges, 1, 10**9, "reference")
    n_players = built.rows.shape[1]
    counts = np.zeros((len(completions), 1 << n_players))
    for b, completion in enumerate(completions):
        full = np.concatenate([board, completion]).astype(np.uint8)
        ranks = pk.evaluate_omaha_batch(built.hands, full, invalid="zero").astype(np.int64)
        r = ranks[built.rows]  # (M, P)
        live = (r > 0).all(axis=1)  # no hand shares a card with the board
        masks = ((r == r.max(axis=1, keepdims=True)) << np.arange(n_players)).sum(axis=1)
        for m in np.flatnonzero(live):  # in matchup order, as the kernel adds them
            counts[b, masks[m]] += built.weights[m]
    return counts


@pytest.mark.parametrize(("hands", "board", "n_hole"), [
    (["AsKsQdJd", "AA:$ds"], "Ts9s2d", 4),
    (["AsKsQdJd", "AhAcKhKc", "JJ:$ds"], "Ts9s2d7c", 4),
    (["AsKsQdJd9c", "KK:ds", "7c8c9hTd6h"], "Ts9s2d7h", 5),
])
def test_the_kernel_settles_every_matchup_as_a_reference_does(hands, board, n_hole) -> None:
    _, known, blocked, ranges = _omaha_setup(hands, parse_cards(board), None, n_hole)
    completions = _completions(board, blocked, 5 - len(known))
    if len(completions) > 150:  # a flop: every 7th turn and river, enough to cover the paths
        completions = completions[::7]
    kernel = omaha_board_counts(ranges, known, completions, "runouts", threads=2)
    assert np.array_equal(kernel, _reference_counts(ranges, known, completions))
    assert np.array_equal(kernel, omaha_board_counts(ranges, known, completions, "runouts",
                                                     threads=1))


def test_a_hand_against_random_on_a_flop_is_exact_and_weighs_to_the_flop_equity() -> None:
    calls: list[tuple[int, int]] = []
    report = pk.runouts(["AsKsQdJd", "random"], "Ts9s2d", game="omaha",
                        progress=lambda done, total: calls.append((done, total)))
    assert report.exact and report.stderr is None and report.samples == 0
    assert len(report) == 45 and report.grid is not None
    assert report.weight.sum() == pytest.approx(1.0, abs=1e-12)
    assert report.weight @ report.equity == pytest.approx(report.equity_now, abs=1e-12)
    # the grid's rivers weigh to each turn's equity
    grid = report.grid
    turn = (grid.weight[:, :, None] * np.nan_to_num(grid.equity)).sum(axis=1)
    assert turn / grid.weight.sum(axis=1)[:, None] == pytest.approx(report.equity, abs=1e-12)
    # progress: increasing, ending at every board
    assert len(calls) >= 20 and calls[-1] == (990, 990)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    # the flop equity agrees with omaha_equity's Monte Carlo
    sampled = pk.omaha_equity(["AsKsQdJd", "random"], "Ts9s2d", trials=200_000, seed=5)
    assert abs(sampled.equity[0] - report.equity_now[0]) < 4 * sampled.stderr[0]


def test_a_progress_callback_that_raises_stops_the_report() -> None:
    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        pk.runouts(["AsKsQdJd", "random"], "Ts9s2d", game="omaha", progress=stop)
    with pytest.raises(Stop):
        pk.runouts(["AsKsQdJd", "random", "random"], "Ts9s2d", game="omaha", progress=stop,
                   samples=3200)


def test_sampled_runouts_are_within_4_standard_errors_of_the_exact_ones() -> None:
    hands, board = ["AsKsQdJd", "AA:$ds, KK:$ds"], "Ts9s2d"
    exact = pk.runouts(hands, board, game="omaha", exact=True)
    sampled = pk.runouts(hands, board, game="omaha", exact=False, samples=6400, seed=3)
    assert not sampled.exact and sampled.samples == 6400
    assert sampled.stderr is not None and sampled.stderr_now is not None
    assert np.all(np.abs(sampled.equity_now - exact.equity_now) < 4 * sampled.stderr_now)
    assert list(sampled.cards) == list(exact.cards)
    z = np.abs(sampled.equity - exact.equity) / sampled.stderr
    assert np.all(z < 4.5)  # 45 cards x 2 players
    assert sampled.grid is not None and sampled.grid.stderr is not None
    assert sampled.grid.stderr.shape == sampled.grid.equity.shape
    assert "stderr_1" in sampled.records()[0] and sampled.to_dict()["exact"] is False
    # Each card class's equity, within 4 of its standard errors of the exact one; an exact
    # report gives none.
    exact_classes = {row["class"]: row for row in exact.by_class()}
    assert all("stderr" not in row for row in exact_classes.values())
    for row in sampled.by_class():
        truth = exact_classes[row["class"]]
        assert row["cards"] == truth["cards"]
        z = np.abs(np.subtract(row["equity"], truth["equity"])) / np.array(row["stderr"])
        assert np.all(z < 4), row["class"]
    kept = sampled.filter(suit="s")
    assert kept.sample_counts is not None and kept.sample_counts.shape[1] == len(kept)
    np.testing.assert_allclose([r["stderr"] for r in kept.by_class() if r["class"] == "s"],
                               [r["stderr"] for r in sampled.by_class() if r["class"] == "s"],
                               rtol=1e-12)
    # the same seed, the same report, whatever the threads
    again = pk.runouts(hands, board, game="omaha", exact=False, samples=6400, seed=3,
                       threads=1)
    assert np.array_equal(again.equity, sampled.equity)
    assert np.array_equal(again.stderr, sampled.stderr)


def test_beyond_max_showdowns_a_report_samples_and_says_so() -> None:
    report = pk.runouts(["AsKsQdJd", "random", "random"], "Ts9s2d7h", game="omaha",
                        samples=3200, seed=1)
    assert not report.exact and report.samples == 3200
    assert report.weight @ report.equity == pytest.approx(report.equity_now, abs=1e-12)
    assert np.isfinite(report.stderr).all() and np.all(report.stderr_now < 0.02)
    with pytest.raises(ValueError, match=r"more than 4,000,000 Omaha matchups \(up to "
                                         r"[0-9,]+\) x 44 boards, more than max_showdowns"):
        pk.runouts(["AsKsQdJd", "random", "random"], "Ts9s2d7h", game="omaha", exact=True)


def test_what_wins_a_hand_against_random_on_a_flop_is_exact() -> None:
    wins = pk.what_wins(["AsKsQdJd", "random"], "Ts9s2d", game="omaha")
    report = pk.runouts(["AsKsQdJd", "random"], "Ts9s2d", game="omaha")
    assert wins.exact
    assert wins.won.sum(axis=1) == pytest.approx(report.equity_now, abs=1e-12)
    assert wins.held.sum(axis=1) == pytest.approx([1.0, 1.0], abs=1e-12)


def test_the_command_line_samples_with_a_seed_and_says_so(capsys) -> None:
    from pokerkeys.cli.main import main

    args = ["runouts", "AsKsQdJd", "random", "random", "--board", "Ts9s2d7h", "--game",
            "omaha", "--samples", "3200", "--seed", "1"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "Monte Carlo: 3,200 matchups sampled" in text
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is False and data["samples"] == 3200
    assert "stderr_1" in data["cards"][0]


def test_the_web_page_runs_it_streams_progress_and_stops_at_its_deadline(monkeypatch) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    import warnings

    with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from pokerkeys.web import analysis
    from pokerkeys.web.app import create_app
    from pokerkeys.web.limits import Limits

    monkeypatch.setattr(analysis, "_FIRST_WAIT", 0.0)  # stream at once
    body = {"hands": ["AsKsQdJd", "random"], "board": "Ts9s2d", "game": "omaha"}
    with TestClient(create_app(Limits(stream_interval=0.02))) as client:
        r = client.post("/api/analysis/runouts/stream", json=body)
    got = [(block.split("\n")[0].removeprefix("event: "),
            json.loads(block.split("data: ", 1)[1]))
           for block in r.text.split("\n\n") if block.startswith("event")]
    assert got[-1][0] == "result" and got[-1][1]["data"]["exact"] is True
    assert any(name == "progress" for name, _ in got)
    with TestClient(create_app(Limits(max_seconds=0.05))) as client:
        r = client.post("/api/analysis/runouts", json=body)
    assert r.status_code == 400 and "limit" in r.text


def test_what_wins_samples_matchups_when_there_are_too_many_to_list() -> None:
    hands, board = ["AsKsQdJd", "random", "random"], "Ts9s2d7h"
    wins = pk.what_wins(hands, board, game="omaha", samples=3200, seed=2)
    report = pk.runouts(hands, board, game="omaha", samples=32_000, seed=2)
    assert not wins.exact and wins.boards == 44 and wins.samples == 3200
    assert wins.to_dict()["samples"] == 3200
    assert wins.held.sum(axis=1) == pytest.approx([1.0] * 3, abs=1e-12)
    # 3,200 matchups on every river: within a few points of the runouts' estimate
    assert np.all(np.abs(wins.won.sum(axis=1) - report.equity_now) < 0.05)
    with pytest.raises(ValueError, match="what_wins would compare more than"):
        pk.what_wins(hands, board, game="omaha", exact=True)


def test_what_wins_samples_matchups_and_boards_preflop() -> None:
    # Preflop against two random hands: a sample of matchups, each on one shared sample of
    # boards (a matchup meets the boards that miss its cards).
    hands = ["AsKsQdJd", "random", "random"]
    wins = pk.what_wins(hands, game="omaha", samples=1000, seed=3)
    again = pk.what_wins(hands, game="omaha", samples=1000, seed=3)
    assert not wins.exact and wins.boards == 10_000 and wins.samples == 1000
    assert str(wins).startswith("1,000 sampled matchups, each on 10,000 sampled boards")
    np.testing.assert_array_equal(wins.won, again.won)
    assert wins.held.sum(axis=1) == pytest.approx([1.0] * 3, abs=1e-12)
    assert wins.won.sum() == pytest.approx(1.0, abs=1e-12)  # every pot goes to someone
    equity = pk.omaha_equity(hands, trials=200_000, seed=3).equity
    # 1,000 matchups on 10,000 boards: within a few points of Monte Carlo's equity
    assert np.all(np.abs(wins.won.sum(axis=1) - equity) < 0.04)
    with pytest.raises(ValueError, match="what_wins would compare more than"):
        pk.what_wins(hands, game="omaha", exact=True)
