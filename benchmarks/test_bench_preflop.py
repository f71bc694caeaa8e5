"""Preflop tables (target: the exact 169 x 169 heads-up matrix in <= 2 minutes).

Run: python -m pytest benchmarks/test_bench_preflop.py --benchmark-only
     --benchmark-columns=median,ops
"""
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit, preflop
from pokerkeys.preflop import exact

THREADS = sorted({1, _jit.max_threads()})
SPOT = {("AKs", "QQ"): 0.460485, ("AKo", "QQ"): 0.432423, ("AKo", "22"): 0.473508,
        ("JTs", "22"): 0.538384}


@pytest.mark.parametrize("threads", THREADS)
def test_heads_up_matrix(benchmark, threads):
    """All 47,008 suit-distinct matchups x 1,712,304 boards, exact (board-major sweep)."""
    benchmark.group = "preflop: exact heads-up matrix (all matchups, all boards)"
    result = run(benchmark, lambda: preflop.heads_up_matrix(threads=threads),
                 per_call=preflop.count_matchups(), unit="matchups", rounds=3)
    assert benchmark.stats.stats.median <= 120
    names = preflop.CLASS_NAMES
    for (a, b), published in SPOT.items():
        assert abs(result.equity[names.index(a), names.index(b)] - published) < 5e-7
    for hands in (["AhKh", "QsQd"], ["7c2d", "8s9s"], ["AsAd", "AhAc"], ["Td9d", "9c8c"]):
        r = pk.equity(hands, exact=True)
        assert result.counts(*hands) == (int(r.wins[0]), int(r.ties[0]), int(r.losses[0]))


def test_heads_up_matrix_written_resumable(benchmark, tmp_path):
    """The same with the chunked, atomically saved, resumable file output."""
    benchmark.group = "preflop: exact heads-up matrix, saved to a resumable file"
    run(benchmark, lambda: preflop.heads_up_matrix(tmp_path / "m.npy"),
        per_call=preflop.count_matchups(), unit="matchups", rounds=2)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_equity_vs_random(benchmark, threads):
    """169 classes against one random hand, exact (target <= 30 s)."""
    benchmark.group = "preflop: exact equity of the 169 classes vs a random hand"
    equity = run(benchmark, lambda: preflop.exact_equity_vs_random(threads=threads),
                 per_call=169, unit="classes", rounds=5)
    assert equity.tobytes() == preflop.equity_vs_random().tobytes()


def test_rank_histograms(benchmark):
    """Best-rank histograms of all 169 classes over all C(50, 5) boards each."""
    benchmark.group = "preflop: rank distributions of the 169 classes"

    def compute():
        # rank_histograms() keeps its result; time the computation, not the cache
        exact._histograms.cache_clear()
        return preflop.rank_histograms()

    run(benchmark, compute, per_call=169, unit="classes", rounds=5)
