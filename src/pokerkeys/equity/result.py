"""The result of an equity calculation, shared by hold'em and Omaha (exact and Monte Carlo)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class EquityResult:
    """Outcome of an equity calculation.

    ``equity[p]`` = win[p] + tie_share[p]: the fraction of the pot player p takes on average.
    ``win[p]``: probability p wins alone; ``tie[p]``: probability p splits the pot;
    ``tie_share[p]``: p's expected share from split pots. ``wins``, ``ties``, ``losses``: raw
    (weighted) counts of showdowns. ``splits`` maps each tuple of players who split a pot to
    its probability. ``exact``: enumeration (True) or Monte Carlo; ``boards``/``trials``: how
    many showdowns were counted; ``stderr[p]``: standard error of equity[p] (0 when exact).
    ``stopped_by``: which rule ended a Monte Carlo run: 'trials', 'target_stderr',
    'time_limit' or 'default time limit' (no trials or time_limit given); None when exact.
    """
    players: tuple[str, ...]
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    tie_share: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    losses: np.ndarray
    splits: dict
    exact: bool
    boards: float
    trials: int
    stderr: np.ndarray
    elapsed: float
    mask_counts: np.ndarray = field(repr=False)
    stopped_by: str | None = None
    # Per player: a ``per_combo.ComboTable`` when ``equity(..., per_combo=...)`` kept that
    # player's combos, else None; None altogether without per_combo.
    combo_tables: tuple | None = field(default=None, repr=False, compare=False)

    def combo_equity(self, player: int):
        """Per-combo table of ``player`` (0-based): a pandas DataFrame when pandas is
        installed, else a NumPy structured array; columns combo, weight, share, equity, win,
        tie (and stderr for Monte Carlo). Needs ``equity(..., per_combo=True)``."""
        if self.combo_tables is None:
            raise ValueError("no per-combo results: call equity(..., per_combo=True)")
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) \
                or not 0 <= player < len(self.players):
            raise ValueError(f"player must be an index 0..{len(self.players) - 1}, "
                             f"not {player!r}")
        table = self.combo_tables[player]
        if table is None:
            raise ValueError(f"player {player + 1} ({self.players[player]!r}) is a single "
                             f"hand: per-combo results exist only for ranges")
        return table.to_frame()

    @classmethod
    def from_mask_counts(cls, players, counts, exact, elapsed, trials=0, stopped_by=None):
        """Derive every statistic from counts[mask] (mask = set of players with the best hand)."""
        counts = np.asarray(counts, dtype=np.float64)
        n = len(players)
        masks = np.arange(len(counts))
        total = counts.sum()
        members = (masks[:, None] >> np.arange(n)) & 1  # (masks, players)
        size = members.sum(axis=1)
        share = np.where(size > 0, 1.0 / np.maximum(size, 1), 0.0)
        alone = members * (size == 1)[:, None]
        split = members * (size > 1)[:, None]
        wins = counts @ alone
        ties = counts @ split
        losses = total - wins - ties
        tie_share = (counts * share) @ split / total
        equity = (counts * share) @ members / total
        if exact:
            stderr = np.zeros(n)
        else:
            second = (counts * share ** 2) @ members / total
            stderr = np.sqrt(np.maximum(second - equity ** 2, 0.0) / max(total - 1, 1))
        splits = {tuple(int(p) for p in np.flatnonzero(members[m])): float(counts[m] / total)
                  for m in masks if size[m] > 1 and counts[m] > 0}
        return cls(players=tuple(players), equity=equity, win=wins / total, tie=ties / total,
                   tie_share=tie_share, wins=wins, ties=ties, losses=losses, splits=splits,
                   exact=exact, boards=total if exact else 0, trials=int(trials),
                   stderr=stderr, elapsed=elapsed, mask_counts=counts,
                   stopped_by=stopped_by)

    def __str__(self) -> str:
        width = max(6, max(len(p) for p in self.players))
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
        if not self.exact:
            head += f"  {'± stderr':>9}"
        lines = [head]
        for i, name in enumerate(self.players):
            row = (f"{name:<{width}}  {100 * self.equity[i]:7.3f}%  {100 * self.win[i]:7.3f}%"
                   f"  {100 * self.tie[i]:7.3f}%")
            if not self.exact:
                row += f"  {100 * self.stderr[i]:8.3f}%"
            lines.append(row)
        if self.exact:
            lines.append(f"exact: {self.boards:,.0f} showdowns counted in "
                         f"{self.elapsed:.3f} s")
        else:
            line = f"Monte Carlo: {self.trials:,} trials in {self.elapsed:.3f} s"
            if self.stopped_by == "default time limit":
                line += (", stopped by the default time limit (set trials or time_limit to "
                         "run longer)")
            elif self.stopped_by is not None:
                line += f", stopped by {self.stopped_by}"
            lines.append(line)
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "players": list(self.players), "equity": self.equity.tolist(),
            "win": self.win.tolist(), "tie": self.tie.tolist(),
            "tie_share": self.tie_share.tolist(), "wins": self.wins.tolist(),
            "ties": self.ties.tolist(), "losses": self.losses.tolist(),
            "splits": {",".join(map(str, k)): v for k, v in self.splits.items()},
            "exact": self.exact, "boards": self.boards, "trials": self.trials,
            "stderr": self.stderr.tolist(), "elapsed": self.elapsed,
            "stopped_by": self.stopped_by,
        }
