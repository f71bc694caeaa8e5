"""Omaha hi/lo, eight or better: the best low of a hand, and hi/lo equity.

In Omaha hi/lo the pot is split between the best high hand (Omaha's: exactly two hole cards
and three board cards) and the best qualifying low, also made of exactly two hole cards and
three board cards: five cards of distinct ranks, eight or lower, aces low. Straights and
flushes do not count against a low, so A-2-3-4-5 is the best low (and a five-high straight
for the high). Lows compare from their highest card down (8-5-4-2-A beats 8-6-3-2-A). When no
player holds a qualifying low, the high hand takes the whole pot; players with equal hands
split their half, so a half pot may be split again ("quartered").

A hand's best low depends only on the set of distinct low ranks among its hole cards and the
set among the board cards: ``low_table()`` holds it for every pair of such sets (256 x 256,
built with NumPy on first use, in about a millisecond), so in the kernels a low is one table
read per player and board.

>>> import pokerkeys as pk
>>> print(pk.omaha_low("As2d9cKh", "3c4d5h8sKd"))
5h 4d 3c 2d As  (5-4-3-2-A low)
>>> r = pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4d9h")
>>> r.equity.round(4).tolist(), round(r.low_qualifies, 4)
([0.8707, 0.1293], 0.6341)
"""
from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal, TypeAlias

import numpy as np

from .. import _jit
from .._kernels import omaha as _omaha_k
from .._kernels import omaha_hilo as _k
from ..core.best import check_disjoint
from ..core.cards import N_CARDS, format_cards
from ..core.omaha_batch import omaha_tables
from ..core.types import CardArray, CardsLike, FloatArray, IntArray, SeedLike, Threads
from .driver import (
    DEFAULT_TIME_LIMIT,
    MAX_REJECTIONS,
    Progress,
    drive_monte_carlo,
    validate_stop,
)
from .omaha import (
    AUTO_EXACT_MAX_LOOKUPS,
    BATCH_LOOKUPS,
    BINOMIALS,
    DEFAULT_TRIALS,
    EXACT_MAX_LOOKUPS,
    EXACT_MAX_MATCHUPS,
    N_CHUNKS_EXACT,
    TRIALS_PER_CHUNK,
    OmahaPlayers,
    as_ranges,
    check_hole,
    omaha_players,
    parse_cards_of,
    range_matchups,
)
from .result import EquityResult, StopReason

__all__ = ["HILO_GAMES", "HiLoGame", "HiLoResult", "LowHand", "low_table",
           "omaha_hilo_equity", "omaha_low"]

#: The hi/lo games: 4-card Omaha eight or better, and its 5- and 6-card forms.
HiLoGame: TypeAlias = Literal["omaha8", "omaha5-8", "omaha6-8"]
#: Each hi/lo game and its number of hole cards.
HILO_GAMES: dict[str, int] = {"omaha8": 4, "omaha5-8": 5, "omaha6-8": 6}

