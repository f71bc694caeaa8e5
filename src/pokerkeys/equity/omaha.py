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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import omaha as _k
from .._kernels import omaha_ranges as _kr
from ..core.best import BestHand, best_of_rows, check_disjoint
from ..core.cards import N_CARDS, excerpt, format_cards, parse_cards
from ..core.omaha_batch import omaha_tables
from ..core.types import CardArray, CardsLike, FloatArray, IntArray, SeedLike, Threads
from .driver import MAX_REJECTIONS, Progress, drive_monte_carlo, validate_stop
from .omaha_ranges import OmahaRange, parse_omaha_range
from .ranges import Range
from .result import ComboTable, EquityResult
from .setup import PerCombo

__all__ = ["AUTO_EXACT_MAX_LOOKUPS", "DEFAULT_TRIALS", "EXACT_MAX_LOOKUPS",
           "EXACT_MAX_MATCHUPS", "HOLE_SIZES", "MAX_PLAYERS", "OmahaComboTable", "OmahaPlayer",
           "OmahaPlayers", "PlayerKind", "hand_bits", "omaha_equity", "omaha_hand",
           "omaha_players"]

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
BINOMIALS = np.array([[math.comb(n, k) for k in range(6)] for n in range(N_CARDS + 1)],
                  dtype=np.int64)


def parse_cards_of(cards: CardsLike | None, where: str) -> CardArray:
    try:
        return parse_cards(cards if cards is not None else [], allow_duplicates=True)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


def check_hole(ids: CardArray, where: str) -> None:
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
    hole_ids = parse_cards_of(hole, "hole cards")
    board_ids = parse_cards_of(board, "board")
    check_hole(hole_ids, "hole cards")
    if not 3 <= len(board_ids) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, not {len(board_ids)}")
    check_disjoint([("the hole cards", hole_ids), ("the board", board_ids)])
    rows = np.array([(*pair, *triple) for pair in combinations(hole_ids.tolist(), 2)
                     for triple in combinations(board_ids.tolist(), 3)], dtype=np.uint8)
    return best_of_rows(rows)


# ---------------------------------------------------------------------------- players
#: What an Omaha player is: known hole cards, a random hand, or a weighted range.
PlayerKind: TypeAlias = Literal["hand", "random", "range"]


@dataclass(frozen=True, eq=False)
class OmahaPlayer:
    """One Omaha player as ``omaha_players`` reads it.

    Attributes
    ----------
    kind : {'hand', 'random', 'range'}
        Known hole cards, an unknown hand dealt from the deck, or a weighted range.
    label : str
        How results name the player: the cards (``'AsKsQdJd'``), ``'random'``, or the
        range text.
    hand : numpy.ndarray or None
        ``'hand'``: the hole cards (uint8 ids, as given); else None.
    hands : numpy.ndarray or None
        ``'range'``: ``(N, hole_cards)`` uint8, the range's hands that share no card with
        the board, the dead cards or the known hands (each row ascending); else None.
    weights : numpy.ndarray or None
        ``'range'``: ``(N,)`` float64 weights of those hands, each in ``(0, 1]``.
    combos : int
        ``'range'``: the range's number of hands before card removal; ``'hand'``: 1;
        ``'random'``: every hand of the game.
    weighted : float
        ``'range'``: the sum of the range's weights before card removal; else ``combos``.

    Examples
    --------
    >>> from pokerkeys.equity.omaha import omaha_players
    >>> p = omaha_players(["AA:$ds", "random"], board="Ks7s2d").players[0]
    >>> p.kind, p.label, p.combos, len(p.hands)
    ('range', 'AA:$ds', 864, 758)
    """

    kind: PlayerKind
    label: str
    hand: CardArray | None = None
    hands: CardArray | None = None
    weights: FloatArray | None = None
    combos: int = 1
    weighted: float = 1.0


