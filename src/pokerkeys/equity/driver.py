"""The Monte Carlo driver shared by hold'em and Omaha: stop rules, chunks, seeds, rounds.

A run is cut into chunks of ``per_chunk`` trials; chunk i always runs on the i-th seed drawn
from ``SeedSequence(seed)`` (``core.sampling.spawn_seeds``), so a result depends on the seed and the trial count only, never on the
thread count, the rounds or (distributed) tasks.
"""
from __future__ import annotations

import contextlib
import math
import numbers
import threading
import time

import numpy as np

from .. import _jit
from ..core.sampling import spawn_seeds
from .result import EquityResult

TRIALS_PER_CHUNK = 1 << 15
# Hold'em's trials when no stop rule is given (Omaha sets its own).
DEFAULT_TRIALS = 10_000_000
# How often a chunk may redraw range combos that collide before it gives up on the ranges.
MAX_REJECTIONS = 100_000
CHUNKS_PER_ROUND = 8
# A kernel call holds the interpreter until it returns, so Ctrl-C (and a time limit) waits for
# it: rounds start at FIRST_ROUND_CHUNKS chunks, double while one takes under half of
# ROUND_SECONDS and halve when one takes over twice as long (a loaded host), so calls stay
# at about 0.25-1 s whatever the trial count. A parallel call has a fixed cost (tens of
# microseconds on a quiet host, measured 12-40 ms on a loaded one), which such rounds amortise.
ROUND_SECONDS = 0.5
FIRST_ROUND_CHUNKS = 32
# When neither trials nor time_limit bounds a run (target_stderr alone may be out of reach, as
# 1e-9 is), it stops after this many seconds and says so.
DEFAULT_TIME_LIMIT = 60.0
# Far beyond any run that can finish (10^15 trials take months at 10^8 trials/s); refusing
# larger counts keeps every size computed from them small.
MAX_TRIALS = 10 ** 15
# With an observer (the web app streaming a job), rounds aim at this, for several updates a second.
OBSERVED_ROUND_SECONDS = 0.2

# A per-thread observer of Monte Carlo rounds (``observe_rounds``): the web app streams the
# partial results of a job from its worker thread, and cancels it by raising from the observer.
_observer = threading.local()


@contextlib.contextmanager
def observe_rounds(callback):
    """Inside the block, Monte Carlo runs on this thread call ``callback(partial)`` with the
    partial EquityResult after every round (rounds aim at OBSERVED_ROUND_SECONDS); an exception
    raised by the callback ends the run and propagates."""
    previous = getattr(_observer, "callback", None)
    _observer.callback = callback
    try:
        yield
    finally:
        _observer.callback = previous


