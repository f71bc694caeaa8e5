"""The Omaha flop report: the weighted flop equities against omaha_equity's exact preflop
enumeration, a few flops' rows against omaha_equity on that flop, suit-symmetry classes,
progress and bad input."""
import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.core.cards import format_card


def _check_preflop(report, hands, dead=None, hole_cards=None):
    preflop = pk.omaha_equity(hands, dead=dead, exact=True, hole_cards=hole_cards)
    assert report.weight.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(report.overall(), preflop.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(report.weight @ report.win, preflop.win, atol=1e-12)
    np.testing.assert_allclose(report.weight @ report.tie, preflop.tie, atol=1e-12)


def test_hand_vs_hand_matches_exact_preflop_and_each_flop():
    hands = ["AsKsQdJd", "AhAcKhKc"]
    report = pk.flops(hands, game="omaha")
    assert report.game == "omaha" and report.players == tuple(hands)
    _check_preflop(report, hands)
    for i in (0, len(report) // 2, len(report) - 1):
        flop = "".join(format_card(c) for c in report.flops[i].tolist())
        on_flop = pk.omaha_equity(hands, board=flop, exact=True)
        np.testing.assert_allclose(report.equity[i], on_flop.equity, rtol=0, atol=1e-12)
        np.testing.assert_allclose(report.win[i], on_flop.win, rtol=0, atol=1e-12)


def test_small_range_vs_hand_matches_exact_preflop_and_a_flop():
    hands = ["AAKK:$ds", "7c8c9dTd"]
    report = pk.flops(hands, game="omaha")
    _check_preflop(report, hands)
    row = report.sort("equity", player=1)
    flop = row.names[0]
    on_flop = pk.omaha_equity(hands, board=flop, exact=True)
    np.testing.assert_allclose(row.equity[0], on_flop.equity, rtol=0, atol=1e-12)


def test_three_players_with_dead_cards():
    hands = ["AsKsQdJd", "AhAcKhKc", "7c8c9dTd"]
    report = pk.flops(hands, ["2s", "2h"], game="omaha")
    _check_preflop(report, hands, dead=["2s", "2h"])
    assert report.equity.shape == (len(report), 3)


def test_suit_symmetry_merges_flops_and_keeps_the_equities():
    # Swapping spades and hearts, or diamonds and clubs, fixes both hands: four flops a class.
    hands = ["AsKsAhKh", "QdJdQcJc"]
    report = pk.flops(hands, game="omaha")
    assert len(report) < 22_100 // 3
    _check_preflop(report, hands)
    flop = report.names[len(report) // 3]
    on_flop = pk.omaha_equity(hands, board=flop, exact=True)
    np.testing.assert_allclose(report.equity[len(report) // 3], on_flop.equity, atol=1e-12)


def test_five_card_omaha_and_textures():
    hands = ["AsKsQdJdTc", "AhAcKhKc9d"]
    report = pk.flops(hands, game="omaha5")
    assert report.game == "omaha5"
    _check_preflop(report, hands, hole_cards=5)
    monotone = report.filter(suits="monotone")
    assert 0 < len(monotone) < len(report)
    assert {row["texture"] for row in report.by_texture()} >= {"paired", "connected", "A high"}


def test_progress_reports_and_can_stop():
    seen = []
    pk.flops(["AsKsQdJd", "AhAcKhKc"], game="omaha", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] and len(seen) > 1

    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        pk.flops(["AsKsQdJd", "AhAcKhKc"], game="omaha", progress=stop)


@pytest.mark.parametrize("hands, game, kwargs, message", [
    (["AsKsQdJd", "AhAcKh"], "omaha", {}, r"player 2: .* not 3 \(Ah Ac Kh\)"),
    (["AsKsQdJdTc", "AhAcKhKc9d"], "omaha", {}, "a hand of 5 cards .* in 4-card Omaha"),
    (["AsKsQdJd"] * 7, "omaha", {}, "2 to 6 players, not 7"),
    (["AsKsQdJd", "random"], "omaha", {},
     "194,580 matchups x 880,187 boards, more than 5,000,000,000"),
    (["AA", "KK"], "omaha", {"rules": "trips-beat-straight"}, "short deck only"),
    (["AA", "KK"], "razz", {}, "not game='razz'"),
])
def test_bad_input_is_named(hands, game, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pk.flops(hands, game=game, **kwargs)


def test_flop_distribution_of_omaha():
    hands = ["AsKsQdJd", "AhAcKhKc"]
    dist = pk.flop_distribution(hands, player=1, game="omaha")
    preflop = pk.omaha_equity(hands, exact=True)
    assert dist.kind == "flops" and len(dist) == len(pk.flops(hands, game="omaha"))
    assert dist.mean == pytest.approx(preflop.equity[1], abs=1e-12)
    assert np.all(np.diff(dist.equity) <= 0)  # best flop first
    with pytest.raises(ValueError, match="a hand of 5 cards"):
        pk.flop_distribution(["AsKsQdJdTc", "AhAcKhKc9d"], game="omaha")
