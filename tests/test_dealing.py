"""The Monte Carlo kernels' card dealing: three cards per 32-bit draw, exactly uniform."""
from __future__ import annotations

import numba
import numpy as np
import pytest

from pokerkeys._kernels.equity import _deal_up_to_three

from test_deal import chi_square_p


@numba.njit(cache=False)
def _ordered_deals(n_deck, count, n_deals, seed):
    """Histogram of the ordered cards dealt to the deck's tail, coded in base n_deck."""
    deck = np.arange(n_deck).astype(np.uint8)
    hist = np.zeros(n_deck ** count, dtype=np.int64)
    state = np.uint64(seed)
    spare = np.uint64(0)
    n_spare = 0
    for _ in range(n_deals):
        state, spare, n_spare = _deal_up_to_three(state, spare, n_spare, deck, n_deck, count)
        code = 0
        for i in range(count):
            code = code * n_deck + np.int64(deck[n_deck - 1 - i])
        hist[code] += 1
        # the deck stays a permutation of the same cards
        seen = 0
        for c in deck:
            seen |= 1 << np.int64(c)
        if seen != (1 << n_deck) - 1:
            hist[0] = -1
            return hist
    return hist


@pytest.mark.parametrize("n_deck, count", [(7, 3), (6, 2), (9, 1), (3, 3)])
def test_every_ordered_deal_equally_likely(n_deck, count):
    n_deals = 400_000
    hist = _ordered_deals(n_deck, count, n_deals, 20261122)
    assert hist.min() >= 0, "the deck lost or duplicated a card"
    # only codes of distinct cards can occur, each with probability 1 / (n)(n-1)...
    n_orderings = int(np.prod(np.arange(n_deck - count + 1, n_deck + 1)))
    possible = hist[hist > 0]
    assert len(possible) == n_orderings
    expected = n_deals / n_orderings
    stat = float(((possible - expected) ** 2 / expected).sum())
    assert chi_square_p(stat, n_orderings - 1) > 1e-4


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
    from pokerkeys._sampling import alias_table
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
    from pokerkeys.core.sampling import spawn_seeds
    from pokerkeys.equity import holdem as E
    from pokerkeys.equity.driver import chunk_sizes
    from pokerkeys.evaluate import _kernel_args
    from pokerkeys.tables import eval_tables
    args = E.monte_carlo_args(E.prepare(hands, board, dead))
    sizes = chunk_sizes(300_000, 50_000)
    seeds = spawn_seeds(np.random.SeedSequence(5), len(sizes))
    tables = eval_tables(7).batch_tuple()
    plain = kernels.monte_carlo_plain(*args, seeds, sizes, 1000, *tables)
    heads_up = kernels.monte_carlo_heads_up(*args, seeds, sizes, 1000, *tables)
    np.testing.assert_array_equal(heads_up, plain)
    # and the general kernel (ranges, the one-card-at-a-time deal) agrees within noise
    general = kernels.monte_carlo_counts(*args, seeds, sizes, 1000, *_kernel_args(7))
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
