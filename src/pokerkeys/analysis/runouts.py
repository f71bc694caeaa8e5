"""``runouts``: 2-6 players' exact equity after each turn (on a flop) or river (on a turn).

For every card that can come next, each player's equity once it is dealt (over every river,
on a flop), the card's probability given the ranges, what it does (the leader changes, a
player's equity moves by more than a threshold) and what kind of card it is (its rank and
suit, whether it pairs the board, makes a flush or a straight possible). On a flop the report
also holds the grid of every turn and river pair. Aggregates by card class (``by_class``) say,
for instance, how a player fares when a flush card comes.

Every complete board is evaluated once: heads-up by the range sweep of ``_kernels.sweep``
(each combo evaluated once per board, card removal exact, however wide the ranges), with more
players by ranking every combo once per board and comparing every matchup
(``_kernels.board_matchups``). Omaha (``game='omaha'``, ``'omaha5'``, ``'omaha6'``) ranks
every hand of every player once per board and settles every matchup there
(``_kernels.omaha_runouts``, through ``OmahaMatchups``, which ``what_wins`` and the flop
report use too): exact up to ``OMAHA_MAX_SHOWDOWNS`` matchups x boards heads-up
(``OMAHA_MAX_SHOWDOWNS_MULTIWAY`` with more players), beyond that a seeded sample of
matchups with standard errors. A card's weight is its probability given the ranges, card
removal included: the weight of the matchups it leaves possible (each has the same number of
rivers). The weights sum to 1 and the weighted sum of a player's equities after each card is
its equity now (tested against a brute force).

>>> import pokerkeys as pk
>>> report = pk.runouts(["AhKh", "QQ"], "Jh9h2c")
>>> len(report), report.equity_now.round(4).tolist()
(47, [0.5227, 0.4773])
>>> best = report.sort("equity", player=0)
>>> best.names[:3], best.equity[:3, 0].round(4).tolist()
(['7h', '6h', '5h'], [1.0, 1.0, 1.0])
"""
from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import board_matchups as _bm
from .._kernels import sweep as _sw
from ..core.cards import RANK_CHARS, SUIT_CHARS, format_card, format_cards, parse_cards
from ..core.classes import COMBO_INDEX_TABLE, N_COMBOS
from ..core.evaluate import kernel_args
from ..core.types import (
    BoolArray,
    CardArray,
    CardsLike,
    FloatArray,
    IntArray,
    SeedLike,
    Threads,
)
from ..equity.matchups import matchup_rows
from ..equity.per_combo import ONE_THREAD_BELOW
from ..equity.ranges import Range
from ..equity.setup import PlayerSpec, Setup, prepare
from .report_table import csv_text, json_number, to_frame

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

__all__ = ["MAX_PLAYERS", "OMAHA_MAX_MATCHUPS", "OMAHA_MAX_SHOWDOWNS",
           "OMAHA_MAX_SHOWDOWNS_MULTIWAY", "OmahaMatchups",
           "RunoutGrid", "RunoutSort", "Runouts", "ViewGame", "board_counts", "check_board",
           "check_players", "hole_cards_of", "mask_outcomes", "omaha_board_counts",
           "omaha_hand_tables", "omaha_matchups", "runouts", "sample_omaha_matchups"]

#: Most players a runout report (and the other reports of ``pokerkeys.analysis``) takes.
MAX_PLAYERS = 6
#: What ``Runouts.sort`` sorts by: a player's equity, win, tie or equity change, the card's
#: weight, or the card itself (its id: aces first, spades before hearts, diamonds, clubs).
RunoutSort: TypeAlias = Literal["equity", "win", "tie", "delta", "weight", "card"]
#: The games the range-analysis reports take: hold'em, and Omaha with 4, 5 or 6 hole cards.
ViewGame: TypeAlias = Literal["holdem", "omaha", "omaha5", "omaha6"]
_HOLE_CARDS = {"holdem": 0, "omaha": 4, "omaha5": 5, "omaha6": 6}
#: Omaha runouts of two players settle at most this many showdowns (matchups x boards)
#: exactly by default: 2 to 7 s on 2 cores shared with other work (2 to 7 ns a showdown).
OMAHA_MAX_SHOWDOWNS = 1_000_000_000
#: The same for 3 or more players, and for ``what_wins``: their kernels settle a showdown
#: about 4 times slower (every player's rank, not two, decides the winners): 4 to 6 s.
OMAHA_MAX_SHOWDOWNS_MULTIWAY = 500_000_000
#: Omaha matchups kept in memory at most (their list costs about 50 bytes each to build).
OMAHA_MAX_MATCHUPS = 4_000_000
#: Omaha runouts beyond ``max_showdowns`` sample matchups: about this much work by default
#: (hands ranked + matchups settled, over every board; about 1 s on 2 shared cores).
OMAHA_SAMPLE_WORK = 200_000_000
#: Groups of sampled matchups (each its own seed): their spread gives the standard errors.
SAMPLE_GROUPS = 32
MAX_EMPTY_DRAWS = 1_000_000  # draws without a matchup that fits before giving up
_Progress: TypeAlias = Callable[[int, int], object]
#: 52-bit card masks, one per hand.
_MaskArray: TypeAlias = npt.NDArray[np.uint64]
CHUNKS = 32  # chunks of boards per kernel call, fixed: results do not depend on threads
PROGRESS_BATCHES = 20
MAX_BATCH_BOARDS = 50_000  # boards per kernel call (memory of the per-board counts)
BATCH_WORK = 20_000_000  # Omaha: hands ranked + matchups settled per kernel call (~0.1 s)


# ---------------------------------------------------------------------------- shared helpers
def check_players(hands: Iterable[PlayerSpec], report: str) -> list[PlayerSpec]:
    """The players as a list, or a ValueError naming the report when there are not 2 to 6.

    Parameters
    ----------
    hands : iterable of str, cards or Range
        The players, as the reports take them.
    report : str
        The report's name, for the message.

    Returns
    -------
    list
        The players.

    Raises
    ------
    ValueError
        If there are fewer than 2 or more than ``MAX_PLAYERS`` players.
    TypeError
        If ``hands`` is one string or one ``Range`` rather than a list of players.

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import check_players
    >>> check_players(["AA", "KK"] * 4, "runouts")
    Traceback (most recent call last):
    ...
    ValueError: runouts takes 2 to 6 players, not 8
    """
    if isinstance(hands, (str, Range)):
        raise TypeError("hands is a list of players, e.g. ['AhKh', 'QsQd']")
    players = list(hands)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"{report} takes 2 to {MAX_PLAYERS} players, not {len(players)}")
    return players


def hole_cards_of(game: str, report: str) -> int:
    """Omaha's hole cards for a game name (0 for hold'em), or a ValueError naming the game.

    Parameters
    ----------
    game : str
        ``'holdem'``, ``'omaha'`` (4 hole cards), ``'omaha5'`` or ``'omaha6'``.
    report : str
        The report's name, for the message.

    Returns
    -------
    int
        0 for hold'em, else 4, 5 or 6.

    Raises
    ------
    ValueError
        If the game is another one (short deck, Omaha hi/lo: not in these reports yet).

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import hole_cards_of
    >>> hole_cards_of("omaha5", "runouts")
    5
    >>> hole_cards_of("shortdeck", "runouts")
    Traceback (most recent call last):
    ...
    ValueError: runouts takes game='holdem', 'omaha', 'omaha5' or 'omaha6', not 'shortdeck'
    """
    if not isinstance(game, str) or game not in _HOLE_CARDS:
        raise ValueError(f"{report} takes game='holdem', 'omaha', 'omaha5' or 'omaha6', "
                         f"not {game!r}")
    return _HOLE_CARDS[game]


