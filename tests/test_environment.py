"""The suite holds however and wherever it is started.

A part of it runs in a child pytest started as a background job under ``nohup`` would be (SIGINT,
SIGQUIT and SIGHUP ignored, no terminal, stdin closed), with Numba limited to one thread and
a home folder that may not be written to. The part is chosen from the tests most likely to
depend on those conditions: Ctrl-C (tests/test_interrupt.py), thread counts, and the commands
and bulk files that might write into the home folder.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The child: ignores what a background job under nohup ignores, then runs pytest with stdin
# closed (the arguments after -c are pytest's).
_DETACHED = textwrap.dedent("""
    import signal, subprocess, sys
    for name in ("SIGINT", "SIGQUIT", "SIGHUP"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    sys.exit(subprocess.call([sys.executable, "-m", "pytest", *sys.argv[1:]],
                             stdin=subprocess.DEVNULL))
""")

PART = [
    "tests/test_interrupt.py::test_ctrl_c_stops_api_call[monte-carlo]",
    "tests/test_interrupt.py::test_ctrl_c_stops_cli[monte-carlo]",
    "tests/test_interrupt.py::test_interrupt_marker_works",
    "tests/test_evaluate.py::test_threads_do_not_change_results[7]",
    "tests/test_stats_games.py::test_what_comes_first_reproducible",
    "tests/test_cli_eval.py",
    "tests/test_cli_exit.py",
    "tests/test_cli_equity.py",
    "tests/test_io.py",
]


@pytest.mark.slow  # about 30-50 s: a child pytest of several files
def test_suite_part_holds_in_background_with_one_thread_and_read_only_home(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o555)  # root may write anyway: that nothing was written is checked below
    env = {k: v for k, v in os.environ.items()
           if k not in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                        "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")}
    env.update(HOME=str(home), NUMBA_NUM_THREADS="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", _DETACHED, "-q", "-p", "no:cacheprovider",
         "--basetemp", str(tmp_path / "base"), *PART],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # its own session: the child pytest and its jobs
        out, _ = proc.communicate()
        pytest.fail(f"the child pytest did not end within 600 s:\n{out[-4000:]}")
    finally:
        home.chmod(0o755)  # so that pytest can remove tmp_path
    assert proc.returncode == 0, out[-6000:]
    assert " passed" in out and "skipped" not in out, out[-2000:]
    assert sorted(p.name for p in home.iterdir()) == []
