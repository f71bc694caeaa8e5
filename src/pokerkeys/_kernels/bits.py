"""Bit-level intrinsics Numba does not expose as functions."""
from __future__ import annotations

import platform

import llvmlite.binding as ll
import numpy as np
from llvmlite import ir
from numba.core import cgutils, config, types
from numba.core.codegen import get_host_cpu_features

from .._jit import inline, intrinsic


@intrinsic
def popcount64(typingctx, x):
    """Number of set bits of a uint64: LLVM's ctpop, one POPCNT instruction on x86-64."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        ctpop = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(ctpop, args)
    return sig, codegen


@intrinsic
def trailing_zeros64(typingctx, x):
    """Index of the lowest set bit of a uint64 (64 for 0): LLVM's cttz, one TZCNT with BMI1."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        cttz = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(i64, [i64, ir.IntType(1)]), "llvm.cttz.i64")
        # zero is defined (64), so the result of an empty mask is a plain number, not poison
        return builder.call(cttz, [args[0], ir.Constant(ir.IntType(1), 0)])
    return sig, codegen


@intrinsic
def mul_hi_lo(typingctx, a, b):
    """(high, low) 64-bit halves of the 128-bit product a * b of two uint64: one MUL on
    x86-64, exact where a product of two uint64 would wrap."""
    sig = types.UniTuple(types.uint64, 2)(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        i64, i128 = ir.IntType(64), ir.IntType(128)
        product = builder.mul(builder.zext(args[0], i128), builder.zext(args[1], i128))
        high = builder.trunc(builder.lshr(product, ir.Constant(i128, 64)), i64)
        low = builder.trunc(product, i64)
        return context.make_tuple(builder, signature.return_type, [high, low])
    return sig, codegen


@intrinsic
def _pdep64(typingctx, source, mask):
    """BMI2's PDEP: the low bits of `source` deposited, in order, at the set bits of `mask`."""
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        pdep = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pdep.64")
        return builder.call(pdep, args)
    return sig, codegen


def target_cpu() -> tuple[str, list[str]] | None:
    """(name, features) of the x86-64 CPU Numba compiles for, None on other machines.

    Read from the same settings Numba's code generator uses (NUMBA_CPU_NAME / _FEATURES, else
    the host), so a kernel never holds an instruction its target lacks; Numba's cache keys on
    the CPU name and features too, so a cached kernel is only loaded where it was compiled for.
    """
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return None
    # as numba.core.codegen.JITCPUCodegen picks them (numba's config already turns the
    # features off for NUMBA_CPU_NAME=generic)
    # (numba.core.config sets its options at import, from the environment: mypy cannot see them)
    cpu_name = config.CPU_NAME  # type: ignore[attr-defined]
    cpu_features = config.CPU_FEATURES  # type: ignore[attr-defined]
    name = cpu_name if cpu_name is not None else ll.get_host_cpu_name()
    features = cpu_features if cpu_features is not None else get_host_cpu_features()
    return name, features.split(",")


def _target_has_fast_pdep() -> bool:
    """Whether the target has a fast PDEP (3 cycles on Zen 3 and Intel). AMD before Zen 3 runs
    PDEP in microcode (hundreds of cycles for dense masks): portable path there."""
    target = target_cpu()
    if target is None:
        return False
    name, features = target
    return "+bmi2" in features and name not in ("znver1", "znver2", "bdver4", "bdver3",
                                                "bdver2", "bdver1")


FAST_PDEP = _target_has_fast_pdep()
_ONE = np.uint64(1)


@inline
def nth_set_bit_pdep(mask, n):
    """The n-th (from 0) set bit of mask, as a one-bit mask (0 if mask has n bits or fewer):
    PDEP deposits bit n of its source onto it."""
    return _pdep64(_ONE << n, mask)


@inline
def nth_set_bit_portable(mask, n):
    """``nth_set_bit_pdep`` without BMI2: a branch-free binary search on the set-bit counts of
    the low half, quarter, ... of what is left of the mask."""
    at = np.uint64(0)
    rest = mask
    for width in (32, 16, 8, 4, 2, 1):
        w = np.uint64(width)
        low = popcount64(rest & ((_ONE << w) - _ONE))
        skip = np.uint64(n >= low)
        n -= low * skip
        at += w * skip
        rest >>= w * skip
    return (_ONE << at) & mask


# The kernels call nth_set_bit; which one it is is fixed when this module loads (and is part of
# what Numba compiled for: its cache keys on the CPU name and features).
nth_set_bit = nth_set_bit_pdep if FAST_PDEP else nth_set_bit_portable
