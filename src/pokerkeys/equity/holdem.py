"""Hold'em equity: exhaustive enumeration and Monte Carlo, 2-10 players, boards, dead cards,
ranges (``pk.equity``).

Every player is a *range* of hole-card combos with weights: a known hand is a range of one
combo, a partly known hand ('Ah??') is every combo holding that card, an unknown hand ('??',
'random') is every combo, and a PokerStove-style range is parsed by ``pokerkeys.equity.ranges``.
Enumeration walks every compatible *matchup* (one combo per player, weight = product of the
combos' weights; matchups equal up to a suit permutation merged) and every board completion,
preflop by board rank classes (``_kernels.rank_classes``); Monte Carlo draws matchups and
boards at random (``pokerkeys.equity.driver`` runs it). Both produce a histogram over winner
masks (see ``_kernels.equity``), which ``EquityResult`` turns into equities, win and tie
probabilities and split frequencies.

>>> import pokerkeys as pk
>>> pk.equity(["AhAd", "KsKc"]).equity.round(4).tolist()
[0.8126, 0.1874]
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._balance import balanced_groups
from .._kernels import equity as _k
from .._kernels import per_combo as _pc
from .._kernels import rank_classes as _rc
from ..core.cards import N_CARDS, excerpt, format_card, format_cards, parse_cards
from ..core.classes import ALL_COMBOS, COMBO_INDEX_TABLE
from ..core.evaluate import kernel_args
from ..core.sampling import alias_table
from ..core.tables import eval_tables, rank_class_tables_7
from ..core.types import CardArray, CardsLike, FloatArray, IntArray, SeedLike, Threads
from . import first_call
from .driver import DEFAULT_TRIALS, MAX_REJECTIONS, Progress, drive_monte_carlo, validate_stop
from .matchups import EXACT_MAX_MATCHUPS, all_matchups, merge_isomorphic
from .ranges import Range
from .result import EquityResult

__all__ = ["AUTO_EXACT_MAX_EVALS", "DEFAULT_TRIALS", "GAMES", "MAX_PLAYERS", "Game",
           "MonteCarloArgs", "PerCombo", "Player", "PlayerSpec", "Setup", "enumeration_fits",
           "equity", "monte_carlo", "monte_carlo_args", "prepare", "run_chunks"]

#: One player of ``equity``: a hand (``'AhKh'``, or two card ids), a partly known hand
#: (``'Ah??'``), an unknown hand (``'??'``, ``'random'``), range text (``'QQ+,AKs'``,
#: ``'JJ:0.5'``, ``'15%'``) or a ``Range``.
PlayerSpec: TypeAlias = str | Range | CardsLike

#: The games ``equity`` plays: Texas Hold'em or Omaha (4-6 hole cards).
Game: TypeAlias = Literal["holdem", "omaha"]

#: Whose per-combo results ``equity`` keeps: True (every player given as a range, 'random' or
#: 'Ah??'), False (nobody), or a player's 0-based index or a sequence of them.
PerCombo: TypeAlias = bool | int | Sequence[int]

#: The arguments of the Monte Carlo kernels before the seeds (``monte_carlo_args``): known
#: cards (P, 2), range index per player, range combos, alias keep and alias rows, range starts,
#: board, cards missing from the board, mask of board and dead cards.
MonteCarloArgs: TypeAlias = tuple[CardArray, IntArray, CardArray, npt.NDArray[np.uint64],
                                  IntArray, IntArray, CardArray, int, np.uint64]


MAX_PLAYERS = 10
UNKNOWN = 255
# Exhaustive enumeration is chosen automatically below this many hand evaluations, about a
# second on two cores: boards card by card run at about 590 M evaluations/s (AhKh vs two random
# hands on 2c3d4h: 2.9e9 in 4.9 s) and preflop rank-class showdowns at about the same rate per
# player (22+ vs random: 5.6e8 in 0.93 s), so both count as evaluations. Monte Carlo above it.
AUTO_EXACT_MAX_EVALS = 5e8
# Runs of more than about half a second go in PROGRESS_BATCHES kernel calls or more, to report
# progress; and no kernel call does more than BATCH_EVALS evaluations (about 0.25 s), because
# a call holds the interpreter: Ctrl-C is seen between calls.
LONG_RUN_EVALS = AUTO_EXACT_MAX_EVALS / 2
PROGRESS_BATCHES = 20
BATCH_EVALS = AUTO_EXACT_MAX_EVALS / 4
# Preflop runs use the parallel kernel above this many evaluations (about 2 ms on one thread):
# below it, starting the thread pool costs more than it saves (AhKh vs QsQd: 0.4 ms on one
# thread, 36 ms with the pool).
PARALLEL_MIN_EVALS = 1e6


# ---------------------------------------------------------------------------- players
@dataclass(frozen=True)
class Player:
    """One player's hole cards as the engine sees them (``Setup.players``).

    Attributes
    ----------
    label : str
        The player as results show it: ``'AhKh'``, ``'Ah ??'``, ``'random'`` or range text.
    known : tuple of int
        The known hole cards' ids: 2 for a hand, 1 for a partly known hand, 0 for an unknown
        hand or a range.
    range : Range or None
        The range of a range player (``known`` is empty then), else None.

    Examples
    --------
    >>> from pokerkeys.equity.holdem import prepare
    >>> [(p.label, p.known, p.kind) for p in prepare(["AhKh", "Qs??", "random"]).players]
    [('AhKh', (50, 46), 'hand'), ('Qs ??', (43,), 'partial'), ('random', (), 'random')]
    """

    label: str
    known: tuple[int, ...]
    range: Range | None = None

    @property
    def kind(self) -> Literal["hand", "partial", "random", "range"]:
        """``'hand'``, ``'partial'`` (one known card), ``'random'`` or ``'range'``."""
        if self.range is not None:
            return "range"
        kinds: dict[int, Literal["hand", "partial", "random"]] = {
            2: "hand", 1: "partial", 0: "random"}
        return kinds[len(self.known)]


_RANDOM_WORDS = {"??", "????", "random", "any", "xx", "xxxx", "*"}


def _parse_player(spec: PlayerSpec, index: int) -> Player:
    """A player from 'AhKh', 'Ah??', '??', 'random', a range string, a Range or ids.

    One card alone ('Ah') is an error: a partly known hand is written 'Ah??'. Text that is
    not one hand is read as a range, so a list of specific hands sharing a card
    ('AhKh,AhQh') is a range, as ``pk.Range`` reads it.
    """
    where = f"player {index + 1}"
    if isinstance(spec, Range):
        return Player(spec.text or repr(spec), (), spec)
    if isinstance(spec, np.str_):
        spec = str(spec)
    ids: CardArray | None
    if isinstance(spec, str):
        text = spec.strip()
        if text.lower() in _RANDOM_WORDS:
            return Player("random", ())
        if "?" in text:
            stripped = text.replace("?", "")
            try:
                ids = parse_cards(stripped)
            except ValueError as exc:
                raise ValueError(f"{where}: {exc}") from None
            if len(ids) != 1 or len(text) - len(stripped) != 2:
                raise ValueError(f"{where}: a partly known hand is one card and '??', like "
                                 f"'Ah??', not {excerpt(spec)}")
            return Player(f"{format_cards(ids)} ??", (int(ids[0]),))
        try:
            ids = parse_cards(text)
            card_error = None
        except ValueError as exc:
            ids, card_error = None, exc
        if ids is None or len(ids) > 2:  # not one hand: a range, 'QQ+,AKs' or 'AhKh,AhQh'
            try:
                rng = Range(text)
            except ValueError as range_error:
                if card_error is not None and "duplicate" in str(card_error):
                    raise ValueError(f"{where}: {card_error}") from None
                if ids is not None:
                    raise ValueError(f"{where}: a hold'em hand has 2 hole cards, not "
                                     f"{len(ids)} ({format_cards(ids)})") from None
                raise ValueError(f"{where}: {excerpt(spec)} is neither a hand nor a range: "
                                 f"{range_error}") from None
            return Player(text, (), rng)
    else:
        try:
            ids = parse_cards(spec)
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"{where}: {exc}") from None
    if len(ids) == 1:
        raise ValueError(f"{where}: one card ({format_cards(ids)}) is not a hand; write "
                         f"'{format_cards(ids)}??' for a hand with one unknown card")
    if len(ids) != 2:
        raise ValueError(f"{where}: a hold'em hand has 2 hole cards, not {len(ids)} "
                         f"({format_cards(ids)})")
    return Player(format_cards(ids, sep=""), tuple(int(c) for c in ids))


def _check_conflicts(players: list[Player], board: CardArray, dead: CardArray) -> None:
    """Name the first card that appears in two places among hands, board and dead cards."""
    owner: dict[int, str] = {}
    places: list[tuple[str, Sequence[int]]] = [
        (f"player {i + 1}", p.known) for i, p in enumerate(players)]
    places += [("the board", board.tolist()), ("the dead cards", dead.tolist())]
    for place, cards in places:
        for c in cards:
            if c in owner:
                other = owner[c]
                detail = f"twice in {place}" if other == place else f"in {other} and {place}"
                raise ValueError(f"card {format_card(c)} is used {detail}")
            owner[c] = place


def _combos_of(player: Player, blocked: int) -> tuple[CardArray, FloatArray]:
    """(combos (n, 2) uint8, weights (n,)) of a player, without combos using blocked cards."""
    if player.range is not None:
        combos, weights = player.range.combos, player.range.weights
    else:
        combos, weights = ALL_COMBOS, np.ones(len(ALL_COMBOS))
        if len(player.known) == 2:  # its one row, without scanning all 1,326
            row = COMBO_INDEX_TABLE[player.known[0], player.known[1]]
            combos, weights = ALL_COMBOS[row:row + 1], np.ones(1)
        elif player.known:
            combos = combos[(combos == player.known[0]).any(axis=1)]
            weights = np.ones(len(combos))
    bits = (np.uint64(1) << combos.astype(np.uint64))
    free = ((bits[:, 0] | bits[:, 1]) & np.uint64(blocked)) == 0
    return np.ascontiguousarray(combos[free]), weights[free]


# ---------------------------------------------------------------------------- enumeration
def _enumeration(setup: Setup, forced: bool, budget: float = AUTO_EXACT_MAX_EVALS
                 ) -> tuple[CardArray, FloatArray] | None:
    """(matchups, weights) to enumerate, suit-isomorphic ones merged; None when `forced` is
    False and the enumeration would take more than ``budget`` hand evaluations (by default
    about a second: then Monte Carlo runs).

    The matchups are only built when, even with the cheapest matchups and the best suit
    symmetry (24 permutations), the run could fit the budget.
    """
    n_players = len(setup.players)
    if setup.n_missing == 5:
        cheapest = _NON_FLUSH_PART_WORK + 4 * _FLUSH_PART_WORK[0]
    else:
        cheapest = math.comb(setup.n_rem, setup.n_missing)
    at_most = math.prod(len(c) for c in setup.combo_lists)
    if not forced and (at_most > EXACT_MAX_MATCHUPS
                       or at_most * cheapest * n_players / 24 > budget):
        return None
    matchups, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    if len(matchups) == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    matchups, weights = merge_isomorphic(matchups, weights, setup.board, setup.dead)
    work = _piece_work(matchups, setup.n_missing, setup.n_rem)
    if not forced and _evaluations(work, n_players) > budget:
        return None
    return np.ascontiguousarray(matchups), weights


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
    whole = n_matchups >= SPLIT_MATCHUPS_BELOW or n_pieces == 1
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


def _piece_work(hands: CardArray, n_missing: int, n_rem: int) -> FloatArray:
    """(M, K) showdowns of each matchup's pieces: rank-class parts preflop, else first cards."""
    if n_missing == 5:
        return _rank_class_work(hands)
    return _first_card_work(len(hands), n_missing, n_rem)


