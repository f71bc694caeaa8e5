"""How often each category comes up in each game, and which category comes first.

Games (the "handmakers" of Norvig's poker notebook): ``deal`` (5 cards), ``draw`` (5 cards and
the best one-card draw, see ``pokerkeys.games.draw``), ``joker`` (5 cards from a 54-card deck
with two jokers), ``texas`` (best five of 7), ``omaha`` (4 hole cards + 5 board, exactly
2 + 3; also ``omaha5`` and ``omaha6``) and ``threed`` (Three-D poker: 2 hole cards + one from
each of three sets of five). Deal, draw, joker and texas are enumerated exactly (every deal,
every draw); Omaha and Three-D are simulated, with the standard error of every frequency.
Short deck (six-plus hold'em, ``pokerkeys.core.shortdeck``): ``shortdeck5`` (5 cards of the 36)
and ``shortdeck`` (best five of 7), enumerated exactly and categorised by the short-deck
ranking, three of a kind over a straight unless ``rules='straight-beats-trips'``.

"What comes first" turns the cards of shuffled decks up one at a time and notes when each
category first appears (``what_comes_first``).

Re-exported by ``pokerkeys.games.stats``, which ``pk.stats`` is.

>>> import pokerkeys as pk
>>> pk.stats.game_stats("deal").as_dict()["Straight flush"]
40
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias, get_args

import numpy as np

from .. import _jit
from .._kernels import games as _kg
from ..core.best import CATEGORY_NAMES, FIVE_OF_A_KIND
from ..core.evaluate import category, kernel_args
from ..core.figures import new_figure
from ..core.sampling import spawn_seeds
from ..core.shortdeck import Rules, resolve_rules
from ..core.types import FloatArray, IntArray, SeedLike, Threads
from ..equity.driver import chunk_sizes

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["CATEGORIES", "DEFAULT_TRIALS", "EXACT_GAMES", "FIRST_CATEGORIES",
           "FIRST_TRIALS_PER_CHUNK", "GAMES", "TRIALS_PER_CHUNK", "FirstResult", "Game",
           "GameName", "GameStats", "canonical_game", "format_games_table", "game_stats",
           "joker_deck_counts", "plot_what_comes_first", "what_comes_first"]

#: A game's name as ``GameStats.game`` gives it.
Game: TypeAlias = Literal["deal", "draw", "joker", "texas", "omaha", "omaha5", "omaha6",
                          "threed", "shortdeck5", "shortdeck"]
#: What ``game_stats`` accepts: a game, or another name of one ('holdem' is 'texas'; any case).
GameName: TypeAlias = Game | Literal["holdem", "hold'em", "three-d", "3d", "omaha4", "five",
                                     "six-plus", "short-deck"]

GAMES: tuple[Game, ...] = get_args(Game)
EXACT_GAMES: tuple[Game, ...] = ("deal", "draw", "joker", "texas", "shortdeck5", "shortdeck")
_SHORT_DECK_CARDS: dict[str, int] = {"shortdeck5": 5, "shortdeck": 7}
_SIMULATED = {"deal": (_kg.GAME_DEAL, 0), "draw": (_kg.GAME_DRAW, 0),
              "omaha": (_kg.GAME_OMAHA, 4), "omaha5": (_kg.GAME_OMAHA, 5),
              "omaha6": (_kg.GAME_OMAHA, 6), "threed": (_kg.GAME_THREE_D, 0)}
_GAME_OF: dict[str, Game] = {**{g: g for g in GAMES}, "holdem": "texas", "hold'em": "texas",
                             "three-d": "threed", "3d": "threed", "omaha4": "omaha",
                             "five": "deal", "six-plus": "shortdeck", "short-deck": "shortdeck"}
DEFAULT_TRIALS = 1_000_000
TRIALS_PER_CHUNK = 1 << 15
CATEGORIES = tuple(range(FIVE_OF_A_KIND, 0, -1))  # best first, as the notebook prints them


def _category_of_ranks() -> IntArray:
    """Category 1..10 of every rank 0..7475 (0 for rank 0)."""
    natural = category(np.arange(1, 7463))
    return np.concatenate([[0], natural, np.full(_kg.N_HIST - 7463, FIVE_OF_A_KIND)]) \
        .astype(np.int64)


def _per_category(rank_counts: IntArray) -> IntArray:
    """counts[c] for c = 0..10 from counts per rank."""
    rank_counts = np.asarray(rank_counts)
    padded = np.zeros(_kg.N_HIST, dtype=np.int64)
    padded[:len(rank_counts)] = rank_counts
    return np.bincount(_category_of_ranks(), weights=padded, minlength=11).astype(np.int64)


@dataclass(frozen=True)
class GameStats:
    """Category frequencies of one game; ``str()`` prints them as a table.

    Attributes
    ----------
    game : str
        The game (one of ``GAMES``).
    counts : numpy.ndarray of int64, shape (11,)
        ``counts[c]``: hands of category c (1 = high card .. 9 = straight flush, 10 = five of
        a kind) among ``total``; ``counts[0]`` is 0.
    total : int
        Hands counted: every deal (exact) or the random deals (simulated).
    exact : bool
        True if every deal was enumerated (the counts are exact), False if simulated.
    what : str
        How the counts were made, in words.
    elapsed : float
        Seconds of computing.
    probabilities : numpy.ndarray of float64, shape (11,)
        ``counts / total`` (a property).
    stderr : numpy.ndarray of float64, shape (11,)
        The standard error of each probability: 0 when exact, else sqrt(p (1 - p) / total)
        (a property).

    Examples
    --------
    >>> from pokerkeys.games.game_stats import game_stats
    >>> stats = game_stats("deal")
    >>> stats.exact, stats.total, int(stats.counts[9])  # straight flushes
    (True, 2598960, 40)
    >>> print(game_stats("omaha", trials=20_000, seed=1))
    omaha: simulated, 20,000 random deals
    Type of hand               count   probability    ± stderr
    ----------------------------------------------------------
    Five of a kind                 0     0.000000%     0.0000%
    Straight flush                16     0.080000%     0.0200%
    Four of a kind               111     0.555000%     0.0525%
    Full house                 1,259     6.295000%     0.1717%
    Flush                      1,348     6.740000%     0.1773%
    Straight                   2,280    11.400000%     0.2247%
    Three of a kind            1,770     8.850000%     0.2008%
    Two pair                   7,386    36.930000%     0.3413%
    Pair                       5,286    26.430000%     0.3118%
    High card                    544     2.720000%     0.1150%
    total                     20,000
    """
    game: str
    counts: IntArray
    total: int
    exact: bool
    what: str
    elapsed: float

    @property
    def probabilities(self) -> FloatArray:
        """Each category's share of the hands: ``counts / total``."""
        return self.counts / self.total

    @property
    def stderr(self) -> FloatArray:
        """Standard error of each probability (zeros when the counts are exact)."""
        if self.exact:
            return np.zeros(len(self.counts))
        p = self.probabilities
        return np.sqrt(p * (1 - p) / self.total)

    def as_dict(self) -> dict[str, int]:
        """The counts by category name, best category first.

        Returns
        -------
        dict of str to int
            ``{'Five of a kind': count, ..., 'High card': count}``.

        Examples
        --------
        >>> from pokerkeys.games.game_stats import game_stats
        >>> game_stats("deal").as_dict()["Four of a kind"]
        624
        """
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


