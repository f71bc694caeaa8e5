"""Omaha: the best hand (exactly 2 of 4-6 hole cards and 3 of the board) and equity.

``omaha_equity`` takes the same arguments as ``pk.equity`` (``game='omaha'`` calls it) and
returns the same ``EquityResult``: exhaustive enumeration of every board (and every deal of
'random' players' hole cards) when that takes about a second or less, Monte Carlo otherwise.
The Monte Carlo driver (stop rules, seeds, rounds) is hold'em's, ``pokerkeys.equity.driver``.

>>> import pokerkeys as pk
>>> print(pk.omaha_hand("AsKsQdJd", "Ts9s2s"))
As Ks Ts 9s 2s  (Flush, ace high, rank 7054)
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import combinations

import numpy as np

from .. import _jit
from .._kernels import omaha as _k
from ..core.best import BestHand, best_of_rows, check_disjoint
from ..core.cards import N_CARDS, format_cards, parse_cards
from ..core.evaluate import kernel_args
from ..core.types import CardArray, CardsLike, IntArray, SeedLike, Threads
from .driver import Progress, drive_monte_carlo, validate_stop
from .result import EquityResult

__all__ = ["AUTO_EXACT_MAX_LOOKUPS", "DEFAULT_TRIALS", "EXACT_MAX_LOOKUPS",
           "EXACT_MAX_MATCHUPS", "HOLE_SIZES", "MAX_PLAYERS", "omaha_equity", "omaha_hand"]

#: Hole cards an Omaha player may hold (all players alike).
HOLE_SIZES = (4, 5, 6)
MAX_PLAYERS = 10
#: Exhaustive enumeration is chosen automatically below this many 5-card lookups (about a
#: second on two cores); exact=True refuses beyond EXACT_MAX_LOOKUPS (hours of work).
AUTO_EXACT_MAX_LOOKUPS = 3e8
EXACT_MAX_LOOKUPS = 2e11
#: Deals of the random players' hole cards beyond which exact enumeration is refused.
EXACT_MAX_MATCHUPS = 2_000_000
TRIALS_PER_CHUNK = 1 << 14
#: Monte Carlo trials when no stop rule is given.
DEFAULT_TRIALS = 1_000_000
N_CHUNKS_EXACT = 256
# About 0.3 s of exact enumeration (AUTO_EXACT_MAX_LOOKUPS is about a second).
BATCH_LOOKUPS = 1e8
_RANDOM_WORDS = {"??", "????", "random", "any", "xx", "*"}
_BINOM = np.array([[math.comb(n, k) for k in range(6)] for n in range(N_CARDS + 1)],
                  dtype=np.int64)


def _parse(cards: CardsLike | None, where: str) -> CardArray:
    try:
        return parse_cards(cards if cards is not None else [], allow_duplicates=True)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


def _check_hole(ids: CardArray, where: str) -> None:
    if len(ids) not in HOLE_SIZES:
        raise ValueError(f"{where}: an Omaha hand has 4, 5 or 6 hole cards, not {len(ids)} "
                         f"({format_cards(ids) or 'none'})")


def omaha_hand(hole: CardsLike, board: CardsLike) -> BestHand:
    """The best Omaha hand: exactly two of the 4, 5 or 6 hole cards and exactly three of the 3
    to 5 board cards.

    Parameters
    ----------
    hole : str or sequence of cards
        4, 5 or 6 hole cards, e.g. ``'AsKsQdJd'``.
    board : str or sequence of cards
        3, 4 or 5 board cards.

    Returns
    -------
    BestHand
        The best rank (1..7462, higher is better) and its five cards, highest first.

    Raises
    ------
    ValueError
        If a card does not parse, the hole has not 4-6 cards, the board has not 3-5 cards,
        or a card is used twice.
    TypeError
        If the hole or the board is not cards at all (e.g. a float).

    See Also
    --------
    omaha_equity : Omaha equity.
    pokerkeys.best_hand : the best hand of other games.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hand = pk.omaha_hand("AsAhAdAc", "KsKhQd")
    >>> print(hand)
    As Ah Ks Kh Qd  (Two pair, aces and kings, rank 4995)
    >>> hand.rank
    4995
    """
    hole_ids = _parse(hole, "hole cards")
    board_ids = _parse(board, "board")
    _check_hole(hole_ids, "hole cards")
    if not 3 <= len(board_ids) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, not {len(board_ids)}")
    check_disjoint([("the hole cards", hole_ids), ("the board", board_ids)])
    rows = np.array([(*pair, *triple) for pair in combinations(hole_ids.tolist(), 2)
                     for triple in combinations(board_ids.tolist(), 3)], dtype=np.uint8)
    return best_of_rows(rows)


# ---------------------------------------------------------------------------- equity
def _players(hands: Iterable[CardsLike]) -> tuple[list[CardArray | None], int]:
    """Known hole cards per player (None for a random player) and the common hole size."""
    if isinstance(hands, str):
        raise TypeError("hands is a list of players, e.g. ['AsKsQdJd', 'random']")
    specs = list(hands)
    if not 2 <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"Omaha equity needs 2 to {MAX_PLAYERS} players, not {len(specs)}")
    players: list[CardArray | None] = []
    for i, h in enumerate(specs):
        if isinstance(h, str) and h.strip().lower() in _RANDOM_WORDS:
            players.append(None)
            continue
        ids = _parse(h, f"player {i + 1}")
        _check_hole(ids, f"player {i + 1}")
        players.append(ids)
    sizes = {len(p) for p in players if p is not None}
    if len(sizes) > 1:
        raise ValueError(f"all Omaha players hold the same number of hole cards, got "
                         f"{sorted(sizes)}")
    return players, sizes.pop() if sizes else 4


def omaha_equity(hands: Iterable[CardsLike], board: CardsLike | None = None,
                 dead: CardsLike | None = None, *, exact: bool | None = None,
                 trials: int | None = None, target_stderr: float | None = None,
                 time_limit: float | None = None, seed: SeedLike = None,
                 threads: Threads = None, progress: Progress | None = None) -> EquityResult:
    """All-in equity of 2-10 Omaha players (4-, 5- or 6-card Omaha, all players alike).

    A player's hand is exactly two of its hole cards and three of the board. Enumeration
    counts every board completion (and every deal of the random players' hole cards); Monte
    Carlo deals them at random, with the stop rules, seeds and rounds of ``pk.equity``.

    Parameters
    ----------
    hands : sequence of str or cards
        The players, 2 to 10 (a list, not one string): each 4, 5 or 6 known hole cards
        (``'AsKsQdJd'``; every known hand the same size), or an unknown hand (``'??'``,
        ``'????'``, ``'random'``, ``'any'``, ``'xx'``, ``'*'``), dealt as many cards as
        the known hands hold (4 when every player is unknown). No ranges.
    board : str, sequence of cards or None, default None
        0, 3, 4 or 5 community cards.
    dead : str, sequence of cards or None, default None
        Cards out of the deck.
    exact : bool or None, default None
        None: enumerate when no stop rule is given and the enumeration takes at most
        ``AUTO_EXACT_MAX_LOOKUPS`` (3e8) five-card lookups, about a second on two cores;
        else Monte Carlo. True: enumerate (refused beyond ``EXACT_MAX_LOOKUPS``, 2e11
        lookups, or 2,000,000 deals of the random players' cards). False: Monte Carlo.
    trials, target_stderr, time_limit : int, float, float or None, default None
        The Monte Carlo stop rules, as for ``pk.equity``: the first one met stops the run;
        without any of them Monte Carlo runs ``DEFAULT_TRIALS`` (1,000,000) trials; with
        ``target_stderr`` alone it stops after 60 seconds at the latest; ``time_limit``
        alone runs until the limit (within 50 ms) with no cap on the trials.
    seed : int, sequence of int or None, default None
        Seed of the Monte Carlo streams: the same seed and trial count give the same result
        whatever ``threads`` is. None: fresh entropy.
    threads : int or None, default None
        Kernel threads; None: all that Numba uses. Results do not depend on it.
    progress : callable or None, default None
        ``progress(done, total)``: exact runs report batches done out of 20 or more, Monte
        Carlo reports trials (total None when no trial count bounds the run).

    Returns
    -------
    EquityResult
        As for ``pk.equity`` (players labelled by their cards or ``'random'``).

    Raises
    ------
    TypeError
        If ``hands`` is one string, or a hand, the board or the dead cards are not cards.
    ValueError
        If there are not 2 to 10 players; a hand has not 4, 5 or 6 cards, or hands differ
        in size; a card does not parse or is used twice (the message names it and where);
        the board has 1, 2 or more than 5 cards; the deck is too small for the random
        players and the board; exact enumeration would be too large; ``exact=True`` comes
        with a stop rule; a stop rule or ``threads`` is not a number in its range.
    KeyboardInterrupt
        On Ctrl-C, seen between kernel calls.

    See Also
    --------
    pokerkeys.equity : hold'em equity (``game='omaha'`` calls this function).
    omaha_hand : the best Omaha hand of one player.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> r = pk.omaha_equity(["AsKsQdJd", "AhAcKhKc"], board="Ts9s2d")
    >>> r.exact, r.boards, r.equity.round(4).tolist()
    (True, 820.0, [0.678, 0.322])
    >>> r = pk.omaha_equity(["AsKsQdJd", "random"], trials=10_000, seed=1)
    >>> r.exact, r.trials, r.equity.round(4).tolist()
    (False, 10000, [0.6054, 0.3946])
    """
    start = _jit.compute_clock()
    trials = validate_stop(trials, target_stderr, time_limit, exact)
    players, n_hole = _players(hands)
    board_ids = _parse(board, "board")
    dead_ids = _parse(dead, "dead cards")
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    places = [(f"player {i + 1}", p) for i, p in enumerate(players) if p is not None]
    places += [("the board", board_ids), ("the dead cards", dead_ids)]
    for place, ids in places:
        if len(set(ids.tolist())) < len(ids):
            dup = next(c for c in ids.tolist() if ids.tolist().count(c) > 1)
            raise ValueError(f"card {format_cards([dup])} is used twice in {place}")
    check_disjoint(places)
    known = np.concatenate([ids for _, ids in places]).astype(np.int64)
    free = np.setdiff1d(np.arange(N_CARDS), known).astype(np.uint8)
    n_missing = 5 - len(board_ids)
    n_random = sum(p is None for p in players)
    if len(free) < n_missing + n_random * n_hole:
        raise ValueError(f"too many players for the deck: {len(free)} cards remain, but the "
                         f"random players and the board need {n_missing + n_random * n_hole}")
    labels = [format_cards(p, sep="") if p is not None else "random" for p in players]
    pairs = _k.hole_pairs(n_hole)
    n_boards = math.comb(len(free), n_missing)
    n_matchups = math.comb(len(free), n_hole) ** n_random  # an upper bound with 2+ random
    lookups = n_matchups * n_boards * len(players) * len(pairs) * 10
    stop_given = trials is not None or target_stderr is not None or time_limit is not None
    if exact is None:
        exact = lookups <= AUTO_EXACT_MAX_LOOKUPS and not stop_given
    if exact:
        if lookups > EXACT_MAX_LOOKUPS:
            raise ValueError(f"exact Omaha enumeration would take about {lookups:.1e} hand "
                             f"lookups; use Monte Carlo (exact=False)")
        counts = _exact(players, n_hole, pairs, board_ids, free, n_missing, threads, progress,
                        lookups)
        return EquityResult.from_mask_counts(labels, counts, True, _jit.compute_clock() - start)
    return _monte_carlo(players, labels, n_hole, pairs, board_ids, known, trials, target_stderr,
                        time_limit, seed, threads, progress, start)


def _matchups(players: list[CardArray | None], n_hole: int, free: CardArray) -> CardArray:
    """(M, P, H) every deal of the random players' hole cards from `free`, no card twice."""
    if any(p is None for p in players):
        deals = np.array(list(combinations(free.tolist(), n_hole)), dtype=np.uint8)
        bits = (np.uint64(1) << deals.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    rows = np.zeros((1, 0, n_hole), dtype=np.uint8)
    used = np.zeros(1, dtype=np.uint64)
    for p in players:
        if p is not None:
            rows = np.concatenate([rows, np.broadcast_to(p, (len(rows), 1, n_hole))], axis=1)
            continue
        ok = (used[:, None] & bits[None, :]) == 0
        r, d = np.nonzero(ok)
        if len(r) > EXACT_MAX_MATCHUPS:
            raise ValueError(f"exact enumeration would need more than {EXACT_MAX_MATCHUPS:,} "
                             f"deals of the random players' cards; use Monte Carlo "
                             f"(exact=False)")
        rows = np.concatenate([rows[r], deals[d][:, None, :]], axis=1)
        used = used[r] | bits[d]
    return np.ascontiguousarray(rows)


def _exact(players: list[CardArray | None], n_hole: int, pairs: CardArray, board: CardArray,
           free: CardArray, n_missing: int, threads: Threads, progress: Progress | None,
           lookups: float) -> IntArray:
    holes = _matchups(players, n_hole, free)
    n_boards = math.comb(len(free), n_missing)
    total = len(holes) * n_boards
    # With a progress callback the chunks run in 20 batches or more, reporting after each; no
    # batch does more than BATCH_LOOKUPS (about 0.3 s), so Ctrl-C is seen between them.
    n_batches = max(20 if progress is not None else 1, math.ceil(lookups / BATCH_LOOKUPS))
    n_chunks = min(max(N_CHUNKS_EXACT, 8 * n_batches), total)
    n_batches = min(n_batches, n_chunks)
    chunk_starts = np.linspace(0, total, n_chunks + 1).round().astype(np.int64)
    if progress is not None:
        progress(0, n_batches)
    cuts = np.linspace(0, n_chunks, n_batches + 1).round().astype(np.int64)
    counts = np.zeros(1 << len(players), dtype=np.int64)
    with _jit.threads(threads):
        for b in range(n_batches):
            starts = chunk_starts[cuts[b]:cuts[b + 1] + 1]
            counts += _k.exact_counts(holes, pairs, board, free, n_missing, n_boards, _BINOM,
                                      starts, *kernel_args(5)).sum(axis=0)
            if progress is not None:
                progress(b + 1, n_batches)
    return counts


def _monte_carlo(players: list[CardArray | None], labels: list[str], n_hole: int,
                 pairs: CardArray, board: CardArray, known: IntArray, trials: int | None,
                 target_stderr: float | None, time_limit: float | None, seed: SeedLike,
                 threads: Threads, progress: Progress | None, start: float) -> EquityResult:
    n = len(players)
    holes = np.zeros((n, n_hole), dtype=np.uint8)
    is_random = np.array([p is None for p in players])
    for i, p in enumerate(players):
        if p is not None:
            holes[i] = p
    base_used = np.uint64(sum(1 << int(c) for c in known))
    args = kernel_args(5)

    def run_round(seeds: np.ndarray, sizes: IntArray) -> IntArray:
        with _jit.threads(threads):
            out = _k.monte_carlo_counts(holes, is_random, pairs, board, base_used, seeds, sizes,
                                        *args)
        return out.sum(axis=0)

    return drive_monte_carlo(run_round, labels, trials, target_stderr, time_limit, seed,
                             progress, start, TRIALS_PER_CHUNK, DEFAULT_TRIALS, threads)
