"""Sanity tests of the pure-Python reference ranker (no pokerkeys involved)."""
from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import pytest
import reference as R
from reference import ids


def key(text: str) -> tuple:
    return R.best_rank(ids(text))


def test_wheel_is_five_high_straight():
    assert key("Ah 2c 3d 4s 5h") == (R.STRAIGHT, 3)
    # The wheel is the lowest straight, below six high.
    assert key("Ah 2c 3d 4s 5h") < key("2h 3c 4d 5s 6h")
    # ... but above any three of a kind.
    assert key("Ah 2c 3d 4s 5h") > key("Ac Ad Ah Ks Qh")


def test_steel_wheel_is_lowest_straight_flush():
    assert key("As 2s 3s 4s 5s") == (R.STRAIGHT_FLUSH, 3)
    assert key("As 2s 3s 4s 5s") < key("2s 3s 4s 5s 6s")
    assert key("As 2s 3s 4s 5s") > key("Ac Ad Ah As Kh")


def test_no_wraparound_straight():
    assert key("Qh Kc Ad 2s 3h")[0] == R.HIGH_CARD
    assert key("Kh Ac 2d 3s 4h")[0] == R.HIGH_CARD


def test_royal_flush_is_best():
    assert key("As Ks Qs Js Ts") == (R.STRAIGHT_FLUSH, 12)
    assert R.reference_rank(ids("As Ks Qs Js Ts")) == 7462
    assert R.reference_rank(ids("7c 5d 4h 3s 2c")) == 1


@pytest.mark.parametrize("text, cat", [
    ("9h Th Jh Qh Kh", R.STRAIGHT_FLUSH),
    ("Kc Kd Kh Ks 2c", R.FOUR_OF_A_KIND),
    ("8c 8d 8h Kc Kd", R.FULL_HOUSE),
    ("Ac Jc 9c 5c 2c", R.FLUSH),
    ("Ac Kd Qh Js Tc", R.STRAIGHT),
    ("7c 7d 7h Kc 2d", R.THREE_OF_A_KIND),
    ("Ac Ad 9h 9s 2c", R.TWO_PAIR),
    ("Tc Td 9h 5s 2c", R.PAIR),
    ("Ac Jd 9h 5s 2c", R.HIGH_CARD),
])
def test_categories(text, cat):
    assert R.category_of(ids(text)) == cat
    assert R.rank5(ids(text))[0] == cat


def test_category_order():
    hands = ["Ac Kd 9h 5s 2c", "2c 2d 3h 4s 6c", "2c 2d 3h 3s 4c",
             "2c 2d 2h 3s 4c", "Ac 2d 3h 4s 5c", "2c 3c 4c 5c 7c", "2c 2d 2h 3s 3c",
             "2c 2d 2h 2s 3c", "Ac 2c 3c 4c 5c"]
    keys = [key(h) for h in hands]
    assert [k[0] for k in keys] == list(range(1, 10))
    assert keys == sorted(keys)
    # Worst of each category beats the best of the category below.
    best_below = ["Ac Kd Qh Js 9c", "Ac Ad Kh Qs Jc", "Ac Ad Kh Ks Qc", "Ac Ad Ah Ks Qc",
                  "Ac Kd Qh Js Tc", "Ac Kc Qc Jc 9c", "Ac Ad Ah Ks Kc", "Ac Ad Ah As Kc"]
    for lo_best, hi_worst in zip(best_below, hands[1:], strict=False):
        assert key(lo_best) < key(hi_worst), (lo_best, hi_worst)


def test_kicker_ordering():
    assert key("Ac Ad Kh 5s 3c") > key("Ac Ad Qh Js Tc")           # pair: first kicker
    assert key("Ac Ad Kh 5s 4c") > key("Ac Ad Kh 5s 3c")           # pair: last kicker
    assert key("Kc Kd 2h 2s 3c") > key("Qc Qd Jh Js Ac")           # two pair: top pair first
    assert key("Kc Kd 3h 3s 2c") > key("Kc Kd 2h 2s Ac")           # then second pair
    assert key("Kc Kd 3h 3s 5c") > key("Kc Kd 3h 3s 4c")           # then kicker
    assert key("2c 2d 2h Ac Kd") < key("3c 3d 3h 4c 5d")           # trips rank first
    assert key("2c 2d 2h As Ks") < key("3c 3d 3h 4s 4c")           # full house: trips first
    assert key("8c 8d 8h 2s 2c") > key("7c 7d 7h As Ac")
    assert key("8c 8d 8h Ks Kc") > key("8c 8d 8h Qs Qc")           # then pair
    assert key("2c 2d 2h 2s Ac") < key("3c 3d 3h 3s 2c")           # quads rank first
    assert key("Ac Jc 9c 5c 3c") > key("Ac Jc 9c 5c 2c")           # flush: all five cards
    assert key("Ac Kc 4c 3c 2c") > key("Kc Qc Jc Tc 8c")
    assert key("Ac Kd 9h 5s 3c") > key("Ac Kd 9h 5s 2c")           # high card: all five


