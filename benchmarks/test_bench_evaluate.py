"""Evaluator throughput: random batches, every 5- and 7-card hand, and one hand at a time.

Levers measured on the batch kernels (``_kernels.evaluate``) and the 7-card enumeration
(``_kernels.enumerate``), so that none is tried twice. AMD EPYC (Zen 4: AVX2, AVX-512 with
VBMI), 2 logical CPUs, host shared with other jobs (load average 2-5): each lever interleaved
with the code before it and with the C++ loops of ``benchmarks/cpp`` in one run, 7-9 rounds x
2 calls, medians; thread CPU time at 1 thread where wall-clock times were too noisy; and
instructions per hand counted by cachegrind, which no load disturbs (kernels compiled for a
Haswell target, ``NUMBA_CPU_NAME=haswell``: AVX2 code as an Intel CPU runs it; the slope
between 1 and 21 calls on 2M hands, or 1 and 33 of the enumeration's 64 work groups: a
process's start varies by some 20M instructions, so shorter jobs mislead).

Kept:

* Batch kernels as serial chunk kernels on ``_jit.run_chunks`` instead of a ``prange`` loop:
  1 thread 31.2 vs 31.8 ms for 10M hands into ``out=``, 2 threads 31.2 vs 39.0 ms (the
  blocks are handed out as threads come free, which a busy second CPU needs). Compiled
  alone, ``rank_batch_7`` takes 1.3 s of CPU instead of 2.0 s; in a fresh ``python -m
  pokerkeys._warm_up --all --processes 1`` on the loaded host the three took 1.7-2.0 s each.
* The good groups of a chunk in an inner loop with no call in it (the checked path's call
  made LLVM reload the shuffle masks from the stack for every group): thread CPU 21.45 vs
  22.10 ms. On the Haswell target, with 16 vector registers and no AVX-512, it counts 28.0
  instructions a hand against 27.5 (the ``prange`` kernel: 27.4).
* Without ``out=``, reusing an earlier output nothing references any more
  (``core.evaluate._SpareOutputs``): 0 page faults a call instead of 356 on average (up to
  795, 6.6 ms of system time on a 22 ms call) when the caller holds its previous answer.
* Enumeration: counting hands by rank-table index (the rank read once per block, not once
  per hand) and in uint16 histograms (2 x 127 KB), the index as (key >> shift) + row offset,
  no flush test in the last-two-cards loop when no suit holds 3 of the first five cards:
  thread CPU 103.5 vs 130.0 ms for all 133,784,560 hands (-20%; the flush skip and offsets
  alone -5%, index histograms in int32 another -13%, uint16 another -8%); then uint32
  offsets (32 KB, the add a 32-bit add from memory). Instructions a hand: 14.98 before,
  11.67, 10.89 with uint32 offsets (-27% in all; the uint32 offsets' thread CPU time on
  Zen 4: 101.5 vs 101.5 ms, after -3% and +15% in two runs at load average 4-6).

Dropped:

* One flush test per group of 4 rows (OR of the 4 keys, one branch) instead of one per row:
  +13% thread CPU (23.7 vs 20.9 ms), the group branch mispredicts (12% of groups hold a
  flush) where the row branches are predicted.
* Enumeration, the row base read from the rank table and the column masked (no offsets
  table, 16 KB of bases instead of 64 KB of offsets): 110.4 vs 111.9 ms, within the noise.
* Enumeration, four index histograms instead of two in the loop without flush tests (the
  same rank in the next suit two hands later no longer waits on an increment): 103.0 vs
  105.5 ms (-2.4%, near the noise), for 4 x 127 KB of histograms that would crowd a
  512 KB L2 (Zen 2 and Zen 3).
* Batch, the enumeration's uint32 row offsets (the hash index as one 32-bit add from
  memory, no mask): 26.4 instructions a hand instead of 28.0 on the Haswell target, but
  thread CPU 21.78 vs 20.92 ms (+4%) on Zen 4, whose 32 KB L1 the extra 32 KB table
  crowds. Worth measuring on an Intel Xeon (48 KB L1).
* Groups of 8 rows in 512-bit vectors (the row scan, the spread by one VPERMB and the key
  sums with 512-bit PSHUFB / PSADBW; same ranks): thread CPU 22.2 vs 20.8 ms (+7%) on Zen 4,
  which runs a 512-bit operation as two 256-bit halves, and the 8 keys still leave the vector
  one by one. The 4-row path already gets AVX-512 instructions at 256 bits where the CPU has
  them (LLVM emits mask compares, VPERMT2B and VGF2P8AFFINEQB for it). Not measured on an
  Intel Xeon, whose 512-bit units might make it pay.

Not tried: loading the key planes once per chunk (5 L1 reads per group of 4 rows today:
LLVM cannot prove the output stores do not alias them).
"""
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

    Measured against the default call (then a fresh 20 MB output each time; it now reuses
    an output its caller let go of, see the module's docstring) on the same 10M hands,
    interleaved, 7 rounds x 2 calls, medians (AMD EPYC, 2 logical CPUs, host shared with other
    jobs, load average 1.5-2.5), three runs: 1 thread 1.13-1.15x quicker with ``out=`` (e.g.
    26.1 -> 23.1 ms), 2 threads 0.86-1.07x, within the noise of a host whose second CPU was
    busy. The C++ comparison (``benchmarks/cpp/compare.py --rounds 7``, which passes ``out=``)
    gave 1.45x / 1.24x the best C++ at 1 / 2 threads, where the anchors harness without it
    gave 1.33x / 1.56x minutes before (separate runs: their 2-thread cells were noisy).
    """
    out = np.empty(len(hands7_10m), dtype=np.uint16)
    benchmark.group = f"evaluate_batch 7 cards into out=, {len(hands7_10m):,} hands"
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
