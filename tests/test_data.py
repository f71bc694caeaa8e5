"""External data sets in tests/data: Project Euler 54 and the UCI Poker Hand data."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import reference as R

import pokerkeys as pk

HC = pk.HandCategory


def _require(data_dir: Path, name: str) -> Path:
    path = data_dir / name
    assert path.is_file(), f"data file {name} is missing from {data_dir} (it ships in the repo)"
    return path


# ---------------------------------------------------------------------------------------------
# Project Euler 54
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def euler_hands(data_dir) -> tuple[list[str], list[str]]:
    lines = _require(data_dir, "euler54_poker.txt").read_text().split("\n")
    rows = [line.split() for line in lines if line.strip()]
    assert len(rows) == 1000
    assert all(len(r) == 10 for r in rows)
    return [" ".join(r[:5]) for r in rows], [" ".join(r[5:]) for r in rows]


def test_euler54_player1_wins_376(euler_hands):
    p1, p2 = euler_hands
    r1 = np.array([pk.evaluate(pk.parse_cards(h)) for h in p1])
    r2 = np.array([pk.evaluate(pk.parse_cards(h)) for h in p2])
    assert (r1 != r2).all(), "the problem promises a clear winner in every deal"
    assert int((r1 > r2).sum()) == 376


def test_euler54_batch_and_reference(euler_hands):
    p1, p2 = euler_hands
    b1 = pk.evaluate_batch(p1)
    b2 = pk.evaluate_batch(np.stack([pk.parse_cards(h) for h in p2]))
    assert int((b1 > b2).sum()) == 376
    for h1, h2, x1, x2 in zip(p1, p2, b1, b2, strict=False):
        k1 = R.best_rank(pk.parse_cards(h1))
        k2 = R.best_rank(pk.parse_cards(h2))
        assert (x1 > x2) == (k1 > k2), (h1, h2)
        assert int(x1) == R.reference_rank(pk.parse_cards(h1))


# ---------------------------------------------------------------------------------------------
# UCI Poker Hand
# ---------------------------------------------------------------------------------------------

# UCI suits 1..4 = hearts, spades, diamonds, clubs -> our suit 0..3 = c, d, h, s.
UCI_SUIT = np.array([-1, 2, 3, 1, 0])
# UCI classes 0..9 -> our categories (straight flush and royal flush are one category).
UCI_CLASS = np.array([HC.HIGH_CARD, HC.PAIR, HC.TWO_PAIR, HC.THREE_OF_A_KIND, HC.STRAIGHT,
                       HC.FLUSH, HC.FULL_HOUSE, HC.FOUR_OF_A_KIND, HC.STRAIGHT_FLUSH,
                       HC.STRAIGHT_FLUSH], dtype=np.uint8)


def load_uci(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """(N, 5) uint8 card ids and (N,) UCI classes."""
    raw = np.loadtxt(path, delimiter=",", dtype=np.int64, ndmin=2)
    assert raw.shape[1] == 11
    suits, ranks, cls = raw[:, 0:10:2], raw[:, 1:10:2], raw[:, 10]
    assert suits.min() >= 1 and suits.max() <= 4
    assert ranks.min() >= 1 and ranks.max() <= 13
    # UCI rank 1 = ace, 2..13 = two..king; ours 0..12 = two..ace.
    ids = 4 * ((ranks - 2) % 13) + UCI_SUIT[suits]
    return ids.astype(np.uint8), cls


@pytest.mark.parametrize("name, n_rows", [("uci_poker_hand_training.data", 25_010),
                                          ("uci_poker_hand_testing_100k.data", 99_999)])
def test_uci_poker_hand(data_dir, name, n_rows):
    ids, cls = load_uci(_require(data_dir, name))
    assert len(ids) == n_rows
    ranks = pk.evaluate_batch(ids)
    cats = pk.category(ranks)
    expected = UCI_CLASS[cls]
    bad = np.flatnonzero(cats != expected)
    assert bad.size == 0, [(int(i), pk.format_cards(ids[i]), int(cls[i]), int(cats[i]))
                           for i in bad[:10]]
    # Royal flush: class 9 is exactly rank 7462; class 8 never is.
    assert (ranks[cls == 9] == 7462).all()
    assert (ranks[cls == 8] != 7462).all()
    assert (cls == 9).sum() == (ranks == 7462).sum()
    # The converter is right: the reference agrees on a sample of rows.
    for i in range(0, n_rows, max(1, n_rows // 500)):
        assert R.category_of(ids[i]) == UCI_CLASS[cls[i]]
