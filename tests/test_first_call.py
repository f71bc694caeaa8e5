"""The first run's NumPy answer (``equity.first_call``) counts exactly what the kernels count."""
import itertools

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys.equity import first_call, holdem

CASES = [  # (hands, board, dead)
    (["AhKh", "QsQd"], "", ""),
    (["AhKh", "QhJh"], "", ""),             # both suited in one suit: many flush boards
    (["2c2d", "7s2s", "AhKd"], "", ""),
    (["AhKh", "QsQd", "JcTc"], "2c7d9h", "5s"),
    (["AsAd", "KsKd", "8h9h", "2c3c"], "Th4h5d", "6h"),
    (["AcKc", "QhQd"], "2h7h9h", ""),
    (["AcKc", "QhQd"], "2h7h9hJh", ""),
    (["AcKc", "QhQd", "TdTs"], "2h7h9hJhJs", ""),
]


def _kernel_counts(setup):
    matchups, weights = holdem._enumeration(setup, forced=True)
    return holdem._exact_counts(matchups, weights, setup.board, setup.excluded,
                                setup.n_missing, setup.n_rem, None, None)


@pytest.mark.parametrize("hands,board,dead", CASES)
def test_numpy_counts_equal_the_kernels_to_the_last_board(hands, board, dead, monkeypatch):
    monkeypatch.setattr(_jit, "warm_up_mode", "off")  # the kernel, compiled in line
    setup = holdem.prepare(hands, board, dead)
    expected = _kernel_counts(setup)
    hole = np.array([p.known for p in setup.players], dtype=np.uint8)
    got = first_call.mask_counts(hole, setup.board, setup.excluded, setup.n_missing)
    assert got.dtype == expected.dtype and np.array_equal(got, expected)


@pytest.mark.parametrize("n,k", [(7, 0), (7, 1), (7, 3), (9, 5), (12, 4)])
def test_subset_sums_cover_every_subset_once(n, k):
    keys = (np.arange(n, dtype=np.uint32) + 1) ** 3
    flush = np.arange(n, dtype=np.uint64) * 1000 + 7
    key_sums, flush_sums = first_call.subset_sums(keys, flush, k)
    subsets = list(itertools.combinations(range(n), k))
    assert sorted(zip(key_sums.tolist(), flush_sums.tolist(), strict=False)) == sorted(
        (int(keys[list(s)].sum()), int(flush[list(s)].sum())) for s in subsets)


@pytest.mark.parametrize("board", ["", "2c7d9h"])
def test_equity_answers_from_numpy_while_the_kernel_is_not_ready(board, monkeypatch):
    monkeypatch.setattr(_jit, "warm_up_mode", "off")
    expected = pk.equity(["AhKh", "QsQd"], board=board)
    started = []
    monkeypatch.setattr(_jit, "warm_up_mode", "thread")
    monkeypatch.setattr(_jit, "answer_while_compiling", lambda kernel, *args: True)
    monkeypatch.setattr(_jit, "warm_up",
                        lambda kernel, *args: started.append(_jit.kernel_name(kernel)))
    got = pk.equity(["AhKh", "QsQd"], board=board)
    assert started == ["rank_classes.preflop_counts" if not board else "equity.exact_counts"]
    assert np.array_equal(got.mask_counts, expected.mask_counts)
    assert np.array_equal(got.equity, expected.equity)


@pytest.mark.parametrize("hands,board", [(["QQ+,AKs", "JJ-88,AQs+"], "2c7d9h"),
                                         (["AA", "KK", "AKs"], "2c7d9hTh"),
                                         (["QQ+:0.5", "JJ"], "2c7d9h5h5s")])
def test_ranges_on_a_board_are_counted_exactly_too(hands, board, monkeypatch):
    monkeypatch.setattr(_jit, "warm_up_mode", "off")
    expected = pk.equity(hands, board=board)
    monkeypatch.setattr(_jit, "warm_up_mode", "thread")
    monkeypatch.setattr(_jit, "answer_while_compiling", lambda kernel, *args: True)
    monkeypatch.setattr(_jit, "warm_up", lambda kernel, *args: None)
    got = pk.equity(hands, board=board)
    assert np.array_equal(got.mask_counts, expected.mask_counts)


def test_preflop_ranges_are_left_to_the_kernel(monkeypatch):
    monkeypatch.setattr(_jit, "answer_while_compiling", lambda kernel, *args: True)
    monkeypatch.setattr(_jit, "warm_up", lambda *a: pytest.fail("NumPy path for a range"))
    assert pk.equity(["AA", "KK"]).exact
    setup = holdem.prepare(["QQ:0.5", "JJ"], "2c7d9h")
    matchups, weights = holdem._enumeration(setup, forced=True)
    assert not first_call.fits(matchups, weights, setup.n_missing, setup.n_rem)


def test_ready_is_true_once_compiled():
    from pokerkeys._kernels.boards import free_cards
    args = (np.zeros(52, np.uint8), np.uint64(3))
    free_cards(*args)
    assert _jit.ready(free_cards, *args)


def test_ready_remembers_argument_kinds_not_values():
    # A ready kernel is remembered by the kinds of its arguments (dtype, dimensions, layout,
    # writeability; a scalar's type): other values of the same kinds are ready at once, while
    # another layout or dtype is another Numba type and is looked up again.
    from pokerkeys._kernels.boards import free_cards
    free_cards(np.zeros(52, np.uint8), np.uint64(3))
    assert _jit.ready(free_cards, np.zeros(52, np.uint8), np.uint64(3))
    assert _jit.ready(free_cards, np.ones(52, np.uint8), np.uint64(7))
    assert not _jit.ready(free_cards, np.zeros(104, np.uint8)[::2], np.uint64(3))
    assert not _jit.ready(free_cards, np.zeros(52, np.float32), np.uint64(3))
    readonly = np.zeros(52, np.uint8)
    readonly.flags.writeable = False
    assert _jit._kind(readonly) != _jit._kind(np.zeros(52, np.uint8))
    assert _jit._kind(1 << 63) != _jit._kind(1) and _jit._kind([1]) is None
