"""Equity speed: exact (every board) and Monte Carlo, hands and ranges, at 1 and all threads.

Exact preflop jobs are small (AcKc vs QhQd: about half a millisecond), so the fixed cost of a
call counts as much as the kernel. Where the time of that call went (AMD EPYC, shared host,
medians of hundreds of calls): the rank-class kernel about 0.28 ms; ``_jit.ready``, asked on
every call whether the kernel would compile (typing 17 arguments in Python), about 0.15 ms;
parsing and checking the players, the matchups and the result about 0.1 ms.

Tried, and what it gave (so it is not tried twice):

- Helped: one matchup of known hands built directly, a known hand's combo checked without
  NumPy, no budget computed for ``exact=True``, no thread context for one thread: 0.54 ms
  against 0.65 ms (alternating processes).
- Helped: a second thread only above ``holdem.PARALLEL_MIN_EVALS`` (1e7 evaluations, about
  25 ms on one thread). QQ+,AKs vs JJ-88,AQs+ (12.7 ms on one thread) took 7.6 ms on two quiet
  cores but 24 ms when another process held one of them (the whole job waits for a block
  stuck on the busy core); it now runs on one thread whatever ``threads`` says.
- Would help: a memo in ``_jit.ready`` (argument kinds already found ready): simulated,
  0.40 ms against 0.57 ms for AcKc vs QhQd.
- Did not help: picking the leaders with selects instead of branches in the rank-class
  kernel (``rank_classes._non_flush_mask`` and the flush corrections), as the Monte Carlo
  kernels do: 1.3-1.5x slower (AcKc vs QhQd 292 against 209 us, three players 590 against
  395 us, five 488 against 380; both kernels in one process, interleaved, best of 15).
- Not worth it: passing writable copies of the read-only rank tables to skip Numba's
  slower typing of read-only arrays: the whole dispatch of the kernel takes 2.5 us.
- Helped: players of the same range enumerated once per orbit of their permutations
  (``matchups.merge_isomorphic(alike=...)``, ``credit_alike``). AhKh vs two random hands on
  Qh7h6c, 555,858 matchups folded to 278,007: 5.82 s against 2.90 s (2.0x) in Hold'em, 0.397 s
  against 0.207 s in short deck; short deck preflop 2.34 s against 1.20 s (medians of 3-5,
  the two paths interleaved in one process, 2 threads, AMD EPYC, host shared with 3 other
  helpers); Hold'em preflop, 266,504 matchups folded to 133,330, 214 s against 91 s (one
  pair, the host busier). ``test_exact_players_of_one_range`` runs both paths side by side
  (one run, pytest-benchmark, 3 rounds: Hold'em medians 7.29 s and 2.56 s, short deck
  363 ms and 188 ms).

Monte Carlo trials (``_kernels.equity``: ``_heads_up_chunk``, ``_plain_chunk``). Dealing is
most of a trial: a kernel that only deals and sums the board took 10.45 of a heads-up
trial's 16.0 ns (AhKh against one random hand) and 21 of a six-player trial's 46 ns. Each
variant below was a copy of the kernel beside the shipped one, interleaved in one process,
medians of 7-9 passes of 5 million trials, one thread, AMD EPYC, host shared with two helpers
(load 1.6-2.7):

- Helped, then replaced: a block's eighth pick made only when it deals a card: 15.75-17.38
  against 15.92-17.57 ns a heads-up trial in three runs, 1.0-1.4%, the same cards. Now a
  block makes exactly its picks (``sampling.deal_cards``: eight picks written out, each
  behind a branch on the block's count), which deals the same cards.
- Helped: stratified dealing (``sampling.deal_stratified``: the first unknown player's two
  cards, or two board cards, run through their combinations; the rest dealt at random, a
  block making only its picks). Trials per CPU second against the deal before it, one
  thread, alternating processes, medians of 4 pairs, host shared with a helper: random vs
  random 1.52x, AhKh vs 2 random 1.30x, vs QsQd 1.21x, vs 1 random on a flop 1.20x, vs 3
  random 1.14x, vs 4 random 1.04x, vs 1 random 1.03x, vs 5 random 1.01x.
- Did not help: two players' hands from the strata (two pointers into the list, collisions
  ignored, so timing only), leaving eleven cards to deal instead of thirteen for AhKh vs 5
  random: 1.007x (CPU time, pinned to one core, 5 pairs). Fewer picks do not speed up the
  six-player trial either. (This host's second vCPU ran 0.7x the first at times: pin A/B
  runs with ``taskset``.)
- Did not help: one unrolled copy of the block per number of picks, chosen through a jump
  table: 1-8% slower than the branches per pick, and the two kernels compiled in 7.6 and
  6.8 s against 5.2 and 5.7 s. Three board cards in the stratum (17,296 flops) gained
  more per trial but cost 0.15 ms a call to build and shuffle. Without ``borrowed`` views
  the strata's arrays took a reference count up and down every trial (0.64x).
- Did not help: the digits of a block without the multiply chain (``D_k`` the high word of
  ``x * P_k``, ``i_k = D_k - n_k * D_(k-1)``; the same cards): 17.5 against 16.4 ns.
- Did not help: 32-bit digits, one pick per half of a random number with its own rejection:
  28.0 against 16.0 ns; two 32-bit multiply chains of four digits each (IMUL instead of
  MULX): the deal alone 11.6 against 10.8 ns.
- Did not help: positions found by backward insertion into a list of the free cards instead
  of PDEP on the shrinking mask: 69 against 16 ns; a branch around every pick of a block
  (LLVM no longer unrolled it): 28.5 against 16.3 ns.
- Did not help: two trials from two streams interleaved in one loop body: 18.6 against
  17.4 ns (0.95x), although the deal alone gained 11% that way (8.6 against 9.7 ns): the
  out-of-order core already overlaps one trial's ranking with the next one's deal.
- Did not help: the leaders found in two passes (ranks into a small array, then the best
  and the mask) instead of one branch-free pass: 52.7 against 48.9 ns a six-player trial,
  40.1 against 35.5 ns a three-player one (quiet host, medians of 9 passes of 2 million
  trials, the same counts).
- Helped: every hole card read through a slot (``_kernels.equity._hole_slots``: a dealt
  card's place in the deal, or a slot after the deal's room holding a known card), instead of
  each player's known sums, unknown count and a branch per card; and a trial loop of its own
  when every hand is known (two inlined copies of ``_plain_trials``). Trials per CPU second,
  one thread pinned to CPU 0, alternating processes, medians of 5 pairs, quiet host: AhKh vs
  5 random 1.082x, vs 3 random 1.032x, AhKh vs QsQd vs JcTc 1.187x, random, AhKh, random,
  QsQd 0.985x; the same counts. Mixed tables, 6 pairs: AhKh, QsQd and 3 random 1.048x,
  AhKh vs 2 random on Qh7h6c 1.020x, Ah?? vs QsQd vs random 1.007x, AhKh vs QsQd vs random
  0.999x.
- Did not help: known players and random ones in two loops over index arrays (holding,
  unseen): vs 5 random 0.996x, three known hands 0.93x. The slots alone with one loop for
  every case: vs 5 random 1.066x but three known hands 0.95x. One loop with a branch per
  trial between known sums and slots: 1.02x and 1.09x (registers spilled). The two loops as
  one compiled (not inlined) function specialised twice: 1.01x and 0.84x (arrays reached
  through argument pointers). The flush path's board cards summed by a masked loop of five,
  as ``_dealt_board_key`` does, instead of a loop to n_missing (which LLVM vectorises): three
  known hands 0.71x.
- Would help, not kept: a heads-up trial loop of its own for a known hand against a hand
  with both cards dealt (``_heads_up_chunk`` inlining its loop twice, the counts as
  constants): AhKh vs 1 random 1.048x, on a flop 1.069x, against QsQd 0.985x (same method,
  4 pairs), but the kernel compiled in 8.1 s against 4.4 s (one process pinned to CPU 0),
  about 2 s more on the package's build step, for a job already 1.8x OMPEval's.
- Where 2 threads lose against one (10 million six-player trials, the two interleaved 7
  times, quiet host): 452 ms on one thread, 236 ms on two, each thread busy in the kernel for
  233 ms of them. A thread's trials run about 3% slower beside another, and 3 ms (1%) go to
  the blocks' ends and Python between rounds.
"""
import numpy as np
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.equity import holdem
from pokerkeys.equity.matchups import alike_players, credit_alike

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
    # 20 rounds of about 10 ms: with 3, one slow spell of a shared host moved the median 2x
    run(benchmark, lambda: pk.equity(["QQ+,AKs", "JJ-88,AQs+"], exact=True, threads=threads),
        per_call=1, unit="runs", rounds=20)


