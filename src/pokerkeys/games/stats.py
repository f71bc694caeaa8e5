"""Statistics of hand categories: every 5- and 7-card hand counted (from
``pokerkeys.core.counts``), the other games' category statistics and the "what comes first"
experiment (from ``pokerkeys.games.game_stats``), under one name: ``pk.stats``."""
from ..core.counts import category_counts, distinct_ranks, rank_histogram
from .game_stats import (
                         FirstResult,
                         GameStats,
                         format_games_table,
                         game_stats,
                         plot_what_comes_first,
                         what_comes_first,
)

__all__ = ["FirstResult", "GameStats", "category_counts", "distinct_ranks",
           "format_games_table", "game_stats", "plot_what_comes_first", "rank_histogram",
           "what_comes_first"]