def canonical_game(name: str) -> Game:
    """The name in ``GAMES`` of a game, from any of its names.

    Parameters
    ----------
    name : str
        A game's name or another name of it, in any case and with surrounding spaces:
        'holdem' and "hold'em" are 'texas', 'three-d' and '3d' are 'threed', 'omaha4' is
        'omaha', 'five' is 'deal', 'six-plus' and 'short-deck' are 'shortdeck'.

    Returns
    -------
    str
        One of ``GAMES``.

    Raises
    ------
    ValueError
        If the name is not a game's.

    Examples
    --------
    >>> from pokerkeys.games.game_stats import canonical_game
    >>> canonical_game("Hold'em"), canonical_game("3d")
    ('texas', 'threed')
    """
    key = str(name).strip().lower()
    if key not in _GAME_OF:
        raise ValueError(f"unknown game {name!r}; games are {', '.join(GAMES)}")
    return _GAME_OF[key]


def game_stats(game: GameName, *, exact: bool | None = None, trials: int | None = None,
               seed: SeedLike = None, threads: Threads = None,
               rules: Rules | None = None) -> GameStats:
    """Category frequencies of a game, exact where enumeration is feasible, else simulated.

    Deal, draw, joker, texas, shortdeck5 and shortdeck are enumerated (every deal, every
    draw); omaha, omaha5, omaha6 and threed are simulated, with the standard error of every
    frequency.

    Parameters
    ----------
    game : str
        One of ``GAMES`` or another name of one (see ``canonical_game``).
    exact : bool, optional
        None (default): exact for the games that can be enumerated, unless ``trials`` is
        given. False simulates deal and draw too (a check of the simulation); True refuses
        games that cannot be enumerated.
    trials : int, optional
        Random deals to simulate; default one million (``DEFAULT_TRIALS``).
    seed : int or sequence of int, optional
        Seed of the simulation; the same seed gives the same counts whatever ``threads`` is.
        None: fresh entropy.
    threads : int, optional
        Kernel threads; None: every core Numba uses.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short-deck games only: which of three of a kind and straight ranks higher (default
        trips first); it moves 7-card hands holding both.

    Returns
    -------
    GameStats
        The counts of each category and how they were made.

    Raises
    ------
    ValueError
        If the game is unknown, ``trials`` is not a positive integer, ``exact=True`` is asked
        of a simulated game, ``exact=False`` of joker, texas or a short-deck game (computed
        exactly only), or ``rules`` of a game other than short deck (or unknown rules).

    See Also
    --------
    format_games_table : several games side by side.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> stats = pk.stats.game_stats("deal")
    >>> stats.what
    'exact, all 2,598,960 five-card hands'
    >>> round(float(stats.probabilities[2]), 6)  # one pair
    0.422569
    >>> omaha = pk.stats.game_stats("omaha", trials=20_000, seed=1)
    >>> int(omaha.counts[3]), round(float(omaha.stderr[3]), 6)  # two pair
    (7386, 0.003413)
    >>> short = pk.stats.game_stats("shortdeck", rules="straight-beats-trips")
    >>> short.what
    'exact, best five of all 8,347,680 seven-card short-deck hands (straight-beats-trips)'
    >>> int(short.counts[4]), int(short.counts[5])  # three of a kind, straight
    (607200, 1169940)
    """
    game = canonical_game(game)
    if game in _SHORT_DECK_CARDS:
        short = resolve_rules("shortdeck", rules)
    elif rules is not None:
        raise ValueError(f"rules apply to the short-deck games only, not to {game}")
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
        if game in _SHORT_DECK_CARDS:
            counts, total, what = _exact_short_deck(_SHORT_DECK_CARDS[game], short)
        elif exact:
            counts, total, what = _EXACT[game]()
        else:
            counts, total, what = _simulate(game, trials or DEFAULT_TRIALS, seed)
    return GameStats(game, counts, total, exact, what, _jit.compute_clock() - start)


