"""Equity distributions: each combo against a brute force, the mean is the range's equity,
quantiles, flops, the plot and errors."""
from __future__ import annotations

import numpy as np
import pytest
import runouts_reference as ref

import pokerkeys as pk
from pokerkeys.analysis.distribution import EquityDistribution


@pytest.mark.parametrize("players, board, player", [
    (["AhKh", "QQ,JTs,A5s"], "Jh9h2c", 1),
    (["QQ+,AKs", "JJ-99,KQs"], "Kd8h3h4s", 0),
    (["AhKh", "QQ", "JTs,T9s"], "Jh9h2c4s", 2),
])
def test_each_combo_matches_the_brute_force(players, board, player):
    dist = pk.equity_distribution(players, board, player=player)
    expected = ref.combo_equity(players, [int(c) for c in pk.parse_cards(board)], player)
    assert len(dist) == len(expected)
    for label, weight, equity in zip(dist.labels, dist.weight, dist.equity, strict=True):
        combo = tuple(sorted((int(c) for c in pk.parse_cards(label)), reverse=True))
        assert weight == pytest.approx(expected[combo][0], abs=1e-12)
        assert equity == pytest.approx(expected[combo][1], abs=1e-12)
    assert (np.diff(dist.equity) <= 0).all()
    assert dist.weight.sum() == pytest.approx(1, abs=1e-12)
    assert dist.mean == pytest.approx(pk.equity(players, board).equity[player], abs=1e-12)


def test_preflop_distribution_mean_is_the_equity():
    dist = pk.equity_distribution(["AKs", "QQ+,JJ"], player=1)
    assert dist.mean == pytest.approx(pk.equity(["AKs", "QQ+,JJ"]).equity[1], abs=1e-12)
    assert dist.board.size == 0 and dist.exact


def test_quantiles_on_a_small_distribution():
    dist = EquityDistribution(("a", "b"), 0, np.zeros(0, np.uint8), "combos",
                              ("w", "x", "y", "z"), np.array([0.1, 0.2, 0.3, 0.4]),
                              np.array([0.9, 0.6, 0.5, 0.2]))
    assert dist.at_least(0.5) == pytest.approx(0.6)
    assert dist.at_least(0.95) == 0.0 and dist.at_least(0.2) == pytest.approx(1.0)
    assert dist.quantile(0.1) == 0.9 and dist.quantile(0.15) == 0.6
    assert dist.quantile(0.3) == 0.6 and dist.quantile(0.31) == 0.5 and dist.quantile(1) == 0.2
    edges, values = dist.curve()
    np.testing.assert_allclose(edges, [0, 0.1, 0.3, 0.6, 1.0])
    summary = dist.summary()
    assert summary["mean"] == pytest.approx(0.09 + 0.12 + 0.15 + 0.08)
    assert summary["at_least"]["0.5"] == pytest.approx(0.6)
    rows = dist.records()
    assert rows[-1] == {"combo": "z", "weight": 0.4, "equity": 0.2,
                        "cumulative": pytest.approx(1.0)}
    with pytest.raises(ValueError, match="share must be"):
        dist.quantile(0)


def test_flop_distribution_mean_is_the_preflop_equity():
    dist = pk.flop_distribution(["QQ", "AKs"], player=1)
    assert dist.kind == "flops" and len(dist) == 1754
    assert dist.mean == pytest.approx(pk.equity(["QQ", "AKs"]).equity[1], abs=1e-12)
    assert dist.records()[0]["flop"] == dist.labels[0]


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    spot = (["QQ+,AK", "JJ-99,AQs"], "Jh9h2c")
    curves = [pk.equity_distribution(*spot, player=p) for p in (0, 1)]
    path = tmp_path / "curve.png"
    fig = pk.plot_distributions(curves, path, title="two curves")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert fig.axes[0].get_title() == "two curves"
    flop_fig = pk.flop_distribution(["QQ", "AKs"]).plot(tmp_path / "flops.png")
    assert "over every flop" in flop_fig.axes[0].get_title()
    with pytest.raises(ValueError, match="at least one"):
        pk.plot_distributions([])


@pytest.mark.parametrize("call, message", [
    (lambda: pk.equity_distribution(["AhKh", "QQ"], "Jh9h2c"),
     r"player 1 \('AhKh'\) is a single hand, not a range"),
    (lambda: pk.equity_distribution(["AhKh", "QQ"], "Jh9h2c", player=2),
     r"player must be 0..1, not 2"),
    (lambda: pk.equity_distribution(["QQ"] * 7), r"takes 2 to 6 players, not 7"),
    (lambda: pk.equity_distribution(["AhKh", "KK"], "KsKdKc"), r"player 2 \('KK'\) is empty"),
    (lambda: pk.equity_distribution(["AhKh", "KK"], "KsKd"), r"a board has 0, 3, 4 or 5"),
    (lambda: pk.flop_distribution(["QQ", "AKs"], player=-1), r"player must be 0..1"),
])
def test_bad_input_is_named(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_by_starting_hand_groups_the_combos():
    dist = pk.equity_distribution(["AhKh", "QQ+,AK,T9s"], "Jh9h2c", player=1)
    hands = dist.by_starting_hand()
    assert [h["hand"] for h in hands] == ["AA", "AKs", "AKo", "KK", "QQ", "T9s"]
    assert sum(h["combos"] for h in hands) == len(dist)
    assert sum(h["weight"] for h in hands) == pytest.approx(1)
    assert sum(h["weight"] * h["equity"] for h in hands) == pytest.approx(dist.mean, abs=1e-12)
    assert (hands[-1]["row"], hands[-1]["col"]) == (4, 5)  # T9s: suited, above the diagonal
    assert dist.to_dict()["hands"] == hands
    flops = pk.flop_distribution(["QQ", "AKs"])
    assert flops.to_dict()["hands"] is None
    with pytest.raises(ValueError, match="over combos, not flops"):
        flops.by_starting_hand()
