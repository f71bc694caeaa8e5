"""One hand at a time: the plain-Python paths of evaluate, category, describe and winners give
the batch kernel's ranks on every tested hand, and every bad input still meets the checking
path's error, message for message."""
from itertools import combinations

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.core import evaluate as ev
from pokerkeys.core.sampling import random_hands

NAMES = [pk.format_cards([c]) for c in range(52)]


def _adversarial(k):
    """Hands of k cards built to hit every branch: one-suit hands (flushes, straight flushes),
    wheels and other low straights, quads, full houses, six and seven of a suit."""
    rng = np.random.default_rng(k)
    rows = [list(c) for c in combinations(range(3, 52, 4), k)][:2000]  # spades only
    low = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4)]  # A 2 3 4 5 6
    rows += [rng.choice(low, k, replace=False).tolist() for _ in range(2000)]
    for rank in range(13):
        quads = list(range(4 * rank, 4 * rank + 4))
        rest = [c for c in range(52) if c not in quads]
        rows += [quads + rng.choice(rest, k - 4, replace=False).tolist() for _ in range(20)]
    for suit in range(4):
        suited = list(range(suit, 52, 4))
        rows += [rng.choice(suited, k, replace=False).tolist() for _ in range(200)]
    return rows


@pytest.mark.parametrize("k", [5, 6, 7])
def test_plain_paths_equal_the_batch(k):
    rows = random_hands(20_000, k, seed=100 + k).tolist() + _adversarial(k)
    expected = pk.evaluate_batch(np.array(rows, dtype=np.uint8)).tolist()
    assert [pk.evaluate(r) for r in rows] == expected
    assert [pk.evaluate(tuple(r)) for r in rows] == expected
    assert [pk.evaluate("".join(NAMES[c] for c in r)) for r in rows] == expected
    assert [pk.evaluate(" ".join(NAMES[c] for c in r)) for r in rows] == expected
    array = np.array(rows, dtype=np.uint8)
    assert [pk.evaluate(r) for r in array] == expected
    assert [pk.evaluate(r) for r in array.astype(np.int64)] == expected
    assert [pk.evaluate([np.int64(c) for c in r]) for r in rows[:500]] == expected[:500]


def test_every_category_and_description():
    for rank in range(1, 7463):
        assert pk.category(rank) is pk.HandCategory(int(ev.CATEGORY_OF_RANK[rank]))
        assert pk.describe(rank) == ev._describe_rank(rank, None)
    rows = random_hands(2000, 7, seed=7).tolist()
    for row, rank in zip(rows, pk.evaluate_batch(np.array(rows, np.uint8)).tolist(),
                         strict=True):
        assert pk.describe(row) == pk.describe(rank) == pk.describe(pk.format_cards(row))


BAD_HANDS = [
    [True, 2, 3, 4, 5, 6, 7], [0, False, 3, 4, 5, 6, 7], [np.bool_(True), 2, 3, 4, 5, 6, 7],
    [1.0, 2, 3, 4, 5, 6, 7], [-1, 2, 3, 4, 5, 6, 7], [-60, 2, 3, 4, 5, 6, 7],
    [52, 2, 3, 4, 5, 6, 7], [255, 2, 3, 4, 5, 6, 7], [2, 2, 3, 4, 5, 6, 7],
    (51, 51, 50, 49, 48, 47, 46), [1, 2, 3, 4], [1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 2, 3, 0],
    [0, 1, 2, 3, 4, 0], ["As", "Ks", 3, 4, 5, 6, 6], [None] * 7, [], "AsAsKdQh2c3c4c",
    "AsKdQh2c3c4c1x", "AsKdQh2c3", "As Kd Qh 2c 3c 4c As", "", "As Kd", "AsKdQh2c3c4c5c6c",
    np.array([1, 2, 3, 4, 5, 6, 7.0]), np.array([1, 2, 3, 4, 5, 6, 60]),
    np.array([1, 2, 3, 4, 5, 6, 6]), b"AsKdQh2c3c4c5c", 3.5, True,
]