@dataclass(frozen=True, eq=False)
class OmahaPlayers:
    """The players, board and dead cards of an Omaha equity question, checked.

    Made by ``omaha_players``: every card parsed, no card in two places, every range parsed
    and stripped of the hands that use a known card (the board, the dead cards, the known
    hands), the deck large enough.

    Attributes
    ----------
    players : tuple of OmahaPlayer
        The 2 to 10 players in order.
    board : numpy.ndarray
        0, 3, 4 or 5 board cards (uint8 ids).
    dead : numpy.ndarray
        The dead cards (uint8 ids).
    hole_cards : int
        Cards per hand: 4, 5 or 6.

    Examples
    --------
    >>> from pokerkeys.equity.omaha import omaha_players
    >>> setup = omaha_players(["AsKsQdJd", "random", "KK"], board="2c7d9h")
    >>> setup.labels, setup.hole_cards, len(setup.free)
    (['AsKsQdJd', 'random', 'KK'], 4, 45)
    """

    players: tuple[OmahaPlayer, ...]
    board: CardArray
    dead: CardArray
    hole_cards: int

    @property
    def labels(self) -> list[str]:
        """The players' labels, in order."""
        return [p.label for p in self.players]

    @property
    def known(self) -> CardArray:
        """Every card out of the deck: the known hands, the board and the dead cards."""
        parts = [p.hand for p in self.players if p.hand is not None]
        return np.concatenate([*parts, self.board, self.dead]).astype(np.uint8)

    @property
    def free(self) -> CardArray:
        """The cards still in the deck (ascending ids)."""
        return np.setdiff1d(np.arange(N_CARDS), self.known).astype(np.uint8)

    @property
    def has_ranges(self) -> bool:
        """Whether some player is a range."""
        return any(p.kind == "range" for p in self.players)


@dataclass
class _Read:
    """A player as first read: known cards, random, a parsed range, or range text."""

    kind: Literal["hand", "random", "range", "text"]
    ids: CardArray | None = None
    rng: OmahaRange | None = None
    text: str = ""


def _written_as_cards(text: str, n_hole: int) -> bool:
    """Text meant as cards with a typo ('AsKsQdJx', '7h8h9cXx'): 4 to 6 two-character pairs,
    all but one a card. A range names specific cards far less often, and one that does can
    add a bracket ('[Jx]')."""
    chars = "".join(text.split())
    pairs = [chars[i:i + 2] for i in range(0, len(chars), 2)]
    if len(chars) % 2 or not 4 <= len(pairs) <= max(6, n_hole):
        return False
    good = 0
    for pair in pairs:
        try:
            parse_cards(pair)
        except ValueError:
            continue
        good += 1
    return good == len(pairs) - 1


def _player_range(spec: object, where: str) -> OmahaRange | None:
    """The Omaha range of a ``Range`` built with an Omaha game, or None for any other spec;
    a hold'em ``Range`` is refused."""
    if isinstance(spec, OmahaRange):
        return spec
    if isinstance(spec, Range):
        omaha = spec.omaha_range
        if omaha is None:
            raise TypeError(f"{where}: {spec.text!r} is a hold'em range; write the Omaha range "
                            "as text or as Range(text, game='omaha')")
        return omaha
    return None


