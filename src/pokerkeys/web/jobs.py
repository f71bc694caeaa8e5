"""The web app's job runner: it owns the worker threads, the work limits, streaming and
cancellation.

Kernels release the GIL, so engine calls run on worker threads and the event loop stays free
for short requests. Short jobs (about a second at most) share a pool of ``short_workers``
threads and queue; long jobs run on threads of their own, at most ``long_jobs`` at once,
beyond which ``submit`` raises a 503 with Retry-After. A long job may name its client (one
browser tab): a new long job of the same client cancels the client's previous one before it
counts against the limit, so one tab never blocks itself.

A job is cancelled (client gone, replaced by its client's next job, server stopping) or
stopped by its deadline from inside its thread: the engine's progress callback and the Monte
Carlo round observer (``pokerkeys.equity.driver.observe_rounds``) raise ``JobStopped``
between rounds, which are a fraction of a second long; a cancelled job also stops within a
round, between blocks of chunks (``pokerkeys._jit.interrupt_between_blocks``: every 10-25 ms
of a Monte Carlo round). A Monte Carlo run that reaches the deadline is not lost: it ends
with the estimate of the rounds it ran, marked ``stopped_by: "time_limit"``, as when the
engine meets its own time limit. Partial Monte Carlo results are published at most every
``stream_interval`` seconds; readers always get the latest one, never a backlog.
"""
from __future__ import annotations

import asyncio
import contextlib
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, Literal, Protocol

from .._jit import interrupt_between_blocks
from ..equity.driver import observe_rounds
from .limits import Limits
from .schemas import ApiError, JsonObject

__all__ = ["LONG", "SHORT", "Check", "Job", "JobKind", "JobRunner", "JobStopped",
           "StopCause", "Work"]

JobKind = Literal["short", "long"]
"""How a job runs: ``"short"`` on the shared pool, ``"long"`` on the capped long-job threads."""
SHORT: Final = "short"
LONG: Final = "long"

StopCause = Literal["cancelled", "replaced", "stopping", "deadline"]
"""Why a job was stopped: its client went away (``"cancelled"``), a newer job of the same
client replaced it (``"replaced"``), the server is stopping (``"stopping"``), or it ran out of
time with no partial result to give (``"deadline"``)."""

Check = Callable[..., None]
"""A job's check, called by the engine as its progress callback (with or without arguments):
it raises ``JobStopped`` once the job is cancelled or past its deadline."""
Work = Callable[[Check], JsonObject]
"""What a job runs: ``work(check)`` calls the engine with ``check`` as its progress callback
and returns a JSON-ready dict."""


class _Partial(Protocol):
    """A partial Monte Carlo result that a job publishes (what the round observer of
    ``observe_rounds`` receives): an ``EquityResult`` or, for Omaha hi/lo, a ``HiLoResult``;
    either turns itself into the JSON answer."""

    def to_dict(self) -> dict[str, Any]:
        """The result as plain Python values, ready for ``json.dumps``."""


_MESSAGES: dict[StopCause, str] = {
    "cancelled": "the job was cancelled",
    "replaced": "the job was cancelled: a newer request from the same client replaced it",
    "stopping": "the server is stopping",
}


class JobStopped(Exception):
    """Raised inside a job's thread to end it: cancelled, replaced, or past its deadline.

    Parameters
    ----------
    message : str
        What happened, for the client.
    cause : {'cancelled', 'replaced', 'stopping', 'deadline'}, optional
        Why (default ``"cancelled"``); the app picks the answer's status by it.

    Attributes
    ----------
    cause : str
        Why the job stopped.

    Examples
    --------
    >>> from pokerkeys.web.jobs import JobStopped
    >>> error = JobStopped("the server is stopping", "stopping")
    >>> str(error), error.cause
    ('the server is stopping', 'stopping')
    """

    def __init__(self, message: str, cause: StopCause = "cancelled"):
        super().__init__(message)
        self.cause: StopCause = cause