def _exact_mask_counts(players, board, rules, fold_alike):
    """Exact counts as ``pk.equity`` takes them, players of one range folded or not."""
    setup = holdem.prepare(players, board, rules=rules)
    alike = alike_players(setup.combo_lists, setup.weight_lists) if fold_alike else ()
    matchups, weights = holdem._enumeration(setup, True, alike=alike)
    return credit_alike(holdem._exact_counts(matchups, weights, setup.board, setup.excluded,
                                             setup.n_missing, setup.n_rem, None, None,
                                             setup.rules), alike)


@pytest.mark.parametrize("fold_alike", [False, True], ids=["every matchup", "one per orbit"])
@pytest.mark.parametrize("rules", [None, "trips-beat-straight"], ids=["holdem", "shortdeck"])
def test_exact_players_of_one_range(benchmark, rules, fold_alike):
    """AhKh vs two random hands on a flop: every matchup, or one per orbit of swapping the
    two random hands (the same counts)."""
    benchmark.group = f"exact AhKh vs 2 random on Qh7h6c, {'short deck' if rules else 'holdem'}"
    players = ["AhKh", "random", "random"]
    counts = run(benchmark, lambda: _exact_mask_counts(players, "Qh7h6c", rules, fold_alike),
                 per_call=1, unit="runs", rounds=3)
    assert np.array_equal(counts, pk.equity(players, "Qh7h6c", exact=True,
                                            game="shortdeck" if rules else "holdem",
                                            rules=rules).mask_counts)
