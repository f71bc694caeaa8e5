"""The batch keys of a group of 4 rows of card bytes, summed in SIMD (x86-64 with AVX2).

Row by row, a 7-card key costs 7 byte reads, 7 table reads and 7 adds. The group's 32-byte
vector (``row_groups.group_vector``, already loaded by the scan for bad rows) holds all 4 rows;
from it the 4 keys take about 35 vector instructions:

* one shuffle spreads the rows into 8-byte slots, one row per 64-bit lane, the unused bytes
  0xFF;
* a card id is 4 * rank + suit, so (byte >> 2) & 15 is its rank (15 for the padding) and
  byte & 0x83 its suit (0x83 for the padding: PSHUFB gives 0 for an index with its top bit
  set);
* the batch key of a card is its rank's hashed face key in the top bits plus its suit's counter
  bit (``_layout.BATCH_*``). Each is split into bytes, "planes" of 16 entries
  (``core.tables.key_planes``): PSHUFB looks up one plane for all 32 bytes at once, and PSADBW
  (sum of absolute differences against zero) adds each 8-byte slot's bytes into its lane. Three
  face planes and two suit planes give five byte sums per row, which shifts and adds put
  together into the same 64-bit key as the row-by-row sum (the sums' carries land where the
  full-width addition puts them: a sum of plane p is the sum of the cards' byte p, times
  2**(8p) once shifted);
* the face part is shifted into the top bits, where the hash wants it; what overflows the
  word is what the row-by-row sum drops too.

Bad ids must never get here (a byte >= 52 would look up a wrong rank): ``row_groups.bad_rows``
sends such groups to the checked path first.
"""
from __future__ import annotations

from llvmlite import ir
from numba.core import cgutils, types

from .._jit import intrinsic
from .._layout import (
    BATCH_SUIT_BIAS,
    HASH_BITS,
    KEY_FACE_PLANES,
    KEY_PAD_RANK,
    KEY_PLANE_ENTRIES,
    KEY_SUIT_PLANES,
)
from .bits import target_cpu
from .row_groups import GROUP_ROWS, group_vector, literal_hand_size, row_positions

_I8 = ir.IntType(8)
_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_BYTES = ir.VectorType(_I8, 32)
_PLANE = ir.VectorType(_I8, 16)
_LANES = ir.VectorType(_I64, GROUP_ROWS)
_SLOT = 8  # bytes per row once spread, one row per 64-bit lane
_PAD = 0xFF
_SUIT_OF = 0x83  # byte & 0x83: the suit, or >= 128 (PSHUFB's zero) for the padding


def _target_has_avx2() -> bool:
    target = target_cpu()
    return target is not None and "+avx2" in target[1]


HAS_AVX2 = _target_has_avx2()


def spread_mask(n_cards: int) -> list[int]:
    """Shuffle indices over (group vector, all 0xFF) that put row r's n bytes at the start of
    8-byte slot r (slots 0, 1 in the lower 16-byte half, 2, 3 in the upper one, so the shuffle
    stays within halves: one PSHUFB), the rest of each slot 0xFF."""
    mask = [2 * 16] * (GROUP_ROWS * _SLOT)  # index 32: the first byte of the 0xFF vector
    for row, first in row_positions(n_cards):
        for byte in range(n_cards):
            mask[_SLOT * row + byte] = first + byte
    return mask


@intrinsic
def group_keys(typingctx, cards, offset, planes, keys, n_cards):
    """(key of row 0, .., key of row 3): the batch keys (suit bias included) of the group of
    rows at byte `offset` of `cards`, from the key planes (``core.tables.key_planes``; `keys`,
    the batch keys, is there for the same call as the portable ``summed_group_keys``). The
    group must hold no byte > 51 (``row_groups.bad_rows``); n is a compile-time 5, 6 or 7."""
    n = literal_hand_size(n_cards)
    if n is None:
        return None
    top = 64 - HASH_BITS[n]

    def codegen(context, builder, signature, args):
        both = group_vector(context, builder, signature.args[0], args[0], args[1], n)
        spread = builder.shuffle_vector(both, ir.Constant(_BYTES, [_PAD] * 32),
                                        ir.Constant(ir.VectorType(_I32, 32), spread_mask(n)))
        rank = builder.and_(builder.lshr(spread, ir.Constant(_BYTES, [2] * 32)),
                            ir.Constant(_BYTES, [KEY_PAD_RANK] * 32))
        suit = builder.and_(spread, ir.Constant(_BYTES, [_SUIT_OF] * 32))
        table_data = context.make_array(signature.args[2])(context, builder, args[2]).data
        pshufb = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(_BYTES, [_BYTES, _BYTES]), "llvm.x86.avx2.pshuf.b")
        psadbw = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(_LANES, [_BYTES, _BYTES]), "llvm.x86.avx2.psad.bw")
        sums = []
        for plane in range(KEY_FACE_PLANES + KEY_SUIT_PLANES):
            at = builder.gep(table_data, [ir.Constant(_I64, KEY_PLANE_ENTRIES * plane)])
            entries = builder.load(builder.bitcast(at, _PLANE.as_pointer()), align=1)
            table = builder.shuffle_vector(  # the 16 entries in both halves
                entries, entries, ir.Constant(ir.VectorType(_I32, 32), list(range(16)) * 2))
            looked_up = builder.call(pshufb, [table, rank if plane < KEY_FACE_PLANES else suit])
            sums.append(builder.call(psadbw, [looked_up, ir.Constant(_BYTES, None)]))

        def shifted(value, by):
            return builder.shl(value, ir.Constant(_LANES, [by] * GROUP_ROWS)) if by else value

        # Face bytes to the top bits (8 * p above the face key's lowest bit), suit bytes low.
        shifts = ([top + 8 * p for p in range(KEY_FACE_PLANES)]
                  + [8 * p for p in range(KEY_SUIT_PLANES)])
        key = ir.Constant(_LANES, [BATCH_SUIT_BIAS] * GROUP_ROWS)
        for total, by in zip(sums, shifts):
            key = builder.add(key, shifted(total, by))
        row_keys = [builder.extract_element(key, ir.Constant(_I32, r)) for r in range(GROUP_ROWS)]
        return context.make_tuple(builder, signature.return_type, row_keys)

    signature = types.UniTuple(types.uint64, GROUP_ROWS)(cards, offset, planes, keys, n_cards)
    return signature, codegen
