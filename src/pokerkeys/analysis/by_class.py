"""Equity by hand class, and what wins: which hands carry a range's equity.

``equity_by_class`` splits one player's range on a board into the made-hand classes and draws
of ``range_hits`` (sets, overpairs, flush draws, ...) and gives each class its combos, weight,
probability and equity against the other players (each combo's exact equity from
``pk.equity(..., per_combo=...)``). Every combo is in one made-hand class, so the classes'
probabilities sum to 1 and their probability-weighted equities to the range's equity; draws
overlap and are reported beside them.

``what_wins`` looks at the final boards instead: for each player, how often it ends with each
class of hand (a category, from high card to straight flush, or a made-hand class of
``range_hits``: an overpair, a set) and the share of the pot it wins with it. The shares of a
player add up to its equity. Exact by enumeration over the boards up to suit symmetry where
that is feasible, else over a seeded sample of boards.

>>> import pokerkeys as pk
>>> classes = pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c")
>>> row = classes.row("overpair")
>>> row["combos"], round(row["share"], 4), round(row["equity"], 4)
(18, 0.5238, 0.5517)
>>> wins = pk.what_wins(["AA", "KK"], by="made")
>>> round(float(wins.won[0, wins.classes.index("overpair")]), 4)
0.5812
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import numpy as np

from .. import _jit
from .._kernels import hits as _hits
from .._kernels import what_wins as _ww
from ..core.cards import format_cards
from ..core.classes import COMBO_INDEX_TABLE, N_COMBOS
from ..core.evaluate import CATEGORY_OF_RANK, HandCategory, kernel_args
from ..core.symmetry import canonical_boards, stabilizer
from ..core.types import CardArray, CardsLike, FloatArray, IntArray, SeedLike, Threads
from ..equity.driver import Progress
from ..equity.holdem import equity
from ..equity.matchups import matchup_rows
from ..equity.setup import PlayerSpec, Setup, prepare
from .hits import DRAWS, MADE
from .report_table import to_frame
from .runouts import (
    CHUNKS,
    OMAHA_MAX_MATCHUPS,
    OMAHA_MAX_SHOWDOWNS_MULTIWAY,
    ViewGame,
    check_board,
    check_players,
    hole_cards_of,
    omaha_matchups,
    sample_omaha_matchups,
)

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

__all__ = ["CATEGORIES", "EXACT_WORK", "ClassEquity", "WhatWins", "WinsBy", "equity_by_class",
           "what_wins"]

#: The nine categories as ``what_wins(by='category')`` names them, best first.
CATEGORIES = tuple(c.label.lower() for c in reversed(HandCategory))
#: ``what_wins`` enumerates exactly when boards x (combos + matchups) is at most this.
EXACT_WORK = 400_000_000
#: A sampled ``what_wins`` evaluates about this many (boards x (combos + matchups)) by default.
SAMPLE_WORK = 100_000_000
# Omaha preflop with too many matchups to list: the boards each sampled matchup meets (as
# many as the matchups under SAMPLE_WORK, so neither sample dominates the error).
_PREFLOP_SAMPLE_BOARDS = 10_000
# Omaha's sample of boards (listed matchups) has at least this many boards; more matchups than
# fit on them sample the matchups instead.
_MIN_SAMPLE_BOARDS = 1000
#: What ``what_wins`` sorts final hands by: their category, or ``range_hits``' made classes.
WinsBy: TypeAlias = Literal["category", "made"]
_Progress: TypeAlias = Callable[[int, int], object]
_CLASS_OF_RANK = CATEGORY_OF_RANK.astype(np.int64)
PROGRESS_BATCHES = 20


def _check_player(player: object, n: int) -> int:
    if isinstance(player, bool) or not isinstance(player, (int, np.integer)) \
            or not 0 <= player < n:
        raise ValueError(f"player must be 0..{n - 1}, not {player!r}")
    return int(player)


# ---------------------------------------------------------------------------- by class
@dataclass(frozen=True)
class ClassEquity:
    """One player's range on a board, class by class; made by ``equity_by_class``.

    Attributes
    ----------
    players : tuple of str
        The players, as given.
    player : int
        Whose range (0-based).
    board : numpy.ndarray of uint8
        The board (3 to 5 cards).
    classes : tuple of str
        ``MADE`` (best first), then ``DRAWS`` of ``pokerkeys.analysis.hits``; Omaha:
        ``OMAHA_MADE`` then ``OMAHA_DRAWS`` of ``pokerkeys.analysis.omaha_hits``.
    combos : numpy.ndarray of int64
        Per class, how many combos of the range fall in it.
    weight : numpy.ndarray of float64
        Per class, those combos' weights in the range summed.
    share : numpy.ndarray of float64
        Per class, its probability given the other players' hands (card removal counted);
        the made-hand classes' shares sum to 1.
    equity : numpy.ndarray of float64
        Per class, the range's equity when it holds a combo of the class (NaN for an empty
        class).
    total : float
        The range's equity: ``share[:n_made] @ equity[:n_made]`` over the non-empty made
        classes.
    exact : bool
        Whether the equities were enumerated (False: Monte Carlo).
    hands : numpy.ndarray of uint8, shape (N, 2) or (N, H)
        The range's combos (Omaha: hands of H cards), as the per-combo table holds them.
    made : numpy.ndarray of int64, shape (N,)
        Each combo's made-hand class, an index into ``classes``.
    draws : numpy.ndarray of int64, shape (N,)
        Each combo's draws, bit k for the draw ``classes[n_made + k]``.
    n_made : int
        How many of ``classes`` are made-hand classes (the rest are draws).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> classes = pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c")
    >>> print(classes)
    QQ+,AK on Jh 9h 2c: equity 42.09% against JJ-99,AQs
    made hand                      combos   weight    share   equity
    overpair                           18       18   52.38%   55.17%
    ace high                           16       16   47.62%   27.69%
    draw                           combos   weight    share   equity
    flush draw                          1        1    2.98%   49.10%
    nut flush draw                      1        1    2.98%   49.10%
    two overcards                      16       16   47.62%   27.69%
    backdoor flush draw                16       16   47.02%   44.48%
    """

    players: tuple[str, ...]
    player: int
    board: CardArray
    classes: tuple[str, ...]
    combos: IntArray
    weight: FloatArray
    share: FloatArray
    equity: FloatArray
    total: float
    exact: bool
    hands: CardArray
    made: IntArray
    draws: IntArray
    n_made: int = len(MADE)

    def _index(self, name: str) -> int:
        if name not in self.classes:
            raise KeyError(f"unknown class {name!r}: choose one of {', '.join(self.classes)}")
        return self.classes.index(name)

    def row(self, name: str) -> dict[str, Any]:
        """One class as a dict (a row of ``records()``).

        Parameters
        ----------
        name : str
            A made-hand class (``MADE``) or a draw (``DRAWS``).

        Returns
        -------
        dict
            ``class``, ``kind`` ('made' or 'draw'), ``combos``, ``weight``, ``share`` and
            ``equity`` (None for an empty class).

        Raises
        ------
        KeyError
            If ``name`` is not a class.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c").row("set")
        {'class': 'set', 'kind': 'made', 'combos': 0, 'weight': 0.0, 'share': 0.0, 'equity': None}
        """
        k = self._index(name)
        value = float(self.equity[k])
        return {"class": name, "kind": "made" if k < self.n_made else "draw",
                "combos": int(self.combos[k]), "weight": float(self.weight[k]),
                "share": float(self.share[k]), "equity": None if value != value else value}

    def records(self, empty: bool = False) -> list[dict[str, Any]]:
        """Every class as a dict (``row``), made hands first, then draws.

        Parameters
        ----------
        empty : bool, default False
            Also list the classes no combo of the range falls in.

        Returns
        -------
        list of dict
            Ready for JSON or CSV.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> rows = pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c").records()
        >>> [r["class"] for r in rows if r["kind"] == "made"]
        ['overpair', 'ace high']
        """
        return [self.row(name) for k, name in enumerate(self.classes)
                if empty or self.combos[k] > 0]

    def combos_in(self, name: str) -> list[str]:
        """The range's combos in a class, as text.

        Parameters
        ----------
        name : str
            A made-hand class or a draw.

        Returns
        -------
        list of str
            Such as ``'KsKd'``, in the range's order.

        Raises
        ------
        KeyError
            If ``name`` is not a class.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c").combos_in("nut flush draw")
        ['AhKh']
        """
        k = self._index(name)
        n = self.n_made
        chosen = self.made == k if k < n else (self.draws >> (k - n)) & 1 == 1
        return [format_cards(row, sep="") for row in self.hands[chosen]]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``players``, ``player``, ``board``, ``equity`` (the range's),
        ``exact`` and ``classes`` (``records()``).

        Returns
        -------
        dict
            Ready for JSON.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> data = pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c").to_dict()
        >>> data["board"], round(data["equity"], 4), len(data["classes"])
        ('Jh 9h 2c', 0.4209, 6)
        """
        return {"players": list(self.players), "player": self.player,
                "board": format_cards(self.board), "equity": self.total, "exact": self.exact,
                "classes": self.records()}

    def to_frame(self) -> pd.DataFrame:
        """The classes as a pandas DataFrame (the columns of ``records()``).

        Returns
        -------
        pandas.DataFrame
            One row per class the range has.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.equity_by_class(["QQ+,AK", "JJ-99,AQs"], "Jh9h2c").to_frame().shape
        (6, 6)
        """
        return to_frame(self.records())

    def __str__(self) -> str:
        others = ", ".join(p for i, p in enumerate(self.players) if i != self.player)
        lines = [f"{self.players[self.player]} on {format_cards(self.board)}: equity "
                 f"{100 * self.total:.2f}% against {others}"]
        for kind, names in (("made hand", self.classes[:self.n_made]),
                            ("draw", self.classes[self.n_made:])):
            lines.append(f"{kind:<28} {'combos':>8} {'weight':>8} {'share':>8} {'equity':>8}")
            for name in names:
                k = self.classes.index(name)
                if self.combos[k] == 0:
                    continue
                lines.append(f"{name:<28} {self.combos[k]:8d} {self.weight[k]:8.4g} "
                             f"{100 * self.share[k]:7.2f}% {100 * self.equity[k]:7.2f}%")
        return "\n".join(lines)


