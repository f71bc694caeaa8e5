"""Benchmarks (pytest-benchmark). Run: python -m pytest benchmarks --benchmark-only

Each benchmark warms the JIT first, so the timings are of compiled code only; throughput is
stored in ``extra_info`` (evals/s or trials/s) and printed in the summary table columns via
``--benchmark-columns=median,ops``.
"""
import pytest

from pokerkeys import _jit
from pokerkeys.core.sampling import random_hands

# Time the kernels: compile them in line on first use, with no NumPy first answer meanwhile
# (test_bench_startup.py times first runs the way users meet them, in fresh processes).
_jit.warm_up_mode = "off"


@pytest.fixture(scope="session")
def hands7_10m():
    return random_hands(10_000_000, 7, seed=20261122)


@pytest.fixture(scope="session")
def hands_by_size():
    return {k: random_hands(1_000_000, k, seed=k) for k in (5, 6, 7)}
