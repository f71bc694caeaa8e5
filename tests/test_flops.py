"""The flop report: weights, equities per flop against pk.equity on that flop, the invariant
against exact preflop equity, suit-symmetry classes and textures."""
import math

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.analysis.flops import _textures


@pytest.mark.parametrize("hands, dead", [
    (["AA", "KK"], None),
    (["QQ+,AKs", "JJ-88,AQs+"], None),
    (["AhKh", "QsQd"], None),
    (["22+:0.5,AK", "QQ:0.3,AJs+"], ["2c"]),
    (["Ah??", "KK,T9s"], None),
])
def test_weighted_flop_equities_equal_exact_preflop_equity(hands, dead):
    report = pk.flops(hands, dead)
    preflop = pk.equity(hands, dead=dead, exact=True)
    assert report.weight.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(report.overall(), preflop.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(report.weight @ report.win, preflop.win, atol=1e-12)
    np.testing.assert_allclose(report.weight @ report.tie, preflop.tie, atol=1e-12)


@pytest.mark.parametrize("hands, dead", [
    (["AhKh", "QsQd", "JcTc"], None),
    (["AA", "KK", "QQ"], None),
    (["QQ+,AKs", "T9s", "JJ-99:0.5"], None),
    (["AhKh", "QQ", "Jc??"], ["2c"]),
])
def test_three_players_weighted_flop_equities_equal_exact_preflop(hands, dead):
    report = pk.flops(hands, dead)
    preflop = pk.equity(hands, dead=dead, exact=True)
    assert report.weight.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(report.overall(), preflop.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(report.weight @ report.win, preflop.win, atol=1e-12)
    np.testing.assert_allclose(report.weight @ report.tie, preflop.tie, atol=1e-12)
    i = len(report) // 2
    on_flop = pk.equity(hands, report.flops[i], dead=dead, exact=True)
    np.testing.assert_allclose(report.equity[i], on_flop.equity, atol=1e-12)


def test_aa_vs_kk_is_0_8194():
    report = pk.flops(["AA", "KK"])
    assert report.overall()[0] == pytest.approx(0.8194605, abs=1e-7)
    # Every suit-symmetric flop class but the two that leave no AA or no KK (AAA, KKK).
    assert len(report) == 1753


def test_per_flop_equity_matches_equity_on_that_flop():
    hands = ["QQ+,AKs", "JJ-88,AQs+"]
    report = pk.flops(hands)
    assert len(report) == 1755
    for i in np.random.default_rng(1).choice(len(report), 6, replace=False):
        on_flop = pk.equity(hands, report.flops[i], exact=True)
        np.testing.assert_allclose(report.equity[i], on_flop.equity, atol=1e-12)
        np.testing.assert_allclose(report.win[i], on_flop.win, atol=1e-12)


def test_specific_hands_weights_are_class_sizes():
    report = pk.flops(["AhKh", "QsQd"])
    # Only the spade-diamond swap keeps both hands: more classes, each flop equally likely.
    sizes = report.weight * math.comb(48, 3)
    np.testing.assert_allclose(sizes, np.round(sizes), atol=1e-9)
    assert set(np.round(sizes).astype(int)) <= {1, 2}
    assert np.round(sizes).sum() == math.comb(48, 3)


@pytest.mark.parametrize("flop, paired, suits, connected, high", [
    ("AhKhQh", False, "monotone", True, "A"),
    ("Ah2c3d", False, "rainbow", True, "A"),       # the ace plays low
    ("Ah7d2c", False, "rainbow", False, "A"),
    ("7h7d2c", True, "rainbow", False, "7"),
    ("9s8s2d", False, "two-tone", False, "9"),
    ("9s7s5d", False, "two-tone", True, "9"),
    ("Th9c6c", False, "two-tone", True, "T"),
])
def test_textures(flop, paired, suits, connected, high):
    p, s, c, h = _textures(pk.parse_cards(flop)[None, :])
    assert (bool(p[0]), str(s[0]), bool(c[0]), str(h[0])) == (paired, suits, connected, high)


def test_filter_and_sort():
    report = pk.flops(["AA", "KK"])
    paired = report.filter(paired=True)
    assert paired.paired.all() and len(paired) < len(report)
    mono = report.filter(suits="monotone")
    assert (mono.suits == "monotone").all()
    assert report.filter(paired=True).weight.sum() + report.filter(paired=False).weight.sum() \
        == pytest.approx(1.0)
    best = report.sort("equity", player=1)
    assert (np.diff(best.equity[:, 1]) <= 0).all()
    assert best.names[0][0] == "K"  # KK's best flops hold a king
    ace_high = report.filter(high="A")
    assert all(name[0] == "A" for name in ace_high.names)
    rows = report.by_texture()
    assert {r["texture"] for r in rows} >= {"paired", "monotone", "rainbow", "A high"}
    frame = report.to_frame()
    assert list(frame.columns)[:3] == ["flop", "weight", "equity_1"]


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands=["AA", "KK", "QQ", "JJ", "TT", "99", "88"]), "2 to 6 players, not 7"),
    (dict(hands=["AA"]), "flops takes 2 to 6 players, not 1"),
    (dict(hands="AA"), "flops takes 2 to 6 players, not 1"),
    (dict(hands=["AhKh", "AhQd"]), "card Ah is used"),
    (dict(hands=["AA", "KK"], dead="AcAdAh"), "empty once"),
])
def test_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pk.flops(**kwargs)


def test_bad_filters():
    report = pk.flops(["AA", "KK"])
    with pytest.raises(ValueError, match="suits must be one of"):
        report.filter(suits="mono")
    with pytest.raises(ValueError, match="high must be a rank"):
        report.filter(high="Z")
    with pytest.raises(ValueError, match="sort by"):
        report.sort("texture")