def _evaluations(piece_work: FloatArray, n_players: int) -> float:
    """Hand evaluations of an enumeration: showdowns times players (see AUTO_EXACT_MAX_EVALS)."""
    return float(piece_work.sum()) * n_players


def _first_card_work(n_matchups: int, n_missing: int, n_rem: int) -> FloatArray:
    """Boards per (matchup, first missing card) of the board enumeration."""
    if n_missing == 0:
        return np.ones((n_matchups, 1))
    firsts = np.arange(n_rem - n_missing + 1)
    per_first = [math.comb(n_rem - f - 1, n_missing - 1) for f in firsts]
    return np.tile(np.array(per_first, dtype=float), (n_matchups, 1))


# Showdowns of one suit's flush correction by the most hole cards a player holds in the suit
# (0, 1 or 2): sum over j >= 5 - most of C(13, j) suited rank sets x the 91, 13 or 1 rank
# multisets of the other 5 - j board cards; the rank-multiset part has 6,175.
_FLUSH_PART_WORK = np.array([1_287, 715 * 13 + 1_287, 286 * 91 + 715 * 13 + 1_287], dtype=float)
_NON_FLUSH_PART_WORK = 6_175.0


def _rank_class_work(hands: CardArray) -> FloatArray:
    """Work of the five parts of each matchup's preflop rank-class enumeration."""
    suits = hands.astype(np.int64) & 3
    most = (suits[..., None] == np.arange(4)).sum(axis=2).max(axis=1)  # (M, 4)
    return np.concatenate([np.full((len(hands), 1), _NON_FLUSH_PART_WORK),
                           _FLUSH_PART_WORK[most]], axis=1)


