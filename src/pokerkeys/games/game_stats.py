"""How often each category comes up in each game, and which category comes first.

Games (the notebook's "handmakers"): ``deal`` (5 cards), ``draw`` (5 cards and the best
one-card draw, see ``pokerkeys.games.draw``), ``joker`` (5 cards from a 54-card deck with two jokers),
``texas`` (best five of 7), ``omaha`` (4 hole cards + 5 board, exactly 2 + 3; also ``omaha5``
and ``omaha6``) and ``threed`` (Three-D poker: 2 hole cards + one from each of three sets of
five). Deal, draw, joker and texas are enumerated exactly (every deal, every draw); Omaha and
Three-D are simulated, with the standard error of every frequency.

Re-exported by ``pokerkeys.stats``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import _jit
from .._kernels import games as _kg
from ..core.best import CATEGORY_NAMES, FIVE_OF_A_KIND
from ..core.evaluate import category, kernel_args
from ..core.sampling import spawn_seeds
from ..equity.driver import chunk_sizes

GAMES = ("deal", "draw", "joker", "texas", "omaha", "omaha5", "omaha6", "threed")
EXACT_GAMES = ("deal", "draw", "joker", "texas")
_SIMULATED = {"deal": (_kg.GAME_DEAL, 0), "draw": (_kg.GAME_DRAW, 0),
              "omaha": (_kg.GAME_OMAHA, 4), "omaha5": (_kg.GAME_OMAHA, 5),
              "omaha6": (_kg.GAME_OMAHA, 6), "threed": (_kg.GAME_THREE_D, 0)}
_ALIASES = {"holdem": "texas", "hold'em": "texas", "three-d": "threed", "3d": "threed",
            "omaha4": "omaha", "five": "deal"}
DEFAULT_TRIALS = 1_000_000
TRIALS_PER_CHUNK = 1 << 15
CATEGORIES = tuple(range(FIVE_OF_A_KIND, 0, -1))  # best first, as the notebook prints them


def _category_of_ranks() -> np.ndarray:
    """Category 1..10 of every rank 0..7475 (0 for rank 0)."""
    natural = category(np.arange(1, 7463))
    return np.concatenate([[0], natural, np.full(_kg.N_HIST - 7463, FIVE_OF_A_KIND)]) \
        .astype(np.int64)


def _per_category(rank_counts) -> np.ndarray:
    """counts[c] for c = 0..10 from counts per rank."""
    rank_counts = np.asarray(rank_counts)
    padded = np.zeros(_kg.N_HIST, dtype=np.int64)
    padded[:len(rank_counts)] = rank_counts
    return np.bincount(_category_of_ranks(), weights=padded, minlength=11).astype(np.int64)


@dataclass(frozen=True)
class GameStats:
    """Category frequencies of one game.

    counts[c]: hands of category c (1 = high card .. 9 = straight flush, 10 = five of a kind)
    among ``total``; exact: every deal enumerated (counts are exact) or simulated (``total``
    random deals, ``stderr`` the standard error of each probability).
    """
    game: str
    counts: np.ndarray
    total: int
    exact: bool
    what: str
    elapsed: float

    @property
    def probabilities(self) -> np.ndarray:
        return self.counts / self.total

    @property
    def stderr(self) -> np.ndarray:
        if self.exact:
            return np.zeros(len(self.counts))
        p = self.probabilities
        return np.sqrt(p * (1 - p) / self.total)

    def as_dict(self) -> dict[str, int]:
        """{'Five of a kind': count, ..., 'High card': count}, best first."""
        return {CATEGORY_NAMES[c]: int(self.counts[c]) for c in CATEGORIES}

    def __str__(self) -> str:
        p, se = self.probabilities, self.stderr
        head = f"{'Type of hand':<16}{'count':>16}{'probability':>14}"
        lines = [f"{self.game}: {self.what}", head + ("" if self.exact else f"{'± stderr':>12}"),
                 "-" * (len(head) + (0 if self.exact else 12))]
        for c in CATEGORIES:
            row = f"{CATEGORY_NAMES[c]:<16}{int(self.counts[c]):>16,}{100 * p[c]:>13.6f}%"
            if not self.exact:
                row += f"{100 * se[c]:>11.4f}%"
            lines.append(row)
        lines.append(f"{'total':<16}{self.total:>16,}")
        return "\n".join(lines)


def canonical_game(name: str) -> str:
    """The game's name in GAMES ('holdem' -> 'texas', 'three-d' -> 'threed'), or ValueError."""
    key = str(name).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return key


