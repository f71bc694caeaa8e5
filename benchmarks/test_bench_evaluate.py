"""Evaluator throughput: random batches, every 5- and 7-card hand, and one hand at a time."""
import numpy as np
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.games import stats

THREADS = sorted({1, _jit.max_threads()})


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("n", [10**3, 10**6, 10**7])
def test_evaluate_batch_7(benchmark, hands7_10m, n, threads):
    hands = hands7_10m[:n]
    benchmark.group = f"evaluate_batch 7 cards, {n:,} hands"
    run(benchmark, lambda: pk.evaluate_batch(hands, threads=threads), per_call=n,
        rounds=50 if n <= 10**3 else 7)


@pytest.mark.parametrize("threads", THREADS)
def test_evaluate_batch_7_into_out(benchmark, hands7_10m, threads):
    """10M hands ranked into a preallocated output (``out=``), as the C++ loops write theirs.

    Measured against the default call (a fresh 20 MB output each time) on the same 10M hands,
    interleaved, 7 rounds x 2 calls, medians (AMD EPYC, 2 logical CPUs, host shared with other
    jobs, load average 1.5-2.5), three runs: 1 thread 1.13-1.15x quicker with ``out=`` (e.g.
    26.1 -> 23.1 ms), 2 threads 0.86-1.07x, within the noise of a host whose second CPU was
    busy. The C++ comparison (``benchmarks/cpp/compare.py --rounds 7``, which passes ``out=``)
    gave 1.45x / 1.24x the best C++ at 1 / 2 threads, where the anchors harness without it
    gave 1.33x / 1.56x minutes before (separate runs: their 2-thread cells were noisy).
    """
    out = np.empty(len(hands7_10m), dtype=np.uint16)
    benchmark.group = f"evaluate_batch 7 cards, {len(hands7_10m):,} hands"
    run(benchmark, lambda: pk.evaluate_batch(hands7_10m, threads=threads, out=out),
        per_call=len(hands7_10m))


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("k", [5, 6])
def test_evaluate_batch_5_6(benchmark, hands_by_size, k, threads):
    hands = hands_by_size[k]
    benchmark.group = f"evaluate_batch {k} cards, {len(hands):,} hands"
    run(benchmark, lambda: pk.evaluate_batch(hands, threads=threads), per_call=len(hands))


@pytest.mark.parametrize("threads", THREADS)
def test_all_7_card_hands(benchmark, threads):
    benchmark.group = "all 133,784,560 seven-card hands"
    counts = run(benchmark, lambda: stats.category_counts(7, threads=threads),
                 per_call=133_784_560, rounds=5)
    assert sum(counts.values()) == 133_784_560


@pytest.mark.parametrize("threads", THREADS)
def test_all_5_card_hands(benchmark, threads):
    benchmark.group = "all 2,598,960 five-card hands"
    run(benchmark, lambda: stats.category_counts(5, threads=threads), per_call=2_598_960)


@pytest.mark.parametrize("form", ["string", "ids"])
def test_evaluate_one_hand(benchmark, form):
    """pk.evaluate on one 7-card hand: parsing, checks and the rank, in plain Python."""
    benchmark.group = "evaluate one 7-card hand"
    hand = "As Ks Qs Js Ts 2c 3d" if form == "string" else pk.parse_cards("As Ks Qs Js Ts 2c 3d")
    assert pk.evaluate(hand) == 7462
    benchmark(pk.evaluate, hand)
