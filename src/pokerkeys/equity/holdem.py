"""Hold'em equity: exhaustive enumeration and Monte Carlo, 2-10 players, boards, dead cards,
ranges.

Every player is a *range* of hole-card combos with weights: a known hand is a range of one
combo, a partly known hand ('Ah??') is every combo holding that card, an unknown hand ('??',
'random') is every combo, and a PokerStove-style range is parsed by ``pokerkeys.equity.ranges``.
Enumeration walks every compatible *matchup* (one combo per player, weight = product of the
combos' weights; matchups equal up to a suit permutation merged) and every board completion,
preflop by board rank classes (``_kernels.rank_classes``); Monte Carlo draws matchups and
boards at random.
Both produce a histogram over winner masks (see ``_kernels.equity``), which
``EquityResult`` turns into equities, win and tie probabilities and split frequencies.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

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
from . import first_call
from .driver import DEFAULT_TRIALS, MAX_REJECTIONS, drive_monte_carlo, validate_stop
from .matchups import EXACT_MAX_MATCHUPS, all_matchups, merge_isomorphic
from .ranges import Range
from .result import EquityResult

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
# Beyond this many matchups even exact=True refuses: memory for the matchup list alone would
# be gigabytes, and the run would take hours.


# ---------------------------------------------------------------------------- players
@dataclass(frozen=True)
class Player:
    """One player's hole cards as the engine sees them."""
    label: str
    known: tuple[int, ...]          # 0, 1 or 2 known cards
    range: Range | None = None      # set for range players (known is empty then)

    @property
    def kind(self) -> str:
        if self.range is not None:
            return "range"
        return {2: "hand", 1: "partial", 0: "random"}[len(self.known)]


_RANDOM_WORDS = {"??", "????", "random", "any", "xx", "xxxx", "*"}


def parse_player(spec, index: int) -> Player:
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


def _check_conflicts(players: list[Player], board: np.ndarray, dead: np.ndarray) -> None:
    """Name the first card that appears in two places among hands, board and dead cards."""
    owner: dict[int, str] = {}
    places = [(f"player {i + 1}", p.known) for i, p in enumerate(players)]
    places += [("the board", board.tolist()), ("the dead cards", dead.tolist())]
    for place, cards in places:
        for c in cards:
            if c in owner:
                other = owner[c]
                detail = f"twice in {place}" if other == place else f"in {other} and {place}"
                raise ValueError(f"card {format_card(c)} is used {detail}")
            owner[c] = place


def _combos_of(player: Player, blocked: int) -> tuple[np.ndarray, np.ndarray]:
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
def _enumeration(setup: Setup, forced: bool, budget: float = AUTO_EXACT_MAX_EVALS):
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


def _work_items(piece_work, n_batches):
    """(items (W, 2), group_starts, groups per batch) for the exact kernels, computed once per
    problem (the same few problems come back call after call, and a millisecond-long exact run
    spent a fifth of a millisecond here). Copies of the cached arrays: writable, as the kernels
    were compiled for (a read-only array is another Numba type, so another signature)."""
    piece_work = np.ascontiguousarray(piece_work, dtype=np.float64)
    items, starts, per_batch = _work_items_cached(piece_work.tobytes(), piece_work.shape,
                                                  n_batches)
    return items.copy(), starts.copy(), per_batch


@lru_cache(maxsize=64)
def _work_items_cached(work_bytes: bytes, shape: tuple, n_batches: int):
    return _split_work(np.frombuffer(work_bytes).reshape(shape), n_batches)


def _split_work(piece_work, n_batches):
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
        starts = np.linspace(0, n_matchups, n_groups + 1).round()
        return items.astype(np.int64), starts.astype(np.int64), per_batch
    items = np.stack(np.meshgrid(np.arange(n_matchups), np.arange(n_pieces), indexing="ij"),
                     axis=-1).reshape(-1, 2).astype(np.int64)
    order, starts = balanced_groups(piece_work.ravel(), n_groups)
    # Fewer items than groups: the missing groups are empty (every batch must exist).
    starts = np.concatenate([starts, np.full(n_groups + 1 - len(starts), starts[-1])])
    return items[order], starts, per_batch


def _piece_work(hands, n_missing, n_rem):
    """(M, K) showdowns of each matchup's pieces: rank-class parts preflop, else first cards."""
    if n_missing == 5:
        return _rank_class_work(hands)
    return _first_card_work(len(hands), n_missing, n_rem)


def _evaluations(piece_work, n_players: int) -> float:
    """Hand evaluations of an enumeration: showdowns times players (see AUTO_EXACT_MAX_EVALS)."""
    return float(piece_work.sum()) * n_players


def _first_card_work(n_matchups, n_missing, n_rem):
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


def _rank_class_work(hands):
    """Work of the five parts of each matchup's preflop rank-class enumeration."""
    suits = hands.astype(np.int64) & 3
    most = (suits[..., None] == np.arange(4)).sum(axis=2).max(axis=1)  # (M, 4)
    return np.concatenate([np.full((len(hands), 1), _NON_FLUSH_PART_WORK),
                           _FLUSH_PART_WORK[most]], axis=1)


def _exact_counts(hands, weights, board, excluded, n_missing, n_rem, threads, progress):
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
def _parse_place(cards, where: str) -> np.ndarray:
    """Board or dead cards; duplicates are reported later, with every place named."""
    try:
        return parse_cards(cards if cards is not None else [], allow_duplicates=True)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