def _exact_counts(hands: CardArray, weights: FloatArray, board: CardArray, excluded: int,
                  n_missing: int, n_rem: int, threads: Threads, progress: Progress | None
                  ) -> FloatArray:
    """Winner-mask counts of every matchup over every board completion, weighted.

    Preflop runs by rank classes (``_kernels.rank_classes``), other boards card by card.
    """
    preflop = n_missing == 5
    tables = rank_class_tables_7() if preflop else kernel_args(7)
    piece_work = _piece_work(hands, n_missing, n_rem)
    evaluations = _evaluations(piece_work, hands.shape[1])
    wanted = PROGRESS_BATCHES if evaluations > LONG_RUN_EVALS else 1
    wanted = max(wanted, math.ceil(evaluations / BATCH_EVALS))
    items, starts, per_batch = _work_items(piece_work, wanted)
    n_batches = (len(starts) - 1) // per_batch
    total = np.zeros(1 << hands.shape[1])
    fixed: tuple[object, ...]
    if preflop:  # one thread for small jobs: no pool to start, quickest to compile
        kernel = (_rc.preflop_counts_parallel
                  if threads != 1 and evaluations > PARALLEL_MIN_EVALS else _rc.preflop_counts)
        fixed = (hands, weights, np.uint64(excluded))
    else:
        kernel = _k.exact_counts
        fixed = (hands, weights, board, np.uint64(excluded), n_missing)
    if first_call.fits(hands, weights, n_missing, n_rem) and _jit.answer_while_compiling(
            kernel, *fixed, items, starts, *tables):
        # First run: count in NumPy (the same counts) while the kernel compiles.
        _jit.warm_up("preflop" if preflop else "board", kernel, *fixed, items, starts, *tables)
        return first_call.weighted_mask_counts(hands, weights, board, excluded, n_missing)
    if progress is not None:
        progress(0, len(items))
    with _jit.threads(threads):
        for b in range(n_batches):
            lo, hi = b * per_batch, (b + 1) * per_batch
            group_starts = starts[lo:hi + 1] - starts[lo]
            sub = items[starts[lo]:starts[hi]]
            counts = kernel(*fixed, sub, group_starts, *tables)
            total += counts.sum(axis=0)
            if progress is not None:  # in work items (matchups or their pieces) done
                progress(int(starts[hi]), len(items))
    return total


