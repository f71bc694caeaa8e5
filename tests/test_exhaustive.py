"""Exhaustive checks: every 5-card hand, 7-card category statistics, and large 6/7-card samples.

The pure-Python reference is too slow for millions of hands, so it is used two ways: directly on
one representative per rank, and through a vectorised lookup built from it (the class of a
5-card hand is determined by its sorted ranks and whether it is a flush; the reference ranks each
class). The lookup contains no pokerkeys data.
"""
from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
import reference as R

import pokerkeys as pk

HC = pk.HandCategory

COUNTS_5 = {
    HC.STRAIGHT_FLUSH: 40, HC.FOUR_OF_A_KIND: 624, HC.FULL_HOUSE: 3_744, HC.FLUSH: 5_108,
    HC.STRAIGHT: 10_200, HC.THREE_OF_A_KIND: 54_912, HC.TWO_PAIR: 123_552,
    HC.PAIR: 1_098_240, HC.HIGH_CARD: 1_302_540,
}
COUNTS_7 = {
    HC.STRAIGHT_FLUSH: 41_584, HC.FOUR_OF_A_KIND: 224_848, HC.FULL_HOUSE: 3_473_184,
    HC.FLUSH: 4_047_644, HC.STRAIGHT: 6_180_020, HC.THREE_OF_A_KIND: 6_461_620,
    HC.TWO_PAIR: 31_433_400, HC.PAIR: 58_627_800, HC.HIGH_CARD: 23_294_460,
}
assert sum(COUNTS_5.values()) == comb(52, 5) == 2_598_960
assert sum(COUNTS_7.values()) == comb(52, 7) == 133_784_560

_POW13 = 13 ** np.arange(5)


@pytest.fixture(scope="module")
def ref5_table() -> np.ndarray:
    """table[flush, code(sorted ranks)] = reference rank 1..7462 (0 = impossible)."""
    rank_of = R.class_rank_map()
    table = np.zeros((2, 13 ** 5), dtype=np.uint16)
    for ranks in itertools.combinations_with_replacement(range(13), 5):  # ascending
        if max(Counter(ranks).values()) > 4:
            continue
        code = int(np.dot(ranks, _POW13))
        table[0, code] = rank_of[R.key_from_ranks(ranks, flush=False)]
        if len(set(ranks)) == 5:
            table[1, code] = rank_of[R.key_from_ranks(ranks, flush=True)]
    return table


