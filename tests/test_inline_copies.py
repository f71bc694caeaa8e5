"""Numba's inliner copying a callee's blocks in one pass (``pokerkeys._inline_copies``).

The kernels compile with it; these tests check that it is in force with the Numba installed,
that it leaves an inliner it does not recognise alone, and that inlined helpers of several
blocks (loops, branches, early returns, nested inlining) compute what plain Python does.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from numba.core import inline_closurecall

from pokerkeys import _inline_copies, _jit


def test_in_force_with_the_installed_numba():
    """If a Numba upgrade changes the inliner, this fails, so the quicker compile is not lost
    unnoticed."""
    assert _inline_copies.share_block_copies() is True
    assert getattr(inline_closurecall.InlineWorker.inline_ir, "_copies_blocks_together", False)
    assert _inline_copies.share_block_copies() is True  # a second call changes nothing


def test_made_when_a_kernel_first_compiles_not_at_import(tmp_path):
    """A run whose kernels are all cached never imports the inliner (35 ms); the first compile
    puts the change in force before the compiler inlines anything."""
    script = textwrap.dedent("""
        import sys
        import pokerkeys, pokerkeys._jit as jit
        print("inliner imported:", "numba.core.inline_closurecall" in sys.modules)
        @jit.kernel
        def double(x):
            return 2 * x
        assert double(21) == 42
        from numba.core.inline_closurecall import InlineWorker
        print("in force:", getattr(InlineWorker.inline_ir, "_copies_blocks_together", False))
    """)
    (tmp_path / "first_compile.py").write_text(script)  # a file: kernels cache by source
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, str(tmp_path / "first_compile.py")],
                         capture_output=True, text=True, env=env, check=True,
                         timeout=120).stdout
    assert out.splitlines() == ["inliner imported: False", "in force: True"]


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
