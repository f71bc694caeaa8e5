"""Games and statistics: Omaha equity, exact game tables, simulations, wild cards, draw."""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.games import stats

THREADS = sorted({1, _jit.max_threads()})


@pytest.mark.parametrize("threads", THREADS)
def test_omaha_exact_heads_up_preflop(benchmark, threads):
    benchmark.group = "Omaha exact AsKsQdJd vs 7h8h9cTc preflop"
    r = run(benchmark, lambda: pk.omaha_equity(["AsKsQdJd", "7h8h9cTc"], exact=True,
                                               threads=threads),
            per_call=1_086_008, unit="boards", rounds=5)
    assert r.exact


@pytest.mark.parametrize("threads", THREADS)
def test_omaha_monte_carlo_vs_random(benchmark, threads):
    benchmark.group = "Omaha Monte Carlo AsKsQdJd vs 2 random"
    trials = 1_000_000
    run(benchmark, lambda: pk.omaha_equity(["AsKsQdJd", "random", "random"], trials=trials,
                                           seed=1, threads=threads),
        per_call=trials, unit="trials", rounds=5)


@pytest.mark.parametrize("game", ["draw", "joker"])
def test_exact_game_table(benchmark, game):
    benchmark.group = "exact category table"
    run(benchmark, lambda: stats.game_stats(game), per_call=1, unit="tables", rounds=5)


@pytest.mark.parametrize("game", ["omaha", "threed"])
def test_simulated_game_table(benchmark, game):
    benchmark.group = "simulated category table, 1M deals"
    run(benchmark, lambda: stats.game_stats(game, trials=1_000_000, seed=1),
        per_call=1_000_000, unit="deals", rounds=5)


def test_what_comes_first(benchmark):
    benchmark.group = "what comes first, 100k decks"
    run(benchmark, lambda: stats.what_comes_first(100_000, seed=1), per_call=100_000,
        unit="decks", rounds=5)


def test_wild_hand(benchmark):
    benchmark.group = "wild cards, one hand with two jokers"
    run(benchmark, lambda: pk.wild_hand("8d ** 7d 6d **"), per_call=1, unit="hands",
        rounds=50)


def test_best_discard(benchmark):
    benchmark.group = "draw poker, best single discard"
    run(benchmark, lambda: pk.best_discard("2d 3d 4d Kc As"), per_call=1, unit="hands",
        rounds=50)
