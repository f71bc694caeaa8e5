"""The Monte Carlo kernels' card dealing: up to eight cards per 64-bit draw, exactly uniform."""
from __future__ import annotations

import numba
import numpy as np
import pytest
from test_deal import chi_square_p

from pokerkeys._kernels import bits
from pokerkeys._kernels.sampling import (
    DEAL_BLOCK,
    deal_cards,
    deal_plan,
    deal_stratified,
    first_stratum,
    strata,
)


@numba.njit(cache=False)
def _ordered_deals(free, n_deal, n_deals, seed):
    """Histogram of the ordered cards dealt from the mask `free`, coded in base 64 (-1 in
    hist[0] if a deal repeats a card or leaves the mask)."""
    n_free = 0
    for c in range(64):
        n_free += (free >> np.uint64(c)) & np.uint64(1)
    bounds, reject = deal_plan(np.int64(n_free), n_deal)
    dealt = np.zeros(len(bounds), dtype=np.uint64)
    hist = np.zeros(64 ** n_deal, dtype=np.int64)
    state = np.uint64(seed)
    for _ in range(n_deals):
        state = deal_cards(state, free, bounds, reject, dealt, np.uint64(n_deal), np.uint64(0))
        code = 0
        seen = np.uint64(0)
        for i in range(n_deal):
            c = dealt[i]
            if c >= 64 or (seen >> c) & np.uint64(1) or not (free >> c) & np.uint64(1):
                hist[0] = -1
                return hist
            seen |= np.uint64(1) << c
            code = code * 64 + np.int64(c)
        hist[code] += 1
    return hist


@pytest.mark.parametrize("free_cards, n_deal", [
    ((3, 9, 17, 30, 41, 50, 51), 3),   # 210 orderings
    ((0, 1, 2, 3, 4, 5), 2),
    ((5, 6, 7, 8, 9, 10, 11, 12, 13), 1),
    ((0, 25, 51), 3),                  # the whole mask
])
def test_every_ordered_deal_equally_likely(free_cards, n_deal):
    free = np.uint64(sum(1 << c for c in free_cards))
    n_deals = 400_000
    hist = _ordered_deals(free, n_deal, n_deals, 20261123)
    assert hist.min() >= 0, "a deal repeated a card or dealt one not free"
    n_orderings = int(np.prod(np.arange(len(free_cards) - n_deal + 1, len(free_cards) + 1)))
    possible = hist[hist > 0]
    assert len(possible) == n_orderings
    expected = n_deals / n_orderings
    stat = float(((possible - expected) ** 2 / expected).sum())
    assert chi_square_p(stat, n_orderings - 1) > 1e-4


@numba.njit(cache=False)
def _position_counts(free, n_free, n_deal, n_deals, seed, at0=0):
    """(counts, pairs): per position of dealt[at0:at0 + n_deal], how often each card was dealt
    (counts[0, 0] = -1 if a deal repeats a card, deals one not free, leaves a slot unfilled
    or writes before at0); with two blocks or more, how often each card ended the first block
    and each began the second."""
    bounds, reject = deal_plan(n_free, n_deal)
    dealt = np.full(at0 + len(bounds), 99, dtype=np.uint64)  # 99: a slot left unfilled
    counts = np.zeros((n_deal, 64), dtype=np.int64)
    pairs = np.zeros((64, 64), dtype=np.int64)
    state = np.uint64(seed)
    for _ in range(n_deals):
        state = deal_cards(state, free, bounds, reject, dealt, np.uint64(n_deal),
                           np.uint64(at0))
        for i in range(at0):
            if dealt[i] != 99:
                counts[0, 0] = -1
                return counts, pairs
        seen = np.uint64(0)
        for i in range(n_deal):
            c = dealt[at0 + i]
            if c >= 64 or (seen >> c) & np.uint64(1) or not (free >> c) & np.uint64(1):
                counts[0, 0] = -1
                return counts, pairs
            seen |= np.uint64(1) << c
            counts[i, c] += 1
        if n_deal > DEAL_BLOCK:
            # the last card of the first block against the first card of the second
            pairs[dealt[at0 + DEAL_BLOCK - 1], dealt[at0 + DEAL_BLOCK]] += 1
    return counts, pairs