def mask_outcomes(counts: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Equity, win and tie per player, and the showdowns faced, from winner-mask counts.

    Parameters
    ----------
    counts : numpy.ndarray of float64, shape (..., 2**P)
        Weighted showdowns by winner mask (bit p set when player p holds the best hand).

    Returns
    -------
    equity, win, tie : numpy.ndarray of float64, shape (..., P)
        Pot share, share of showdowns won alone, share split (NaN where nothing was faced).
    faced : numpy.ndarray of float64, shape (...)
        The showdowns counted.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.analysis.runouts import mask_outcomes
    >>> equity, win, tie, faced = mask_outcomes(np.array([0.0, 2.0, 1.0, 1.0]))
    >>> equity.tolist(), win.tolist(), tie.tolist(), float(faced)
    ([0.625, 0.375], [0.5, 0.25], [0.25, 0.25], 4.0)
    """
    n = counts.shape[-1].bit_length() - 1
    members = (np.arange(1 << n)[:, None] >> np.arange(n)) & 1
    size = members.sum(axis=1)
    pot = members / np.maximum(size, 1)[:, None]
    faced = counts.sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        scale = np.where(faced > 0, 1.0 / faced, np.nan)[..., None]
    return (counts @ pot * scale, counts @ (members * (size == 1)[:, None]) * scale,
            counts @ (members * (size > 1)[:, None]) * scale, faced)


def _batches(n_boards: int, progress: _Progress | None) -> list[tuple[int, int]]:
    n = max(PROGRESS_BATCHES if progress is not None else 1, -(-n_boards // MAX_BATCH_BOARDS))
    bounds = np.linspace(0, n_boards, n + 1).round().astype(np.int64)
    return [(int(lo), int(hi)) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)
            if hi > lo]


def _sweep_counts(setup: Setup, completions: CardArray, lo: int, hi: int,
                  tables: tuple[Any, ...]) -> FloatArray:
    """(hi - lo, 4) heads-up winner-mask weights of completions lo..hi by the range sweep."""
    ca, cb = setup.combo_lists
    dense = []
    for combos, w in zip(setup.combo_lists, setup.weight_lists, strict=True):
        index = COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]].astype(np.int64)
        full = np.zeros(N_COMBOS)
        full[index] = w
        dense.append((np.ascontiguousarray(w, np.float64), index, full))
    (wa, ia, da), (wb, ib, db) = dense
    card_keys, flush_keys = tables[0], tables[1]
    base_key = np.uint64(sum(int(card_keys[c]) for c in setup.board))
    base_flush = np.uint64(sum(int(flush_keys[c]) for c in setup.board))
    starts = np.linspace(0, hi - lo, CHUNKS + 1).round().astype(np.int64)
    _, _, totals = _sw.per_combo_sweep(ca, wa, ia, da, cb, wb, ib, db, base_key, base_flush,
                                       np.ascontiguousarray(completions[lo:hi]), starts,
                                       *tables)
    won, tied, faced = totals.T
    return np.stack([np.zeros(hi - lo), won, faced - won - tied, tied], axis=1)


def board_counts(setup: Setup, completions: CardArray, *, threads: Threads = None,
                 progress: _Progress | None = None) -> FloatArray:
    """Weighted showdowns by winner mask on each completion of the setup's board.

    Parameters
    ----------
    setup : Setup
        The problem (``pokerkeys.equity.setup.prepare``), 2 to 6 players.
    completions : numpy.ndarray of uint8, shape (B, 5 - board size)
        The missing board cards of each board, read-only (the kernels are compiled for it).
    threads : int, optional
        Kernel threads; the result does not depend on it.
    progress : callable, optional
        Called as ``progress(done, total)`` with the boards evaluated so far; an exception it
        raises stops the work and propagates (how a caller cancels).

    Returns
    -------
    numpy.ndarray of float64, shape (B, 2**P)
        Per board, the weight of the matchups won by exactly the players of each bit mask
        (matchups that share a card with the board count nowhere).

    Raises
    ------
    ValueError
        If no matchup is possible or there are too many for exact enumeration (3+ players).

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.equity.setup import prepare
    >>> from pokerkeys.analysis.runouts import board_counts
    >>> rivers = np.array([[0], [48]], dtype=np.uint8)  # 2c, Ac
    >>> rivers.setflags(write=False)
    >>> board_counts(prepare(["AhAd", "KK"], "Kd7h2s3c"), rivers).tolist()
    [[0.0, 0.0, 3.0, 0.0], [0.0, 3.0, 0.0, 0.0]]
    """
    tables = kernel_args(7)
    n_boards = len(completions)
    counts = np.zeros((n_boards, 1 << len(setup.players)))
    heads_up = len(setup.players) == 2
    if not heads_up:
        combos, rows, weights = matchup_rows(setup.combo_lists, setup.weight_lists,
                                               "runouts with 3 or more players")
        known = np.broadcast_to(setup.board, (n_boards, len(setup.board)))
        full = np.ascontiguousarray(np.concatenate([known, completions], axis=1), np.uint8)
        full.setflags(write=False)
        work = n_boards * (len(combos) + len(rows))
    else:
        work = n_boards * sum(len(c) for c in setup.combo_lists)
    small = work < ONE_THREAD_BELOW
    # The outer block checks `threads` even when the inner one runs on one thread.
    with _jit.threads(threads), _jit.threads(1 if small else threads):
        for lo, hi in _batches(n_boards, progress):
            if heads_up:
                counts[lo:hi] = _sweep_counts(setup, completions, lo, hi, tables)
            else:
                starts = np.linspace(0, hi - lo, CHUNKS + 1).round().astype(np.int64)
                counts[lo:hi] = _bm.board_mask_counts(combos, rows, weights, full[lo:hi],
                                                      starts, *tables)
            if progress is not None:
                progress(hi, n_boards)
    return counts


# ---------------------------------------------------------------------------- card classes
def _straight_cards(board: CardArray, cards: CardArray) -> BoolArray:
    """Cards that make a straight possible with fewer hole cards than before: a card of a rank
    not on the board that brings some five-rank window (the ace also low) to three or more of
    its ranks on the board, so that two hole cards (or fewer) complete it."""
    board_mask = 0
    for c in board.tolist():
        board_mask |= 1 << (c >> 2)

    def spread(mask: int) -> int:  # bit r + 1 for rank r, and bit 0 for the ace playing low
        return (mask << 1) | ((mask >> 12) & 1)

    out = np.zeros(len(cards), dtype=bool)
    for i, c in enumerate(cards.tolist()):
        r = c >> 2
        if (board_mask >> r) & 1:
            continue
        card_bits = spread(1 << r)
        after = spread(board_mask | (1 << r))
        out[i] = any((card_bits & (0b11111 << s)) and bin(after & (0b11111 << s)).count("1") >= 3
                     for s in range(10))
    return out


def _card_classes(board: CardArray, cards: CardArray) -> tuple[BoolArray, BoolArray, BoolArray]:
    """(pairs the board, makes a flush possible, makes a straight possible) per card."""
    ranks = cards.astype(np.int64) >> 2
    suits = cards.astype(np.int64) & 3
    board_ranks = board.astype(np.int64) >> 2
    suit_count = np.bincount(board.astype(np.int64) & 3, minlength=4)
    return (np.isin(ranks, board_ranks), suit_count[suits] >= 2,
            _straight_cards(board, cards))


# ---------------------------------------------------------------------------- the grid
@dataclass(frozen=True)
class RunoutGrid:
    """Every turn and river of a flop: each player's equity on the final board.

    Attributes
    ----------
    cards : numpy.ndarray of uint8, shape (K,)
        The cards that can come (the rows and columns), as in ``Runouts.cards``.
    weight : numpy.ndarray of float64, shape (K, K)
        ``weight[t, r]``: the probability that ``cards[t]`` comes on the turn and
        ``cards[r]`` on the river (0 on the diagonal and where no matchup is possible; the
        grid sums to 1 and is symmetric).
    equity : numpy.ndarray of float64, shape (K, K, P)
        Each player's equity on that board (NaN where the weight is 0).
    stderr : numpy.ndarray of float64, shape (K, K, P), or None
        The standard error of each equity when the report samples matchups (Omaha beyond
        ``max_showdowns``); None when it is exact.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> grid = pk.runouts(["AhKh", "QQ"], "Jh9h2c").grid
    >>> grid.weight.shape, round(float(grid.weight.sum()), 12)
    ((47, 47), 1.0)
    >>> grid.matrix(0)[0, :3].round(4).tolist()  # As on the turn, then As, Ad, Ac
    [nan, 1.0, 1.0]
    """

    cards: CardArray
    weight: FloatArray
    equity: FloatArray
    stderr: FloatArray | None = None

    @property
    def names(self) -> list[str]:
        """The cards as text, ``'As'``, in the grid's order."""
        return [format_card(c) for c in self.cards.tolist()]

    def matrix(self, player: int = 0) -> FloatArray:
        """One player's equity on every turn (rows) and river (columns).

        Parameters
        ----------
        player : int, default 0
            The player's 0-based index.

        Returns
        -------
        numpy.ndarray of float64, shape (K, K)
            NaN on the diagonal and where no matchup is possible.

        Raises
        ------
        ValueError
            If ``player`` is not 0 to P - 1.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.runouts(["AhKh", "QQ"], "Jh9h2c").grid.matrix(1).shape
        (47, 47)
        """
        if not 0 <= player < self.equity.shape[2]:
            raise ValueError(f"player must be 0..{self.equity.shape[2] - 1}, not {player}")
        return self.equity[:, :, player]

    def records(self) -> list[dict[str, Any]]:
        """Every possible (turn, river) pair as a dict: ``turn``, ``river``, ``weight``,
        ``equity_1``, ``equity_2``, ...

        Returns
        -------
        list of dict
            Both orders of each final board, turn-major, in the grid's card order.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> rows = pk.runouts(["AhKh", "QQ"], "Jh9h2c").grid.records()
        >>> len(rows), rows[0]["turn"], rows[0]["river"], rows[0]["equity_1"]
        (2162, 'As', 'Ad', 1.0)
        """
        names = self.names
        out: list[dict[str, Any]] = []
        for t, r in zip(*np.nonzero(self.weight > 0), strict=True):
            row: dict[str, Any] = {"turn": names[t], "river": names[r],
                                   "weight": float(self.weight[t, r])}
            for p, e in enumerate(self.equity[t, r].tolist()):
                row[f"equity_{p + 1}"] = e
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The grid as plain data: ``cards`` (text), ``weight`` (K x K) and ``equity`` (per
        player a K x K list), None where no board is possible; sampled, ``stderr`` too.

        Returns
        -------
        dict
            Lists of lists of floats and None, ready for JSON.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> data = pk.runouts(["AhKh", "QQ"], "Jh9h2c").grid.to_dict()
        >>> len(data["cards"]), len(data["equity"]), data["equity"][0][0][:2]
        (47, 2, [None, 1.0])
        """
        equity = [[[json_number(x) for x in row] for row in self.equity[:, :, p]]
                  for p in range(self.equity.shape[2])]
        out: dict[str, Any] = {"cards": self.names, "weight": self.weight.tolist(),
                               "equity": equity}
        if self.stderr is not None:
            out["stderr"] = [[[json_number(x) for x in row] for row in self.stderr[:, :, p]]
                             for p in range(self.stderr.shape[2])]
        return out


# ---------------------------------------------------------------------------- the report
@dataclass(frozen=True)
class Runouts:
    """Each player's equity after every card that can come next; made by ``runouts``.

    ``len(report)`` is the number of cards. ``filter`` and ``sort`` return new reports (the
    ``grid`` stays whole).

    Attributes
    ----------
    players : tuple of str
        The players, as given.
    board : numpy.ndarray of uint8
        The flop or turn the report starts from.
    cards : numpy.ndarray of uint8, shape (K,)
        Each card that can come next (cards that leave no matchup possible are left out).
    weight : numpy.ndarray of float64, shape (K,)
        The probability of the card given the players' hands and ranges.
    equity, win, tie : numpy.ndarray of float64, shape (K, P)
        Each player's equity, share of showdowns won alone and share split once the card
        is out (over every river, on a flop).
    equity_now : numpy.ndarray of float64, shape (P,)
        Each player's equity before the card: ``weight @ equity``.
    threshold : float
        A player's equity "moves" (``moved``) when it changes by more than this.
    pairs_board : numpy.ndarray of bool, shape (K,)
        The card's rank is on the board already.
    flush : numpy.ndarray of bool, shape (K,)
        Two or more board cards have the card's suit: with it a flush is possible (flush
        draws come in; on a monotone flop, one-card flushes).
    straight : numpy.ndarray of bool, shape (K,)
        The card's rank is new and brings a five-rank window (the ace also low) to three or
        more board ranks: a straight now needs one hole card fewer than before, two at most.
    grid : RunoutGrid or None
        On a flop, every turn and river pair; None on a turn.
    elapsed : float
        Seconds the report took (compiling kernels not counted).
    exact : bool
        Every matchup was settled on every board (always, but for Omaha beyond
        ``max_showdowns``, where ``samples`` matchups drawn from the ranges were).
    stderr : numpy.ndarray of float64, shape (K, P), or None
        The standard error of each equity after the card when sampled; None when exact.
    stderr_now : numpy.ndarray of float64, shape (P,), or None
        The standard error of ``equity_now`` when sampled; None when exact.
    samples : int
        The matchups sampled (0 when exact).
    sample_counts : numpy.ndarray of float64, shape (G, K, 2**P), or None
        When sampled: each of the G independent groups of sampled matchups' showdowns after
        each card, by winner mask (bit p: player p has the best hand); the standard errors
        come from their spread (``by_class`` sums them per class). None when exact.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> report = pk.runouts(["AhKh", "QQ"], "Jh9h2c")
    >>> report.names[:4], report.weight[:4].round(4).tolist()
    (['As', 'Ad', 'Ac', 'Ks'], [0.0222, 0.0222, 0.0222, 0.0222])
    >>> report.equity[0].round(4).tolist(), report.delta[0].round(4).tolist()
    ([0.9659, 0.0341], [0.4432, -0.4432])
    """

    players: tuple[str, ...]
    board: CardArray
    cards: CardArray
    weight: FloatArray
    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    equity_now: FloatArray
    threshold: float
    pairs_board: BoolArray
    flush: BoolArray
    straight: BoolArray
    grid: RunoutGrid | None = None
    elapsed: float = 0.0
    exact: bool = True
    stderr: FloatArray | None = None
    stderr_now: FloatArray | None = None
    samples: int = 0
    sample_counts: FloatArray | None = None

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def names(self) -> list[str]:
        """The cards as text, ``'As'``."""
        return [format_card(c) for c in self.cards.tolist()]

    @property
    def rank(self) -> npt.NDArray[np.str_]:
        """Each card's rank, ``'A'``..``'2'``."""
        return np.array(list(RANK_CHARS))[self.cards.astype(np.int64) >> 2]

    @property
    def suit(self) -> npt.NDArray[np.str_]:
        """Each card's suit, ``'s'``, ``'h'``, ``'d'`` or ``'c'``."""
        return np.array(list(SUIT_CHARS))[self.cards.astype(np.int64) & 3]

    @property
    def delta(self) -> FloatArray:
        """(K, P): each player's equity after the card less its equity now."""
        return self.equity - self.equity_now

    @property
    def leader(self) -> IntArray:
        """(K,): the 0-based player with the most equity after the card (the first on a tie)."""
        return np.argmax(self.equity, axis=1).astype(np.int64)

    @property
    def leader_changed(self) -> BoolArray:
        """(K,): the leader after the card is not the leader now."""
        return self.leader != int(np.argmax(self.equity_now))

    @property
    def moved(self) -> BoolArray:
        """(K, P): the player's equity changes by more than ``threshold``."""
        return np.abs(self.delta) > self.threshold

    def _take(self, rows: npt.NDArray[np.intp]) -> Runouts:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("cards", "weight", "equity", "win", "tie", "pairs_board", "flush",
                     "straight", "stderr"):
            if values[name] is not None:
                values[name] = values[name][rows]
        if self.sample_counts is not None:
            values["sample_counts"] = self.sample_counts[:, rows]
        return Runouts(**values)

    def filter(self, *, rank: str | None = None, suit: str | None = None,
               pairs_board: bool | None = None, flush: bool | None = None,
               straight: bool | None = None, leader_changed: bool | None = None,
               moved: bool | None = None) -> Runouts:
        """The cards of these classes; None (the default) accepts any.

        Weights are kept as they are, so ``weight.sum()`` of the result is the probability
        that such a card comes.

        Parameters
        ----------
        rank : str, optional
            Cards of this rank: '2'..'9', 'T' (or '10'), 'J', 'Q', 'K', 'A' (any case).
        suit : str, optional
            Cards of this suit: 's', 'h', 'd' or 'c' (any case).
        pairs_board, flush, straight : bool, optional
            Cards that pair the board, make a flush possible, make a straight possible
            (True), or not (False); see the attributes.
        leader_changed : bool, optional
            Cards after which another player leads (True), or the same (False).
        moved : bool, optional
            Cards that move some player's equity by more than ``threshold`` (True), or no
            player's (False).

        Returns
        -------
        Runouts
            The rows with every class asked for, in the same order.

        Raises
        ------
        ValueError
            If ``rank`` is not a rank or ``suit`` not a suit.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> hearts = pk.runouts(["AhKh", "QQ"], "Jh9h2c").filter(suit="h")
        >>> hearts.names, round(float(hearts.weight.sum()), 4)
        (['Qh', 'Th', '8h', '7h', '6h', '5h', '4h', '3h', '2h'], 0.1889)
        """
        keep = np.ones(len(self), dtype=bool)
        if rank is not None:
            r = str(rank).upper().replace("10", "T")
            if r not in RANK_CHARS or len(r) != 1:
                raise ValueError(f"rank must be a rank 2..A, not {rank!r}")
            keep &= self.rank == r
        if suit is not None:
            s = str(suit).lower()
            if s not in SUIT_CHARS or len(s) != 1:
                raise ValueError(f"suit must be one of s, h, d, c, not {suit!r}")
            keep &= self.suit == s
        for value, column in ((pairs_board, self.pairs_board), (flush, self.flush),
                              (straight, self.straight),
                              (leader_changed, self.leader_changed),
                              (moved, self.moved.any(axis=1))):
            if value is not None:
                keep &= column == bool(value)
        return self._take(np.flatnonzero(keep))

    def sort(self, by: RunoutSort = "equity", player: int = 0,
             descending: bool = True) -> Runouts:
        """The cards sorted by a player's equity, win, tie or change, by weight or by card.

        A stable sort: cards that compare equal keep the card order.

        Parameters
        ----------
        by : {'equity', 'win', 'tie', 'delta', 'weight', 'card'}, default 'equity'
            What to sort by.
        player : int, default 0
            Whose numbers (0-based); ignored for ``'weight'`` and ``'card'``, but checked.
        descending : bool, default True
            Largest first.

        Returns
        -------
        Runouts
            The same rows, reordered.

        Raises
        ------
        ValueError
            If ``by`` is unknown or ``player`` is not 0 to P - 1.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> best_for_qq = pk.runouts(["AhKh", "QQ"], "Jh9h2c").sort("delta", player=1)
        >>> best_for_qq.names[:2], best_for_qq.delta[:2, 1].round(4).tolist()
        (['Qs', 'Qd'], [0.2955, 0.2955])
        """
        if by not in ("equity", "win", "tie", "delta", "weight", "card"):
            raise ValueError(f"sort by equity, win, tie, delta, weight or card, not {by!r}")
        if not 0 <= player < len(self.players):
            raise ValueError(f"player must be 0..{len(self.players) - 1}, not {player}")
        if by == "weight":
            key = self.weight
        elif by == "card":
            key = self.cards.astype(np.float64)
        else:
            key = getattr(self, by)[:, player]
        return self._take(np.argsort(-key if descending else key, kind="stable"))

    def by_class(self) -> list[dict[str, Any]]:
        """Each player's equity given the class of the card that comes, and its probability.

        Classes: each rank ('A' down to '2'), each suit ('s', 'h', 'd', 'c'), then
        'pairs the board', 'flush', 'straight' and 'blank' (none of those three); a class no
        card has is left out.

        Returns
        -------
        list of dict
            ``class`` (its name), ``cards`` (how many), ``weight`` (its probability) and
            ``equity`` (each player's equity given it, a list); when the report was sampled,
            also ``stderr`` (each of those equities' standard error, from the spread of the
            sampling groups' showdowns over the class's cards).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> rows = pk.runouts(["AhKh", "QQ"], "Jh9h2c").by_class()
        >>> for r in rows[-4:]:
        ...     print(r["class"], r["cards"], round(r["weight"], 4), round(r["equity"][0], 4))
        pairs the board 9 0.2 0.3788
        flush 9 0.1889 0.9733
        straight 19 0.3778 0.5448
        blank 15 0.3333 0.4568
        """
        parts: list[tuple[str, BoolArray]] = [(r, self.rank == r) for r in reversed(RANK_CHARS)]
        parts += [(s, self.suit == s) for s in reversed(SUIT_CHARS)]
        parts += [("pairs the board", self.pairs_board), ("flush", self.flush),
                  ("straight", self.straight),
                  ("blank", ~(self.pairs_board | self.flush | self.straight))]
        rows: list[dict[str, Any]] = []
        for name, chosen in parts:
            if chosen.any():
                w = self.weight[chosen]
                row = {"class": name, "cards": int(chosen.sum()), "weight": float(w.sum()),
                       "equity": (w @ self.equity[chosen] / w.sum()).tolist()}
                if self.sample_counts is not None:
                    # The class's equity is its showdowns' pot share: each group's showdowns
                    # summed over the class's cards are one replicate of it.
                    row["stderr"] = _sampled_stderr(
                        self.sample_counts[:, chosen].sum(axis=1)).tolist()
                rows.append(row)
        return rows

    def records(self) -> list[dict[str, Any]]:
        """The cards as dicts, one per card, in the report's order.

        Returns
        -------
        list of dict
            ``card``, ``rank``, ``suit``, ``weight``, then ``equity_1``, ``win_1``,
            ``tie_1``, ``delta_1`` (and ``stderr_1`` when sampled), ``equity_2``, ... per
            player (1-based), then ``leader``
            (1-based), ``leader_changed``, ``moved``, ``pairs_board``, ``flush`` and
            ``straight``: Python values, ready for JSON or CSV.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> row = pk.runouts(["AhKh", "QQ"], "Jh9h2c").records()[0]
        >>> row["card"], row["equity_1"], row["leader"], row["leader_changed"]
        ('As', 0.9659090909090909, 1, False)
        """
        delta, leader, changed = self.delta, self.leader, self.leader_changed
        moved = self.moved.sum(axis=1) > 0
        rank, suit = self.rank, self.suit
        rows: list[dict[str, Any]] = []
        for i, name in enumerate(self.names):
            row: dict[str, Any] = {"card": name, "rank": str(rank[i]), "suit": str(suit[i]),
                                   "weight": float(self.weight[i])}
            for p in range(len(self.players)):
                row[f"equity_{p + 1}"] = float(self.equity[i, p])
                row[f"win_{p + 1}"] = float(self.win[i, p])
                row[f"tie_{p + 1}"] = float(self.tie[i, p])
                row[f"delta_{p + 1}"] = float(delta[i, p])
                if self.stderr is not None:
                    row[f"stderr_{p + 1}"] = float(self.stderr[i, p])
            row.update(leader=int(leader[i]) + 1, leader_changed=bool(changed[i]),
                       moved=bool(moved[i]), pairs_board=bool(self.pairs_board[i]),
                       flush=bool(self.flush[i]), straight=bool(self.straight[i]))
            rows.append(row)
        return rows

    def to_dict(self, grid: bool = True) -> dict[str, Any]:
        """The report as plain data (what ``to_json`` writes).

        Parameters
        ----------
        grid : bool, default True
            Include the turn x river grid (on a flop).

        Returns
        -------
        dict
            ``players``, ``board`` (text), ``next`` ('turn' or 'river'), ``equity_now``,
            ``threshold``, ``cards`` (``records()``), ``by_class`` (``by_class()``),
            ``grid`` (``RunoutGrid.to_dict()``, or None on a turn or when not asked for),
            ``exact``, ``samples`` and ``stderr_now`` (None when exact).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> data = pk.runouts(["AhKh", "QQ"], "Jh9h2c").to_dict(grid=False)
        >>> data["board"], data["next"], len(data["cards"]), data["grid"]
        ('Jh 9h 2c', 'turn', 47, None)
        """
        return {"players": list(self.players), "board": format_cards(self.board),
                "next": "turn" if len(self.board) == 3 else "river",
                "equity_now": self.equity_now.tolist(), "threshold": self.threshold,
                "cards": self.records(), "by_class": self.by_class(),
                "grid": self.grid.to_dict() if grid and self.grid is not None else None,
                "exact": self.exact, "samples": self.samples,
                "stderr_now": None if self.stderr_now is None else self.stderr_now.tolist()}

    def to_json(self, path: str | os.PathLike[str] | None = None, *, grid: bool = True,
                indent: int | None = None) -> str:
        """The report as JSON text (``to_dict``), also written to ``path`` if given.

        Parameters
        ----------
        path : str or os.PathLike, optional
            A file to write.
        grid : bool, default True
            Include the turn x river grid.
        indent : int, optional
            As for ``json.dumps``.

        Returns
        -------
        str
            The JSON text.

        Examples
        --------
        >>> import json
        >>> import pokerkeys as pk
        >>> text = pk.runouts(["AhKh", "QQ"], "Jh9h2c").to_json(grid=False)
        >>> json.loads(text)["cards"][0]["card"]
        'As'
        """
        text = json.dumps(self.to_dict(grid=grid), indent=indent)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return text

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The cards as CSV text (the columns of ``records()``), also written to ``path``.

        Parameters
        ----------
        path : str or os.PathLike, optional
            A file to write.

        Returns
        -------
        str
            The CSV text, a header line first.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> print(pk.runouts(["AhKh", "QQ"], "Jh9h2c").to_csv().splitlines()[0][:40])
        card,rank,suit,weight,equity_1,win_1,tie
        """
        return csv_text(self.records(), path, empty=("card",))

    def to_frame(self) -> pd.DataFrame:
        """The cards as a pandas DataFrame (the columns of ``records()``).

        Returns
        -------
        pandas.DataFrame
            One row per card.

        Raises
        ------
        ImportError
            If pandas is not installed.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.runouts(["AhKh", "QQ"], "Jh9h2c").to_frame().shape
        (47, 18)
        """
        return to_frame(self.records())


def check_board(board: CardsLike | None, allowed: tuple[int, ...], report: str,
                what: str) -> CardArray:
    """The board's card ids, or a ValueError naming the report when its length is not allowed.

    Parameters
    ----------
    board : str, sequence of cards, array of card ids or None
        The board (None: no cards).
    allowed : tuple of int
        The lengths the report takes.
    report, what : str
        The report's name and what it needs, for the message.

    Returns
    -------
    numpy.ndarray of uint8
        The board's card ids.

    Raises
    ------
    ValueError
        If the board does not parse or has a length not in ``allowed``.
    TypeError
        If the board is of a type that is not cards.

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import check_board
    >>> check_board("Ah7d", (3, 4), "runouts", "a flop or a turn")
    Traceback (most recent call last):
    ...
    ValueError: runouts needs a flop or a turn, not 2 cards (Ah 7d)
    """
    try:
        ids = parse_cards(board if board is not None else [])
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"board: {exc}") from None
    if len(ids) not in allowed:
        shown = f" ({format_cards(ids)})" if len(ids) else ""
        raise ValueError(f"{report} needs {what}, not {len(ids)} cards{shown}")
    return ids


def _omaha_setup(players: list[PlayerSpec], board: CardArray, dead: CardsLike | None,
                 n_hole: int) -> tuple[list[str], CardArray, int,
                                       list[tuple[CardArray, FloatArray]]]:
    """Omaha players read by ``omaha_players``: labels, board, the bits of the cards out of
    the deck, and each player's (hands, weights)."""
    from ..equity.omaha import as_ranges, omaha_players

    setup = omaha_players(players, board, dead, n_hole)
    blocked = 0
    for c in setup.known.tolist():
        blocked |= 1 << c
    return setup.labels, setup.board, blocked, as_ranges(setup, [])


