"""deal: an explicit generator, and uniform over every ordering (chi-square test)."""
from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.games.deal import shuffled


def chi_square_p(stat: float, df: int) -> float:
    """P(chi-square with df degrees of freedom >= stat), from the regularized gamma series."""
    a, x = df / 2, stat / 2
    term = total = 1.0 / a
    n = 1
    while term > 1e-15 * total:
        term *= x / (a + n)
        total += term
        n += 1
    lower = math.exp(a * math.log(x) - x - math.lgamma(a)) * total if x > 0 else 0.0
    return 1.0 - lower


def test_chi_square_helper():
    # Known quantiles: chi2(1) > 3.841 has p 0.05; chi2(23) > 35.172 has p 0.05.
    assert chi_square_p(3.841459, 1) == pytest.approx(0.05, abs=1e-5)
    assert chi_square_p(35.172462, 23) == pytest.approx(0.05, abs=1e-5)
    assert chi_square_p(0.0, 5) == 1.0


def ordering_counts(shuffle, deck, n_deals: int) -> tuple[int, Counter]:
    counts = Counter(tuple(shuffle(deck).tolist()) for _ in range(n_deals))
    return math.factorial(len(deck)), counts


def chi_square(n_orderings: int, counts: Counter, n_deals: int) -> float:
    expected = n_deals / n_orderings
    seen = sum((c - expected) ** 2 / expected for c in counts.values())
    return seen + expected * (n_orderings - len(counts))  # orderings never dealt


@pytest.mark.parametrize("deck", ["As Ks Qs Js", "As Ks Qs Js Ts"])
def test_every_ordering_is_equally_likely(deck):
    rng = np.random.default_rng(20240654)
    cards = pk.parse_cards(deck)
    n_orderings = math.factorial(len(cards))
    n_deals = 120 * n_orderings
    _, counts = ordering_counts(lambda d: pk.deal(rng, len(d), deck=d), cards, n_deals)
    assert set(counts) == set(permutations(cards.tolist()))  # every ordering appears
    p = chi_square_p(chi_square(n_orderings, counts, n_deals), n_orderings - 1)
    assert p > 0.001, p


def test_the_test_catches_a_biased_shuffle():
    # The classic mistake (swap each position with ANY position) gives n^n equally likely
    # paths onto n! orderings, which cannot be uniform: the test must reject it.
    rng = np.random.default_rng(20240654)

    def naive(deck):
        deck = deck.copy()
        for i in range(len(deck)):
            j = int(rng.integers(0, len(deck)))
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    cards = pk.parse_cards("As Ks Qs Js")
    n_deals = 250 * 24
    _, counts = ordering_counts(naive, cards, n_deals)
    assert chi_square_p(chi_square(24, counts, n_deals), 23) < 1e-6


def test_deals_several_hands():
    rng = np.random.default_rng(5)
    hole1, hole2, board = pk.deal(rng, 2, 2, 5)
    assert [len(hole1), len(hole2), len(board)] == [2, 2, 5]
    cards = np.concatenate([hole1, hole2, board])
    assert len(set(cards.tolist())) == 9 and cards.dtype == np.uint8
    assert len(pk.deal(rng)) == 5  # one hand of five by default


def test_same_generator_state_same_deal():
    a = pk.deal(np.random.default_rng(42), 2, 5)
    b = pk.deal(np.random.default_rng(42), 2, 5)
    c = pk.deal(42, 2, 5)  # an integer seed is a fresh generator
    for x, y, z in zip(a, b, c, strict=False):
        np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(x, z)
    rng = np.random.default_rng(42)
    assert not np.array_equal(pk.deal(rng, 7), pk.deal(rng, 7))  # the generator advances


def test_exclude_and_custom_deck():
    rng = np.random.default_rng(1)
    for _ in range(50):
        hand = pk.deal(rng, 39, exclude="As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s")
        assert not any(c & 3 == 3 for c in hand.tolist())  # no spade left to deal
    small = pk.deal(rng, 3, deck="2c 3c 4c")
    assert sorted(small.tolist()) == sorted(pk.parse_cards("2c 3c 4c").tolist())


def test_every_card_equally_likely_first():
    rng = np.random.default_rng(3)
    firsts = np.bincount([int(shuffled(rng, k=1)[0]) for _ in range(26_000)], minlength=52)
    stat = float(((firsts - 500) ** 2 / 500).sum())
    assert chi_square_p(stat, 51) > 0.001


def test_errors():
    rng = np.random.default_rng(1)
    with pytest.raises(ValueError, match="cannot deal 53 cards"):
        pk.deal(rng, 50, 3)
    with pytest.raises(ValueError, match="non-negative integers"):
        pk.deal(rng, -1)
    with pytest.raises(TypeError, match="numpy Generator"):
        pk.deal("seed", 2)
    with pytest.raises(ValueError, match="cannot exclude As: not in the deck"):
        pk.deal(rng, 2, deck="2c 3c 4c", exclude="As")
