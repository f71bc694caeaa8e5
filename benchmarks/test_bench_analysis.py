"""Range analysis speed: per-combo equity, the flop report, range hits.

Targets (exact, 2 threads): every hand vs a 15% range on a flop <= 0.2 s; AhKh vs QQ+ on a
flop per combo in milliseconds; flops QQ+,AKs vs JJ-88,AQs+ <= 2 s, AA vs KK <= 0.5 s,
random vs random <= 30 s; range_hits <= 20 ms for any range on any board. Omaha flops (hand
vs hand, a 108-hand range vs a hand): measured, no target.
"""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit

THREADS = _jit.max_threads()


@pytest.fixture
def threads_noted(benchmark):
    """Note in the benchmark's output the thread count its calls pass."""
    benchmark.extra_info["threads"] = THREADS


@pytest.mark.usefixtures("threads_noted")
def test_every_hand_vs_15_percent_on_a_flop(benchmark):
    benchmark.group = "per-combo: random vs 15% on Ah7d2c, exact"
    r = run(benchmark, lambda: pk.equity(["random", "15%"], "Ah7d2c", exact=True,
                                         per_combo=True, threads=THREADS),
            per_call=1, unit="runs", rounds=7)
    assert len(r.combo_tables[0].combos) == 1176


@pytest.mark.usefixtures("threads_noted")
def test_hand_vs_range_per_combo_on_a_flop(benchmark):
    benchmark.group = "per-combo: AhKh vs QQ+ on 2c7d9h, exact"
    run(benchmark, lambda: pk.equity(["AhKh", "QQ+"], "2c7d9h", exact=True, per_combo=True,
                                     threads=THREADS),
        per_call=1, unit="runs", rounds=20)


@pytest.mark.parametrize("hands, game, rounds", [
    (("AA", "KK"), "holdem", 7),
    (("QQ+,AKs", "JJ-88,AQs+"), "holdem", 5),
    (("AsKsQdJd", "AhAcKhKc"), "omaha", 5),
    (("AAKK, QQJJ, KKQQ", "7c8c9dTd"), "omaha", 1),
])
@pytest.mark.usefixtures("threads_noted")
def test_flop_report(benchmark, hands, game, rounds):
    benchmark.group = f"flops {game} {hands[0]} vs {hands[1]}"
    r = run(benchmark, lambda: pk.flops(list(hands), game=game, threads=THREADS), per_call=1,
            unit="runs", rounds=rounds)
    assert abs(r.weight.sum() - 1) < 1e-12


@pytest.mark.usefixtures("threads_noted")
def test_flop_report_random_vs_random(benchmark):
    benchmark.group = "flops random vs random"
    benchmark.pedantic(lambda: pk.flops(["random", "random"], threads=THREADS), rounds=1,
                       iterations=1)


@pytest.mark.parametrize("hand_range, board", [
    ("random", "Ah7d2c"), ("random", "Kh9h4s2h"), ("22+,A2s+,K9o+", "Qs8d5c3h2s"),
])
def test_range_hits(benchmark, hand_range, board):
    benchmark.group = "range_hits"
    run(benchmark, lambda: pk.range_hits(hand_range, board), per_call=1, unit="runs",
        rounds=50)
