"""Equity: who wins how often, exactly or by Monte Carlo.

``holdem`` (``pk.equity``: 2-10 players, hands, partly known hands, random hands and ranges,
boards and dead cards), ``setup`` (the players, board and dead cards read and checked),
``monte_carlo`` (hold'em's Monte Carlo runs), ``omaha`` (Omaha 4-6, loaded on first use),
``ranges`` (PokerStove-style range text), ``result`` (``EquityResult`` and the per-combo
table, shared by both games), ``driver`` (the Monte Carlo stop rules, chunks and seeds, shared
by both games), ``per_combo`` (each combo's own result in a range), ``matchups`` (the
matchups of exact enumeration) and ``first_call`` (a first run's answer in NumPy while the
kernel compiles).

>>> from pokerkeys.equity import Range, equity
>>> equity(["AhKh", Range("QQ+")], board="Qh7h2c").equity.round(4).tolist()
[0.366, 0.634]
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .driver import DEFAULT_TRIALS
from .holdem import Game, equity
from .ranges import Range, RangeParseError, parse_range
from .result import EquityResult, StopReason
from .setup import MAX_PLAYERS, PerCombo, PlayerSpec

if TYPE_CHECKING:
    from .omaha import omaha_equity


def __getattr__(name: str) -> Any:
    if name == "omaha_equity":  # Omaha's kernels load only when Omaha is used
        from .omaha import omaha_equity
        return omaha_equity
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEFAULT_TRIALS", "MAX_PLAYERS", "EquityResult", "Game", "PerCombo", "PlayerSpec",
           "Range", "RangeParseError", "StopReason", "equity", "omaha_equity", "parse_range"]
