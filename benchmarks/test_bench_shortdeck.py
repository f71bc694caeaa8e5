"""Short deck beside Hold'em: the same batch evaluator and enumeration, the same sizes.

Each pair of benchmarks shares a group, so ``--benchmark-only`` prints them side by side; the
issue's target is short deck within 10% of Hold'em (same machine, one run). Short-deck hands
are random hands of its 36 cards, Hold'em's of 52; both run through the same kernels, with the
short-deck rank tables (``pokerkeys.core.tables.shortdeck_tables``) for short deck.

Exact equity, why short deck was slower per showdown and what fixed it (so it is not tried
twice): on a flop both games ran the same card-by-card kernel, at the same time per showdown
(17.6 and 18.1 ns for three players, one thread), but the Python work around it costs per
matchup (merging suit-isomorphic matchups, a table of work per first board card and a cache
key made of it), and a short-deck matchup has 351 boards against Hold'em's 903, so that work
weighed 2.6 times more per showdown. Merging by combo-index columns and a stable sort (7-10
times faster, same representatives) and one work column per matchup brought the flop case
level (about 1.05 ns per evaluation in short deck against 1.13 in Hold'em, one run). Preflop,
short deck enumerated all boards card by card while Hold'em counted board rank classes
(``_kernels.rank_classes``); short deck now runs the same rank classes with its own rank
tables (``rank_class_tables_7(rules)``): the low cards are dead cards to the kernel.

Per-combo preflop (``per_combo=``) still went board by board in short deck; it now counts
each matchup by the same rank classes: random vs AA (217 matchups) 11 ms against 566 ms,
AhKh vs QQ+ 0.64 ms against 11.7 ms (the matchup counts alone, medians of 5, both paths
interleaved in one process, AMD EPYC, host shared with 3 other helpers, load 5). And
``exact=None`` now budgets short deck's preflop by those rank-class showdowns, not by its
boards: random vs random (2.8e8 evaluations) runs exact in 0.84 s on two shared cores
instead of going to Monte Carlo (``test_exact_random_vs_random``).
"""
import numpy as np
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.core import counts
from pokerkeys.core.sampling import random_hands

THREADS = sorted({1, _jit.max_threads()})
GAMES = ["holdem", "shortdeck"]


def _short_deck_hands(n, k, seed):
    """n uniformly random k-card hands of the 36-card deck (ids 16..51): a partial
    Fisher-Yates shuffle of each row's deck, a million rows at a time."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for lo in range(0, n, 1_000_000):
        rows = min(1_000_000, n - lo)
        deck = np.tile(np.arange(16, 52, dtype=np.uint8), (rows, 1))
        every = np.arange(rows)
        for i in range(k):
            j = i + rng.integers(0, 36 - i, size=rows)
            deck[every, i], deck[every, j] = deck[every, j], deck[every, i].copy()
        out[lo:lo + rows] = deck[:, :k]
    return out


@pytest.fixture(scope="module")
def batches():
    """{(game, k): 1,000,000 hands of k cards} and the 10,000,000 7-card hands."""
    out = {}
    for k in (5, 6, 7):
        out["holdem", k] = random_hands(1_000_000, k, seed=k)
        out["shortdeck", k] = _short_deck_hands(1_000_000, k, seed=k)
    return out


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", GAMES)
def test_evaluate_batch_7_10m(benchmark, hands7_10m, game, threads):
    hands = hands7_10m if game == "holdem" else _short_deck_hands(10_000_000, 7, seed=36)
    benchmark.group = f"evaluate_batch 7 cards, 10,000,000 hands, {threads} thread(s)"
    run(benchmark, lambda: pk.evaluate_batch(hands, threads=threads, game=game),
        per_call=len(hands))


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_batch(benchmark, batches, game, k, threads):
    hands = batches[game, k]
    benchmark.group = f"evaluate_batch {k} cards, 1,000,000 hands, {threads} thread(s)"
    run(benchmark, lambda: pk.evaluate_batch(hands, threads=threads, game=game),
        per_call=len(hands))


@pytest.mark.parametrize("game", GAMES)
def test_every_7_card_hand(benchmark, game):
    """Every 7-card hand counted by category (short deck runs the 52-card enumeration with
    its tables, so it costs Hold'em's time for 1/16 of the hands)."""
    benchmark.group = "category counts of every 7-card hand"
    total = 133_784_560 if game == "holdem" else 8_347_680
    result = run(benchmark, lambda: counts.category_counts(7, game=game), per_call=total,
                 rounds=3)
    assert sum(result.values()) == total


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [["AcKc", "random"], ["AcKc"] + ["random"] * 5],
                         ids=["vs 1 random", "vs 5 random"])
def test_monte_carlo(benchmark, game, players):
    """Monte Carlo trials: the same kernels, dealing from 36 or 52 cards."""
    benchmark.group = f"Monte Carlo AcKc {len(players) - 1} random, 3,000,000 trials"
    run(benchmark, lambda: pk.equity(players, game=game, trials=3_000_000, seed=1),
        per_call=3_000_000, unit="trials", rounds=5)


@pytest.mark.parametrize("game", GAMES)
def test_exact_flop_three_way(benchmark, game):
    """Exact equity card by card: AhKh against two random hands on a flop (Hold'em: 9.7e8
    showdowns, short deck: 6.6e7, suit-isomorphic matchups counted once; compare ns per
    evaluation, three a showdown)."""
    benchmark.group = "exact AhKh vs 2 random on Qh7h6c (per showdown)"
    players = ["AhKh", "random", "random"]
    boards = pk.equity(players, board="Qh7h6c", game=game, exact=True).boards
    run(benchmark, lambda: pk.equity(players, board="Qh7h6c", game=game, exact=True),
        per_call=3 * boards, rounds=3)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [["AhKh", "QsQd"], ["AhKh", "QsQd", "JcTc"],
                                     ["QQ+,AKs", "JJ-88,AQs+"]],
                         ids=["heads-up", "three-way", "ranges"])
def test_exact_preflop(benchmark, game, players):
    """Exact preflop equity, both games by rank classes: the same job, compared per call.

    The cost follows the board rank classes, not the boards: short deck has 8.5 times fewer
    boards (201,376 against 1,712,304 for two hands) but only 4-6 times fewer classes, so
    its time per board is higher and per call lower; the fair figure is the call.
    """
    benchmark.group = f"exact {' vs '.join(players)} preflop (per call)"
    run(benchmark, lambda: pk.equity(players, game=game, exact=True), per_call=1,
        unit="calls", rounds=20)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [["AhKh", "QQ+"], ["random", "AA"]],
                         ids=["AhKh vs QQ+", "random vs AA"])
def test_exact_per_combo_preflop(benchmark, game, players):
    """Per-combo exact preflop: each range matchup counted by rank classes, both games."""
    benchmark.group = f"exact per-combo {' vs '.join(players)} preflop (per call)"
    run(benchmark, lambda: pk.equity(players, game=game, exact=True, per_combo=True),
        per_call=1, unit="calls", rounds=7)


def test_exact_random_vs_random(benchmark):
    """Short deck's random vs random preflop, which ``exact=None`` now enumerates (2.8e8
    evaluations of its rank classes, about a second on two cores)."""
    benchmark.group = "short deck random vs random preflop, exact=None"
    result = run(benchmark, lambda: pk.equity(["random", "random"], game="shortdeck"),
                 per_call=1, unit="calls", rounds=3)
    assert result.exact
