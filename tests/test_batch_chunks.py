"""The batch evaluators on chunk kernels, their reused outputs, and the 7-card enumeration.

``evaluate_batch`` ranks chunks of rows on a thread pool (``_kernels.evaluate.rank_batch``):
the ranks and the count of bad rows must not depend on the number of threads or on where the
bad rows fall. Without ``out=`` it may hand out again an output its caller has let go of
(``core.evaluate._SpareOutputs``): never one that is still referenced in any way. The 7-card
enumeration counts hands by rank-table index in uint16 histograms per block: its rank
histogram must equal one made by evaluating the same hands another way.
"""
from __future__ import annotations

import weakref

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import _jit
from pokerkeys._kernels import enumerate as enum_kernels
from pokerkeys._kernels.evaluate import BATCH_CHUNK
from pokerkeys.core import counts
from pokerkeys.core.evaluate import _SPARE_OUTPUTS, BATCH_KERNELS, _SpareOutputs
from pokerkeys.core.tables import eval_tables


@pytest.mark.parametrize("n", [5, 6, 7])
def test_rank_batch_same_on_one_and_two_threads(make_hands, two_numba_threads, n):
    """Ranks and the bad-row count of 5 chunks and a tail, bad rows spread over the chunks."""
    total = 5 * BATCH_CHUNK + 7
    hands = make_hands(total, n)
    bad_at = [0, BATCH_CHUNK - 1, BATCH_CHUNK + 3, 4 * BATCH_CHUNK, total - 1]
    for i, row in enumerate(bad_at):
        if i % 2:
            hands[row, 1] = hands[row, 0]  # a card twice
        else:
            hands[row, 0] = 52 + i  # an id outside 0..51
    tables = eval_tables(n).rank_batch_tuple()
    flat = hands.reshape(-1).view()
    flat.setflags(write=False)
    answers = []
    for threads in (1, 2):
        out = np.empty(total, dtype=np.uint16)
        with _jit.threads(threads):
            bad = BATCH_KERNELS[n](flat, out, *tables)
        answers.append((bad, out))
    assert answers[0][0] == answers[1][0] == len(bad_at)
    np.testing.assert_array_equal(answers[0][1], answers[1][1])
    assert (answers[0][1][bad_at] == 0).all()
    good = np.setdiff1d(np.arange(total), bad_at)
    expected = [pk.evaluate(row) for row in hands[good[::97]].tolist()]
    np.testing.assert_array_equal(answers[0][1][good[::97]], expected)


def test_spare_outputs_reused_only_when_let_go():
    spares = _SpareOutputs()
    n = spares._SMALLEST  # 2 MB of ranks
    first = spares.take(n)
    spares.keep(first)
    held = spares.take(n)  # `first` is still held here: a new array
    assert held is not first
    spares.keep(held)
    first_id = id(first)
    del first
    again = spares.take(n)  # nothing holds the first output any more
    assert id(again) == first_id
    spares.keep(again)
    view = again[:3]
    watched = weakref.ref(held)
    del again, held
    assert all(spares.take(n) is not a for a in (view.base, watched()))
    # too small or too large to keep
    small = spares.take(10)
    spares.keep(small)
    assert all(a is not small for a in spares._arrays)


@pytest.mark.parametrize("threads", [1, 2])
def test_evaluate_batch_reuses_a_dropped_output_with_the_right_ranks(make_hands, monkeypatch,
                                                                    two_numba_threads, threads):
    """On 2 threads too: a pool thread lets go of a call's arguments once it has run it."""
    monkeypatch.setattr(_SpareOutputs, "_SMALLEST", 2000)  # outputs of 1,000 hands are kept
    hands = make_hands(3 * BATCH_CHUNK, 7)
    reversed_hands = hands[::-1].copy()
    expected = np.empty(len(hands), dtype=np.uint16)
    pk.evaluate_batch(reversed_hands, threads=threads, out=expected)
    expected = expected[::-1].copy()
    monkeypatch.setattr(_SPARE_OUTPUTS, "_arrays", [])  # no earlier output to hand out
    first = pk.evaluate_batch(reversed_hands, threads=threads)
    first_id = id(first)
    del first
    ranks = pk.evaluate_batch(hands, threads=threads)
    assert id(ranks) == first_id
    np.testing.assert_array_equal(ranks, expected)
    held = pk.evaluate_batch(hands, threads=threads)
    assert held is not ranks
    np.testing.assert_array_equal(held, expected)


@pytest.mark.parametrize("rules", [None, "straight-beats-trips"])
def test_enumeration_histogram_matches_evaluate_batch_on_some_groups(rules):
    """The kernel's rank histogram of the hands of a few first-two-card pairs equals the
    histogram of the same hands ranked by the batch evaluator (both rule orders' tables)."""
    pairs, _ = counts._pair_groups(7)
    # pairs whose second card is 36 or more: 15 to 4,368 hands each
    chosen = pairs[np.flatnonzero(pairs[:, 1] >= 36)[::40]]
    assert len(chosen) >= 3
    starts = np.array([0, 1, len(chosen)], dtype=np.int64)
    histogram = enum_kernels.rank_histogram_7(chosen, starts, *counts._enumeration_tables_7(rules))
    rows = []
    for c0, c1 in chosen.tolist():
        rest = np.arange(c1 + 1, 52)
        for tail in _combinations(rest, 5):
            rows.append((c0, c1, *tail))
    hands = np.array(rows, dtype=np.uint8)
    if rules is None:
        ranks = pk.evaluate_batch(hands)
    else:  # rank 0 for a hand holding a card below the six, as the enumeration counts it
        ranks = pk.evaluate_batch(hands, game="shortdeck", rules=rules, invalid="zero")
    np.testing.assert_array_equal(histogram, np.bincount(ranks, minlength=len(histogram)))


def _combinations(cards: np.ndarray, k: int) -> list[tuple[int, ...]]:
    from itertools import combinations
    return list(combinations(cards.tolist(), k))
