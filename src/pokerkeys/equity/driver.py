"""The Monte Carlo driver shared by hold'em and Omaha: stop rules, chunks, seeds, rounds.

A run is cut into chunks of ``per_chunk`` trials; chunk i always runs on the i-th seed drawn
from ``SeedSequence(seed)`` (``pokerkeys.core.sampling.spawn_seeds``), so a result depends on
the seed and the trial count only, never on the thread count, the rounds or (distributed)
tasks. Chunks run in rounds of one kernel call each, sized to take about half a second, and
the stop rules (``trials``, ``target_stderr``, ``time_limit``) are checked between rounds;
so are Ctrl-C, the progress callback and the round observer of ``observe_rounds``.

The stop rules, in every combination (the first rule met ends the run):

- none: ``default_trials`` trials (hold'em 10,000,000, Omaha 1,000,000), ``'trials'``;
- ``trials``: exactly that many;
- ``target_stderr`` alone: until every player's standard error is at most it, or after
  ``DEFAULT_TIME_LIMIT`` (60 s) at the latest (``stopped_by == 'default time limit'``);
- ``time_limit`` alone: until the limit, with no cap on the trials (the default trial count
  applies only when no rule is given);
- two or three rules: the first one met; no default time limit once ``trials`` or
  ``time_limit`` bounds the run.

A time limit is met within 50 ms: a probe of short chunks measures the speed first, rounds
near the limit are planned from the last one's speed to take at most half the time left, and
the last round is cut to the time left. It is measured on ``pokerkeys._jit.compute_clock``,
the clock ``EquityResult.elapsed`` reports (compiling a kernel on a first call is not
counted). A chunk is cut (it runs the first trials of its stream) only when a whole one no
longer fits in the time left, so a run with ``trials`` and ``time_limit`` that reaches its
trial count with no chunk cut gives the counts of that trial count alone.

>>> from pokerkeys.equity.driver import chunk_sizes
>>> chunk_sizes(100_000).tolist()
[32768, 32768, 32768, 1696]
"""
from __future__ import annotations

import contextlib
import math
import numbers
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from ..core.sampling import spawn_seeds
from ..core.types import IntArray, SeedLike, Threads
from .result import EquityResult, StopReason

__all__ = ["DEFAULT_TIME_LIMIT", "DEFAULT_TRIALS", "MAX_REJECTIONS", "MAX_TRIALS",
           "TRIALS_PER_CHUNK", "PartialResult", "Progress", "RoundRunner", "chunk_sizes",
           "drive_monte_carlo", "observe_rounds", "validate_stop"]

#: A progress callback: ``progress(done, total)``, called with 0 done first and after every
#: round (Monte Carlo: trials, total None when no trial count bounds the run) or batch of
#: work (exact runs: work items); what it returns is ignored.
Progress: TypeAlias = Callable[[int, "int | None"], object]

#: ``run_round(seeds, sizes)``: the summed winner-mask counts (2**P) of chunks that run
#: ``sizes[i]`` trials on the random stream seeded by ``seeds[i]`` (uint64), as int64.
RoundRunner: TypeAlias = Callable[[npt.NDArray[np.uint64], IntArray], IntArray]