def omaha_players(hands: Iterable[object], board: CardsLike | None = None,
                  dead: CardsLike | None = None, hole_cards: int | None = None
                  ) -> OmahaPlayers:
    """Read and check the players of an Omaha equity question: hands, random hands, ranges.

    Every Omaha equity function reads its players here, so all agree on what a player may be
    and on the error messages.

    Parameters
    ----------
    hands : sequence
        The players, 2 to 10 (a list, not one string). Each is known hole cards
        (``'AsKsQdJd'`` or card ids), an unknown hand (``'??'``, ``'????'``, ``'random'``,
        ``'any'``, ``'xx'``, ``'*'``), Omaha range text in the generic syntax
        (``'AA:$ds'``, ``'RRON'``, ``'15%'``: ``pokerkeys.equity.omaha_ranges``), an
        ``OmahaRange`` or a ``Range(text, game='omaha')``. Text that reads as cards is a
        hand; so is text of four to six cards with one mistyped (its card error is raised),
        anything else is read as a range.
    board : str, sequence of cards or None, default None
        0, 3, 4 or 5 community cards.
    dead : str, sequence of cards or None, default None
        Cards out of the deck.
    hole_cards : {4, 5, 6} or None, default None
        Cards per hand. None: the size of the known hands (and of ``OmahaRange`` players),
        4 when no player fixes it.

    Returns
    -------
    OmahaPlayers
        The checked players (ranges without the hands that use a known card), board, dead
        cards and hole size.

    Raises
    ------
    TypeError
        If ``hands`` is one string, or a player, the board or the dead cards are not cards
        (nor range text), or a player is a hold'em ``Range``.
    ValueError
        If there are not 2 to 10 players; ``hole_cards`` is not 4, 5 or 6; a hand has not
        the game's number of cards (or, with ``hole_cards`` None, hands differ in size); a
        card does not parse or is used twice (the message names it and where); a range
        does not parse (the message names the player, the token and its position), matches
        no hand, or has no hand left once the known cards are removed; the board has 1, 2 or
        more than 5 cards; the deck is too small for the players and the board.

    See Also
    --------
    omaha_equity : Omaha equity of these players.
    pokerkeys.equity.omaha_ranges.parse_omaha_range : the range syntax.

    Examples
    --------
    >>> from pokerkeys.equity.omaha import omaha_players
    >>> setup = omaha_players(["AsKsQdJd", "AA:$ds"], board="Ah7d2c")
    >>> [p.kind for p in setup.players], len(setup.players[1].hands)
    (['hand', 'range'], 99)
    >>> omaha_players(["AsKsQdJd", "AA!AAA"], dead="AhAdAc")
    Traceback (most recent call last):
    ...
    ValueError: player 2: no hand of the range 'AA!AAA' is left once the known cards are removed
    """
    if isinstance(hands, str):
        raise TypeError("hands is a list of players, e.g. ['AsKsQdJd', 'random']")
    specs = list(hands)
    if not 2 <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"Omaha equity needs 2 to {MAX_PLAYERS} players, not {len(specs)}")
    if hole_cards is not None and (isinstance(hole_cards, bool) or hole_cards not in HOLE_SIZES):
        raise ValueError(f"hole_cards must be 4, 5 or 6, not {hole_cards!r}")
    board_ids = parse_cards_of(board, "board")
    dead_ids = parse_cards_of(dead, "dead cards")
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    # First pass: hands, random players, range objects; range text waits for the hole size.
    read: list[_Read] = []
    for i, spec in enumerate(specs):
        where = f"player {i + 1}"
        omaha = _player_range(spec, where)
        if omaha is not None:
            read.append(_Read("range", rng=omaha))
        elif isinstance(spec, str) and spec.strip().lower() in _RANDOM_WORDS:
            read.append(_Read("random"))
        elif isinstance(spec, str):
            try:
                read.append(_Read("hand", ids=parse_cards(spec, allow_duplicates=True)))
            except ValueError as card_error:
                if _written_as_cards(spec, hole_cards or 4):
                    raise ValueError(f"{where}: {card_error}") from None
                read.append(_Read("text", text=spec))
        else:
            read.append(_Read("hand", ids=parse_cards_of(spec, where)))  # type: ignore[arg-type]  # any cards
    sizes = {len(r.ids) for r in read if r.ids is not None}
    sizes |= {r.rng.hole_cards for r in read if r.rng is not None}
    for i, r in enumerate(read):
        if r.ids is not None:
            check_hole(r.ids, f"player {i + 1}")
            if hole_cards is not None and len(r.ids) != hole_cards:
                raise ValueError(f"player {i + 1}: a hand of {len(r.ids)} cards "
                                 f"({format_cards(r.ids)}) in {hole_cards}-card Omaha")
        if r.rng is not None and hole_cards is not None and r.rng.hole_cards != hole_cards:
            raise ValueError(f"player {i + 1}: a range of {r.rng.hole_cards}-card hands in "
                             f"{hole_cards}-card Omaha")
    if hole_cards is None:
        if len(sizes) > 1:
            raise ValueError(f"all Omaha players hold the same number of hole cards, got "
                             f"{sorted(sizes)}")
        hole_cards = sizes.pop() if sizes else 4
    places = [(f"player {i + 1}", r.ids) for i, r in enumerate(read) if r.ids is not None]
    places += [("the board", board_ids), ("the dead cards", dead_ids)]
    for place, ids in places:
        if len(set(ids.tolist())) < len(ids):
            dup = next(c for c in ids.tolist() if ids.tolist().count(c) > 1)
            raise ValueError(f"card {format_cards([dup])} is used twice in {place}")
    check_disjoint(places)
    known = np.concatenate([ids for _, ids in places]).astype(np.int64)
    known_bits = np.uint64(sum(1 << int(c) for c in known))
    players: list[OmahaPlayer] = []
    for i, r in enumerate(read):
        where = f"player {i + 1}"
        if r.ids is not None:
            players.append(OmahaPlayer("hand", format_cards(r.ids, sep=""), hand=r.ids))
            continue
        if r.kind == "random":
            n_all = math.comb(N_CARDS, hole_cards)
            players.append(OmahaPlayer("random", "random", combos=n_all, weighted=n_all))
            continue
        rng = r.rng
        if rng is None:
            try:
                rng = parse_omaha_range(r.text, hole_cards)
            except ValueError as exc:
                raise ValueError(f"{where}: {exc}") from None
        if len(rng) == 0:
            raise ValueError(f"{where}: the range {excerpt(rng.text)} matches no "
                             f"{hole_cards}-card hand")
        live = (hand_bits(rng.hands) & known_bits) == 0
        if not live.any():
            # The known cards: the board, the dead cards and the known hands.
            raise ValueError(f"{where}: no hand of the range {excerpt(rng.text)} is left once "
                             "the known cards are removed")
        players.append(OmahaPlayer("range", rng.text,
                                   hands=np.ascontiguousarray(rng.hands[live]),
                                   weights=np.ascontiguousarray(rng.weights[live]),
                                   combos=len(rng), weighted=float(rng.weights.sum())))
    n_free = N_CARDS - len(known)
    n_missing = 5 - len(board_ids)
    need = n_missing + sum(p.kind != "hand" for p in players) * hole_cards
    if n_free < need:
        raise ValueError(f"too many players for the deck: {n_free} cards remain, but the "
                         f"random players and the board need {need}")
    return OmahaPlayers(tuple(players), board_ids, dead_ids, hole_cards)


