"""Evaluation kernels: key sum -> rank, for single hands and batches.

The arguments after the cards are one hand size's tables, in the order of
``pokerkeys.core.tables.EvalTables.as_tuple()`` (``batch_tuple()`` for the batch kernels).
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks
from .._layout import (
    BATCH_BAD_BITS,
    BATCH_FLUSH_BITS,
    BATCH_FLUSH_KEYS_AT,
    BATCH_RARE_BITS,
    BATCH_SUIT_BIAS,
    FLUSH_FIELD_BITS,
    HASH_BITS,
    HASH_MULT,
    HASH_SHIFT,
    SUIT_BITS,
    SUIT_MASK,
)
from .bits import popcount64
from .borrow import borrowed
from .group_keys import HAS_AVX2, group_keys
from .row_groups import GROUP_ROWS, bad_rows

_FIELD_MASK = (1 << FLUSH_FIELD_BITS) - 1


def hash_constants(n):
    return (HASH_MULT[n], (1 << HASH_BITS[n]) - 1, HASH_SHIFT[n])


# The argument types of ``core.evaluate.kernel_args(n)``, the six tables a kernel that calls
# ``rank_of_key`` takes last (card keys, flush keys, flush suit, hash base, hash ranks, flush
# ranks): views of the table files, which NumPy maps read-only. Kernels declare them in their
# signatures (see ``_jit.kernel``).
TABLES = tuple(array(dtype, readonly=True)
               for dtype in ("uint32", "uint64", "int8", "uint16", "uint16", "uint16"))

# (multiplier, mask, row shift) of each hand size's non-flush hash. Kernels read them from these
# globals, which Numba freezes into the machine code as constants: the multiply by 4097 becomes
# a shift and an add, and no register holds them.
HASH_5 = hash_constants(5)
HASH_6 = hash_constants(6)
HASH_7 = hash_constants(7)


@inline
def rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                shift):
    """Rank of a hand from its packed key sum and its per-suit flush sums.

    The low 9 bits of the key sum say how many cards each suit has (the suit keys make every
    suit distribution's sum unique), so one table read tells whether a suit holds 5+ cards.
    Without a flush only the face sum matters: scramble it and read the displacement hash.
    With a flush the rank is that suit's flush sum's entry: a flush hand cannot also hold
    quads or a full house, so its other cards never matter.
    """
    suit = flush_suit[key & SUIT_MASK]
    if suit < 0:
        return face_sum_rank(key >> SUIT_BITS, hash_base, hash_ranks, mult, hmask, shift)
    return suit_flush_rank(flush_sums, suit, flush_ranks)


@inline
def face_sum_rank(face, hash_base, hash_ranks, mult, hmask, shift):
    """Non-flush rank of a face sum: scrambled by the multiplier, then the displacement hash."""
    h = (face * mult) & hmask
    return hash_ranks[hash_base[h >> shift] + (h & ((1 << shift) - 1))]


@inline
def suit_flush_rank(flush_sums, suit, flush_ranks):
    """Flush rank of the cards of `suit`, from its field of the per-suit flush sums."""
    return flush_ranks[(flush_sums >> (FLUSH_FIELD_BITS * suit)) & _FIELD_MASK]


@inline
def join_leaders(best, mask, rank, player):
    """(best, mask) once `player` shows `rank`: a higher rank leads alone, an equal one joins
    the leaders (mask: bit p set for each player p holding the best rank so far)."""
    if rank > best:
        return rank, np.int64(1) << player
    if rank == best:
        return best, mask | (np.int64(1) << player)
    return best, mask


# Batch kernels: card bytes -> ranks, every row checked.
#
# `keys` and `ranks` are ``EvalTables.batch_tuple()`` (see ``core.tables._batch_tables`` and the
# BATCH_* layout in ``_layout``): one 64-bit key per raw byte, whose sum over a row holds the
# non-flush hash in its top bits, a counter per suit (a flush sets a counter's top bit) and a
# counter of bytes >= 52. `planes` is ``EvalTables.key_planes`` (``group_keys``).
#
# The rows go in groups of 4 (``row_groups.GROUP_ROWS``). A group is first scanned in SIMD for a
# bad row (a byte >= 52, a card twice: ``row_groups.bad_rows``). With none, nearly always, its 4
# keys are summed at once (``group_keys``: SIMD on x86-64 with AVX2, else ``summed_group_keys``)
# and each row costs one AND, one branch that is almost never taken (a flush) and the two hash
# reads. A group with a bad row, and the last rows of a chunk that fill no group, are ranked row
# by row with every check (``checked_rows_N``, which names the bad rows): the OR of ``1 << byte``
# has 7 bits for seven distinct cards, fewer with a repeat (``& 63`` costs nothing, x86 shifts
# mask their count anyway, and it keeps bad bytes defined; they are caught by the key).
#
# The rows are read as a flat byte array with unsigned offsets: with a signed index Numba emits
# a negative-index wrap on every read, and with a 2D array it reloads the row stride from the
# stack. Each hand size has its own kernels with the card reads written out, because a loop over
# a run-time row length costs a quarter of the speed. Each returns the number of bad rows (rank 0).

_U7 = np.uint64(7)
_ONE = np.uint64(1)
_FLUSH_FIELD = np.uint64(_FIELD_MASK)
_KEY_BITS = 64
_GROUP = np.uint64(GROUP_ROWS)


def _batch_hash_shifts(n):
    """(row shift, column shift, column mask) that take the n-card hash's row and column off a
    summed batch key."""
    top = _KEY_BITS - HASH_BITS[n]
    return np.uint64(top + HASH_SHIFT[n]), np.uint64(top), np.uint64((1 << HASH_SHIFT[n]) - 1)


_ROW_5, _COL_5, _COL_MASK_5 = _batch_hash_shifts(5)
_ROW_6, _COL_6, _COL_MASK_6 = _batch_hash_shifts(6)
_ROW_7, _COL_7, _COL_MASK_7 = _batch_hash_shifts(7)

# The hash's row and column of a summed batch key, one pair of helpers per hand size. They read
# module globals, which Numba freezes into the machine code.


@inline
def hash_row_7(key):
    """Row of the 7-card hash: ranks[row] is the row's base."""
    return key >> _ROW_7


@inline
def hash_col_7(key):
    """Column of the 7-card hash, added to the row's base."""
    return np.int64((key >> _COL_7) & _COL_MASK_7)


@inline
def hash_row_6(key):
    return key >> _ROW_6


@inline
def hash_col_6(key):
    return np.int64((key >> _COL_6) & _COL_MASK_6)


@inline
def hash_row_5(key):
    return key >> _ROW_5


@inline
def hash_col_5(key):
    return np.int64((key >> _COL_5) & _COL_MASK_5)


@inline
def hash_row(key, n_cards):
    """hash_row_N of a compile-time hand size n_cards (the other branches fold away)."""
    if n_cards == 7:
        return hash_row_7(key)
    if n_cards == 6:
        return hash_row_6(key)
    return hash_row_5(key)


@inline
def hash_col(key, n_cards):
    """hash_col_N of a compile-time hand size n_cards."""
    if n_cards == 7:
        return hash_col_7(key)
    if n_cards == 6:
        return hash_col_6(key)
    return hash_col_5(key)


@inline
def batch_flush_suit(key):
    """Suit whose counter crossed into its top bit (the row holds 5+ cards of it)."""
    flushes = key & np.uint64(BATCH_FLUSH_BITS)
    if flushes & np.uint64(0x8):
        return 0
    if flushes & np.uint64(0x80):
        return 1
    if flushes & np.uint64(0x800):
        return 2
    return 3


@inline
def batch_flush_index(key, flush_sums, flush_at):
    """Where in `ranks` the flush rank of a summed batch key with a flush is."""
    suit = batch_flush_suit(key)
    return flush_at + np.int64((flush_sums >> np.uint64(FLUSH_FIELD_BITS * suit)) & _FLUSH_FIELD)


@inline
def batch_rare_index(key, bits, n_cards, flush_sums, flush_at):
    """Where in `ranks` the rank of a row the common path left is: -1 for a bad id or a
    repeated card, else its flush rank's index. (Helpers here take no arrays: an inlined helper
    taking one left reference counting in the loop.)"""
    if (key & np.uint64(BATCH_BAD_BITS)) != 0 or popcount64(bits) != n_cards:
        return -1
    return batch_flush_index(key, flush_sums, flush_at)


# Chunks of BATCH_CHUNK rows are handed out to the threads (``rank_batch``).
BATCH_CHUNK = 1024


@inline
def chunk_rows(chunk, n_rows):
    """First row and end of chunk `chunk` of a batch of n_rows rows."""
    lo = np.uint64(chunk) * np.uint64(BATCH_CHUNK)
    return lo, min(lo + np.uint64(BATCH_CHUNK), n_rows)


@inline
def whole_groups_end(lo, hi):
    """End of the whole groups of rows lo..hi (the rows after it are checked one by one)."""
    return lo + (hi - lo) // _GROUP * _GROUP


@inline
def row_key_sum(cards, at, keys, table_at, n_cards):
    """Sum over the row of n_cards bytes at byte `at` of keys[table_at + byte]: the row's batch
    key without the suit bias (table_at 0), or its per-suit flush sums (BATCH_FLUSH_KEYS_AT)."""
    total = np.uint64(0)
    for byte in range(n_cards):
        total += keys[table_at + cards[at + np.uint64(byte)]]
    return total


@inline
def summed_group_keys(cards, offset, planes, keys, n_cards):
    """``group_keys`` without SIMD: each row's key summed from the batch keys (planes unused)."""
    row_bytes = np.uint64(n_cards)
    bias = np.uint64(BATCH_SUIT_BIAS)
    return (bias + row_key_sum(cards, offset, keys, 0, n_cards),
            bias + row_key_sum(cards, offset + row_bytes, keys, 0, n_cards),
            bias + row_key_sum(cards, offset + 2 * row_bytes, keys, 0, n_cards),
            bias + row_key_sum(cards, offset + 3 * row_bytes, keys, 0, n_cards))


# The kernels call row_keys_of_group; which one it is is fixed when this module loads (Numba's
# cache keys on the CPU name and features, so the choice is part of what was compiled for).
row_keys_of_group = group_keys if HAS_AVX2 else summed_group_keys


@kernel
def checked_rows_7(cards, out, keys, ranks, flush_at, lo, hi):
    """Ranks of rows lo..hi of 7 card bytes, each row checked; a bad row gets rank 0. Returns
    the number of bad rows."""
    f0 = BATCH_FLUSH_KEYS_AT
    bad = 0
    for i in range(lo, hi):
        at = i * _U7
        a = cards[at]
        b = cards[at + np.uint64(1)]
        c = cards[at + np.uint64(2)]
        d = cards[at + np.uint64(3)]
        e = cards[at + np.uint64(4)]
        f = cards[at + np.uint64(5)]
        g = cards[at + np.uint64(6)]
        key = (keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
               + np.uint64(BATCH_SUIT_BIAS))
        bits = ((_ONE << (a & 63)) | (_ONE << (b & 63)) | (_ONE << (c & 63))
                | (_ONE << (d & 63)) | (_ONE << (e & 63)) | (_ONE << (f & 63))
                | (_ONE << (g & 63)))
        if (key & np.uint64(BATCH_RARE_BITS)) == 0 and popcount64(bits) == 7:
            out[i] = ranks[ranks[hash_row_7(key)] + hash_col_7(key)]
        else:
            flush_sums = (keys[f0 + a] + keys[f0 + b] + keys[f0 + c] + keys[f0 + d]
                          + keys[f0 + e] + keys[f0 + f] + keys[f0 + g])
            at_rank = batch_rare_index(key, bits, 7, flush_sums, flush_at)
            bad += at_rank < 0
            out[i] = ranks[at_rank] if at_rank >= 0 else 0
    return bad


@kernel
def checked_rows_6(cards, out, keys, ranks, flush_at, lo, hi):
    """checked_rows_7 for rows of 6 card bytes."""
    f0 = BATCH_FLUSH_KEYS_AT
    bad = 0
    for i in range(lo, hi):
        at = i * np.uint64(6)
        a = cards[at]
        b = cards[at + np.uint64(1)]
        c = cards[at + np.uint64(2)]
        d = cards[at + np.uint64(3)]
        e = cards[at + np.uint64(4)]
        f = cards[at + np.uint64(5)]
        key = (keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]
               + np.uint64(BATCH_SUIT_BIAS))
        bits = ((_ONE << (a & 63)) | (_ONE << (b & 63)) | (_ONE << (c & 63))
                | (_ONE << (d & 63)) | (_ONE << (e & 63)) | (_ONE << (f & 63)))
        if (key & np.uint64(BATCH_RARE_BITS)) == 0 and popcount64(bits) == 6:
            out[i] = ranks[ranks[hash_row_6(key)] + hash_col_6(key)]
        else:
            flush_sums = (keys[f0 + a] + keys[f0 + b] + keys[f0 + c] + keys[f0 + d]
                          + keys[f0 + e] + keys[f0 + f])
            at_rank = batch_rare_index(key, bits, 6, flush_sums, flush_at)
            bad += at_rank < 0
            out[i] = ranks[at_rank] if at_rank >= 0 else 0
    return bad


