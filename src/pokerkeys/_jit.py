"""The one place Numba options are set.

Every kernel is compiled with ``cache=True`` (the machine code is written next to the module, or
to a per-user cache directory when the package folder is read-only, which Numba does by itself),
``nogil=True`` (callers may run kernels from threads) and ``boundscheck=False``. Integer kernels
need no fastmath. ``error_model='numpy'`` keeps division free of Python exception checks.
"""
from __future__ import annotations

import contextlib

import numba

_OPTIONS = dict(cache=True, nogil=True, boundscheck=False, error_model="numpy")


def kernel(fn=None, *, parallel: bool = False):
    """``@kernel`` / ``@kernel(parallel=True)``: compile with the project's Numba options."""
    def wrap(f):
        return numba.njit(parallel=parallel, **_OPTIONS)(f)
    return wrap(fn) if fn is not None else wrap


def inline(fn):
    """A small helper inlined at the Numba IR level, so hot loops carry no call overhead."""
    return numba.njit(inline="always", **_OPTIONS)(fn)


prange = numba.prange


def max_threads() -> int:
    return numba.config.NUMBA_NUM_THREADS


@contextlib.contextmanager
def threads(n: int | None):
    """Run parallel kernels inside the block on ``n`` threads (None: all available)."""
    if n is None:
        yield numba.get_num_threads()
        return
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"threads must be a positive integer, not {n!r}")
    n = min(n, max_threads())
    previous = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        yield n
    finally:
        numba.set_num_threads(previous)

