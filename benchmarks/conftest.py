"""Benchmarks (pytest-benchmark). Run: python -m pytest benchmarks --benchmark-only

Each benchmark warms the JIT first, so the timings are of compiled code only; throughput is
stored in ``extra_info`` (evals/s or trials/s) and printed in the summary table columns via
``--benchmark-columns=median,ops``.

With ``--benchmark-json=PATH`` the file also records what ``scripts/performance_report.py``
needs to say how a figure was measured: the command (``command``), the time the run started
(``started``, UTC) and, in ``machine_info["pokerkeys"]``, the CPU with its flags of interest,
pokerkeys' version, folder and commit, and the versions of NumPy, Numba and llvmlite
(``bench_machine.py``). ``POKERKEYS_BENCH_NOTE="..."`` adds a note on the host (say, that
other jobs shared it), which the performance page prints beside the figures.
"""
import os
import shlex

import pytest
from bench_machine import cpu, loadavg, utc_now, versions

from pokerkeys import _jit
from pokerkeys.core.sampling import random_hands

# Time the kernels: compile them in line on first use, with no NumPy first answer meanwhile
# (test_bench_startup.py times first runs the way users meet them, in fresh processes).
_jit.warm_up_mode = "off"

_STARTED = {"at": utc_now(), "loadavg": loadavg()}


def pytest_benchmark_update_machine_info(config, machine_info):
    machine_info["pokerkeys"] = {"cpu": cpu(), "versions": versions(),
                                 "loadavg_start": _STARTED["loadavg"], "loadavg_end": loadavg(),
                                 "note": os.environ.get("POKERKEYS_BENCH_NOTE", "")}


def pytest_benchmark_update_json(config, benchmarks, output_json):
    args = shlex.join(config.invocation_params.args)
    output_json["command"] = f"python -m pytest {args}"
    output_json["started"] = _STARTED["at"]


@pytest.fixture(scope="session")
def hands7_10m():
    return random_hands(10_000_000, 7, seed=20261122)


@pytest.fixture(scope="session")
def hands_by_size():
    return {k: random_hands(1_000_000, k, seed=k) for k in (5, 6, 7)}