@kernel
def checked_rows_5(cards, out, keys, ranks, flush_at, lo, hi):
    """checked_rows_7 for rows of 5 card bytes."""
    f0 = BATCH_FLUSH_KEYS_AT
    bad = 0
    for i in range(lo, hi):
        at = i * np.uint64(5)
        a = cards[at]
        b = cards[at + np.uint64(1)]
        c = cards[at + np.uint64(2)]
        d = cards[at + np.uint64(3)]
        e = cards[at + np.uint64(4)]
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + np.uint64(BATCH_SUIT_BIAS)
        bits = ((_ONE << (a & 63)) | (_ONE << (b & 63)) | (_ONE << (c & 63))
                | (_ONE << (d & 63)) | (_ONE << (e & 63)))
        if (key & np.uint64(BATCH_RARE_BITS)) == 0 and popcount64(bits) == 5:
            out[i] = ranks[ranks[hash_row_5(key)] + hash_col_5(key)]
        else:
            flush_sums = keys[f0 + a] + keys[f0 + b] + keys[f0 + c] + keys[f0 + d] + keys[f0 + e]
            at_rank = batch_rare_index(key, bits, 5, flush_sums, flush_at)
            bad += at_rank < 0
            out[i] = ranks[at_rank] if at_rank >= 0 else 0
    return bad


