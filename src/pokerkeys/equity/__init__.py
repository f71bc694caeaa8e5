"""Equity: who wins how often, exactly or by Monte Carlo.

``holdem`` (``pk.equity``: 2-10 players, hands, partly known hands, random hands and ranges,
boards and dead cards), ``omaha`` (Omaha 4-6, loaded on first use), ``ranges`` (PokerStove-style
range text), ``result`` (``EquityResult``, shared by both games) and ``driver`` (the Monte Carlo
stop rules, chunks and seeds, shared by both games).
"""
from .holdem import DEFAULT_TRIALS, MAX_PLAYERS, equity
from .ranges import Range, RangeParseError, parse_range
from .result import EquityResult


def __getattr__(name):
    if name == "omaha_equity":  # Omaha's kernels load only when Omaha is used
        from .omaha import omaha_equity
        return omaha_equity
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEFAULT_TRIALS", "MAX_PLAYERS", "EquityResult", "Range", "RangeParseError",
           "equity", "omaha_equity", "parse_range"]
