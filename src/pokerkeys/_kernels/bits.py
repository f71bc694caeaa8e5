"""Bit-level intrinsics Numba does not expose as functions."""
from __future__ import annotations

from llvmlite import ir
from numba.core import types
from numba.core.extending import intrinsic


@intrinsic
def popcount64(typingctx, x):
    """Number of set bits of a uint64: LLVM's ctpop, one POPCNT instruction on x86-64."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        ctpop = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(ctpop, args)
    return sig, codegen
