"""Hold'em equity: exhaustive enumeration and Monte Carlo, 2-10 players, boards, dead cards,
ranges (``pk.equity``).

Every player is a *range* of hole-card combos with weights: a known hand is a range of one
combo, a partly known hand ('Ah??') is every combo holding that card, an unknown hand ('??',
'random') is every combo, and a PokerStove-style range is parsed by ``pokerkeys.equity.ranges``.
``pokerkeys.equity.setup`` reads and checks the players, board and dead cards. Enumeration
(here) walks every compatible *matchup* (one combo per player, weight = product of the combos'
weights; matchups equal up to a suit permutation merged, and those that differ by swapping
players of the same range, such as two 'random' hands, enumerated once with the counts
credited to each permutation) and every board completion, preflop by board rank classes
(``_kernels.rank_classes``); Monte Carlo
(``pokerkeys.equity.monte_carlo``, run by ``pokerkeys.equity.driver``) draws matchups and
boards at random. Both produce a histogram over winner masks (see ``_kernels.equity``), which
``EquityResult`` turns into equities, win and tie probabilities and split frequencies.

Short deck (``game='shortdeck'``) runs the same enumeration and Monte Carlo on the 36 cards
six to ace (the twos to fives leave the deck as if dead) with the short-deck rank tables,
preflop by rank classes too (two known hands: 201,376 boards in 1,278 + at most 4 x 5,040
showdowns).

>>> import pokerkeys as pk
>>> pk.equity(["AhAd", "KsKc"]).equity.round(4).tolist()
[0.8126, 0.1874]
"""
from __future__ import annotations

import contextlib
import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._balance import balanced_groups
from .._kernels import equity as _k
from .._kernels import rank_classes as _rc
from ..core.shortdeck import Rules, resolve_rules
from ..core.tables import eval_tables, rank_class_tables_7, shortdeck_tables
from ..core.types import CardArray, CardsLike, FloatArray, IntArray, SeedLike, Threads
from . import first_call
from .driver import Progress, validate_stop
from .matchups import (
    EXACT_MAX_MATCHUPS,
    alike_players,
    all_matchups,
    credit_alike,
    merge_isomorphic,
)
from .monte_carlo import monte_carlo
from .result import EquityResult
from .setup import PerCombo, PlayerSpec, Setup, prepare

# Besides its own names, holdem hands on those of the modules it is built from, where
# callers have always found them (the flop report, the Dask runs, the web app).
__all__ = ["AUTO_EXACT_MAX_EVALS", "GAMES", "Game", "enumeration_fits", "equity"]

#: The games ``equity`` plays: Texas Hold'em, short deck (six-plus hold'em) or Omaha (4-6
#: hole cards).
Game: TypeAlias = Literal["holdem", "shortdeck", "omaha", "omaha5", "omaha6"]

# Exhaustive enumeration is chosen automatically below this many hand evaluations, about a
# second on two cores: boards card by card run at about 590 M evaluations/s (AhKh vs two random
# hands on 2c3d4h: 2.9e9 in 4.9 s) and preflop rank-class showdowns at about the same rate per
# player (22+ vs random: 5.6e8 in 0.93 s), so both count as evaluations. Short deck counts the
# same way, its preflop by its own rank classes (random vs random: 2.8e8 in 0.84 s, AhKh vs two
# random hands: 1.7e9 in 4.0 s, on a host shared with four other jobs, where 22+ vs random
# took 1.2 s; since players of the same range are enumerated once per swap, these count
# 1.4e8 and 8.4e8). Monte Carlo above it.
AUTO_EXACT_MAX_EVALS = 5e8
# Runs of more than about half a second go in PROGRESS_BATCHES kernel calls or more, to report
# progress; and no kernel call does more than BATCH_EVALS evaluations (about 0.25 s), because
# a call holds the interpreter: Ctrl-C is seen between calls.
LONG_RUN_EVALS = AUTO_EXACT_MAX_EVALS / 2
PROGRESS_BATCHES = 20
BATCH_EVALS = AUTO_EXACT_MAX_EVALS / 4
# Exact runs use a second thread above this many evaluations (about 25 ms on one thread):
# below it, the pool's start costs about what it saves on a quiet host, and on a shared one
# a job waits whenever the helper thread's core is taken (QQ+,AKs vs JJ-88,AQs+, 5.1e6:
# 12.7 ms on one thread, 7.6 ms on two quiet cores, 24 ms on two busy ones).
PARALLEL_MIN_EVALS = 1e7