def equity_by_class(hands: Iterable[PlayerSpec], board: CardsLike,
                    dead: CardsLike | None = None, *, player: int = 0,
                    exact: bool | None = None, trials: int | None = None,
                    seed: SeedLike = None, threads: Threads = None,
                    progress: Progress | None = None, game: ViewGame = "holdem") -> ClassEquity:
    """One player's range on a board split by made-hand class and draw, with each class's
    equity against the other players.

    Parameters
    ----------
    hands : iterable of str, cards or Range
        2 to 6 players, as for ``pk.equity``; ``hands[player]`` is a range (or ``'random'``,
        ``'Ah??'``).
    board : str, sequence of cards or array of card ids
        3, 4 or 5 board cards.
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    player : int, default 0
        Whose range (0-based).
    exact, trials, seed, threads, progress
        As for ``pk.equity`` (heads-up the equities are exact however wide the ranges);
        ``progress`` may raise to stop the work.
    game : {'holdem', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        The game. Omaha (4, 5 or 6 hole cards): the players as for ``pk.omaha_equity``,
        each hand's equity from ``pk.omaha_equity(..., per_combo=...)`` (exact where it
        enumerates, else Monte Carlo with its stop rules), the classes those of
        ``pk.omaha_range_hits`` (made hands, then flush draws, wraps and straight draws).

    Returns
    -------
    ClassEquity
        Per class: combos, weight, probability and equity.

    Raises
    ------
    ValueError
        If the board is not 3 to 5 cards, ``player`` is not 0 to P - 1 or is a single hand,
        there are fewer than 2 or more than 6 players, a range is empty once the board and
        dead cards are out, ``game`` is not one of its values, or anything ``pk.equity``
        (Omaha: ``pk.omaha_equity``, such as a hand of the wrong size) refuses.
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> classes = pk.equity_by_class(["AhKh", "QQ+,JJ,AK"], "Jh9h2c", player=1)
    >>> [(r["class"], r["combos"], round(r["equity"], 4)) for r in classes.records()][:3]
    [('set', 3, 0.7444), ('overpair', 12, 0.528), ('ace high', 9, 0.3207)]
    >>> pk.equity_by_class(["AhKh", "QQ"], "Jh9h")
    Traceback (most recent call last):
    ...
    ValueError: equity_by_class needs a flop, a turn or a river, not 2 cards (Jh 9h)

    Omaha:

    >>> classes = pk.equity_by_class(["AsKsQdJd", "AA:$ds, JT98"], "Ts9s2d", player=1,
    ...                              game="omaha")
    >>> [(r["class"], r["combos"], round(r["equity"], 4)) for r in classes.records()][:3]
    [('set', 7, 0.4986), ('two pair', 122, 0.3995), ('overpair', 339, 0.3044)]
    """
    players = check_players(hands, "equity_by_class")
    n_hole = hole_cards_of(game, "equity_by_class")
    check_board(board, (3, 4, 5), "equity_by_class", "a flop, a turn or a river")
    if n_hole:
        return _omaha_by_class(players, board, dead, player, n_hole, exact, trials, seed,
                               threads, progress)
    setup = prepare(players, board, dead)
    player = _check_player(player, len(players))
    if setup.players[player].kind == "hand":
        raise ValueError(f"equity_by_class: player {player + 1} "
                         f"({setup.players[player].label!r}) is a single hand, not a range")
    result = equity(players, board, dead, exact=exact, trials=trials, seed=seed,
                    threads=threads, progress=progress, per_combo=[player])
    table = result.combo_tables[player] if result.combo_tables is not None else None
    if table is None:  # per_combo=[player] keeps this player's table
        raise AssertionError("equity kept no per-combo table")
    cards = np.ascontiguousarray(table.combos, dtype=np.uint8)
    made = np.empty(len(cards), dtype=np.int64)
    draws = np.empty(len(cards), dtype=np.int64)
    _hits.classify(cards, np.ascontiguousarray(setup.board, np.uint8), made, draws)
    members = np.zeros((len(MADE) + len(DRAWS), len(cards)), dtype=bool)
    members[made, np.arange(len(cards))] = True
    for k in range(len(DRAWS)):
        members[len(MADE) + k] = (draws >> k) & 1 == 1
    share = members @ table.share
    with np.errstate(invalid="ignore", divide="ignore"):
        class_equity = np.where(share > 0, members @ (table.share * table.equity) / share,
                                np.nan)
    return ClassEquity(tuple(result.players), player, setup.board, MADE + DRAWS,
                       members.sum(axis=1).astype(np.int64), members @ table.weight, share,
                       class_equity, float(result.equity[player]), result.exact, cards, made,
                       draws)