def game_stats(game: str, *, exact: bool | None = None, trials: int | None = None,
               seed=None, threads: int | None = None) -> GameStats:
    """Category frequencies of a game: exact by enumeration where that is feasible (deal,
    draw, joker, texas), else simulated (``trials`` deals, default one million; the same
    ``seed`` gives the same result whatever ``threads`` is). exact=False simulates deal and
    draw too (a check of the simulation); exact=True refuses games that cannot be enumerated.
    """
    game = canonical_game(game)
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)
                               or trials <= 0):
        raise ValueError(f"trials must be a positive integer, not {trials!r}")
    if exact is None:
        exact = game in EXACT_GAMES and trials is None
    if exact and game not in EXACT_GAMES:
        raise ValueError(f"{game} cannot be enumerated exactly; it is simulated")
    if not exact and game not in _SIMULATED:
        raise ValueError(f"{game} is only computed exactly")
    start = _jit.compute_clock()
    with _jit.threads(threads):
        if exact:
            counts, total, what = _EXACT[game]()
        else:
            counts, total, what = _simulate(game, trials or DEFAULT_TRIALS, seed)
    return GameStats(game, counts, total, exact, what, _jit.compute_clock() - start)


def _exact_deal():
    from ..core.counts import rank_histogram

    return _per_category(rank_histogram(5)), math.comb(52, 5), \
        "exact, all 2,598,960 five-card hands"


def _exact_texas():
    from ..core.counts import rank_histogram

    return _per_category(rank_histogram(7)), math.comb(52, 7), \
        "exact, best five of all 133,784,560 seven-card hands"


def joker_deck_counts(n_jokers: int = 2) -> np.ndarray:
    """counts[c] of every 5-card hand from 52 cards plus n_jokers (0, 1 or 2) wild jokers."""
    from ..core.counts import rank_histogram
    from .wild import ANY, JOKER_MASKS

    if n_jokers not in (0, 1, 2):
        raise ValueError(f"the joker deck has 0, 1 or 2 jokers, not {n_jokers!r}")
    # A hand holds j of the jokers in C(n_jokers, j) ways, with 5 - j natural cards.
    args = kernel_args(5)
    counts = _per_category(rank_histogram(5))
    for j in range(1, n_jokers + 1):
        allowed = np.array([JOKER_MASKS[ANY]] * j, dtype=np.uint64)
        counts += math.comb(n_jokers, j) * _per_category(
            _kg.joker_histogram(5 - j, allowed, *args))
    return counts


def _exact_joker():
    return joker_deck_counts(2), math.comb(54, 5), \
        "exact, all 3,162,510 hands of 5 from 52 cards + 2 jokers"


def _exact_draw():
    from .draw import win_scores

    binom = np.array([[math.comb(n, k) for k in range(5)] for n in range(53)], dtype=np.int64)
    counts = _kg.draw_category_counts(win_scores("interpolated")[0], _category_of_ranks(), binom,
                                      *kernel_args(5))
    return counts, math.comb(52, 5) * 47, \
        "exact, all 2,598,960 deals x 47 draws, best one-card discard (notebook estimate)"


_EXACT = {"deal": _exact_deal, "texas": _exact_texas, "joker": _exact_joker,
          "draw": _exact_draw}


def _simulate(game: str, trials: int, seed):
    from .draw import win_scores

    code, n_hole = _SIMULATED[game]
    sizes = chunk_sizes(trials, TRIALS_PER_CHUNK)
    seeds = spawn_seeds(np.random.SeedSequence(seed), len(sizes))
    hist = _kg.simulate_ranks(code, n_hole, seeds, sizes, win_scores("interpolated")[0],
                              *kernel_args(5)).sum(axis=0)
    return _per_category(hist), trials, f"simulated, {trials:,} random deals"


def format_games_table(results: list[GameStats]) -> str:
    """The notebook's table: one column per game, rows five of a kind .. high card.

    Simulated columns show each frequency with its standard error (±).
    """
    width = max(10, *(18 if not r.exact else 10 for r in results))
    lines = [f"{'Type of hand':<16}" + "".join(f"{r.game:>{width}}" for r in results),
             f"{'-' * 15:<16}" + "".join(f"{'-' * (width - 2):>{width}}" for r in results)]
    for c in CATEGORIES:
        cells = []
        for r in results:
            p = 100 * r.probabilities[c]
            cells.append(f"{p:.4f}%" if r.exact else f"{p:.4f}±{100 * r.stderr[c]:.4f}%")
        lines.append(f"{CATEGORY_NAMES[c].lower():<16}" + "".join(f"{x:>{width}}" for x in cells))
    lines.append(f"{'hands':<16}" + "".join(
        f"{(f'{r.total:,}' if r.exact else f'{r.total:,} sim'):>{width}}" for r in results))
    return "\n".join(lines)