# ---------------------------------------------------------------------------- enumeration
def _enumeration(setup: Setup, forced: bool, budget: float = AUTO_EXACT_MAX_EVALS,
                 alike: Sequence[Sequence[int]] = ()
                 ) -> tuple[CardArray, FloatArray] | None:
    """(matchups, weights) to enumerate, suit-isomorphic ones merged (and, with ``alike``,
    those that differ by swapping players of the same range: their counts then go through
    ``credit_alike``); None when `forced` is False and the enumeration would take more than
    ``budget`` hand evaluations (by default about a second: then Monte Carlo runs).

    The matchups are only built when, even with the cheapest matchups and the best suit
    symmetry (24 permutations, times the permutations of the alike players), the run could
    fit the budget.
    """
    n_players = len(setup.players)
    # The work of the method that runs: preflop by rank classes (Hold'em's or short deck's
    # nine ranks), other boards card by card.
    short = setup.rules is not None
    if setup.n_missing == 5:
        non_flush, flush = ((_SHORT_NON_FLUSH_PART_WORK, _SHORT_FLUSH_PART_WORK) if short
                            else (_NON_FLUSH_PART_WORK, _FLUSH_PART_WORK))
        cheapest = non_flush + 4 * flush[0]
    else:
        cheapest = math.comb(setup.n_rem, setup.n_missing)
    at_most = math.prod(len(c) for c in setup.combo_lists)
    symmetry = 24 * math.prod(math.factorial(len(g)) for g in alike)
    if not forced and (at_most > EXACT_MAX_MATCHUPS
                       or at_most * cheapest * n_players / symmetry > budget):
        return None
    matchups, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    if len(matchups) == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    matchups, weights = merge_isomorphic(matchups, weights, setup.board, setup.dead,
                                         alike=alike)
    if not forced and _evaluations(_piece_work(matchups, setup.n_missing, setup.n_rem,
                                               short=short), n_players) > budget:
        return None
    return np.ascontiguousarray(matchups), weights


def _alike(setup: Setup) -> tuple[tuple[int, ...], ...]:
    """The groups of players of the same range whose matchups are enumerated once per orbit
    of their permutations (``credit_alike`` credits the others): up to 5 players, where
    matchups are merged at all."""
    if len(setup.players) > 5:
        return ()
    return alike_players(setup.combo_lists, setup.weight_lists)


# Below this many matchups, work items are (matchup, first board card) pairs balanced by their
# board counts; above it, whole matchups, which all cost the same, in contiguous groups.
SPLIT_MATCHUPS_BELOW = 256
MAX_GROUPS = 64


def _work_items(piece_work: npt.ArrayLike, n_batches: int) -> tuple[IntArray, IntArray, int]:
    """(items (W, 2), group_starts, groups per batch) for the exact kernels, computed once per
    problem (the same few problems come back call after call, and a millisecond-long exact run
    spent a fifth of a millisecond here). Copies of the cached arrays: writable, as the kernels
    were compiled for (a read-only array is another Numba type, so another signature)."""
    piece_work = np.ascontiguousarray(piece_work, dtype=np.float64)
    if _whole_matchups(*piece_work.shape):
        # Quick to build, and a key of hundreds of thousands of matchups is not.
        return _split_work(piece_work, n_batches)
    items, starts, per_batch = _work_items_cached(piece_work.tobytes(), piece_work.shape,
                                                  n_batches)
    return items.copy(), starts.copy(), per_batch


@lru_cache(maxsize=64)
def _work_items_cached(work_bytes: bytes, shape: tuple[int, ...], n_batches: int
                       ) -> tuple[IntArray, IntArray, int]:
    return _split_work(np.frombuffer(work_bytes).reshape(shape), n_batches)


