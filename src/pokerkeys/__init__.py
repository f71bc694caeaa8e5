"""pokerkeys: Texas Hold'em hand evaluation and equity on a key-sum evaluator.

>>> import pokerkeys as pk
>>> pk.evaluate("As Ks Qs Js Ts")
7462

The evaluator, equity and ranges are imported at once; the games (winners, Omaha, wild cards,
draw poker, statistics), the preflop tables and the bulk files load on first use, so the command
line starts without them. The subpackages, lowest layer first: ``_kernels`` (Numba kernels),
``core`` (cards, tables, evaluation), ``equity`` and ``preflop``, ``games`` and ``io``, ``cli``.
"""
from importlib import import_module

from .core.cards import format_cards, parse_cards
from .core.evaluate import HandCategory, best_five, category, describe, evaluate, evaluate_batch
from .core.tables import TableError
from .equity import EquityResult, Range, equity
from .games.deal import deal
from .games.showdown import showdown

__version__ = "0.1.0"

# public name -> module that defines it, imported by __getattr__ on first access
_LAZY = {
    "stats": "games.stats", "preflop": "preflop",
    "BestHand": "core.best", "best_hand": "games.hands", "holdem_hand": "games.hands",
    "three_d_hand": "games.hands", "winners": "games.hands",
    "omaha_equity": "equity.omaha", "omaha_hand": "equity.omaha",
    "wild_hand": "games.wild", "best_discard": "games.draw",
    "range_hits": "analysis.hits", "flops": "analysis.flops",
}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerkeys' has no attribute {name!r}")
    module = import_module(f".{_LAZY[name]}", __name__)
    # pk.stats and pk.preflop are modules themselves; the rest are names defined in them
    return module if name in ("stats", "preflop") else getattr(module, name)


__all__ = [
    "EquityResult", "HandCategory", "Range", "TableError", "best_five", "category",
    "deal", "describe", "equity", "evaluate", "evaluate_batch", "format_cards", "parse_cards",
    "showdown", *_LAZY,
]
