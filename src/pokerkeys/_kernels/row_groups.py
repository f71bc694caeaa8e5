"""Groups of 4 rows of card bytes, the unit of the batch kernels: their layout in a 32-byte
vector, and the SIMD scan that says whether a row of the group is bad (a byte >= 52, or a card
twice).

The batch kernels must reject a row that holds a card twice or an id outside 0..51. Checked row
by row that costs a 52-bit mask per row (seven shifts or table reads, a POPCNT and a compare),
about a quarter of a row's time. Here it is a scan over a group of rows with byte-wise vector
compares instead; a group with no bad row (nearly always) is ranked without any per-row check
(``group_keys`` sums its keys in SIMD too), one with a bad row is ranked row by row with the
checks, which also names the bad rows.

A group is GROUP_ROWS = 4 rows of n bytes (n = 5, 6, 7), held in a 32-byte vector as two
halves, each loaded from memory with 16 bytes: rows 0 and 1 at the start of the lower half;
the upper half is loaded from the group's end minus 16 bytes, so rows 2 and 3 end where it ends
and nothing past the group is read. Within each row the bytes are compared with the same row
rotated by k = 1 .. n // 2 places: rotations 1 .. n // 2 of an n-cycle meet every pair of its
positions once (k and n - k are the same pairs), so a row has two equal bytes exactly when one
of these compares is equal. The rotation is a byte shuffle inside each 16-byte half (one PSHUFB
on AVX2), the compare one PCMPEQB, the range check one unsigned compare (PMAXUB and PCMPEQB),
and the answer one PMOVMSKB: about 3.5 instructions per 7-card row against about 10 for the
mask.

The IR is generic LLVM vector code, so other targets get a correct (if slower) lowering of it.
"""
from __future__ import annotations

from collections.abc import Iterator

from llvmlite import ir
from numba.core import types

from .._jit import intrinsic

GROUP_ROWS = 4
_ROWS_PER_HALF = GROUP_ROWS // 2
_HALF = 16  # bytes per half of the 32-byte vector
_I8 = ir.IntType(8)
_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_BYTES = ir.VectorType(_I8, 2 * _HALF)
_LAST_CARD = 51


def row_starts(n_cards: int) -> tuple[int, int]:
    """Vector positions where each half's rows begin: 0 in the lower half; in the upper one,
    loaded from the group's end minus 16 bytes, after the bytes of rows 0 and 1 it repeats."""
    return 0, _HALF + _HALF - _ROWS_PER_HALF * n_cards


def row_positions(n_cards: int) -> Iterator[tuple[int, int]]:
    """(row, vector position of the row's first byte) for the 4 rows of a group."""
    for half, start in enumerate(row_starts(n_cards)):
        for row in range(_ROWS_PER_HALF):
            yield _ROWS_PER_HALF * half + row, start + n_cards * row


def rotation_mask(n_cards: int, k: int) -> list[int]:
    """Shuffle indices that rotate every row of a group by k bytes (other positions stay)."""
    mask = list(range(2 * _HALF))
    for _, first in row_positions(n_cards):
        for byte in range(n_cards):
            mask[first + byte] = first + (byte + k) % n_cards
    return mask


def card_positions_mask(n_cards: int) -> int:
    """Bit p set for each vector position p that holds a card byte of the group's rows."""
    return sum(1 << (first + byte) for _, first in row_positions(n_cards)
               for byte in range(n_cards))


def group_vector(context, builder, array_type, array, offset, n_cards):
    """Codegen: the 32-byte vector of the group of rows starting at byte `offset` of a flat
    uint8 array (two unaligned 16-byte loads, see the module's docstring)."""
    data = context.make_array(array_type)(context, builder, array).data
    first = builder.gep(data, [offset])
    half_type = ir.VectorType(_I8, _HALF).as_pointer()
    low = builder.load(builder.bitcast(first, half_type), align=1)
    last = builder.gep(first, [ir.Constant(_I64, GROUP_ROWS * n_cards - _HALF)])
    high = builder.load(builder.bitcast(last, half_type), align=1)
    return builder.shuffle_vector(low, high, ir.Constant(ir.VectorType(_I32, 2 * _HALF),
                                                         list(range(2 * _HALF))))


def literal_hand_size(n_cards):
    """The hand size of an intrinsic's compile-time argument (5, 6 or 7), else None."""
    if isinstance(n_cards, types.IntegerLiteral) and n_cards.literal_value in (5, 6, 7):
        return n_cards.literal_value
    return None


@intrinsic
def bad_rows(typingctx, cards, offset, n_cards):
    """Nonzero iff one of the GROUP_ROWS rows of n bytes starting at byte `offset` of the flat
    uint8 array `cards` holds a byte > 51 or a byte twice. n must be a compile-time constant
    (5, 6 or 7); the caller makes sure the rows lie inside the array."""
    n = literal_hand_size(n_cards)
    if n is None:
        return None

    def codegen(context, builder, signature, args):
        both = group_vector(context, builder, signature.args[0], args[0], args[1], n)
        bad = builder.icmp_unsigned(">", both, ir.Constant(_BYTES, [_LAST_CARD] * 2 * _HALF))
        for k in range(1, n // 2 + 1):
            rotated = builder.shuffle_vector(
                both, ir.Constant(_BYTES, None),
                ir.Constant(ir.VectorType(_I32, 2 * _HALF), rotation_mask(n, k)))
            bad = builder.or_(bad, builder.icmp_unsigned("==", both, rotated))
        # Positions that are not card bytes compare with themselves: mask them off. (Every
        # position holds a byte of the group, so the range check needs no mask, but gets it.)
        found = builder.and_(builder.bitcast(bad, _I32), ir.Constant(_I32, card_positions_mask(n)))
        return builder.zext(found, _I64)

    return types.uint64(cards, offset, n_cards), codegen