@pytest.mark.parametrize("hand", BAD_HANDS, ids=repr)
def test_bad_hands_meet_the_checking_path(hand):
    with pytest.raises((TypeError, ValueError)) as expected:
        ev._evaluate_checked(hand, "holdem", None)
    for call in (pk.evaluate, pk.describe):
        with pytest.raises(expected.type) as got:
            call(hand)
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("rank", [0, 7463, -1, True, 1.0, np.int64(0)], ids=repr)
def test_bad_ranks(rank):
    with pytest.raises((TypeError, ValueError)):
        pk.category(rank)
    with pytest.raises((TypeError, ValueError)):
        pk.describe(rank)


def test_winners_equal_the_batch():
    deals = random_hands(3000, 13, seed=11).tolist()
    for deal in deals:
        holes = [deal[i:i + 2] for i in range(0, 8, 2)]
        board = deal[8:13]
        ranks = pk.evaluate_batch(np.array([h + board for h in holes], np.uint8)).tolist()
        best = [i for i, r in enumerate(ranks) if r == max(ranks)]
        text = [" ".join(NAMES[c] for c in h) for h in holes]
        assert pk.winners(text, board=" ".join(NAMES[c] for c in board)) == best
        assert pk.winners(holes, board=tuple(board)) == best
        assert pk.winners(iter(text), board=board) == best  # the checking path
        turn = pk.evaluate_batch(np.array([h + board[:4] for h in holes], np.uint8)).tolist()
        assert pk.winners(text, board="".join(NAMES[c] for c in board[:4])) == [
            i for i, r in enumerate(turn) if r == max(turn)]


BAD_SHOWDOWNS = [
    (["As Ks", "As Qd"], "2c 3c 4c 5d 7h"), (["As Ks", "Qd Qc"], "As 3c 4c 5d 7h"),
    ([], "2c 3c 4c 5d 7h"), (["As Ks", "Qd Qc"], "2c 3c 4c 5d 7x"),
    ([[51, True], [1, 2]], [10, 11, 12, 13, 14]), ([[51, 60], [1, 2]], [10, 11, 12, 13, 14]),
    (["As Ks", "Qd Qc"], "2c 3c 4c 5d 5d"), (["As Ks Qs Js Ts", "Qd"], None),
]


@pytest.mark.parametrize(("hands", "board"), BAD_SHOWDOWNS, ids=repr)
def test_bad_showdowns_meet_the_checking_path(hands, board):
    with pytest.raises((TypeError, ValueError)) as expected:
        pk.winners(iter(hands), board=board)  # not a list: the checking path
    with pytest.raises((TypeError, ValueError)) as got:
        pk.winners(hands, board=board)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("rules", ["trips-beat-straight", "straight-beats-trips"])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_short_deck_plain_path_equals_the_batch(k, rules):
    rng = np.random.default_rng(k)
    rows = np.array([rng.choice(np.arange(16, 52), k, replace=False) for _ in range(3000)],
                    dtype=np.uint8)
    expected = pk.evaluate_batch(rows, game="shortdeck", rules=rules).tolist()
    for form in (lambda r: r.tolist(), lambda r: tuple(r.tolist()), pk.format_cards,
                 lambda r: pk.format_cards(r, sep=""), lambda r: r):
        assert [pk.evaluate(form(r), game="shortdeck", rules=rules) for r in rows] == expected
    assert [ev.rank_one(r, rules) for r in rows[:300]] == expected[:300]


@pytest.mark.parametrize("hand", [[0, 20, 21, 22, 23], [20, 20, 21, 22, 23], "5c Ah Kh Qh Jh",
                                  [20, 21, 22, 23, True], [20, 21, 22, 23, 24.0],
                                  np.array([20, 21, 22, 23, 15])], ids=repr)
def test_bad_short_deck_hands_meet_the_checking_path(hand):
    with pytest.raises((TypeError, ValueError)) as expected:
        ev._evaluate_checked(hand, "shortdeck", None)
    with pytest.raises(expected.type) as got:
        pk.evaluate(hand, game="shortdeck")
    assert str(got.value) == str(expected.value)