def _exact_deal() -> tuple[IntArray, int, str]:
    from ..core.counts import rank_histogram

    return _per_category(rank_histogram(5)), math.comb(52, 5), \
        "exact, all 2,598,960 five-card hands"


def _exact_texas() -> tuple[IntArray, int, str]:
    from ..core.counts import rank_histogram

    return _per_category(rank_histogram(7)), math.comb(52, 7), \
        "exact, best five of all 133,784,560 seven-card hands"


def _exact_short_deck(n_cards: int, rules: Rules | None) -> tuple[IntArray, int, str]:
    from ..core.counts import category_counts

    by_category = category_counts(n_cards, game="shortdeck", rules=rules)
    counts = np.zeros(11, dtype=np.int64)
    for cat, count in by_category.items():
        counts[int(cat)] = count
    total = math.comb(36, n_cards)
    if n_cards == 5:
        return counts, total, f"exact, all {total:,} five-card short-deck hands"
    return counts, total, (f"exact, best five of all {total:,} seven-card short-deck hands "
                           f"({rules})")


def joker_deck_counts(n_jokers: int = 2) -> IntArray:
    """The category of every 5-card hand from 52 cards plus wild jokers, counted.

    A hand holds j of the jokers in C(n_jokers, j) ways, with 5 - j natural cards; each joker
    stands for any card (see ``pokerkeys.games.wild``), so five of a kind appears.

    Parameters
    ----------
    n_jokers : {0, 1, 2}, default 2
        Jokers added to the deck.

    Returns
    -------
    numpy.ndarray of int64, shape (11,)
        ``counts[c]``: hands of category c (1 = high card .. 10 = five of a kind); they add
        up to C(52 + n_jokers, 5).

    Raises
    ------
    ValueError
        If ``n_jokers`` is not 0, 1 or 2.

    Examples
    --------
    >>> from pokerkeys.games.game_stats import joker_deck_counts
    >>> counts = joker_deck_counts(1)
    >>> int(counts[10]), int(counts.sum())  # five of a kind, every hand of 53 cards
    (13, 2869685)
    """
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


