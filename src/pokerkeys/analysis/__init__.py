"""Range analysis beyond one equity number: what a range hits on a board (``hits``,
``pk.range_hits``; ``omaha_hits`` for Omaha ranges), 2-6 players' equity on every flop
(``flops``, ``pk.flops``), after every turn or river card (``runouts``, ``pk.runouts``), how a
range's equity is distributed over its combos or the flops (``distribution``), and its equity
by hand class and what wins (``by_class``); all but ``hits`` load on first use. Per-combo
equity is part of ``pk.equity`` itself (its ``per_combo`` parameter, computed in
``pokerkeys.equity.per_combo``).

>>> import pokerkeys as pk
>>> pk.range_hits("AA", "Ah 7c 2d")["set"]["combos"]
3.0
"""
from .hits import DRAWS, MADE, RangeHits, range_hits

__all__ = ["DRAWS", "MADE", "RangeHits", "range_hits"]
