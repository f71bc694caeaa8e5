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
from .games import BestHand, best_hand, holdem_hand, three_d_hand, winners
from .omaha import omaha_equity, omaha_hand
from .wild import wild_hand
from .draw import best_discard
from .deal import deal
from .showdown import showdown

__version__ = "0.1.0"

__all__ = [
    "EquityResult", "HandCategory", "Range", "TableError", "equity", "stats", "best_five", "category", "describe", "evaluate",
    "evaluate_batch", "format_cards", "parse_cards",
    "BestHand", "best_discard", "best_hand", "deal", "holdem_hand", "omaha_equity", "omaha_hand",
    "showdown", "three_d_hand", "wild_hand", "winners",
]
