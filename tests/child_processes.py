"""Child processes that Ctrl-C reaches however the test run was started (imported by the tests
that send SIGINT; not a test module).

A shell starts a background job (``pytest ... &``, also under ``nohup``) with SIGINT ignored,
and an ignored signal stays ignored across ``exec``: Python then installs no KeyboardInterrupt
handler in the child, and a test's SIGINT does nothing. A signal the parent *catches*, though,
is reset to its default action by ``exec``; so while the child is started, the parent catches
SIGINT (with Python's own handler, as after an ordinary start), and the child starts as it would
from a terminal. Not ``preexec_fn``: it is unsafe when the parent has threads, and Numba's
worker threads run in the test process.
"""
from __future__ import annotations

import contextlib
import signal
import subprocess
import threading
from collections.abc import Iterator
from typing import Any


def sigint_ignored() -> bool:
    """Whether this process ignores SIGINT (a background job, or one started by such a job)."""
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


@contextlib.contextmanager
def _sigint_caught() -> Iterator[None]:
    """Catch SIGINT inside the block if it is ignored, so children started in it get the default."""
    if not sigint_ignored():
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def popen(args: Any, **kwargs: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen(args, **kwargs)``, the child starting with SIGINT's default action."""
    if threading.current_thread() is not threading.main_thread() and sigint_ignored():
        # signal.signal works in the main thread only; this fallback is rarely needed
        return subprocess.Popen(args, preexec_fn=_default_sigint, **kwargs)
    with _sigint_caught():
        return subprocess.Popen(args, **kwargs)