@inline
def checked_rows(cards, out, keys, ranks, flush_at, lo, hi, n_cards):
    """checked_rows_N of a compile-time hand size n_cards."""
    if n_cards == 7:
        return checked_rows_7(cards, out, keys, ranks, flush_at, lo, hi)
    if n_cards == 6:
        return checked_rows_6(cards, out, keys, ranks, flush_at, lo, hi)
    return checked_rows_5(cards, out, keys, ranks, flush_at, lo, hi)


@inline
def ranked_groups(cards, out, keys, ranks, flush_at, planes, lo, hi, n_cards):
    """Ranks of rows lo..hi of n_cards card bytes (a compile-time 5, 6 or 7), group by group
    (see above). Returns the number of bad rows (rank 0)."""
    n_bytes = np.uint64(n_cards)
    bad = 0
    end = whole_groups_end(lo, hi)
    first = lo
    while first < end:
        # The good groups in a row, in a loop with no call in it: a call (checked_rows_N)
        # clobbers every vector register, and in the same loop it made LLVM reload the key
        # planes and the shuffle masks from the stack for every group.
        while first < end and bad_rows(cards, first * n_bytes, n_cards) == 0:
            row_keys = row_keys_of_group(cards, first * n_bytes, planes, keys, n_cards)
            for row in range(GROUP_ROWS):
                key = row_keys[row]
                i = first + np.uint64(row)
                if (key & np.uint64(BATCH_FLUSH_BITS)) == 0:
                    # The hash is the key's top bits: its row base, then the column in the row.
                    out[i] = ranks[ranks[hash_row(key, n_cards)] + hash_col(key, n_cards)]
                else:
                    flush_sums = row_key_sum(cards, i * n_bytes, keys, BATCH_FLUSH_KEYS_AT,
                                             n_cards)
                    out[i] = ranks[batch_flush_index(key, flush_sums, flush_at)]
            first += _GROUP
        if first < end:  # a group with a bad row
            bad += checked_rows(cards, out, keys, ranks, flush_at, first, first + _GROUP,
                                n_cards)
            first += _GROUP
    return bad + checked_rows(cards, out, keys, ranks, flush_at, end, hi, n_cards)


