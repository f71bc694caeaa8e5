"""evaluate / evaluate_batch / category / describe / best_five against the reference ranker."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
import reference as R
from hypothesis import given
from hypothesis import strategies as st

import pokerkeys as pk

HC = pk.HandCategory

# ---------------------------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------------------------


def uniform_hand(k: int):
    """k distinct cards drawn uniformly."""
    return st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)


@st.composite
def structured_hand(draw, k: int):
    """k distinct cards from a small sub-deck (few ranks and/or few suits), so that flushes,
    straights, straight flushes, full houses and quads come up often."""
    ranks = draw(st.lists(st.integers(0, 12), min_size=2, max_size=8, unique=True))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    deck = [4 * r + s for r in ranks for s in suits]
    if len(deck) < k:  # top up with a straight-friendly run so the sub-deck is big enough
        extra = [4 * r + s for r in range(13) for s in suits if 4 * r + s not in deck]
        deck += extra[: k - len(deck)]
        if len(deck) < k:
            deck += [c for c in range(52) if c not in deck][: k - len(deck)]
    perm = draw(st.permutations(deck))
    return list(perm[:k])


def any_hand(k: int):
    return st.one_of(uniform_hand(k), structured_hand(k))


sizes = st.sampled_from([5, 6, 7])
hand_any_size = sizes.flatmap(any_hand)


def sign(x) -> int:
    return (x > 0) - (x < 0)


def cmp(a, b) -> int:
    return (a > b) - (a < b)


# ---------------------------------------------------------------------------------------------
# Agreement with the reference ranker
# ---------------------------------------------------------------------------------------------


@given(hand_any_size, hand_any_size)
def test_order_agrees_with_reference(h1, h2):
    r1, r2 = pk.evaluate(h1), pk.evaluate(h2)
    k1, k2 = R.best_rank(h1), R.best_rank(h2)
    assert sign(r1 - r2) == cmp(k1, k2), (pk.format_cards(h1), pk.format_cards(h2))
    assert int(pk.category(r1)) == k1[0]
    assert int(pk.category(r2)) == k2[0]


@given(hand_any_size)
def test_rank_equals_reference_class_rank(hand):
    # 7462 distinct ranks 1..7462 in the same order as the 7462 reference classes forces
    # rank == position of the class in the reference ordering.
    r = pk.evaluate(hand)
    assert type(r) is int
    assert 1 <= r <= 7462
    assert r == R.reference_rank(hand), pk.format_cards(hand)


@given(hand_any_size, st.data())
def test_card_order_does_not_matter(hand, data):
    perm = data.draw(st.permutations(hand))
    assert pk.evaluate(perm) == pk.evaluate(hand)


@given(hand_any_size, st.permutations(range(4)))
def test_suit_permutation_keeps_rank(hand, suit_perm):
    moved = [4 * (c >> 2) + suit_perm[c & 3] for c in hand]
    assert pk.evaluate(moved) == pk.evaluate(hand)


@given(any_hand(6))
def test_six_cards_is_best_of_six_subsets(hand):
    assert pk.evaluate(hand) == max(pk.evaluate(list(s)) for s in itertools.combinations(hand, 5))


@given(any_hand(7))
def test_seven_cards_is_best_of_21_subsets(hand):
    assert pk.evaluate(hand) == max(pk.evaluate(list(s)) for s in itertools.combinations(hand, 5))


@given(sizes.flatmap(lambda k: st.lists(any_hand(k), min_size=1, max_size=30)))
def test_evaluate_batch_agrees_with_evaluate(hands):
    arr = np.array(hands, dtype=np.uint8)
    out = pk.evaluate_batch(arr)
    assert out.dtype == np.uint16
    assert out.shape == (len(hands),)
    assert out.tolist() == [pk.evaluate(h) for h in hands]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_batch_agrees_with_evaluate_random(make_hands, k):
    hands = make_hands(3000, k)
    out = pk.evaluate_batch(hands)
    assert out.tolist() == [pk.evaluate(h) for h in hands]
    # and with the reference on a slice
    for h, r in zip(hands[:300], out[:300], strict=False):
        assert int(r) == R.reference_rank(h)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_threads_do_not_change_results(make_hands, k, two_numba_threads):
    hands = make_hands(100_000, k)
    one = pk.evaluate_batch(hands, threads=1)
    two = pk.evaluate_batch(hands, threads=2)
    default = pk.evaluate_batch(hands)
    assert one.dtype == two.dtype == np.uint16
    np.testing.assert_array_equal(one, two)
    np.testing.assert_array_equal(one, default)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32,
                                   np.int64, np.uint64, np.intp])
def test_evaluate_batch_any_integer_dtype(make_hands, dtype):
    hands = make_hands(500, 7)
    expected = pk.evaluate_batch(hands)
    np.testing.assert_array_equal(pk.evaluate_batch(hands.astype(dtype)), expected)


def test_evaluate_batch_non_contiguous_input(make_hands):
    hands = make_hands(1000, 7)
    expected = pk.evaluate_batch(hands)
    np.testing.assert_array_equal(pk.evaluate_batch(np.asfortranarray(hands)), expected)
    np.testing.assert_array_equal(pk.evaluate_batch(hands[:, ::-1]), expected)
    wide = np.zeros((1000, 14), dtype=np.uint8)
    wide[:, ::2] = hands
    np.testing.assert_array_equal(pk.evaluate_batch(wide[:, ::2]), expected)
    np.testing.assert_array_equal(pk.evaluate_batch(hands[::2]), expected[::2])


def test_evaluate_batch_list_of_strings():
    hands = ["As Ks Qs Js Ts", "7c 5d 4h 3s 2c", "Ah 2c 3d 4s 5h"]
    assert pk.evaluate_batch(hands).tolist() == [7462, 1, 5854]
    hands7 = ["As Ks Qs Js Ts 2c 3d", "7c 7d 2h 2s Kd 9c 3h"]
    out = pk.evaluate_batch(hands7)
    assert out.dtype == np.uint16
    assert out.tolist() == [pk.evaluate(h) for h in hands7]


def test_evaluate_accepts_all_card_forms():
    forms = ["As Ks Qs Js Ts", "AsKsQsJsTs", "As,Ks,Qs,Js,Ts", "A♠ K♠ Q♠ J♠ 10♠",
             ["As", "Ks", "Qs", "Js", "Ts"], [51, 47, 43, 39, 35],
             np.array([51, 47, 43, 39, 35], dtype=np.uint8), np.array([51, 47, 43, 39, 35])]
    for f in forms:
        assert pk.evaluate(f) == 7462


# ---------------------------------------------------------------------------------------------
# Hand-picked examples: category, describe, best_five
# ---------------------------------------------------------------------------------------------

EXAMPLES = [
    # hand, rank (None = not pinned), category, description
    ("As Ks Qs Js Ts", 7462, HC.STRAIGHT_FLUSH, "Royal flush"),
    ("7c 5d 4h 3s 2c", 1, HC.HIGH_CARD, "High card, seven"),
    ("Ah 2c 3d 4s 5h", 5854, HC.STRAIGHT, "Straight, five high"),
    ("As 2s 3s 4s 5s", 7453, HC.STRAIGHT_FLUSH, "Straight flush, five high"),
    ("9h 8h 7h 6h 5h", None, HC.STRAIGHT_FLUSH, "Straight flush, nine high"),
    ("Kc Kd Kh Ks 2c", None, HC.FOUR_OF_A_KIND, "Four of a kind, kings"),
    ("8c 8d 8h Kc Kd", None, HC.FULL_HOUSE, "Full house, eights over kings"),
    ("Ac Jc 9c 5c 2c", None, HC.FLUSH, "Flush, ace high"),
    ("Ac Kd Qh Js Tc", 5863, HC.STRAIGHT, "Straight, ace high"),
    ("7c 7d 7h Kc 2d", None, HC.THREE_OF_A_KIND, "Three of a kind, sevens"),
    ("Ac Ad 9h 9s 2c", None, HC.TWO_PAIR, "Two pair, aces and nines"),
    ("Tc Td 9h 5s 2c", None, HC.PAIR, "Pair, tens"),
    ("Ac Jd 9h 5s 2c", None, HC.HIGH_CARD, "High card, ace"),
    ("7c 7d 2h 2s Kd 9c 3h", None, HC.TWO_PAIR, "Two pair, sevens and twos"),
    ("Ac Ad Ah As Kd", 7452, HC.FOUR_OF_A_KIND, "Four of a kind, aces"),
    ("2c 2d 2h 2s 3d", 7297, HC.FOUR_OF_A_KIND, "Four of a kind, twos"),
    ("2c 2d 3h 4s 5d", 1278, HC.PAIR, "Pair, twos"),
    ("Ac Kd Qh Js 9c", 1277, HC.HIGH_CARD, "High card, ace"),
    ("7h 5h 4h 3h 2h", 5864, HC.FLUSH, "Flush, seven high"),
    ("Ac Ad Ah Ks Kd", 7296, HC.FULL_HOUSE, "Full house, aces over kings"),
    ("2c 2d 2h 3s 3d", 7141, HC.FULL_HOUSE, "Full house, twos over threes"),
    ("6c 6d 6h 6s Qd Qh 2c", None, HC.FOUR_OF_A_KIND, "Four of a kind, sixes"),
    ("Kh Qh Jh Th 9h 8h 7h", 7461, HC.STRAIGHT_FLUSH, "Straight flush, king high"),
]


@pytest.mark.parametrize("hand, rank, cat, desc", EXAMPLES)
def test_examples(hand, rank, cat, desc):
    r = pk.evaluate(hand)
    if rank is not None:
        assert r == rank
    assert r == R.reference_rank(pk.parse_cards(hand))
    assert pk.category(r) is cat
    assert pk.describe(hand) == desc
    assert pk.describe(r) == desc


def test_royal_and_worst():
    assert pk.evaluate("As Ks Qs Js Ts") == 7462
    assert pk.evaluate("Ah Kh Qh Jh Th") == 7462
    assert pk.evaluate("7c 5d 4h 3s 2c") == 1
    assert pk.evaluate("7s 5d 4h 3s 2c") == 1
    # worst 7-card hand is still high card, but better than rank 1
    assert pk.category(pk.evaluate("2c 3d 4h 5s 7c 8d 9h")) is HC.HIGH_CARD


_SINGULAR = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
             "queen", "king", "ace"]
_PLURAL = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces"]


def expected_description(key: tuple) -> str:
    cat, t = key[0], key[1:]
    if cat == R.STRAIGHT_FLUSH:
        return "Royal flush" if t[0] == 12 else f"Straight flush, {_SINGULAR[t[0]]} high"
    if cat == R.FOUR_OF_A_KIND:
        return f"Four of a kind, {_PLURAL[t[0]]}"
    if cat == R.FULL_HOUSE:
        return f"Full house, {_PLURAL[t[0]]} over {_PLURAL[t[1]]}"
    if cat == R.FLUSH:
        return f"Flush, {_SINGULAR[t[0]]} high"
    if cat == R.STRAIGHT:
        return f"Straight, {_SINGULAR[t[0]]} high"
    if cat == R.THREE_OF_A_KIND:
        return f"Three of a kind, {_PLURAL[t[0]]}"
    if cat == R.TWO_PAIR:
        return f"Two pair, {_PLURAL[t[0]]} and {_PLURAL[t[1]]}"
    if cat == R.PAIR:
        return f"Pair, {_PLURAL[t[0]]}"
    return f"High card, {_SINGULAR[t[0]]}"


def test_describe_every_rank():
    for rank, key in enumerate(R.all_class_keys(), start=1):
        assert pk.describe(rank) == expected_description(key), rank


def test_category_every_rank_and_vectorised():
    keys = R.all_class_keys()
    ranks = np.arange(1, 7463)
    for r in ranks:
        c = pk.category(int(r))
        assert isinstance(c, pk.HandCategory)
        assert c == keys[r - 1][0]
    for dtype in (np.uint16, np.int64, np.int32, np.uint32):
        out = pk.category(ranks.astype(dtype))
        assert isinstance(out, np.ndarray)
        assert out.dtype == np.uint8
        assert out.shape == ranks.shape
        assert out.tolist() == [k[0] for k in keys]


def test_category_boundaries():
    bounds = [(1, 1277), (1278, 4137), (4138, 4995), (4996, 5853), (5854, 5863), (5864, 7140),
              (7141, 7296), (7297, 7452), (7453, 7462)]
    for cat, (lo, hi) in zip(HC, bounds, strict=False):
        assert pk.category(lo) is cat
        assert pk.category(hi) is cat
    assert pk.category(np.uint16(7462)) == HC.STRAIGHT_FLUSH
    assert pk.category(np.int64(1)) == HC.HIGH_CARD


def test_hand_category_enum():
    assert issubclass(HC, int)
    assert [(c.name, int(c)) for c in HC] == [
        ("HIGH_CARD", 1), ("PAIR", 2), ("TWO_PAIR", 3), ("THREE_OF_A_KIND", 4), ("STRAIGHT", 5),
        ("FLUSH", 6), ("FULL_HOUSE", 7), ("FOUR_OF_A_KIND", 8), ("STRAIGHT_FLUSH", 9)]


def test_category_on_batch_output(make_hands):
    hands = make_hands(2000, 7)
    ranks = pk.evaluate_batch(hands)
    cats = pk.category(ranks)
    assert cats.dtype == np.uint8
    assert cats.tolist() == [R.category_of(h) for h in hands]
    # 2-D arrays keep their shape
    assert pk.category(ranks.reshape(40, 50)).shape == (40, 50)


@pytest.mark.parametrize("bad", [0, 7463, -1, 10_000, 65535])
def test_category_rejects_bad_rank(bad):
    with pytest.raises(ValueError):
        pk.category(bad)


@pytest.mark.parametrize("bad", [0, 7463, 65535])
def test_category_array_rejects_bad_rank(bad):
    with pytest.raises(ValueError):
        pk.category(np.array([1, bad, 7462], dtype=np.uint16))


@pytest.mark.parametrize("bad", [0, 7463])
def test_describe_rejects_bad_rank(bad):
    with pytest.raises(ValueError):
        pk.describe(bad)


@given(hand_any_size)
def test_best_five_property(hand):
    best = pk.best_five(hand)
    assert isinstance(best, np.ndarray)
    assert best.dtype == np.uint8
    assert best.shape == (5,)
    assert len(set(best.tolist())) == 5
    assert set(best.tolist()) <= set(hand)
    assert pk.evaluate(best) == pk.evaluate(hand)
    assert R.rank5(best) == R.best_rank(hand)


def test_best_five_examples():
    best = pk.best_five("As Ks Qs Js Ts 2c 3d")
    assert sorted(best.tolist()) == sorted(pk.parse_cards("As Ks Qs Js Ts").tolist())
    best = pk.best_five("7c 7d 2h 2s Kd 9c 3h")
    assert sorted(best.tolist()) == sorted(pk.parse_cards("7c 7d 2h 2s Kd").tolist())
    five = pk.parse_cards("Ah 2c 3d 4s 5h")
    assert sorted(pk.best_five(five).tolist()) == sorted(five.tolist())
    # flush over straight
    best = pk.best_five("2h 5h 9h Jh Kh Tc Qd")
    assert sorted(best.tolist()) == sorted(pk.parse_cards("2h 5h 9h Jh Kh").tolist())


# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cards, n", [
    ("As Ks Qs Js", 4), ("As", 1), ("As Ks Qs Js Ts 9s 8s 7s", 8), (list(range(9)), 9),
    ([0, 1, 2], 3),
])
def test_evaluate_wrong_count(cards, n):
    with pytest.raises(ValueError) as exc:
        pk.evaluate(cards)
    assert str(n) in str(exc.value)


@pytest.mark.parametrize("cards", ["As As Ks Qs Js", [51, 51, 0, 1, 2], "As Ks Qs Js Xs",
                                   [0, 1, 2, 3, 52], [0, 1, 2, 3, -1]])
def test_evaluate_bad_cards(cards):
    with pytest.raises(ValueError):
        pk.evaluate(cards)


def test_evaluate_wrong_type():
    with pytest.raises(TypeError):
        pk.evaluate(None)
    with pytest.raises(TypeError):
        pk.evaluate([0.0, 1.0, 2.0, 3.0, 4.0])


@pytest.mark.parametrize("shape", [(10, 4), (10, 8), (10, 3), (10, 1), (10,), (7,), (2, 7, 5),
                                   (5, 0)])
def test_batch_bad_shape(shape):
    arr = np.arange(int(np.prod(shape)), dtype=np.uint8).reshape(shape) % 52
    with pytest.raises(ValueError):
        pk.evaluate_batch(arr)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
def test_batch_bad_dtype(make_hands, dtype):
    hands = make_hands(10, 7).astype(dtype)
    with pytest.raises((TypeError, ValueError)):
        pk.evaluate_batch(hands)


BAD_ROW = 137


@pytest.mark.parametrize("value", [52, 60, 255, -1, -52, 1000])
def test_batch_bad_id_names_row(make_hands, value):
    hands = make_hands(200, 7).astype(np.int64)
    hands[BAD_ROW, 3] = value
    with pytest.raises(ValueError) as exc:
        pk.evaluate_batch(hands)
    assert str(BAD_ROW) in str(exc.value)


def test_batch_bad_id_uint8(make_hands):
    hands = make_hands(200, 5)
    hands[BAD_ROW, 0] = 52
    with pytest.raises(ValueError) as exc:
        pk.evaluate_batch(hands)
    assert str(BAD_ROW) in str(exc.value)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_duplicate_names_row(make_hands, k):
    hands = make_hands(200, k)
    hands[BAD_ROW, -1] = hands[BAD_ROW, 0]
    with pytest.raises(ValueError) as exc:
        pk.evaluate_batch(hands)
    assert str(BAD_ROW) in str(exc.value)
    assert "duplicate" in str(exc.value).lower()


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_batch_invalid_zero_ranks_bad_rows_zero(make_hands, dtype):
    """invalid='zero': every bad row (id out of range, repeated card) gets rank 0, the rest
    their ranks, in one call."""
    hands = make_hands(300, 7).astype(dtype)
    good = pk.evaluate_batch(hands)
    bad_rows = [0, 17, 137, 299]
    hands[0, 2] = 52
    hands[17, 6] = hands[17, 1]
    hands[137, 0] = 255
    hands[299, 4] = hands[299, 3]
    if dtype == np.int64:
        hands[137, 0] = -3
    out = pk.evaluate_batch(hands, invalid="zero")
    assert out.dtype == np.uint16
    assert (out[bad_rows] == 0).all()
    keep = np.setdiff1d(np.arange(300), bad_rows)
    np.testing.assert_array_equal(out[keep], good[keep])
    with pytest.raises(ValueError):
        pk.evaluate_batch(hands)


def test_batch_invalid_zero_hand_strings():
    rows = ["As Ks Qs Js Ts", "As Xs Qs Js Ts", "2c 3c 4c 5c 2c", "7h 7d 7c 2s 2d"]
    out = pk.evaluate_batch(rows, invalid="zero")
    assert out.tolist() == [7462, 0, 0, pk.evaluate("7h 7d 7c 2s 2d")]
    assert pk.evaluate_batch(["junk", "Zz"], invalid="zero").tolist() == [0, 0]
    with pytest.raises(ValueError, match="unknown card"):
        pk.evaluate_batch(rows)
    with pytest.raises(ValueError, match="same number of cards"):  # shape, not cards
        pk.evaluate_batch(["As Ks Qs Js Ts", "As Ks Qs Js Ts 2c"], invalid="zero")


def test_batch_invalid_option_checked(make_hands):
    with pytest.raises(ValueError, match="invalid must be one of"):
        pk.evaluate_batch(make_hands(3, 5), invalid="skip")


def test_batch_list_of_strings_errors():
    with pytest.raises(ValueError):
        pk.evaluate_batch(["As Ks Qs Js Ts", "As Ks Qs Js Ts 2c"])  # mixed lengths
    with pytest.raises(ValueError):
        pk.evaluate_batch(["As Ks Qs Js", "2c 3c 4c 5c"])  # 4 cards each
    with pytest.raises(ValueError) as exc:
        pk.evaluate_batch(["As Ks Qs Js Ts", "2c 3c 4c 5c 2c"])  # duplicate in row 1
    assert "1" in str(exc.value)
    with pytest.raises(ValueError):
        pk.evaluate_batch(["As Ks Qs Js Ts", "2c 3c 4c 5c 1c"])  # unknown card


def test_batch_empty():
    out = pk.evaluate_batch(np.zeros((0, 7), dtype=np.uint8))
    assert out.shape == (0,)
    assert out.dtype == np.uint16


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_every_bad_kind_in_every_column(make_hands, k):
    """The batch kernels' checks (bad-id counter in the summed key, OR of card bits) catch a
    bad byte or a repeated card in any column, several bad bytes in one row (the counter must
    not carry into the face bits: seven 255s), and leave every other row alone."""
    hands = make_hands(40 * k + 2, k)
    good = pk.evaluate_batch(hands)
    bad = hands.copy()
    rows = []
    for col in range(k):
        for j, value in enumerate((52, 63, 64, 200, 255)):
            row = 40 * col + 2 * j
            bad[row, col] = value
            rows.append(row)
        row = 40 * col + 11
        bad[row, col] = bad[row, (col + 1) % k]
        rows.append(row)
    bad[-2] = 255
    bad[-1] = 0
    rows += [len(bad) - 2, len(bad) - 1]
    out = pk.evaluate_batch(bad, invalid="zero")
    assert (out[rows] == 0).all()
    keep = np.setdiff1d(np.arange(len(bad)), rows)
    np.testing.assert_array_equal(out[keep], good[keep])
    assert good.all()


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("suit", "cdhs")
def test_batch_flushes_of_every_suit(k, suit):
    """A flush of each suit takes the rare path of the batch kernels (its suit counter's top
    bit); its rank must equal the one-hand evaluator's, with off-suit cards around it."""
    rng = np.random.default_rng(k * 10 + "cdhs".index(suit))
    hands = []
    for _ in range(300):
        n_suited = int(rng.integers(5, k + 1))
        suited = rng.choice(13, n_suited, replace=False)
        cards = ["23456789TJQKA"[r] + suit for r in suited]
        others = [c for c in pk.format_cards(range(52)).split() if c[1] != suit]
        cards += list(rng.choice(others, k - n_suited, replace=False))
        hands.append(" ".join(cards))
    out = pk.evaluate_batch(hands)
    assert out.tolist() == [pk.evaluate(h) for h in hands]
    assert (pk.category(out) >= pk.HandCategory.FLUSH).all()