def hand_bits(hands: CardArray) -> npt.NDArray[np.uint64]:
    """(N,) uint64 masks of (N, H) hands: bit c set for each card id c of the row.

    Parameters
    ----------
    hands : numpy.ndarray
        ``(N, H)`` card ids.

    Returns
    -------
    numpy.ndarray
        ``(N,)`` uint64.

    Examples
    --------
    >>> from pokerkeys.equity.omaha import hand_bits
    >>> hand_bits(np.array([[0, 1, 2, 3]], dtype=np.uint8)).tolist()
    [15]
    """
    return (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)


def omaha_equity(hands: Iterable[object], board: CardsLike | None = None,
                 dead: CardsLike | None = None, *, hole_cards: int | None = None,
                 exact: bool | None = None,
                 trials: int | None = None, target_stderr: float | None = None,
                 time_limit: float | None = None, seed: SeedLike = None,
                 threads: Threads = None, progress: Progress | None = None,
                 per_combo: PerCombo = False) -> EquityResult:
    """All-in equity of 2-10 Omaha players (4-, 5- or 6-card Omaha, all players alike).

    A player's hand is exactly two of its hole cards and three of the board. Enumeration
    counts every board completion of every matchup (every deal of the random players' hole
    cards, every combination of the range players' hands that shares no card), each
    weighted by the product of the range weights; Monte Carlo deals them at random with the
    same probabilities (range hands by weight, redrawn together when two share a card), with
    the stop rules, seeds and rounds of ``pk.equity``.

    Parameters
    ----------
    hands : sequence of str, Range, OmahaRange or cards
        The players, 2 to 10 (a list, not one string): each known hole cards
        (``'AsKsQdJd'``; every known hand the same size), an unknown hand (``'??'``,
        ``'????'``, ``'random'``, ``'any'``, ``'xx'``, ``'*'``), or a range: text in
        ProPokerTools' generic syntax (``'AA:$ds'``, ``'RRON, KK'``, ``'15%'``; see
        ``pokerkeys.equity.omaha_ranges``), an ``OmahaRange`` or ``Range(text,
        game='omaha')``. Text that reads as cards is a hand (of the wrong size: an error;
        four to six cards with one mistyped: that card's error); other text is a range.
    board : str, sequence of cards or None, default None
        0, 3, 4 or 5 community cards.
    dead : str, sequence of cards or None, default None
        Cards out of the deck.
    hole_cards : {4, 5, 6} or None, default None
        Cards per hand; None: the size of the known hands (4 when no player fixes it).
        Range text is read for this size.
    exact : bool or None, default None
        None: enumerate when no stop rule is given and the enumeration takes at most
        ``AUTO_EXACT_MAX_LOOKUPS`` (3e8) five-card lookups, about a second on two cores
        (with ranges, counted on the product of the live range sizes); else Monte Carlo.
        True: enumerate (refused beyond ``EXACT_MAX_LOOKUPS``, 2e11 lookups, or 2,000,000
        matchups of the random and range players' hands). False: Monte Carlo.
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
    per_combo : bool, int or sequence of int, default False
        Keep each hand's own result for some range or random players, in
        ``result.combo_tables`` (``OmahaComboTable``; ``result.combo_equity(i)``): True for
        every such player, or their 0-based indices. Exact: each hand's showdowns against
        the others' weighted matchups; Monte Carlo: the trials that dealt it, with a
        standard error.

    Returns
    -------
    EquityResult
        As for ``pk.equity`` (players labelled by their cards, ``'random'`` or the range
        text), with ``combo_tables`` when ``per_combo`` asks for them.

    Raises
    ------
    TypeError
        If ``hands`` is one string, or a hand, the board or the dead cards are not cards,
        or a player is a hold'em ``Range``.
    ValueError
        If there are not 2 to 10 players; ``hole_cards`` is not 4, 5 or 6; a hand has not
        4, 5 or 6 cards, or not ``hole_cards``, or hands differ in size; a card does not
        parse or is used twice (the message names it and where); a range does not parse
        (the message names the player, the bad token and its position), matches no hand,
        or has no hand left once the known cards are removed; the ranges always share a
        card (exact), or almost always (Monte Carlo gives up after 100,000 redraws in a
        row); the board has 1, 2 or more than 5 cards; the deck is too small for the
        players and the board; exact enumeration would be too large; ``exact=True`` comes
        with a stop rule; a stop rule or ``threads`` is not a number in its range;
        ``per_combo`` names a player that is a single hand or no player, or is True with
        no range or random player.
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

    Ranges, exact on a flop and by Monte Carlo preflop:

    >>> r = pk.omaha_equity(["AsKsQdJd", "AA:$ds"], board="Ts9s2d")
    >>> r.exact, r.equity.round(4).tolist()
    (True, [0.6886, 0.3114])
    >>> r = pk.omaha_equity(["AA:$ds", "KK:$ds, QQ"], trials=20_000, seed=1)
    >>> r.exact, r.players, r.equity.round(3).tolist()
    (False, ('AA:$ds', 'KK:$ds, QQ'), [0.716, 0.284])
    """
    start = _jit.compute_clock()
    trials = validate_stop(trials, target_stderr, time_limit, exact)
    setup = omaha_players(hands, board, dead, hole_cards)
    keep = _players_to_keep(setup, per_combo)
    stop_given = trials is not None or target_stderr is not None or time_limit is not None
    if setup.has_ranges or keep:
        return _range_equity(setup, keep, exact, trials, target_stderr, time_limit, seed,
                             threads, progress, start, stop_given)
    players = [p.hand for p in setup.players]
    n_hole = setup.hole_cards
    board_ids = setup.board
    known = setup.known.astype(np.int64)
    free = setup.free
    n_missing = 5 - len(board_ids)
    n_random = sum(p is None for p in players)
    labels = setup.labels
    pairs = _k.hole_pairs(n_hole)
    n_boards = math.comb(len(free), n_missing)
    n_matchups = math.comb(len(free), n_hole) ** n_random  # an upper bound with 2+ random
    lookups = n_matchups * n_boards * len(players) * len(pairs) * 10
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
            counts += _k.exact_counts(holes, pairs, board, free, n_missing, n_boards, BINOMIALS,
                                      starts, *omaha_tables()).sum(axis=0)
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
    args = omaha_tables()

    def run_round(seeds: np.ndarray, sizes: IntArray) -> IntArray:
        with _jit.threads(threads):
            out = _k.monte_carlo_counts(holes, is_random, pairs, board, base_used, seeds, sizes,
                                        *args)
        return out.sum(axis=0)

    return drive_monte_carlo(run_round, labels, trials, target_stderr, time_limit, seed,
                             progress, start, TRIALS_PER_CHUNK, DEFAULT_TRIALS, threads)


