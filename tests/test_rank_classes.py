"""Preflop enumeration by rank classes against the plain enumeration of every board.

The plain oracle is ``_kernels.equity.exact_counts`` walking all C(n, 5) boards card by card
and ranking each player with the evaluator; the rank-class kernel never visits a board, so any
slip in its board counts or its flush corrections shows up as a different histogram.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from pokerkeys._kernels import equity as card_by_card
from pokerkeys._kernels import rank_classes
from pokerkeys.core.cards import parse_cards
from pokerkeys.core.evaluate import kernel_args
from pokerkeys.core.shortdeck import RULES
from pokerkeys.core.tables import rank_class_tables_7, shortdeck_tables
from pokerkeys.equity import holdem as _E


def _matchup(hands, dead):
    matchup = np.array([[parse_cards(h) for h in hands]], dtype=np.uint8)
    excluded = 0
    for c in parse_cards(dead or []):
        excluded |= 1 << int(c)
    return matchup, np.uint64(excluded)


def _plain_counts(matchup, excluded, rules=None):
    items = np.array([[0, -1]], dtype=np.int64)
    groups = np.array([0, 1], dtype=np.int64)
    out = np.zeros((1, 1 << matchup.shape[1]))
    tables = kernel_args(7) if rules is None else shortdeck_tables(7, rules).as_tuple()
    card_by_card.exact_counts(0, 1, out, matchup, np.ones(1), np.zeros(0, dtype=np.uint8),
                              excluded, 5, items, groups, *tables)
    return out[0]


def _rank_class_counts(matchup, excluded, parts=None, rules=None):
    if parts is None:
        items = np.array([[0, -1]], dtype=np.int64)
    else:
        items = np.array([[0, part] for part in parts], dtype=np.int64)
    groups = np.array([0, len(items)], dtype=np.int64)
    out = np.zeros((1, 1 << matchup.shape[1]))
    rank_classes.preflop_counts(0, 1, out, matchup, np.ones(1), excluded, items, groups,
                                *rank_class_tables_7(rules))
    return out[0]


CASES = [
    (["AcKc", "QhQd"], None),
    (["AsKh", "QhQd"], None),
    (["AhKh", "QsQd", "JcTc"], None),
    (["2c3c", "4c5c", "6c7c", "8c9c"], None),            # four flush draws in one suit
    (["AsKs", "AhKh", "AdKd", "AcKc"], None),            # every suit suited once
    (["Ah5h", "7h6h"], "2h3h4h8h9hThJhQhKh"),            # hearts nearly gone: flush boards rare
    (["AcAd", "KcKd"], "AhAsKhKs"),                      # ranks exhausted
    (["9s8s", "7d7c", "AhQd", "2c2d", "JsTh"], "Ks3s"),  # five players, dead cards in a suit
    (["Tc9c", "Td9d", "Th9h", "Ts9s", "2c3d", "4h5s", "6c7d", "8h8s", "AcAd", "KhKs"], None),
]


@pytest.mark.parametrize("hands, dead", CASES)
def test_rank_classes_equal_the_plain_enumeration(hands, dead):
    matchup, excluded = _matchup(hands, dead)
    np.testing.assert_array_equal(_rank_class_counts(matchup, excluded),
                                  _plain_counts(matchup, excluded))


def test_random_matchups_with_dead_cards():
    rng = np.random.default_rng(20261122)
    for _ in range(6):
        n_players = int(rng.integers(2, 7))
        n_dead = int(rng.integers(0, 8))
        cards = rng.permutation(52)[:2 * n_players + n_dead].astype(np.uint8)
        matchup = cards[:2 * n_players].reshape(1, n_players, 2).copy()
        excluded = np.uint64(sum(1 << int(c) for c in cards[2 * n_players:]))
        np.testing.assert_array_equal(_rank_class_counts(matchup, excluded),
                                      _plain_counts(matchup, excluded))


def test_parts_add_up_to_the_whole():
    """Work is split into the non-flush part and the four suits' corrections (items of the
    exact kernel); run one by one they add up to the whole."""
    matchup, excluded = _matchup(["KdQd", "JdJs", "8c8h"], "2d")
    whole = _rank_class_counts(matchup, excluded)
    pieces = sum(_rank_class_counts(matchup, excluded, [part])
                 for part in range(rank_classes.N_PARTS))
    np.testing.assert_array_equal(pieces, whole)
    assert whole.sum() == math.comb(45, 5)  # 52 - 6 hole cards - 1 dead card


@pytest.mark.parametrize("threads", [1, 2])
def test_equity_splits_one_matchup_across_threads(threads):
    """pk.equity runs one preflop matchup as five balanced pieces; the result is the same."""
    result = _E.equity(["AcKc", "QhQd"], exact=True, threads=threads)
    matchup, excluded = _matchup(["AcKc", "QhQd"], None)
    np.testing.assert_array_equal(result.mask_counts, _plain_counts(matchup, excluded))


def test_work_estimate_follows_the_suits():
    """A suit where some player holds two cards needs the big correction, one card a middle
    one, none the smallest; the non-flush part is the same for every matchup."""
    work = _E._rank_class_work(np.array([[[48, 44], [42, 41]]], dtype=np.uint8))  # AcKc QhQd
    assert work[0, 0] == 6_175
    assert work[0, 1] > work[0, 2] == work[0, 3] > work[0, 4]


_LOW_CARDS = (1 << 16) - 1  # the twos to fives: out of the short deck, as dead cards


@pytest.mark.parametrize("rules", RULES)
def test_short_deck_rank_classes_equal_the_plain_enumeration(rules):
    """Short deck's preflop by rank classes (its rank tables, the low cards dead) against its
    boards card by card, with random matchups of 2-6 players and dead cards, and hands built
    to split pots and make flushes and the A-6-7-8-9 straight."""
    rng = np.random.default_rng(36)
    cases = [_matchup(["AhKh", "7c6c"], None), _matchup(["9h8h", "7h6h", "AcAd"], "Th"),
             _matchup(["Ac9c", "8c7c", "6s6d"], "KcQc"), _matchup(["AsKs", "AhKh"], None)]
    for _ in range(4):
        n_players = int(rng.integers(2, 7))
        n_dead = int(rng.integers(0, 5))
        cards = (16 + rng.permutation(36)[:2 * n_players + n_dead]).astype(np.uint8)
        matchup = cards[:2 * n_players].reshape(1, n_players, 2).copy()
        cases.append((matchup, np.uint64(sum(1 << int(c) for c in cards[2 * n_players:]))))
    for matchup, excluded in cases:
        excluded = np.uint64(int(excluded) | _LOW_CARDS)
        np.testing.assert_array_equal(_rank_class_counts(matchup, excluded, rules=rules),
                                      _plain_counts(matchup, excluded, rules))