def ref5_vectorised(table: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """Reference rank of each row of an (N, 5) array of card ids."""
    h = hands.astype(np.int64)
    ranks = np.sort(h >> 2, axis=1)
    suits = h & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    return table[flush.astype(np.intp), ranks @ _POW13]


def ref_best_vectorised(table: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """Reference rank of (N, k) hands, k = 5..7: max over the 5-card subsets."""
    best = np.zeros(len(hands), dtype=np.uint16)
    for cols in itertools.combinations(range(hands.shape[1]), 5):
        np.maximum(best, ref5_vectorised(table, hands[:, list(cols)]), out=best)
    return best


@pytest.fixture(scope="module")
def all_five() -> np.ndarray:
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                       dtype=np.uint8, count=comb(52, 5) * 5)
    return flat.reshape(-1, 5)


@pytest.fixture(scope="module")
def all_five_ranks(all_five) -> np.ndarray:
    ranks = pk.evaluate_batch(all_five)
    assert ranks.dtype == np.uint16
    assert ranks.shape == (comb(52, 5),)
    return ranks


def test_vectorised_reference_agrees_with_reference(ref5_table):
    # The lookup itself against the plain reference, on the representatives and a sample.
    table = ref5_table
    reps = np.array([R.representative(k) for k in R.all_class_keys()], dtype=np.uint8)
    assert ref5_vectorised(table, reps).tolist() == list(range(1, 7463))
    rng = np.random.default_rng(5)
    sample = np.argsort(rng.random((2000, 52)), axis=1)[:, :7].astype(np.uint8)
    assert ref_best_vectorised(table, sample).tolist() == [R.reference_rank(h) for h in sample]


def test_all_five_card_category_counts(all_five_ranks):
    cats = pk.category(all_five_ranks)
    counts = np.bincount(cats, minlength=10)
    assert counts[0] == 0
    assert {HC(c): int(counts[c]) for c in range(1, 10)} == COUNTS_5


def test_all_five_card_distinct_ranks(all_five_ranks):
    distinct = np.unique(all_five_ranks)
    assert len(distinct) == 7462
    assert distinct[0] == 1 and distinct[-1] == 7462


def test_all_five_card_same_order_as_reference(all_five, all_five_ranks):
    distinct, first = np.unique(all_five_ranks, return_index=True)
    keys = [R.rank5(all_five[i]) for i in first]
    # strictly increasing: pokerkeys' order of classes is the reference's order
    assert all(a < b for a, b in zip(keys, keys[1:], strict=False))
    # a bijection onto the reference's 7462 classes
    assert len(set(keys)) == 7462
    assert set(keys) == set(R.all_class_keys())


def test_all_five_card_ranks_equal_reference(all_five, all_five_ranks, ref5_table):
    """Every single hand (not just representatives) gets the reference's rank."""
    expected = ref5_vectorised(ref5_table, all_five)
    mismatch = np.flatnonzero(expected != all_five_ranks)
    assert mismatch.size == 0, [
        (pk.format_cards(all_five[i]), int(all_five_ranks[i]), int(expected[i]))
        for i in mismatch[:10]]


def test_all_five_card_hands_per_rank(all_five_ranks):
    """Hands per class computed combinatorially from the reference classes."""
    rank_of = R.class_rank_map()
    expected = np.zeros(7463, dtype=np.int64)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        c = Counter(ranks)
        if max(c.values()) > 4:
            continue
        n = 1
        for m in c.values():
            n *= comb(4, m)
        if len(c) == 5:
            expected[rank_of[R.key_from_ranks(ranks, flush=True)]] += 4
            n -= 4
        expected[rank_of[R.key_from_ranks(ranks, flush=False)]] += n
    np.testing.assert_array_equal(np.bincount(all_five_ranks, minlength=7463), expected)


def test_all_five_card_evaluate_spot_check(all_five, all_five_ranks):
    idx = np.random.default_rng(1).choice(len(all_five), 2000, replace=False)
    for i in idx:
        assert pk.evaluate(all_five[i]) == int(all_five_ranks[i])


@pytest.mark.slow
def test_stats_category_counts_7():
    counts = pk.stats.category_counts(7)
    assert {HC(k): int(v) for k, v in counts.items()} == COUNTS_7
    assert all(isinstance(k, HC) for k in counts)
    assert sum(counts.values()) == 133_784_560


def test_stats_category_counts_5():
    counts = pk.stats.category_counts(5)
    assert {HC(k): int(v) for k, v in counts.items()} == COUNTS_5
    assert all(isinstance(k, HC) for k in counts)


@pytest.mark.slow
def test_stats_distinct_ranks():
    assert pk.stats.distinct_ranks(5) == 7462
    assert pk.stats.distinct_ranks(7) == 4824


@pytest.mark.parametrize("k", [6, 7])
def test_random_sample_matches_reference(k, ref5_table):
    rng = np.random.default_rng(600 + k)
    hands = np.argsort(rng.random((200_000, 52)), axis=1)[:, :k].astype(np.uint8)
    ranks = pk.evaluate_batch(hands)
    expected = ref_best_vectorised(ref5_table, hands)
    mismatch = np.flatnonzero(expected != ranks)
    assert mismatch.size == 0, [
        (pk.format_cards(hands[i]), int(ranks[i]), int(expected[i])) for i in mismatch[:10]]
    # and the plain reference's category on a subsample
    cats = pk.category(ranks[:2000])
    assert cats.tolist() == [R.category_of(h) for h in hands[:2000]]
