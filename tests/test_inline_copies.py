"""Numba's inliner copying a callee's blocks in one pass (``pokerkeys._inline_copies``).

The kernels compile with it; these tests check that it is in force with the Numba installed,
that it leaves an inliner it does not recognise alone, and that inlined helpers of several
blocks (loops, branches, early returns, nested inlining) compute what plain Python does.
"""
from __future__ import annotations

import numpy as np
import pytest
from numba.core import inline_closurecall

from pokerkeys import _inline_copies, _jit


def test_in_force_with_the_installed_numba():
    """The kernels' module applies it on import; if a Numba upgrade changes the inliner, this
    fails, so the quicker compile is not lost unnoticed."""
    assert getattr(inline_closurecall.InlineWorker.inline_ir, "_copies_blocks_together", False)
    assert _inline_copies.share_block_copies() is True  # a second call changes nothing


def test_an_inliner_it_does_not_recognise_is_left_alone(monkeypatch):
    def other_inline_ir(self, caller_ir, block, i, callee_ir, callee_freevars,
                        arg_typs=None):
        return None

    monkeypatch.setattr(inline_closurecall.InlineWorker, "inline_ir", other_inline_ir)
    assert _inline_copies.share_block_copies() is False
    assert inline_closurecall.InlineWorker.inline_ir is other_inline_ir


@_jit.inline
def _count_below(xs, limit):
    n = 0
    for x in xs:
        if x < limit:
            n += 1
        elif x > 2 * limit:
            return -n
    return n


@_jit.inline
def _twice(xs, limit):
    a = _count_below(xs, limit)
    b = _count_below(xs, limit + 1)
    return a + b if a >= 0 else b


@_jit.kernel
def _inlined_sum(xs, limits):
    total = 0
    for limit in limits:
        total += _twice(xs, limit) * (1 if limit % 2 else -1)
    return total


def _python_sum(xs, limits):
    def count_below(limit):
        n = 0
        for x in xs:
            if x < limit:
                n += 1
            elif x > 2 * limit:
                return -n
        return n

    total = 0
    for limit in limits:
        a, b = count_below(limit), count_below(limit + 1)
        total += (a + b if a >= 0 else b) * (1 if limit % 2 else -1)
    return total


@pytest.mark.parametrize("seed", range(5))
def test_inlined_helpers_compute_what_python_does(seed):
    rng = np.random.default_rng(seed)
    xs = rng.integers(0, 60, size=40)
    limits = rng.integers(1, 40, size=12)
    assert _inlined_sum(xs, limits) == _python_sum(xs.tolist(), limits.tolist())
