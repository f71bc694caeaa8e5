"""The web server's work limits, one object so that tests build apps with their own."""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """What one server accepts and how much work it does at once.

    Short jobs (exact enumerations the engine would pick by itself, about a second at most)
    run on ``short_workers`` threads and queue; long jobs (Monte Carlo, Omaha, bigger
    enumerations) run at most ``long_jobs`` at once and beyond that are refused with 503 and
    Retry-After (a client's new long job first cancels its own running one). Every job stops
    after ``max_seconds``: Monte Carlo with the estimate it has then (``stopped_by``
    ``"time_limit"``), an enumeration with an error saying it did not finish.

    Attributes
    ----------
    max_body_bytes : int
        Largest request body, in bytes (default 16,384); a bigger one gets 413.
    max_text_chars : int
        Longest hand, range or card string, in characters (default 2,000).
    max_trials : int
        Most Monte Carlo trials a request may ask for (default 1,000,000,000).
    max_seconds : float
        Longest time a job may run, in seconds (default 60), and the largest ``time_limit``
        a request may give.
    max_exact_evaluations : float
        Largest enumeration a request may force with ``exact: true``, in hand evaluations
        (default 2e10, about 40 s on two cores).
    short_workers : int
        Threads running short jobs (default 4).
    long_jobs : int
        Long jobs running at once, at most (default 2).
    retry_after_seconds : int
        The Retry-After of a 503, in seconds (default 5; less when a running long job
        reaches ``max_seconds`` sooner).
    stream_interval : float
        Seconds between two streamed partial results, at least (default 0.2).

    Examples
    --------
    >>> from pokerkeys.web.limits import Limits
    >>> Limits(long_jobs=1).long_jobs, Limits().max_seconds
    (1, 60.0)
    """

    max_body_bytes: int = 16_384
    max_text_chars: int = 2_000            # one range or card string
    max_trials: int = 1_000_000_000
    max_seconds: float = 60.0
    max_exact_evaluations: float = 2e10    # about 40 s on two cores
    short_workers: int = 4
    long_jobs: int = 2
    retry_after_seconds: int = 5
    stream_interval: float = 0.2           # seconds between two streamed partial results