# ---------------------------------------------------------------------------- public API
def _parse_place(cards: CardsLike | None, where: str) -> CardArray:
    """Board or dead cards; duplicates are reported later, with every place named."""
    try:
        return parse_cards(cards if cards is not None else [], allow_duplicates=True)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


#: The values of ``equity``'s ``game``.
GAMES: tuple[Game, ...] = ("holdem", "omaha")


@dataclass(frozen=True)
class Setup:
    """A validated equity problem: players, board, dead cards and each player's combos.

    ``prepare`` builds it; the exact and Monte Carlo paths of ``equity``, per-combo results
    and the flop report read it.

    Attributes
    ----------
    players : tuple of Player
        The players, in the order given.
    board : numpy.ndarray
        uint8 ids of the 0, 3, 4 or 5 board cards.
    dead : numpy.ndarray
        uint8 ids of the dead cards.
    combo_lists : tuple of numpy.ndarray
        Per player, the (n, 2) uint8 combos the player may hold: those of its range (every
        combo for a random hand, every combo with the known card for a partly known one)
        that use no board card, no dead card and no other player's known card.
    weight_lists : tuple of numpy.ndarray
        Per player, the float64 weights of those combos.
    n_missing : int
        Board cards still to come (5 - board size).
    n_rem : int
        Cards left in the deck once the board, the dead cards and every hole card are out.

    Examples
    --------
    >>> from pokerkeys.equity.holdem import prepare
    >>> setup = prepare(["AhKh", "QQ+"], board="Qh7h2c")
    >>> setup.labels, [len(c) for c in setup.combo_lists], setup.n_missing, setup.n_rem
    (['AhKh', 'QQ+'], [1, 9], 2, 45)
    """

    players: tuple[Player, ...]
    board: CardArray
    dead: CardArray
    combo_lists: tuple[CardArray, ...]
    weight_lists: tuple[FloatArray, ...]
    n_missing: int
    n_rem: int

    @property
    def labels(self) -> list[str]:
        """The players' labels (``Player.label``), in order."""
        return [p.label for p in self.players]

    @property
    def excluded(self) -> int:
        """52-bit mask of the board and dead cards (bit c for card id c)."""
        mask = 0
        for c in list(self.board) + list(self.dead):
            mask |= 1 << int(c)
        return mask


