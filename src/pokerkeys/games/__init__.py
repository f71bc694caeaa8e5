"""Games on the evaluator: showdowns and winners (``hands``, ``showdown``), wild cards
(``wild``), draw poker (``draw``), dealing (``deal``), per-game statistics (``stats``,
``game_stats``). Omaha's hands and equity live in ``pokerkeys.equity.omaha``; the best-hand
type every game returns in ``pokerkeys.core.best``.

The package itself gathers the best-hand functions of ``hands`` and what they return
(``BestHand`` and its helpers from ``pokerkeys.core.best``) under one name.

>>> from pokerkeys import games
>>> games.best_hand("As Ks Qs Js Ts 2c 3d").describe()
'Royal flush'
"""
from ..core.best import (
                         FIVE_OF_A_KIND,
                         MAX_RANK,
                         N_NATURAL_RANKS,
                         BestHand,
                         best_of_rows,
                         category_of,
                         check_disjoint,
                         describe_rank,
                         five_of_a_kind_rank,
                         label_of,
)
from .hands import best_hand, holdem_hand, short_hand_value, three_d_hand, winners

__all__ = ["FIVE_OF_A_KIND", "MAX_RANK", "N_NATURAL_RANKS", "BestHand", "best_hand",
           "best_of_rows", "category_of", "check_disjoint", "describe_rank",
           "five_of_a_kind_rank", "holdem_hand", "label_of", "short_hand_value", "three_d_hand",
           "winners"]
