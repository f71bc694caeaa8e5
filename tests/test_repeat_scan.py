"""The batch kernels' SIMD scan for repeated cards (``_kernels.repeats``) and the chunks built on it.

A row with a card twice must be found wherever it sits: in any row of a scan group, at any pair
of positions, in a chunk's tail rows that no whole group covers, at chunk boundaries. Cards
shared between different rows are not repeats, and bytes >= 52 are left to the key's bad-id
counter (the scan's rows are then ranked by the trusted loop, which must still zero them).
"""
from __future__ import annotations

import itertools

import numba
import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys._kernels.evaluate import BATCH_CHUNK
from pokerkeys.core.evaluate import _BATCH_KERNELS as BATCH_KERNELS
from pokerkeys.core.tables import eval_tables
from pokerkeys._kernels.repeats import (card_positions_mask, repeated_cards, rotation_mask,
                                        rows_per_scan)


@numba.njit
def _scan_5(cards, offset):
    return repeated_cards(cards, offset, 5)


@numba.njit
def _scan_6(cards, offset):
    return repeated_cards(cards, offset, 6)


@numba.njit
def _scan_7(cards, offset):
    return repeated_cards(cards, offset, 7)


SCAN = {5: _scan_5, 6: _scan_6, 7: _scan_7}


def _clean_group(n: int, rng) -> np.ndarray:
    """rows_per_scan(n) rows of n distinct cards; every row the same cards in another order,
    so bytes repeat across rows (which is allowed) as much as they can."""
    cards = rng.choice(52, n, replace=False)
    return np.stack([rng.permutation(cards) for _ in range(rows_per_scan(n))]).astype(np.uint8)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_group_geometry(n):
    rows = rows_per_scan(n)
    assert rows * n <= 32 and (rows // 2) * n <= 16
    positions = card_positions_mask(n)
    assert bin(positions).count("1") == rows * n
    for k in range(1, n // 2 + 1):
        mask = rotation_mask(n, k)
        assert sorted(mask) == list(range(32))  # a permutation
        moved = [p for p in range(32) if mask[p] != p]
        assert sum(1 << p for p in moved) == positions  # exactly the card bytes move
        assert all(p // 16 == mask[p] // 16 for p in range(32))  # within a 16-byte half


@pytest.mark.parametrize("n", [5, 6, 7])
def test_scan_finds_every_pair_in_every_row(n):
    rng = np.random.default_rng(n)
    for row, (x, y) in itertools.product(range(rows_per_scan(n)),
                                         itertools.combinations(range(n), 2)):
        group = _clean_group(n, rng)
        assert SCAN[n](group.reshape(-1), np.uint64(0)) == 0
        group[row, y] = group[row, x]
        assert SCAN[n](group.reshape(-1), np.uint64(0)) != 0, (row, x, y)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_scan_reads_only_its_group(n):
    """At an offset inside a larger array, only the group's bytes count: a repeat just before
    or just after it is not reported, one inside it is."""
    rng = np.random.default_rng(10 + n)
    rows = rows_per_scan(n)
    block = np.concatenate([_clean_group(n, rng) for _ in range(3)])
    block[rows - 1, 1] = block[rows - 1, 0]      # last row of the group before
    block[2 * rows, 1] = block[2 * rows, 0]      # first row of the group after
    flat = block.reshape(-1)
    assert SCAN[n](flat, np.uint64(rows * n)) == 0
    assert SCAN[n](flat, np.uint64(0)) != 0
    assert SCAN[n](flat, np.uint64(2 * rows * n)) != 0


@pytest.mark.parametrize("n", [5, 6, 7])
def test_scan_ignores_bad_ids_that_are_distinct(n):
    group = np.arange(52, 52 + n * rows_per_scan(n), dtype=np.uint8).reshape(-1, n)
    assert SCAN[n](group.reshape(-1), np.uint64(0)) == 0
    group[-1, -1] = group[-1, 0]
    assert SCAN[n](group.reshape(-1), np.uint64(0)) != 0


@pytest.mark.parametrize("n", [5, 6, 7])
def test_repeats_anywhere_in_the_chunks(make_hands, n):
    """One batch over three chunks and a partial one; repeats at the first row, inside scan
    groups, in a chunk's last rows (its tail rows when the group size does not divide the
    chunk), at chunk boundaries and in the very last row; bad ids in the group of a repeat, in
    another group of a chunk with repeats, and alone in a chunk. The kernel counts each bad row
    once."""
    total = 3 * BATCH_CHUNK + 2 * rows_per_scan(n) + 3
    hands = make_hands(total, n)
    good = pk.evaluate_batch(hands)
    assert good.all()
    repeats = [0, 5, BATCH_CHUNK - 1, BATCH_CHUNK, 3 * BATCH_CHUNK + 1, total - 1]
    # Row 6 shares a scan group with row 5 (checked row by row); row 200 is in a group with no
    # repeat of chunk 0 (ranked by the trusted code); chunk 2 has no repeat at all.
    bad_ids = [6, 200, 2 * BATCH_CHUNK + 3, 2 * BATCH_CHUNK + 700]
    bad = hands.copy()
    for i, row in enumerate(repeats):
        x, y = i % n, (i + 2) % n
        bad[row, y] = bad[row, x]
    for row, card in zip(bad_ids, (52, 200, 52, 255)):
        bad[row, row % n] = card
    out = pk.evaluate_batch(bad, invalid="zero")
    rows = repeats + bad_ids
    assert (out[rows] == 0).all()
    counted = np.empty(total, np.uint16)
    assert BATCH_KERNELS[n](bad.reshape(-1), counted, *eval_tables(n).batch_tuple()) == len(rows)
    np.testing.assert_array_equal(counted, out)
    keep = np.setdiff1d(np.arange(total), rows)
    np.testing.assert_array_equal(out[keep], good[keep])
    for first in sorted(rows):
        with pytest.raises(ValueError, match=f"row {first}:"):
            pk.evaluate_batch(bad)
        bad[first] = hands[first]
    np.testing.assert_array_equal(pk.evaluate_batch(bad), good)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_chunk_tails_and_small_batches(make_hands, n):
    """Batches shorter than one scan group, and lengths around the chunk size, with a repeat
    in the last row (often a row no whole group covers)."""
    for total in (1, rows_per_scan(n) - 1, rows_per_scan(n) + 1, BATCH_CHUNK - 1,
                  BATCH_CHUNK + 1):
        hands = make_hands(total, n)
        good = pk.evaluate_batch(hands)
        hands[-1, 1] = hands[-1, 0]
        out = pk.evaluate_batch(hands, invalid="zero")
        assert out[-1] == 0
        np.testing.assert_array_equal(out[:-1], good[:-1])