def test_evaluate_batch_out():
    """out=: the caller's array is written and returned, every dtype, shape and layout that the
    kernel cannot write is a clear error, and bad rows behave as without it."""
    hands = pk.parse_cards("As Ks Qs Js Ts 2c 3d 7c 7d 2h 2s Kd 9c 3h").reshape(2, 7)
    ranks = np.zeros(2, dtype=np.uint16)
    assert pk.evaluate_batch(hands, out=ranks, threads=1) is ranks
    assert ranks.tolist() == pk.evaluate_batch(hands).tolist()
    bad = [(np.zeros(2, np.int64), TypeError, "dtype uint16"),
           ([0, 0], TypeError, "NumPy array"),
           (np.zeros(3, np.uint16), ValueError, r"shape \(2,\)"),
           (np.zeros((2, 1), np.uint16), ValueError, r"shape \(2,\)"),
           (np.zeros(4, np.uint16)[::2], ValueError, "C-contiguous"),
           (np.zeros(2, np.uint16)[:], None, None)]
    for out, error, message in bad:
        if error is None:
            assert pk.evaluate_batch(hands, out=out) is out
            continue
        with pytest.raises(error, match=message):
            pk.evaluate_batch(hands, out=out)
    frozen = np.zeros(2, np.uint16)
    frozen.setflags(write=False)
    with pytest.raises(ValueError, match="writeable"):
        pk.evaluate_batch(hands, out=frozen)
    rows = np.array([[51, 47, 43, 39, 35, 0, 1], [51, 51, 43, 39, 35, 0, 1]], np.uint8)
    out = np.full(2, 9, np.uint16)
    assert pk.evaluate_batch(rows, invalid="zero", out=out).tolist() == [7462, 0]
    with pytest.raises(ValueError, match="row 1: duplicate card As"):
        pk.evaluate_batch(rows, out=out)
    empty = np.empty(0, np.uint16)
    assert pk.evaluate_batch(np.zeros((0, 7), np.uint8), out=empty) is empty
