"""pk.evaluate_omaha_batch: every row agrees with pk.omaha_hand and with an independent slow
reference (the pure-Python ranker of tests/reference.py over every 2 + 3 choice), on random
rows and on rows built to stress the flush and pair logic; its errors; thread independence."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from reference import class_rank_map, rank5

import pokerkeys as pk


def deal(n: int, hole: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    rows = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)[:, :hole + 5]
    return np.ascontiguousarray(rows[:, :hole]), np.ascontiguousarray(rows[:, hole:])


def slow_rank(hole, board) -> int:
    """Best of every 2 hole + 3 board cards by the reference ranker."""
    ranks = class_rank_map()
    return max(ranks[rank5([*pair, *triple])] for pair in combinations(hole, 2)
               for triple in combinations(board, 3))


def adversarial(hole_size: int, seed: int, n: int = 120) -> tuple[np.ndarray, np.ndarray]:
    """Rows whose boards hold 3-5 cards of one suit or pairs and trips, with hole cards of that
    suit and of the board's ranks: flushes against full houses, straight flushes, wheels."""
    rng = np.random.default_rng(seed)
    holes, boards = [], []
    for i in range(n):
        kind = i % 3
        if kind == 0:  # a suited board: 3, 4 or 5 cards of one suit
            suit = int(rng.integers(4))
            n_suited = 3 + i % 3
            suited = [r * 4 + suit for r in rng.choice(13, n_suited, replace=False)]
            rest = [c for c in rng.permutation(52) if c not in suited]
            board = suited + [int(c) for c in rest[:5 - n_suited]]
            # 2 to hole_size hole cards of the suit where the suit has them left
            left = [r * 4 + suit for r in range(13) if r * 4 + suit not in board]
            k = min(len(left), 2 + i % (hole_size - 1))
            hole = [int(c) for c in rng.choice(left, k, replace=False)]
        elif kind == 1:  # a paired or tripped board, hole cards of its ranks
            ranks = rng.choice(13, 3, replace=False)
            board = [int(ranks[0] * 4), int(ranks[0] * 4 + 1), int(ranks[1] * 4),
                     int(ranks[1] * 4 + 1 + i % 2), int(ranks[2] * 4 + 3)]
            pool = [r * 4 + s for r in ranks for s in range(4) if r * 4 + s not in board]
            hole = [int(c) for c in rng.choice(pool, min(len(pool), 2 + i % 3), replace=False)]
        else:  # connected ranks for straights and straight flushes (wheels included)
            low = int(rng.integers(-1, 9))
            suit = int(rng.integers(4))
            run = [(low + j) % 13 for j in range(6)]
            one_suit = (i // 3) % 2 == 0  # every other such row a straight flush
            cards = [r * 4 + (suit if one_suit or j % 2 == 0 else int(rng.integers(4)))
                     for j, r in enumerate(run)]
            cards = list(dict.fromkeys(cards))
            board = cards[:3]
            hole = cards[3:5]
        used = set(board) | set(hole)
        rest = [int(c) for c in rng.permutation(52) if c not in used]
        board = (board + rest)[:5]
        rest = [c for c in rest if c not in board]
        hole = (hole + rest)[:hole_size]
        perm = rng.permutation(hole_size)
        holes.append([hole[j] for j in perm])
        boards.append(board)
    return np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8)


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_random_rows_agree_with_omaha_hand(hole_size):
    holes, boards = deal(400, hole_size, seed=hole_size)
    ranks = pk.evaluate_omaha_batch(holes, boards)
    assert ranks.dtype == np.uint16 and ranks.shape == (400,)
    expected = [pk.omaha_hand(h.tolist(), b.tolist()).rank
                for h, b in zip(holes, boards, strict=True)]
    assert ranks.tolist() == expected


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_adversarial_rows_agree_with_the_slow_reference(hole_size):
    holes, boards = adversarial(hole_size, seed=10 + hole_size)
    ranks = pk.evaluate_omaha_batch(holes, boards)
    expected = [slow_rank(h.tolist(), b.tolist()) for h, b in zip(holes, boards, strict=True)]
    assert ranks.tolist() == expected
    categories = {int(c) for c in pk.category(ranks)}
    assert categories >= {5, 6, 7, 8, 9}  # straights up to straight flushes all met


def test_random_rows_agree_with_the_slow_reference():
    holes, boards = deal(150, 4, seed=99)
    ranks = pk.evaluate_omaha_batch(holes, boards)
    assert ranks.tolist() == [slow_rank(h.tolist(), b.tolist())
                              for h, b in zip(holes, boards, strict=True)]


def test_known_hands_and_the_two_card_rule():
    # Four spades in the hole and none on the board but three: a flush needs exactly two.
    assert pk.evaluate_omaha_batch(["AsKsQsJs"], "Ts9s2h3d4c").tolist() == [
        pk.omaha_hand("AsKsQsJs", "Ts9s2h3d4c").rank]
    # A board flush with one spade in the hole is no flush in Omaha.
    rank = pk.evaluate_omaha_batch(["As2h3h4d"], "KsQsJsTs9s")[0]
    assert pk.category(rank) != pk.category(pk.evaluate("As Ks Qs Js Ts"))
    assert rank == pk.omaha_hand("As2h3h4d", "KsQsJsTs9s").rank
    # Quads on the board play only three of them.
    assert pk.evaluate_omaha_batch(["AsAh2c3d"], "KsKhKdKc5s")[0] == pk.evaluate("As Ah Ks Kh Kd")