class Job:
    """One engine call on a worker thread, observed from the event loop.

    ``work(check)`` runs the engine with ``check`` as its progress callback and returns a
    JSON-ready dict. Monte Carlo's partial results (seen through
    ``pokerkeys.equity.driver.observe_rounds``, of every game) are published to the loop at
    most every
    ``limits.stream_interval`` seconds; ``next_update`` reads the latest. The job's deadline
    is ``limits.max_seconds`` after its work starts; a Monte Carlo run that reaches it ends
    with its latest estimate, marked ``"stopped_by": "time_limit"``, any other work with
    ``JobStopped``.

    Parameters
    ----------
    work : callable
        ``work(check) -> dict``, run by ``run`` on a worker thread.
    loop : asyncio.AbstractEventLoop
        The event loop that reads the job's updates.
    limits : Limits
        The server's limits (``max_seconds``, ``stream_interval``).
    client : str or None, optional
        The client that asked for it (see ``JobRunner.submit``), or None.

    Attributes
    ----------
    client : str or None
        The client that asked for it.
    partial : dict or None
        The latest partial result not read yet.
    result : dict or None
        The final result, once finished without an error.
    error : Exception or None
        The error the work raised, once finished with one.
    finished : bool
        Whether the work has ended.

    Examples
    --------
    >>> import asyncio
    >>> from pokerkeys.web.jobs import Job
    >>> from pokerkeys.web.limits import Limits
    >>> async def demo():
    ...     job = Job(lambda check: {"answer": 42}, asyncio.get_running_loop(), Limits())
    ...     await asyncio.to_thread(job.run)
    ...     return await job.next_update(timeout=5)
    >>> asyncio.run(demo())
    {'answer': 42, 'final': True}
    """

    def __init__(self, work: Work, loop: asyncio.AbstractEventLoop, limits: Limits,
                 client: str | None = None):
        self._work = work
        self._loop = loop
        self._interval = limits.stream_interval
        self._max_seconds = limits.max_seconds
        # Counted from when the work starts (set again by run): a job never loses time queueing.
        self.deadline = time.monotonic() + limits.max_seconds
        self._cancelled = threading.Event()
        self._cause: StopCause = "cancelled"
        self._changed = asyncio.Event()
        self._last_publish = 0.0
        self._latest: _Partial | None = None  # Monte Carlo's latest estimate, if any
        self._overdue = False  # past the deadline, seen once by check
        self.client = client
        self.holds_slot = False  # whether it counts against the runner's long-job limit
        self.partial: JsonObject | None = None  # latest partial result, not yet read
        self.result: JsonObject | None = None
        self.error: Exception | None = None
        self.finished = False

    # --- the worker thread's side
    def check_cancelled(self) -> None:
        """Raise ``JobStopped`` if the job is cancelled; called within rounds, between blocks
        of chunks (``pokerkeys._jit.interrupt_between_blocks``).

        Not for the deadline: that is ``check``'s, between rounds, where Monte Carlo keeps
        the estimate of the rounds it finished.

        Raises
        ------
        JobStopped
            When the job was cancelled (its client went away or was replaced, or the server
            is stopping).

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> loop = asyncio.new_event_loop()
        >>> job = Job(lambda check: {}, loop, Limits())
        >>> job.check_cancelled()
        >>> job.cancel("stopping")
        >>> job.check_cancelled()
        Traceback (most recent call last):
        ...
        pokerkeys.web.jobs.JobStopped: the server is stopping
        >>> loop.close()
        """
        if self._cancelled.is_set():
            raise JobStopped(_MESSAGES[self._cause], self._cause)

    def check(self, *_progress: object) -> None:
        """Raise ``JobStopped`` if the job is cancelled or past its deadline.

        The engine calls it as its progress callback, between rounds. The deadline is left
        to the Monte Carlo round observer, which keeps the latest estimate, as long as it may
        come: once a round has been observed, and on the first call past the deadline (the
        engine calls the observer right after the progress callback). Work that observes no
        rounds (an enumeration) stops at the next call.

        Parameters
        ----------
        *_progress : object
            The engine's progress arguments (done, total), ignored.

        Raises
        ------
        JobStopped
            When the job was cancelled, or has run longer than ``limits.max_seconds``.

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> loop = asyncio.new_event_loop()
        >>> job = Job(lambda check: {}, loop, Limits())
        >>> job.check(10, 100)
        >>> job.cancel()
        >>> job.check(10, 100)
        Traceback (most recent call last):
        ...
        pokerkeys.web.jobs.JobStopped: the job was cancelled
        >>> loop.close()
        """
        self.check_cancelled()
        if self._latest is None and time.monotonic() > self.deadline:
            if not self._overdue:
                # Monte Carlo's first round may end past the deadline (loading its kernel):
                # the round observer, called next, keeps its estimate. An enumeration, which
                # has no observer, stops at its next batch.
                self._overdue = True
                return
            raise JobStopped(f"the computation did not finish within this server's work "
                             f"limit of {self._max_seconds:g} s, and an exact enumeration "
                             f"has no estimate to give before it ends: ask for Monte Carlo "
                             f"(exact: false), which keeps its estimate when time runs out",
                             "deadline")

    def observe(self, partial: _Partial) -> None:
        """Take a Monte Carlo round's partial result: keep it, publish it to the readers at
        most every ``limits.stream_interval`` seconds, and stop the job once it is cancelled
        or past its deadline.

        Called on the job's thread by the engine's round observer.

        Parameters
        ----------
        partial : EquityResult or HiLoResult
            The estimate so far (anything with ``to_dict()``).

        Raises
        ------
        JobStopped
            The job is cancelled, or past its deadline (``run`` then keeps this estimate).

        Examples
        --------
        >>> import asyncio
        >>> import pokerkeys as pk
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> loop = asyncio.new_event_loop()
        >>> job = Job(lambda check: {}, loop, Limits())
        >>> job.cancel()
        >>> job.observe(pk.equity(["AhKh", "QsQd"], trials=1000, seed=1))
        Traceback (most recent call last):
        ...
        pokerkeys.web.jobs.JobStopped: the job was cancelled
        >>> loop.close()
        """
        self._latest = partial
        if self._cancelled.is_set():
            raise JobStopped(_MESSAGES[self._cause], self._cause)
        if time.monotonic() > self.deadline:
            raise JobStopped("the job reached this server's work limit", "deadline")
        now = time.monotonic()
        if now - self._last_publish >= self._interval:
            self._last_publish = now
            data = partial.to_dict()
            data["final"] = False
            self._loop.call_soon_threadsafe(self._set_partial, data)

    def _set_partial(self, data: JsonObject) -> None:
        if not self.finished:
            self.partial = data
            self._changed.set()

    def _finish(self, result: JsonObject | None, error: Exception | None) -> None:
        self.result, self.error, self.finished = result, error, True
        self.partial = None
        self._changed.set()

    def run(self, on_finish: Callable[[Job], None] | None = None) -> None:
        """Run the work on this thread and hand its result or error to the event loop.

        Called by the runner on a worker thread. The final result gets ``"final": True``.
        Errors are not raised here: ``next_update`` raises them on the loop's side.

        Parameters
        ----------
        on_finish : callable, optional
            ``on_finish(job)``, called once the work has ended, before the event loop hears
            of it (the runner frees the job's long-job slot with it, so that a client that
            got its answer can start the next long job at once).

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> async def demo():
        ...     job = Job(lambda check: {"n": 1}, asyncio.get_running_loop(), Limits())
        ...     await asyncio.to_thread(job.run)
        ...     await asyncio.sleep(0)
        ...     return job.finished, job.result
        >>> asyncio.run(demo())
        (True, {'n': 1, 'final': True})
        """
        result: JsonObject | None = None
        error: Exception | None = None
        self.deadline = time.monotonic() + self._max_seconds
        try:
            self.check()
            # Checked between rounds (the progress callback, the round observer) and, for a
            # cancellation, within them, between blocks of chunks: a stop does not wait for
            # a round to end.
            with observe_rounds(self.observe), interrupt_between_blocks(self.check_cancelled):
                result = self._work(self.check)
        except JobStopped as exc:
            if exc.cause == "deadline" and self._latest is not None:
                # Monte Carlo reached the server's limit: its estimate so far is the result,
                # as when the engine meets its own time limit.
                result = self._latest.to_dict()
                result["stopped_by"] = "time_limit"
            else:
                error = exc
        except Exception as exc:  # reported to the client by the route, never raised there
            error = exc
        finally:
            if on_finish is not None:
                on_finish(self)
        if result is not None:
            result["final"] = True
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server is gone
            self._loop.call_soon_threadsafe(self._finish, result, error)

    # --- the event loop's side
    def cancel(self, cause: StopCause = "cancelled") -> None:
        """Ask the job to stop: its next ``check`` raises ``JobStopped``.

        Parameters
        ----------
        cause : {'cancelled', 'replaced', 'stopping'}, optional
            Why (default ``"cancelled"``: the client went away); the first cause given wins.

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> loop = asyncio.new_event_loop()
        >>> job = Job(lambda check: {}, loop, Limits())
        >>> job.cancel("replaced")
        >>> job.cancelled
        True
        >>> loop.close()
        """
        if not self._cancelled.is_set():
            self._cause = cause
            self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        """Whether ``cancel`` was called."""
        return self._cancelled.is_set()

    async def next_update(self, timeout: float | None = None) -> JsonObject | None:
        """The latest partial result, or the final one.

        A partial result has ``"final": False``, the final one ``"final": True``. Readers
        get the latest partial result, never a backlog of them.

        Parameters
        ----------
        timeout : float or None, optional
            Seconds to wait for something new; None waits until there is.

        Returns
        -------
        dict or None
            The update, or None when nothing new came within ``timeout``.

        Raises
        ------
        Exception
            The job's own error (e.g. ``JobStopped``, or the engine's ``ValueError``) once it
            has finished with one.

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> async def demo():
        ...     job = Job(lambda check: {"n": 1}, asyncio.get_running_loop(), Limits())
        ...     waited = await job.next_update(timeout=0.01)
        ...     await asyncio.to_thread(job.run)
        ...     return waited, await job.next_update(timeout=5)
        >>> asyncio.run(demo())
        (None, {'n': 1, 'final': True})
        """
        if self.partial is None and not self.finished:
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout)
            except TimeoutError:
                return None
        if self.partial is not None:
            data, self.partial = self.partial, None
            return data
        if self.error is not None:
            raise self.error
        return self.result


