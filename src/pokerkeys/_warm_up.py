"""``python -m pokerkeys._warm_up JOB`` / ``--all``: compile kernels into the JIT cache, then exit.

``JOB``: started detached by ``_jit.warm_up`` when a first run answered without its kernel (the
CLI exits as soon as it has answered; this process outlives it and fills the cache for the
next run), holding the job's lock file, inherited, until it exits. Each job is a small call
that compiles the kernel the first run skipped, with the same argument types.

``--all``: run every command the README shows (``README_COMMANDS``, in the current folder,
output discarded), so that each kernel they call is compiled with the argument types they pass.
The wheel build (``hatch_build.py``) runs it to ship the cache; the start-up benchmark times
the same commands.
"""
from __future__ import annotations

import contextlib
import io
import os
import sys
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


def write_inputs(folder: str | os.PathLike[str]) -> None:
    """The input files the README's commands read, as the README writes them."""
    from pathlib import Path

    import numpy as np
    folder = Path(folder)
    (folder / "showdown.txt").write_text("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3S, 3D, 6C, 6D\n")
    (folder / "hands.csv").write_text("hand\nAs Ks Qs Js Ts 2c 3d\n7c 7d 2h 2s Kd 9c 3h\n")
    np.save(folder / "hands.npy", np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8))


def run_readme_commands() -> list[str]:
    """Run every README command here, output discarded; returns one line per command that
    failed (a missing optional dependency: the kernels of the others are still built)."""
    from .cli import main
    write_inputs(".")
    failed = []
    for name, argv in README_COMMANDS.items():
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except Exception as exc:
                code, message = 1, f"{type(exc).__name__}: {exc}"
            else:
                message = (err.getvalue().strip().splitlines()[-1:] or [""])[0]
        if code != 0:
            failed.append(f"{name}: {message}")
    return failed


def main(argv: list[str]) -> int:
    """Run one job (or ``--all``) named in ``argv``; the process's exit status."""
    if len(argv) != 1 or argv[0] not in (*JOBS, "--all"):
        print(f"usage: python -m pokerkeys._warm_up {{{','.join(JOBS)},--all}}", file=sys.stderr)
        return 2
    os.environ["POKERKEYS_WARM_UP"] = "off"  # compile in line: no NumPy answer, no new child
    from . import _jit
    _jit.warm_up_mode = "off"
    if argv[0] == "--all":
        failed = run_readme_commands()
        for line in failed:
            print(f"pokerkeys: {line}", file=sys.stderr)
        return 1 if len(failed) == len(README_COMMANDS) else 0
    from .equity.holdem import equity
    with contextlib.redirect_stdout(None):
        equity(**JOBS[argv[0]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
