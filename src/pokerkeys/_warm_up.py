"""``python -m pokerkeys._warm_up JOB``: compile a kernel into the JIT cache, then exit.

Started detached by ``_jit.warm_up`` when a first run answered without its kernel (the CLI
exits as soon as it has answered; this process outlives it and fills the cache for the next
run), holding the job's lock file, inherited, until it exits. Each job is a small call that
compiles the kernel the first run skipped, with the same argument types.
"""
from __future__ import annotations

import contextlib
import os
import sys

JOBS = {
    "preflop": dict(hands=["AhKh", "QsQd"]),
    "board": dict(hands=["AhKh", "QsQd"], board="2c7d9h"),
}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in JOBS:
        print(f"usage: python -m pokerkeys._warm_up {{{','.join(JOBS)}}}", file=sys.stderr)
        return 2
    os.environ["POKERKEYS_WARM_UP"] = "off"  # compile in line: no NumPy answer, no new child
    from . import _jit
    from .equity.holdem import equity
    _jit.warm_up_mode = "off"
    with contextlib.redirect_stdout(None):
        equity(**JOBS[argv[0]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
