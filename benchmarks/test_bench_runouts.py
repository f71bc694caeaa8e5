"""Runouts, equity distributions, equity by class and what wins: speed.

Targets (exact, 2 threads, after warm-up): a hand against a 20% range on a flop, every turn
card and the turn x river grid, in at most 0.2 s; Omaha, a hand against ``random`` on a flop
(148,995 hands x 990 boards), in at most 3 s. The others are recorded for reference:
three players on a flop, range against range on a flop, a range's distribution and classes
on a flop, what wins for AA vs KK preflop (exact up to suit symmetry).
"""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit

THREADS = min(2, _jit.max_threads())


@pytest.fixture
def threads_noted(benchmark):
    """Note in the benchmark's output the thread count its calls pass."""
    benchmark.extra_info["threads"] = THREADS


@pytest.mark.usefixtures("threads_noted")
def test_hand_vs_20_percent_on_a_flop(benchmark):
    benchmark.group = "runouts: AhKh vs 20% on Qd7h2c (target <= 0.2 s)"
    r = run(benchmark, lambda: pk.runouts(["AhKh", "20%"], "Qd7h2c", threads=THREADS),
            per_call=1, unit="runs", rounds=20)
    assert len(r) == 47 and r.grid is not None
    assert benchmark.stats.stats.median <= 0.2


@pytest.mark.parametrize("hands, board", [
    (("QQ+,AK", "JJ-99,AQs,KQs"), "Jh9h2c"),
    (("AhKh", "QQ+", "JTs,T9s"), "Jh9h2c"),
    (("20%", "20%"), "Jh9h2c4s"),
])
@pytest.mark.usefixtures("threads_noted")
def test_runouts(benchmark, hands, board):
    benchmark.group = f"runouts {' vs '.join(hands)} on {board}"
    run(benchmark, lambda: pk.runouts(list(hands), board, threads=THREADS), per_call=1,
        unit="runs", rounds=7)


@pytest.mark.usefixtures("threads_noted")
def test_distribution_and_classes(benchmark):
    benchmark.group = "distribution + classes: 20% vs 15% on Jh9h2c"
    spot = (["20%", "15%"], "Jh9h2c")
    run(benchmark, lambda: (pk.equity_distribution(*spot, threads=THREADS),
                            pk.equity_by_class(*spot, threads=THREADS)),
        per_call=1, unit="runs", rounds=7)


@pytest.mark.usefixtures("threads_noted")
def test_what_wins_aa_vs_kk_preflop(benchmark):
    benchmark.group = "what_wins AA vs KK preflop, exact"
    r = run(benchmark, lambda: pk.what_wins(["AA", "KK"], threads=THREADS), per_call=1,
            unit="runs", rounds=5)
    assert r.exact


@pytest.mark.parametrize("hands, board", [
    (("AsKsQdJd", "AhAcKhKc"), "Ts9s2d"),
    (("AsKsQdJd", "AA:$ds, JT98"), "Ts9s2d"),
])
@pytest.mark.usefixtures("threads_noted")
def test_omaha_runouts(benchmark, hands, board):
    benchmark.group = f"runouts omaha {' vs '.join(hands)} on {board}"
    r = run(benchmark, lambda: pk.runouts(list(hands), board, threads=THREADS, game="omaha"),
            per_call=1, unit="runs", rounds=5)
    assert r.grid is not None


@pytest.mark.usefixtures("threads_noted")
def test_omaha_what_wins_on_a_flop(benchmark):
    benchmark.group = "what_wins omaha AsKsQdJd vs AA:$ds on Ts9s2d, exact"
    r = run(benchmark, lambda: pk.what_wins(["AsKsQdJd", "AA:$ds"], "Ts9s2d", threads=THREADS,
                                            game="omaha"), per_call=1, unit="runs", rounds=5)
    assert r.exact


@pytest.mark.usefixtures("threads_noted")
def test_omaha_hand_vs_random_on_a_flop(benchmark):
    benchmark.group = "runouts omaha AsKsQdJd vs random on Ts9s2d, exact (target <= 3 s)"
    r = run(benchmark, lambda: pk.runouts(["AsKsQdJd", "random"], "Ts9s2d", threads=THREADS,
                                          game="omaha"), per_call=1, unit="runs", rounds=5)
    assert r.exact and r.grid is not None
    assert benchmark.stats.stats.median <= 3.0


@pytest.mark.usefixtures("threads_noted")
def test_omaha_what_wins_hand_vs_random_on_a_flop(benchmark):
    benchmark.group = "what_wins omaha AsKsQdJd vs random on Ts9s2d, exact"
    r = run(benchmark, lambda: pk.what_wins(["AsKsQdJd", "random"], "Ts9s2d", threads=THREADS,
                                            game="omaha"), per_call=1, unit="runs", rounds=5)
    assert r.exact


@pytest.mark.usefixtures("threads_noted")
def test_omaha_three_players_sampled(benchmark):
    benchmark.group = "runouts omaha AsKsQdJd vs random vs random on Ts9s2d, sampled (default)"
    r = run(benchmark, lambda: pk.runouts(["AsKsQdJd", "random", "random"], "Ts9s2d",
                                          threads=THREADS, game="omaha", seed=1),
            per_call=1, unit="runs", rounds=3)
    assert not r.exact
