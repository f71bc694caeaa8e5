"""The result of an equity calculation, shared by hold'em and Omaha, exact and Monte Carlo,
and the per-combo table of a range player (``equity(..., per_combo=...)``).

Every equity run counts showdowns by *winner mask*: the set of players holding the best hand
(bit p set for player p). ``EquityResult.from_mask_counts`` derives every statistic from that
one histogram, so hold'em, Omaha, enumeration, Monte Carlo and the Dask runs report alike.

>>> import pokerkeys as pk
>>> r = pk.equity(["AhAd", "KsKc"])
>>> r.equity.round(4).tolist()
[0.8126, 0.1874]
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from ..core.cards import format_card
from ..core.types import CardArray, FloatArray, IntArray

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

__all__ = ["ComboTable", "EquityResult", "StopReason"]

#: Which rule ended a Monte Carlo run (``EquityResult.stopped_by``): the trial count, the
#: target standard error, the time limit, or the default time limit (60 s) that bounds a run
#: given only a ``target_stderr``.
StopReason: TypeAlias = Literal["trials", "target_stderr", "time_limit", "default time limit"]


@dataclass(frozen=True)
class ComboTable:
    """One player's per-combo results, rows aligned with ``combos``.

    ``EquityResult.combo_equity`` gives it as a DataFrame (or structured array); the
    command line and the web app read ``columns``.

    Attributes
    ----------
    combos : numpy.ndarray
        (N, 2) uint8, the player's combos that fit the board and dead cards, high card
        first, in ``pokerkeys.core.classes.ALL_COMBOS`` order.
    weight : numpy.ndarray
        float64, each combo's weight in the range.
    share : numpy.ndarray
        float64, each combo's probability given every range, card removal included (sums
        to 1).
    equity, win, tie : numpy.ndarray
        float64, the combo's equity, probability of winning alone and of splitting against
        the other players (NaN for a Monte Carlo combo never dealt).
    stderr : numpy.ndarray or None
        Monte Carlo: the standard error of each combo's equity (NaN below two trials);
        None when exact.
    faced, won, tied : numpy.ndarray or None
        Raw counts: exact, showdowns against the other players' weighted combos; Monte
        Carlo, trials. ``equity = shared / faced``, ``win = won / faced``,
        ``tie = tied / faced``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> table = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True).combo_tables[1]
    >>> len(table.combos), table.faced[:2].tolist(), table.won[:2].tolist()
    (9, [990.0, 990.0], [737.0, 737.0])
    """

    combos: CardArray
    weight: FloatArray
    share: FloatArray
    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    stderr: FloatArray | None = None
    faced: FloatArray | None = None
    won: FloatArray | None = None
    tied: FloatArray | None = None

    def names(self) -> list[str]:
        """The combos as text, ``'AhKh'``, in row order.

        Returns
        -------
        list of str
            One four-character name per row.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True)
        >>> r.combo_tables[1].names()[:2]
        ['QdQc', 'QsQc']
        """
        return [format_card(a) + format_card(b) for a, b in self.combos.tolist()]

    def columns(self) -> dict[str, Any]:
        """The table's columns by name: combo, weight, share, equity, win, tie (and stderr).

        Returns
        -------
        dict
            ``'combo'`` a list of str (``names``), the others float64 arrays; ``'stderr'``
            only for Monte Carlo.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True)
        >>> list(r.combo_tables[1].columns())
        ['combo', 'weight', 'share', 'equity', 'win', 'tie']
        """
        cols: dict[str, Any] = {"combo": self.names(), "weight": self.weight,
                                "share": self.share, "equity": self.equity, "win": self.win,
                                "tie": self.tie}
        if self.stderr is not None:
            cols["stderr"] = self.stderr
        return cols

    def to_records(self) -> np.ndarray:
        """The table as a NumPy structured array, one record per combo.

        Returns
        -------
        numpy.ndarray
            Fields ``combo`` (``U4``) and the float64 columns of ``columns``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True)
        >>> records = r.combo_tables[1].to_records()
        >>> records.dtype.names
        ('combo', 'weight', 'share', 'equity', 'win', 'tie')
        >>> str(records[0]["combo"]), round(float(records[0]["win"]), 4)
        ('QdQc', 0.7444)
        """
        cols = self.columns()
        dtype = [("combo", "U4")] + [(k, "f8") for k in cols if k != "combo"]
        out = np.empty(len(self.combos), dtype=dtype)
        for k, v in cols.items():
            out[k] = v
        return out

    def to_frame(self) -> pd.DataFrame | np.ndarray:
        """The table as a pandas DataFrame, or a structured array when pandas is missing.

        Returns
        -------
        pandas.DataFrame or numpy.ndarray
            The columns of ``columns`` (``to_records`` without pandas).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True)
        >>> len(r.combo_tables[1].to_frame())
        9
        """
        try:
            import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no types
        except ImportError:
            return self.to_records()
        return pd.DataFrame(self.columns())



# Each split winner mask with its players, in mask order.
_SplitGroups: TypeAlias = tuple[tuple[int, tuple[int, ...]], ...]


@functools.lru_cache(maxsize=16)
def _mask_tables(n_masks: int, n: int) -> tuple[IntArray, IntArray, FloatArray, IntArray,
                                                 IntArray, _SplitGroups]:
    """The tables ``EquityResult.from_mask_counts`` weighs the counts of n players' 2**n winner
    masks with, made once per player count (a third of the method's time when made per call):
    each mask's members (masks x players), how many they are, each one's share of the pot, the
    members of masks won alone and of split ones, and each split mask with its players."""
    masks = np.arange(n_masks)
    members = (masks[:, None] >> np.arange(n)) & 1  # (masks, players)
    size = members.sum(axis=1)
    share = np.where(size > 0, 1.0 / np.maximum(size, 1), 0.0)
    alone = members * (size == 1)[:, None]
    split = members * (size > 1)[:, None]
    groups = tuple((int(m), tuple(int(p) for p in np.flatnonzero(members[m])))
                   for m in masks if size[m] > 1)
    for table in (members, size, share, alone, split):
        table.flags.writeable = False  # shared by every result of this player count
    return members, size, share, alone, split, groups

@dataclass(frozen=True)
class EquityResult:
    """Outcome of an equity calculation: per player equity, win and tie probabilities.

    Probabilities are over every showdown counted: each board completion of each matchup
    (weighted by the matchup's weight when players hold ranges) for an exact run, each trial
    for Monte Carlo. Arrays have one entry per player, in the order the players were given.

    Attributes
    ----------
    players : tuple of str
        The players as given, normalised: ``'AhKh'``, ``'Ah ??'``, ``'random'`` or range text.
    equity : numpy.ndarray
        float64. ``equity[p]`` is the fraction of the pot player p takes on average:
        ``win[p] + tie_share[p]``. The equities sum to 1.
    win : numpy.ndarray
        float64. Probability that player p holds the best hand alone (wins the whole pot).
    tie : numpy.ndarray
        float64. Probability that player p splits the pot: p holds the best hand together
        with at least one other player (whatever the number of players sharing it).
    tie_share : numpy.ndarray
        float64. Player p's expected share of the pot from split pots: the sum over split
        showdowns that p is part of of 1 / (players splitting), divided by the showdowns
        counted. Heads-up it is ``tie / 2``.
    wins : numpy.ndarray
        float64. Raw count of showdowns player p wins alone (weighted by the matchup weights
        when ranges are involved, so not always whole numbers).
    ties : numpy.ndarray
        float64. Raw (weighted) count of showdowns in which player p splits the pot.
    losses : numpy.ndarray
        float64. Raw (weighted) count of showdowns player p does not share in:
        ``total - wins - ties``.
    splits : dict of tuple of int to float
        Each set of players that split a pot at least once (0-based indices, ascending) and
        the probability that exactly they split it.
    exact : bool
        True when every showdown was enumerated; False for Monte Carlo.
    boards : float
        Showdowns counted by an exact run (weighted when ranges are involved); 0 for Monte
        Carlo.
    trials : int
        Monte Carlo trials run; 0 for an exact run.
    stderr : numpy.ndarray
        float64. Standard error of ``equity[p]``: the standard deviation of p's share of the
        pot in one trial over the square root of (trials - 1). Zeros for an exact run.
    elapsed : float
        Seconds the calculation took, not counting time spent compiling kernels.
    mask_counts : numpy.ndarray
        float64, length 2**P. ``mask_counts[m]`` counts the showdowns whose best hand is held
        by exactly the players of bit mask m (bit p for player p); ``mask_counts[0]`` is 0.
    stopped_by : str or None
        Which rule ended a Monte Carlo run: ``'trials'``, ``'target_stderr'``,
        ``'time_limit'`` or ``'default time limit'`` (neither trials nor time_limit given,
        and the target standard error not reached in 60 s). None for an exact run.
    combo_tables : tuple or None
        Per-combo results of ``equity(..., per_combo=...)``: per player a table, or None for
        a player whose combos were not kept. None without ``per_combo``. Read them with
        ``combo_equity``.

    See Also
    --------
    pokerkeys.equity : computes these results for hold'em (``game='omaha'``: Omaha).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> r = pk.equity(["AsKs", "AdKd"])
    >>> r.win.round(4).tolist(), r.tie.round(4).tolist()
    ([0.0716, 0.0716], [0.8569, 0.8569])
    >>> r.tie_share.round(4).tolist(), r.equity.tolist()
    ([0.4284, 0.4284], [0.5, 0.5])
    >>> r.splits
    {(0, 1): 0.8568525215148712}
    >>> print(r)  # doctest: +ELLIPSIS
    player    equity       win       tie
    AsKs     50.000%    7.157%   85.685%
    AdKd     50.000%    7.157%   85.685%
    exact: 1,712,304 showdowns counted in ... s
    """

    players: tuple[str, ...]
    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    tie_share: FloatArray
    wins: FloatArray
    ties: FloatArray
    losses: FloatArray
    splits: dict[tuple[int, ...], float]
    exact: bool
    boards: float
    trials: int
    stderr: FloatArray
    elapsed: float
    mask_counts: FloatArray = field(repr=False)
    stopped_by: StopReason | None = None
    # Per player: a ``ComboTable`` when ``equity(..., per_combo=...)`` kept that player's
    # combos, else None; None altogether without per_combo.
    combo_tables: tuple[ComboTable | None, ...] | None = field(default=None, repr=False,
                                                               compare=False)

    def combo_equity(self, player: int) -> pd.DataFrame | np.ndarray:
        """Per-combo results of one range player: each combo's own equity, win and tie.

        Parameters
        ----------
        player : int
            The player's 0-based index, a player whose combos ``equity(..., per_combo=...)``
            kept (a range, ``'random'`` or a partly known hand).

        Returns
        -------
        pandas.DataFrame or numpy.ndarray
            One row per combo of the player's range that fits the board and dead cards, in
            ``pokerkeys.core.classes.ALL_COMBOS`` order: a pandas DataFrame when pandas is
            installed, else a NumPy structured array, with columns ``combo`` (e.g.
            ``'AhKh'``), ``weight`` (its weight in the range), ``share`` (its probability
            among the player's combos once card removal against the other players is
            counted; the shares sum to 1), ``equity``, ``win`` and ``tie`` (against the
            other players, given this combo; defined as for the whole result), and for
            Monte Carlo ``stderr`` (NaN for a combo dealt fewer than twice). The
            share-weighted mean of the ``equity`` column is the player's equity.

        Raises
        ------
        ValueError
            If the result has no per-combo results (``per_combo`` was not given), if
            ``player`` is not an index 0..P-1, or if that player is a single hand whose
            combos were not kept.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True)
        >>> rows = r.combo_equity(1)
        >>> [str(c) for c in rows["combo"][:3]], [round(float(e), 4) for e in rows["equity"][:3]]
        (['QdQc', 'QsQc', 'QsQd'], [0.7444, 0.7444, 0.7444])
        >>> mean = float((rows["share"] * rows["equity"]).sum())
        >>> round(mean, 6) == round(float(r.equity[1]), 6)
        True
        """
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
    def from_mask_counts(cls, players: Sequence[str], counts: npt.ArrayLike,
                         exact: bool, elapsed: float, trials: int = 0,
                         stopped_by: StopReason | None = None) -> EquityResult:
        """Derive every statistic from counts of showdowns by winner mask.

        Parameters
        ----------
        players : sequence of str
            The players' labels, P of them.
        counts : array_like of float
            Length 2**P: ``counts[m]`` counts (or weighs) the showdowns whose best hand is
            held by exactly the players of bit mask m (bit p for player p).
        exact : bool
            Whether the counts come from enumeration (standard errors are then 0).
        elapsed : float
            Seconds the calculation took.
        trials : int, default 0
            Monte Carlo trials behind the counts.
        stopped_by : str or None, default None
            The rule that ended a Monte Carlo run (see the class's ``stopped_by``).

        Returns
        -------
        EquityResult
            Equities, probabilities, raw counts and splits. ``boards`` is the sum of the
            counts when exact, else 0.

        Examples
        --------
        >>> from pokerkeys.equity.result import EquityResult
        >>> r = EquityResult.from_mask_counts(["A", "B"], [0, 6, 3, 1], exact=True,
        ...                                   elapsed=0.0)
        >>> r.win.tolist(), r.tie.tolist(), r.tie_share.tolist(), r.equity.tolist()
        ([0.6, 0.3], [0.1, 0.1], [0.05, 0.05], [0.65, 0.35])
        >>> three = EquityResult.from_mask_counts(["A", "B", "C"], [0, 5, 2, 1, 1, 0, 0, 1],
        ...                                       exact=True, elapsed=0.0)
        >>> three.splits
        {(0, 1): 0.1, (0, 1, 2): 0.1}
        >>> three.tie.tolist(), three.tie_share.round(4).tolist()
        ([0.2, 0.2, 0.1], [0.0833, 0.0833, 0.0333])
        """
        counts = np.asarray(counts, dtype=np.float64)
        n = len(players)
        members, size, share, alone, split, groups = _mask_tables(len(counts), n)
        total = counts.sum()
        wins: FloatArray = counts @ alone
        ties: FloatArray = counts @ split
        losses = total - wins - ties
        tie_share = (counts * share) @ split / total
        equity = (counts * share) @ members / total
        if exact:
            stderr = np.zeros(n)
        else:
            second = (counts * share ** 2) @ members / total
            stderr = np.sqrt(np.maximum(second - equity ** 2, 0.0) / max(total - 1, 1))
        splits = {group: float(counts[m] / total) for m, group in groups
                  if counts[m] > 0}
        return cls(players=tuple(players), equity=equity, win=wins / total, tie=ties / total,
                   tie_share=tie_share, wins=wins, ties=ties, losses=losses, splits=splits,
                   exact=exact, boards=float(total) if exact else 0, trials=int(trials),
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

    def to_dict(self) -> dict[str, Any]:
        """The result as plain Python values, ready for ``json.dumps``.

        Returns
        -------
        dict
            Keys ``players``, ``equity``, ``win``, ``tie``, ``tie_share``, ``wins``,
            ``ties``, ``losses`` (lists, one entry per player), ``splits`` (keys the
            splitting players' indices joined by commas, e.g. ``'0,1'``), ``exact``,
            ``boards``, ``trials``, ``stderr``, ``elapsed`` and ``stopped_by``. Per-combo
            tables are not included.

        Examples
        --------
        >>> import json
        >>> import pokerkeys as pk
        >>> d = pk.equity(["AsKs", "AdKd"]).to_dict()
        >>> d["equity"], d["splits"], d["exact"], d["boards"], d["stopped_by"]
        ([0.5, 0.5], {'0,1': 0.8568525215148712}, True, 1712304.0, None)
        >>> json.loads(json.dumps(d))["players"]
        ['AsKs', 'AdKd']
        """
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
