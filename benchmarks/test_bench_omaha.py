"""Omaha equity with ranges: parsing, exact range-against-hand on a flop, Monte Carlo range
against range preflop, 1 and all threads.

The issue's figure for ranges: ``AA:$ds`` against a 15% range to a standard error of 0.1
percentage points in at most 2 s (``test_monte_carlo_range_vs_range_to_stderr``). The
Monte Carlo benchmarks also print trials per second beside ``test_monte_carlo_vs_random``'s
hand against a random hand, the Omaha Monte Carlo without ranges.
"""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.equity.omaha_ranges import parse_omaha_range

THREADS = sorted({1, _jit.max_threads()})


@pytest.mark.parametrize("text", ["AA:$ds", "JT98-7654:$ds, RROO", "15%"])
def test_parse_range(benchmark, text):
    """Matching a range over all 270,725 four-card hands."""
    benchmark.group = "Omaha range parsing, 4 cards"
    run(benchmark, lambda: parse_omaha_range(text), per_call=270_725, unit="hands", rounds=5)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_range_vs_hand_on_flop(benchmark, threads):
    """AsKsQdJd against 'AA:$ds, KK:$ds' on Ts9s2d: every matchup and turn and river."""
    benchmark.group = f"Omaha exact range vs hand on a flop, {threads} thread(s)"
    result = run(benchmark, lambda: pk.omaha_equity(["AsKsQdJd", "AA:$ds, KK:$ds"],
                                                    board="Ts9s2d", threads=threads),
                 per_call=587_940, unit="showdowns", rounds=3)
    assert result.exact


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("players", [("AsKsQdJd", "random"), ("AA:$ds", "15%")])
def test_monte_carlo(benchmark, players, threads):
    """2,000,000 trials: a hand against a random hand, and a range against a range."""
    benchmark.group = f"Omaha Monte Carlo, 2,000,000 trials, {threads} thread(s)"
    run(benchmark, lambda: pk.omaha_equity(list(players), trials=2_000_000, seed=1,
                                           threads=threads),
        per_call=2_000_000, unit="trials", rounds=3)


def test_monte_carlo_range_vs_range_to_stderr(benchmark):
    """AA:$ds against the top 15% until the standard error is 0.1 percentage points."""
    benchmark.group = "Omaha AA:$ds vs 15% to stderr 0.001"
    result = run(benchmark, lambda: pk.omaha_equity(["AA:$ds", "15%"], target_stderr=0.001,
                                                    seed=1),
                 rounds=3, unit="runs")
    assert result.stderr.max() <= 0.001