# Rank index (0..12 = 2..A) -> bit of the rank in a low mask: ace bit 0, deuce bit 1, ...,
# eight bit 7; nine and up are no low card.
_LOW_BIT_OF_RANK = [1 << (r + 1) if r <= 6 else 0 for r in range(12)] + [1]
_LOW_BITS = np.array([_LOW_BIT_OF_RANK[c // 4] for c in range(N_CARDS)], dtype=np.uint8)
_LOW_NAMES = "A2345678"


@functools.cache
def low_table() -> np.ndarray:
    """The best low of every pair (hole low ranks, board low ranks), as a 256 x 256 table.

    ``low_table()[h, b]`` is the best low that exactly two cards of a hand whose distinct
    low ranks form the 8-bit mask ``h`` and three board cards whose distinct low ranks form
    ``b`` can make: 0 when none qualifies, else ``256 - m`` where ``m`` is the mask of the
    low's five ranks (bit 0 the ace, bit 1 the deuce, ..., bit 7 the eight). Lows compare
    from their highest card down, which is how their masks compare as integers, so a higher
    value is a better low: A-2-3-4-5 (mask 31) is 225, 8-7-6-5-4 (mask 248) is 8.

    Built on first use: each two-rank hole mask and disjoint three-rank board mask gets its
    five-rank value, then a maximum over subsets, one bit at a time along each axis, gives
    every larger pair of sets the best value among its subsets.

    Returns
    -------
    numpy.ndarray
        (256, 256) uint8, read-only; the same array on every call.

    Examples
    --------
    >>> from pokerkeys.equity.omaha_hilo import low_table
    >>> table = low_table()
    >>> int(table[0b11, 0b11100])  # A-2 in the hand, 3-4-5 on the board: the wheel
    225
    >>> int(table[0b11, 0b00011])  # A-2 in the hand and on the board: no low
    0
    """
    masks = np.arange(256)
    bits = (masks[:, None] >> np.arange(8)) & 1
    size = bits.sum(axis=1)
    pair = size == 2
    triple = size == 3
    value = np.zeros((256, 256), dtype=np.int64)
    disjoint = (masks[:, None] & masks[None, :]) == 0
    both = pair[:, None] & triple[None, :] & disjoint
    value[both] = 256 - (masks[:, None] | masks[None, :])[both]
    for bit in range(8):
        has = (masks >> bit) & 1 == 1
        value[has, :] = np.maximum(value[has, :], value[masks[has] ^ (1 << bit), :])
        value[:, has] = np.maximum(value[:, has], value[:, masks[has] ^ (1 << bit)])
    table = value.astype(np.uint8)
    table.setflags(write=False)
    return table


# ---------------------------------------------------------------------------- one hand
@dataclass(frozen=True)
class LowHand:
    """A qualifying eight-or-better low: five cards of distinct ranks, eight or lower.

    Attributes
    ----------
    cards : numpy.ndarray
        The five card ids (uint8), highest rank first (the ace, low, last).
    value : int
        The low's strength, 8 (8-7-6-5-4) to 225 (5-4-3-2-A): higher is better, equal
        values split (see ``low_table``).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> low = pk.omaha_low("Ah3d9c9h", "2c5d8h8sKd")
    >>> print(low)
    8h 5d 3d 2c Ah  (8-5-3-2-A low)
    >>> low.value, low.ranks
    (105, '8-5-3-2-A')
    """

    cards: CardArray = field(compare=False)
    value: int

    @property
    def ranks(self) -> str:
        """The low's ranks, highest first, joined by dashes: ``'8-5-3-2-A'``."""
        return "-".join(format_cards([c])[0] for c in self.cards.tolist())

    def __str__(self) -> str:
        return f"{format_cards(self.cards)}  ({self.ranks} low)"


def _low_rank(card: int) -> int:
    """0 for an ace, 1 for a deuce, ..., 7 for an eight; 8 and up for higher cards."""
    rank = card // 4
    return 0 if rank == 12 else rank + 1


def omaha_low(hole: CardsLike, board: CardsLike) -> LowHand | None:
    """The best eight-or-better low of an Omaha hand: exactly two hole cards and three of
    the board, five distinct ranks eight or lower, aces low.

    Parameters
    ----------
    hole : str or sequence of cards
        The player's hole cards, four to six (``'As2dKhKc'``).
    board : str or sequence of cards
        The board so far: the flop, turn or river (three to five cards).

    Returns
    -------
    LowHand or None
        The best low and its five cards, or None when the hand has no qualifying low.

    Raises
    ------
    ValueError
        As ``pokerkeys.omaha_hand``: a card that does not parse or is given twice, hole
        cards that are not 4, 5 or 6, a board that is not 3 to 5 cards.
    TypeError
        If the hole cards or the board are not cards (a float, say).

    See Also
    --------
    omaha_hilo_equity : hi/lo equity.
    pokerkeys.omaha_hand : the best high hand.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> print(pk.omaha_low("As2dKhKc", "3c4d9h5s8d"))
    5s 4d 3c 2d As  (5-4-3-2-A low)
    >>> print(pk.omaha_low("AsAd2h2c", "3c4d5h9sKd"))  # two hole cards: A-2 with 3-4-5
    5h 4d 3c 2h As  (5-4-3-2-A low)
    >>> print(pk.omaha_low("As2d3h4c", "9c9dKhKs5d"))  # only one low card on the board
    None
    """
    hole_ids = parse_cards_of(hole, "hole cards")
    board_ids = parse_cards_of(board, "board")
    check_hole(hole_ids, "hole cards")
    if not 3 <= len(board_ids) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, not {len(board_ids)}")
    check_disjoint([("the hole cards", hole_ids), ("the board", board_ids)])
    best: tuple[int, ...] | None = None
    best_cards: tuple[int, ...] = ()
    for two in combinations(hole_ids.tolist(), 2):
        for three in combinations(board_ids.tolist(), 3):
            cards = sorted(two + three, key=_low_rank, reverse=True)
            ranks = tuple(_low_rank(c) for c in cards)
            if ranks[0] <= 7 and len(set(ranks)) == 5 and (best is None or ranks < best):
                best, best_cards = ranks, tuple(cards)
    if best is None:
        return None
    mask = sum(1 << r for r in best)
    return LowHand(np.array(best_cards, dtype=np.uint8), 256 - mask)


# ---------------------------------------------------------------------------- the result
@dataclass(frozen=True)
class HiLoResult:
    """Outcome of an Omaha hi/lo equity calculation: per player the pot share, the high and
    low halves and the scoops.

    Probabilities are over every showdown counted: each board completion of each deal for
    an exact run, each trial for Monte Carlo. Arrays have one entry per player, in the order
    the players were given.

    Attributes
    ----------
    players : tuple of str
        The players as given, normalised: ``'As2dKhKc'``, ``'random'`` or the range text.
    equity : numpy.ndarray
        float64. The player's average share of the whole pot (both halves; the whole pot
        goes to the high when no low qualifies). The equities sum to 1.
    high : numpy.ndarray
        float64. The player's average share of the high half: 1 for the best high hand
        alone, 1/k when k players tie for it. Sums to 1.
    low : numpy.ndarray
        float64. The player's average share of the low half, counting the showdowns without
        a qualifying low as 0. Sums to ``low_qualifies``.
    scoop : numpy.ndarray
        float64. Probability that the player takes the whole pot alone: the best high hand
        alone and either the best low alone or no qualifying low.
    low_qualifies : float
        Share of the showdowns in which some player holds a qualifying low.
    stderr : numpy.ndarray
        float64. Standard error of ``equity[p]`` (Monte Carlo); zeros for an exact run.
    exact : bool
        True when every showdown was enumerated; False for Monte Carlo.
    boards : float
        Showdowns counted by an exact run; 0 for Monte Carlo.
    trials : int
        Monte Carlo trials run; 0 for an exact run.
    elapsed : float
        Seconds the calculation took, not counting time spent compiling kernels.
    stopped_by : str or None
        Which rule ended a Monte Carlo run (``'trials'``, ``'target_stderr'``,
        ``'time_limit'`` or ``'default time limit'``); None for an exact run.
    high_counts : numpy.ndarray
        float64, length 2**P: showdowns by the winner mask of the high half (bit p for
        player p).
    low_counts : numpy.ndarray
        float64, length 2**P: showdowns by the winner mask of the low half; entry 0 counts
        those without a qualifying low.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> r = pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4dTh9s")
    >>> r.high.round(4).tolist(), r.low.round(4).tolist(), r.scoop.round(4).tolist()
    ([0.675, 0.325], [0.4, 0.0], [0.675, 0.225])

    Two players with the same low split the low half: each gets a quarter of the pot.

    >>> print(pk.omaha_hilo_equity(["As2dKhKc", "Ac2cQhQd"], board="3c4d8hKd"))
    ... # doctest: +ELLIPSIS
    player      equity      high       low     scoop
    As2dKhKc   72.500%   95.000%   50.000%    0.000%
    Ac2cQhQd   27.500%    5.000%   50.000%    0.000%
    a low qualifies in 100.000% of showdowns
    exact: 40 showdowns counted in ... s
    """

    players: tuple[str, ...]
    equity: FloatArray
    high: FloatArray
    low: FloatArray
    scoop: FloatArray
    low_qualifies: float
    stderr: FloatArray
    exact: bool
    boards: float
    trials: int
    elapsed: float
    stopped_by: StopReason | None = None
    high_counts: FloatArray = field(default_factory=lambda: np.zeros(0), repr=False)
    low_counts: FloatArray = field(default_factory=lambda: np.zeros(0), repr=False)

    @classmethod
    def from_tallies(cls, players: tuple[str, ...], tallies: np.ndarray, exact: bool,
                     elapsed: float, trials: int = 0,
                     stopped_by: StopReason | None = None) -> HiLoResult:
        """Derive every statistic from the kernels' tallies.

        Parameters
        ----------
        players : tuple of str
            The players' labels, P of them.
        tallies : numpy.ndarray
            One row of ``pokerkeys._kernels.omaha_hilo`` tallies summed over chunks:
            the high and the low winner-mask histograms (2**P each), then per player the
            pot share in units of ``POT_UNITS``, its square and the scoops.
        exact : bool
            Whether the tallies come from enumeration (standard errors are then 0).
        elapsed : float
            Seconds the calculation took.
        trials : int, default 0
            Monte Carlo trials behind the tallies.
        stopped_by : str or None, default None
            The rule that ended a Monte Carlo run.

        Returns
        -------
        HiLoResult
            The shares, probabilities and counts.

        Examples
        --------
        >>> import numpy as np
        >>> from pokerkeys.equity.omaha_hilo import HiLoResult
        >>> # two showdowns: A scoops one, A takes the high and B the low of the other
        >>> tallies = np.array([0, 2, 0, 0,  1, 0, 1, 0,  7560, 2520,
        ...                     5040**2 + 2520**2, 2520**2,  1, 0])
        >>> r = HiLoResult.from_tallies(("A", "B"), tallies, exact=True, elapsed=0.0)
        >>> r.equity.tolist(), r.high.tolist(), r.low.tolist(), r.scoop.tolist()
        ([0.75, 0.25], [1.0, 0.0], [0.0, 0.5], [0.5, 0.0])
        """
        t = np.asarray(tallies, dtype=np.float64)
        n = len(players)
        n_masks = 1 << n
        high_counts = t[:n_masks]
        low_counts = t[n_masks:2 * n_masks]
        units, squares, scoops = t[2 * n_masks:].reshape(3, n)
        total = high_counts.sum()
        members = (np.arange(n_masks)[:, None] >> np.arange(n)) & 1
        size = np.maximum(members.sum(axis=1), 1)
        high = (high_counts / size) @ members / total
        low = (low_counts / size) @ members / total
        equity = units / (total * _k.POT_UNITS)
        if exact:
            stderr = np.zeros(n)
        else:
            second = squares / (total * _k.POT_UNITS ** 2)
            stderr = np.sqrt(np.maximum(second - equity ** 2, 0.0) / max(total - 1, 1))
        return cls(players=players, equity=equity, high=high, low=low, scoop=scoops / total,
                   low_qualifies=float(1.0 - low_counts[0] / total), stderr=stderr,
                   exact=exact, boards=float(total) if exact else 0.0, trials=int(trials),
                   elapsed=elapsed, stopped_by=stopped_by, high_counts=high_counts,
                   low_counts=low_counts)

    def __str__(self) -> str:
        width = max(6, max(len(p) for p in self.players))
        head = f"{'player':<{width}}  " + "  ".join(
            f"{h:>8}" for h in ("equity", "high", "low", "scoop"))
        if not self.exact:
            head += f"  {'± stderr':>9}"
        lines = [head]
        for i, name in enumerate(self.players):
            row = f"{name:<{width}}  " + "  ".join(
                f"{100 * float(a[i]):7.3f}%" for a in (self.equity, self.high, self.low,
                                                       self.scoop))
            if not self.exact:
                row += f"  {100 * self.stderr[i]:8.3f}%"
            lines.append(row)
        lines.append(f"a low qualifies in {100 * self.low_qualifies:.3f}% of showdowns")
        # The last line (how the count was made) is the high half's, word for word.
        high = EquityResult.from_mask_counts(self.players, self.high_counts, self.exact,
                                             self.elapsed, self.trials, self.stopped_by)
        lines.append(str(high).splitlines()[-1])
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain Python values, ready for ``json.dumps``.

        Returns
        -------
        dict
            Keys ``players``, ``equity``, ``high``, ``low``, ``scoop``, ``stderr`` (lists,
            one entry per player), ``low_qualifies``, ``exact``, ``boards``, ``trials``,
            ``elapsed`` and ``stopped_by``.

        Examples
        --------
        >>> import json
        >>> import pokerkeys as pk
        >>> d = pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4dTh9s").to_dict()
        >>> d["equity"], d["low_qualifies"], d["exact"], d["boards"]
        ([0.725, 0.275], 0.4, True, 40.0)
        >>> json.loads(json.dumps(d))["players"]
        ['As2dKhKc', 'QsQdJhTc']
        """
        return {
            "players": list(self.players), "equity": self.equity.tolist(),
            "high": self.high.tolist(), "low": self.low.tolist(),
            "scoop": self.scoop.tolist(), "stderr": self.stderr.tolist(),
            "low_qualifies": self.low_qualifies, "exact": self.exact,
            "boards": self.boards, "trials": self.trials, "elapsed": self.elapsed,
            "stopped_by": self.stopped_by,
        }


# ---------------------------------------------------------------------------- equity
_KINDS = {"hand": 0, "random": 1, "range": 2}  # as the Monte Carlo kernel reads them


class _TargetReached(Exception):
    """Raised between Monte Carlo rounds once every player's standard error is small enough."""


def omaha_hilo_equity(hands: Iterable[CardsLike], board: CardsLike | None = None,
                      dead: CardsLike | None = None, *, game: HiLoGame = "omaha8",
                      exact: bool | None = None, trials: int | None = None,
                      target_stderr: float | None = None, time_limit: float | None = None,
                      seed: SeedLike = None, threads: Threads = None,
                      progress: Progress | None = None) -> HiLoResult:
    """All-in equity of 2-10 Omaha hi/lo players (eight or better): pot share, high and low
    halves, scoops.

    The high half goes to the best Omaha hand, the low half to the best qualifying low
    (exactly two hole cards and three board cards, five distinct ranks eight or lower,
    aces low); with no qualifying low the high takes the whole pot, and tied hands split
    their half. Enumeration counts every board completion (and every deal of the random
    players' hole cards); Monte Carlo deals them at random, with the stop rules, seeds and
    rounds of ``pk.omaha_equity``.

    Parameters
    ----------
    hands : sequence of str, cards or ranges
        The players, 2 to 10 (a list, not one string), read by
        ``pokerkeys.equity.omaha.omaha_players``: each the game's number of known hole cards
        (``'As2dKhKc'``), an unknown hand (``'??'``, ``'????'``, ``'random'``, ``'any'``,
        ``'xx'``, ``'*'``) dealt that many cards, or an Omaha range (text such as
        ``'AA:$ds'`` or ``'15%'``, an ``OmahaRange`` or ``Range(text, game='omaha')``;
        ``N%`` ranks hands by their Omaha high equity).
    board : str, sequence of cards or None, default None
        0, 3, 4 or 5 community cards.
    dead : str, sequence of cards or None, default None
        Cards out of the deck.
    game : {'omaha8', 'omaha5-8', 'omaha6-8'}, default 'omaha8'
        4-card Omaha hi/lo, or its 5- or 6-card form.
    exact : bool or None, default None
        None: enumerate when no stop rule is given and the enumeration takes at most 3e8
        five-card lookups (about a second on two cores, as for ``omaha_equity``); else
        Monte Carlo. True: enumerate (refused beyond 2e11 lookups, or 2,000,000 deals of
        the random players' cards). False: Monte Carlo.
    trials, target_stderr, time_limit : int, float, float or None, default None
        The Monte Carlo stop rules, as for ``pk.omaha_equity``: the first one met stops the
        run; without any of them Monte Carlo runs 1,000,000 trials; with ``target_stderr``
        alone (the standard error of every player's pot share) it stops after 60 seconds at
        the latest; ``time_limit`` alone runs until the limit with no cap on the trials.
    seed : int, sequence of int or None, default None
        Seed of the Monte Carlo streams: the same seed and trial count give the same result
        whatever ``threads`` is. None: fresh entropy.
    threads : int or None, default None
        Kernel threads; None: all available. Results do not depend on it.
    progress : callable or None, default None
        ``progress(done, total)``: exact runs report batches done out of 20 or more, Monte
        Carlo reports trials (total None when no trial count bounds the run).

    Returns
    -------
    HiLoResult
        Per player the pot share (``equity``), the shares of the high and low halves, the
        scoops, and how often a low qualifies.

    Raises
    ------
    TypeError
        If ``hands`` is one string, a hand, the board or the dead cards are not cards (nor
        range text), or a player is a hold'em ``Range``.
    ValueError
        If ``game`` is unknown; there are not 2 to 10 players; a hand or a range has not the
        game's number of hole cards; a card does not parse or is used twice (the message
        names it and where); a range does not parse (the message names the player, the token
        and its position), matches no hand or has none left once the known cards are
        removed; the players' ranges cannot be dealt together; the board has 1, 2 or more
        than 5 cards; the deck is too small for the players and the board; exact
        enumeration would be too large; ``exact=True`` comes with a stop rule; a stop rule
        or ``threads`` is not a number in its range.
    KeyboardInterrupt
        On Ctrl-C, seen between kernel calls.

    See Also
    --------
    omaha_low : the best low of one hand.
    pokerkeys.omaha_equity : Omaha high only.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> r = pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4d9h")
    >>> r.exact, r.boards, r.equity.round(4).tolist(), r.scoop.round(4).tolist()
    (True, 820.0, [0.8707, 0.1293], [0.8317, 0.0902])
    >>> r = pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=10_000, seed=1)
    >>> r.exact, r.trials, r.equity.round(3).tolist()
    (False, 10000, [0.631, 0.369])
    >>> pk.omaha_hilo_equity(["As2dKhKcQd", "random"], game="omaha5-8", board="3c4d9h",
    ...                      trials=10_000, seed=1).high.round(3).tolist()
    [0.508, 0.492]
    """
    start = _jit.compute_clock()
    if game not in HILO_GAMES:
        raise ValueError(f"unknown hi/lo game {game!r}: choose one of "
                         f"{', '.join(HILO_GAMES)}")
    trials = validate_stop(trials, target_stderr, time_limit, exact)
    setup = omaha_players(hands, board, dead, HILO_GAMES[game])
    labels = tuple(setup.labels)
    pairs = _omaha_k.hole_pairs(setup.hole_cards)
    free = setup.free
    n_missing = 5 - len(setup.board)
    n_boards = math.comb(len(free), n_missing)
    n_random_hands = math.comb(len(free), setup.hole_cards)
    n_matchups = math.prod(n_random_hands if p.kind == "random" else len(p.hands)
                           if p.hands is not None else 1 for p in setup.players)  # at most
    per_matchup = n_boards * len(setup.players) * len(pairs) * 10
    stop_given = trials is not None or target_stderr is not None or time_limit is not None
    if exact is None:
        exact = float(n_matchups) * per_matchup <= AUTO_EXACT_MAX_LOOKUPS and not stop_given
    if exact:
        built = range_matchups(as_ranges(setup, []), EXACT_MAX_MATCHUPS)
        if built is None:
            raise ValueError(f"exact enumeration would need more than {EXACT_MAX_MATCHUPS:,} "
                             "matchups of the players' hands; use Monte Carlo (exact=False)")
        holes, weights, _ = built
        if len(holes) == 0:
            raise ValueError("no matchup is possible: the players' ranges always share a card")
        lookups = float(len(holes)) * per_matchup
        if lookups > EXACT_MAX_LOOKUPS:
            raise ValueError(f"exact Omaha hi/lo enumeration would take about {lookups:.1e} "
                             f"hand lookups; use Monte Carlo (exact=False)")
        tallies = _exact(holes, weights.prod(axis=1), pairs, setup.board, free, n_missing,
                         threads, progress, lookups)
        return HiLoResult.from_tallies(labels, tallies, True, _jit.compute_clock() - start)
    return _monte_carlo(setup, pairs, trials, target_stderr, time_limit, seed,
                        threads, progress, start)


def _exact(holes: CardArray, weights: FloatArray, pairs: IntArray, board: CardArray,
           free: CardArray, n_missing: int, threads: Threads, progress: Progress | None,
           lookups: float) -> FloatArray:
    """Summed tallies of every (matchup, board completion), in batches of chunks."""
    n_players = holes.shape[1]
    n_boards = math.comb(len(free), n_missing)
    total = len(holes) * n_boards
    # As omaha_equity: 20 batches or more with a progress callback, none over BATCH_LOOKUPS
    # (about 0.3 s), so Ctrl-C is seen between them.
    n_batches = max(20 if progress is not None else 1, math.ceil(lookups / BATCH_LOOKUPS))
    n_chunks = min(max(N_CHUNKS_EXACT, 8 * n_batches), total)
    n_batches = min(n_batches, n_chunks)
    chunk_starts = np.linspace(0, total, n_chunks + 1).round().astype(np.int64)
    cuts = np.linspace(0, n_chunks, n_batches + 1).round().astype(np.int64)
    out = np.zeros((n_chunks, _k.row_width(n_players)), dtype=np.float64)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    args = (holes, weights, pairs, board, free, n_missing, n_boards, BINOMIALS)
    tables = (_LOW_BITS, low_table(), *omaha_tables())
    if progress is not None:
        progress(0, n_batches)
    for b in range(n_batches):
        lo, hi = int(cuts[b]), int(cuts[b + 1])
        _jit.run_chunks(_k.exact_counts, hi - lo, threads, out[lo:hi], *args,
                        chunk_starts[lo:hi + 1], *tables)
        if progress is not None:
            progress(b + 1, n_batches)
    return out.sum(axis=0)


def _monte_carlo(setup: OmahaPlayers, pairs: IntArray, trials: int | None,
                 target_stderr: float | None, time_limit: float | None, seed: SeedLike,
                 threads: Threads, progress: Progress | None, start: float) -> HiLoResult:
    """Monte Carlo rounds through the shared driver.

    The driver plans the rounds, seeds the chunks and applies the trial count and the time
    limit from the high half's winner-mask counts; the hi/lo tallies are summed here, and
    the target standard error (of the pot shares, which the high half's counts do not give)
    is checked here before each round: once it is met, the next round is not run.
    """
    labels = tuple(setup.labels)
    n_players = len(labels)
    n_masks = 1 << n_players
    # Known hands are ranges of one row, ranges their rows with running sums of the weights;
    # random players are dealt from the deck and have no rows.
    kinds = np.array([_KINDS[p.kind] for p in setup.players], dtype=np.int64)
    n_hole = setup.hole_cards
    parts = [np.zeros((0, n_hole), dtype=np.uint8)]
    sums = [np.zeros(0)]
    for p in setup.players:
        if p.hand is not None:
            parts.append(p.hand[None, :])
            sums.append(np.ones(1))
        elif p.hands is not None and p.weights is not None:
            parts.append(p.hands)
            sums.append(np.cumsum(p.weights))
        else:
            parts.append(parts[0])
            sums.append(sums[0])
    row_starts = np.cumsum([0] + [len(h) for h in parts[1:]]).astype(np.int64)
    rows = np.ascontiguousarray(np.concatenate(parts), dtype=np.uint8)
    cumulative = np.concatenate(sums)
    known = setup.known
    base_used = np.uint64(sum(1 << int(c) for c in known))
    width = _k.row_width(n_players) + 1
    args = (kinds, rows, row_starts, cumulative, pairs, setup.board, base_used)
    tables = (_LOW_BITS, low_table(), *omaha_tables())
    totals = np.zeros(width, dtype=np.int64)

    def run(seeds: np.ndarray, sizes: IntArray) -> np.ndarray:
        out = np.zeros((len(seeds), width), dtype=np.int64)
        _jit.run_chunks(_k.monte_carlo_counts, len(seeds), threads, out, *args, seeds,
                        np.ascontiguousarray(sizes, dtype=np.int64), MAX_REJECTIONS, *tables)
        summed = out.sum(axis=0)
        if summed[-1]:
            raise ValueError("the players' ranges share too many cards to be dealt together")
        return summed

    def run_round(seeds: np.ndarray, sizes: IntArray) -> IntArray:
        done = int(totals[:n_masks].sum())
        if target_stderr is not None and done >= 10_000:
            partial = HiLoResult.from_tallies(labels, totals[:-1], False, 0.0, done)
            if (partial.stderr <= target_stderr).all():
                raise _TargetReached
        summed = run(seeds, sizes)
        totals[:] += summed
        return summed[:n_masks]

    def measure(seeds: np.ndarray, sizes: IntArray) -> IntArray:
        return run(seeds, sizes)[:n_masks]

    def estimate(elapsed: float, done: int) -> HiLoResult:
        # What a round observer (the web app streaming a job) sees: the halves so far.
        return HiLoResult.from_tallies(labels, totals[:-1], False, elapsed, done)

    default_limit = target_stderr is not None and trials is None and time_limit is None
    stopped_by: StopReason | None
    try:
        high = drive_monte_carlo(run_round, labels, trials, None,
                                 DEFAULT_TIME_LIMIT if default_limit else time_limit, seed,
                                 progress, start, TRIALS_PER_CHUNK, DEFAULT_TRIALS, threads,
                                 measure=measure, estimate=estimate)
        stopped_by = high.stopped_by
        if default_limit and stopped_by == "time_limit":
            stopped_by = "default time limit"
    except _TargetReached:
        stopped_by = "target_stderr"
    done = int(totals[:n_masks].sum())
    return HiLoResult.from_tallies(labels, totals[:-1], False, _jit.compute_clock() - start,
                                   done, stopped_by=stopped_by)