GAMES = ("holdem", "omaha")


@dataclass(frozen=True)
class Setup:
    """A validated equity problem: players, board, dead cards and each player's combos."""
    players: tuple[Player, ...]
    board: np.ndarray
    dead: np.ndarray
    combo_lists: tuple[np.ndarray, ...]   # per player, combos free of everybody else's cards
    weight_lists: tuple[np.ndarray, ...]
    n_missing: int                        # board cards still to come
    n_rem: int                            # cards left once every hole card is dealt

    @property
    def labels(self) -> list[str]:
        return [p.label for p in self.players]

    @property
    def excluded(self) -> int:
        """52-bit mask of the board and dead cards."""
        mask = 0
        for c in list(self.board) + list(self.dead):
            mask |= 1 << int(c)
        return mask


def prepare(hands, board=None, dead=None) -> Setup:
    """Parse and check an equity problem; every bad input raises here, named."""
    if isinstance(hands, (str, Range)):
        raise TypeError("hands is a list of players, e.g. ['AhKh', 'QsQd']")
    hands = list(hands)
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, not {len(hands)}")
    players = [parse_player(h, i) for i, h in enumerate(hands)]
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
    combo_lists, weight_lists = [], []
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


def enumeration_fits(hands, board=None, dead=None,
                     max_evaluations: float = AUTO_EXACT_MAX_EVALS) -> bool:
    """Whether exact enumeration of this problem takes at most ``max_evaluations`` hand
    evaluations (about 5e8 a second on two cores; the default is what ``equity`` enumerates
    on its own). Raises on bad input, like ``equity``."""
    return _enumeration(prepare(hands, board, dead), False, max_evaluations) is not None


def equity(hands, board=None, dead=None, *, exact=None, trials=None, target_stderr=None,
           time_limit=None, seed=None, threads=None, progress=None,
           game: str = "holdem", per_combo=False) -> EquityResult:
    """All-in equity of 2-10 hold'em players (``game='omaha'``: Omaha, see
    ``pokerkeys.equity.omaha.omaha_equity``).

    hands: each a hand ('AhKh'), a partly known hand ('Ah??'), an unknown hand ('??' or
    'random'), a range ('QQ+,AKs', 'JJ:0.5', '15%', a Range) or card ids.
    board: 0, 3, 4 or 5 cards; dead: cards out of the deck.
    exact: None picks enumeration when it takes about a second or less, else Monte Carlo;
    True forces enumeration, False Monte Carlo. Monte Carlo stops after ``trials``, when every
    player's standard error is below ``target_stderr``, or after ``time_limit`` seconds,
    whichever comes first (default: 10 million trials). The same ``seed`` gives the same
    result whatever ``threads`` is. ``progress``: a callable(done, total) for long runs.
    per_combo: True (every player given as a range, 'random' or 'Ah??') or player indices:
    keep each combo's own result, read with ``result.combo_equity(i)`` (``per_combo``).
    """
    if per_combo is not False and per_combo is not None and game != "holdem":
        raise ValueError("per_combo is for hold'em only")
    if game != "holdem":
        if game != "omaha":
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
        from .omaha import omaha_equity
        return omaha_equity(hands, board, dead, exact=exact, trials=trials,
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


def monte_carlo_args(setup: Setup, *, every_player_drawn: bool = False) -> tuple:
    """Arguments of ``_kernels.equity.monte_carlo_counts`` before the seeds, for a setup.

    Known cards per player (255 where unknown), and each range player's combos with their
    alias tables (``core.sampling.alias_table``; aliases as rows of the concatenated combos),
    which the kernel samples in constant time. every_player_drawn: every player is drawn from
    its combo list, as a range (per-combo results: a uniform draw over compatible combos is the
    same deal as dealing unknown cards, and gives each trial's combo a row to count in).
    """
    n = len(setup.players)
    known = np.full((n, 2), UNKNOWN, dtype=np.uint8)
    range_of = np.full(n, -1, dtype=np.int64)
    range_combos, range_keep, range_alias, range_starts = [], [], [], [0]
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


def run_chunks(mc_args: tuple, seeds: np.ndarray, sizes: np.ndarray, threads=None,
               tally: np.ndarray | None = None) -> np.ndarray:
    """Winner-mask counts of the chunks (seeds[i], sizes[i]) summed; raises on hopeless ranges.

    tally: (R, 5) float64, one row per row of the concatenated range combos, to which the
    chunks' per-combo tallies are added (``_kernels.per_combo``); every player must then be
    drawn as a range (``monte_carlo_args(..., every_player_drawn=True)``).
    """
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
    return out[:, :-1].sum(axis=0)


def monte_carlo(setup: Setup, trials, target_stderr, time_limit, seed, threads, progress,
                start: float, tally: np.ndarray | None = None) -> EquityResult:
    """Monte Carlo equity of a setup under the driver's stop rules (``driver``); with a
    ``tally`` (see ``run_chunks``) every player is drawn as a range and each combo's
    results are added to its row."""
    mc_args = monte_carlo_args(setup, every_player_drawn=tally is not None)
    return drive_monte_carlo(
        lambda seeds, sizes: run_chunks(mc_args, seeds, sizes, threads, tally), setup.labels,
        trials, target_stderr, time_limit, seed, progress, start, default_trials=DEFAULT_TRIALS)
