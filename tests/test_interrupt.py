"""Ctrl-C and SIGTERM stop long jobs within about a second.

Each test starts a real process, waits until the long kernel call is under way (the script
wraps the kernel to print a marker on its first call, after a small warm-up run has compiled
it), sends the signal and measures how long the process takes to exit. A kernel call holds
the interpreter until it returns, so this only passes when long jobs run in short calls.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from child_processes import popen

# Generous for a loaded 2-core host (kernel calls are cut to about 0.05-0.2 s, and the process
# still has to exit); before the fix these jobs ran on for 60-90 s after Ctrl-C.
STOP_WITHIN = 5.0
READY = "READY"

# Wraps kernel MODULE.NAME so that its first call prints READY (the job is in the kernel).
_MARK = textwrap.dedent("""
    import sys, importlib, time
    def mark(module, name, delay=0.0):
        # delay: seconds added to every call, so that a job that would finish within the
        # test's settle time on a quiet host is still running when the signal comes
        mod = importlib.import_module(module)
        inner = getattr(mod, name)
        def wrapped(*args):
            if not wrapped.seen:
                wrapped.seen = True
                print("READY", file=sys.stderr, flush=True)
            time.sleep(delay)
            return inner(*args)
        wrapped.seen = False
        setattr(mod, name, wrapped)
""")


def _start(body: str, env=None) -> subprocess.Popen:
    code = _MARK + textwrap.dedent(body)
    # Kernels compile in line (no answer from NumPy while a background build runs), so the
    # warm-up call compiles the kernel the job then runs.
    env = dict(os.environ if env is None else env, POKERKEYS_WARM_UP="off")
    # popen: the job starts with SIGINT's default action (Ctrl-C raises KeyboardInterrupt) also
    # when the test run itself ignores SIGINT, as a background or nohup job does
    return popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE, text=True, env=env)


def _wait_ready(proc: subprocess.Popen, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if READY in line:
            return
        if line == "" and proc.poll() is not None:
            raise AssertionError(f"the job ended before it was ready: {proc.returncode}\n"
                                 f"{proc.stderr.read()}")
    proc.kill()
    raise AssertionError("the job never reached its kernel")


def _interrupt(proc: subprocess.Popen, sig=signal.SIGINT, settle: float = 0.5):
    """Send `sig` once the kernel has run `settle` s; (seconds to exit, rc, stdout, stderr)."""
    _wait_ready(proc)
    time.sleep(settle)
    sent = time.monotonic()
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return float("inf"), proc.returncode, out, err
    return time.monotonic() - sent, proc.returncode, out, err


_API = """
    import pokerkeys as pk
    {warm}
    {mark}
    try:
        pk.equity({call})
    except KeyboardInterrupt:
        print("caught KeyboardInterrupt", flush=True)
        sys.exit(7)
    print("finished", flush=True)
"""

_CLI = """
    import pokerkeys as pk
    from pokerkeys.cli import main
    {warm}
    {mark}
    sys.exit(main({argv!r}))