def _omaha_by_class(players: list[PlayerSpec], board: CardsLike, dead: CardsLike | None,
                    player: int, n_hole: int, exact: bool | None, trials: int | None,
                    seed: SeedLike, threads: Threads, progress: Progress | None) -> ClassEquity:
    from ..equity.omaha import omaha_equity, omaha_players
    from ..equity.omaha_ranges import OmahaRange
    from .omaha_hits import OMAHA_DRAWS, OMAHA_MADE, omaha_range_hits

    setup = omaha_players(players, board, dead, n_hole)
    player = _check_player(player, len(players))
    if setup.players[player].kind == "hand":
        raise ValueError(f"equity_by_class: player {player + 1} "
                         f"({setup.players[player].label!r}) is a single hand, not a range")
    result = omaha_equity(players, board, dead, hole_cards=n_hole, exact=exact, trials=trials,
                          seed=seed, threads=threads, progress=progress, per_combo=[player])
    table = result.combo_tables[player] if result.combo_tables is not None else None
    if table is None:  # per_combo=[player] keeps this player's table
        raise AssertionError("omaha_equity kept no per-combo table")
    cards = np.ascontiguousarray(table.combos, dtype=np.uint8)
    hits = omaha_range_hits(OmahaRange("", n_hole, cards, np.ones(len(cards))), setup.board)
    row_of = {format_cards(row, sep=""): i for i, row in enumerate(cards)}
    classes = OMAHA_MADE + OMAHA_DRAWS
    members = np.zeros((len(classes), len(cards)), dtype=bool)
    for k, name in enumerate(classes):
        members[k, [row_of[h] for h in hits.combos_in(name)]] = True
    made = np.argmax(members[:len(OMAHA_MADE)], axis=0).astype(np.int64)
    draws = (members[len(OMAHA_MADE):].astype(np.int64)
             << np.arange(len(OMAHA_DRAWS))[:, None]).sum(axis=0)
    share = members @ table.share
    with np.errstate(invalid="ignore", divide="ignore"):
        class_equity = np.where(share > 0, members @ (table.share * table.equity) / share,
                                np.nan)
    return ClassEquity(tuple(result.players), player, setup.board, classes,
                       members.sum(axis=1).astype(np.int64), members @ table.weight, share,
                       class_equity, float(result.equity[player]), result.exact, cards, made,
                       draws, len(OMAHA_MADE))


