"""``python -m pokerkeys._warm_up KERNEL... | --all``: compile kernels into the JIT cache.

Every kernel that Python code calls declares the argument types it is called with (see
``_jit.kernel``); this compiles (or finds in the cache) each declared signature:

* ``KERNEL...`` (names such as ``equity.exact_counts``, see ``--list``): those kernels. A first
  run that answered without its kernel starts ``python -m pokerkeys._warm_up KERNEL`` detached
  (``_jit.warm_up``), holding the kernel's lock file, inherited, until it exits: the CLI exits
  as soon as it has answered, and this process outlives it to fill the cache for the next run.
* ``--all``: every declared kernel. The wheel build (``hatch_build.py``) runs it to ship a
  complete cache. With ``--processes N`` (default for ``--all``: one per core, at most 4;
  else 1) each process takes the next kernel, longest compile first, until none is left; they
  share one cache folder (``_jit`` saves each kernel's cache files under a lock of the folder,
  so two processes saving kernels of one module at once lose neither). ``--timings`` prints
  each kernel's compile in CPU seconds.
* ``--cache-key``: print the key of a cache this package would build here (its sources, the
  versions of Python, numba, llvmlite and numpy, the CPU Numba compiles for, the ``NUMBA_``
  settings): the build reuses a cache it built before under the same key.
"""
from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path

# The compile time of each declared kernel (CPU seconds, AMD EPYC, `python -m
# pokerkeys._warm_up --all --processes 1 --timings`, all in one process: a figure leaves out
# helpers that a kernel before it compiled): only the order the processes take kernels in comes
# from it (longest first, so no process is left with a long one at the end); a kernel missing
# here counts 2 s.
COMPILE_SECONDS = {
    "equity.monte_carlo_plain": 8.2, "omaha_hilo.monte_carlo_counts": 3.6,
    "equity.monte_carlo_heads_up": 3.4, "games.joker_histogram": 3.1, "sweep.sweep_chunks": 2.8,
    "what_wins.class_wins_chunks": 2.8, "omaha_hilo.exact_counts": 2.5,
    "omaha_ranges.monte_carlo_counts": 2.5, "rank_classes.preflop_counts": 2.4,
    "omaha_batch.best_ranks_chunks": 2.1, "games.simulate_chunks": 2.1,
    "omaha_runouts.board_counts_chunks": 2.0, "omaha_ranges.matchup_counts": 2.0,
    "omaha_runouts.class_wins_chunks": 2.0, "omaha.exact_chunks": 2.0,
    "omaha.monte_carlo_chunks": 1.9, "matrix.heads_up_parts": 1.8,
    "per_combo.monte_carlo_per_combo": 1.6, "equity.monte_carlo_counts": 1.6,
    "preflop.vs_random_chunks": 1.5, "hits.classify_short": 1.2, "evaluate.rank_batch_5": 1.1,
    "equity.exact_counts": 1.1, "games.what_first": 1.1, "boards.canonical_completions": 1.0,
    "games.wild_best": 0.9, "enumerate.histogram_7_chunks": 0.8, "evaluate.rank_batch_7": 0.8,
    "evaluate.rank_batch_6": 0.8, "enumerate.histogram_5_chunks": 0.7,
    "games.draw_category_counts": 0.6, "board_matchups.board_mask_chunks": 0.5,
    "preflop.histogram_chunks": 0.5, "sampling.random_hands_chunks": 0.2, "hits.classify": 0.0,
}


def _compile_in_line() -> None:
    """Kernels compile where they are called: no NumPy answer, no detached child."""
    os.environ["POKERKEYS_WARM_UP"] = "off"
    from . import _jit
    _jit.warm_up_mode = "off"


def compile_kernel(name: str) -> tuple[str, float, str | None]:
    """Compile one kernel's declared signatures here: (name, CPU seconds, None or a line
    saying why it failed)."""
    from . import _jit
    _compile_in_line()
    started = time.process_time()
    try:
        _jit.compile_declared(name)
    except Exception as exc:
        return name, time.process_time() - started, f"{name}: {type(exc).__name__}: {exc}"
    return name, time.process_time() - started, None


def default_processes() -> int:
    """One process per core this process may use, at most 4 (more gain little: the longest
    kernel's compile bounds the time)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(4, cores or 1))


def compile_kernels(names: list[str], processes: int = 1) -> list[tuple[str, float, str | None]]:
    """Compile the kernels ``names`` in ``processes`` processes (1: in this one), longest
    first; (name, CPU seconds, failure or None) of each."""
    names = sorted(names, key=lambda name: -COMPILE_SECONDS.get(name, 2.0))
    if processes <= 1:
        return [compile_kernel(name) for name in names]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    # "fork" where there is one: each process starts with numba and every kernel module
    # imported (a second each that "spawn" spends importing them again). Safe here: this
    # process has run no kernel, so it holds no thread (neither Numba's threading layer nor
    # _jit.run_chunks' pool) that a fork could copy in the middle of its work.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    results = []
    with ProcessPoolExecutor(processes, mp_context=context,
                             initializer=_compile_in_line) as pool:
        futures = [pool.submit(compile_kernel, name) for name in names]
        for name, future in zip(names, futures, strict=True):
            try:
                results.append(future.result())
            except Exception as exc:  # a worker died (BrokenProcessPool)
                results.append((name, 0.0, f"{name}: {type(exc).__name__}: {exc}"))
    return results


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
    """Compile the kernels named (or ``--all``) with ``[--processes N] [--timings]``, or print
    ``--cache-key`` or ``--list``; the exit status."""
    usage = ("usage: python -m pokerkeys._warm_up {KERNEL... | --all} [--processes N] "
             "[--timings] | --list | --cache-key")
    if argv == ["--cache-key"]:
        print(cache_key())
        return 0
    from . import _jit
    declared = list(_jit.declared_kernels())
    if argv == ["--list"]:
        print("\n".join(declared))
        return 0
    args, processes, timings = list(argv), 1, "--timings" in argv
    if timings:
        args.remove("--timings")
    if "--processes" in args:
        at = args.index("--processes")
        count = args[at + 1] if at + 1 < len(args) else ""
        if not count.isdigit():
            print(usage, file=sys.stderr)
            return 2
        processes = max(1, int(count))
        del args[at:at + 2]
    elif args[:1] == ["--all"]:
        processes = default_processes()
    names = declared if args == ["--all"] else args
    unknown = [name for name in names if name not in declared]
    if not names or unknown:
        print(usage if not names else f"pokerkeys: unknown kernel {unknown[0]!r} "
              "(python -m pokerkeys._warm_up --list names them)", file=sys.stderr)
        return 2
    if processes <= 1:
        _compile_in_line()
    results = compile_kernels(names, processes)
    for name, seconds, failure in results:
        if timings:
            print(f"{name} {seconds:.2f}")
        if failure is not None:
            print(f"pokerkeys: {failure}", file=sys.stderr)
    return 1 if any(failure for _, _, failure in results) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