"""

# (warm-up call, kernel to mark, API call, CLI arguments)
JOBS = {
    "monte-carlo": (
        "pk.equity(['AhKh', 'random'], trials=1000, seed=1)",
        "mark('pokerkeys._kernels.equity', 'monte_carlo_heads_up')",
        "['AhKh', 'random'], trials=3_000_000_000, seed=1",
        ["equity", "AhKh", "random", "--trials", "3000000000", "--no-progress"]),
    "monte-carlo-stderr": (
        "pk.equity(['AhKh', 'random', 'random'], trials=1000, seed=1)",
        "mark('pokerkeys._kernels.equity', 'monte_carlo_plain')",
        "['AhKh', 'random', 'random'], target_stderr=1e-9, seed=1",
        ["equity", "AhKh", "random", "random", "--stderr", "1e-9", "--no-progress"]),
    "exact-holdem": (  # a job this size runs on all threads (holdem.PARALLEL_MIN_EVALS)
        "pk.equity(['AhKh', 'random'], exact=True)",
        "mark('pokerkeys._kernels.rank_classes', 'preflop_counts')",
        "['AhKh', 'random', 'random'], exact=True",
        ["equity", "AhKh", "random", "random", "--exact", "--no-progress"]),
    "exact-omaha": (
        "pk.omaha_equity(['AsKsQdJd', '7h8h9cTc'], board='2c3d4h5s', exact=True)",
        "mark('pokerkeys._kernels.omaha', 'exact_counts')",
        "['AsKsQdJd', 'random'], board='2c7d9h', exact=True, game='omaha'",
        ["equity", "AsKsQdJd", "random", "--board", "2c7d9h", "--exact", "--game", "omaha",
         "--no-progress"]),
}


@pytest.mark.parametrize("job", sorted(JOBS))
def test_ctrl_c_stops_api_call(job):
    warm, mark, call, _ = JOBS[job]
    proc = _start(_API.format(warm=warm, mark=mark, call=call))
    seconds, rc, out, err = _interrupt(proc)
    assert "caught KeyboardInterrupt" in out, err
    assert rc == 7
    assert seconds < STOP_WITHIN, f"{job}: stopped {seconds:.1f} s after Ctrl-C"


@pytest.mark.parametrize("job", sorted(JOBS))
def test_ctrl_c_stops_cli(job):
    warm, mark, _, argv = JOBS[job]
    proc = _start(_CLI.format(warm=warm, mark=mark, argv=argv))
    seconds, rc, out, err = _interrupt(proc)
    assert rc == 130, err
    assert err.strip().splitlines()[-1] == "pokerkeys: interrupted"
    assert "Traceback" not in err
    assert seconds < STOP_WITHIN, f"{job}: stopped {seconds:.1f} s after Ctrl-C"


# stderr that says it is a terminal, so that the CLI draws its bar.
_TTY = """
class _Tty:
    def __init__(self, f):
        self._f = f
    def isatty(self):
        return True
    def __getattr__(self, name):
        return getattr(self._f, name)
sys.stderr = _Tty(sys.stderr)
"""


def test_ctrl_c_stops_cli_with_progress_bar():
    """The bar's callback runs between kernel calls too; the run stops as fast."""
    warm, mark, _, argv = JOBS["monte-carlo"]
    body = textwrap.dedent(_CLI.format(warm=warm, mark=mark, argv=argv[:-1])).replace(
        "from pokerkeys.cli import main",
        "from pokerkeys.cli import main\n" + _TTY)
    proc = _start(body)
    seconds, rc, out, err = _interrupt(proc, settle=1.5)
    assert rc == 130, err
    assert "it/s" in err or "it]" in err  # the bar was drawn
    assert seconds < STOP_WITHIN


# ---------------------------------------------------------------------------- bulk files
@pytest.fixture(scope="module")
def big_npy(tmp_path_factory) -> Path:
    """1.5 M random 7-card hands: several seconds to write as CSV with descriptions."""
    from pokerkeys.core.sampling import random_hands
    path = tmp_path_factory.mktemp("bulk") / "hands.npy"
    np.save(path, random_hands(1_500_000, 7, seed=3))
    return path


def _bulk(input: Path, output: Path, sig) -> tuple:
    body = f"""
        from pokerkeys.cli import main
        mark('pokerkeys.io.pipeline', 'rank_rows', delay=0.05)
        sys.exit(main(["eval-file", {str(input)!r}, "-o", {str(output)!r}, "--describe",
                       "--chunk-rows", "20000", "--no-progress"]))
    """
    return _interrupt(_start(body), sig, settle=1.0)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_interrupted_eval_file_leaves_nothing_behind(big_npy, tmp_path, sig):
    output = tmp_path / "ranked.csv"
    output.write_text("an earlier result\n")
    before = output.stat().st_mtime_ns
    seconds, rc, out, err = _bulk(big_npy, output, sig)
    assert rc == 128 + sig, err
    assert "Traceback" not in err
    assert seconds < STOP_WITHIN
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ranked.csv"]
    assert output.read_text() == "an earlier result\n"
    assert output.stat().st_mtime_ns == before


def test_interrupt_marker_works():
    """The marker itself: a wrapped kernel announces its first call (guards the tests above)."""
    proc = _start("""
        import pokerkeys as pk
        mark('pokerkeys._kernels.equity', 'monte_carlo_heads_up')
        pk.equity(['AhKh', 'random'], trials=1000, seed=1)
        print('done', flush=True)
    """, env={**os.environ})
    out, err = proc.communicate(timeout=240)
    assert READY in err and "done" in out


def test_a_matrix_run_leaves_an_ignored_sigint_ignored():
    """Started with SIGINT ignored (a background job, nohup), the heads-up matrix's deferral of
    Ctrl-C installs no handler: the signal stays ignored while it runs and after."""
    import signal

    from pokerkeys.preflop.exact import _deferred_interrupts
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with _deferred_interrupts() as caught:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert caught == []
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
