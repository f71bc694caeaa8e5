"""The JIT cache keeps working when it is damaged, stale, foreign or raced.

Each case runs fresh Python processes on a private cache folder (NUMBA_CACHE_DIR). Most use
the smallest kernel, ``_kernels.boards.free_cards`` (compiled in a fraction of a second), since
what is tested is the cache, not the kernel; two first runs at once use the CLI's main job.
"""
import fcntl
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerkeys import _jit
from pokerkeys._kernels.boards import free_cards

SCRIPT = """
import numpy as np
from pokerkeys._kernels.boards import free_cards
out = np.zeros(52, np.uint8)
print(free_cards(out, np.uint64(0b1011)), out[:3].tolist())
"""
ANSWER = "49 [2, 4, 5]"
# Run as the package was before a change of its kernel sources: another fingerprint.
OLD_VERSION = "from pokerkeys import _jit; _jit._fingerprint = 'an older version'\n"


def _run(cache: Path, script: str = SCRIPT, **env) -> subprocess.CompletedProcess:
    full_env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), NUMBA_DEBUG_CACHE="1", **env)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=full_env, timeout=600)


def _loaded(run) -> bool:
    return "[cache] data loaded from" in run.stdout


def _answer(run) -> str:
    assert run.returncode == 0, run.stderr
    return [line for line in run.stdout.splitlines() if not line.startswith("[cache]")][-1]


def _cache_files(cache: Path, suffix: str) -> list[Path]:
    return sorted(p for p in cache.rglob(f"*{suffix}") if "free_cards" in p.name)


def test_a_cache_is_saved_and_then_loaded(tmp_path):
    first = _run(tmp_path)
    assert _answer(first) == ANSWER and not _loaded(first)
    assert _cache_files(tmp_path, ".nbc") and _cache_files(tmp_path, ".nbi")
    second = _run(tmp_path)
    assert _answer(second) == ANSWER and _loaded(second)


@pytest.mark.parametrize("damage", ["truncated index", "garbage index", "truncated data",
                                    "garbage data", "empty data"])