def test_deals_longer_than_a_block_are_uniform_card_by_card_and_across_blocks():
    """15 of 48 cards (six players' hole cards and a board): two blocks. Every position holds
    every free card equally often, and the cards on both sides of the block boundary are
    independent apart from being distinct."""
    rng = np.random.default_rng(3)
    gone = rng.choice(52, 4, replace=False)
    free_cards = np.setdiff1d(np.arange(52), gone)
    free = np.uint64(sum(1 << int(c) for c in free_cards))
    n_deals = 480_000
    counts, pairs = _position_counts(free, len(free_cards), 15, n_deals, 99)
    assert counts.min() >= 0, "a deal repeated a card or dealt one not free"
    assert (counts[:, gone] == 0).all()
    expected = n_deals / 48
    for position in counts:
        stat = float(((position[free_cards] - expected) ** 2 / expected).sum())
        assert chi_square_p(stat, 47) > 1e-4
    cells = pairs[np.ix_(free_cards, free_cards)]
    assert np.trace(cells) == 0
    off = cells[~np.eye(48, dtype=bool)]
    expected = n_deals / (48 * 47)
    stat = float(((off - expected) ** 2 / expected).sum())
    assert chi_square_p(stat, 48 * 47 - 1) > 1e-4


@pytest.mark.parametrize("n_free, n_deal", [(8, 8), (9, 8), (16, 16), (12, 7)])
def test_a_block_deals_every_one_of_its_picks(n_free, n_deal):
    """Dealing every free card (the last bound is 1 there, a forced pick) or a full block
    deals every position, each card equally often."""
    free_cards = np.arange(3, 3 + n_free)
    free = np.uint64(sum(1 << int(c) for c in free_cards))
    n_deals = 40_000 * n_free
    counts, _ = _position_counts(free, n_free, n_deal, n_deals, 11)
    assert counts.min() >= 0, "a deal repeated a card, dealt one not free or left a slot"
    expected = n_deals / n_free
    for position in counts:
        assert position.sum() == n_deals
        stat = float(((position[free_cards] - expected) ** 2 / expected).sum())
        assert chi_square_p(stat, n_free - 1) > 1e-4


@pytest.mark.parametrize("n_free, n_deal", [(50, 7), (48, 15), (52, 25), (9, 9), (10, 1),
                                            (30, 25), (8, 0)])
