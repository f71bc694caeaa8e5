"""The web app's job runner: it owns the worker threads, the work limits, streaming and
cancellation.

Kernels release the GIL, so engine calls run on worker threads and the event loop stays free
for short requests. Short jobs (about a second at most) share a pool of ``short_workers``
threads and queue; long jobs run on their own threads, at most ``long_jobs`` at once, beyond
which ``submit`` raises a 503 with Retry-After. A job is cancelled (client gone, input changed,
server stopping) or stopped by its deadline from inside its thread: the engine's progress
callback and the Monte Carlo round observer (``pokerkeys.equity.driver.observe_rounds``)
raise ``JobStopped`` between rounds. Partial Monte Carlo results are published at most every
``stream_interval`` seconds; readers always get the latest one, never a backlog.
"""
from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Final, Literal

from ..equity.driver import observe_rounds
from .limits import Limits
from .schemas import ApiError, JsonObject

if TYPE_CHECKING:
    from ..equity.result import EquityResult

__all__ = ["LONG", "SHORT", "Check", "Job", "JobKind", "JobRunner", "JobStopped", "Work"]

JobKind = Literal["short", "long"]
"""How a job runs: ``"short"`` on the shared pool, ``"long"`` on the capped long-job threads."""
SHORT: Final = "short"
LONG: Final = "long"

Check = Callable[..., None]
"""A job's check, called by the engine as its progress callback (with or without arguments):
it raises ``JobStopped`` once the job is cancelled or past its deadline."""
Work = Callable[[Check], JsonObject]
"""What a job runs: ``work(check)`` calls the engine with ``check`` as its progress callback
and returns a JSON-ready dict."""


class JobStopped(Exception):
    """Raised inside a job's thread to end it: cancelled, or past its deadline.

    Examples
    --------
    >>> from pokerkeys.web.jobs import JobStopped
    >>> str(JobStopped("the job was cancelled"))
    'the job was cancelled'
    """


class Job:
    """One engine call on a worker thread, observed from the event loop.

    ``work(check)`` runs the engine with ``check`` as its progress callback and returns a
    JSON-ready dict. Monte Carlo's partial results (seen through
    ``pokerkeys.equity.driver.observe_rounds``) are published to the loop at most every
    ``limits.stream_interval`` seconds; ``next_update`` reads the latest.

    Parameters
    ----------
    work : callable
        ``work(check) -> dict``, run by ``run`` on a worker thread.
    loop : asyncio.AbstractEventLoop
        The event loop that reads the job's updates.
    limits : Limits
        The server's limits (``max_seconds``, ``stream_interval``).

    Attributes
    ----------
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

    def __init__(self, work: Work, loop: asyncio.AbstractEventLoop, limits: Limits):
        self._work = work
        self._loop = loop
        self._interval = limits.stream_interval
        self._deadline = time.monotonic() + limits.max_seconds
        self._max_seconds = limits.max_seconds
        self._cancelled = threading.Event()
        self._changed = asyncio.Event()
        self._last_publish = 0.0
        self.partial: JsonObject | None = None  # latest partial result, not yet read
        self.result: JsonObject | None = None
        self.error: Exception | None = None
        self.finished = False

    # --- the worker thread's side
    def check(self, *_progress: object) -> None:
        """Raise ``JobStopped`` if the job is cancelled or past its deadline.

        The engine calls it as its progress callback, between rounds.

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
        if self._cancelled.is_set():
            raise JobStopped("the job was cancelled")
        if time.monotonic() > self._deadline:
            raise JobStopped(f"the job exceeded this server's work limit of "
                             f"{self._max_seconds:g} s")

    def _observe(self, partial: EquityResult) -> None:
        self.check()
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

    def run(self, on_finish: Callable[[], None] | None = None) -> None:
        """Run the work on this thread and hand its result or error to the event loop.

        Called by the runner on a worker thread. The final result gets ``"final": True``.
        Errors are not raised here: ``next_update`` raises them on the loop's side.

        Parameters
        ----------
        on_finish : callable, optional
            Called once the work has ended, before the event loop hears of it (the runner
            frees the job's long-job slot with it, so that a client that got its answer can
            start the next long job at once).

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
        try:
            self.check()
            with observe_rounds(self._observe):
                result = self._work(self.check)
            result["final"] = True
        except Exception as exc:  # reported to the client by the route, never raised there
            error = exc
        finally:
            if on_finish is not None:
                on_finish()
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server is gone
            self._loop.call_soon_threadsafe(self._finish, result, error)

    # --- the event loop's side
    def cancel(self) -> None:
        """Ask the job to stop: its next ``check`` raises ``JobStopped``.

        Examples
        --------
        >>> import asyncio
        >>> from pokerkeys.web.jobs import Job
        >>> from pokerkeys.web.limits import Limits
        >>> loop = asyncio.new_event_loop()
        >>> job = Job(lambda check: {}, loop, Limits())
        >>> job.cancel()
        >>> job.cancelled
        True
        >>> loop.close()
        """
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
    up to ``limits.long_jobs`` threads of their own, and a long job beyond those is refused.

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
        self._long = ThreadPoolExecutor(limits.long_jobs, "pokerkeys-long")
        self._lock = threading.Lock()
        self._long_running = 0
        self._jobs: set[Job] = set()

    @property
    def long_running(self) -> int:
        """The number of long jobs running now."""
        return self._long_running

    def submit(self, kind: JobKind, work: Work) -> Job:
        """Start ``work`` as a job of this kind, on a worker thread.

        Must be called from the event loop that reads the job.

        Parameters
        ----------
        kind : {'short', 'long'}
            ``SHORT`` queues on the shared pool; ``LONG`` takes one of the long-job threads.
        work : callable
            ``work(check) -> dict``.

        Returns
        -------
        Job
            The running job; hand it to ``release`` when done with it.

        Raises
        ------
        ApiError
            503 with a Retry-After header when ``kind`` is ``LONG`` and ``limits.long_jobs``
            long jobs are running already.

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
        job = Job(work, asyncio.get_running_loop(), self.limits)
        if kind == LONG:
            with self._lock:
                if self._long_running >= self.limits.long_jobs:
                    raise ApiError(503, f"the server is running {self._long_running} long "
                                        f"jobs, its limit; retry in a few seconds",
                                   {"Retry-After": str(self.limits.retry_after_seconds)})
                self._long_running += 1
            self._long.submit(self._run_long, job)
        else:
            self._short.submit(job.run)
        self._jobs.add(job)
        return job

    def _run_long(self, job: Job) -> None:
        # The slot is free once the work ends, before the route can answer its client.
        job.run(on_finish=self._free_long_slot)

    def _free_long_slot(self) -> None:
        with self._lock:
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

    def shutdown(self) -> None:
        """Cancel every job and let the threads go (they stop at their next round).

        Examples
        --------
        >>> from pokerkeys.web.jobs import JobRunner
        >>> from pokerkeys.web.limits import Limits
        >>> runner = JobRunner(Limits())
        >>> runner.shutdown()
        >>> runner.long_running
        0
        """
        for job in list(self._jobs):
            job.cancel()
        self._short.shutdown(wait=False, cancel_futures=True)
        self._long.shutdown(wait=False, cancel_futures=True)
