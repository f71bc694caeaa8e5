"""Range analysis beyond one equity number: what a range hits on a board (``hits``,
``pk.range_hits``) and two players' equity on every flop (``flops``, ``pk.flops``, loaded on
first use). Per-combo equity is part of ``pk.equity`` itself (``equity.per_combo``)."""
from .hits import DRAWS, MADE, RangeHits, range_hits

__all__ = ["DRAWS", "MADE", "RangeHits", "range_hits"]
