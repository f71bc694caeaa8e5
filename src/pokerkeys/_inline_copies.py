"""One copy of a function's variables per inlined call, not one per block: Numba's IR inliner
made to copy an inlined function's blocks together.

The kernels lean on ``_jit.inline`` helpers (inlined at the Numba IR level, so hot loops carry
no calls), nested several deep. Numba's inliner (``InlineWorker.inline_ir``, numba 0.58-0.68 at
least) copies the callee's IR block by block with ``copy.deepcopy``, and every variable holds
its scope, so each block's copy also copies the scope and every variable in it: the copies
grow as blocks times variables. Compiling ``equity.monte_carlo_plain`` spent 15 of its 20
profiled seconds in ``deepcopy``. Copying all blocks in one ``deepcopy`` call shares one copy
of the scope between them, as the blocks shared one scope before the copy (the inliner then
asserts a single scope and gives every block the caller's): the same IR, copied in time
proportional to its size. Compile times fell by about a quarter (see ``share_block_copies``).

The change is made to Numba's own source text of ``inline_ir``, replacing the per-block copy
only where that text is exactly what is expected; a Numba whose inliner reads otherwise is
left as it is (kernels compile more slowly, to the same code). ``_jit`` makes it when a kernel
first compiles (Numba's compile event), so a run that finds every kernel cached never imports
the inliner.
"""
from __future__ import annotations

import inspect
import textwrap

# The per-block copy in Numba's ``InlineWorker.inline_ir`` (its nested ``copy_ir``), dedented
# once as ``textwrap.dedent`` leaves the method, and what replaces it.
_PER_BLOCK = """\
        kernel_copy.blocks = {}
        for block_label, block in the_ir.blocks.items():
            new_block = copy.deepcopy(the_ir.blocks[block_label])
            kernel_copy.blocks[block_label] = new_block
        return kernel_copy
"""
_TOGETHER = """\
        kernel_copy.blocks = copy.deepcopy(the_ir.blocks)
        return kernel_copy
"""


def share_block_copies() -> bool:
    """Make Numba's inliner copy a callee's blocks in one ``deepcopy``; whether it was made
    (False: this Numba's inliner is not the one expected, and stays as it is).

    Measured on an AMD EPYC, one process pinned to one core, fresh caches, CPU seconds
    (``python -m pokerkeys._warm_up KERNEL --timings``): ``equity.monte_carlo_plain`` 9.0
    against 12.2, ``equity.monte_carlo_heads_up`` 3.7 against 4.3, ``evaluate.rank_batch_7``
    1.05 against 1.46.
    """
    from numba.core import inline_closurecall

    worker = inline_closurecall.InlineWorker
    if getattr(worker.inline_ir, "_copies_blocks_together", False):
        return True
    try:
        source = textwrap.dedent(inspect.getsource(worker.inline_ir))
    except (OSError, TypeError):  # no source shipped
        return False
    if source.count(_PER_BLOCK) != 1:
        return False
    namespace = dict(vars(inline_closurecall))
    code = compile(source.replace(_PER_BLOCK, _TOGETHER), inline_closurecall.__file__, "exec")
    exec(code, namespace)  # Numba's own function, its one copy step changed
    inline_ir = namespace["inline_ir"]
    inline_ir._copies_blocks_together = True
    setattr(worker, "inline_ir", inline_ir)  # noqa: B010 - mypy forbids assigning a method
    return True
