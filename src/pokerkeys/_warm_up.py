"""``python -m pokerkeys._warm_up JOB`` / ``--all``: compile kernels into the JIT cache, then exit.

``JOB``: started detached by ``_jit.warm_up`` when a first run answered without its kernel (the
CLI exits as soon as it has answered; this process outlives it and fills the cache for the
next run), holding the job's lock file, inherited, until it exits. Each job is a small call
that compiles the kernel the first run skipped, with the same argument types.

``--all [--processes N]``: run every command the README shows (``README_COMMANDS``, in the
current folder, output discarded), so that each kernel they call is compiled with the argument
types they pass. The wheel build (``hatch_build.py``) runs it to ship the cache; the start-up
benchmark times the same commands. With N processes (default: one per core, at most 4), each
takes the next command, longest compile first, until none is left; they share one cache folder
(``_jit`` saves each kernel's cache files under a lock of the folder, so two processes saving
kernels of one module at once lose neither).

``--cache-key``: print the key of a cache this package would build here (its sources, the
versions of Python, numba, llvmlite and numpy, the CPU Numba compiles for, the ``NUMBA_``
settings): the build reuses a cache it built before under the same key.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import os
import sys
from pathlib import Path
from typing import Any

# Each job: the keyword arguments of an ``equity`` call that compiles the kernel it names.
JOBS: dict[str, dict[str, Any]] = {
    "preflop": dict(hands=["AhKh", "QsQd"]),
    "board": dict(hands=["AhKh", "QsQd"], board="2c7d9h"),
}

# The README's commands, by a short name: what a new user types. Input files are written by
# ``write_inputs`` into the folder they run in. Left out: `bench` (a benchmark, tens of
# seconds by design), `preflop matrix --out` (a recompute of minutes) and `serve` (a server;
# benchmarks/test_bench_web.py times its start-up).
README_COMMANDS = {
    "equity AhKh QsQd": ["equity", "AhKh", "QsQd"],
    "equity board dead": ["equity", "AhKh", "QsQd", "JcTc", "--board", "2c7d9h", "--dead", "5s"],
    "equity ranges 20M trials": ["equity", "QQ+,AKs", "JJ-88,AQs+", "--trials", "20000000",
                                 "--seed", "1", "--threads", "2"],
    "equity random random": ["equity", "AhKh", "random", "random", "--stderr", "0.0005",
                             "--json"],
    "equity ranges board": ["equity", "QQ+,AKs", "JJ-88,AQs+", "--board", "2c7d9h"],
    "equity omaha": ["equity", "AsKsQdJd", "7h8h9cTc", "--game", "omaha"],
    "equity combos": ["equity", "AhKh", "QQ+", "-b", "2c7d9h", "--combos"],
    "eval": ["eval", "As Ks Qs Js Ts", "7c 7d 2h 2s Kd 9c 3h"],
    "info": ["info"],
    "hits": ["hits", "QQ+,AKs", "Kh9h4s"],
    "flops": ["flops", "AA", "KK"],
    "winners": ["winners", "showdown.txt"],
    "best omaha": ["best", "Ad Kd Qd 5d", "Jd Td Tc 5c 5h", "--game", "omaha"],
    "best jokers": ["best", "TD TC 5H 5C 7C ?R ?B"],
    "draw": ["draw", "2d 3d 4d Kc As"],
    "first": ["first"],
    "stats": ["stats", "--seed", "1"],
    "preflop equity grid": ["preflop", "equity", "--opponents", "2", "--rank"],
    "preflop equity": ["preflop", "equity", "AKs", "72o"],
    "preflop distribution": ["preflop", "distribution", "A5s", "--json"],
    "preflop matrix": ["preflop", "matrix"],
    "preflop matchups": ["preflop", "matchups"],
    "preflop matchups AKo QQ": ["preflop", "matchups", "AKo", "QQ"],
    "eval-file csv": ["eval-file", "hands.csv", "-o", "ranked.parquet", "--describe"],
    "eval-file npy": ["eval-file", "hands.npy", "-o", "ranked.npy"],
}


# The compile time of each README command, run in the order above in one process (CPU
# seconds, measured on an AMD EPYC core): only the order the processes take them in comes from
# it (longest first, so no process is left with a long one at the end); a command missing
# here counts 1 s.
COMPILE_SECONDS = {
    "stats": 13.7, "equity ranges 20M trials": 8.0, "equity omaha": 7.1, "equity combos": 6.8,
    "flops": 6.3, "equity random random": 4.7, "equity board dead": 3.4,
    "equity AhKh QsQd": 3.3, "eval-file csv": 2.7, "preflop distribution": 2.5, "draw": 2.4,
    "best omaha": 2.0, "hits": 1.5, "best jokers": 1.2, "first": 1.1,
    "equity ranges board": 0.1, "eval": 0.1, "info": 0.1, "winners": 0.1,
    "preflop equity grid": 0.1, "preflop equity": 0.1, "preflop matrix": 0.1,
    "preflop matchups": 0.1, "preflop matchups AKo QQ": 0.1, "eval-file npy": 0.1,
}


def write_inputs(folder: str | os.PathLike[str]) -> None:
    """The input files the README's commands read, as the README writes them."""
    import numpy as np
    folder = Path(folder)
    (folder / "showdown.txt").write_text("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3S, 3D, 6C, 6D\n")
    (folder / "hands.csv").write_text("hand\nAs Ks Qs Js Ts 2c 3d\n7c 7d 2h 2s Kd 9c 3h\n")
    np.save(folder / "hands.npy", np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8))