class PartialResult(Protocol):
    """What a round observer receives: the run's estimate so far, of whatever result type the
    run returns (``EquityResult``; ``HiLoResult`` for Omaha hi/lo), which the web app sends
    as it stands (``to_dict()``).

    Attributes
    ----------
    trials : int
        Trials run so far.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.equity.driver import observe_rounds
    >>> seen = []
    >>> with observe_rounds(seen.append):
    ...     r = pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=50_000, seed=1)
    >>> type(seen[-1]).__name__, seen[-1].trials, "scoop" in seen[-1].to_dict()
    ('HiLoResult', 50000, True)
    """

    @property
    def trials(self) -> int:
        """Trials run so far."""

    def to_dict(self) -> dict[str, Any]:
        """The estimate as plain Python values.

        Returns
        -------
        dict
            JSON-ready values (``players``, ``equity``, ``trials``, ...).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.equity(["AhKh", "QsQd"], trials=10_000, seed=1).to_dict()["trials"]
        10000
        """


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
# Under a time limit, a run starts with a probe of one chunk per thread, each cut to
# 1/PROBE_FRACTION of a chunk, to measure how long a trial takes before any round is planned;
# a probe over PROBE_AGAIN_SECONDS (a first call loading its kernel, threads waking up on a
# busy host) runs once more, if less than a quarter of the limit has passed, and the faster
# one counts.
PROBE_FRACTION = 8
PROBE_AGAIN_SECONDS = 0.001
# Rounds near a time limit take at most TIME_MARGIN of the time left (a round twice as slow as
# measured, as on a busy host, still ends in time) and run at most ROUND_GROWTH times the
# trials per thread of the largest round measured (a speed measured on few trials can be off
# severalfold); once LAST_ROUND_SECONDS or less are left, the last round is cut to fit them.
# A run so ends within about 50 ms of its limit, the last round and a kernel call's fixed cost.
TIME_MARGIN = 0.5
ROUND_GROWTH = 8
LAST_ROUND_SECONDS = 0.03

# A per-thread observer of Monte Carlo rounds (``observe_rounds``): the web app streams the
# partial results of a job from its worker thread, and cancels it by raising from the observer.
_observer = threading.local()


@contextlib.contextmanager
def observe_rounds(callback: Callable[[PartialResult], object]) -> Iterator[None]:
    """Watch the Monte Carlo runs of this thread round by round (the web app's streaming).

    Inside the block, every Monte Carlo run started on this thread calls ``callback(partial)``
    after each of its rounds with the partial result so far, of the type the run returns
    (``EquityResult``; ``HiLoResult`` for Omaha hi/lo); rounds then aim at
    ``OBSERVED_ROUND_SECONDS`` (0.2 s), for several updates a second. An exception raised by
    the callback ends the run and propagates out of the equity call (how a job is
    cancelled). Other threads' runs are not observed. The result does not change.

    Parameters
    ----------
    callback : callable
        Called with each partial result (``exact`` False, ``trials`` the trials done so far,
        ``stopped_by`` None).

    Yields
    ------
    None
        The block in which runs are observed; the previous observer (if any) is restored
        on leaving it.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.equity.driver import observe_rounds
    >>> seen = []
    >>> with observe_rounds(lambda partial: seen.append(partial.trials)):
    ...     r = pk.equity(["AhKh", "QsQd", "random"], trials=100_000, seed=1)
    >>> seen[-1], r.trials
    (100000, 100000)
    """
    previous = getattr(_observer, "callback", None)
    _observer.callback = callback
    try:
        yield
    finally:
        _observer.callback = previous


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number, not {_short(value)}")
    return float(value)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def validate_stop(trials: object, target_stderr: object, time_limit: object,
                  exact: bool | None = None) -> int | None:
    """Check the Monte Carlo stop rules: each a sane number, and none given with exact=True.

    Parameters
    ----------
    trials : int or None
        Trials to run: a positive integer up to ``MAX_TRIALS`` (1e15); a float with an
        integer value, such as ``1e6``, is accepted.
    target_stderr : float or None
        Standard error to reach: above 0 and below 0.5.
    time_limit : float or None
        Seconds: positive and finite.
    exact : bool or None, default None
        The caller's ``exact``: with True no stop rule may be given.

    Returns
    -------
    int or None
        ``trials`` as a Python int (None stays None).

    Raises
    ------
    ValueError
        If a rule is given with ``exact=True``, or is not a number in its range (bools are
        not numbers here).

    Examples
    --------
    >>> from pokerkeys.equity.driver import validate_stop
    >>> validate_stop(1e6, None, 2.5)
    1000000
    >>> validate_stop(None, None, -1)
    Traceback (most recent call last):
    ...
    ValueError: time_limit must be a positive number of seconds, not -1
    """
    if exact:
        given = [name for name, v in (("trials", trials), ("target_stderr", target_stderr),
                                      ("time_limit", time_limit)) if v is not None]
        if given:
            raise ValueError(f"exact=True enumerates every board; {' and '.join(given)} "
                             f"{'applies' if len(given) == 1 else 'apply'} to Monte Carlo only")
    count = None
    if trials is not None:
        if isinstance(trials, bool) or not isinstance(trials, numbers.Integral):
            whole = math.nan
            if isinstance(trials, numbers.Real) and not isinstance(trials, bool):
                whole = float(trials)
            if math.isfinite(whole) and whole.is_integer():
                count = int(whole)
            else:
                raise ValueError(f"trials must be a positive integer, not {_short(trials)}")
        else:
            count = int(trials)
        if not 0 < count <= MAX_TRIALS:
            raise ValueError(f"trials must be a positive integer up to {MAX_TRIALS:.0e}, not "
                             f"{_short(trials)}")
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
    return count