# The batch kernels, one per hand size: serial kernels over a range of chunks, which
# ``rank_batch`` hands out to its threads (``_jit.run_chunks``). Each ranks its chunks on
# borrowed views of its arrays (``borrow``): ``checked_rows_N`` is a call, not inlined, and
# with the arrays themselves every such call counted their references.


@inline
def ranked_chunks(first, end, cards, out, bad, keys, ranks, flush_at, planes, n_cards):
    """Chunks first..end-1 of a batch of n_cards-card rows into `out`; bad[chunk] is the
    number of bad rows of the chunk (rank 0)."""
    cards, out, bad = borrowed(cards), borrowed(out), borrowed(bad)
    keys, ranks, planes = borrowed(keys), borrowed(ranks), borrowed(planes)
    n_rows = np.uint64(out.shape[0])
    for chunk in range(first, end):
        lo, hi = chunk_rows(chunk, n_rows)
        bad[chunk] = ranked_groups(cards, out, keys, ranks, flush_at, planes, lo, hi, n_cards)


# (first chunk, end chunk, flat card bytes, ranks out, bad rows per chunk, then
# ``EvalTables.rank_batch_tuple()``)
_BATCH_SIGNATURE = (int64, int64, array("uint8", readonly=True), array("uint16"),
                    array("int64"), array("uint64"), array("uint16"), int64, array("uint8"))


