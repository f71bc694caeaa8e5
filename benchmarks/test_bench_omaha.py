"""Omaha: the batch evaluator, exact and Monte Carlo equity, ranges; 1 and all threads.

Targets, each met by a benchmark here:

* ``pk.evaluate_omaha_batch`` on 10,000,000 random 4-card hands with 5-card boards at no
  less than phevaluator's C PLO4 evaluator (``test_evaluate_omaha_batch``; the C side is
  ``benchmarks/cpp/omaha_compare.py``, which times both on the same hands in one run);
* Monte Carlo AsKsQdJd against one random hand at 10 million trials/s or more at 2 threads
  (``test_monte_carlo_vs_random_10m``);
* exact heads-up preflop (1,086,008 boards) in at most 100 ms at 2 threads
  (``test_exact_heads_up_preflop``);
* ``AA:$ds`` against a 15% range to a standard error of 0.1 percentage points in at most 2 s
  (``test_monte_carlo_range_vs_range_to_stderr``).
"""
import numpy as np
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.equity.omaha_ranges import parse_omaha_range

THREADS = sorted({1, _jit.max_threads()})


N_HANDS = 10_000_000


@pytest.fixture(scope="module")
def omaha_rows():
    """10,000,000 rows of 4 hole cards and a 5-card board, nine distinct cards a row."""
    rng = np.random.default_rng(1)
    rows = np.empty((N_HANDS, 9), dtype=np.uint8)
    step = 1 << 20
    for start in range(0, N_HANDS, step):
        m = min(step, N_HANDS - start)
        rows[start:start + m] = rng.random((m, 52)).argsort(axis=1)[:, :9]
    return np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])


@pytest.mark.parametrize("threads", THREADS)
def test_evaluate_omaha_batch(benchmark, omaha_rows, threads):
    """pk.evaluate_omaha_batch over 10,000,000 random PLO4 rows, into a reused output."""
    holes, boards = omaha_rows
    out = np.empty(N_HANDS, dtype=np.uint16)
    benchmark.group = f"Omaha batch evaluation, 10,000,000 hands, {threads} thread(s)"
    run(benchmark, lambda: pk.evaluate_omaha_batch(holes, boards, threads=threads, out=out),
        per_call=N_HANDS, unit="hands", rounds=5)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_heads_up_preflop(benchmark, threads):
    """AsKsQdJd against 7c7d2h2s, every one of the 1,086,008 boards."""
    benchmark.group = f"Omaha exact heads-up preflop, {threads} thread(s)"
    result = run(benchmark, lambda: pk.omaha_equity(["AsKsQdJd", "7c7d2h2s"], exact=True,
                                                    threads=threads),
                 per_call=1_086_008, unit="boards", rounds=7)
    assert result.exact and result.boards == 1_086_008


@pytest.mark.parametrize("threads", THREADS)
def test_monte_carlo_vs_random_10m(benchmark, threads):
    """AsKsQdJd against one random hand, 10,000,000 trials."""
    benchmark.group = f"Omaha Monte Carlo vs random, 10,000,000 trials, {threads} thread(s)"
    run(benchmark, lambda: pk.omaha_equity(["AsKsQdJd", "random"], trials=10_000_000, seed=1,
                                           threads=threads),
        per_call=10_000_000, unit="trials", rounds=3)


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