def _exact_joker() -> tuple[IntArray, int, str]:
    return joker_deck_counts(2), math.comb(54, 5), \
        "exact, all 3,162,510 hands of 5 from 52 cards + 2 jokers"


def _exact_draw() -> tuple[IntArray, int, str]:
    from .draw import win_scores

    binom = np.array([[math.comb(n, k) for k in range(5)] for n in range(53)], dtype=np.int64)
    counts = _kg.draw_category_counts(win_scores("interpolated")[0], _category_of_ranks(), binom,
                                      *kernel_args(5))
    return counts, math.comb(52, 5) * 47, \
        "exact, all 2,598,960 deals x 47 draws, best one-card discard (interpolated win estimate)"


_EXACT: dict[str, Callable[[], tuple[IntArray, int, str]]] = {
    "deal": _exact_deal, "texas": _exact_texas, "joker": _exact_joker,
          "draw": _exact_draw}


def _simulate(game: str, trials: int, seed: SeedLike) -> tuple[IntArray, int, str]:
    from .draw import win_scores

    code, n_hole = _SIMULATED[game]
    sizes = chunk_sizes(trials, TRIALS_PER_CHUNK)
    seeds = spawn_seeds(np.random.SeedSequence(seed), len(sizes))
    hist = _kg.simulate_ranks(code, n_hole, seeds, sizes, win_scores("interpolated")[0],
                              *kernel_args(5)).sum(axis=0)
    return _per_category(hist), trials, f"simulated, {trials:,} random deals"