def prepare(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
            dead: CardsLike | None = None) -> Setup:
    """Parse and check an equity problem: every bad input raises here, named.

    Parameters
    ----------
    hands, board, dead
        As for ``equity``.

    Returns
    -------
    Setup
        The players, board, dead cards, and each player's combos once every other known
        card is removed.

    Raises
    ------
    TypeError, ValueError
        As listed under ``equity`` (every input error but those of the keyword options).

    Examples
    --------
    >>> from pokerkeys.equity.holdem import prepare
    >>> [len(c) for c in prepare(["AhKh", "Ah??"], dead="2c").combo_lists]
    Traceback (most recent call last):
    ...
    ValueError: card Ah is used in player 1 and player 2
    >>> [len(c) for c in prepare(["AhKh", "As??"], dead="2c").combo_lists]
    [1, 48]
    """
    if isinstance(hands, (str, Range)):
        raise TypeError("hands is a list of players, e.g. ['AhKh', 'QsQd']")
    specs = list(hands)
    if not 2 <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, not {len(specs)}")
    players = [_parse_player(h, i) for i, h in enumerate(specs)]
    board_ids = _parse_place(board, "board")
    dead_ids = _parse_place(dead, "dead cards")
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    _check_conflicts(players, board_ids, dead_ids)
    n_missing = 5 - len(board_ids)
    n_rem = N_CARDS - len(board_ids) - len(dead_ids) - 2 * len(players)
    if n_rem < n_missing:
        raise ValueError(f"too many players for the deck: {len(players)} players need "
                         f"{2 * len(players)} hole cards, and with {len(board_ids)} board and "
                         f"{len(dead_ids)} dead cards only {n_rem + 2 * len(players)} cards "
                         f"remain for {2 * len(players) + n_missing}")
    blocked = 0
    for c in list(board_ids) + list(dead_ids) + [c for p in players for c in p.known]:
        blocked |= 1 << int(c)
    combo_lists: list[CardArray] = []
    weight_lists: list[FloatArray] = []
    for i, p in enumerate(players):
        own = 0
        for c in p.known:
            own |= 1 << c
        combos, weights = _combos_of(p, blocked & ~own)
        if len(combos) == 0:
            raise ValueError(f"the range of player {i + 1} ({p.label!r}) is empty once the "
                             f"board, dead cards and other players' cards are removed")
        combo_lists.append(combos)
        weight_lists.append(weights)
    return Setup(tuple(players), board_ids, dead_ids, tuple(combo_lists), tuple(weight_lists),
                 n_missing, n_rem)


def enumeration_fits(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
                     dead: CardsLike | None = None,
                     max_evaluations: float = AUTO_EXACT_MAX_EVALS) -> bool:
    """Whether exact enumeration of this problem takes at most ``max_evaluations`` hand
    evaluations.

    Two cores evaluate about 5e8 hands a second; the default is what ``equity`` enumerates on
    its own when ``exact`` is None (the web app asks before it runs an exact job).

    Parameters
    ----------
    hands, board, dead
        As for ``equity``.
    max_evaluations : float, default AUTO_EXACT_MAX_EVALS
        The budget in hand evaluations (5e8).

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
    """
    return _enumeration(prepare(hands, board, dead), False, max_evaluations) is not None


