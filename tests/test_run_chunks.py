"""``_jit.run_chunks``: guided blocks over the chunks, and checks between blocks that stop a
call (``interrupt_between_blocks``, how the web app stops a job within a round)."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import _jit


class Stop(Exception):
    pass


def _fill(first, end, out):
    """A chunked 'kernel' in plain Python: marks its chunks."""
    out[first:end] += 1


@pytest.mark.parametrize("n_chunks, n_threads, largest", [
    (64, 2, None), (1000, 2, None), (7, 2, None), (1, 1, None), (64, 1, 4), (1000, 2, 63),
    (5, 2, 1),
])
def test_blocks_cover_every_chunk_once_none_too_large(n_chunks, n_threads, largest):
    bounds = _jit._block_bounds(n_chunks, n_threads, largest)
    assert bounds[0] == 0 and bounds[-1] == n_chunks
    sizes = np.diff(bounds)
    assert (sizes > 0).all()
    if largest is not None:
        assert sizes.max() <= largest
    else:  # guided: never growing
        assert (np.diff(sizes) <= 0).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_a_check_runs_before_each_block_and_its_exception_stops_the_call(threads):
    out = np.zeros(320, dtype=np.int64)
    calls = []

    def check():
        calls.append(int(out.sum()))
        if len(calls) == 4:
            raise Stop("stopped")

    with _jit.interrupt_between_blocks(check), pytest.raises(Stop):
        _jit.run_chunks(_fill, 320, threads, out)
    assert len(calls) == 4
    assert out.max() <= 1  # no chunk twice
    assert 0 < out.sum() < 320  # stopped part-way: blocks of at most 320/16 chunks
    assert calls[0] == 0 or threads == 2


@pytest.mark.parametrize("threads", [1, 2])
def test_a_check_that_never_stops_changes_nothing(threads):
    out = np.zeros(100, dtype=np.int64)
    checks = []
    with _jit.interrupt_between_blocks(lambda: checks.append(1)):
        _jit.run_chunks(_fill, 100, threads, out)
    assert (out == 1).all()
    assert len(checks) >= 100 // _jit.INTERRUPTIBLE_BLOCKS  # the blocks were cut small
    n_checks = len(checks)  # outside the block, no check
    _jit.run_chunks(_fill, 100, threads, out)
    assert (out == 2).all() and len(checks) == n_checks


def test_the_check_is_this_threads_and_is_restored():
    first, second = [], []
    out = np.zeros(32, dtype=np.int64)
    with _jit.interrupt_between_blocks(lambda: first.append(1)):
        with _jit.interrupt_between_blocks(lambda: second.append(1)):
            _jit.run_chunks(_fill, 32, 1, out)
        n_second = len(second)
        _jit.run_chunks(_fill, 32, 1, out)
    assert n_second > 0 and len(second) == n_second and len(first) > 0
    seen = []
    with _jit.interrupt_between_blocks(lambda: seen.append(threading.current_thread().name)):
        worker = threading.Thread(target=_jit.run_chunks, args=(_fill, 32, 1, out))
        worker.start()
        worker.join()
    assert seen == []  # another thread's calls are not checked
    assert (out == 3).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_monte_carlo_under_checks_gives_the_same_counts_and_stops_mid_round(threads):
    hands = ["AhKh", "random", "random"]
    plain = pk.equity(hands, trials=600_000, seed=4, threads=threads)
    with _jit.interrupt_between_blocks(lambda: None):
        checked = pk.equity(hands, trials=600_000, seed=4, threads=threads)
    np.testing.assert_array_equal(checked.mask_counts, plain.mask_counts)
    calls = []

    def stop_soon():
        calls.append(1)
        if len(calls) == 3:
            raise Stop

    with _jit.interrupt_between_blocks(stop_soon), pytest.raises(Stop):
        pk.equity(hands, trials=10 ** 9, seed=4, threads=threads)
    assert len(calls) == 3