# ---------------------------------------------------------------------------- ranges
def _run_chunks(kernel: Callable[..., None], n_chunks: int, threads: Threads,
                *args: object) -> None:
    """``kernel(first, end, *args)`` over the chunks [0, n_chunks) on ``threads`` threads."""
    run = getattr(_jit, "run_chunks", None)
    if run is not None:
        run(kernel, n_chunks, threads, *args)
    else:  # TODO(run_chunks): one thread until the pool lands in pokerkeys._jit
        kernel(0, n_chunks, *args)


def _players_to_keep(setup: OmahaPlayers, per_combo: PerCombo) -> list[int]:
    """Indices of the players whose hands get per-combo results (none without per_combo)."""
    if per_combo is False or per_combo is None:
        return []
    n = len(setup.players)
    multi = [i for i, p in enumerate(setup.players) if p.kind != "hand"]
    if per_combo is True:
        if not multi:
            raise ValueError("per_combo needs a player given as a range or 'random'; every "
                             "player here is a single hand")
        return multi
    wanted: list[object] = ([per_combo] if isinstance(per_combo, (int, np.integer))
                            else list(per_combo))
    for i in wanted:
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < n:
            raise ValueError(f"per_combo: player indices are 0..{n - 1}, not {i!r}")
        if int(i) not in multi:
            raise ValueError(f"per_combo: player {int(i) + 1} "
                             f"({setup.players[int(i)].label!r}) is a single hand; per-combo "
                             "results exist only for ranges and 'random'")
    return sorted({int(i) for i in wanted})  # type: ignore[call-overload]  # ints, checked