def equity(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           time_limit: float | None = None, seed: SeedLike = None, threads: Threads = None,
           progress: Progress | None = None, game: Game = "holdem",
           per_combo: PerCombo = False) -> EquityResult:
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
        (5e8) hand evaluations, about a second on two cores; otherwise Monte Carlo. True:
        enumerate whatever it costs (refused beyond 5,000,000 matchups of range combos).
        False: Monte Carlo.
    trials : int or None, default None
        Monte Carlo: stop after this many trials (a positive integer up to 1e15; a float
        with an integer value such as ``1e6`` is accepted).
    target_stderr : float or None, default None
        Monte Carlo: stop once every player's standard error of equity is at most this
        (above 0, below 0.5; checked between rounds, from 10,000 trials on).
    time_limit : float or None, default None
        Monte Carlo: stop once this many seconds have passed since the call began (time
        spent compiling kernels not counted; checked between rounds of about 0.25-1 s).
        With several rules, the first one reached stops the run. With none of the three,
        Monte Carlo runs ``DEFAULT_TRIALS`` (10,000,000) trials. With ``target_stderr``
        alone, the run also stops after 60 seconds (``stopped_by`` is then
        ``'default time limit'``).
    seed : int, sequence of int or None, default None
        Seed of the Monte Carlo streams (``numpy.random.SeedSequence``): the same seed and
        the same trial count give the same result whatever ``threads`` is. None: fresh
        entropy, a different sample each call. Exact runs ignore it.
    threads : int or None, default None
        Threads of the parallel kernels; None: all that Numba uses (``NUMBA_NUM_THREADS``).
        Results do not depend on it, exact or Monte Carlo.
    progress : callable or None, default None
        ``progress(done, total)``: called with 0 done first, then after each batch of
        work. Exact runs count work items (matchups or parts of them; runs over about half a
        second go in 20 batches or more); Monte Carlo counts trials, with total None when
        no trial count bounds the run; exact per-combo runs count matchups (and the
        heads-up board sweep does not report). Whatever it returns is ignored; an exception it
        raises ends the run.
    game : {'holdem', 'omaha'}, default 'holdem'
        ``'omaha'``: the players hold 4, 5 or 6 cards and play Omaha; the call is
        ``pokerkeys.equity.omaha.omaha_equity`` with the same arguments (no ranges, no
        ``per_combo``).
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
        message names the player and what did not parse), is one card alone (``'Ah'``:
        write ``'Ah??'``) or holds more than two cards; the board has 1, 2 or more than 5
        cards; a card does not parse; a card is used twice (in two places or twice in one:
        the message names the card and the places); the deck has too few cards for the
        players and the board; a range is empty once the board, dead cards and other
        players' cards are removed; the ranges always share a card (no matchup is
        possible), or almost always (Monte Carlo gives up after 100,000 collisions in a
        row); ``exact=True`` would need more than 5,000,000 matchups, or comes with a stop
        rule; ``trials``, ``target_stderr``, ``time_limit`` or ``threads`` is not a number
        in its range; ``game`` is unknown; ``per_combo`` is given with ``game='omaha'``,
        names a player that is a single hand or an index out of range, or is True with no
        range player. ``RangeParseError`` is a ``ValueError``. With ``game='omaha'``, the
        errors of ``omaha_equity``.
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
    AhKh     40.720%   40.370%    0.820%     0.489%
    QsQd     46.010%   45.820%    0.500%     0.497%
    random   13.270%   12.850%    0.960%     0.336%
    Monte Carlo: 10,000 trials in ... s, stopped by trials

    Errors name what is wrong:

    >>> pk.equity(["AhKh", "Ah??"])
    Traceback (most recent call last):
    ...
    ValueError: card Ah is used in player 1 and player 2
    """
    if per_combo is not False and per_combo is not None and game != "holdem":
        raise ValueError("per_combo is for hold'em only")
    if game != "holdem":
        if game != "omaha":
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
        from .omaha import omaha_equity
        return omaha_equity(_omaha_players(hands), board, dead, exact=exact, trials=trials,
                            target_stderr=target_stderr, time_limit=time_limit, seed=seed,
                            threads=threads, progress=progress)
    start = _jit.compute_clock()
    trials = validate_stop(trials, target_stderr, time_limit, exact)
    # Checked here, not only where a kernel runs: a first call may answer without one.
    threads = _jit.check_threads(threads)
    setup = prepare(hands, board, dead)
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
    if exact or (exact is None and not stop_given):
        plan = _enumeration(setup, forced=bool(exact))
    if plan is None:
        return monte_carlo(setup, trials, target_stderr, time_limit, seed, threads, progress,
                           start)
    matchups, weights = plan
    counts = _exact_counts(matchups, weights, setup.board, setup.excluded, setup.n_missing,
                           setup.n_rem, threads, progress)
    if counts.sum() == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    return EquityResult.from_mask_counts(setup.labels, counts, True,
                                         _jit.compute_clock() - start)


def _omaha_players(hands: Iterable[PlayerSpec]) -> Iterable[CardsLike]:
    """The players of ``equity(..., game='omaha')``: refuse ranges, which Omaha lacks."""
    if isinstance(hands, str):
        return hands  # omaha_equity says that hands is a list
    players: list[CardsLike] = []
    for i, h in enumerate(hands):
        if isinstance(h, Range):
            raise TypeError(f"player {i + 1}: an Omaha player holds 4, 5 or 6 cards or is "
                            f"'random'; ranges are for hold'em")
        players.append(h)
    return players


def monte_carlo_args(setup: Setup, *, every_player_drawn: bool = False) -> MonteCarloArgs:
    """Arguments of the Monte Carlo kernels before the seeds, for a setup.

    Known cards per player (255 where unknown), and each range player's combos with their
    alias tables (``pokerkeys.core.sampling.alias_table``; aliases as rows of the
    concatenated combos), which ``_kernels.equity.monte_carlo_counts`` samples in constant
    time.

    Parameters
    ----------
    setup : Setup
        The problem.
    every_player_drawn : bool, default False
        Draw every player from its combo list, as a range (per-combo results: a uniform draw
        over compatible combos is the same deal as dealing unknown cards, and gives each
        trial's combo a row to count in).

    Returns
    -------
    MonteCarloArgs
        known (P, 2) uint8, range_of (P,) (the player's range, or -1), range_combos (R, 2),
        range_keep (R,) uint64, range_alias (R,), range_starts (ranges + 1,), board,
        n_missing, excluded (52-bit mask of board and dead cards).

    Examples
    --------
    >>> from pokerkeys.equity.holdem import monte_carlo_args, prepare
    >>> args = monte_carlo_args(prepare(["AhKh", "QQ+", "random"]))
    >>> args[0].tolist(), args[1].tolist(), args[5].tolist()
    ([[50, 46], [255, 255], [255, 255]], [-1, 0, -1], [0, 12])
    >>> monte_carlo_args(prepare(["AhKh", "QQ+"]), every_player_drawn=True)[5].tolist()
    [0, 1, 13]
    """
    n = len(setup.players)
    known = np.full((n, 2), UNKNOWN, dtype=np.uint8)
    range_of = np.full(n, -1, dtype=np.int64)
    range_combos: list[CardArray] = []
    range_keep: list[npt.NDArray[np.uint64]] = []
    range_alias: list[IntArray] = []
    range_starts = [0]
    for i, p in enumerate(setup.players):
        if p.range is None and not every_player_drawn:
            known[i, :len(p.known)] = p.known
            continue
        range_of[i] = len(range_starts) - 1
        keep, alias = alias_table(setup.weight_lists[i])
        range_combos.append(setup.combo_lists[i])
        range_keep.append(keep)
        range_alias.append(alias + range_starts[-1])
        range_starts.append(range_starts[-1] + len(keep))
    if not range_combos:  # the kernels still need arrays of the right types
        range_combos = [np.zeros((1, 2), dtype=np.uint8)]
        range_keep = [np.zeros(1, dtype=np.uint64)]
        range_alias = [np.zeros(1, dtype=np.int64)]
    return (known, range_of, np.ascontiguousarray(np.concatenate(range_combos)),
            np.concatenate(range_keep), np.concatenate(range_alias),
            np.array(range_starts, dtype=np.int64), setup.board, setup.n_missing,
            np.uint64(setup.excluded))


def run_chunks(mc_args: MonteCarloArgs, seeds: npt.NDArray[np.uint64], sizes: IntArray,
               threads: Threads = None, tally: FloatArray | None = None) -> IntArray:
    """Winner-mask counts of Monte Carlo chunks, summed.

    Chunk i runs ``sizes[i]`` trials on the stream seeded by ``seeds[i]``. Without ranges
    the kernels deal from one free-card mask (heads-up in registers), with ranges they draw
    combos by weight (``_kernels.equity``); each gives the same counts for the same chunks,
    however the chunks are grouped into calls (rounds of the driver, Dask tasks).

    Parameters
    ----------
    mc_args : MonteCarloArgs
        ``monte_carlo_args(setup)``.
    seeds : numpy.ndarray
        uint64 seed of each chunk (``pokerkeys.core.sampling.spawn_seeds``).
    sizes : numpy.ndarray
        int64 trials of each chunk (``pokerkeys.equity.driver.chunk_sizes``).
    threads : int or None, default None
        Kernel threads; None: all.
    tally : numpy.ndarray or None, default None
        (R, 5) float64, one row per row of the concatenated range combos, to which each
        trial adds (1, won alone, tied, pot share, pot share squared) for every player's
        drawn combo (``_kernels.per_combo``); every player must then be drawn as a range
        (``monte_carlo_args(..., every_player_drawn=True)``).

    Returns
    -------
    numpy.ndarray
        int64 counts of length 2**P by winner mask.

    Raises
    ------
    ValueError
        If the players' ranges collide on 100,000 draws in a row in some chunk: they almost
        never fit together, so Monte Carlo cannot sample them.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.core.sampling import spawn_seeds
    >>> from pokerkeys.equity.driver import chunk_sizes
    >>> from pokerkeys.equity.holdem import monte_carlo_args, prepare, run_chunks
    >>> args = monte_carlo_args(prepare(["AhAd", "KsKc"]))
    >>> sizes = chunk_sizes(1000, per_chunk=500)
    >>> counts = run_chunks(args, spawn_seeds(np.random.SeedSequence(7), 2), sizes)
    >>> counts.tolist(), int(counts.sum())
    ([0, 808, 186, 6], 1000)
    """
    tables: tuple[Any, ...]
    if tally is not None:
        kernel, tables = _pc.monte_carlo_per_combo, kernel_args(7)
    elif (mc_args[1] >= 0).any():
        kernel, tables = _k.monte_carlo_counts, kernel_args(7)
    elif len(mc_args[0]) == 2:
        # same counts as monte_carlo_plain, faster
        kernel, tables = _k.monte_carlo_heads_up, eval_tables(7).batch_tuple()
    else:
        kernel, tables = _k.monte_carlo_plain, eval_tables(7).batch_tuple()
    with _jit.threads(threads):
        out = kernel(*mc_args, seeds, sizes, MAX_REJECTIONS, *tables)
    if tally is not None:
        out, rows = out
    if (out[:, -1] < 0).any():
        raise ValueError("the players' ranges almost never fit together without sharing "
                         "a card; Monte Carlo cannot sample them")
    if tally is not None:
        tally += rows.sum(axis=0)
    counts: IntArray = out[:, :-1].sum(axis=0)
    return counts


def monte_carlo(setup: Setup, trials: int | None, target_stderr: float | None,
                time_limit: float | None, seed: SeedLike, threads: Threads,
                progress: Progress | None, start: float,
                tally: FloatArray | None = None) -> EquityResult:
    """Monte Carlo equity of a setup under the driver's stop rules.

    Parameters
    ----------
    setup : Setup
        The problem (``prepare``).
    trials, target_stderr, time_limit, seed, threads, progress
        As for ``equity`` (the stop rules already checked by
        ``pokerkeys.equity.driver.validate_stop``).
    start : float
        ``pokerkeys._jit.compute_clock()`` when the call began.
    tally : numpy.ndarray or None, default None
        Per-combo tallies to fill (see ``run_chunks``): every player is then drawn as a
        range.

    Returns
    -------
    EquityResult
        The Monte Carlo result (``pokerkeys.equity.driver.drive_monte_carlo``).

    Raises
    ------
    ValueError
        If the ranges almost never fit together (see ``run_chunks``).

    Examples
    --------
    >>> from pokerkeys.equity.holdem import monte_carlo, prepare
    >>> r = monte_carlo(prepare(["AhAd", "KsKc"]), 1000, None, None, seed=7, threads=None,
    ...                 progress=None, start=0.0)
    >>> r.trials, r.stopped_by
    (1000, 'trials')
    """
    mc_args = monte_carlo_args(setup, every_player_drawn=tally is not None)
    return drive_monte_carlo(
        lambda seeds, sizes: run_chunks(mc_args, seeds, sizes, threads, tally), setup.labels,
        trials, target_stderr, time_limit, seed, progress, start, default_trials=DEFAULT_TRIALS)