def test_corrupt_cache_is_discarded_with_one_warning_and_rebuilt(tmp_path, damage):
    assert _answer(_run(tmp_path)) == ANSWER
    which, _, suffix = damage.rpartition(" ")
    for path in _cache_files(tmp_path, ".nbi" if suffix == "index" else ".nbc"):
        data = path.read_bytes()
        path.write_bytes({"truncated": data[:len(data) // 2], "garbage": b"\x80\x05garbage",
                          "empty": b""}[which])
    damaged = _run(tmp_path)
    assert _answer(damaged) == ANSWER
    assert "Traceback" not in damaged.stderr and "Unpickling" not in damaged.stdout
    lines = [line for line in damaged.stderr.splitlines() if line.strip()]
    # One warning naming the damaged file, then the note of the compile it causes.
    assert len(lines) == 2 and lines[0].startswith("pokerkeys: warning: discarded"), \
        damaged.stderr
    named = _cache_files(tmp_path, ".nbi" if suffix == "index" else ".nbc")[0].name
    assert f"{named}: " in lines[0], lines[0]
    assert lines[1] == "pokerkeys: compiling kernels on first use (once; the times shown " \
                       "exclude it)"
    rebuilt = _run(tmp_path)
    assert _answer(rebuilt) == ANSWER and _loaded(rebuilt)
    assert rebuilt.stderr.strip() == ""


def test_cache_of_an_older_version_is_never_loaded(tmp_path):
    old = _run(tmp_path, OLD_VERSION + SCRIPT)
    assert _answer(old) == ANSWER and _loaded(_run(tmp_path, OLD_VERSION + SCRIPT))
    new = _run(tmp_path)
    assert _answer(new) == ANSWER and not _loaded(new)
    assert _loaded(_run(tmp_path))


def test_fingerprint_follows_every_kernel_source(tmp_path, monkeypatch):
    package = tmp_path / "pokerkeys"
    (package / "_kernels").mkdir(parents=True)
    for name in ("_jit.py", "_layout.py", "_kernels/a.py", "_kernels/b.py"):
        (package / name).write_text(f"# {name}\n")
    monkeypatch.setattr(_jit, "_PACKAGE", package)
    prints = []
    for edit in (None, "_kernels/b.py", "_layout.py", "_jit.py"):
        if edit:
            (package / edit).write_text("# changed\n")
        monkeypatch.setattr(_jit, "_fingerprint", None)
        prints.append(_jit.source_fingerprint())
    assert len(set(prints)) == 4


def test_the_cache_key_holds_the_fingerprint():
    sig = tuple(free_cards.typeof_pyval(a) for a in (np.zeros(52, np.uint8), np.uint64(1)))
    key = free_cards._cache._index_key(sig, free_cards.targetctx.codegen())
    assert key[-1] == _jit.source_fingerprint()


def test_cache_built_on_another_cpu_is_not_used(tmp_path):
    other = _run(tmp_path, NUMBA_CPU_NAME="generic")
    assert _answer(other) == ANSWER
    here = _run(tmp_path)
    assert _answer(here) == ANSWER and not _loaded(here)
    assert _loaded(_run(tmp_path))


def _cli(cache: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    env.pop("POKERKEYS_WARM_UP", None)
    return subprocess.Popen([sys.executable, "-m", "pokerkeys", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def _wait_for_warm_up(cache: Path, job: str) -> None:
    """Block until no warm-up child holds the job's lock (it holds it while it compiles)."""
    env_before = os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = str(cache)
    try:
        lock_path = _jit.warm_up_lock_path(job)
    finally:
        if env_before is None:
            del os.environ["NUMBA_CACHE_DIR"]
        else:
            os.environ["NUMBA_CACHE_DIR"] = env_before
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        fcntl.flock(lock, fcntl.LOCK_UN)


def test_two_first_runs_at_once_both_answer_and_leave_a_good_cache(tmp_path):
    runs = [_cli(tmp_path, "equity", "AhKh", "QsQd") for _ in range(2)]
    outputs = [r.communicate(timeout=600) for r in runs]
    for run, (out, err) in zip(runs, outputs, strict=False):
        assert run.returncode == 0, err
        assert "AhKh     46.214%   46.018%    0.393%" in out
        assert "1,712,304 showdowns" in out
        assert err == "pokerkeys: kernels are being compiled in the background for the next runs\n"
    _wait_for_warm_up(tmp_path, "rank_classes.preflop_counts")
    later = _cli(tmp_path, "equity", "AhKh", "QsQd")
    out, err = later.communicate(timeout=600)
    assert later.returncode == 0 and "AhKh     46.214%" in out
    assert err == "", err  # no compile note, no warning: the kernel came from the cache


def test_compute_clock_stops_while_compiling_and_one_note_is_given(monkeypatch):
    import threading
    import time

    import numba
    notes = []
    monkeypatch.setattr(_jit, "on_compile", notes.append)
    monkeypatch.setattr(_jit, "_announced", False)
    tid = threading.get_ident()
    compiled_before = _jit._compile_seconds.get(tid, 0.0)
    wall, clock = time.perf_counter(), _jit.compute_clock()
    assert numba.njit(lambda x: x * 3 + 1)(2) == 7  # no cache: always compiles
    assert numba.njit(lambda x: x * 5 + 1)(2) == 11
    wall, clock = time.perf_counter() - wall, _jit.compute_clock() - clock
    compiling = _jit._compile_seconds[tid] - compiled_before
    assert compiling > 0
    assert abs((wall - compiling) - clock) < 1e-3
    assert notes == ["compiling kernels on first use (once; the times shown exclude it)"]


def test_a_cached_kernel_loads_without_numbas_compile_registries(tmp_path):
    """A warm run loads machine code only: Numba's lowering registries (imported by a compile,
    a fifth of a second) stay unloaded, and the kernel answers as compiled."""
    probe = SCRIPT + "import sys; print('registries', 'numba.np.linalg' in sys.modules)\n"
    compiled = _run(tmp_path, probe)
    assert compiled.returncode == 0, compiled.stderr
    assert "registries True" in compiled.stdout
    loaded = _run(tmp_path, probe)
    assert _loaded(loaded)
    lines = [line for line in loaded.stdout.splitlines() if not line.startswith("[cache]")]
    assert lines == [ANSWER, "registries False"]


SAVE_SIGNATURES = """
import sys
import time
import numpy as np
from numba.core.caching import IndexDataCacheFile
from pokerkeys._kernels.boards import free_cards
write_index = IndexDataCacheFile._save_index
def slow_write_index(self, overloads):
    time.sleep(0.2)  # widen the window between reading the index and writing it back
    write_index(self, overloads)
IndexDataCacheFile._save_index = slow_write_index
for dtype in sys.argv[1:]:
    out = np.zeros(52, dtype)
    assert free_cards(out, np.uint64(0b1011)) == 49
"""


def test_processes_saving_one_kernels_signatures_at_once_keep_them_all(tmp_path):
    """Numba saves a signature by rewriting its function's index: two processes doing it at
    once (the wheel build compiles in several) must not lose one, nor share a data file."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    shares = [["uint8", "int16", "int64", "float64"], ["uint16", "int32", "uint64", "float32"]]
    runs = [subprocess.Popen([sys.executable, "-c", SAVE_SIGNATURES, *dtypes], env=env,
                             stderr=subprocess.PIPE, text=True) for dtypes in shares]
    for run in runs:
        assert run.wait(timeout=600) == 0, run.stderr.read()
    every = [dtype for dtypes in shares for dtype in dtypes]
    data_files = _cache_files(tmp_path, ".nbc")
    assert len(data_files) == len(every)
    again = _run(tmp_path, f"import sys; sys.argv[1:] = {every!r}\n{SAVE_SIGNATURES}")
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("[cache] data loaded from") == len(every)
    assert "[cache] data saved to" not in again.stdout