class JobRunner:
    """The worker threads and the cap on long jobs; one per app.

    Short jobs share a pool of ``limits.short_workers`` threads and queue; long jobs run on
    threads of their own, up to ``limits.long_jobs`` at once, and a long job beyond those is
    refused (503, with the seconds to wait). A new long job of a client cancels that client's
    running long job first, which then no longer counts against the limit (its thread stops
    within a round).

    Parameters
    ----------
    limits : Limits
        The server's limits.

    Attributes
    ----------
    limits : Limits
        The limits it was built with.

    Examples
    --------
    >>> import asyncio
    >>> from pokerkeys.web.jobs import SHORT, JobRunner
    >>> from pokerkeys.web.limits import Limits
    >>> async def demo():
    ...     runner = JobRunner(Limits())
    ...     job = runner.submit(SHORT, lambda check: {"answer": 42})
    ...     try:
    ...         return await job.next_update(timeout=5)
    ...     finally:
    ...         runner.release(job)
    ...         runner.shutdown()
    >>> asyncio.run(demo())
    {'answer': 42, 'final': True}
    """

    def __init__(self, limits: Limits):
        self.limits = limits
        self._short = ThreadPoolExecutor(limits.short_workers, "pokerkeys-short")
        self._lock = threading.Lock()
        self._long_running = 0
        self._jobs: set[Job] = set()
        self._long_threads: set[threading.Thread] = set()
        self._stopping = False

    @property
    def long_running(self) -> int:
        """The number of long jobs running now (a cancelled one no longer counts)."""
        return self._long_running

    @property
    def stopping(self) -> bool:
        """Whether ``shutdown`` was called: every job is cancelled and no new one starts."""
        return self._stopping

    def retry_after(self) -> int:
        """Seconds a refused client should wait before it asks again.

        ``limits.retry_after_seconds``, or less when a long job reaches its deadline sooner;
        at least 1.

        Returns
        -------
        int
            The seconds, from 1 to ``limits.retry_after_seconds``.

        Examples
        --------
        >>> from pokerkeys.web.jobs import JobRunner
        >>> from pokerkeys.web.limits import Limits
        >>> JobRunner(Limits(retry_after_seconds=5)).retry_after()
        5
        """
        now = time.monotonic()
        seconds = self.limits.retry_after_seconds
        for job in list(self._jobs):
            if job.holds_slot:
                seconds = min(seconds, math.ceil(job.deadline - now))
        return max(1, seconds)

    def submit(self, kind: JobKind, work: Work, client: str | None = None) -> Job:
        """Start ``work`` as a job of this kind, on a worker thread.

        Must be called from the event loop that reads the job.

        Parameters
        ----------
        kind : {'short', 'long'}
            ``SHORT`` queues on the shared pool; ``LONG`` takes one of the long-job slots.
        work : callable
            ``work(check) -> dict``.
        client : str or None, optional
            Who asks (the app reads it from the request's ``X-Pokerkeys-Client`` header). A
            long job cancels the running long job of the same client before it counts
            against the limit; that job ends with ``JobStopped`` (cause ``"replaced"``).

        Returns
        -------
        Job
            The running job; hand it to ``release`` when done with it.

        Raises
        ------
        ApiError
            503 when the server is stopping; 503 with a Retry-After header (seconds, see
            ``retry_after``) when ``kind`` is ``LONG`` and ``limits.long_jobs`` long jobs of
            other clients are running already.

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import LONG, JobRunner
        >>> from pokerkeys.web.limits import Limits
        >>> async def demo():
        ...     runner = JobRunner(Limits(long_jobs=1))
        ...     job = runner.submit(LONG, lambda check: {"n": 1})
        ...     update = await job.next_update(timeout=5)
        ...     runner.release(job)
        ...     runner.shutdown()
        ...     return update
        >>> asyncio.run(demo())
        {'n': 1, 'final': True}
        """
        if self._stopping:
            raise ApiError(503, "the server is stopping")
        job = Job(work, asyncio.get_running_loop(), self.limits, client)
        if kind == LONG:
            with self._lock:
                if client is not None:
                    for other in list(self._jobs):
                        if other.client == client and other.holds_slot:
                            other.cancel("replaced")
                            self._free_slot(other)
                if self._long_running >= self.limits.long_jobs:
                    seconds = self.retry_after()
                    raise ApiError(503, f"the server is running {self._long_running} long "
                                        f"jobs, its limit; retry in {seconds} s",
                                   {"Retry-After": str(seconds)})
                self._long_running += 1
                job.holds_slot = True
            thread = threading.Thread(target=self._run_long, args=(job,),
                                      name="pokerkeys-long")
            self._jobs.add(job)
            self._long_threads.add(thread)
            thread.start()
        else:
            self._jobs.add(job)
            self._short.submit(job.run)
        return job

    def _run_long(self, job: Job) -> None:
        # The slot is free once the work ends, before the route can answer its client.
        try:
            job.run(on_finish=self._release_slot)
        finally:
            self._long_threads.discard(threading.current_thread())

    def _release_slot(self, job: Job) -> None:
        with self._lock:
            self._free_slot(job)

    def _free_slot(self, job: Job) -> None:
        """Drop the job from the long-job count, once (the lock is held)."""
        if job.holds_slot:
            job.holds_slot = False
            self._long_running -= 1

    def release(self, job: Job) -> None:
        """The route is done with the job: cancel it if it still runs, and drop it.

        Parameters
        ----------
        job : Job
            A job this runner started.

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import SHORT, JobRunner
        >>> from pokerkeys.web.limits import Limits
        >>> async def demo():
        ...     runner = JobRunner(Limits())
        ...     job = runner.submit(SHORT, lambda check: {})
        ...     runner.release(job)
        ...     runner.shutdown()
        ...     return job.cancelled or job.finished
        >>> asyncio.run(demo())
        True
        """
        if not job.finished:
            job.cancel()
        self._jobs.discard(job)

    def shutdown(self, wait: float = 0.0) -> None:
        """Cancel every job, refuse new ones, and let the threads go.

        Jobs stop at their next round (a fraction of a second); their routes answer 503
        "the server is stopping" (a stream ends with that error event).

        Parameters
        ----------
        wait : float, optional
            Seconds to wait at most for the long-job threads to end (default 0).

        Examples
        --------
        >>> from pokerkeys.web.jobs import JobRunner
        >>> from pokerkeys.web.limits import Limits
        >>> runner = JobRunner(Limits())
        >>> runner.shutdown()
        >>> runner.long_running, runner.stopping
        (0, True)
        """
        self._stopping = True
        for job in list(self._jobs):
            job.cancel("stopping")
        self._short.shutdown(wait=False, cancel_futures=True)
        end = time.monotonic() + wait
        for thread in list(self._long_threads):
            thread.join(max(0.0, end - time.monotonic()))
