"""The batch kernels' groups of 4 rows: the SIMD scan for bad rows (``_kernels.row_groups``), the
SIMD key sums (``_kernels.group_keys``) and the chunks built on them.

A row with a card twice or a byte >= 52 must be found wherever it sits: in any row of a group,
at any pair of positions, in a chunk's tail rows that no whole group covers, at chunk
boundaries. Cards shared between different rows are not repeats. The keys summed for a group
must be the row-by-row sums, bit for bit, for every card in every position.
"""
from __future__ import annotations

import itertools

import numba
import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys._kernels.evaluate import BATCH_CHUNK, summed_group_keys
from pokerkeys._kernels.group_keys import HAS_AVX2, group_keys, spread_mask
from pokerkeys._kernels.row_groups import GROUP_ROWS, bad_rows, card_positions_mask, rotation_mask
from pokerkeys.core.evaluate import BATCH_KERNELS
from pokerkeys.core.tables import TableError, eval_tables, key_planes


@numba.njit
def _scan_5(cards, offset):
    return bad_rows(cards, offset, 5)


@numba.njit
def _scan_6(cards, offset):
    return bad_rows(cards, offset, 6)


@numba.njit
def _scan_7(cards, offset):
    return bad_rows(cards, offset, 7)


SCAN = {5: _scan_5, 6: _scan_6, 7: _scan_7}


@numba.njit
def _summed_keys(cards, offset, planes, keys, n):
    if n == 5:
        return summed_group_keys(cards, offset, planes, keys, 5)
    if n == 6:
        return summed_group_keys(cards, offset, planes, keys, 6)
    return summed_group_keys(cards, offset, planes, keys, 7)


@numba.njit
def _simd_keys(cards, offset, planes, keys, n):
    if n == 5:
        return group_keys(cards, offset, planes, keys, 5)
    if n == 6:
        return group_keys(cards, offset, planes, keys, 6)
    return group_keys(cards, offset, planes, keys, 7)