def _compile_in_line() -> None:
    """Kernels compile where they are called: no NumPy answer, no detached child."""
    os.environ["POKERKEYS_WARM_UP"] = "off"
    from . import _jit
    _jit.warm_up_mode = "off"


def run_readme_command(name: str) -> str | None:
    """Run one README command here, output discarded; None, or a line saying why it failed
    (a missing optional dependency: the kernels of the others are still built)."""
    from .cli import main
    _compile_in_line()
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            code = main(README_COMMANDS[name])
        except Exception as exc:
            code, message = 1, f"{type(exc).__name__}: {exc}"
        else:
            message = (err.getvalue().strip().splitlines()[-1:] or [""])[0]
    return None if code == 0 else f"{name}: {message}"


def default_processes() -> int:
    """One process per core this process may use, at most 4 (more gain little: the longest
    command's compile bounds the time)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(4, cores or 1))


def run_readme_commands(processes: int = 1) -> list[str]:
    """Run every README command here, output discarded, in `processes` processes (1: in this
    one); returns one line per command that failed."""
    write_inputs(".")
    names = sorted(README_COMMANDS, key=lambda name: -COMPILE_SECONDS.get(name, 1.0))
    if processes <= 1:
        results = [run_readme_command(name) for name in names]
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        # "spawn": a fresh interpreter each, not a fork of one that may hold Numba's threads.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(processes, mp_context=context,
                                 initializer=_compile_in_line) as pool:
            futures = [pool.submit(run_readme_command, name) for name in names]
            results = []
            for name, future in zip(names, futures, strict=True):
                try:
                    results.append(future.result())
                except Exception as exc:  # a worker died (BrokenProcessPool)
                    results.append(f"{name}: {type(exc).__name__}: {exc}")
    return [line for line in results if line is not None]


def cache_key() -> str:
    """sha256 of what decides the cache this package builds here (see the module docstring)."""
    import llvmlite
    import numba
    import numpy
    from numba.core.registry import cpu_target

    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    sources = [p for p in package.rglob("*") if p.suffix == ".py" or p.name == "manifest.json"]
    for path in sorted(sources):
        if "__pycache__" not in path.parts:
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    settings = sorted((k, v) for k, v in os.environ.items() if k.startswith("NUMBA_"))
    codegen = cpu_target.target_context.codegen()
    digest.update(repr((sys.version, numba.__version__, llvmlite.__version__, numpy.__version__,
                        codegen.magic_tuple(), settings)).encode())
    return digest.hexdigest()


def main(argv: list[str]) -> int:
    """Run one job, ``--all [--processes N]`` or ``--cache-key``; the exit status."""
    usage = (f"usage: python -m pokerkeys._warm_up {{{','.join(JOBS)},--all [--processes N],"
             f"--cache-key}}")
    if argv == ["--cache-key"]:
        print(cache_key())
        return 0
    if argv[:1] == ["--all"]:
        processes = default_processes()
        if len(argv) == 3 and argv[1] == "--processes" and argv[2].isdigit():
            processes = int(argv[2])
        elif len(argv) != 1:
            print(usage, file=sys.stderr)
            return 2
        if processes <= 1:
            _compile_in_line()
        failed = run_readme_commands(processes)
        for line in failed:
            print(f"pokerkeys: {line}", file=sys.stderr)
        return 1 if len(failed) == len(README_COMMANDS) else 0
    if len(argv) != 1 or argv[0] not in JOBS:
        print(usage, file=sys.stderr)
        return 2
    _compile_in_line()
    from .equity.holdem import equity
    with contextlib.redirect_stdout(None):
        equity(**JOBS[argv[0]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
