"""pokerkeys: poker hand evaluation and equity on a key-sum evaluator, compiled with Numba.

A hand of 5, 6 or 7 cards gets a rank from 1 (the worst hand, 7-5-4-3-2) to 7462 (a royal
flush): higher is better, equal ranks tie. Cards are text (``'As Kd'``, ``'10h'``, ``'A♠'``)
or integer ids ``4 * rank + suit`` (``'2c'`` is 0, ``'As'`` is 51).

The public names, by topic:

Evaluating hands
    ``evaluate`` (one hand), ``evaluate_batch`` (an array of hands, in parallel),
    ``evaluate_omaha_batch`` (Omaha hands in bulk),
    ``category`` and ``HandCategory`` (the nine categories), ``describe`` (a hand in words),
    ``best_five`` (the five cards that play), ``parse_cards`` and ``format_cards``,
    ``TableError`` (a damaged installation).
Equity
    ``equity`` (hold'em and Omaha, exact or Monte Carlo, hands or ranges) and its result,
    ``EquityResult``; ``Range`` (weighted two-card ranges, and Omaha ranges with
    ``game='omaha'``); ``omaha_equity`` (hands, random hands and Omaha ranges);
    ``omaha_hilo_equity`` and its ``HiLoResult``, ``omaha_low`` (Omaha hi/lo, eight or
    better).
Range analysis
    ``range_hits`` (what a range holds on a board), ``omaha_range_hits`` (the same for
    Omaha, with its draws and straight outs), ``flops`` (equity on every flop),
    ``runouts`` (equity after every turn or river card), ``equity_distribution`` and
    ``flop_distribution`` (equity spread over a range's combos or the flops, with
    ``plot_distributions``), ``equity_by_class`` (equity per made hand and draw),
    ``what_wins`` (the pot won with each final hand).
Preflop
    ``preflop`` (a module: the 169 classes, matchups, shipped tables; ``preflop.shortdeck``:
    short deck's 81 classes and tables).
Games
    ``best_hand``, ``holdem_hand``, ``omaha_hand``, ``three_d_hand``, ``wild_hand`` (the best
    hand of a game, a ``BestHand``), ``winners``, ``showdown`` (decide a showdown text),
    ``deal``, ``best_discard`` (draw poker), ``stats`` (a module: category statistics of the
    classic games).

Bulk files (CSV, Parquet, NPY) are ``pokerkeys.io``, Dask is ``pokerkeys.io.distributed``;
the command line is ``pokerkeys --help`` and the local web app ``pokerkeys serve``.

The evaluator, equity and ranges are imported at once; the games, the preflop tables and the
analyses load on first use (``pk.flops``, ``pk.stats``, ...), so the command line starts
without them. The subpackages, lowest layer first: ``_kernels`` (Numba kernels), ``core``
(cards, tables, evaluation), ``equity``, ``analysis`` and ``preflop``, ``games`` and ``io``,
``cli`` and ``web``.

Examples
--------
>>> import pokerkeys as pk
>>> pk.evaluate("As Ks Qs Js Ts")
7462
>>> pk.describe("7c 7d 2h 2s Kd 9c 3h")
'Two pair, sevens and twos'
>>> pk.evaluate_batch(["Ah Kh Qh Jh Th", "2c 3d 4h 5s 7c"])
array([7462,    1], dtype=uint16)
"""
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .core.cards import format_cards, parse_cards
from .core.evaluate import HandCategory, best_five, category, describe, evaluate, evaluate_batch
from .core.tables import TableError
from .equity import EquityResult, Range, equity
from .games.deal import deal
from .games.showdown import showdown

if TYPE_CHECKING:  # the names __getattr__ imports on first use, as type checkers should see them
    from . import preflop
    from .analysis.by_class import equity_by_class, what_wins
    from .analysis.distribution import equity_distribution, flop_distribution, plot_distributions
    from .analysis.flops import flops
    from .analysis.hits import range_hits
    from .analysis.omaha_hits import omaha_range_hits
    from .analysis.runouts import runouts
    from .core.best import BestHand
    from .core.omaha_batch import evaluate_omaha_batch
    from .equity.omaha import omaha_equity, omaha_hand
    from .equity.omaha_hilo import HiLoResult, omaha_hilo_equity, omaha_low
    from .games import stats
    from .games.draw import best_discard
    from .games.hands import best_hand, holdem_hand, three_d_hand, winners
    from .games.wild import wild_hand

__version__ = "0.1.0"

# public name -> module that defines it, imported by __getattr__ on first access
_LAZY = {
    "stats": "games.stats", "preflop": "preflop",
    "BestHand": "core.best", "best_hand": "games.hands", "holdem_hand": "games.hands",
    "evaluate_omaha_batch": "core.omaha_batch",
    "three_d_hand": "games.hands", "winners": "games.hands",
    "omaha_equity": "equity.omaha", "omaha_hand": "equity.omaha",
    "HiLoResult": "equity.omaha_hilo", "omaha_hilo_equity": "equity.omaha_hilo",
    "omaha_low": "equity.omaha_hilo",
    "wild_hand": "games.wild", "best_discard": "games.draw",
    "range_hits": "analysis.hits", "omaha_range_hits": "analysis.omaha_hits",
    "flops": "analysis.flops",
    "runouts": "analysis.runouts", "equity_distribution": "analysis.distribution",
    "flop_distribution": "analysis.distribution", "plot_distributions": "analysis.distribution",
    "equity_by_class": "analysis.by_class", "what_wins": "analysis.by_class",
}
# pk.stats and pk.preflop are modules themselves; the rest are names defined in their module
_MODULES = ("stats", "preflop")


def __getattr__(name: str) -> Any:
    """Import a name of ``_LAZY`` on its first use (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerkeys' has no attribute {name!r}")
    module = import_module(f".{_LAZY[name]}", __name__)
    value = module if name in _MODULES else getattr(module, name)
    # Kept as a module global, so later reads skip this function: ``pk.winners`` read in a
    # loop of single calls would otherwise cost more than the call (1.7 us a read).
    globals()[name] = value
    return value


__all__ = [
    # evaluating hands
    "HandCategory", "TableError", "best_five", "category", "describe", "evaluate",
    "evaluate_batch", "evaluate_omaha_batch", "format_cards", "parse_cards",
    # equity and range analysis
    "EquityResult", "HiLoResult", "Range", "equity", "equity_by_class", "equity_distribution",
    "flop_distribution", "flops", "omaha_equity", "omaha_hilo_equity", "omaha_low",
    "omaha_range_hits",
    "plot_distributions", "range_hits", "runouts", "what_wins",
    # preflop
    "preflop",
    # games
    "BestHand", "best_discard", "best_hand", "deal", "holdem_hand", "omaha_hand", "showdown",
    "stats", "three_d_hand", "wild_hand", "winners",
]
