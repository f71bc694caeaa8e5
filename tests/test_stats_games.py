"""Category statistics per game (exact and simulated) and the "what comes first" experiment."""
from __future__ import annotations

import math

import numpy as np
import pytest

from pokerkeys import stats
from pokerkeys.games import FIVE_OF_A_KIND
from pokerkeys.games.game_stats import joker_deck_counts

HC = [None, "High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush",
      "Full house", "Four of a kind", "Straight flush", "Five of a kind"]

FIVE_CARD = {"Five of a kind": 0, "Straight flush": 40, "Four of a kind": 624,
             "Full house": 3_744, "Flush": 5_108, "Straight": 10_200,
             "Three of a kind": 54_912, "Two pair": 123_552, "Pair": 1_098_240,
             "High card": 1_302_540}
SEVEN_CARD = {"Five of a kind": 0, "Straight flush": 41_584, "Four of a kind": 224_848,
              "Full house": 3_473_184, "Flush": 4_047_644, "Straight": 6_180_020,
              "Three of a kind": 6_461_620, "Two pair": 31_433_400, "Pair": 58_627_800,
              "High card": 23_294_460}


def z_scores(sim: stats.GameStats, exact: stats.GameStats) -> np.ndarray:
    se = np.sqrt(exact.probabilities * (1 - exact.probabilities) / sim.total)
    diff = sim.probabilities - exact.probabilities
    return np.divide(diff, se, out=np.zeros_like(diff), where=se > 0)


def test_deal_is_exact():
    r = stats.game_stats("deal")
    assert r.exact and r.total == 2_598_960
    assert r.as_dict() == FIVE_CARD
    assert not r.stderr.any()
    assert "2,598,960" in str(r) and "Straight flush" in str(r)


@pytest.mark.slow
def test_texas_is_exact():
    r = stats.game_stats("holdem")
    assert r.game == "texas" and r.exact and r.total == 133_784_560
    assert r.as_dict() == SEVEN_CARD


def test_joker_game_is_exact():
    # 5 cards from 52 + two jokers: C(54, 5) hands, each enumerated.
    r = stats.game_stats("joker")
    counts = r.as_dict()
    assert r.exact and r.total == math.comb(54, 5) == sum(counts.values())
    # Five of a kind: four of a rank + a joker (13 x 2 jokers) or three + both (13 x 4).
    assert counts["Five of a kind"] == 13 * 2 + 13 * 4
    # A joker always pairs something, so high cards come from joker-free hands only.
    assert counts["High card"] == FIVE_CARD["High card"]
    assert counts["Pair"] > FIVE_CARD["Pair"]


def test_one_joker_deck_matches_the_published_table():
    # The 53-card deck with one fully wild joker, as tabulated (e.g. Wikipedia, "Poker
    # probability"): an independent check of the wild-card search over all 2,869,685 hands.
    counts = joker_deck_counts(1)
    published = [0, 1_302_540, 1_268_088, 123_552, 137_280, 20_532, 7_804, 6_552, 3_120, 204, 13]
    assert counts.tolist() == published
    assert joker_deck_counts(0).tolist() == [0] + [FIVE_CARD[HC[c]] for c in range(1, 11)]
    with pytest.raises(ValueError, match="0, 1 or 2 jokers"):
        joker_deck_counts(3)


def test_simulated_deal_agrees_with_exact():
    exact = stats.game_stats("deal")
    sim = stats.game_stats("deal", exact=False, trials=300_000, seed=1)
    assert not sim.exact and sim.total == 300_000
    assert np.abs(z_scores(sim, exact)).max() < 4.5


def test_draw_game_exact_and_simulated_agree():
    exact = stats.game_stats("draw")
    assert exact.exact and exact.total == 2_598_960 * 47
    sim = stats.game_stats("draw", exact=False, trials=300_000, seed=2)
    assert np.abs(z_scores(sim, exact)).max() < 4.5
    # Regression: these counts were also produced by a kernel that tried all 235 draws of
    # every hand one by one (the shipped one reuses four-card sets), and agree with simulation.
    assert exact.counts[1:10].tolist() == [43_874_112, 58_389_936, 11_886_768, 4_552_560,
                                           1_587_768, 934_240, 834_912, 84_240, 6_584]
    # Drawing improves hands: fewer high cards than on the deal.
    assert exact.probabilities[1] < stats.game_stats("deal").probabilities[1]


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "threed"])
def test_simulated_games_reproducible_and_thread_independent(game, two_numba_threads):
    a = stats.game_stats(game, trials=40_000, seed=5, threads=1)
    b = stats.game_stats(game, trials=40_000, seed=5, threads=2)
    assert not a.exact and a.total == 40_000
    np.testing.assert_array_equal(a.counts, b.counts)
    assert a.counts[FIVE_OF_A_KIND] == 0 and a.counts.sum() == 40_000
    assert (a.stderr > 0).any() and "± stderr" in str(a)