def omaha_hand_tables(hands: CardArray) -> tuple[IntArray, IntArray, _MaskArray, IntArray]:
    """The Omaha kernels' view of a table of hands: rank classes, suits and card masks.

    Hands with the same hole ranks (a rank class) have the same non-flush rank on every
    board, so the kernels rank each class once per board and each hand only for a flush.

    Parameters
    ----------
    hands : numpy.ndarray of uint8, shape (N, H)
        Omaha hands (4 to 6 card ids each, no card twice in a row).

    Returns
    -------
    hand_class : numpy.ndarray of int64, shape (N,)
        Each hand's rank class: its row in ``class_pairs``.
    hand_suits : numpy.ndarray of int64, shape (N,)
        Each hand's cards by suit: bit ``16 s + r`` set for a card of rank r and suit s.
    hand_bits : numpy.ndarray of uint64, shape (N,)
        Each hand's 52-bit card mask.
    class_pairs : numpy.ndarray of int64, shape (C, H (H - 1) / 2)
        Each class's hole-rank pairs, as the rows of the 5-rank table that
        ``pokerkeys.core.omaha_batch.omaha_tables`` builds (its ``pair_index``).

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import omaha_hand_tables
    >>> from pokerkeys.core.cards import parse_cards
    >>> hands = np.stack([parse_cards("AsKsQdJd"), parse_cards("AhKhQcJc"),
    ...                   parse_cards("2c2d3h4s")])
    >>> hand_class, _, _, class_pairs = omaha_hand_tables(hands)
    >>> hand_class.tolist(), class_pairs.shape
    ([1, 1, 0], (2, 6))
    """
    from .._kernels.omaha import hole_pairs
    from ..core.omaha_batch import omaha_tables
    from ..equity.omaha import hand_bits

    cards = hands.astype(np.int64)
    ranks = np.sort(cards >> 2, axis=1)
    key = ranks @ (13 ** np.arange(cards.shape[1], dtype=np.int64))
    _, first, hand_class = np.unique(key, return_index=True, return_inverse=True)
    classes = ranks[first]
    pairs = hole_pairs(cards.shape[1])
    class_pairs = omaha_tables()[0][classes[:, pairs[:, 0]] * 13 + classes[:, pairs[:, 1]]]
    suits = (np.int64(1) << (16 * (cards & 3) + (cards >> 2))).sum(axis=1)
    return (np.ascontiguousarray(hand_class.reshape(-1), np.int64), suits,
            np.ascontiguousarray(hand_bits(hands)), np.ascontiguousarray(class_pairs))