# ---------------------------------------------------------------------------- what wins
@dataclass(frozen=True)
class WhatWins:
    """Per player, the final hands it holds and the pot it wins with each; by ``what_wins``.

    Attributes
    ----------
    players : tuple of str
        The players, as given.
    board : numpy.ndarray of uint8
        The known board (0, 3 or 4 cards).
    by : {'category', 'made'}
        What a class is: a category (``CATEGORIES``) or a made-hand class (``MADE``).
    classes : tuple of str
        The classes, best first.
    won : numpy.ndarray of float64, shape (P, K)
        ``won[p, k]``: the share of the pot player p wins holding class k, over every
        showdown; a row sums to the player's equity.
    held : numpy.ndarray of float64, shape (P, K)
        ``held[p, k]``: the probability that player p ends with class k; a row sums to 1.
    exact : bool
        True when every board was enumerated, False for a sample of boards.
    boards : int
        Complete boards evaluated (one per suit-symmetry class when exact).
    elapsed : float
        Seconds the calculation took (compiling kernels not counted).
    samples : int
        Omaha with more matchups than can be listed: the matchups sampled (each on every
        board to come on a flop or a turn, on the sampled boards preflop); 0 when every
        matchup counted.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> wins = pk.what_wins(["AA", "KK"])
    >>> print(wins)  # doctest: +ELLIPSIS
    exact over 134,459 boards: AA vs KK
    player 1 (AA): equity 81.95%
    class                            held      won  won if held
    straight flush                  0.01%    0.01%       89.51%
    four of a kind                  0.91%    0.91%       99.92%
    ...
    """

    players: tuple[str, ...]
    board: CardArray
    by: WinsBy
    classes: tuple[str, ...]
    won: FloatArray
    held: FloatArray
    exact: bool
    boards: int
    elapsed: float = 0.0
    samples: int = 0

    @property
    def equity(self) -> FloatArray:
        """(P,): each player's equity, ``won.sum(axis=1)``."""
        return self.won.sum(axis=1)

    @property
    def won_if_held(self) -> FloatArray:
        """(P, K): the pot share a player wins when it holds the class (NaN if it never does)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.held > 0, self.won / self.held, np.nan)

    def records(self) -> list[dict[str, Any]]:
        """One dict per player and class the player can hold: ``player`` (1-based),
        ``label``, ``class``, ``held``, ``won`` and ``won_if_held``.

        Returns
        -------
        list of dict
            Ready for JSON or CSV, player by player, classes best first.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> row = pk.what_wins(["AA", "KK"]).records()[-1]
        >>> row["label"], row["class"], round(row["held"], 4), round(row["won"], 4)
        ('KK', 'pair', 0.3524, 0.0)
        """
        ratio = self.won_if_held
        return [{"player": p + 1, "label": label, "class": name,
                 "held": float(self.held[p, k]), "won": float(self.won[p, k]),
                 "won_if_held": float(ratio[p, k])}
                for p, label in enumerate(self.players)
                for k, name in enumerate(self.classes) if self.held[p, k] > 0]

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``players``, ``board``, ``by``, ``exact``, ``boards``, ``samples``,
        ``equity`` and ``rows`` (``records()``).

        Returns
        -------
        dict
            Ready for JSON.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> data = pk.what_wins(["AA", "KK"]).to_dict()
        >>> data["by"], data["exact"], [round(e, 4) for e in data["equity"]]
        ('category', True, [0.8195, 0.1805])
        """
        return {"players": list(self.players), "board": format_cards(self.board),
                "by": self.by, "exact": self.exact, "boards": self.boards,
                "samples": self.samples, "equity": self.equity.tolist(), "rows": self.records()}

    def to_frame(self) -> pd.DataFrame:
        """The rows of ``records()`` as a pandas DataFrame.

        Returns
        -------
        pandas.DataFrame
            One row per player and class held.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.what_wins(["AA", "KK"]).to_frame().columns.tolist()
        ['player', 'label', 'class', 'held', 'won', 'won_if_held']
        """
        return to_frame(self.records())

    def __str__(self) -> str:
        if self.exact:
            how = f"exact over {self.boards:,} boards"
        elif self.samples:
            how = (f"{self.samples:,} sampled matchups, each on "
                   + (f"all {self.boards:,} boards" if len(self.board)
                      else f"{self.boards:,} sampled boards"))
        else:
            how = f"{self.boards:,} sampled boards"
        where = f" on {format_cards(self.board)}" if len(self.board) else ""
        lines = [f"{how}{where}: {' vs '.join(self.players)}"]
        ratio = self.won_if_held
        for p, label in enumerate(self.players):
            lines.append(f"player {p + 1} ({label}): equity {100 * self.equity[p]:.2f}%")
            lines.append(f"{'class':<28} {'held':>8} {'won':>8} {'won if held':>12}")
            for k, name in enumerate(self.classes):
                if self.held[p, k] > 0:
                    lines.append(f"{name:<28} {100 * self.held[p, k]:7.2f}% "
                                 f"{100 * self.won[p, k]:7.2f}% {100 * ratio[p, k]:11.2f}%")
        return "\n".join(lines)


