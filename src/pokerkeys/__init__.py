"""pokerkeys: Texas Hold'em hand evaluation and equity at C++ speed.

>>> import pokerkeys as pk
>>> pk.evaluate("As Ks Qs Js Ts")
7462

The evaluator, equity and ranges are imported at once; the games modules (winners, Omaha,
wild cards, draw poker, dealing, showdown files) load on first use, so the command line starts
without them.
"""
from importlib import import_module

from .cards import format_cards, parse_cards
from .equity import EquityResult, equity
from .evaluate import (HandCategory, best_five, category, describe, evaluate,
                       evaluate_batch)
from .ranges import Range
from .tables import TableError
# These two functions share their module's name: they must be bound eagerly, or importing
# the submodule later would replace the function with the module on the package.
from .deal import deal
from .showdown import showdown

__version__ = "0.1.0"

# public name -> module that defines it, imported by __getattr__ on first access
_LAZY = {
    "stats": None, "preflop": None,
    "BestHand": "games", "best_hand": "games", "holdem_hand": "games",
    "three_d_hand": "games", "winners": "games",
    "omaha_equity": "omaha", "omaha_hand": "omaha",
    "wild_hand": "wild", "best_discard": "draw",
}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerkeys' has no attribute {name!r}")
    module_name = _LAZY[name]
    if module_name is None:  # a submodule itself
        return import_module(f".{name}", __name__)
    return getattr(import_module(f".{module_name}", __name__), name)


__all__ = [
    "EquityResult", "HandCategory", "Range", "TableError", "best_five", "category",
    "deal", "describe", "equity", "evaluate", "evaluate_batch", "format_cards", "parse_cards",
    "showdown", *_LAZY,
]
