"""The `pokerkeys` command exits without the interpreter's teardown (``cli.run``), and still
does what an exit must: the exit code, all output flushed, exit handlers run, other threads
joined, a closed pipe tolerated."""
import os
import subprocess
import sys

SCRIPT = """
import atexit, sys, threading, time
import pokerkeys.cli
m = sys.modules["pokerkeys.cli.main"]

def slow_writer():
    time.sleep(0.3)
    print("thread done", flush=True)

def command(args):
    threading.Thread(target=slow_writer).start()
    atexit.register(lambda: print("exit handler ran"))
    sys.stdout.write("buffered, not flushed")
    return int(args.hands[0])

real_build = m.build_parser
def build_parser():
    parser = real_build()
    parser._subparsers._group_actions[0].choices["eval"].set_defaults(run=command)
    return parser
m.build_parser = build_parser
sys.argv = ["pokerkeys", "eval", sys.argv[1]]
m.run()
print("never reached")
"""


def _run(*args, **kwargs):
    return subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True,
                          text=True, timeout=120, **kwargs)


def test_run_exits_with_main_s_code_after_threads_handlers_and_flush():
    for code in (0, 3):
        done = _run(str(code))
        assert done.returncode == code, done.stderr
        assert done.stdout == "buffered, not flushedthread done\nexit handler ran\n"


def test_python_m_pokerkeys_and_errors_exit_as_before():
    ok = subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Ts"],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "rank 7462" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Xx"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("pokerkeys eval: error: ")
    usage = subprocess.run([sys.executable, "-m", "pokerkeys", "nonsense"],
                           capture_output=True, text=True, timeout=120)
    assert usage.returncode == 2 and "invalid choice" in usage.stderr


def test_a_closed_pipe_is_not_an_error():
    r, w = os.pipe()
    os.close(r)
    with os.fdopen(w, "w") as closed:
        done = subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Ts"],
                              stdout=closed, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_a_command_whose_kernels_ran_on_several_threads_exits():
    """Chunked kernels run on a pool of threads that outlives the call: ``run`` joins the
    command's other threads before it exits, so those must not be among them (they would wait
    for work forever)."""
    env = {**os.environ, "NUMBA_NUM_THREADS": "2"}
    proc = subprocess.run([sys.executable, "-m", "pokerkeys", "flops", "AA", "KK", "--threads",
                           "2", "--json"], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    assert '"flops"' in proc.stdout