@dataclass(frozen=True)
class OmahaMatchups:
    """Matchups of Omaha hands as the kernels of ``pokerkeys._kernels.omaha_runouts`` take
    them: one table of hands, and each matchup's rows in it and weight.

    Attributes
    ----------
    hands : numpy.ndarray of uint8, shape (N, H)
        Every player's hands, one table (player 0's first).
    rows : numpy.ndarray of int64, shape (M, P)
        Each matchup's hand of each player, as rows of ``hands``.
    weights : numpy.ndarray of float64, shape (M,)
        Each matchup's weight, the product of its hands' weights.

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import omaha_matchups
    >>> from pokerkeys.core.cards import parse_cards
    >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
    ...           (np.stack([parse_cards("AhAcKhKc"), parse_cards("AsAcKhKc")]), np.ones(2))]
    >>> built = omaha_matchups(ranges, 1, 100, "runouts")
    >>> built.rows.tolist(), built.weights.tolist()
    ([[0, 1]], [1.0])
    """

    hands: CardArray
    rows: IntArray
    weights: FloatArray

    def counts(self, board: CardArray, completions: CardArray, threads: Threads = None,
               progress: _Progress | None = None) -> FloatArray:
        """Weighted showdowns by winner mask on each completion of a board.

        Parameters
        ----------
        board : numpy.ndarray of uint8
            The known board.
        completions : numpy.ndarray of uint8, shape (B, 5 - board size)
            The missing cards of each board.
        threads : int, optional
            Kernel threads; the result does not depend on it.
        progress : callable, optional
            Called as ``progress(done, total)`` with the boards done after each batch of
            them; an exception it raises stops the work and propagates.

        Returns
        -------
        numpy.ndarray of float64, shape (B, 2**P)
            Per completion, the weight of the matchups won by each set of players (bit p
            set when player p holds the best hand); matchups sharing a card with the board
            count nowhere.

        Examples
        --------
        >>> from pokerkeys.analysis.runouts import omaha_matchups
        >>> from pokerkeys.core.cards import parse_cards
        >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
        ...           (parse_cards("AhAcKhKc")[None], np.ones(1))]
        >>> rivers = parse_cards("2c 8s")[:, None]
        >>> built = omaha_matchups(ranges, 2, 100, "runouts")
        >>> built.counts(parse_cards("Ts9s2d7h"), rivers).tolist()
        [[0.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 0.0]]
        """
        return self.group_counts(board, completions, np.array([0, len(self.rows)]), threads,
                                 progress)[0]

    def group_counts(self, board: CardArray, completions: CardArray, group_starts: IntArray,
                     threads: Threads = None, progress: _Progress | None = None
                     ) -> FloatArray:
        """``counts`` of each group of matchups, the hands ranked once for all of them.

        Parameters
        ----------
        board, completions, threads, progress
            As for ``counts``.
        group_starts : numpy.ndarray of int64, shape (G + 1,)
            Group g is matchups ``group_starts[g]`` to ``group_starts[g + 1] - 1``.

        Returns
        -------
        numpy.ndarray of float64, shape (G, B, 2**P)
            Each group's ``counts``.

        Examples
        --------
        >>> from pokerkeys.analysis.runouts import omaha_matchups
        >>> from pokerkeys.core.cards import parse_cards
        >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
        ...           (np.stack([parse_cards("AhAcKhKc"), parse_cards("Qc3c4h5h")]),
        ...            np.ones(2))]
        >>> built = omaha_matchups(ranges, 1, 100, "runouts")
        >>> built.group_counts(parse_cards("Ts9s2d7h"), parse_cards("2c")[:, None],
        ...                    np.array([0, 1, 2])).tolist()
        [[[0.0, 0.0, 1.0, 0.0]], [[0.0, 1.0, 0.0, 0.0]]]
        """
        from .._kernels import omaha_runouts as _kr

        counts = np.zeros((len(group_starts) - 1, len(completions), 1 << self.rows.shape[1]))
        self._run(_kr.board_counts_chunks, counts,
                  (np.ascontiguousarray(group_starts, np.int64),), (), board, completions,
                  threads, progress)
        return counts

    def class_wins(self, board: CardArray, completions: CardArray, class_of_rank: IntArray,
                   threads: Threads = None, progress: _Progress | None = None) -> FloatArray:
        """Per player and class of final hand, the pot won and the showdowns held.

        Parameters
        ----------
        board, completions, threads, progress
            As for ``counts``.
        class_of_rank : numpy.ndarray of int64
            The class (0 to K - 1) of each Omaha rank (0 to 7462).

        Returns
        -------
        numpy.ndarray of float64, shape (P, 2, K)
            ``[p, 0, k]``: the weighted pot share player p wins holding a hand of class k;
            ``[p, 1, k]``: the weighted showdowns it holds one in.

        Examples
        --------
        >>> from pokerkeys.analysis.runouts import omaha_matchups
        >>> from pokerkeys.core.cards import parse_cards
        >>> from pokerkeys.core.evaluate import CATEGORY_OF_RANK
        >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
        ...           (parse_cards("AhAcKhKc")[None], np.ones(1))]
        >>> rivers = parse_cards("2c 8s")[:, None]
        >>> built = omaha_matchups(ranges, 2, 100, "what_wins")
        >>> wins = built.class_wins(parse_cards("Ts9s2d7h"), rivers,
        ...                         CATEGORY_OF_RANK.astype(np.int64))
        >>> wins[0, 0].tolist()  # player 1 wins once, with a flush (category 6)
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
        """
        from .._kernels import omaha_runouts as _kr

        n_classes = int(class_of_rank.max()) + 1
        out = np.zeros((CHUNKS, self.rows.shape[1], 2, n_classes))
        self._run(_kr.class_wins_chunks, out, (),
                  (np.ascontiguousarray(class_of_rank, np.int64),), board, completions,
                  threads, progress)
        return out.sum(axis=0)  # summed in chunk order: the result does not depend on threads

    def _run(self, chunks: Callable[..., None], out: FloatArray, before: tuple[Any, ...],
             after: tuple[Any, ...], board: CardArray, completions: CardArray,
             threads: Threads, progress: _Progress | None) -> None:
        """Run an ``omaha_runouts`` chunk kernel over the completions, batch by batch, its
        arguments ``before`` after the matchups' weights and ``after`` after the chunks'
        bounds."""
        from ..core.omaha_batch import omaha_tables

        n_boards = len(completions)
        boards = np.array(completions, dtype=np.uint8, order="C").reshape(n_boards, -1)
        boards.setflags(write=False)
        known = np.array(board, dtype=np.uint8).reshape(-1)
        tables = omaha_hand_tables(self.hands)
        per_board = len(self.hands) + len(self.rows)
        with _jit.threads(threads), _jit.threads(
                1 if n_boards * per_board < ONE_THREAD_BELOW else threads):
            for lo, hi in _omaha_batches(n_boards, per_board, progress):
                starts = lo + np.linspace(0, hi - lo, CHUNKS + 1).round().astype(np.int64)
                _jit.run_chunks(chunks, CHUNKS, None, out, *tables, self.rows, self.weights,
                                *before, known, boards, starts, *after, *omaha_tables())
                if progress is not None:
                    progress(hi, n_boards)


