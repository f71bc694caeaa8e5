"""Splitting work items into groups of equal work for chunked kernels (``_jit.run_chunks``).

Threads take contiguous blocks of groups, so a loop over items of unequal size (enumerations
whose first card is low do far more work) leaves one thread busy long after the other is
idle. Dealing the items, largest first, to the group with the least work so far
(LPT scheduling) and looping over many more groups than threads fixes that for any thread count.
"""
from __future__ import annotations

import heapq

import numpy as np
import numpy.typing as npt


def balanced_groups(work: npt.ArrayLike, n_groups: int
                    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """(order, starts): items order[starts[g]:starts[g+1]] form group g; deterministic."""
    work = np.asarray(work, dtype=np.float64)
    n_groups = max(1, min(n_groups, len(work)))
    heap = [(0.0, g) for g in range(n_groups)]  # sorted, so already a heap
    members: list[list[int]] = [[] for _ in range(n_groups)]
    for item in np.argsort(-work, kind="stable"):
        load, g = heapq.heappop(heap)
        members[g].append(int(item))
        heapq.heappush(heap, (load + work[item], g))
    order = np.array([i for m in members for i in m], dtype=np.int64)
    starts = np.cumsum([0] + [len(m) for m in members]).astype(np.int64)
    return order, starts