def _all_hands(free: CardArray, n_hole: int) -> CardArray:
    """Every hand of n_hole cards from `free`, rows ascending, lexicographic."""
    return np.array(list(combinations(free.tolist(), n_hole)), dtype=np.uint8).reshape(
        -1, n_hole)


def as_ranges(setup: OmahaPlayers, keep: list[int]) -> list[tuple[CardArray, FloatArray]]:
    """Per player (hands, weights) to deal from: a known hand is a range of one, a random
    player every hand of the free cards."""
    out = []
    free = setup.free
    for p in setup.players:
        if p.kind == "hand":
            assert p.hand is not None
            out.append((np.sort(p.hand)[None, :], np.ones(1)))
        elif p.kind == "random":
            hands = _all_hands(free, setup.hole_cards)
            out.append((hands, np.ones(len(hands))))
        else:
            assert p.hands is not None and p.weights is not None
            out.append((p.hands, p.weights))
    return out


def range_matchups(ranges: list[tuple[CardArray, FloatArray]], limit: int
                    ) -> tuple[CardArray, FloatArray, IntArray] | None:
    """Every matchup of the players' hands with no card twice: (M, P, H) hands, (M, P)
    weights and (M, P) rows into each player's hands; None beyond `limit` matchups."""
    n_hole = ranges[0][0].shape[1]
    rows = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.uint64)
    for hands, _ in ranges:
        bits = hand_bits(hands)
        if len(used) * len(bits) > 50 * limit:
            return None
        r, d = np.nonzero((used[:, None] & bits[None, :]) == 0)
        if len(r) > limit:
            return None
        rows = np.concatenate([rows[r], d[:, None]], axis=1)
        used = used[r] | bits[d]
    holes = np.empty((len(rows), len(ranges), n_hole), dtype=np.uint8)
    weights = np.empty((len(rows), len(ranges)))
    for p, (hands, w) in enumerate(ranges):
        holes[:, p] = hands[rows[:, p]]
        weights[:, p] = w[rows[:, p]]
    return holes, weights, rows


