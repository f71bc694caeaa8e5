"""The job runner: owns the worker threads, the work limits, streaming and cancellation.

Kernels release the GIL, so engine calls run on worker threads and the event loop stays free
for short requests. Short jobs (about a second at most) share a pool of ``short_workers``
threads and queue; long jobs run on their own threads, at most ``long_jobs`` at once, beyond
which ``submit`` raises a 503 with Retry-After. A job is cancelled (client gone, input changed,
server stopping) or stopped by its deadline from inside its thread: the engine's progress
callback and the Monte Carlo round observer (``equity.driver.observe_rounds``) raise
``JobStopped`` between rounds. Partial Monte Carlo results are published at most every
``stream_interval`` seconds; readers always get the latest one, never a backlog.
"""
from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from ..equity.driver import observe_rounds
from .limits import Limits
from .schemas import ApiError

SHORT, LONG = "short", "long"


class JobStopped(Exception):
    """Raised inside a job's thread to end it: cancelled, or past its deadline."""


class Job:
    """One engine call on a worker thread, observed from the event loop.

    ``work(check)`` runs the engine with ``check`` as its progress callback and returns a
    JSON-ready dict; partial results reach ``publish``.
    """

    def __init__(self, work, loop: asyncio.AbstractEventLoop, limits: Limits):
        self._work = work
        self._loop = loop
        self._interval = limits.stream_interval
        self._deadline = time.monotonic() + limits.max_seconds
        self._max_seconds = limits.max_seconds
        self._cancelled = threading.Event()
        self._changed = asyncio.Event()
        self._last_publish = 0.0
        self.partial: dict | None = None     # latest partial result, not yet read
        self.result: dict | None = None
        self.error: Exception | None = None
        self.finished = False

    # --- the worker thread's side
    def check(self, *_progress) -> None:
        if self._cancelled.is_set():
            raise JobStopped("the job was cancelled")
        if time.monotonic() > self._deadline:
            raise JobStopped(f"the job exceeded this server's work limit of "
                             f"{self._max_seconds:g} s")

    def _observe(self, partial) -> None:
        self.check()
        now = time.monotonic()
        if now - self._last_publish >= self._interval:
            self._last_publish = now
            data = partial.to_dict()
            data["final"] = False
            self._loop.call_soon_threadsafe(self._set_partial, data)

    def _set_partial(self, data: dict) -> None:
        if not self.finished:
            self.partial = data
            self._changed.set()

    def _finish(self, result, error) -> None:
        self.result, self.error, self.finished = result, error, True
        self.partial = None
        self._changed.set()

    def run(self) -> None:
        result = error = None
        try:
            self.check()
            with observe_rounds(self._observe):
                result = self._work(self.check)
            result["final"] = True
        except Exception as exc:  # reported to the client by the route, never raised there
            error = exc
        try:
            self._loop.call_soon_threadsafe(self._finish, result, error)
        except RuntimeError:  # the loop is closed: the server is gone
            pass

    # --- the event loop's side
    def cancel(self) -> None:
        self._cancelled.set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    async def next_update(self, timeout: float | None = None) -> dict | None:
        """The latest partial result, or the final one; None on timeout. Raises the job's
        error once it has finished with one."""
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
    """The worker threads and the cap on long jobs; one per app."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._short = ThreadPoolExecutor(limits.short_workers, "pokerkeys-short")
        self._long = ThreadPoolExecutor(limits.long_jobs, "pokerkeys-long")
        self._lock = threading.Lock()
        self._long_running = 0
        self._jobs: set[Job] = set()

    @property
    def long_running(self) -> int:
        return self._long_running

    def submit(self, kind: str, work) -> Job:
        """Start ``work`` as a job of this kind; 503 when the long jobs are all taken."""
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
        try:
            job.run()
        finally:
            with self._lock:
                self._long_running -= 1

    def release(self, job: Job) -> None:
        """The route is done with the job: cancel it if it still runs, and drop it."""
        if not job.finished:
            job.cancel()
        self._jobs.discard(job)

    def shutdown(self) -> None:
        """Cancel every job and let the threads go (they stop at their next round)."""
        for job in list(self._jobs):
            job.cancel()
        self._short.shutdown(wait=False, cancel_futures=True)
        self._long.shutdown(wait=False, cancel_futures=True)