def _clean_group(n: int, rng) -> np.ndarray:
    """GROUP_ROWS rows of n distinct cards; every row the same cards in another order, so bytes
    repeat across rows (which is allowed) as much as they can."""
    cards = rng.choice(52, n, replace=False)
    return np.stack([rng.permutation(cards) for _ in range(GROUP_ROWS)]).astype(np.uint8)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_group_geometry(n):
    rows = GROUP_ROWS
    assert (rows // 2) * n <= 16
    positions = card_positions_mask(n)
    assert bin(positions).count("1") == rows * n
    for k in range(1, n // 2 + 1):
        mask = rotation_mask(n, k)
        assert sorted(mask) == list(range(32))  # a permutation
        moved = [p for p in range(32) if mask[p] != p]
        assert sum(1 << p for p in moved) == positions  # exactly the card bytes move
        assert all(p // 16 == mask[p] // 16 for p in range(32))  # within a 16-byte half
    # The group's bytes, in order, are exactly the card positions read row by row: the upper
    # half repeats the lower half's last bytes, which belong to rows 0 and 1.
    spread = spread_mask(n)
    assert len(spread) == 32
    picked = [spread[8 * row + byte] for row in range(rows) for byte in range(n)]
    assert sum(1 << p for p in picked) == positions
    assert all(spread[8 * row + byte] == 32 for row in range(rows) for byte in range(n, 8))
    assert all(spread[p] == 32 or p // 16 == spread[p] // 16 for p in range(32))


@pytest.mark.parametrize("n", [5, 6, 7])
def test_scan_finds_every_pair_in_every_row(n):
    rng = np.random.default_rng(n)
    for row, (x, y) in itertools.product(range(GROUP_ROWS),
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
    rows = GROUP_ROWS
    block = np.concatenate([_clean_group(n, rng) for _ in range(3)])
    block[rows - 1, 1] = block[rows - 1, 0]      # last row of the group before
    block[2 * rows, 1] = block[2 * rows, 0]      # first row of the group after
    flat = block.reshape(-1)
    assert SCAN[n](flat, np.uint64(rows * n)) == 0
    assert SCAN[n](flat, np.uint64(0)) != 0
    assert SCAN[n](flat, np.uint64(2 * rows * n)) != 0


@pytest.mark.parametrize("n", [5, 6, 7])
def test_scan_finds_every_bad_byte(n):
    """A byte > 51 in any position of any row makes the group bad; 51 itself does not."""
    rng = np.random.default_rng(20 + n)
    for row, byte in itertools.product(range(GROUP_ROWS), range(n)):
        for value in (52, 127, 128, 255):
            group = _clean_group(n, rng)
            group[row] = np.array([c for c in range(52) if c not in group[row]][:n])[
                rng.permutation(n)]
            group[row, byte] = 51 if 51 not in group[row] else group[row, byte]
            assert SCAN[n](group.reshape(-1), np.uint64(0)) == 0
            group[row, byte] = value
            assert SCAN[n](group.reshape(-1), np.uint64(0)) != 0, (row, byte, value)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_group_keys_are_the_row_sums(n):
    """The SIMD keys (and the portable ones) of a group equal the batch keys summed row by row,
    for groups that put every card in every position, flushes included."""
    tables = eval_tables(n)
    keys, planes = tables.batch_keys, tables.key_planes
    rng = np.random.default_rng(30 + n)
    groups = [np.stack([rng.permutation(52)[:n] for _ in range(GROUP_ROWS)]) for _ in range(400)]
    for card in range(52):  # each card at each position of each row
        for row, byte in itertools.product(range(GROUP_ROWS), range(n)):
            group = groups[rng.integers(len(groups))].copy()
            group[row] = np.array([c for c in rng.permutation(52) if c != card][:n])
            group[row, byte] = card
            groups.append(group)
    suited = np.arange(0, 52, 4)  # clubs: a flush in every row
    groups.append(np.stack([rng.permutation(suited)[:n] for _ in range(GROUP_ROWS)]))
    for group in groups:
        group = group.astype(np.uint8)
        flat = np.concatenate([np.full(3, 9, np.uint8), group.reshape(-1),
                               np.full(5, 200, np.uint8)])
        expected = tuple(int(np.uint64(0x3333) + keys[row].sum(dtype=np.uint64)) for row in group)
        assert tuple(_summed_keys(flat, np.uint64(3), planes, keys, n)) == expected
        if HAS_AVX2:
            assert tuple(_simd_keys(flat, np.uint64(3), planes, keys, n)) == expected


def test_key_planes_reject_keys_they_cannot_rebuild():
    keys = eval_tables(7).batch_keys.copy()
    key_planes(keys, 7)
    keys[5] += np.uint64(1 << 20)  # a bit outside the face and suit fields
    with pytest.raises(TableError, match="face and suit"):
        key_planes(keys, 7)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_repeats_anywhere_in_the_chunks(make_hands, n):
    """One batch over three chunks and a partial one; repeats at the first row, inside scan
    groups, in a chunk's last rows (its tail rows when the group size does not divide the
    chunk), at chunk boundaries and in the very last row; bad ids in the group of a repeat, in
    another group of a chunk with repeats, and alone in a chunk. The kernel counts each bad row
    once."""
    total = 3 * BATCH_CHUNK + 2 * GROUP_ROWS + 3
    hands = make_hands(total, n)
    good = pk.evaluate_batch(hands)
    assert good.all()
    repeats = [0, 5, BATCH_CHUNK - 1, BATCH_CHUNK, 3 * BATCH_CHUNK + 1, total - 1]
    # Row 6 shares a group with row 5 (both checked row by row); row 200 is bad alone in its
    # group of chunk 0; chunk 2 has no repeat at all.
    bad_ids = [6, 200, 2 * BATCH_CHUNK + 3, 2 * BATCH_CHUNK + 700]
    bad = hands.copy()
    for i, row in enumerate(repeats):
        x, y = i % n, (i + 2) % n
        bad[row, y] = bad[row, x]
    for row, card in zip(bad_ids, (52, 200, 52, 255), strict=False):
        bad[row, row % n] = card
    out = pk.evaluate_batch(bad, invalid="zero")
    rows = repeats + bad_ids
    assert (out[rows] == 0).all()
    counted = np.empty(total, np.uint16)
    tables = eval_tables(n).rank_batch_tuple()
    assert BATCH_KERNELS[n](bad.reshape(-1), counted, *tables) == len(rows)
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
    for total in (1, GROUP_ROWS - 1, GROUP_ROWS + 1, BATCH_CHUNK - 1,
                  BATCH_CHUNK + 1):
        hands = make_hands(total, n)
        good = pk.evaluate_batch(hands)
        hands[-1, 1] = hands[-1, 0]
        out = pk.evaluate_batch(hands, invalid="zero")
        assert out[-1] == 0
        np.testing.assert_array_equal(out[:-1], good[:-1])


@pytest.mark.parametrize("machine, name, features, simd", [
    ("x86_64", "znver3", "+bmi2,+avx2,+popcnt", True),
    ("x86_64", "skylake", "+popcnt,+bmi2,+avx2", True),
    ("x86_64", "generic", "", False),            # what NUMBA_CPU_NAME=generic compiles for
    ("x86_64", "sandybridge", "+avx,-avx2", False),
    ("aarch64", "neoverse-n1", "+neon", False),
])
def test_simd_keys_only_where_the_target_has_avx2(monkeypatch, machine, name, features, simd):
    from numba.core import config

    from pokerkeys._kernels import bits
    from pokerkeys._kernels import group_keys as gk
    monkeypatch.setattr(bits.platform, "machine", lambda: machine)
    monkeypatch.setattr(config, "CPU_NAME", name)
    monkeypatch.setattr(config, "CPU_FEATURES", features)
    assert gk._target_has_avx2() is simd


_PORTABLE_RUN = """
import sys, numpy as np, pokerkeys as pk
from pokerkeys._kernels.group_keys import HAS_AVX2
assert not HAS_AVX2
hands = np.load(sys.argv[1])
np.save(sys.argv[2], pk.evaluate_batch(hands, invalid="zero"))
"""


@pytest.mark.parametrize("n", [5, 7])
def test_portable_kernels_rank_as_the_simd_ones(tmp_path, make_hands, n):
    """Compiled for a CPU without AVX2 (NUMBA_CPU_NAME=generic, a fresh cache), the batch
    kernels sum the keys row by row and give the same ranks, bad rows included."""
    import os
    import subprocess
    import sys
    hands = make_hands(3 * BATCH_CHUNK + 5, n)
    for row in (0, 7, BATCH_CHUNK + 2, len(hands) - 1):
        hands[row, 1] = hands[row, 0]
    hands[500, 2] = 52
    np.save(tmp_path / "hands.npy", hands)
    env = dict(os.environ, NUMBA_CPU_NAME="generic", NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, "-c", _PORTABLE_RUN, str(tmp_path / "hands.npy"),
                    str(tmp_path / "ranks.npy")], check=True, env=env, timeout=600)
    np.testing.assert_array_equal(np.load(tmp_path / "ranks.npy"),
                                  pk.evaluate_batch(hands, invalid="zero"))