def test_inputs_strings_shared_board_out_and_dtypes():
    holes, boards = deal(50, 4, seed=3)
    expected = pk.evaluate_omaha_batch(holes, boards)
    for dtype in (np.int64, np.uint16, np.int8):
        assert np.array_equal(pk.evaluate_omaha_batch(holes.astype(dtype), boards.astype(dtype)),
                              expected)
    fortran = np.asfortranarray(holes)
    assert np.array_equal(pk.evaluate_omaha_batch(fortran, boards), expected)
    texts = [pk.format_cards(h).replace(" ", "") for h in holes]
    board_texts = [pk.format_cards(b) for b in boards]
    assert np.array_equal(pk.evaluate_omaha_batch(texts, board_texts), expected)
    out = np.zeros(50, dtype=np.uint16)
    assert pk.evaluate_omaha_batch(holes, boards, out=out) is out
    assert np.array_equal(out, expected)
    # one board for every row: a (5,) array or one string
    shared = np.array([51, 47, 43, 2, 6], dtype=np.uint8)
    holes = np.array([[0, 1, 4, 5], [50, 46, 42, 38], [48, 44, 40, 36]], dtype=np.uint8)
    one = pk.evaluate_omaha_batch(holes, shared)
    assert np.array_equal(one, pk.evaluate_omaha_batch(holes, np.tile(shared, (3, 1))))
    assert np.array_equal(one, pk.evaluate_omaha_batch(holes, pk.format_cards(shared)))
    assert np.array_equal(one, pk.evaluate_omaha_batch(holes, shared.tolist()))
    assert np.array_equal(one, pk.evaluate_omaha_batch(holes, [pk.format_cards(shared)]))
    assert pk.evaluate_omaha_batch(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8)).shape \
        == (0,)


def test_results_do_not_depend_on_threads():
    holes, boards = deal(70_000, 4, seed=5)  # several chunks
    one = pk.evaluate_omaha_batch(holes, boards, threads=1)
    assert np.array_equal(one, pk.evaluate_omaha_batch(holes, boards, threads=2))
    assert np.array_equal(one[::997], [pk.omaha_hand(h.tolist(), b.tolist()).rank
                                        for h, b in zip(holes[::997], boards[::997],
                                                            strict=True)])


def test_bad_rows_raise_naming_the_row_and_the_card():
    holes, boards = deal(20, 4, seed=8)
    bad = holes.copy()
    bad[7, 2] = boards[7, 4]
    card = pk.format_cards([boards[7, 4]])
    with pytest.raises(ValueError, match=f"row 7: duplicate card {card} in"):
        pk.evaluate_omaha_batch(bad, boards)
    bad = holes.copy()
    bad[3, 1] = bad[3, 0]
    with pytest.raises(ValueError, match="row 3: duplicate card"):
        pk.evaluate_omaha_batch(bad, boards)
    bad = holes.copy()
    bad[4, 0] = 60
    with pytest.raises(ValueError, match="row 4: card id 60 is outside 0..51"):
        pk.evaluate_omaha_batch(bad, boards)
    wide = holes.astype(np.int64)
    wide[2, 1] = -1
    with pytest.raises(ValueError, match="hole row 2: card id -1 is outside 0..51"):
        pk.evaluate_omaha_batch(wide, boards)
    with pytest.raises(ValueError, match="row 1"):
        pk.evaluate_omaha_batch(["AsKsQdJd", "AsXxQdJd"], "Ts9s2s8h3c")
    zeroed = pk.evaluate_omaha_batch(bad, boards, invalid="zero")
    assert zeroed[4] == 0 and (np.delete(zeroed, 4) > 0).all()


@pytest.mark.parametrize(("hole", "board", "error", "match"), [
    (np.zeros((2, 3), np.uint8), np.zeros((2, 5), np.uint8), ValueError, r"\(N, 4\|5\|6\)"),
    (np.zeros((2, 7), np.uint8), np.zeros((2, 5), np.uint8), ValueError, r"\(N, 4\|5\|6\)"),
    (np.zeros((2, 4), np.uint8), np.zeros((2, 4), np.uint8), ValueError, "has 5 cards"),
    (np.zeros((2, 4), np.uint8), np.zeros((3, 5), np.uint8), ValueError, "2 hole rows but 3"),
    (np.zeros((2, 4), np.float64), np.zeros((2, 5), np.uint8), TypeError, "integers"),
    (["AsKsQdJd", "AsKsQdJd2c"], "Ts9s2s8h3c", ValueError, "same number of cards"),
])
def test_shape_and_type_errors(hole, board, error, match):
    with pytest.raises(error, match=match):
        pk.evaluate_omaha_batch(hole, board)


def test_option_errors():
    holes, boards = deal(3, 4, seed=1)
    with pytest.raises(ValueError, match="invalid must be one of"):
        pk.evaluate_omaha_batch(holes, boards, invalid="skip")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="out must be"):
        pk.evaluate_omaha_batch(holes, boards, out=np.empty(3, np.int32))
    with pytest.raises(ValueError, match="out must be"):
        pk.evaluate_omaha_batch(holes, boards, out=np.empty(4, np.uint16))
    with pytest.raises(ValueError, match="threads"):
        pk.evaluate_omaha_batch(holes, boards, threads=0)