def chunk_sizes(n_trials: int, per_chunk: int = TRIALS_PER_CHUNK,
                at_most: int | None = None) -> IntArray:
    """Trials per chunk for a run of ``n_trials``: ``per_chunk`` each, the last one the rest.

    Chunk i always runs on the i-th seed of ``SeedSequence(seed)``, so a result depends
    on the seed and the trial count only, not on threads, rounds or (distributed) tasks.

    Parameters
    ----------
    n_trials : int
        Trials of the run (positive).
    per_chunk : int, default TRIALS_PER_CHUNK
        Trials per chunk (32,768; Omaha uses 16,384).
    at_most : int or None, default None
        Give only the first ``at_most`` chunks (all full), so a huge run allocates nothing
        huge; None: every chunk.

    Returns
    -------
    numpy.ndarray
        int64 trial counts, one per chunk.

    Examples
    --------
    >>> from pokerkeys.equity.driver import chunk_sizes
    >>> chunk_sizes(10, per_chunk=4).tolist()
    [4, 4, 2]
    >>> chunk_sizes(10**12, at_most=2).tolist()
    [32768, 32768]
    """
    n_chunks = -(-n_trials // per_chunk)
    if at_most is not None and at_most < n_chunks:
        return np.full(at_most, per_chunk, dtype=np.int64)
    sizes = np.full(n_chunks, per_chunk, dtype=np.int64)
    sizes[-1] = n_trials - per_chunk * (n_chunks - 1)
    return sizes


def drive_monte_carlo(run_round: RoundRunner, labels: Sequence[str], trials: int | None,
                      target_stderr: float | None, time_limit: float | None, seed: SeedLike,
                      progress: Progress | None, start: float,
                      per_chunk: int = TRIALS_PER_CHUNK,
                      default_trials: int = DEFAULT_TRIALS, threads: Threads = None,
                      measure: RoundRunner | None = None,
                      estimate: Callable[[float, int], PartialResult] | None = None
                      ) -> EquityResult:
    """Run Monte Carlo chunks in rounds until a stop rule says stop.

    Rounds start at ``FIRST_ROUND_CHUNKS`` chunks (``CHUNKS_PER_ROUND`` when observed),
    double while one takes under half of ``ROUND_SECONDS`` and halve when one takes over
    twice as long, so each kernel call lasts about 0.25-1 s: Ctrl-C, the time limit and the
    progress callback are seen between rounds. Chunk i always gets the i-th seed and
    ``chunk_sizes(.., per_chunk)`` trials, so the result is the same however rounds are cut.
    Under a time limit (given, or the default one) a probe of one chunk per thread, each cut
    to 1/``PROBE_FRACTION`` of a chunk, measures the speed first (its trials are not
    counted). Rounds near the limit take at most ``TIME_MARGIN`` (half) of the time left and
    at most ``ROUND_GROWTH`` times the trials per thread of the largest round so far; once
    ``LAST_ROUND_SECONDS`` (30 ms) or less are left, the last round's chunks are cut to fit,
    so the run ends within about 50 ms of the limit.

    Parameters
    ----------
    run_round : callable
        ``run_round(seeds, sizes)``: the summed winner-mask counts of the chunks
        (``seeds[i]``, ``sizes[i]``); see ``RoundRunner``.
    labels : sequence of str
        The players' labels for the result.
    trials, target_stderr, time_limit : int, float, float or None
        The stop rules, already checked by ``validate_stop``. The run stops after
        ``trials`` trials, when every player's standard error is at most ``target_stderr``
        (checked from 10,000 trials on), or once ``time_limit`` seconds have passed since
        ``start`` (on ``pokerkeys._jit.compute_clock``), whichever comes first. None of
        them: ``default_trials`` trials. No ``trials`` and no ``time_limit``:
        ``DEFAULT_TIME_LIMIT`` seconds at most. ``time_limit`` without ``trials``: no cap on
        the trials.
    seed : int, sequence of int or None
        Seed of ``numpy.random.SeedSequence``; None: fresh entropy.
    progress : callable or None
        ``progress(done, total)`` before the first round (0 done) and after each (see
        ``Progress``); total is None when no trial count bounds the run.
    start : float
        ``pokerkeys._jit.compute_clock()`` when the call began (time limits and elapsed
        time count from it).
    per_chunk : int, default TRIALS_PER_CHUNK
        Trials per chunk.
    default_trials : int, default DEFAULT_TRIALS
        Trials when no stop rule is given (hold'em 10 million; Omaha passes 1 million).
    threads : int or None, default None
        The threads ``run_round`` runs its kernel on (None: all Numba uses); rounds under a
        time limit are planned in waves of one chunk per thread.
    measure : callable or None, default None
        A ``RoundRunner`` for the speed probe of a time-limited run, whose counts are
        dropped: it must leave no trace (per-combo runs tally into a scratch table); None:
        ``run_round``, which must then have no side effects.
    estimate : callable or None, default None
        ``estimate(elapsed, done)``: the run's own estimate after a round, for the round
        observer of ``observe_rounds`` (a run that tallies more than winner masks, such as
        Omaha hi/lo's halves, gives its own result type); None: the ``EquityResult`` of the
        winner-mask counts. Called only when the run is observed.

    Returns
    -------
    EquityResult
        Monte Carlo statistics of every trial run, with ``stopped_by`` naming the rule
        that ended the run.

    Raises
    ------
    Exception
        Whatever ``run_round``, ``progress`` or the round observer raise (e.g.
        ``KeyboardInterrupt`` on Ctrl-C, ``ValueError`` for ranges that cannot be dealt).

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.driver import drive_monte_carlo
    >>> def coin(seeds, sizes):  # two players, each wins half of the trials alone
    ...     half = int(sizes.sum()) // 2
    ...     return np.array([0, half, half, 0])
    >>> r = drive_monte_carlo(coin, ["heads", "tails"], 100_000, None, None, seed=1,
    ...                       progress=None, start=0.0)
    >>> r.trials, r.equity.tolist(), r.stopped_by
    (100000, [0.5, 0.5], 'trials')
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
    n_threads = _thread_count(threads)
    counts = np.zeros(1 << len(labels), dtype=np.int64)
    done = chunks_done = 0
    # Under a time limit: seconds one thread takes per trial, and the most trials one thread
    # ran in a round, as last measured.
    per_trial = math.inf
    per_thread = 0
    if progress is not None:
        progress(0, trials)
    if time_limit is not None:
        # Nothing says yet how long a trial takes (a microsecond to a millisecond): a probe
        # measures it, so that no round runs past the limit. Its trials are not counted: the
        # chunks of the run stay the ones a trial count alone runs.
        probe = np.full(n_threads, max(1, per_chunk // PROBE_FRACTION), dtype=np.int64)
        for _ in range(2):
            probe_start = _jit.compute_clock()
            (measure or run_round)(spawn_seeds(seed_seq, len(probe)), probe)
            probe_seconds = _jit.compute_clock() - probe_start
            per_trial = min(per_trial, _per_trial(probe_seconds, probe, n_threads))
            if (probe_seconds <= PROBE_AGAIN_SECONDS
                    or _jit.compute_clock() - start > time_limit / 4):
                break
        per_thread = int(probe[0])
    stopped_by: StopReason | None = None
    while stopped_by is None:
        remaining = trials - done if trials is not None else per_round * per_chunk
        sizes = chunk_sizes(remaining, per_chunk, per_round)
        last_round = False
        if time_limit is not None:
            sizes, last_round = _fit_to_time(
                sizes, time_limit - (_jit.compute_clock() - start), per_trial, per_thread,
                per_chunk, n_threads, open_ended=trials is None)
        round_start = _jit.compute_clock()
        counts += run_round(spawn_seeds(seed_seq, len(sizes), first=chunks_done), sizes)
        chunks_done += len(sizes)
        now = _jit.compute_clock()
        per_trial = _per_trial(now - round_start, sizes, n_threads)
        per_thread = max(per_thread, _thread_trials(sizes, n_threads))
        if len(sizes) == per_round and now - round_start < round_seconds / 2:
            per_round *= 2
        elif now - round_start > 2 * round_seconds and per_round > 1:
            per_round //= 2
        done += int(sizes.sum())
        if progress is not None:
            progress(done, trials)
        if observer is not None:
            elapsed = _jit.compute_clock() - start
            observer(EquityResult.from_mask_counts(labels, counts, False, elapsed, done)
                     if estimate is None else estimate(elapsed, done))
        if trials is not None and done >= trials:
            stopped_by = "trials"
        elif time_limit is not None and (last_round or now - start >= time_limit):
            stopped_by = "default time limit" if default_limit else "time_limit"
        elif target_stderr is not None and done >= 10_000:
            partial = EquityResult.from_mask_counts(labels, counts, False, 0.0, done)
            if (partial.stderr <= target_stderr).all():
                stopped_by = "target_stderr"
    return EquityResult.from_mask_counts(labels, counts, False, _jit.compute_clock() - start,
                                         done, stopped_by=stopped_by)


def _thread_count(threads: Threads) -> int:
    """The threads a parallel kernel will run on with ``threads`` (None: all it may use)."""
    with _jit.threads(threads) as n:
        return max(1, int(n))


def _thread_trials(sizes: IntArray, n_threads: int) -> int:
    """The trials the busiest thread runs in a round of chunks ``sizes``: the kernels give
    each thread an equal share of the chunks, ``ceil(len(sizes) / n_threads)`` of them."""
    return -(-len(sizes) // n_threads) * int(sizes.max())


def _per_trial(seconds: float, sizes: IntArray, n_threads: int) -> float:
    """Seconds one thread spent per trial in a round of chunks ``sizes`` that took
    ``seconds``."""
    return max(seconds, 1e-9) / _thread_trials(sizes, n_threads)


def _fit_to_time(sizes: IntArray, seconds_left: float, per_trial: float, per_thread: int,
                 per_chunk: int, n_threads: int, open_ended: bool) -> tuple[IntArray, bool]:
    """The chunks of the next round under a time limit, and whether it is the last round.

    ``sizes`` is the round the other rules would run; ``per_trial`` the seconds a trial takes
    on one thread and ``per_thread`` the most trials a thread ran in a round, as measured.
    Far from the limit (the round would take under 1/``ROUND_GROWTH`` of the time left) it
    runs as it is. Nearer, it takes at most ``TIME_MARGIN`` of the time left and
    ``ROUND_GROWTH`` times ``per_thread`` trials per thread: whole waves of chunks (one per
    thread) while one fits, else one chunk per thread cut to fit. Once
    ``LAST_ROUND_SECONDS`` or less are left, the last round is cut to the time left. A cut
    chunk runs the first trials of its stream on its own seed (at least one trial), so the
    chunks before it are those a trial count alone runs. ``open_ended``: no trial count
    bounds the run, so a cut round has a chunk for every thread.
    """
    seconds_left = max(seconds_left, 0.0)
    planned = _thread_trials(sizes, n_threads)
    if planned * per_trial * ROUND_GROWTH <= seconds_left:
        return sizes, False
    last = seconds_left <= LAST_ROUND_SECONDS
    fits = seconds_left * (1.0 if last else TIME_MARGIN) / per_trial
    if not last:
        fits = min(fits, ROUND_GROWTH * per_thread)
    if planned <= fits:
        return sizes, False
    waves = int(fits // per_chunk)
    if waves >= 1:
        return sizes[:waves * n_threads], False
    cut = max(1, int(fits))
    if open_ended:
        return np.full(n_threads, min(cut, per_chunk), dtype=np.int64), last
    return np.minimum(sizes[:n_threads], cut), last