def test_deal_plan_bounds_and_rejection_thresholds(n_free, n_deal):
    bounds, reject = deal_plan(n_free, n_deal)
    n_blocks = -(-n_deal // DEAL_BLOCK)
    assert len(bounds) == n_deal and len(reject) == n_blocks
    assert bounds.tolist() == [n_free - i for i in range(n_deal)]
    for b in range(n_blocks):
        product = int(np.prod([int(x) for x in bounds[b * DEAL_BLOCK:(b + 1) * DEAL_BLOCK]],
                              dtype=object))
        assert product < 2 ** 46  # so a block is redrawn less than once in 2**18
        assert int(reject[b]) == 2 ** 64 % product


@pytest.mark.parametrize("n_deal", range(1, 2 * DEAL_BLOCK + 2))
def test_every_number_of_picks_deals_uniformly_from_an_offset(n_deal):
    """A block makes as many picks as it has cards to deal (1 to 8): whatever that number,
    first block or last, it deals its positions uniformly, into dealt[at0:] and nowhere
    before."""
    free_cards = np.arange(2, 2 + 20)
    free = np.uint64(sum(1 << int(c) for c in free_cards))
    n_deals = 60_000
    counts, _ = _position_counts(free, 20, n_deal, n_deals, 1000 + n_deal, 3)
    assert counts.min() >= 0, "a deal repeated a card, dealt one not free or wrote before at0"
    expected = n_deals / 20
    for position in counts:
        assert position.sum() == n_deals
        stat = float(((position[free_cards] - expected) ** 2 / expected).sum())
        assert chi_square_p(stat, 19) > 1e-4


@numba.njit(cache=False)
def _strata_of(free, size):
    return strata(free, size)


@pytest.mark.parametrize("free_cards, size", [
    (range(52), 0), (range(50), 1), (range(3, 50), 2), (range(0, 52, 3), 2), ((7, 8), 2),
])
def test_strata_list_every_combination_once_shuffled(free_cards, size):
    from itertools import combinations
    free = np.uint64(sum(1 << c for c in free_cards))
    masks, cards = _strata_of(free, size)
    expected = list(combinations(sorted(free_cards), size))
    assert cards.shape == (len(expected), 2)
    rows = [tuple(row[:size]) for row in cards.tolist()]
    assert sorted(rows) == expected
    assert (cards[:, size:] == 0).all()
    assert masks.tolist() == [sum(1 << c for c in combo) for combo in rows]
    if len(rows) > 100:  # shuffled: the first card of neighbours is not in runs
        runs = sum(a[0] == b[0] for a, b in zip(rows[:-1], rows[1:], strict=True))
        assert runs < 0.2 * len(rows)
    again = _strata_of(free, size)  # the same order every time
    np.testing.assert_array_equal(again[1], cards)


@numba.njit(cache=False)
def _stratified(free, size, n_rest, n_chunks, n_trials, seed):
    """(first, visits, rest): over n_chunks chunks of n_trials stratified deals, the stratum
    each chunk started at, how often each stratum came up in each chunk, and per position of
    the random rest how often each card was dealt (rest[0, 0] = -1 if a deal repeats a card
    or deals one not free or not after the stratum's)."""
    masks, cards = strata(free, size)
    n_free = 0
    for c in range(64):
        n_free += (free >> np.uint64(c)) & np.uint64(1)
    bounds, reject = deal_plan(np.int64(n_free) - size, n_rest)
    dealt = np.zeros(size + n_rest + 2, dtype=np.uint64)
    first = np.zeros(n_chunks, dtype=np.int64)
    visits = np.zeros((n_chunks, len(masks)), dtype=np.int64)
    rest = np.zeros((max(n_rest, 1), 64), dtype=np.int64)
    for chunk in range(n_chunks):
        state, at = first_stratum(np.uint64(seed + chunk * 7919), len(masks))
        first[chunk] = at
        for _ in range(n_trials):
            was = at
            state, at = deal_stratified(state, at, masks, cards, free, bounds, reject, dealt,
                                         np.uint64(n_rest), size)
            visits[chunk, was] += 1
            seen = np.uint64(0)
            for i in range(size + n_rest):
                c = dealt[i]
                if (i < size and c != cards[was, i]) or (seen >> c) & np.uint64(1) \
                        or not (free >> c) & np.uint64(1):
                    rest[0, 0] = -1
                    return first, visits, rest
                seen |= np.uint64(1) << c
                if i >= size:
                    rest[i - size, c] += 1
    return first, visits, rest


@pytest.mark.parametrize("size, n_rest", [(2, 5), (1, 3), (2, 0), (2, 9), (0, 4)])
def test_stratified_deals_visit_every_stratum_in_turn_and_deal_the_rest_at_random(size,
                                                                                  n_rest):
    """A chunk starts at a uniformly random stratum and runs through them in turn, so each
    comes up equally often (to one); the rest of the deal avoids the stratum's cards and is
    uniform over the others."""
    free_cards = np.arange(1, 1 + 16)
    free = np.uint64(sum(1 << int(c) for c in free_cards))
    n_strata = len(_strata_of(free, size)[0])
    n_trials = 3 * n_strata + n_strata // 2 + 1
    n_chunks = 40 if size else 2
    first, visits, rest = _stratified(free, size, n_rest, n_chunks, n_trials, 77 + size)
    assert rest.min() >= 0, "a deal repeated a card, dealt one not free or not the stratum's"
    assert (visits.max(axis=1) - visits.min(axis=1) <= 1).all()
    assert (visits.sum(axis=1) == n_trials).all()
    if size:
        assert len(set(first.tolist())) > 1  # the start is drawn, not fixed
    for position in rest[:n_rest]:
        expected = n_chunks * n_trials / 16
        stat = float(((position[free_cards] - expected) ** 2 / expected).sum())
        assert chi_square_p(stat, 15) > 1e-4


def test_a_chunks_first_stratum_is_uniform():
    @numba.njit(cache=False)
    def starts(n_strata, n):
        out = np.zeros(n_strata, dtype=np.int64)
        for i in range(n):
            out[first_stratum(np.uint64(i * 0x9E3779B9), n_strata)[1]] += 1
        return out

    counts = starts(1225, 1_225_000)
    stat = float(((counts - 1000) ** 2 / 1000).sum())
    assert chi_square_p(stat, 1224) > 1e-4


@numba.njit(cache=False)
def _nth_bits(masks, portable):
    out = np.full((len(masks), 64), -1, dtype=np.int64)
    for m in range(len(masks)):
        mask = masks[m]
        n = bits.popcount64(mask)
        for i in range(n):
            if portable:
                bit = bits.nth_set_bit_portable(mask, np.uint64(i))
            else:
                bit = bits.nth_set_bit(mask, np.uint64(i))
            out[m, i] = np.int64(bits.trailing_zeros64(bit))
    return out


def test_nth_set_bit_both_ways():
    """The deal's card pick, with PDEP where the CPU has a fast one and the portable binary
    search elsewhere: both name the i-th free card, so a seed deals the same cards on any
    CPU."""
    rng = np.random.default_rng(8)
    masks = np.concatenate([rng.integers(0, 2 ** 52, 300, dtype=np.uint64),
                            rng.integers(0, 2 ** 63, 100, dtype=np.uint64),
                            np.array([1, 2 ** 51, 2 ** 52 - 1, 2 ** 63 - 1], dtype=np.uint64)])
    expected = np.full((len(masks), 64), -1, dtype=np.int64)
    for m, mask in enumerate(masks.tolist()):
        ones = [c for c in range(64) if mask >> c & 1]
        expected[m, :len(ones)] = ones
    np.testing.assert_array_equal(_nth_bits(masks, True), expected)
    np.testing.assert_array_equal(_nth_bits(masks, False), expected)


def _implied_probabilities(keep, alias):
    """P(row) under the alias draw: its own kept share plus what every row aliased to it lends."""
    n = len(keep)
    kept = keep.astype(np.float64) / 2.0 ** 63
    p = kept / n
    np.add.at(p, alias, (1.0 - kept) / n)
    return p


@pytest.mark.parametrize("weights", [
    [1.0],
    [1.0, 1.0, 1.0, 1.0],
    [0.5, 1.0, 0.25, 1.0, 1.0, 0.1],
    list(np.random.default_rng(7).random(1326)),
    [1e-9, 1.0, 1.0],
])
def test_alias_table_draws_each_row_with_its_weight(weights):
    from pokerkeys.core.sampling import alias_table
    keep, alias = alias_table(weights)
    assert keep.dtype == np.uint64 and (keep <= np.uint64(1 << 63)).all()
    assert ((alias >= 0) & (alias < len(weights))).all()
    w = np.asarray(weights)
    np.testing.assert_allclose(_implied_probabilities(keep, alias), w / w.sum(), rtol=1e-9,
                               atol=1e-15)


@pytest.mark.parametrize("hands, board, dead", [
    (["AhKh", "random"], None, None),
    (["AhKh", "QsQd"], None, None),
    (["Ah??", "random"], "2c7d9h", "5s"),
    (["random", "Kd??"], "2c7d9hTs", None),
    (["random", "random"], None, "AcAd"),
])
def test_heads_up_kernel_deals_like_the_general_one(hands, board, dead):
    """monte_carlo_heads_up keeps two players in registers; from the same seeds it must give
    exactly the counts of monte_carlo_plain."""
    from pokerkeys._kernels import equity as kernels
    from pokerkeys.core.evaluate import kernel_args
    from pokerkeys.core.sampling import spawn_seeds
    from pokerkeys.core.tables import eval_tables
    from pokerkeys.equity.driver import chunk_sizes
    from pokerkeys.equity.monte_carlo import monte_carlo_args
    from pokerkeys.equity.setup import prepare
    args = monte_carlo_args(prepare(hands, board, dead))
    sizes = chunk_sizes(300_000, 50_000)
    seeds = spawn_seeds(np.random.SeedSequence(5), len(sizes))
    tables = eval_tables(7).batch_tuple()
    def counts(kernel, tables):
        out = np.zeros((len(seeds), 5), dtype=np.int64)
        kernel(0, len(seeds), out, *args, seeds, sizes, 1000, *tables)
        return out

    plain = counts(kernels.monte_carlo_plain, tables)
    heads_up = counts(kernels.monte_carlo_heads_up, tables)
    np.testing.assert_array_equal(heads_up, plain)
    # and the general kernel (ranges, the one-card-at-a-time deal) agrees within noise
    general = counts(kernels.monte_carlo_counts, kernel_args(7))
    share = plain[:, :-1].sum(axis=0) / plain[:, :-1].sum()
    other = general[:, :-1].sum(axis=0) / general[:, :-1].sum()
    assert np.abs(share - other).max() < 6 * np.sqrt(share * (1 - share) / 300_000).max() + 1e-9


def test_chunk_seeds_depend_on_the_seed_and_the_chunk_index_only():
    """Seeds of chunks 0..n-1 are the same whether a run asks for them at once or round by
    round (the driver's rounds, distributed tasks), distinct, and change with the seed."""
    from pokerkeys.core.sampling import spawn_seeds
    whole = spawn_seeds(np.random.SeedSequence(11), 300)
    parts = np.concatenate([spawn_seeds(np.random.SeedSequence(11), 32),
                            spawn_seeds(np.random.SeedSequence(11), 64, first=32),
                            spawn_seeds(np.random.SeedSequence(11), 204, first=96)])
    assert whole.dtype == np.uint64
    np.testing.assert_array_equal(whole, parts)
    assert len(np.unique(whole)) == 300
    other = spawn_seeds(np.random.SeedSequence(12), 300)
    assert not np.isin(other, whole).any()
    # the bits look random: each of the 64 bit positions is set in 30-70% of 300 seeds
    ones = ((whole[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).mean(axis=0)
    assert ((ones > 0.3) & (ones < 0.7)).all()


@pytest.mark.parametrize("machine, name, features, fast", [
    ("x86_64", "znver3", "+bmi2,+popcnt", True),
    ("x86_64", "skylake", "+popcnt,+bmi2,+avx2", True),
    ("x86_64", "generic", "", False),            # what NUMBA_CPU_NAME=generic compiles for
    ("x86_64", "haswell", "+popcnt,-bmi2", False),
    ("x86_64", "znver2", "+bmi2,+popcnt", False),  # PDEP in microcode
    ("aarch64", "neoverse-n1", "+neon", False),
])
def test_pdep_is_used_only_where_the_target_has_a_fast_one(monkeypatch, machine, name,
                                                            features, fast):
    """The choice follows the CPU name and features Numba compiles for, so a kernel never
    holds an instruction its target lacks."""
    from numba.core import config
    monkeypatch.setattr(bits.platform, "machine", lambda: machine)
    monkeypatch.setattr(config, "CPU_NAME", name)
    monkeypatch.setattr(config, "CPU_FEATURES", features)
    assert bits._target_has_fast_pdep() is fast
