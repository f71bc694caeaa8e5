"""Preflop plots (needs the ``plot`` extra: ``pip install 'pokerkeys[plot]'``).

Every function returns a matplotlib ``Figure`` and, given ``path``, also writes it there (the
format follows the extension: .png, .svg, .pdf). Figures are built without ``pyplot``, so no
GUI backend is touched and nothing global changes.

* ``equity_grid(opponents)``: the 13 x 13 starting-hand grid coloured by equity against
  1..9 random hands (pairs on the diagonal, suited above, offsuit below).
* ``rank_grid(opponents)``: the same grid coloured by each class's rank 1..169.
* ``rank_distribution(name)``: one class's distribution of best 7-card ranks against the
  average over all hands, by rank (binned) and by category.
* ``heads_up_matrix(matrix)``: the 169 x 169 heads-up equity matrix as a heat map.

>>> from pokerkeys.preflop import plots
>>> plots.rank_grid(3).axes[0].get_title()
'Starting-hand ranks by equity against 3 random hands'
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..core.classes import CLASS_NAMES, N_CLASSES
from ..core.figures import new_figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["class_grid", "equity_grid", "heads_up_matrix", "rank_distribution", "rank_grid"]

def _figure(**kwargs: Any) -> Figure:
    return new_figure(**kwargs)


def _finish(fig: Figure, path: str | os.PathLike[str] | None) -> Figure:
    if path is not None:
        fig.savefig(path, dpi=fig.dpi)
    return fig


def class_grid(values: npt.ArrayLike, *, title: str = "", fmt: str = "{:.1f}",
               cmap: str = "RdYlGn", label: str = "",
               path: str | os.PathLike[str] | None = None, reverse: bool = False) -> Figure:
    """A 13 x 13 starting-hand grid heat map of 169 per-class values (9 x 9 of 81 in short deck).

    Pairs on the diagonal, suited classes above it, offsuit below; each cell is labelled
    with its class and its value.

    Parameters
    ----------
    values : array_like
        169 numbers in ``CLASS_NAMES`` order, or 81 in short deck's
        (``pokerkeys.preflop.shortdeck.CLASS_NAMES``).
    title : str, default ''
        The figure's title.
    fmt : str, default '{:.1f}'
        Format of the value printed in each cell.
    cmap : str, default 'RdYlGn'
        A matplotlib colour map name.
    label : str, default ''
        The colour bar's label.
    path : str, os.PathLike or None, default None
        Also write the figure there (format from the extension: .png, .svg, .pdf).
    reverse : bool, default False
        Reverse the colour map (low values green).

    Returns
    -------
    matplotlib.figure.Figure
        The grid and its colour bar.

    Raises
    ------
    ValueError
        If ``values`` does not hold 169 (or 81) numbers.
    ImportError
        If matplotlib is not installed (``pip install 'pokerkeys[plot]'``).

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.preflop import plots
    >>> fig = plots.class_grid(np.arange(169), title="class index", fmt="{:.0f}")
    >>> fig.axes[0].get_title(), len(fig.axes[0].texts)
    ('class index', 169)
    """
    from . import shortdeck

    values = np.asarray(values, dtype=np.float64)
    if values.shape == (N_CLASSES,):
        names, size = CLASS_NAMES, 13
    elif values.shape == (shortdeck.N_CLASSES,):
        names, size = shortdeck.CLASS_NAMES, shortdeck.GRID_SIZE
    else:
        raise ValueError(f"expected 169 values in CLASS_NAMES order (or 81 of short deck), "
                         f"got shape {values.shape}")
    grid = values.reshape(size, size)
    fig = _figure(figsize=(9, 8), dpi=100)
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap=cmap + ("_r" if reverse else ""))
    lo, hi = np.nanmin(grid), np.nanmax(grid)
    for k, name in enumerate(names):
        row, col = divmod(k, size)
        shade = (grid[row, col] - lo) / (hi - lo) if hi > lo else 0.5
        dark = (shade > 0.8 or shade < 0.2)
        ax.text(col, row, f"{name}\n{fmt.format(grid[row, col])}", ha="center", va="center",
                fontsize=6.5, color="white" if dark else "black")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(title)
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.03, label=label)
    fig.tight_layout()
    return _finish(fig, path)


def equity_grid(opponents: int = 1, *, values: npt.ArrayLike | None = None,
                path: str | os.PathLike[str] | None = None, game: str = "holdem",
                rules: str | None = None) -> Figure:
    """The starting-hand grid coloured by each class's equity (%) against random hands.

    Parameters
    ----------
    opponents : int, default 1
        Random opponents, 1..9 (the title says which; one is exact, more Monte Carlo);
        1..5 in short deck.
    values : array_like or None, default None
        169 equities in 0..1 (81 in short deck) to show instead of the shipped table's.
    path : str, os.PathLike or None, default None
        Also write the figure there.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        ``'shortdeck'``: the 9 x 9 grid of short deck's 81 classes and its shipped table.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: the rule order (None: three of a kind beats a straight).

    Returns
    -------
    matplotlib.figure.Figure
        The grid.

    Raises
    ------
    ValueError
        If ``opponents`` is not 1..9 (short deck 1..5), ``values`` does not hold 169 (81)
        numbers, ``game`` is unknown, or ``rules`` is unknown or given with Hold'em.
    ImportError
        If matplotlib is not installed.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from pokerkeys.preflop import plots
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     fig = plots.equity_grid(1, path=Path(folder) / "grid.png")
    ...     (Path(folder) / "grid.png").read_bytes()[:4]
    b'\x89PNG'
    >>> fig.axes[0].get_title()
    'Preflop all-in equity against 1 random hand (exact)'
    >>> print(plots.equity_grid(2, game="shortdeck").axes[0].get_title())
    Short deck all-in equity against 2 random hands
    (trips-beat-straight; Monte Carlo, stderr <= 0.05%)
    """
    from ..core.shortdeck import resolve_rules
    from . import shortdeck
    from .shipped import check_opponents, equity_vs_opponents

    short = resolve_rules(game, rules)
    exact = "exact" if opponents == 1 else "Monte Carlo, stderr <= 0.05%"
    if short is None:
        n = check_opponents(opponents)
        shown = equity_vs_opponents(n) if values is None else np.asarray(values)
        title = f"Preflop all-in equity against {n} random hand{'s' if n > 1 else ''} " \
                f"({exact})"
    else:
        table = shortdeck.equity_vs_opponents(opponents, rules=short)  # checks opponents
        shown = table if values is None else np.asarray(values)
        title = f"Short deck all-in equity against {opponents} random " \
                f"hand{'s' if opponents > 1 else ''}\n({short}; {exact})"
    return class_grid(100 * shown, fmt="{:.1f}", label="equity (%)", path=path, title=title)


def rank_grid(opponents: int = 1, *, path: str | os.PathLike[str] | None = None) -> Figure:
    """The starting-hand grid coloured by each class's rank 1..169 by equity (1 = best).

    Parameters
    ----------
    opponents : int, default 1
        Random opponents, 1..9.
    path : str, os.PathLike or None, default None
        Also write the figure there.

    Returns
    -------
    matplotlib.figure.Figure
        The grid.

    Raises
    ------
    ValueError
        If ``opponents`` is not 1..9.
    ImportError
        If matplotlib is not installed.

    Examples
    --------
    >>> from pokerkeys.preflop import plots
    >>> plots.rank_grid(1).axes[0].get_title()
    'Starting-hand ranks by equity against 1 random hand'
    """
    from .shipped import check_opponents, class_ranks

    n = check_opponents(opponents)
    return class_grid(class_ranks(n), fmt="{:.0f}", label="rank (1 = best)", reverse=True,
                      path=path,
                      title=f"Starting-hand ranks by equity against {n} random "
                            f"hand{'s' if n > 1 else ''}")


def rank_distribution(name: str, *, bins: int = 75,
                      path: str | os.PathLike[str] | None = None, game: str = "holdem",
                      rules: str | None = None) -> Figure:
    """One class's best-rank distribution against the average over all hands, in two panels.

    Above, binned by rank (category boundaries marked); below, by category. The counts are
    exact (``pokerkeys.preflop.rank_distribution``, about a second the first time in a
    process).

    Parameters
    ----------
    name : str
        A class, ``'AA'``, ``'AKs'``.
    bins : int, default 75
        Rank bins of the upper panel.
    path : str, os.PathLike or None, default None
        Also write the figure there.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        ``'shortdeck'``: a short-deck class over its 278,256 boards, on the short-deck rank
        scale 1..1404 (``pokerkeys.preflop.shortdeck.rank_distribution``), categories in the
        game's order.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: the rule order (None: three of a kind beats a straight).

    Returns
    -------
    matplotlib.figure.Figure
        The two panels.

    Raises
    ------
    ValueError
        If ``name`` is not a class (of the game), ``game`` is unknown, or ``rules`` is
        unknown or given with Hold'em.
    ImportError
        If matplotlib is not installed.

    Examples
    --------
    >>> from pokerkeys.preflop import plots
    >>> [ax.get_title()[:30] for ax in plots.rank_distribution("AA").axes]
    ['AA: best hand over all 2,118,7', 'by category']
    >>> fig = plots.rank_distribution("AKs", game="shortdeck")
    >>> [t.get_text() for t in fig.axes[1].get_xticklabels()][3:5]
    ['Straight', 'Three of a kind']
    """
    from ..core.evaluate import CATEGORY_STARTS, HandCategory
    from ..core.shortdeck import CATEGORY_ORDER, category_starts, resolve_rules
    from . import shortdeck
    from .exact import rank_distribution as compute

    short = resolve_rules(game, rules)
    dist = compute(name) if short is None else shortdeck.rank_distribution(name, rules=short)
    top_rank = len(dist.counts) - 1
    if short is None:
        starts = [int(c) for c in CATEGORY_STARTS[1:-1]]
        order = list(HandCategory)
        scale = "1 = worst high card, 7462 = royal flush"
    else:
        starts = list(category_starts(short).values())[1:]
        order = [HandCategory(c) for c in CATEGORY_ORDER[short]]
        scale = f"short deck, {short}: 1 = worst high card, 1404 = royal flush"
    fig = _figure(figsize=(11, 8), dpi=100)
    top, bottom = fig.subplots(2, 1)
    edges = np.linspace(1, top_rank + 1, bins + 1).round().astype(int)
    mine = np.add.reduceat(dist.probability[1:], edges[:-1] - 1)
    avg = np.add.reduceat(dist.average[1:], edges[:-1] - 1)
    top.stairs(100 * avg, edges, label="all hands", color="0.45", linewidth=1.5)
    top.stairs(100 * mine, edges, label=dist.name, color="tab:blue", linewidth=1.8)
    for start in starts:
        top.axvline(start, color="0.85", linewidth=0.8, zorder=0)
    top.set_xlim(1, top_rank)
    top.set_xlabel(f"best 7-card rank ({scale})")
    top.set_ylabel(f"share of boards per {top_rank // bins}-rank bin (%)")
    top.set_title(f"{dist.name}: best hand over all {dist.boards:,} boards, against the "
                  f"average over all hands")
    top.legend()
    labels = [c.label for c in order]
    rows = [c - 1 for c in order]  # by_category is in HandCategory order
    x = np.arange(len(labels))
    bottom.bar(x - 0.2, 100 * dist.average_by_category[rows], 0.4, label="all hands",
               color="0.6")
    bottom.bar(x + 0.2, 100 * dist.by_category[rows] / dist.boards, 0.4, label=dist.name,
               color="tab:blue")
    bottom.set_xticks(x, labels, rotation=20)
    bottom.set_ylabel("share of boards (%)")
    bottom.set_title("by category")
    bottom.legend()
    fig.tight_layout()
    return _finish(fig, path)


def heads_up_matrix(matrix: npt.ArrayLike | None = None, *,
                    path: str | os.PathLike[str] | None = None, game: str = "holdem",
                    rules: str | None = None) -> Figure:
    """Heat map of the 169 x 169 heads-up equity matrix, row class against column class.

    Parameters
    ----------
    matrix : array_like or None, default None
        A (169, 169) matrix of equities in 0..1 ((81, 81) in short deck); None: the shipped
        exact matrix of the game.
    path : str, os.PathLike or None, default None
        Also write the figure there.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        ``'shortdeck'``: short deck's 81 x 81 matrix (``pokerkeys.preflop.shortdeck``).
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: the rule order (None: three of a kind beats a straight).

    Returns
    -------
    matplotlib.figure.Figure
        The heat map.

    Raises
    ------
    ValueError
        If ``matrix`` is not 169 x 169 (81 x 81 in short deck), ``game`` is unknown, or
        ``rules`` is unknown or given with Hold'em.
    ImportError
        If matplotlib is not installed.

    Examples
    --------
    >>> from pokerkeys.preflop import plots
    >>> plots.heads_up_matrix().axes[0].get_title()
    'Exact heads-up preflop equity (%), row against column'
    >>> plots.heads_up_matrix(game="shortdeck").axes[0].get_title()
    'Exact heads-up short-deck equity (%, trips-beat-straight), row against column'
    """
    from ..core.shortdeck import resolve_rules
    from . import shortdeck
    from .shipped import heads_up_equity

    short = resolve_rules(game, rules)
    names = CLASS_NAMES if short is None else shortdeck.CLASS_NAMES
    if matrix is not None:
        matrix = np.asarray(matrix, dtype=np.float64)
    elif short is None:
        matrix = heads_up_equity()
    else:
        matrix = shortdeck.heads_up_equity(rules=short)
    n = len(names)
    if matrix.shape != (n, n):
        raise ValueError(f"expected a {n} x {n} matrix, got shape {matrix.shape}")
    fig = _figure(figsize=(12, 11), dpi=110)
    ax = fig.add_subplot()
    image = ax.imshow(100 * matrix, cmap="RdYlGn", vmin=0, vmax=100, interpolation="nearest")
    ticks = np.arange(n)
    size = 3 if short is None else 6
    ax.set_xticks(ticks, names, rotation=90, fontsize=size)
    ax.set_yticks(ticks, names, fontsize=size)
    ax.set_xlabel("opponent's class")
    ax.set_ylabel("hero's class")
    ax.set_title("Exact heads-up preflop equity (%), row against column" if short is None
                 else f"Exact heads-up short-deck equity (%, {short}), row against column")
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.02, label="equity of the row class (%)")
    fig.tight_layout()
    return _finish(fig, path)