def _split_work(piece_work: FloatArray, n_batches: int) -> tuple[IntArray, IntArray, int]:
    """``_work_items`` computed.

    piece_work (M, K): the work of each matchup's K pieces (first board cards, or the parts of
    a preflop rank-class enumeration). Few matchups are split into their pieces, balanced by
    their work; many are whole items (piece -1) in contiguous groups, as they cost the same.
    Numba gives each thread a contiguous block of groups, so 2-64 groups of equal work keep
    the threads busy. The grouping depends on the problem only, never on the thread count:
    each group sums its weighted counts in floating point, and the same grouping adds them in
    the same order, so results are identical to the last bit whatever `threads` is.
    """
    n_matchups, n_pieces = piece_work.shape
    whole = _whole_matchups(n_matchups, n_pieces)
    n_items = n_matchups if whole else n_matchups * n_pieces
    n_batches = min(n_batches, max(1, n_items // 16))
    per_batch = min(MAX_GROUPS, max(2, n_items // (8 * n_batches)))
    n_groups = per_batch * n_batches
    if whole:
        items = np.stack([np.arange(n_matchups), np.full(n_matchups, -1)], axis=1)
        bounds = np.linspace(0, n_matchups, n_groups + 1).round().astype(np.int64)
        return items.astype(np.int64), bounds, per_batch
    items = np.stack(np.meshgrid(np.arange(n_matchups), np.arange(n_pieces), indexing="ij"),
                     axis=-1).reshape(-1, 2).astype(np.int64)
    order, starts = balanced_groups(piece_work.ravel(), n_groups)
    # Fewer items than groups: the missing groups are empty (every batch must exist).
    starts = np.concatenate([starts, np.full(n_groups + 1 - len(starts), starts[-1])])
    return items[order], starts, per_batch


def _whole_matchups(n_matchups: int, n_pieces: int) -> bool:
    """Whether ``_split_work`` makes whole matchups its work items (else their pieces)."""
    return n_matchups >= SPLIT_MATCHUPS_BELOW or n_pieces == 1


def _piece_work(hands: CardArray, n_missing: int, n_rem: int, short: bool = False
                ) -> FloatArray:
    """(M, K) showdowns of each matchup's pieces: rank-class parts preflop (``short``: of the
    short deck's nine ranks), else first cards."""
    if n_missing == 5:
        return _rank_class_work(hands, short)
    return _first_card_work(len(hands), n_missing, n_rem)


def _evaluations(piece_work: FloatArray, n_players: int) -> float:
    """Hand evaluations of an enumeration: showdowns times players (see AUTO_EXACT_MAX_EVALS)."""
    return float(piece_work.sum()) * n_players


def _first_card_work(n_matchups: int, n_missing: int, n_rem: int) -> FloatArray:
    """Boards per (matchup, first missing card) of the board enumeration; one column of
    all the boards when the matchups are many (``_split_work`` keeps them whole then: a
    column per first card made a 180 MB table for 556,000 matchups of a flop)."""
    if n_missing == 0:
        return np.ones((n_matchups, 1))
    if n_matchups >= SPLIT_MATCHUPS_BELOW:
        return np.full((n_matchups, 1), float(math.comb(n_rem, n_missing)))
    firsts = np.arange(n_rem - n_missing + 1)
    per_first = [math.comb(n_rem - f - 1, n_missing - 1) for f in firsts]
    return np.tile(np.array(per_first, dtype=float), (n_matchups, 1))


# Showdowns of one suit's flush correction by the most hole cards a player holds in the suit
# (0, 1 or 2): sum over j >= 5 - most of C(13, j) suited rank sets x the 91, 13 or 1 rank
# multisets of the other 5 - j board cards; the rank-multiset part has 6,175.
_FLUSH_PART_WORK = np.array([1_287, 715 * 13 + 1_287, 286 * 91 + 715 * 13 + 1_287], dtype=float)
_NON_FLUSH_PART_WORK = 6_175.0
# The same in short deck, nine ranks: C(9, j) suited rank sets x the 45, 9 or 1 rank multisets
# of the other cards, and 1,278 rank multisets of five cards.
_SHORT_FLUSH_PART_WORK = np.array([126, 126 * 9 + 126, 84 * 45 + 126 * 9 + 126], dtype=float)
_SHORT_NON_FLUSH_PART_WORK = 1_278.0


def _rank_class_work(hands: CardArray, short: bool = False) -> FloatArray:
    """Work of the five parts of each matchup's preflop rank-class enumeration (``short``:
    short deck's)."""
    suits = hands.astype(np.int64) & 3
    most = (suits[..., None] == np.arange(4)).sum(axis=2).max(axis=1)  # (M, 4)
    non_flush, flush = ((_SHORT_NON_FLUSH_PART_WORK, _SHORT_FLUSH_PART_WORK) if short
                        else (_NON_FLUSH_PART_WORK, _FLUSH_PART_WORK))
    return np.concatenate([np.full((len(hands), 1), non_flush), flush[most]], axis=1)


def _exact_counts(hands: CardArray, weights: FloatArray, board: CardArray, excluded: int,
                  n_missing: int, n_rem: int, threads: Threads, progress: Progress | None,
                  rules: Rules | None = None) -> FloatArray:
    """Winner-mask counts of every matchup over every board completion, weighted.

    Preflop runs by rank classes (``_kernels.rank_classes``, short deck with its own rank
    tables), other boards card by card.
    """
    preflop = n_missing == 5
    if preflop:
        tables = rank_class_tables_7(rules)
    else:
        tables = (eval_tables(7) if rules is None else shortdeck_tables(7, rules)).as_tuple()
    piece_work = _piece_work(hands, n_missing, n_rem, short=rules is not None)
    evaluations = _evaluations(piece_work, hands.shape[1])
    wanted = PROGRESS_BATCHES if evaluations > LONG_RUN_EVALS else 1
    wanted = max(wanted, math.ceil(evaluations / BATCH_EVALS))
    items, starts, per_batch = _work_items(piece_work, wanted)
    n_batches = (len(starts) - 1) // per_batch
    n_masks = 1 << hands.shape[1]
    total = np.zeros(n_masks)
    fixed: tuple[object, ...]
    # Jobs of milliseconds: one thread, no pool to wake (the result is the same).
    n_threads = 1 if evaluations <= PARALLEL_MIN_EVALS else threads
    if preflop:
        kernel = _rc.preflop_counts
        fixed = (hands, weights, np.uint64(excluded))
    else:
        kernel = _k.exact_counts
        fixed = (hands, weights, board, np.uint64(excluded), n_missing)
    probe = (0, 0, np.zeros((0, n_masks)), *fixed, items, starts, *tables)
    # (The NumPy first answer ranks with Hold'em's tables: not for short deck.)
    if rules is None and first_call.fits(hands, weights, n_missing, n_rem) and \
            _jit.answer_while_compiling(kernel, *probe):
        # First run: count in NumPy (the same counts) while the kernel compiles.
        _jit.warm_up(kernel, *probe)
        return first_call.weighted_mask_counts(hands, weights, board, excluded, n_missing)
    if progress is not None:
        progress(0, len(items))
    with _jit.threads(n_threads) if n_threads != 1 else contextlib.nullcontext():
        for b in range(n_batches):
            lo, hi = b * per_batch, (b + 1) * per_batch
            group_starts = starts[lo:hi + 1] - starts[lo]
            sub = items[starts[lo]:starts[hi]]
            counts = np.zeros((len(group_starts) - 1, n_masks))
            _jit.run_chunks(kernel, len(group_starts) - 1, n_threads, counts, *fixed, sub,
                            group_starts, *tables)
            total += counts.sum(axis=0)
            if progress is not None:  # in work items (matchups or their pieces) done
                progress(int(starts[hi]), len(items))
    return total


# ---------------------------------------------------------------------------- public API
#: The values of ``equity``'s ``game``.
#: The hole cards of each Omaha game (None: as the known hands say, 4 when none does).
_OMAHA_HOLE: dict[str, int | None] = {"omaha": None, "omaha5": 5, "omaha6": 6}
GAMES: tuple[Game, ...] = ("holdem", "shortdeck", "omaha", "omaha5", "omaha6")


def enumeration_fits(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
                     dead: CardsLike | None = None,
                     max_evaluations: float = AUTO_EXACT_MAX_EVALS, *,
                     game: Literal["holdem", "shortdeck"] = "holdem",
                     rules: Rules | None = None) -> bool:
    """Whether exact enumeration of this problem takes at most ``max_evaluations`` hand
    evaluations.

    Two cores evaluate about 5e8 hands a second; the default is what ``equity`` enumerates on
    its own when ``exact`` is None (the web app asks before it runs an exact job). Matchups
    equal up to a suit permutation, or up to swapping players of the same range, count once,
    as they are enumerated once.

    Parameters
    ----------
    hands, board, dead
        As for ``equity``.
    max_evaluations : float, default AUTO_EXACT_MAX_EVALS
        The budget in hand evaluations (5e8).
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The game, as for ``equity``. The work is that of the method that runs: preflop
        showdowns of the boards' rank classes (short deck's nine ranks: at most 1,278 board
        rank multisets plus the flush corrections), other boards one by one.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: the rule order (it does not change the work).

    Returns
    -------
    bool
        True when the enumeration fits the budget (suit-isomorphic matchups merged).

    Raises
    ------
    TypeError, ValueError
        On bad input, as ``equity`` does.

    Examples
    --------
    >>> from pokerkeys.equity.holdem import enumeration_fits
    >>> enumeration_fits(["AhKh", "QsQd"]), enumeration_fits(["AhKh"] + ["random"] * 5)
    (True, False)
    >>> enumeration_fits(["random", "random"], game="shortdeck")
    True
    >>> enumeration_fits(["AhKh", "random", "random"], game="shortdeck")
    False
    """
    setup = prepare(hands, board, dead, rules=resolve_rules(game, rules))
    return _enumeration(setup, False, max_evaluations, _alike(setup)) is not None


def equity(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           time_limit: float | None = None, seed: SeedLike = None, threads: Threads = None,
           progress: Progress | None = None, game: Game = "holdem",
           per_combo: PerCombo = False, rules: Rules | None = None) -> EquityResult:
    """All-in equity of 2-10 hold'em players: exactly when that is quick, else by Monte Carlo.

    Each player is a hand, a partly known hand, an unknown hand or a weighted range; the board
    may be empty (preflop) or hold 3, 4 or 5 cards, and dead cards leave the deck. Exact runs
    enumerate every board completion of every matchup of the players' combos; Monte Carlo
    deals matchups and boards at random until a stop rule ends the run.

    Parameters
    ----------
    hands : sequence of str, Range or cards
        The players, 2 to 10 (a list, not one string). Each is one of:

        - a hand: ``'AhKh'`` (any card text ``pokerkeys.parse_cards`` reads: ``'Ah Kh'``,
          ``'10h9h'``, ``'A♥K♥'``) or two card ids (``[50, 47]``);
        - a partly known hand: one card and ``'??'``, e.g. ``'Ah??'`` (every hand holding
          that card);
        - an unknown hand: ``'??'``, ``'random'`` (also ``'any'``, ``'xx'``, ``'*'``, any
          case);
        - a range: PokerStove-style text (``'QQ+,AKs'``, ``'JJ-88'``, ``'AKs:0.5'``,
          ``'15%'``, syntax in ``pokerkeys.equity.ranges``) or a ``Range``. Text that is
          not one hand is read as a range, so ``'AhKh,AhQh'`` is a range of two hands.
    board : str, sequence of cards or None, default None
        The community cards: none (preflop), 3 (flop), 4 (turn) or 5 (river).
    dead : str, sequence of cards or None, default None
        Cards out of the deck (folded or seen), any number.
    exact : bool or None, default None
        None: enumerate every board when no stop rule (``trials``, ``target_stderr``,
        ``time_limit``) is given and the enumeration takes at most ``AUTO_EXACT_MAX_EVALS``
        (5e8) hand evaluations, about a second on two cores (preflop, Hold'em's or short
        deck's, counted in showdowns of the boards' rank classes, as it runs); otherwise
        Monte Carlo. True:
        enumerate whatever it costs (refused beyond 5,000,000 matchups of range combos).
        False: Monte Carlo.
    trials : int or None, default None
        Monte Carlo: stop after this many trials (a positive integer up to 1e15; a float
        with an integer value such as ``1e6`` is accepted).
    target_stderr : float or None, default None
        Monte Carlo: stop once every player's standard error of equity is at most this
        (above 0, below 0.5; checked between rounds, from 10,000 trials on).
    time_limit : float or None, default None
        Monte Carlo: stop once this many seconds have passed since the call began, within
        50 ms of it (time spent compiling kernels not counted; the rounds are planned from
        the measured speed and the last one is cut to the time left). Alone, it runs until
        the limit with no cap on the trials. With several rules, the first one met stops
        the run. With none of the three, Monte Carlo runs ``DEFAULT_TRIALS`` (10,000,000)
        trials. With ``target_stderr`` alone, the run also stops after 60 seconds
        (``stopped_by`` is then ``'default time limit'``); once ``trials`` or
        ``time_limit`` is given, no 60-second limit applies.
    seed : int, sequence of int or None, default None
        Seed of the Monte Carlo streams (``numpy.random.SeedSequence``): the same seed and
        the same trial count give the same result whatever ``threads`` is. None: fresh
        entropy, a different sample each call. Exact runs ignore it.
    threads : int or None, default None
        Threads of the parallel kernels; None: all that Numba uses (``NUMBA_NUM_THREADS``).
        Exact runs of up to ``PARALLEL_MIN_EVALS`` (1e7) hand evaluations, about 25 ms on
        one thread, run on one thread whatever it says. Results do not depend on it, exact
        or Monte Carlo.
    progress : callable or None, default None
        ``progress(done, total)``: called with 0 done first, then after each batch of
        work. Exact runs count work items (matchups or parts of them; runs over about half a
        second go in 20 batches or more); Monte Carlo counts trials, with total None when
        no trial count bounds the run; exact per-combo runs count matchups (and the
        heads-up board sweep does not report). Whatever it returns is ignored; an exception it
        raises ends the run.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: which of three of a kind and straight ranks higher (None: trips).
    game : {'holdem', 'shortdeck', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        ``'shortdeck'``: short deck (six-plus hold'em), the 36 cards six to ace with its own
        ranking (``pokerkeys.core.shortdeck``): hands, partly known and random hands,
        ranges (every combo of six or higher), boards and dead cards and ``per_combo`` as
        in Hold'em. ``'omaha'``: the players hold 4, 5 or 6 cards (as their known hands
        say; 4 when none does) and play Omaha; ``'omaha5'`` and ``'omaha6'`` fix 5 or 6. The
        call is ``pokerkeys.equity.omaha.omaha_equity`` with the same arguments: players are
        hands, ``'random'`` or Omaha ranges (text in the generic syntax, ``OmahaRange`` or
        ``Range(text, game='omaha')``), and ``per_combo`` gives each Omaha hand's result.
    per_combo : bool, int or sequence of int, default False
        Keep each combo's own result for some players, read with
        ``result.combo_equity(i)``. True: every player given as a range, ``'random'`` or
        ``'Ah??'``; an index or a list of indices (0-based): those players, each of which
        must be such a player. With Monte Carlo every player, single hands included, is
        then drawn from its combo list: the same deal as without ``per_combo`` but another
        random stream, so a seed gives other (equally valid) figures. ``exact=None`` picks
        enumeration for heads-up with at most two board cards to come even when it is
        long (the range sweep there is cheap).

    Returns
    -------
    EquityResult
        Per player ``equity``, ``win``, ``tie`` and ``tie_share``, raw counts, split
        frequencies, ``exact``, ``boards`` or ``trials``, ``stderr`` (Monte Carlo),
        ``elapsed`` and ``stopped_by``; per-combo tables with ``per_combo``.

    Raises
    ------
    TypeError
        If ``hands`` is one string or one ``Range`` instead of a list of players, or a
        player, the board or the dead cards are of a type that cannot hold cards (the
        message names which), or an Omaha player is a ``Range``.
    ValueError
        If there are not 2 to 10 players; a player is neither a hand nor a range (the
        message names the player and what did not parse: for text written as cards, such
        as ``'AhKx'``, the bad card and what a card is), is one card alone (``'Ah'``:
        write ``'Ah??'``) or holds more than two cards; the board has 1, 2 or more than 5
        cards; a card does not parse; a card is used twice (in two places or twice in one:
        the message names the card and the places); the deck has too few cards for the
        players and the board; a range is empty once the board, dead cards and other
        players' cards are removed; the ranges always share a card (no matchup is
        possible), or almost always (Monte Carlo gives up after 100,000 collisions in a
        row); ``exact=True`` would need more than 5,000,000 matchups, or comes with a stop
        rule; ``trials``, ``target_stderr``, ``time_limit`` or ``threads`` is not a number
        in its range; ``game`` is unknown; ``per_combo`` names a player that is a single
        hand or an index out of range, or is True with no range player; ``rules`` is unknown
        or given with another game than short deck; in short deck, a card below the six in a
        hand, a range, the board or the dead cards (the message names it).
        ``RangeParseError`` is a ``ValueError``. With an Omaha game, the errors of ``omaha_equity``.
    KeyboardInterrupt
        On Ctrl-C, seen between kernel calls (each about a quarter of a second to a
        second).

    See Also
    --------
    EquityResult : the result and the definitions of equity, win, tie and tie share.
    pokerkeys.equity.ranges.Range : range syntax, weights and top-X% ranges.
    pokerkeys.equity.omaha.omaha_equity : Omaha.

    Notes
    -----
    Exact results count every showdown once per board completion of every matchup,
    weighted by the product of the players' combo weights; a matchup holding a card twice
    is impossible and not counted. Monte Carlo deals each trial's matchup with exactly those
    probabilities (range combos by weight, redrawn when two collide), then the unknown hole
    cards and the missing board cards. Trials run in chunks of 32,768, chunk i on the i-th
    seed derived from ``seed``, so the counts depend on the seed and the trial count only.
    A first call in a fresh install may answer in NumPy while the kernel compiles in the
    background (same counts).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> r = pk.equity(["AhAd", "KsKc"])
    >>> r.exact, r.equity.round(4).tolist(), r.boards
    (True, [0.8126, 0.1874], 1712304.0)

    A range on a flop, and a partly known hand with a dead card:

    >>> pk.equity(["AhKh", "QQ+,AKs"], board="Qh7h2c").equity.round(4).tolist()
    [0.4431, 0.5569]
    >>> pk.equity(["AsKs", "Ah??"], board="Ad7c2h", dead="Kd").exact
    True

    Monte Carlo with a fixed seed (the same figures on every machine and thread count):

    >>> r = pk.equity(["AhKh", "QsQd", "random"], trials=10_000, seed=1)
    >>> print(r)  # doctest: +ELLIPSIS
    player    equity       win       tie   ± stderr
    AhKh     40.643%   40.360%    0.680%     0.490%
    QsQd     45.708%   45.530%    0.470%     0.497%
    random   13.648%   13.300%    0.810%     0.340%
    Monte Carlo: 10,000 trials in ... s, stopped by trials

    Errors name what is wrong:

    >>> pk.equity(["AhKh", "Ah??"])
    Traceback (most recent call last):
    ...
    ValueError: card Ah is used in player 1 and player 2

    Short deck, every preflop board:

    >>> r = pk.equity(["AhKh", "7c6c"], game="shortdeck")
    >>> r.boards, r.equity.round(4).tolist()
    (201376.0, [0.5978, 0.4022])
    """
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if game in _OMAHA_HOLE:
        if rules is not None:
            raise ValueError(f"rules apply to game='shortdeck' only, not to game={game!r}")
        from .omaha import omaha_equity
        return omaha_equity(hands, board, dead, hole_cards=_OMAHA_HOLE[game], exact=exact,
                            trials=trials, target_stderr=target_stderr,
                            time_limit=time_limit, seed=seed, threads=threads,
                            progress=progress, per_combo=per_combo)
    short = resolve_rules(game, rules)
    start = _jit.compute_clock()
    trials = validate_stop(trials, target_stderr, time_limit, exact)
    # Checked here, not only where a kernel runs: a first call may answer without one.
    threads = _jit.check_threads(threads)
    setup = prepare(hands, board, dead, rules=short)
    stop_given = trials is not None or target_stderr is not None or time_limit is not None
    plan = None
    if per_combo is not False and per_combo is not None:
        from . import per_combo as _per_combo

        # Heads-up with a flop or later, the range sweep is always cheap: exact by default.
        cheap = len(setup.players) == 2 and setup.n_missing <= 2
        exact_run = bool(exact) or (exact is None and not stop_given and (
            cheap or _enumeration(setup, forced=False) is not None))
        return _per_combo.run(setup, per_combo, exact=exact_run, trials=trials,
                              target_stderr=target_stderr, time_limit=time_limit, seed=seed,
                              threads=threads, progress=progress, start=start)
    alike = _alike(setup)
    if exact or (exact is None and not stop_given):
        plan = _enumeration(setup, forced=bool(exact), alike=alike)
    if plan is None:
        return monte_carlo(setup, trials, target_stderr, time_limit, seed, threads, progress,
                           start)
    matchups, weights = plan
    counts = credit_alike(_exact_counts(matchups, weights, setup.board, setup.excluded,
                                        setup.n_missing, setup.n_rem, threads, progress,
                                        setup.rules), alike)
    if counts.sum() == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    return EquityResult.from_mask_counts(setup.labels, counts, True,
                                         _jit.compute_clock() - start)