def _number(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number, not {_short(value)}")
    return float(value)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def validate_stop(trials, target_stderr, time_limit, exact=None):
    """Check the Monte Carlo stop rules: each a sane number, and none given with exact=True."""
    if exact:
        given = [name for name, v in (("trials", trials), ("target_stderr", target_stderr),
                                      ("time_limit", time_limit)) if v is not None]
        if given:
            raise ValueError(f"exact=True enumerates every board; {' and '.join(given)} "
                             f"{'applies' if len(given) == 1 else 'apply'} to Monte Carlo only")
    if trials is not None:
        if isinstance(trials, bool) or not isinstance(trials, numbers.Integral):
            if isinstance(trials, numbers.Real) and not isinstance(trials, bool) \
                    and math.isfinite(trials) and trials == int(trials):
                trials = int(trials)
            else:
                raise ValueError(f"trials must be a positive integer, not {_short(trials)}")
        if not 0 < trials <= MAX_TRIALS:
            raise ValueError(f"trials must be a positive integer up to {MAX_TRIALS:.0e}, not "
                             f"{_short(trials)}")
        trials = int(trials)
    if target_stderr is not None:
        value = _number(target_stderr, "target_stderr")
        if not 0 < value < 0.5:
            raise ValueError(f"target_stderr must be above 0 and below 0.5 (an equity's "
                             f"standard error, e.g. 0.001), not {_short(target_stderr)}")
    if time_limit is not None:
        value = _number(time_limit, "time_limit")
        if not 0 < value < math.inf:
            raise ValueError(f"time_limit must be a positive number of seconds, not "
                             f"{_short(time_limit)}")
    return trials


def chunk_sizes(n_trials: int, per_chunk: int = TRIALS_PER_CHUNK,
                at_most: int | None = None) -> np.ndarray:
    """Trials per chunk for a run of n_trials: TRIALS_PER_CHUNK each, the last one the rest
    (only the first ``at_most`` chunks when given, so a huge run allocates nothing huge).

    Chunk i always runs on the i-th seed of ``SeedSequence(seed)``, so a result depends
    on the seed and the trial count only, not on threads, rounds or (distributed) tasks.
    """
    n_chunks = -(-n_trials // per_chunk)
    if at_most is not None and at_most < n_chunks:
        return np.full(at_most, per_chunk, dtype=np.int64)
    sizes = np.full(n_chunks, per_chunk, dtype=np.int64)
    sizes[-1] = n_trials - per_chunk * (n_chunks - 1)
    return sizes


def drive_monte_carlo(run_round, labels, trials, target_stderr, time_limit, seed, progress,
                      start, per_chunk: int = TRIALS_PER_CHUNK,
                      default_trials: int = DEFAULT_TRIALS) -> EquityResult:
    """Run Monte Carlo chunks until the stopping rules say stop; ``run_round(seeds, sizes)``
    returns the winner-mask counts of the chunks (seeds[i], sizes[i]).

    Stopping rules are checked between rounds, which are sized to take about ROUND_SECONDS
    (Ctrl-C is seen between them). Chunk i always gets the i-th seed and
    ``chunk_sizes(.., per_chunk)`` trials, so the result is the same however rounds are cut.
    Without trials and time_limit the run stops after DEFAULT_TIME_LIMIT seconds; the result's
    ``stopped_by`` says which rule ended it.
    """
    if trials is None and target_stderr is None and time_limit is None:
        trials = default_trials
    observer = getattr(_observer, "callback", None)
    default_limit = trials is None and time_limit is None
    if default_limit:
        time_limit = DEFAULT_TIME_LIMIT
    per_round = FIRST_ROUND_CHUNKS if observer is None else CHUNKS_PER_ROUND
    round_seconds = ROUND_SECONDS if observer is None else OBSERVED_ROUND_SECONDS
    seed_seq = np.random.SeedSequence(seed)
    counts = np.zeros(1 << len(labels), dtype=np.int64)
    done = chunks_done = 0
    if progress is not None:
        progress(0, trials)
    while True:
        remaining = trials - done if trials is not None else per_round * per_chunk
        sizes = chunk_sizes(remaining, per_chunk, per_round)
        round_start = time.perf_counter()
        counts += run_round(spawn_seeds(seed_seq, len(sizes), first=chunks_done), sizes)
        chunks_done += len(sizes)
        now = time.perf_counter()
        if now - round_start < round_seconds / 2:
            per_round *= 2
        elif now - round_start > 2 * round_seconds and per_round > 1:
            per_round //= 2
        done += int(sizes.sum())
        if progress is not None:
            progress(done, trials)
        if observer is not None:
            observer(EquityResult.from_mask_counts(labels, counts, False,
                                                   _jit.compute_clock() - start, done))
        if trials is not None and done >= trials:
            stopped_by = "trials"
            break
        if time_limit is not None and _jit.compute_clock() - start >= time_limit:
            stopped_by = "default time limit" if default_limit else "time_limit"
            break
        if target_stderr is not None and done >= 10_000:
            partial = EquityResult.from_mask_counts(labels, counts, False, 0.0, done)
            if (partial.stderr <= target_stderr).all():
                stopped_by = "target_stderr"
                break
    return EquityResult.from_mask_counts(labels, counts, False, _jit.compute_clock() - start,
                                         done, stopped_by=stopped_by)
