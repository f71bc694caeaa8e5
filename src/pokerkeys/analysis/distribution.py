"""Equity distributions: how a range's equity spreads over its combos, or over the flops.

``equity_distribution`` takes every combo of one player's range on a board (or preflop), with
its exact equity against the other players and its probability once card removal is counted
(``pk.equity(..., per_combo=...)``), and sorts them best first: the curve that GTO+ and
Flopzilla Pro draw, x the share of the range, y the equity. ``flop_distribution`` does the same
over the flops of a preflop matchup (``pk.flops``), each flop class weighted by its
probability. Either gives quantiles (the share of the range with at least 50%, 75% equity;
the equity that the best quarter of the range reaches) as data, and a PNG with the plot extra.
The weighted mean of a distribution is the player's equity (tested).

>>> import pokerkeys as pk
>>> dist = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1)
>>> len(dist), round(dist.mean, 4), round(dist.at_least(0.5), 4)
(21, 0.4392, 0.2857)
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import numpy as np

from ..core.cards import format_cards
from ..core.classes import CLASS_NAMES, COMBO_CLASS, COMBO_INDEX_TABLE, N_CLASSES
from ..core.types import CardArray, CardsLike, FloatArray, SeedLike, Threads
from ..equity.driver import Progress
from ..equity.holdem import equity
from ..equity.result import EquityResult
from ..equity.setup import PlayerSpec, Setup, prepare
from .flops import flops
from .report_table import to_frame
from .runouts import ViewGame, check_players, hole_cards_of

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information
    from matplotlib.figure import Figure

    from ..equity.omaha import OmahaPlayers

__all__ = ["LEVELS", "QUANTILES", "EquityDistribution", "equity_distribution",
           "flop_distribution", "plot_distributions"]

#: Equity levels whose share ``EquityDistribution.summary`` reports (at least 25%, ...).
LEVELS = (0.25, 0.5, 0.75, 0.9)
#: Shares of the range whose equity ``EquityDistribution.summary`` reports (best 10%, ...).
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
_Progress: TypeAlias = Callable[[int, int], object]


@dataclass(frozen=True)
class EquityDistribution:
    """One player's equity over its combos (or over the flops), best first.

    Made by ``equity_distribution`` (rows are combos) and ``flop_distribution`` (rows are
    flop classes). ``len(dist)`` is the number of rows.

    Attributes
    ----------
    players : tuple of str
        The players, as given.
    player : int
        Whose distribution it is (0-based).
    board : numpy.ndarray of uint8
        The board (empty preflop and for flop distributions).
    kind : {'combos', 'flops'}
        What a row is.
    labels : tuple of str
        Each row's combo (``'AhKh'``) or flop (``'AhKdQc'``), best equity first.
    weight : numpy.ndarray of float64, shape (N,)
        Each row's probability (a combo's share once card removal against the other players
        is counted; a flop class's probability); they sum to 1.
    equity : numpy.ndarray of float64, shape (N,)
        Each row's equity, descending (rows of equal equity in combo or flop order).
    exact : bool
        Whether the equities were enumerated (False: Monte Carlo).
    cards : numpy.ndarray of uint8 or None
        Each row's combo (N, 2) or flop (N, 3) as card ids, in the rows' order.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> dist = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1)
    >>> dist.labels[:3], dist.equity[:3].round(4).tolist()
    (('AdAc', 'AsAc', 'AsAd'), [0.6273, 0.6273, 0.6273])
    """

    players: tuple[str, ...]
    player: int
    board: CardArray
    kind: Literal["combos", "flops"]
    labels: tuple[str, ...]
    weight: FloatArray
    equity: FloatArray
    exact: bool = True
    cards: CardArray | None = None

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def mean(self) -> float:
        """The weighted mean equity: the player's equity."""
        return float(self.weight @ self.equity)

    def at_least(self, level: float) -> float:
        """The share of the range (or of the flops) with at least this equity.

        Parameters
        ----------
        level : float
            An equity, 0 to 1.

        Returns
        -------
        float
            The weight of the rows whose equity is ``level`` or more.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> dist = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1)
        >>> round(dist.at_least(0.75), 4), dist.at_least(0.0)
        (0.0, 1.0000000000000002)
        """
        return float(self.weight[self.equity >= level].sum())

    def quantile(self, share: float) -> float:
        """The equity that the best ``share`` of the range reaches.

        The equity of the row where the weight, counted from the best row down, reaches
        ``share``: at least ``share`` of the range has this equity or more.

        Parameters
        ----------
        share : float
            A share of the range, more than 0 and at most 1.

        Returns
        -------
        float
            An equity.

        Raises
        ------
        ValueError
            If ``share`` is not in (0, 1].

        Examples
        --------
        >>> import pokerkeys as pk
        >>> dist = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1)
        >>> round(dist.quantile(0.5), 4), round(dist.quantile(1.0), 4)
        (0.4646, 0.3182)
        """
        if not 0 < share <= 1:
            raise ValueError(f"share must be more than 0 and at most 1, not {share!r}")
        reached = np.cumsum(self.weight) >= share * (1 - 1e-12)
        return float(self.equity[int(np.argmax(reached))])

    def curve(self) -> tuple[FloatArray, FloatArray]:
        """The curve as a step function: share of the range on x, equity on y.

        Returns
        -------
        edges : numpy.ndarray of float64, shape (N + 1,)
            0, then the cumulative weight after each row (the last is 1).
        equity : numpy.ndarray of float64, shape (N,)
            Row i's equity, from ``edges[i]`` to ``edges[i + 1]``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> edges, eq = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c",
        ...                                    player=1).curve()
        >>> edges[:3].round(4).tolist(), round(float(edges[-1]), 12)
        ([0.0, 0.0476, 0.0952], 1.0)
        """
        return np.concatenate([[0.0], np.cumsum(self.weight)]), self.equity

    def summary(self) -> dict[str, Any]:
        """The mean, the share with at least each of ``LEVELS``, the equity at ``QUANTILES``.

        Returns
        -------
        dict
            ``mean``; ``at_least``, a dict level -> share; ``quantiles``, a dict share ->
            equity (keys as strings, ``'0.5'``, ready for JSON).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> s = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1).summary()
        >>> round(s["mean"], 4), round(s["at_least"]["0.5"], 4), round(s["quantiles"]["0.25"], 4)
        (0.4392, 0.2857, 0.5303)
        """
        return {"mean": self.mean,
                "at_least": {str(level): self.at_least(level) for level in LEVELS},
                "quantiles": {str(q): self.quantile(q) for q in QUANTILES}}

    def by_starting_hand(self) -> list[dict[str, Any]]:
        """The combos grouped by starting hand (``'AKs'``), for a 13 x 13 grid.

        Returns
        -------
        list of dict
            One dict per starting hand the range holds, in grid order (``'AA'``, ``'AKs'``,
            ..., ``'22'``): ``hand``, ``row`` and ``col`` (its place in the grid, 0 = ace:
            suited hands above the diagonal), ``combos``, ``weight`` (its probability) and
            ``equity`` (the weighted mean of its combos'; None if its weight is 0). The
            weight-weighted equities add up to ``mean``.

        Raises
        ------
        ValueError
            If the rows are flops (``flop_distribution``) or Omaha hands (no 13 x 13 grid).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> hands = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1)
        >>> for h in hands.by_starting_hand():
        ...     print(h["hand"], h["row"], h["col"], h["combos"], round(h["equity"], 4))
        AA 0 0 3 0.6273
        AKs 0 1 3 0.3258
        AKo 1 0 6 0.3182
        KK 1 1 3 0.5303
        QQ 2 2 6 0.4773
        """
        if self.kind != "combos" or self.cards is None:
            raise ValueError("by_starting_hand needs a distribution over combos, not flops")
        if self.cards.shape[1] != 2:
            raise ValueError("by_starting_hand groups hold'em combos; Omaha hands have no "
                             "13 x 13 grid")
        index = COMBO_CLASS[COMBO_INDEX_TABLE[self.cards[:, 0], self.cards[:, 1]]]
        index = index.astype(np.int64)
        count = np.bincount(index, minlength=N_CLASSES)
        weight = np.bincount(index, weights=self.weight, minlength=N_CLASSES)
        won = np.bincount(index, weights=self.weight * self.equity, minlength=N_CLASSES)
        rows: list[dict[str, Any]] = []
        for k in np.flatnonzero(count).tolist():
            row, col = divmod(k, 13)
            rows.append({"hand": CLASS_NAMES[k], "row": row, "col": col,
                         "combos": int(count[k]), "weight": float(weight[k]),
                         "equity": float(won[k] / weight[k]) if weight[k] > 0 else None})
        return rows

    def records(self) -> list[dict[str, Any]]:
        """The rows as dicts, best first: ``combo`` (or ``flop``), ``weight``, ``equity`` and
        ``cumulative`` (the weight of this row and every better one).

        Returns
        -------
        list of dict
            Python values, ready for JSON or CSV.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> row = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1).records()[0]
        >>> row["combo"], round(row["equity"], 4), round(row["cumulative"], 4)
        ('AdAc', 0.6273, 0.0476)
        """
        name = "combo" if self.kind == "combos" else "flop"
        total = np.cumsum(self.weight)
        return [{name: label, "weight": float(w), "equity": float(e), "cumulative": float(t)}
                for label, w, e, t in zip(self.labels, self.weight, self.equity, total,
                                          strict=True)]

    def to_dict(self) -> dict[str, Any]:
        """The distribution as plain data: ``players``, ``player`` (0-based), ``board``,
        ``kind``, ``exact``, ``summary``, ``rows`` (``records()``) and, over hold'em combos,
        ``hands`` (``by_starting_hand()``; None over flops and Omaha hands).

        Returns
        -------
        dict
            Ready for JSON.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> data = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1).to_dict()
        >>> data["board"], data["kind"], len(data["rows"])
        ('Jh 9h 2c', 'combos', 21)
        """
        return {"players": list(self.players), "player": self.player,
                "board": format_cards(self.board), "kind": self.kind, "exact": self.exact,
                "summary": self.summary(), "rows": self.records(),
                "hands": self.by_starting_hand() if self._holdem_combos else None}

    @property
    def _holdem_combos(self) -> bool:
        return self.kind == "combos" and self.cards is not None and self.cards.shape[1] == 2

    def to_frame(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame (the columns of ``records()``).

        Returns
        -------
        pandas.DataFrame
            One row per combo or flop class, best first.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1).to_frame().shape
        (21, 4)
        """
        return to_frame(self.records())

    def plot(self, path: str | os.PathLike[str] | None = None) -> Figure:
        """The curve as a figure (``plot_distributions`` of this one distribution).

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the figure there (PNG, SVG, PDF: by the file's extension).

        Returns
        -------
        matplotlib.figure.Figure
            The figure.

        Raises
        ------
        ImportError
            If matplotlib is not installed (``pip install 'pokerkeys[plot]'``).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> fig = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1).plot()
        >>> fig.axes[0].get_xlabel()
        'share of the range (%), best combos first'
        """
        return plot_distributions([self], path)


def _sorted(labels: Sequence[str], weight: FloatArray, values: FloatArray,
            cards: CardArray) -> tuple[tuple[str, ...], FloatArray, FloatArray, CardArray]:
    order = np.argsort(-values, kind="stable")
    return tuple(labels[i] for i in order), weight[order], values[order], cards[order]


def equity_distribution(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
                        dead: CardsLike | None = None, *, player: int = 0,
                        exact: bool | None = None, trials: int | None = None,
                        seed: SeedLike = None, threads: Threads = None,
                        progress: Progress | None = None,
                        game: ViewGame = "holdem") -> EquityDistribution:
    """Each combo of one player's range with its equity against the others, best first.

    Parameters
    ----------
    hands : iterable of str, cards or Range
        2 to 6 players, as for ``pk.equity``; ``hands[player]`` is a range (or ``'random'``,
        ``'Ah??'``).
    board : str, sequence of cards or array of card ids, optional
        None (preflop), a flop, a turn or a river.
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    player : int, default 0
        Whose range (0-based).
    exact, trials, seed, threads, progress
        As for ``pk.equity``: heads-up with a board the equities are exact however wide the
        ranges; otherwise ``equity`` chooses between exact and Monte Carlo as usual.
        ``progress`` may raise to stop the work (how a caller cancels).
    game : {'holdem', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        The game. Omaha (4, 5 or 6 hole cards): the players as for ``pk.omaha_equity``
        (hands, ``'random'``, Omaha ranges such as ``'AA:$ds'``), each hand's equity from
        ``pk.omaha_equity(..., per_combo=...)``: exact where it enumerates, else Monte Carlo
        (the same stop rules; a row per hand dealt at least once).

    Returns
    -------
    EquityDistribution
        One row per combo the range can hold (Monte Carlo: per combo dealt at least once).

    Raises
    ------
    ValueError
        If ``player`` is not 0 to P - 1 or is a single hand, there are fewer than 2 or more
        than 6 players, the board is not 0, 3, 4 or 5 cards, a range is empty once the board
        and dead cards are out, ``game`` is not one of its values, or anything ``pk.equity``
        (Omaha: ``pk.omaha_equity``, such as a hand of the wrong size) refuses.
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> dist = pk.equity_distribution(["AhKh", "QQ+,AK"], "Jh9h2c", player=1)
    >>> dist.summary()["at_least"]
    {'0.25': 1.0000000000000002, '0.5': 0.2857142857142857, '0.75': 0.0, '0.9': 0.0}
    >>> pk.equity_distribution(["AhKh", "QQ"], "Jh9h2c")
    Traceback (most recent call last):
    ...
    ValueError: equity_distribution: player 1 ('AhKh') is a single hand, not a range

    Omaha, a hand against a range on a flop:

    >>> dist = pk.equity_distribution(["AsKsQdJd", "AA:$ds"], "Ts9s2d", player=1,
    ...                               game="omaha")
    >>> len(dist), round(dist.mean, 4), dist.labels[0]
    (360, 0.3114, '9c9dAcAd')
    """
    players = check_players(hands, "equity_distribution")
    n_hole = hole_cards_of(game, "equity_distribution")
    run: Callable[..., EquityResult]
    if n_hole:
        from ..equity.omaha import omaha_equity, omaha_players

        setup: Setup | OmahaPlayers = omaha_players(players, board, dead, n_hole)
        run = partial(omaha_equity, hole_cards=n_hole)
    else:
        setup = prepare(players, board, dead)
        run = equity
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) \
            or not 0 <= player < len(players):
        raise ValueError(f"player must be 0..{len(players) - 1}, not {player!r}")
    if setup.players[player].kind == "hand":
        raise ValueError(f"equity_distribution: player {player + 1} "
                         f"({setup.players[player].label!r}) is a single hand, not a range")
    result = run(players, board, dead, exact=exact, trials=trials, seed=seed, threads=threads,
                 progress=progress, per_combo=[int(player)])
    tables = result.combo_tables
    table = tables[player] if tables is not None else None
    if table is None:  # per_combo=[player] keeps this player's table
        raise AssertionError("equity kept no per-combo table")
    dealt = table.share > 0
    names = [format_cards(row, sep="") for row in table.combos[dealt]]
    labels, weight, values, cards = _sorted(names, table.share[dealt], table.equity[dealt],
                                            table.combos[dealt])
    return EquityDistribution(tuple(result.players), int(player), setup.board, "combos",
                              labels, weight, values, result.exact, cards)


def flop_distribution(hands: Iterable[PlayerSpec], dead: CardsLike | None = None, *,
                      player: int = 0, threads: Threads = None,
                      progress: _Progress | None = None,
                      game: ViewGame = "holdem") -> EquityDistribution:
    """One player's equity on every flop of a preflop matchup, best flop first (``pk.flops``).

    Parameters
    ----------
    hands : iterable of str, cards or Range
        2 to 6 players, as for ``pk.flops`` (hands or ranges).
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    player : int, default 0
        Whose equity (0-based).
    threads, progress
        As for ``pk.flops``.
    game : {'holdem', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        The game, as for ``pk.flops``: Omaha (4, 5 or 6 hole cards) takes Omaha hands and
        ranges, exact within ``pk.flops``' limit; any other game is a ValueError naming it.

    Returns
    -------
    EquityDistribution
        One row per flop class, weighted by its probability; its mean is the preflop equity.

    Raises
    ------
    ValueError
        If ``player`` is not 0 to P - 1, ``game`` is not one of its values, or anything
        ``pk.flops`` refuses (Omaha: a hand of the wrong size, too many showdowns).
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> dist = pk.flop_distribution(["QQ", "AKs"])
    >>> len(dist), round(dist.mean, 4), round(dist.at_least(0.5), 4)
    (1754, 0.5395, 0.6917)

    Omaha, hand against hand:

    >>> dist = pk.flop_distribution(["AsKsQdJd", "AhAcKhKc"], game="omaha")
    >>> len(dist), round(dist.mean, 4), round(dist.at_least(0.5), 4)
    (7513, 0.2778, 0.1429)
    """
    players = check_players(hands, "flop_distribution")
    hole_cards_of(game, "flop_distribution")  # the game's check and message
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) \
            or not 0 <= player < len(players):
        raise ValueError(f"player must be 0..{len(players) - 1}, not {player!r}")
    report = flops(players, dead, threads=threads, progress=progress, game=game)
    labels, weight, values, cards = _sorted(report.names, report.weight,
                                            report.equity[:, player], report.flops)
    return EquityDistribution(report.players, int(player), np.zeros(0, dtype=np.uint8),
                              "flops", labels, weight, values, True, cards)


def plot_distributions(distributions: Sequence[EquityDistribution],
                       path: str | os.PathLike[str] | None = None, *,
                       title: str | None = None) -> Figure:
    """Equity curves on one chart: share of the range (best first) on x, equity on y.

    Parameters
    ----------
    distributions : sequence of EquityDistribution
        One curve each (for instance both players of a range-against-range spot).
    path : str or os.PathLike, optional
        Also write the figure there (PNG, SVG, PDF: by the file's extension).
    title : str, optional
        The chart's title (default: the board and the players).

    Returns
    -------
    matplotlib.figure.Figure
        The figure.

    Raises
    ------
    ValueError
        If ``distributions`` is empty.
    ImportError
        If matplotlib is not installed (``pip install 'pokerkeys[plot]'``).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> spot = (["QQ+,AK", "JJ-99,AQs"], "Jh9h2c")
    >>> curves = [pk.equity_distribution(*spot, player=p) for p in (0, 1)]
    >>> fig = pk.plot_distributions(curves)
    >>> [line.get_label() for line in fig.axes[0].patches][:2]
    ['QQ+,AK (mean 42.1%)', 'JJ-99,AQs (mean 57.9%)']
    """
    from ..core.figures import new_figure

    if not distributions:
        raise ValueError("plot_distributions needs at least one distribution")
    fig = new_figure(figsize=(8, 5), dpi=100)
    ax = fig.subplots()
    for dist in distributions:
        edges, values = dist.curve()
        ax.stairs(100 * values, 100 * edges, baseline=None, linewidth=2,
                  label=f"{dist.players[dist.player]} (mean {100 * dist.mean:.1f}%)")
    ax.axhline(50, color="0.8", linewidth=0.8, zorder=0)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    first = distributions[0]
    if first.kind == "combos":
        ax.set_xlabel("share of the range (%), best combos first")
    else:
        ax.set_xlabel("share of the flops (%), best flops first")
    ax.set_ylabel("equity (%)")
    if title is None:
        where = f"on {format_cards(first.board)}" if len(first.board) else (
            "over every flop" if first.kind == "flops" else "preflop")
        title = f"Equity distribution {where}: {' vs '.join(first.players)}"
    ax.set_title(title)
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=fig.dpi)
    return fig
