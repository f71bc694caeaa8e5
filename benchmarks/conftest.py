"""Benchmarks (pytest-benchmark). Run: python -m pytest benchmarks --benchmark-only

Each benchmark warms the JIT first, so the timings are of compiled code only; throughput is
stored in ``extra_info`` (evals/s or trials/s) and printed in the summary table columns via
``--benchmark-columns=median,ops``.
"""
import numpy as np
import pytest

from pokerkeys.core.sampling import random_hands


@pytest.fixture(scope="session")
def hands7_10m():
    return random_hands(10_000_000, 7, seed=20261122)


@pytest.fixture(scope="session")
def hands_by_size():
    return {k: random_hands(1_000_000, k, seed=k) for k in (5, 6, 7)}
