"""Omaha in the range-analysis reports: runouts and equity distributions, pinned by brute force.

The brute force ranks every river with ``pk.omaha_hand`` (one hand at a time), so it shares
nothing with the batch evaluator the reports use; the identities of the hold'em reports
(a card's equities weighted over the cards = the equity now; a distribution's mean = the
range's equity) are checked against ``pk.omaha_equity`` enumerating.
"""
from __future__ import annotations

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.core.cards import format_card, parse_cards


def _river_equity(holes: list[str], board: str) -> list[float]:
    """Each player's pot share over every river of a turn, by ``omaha_hand``."""
    used = set(parse_cards("".join(holes) + board).tolist())
    share = np.zeros(len(holes))
    rivers = [c for c in range(52) if c not in used]
    for c in rivers:
        ranks = [pk.omaha_hand(h, board + format_card(c)).rank for h in holes]
        best = max(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            share[i] += 1 / len(winners)
    return (share / len(rivers)).tolist()


def test_omaha_turn_rows_match_a_brute_force_over_rivers() -> None:
    holes = ["AsKsQdJd", "AhAcKhKc"]
    report = pk.runouts(holes, "Ts9s2d", game="omaha")
    assert report.grid is not None
    assert len(report) == 52 - 11
    for i in (0, 7, 23, 40):
        turn = format_card(int(report.cards[i]))
        assert report.equity[i] == pytest.approx(_river_equity(holes, "Ts9s2d" + turn),
                                                  abs=1e-12)
    exact = pk.omaha_equity(holes, "Ts9s2d", exact=True).equity
    np.testing.assert_allclose(report.weight @ report.equity, exact, atol=1e-12)
    np.testing.assert_allclose(report.equity_now, exact, atol=1e-12)
    np.testing.assert_allclose(report.weight.sum(), 1.0)
    # the grid: each turn row, weighted over its rivers, is that turn's equity
    grid = report.grid
    for t in (0, 11):
        w = grid.weight[t]
        np.testing.assert_allclose(w @ np.nan_to_num(grid.equity[t]) / w.sum(),
                                   report.equity[t], atol=1e-12)


@pytest.mark.parametrize(("hands", "board", "game"), [
    (["AsKsQdJd", "AA:$ds"], "Ts9s2d", "omaha"),
    (["AsKsQdJd", "AhAcKhKc", "random"], "Ts9s2d7c", "omaha"),
    (["AsKsQdJd9c", "KK"], "Ts9s2d7h", "omaha5"),
])
def test_omaha_runouts_weighted_over_the_cards_equal_the_equity_now(
        hands: list[str], board: str, game: str) -> None:
    n_hole = {"omaha": 4, "omaha5": 5}[game]
    report = pk.runouts(hands, board, game=game)  # type: ignore[arg-type]
    exact = pk.omaha_equity(hands, board, hole_cards=n_hole, exact=True).equity
    np.testing.assert_allclose(report.weight @ report.equity, exact, atol=1e-12)
    np.testing.assert_allclose(report.equity_now, exact, atol=1e-12)
    # a card's row is the equity on that longer board
    i = len(report) // 2
    longer = board + format_card(int(report.cards[i]))
    np.testing.assert_allclose(
        report.equity[i], pk.omaha_equity(hands, longer, hole_cards=n_hole, exact=True).equity,
        atol=1e-12)


def test_omaha_distribution_mean_is_the_range_equity() -> None:
    hands = ["AsKsQdJd", "AA:$ds, KK:$ds"]
    dist = pk.equity_distribution(hands, "Ts9s2d", player=1, game="omaha")
    exact = pk.omaha_equity(hands, "Ts9s2d", exact=True)
    assert dist.exact and dist.cards is not None and dist.cards.shape[1] == 4
    assert dist.mean == pytest.approx(float(exact.equity[1]), abs=1e-12)
    assert float(dist.weight.sum()) == pytest.approx(1.0)
    assert list(dist.equity) == sorted(dist.equity, reverse=True)
    assert dist.to_dict()["hands"] is None
    with pytest.raises(ValueError, match="no 13 x 13 grid"):
        dist.by_starting_hand()


def test_omaha_distribution_by_monte_carlo_has_the_equity_within_its_error() -> None:
    dist = pk.equity_distribution(["AsKsQdJd", "AA:$ds"], player=1, game="omaha",
                                  trials=20_000, seed=3)
    assert not dist.exact
    exact = pk.omaha_equity(["AsKsQdJd", "AA:$ds"], trials=20_000, seed=3).equity[1]
    assert dist.mean == pytest.approx(float(exact), abs=0.02)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: pk.runouts(["AsKsQd", "AhAcKhKc"], "Ts9s2d", game="omaha"), "4, 5 or 6"),
    (lambda: pk.runouts(["AsKsQdJd", "AhAcKhKc"], "Ts9s2d", game="omaha5"), "5"),
    (lambda: pk.runouts(["AsKsQdJd", "AhAcKhKc"], "Ts9s", game="omaha"), "flop or a turn"),
    (lambda: pk.runouts(["AsKsQdJd", "AsAcKhKc"], "Ts9s2d", game="omaha"), "As"),
    (lambda: pk.runouts(["AsKsQdJd", "TT:$ds"], "Ts9s2d", game="omaha", dead="TcTh"),
     "range|hand"),
    (lambda: pk.runouts(["AsKsQdJd"] * 7, "Ts9s2d", game="omaha"), "2 to 6 players"),
    (lambda: pk.runouts(["AsKsQdJd", "random"], "Ts9s2d", game="omaha", exact=True,
                        max_showdowns=1_000_000),
     r"147,505,050 Omaha showdowns \(148,995 matchups x 990 boards\), more than "
     r"max_showdowns=1,000,000"),
    (lambda: pk.runouts(["AhKh", "QQ"], "Jh9h2c", exact=False), "always exact"),
    (lambda: pk.runouts(["AsKsQdJd", "KK"], "Ts9s2d", game="omaha", samples=0), "samples"),
    (lambda: pk.runouts(["AsKs", "QQ"], "Ts9s2d", game="shortdeck"), "shortdeck"),
    (lambda: pk.equity_distribution(["AsKsQdJd", "AA"], "Ts9s2d", game="omaha6"), "6"),
    (lambda: pk.equity_distribution(["AsKsQdJd", "AhAcKhKc"], "Ts9s2d", game="omaha"),
     "single hand"),
    (lambda: pk.flop_distribution(["AsKsQdJd", "AA, KK, QQ"], game="omaha"),
     "more than 5,000,000,000 showdowns"),
])
def test_omaha_reports_refuse_bad_input(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_omaha_class_equities_weighted_by_share_are_the_range_equity() -> None:
    hands = ["AsKsQdJd", "AA:$ds, JT98"]
    classes = pk.equity_by_class(hands, "Ts9s2d", player=1, game="omaha")
    exact = pk.omaha_equity(hands, "Ts9s2d", exact=True)
    made = slice(0, classes.n_made)
    share, eq = classes.share[made], np.nan_to_num(classes.equity[made])
    assert float(share.sum()) == pytest.approx(1.0)
    assert float(share @ eq) == pytest.approx(float(exact.equity[1]), abs=1e-12)
    assert classes.total == pytest.approx(float(exact.equity[1]), abs=1e-12)
    assert int(classes.combos[made].sum()) == len(classes.hands)
    assert classes.classes[:classes.n_made][-1] == "nothing"
    # the classes are omaha_range_hits' on the same hands (those that miss the known hand)
    hits = pk.omaha_range_hits("AA:$ds, JT98", "Ts9s2d")
    known = set(parse_cards("AsKsQdJd").tolist())
    for name in ("set", "two pair", "overpair", "open-ended straight draw"):
        live = [h for h in hits.combos_in(name) if not known & set(parse_cards(h).tolist())]
        assert sorted(classes.combos_in(name)) == sorted(live)
    assert "two pair" in str(classes)


def test_omaha_what_wins_matches_a_brute_force_over_rivers() -> None:
    holes = ["AsKsQdJd", "AhAcKhKc"]
    board = "Ts9s2d7c"
    wins = pk.what_wins(holes, board, game="omaha")
    assert wins.exact and wins.boards == 52 - 12
    used = set(parse_cards("".join(holes) + board).tolist())
    held = np.zeros((2, len(pk.analysis.by_class.CATEGORIES)))
    won = np.zeros_like(held)
    for c in (c for c in range(52) if c not in used):
        best = [pk.omaha_hand(h, board + format_card(c)) for h in holes]
        top = max(b.rank for b in best)
        winners = [i for i, b in enumerate(best) if b.rank == top]
        for i, b in enumerate(best):
            k = pk.analysis.by_class.CATEGORIES.index(b.category.label.lower())
            held[i, k] += 1
            if i in winners:
                won[i, k] += 1 / len(winners)
    np.testing.assert_allclose(wins.held, held / 40, atol=1e-12)
    np.testing.assert_allclose(wins.won, won / 40, atol=1e-12)
    np.testing.assert_allclose(wins.equity, _river_equity(holes, board), atol=1e-12)


def test_omaha_what_wins_with_a_range_sums_to_the_equity() -> None:
    hands = ["AsKsQdJd", "AA:$ds", "KQ:$ds"]
    wins = pk.what_wins(hands, "Ts9s2d7c", game="omaha")
    exact = pk.omaha_equity(hands, "Ts9s2d7c", exact=True).equity
    np.testing.assert_allclose(wins.equity, exact, atol=1e-12)
    np.testing.assert_allclose(wins.held.sum(axis=1), 1.0)
    sampled = pk.what_wins(hands[:2], game="omaha", exact=False, samples=3000, seed=2)
    assert not sampled.exact and sampled.boards == 3000
    assert sampled.equity.sum() == pytest.approx(1.0)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: pk.equity_by_class(["AsKsQdJd", "AA"], "Ts9s", game="omaha"), "flop, a turn"),
    (lambda: pk.equity_by_class(["AsKsQdJd", "AA:$ds"], "Ts9s2d", game="omaha5"), "5"),
    (lambda: pk.equity_by_class(["AsKsQdJd", "AA"], "Ts9s2d", game="holdem"),
     "2 hole cards, not 4"),
    (lambda: pk.what_wins(["AsKsQdJd", "AA"], "Ts9s2d", game="omaha", by="made"),
     "by='category'"),
    (lambda: pk.what_wins(["AsKsQdJd", "AA"], "Ts9s2d7c5d", game="omaha"), "flop or a turn"),
    (lambda: pk.what_wins(["AsKsQdJd", "AA"], game="shortdeck"), "shortdeck"),
])
def test_omaha_class_reports_refuse_bad_input(call: object, message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        call()  # type: ignore[operator]