def format_games_table(results: list[GameStats]) -> str:
    """Several games' frequencies side by side, as Norvig's poker notebook prints them.

    One column per game, rows five of a kind .. high card; simulated columns show each
    frequency with its standard error (±).

    Parameters
    ----------
    results : list of GameStats
        The games, in column order.

    Returns
    -------
    str
        The table, lines joined by newlines.

    Examples
    --------
    >>> from pokerkeys.games.game_stats import format_games_table, game_stats
    >>> print(format_games_table([game_stats("deal"), game_stats("omaha", trials=20_000, seed=1)]))
    Type of hand                  deal             omaha
    ---------------   ----------------  ----------------
    five of a kind             0.0000%    0.0000±0.0000%
    straight flush             0.0015%    0.0800±0.0200%
    four of a kind             0.0240%    0.5550±0.0525%
    full house                 0.1441%    6.2950±0.1717%
    flush                      0.1965%    6.7400±0.1773%
    straight                   0.3925%   11.4000±0.2247%
    three of a kind            2.1128%    8.8500±0.2008%
    two pair                   4.7539%   36.9300±0.3413%
    pair                      42.2569%   26.4300±0.3118%
    high card                 50.1177%    2.7200±0.1150%
    hands                    2,598,960        20,000 sim
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

    ``str()`` prints each category's mean number of cards with its standard error.

    Attributes
    ----------
    counts : numpy.ndarray of int64, shape (11, 53)
        ``counts[c, n]``: trials in which category c (2 = pair .. 9 = straight flush) first
        appeared among the face-up cards with the n-th card.
    trials : int
        Shuffled decks turned up.
    straight_first : int
        Trials in which a straight appeared before a flush.
    flush_first : int
        Trials in which a flush appeared before a straight.
    same_card : int
        Trials in which both appeared with the same card.
    elapsed : float
        Seconds of computing.

    Examples
    --------
    >>> from pokerkeys.games.game_stats import what_comes_first
    >>> print(what_comes_first(1000, seed=1))
    What comes first: 1,000 shuffled decks, cards turned up one by one
    category          mean cards  ± stderr  fewest  most
    ----------------------------------------------------
    pair                   5.808     0.067       2    13
    two pair               8.932     0.065       4    15
    three of a kind       13.463     0.130       4    25
    straight              13.344     0.129       5    35
    flush                 12.267     0.077       5    17
    full house            13.830     0.116       5    25
    four of a kind        24.895     0.182       8    38
    straight flush        26.140     0.177      10    38
    straight before flush 39.10%, flush before straight 50.60%, same card 10.30%
    """
    counts: IntArray
    trials: int
    straight_first: int
    flush_first: int
    same_card: int
    elapsed: float

    def mean(self, cat: int) -> float:
        """Average number of cards it took for a category to appear.

        Parameters
        ----------
        cat : int
            The category, 2 (pair) .. 9 (straight flush).

        Returns
        -------
        float
            The mean over the trials.

        Examples
        --------
        >>> from pokerkeys.games.game_stats import what_comes_first
        >>> what_comes_first(1000, seed=1).mean(2)  # a pair
        5.808
        """
        n = np.arange(self.counts.shape[1])
        return float((self.counts[cat] * n).sum() / self.trials)

    def stderr(self, cat: int) -> float:
        """Standard error of ``mean(cat)``: the sample standard deviation over sqrt(trials).

        Parameters
        ----------
        cat : int
            The category, 2 (pair) .. 9 (straight flush).

        Returns
        -------
        float
            The standard error, in cards.

        Examples
        --------
        >>> from pokerkeys.games.game_stats import what_comes_first
        >>> round(what_comes_first(1000, seed=1).stderr(2), 4)
        0.0674
        """
        n = np.arange(self.counts.shape[1])
        mean = self.mean(cat)
        var = float((self.counts[cat] * (n - mean) ** 2).sum() / max(self.trials - 1, 1))
        return math.sqrt(var / self.trials)

    def distribution(self, cat: int) -> FloatArray:
        """How many cards it took for a category to appear, as probabilities.

        Parameters
        ----------
        cat : int
            The category, 2 (pair) .. 9 (straight flush).

        Returns
        -------
        numpy.ndarray of float64, shape (53,)
            ``[n]``: the share of trials in which the category first appeared with the n-th
            card (n = 0..52; 0 and 1 are always 0 for a pair).

        Examples
        --------
        >>> from pokerkeys.games.game_stats import what_comes_first
        >>> what_comes_first(1000, seed=1).distribution(2)[:6].tolist()
        [0.0, 0.0, 0.046, 0.098, 0.158, 0.17]
        """
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


def what_comes_first(trials: int = 100_000, *, seed: SeedLike = None,
                     threads: Threads = None) -> FirstResult:
    """Shuffle, turn cards up one at a time and note when each category first appears.

    Bram Cohen's experiment (does a straight or a flush come first?), extended to every
    category as in Norvig's poker notebook.

    Parameters
    ----------
    trials : int, default 100000
        Decks shuffled and turned up.
    seed : int or sequence of int, optional
        Seed of the shuffles; the same seed gives the same result whatever ``threads`` is.
        None: fresh entropy.
    threads : int, optional
        Kernel threads; None: every core Numba uses.

    Returns
    -------
    FirstResult
        For each category, how many cards it took, and the straight-or-flush race.

    Raises
    ------
    ValueError
        If ``trials`` is not a positive integer.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> result = pk.stats.what_comes_first(1000, seed=1)
    >>> result.straight_first, result.flush_first, result.same_card
    (391, 506, 103)
    """
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


def plot_what_comes_first(result: FirstResult, path: str | os.PathLike[str] | None = None, *,
                          dpi: int = 100) -> Figure:
    """Plot, for each category, the distribution of the number of cards it took.

    The figure of Norvig's poker notebook, with each category's mean in the legend. Needs
    matplotlib: ``pip install "pokerkeys[plot]"``. No pyplot and no GUI backend are used.

    Parameters
    ----------
    result : FirstResult
        What ``what_comes_first`` returned.
    path : str or path-like, optional
        Where to write the figure as a PNG; None: do not write it.
    dpi : int, default 100
        Resolution of the PNG.

    Returns
    -------
    matplotlib.figure.Figure
        The figure, one line per category.

    Raises
    ------
    ImportError
        If matplotlib is not installed.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> figure = pk.stats.plot_what_comes_first(pk.stats.what_comes_first(1000, seed=1))
    >>> len(figure.axes[0].lines)
    8
    """
    fig = new_figure(figsize=(10, 6))
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
