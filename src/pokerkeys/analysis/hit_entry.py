"""One category of a range-hits table (Hold'em's ``RangeHits``, Omaha's ``OmahaRangeHits``):
its weighted combos and their share of the range.

>>> import pokerkeys as pk
>>> pk.range_hits("AA", "Ah 7c 2d")["set"]
{'combos': 3.0, 'share': 1.0}
"""
from __future__ import annotations

from typing import TypedDict

__all__ = ["HitEntry"]


class HitEntry(TypedDict):
    """One category of a ``RangeHits``: its weighted combos and their share of the range.

    Attributes
    ----------
    combos : float
        The weighted combos of the range in the category.
    share : float
        ``combos`` over the range's weighted combos on the board (0..1).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.range_hits("QQ+, AKs", "Qh 7c 2d")["overpair"]
    {'combos': 12.0, 'share': 0.631578947368421}
    """
    combos: float
    share: float
