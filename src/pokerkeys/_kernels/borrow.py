"""Borrowed array views: the same data without a reference count to keep.

Numba counts references to every array it allocated or received from Python: each helper call
inlined into a hot loop increments and decrements the count of every array passed to it, and
these are atomic instructions (about 5 ns each, tens per board in an enumeration). Numba's
parallel loops never paid for them, because the body of a ``prange`` loop receives its arrays
as raw views with no reference count (its gufunc wrapper builds them from data pointers); a
serial kernel does, and ran up to five times slower than the same loop in a ``prange`` body.

``borrowed(a)`` is ``a`` with its reference-count pointer (``meminfo``) and parent set to
null, so every increment and decrement of it is a test of a null pointer. It is safe only
while someone else keeps ``a`` alive: borrow a kernel's *arguments* (the caller holds them for
the whole call), never an array allocated in the same function (Numba may free it after its
last use, which would be the borrow).
"""
from __future__ import annotations

from numba.core import cgutils, types

from .._jit import intrinsic


@intrinsic
def borrowed(typingctx, a):
    """A view of the array ``a`` that carries no reference count (see the module)."""
    if not isinstance(a, types.Array):
        return None
    sig = a(a)

    def codegen(context, builder, signature, args):
        source = context.make_array(a)(context, builder, value=args[0])
        view = context.make_array(a)(context, builder)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        view.nitems = source.nitems
        view.itemsize = source.itemsize
        view.data = source.data
        view.shape = source.shape
        view.strides = source.strides
        return view._getvalue()
    return sig, codegen