@kernel(signatures=[_BATCH_SIGNATURE])
def rank_batch_7(first, end, cards, out, bad, keys, ranks, flush_at, planes):
    """Chunks first..end-1 of a flat (N * 7) uint8 array: out[i] = rank of row i, or 0 if the
    row is invalid; bad[chunk] = the chunk's number of invalid rows."""
    ranked_chunks(first, end, cards, out, bad, keys, ranks, flush_at, planes, 7)


@kernel(signatures=[_BATCH_SIGNATURE])
def rank_batch_6(first, end, cards, out, bad, keys, ranks, flush_at, planes):
    """rank_batch_7 for rows of 6 card bytes."""
    ranked_chunks(first, end, cards, out, bad, keys, ranks, flush_at, planes, 6)


@kernel(signatures=[_BATCH_SIGNATURE])
def rank_batch_5(first, end, cards, out, bad, keys, ranks, flush_at, planes):
    """rank_batch_7 for rows of 5 card bytes."""
    ranked_chunks(first, end, cards, out, bad, keys, ranks, flush_at, planes, 5)


_BATCH_CHUNK_KERNELS = {5: rank_batch_5, 6: rank_batch_6, 7: rank_batch_7}


def rank_batch(n_cards, cards, out, keys, ranks, flush_at, planes, threads=None):
    """out[i] = rank of row i of a flat (N * n_cards) uint8 array of card bytes, or 0 if the
    row is invalid (an id > 51, a card twice); returns the number of invalid rows. The chunks
    of BATCH_CHUNK rows run on `threads` threads (None: the caller's ``_jit.threads``)."""
    n_chunks = (out.shape[0] + BATCH_CHUNK - 1) // BATCH_CHUNK
    bad = np.zeros(n_chunks, dtype=np.int64)
    run_chunks(_BATCH_CHUNK_KERNELS[n_cards], n_chunks, threads, cards, out, bad, keys, ranks,
               flush_at, planes)
    return int(bad.sum())