def _mask_vectors(n_players: int) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Per player p and winner mask m: (won alone, in a split, pot share), (P, 2**P)."""
    masks = np.arange(1 << n_players)
    size = np.array([bin(m).count("1") for m in masks])
    inside = np.array([[(m >> p) & 1 for m in masks] for p in range(n_players)], dtype=float)
    alone = inside * (size == 1)
    split = inside * (size > 1)
    share = inside / np.maximum(size, 1)
    return alone, split, share


@dataclass(frozen=True)
class OmahaComboTable(ComboTable):
    """Per-combo results of an Omaha range player: ``ComboTable`` with 4-6 card hands.

    Attributes
    ----------
    combos : numpy.ndarray
        ``(N, hole_cards)`` uint8: the player's hands that fit the board and dead cards,
        each row ascending, rows in lexicographic order.
    weight, share, equity, win, tie, stderr, faced, won, tied : numpy.ndarray or None
        As in ``ComboTable``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> r = pk.omaha_equity(["AsKsQdJd", "AhAd**"], board="Ts9s2d", per_combo=True)
    >>> table = r.combo_tables[1]
    >>> table.names()[:2], table.equity[:2].round(4).tolist()
    (['2c2hAdAh', '2c2sAdAh'], [0.4866, 0.4866])
    """

    def names(self) -> list[str]:
        """The hands as text, ``'2c2hAdAh'``, in row order.

        Returns
        -------
        list of str
            One string per row of ``combos``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.omaha_equity(["AsKsQdJd", "AhAd**"], board="Ts9s2d", per_combo=True)
        >>> r.combo_tables[1].names()[0]
        '2c2hAdAh'
        """
        return [format_cards(row, sep="") for row in self.combos]

    def to_records(self) -> np.ndarray:
        """The table as a NumPy structured array, one record per hand.

        Returns
        -------
        numpy.ndarray
            Fields ``combo`` (text of the hand) and the float64 columns of ``columns``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> r = pk.omaha_equity(["AsKsQdJd", "AhAd**"], board="Ts9s2d", per_combo=True)
        >>> str(r.combo_tables[1].to_records()[0]["combo"])
        '2c2hAdAh'
        """
        cols = self.columns()
        width = 2 * self.combos.shape[1]
        dtype = [("combo", f"U{width}")] + [(k, "f8") for k in cols if k != "combo"]
        out = np.empty(len(self.combos), dtype=dtype)
        for k, v in cols.items():
            out[k] = v
        return out


def _range_equity(setup: OmahaPlayers, keep: list[int], exact: bool | None,
                  trials: int | None, target_stderr: float | None, time_limit: float | None,
                  seed: SeedLike, threads: Threads, progress: Progress | None, start: float,
                  stop_given: bool) -> EquityResult:
    n_hole = setup.hole_cards
    pairs = _k.hole_pairs(n_hole)
    free = setup.free
    n_missing = 5 - len(setup.board)
    n_boards = math.comb(len(free), n_missing)
    ranges = as_ranges(setup, keep)
    n_matchups = math.prod(len(h) for h, _ in ranges)  # an upper bound
    lookups = float(n_matchups) * n_boards * len(ranges) * len(pairs) * 10
    if exact is None:
        exact = not stop_given and lookups <= AUTO_EXACT_MAX_LOOKUPS
    built = None
    if exact:
        built = range_matchups(ranges, EXACT_MAX_MATCHUPS)
        if built is None:
            raise ValueError(f"exact enumeration would need more than {EXACT_MAX_MATCHUPS:,} "
                             "matchups of the players' hands; use Monte Carlo (exact=False)")
        lookups = float(len(built[0])) * n_boards * len(ranges) * len(pairs) * 10
        if lookups > EXACT_MAX_LOOKUPS:
            raise ValueError(f"exact Omaha enumeration would take about {lookups:.1e} hand "
                             f"lookups; use Monte Carlo (exact=False)")
        return _range_exact(setup, keep, ranges, built, pairs, free, n_missing, n_boards,
                            threads, progress, start, lookups)
    return _range_monte_carlo(setup, keep, ranges, pairs, trials, target_stderr, time_limit,
                              seed, threads, progress, start)


def _range_exact(setup: OmahaPlayers, keep: list[int],
                 ranges: list[tuple[CardArray, FloatArray]],
                 built: tuple[CardArray, FloatArray, IntArray], pairs: IntArray,
                 free: CardArray, n_missing: int, n_boards: int, threads: Threads,
                 progress: Progress | None, start: float, lookups: float) -> EquityResult:
    holes, weights, rows = built
    n_players = len(ranges)
    if len(holes) == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    weight = weights.prod(axis=1)
    n_batches = max(20 if progress is not None else 1, math.ceil(lookups / BATCH_LOOKUPS))
    n_batches = min(n_batches, len(holes))
    cuts = np.linspace(0, len(holes), n_batches + 1).round().astype(np.int64)
    total = np.zeros(1 << n_players)
    alone, split, share = _mask_vectors(n_players)
    tallies = {p: np.zeros((4, len(ranges[p][0]))) for p in keep}  # faced, won, tied, shared
    args = omaha_tables()
    if progress is not None:
        progress(0, n_batches)
    with _jit.threads(threads) as n_threads:
        for b in range(n_batches):
            lo, hi = int(cuts[b]), int(cuts[b + 1])
            batch = np.ascontiguousarray(holes[lo:hi])
            n_chunks = min(hi - lo, max(N_CHUNKS_EXACT, 8 * n_threads))
            starts = np.linspace(0, hi - lo, n_chunks + 1).round().astype(np.int64)
            out = np.zeros((hi - lo, 1 << n_players), dtype=np.int64)
            _run_chunks(_kr.matchup_counts, n_chunks, threads, batch, pairs, setup.board, free,
                        n_missing, n_boards, BINOMIALS, starts, out, *args)
            total += weight[lo:hi] @ out
            for p, tally in tallies.items():
                others = np.prod(np.delete(weights[lo:hi], p, axis=1), axis=1)
                idx = rows[lo:hi, p]
                size = len(ranges[p][0])
                for k, vec in enumerate((None, alone[p], split[p], share[p])):
                    per = out.sum(axis=1) if vec is None else out @ vec
                    tally[k] += np.bincount(idx, others * per, minlength=size)
            if progress is not None:
                progress(b + 1, n_batches)
    result = EquityResult.from_mask_counts(setup.labels, total, True,
                                           _jit.compute_clock() - start)
    if not keep:
        return result
    tables: list[ComboTable | None] = [None] * n_players
    for p, (faced, won, tied, shared) in tallies.items():
        hands, w = ranges[p]
        safe = np.where(faced > 0, faced, 1.0)
        mass = w * faced
        frac = mass / mass.sum() if mass.sum() > 0 else mass
        tables[p] = OmahaComboTable(hands, w, frac, shared / safe, won / safe, tied / safe,
                                    None, faced, won, tied)
    return replace(result, combo_tables=tuple(tables))


def _range_monte_carlo(setup: OmahaPlayers, keep: list[int],
                       ranges: list[tuple[CardArray, FloatArray]], pairs: IntArray,
                       trials: int | None, target_stderr: float | None,
                       time_limit: float | None, seed: SeedLike, threads: Threads,
                       progress: Progress | None, start: float) -> EquityResult:
    n_players = len(setup.players)
    n_hole = setup.hole_cards
    holes = np.zeros((n_players, n_hole), dtype=np.uint8)
    kinds = np.zeros(n_players, dtype=np.int8)
    parts: list[CardArray] = []
    cums: list[FloatArray] = []
    range_start = np.zeros(n_players + 1, dtype=np.int64)
    for p, player in enumerate(setup.players):
        if player.kind == "hand" and p not in keep:
            assert player.hand is not None
            holes[p] = player.hand
        elif player.kind == "random" and p not in keep:
            kinds[p] = 1
        else:
            kinds[p] = 2
            hands, w = ranges[p]
            parts.append(hands)
            cums.append(np.cumsum(w))
        range_start[p + 1] = range_start[p] + (len(parts[-1]) if kinds[p] == 2 else 0)
    range_hands = np.ascontiguousarray(np.concatenate(parts) if parts
                                       else np.zeros((0, n_hole), dtype=np.uint8))
    range_cum = np.concatenate(cums) if cums else np.zeros(0)
    range_bits = hand_bits(range_hands)
    base_used = np.uint64(sum(1 << int(c) for c in setup.known))
    args = omaha_tables()
    alone, split, share = _mask_vectors(n_players)
    units = 2520  # a pot share of 1/k (k <= 10 players) is a whole number of 1/2520ths
    share_units = np.round(share * units).astype(np.int64)
    tallies = {p: np.zeros((5, len(ranges[p][0])), dtype=np.int64) for p in keep}

    def run(seeds: npt.NDArray[np.uint64], sizes: IntArray, record: bool) -> IntArray:
        out = np.zeros((len(seeds), 1 << n_players), dtype=np.int64)
        offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        n_rows = int(sizes.sum()) if record and keep else 0
        drawn = np.empty((n_rows, n_players), dtype=np.int64)
        masks = np.empty(n_rows, dtype=np.int64)
        with _jit.threads(threads):
            _run_chunks(_kr.monte_carlo_counts, len(seeds), threads, holes, kinds, range_hands,
                        range_cum, range_bits, range_start, pairs, setup.board, base_used,
                        seeds, sizes, offsets, MAX_REJECTIONS, out, drawn, masks, *args)
        if (out[:, 0] < 0).any():
            raise ValueError(f"the players' ranges almost always share a card: no matchup "
                             f"was dealt in {MAX_REJECTIONS:,} tries in a row")
        for p, tally in tallies.items():
            idx = drawn[:, p] - range_start[p]
            size = tally.shape[1]
            for k, vec in enumerate((None, alone[p], split[p], share_units[p])):
                values = np.ones(n_rows, dtype=np.int64) if vec is None \
                    else np.asarray(vec, dtype=np.int64)[masks]
                tally[k] += np.bincount(idx, values, minlength=size).round().astype(np.int64)
            sq = share_units[p][masks] ** 2
            tally[4] += np.bincount(idx, sq, minlength=size).round().astype(np.int64)
        return out.sum(axis=0)

    result = drive_monte_carlo(lambda seeds, sizes: run(seeds, sizes, True), setup.labels,
                               trials, target_stderr, time_limit, seed, progress, start,
                               TRIALS_PER_CHUNK, DEFAULT_TRIALS, threads,
                               measure=lambda seeds, sizes: run(seeds, sizes, False))
    if not keep:
        return result
    tables: list[ComboTable | None] = [None] * n_players
    for p, tally in tallies.items():
        hands, w = ranges[p]
        n, won, tied, shared_u, sq_u = tally.astype(float)
        safe = np.where(n > 0, n, 1.0)
        mean = shared_u / units / safe
        var = np.maximum(sq_u / units ** 2 / safe - mean ** 2, 0.0)
        stderr = np.where(n > 1, np.sqrt(var / np.maximum(n - 1, 1)), np.nan)
        tables[p] = OmahaComboTable(hands, w, n / n.sum(), np.where(n > 0, mean, np.nan),
                                    np.where(n > 0, won / safe, np.nan),
                                    np.where(n > 0, tied / safe, np.nan), stderr, n, won, tied)
    return replace(result, combo_tables=tuple(tables))