def _sample_boards(deck: CardArray, n: int, k: int,
                   seeds: np.random.SeedSequence) -> CardArray:
    """n completions of k cards drawn from the deck, each uniformly and independently (a row
    is the first k cards of a shuffled deck)."""
    rng = np.random.default_rng(seeds)
    return np.ascontiguousarray(rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :k])


def _symmetric_maps(setup: Setup) -> CardArray:
    """The suit permutations that fix the board, the dead cards and every player's weighted
    combos (identity first): boards they map onto each other win alike."""
    dense = []
    for combos, w in zip(setup.combo_lists, setup.weight_lists, strict=True):
        d = np.zeros(N_COMBOS)
        d[COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]]] = w
        dense.append((combos, w, d))
    keep = [card_map for card_map in stabilizer(setup.board, setup.dead)
            if all(np.array_equal(d[COMBO_INDEX_TABLE[card_map[c][:, 0], card_map[c][:, 1]]], w)
                   for c, w, d in dense)]
    return np.ascontiguousarray(keep, dtype=np.uint8)


def what_wins(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
              dead: CardsLike | None = None, *, by: WinsBy = "category",
              exact: bool | None = None, samples: int | None = None, seed: SeedLike = None,
              threads: Threads = None, progress: _Progress | None = None,
              game: ViewGame = "holdem") -> WhatWins:
    """For each player, how often it ends with each class of hand and the pot it wins with it.

    Parameters
    ----------
    hands : iterable of str, cards or Range
        2 to 6 players, as for ``pk.equity`` (hands, partial hands, ``'random'``, ranges).
    board : str, sequence of cards or array of card ids, optional
        None (preflop), a flop or a turn.
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    by : {'category', 'made'}, default 'category'
        Classes of final hands: the nine categories (``CATEGORIES``), or the made-hand
        classes of ``range_hits`` on the final board (``MADE``: overpair, set, top pair...).
    exact : bool, optional
        True: enumerate every board (up to suit symmetry); False: a sample of boards; None:
        enumerate when boards x (combos + matchups) is at most ``EXACT_WORK``.
    samples : int, optional
        Boards to sample when not exact (default: about ``SAMPLE_WORK`` of work, 1,000 to
        200,000 boards).
    seed : int or sequence of int, optional
        The sample's seed (the same seed, the same result).
    threads : int, optional
        Kernel threads; the result does not depend on it.
    progress : callable, optional
        Called as ``progress(done, total)`` with the boards evaluated; may raise to stop.
    game : {'holdem', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        The game. Omaha (4, 5 or 6 hole cards): the players as for ``pk.omaha_equity``;
        ``by='category'`` only (the final Omaha hand's category); exact over every board
        when the boards x matchups are at most ``runouts.OMAHA_MAX_SHOWDOWNS_MULTIWAY``
        (each hand ranked once per board, every matchup settled, in a kernel), else over
        a seeded sample of boards (no suit symmetry), or, with more matchups than
        ``runouts.OMAHA_MAX_MATCHUPS`` (a hand against two random players), a seeded sample
        of ``samples`` matchups (default about ``SAMPLE_WORK`` of work), each on every board
        to come on a flop or a turn, and on the same 10,000 sampled boards preflop.

    Returns
    -------
    WhatWins
        ``won`` and ``held`` per player and class.

    Raises
    ------
    ValueError
        If the board has 5 cards (or 1 or 2), ``by`` is unknown, ``samples`` is not a
        positive integer, there are fewer than 2 or more than 6 players, a range is empty once
        the board and dead cards are out, no matchup is possible, or there are more matchups
        than exact equity takes (``pokerkeys.equity.matchups.EXACT_MAX_MATCHUPS``); Omaha:
        a hand of the wrong size for the game, ``by='made'``, or more matchups than the
        sample of boards can compare; ``game`` not one of its values.
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> wins = pk.what_wins(["AA", "KK"], by="made")
    >>> k = wins.classes.index("set")
    >>> round(wins.held[1, k], 4), round(wins.won[1, k], 4), round(wins.won_if_held[1, k], 4)
    (np.float64(0.1215), np.float64(0.0924), np.float64(0.761))
    >>> pk.what_wins(["QQ+,AKs", "JJ-88,AQs+"], exact=False, samples=2000, seed=1).exact
    False

    Omaha, by the final hand's category:

    >>> wins = pk.what_wins(["AsKsQdJd", "AhAcKhKc"], "Ts9s2d", game="omaha")
    >>> k = wins.classes.index("flush")
    >>> wins.exact, round(float(wins.won[0, k]), 4), wins.equity.round(4).tolist()
    (True, 0.439, [0.678, 0.322])
    """
    start = _jit.compute_clock()
    players = check_players(hands, "what_wins")
    n_hole = hole_cards_of(game, "what_wins")
    if by not in ("category", "made"):
        raise ValueError(f"by must be 'category' or 'made', not {by!r}")
    if samples is not None and (isinstance(samples, bool) or not isinstance(
            samples, (int, np.integer)) or samples < 1):
        raise ValueError(f"samples must be a positive integer, not {samples!r}")
    check_board(board, (0, 3, 4), "what_wins", "no board, a flop or a turn")
    if n_hole:
        return _omaha_what_wins(players, board, dead, by, n_hole, exact, samples, seed,
                                threads, progress, start)
    setup = prepare(players, board, dead)
    combos, rows, weights = matchup_rows(setup.combo_lists, setup.weight_lists, "what_wins")
    blocked = setup.excluded
    for p in setup.players:
        for c in p.known:
            blocked |= 1 << c
    deck = np.array([c for c in range(52) if not (blocked >> c) & 1], dtype=np.uint8)
    k = setup.n_missing
    maps = _symmetric_maps(setup)
    per_board = len(combos) + len(rows)
    if exact is None:
        exact = comb(len(deck), k) / len(maps) * per_board <= EXACT_WORK
    if exact:
        completions, multiplicity = canonical_boards(deck, k, maps)
        board_weights = multiplicity.astype(np.float64)
    else:
        n = int(samples) if samples is not None else int(
            np.clip(SAMPLE_WORK // per_board, 1000, 200_000))
        completions = _sample_boards(deck, n, k, np.random.SeedSequence(seed))
        board_weights = np.ones(n)
    full = np.ascontiguousarray(np.concatenate(
        [np.broadcast_to(setup.board, (len(completions), len(setup.board))), completions],
        axis=1), dtype=np.uint8)
    full.setflags(write=False)
    n_boards = len(full)
    out = np.zeros((CHUNKS, len(players), 2, _ww.N_CLASSES))
    # The same batches with or without progress: the sums run in one order either way.
    bounds = np.linspace(0, n_boards, PROGRESS_BATCHES + 1).round()
    with _jit.threads(threads):
        for lo, hi in zip(bounds[:-1].astype(int), bounds[1:].astype(int), strict=True):
            starts = lo + np.linspace(0, hi - lo, CHUNKS + 1).round().astype(np.int64)
            _jit.run_chunks(_ww.class_wins_chunks, CHUNKS, None, out, combos, rows, weights,
                            full, board_weights, starts, by == "made", _CLASS_OF_RANK,
                            *kernel_args(7))
            if progress is not None:
                progress(int(hi), n_boards)
    totals = out.sum(axis=0)  # (P, 2, N_CLASSES), summed in chunk order: thread-independent
    showdowns = totals[0, 1].sum()
    if showdowns == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    # Columns best first: categories 9..1 of the rank table, or MADE's own order.
    columns = list(range(len(MADE))) if by == "made" else list(range(9, 0, -1))
    return WhatWins(tuple(setup.labels), setup.board, by,
                    MADE if by == "made" else CATEGORIES,
                    totals[:, 0, columns] / showdowns, totals[:, 1, columns] / showdowns,
                    bool(exact), n_boards, _jit.compute_clock() - start)


def _omaha_what_wins(players: list[PlayerSpec], board: CardsLike | None,
                     dead: CardsLike | None, by: WinsBy, n_hole: int, exact: bool | None,
                     samples: int | None, seed: SeedLike, threads: Threads,
                     progress: _Progress | None, start: float) -> WhatWins:
    """``what_wins`` for Omaha: every matchup ranked on every board (or a sample of boards)."""
    from ..equity.omaha import as_ranges, omaha_players, range_matchups

    if by != "category":
        raise ValueError("what_wins by='made' reads hold'em's made-hand classes; Omaha takes "
                         "by='category'")
    setup = omaha_players(players, board, dead, n_hole)
    ranges = as_ranges(setup, [])
    deck = setup.free
    k = 5 - len(setup.board)
    built = range_matchups(ranges, OMAHA_MAX_MATCHUPS)
    n_matchups = len(built[0]) if built is not None else OMAHA_MAX_SHOWDOWNS_MULTIWAY + 1
    if exact is None:
        exact = comb(len(deck), k) * n_matchups <= OMAHA_MAX_SHOWDOWNS_MULTIWAY
    def every_board() -> CardArray:
        return np.array(list(combinations(deck.tolist(), k)), dtype=np.uint8).reshape(-1, k)

    sampled_matchups = 0
    if not exact and (built is None
                      or n_matchups * _MIN_SAMPLE_BOARDS > OMAHA_MAX_SHOWDOWNS_MULTIWAY):
        # Too many matchups to list, or to settle on a sample of boards: a sample of them,
        # each settled on every board to come (a flop or a turn), or preflop on one sample of
        # boards shared by all of them (drawn apart from the matchups: each matchup meets the
        # boards that miss its cards, a uniform sample of its own boards).
        if k <= 2:
            completions = every_board()
        else:
            completions = _sample_boards(deck, _PREFLOP_SAMPLE_BOARDS, k,
                                         np.random.SeedSequence(seed).spawn(2)[1])
        n = int(samples) if samples is not None else int(
            np.clip(SAMPLE_WORK // len(completions), 1000, 200_000))
        matchups = sample_omaha_matchups(ranges, n, seed)
        sampled_matchups = n
    else:
        if exact:
            completions = every_board()
        else:
            n = int(samples) if samples is not None else int(
                np.clip(SAMPLE_WORK // max(n_matchups, 1), _MIN_SAMPLE_BOARDS, 200_000))
            completions = _sample_boards(deck, n, k, np.random.SeedSequence(seed))
        matchups = omaha_matchups(ranges, len(completions), OMAHA_MAX_SHOWDOWNS_MULTIWAY,
                                  "what_wins", "give narrower ranges, more board cards or "
                                  "exact=False (a sample)")
    totals = matchups.class_wins(setup.board, completions, _CLASS_OF_RANK, threads, progress)
    won, held = totals[:, 0], totals[:, 1]
    showdowns = held[0].sum()
    if showdowns == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    columns = list(range(9, 0, -1))
    return WhatWins(tuple(setup.labels), setup.board, "category", CATEGORIES,
                    won[:, columns] / showdowns, held[:, columns] / showdowns, bool(exact),
                    len(completions), _jit.compute_clock() - start, sampled_matchups)
