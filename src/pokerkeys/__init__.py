"""pokerkeys: Texas Hold'em hand evaluation and equity at C++ speed.

>>> import pokerkeys as pk
>>> pk.evaluate("As Ks Qs Js Ts")
7462
"""
from .cards import format_cards, parse_cards
from .evaluate import (HandCategory, best_five, category, describe, evaluate,
                       evaluate_batch)
from .equity import EquityResult, equity
from .ranges import Range
from .tables import TableError
from . import stats

__version__ = "0.1.0"

__all__ = [
    "EquityResult", "HandCategory", "Range", "TableError", "equity", "stats", "best_five", "category", "describe", "evaluate",
    "evaluate_batch", "format_cards", "parse_cards",
]