# ---------------------------------------------------------------------------- what comes first
FIRST_CATEGORIES = tuple(range(2, 10))  # pair .. straight flush (high card is the first card)
FIRST_TRIALS_PER_CHUNK = 1 << 13


@dataclass(frozen=True)
class FirstResult:
    """The "what comes first" experiment: cards turned up until each category appears.

    counts[c, n]: trials in which category c (2 = pair .. 9 = straight flush) first appeared
    among the face-up cards with the n-th card; straight_first / flush_first / same_card:
    trials in which a straight appeared before a flush, after it, or with the same card.
    """
    counts: np.ndarray
    trials: int
    straight_first: int
    flush_first: int
    same_card: int
    elapsed: float

    def mean(self, cat: int) -> float:
        """Average number of cards it took for category ``cat`` to appear."""
        n = np.arange(self.counts.shape[1])
        return float((self.counts[cat] * n).sum() / self.trials)

    def stderr(self, cat: int) -> float:
        n = np.arange(self.counts.shape[1])
        mean = self.mean(cat)
        var = float((self.counts[cat] * (n - mean) ** 2).sum() / max(self.trials - 1, 1))
        return math.sqrt(var / self.trials)

    def distribution(self, cat: int) -> np.ndarray:
        """P(category first appears with the n-th card), n = 0..52."""
        return self.counts[cat] / self.trials

    def __str__(self) -> str:
        lines = [f"What comes first: {self.trials:,} shuffled decks, cards turned up one by one",
                 f"{'category':<16}{'mean cards':>12}{'± stderr':>10}{'fewest':>8}{'most':>6}",
                 "-" * 52]
        for c in FIRST_CATEGORIES:
            seen = np.flatnonzero(self.counts[c])
            lines.append(f"{CATEGORY_NAMES[c].lower():<16}{self.mean(c):>12.3f}{self.stderr(c):>10.3f}"
                         f"{seen.min():>8}{seen.max():>6}")
        t = self.trials
        lines.append(f"straight before flush {100 * self.straight_first / t:.2f}%, flush before "
                     f"straight {100 * self.flush_first / t:.2f}%, same card "
                     f"{100 * self.same_card / t:.2f}%")
        return "\n".join(lines)


def what_comes_first(trials: int = 100_000, *, seed=None, threads: int | None = None
                     ) -> FirstResult:
    """Shuffle, turn cards up one at a time and note when each category first appears (Bram
    Cohen's experiment, extended to every category as in the notebook). Reproducible by seed,
    whatever ``threads`` is."""
    if isinstance(trials, bool) or not isinstance(trials, int) or trials <= 0:
        raise ValueError(f"trials must be a positive integer, not {trials!r}")
    start = _jit.compute_clock()
    sizes = chunk_sizes(trials, FIRST_TRIALS_PER_CHUNK)
    seeds = spawn_seeds(np.random.SeedSequence(seed), len(sizes))
    with _jit.threads(threads):
        counts, races = _kg.what_first(seeds, sizes)
    races = races.sum(axis=0)
    return FirstResult(counts.sum(axis=0), trials, int(races[0]), int(races[1]),
                       int(races[2]), _jit.compute_clock() - start)


def plot_what_comes_first(result: FirstResult, path=None, *, dpi: int = 100):
    """Plot, for each category, the distribution of the number of cards it took (the notebook's
    figure, with each category's mean in the legend). Writes a PNG to ``path`` if given;
    returns the matplotlib Figure. Needs matplotlib: ``pip install "pokerkeys[plot]"``."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("plotting needs matplotlib: pip install 'pokerkeys[plot]'") from None
    # A bare Figure with the Agg canvas: no pyplot, no GUI backend, no global state.
    fig = Figure(figsize=(10, 6))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    last = int(max(np.flatnonzero(result.counts[c]).max() for c in FIRST_CATEGORIES))
    x = np.arange(1, last + 1)
    for c in reversed(FIRST_CATEGORIES):
        ax.plot(x, 100 * result.distribution(c)[1:last + 1], "o:", lw=2, alpha=0.8, ms=4,
                label=f"{CATEGORY_NAMES[c].lower()}: mean {result.mean(c):.1f}")
    ax.set_xlabel("Number of cards needed")
    ax.set_ylabel(f"Percent (out of {result.trials:,} trials)")
    ax.set_title("What comes first? Cards turned up until each category appears")
    ax.grid(True, which="major")
    ax.grid(True, which="minor", linestyle=":", alpha=0.5)
    ax.minorticks_on()
    ax.legend()
    if path is not None:
        fig.savefig(path, dpi=dpi, format="png")
    return fig