def test_seven_card_best_of_21():
    # Flush and straight both present: flush wins.
    assert key("2h 5h 9h Jh Kh Tc Qd") == (R.FLUSH, 11, 9, 7, 3, 0)
    # Straight flush hidden among a flush of 6.
    assert key("5d 6d 7d 8d 9d Ad 2c") == (R.STRAIGHT_FLUSH, 7)
    # Two trips make a full house using the higher trips.
    assert key("7c 7d 7h Kc Kd Ks 2c") == (R.FULL_HOUSE, 11, 5)
    # Three pairs: best two plus best kicker.
    assert key("Ac Ad 9h 9s 4c 4d 3h") == (R.TWO_PAIR, 12, 7, 2)
    # Quads with the best kicker.
    assert key("Kc Kd Kh Ks 2c Qd Jh") == (R.FOUR_OF_A_KIND, 11, 10)
    # Six-card straight uses the top five.
    assert key("4c 5d 6h 7s 8c 9d 2h") == (R.STRAIGHT, 7)
    # Wheel plus a six: six high.
    assert key("Ac 2d 3h 4s 5c 6d Kh") == (R.STRAIGHT, 4)
    assert R.category_of(ids("7c 7d 2h 2s Kd 9c 3h")) == R.TWO_PAIR


def test_exactly_7462_classes_with_known_counts():
    keys = R.all_class_keys()
    assert len(keys) == 7462 == len(set(keys))
    assert Counter(k[0] for k in keys) == R.CLASS_COUNTS
    assert list(keys) == sorted(keys)


def test_class_rank_boundaries():
    m = R.class_rank_map()
    bounds = {}
    for k, r in m.items():
        lo, hi = bounds.get(k[0], (r, r))
        bounds[k[0]] = (min(lo, r), max(hi, r))
    assert bounds == {
        R.HIGH_CARD: (1, 1277), R.PAIR: (1278, 4137), R.TWO_PAIR: (4138, 4995),
        R.THREE_OF_A_KIND: (4996, 5853), R.STRAIGHT: (5854, 5863), R.FLUSH: (5864, 7140),
        R.FULL_HOUSE: (7141, 7296), R.FOUR_OF_A_KIND: (7297, 7452),
        R.STRAIGHT_FLUSH: (7453, 7462),
    }


def test_class_hand_counts_match_known_5card_counts():
    """Count the 5-card hands per class combinatorially: prod C(4, multiplicity) suit choices,
    of which 4 are flushes when the ranks are distinct. The per-category totals are textbook."""
    totals = Counter()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        c = Counter(ranks)
        if max(c.values()) > 4:
            continue
        n = 1
        for m in c.values():
            n *= comb(4, m)
        if len(c) == 5:
            totals[R.key_from_ranks(ranks, flush=True)[0]] += 4
            n -= 4
        totals[R.key_from_ranks(ranks, flush=False)[0]] += n
    assert totals == {
        R.STRAIGHT_FLUSH: 40, R.FOUR_OF_A_KIND: 624, R.FULL_HOUSE: 3744, R.FLUSH: 5108,
        R.STRAIGHT: 10200, R.THREE_OF_A_KIND: 54912, R.TWO_PAIR: 123552, R.PAIR: 1098240,
        R.HIGH_CARD: 1302540,
    }
    assert sum(totals.values()) == comb(52, 5)


def test_representatives_round_trip():
    for k in R.all_class_keys():
        hand = R.representative(k)
        assert len(set(hand)) == 5 and all(0 <= c < 52 for c in hand)
        assert R.rank5(hand) == k


def test_suit_and_order_invariance_sample():
    import random
    rnd = random.Random(54)
    for _ in range(300):
        hand = rnd.sample(range(52), 7)
        k = R.best_rank(hand)
        perm = rnd.sample(range(4), 4)
        assert R.best_rank([4 * (c >> 2) + perm[c & 3] for c in hand]) == k
        rnd.shuffle(hand)
        assert R.best_rank(hand) == k


def test_rejects_bad_input():
    with pytest.raises(ValueError):
        R.rank5([0, 1, 2, 3])
    with pytest.raises(ValueError):
        R.rank5([0, 0, 1, 2, 3])
    with pytest.raises(ValueError):
        R.best_rank(list(range(8)))
    with pytest.raises(ValueError):
        R.rank5([0, 1, 2, 3, 52])
