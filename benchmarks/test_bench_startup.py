"""Start-up: whole `pokerkeys` processes running the README's commands, first run and warm.

First run: a fresh, empty JIT cache folder (NUMBA_CACHE_DIR), as a fresh install meets it
(pip compiles the .py files at install time but no kernel). Warm: the same folder once a first
run and its background warm-up have filled it. Timings are whole processes, start to exit.

    python -m pytest benchmarks/test_bench_startup.py --benchmark-only \
        --benchmark-columns=median,min,max --benchmark-sort=name

A first run may leave a detached warm-up process compiling for the next runs (see
``pokerkeys._jit.warm_up``): each round waits for it, untimed, so it never slows the next one.
"""
import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "euler54_poker.txt"

COMMANDS = {
    "equity AhKh QsQd": ["equity", "AhKh", "QsQd"],
    "eval": ["eval", "As Ks Qs Js Ts", "7c 7d 2h 2s Kd 9c 3h"],
    "equity board dead": ["equity", "AhKh", "QsQd", "JcTc", "--board", "2c7d9h", "--dead", "5s"],
    "equity ranges 20M trials": ["equity", "QQ+,AKs", "JJ-88,AQs+", "--trials", "20000000",
                                 "--seed", "1", "--threads", "2"],
    "equity random random": ["equity", "AhKh", "random", "random", "--stderr", "0.0005",
                             "--json"],
    "equity ranges board": ["equity", "QQ+,AKs", "JJ-88,AQs+", "--board", "2c7d9h"],
    "equity omaha": ["equity", "AsKsQdJd", "7h8h9cTc", "--game", "omaha"],
    "best omaha": ["best", "Ad Kd Qd 5d", "Jd Td Tc 5c 5h", "--game", "omaha"],
    "best jokers": ["best", "TD TC 5H 5C 7C ?R ?B"],
    "draw": ["draw", "2d 3d 4d Kc As"],
    "preflop equity": ["preflop", "equity", "AKs", "72o"],
    "preflop distribution": ["preflop", "distribution", "A5s"],
    "info": ["info"],
    "stats": ["stats", "--seed", "1"],
}
if DATA.is_file():
    COMMANDS["winners euler54"] = ["winners", str(DATA)]


def _argv(name):
    exe = shutil.which("pokerkeys")
    return ([exe] if exe else [sys.executable, "-m", "pokerkeys"]) + COMMANDS[name]


def _env(cache):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    env.pop("POKERKEYS_WARM_UP", None)
    return env


def _wait_for_warm_ups(cache):
    """Wait, untimed, until no warm-up process builds kernels for this cache folder."""
    from pokerkeys import _jit
    from pokerkeys._warm_up import JOBS
    before = os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = str(cache)
    try:
        paths = [_jit.warm_up_lock_path(job) for job in JOBS]
    finally:
        if before is None:
            os.environ.pop("NUMBA_CACHE_DIR")
        else:
            os.environ["NUMBA_CACHE_DIR"] = before
    for path in paths:
        with open(path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)


def _run(argv, cache):
    subprocess.run(argv, check=True, capture_output=True, env=_env(cache))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_process_first_run(benchmark, name, tmp_path):
    """First run ever: an empty JIT cache folder each round."""
    argv = _argv(name)
    benchmark.group = "whole CLI process, first run (empty JIT cache)"
    caches = []

    def fresh_cache():
        if caches:
            _wait_for_warm_ups(caches[-1])
        caches.append(Path(tempfile.mkdtemp(dir=tmp_path)))
        return (argv, caches[-1]), {}

    benchmark.pedantic(_run, setup=fresh_cache, rounds=2, iterations=1)
    _wait_for_warm_ups(caches[-1])


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_process_warm_cache(benchmark, name, tmp_path):
    """Later runs: the cache folder filled by a first run and its warm-up."""
    argv = _argv(name)
    benchmark.group = "whole CLI process, warm JIT cache"
    _run(argv, tmp_path)
    _wait_for_warm_ups(tmp_path)
    _run(argv, tmp_path)
    benchmark.pedantic(_run, args=(argv, tmp_path), rounds=5, iterations=1, warmup_rounds=1)
