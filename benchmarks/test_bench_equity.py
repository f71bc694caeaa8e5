"""Equity speed: exact (every board) and Monte Carlo, hands and ranges, at 1 and all threads."""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit

THREADS = sorted({1, _jit.max_threads()})


@pytest.mark.parametrize("threads", THREADS)
def test_exact_heads_up_preflop(benchmark, threads):
    benchmark.group = "exact AcKc vs QhQd preflop"
    r = run(benchmark, lambda: pk.equity(["AcKc", "QhQd"], exact=True, threads=threads),
            per_call=1_712_304, unit="boards", rounds=20)
    assert r.exact


@pytest.mark.parametrize("threads", THREADS)
def test_exact_three_way(benchmark, threads):
    benchmark.group = "exact AhKh QsQd JcTc preflop"
    run(benchmark, lambda: pk.equity(["AhKh", "QsQd", "JcTc"], exact=True, threads=threads),
        per_call=1_370_754, unit="boards", rounds=20)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("opponents", [1, 5])
def test_monte_carlo_vs_random(benchmark, opponents, threads):
    benchmark.group = f"Monte Carlo AhKh vs {opponents} random"
    trials = 10_000_000
    hands = ["AhKh"] + ["random"] * opponents
    run(benchmark, lambda: pk.equity(hands, trials=trials, seed=1, threads=threads),
        per_call=trials, unit="trials", rounds=5)


@pytest.mark.parametrize("threads", THREADS)
def test_monte_carlo_range_vs_range(benchmark, threads):
    benchmark.group = "Monte Carlo QQ+,AKs vs JJ-88,AQs+"
    trials = 10_000_000
    run(benchmark, lambda: pk.equity(["QQ+,AKs", "JJ-88,AQs+"], trials=trials, seed=1,
                                     threads=threads),
        per_call=trials, unit="trials", rounds=5)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_range_vs_range(benchmark, threads):
    benchmark.group = "exact QQ+,AKs vs JJ-88,AQs+"
    run(benchmark, lambda: pk.equity(["QQ+,AKs", "JJ-88,AQs+"], exact=True, threads=threads),
        per_call=1, unit="runs", rounds=3)
