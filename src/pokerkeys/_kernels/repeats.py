"""Is any card repeated within rows of card bytes? Answered for several rows at once in SIMD.

The batch kernels must reject a row that holds a card twice. Checked row by row that costs a
52-bit mask per row (seven shifts or table reads, a POPCNT and a compare), about a quarter of
a row's time. Here it is a scan over a group of rows with byte-wise vector compares instead, and
the rows of a group that holds no repeat are ranked without the mask (a repeat is rare: then
every row of the chunk is checked one by one, which also names the bad rows).

A group is two halves of a 32-byte vector, each loaded from memory with 16 bytes: R = 16 // n
rows of n bytes per half (n = 7: 2 rows, 14 bytes; the upper half is loaded so that its rows
end where the group ends, so nothing past the group is read). Within each row the bytes are
compared with the same row rotated by k = 1 .. n // 2 places: rotations 1 .. n // 2 of an
n-cycle meet every pair of its positions once (k and n - k are the same pairs), so a row has
two equal bytes exactly when one of these compares is equal. The rotation is a byte shuffle
inside each 16-byte half (one PSHUFB on AVX2), the compare one PCMPEQB, and the answer one
PMOVMSKB: about 3.5 instructions per 7-card row against about 10 for the mask.

The shuffles are written as generic LLVM vector IR, so other targets get a correct (if slower)
lowering of the same code.
"""
from __future__ import annotations

from llvmlite import ir
from numba.core import types
from numba.extending import intrinsic

_I8 = ir.IntType(8)
_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_HALF = 16  # bytes per half of the 32-byte vector


def rows_per_scan(n_cards: int) -> int:
    """Rows of n_cards bytes that one scan covers (two halves of 16 // n_cards rows)."""
    return 2 * (_HALF // n_cards)


def _row_starts(n_cards: int) -> tuple[int, int]:
    """Where the rows begin in each half: at 0 in the lower one; in the upper one, loaded from
    the group's end minus 16 bytes, after the bytes that belong to the lower half's rows."""
    rows = _HALF // n_cards
    return 0, _HALF - rows * n_cards


def _row_positions(n_cards: int):
    """(vector position, row's first position, byte in row) of every card byte in a scan."""
    rows = _HALF // n_cards
    for half, start in enumerate(_row_starts(n_cards)):
        for row in range(rows):
            first = _HALF * half + start + n_cards * row
            for byte in range(n_cards):
                yield first + byte, first, byte


def rotation_mask(n_cards: int, k: int) -> list[int]:
    """Shuffle indices that rotate every row of a scan by k bytes (other positions stay)."""
    mask = list(range(2 * _HALF))
    for at, first, byte in _row_positions(n_cards):
        mask[at] = first + (byte + k) % n_cards
    return mask


def card_positions_mask(n_cards: int) -> int:
    """Bit p set for each vector position p that holds a card byte of the scan's rows."""
    return sum(1 << at for at, _, _ in _row_positions(n_cards))


@intrinsic
def repeated_cards(typingctx, cards, offset, n_cards):
    """Nonzero iff one of the rows_per_scan(n) rows of n bytes starting at byte `offset` of the
    flat uint8 array `cards` holds a byte twice. n must be a compile-time constant (5, 6 or 7);
    the caller makes sure the rows lie inside the array."""
    if not isinstance(n_cards, types.IntegerLiteral) or n_cards.literal_value not in (5, 6, 7):
        return None
    n = n_cards.literal_value
    group_bytes = rows_per_scan(n) * n
    positions = card_positions_mask(n)

    def codegen(context, builder, signature, args):
        array = context.make_array(signature.args[0])(context, builder, args[0])
        first = builder.gep(array.data, [args[1]])
        half_type = ir.VectorType(_I8, _HALF).as_pointer()
        low = builder.load(builder.bitcast(first, half_type), align=1)
        last = builder.gep(first, [ir.Constant(_I64, group_bytes - _HALF)])
        high = builder.load(builder.bitcast(last, half_type), align=1)
        both = builder.shuffle_vector(low, high, ir.Constant(ir.VectorType(_I32, 2 * _HALF),
                                                             list(range(2 * _HALF))))
        equal = None
        for k in range(1, n // 2 + 1):
            rotated = builder.shuffle_vector(
                both, ir.Constant(ir.VectorType(_I8, 2 * _HALF), None),
                ir.Constant(ir.VectorType(_I32, 2 * _HALF), rotation_mask(n, k)))
            same = builder.icmp_unsigned("==", both, rotated)
            equal = same if equal is None else builder.or_(equal, same)
        # Positions that are not card bytes compare with themselves: mask them off.
        found = builder.and_(builder.bitcast(equal, _I32), ir.Constant(_I32, positions))
        return builder.zext(found, _I64)

    return types.uint64(cards, offset, n_cards), codegen
