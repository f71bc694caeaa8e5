"""The server's work limits, one object so tests build apps with their own."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server accepts and how much work it does at once.

    Short jobs (exact enumerations the engine would pick by itself, about a second at most)
    run on ``short_workers`` threads and queue; long jobs (Monte Carlo, bigger enumerations)
    run at most ``long_jobs`` at once and beyond that are refused with 503 and Retry-After.
    Every job stops after ``max_seconds``: Monte Carlo by its time limit, anything else by
    being cancelled.
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