@pytest.mark.slow  # Texas exactly: all 133,784,560 seven-card hands
def test_simulated_games_order_of_strength():
    # The notebook's observations: Omaha beats Texas, Three-D beats Omaha; more hole cards
    # make better Omaha hands.
    o4, o6, three_d = (stats.game_stats(g, trials=100_000, seed=9).probabilities
                       for g in ("omaha", "omaha6", "threed"))
    texas = stats.game_stats("texas").probabilities
    assert texas[1] > o4[1] > o6[1] > three_d[1]  # high card gets rarer
    assert 0.25 < o4[3] < 0.40                      # two pair is Omaha's commonest hand


def test_table_format():
    results = [stats.game_stats("deal"), stats.game_stats("omaha", trials=20_000, seed=1)]
    table = stats.format_games_table(results)
    lines = table.splitlines()
    assert lines[0].split() == ["Type", "of", "hand", "deal", "omaha"]
    assert lines[2].startswith("five of a kind") and lines[-2].startswith("high card")
    assert "±" in table and "2,598,960" in table


def test_game_stats_errors():
    with pytest.raises(ValueError, match="unknown game 'poker'"):
        stats.game_stats("poker")
    with pytest.raises(ValueError, match="cannot be enumerated exactly"):
        stats.game_stats("omaha", exact=True)
    with pytest.raises(ValueError, match="only computed exactly"):
        stats.game_stats("texas", exact=False)
    with pytest.raises(ValueError, match="trials must be a positive integer"):
        stats.game_stats("omaha", trials=0)


# ---------------------------------------------------------------------------- what comes first
def test_what_comes_first():
    r = stats.what_comes_first(20_000, seed=4)
    assert r.trials == 20_000
    for cat in range(2, 10):
        assert r.counts[cat].sum() == r.trials  # every category appears in every deck
    # Pigeonholes: a flush needs at least 5 cards and at most 17; a pair at most 14.
    assert set(np.flatnonzero(r.counts[6])) <= set(range(5, 18))
    assert set(np.flatnonzero(r.counts[2])) <= set(range(2, 15))
    assert r.mean(2) < r.mean(3) < r.mean(8)
    # Bram Cohen's question: the flush comes first more often than the straight.
    assert r.straight_first + r.flush_first + r.same_card == r.trials
    assert r.flush_first > r.straight_first
    assert 0.45 < r.flush_first / r.trials < 0.57
    assert r.stderr(2) > 0 and "straight before flush" in str(r)


def test_what_comes_first_reproducible(two_numba_threads):
    a = stats.what_comes_first(10_000, seed=8, threads=1)
    b = stats.what_comes_first(10_000, seed=8, threads=2)
    np.testing.assert_array_equal(a.counts, b.counts)
    with pytest.raises(ValueError, match="trials must be a positive integer"):
        stats.what_comes_first(0)


def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    r = stats.what_comes_first(5_000, seed=1)
    path = tmp_path / "first.png"
    fig = stats.plot_what_comes_first(r, path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    assert len(fig.axes[0].lines) == 8  # one line per category, pair .. straight flush


def test_times_shown_exclude_compiling(monkeypatch):
    """The seconds a game's statistics report come from the clock that stops while kernels
    compile (a first run's compile is not the count's time), as equity's do."""
    from pokerkeys import _jit
    from pokerkeys.games import game_stats as module
    ticks = iter([100.0, 107.5, 200.0, 200.25])
    monkeypatch.setattr(_jit, "compute_clock", lambda: next(ticks))
    assert module.game_stats("deal").elapsed == 7.5
    assert module.what_comes_first(1_000, seed=1).elapsed == 0.25