def _omaha_batches(n_boards: int, per_board: int, progress: _Progress | None
                   ) -> list[tuple[int, int]]:
    """Batches of boards of about ``BATCH_WORK`` each (a fraction of a second, so that
    Ctrl-C and a progress callback that raises stop the work soon), at least
    ``PROGRESS_BATCHES`` of them when progress is reported."""
    n = max(PROGRESS_BATCHES if progress is not None else 1,
            -(-n_boards * per_board // BATCH_WORK))
    bounds = np.linspace(0, n_boards, min(n, max(n_boards, 1)) + 1).round().astype(np.int64)
    return [(int(lo), int(hi)) for lo, hi in zip(bounds[:-1], bounds[1:], strict=True)
            if hi > lo]


def omaha_matchups(ranges: list[tuple[CardArray, FloatArray]], n_boards: int, limit: int,
                   report: str, hint: str = "give narrower ranges or more board cards"
                   ) -> OmahaMatchups:
    """Every matchup of the players' Omaha hands with no card twice, for ``n_boards`` boards.

    Parameters
    ----------
    ranges : list of (hands, weights)
        Per player, its ``(N, H)`` hands and their weights (``pokerkeys.equity.omaha``'s
        ``as_ranges``).
    n_boards : int
        The boards each matchup is to be settled on.
    limit : int
        The most showdowns (matchups x boards) to allow.
    report : str
        The report's name, for the messages.
    hint : str, optional
        What to do instead, ending the message of too many showdowns.

    Returns
    -------
    OmahaMatchups
        The matchups, in lexicographic order of the players' rows.

    Raises
    ------
    ValueError
        If no matchup is possible, or there are more than ``limit`` showdowns or
        ``OMAHA_MAX_MATCHUPS`` matchups (the message gives the size and the limit).

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import omaha_matchups
    >>> from pokerkeys.core.cards import parse_cards
    >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
    ...           (parse_cards("AhAcKhKc")[None], np.ones(1))]
    >>> omaha_matchups(ranges, 990, 100_000, "runouts").rows.tolist()
    [[0, 1]]
    >>> omaha_matchups(ranges, 990, 900, "runouts", "give fewer")
    Traceback (most recent call last):
    ...
    ValueError: runouts would compare 990 Omaha showdowns (1 matchups x 990 boards), ...
    """
    built = _omaha_matchups(ranges, n_boards, limit)
    if isinstance(built, str):
        beyond = f" or {OMAHA_MAX_MATCHUPS:,} matchups" if built.startswith("more") else ""
        raise ValueError(f"{report} would compare {built}, more than {limit:,} showdowns"
                         f"{beyond}; {hint}")
    return built


def _omaha_matchups(ranges: list[tuple[CardArray, FloatArray]], n_boards: int, limit: int
                    ) -> OmahaMatchups | str:
    """``omaha_matchups``, or the size of the problem as text when it is beyond the limits:
    ``'S Omaha showdowns (M matchups x B boards)'``, or ``'more than M Omaha matchups (up to
    U) x B boards'`` when there are too many matchups to list."""
    from ..equity.omaha import range_matchups

    upper = math.prod(len(hands) for hands, _ in ranges)  # matchups, card clashes included
    # Few enough to list whatever the limit: list them, and the message can say how many.
    most = OMAHA_MAX_MATCHUPS if upper <= OMAHA_MAX_MATCHUPS else min(
        OMAHA_MAX_MATCHUPS, max(limit // max(n_boards, 1), 1))
    built = range_matchups(ranges, most)
    if built is None:
        return f"more than {most:,} Omaha matchups (up to {upper:,}) x {n_boards:,} boards"
    if len(built[0]) * n_boards > limit:
        return (f"{len(built[0]) * n_boards:,} Omaha showdowns ({len(built[0]):,} matchups x "
                f"{n_boards:,} boards)")
    _, weights, rows = built
    if not len(rows):
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    offsets = np.cumsum([0] + [len(hands) for hands, _ in ranges[:-1]])
    hands = np.concatenate([hands for hands, _ in ranges]).astype(np.uint8)
    return OmahaMatchups(hands, np.ascontiguousarray(rows + offsets, np.int64),
                         np.ascontiguousarray(weights.prod(axis=1), np.float64))


def _sample_matchups(rng: np.random.Generator, bits: list[_MaskArray],
                     chance: list[FloatArray], n: int) -> IntArray:
    """(n, P) rows of the players' hands, each drawn by its weight, a draw whose hands share a
    card thrown away: matchups with the probability of the exact enumeration's weights."""
    found: list[IntArray] = []
    have = drawn = 0
    while have < n:
        k = max(2 * (n - have), 64)
        rows = np.stack([rng.choice(len(c), size=k, p=c) for c in chance], axis=1)
        used = bits[0][rows[:, 0]]
        fits = np.ones(k, dtype=bool)
        for p in range(1, len(bits)):
            b = bits[p][rows[:, p]]
            fits &= (used & b) == 0
            used |= b
        found.append(rows[fits])
        have += int(fits.sum())
        drawn += k
        if have == 0 and drawn >= MAX_EMPTY_DRAWS:
            raise ValueError("no matchup is possible: the players' ranges always share a card")
    return np.concatenate(found)[:n]


def sample_omaha_matchups(ranges: list[tuple[CardArray, FloatArray]], n: int, seed: SeedLike,
                          groups: int = 1) -> OmahaMatchups:
    """Matchups drawn from the players' Omaha ranges, for when there are too many to list.

    Each player's hand is drawn by its weight and a draw whose hands share a card is thrown
    away, so matchups come with the probability the exact enumeration gives their weights.

    Parameters
    ----------
    ranges : list of (hands, weights)
        Per player, its ``(N, H)`` hands and their weights.
    n : int
        Matchups per group.
    seed : int or sequence of int, optional
        The draws' seed: group g draws from the g-th child of ``SeedSequence(seed)``.
    groups : int, default 1
        Groups of ``n`` matchups, one after the other (each its own seed, for standard
        errors from their spread).

    Returns
    -------
    OmahaMatchups
        ``groups * n`` matchups of weight 1, each of its own hands (the table has a row per
        player and matchup).

    Raises
    ------
    ValueError
        If no matchup is found in a million draws (the ranges always share a card).

    Examples
    --------
    >>> from pokerkeys.analysis.runouts import sample_omaha_matchups
    >>> from pokerkeys.core.cards import parse_cards
    >>> from pokerkeys.core.cards import format_cards
    >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
    ...           (np.stack([parse_cards("AhAcKhKc"), parse_cards("AsAcKhKc")]), np.ones(2))]
    >>> drawn = sample_omaha_matchups(ranges, 3, seed=1)
    >>> drawn.rows.tolist(), format_cards(drawn.hands[drawn.rows[0, 1]])
    ([[0, 3], [1, 4], [2, 5]], 'Ah Ac Kh Kc')
    """
    from ..equity.omaha import hand_bits

    n_players = len(ranges)
    bits = [hand_bits(hands) for hands, _ in ranges]
    chance = [w / w.sum() for _, w in ranges]
    rows = np.concatenate([_sample_matchups(np.random.default_rng(child), bits, chance, n)
                           for child in np.random.SeedSequence(seed).spawn(groups)])
    hands = np.concatenate([h[rows[:, p]] for p, (h, _) in enumerate(ranges)])
    total = len(rows)
    index = np.ascontiguousarray(np.arange(n_players * total).reshape(n_players, total).T)
    return OmahaMatchups(hands, index, np.ones(total))


def _sampled_counts(ranges: list[tuple[CardArray, FloatArray]], board: CardArray,
                    completions: CardArray, samples: int, seed: SeedLike, threads: Threads,
                    progress: _Progress | None) -> FloatArray:
    """(SAMPLE_GROUPS, B, 2**P): per group of matchups drawn from the ranges (its own seed
    from ``seed``), each completion's showdowns by winner mask, as ``OmahaMatchups.counts``."""
    per_group = -(-samples // SAMPLE_GROUPS)
    drawn = sample_omaha_matchups(ranges, per_group, seed, SAMPLE_GROUPS)
    return drawn.group_counts(board, completions, np.arange(SAMPLE_GROUPS + 1) * per_group,
                              threads, progress)


def _sampled_stderr(groups: FloatArray) -> FloatArray:
    """(..., P) standard errors of the pot shares that group counts (G, ..., 2**P) estimate:
    each group is an independent replicate of the ratio (pot won / showdowns), so the
    estimate's variance is that of the groups' residuals, sum over G(G - 1) (NaN where
    nothing was faced)."""
    n_groups = len(groups)
    n = groups.shape[-1].bit_length() - 1
    members = (np.arange(1 << n)[:, None] >> np.arange(n)) & 1
    pot = members / np.maximum(members.sum(axis=1), 1)[:, None]
    won = groups @ pot
    faced = groups.sum(axis=-1)
    total = faced.sum(axis=0)[..., None]
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = won.sum(axis=0) / total
        spread = ((won - ratio * faced[..., None]) ** 2).sum(axis=0)
        return np.sqrt(spread * n_groups / (n_groups - 1)) / total


def omaha_board_counts(ranges: list[tuple[CardArray, FloatArray]], board: CardArray,
                       completions: CardArray, report: str, threads: Threads = None,
                       progress: _Progress | None = None,
                       limit: int = OMAHA_MAX_SHOWDOWNS) -> FloatArray:
    """Weighted Omaha showdowns by winner mask on each completion of a board.

    Each player's hands are ranked once per board and every matchup of them that shares no
    card is settled there (``OmahaMatchups.counts``, a kernel).

    Parameters
    ----------
    ranges, board, completions, report, threads, progress
        As for ``omaha_matchups`` and ``OmahaMatchups.counts``.
    limit : int, default OMAHA_MAX_SHOWDOWNS
        The most matchups x boards to compare.

    Returns
    -------
    numpy.ndarray of float64, shape (B, 2**P)
        Per completion, the weight of the matchups won by each set of players (bit p set
        when player p holds the best hand); ``mask_outcomes`` turns it into equities.

    Raises
    ------
    ValueError
        As ``omaha_matchups``.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.analysis.runouts import omaha_board_counts
    >>> from pokerkeys.core.cards import parse_cards
    >>> ranges = [(parse_cards("AsKsQdJd")[None], np.ones(1)),
    ...           (parse_cards("AhAcKhKc")[None], np.ones(1))]
    >>> rivers = parse_cards("2c 8s")[:, None]
    >>> omaha_board_counts(ranges, parse_cards("Ts9s2d7h"), rivers, "runouts").tolist()
    [[0.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 0.0]]
    """
    built = omaha_matchups(ranges, len(completions), limit, report)
    return built.counts(board, completions, threads, progress)


def runouts(hands: Iterable[PlayerSpec], board: CardsLike, dead: CardsLike | None = None, *,
            threshold: float = 0.1, threads: Threads = None,
            progress: _Progress | None = None, game: ViewGame = "holdem",
            exact: bool | None = None, samples: int | None = None, seed: SeedLike = None,
            max_showdowns: int | None = None) -> Runouts:
    """Equity of 2-6 players after every turn card (on a flop) or river (on a turn).

    Exact, but for Omaha beyond ``max_showdowns`` (see ``exact``).

    Parameters
    ----------
    hands : iterable of str, cards or Range
        2 to 6 players, as for ``pk.equity``: hands (``'AhKh'``), partial hands
        (``'Ah??'``), ``'random'``, or ranges (``'QQ+, AKs'``, ``'20%'`` or a ``Range``).
    board : str, sequence of cards or array of card ids
        The flop (3 cards) or the turn (4).
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    threshold : float, default 0.1
        A player's equity "moves" after a card when it changes by more than this.
    threads : int, optional
        Kernel threads; None: every core Numba uses. The result does not depend on it.
    progress : callable, optional
        Called as ``progress(done, total)`` with the complete boards evaluated so far; an
        exception it raises stops the report and propagates (how a caller cancels).
    game : {'holdem', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        The game. Omaha (4, 5 or 6 hole cards): the players as for ``pk.omaha_equity``
        (hands, ``'random'``, Omaha ranges such as ``'AA:$ds'``); on each board every hand
        of every player is ranked once and every matchup of them settled (a kernel).
    exact : bool, optional
        Omaha: None (the default) settles every matchup on every board when that is at most
        ``max_showdowns`` showdowns (matchups x boards) and ``OMAHA_MAX_MATCHUPS``
        matchups, and otherwise samples matchups; True always enumerates (a ValueError
        beyond the limits); False always samples. Sampled: ``samples`` matchups drawn from
        the ranges by weight (card removal kept), each settled on every board, in
        ``SAMPLE_GROUPS`` groups whose spread gives the standard errors (``stderr``).
        Hold'em runouts are always exact (True or None).
    samples : int, optional
        Matchups to sample (rounded up to a multiple of ``SAMPLE_GROUPS``); default about
        ``OMAHA_SAMPLE_WORK`` of work, 3,200 to 1,000,000.
    seed : int or sequence of int, optional
        The sample's seed (the same seed, the same report, whatever ``threads``).
    max_showdowns : int, optional
        Omaha: the most showdowns to enumerate exactly; default ``OMAHA_MAX_SHOWDOWNS``
        heads-up, ``OMAHA_MAX_SHOWDOWNS_MULTIWAY`` with 3 or more players (about 5 s each).

    Returns
    -------
    Runouts
        One row per card that can come; on a flop also the turn x river ``grid``.

    Raises
    ------
    ValueError
        If the board is not 3 or 4 cards, a hand, range or card does not parse, a card is in
        two places, there are fewer than 2 or more than 6 players, a range is empty once the
        board and dead cards are out, no matchup is possible, ``threshold`` is not between 0
        and 1, ``samples`` or ``max_showdowns`` is not a positive integer, or (3+ players)
        exact enumeration would need too many matchups; Omaha: a hand of the wrong size for
        the game, or with ``exact=True`` more showdowns than ``max_showdowns`` (the message
        gives both); hold'em: ``exact=False``; ``game`` not one of its values (short deck is
        not in this report yet).
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> report = pk.runouts(["AhKh", "QQ+", "JTs"], "Jh9h2c4s")
    >>> len(report), report.equity_now.round(4).tolist()
    (46, [0.2976, 0.6071, 0.0952])
    >>> report.filter(leader_changed=True, suit="s").names
    ['As', 'Ks', 'Js', 'Ts']
    >>> pk.runouts(["AhKh", "QQ"], "Qd7h2c4s5d")
    Traceback (most recent call last):
    ...
    ValueError: runouts needs a flop or a turn (3 or 4 board cards), not 5 cards (Qd 7h 2c 4s 5d)

    Omaha:

    >>> report = pk.runouts(["AsKsQdJd", "AhAcKhKc"], "Ts9s2d", game="omaha")
    >>> len(report), report.equity_now.round(4).tolist()
    (41, [0.678, 0.322])

    Beyond ``max_showdowns`` matchups are sampled, with standard errors:

    >>> report = pk.runouts(["AsKsQdJd", "AA:$ds"], "Ts9s2d", game="omaha",
    ...                     max_showdowns=100_000, samples=3200, seed=1)
    >>> report.exact, report.samples, bool(report.stderr_now[0] < 0.01)
    (False, 3200, True)
    """
    start = _jit.compute_clock()
    players = check_players(hands, "runouts")
    n_hole = hole_cards_of(game, "runouts")
    board_ids = check_board(board, (3, 4), "runouts", "a flop or a turn (3 or 4 board cards)")
    if isinstance(threshold, bool) or not 0 <= float(threshold) <= 1:
        raise ValueError(f"threshold is an equity change between 0 and 1, not {threshold!r}")
    for name, value in (("samples", samples), ("max_showdowns", max_showdowns)):
        if value is not None and (isinstance(value, bool) or not isinstance(
                value, (int, np.integer)) or value < 1):
            raise ValueError(f"{name} must be a positive integer, not {value!r}")
    if exact is False and not n_hole:
        raise ValueError("hold'em runouts are always exact: exact=False is for Omaha")
    if n_hole:
        labels, known_board, blocked, ranges = _omaha_setup(players, board_ids, dead, n_hole)
    else:
        setup = prepare(players, board_ids, dead)
        labels, known_board = list(setup.labels), setup.board
        blocked = setup.excluded
        for p in setup.players:
            for c in p.known:
                blocked |= 1 << c
    deck = np.array([c for c in range(51, -1, -1) if not (blocked >> c) & 1], dtype=np.uint8)
    position = np.full(52, -1, dtype=np.int64)
    position[deck] = np.arange(len(deck))
    k = 5 - len(known_board)
    completions = np.array(list(combinations(deck.tolist(), k)), dtype=np.uint8).reshape(-1, k)
    completions.setflags(write=False)
    groups = None
    n_sampled = 0
    if n_hole:
        if max_showdowns is None:
            max_showdowns = OMAHA_MAX_SHOWDOWNS if len(ranges) == 2 else \
                OMAHA_MAX_SHOWDOWNS_MULTIWAY
        built = None if exact is False else _omaha_matchups(ranges, len(completions),
                                                            int(max_showdowns))
        if isinstance(built, str) and exact:
            raise ValueError(f"runouts would compare {built}, more than max_showdowns="
                             f"{max_showdowns:,} (or {OMAHA_MAX_MATCHUPS:,} matchups); pass "
                             "exact=None or False to sample matchups, a larger max_showdowns, "
                             "narrower ranges or more board cards")
        if isinstance(built, OmahaMatchups):
            counts = built.counts(known_board, completions, threads, progress)
        else:
            n_samples = int(samples) if samples is not None else int(np.clip(
                OMAHA_SAMPLE_WORK // ((len(ranges) + 1) * len(completions)), 3_200,
                1_000_000))
            groups = _sampled_counts(ranges, known_board, completions, n_samples, seed,
                                     threads, progress)
            counts = groups.sum(axis=0)
            n_sampled = len(groups) * -(-n_samples // len(groups))
    else:
        counts = board_counts(setup, completions, threads=threads, progress=progress)

    def per_card(counts: FloatArray) -> FloatArray:
        by_card = np.zeros((len(deck), counts.shape[1]))
        for j in range(k):
            where = position[completions[:, j]]
            for q in range(counts.shape[1]):
                by_card[:, q] += np.bincount(where, weights=counts[:, q], minlength=len(deck))
        return by_card

    def per_pair(counts: FloatArray) -> FloatArray:
        pair_counts = np.zeros((len(deck), len(deck), counts.shape[1]))
        first, second = position[completions[:, 0]], position[completions[:, 1]]
        pair_counts[first, second] = counts
        pair_counts[second, first] = counts
        return pair_counts

    by_card = per_card(counts)
    possible = by_card.sum(axis=1) > 0
    if not possible.any():
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    rows = np.flatnonzero(possible)
    equity, win, tie, faced = mask_outcomes(by_card)
    now, _, _, _ = mask_outcomes(counts.sum(axis=0))
    stderr = stderr_now = card_groups = None
    if groups is not None:
        card_groups = np.stack([per_card(g) for g in groups])[:, rows]
        stderr = _sampled_stderr(card_groups)
        stderr_now = _sampled_stderr(groups.sum(axis=1))
    grid = None
    if k == 2:
        grid_equity, _, _, grid_faced = mask_outcomes(per_pair(counts))
        keep = np.ix_(rows, rows)
        grid_stderr = None if groups is None else _sampled_stderr(
            np.stack([per_pair(g) for g in groups]))[keep]
        grid = RunoutGrid(deck[rows], grid_faced[keep] / grid_faced.sum(), grid_equity[keep],
                          grid_stderr)
    pairs, flush, straight = _card_classes(known_board, deck[rows])
    return Runouts(tuple(labels), known_board, deck[rows], faced[rows] / faced.sum(),
                   equity[rows], win[rows], tie[rows], now, float(threshold), pairs, flush,
                   straight, grid, _jit.compute_clock() - start, groups is None, stderr,
                   stderr_now, n_sampled, card_groups)
