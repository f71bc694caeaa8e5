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
"""
from __future__ import annotations

import numpy as np

from ..core.classes import CLASS_NAMES, N_CLASSES


def _figure(**kwargs):
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'pokerkeys[plot]'") from None
    return Figure(**kwargs)


def _finish(fig, path):
    if path is not None:
        fig.savefig(path, dpi=fig.dpi)
    return fig


def class_grid(values, *, title: str = "", fmt: str = "{:.1f}", cmap: str = "RdYlGn",
               label: str = "", path=None, reverse: bool = False):
    """A 13 x 13 grid heat map of 169 per-class values (CLASS_NAMES order), each cell
    labelled with its class and value formatted by ``fmt``."""
    values = np.asarray(values, dtype=np.float64)
    if values.shape != (N_CLASSES,):
        raise ValueError(f"expected 169 values in CLASS_NAMES order, got shape {values.shape}")
    grid = values.reshape(13, 13)
    fig = _figure(figsize=(9, 8), dpi=100)
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap=cmap + ("_r" if reverse else ""))
    lo, hi = np.nanmin(grid), np.nanmax(grid)
    for k, name in enumerate(CLASS_NAMES):
        row, col = divmod(k, 13)
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


def equity_grid(opponents: int = 1, *, values=None, path=None):
    """Grid of each class's equity (%) against ``opponents`` random hands (shipped table,
    or ``values``: 169 equities in 0..1)."""
    from .shipped import check_opponents, equity_vs_opponents

    n = check_opponents(opponents)
    values = equity_vs_opponents(n) if values is None else np.asarray(values)
    exact = "exact" if n == 1 else "Monte Carlo, stderr <= 0.05%"
    return class_grid(100 * values, fmt="{:.1f}", label="equity (%)", path=path,
                      title=f"Preflop all-in equity against {n} random "
                            f"hand{'s' if n > 1 else ''} ({exact})")


def rank_grid(opponents: int = 1, *, path=None):
    """Grid of each class's rank 1..169 by equity against ``opponents`` random hands."""
    from .shipped import check_opponents, class_ranks

    n = check_opponents(opponents)
    return class_grid(class_ranks(n), fmt="{:.0f}", label="rank (1 = best)", reverse=True,
                      path=path,
                      title=f"Starting-hand ranks by equity against {n} random "
                            f"hand{'s' if n > 1 else ''}")


def rank_distribution(name: str, *, bins: int = 75, path=None):
    """Two panels: the class's best-rank distribution against the average over all hands,
    binned by rank (category boundaries marked), and by category."""
    from ..core.evaluate import CATEGORY_STARTS, HandCategory
    from .exact import rank_distribution as compute

    dist = compute(name)
    fig = _figure(figsize=(11, 8), dpi=100)
    top, bottom = fig.subplots(2, 1)
    edges = np.linspace(1, 7463, bins + 1).round().astype(int)
    mine = np.add.reduceat(dist.probability[1:], edges[:-1] - 1)
    avg = np.add.reduceat(dist.average[1:], edges[:-1] - 1)
    top.stairs(100 * avg, edges, label="all hands", color="0.45", linewidth=1.5)
    top.stairs(100 * mine, edges, label=dist.name, color="tab:blue", linewidth=1.8)
    for start in CATEGORY_STARTS[1:-1]:
        top.axvline(start, color="0.85", linewidth=0.8, zorder=0)
    top.set_xlim(1, 7462)
    top.set_xlabel("best 7-card rank (1 = worst high card, 7462 = royal flush)")
    top.set_ylabel(f"share of boards per {7462 // bins}-rank bin (%)")
    top.set_title(f"{dist.name}: best hand over all {dist.boards:,} boards, against the "
                  f"average over all hands")
    top.legend()
    labels = [c.label for c in HandCategory]
    x = np.arange(len(labels))
    bottom.bar(x - 0.2, 100 * dist.average_by_category, 0.4, label="all hands", color="0.6")
    bottom.bar(x + 0.2, 100 * dist.by_category / dist.boards, 0.4, label=dist.name,
               color="tab:blue")
    bottom.set_xticks(x, labels, rotation=20)
    bottom.set_ylabel("share of boards (%)")
    bottom.set_title("by category")
    bottom.legend()
    fig.tight_layout()
    return _finish(fig, path)


def heads_up_matrix(matrix=None, *, path=None):
    """Heat map of the 169 x 169 heads-up equity matrix (row class against column class);
    the shipped exact matrix unless ``matrix`` is given."""
    from .shipped import heads_up_equity

    matrix = heads_up_equity() if matrix is None else np.asarray(matrix, dtype=np.float64)
    if matrix.shape != (N_CLASSES, N_CLASSES):
        raise ValueError(f"expected a 169 x 169 matrix, got shape {matrix.shape}")
    fig = _figure(figsize=(12, 11), dpi=110)
    ax = fig.add_subplot()
    image = ax.imshow(100 * matrix, cmap="RdYlGn", vmin=0, vmax=100, interpolation="nearest")
    ticks = np.arange(N_CLASSES)
    ax.set_xticks(ticks, CLASS_NAMES, rotation=90, fontsize=3)
    ax.set_yticks(ticks, CLASS_NAMES, fontsize=3)
    ax.set_xlabel("opponent's class")
    ax.set_ylabel("hero's class")
    ax.set_title("Exact heads-up preflop equity (%), row against column")
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.02, label="equity of the row class (%)")
    fig.tight_layout()
    return _finish(fig, path)
