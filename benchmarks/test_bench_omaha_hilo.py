"""Omaha hi/lo beside Omaha high: the same deals, exact and Monte Carlo, 1 and all threads.

Each pair shares a group, so ``--benchmark-only`` prints them side by side: hi/lo adds one
table read per player and board (the low) and a few integer additions (the pot shares) to the
high hand's 60 lookups, so it should cost little more than Omaha high.
"""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit

THREADS = sorted({1, _jit.max_threads()})
GAMES = {"omaha": pk.omaha_equity, "omaha8": pk.omaha_hilo_equity}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", list(GAMES))
def test_exact_heads_up_preflop(benchmark, game, threads):
    """Every one of the 1,086,008 boards of two known 4-card hands."""
    benchmark.group = f"Omaha exact heads-up preflop, 1,086,008 boards, {threads} thread(s)"
    equity = GAMES[game]
    result = run(benchmark, lambda: equity(["As2dKhKc", "QsQdJhTc"], exact=True,
                                           threads=threads),
                 per_call=1_086_008, unit="boards", rounds=3)
    assert result.boards == 1_086_008


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", list(GAMES))
def test_monte_carlo_vs_random(benchmark, game, threads):
    """A known hand against one random hand, 2,000,000 trials."""
    benchmark.group = f"Omaha Monte Carlo vs 1 random, 2,000,000 trials, {threads} thread(s)"
    equity = GAMES[game]
    run(benchmark, lambda: equity(["As2dKhKc", "random"], trials=2_000_000, seed=1,
                                  threads=threads),
        per_call=2_000_000, unit="trials", rounds=3)


@pytest.mark.parametrize("game", list(GAMES))
def test_monte_carlo_range(benchmark, game):
    """A known hand against a range (drawn by weight), 1,000,000 trials, all threads."""
    benchmark.group = "Omaha Monte Carlo vs AA:$ds, 1,000,000 trials"
    equity = GAMES[game]
    run(benchmark, lambda: equity(["As2dKhKc", "AA:$ds"], trials=1_000_000, seed=1),
        per_call=1_000_000, unit="trials", rounds=3)
