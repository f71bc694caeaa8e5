"""Type aliases of the public API: what a card, a hand, a batch or an option may be.

Annotations across pokerkeys use these names, so a reader of a signature (or of the reference)
sees the same word for the same thing everywhere, and a type checker sees what each accepts.

>>> from pokerkeys.core.types import CardsLike
>>> import pokerkeys as pk
>>> hand: CardsLike = "AsKd"
>>> pk.parse_cards(hand).tolist()
[51, 45]
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = [
    "BoolArray", "CardArray", "CardLike", "CardsLike", "FloatArray", "HandBatch", "IntArray",
    "InvalidRows", "RankArray", "RankLike", "SeedLike", "Threads",
]

#: One card: text such as ``'As'``, ``'10s'`` or ``'A♠'``, or an integer id ``4*rank + suit``
#: in 0..51 (rank 0..12 = 2..A, suit 0..3 = c, d, h, s).
CardLike: TypeAlias = str | int | np.integer

#: Several cards: one string (``'AsKd'``, ``'As Kd'``, ``'As,Kd'``), a sequence of cards, or an
#: integer array of card ids.
CardsLike: TypeAlias = str | Sequence[CardLike] | npt.NDArray[np.integer]

#: A batch of hands: an (N, k) integer array of card ids, k in 5, 6, 7 (any integer dtype;
#: uint8 avoids a copy), or a sequence of N hand strings or N card lists of one length.
HandBatch: TypeAlias = npt.ArrayLike

#: A rank (1..7462, higher is better) or an array of ranks.
RankLike: TypeAlias = int | np.integer | npt.NDArray[np.integer]

#: Card ids as the API returns them: uint8 arrays.
CardArray: TypeAlias = npt.NDArray[np.uint8]
#: Ranks as the batch API returns them: uint16 arrays.
RankArray: TypeAlias = npt.NDArray[np.uint16]
#: Arrays of probabilities, equities, weights.
FloatArray: TypeAlias = npt.NDArray[np.float64]
#: Arrays of counts or indexes.
IntArray: TypeAlias = npt.NDArray[np.int64]
#: Arrays of flags.
BoolArray: TypeAlias = npt.NDArray[np.bool_]

#: What ``evaluate_batch`` does with a bad row: ``'raise'`` a ValueError naming it, or give it
#: rank ``'zero'``.
InvalidRows: TypeAlias = Literal["raise", "zero"]

#: Threads for a parallel kernel: ``None`` for all the cores Numba uses, else 1 or more.
Threads: TypeAlias = int | None

#: A seed, as ``numpy.random.SeedSequence`` takes it: an integer >= 0, a sequence of them, or
#: ``None`` for fresh entropy (a different result each run).
SeedLike: TypeAlias = int | Sequence[int] | None
