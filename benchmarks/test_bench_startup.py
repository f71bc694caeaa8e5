"""Start-up: whole processes making the first call of each public entry point, and warm.

Cases, each a whole process, start to exit:

* ``fresh install``: the first run of a command line, or of a Python call, right after ``pip
  install`` of the wheel (built once, from this checkout, with the JIT cache its build step
  ships; see ``hatch_build.py``), into a folder of its own each round; ``import pokerkeys``
  alone is timed the same way, the baseline the first calls are measured against;
* ``empty cache``: the same install with an empty JIT cache folder (``NUMBA_CACHE_DIR``), what
  a read-only install, another CPU or another numba meets (the shipped cache does not apply);
* ``warm``: the cache folder once a first run and its background warm-up have filled it.

    python -m pytest benchmarks/test_bench_startup.py --benchmark-only \
        --benchmark-columns=median,min,max --benchmark-sort=name

``POKERKEYS_BENCH_WHEEL=path/to/pokerkeys.whl`` times that wheel instead of building one (the
build compiles every kernel's declared signatures). The calls are those of
``tests/first_calls.py`` (every public function and command, with each kind of input), command
lines run in a folder holding their input files. A first run may leave a detached warm-up
process compiling for the next runs (see ``pokerkeys._jit.warm_up``): each round waits for it,
untimed, so it never slows the next one.
"""
import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokerkeys import _jit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from first_calls import CLI, PYTHON, write_inputs  # noqa: E402

sys.path.remove(str(ROOT / "tests"))
COMMANDS = dict(CLI, **{
    "first --plot": ["first", "--plot", "first.png"],
    "winners euler54": ["winners", str(ROOT / "tests" / "data" / "euler54_poker.txt")],
    "eval-file uci 100k": ["eval-file",
                           str(ROOT / "tests" / "data" / "uci_poker_hand_testing_100k.data"),
                           "--format", "uci", "-o", "uci.csv"],
})
KERNELS = list(_jit.declared_kernels())


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    """A pristine ``pip install --target`` of the wheel: the folder to put on PYTHONPATH."""
    wheel = os.environ.get("POKERKEYS_BENCH_WHEEL")
    if not wheel:
        out = tmp_path_factory.mktemp("wheel")
        # No build isolation: this environment already holds hatchling, numba and numpy.
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                        "--no-build-isolation", "-w", str(out), str(ROOT)], check=True)
        wheel = str(next(out.glob("pokerkeys-*.whl")))
    target = tmp_path_factory.mktemp("installed")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                    "--target", str(target), wheel], check=True)
    return target


@pytest.fixture(scope="session")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("inputs")
    write_inputs(folder)
    return folder


def _fresh_copy(installed: Path, where: Path) -> Path:
    """A copy of the install, as pip left it (shutil.copytree keeps contents and times)."""
    shutil.copytree(installed, where)
    return where


def _env(site: Path, cache: Path | None):
    env = dict(os.environ, PYTHONPATH=str(site))
    env.pop("POKERKEYS_WARM_UP", None)
    env.pop("NUMBA_CACHE_DIR", None)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    return env


def _wait_for_warm_ups(site: Path, cache: Path | None):
    """Wait, untimed, until no warm-up process builds kernels for this install and cache."""
    saved = _jit._PACKAGE, os.environ.get("NUMBA_CACHE_DIR")
    _jit._PACKAGE = site / "pokerkeys"
    os.environ.pop("NUMBA_CACHE_DIR", None)
    if cache is not None:
        os.environ["NUMBA_CACHE_DIR"] = str(cache)
    try:
        paths = [_jit.warm_up_lock_path(job) for job in KERNELS]
    finally:
        _jit._PACKAGE = saved[0]
        os.environ.pop("NUMBA_CACHE_DIR", None)
        if saved[1] is not None:
            os.environ["NUMBA_CACHE_DIR"] = saved[1]
    for path in paths:
        with open(path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)


def _run(name, site, cache, cwd):
    argv = [sys.executable, "-m", "pokerkeys", *COMMANDS[name]]
    subprocess.run(argv, check=True, capture_output=True, env=_env(site, cache), cwd=cwd)


def _run_python(source, site, cache, cwd):
    argv = [sys.executable, "-c", f"import numpy as np\nimport pokerkeys as pk\n{source}"]
    subprocess.run(argv, check=True, capture_output=True, env=_env(site, cache), cwd=cwd)


def _time_fresh_installs(benchmark, run, what, installed, inputs, tmp_path):
    """Time ``run(what, site, None, inputs)``, each round in a fresh copy of the install."""
    sites = []

    def fresh_install():
        if sites:
            _wait_for_warm_ups(sites[-1], None)
        sites.append(_fresh_copy(installed, tmp_path / f"site{len(sites)}"))
        return (what, sites[-1], None, inputs), {}

    benchmark.pedantic(run, setup=fresh_install, rounds=2, iterations=1)
    _wait_for_warm_ups(sites[-1], None)


@pytest.mark.parametrize("name", ["import pokerkeys", *sorted(PYTHON)])
def test_python_first_call_fresh_install(benchmark, name, installed, inputs, tmp_path):
    """A Python call's first run right after the install (``import pokerkeys`` alone: the
    baseline a first call's time is compared with)."""
    benchmark.group = "whole Python process, first call after pip install"
    _time_fresh_installs(benchmark, _run_python, PYTHON.get(name, ""), installed, inputs,
                         tmp_path)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_process_first_run_fresh_install(benchmark, name, installed, inputs, tmp_path):
    """First run right after the install: the wheel's shipped JIT cache, nothing else."""
    benchmark.group = "whole CLI process, first run after pip install"
    _time_fresh_installs(benchmark, _run, name, installed, inputs, tmp_path)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_process_first_run_empty_cache(benchmark, name, installed, inputs, tmp_path):
    """First run with an empty JIT cache folder: what a read-only install or another CPU
    meets, where the shipped cache does not apply."""
    benchmark.group = "whole CLI process, first run, empty JIT cache folder"
    caches = []

    def fresh_cache():
        if caches:
            _wait_for_warm_ups(installed, caches[-1])
        caches.append(tmp_path / f"cache{len(caches)}")
        caches[-1].mkdir()
        return (name, installed, caches[-1], inputs), {}

    benchmark.pedantic(_run, setup=fresh_cache, rounds=2, iterations=1)
    _wait_for_warm_ups(installed, caches[-1])


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_process_warm_cache(benchmark, name, installed, inputs, tmp_path):
    """Later runs: the cache folder filled by a first run and its warm-up."""
    benchmark.group = "whole CLI process, warm JIT cache"
    _run(name, installed, tmp_path, inputs)
    _wait_for_warm_ups(installed, tmp_path)
    _run(name, installed, tmp_path, inputs)
    benchmark.pedantic(_run, args=(name, installed, tmp_path, inputs), rounds=5, iterations=1,
                       warmup_rounds=1)
