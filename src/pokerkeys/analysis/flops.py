"""``flops``: equity of 2-6 players on every flop, exactly, with each flop's probability.

Flops that a suit permutation maps onto each other give the same equities when the inputs
(every player's weighted combos and the dead cards) are unchanged by that permutation, so only
one flop per class is reported, counted with its class size: 1,755 classes when every player
is a range closed under suit permutation (``QQ+``, ``random``), more for specific hands (22,100
without any symmetry). Each 5-card board, one per orbit of the same symmetry, is evaluated
once and its outcome credited to the classes of its ten flops: heads-up by the range sweep of
``_kernels.sweep`` (each combo evaluated once per board, card removal exact), with more
players by ranking every combo once per board and comparing every matchup
(``_kernels.board_matchups``).

A flop's ``weight`` is its probability given the ranges, card removal included: its class
size times the weight of the matchups it leaves possible (each has the same number of turns
and rivers). Flops that no matchup allows are left out; the weights sum to 1, and the
weighted sum of a player's flop equities is its exact preflop equity (tested).

Short deck (``game='shortdeck'``, ``rules`` for the order of trips and straight) runs the same
report on the 36 cards six to ace with the short-deck rank tables: its 7,140 flops, reduced by
the same suit symmetry (573 classes when every player is a range closed under suit
permutation), and a flop is connected when its ranks fit in five consecutive ones with the ace also
below the six (A-7-9 fits A-6-7-8-9). Each game the report plays is a ``_Game`` (its deck,
its rank tables, where the ace plays low).

Omaha (``game='omaha'``, ``'omaha5'``, ``'omaha6'``: 4, 5 or 6 hole cards) takes hands and
Omaha ranges as ``pk.omaha_equity`` does. Each 5-card board (one per orbit of the suit
permutations that fix every player's weighted hands and the dead cards) ranks every matchup of
the players' hands with ``pk.evaluate_omaha_batch`` (``analysis.runouts.omaha_board_counts``),
credited to its ten flops as above: exact, up to ``OMAHA_MAX_FLOP_SHOWDOWNS`` matchups x
boards (a random Omaha player is far more, and refused with the size named).

>>> import pokerkeys as pk
>>> report = pk.flops(["QQ", "AKs"])
>>> len(report), report.overall().round(4).tolist()
(1754, [0.5395, 0.4605])
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from itertools import combinations
from typing import TYPE_CHECKING, Literal, TypeAlias, get_args

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import board_matchups as _bm
from .._kernels import sweep as _sw
from ..core.cards import RANK_CHARS, format_card
from ..core.classes import COMBO_INDEX_TABLE, N_COMBOS
from ..core.evaluate import kernel_args
from ..core.shortdeck import FIRST_CARD, LOWEST_RANK, Rules, resolve_rules
from ..core.symmetry import canonical_boards, suit_maps
from ..core.tables import shortdeck_tables
from ..core.types import BoolArray, CardArray, CardsLike, FloatArray, IntArray, Threads
from ..equity.matchups import matchup_rows
from ..equity.setup import PlayerSpec, Setup, prepare

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

__all__ = ["FLOP_GAMES", "MAX_PLAYERS", "OMAHA_MAX_FLOP_SHOWDOWNS", "SUIT_PATTERNS", "FlopGame",
           "FlopReport", "FlopSort", "SuitPattern", "flops"]

PROGRESS_BATCHES = 20
SWEEP_CHUNKS = 64  # per kernel call, fixed: sums do not depend on the thread count
MAX_BATCH_BOARDS = 50_000  # boards per kernel call (the multiway per-board mask counts)
MAX_PLAYERS = 6
#: How many suits a flop shows: three, two or one.
SuitPattern: TypeAlias = Literal["rainbow", "two-tone", "monotone"]
SUIT_PATTERNS: tuple[SuitPattern, ...] = get_args(SuitPattern)
#: What ``FlopReport.sort`` sorts by: a player's equity, win or tie, or the flop's weight.
FlopSort: TypeAlias = Literal["equity", "win", "tie", "weight"]
_Progress: TypeAlias = Callable[[int, int], object]
#: The games the flop report plays: Texas Hold'em, short deck (six-plus hold'em) and Omaha
#: with 4, 5 or 6 hole cards.
FlopGame: TypeAlias = Literal["holdem", "shortdeck", "omaha", "omaha5", "omaha6"]
FLOP_GAMES: tuple[FlopGame, ...] = get_args(FlopGame)
_OMAHA_HOLE_CARDS = {"omaha": 4, "omaha5": 5, "omaha6": 6}
#: The Omaha flop report ranks every matchup of the players' hands on every 5-card board (one
#: per class of boards under the suit symmetry): at most this many matchups x boards. Settled
#: by the runouts' kernel, a report near it takes about 20-35 s on 2 cores, as a report of a
#: billion showdowns did when every matchup was ranked on its own (measured side by side).
OMAHA_MAX_FLOP_SHOWDOWNS = 5_000_000_000


@dataclass(frozen=True)
class _Game:
    """What the report needs of a game: its deck (card ids), its 7-card rank tables (the
    kernels' table arguments), the rank the ace takes when it plays low in a straight (one
    below the deck's lowest rank), and the rule order ``prepare`` checks the players with.
    Another game (Omaha) plugs in with its own entry and showdown counts."""
    deck: CardArray
    tables: tuple[npt.NDArray[np.generic], ...]
    ace_low: int
    rules: Rules | None


def _game(game: str, rules: Rules | None) -> _Game:
    """The ``_Game`` of a ``game`` and ``rules`` pair; raises for any other game."""
    if not isinstance(game, str) or game not in FLOP_GAMES:
        raise ValueError(f"the flop report plays {', '.join(FLOP_GAMES)}, not "
                         f"game={game!r}")
    if game in _OMAHA_HOLE_CARDS:
        if rules is not None:
            raise ValueError(f"rules is for short deck only, not game={game!r}")
        return _Game(np.arange(52, dtype=np.uint8), (), -1, None)
    short = resolve_rules(game, rules)
    if short is None:
        return _Game(np.arange(52, dtype=np.uint8), kernel_args(7), -1, None)
    return _Game(np.arange(FIRST_CARD, 52, dtype=np.uint8),
                 shortdeck_tables(7, short).as_tuple(), LOWEST_RANK - 1, short)


@dataclass(frozen=True)
class FlopReport:
    """Every flop's equities and texture, one row per class of flops; made by ``flops``.

    ``len(report)`` is the number of rows. ``filter`` and ``sort`` return new reports.

    Attributes
    ----------
    players : tuple of str
        The players, as given.
    flops : numpy.ndarray of uint8, shape (F, 3)
        A representative flop of each class (card ids, high card first).
    weight : numpy.ndarray of float64, shape (F,)
        The probability of the flop class given the players' hands, card removal included.
    equity, win, tie : numpy.ndarray of float64, shape (F, P)
        Each player's equity, share of boards won outright and share of boards tied, over
        every turn and river of the flop.
    paired : numpy.ndarray of bool, shape (F,)
        Whether two flop cards share a rank.
    suits : numpy.ndarray of str, shape (F,)
        'rainbow', 'two-tone' or 'monotone'.
    connected : numpy.ndarray of bool, shape (F,)
        Three different ranks within five consecutive ones, the ace also low: a straight
        needs only two hole cards.
    high : numpy.ndarray of str, shape (F,)
        The flop's highest rank, 'A'..'2'.
    elapsed : float
        Seconds the report took.
    game : {'holdem', 'shortdeck', 'omaha', 'omaha5', 'omaha6'}
        The game played (short deck: the rule order is the one ``flops`` was given).
    names : list of str
        The representative flops as text, such as ``'AhKdQc'`` (a property).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> report = pk.flops(["QQ", "AKs"])
    >>> report.players, len(report), report.names[:2]
    (('QQ', 'AKs'), 1754, ['2h2d2c', '3c2d2c'])
    >>> report.equity[0].round(4).tolist(), str(report.suits[0]), bool(report.paired[0])
    ([0.7237, 0.2763], 'rainbow', True)
    """
    players: tuple[str, ...]
    flops: CardArray
    weight: FloatArray
    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    paired: BoolArray
    suits: npt.NDArray[np.str_]
    connected: BoolArray
    high: npt.NDArray[np.str_]
    elapsed: float = 0.0
    game: FlopGame = "holdem"

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def names(self) -> list[str]:
        """The representative flops as text, such as ``'AhKdQc'``."""
        return ["".join(format_card(c) for c in f) for f in self.flops.tolist()]

    def overall(self) -> FloatArray:
        """Each player's equity over all the report's flops, weighted by their weights.

        On the full report this is the players' preflop equity; on a filtered one, their
        equity given that the flop has that texture.

        Returns
        -------
        numpy.ndarray of float64, shape (P,)
            One equity per player (NaN for every player when the report has no flop).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> report = pk.flops(["QQ", "AKs"])
        >>> report.overall().round(4).tolist()
        [0.5395, 0.4605]
        >>> report.filter(suits="monotone").overall().round(4).tolist()
        [0.523, 0.477]
        """
        return self.weight @ self.equity / self.weight.sum() if len(self) else \
            np.full(len(self.players), np.nan)

    def _take(self, rows: npt.NDArray[np.intp]) -> FlopReport:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("flops", "weight", "equity", "win", "tie", "paired", "suits",
                     "connected", "high"):
            values[name] = values[name][rows]
        return FlopReport(**values)

    def filter(self, *, paired: bool | None = None, suits: SuitPattern | None = None,
               connected: bool | None = None, high: str | None = None) -> FlopReport:
        """The flops with these textures; None (the default) accepts any.

        Weights are kept as they are, so ``weight.sum()`` of the result is the probability of
        the texture.

        Parameters
        ----------
        paired : bool, optional
            Flops with (True) or without (False) two cards of a rank.
        suits : {'rainbow', 'two-tone', 'monotone'}, optional
            Flops of three, two or one suit.
        connected : bool, optional
            Flops whose three ranks fit in five consecutive ones (the ace also low), or not.
        high : str, optional
            The flop's highest rank: '2'..'9', 'T' (or '10'), 'J', 'Q', 'K', 'A' (any case).

        Returns
        -------
        FlopReport
            The rows with every texture asked for, in the same order.

        Raises
        ------
        ValueError
            If ``suits`` is not one of ``SUIT_PATTERNS`` or ``high`` is not a rank.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> aces = pk.flops(["QQ", "AKs"]).filter(paired=True, high="A")
        >>> len(aces), round(float(aces.weight.sum()), 4), aces.overall().round(4).tolist()
        (49, 0.019, [0.1074, 0.8926])
        """
        keep = np.ones(len(self), dtype=bool)
        if paired is not None:
            keep &= self.paired == bool(paired)
        if suits is not None:
            if suits not in SUIT_PATTERNS:
                raise ValueError(f"suits must be one of {', '.join(SUIT_PATTERNS)}, "
                                 f"not {suits!r}")
            keep &= self.suits == suits
        if connected is not None:
            keep &= self.connected == bool(connected)
        if high is not None:
            rank = str(high).upper().replace("10", "T")
            if rank not in RANK_CHARS:
                raise ValueError(f"high must be a rank 2..A, not {high!r}")
            keep &= self.high == rank
        return self._take(np.flatnonzero(keep))

    def sort(self, by: FlopSort = "equity", player: int = 0,
             descending: bool = True) -> FlopReport:
        """The rows sorted by a player's equity, win or tie, or by weight (a stable sort).

        Parameters
        ----------
        by : {'equity', 'win', 'tie', 'weight'}, default 'equity'
            What to sort by.
        player : int, default 0
            Whose equity, win or tie (0-based); ignored for ``'weight'``, but still checked.
        descending : bool, default True
            Largest first.

        Returns
        -------
        FlopReport
            The same rows, reordered.

        Raises
        ------
        ValueError
            If ``by`` is unknown or ``player`` is not 0 to P - 1.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> best_for_aks = pk.flops(["QQ", "AKs"]).sort("equity", player=1)
        >>> best_for_aks.names[:3], best_for_aks.equity[:3, 1].round(4).tolist()
        (['KhKdKc', 'AhAdAc', 'AhKdKc'], [1.0, 1.0, 0.999])
        """
        if by not in ("equity", "win", "tie", "weight"):
            raise ValueError(f"sort by equity, win, tie or weight, not {by!r}")
        if not 0 <= player < len(self.players):
            raise ValueError(f"player must be 0..{len(self.players) - 1}, not {player}")
        key = self.weight if by == "weight" else getattr(self, by)[:, player]
        order = np.argsort(-key if descending else key, kind="stable")
        return self._take(order)

    def by_texture(self) -> list[dict[str, object]]:
        """The probability of each texture and each player's equity given it.

        Textures: paired, unpaired, each suit pattern, connected, disconnected, and each
        highest rank from 'A high' down to '2 high'; a texture no flop has is left out.

        Returns
        -------
        list of dict
            One dict per texture: ``texture`` (its name), ``flops`` (rows of the report with
            it), ``weight`` (its probability) and ``equity`` (each player's equity given it).

        Examples
        --------
        >>> import pokerkeys as pk
        >>> rows = pk.flops(["QQ", "AKs"]).by_texture()
        >>> [row["texture"] for row in rows][:7]
        ['paired', 'unpaired', 'rainbow', 'two-tone', 'monotone', 'connected', 'disconnected']
        >>> rows[0]["flops"], round(rows[0]["weight"], 4), [round(e, 4) for e in rows[0]["equity"]]
        (324, 0.1733, [0.6008, 0.3992])
        """
        rows: list[dict[str, object]] = []
        parts = [("paired", self.filter(paired=True)), ("unpaired", self.filter(paired=False))]
        parts += [(s, self.filter(suits=s)) for s in SUIT_PATTERNS]
        parts += [("connected", self.filter(connected=True)),
                  ("disconnected", self.filter(connected=False))]
        parts += [(f"{r} high", self.filter(high=r)) for r in reversed(RANK_CHARS)]
        for label, part in parts:
            if len(part):
                rows.append({"texture": label, "flops": len(part),
                             "weight": float(part.weight.sum()),
                             "equity": part.overall().tolist()})
        return rows

    def records(self) -> list[dict[str, object]]:
        """The rows as dicts, one per flop class.

        Returns
        -------
        list of dict
            ``flop`` (text), ``weight``, then ``equity_1``, ``win_1``, ``tie_1``,
            ``equity_2``, ... per player (1-based), then ``paired``, ``suits``, ``connected``
            and ``high``; Python numbers, ready for JSON.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> row = pk.flops(["QQ", "AKs"]).records()[0]
        >>> row["flop"], round(row["equity_1"], 4), row["suits"], row["high"]
        ('2h2d2c', 0.7237, 'rainbow', '2')
        """
        rows: list[dict[str, object]] = []
        for i, name in enumerate(self.names):
            row: dict[str, object] = {"flop": name, "weight": float(self.weight[i])}
            for p in range(len(self.players)):
                row[f"equity_{p + 1}"] = float(self.equity[i, p])
                row[f"win_{p + 1}"] = float(self.win[i, p])
                row[f"tie_{p + 1}"] = float(self.tie[i, p])
            row.update(paired=bool(self.paired[i]), suits=str(self.suits[i]),
                       connected=bool(self.connected[i]), high=str(self.high[i]))
            rows.append(row)
        return rows

    def to_frame(self) -> pd.DataFrame | list[dict[str, object]]:
        """The rows as a table: a pandas DataFrame of ``records()``, or the records without
        pandas.

        Returns
        -------
        pandas.DataFrame or list of dict
            One row per flop class, the columns of ``records()``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> frame = pk.flops(["QQ", "AKs"]).to_frame()
        >>> frame.shape, list(frame.columns[:5])
        ((1754, 12), ['flop', 'weight', 'equity_1', 'win_1', 'tie_1'])
        """
        try:
            import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no types
        except ImportError:
            return self.records()
        return pd.DataFrame(self.records())


def _textures(flops: CardArray, ace_low: int = -1
              ) -> tuple[BoolArray, npt.NDArray[np.str_], BoolArray, npt.NDArray[np.str_]]:
    ranks = flops.astype(np.int64) >> 2
    suits = flops.astype(np.int64) & 3
    paired = (ranks[:, 0] == ranks[:, 1]) | (ranks[:, 1] == ranks[:, 2]) | \
        (ranks[:, 0] == ranks[:, 2])
    n_suits = np.array([len(set(s)) for s in suits.tolist()])
    pattern = np.array(SUIT_PATTERNS)[3 - n_suits]
    high_rank = ranks.max(axis=1)
    span = high_rank - ranks.min(axis=1)
    # The ace also plays low: A-2-3, A-3-5 fit in A-2-3-4-5 (short deck: A-7-9 in A-6-7-8-9).
    low = np.where(ranks == 12, ace_low, ranks)
    span_low = low.max(axis=1) - low.min(axis=1)
    connected = ~paired & ((span <= 4) | (span_low <= 4))
    high = np.array(list(RANK_CHARS))[high_rank]
    return paired, pattern, connected, high


def _symmetry(setup: Setup) -> CardArray:
    """Card maps of the suit permutations that leave both weighted ranges and the dead cards
    unchanged (identity first)."""
    keep = []
    dense = []
    for combos, w in zip(setup.combo_lists, setup.weight_lists, strict=False):
        d = np.zeros(N_COMBOS)
        d[COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]]] = w
        dense.append(d)
    dead = set(setup.dead.tolist())
    for card_map in suit_maps():
        if set(card_map[setup.dead].tolist()) != dead:
            continue
        ok = True
        for combos, w, d in zip(setup.combo_lists, setup.weight_lists, dense, strict=False):
            image = card_map[combos]
            if not np.array_equal(d[COMBO_INDEX_TABLE[image[:, 0], image[:, 1]]], w):
                ok = False
                break
        if ok:
            keep.append(card_map)
    return np.array(keep, dtype=np.uint8)


def _flop_index(cards: CardArray) -> IntArray:
    """Index of sorted 3-card sets (rows ascending) in a 52**3 table."""
    c = cards.astype(np.int64)
    return (c[:, 0] * 52 + c[:, 1]) * 52 + c[:, 2]


def _by_flop_class(boards: CardArray, orbit: IntArray, counts: FloatArray, reps: CardArray,
                   maps: CardArray) -> FloatArray:
    """(F, K) sums over every 5-card board of its counts (B, K), added to the class of each
    of its ten flops: a flop class's row is then the sum over all its flops of their turns
    and rivers. A board stands for its orbit (orbit members' flops fall in the same classes),
    hence the orbit-size factor."""
    class_of = np.full(52 ** 3, -1, dtype=np.int64)
    for card_map in maps:
        image = np.sort(card_map[reps], axis=1)
        class_of[_flop_index(image)] = np.arange(len(reps))
    out = np.zeros((len(reps), counts.shape[1]))
    weighted = counts * orbit[:, None]
    for trio in combinations(range(5), 3):
        ids = class_of[_flop_index(boards[:, list(trio)])]
        for q in range(counts.shape[1]):
            out[:, q] += np.bincount(ids, weights=weighted[:, q], minlength=len(reps))
    return out


def _dense_weights(combos: CardArray,
                   weights: FloatArray) -> tuple[FloatArray, IntArray, FloatArray]:
    index = COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]].astype(np.int64)
    dense = np.zeros(N_COMBOS)
    dense[index] = weights
    return np.ascontiguousarray(weights, np.float64), index, dense


def _batches(n_boards: int, progress: _Progress | None) -> list[tuple[int, int]]:
    n = max(PROGRESS_BATCHES if progress is not None else 1, -(-n_boards // MAX_BATCH_BOARDS))
    bounds = np.linspace(0, n_boards, n + 1).round().astype(np.int64)
    return [(int(lo), int(hi)) for lo, hi in zip(bounds[:-1], bounds[1:], strict=False)
            if hi > lo]


def _heads_up_counts(setup: Setup, boards: CardArray, tables: tuple[object, ...],
                     progress: _Progress | None) -> FloatArray:
    """(B, 4) winner-mask weights per board (masks: A alone 1, B alone 2, split 3), by the
    range sweep."""
    (ca, cb) = setup.combo_lists
    wa, ia, da = _dense_weights(ca, setup.weight_lists[0])
    wb, ib, db = _dense_weights(cb, setup.weight_lists[1])
    counts = np.zeros((len(boards), 4))
    for lo, hi in _batches(len(boards), progress):
        starts = np.linspace(0, hi - lo, SWEEP_CHUNKS + 1).round().astype(np.int64)
        _, _, totals = _sw.per_combo_sweep(ca, wa, ia, da, cb, wb, ib, db, np.uint64(0),
                                           np.uint64(0), np.ascontiguousarray(boards[lo:hi]),
                                           starts, *tables)
        won, tied, faced = totals.T
        counts[lo:hi, 1], counts[lo:hi, 2], counts[lo:hi, 3] = won, faced - won - tied, tied
        if progress is not None:
            progress(int(hi), len(boards))
    return counts


def _multiway_counts(setup: Setup, boards: CardArray, tables: tuple[object, ...],
                     progress: _Progress | None) -> FloatArray:
    """(B, 2**P) winner-mask weights per board: every combo ranked once per board, then every
    matchup compared (``_kernels.board_matchups``)."""
    combos, rows, weights = matchup_rows(setup.combo_lists, setup.weight_lists,
                                         "the flop report")
    counts = np.zeros((len(boards), 1 << len(setup.players)))
    for lo, hi in _batches(len(boards), progress):
        starts = np.linspace(0, hi - lo, SWEEP_CHUNKS + 1).round().astype(np.int64)
        counts[lo:hi] = _bm.board_mask_counts(combos, rows, weights,
                                              np.ascontiguousarray(boards[lo:hi]), starts,
                                              *tables)
        if progress is not None:
            progress(int(hi), len(boards))
    return counts


def _omaha_setup(players: Iterable[object], dead: CardsLike | None, n_hole: int
                 ) -> tuple[list[str], CardArray, CardArray,
                            list[tuple[CardArray, FloatArray]]]:
    """Omaha players read by ``omaha_players``: labels, the cards left in the deck, the card
    maps of the suit permutations that leave every player's weighted hands and the dead cards
    unchanged (identity first), and each player's (hands, weights)."""
    from ..equity.omaha import as_ranges, hand_bits, omaha_players

    setup = omaha_players(players, None, dead, n_hole)
    ranges = as_ranges(setup, [])
    dead_ids = set(setup.dead.tolist())
    sorted_hands = []
    for hands, weights in ranges:
        bits = hand_bits(hands)
        order = np.argsort(bits, kind="stable")
        sorted_hands.append((bits[order], weights[order]))
    keep = []
    for card_map in suit_maps():
        if set(card_map[setup.dead].tolist()) != dead_ids:
            continue
        for (hands, weights), (bits, sorted_weights) in zip(ranges, sorted_hands, strict=True):
            image = hand_bits(card_map[hands])
            order = np.argsort(image, kind="stable")
            if not (np.array_equal(image[order], bits)
                    and np.array_equal(weights[order], sorted_weights)):
                break
        else:
            keep.append(card_map)
    return setup.labels, setup.free, np.array(keep, dtype=np.uint8), ranges


def _omaha_counts(ranges: list[tuple[CardArray, FloatArray]], boards: CardArray,
                  threads: Threads, progress: _Progress | None) -> FloatArray:
    """(B, 2**P) winner-mask weights per board: every matchup of Omaha hands ranked on every
    board by ``omaha_board_counts``, or a ValueError naming the size beyond
    ``OMAHA_MAX_FLOP_SHOWDOWNS``."""
    from ..equity.omaha import range_matchups
    from .runouts import omaha_board_counts

    limit = OMAHA_MAX_FLOP_SHOWDOWNS
    built = range_matchups(ranges, limit // len(boards))
    if built is None or len(built[0]) * len(boards) > limit:
        size = (f"{len(built[0]):,}" if built is not None else
                f"up to {int(np.prod([float(len(h)) for h, _ in ranges])):,}")
        raise ValueError(f"the Omaha flop report would compare {size} matchups x "
                         f"{len(boards):,} boards, more than {limit:,} showdowns; give "
                         "narrower ranges (hands, or ranges of a few hundred hands)")
    return omaha_board_counts(ranges, np.zeros(0, dtype=np.uint8), boards, "the flop report",
                              threads, progress, limit)


def flops(hands: Iterable[PlayerSpec], dead: CardsLike | None = None, *,
          game: FlopGame = "holdem", rules: Rules | None = None, threads: Threads = None,
          progress: _Progress | None = None) -> FlopReport:
    """Exact equity of 2-6 players on every flop, with each flop's probability and texture.

    Flops that a suit permutation maps onto each other give the same equities when the
    players' hands and the dead cards are unchanged by it, so one flop per class is
    reported, weighted by the class's probability. The weights sum to 1, and the weighted
    sum of a player's flop equities is its exact preflop equity.

    Parameters
    ----------
    hands : iterable of str, cards or Range
        2 to 6 players, as for ``pk.equity``: hands (``'AhKh'``), partial hands
        (``'Ah??'``), ``'random'``, or ranges (``'QQ+, AKs'`` or a ``Range``).
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    game : {'holdem', 'shortdeck', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        ``'shortdeck'``: short deck (six-plus hold'em), the 36 cards six to ace and their
        7,140 flops, ranked by the short-deck tables. ``'omaha'``, ``'omaha5'``,
        ``'omaha6'``: Omaha with 4, 5 or 6 hole cards, the players as for
        ``pk.omaha_equity`` (hands such as ``'AsKsQdJd'`` or Omaha ranges such as
        ``'AAKK:$ds'``); every matchup is ranked on every board, exact, up to
        ``OMAHA_MAX_FLOP_SHOWDOWNS`` (5 billion) matchups x boards (a hand against a range
        of about 5,000 hands, or two ranges of a few hundred hands each: some 20-35 s on 2
        cores); ``'random'`` is far more and refused.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: which of three of a kind and straight ranks higher (None: trips).
    threads : int, optional
        Kernel threads; None: every core Numba uses. The result does not depend on it.
    progress : callable, optional
        Called as ``progress(done, total)`` with the 5-card boards evaluated so far.

    Returns
    -------
    FlopReport
        One row per flop class: its weight, each player's equity, win and tie, its texture.

    Raises
    ------
    ValueError
        If a hand, range or dead card does not parse, a card is in two places, there are
        fewer than 2 or more than 6 players, or no matchup is possible (the players' ranges
        always share a card); if ``game`` is not one the report plays, or ``rules`` is
        unknown or given with another game than short deck; in short deck, if a card below
        the six is in a hand, a range or the dead cards (the message names it); in Omaha, if
        a hand has the wrong number of cards for the game, or the players' matchups x boards
        are more than ``OMAHA_MAX_FLOP_SHOWDOWNS`` (the message names both sizes).
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> report = pk.flops(["QQ", "AKs"])
    >>> len(report), round(float(report.weight.sum()), 12)
    (1754, 1.0)
    >>> report.overall().round(4).tolist()  # the preflop equity
    [0.5395, 0.4605]

    Short deck:

    >>> short = pk.flops(["QQ", "AKs"], game="shortdeck")
    >>> len(short), short.overall().round(4).tolist()
    (572, [0.4929, 0.5071])

    Omaha, hand against hand:

    >>> omaha = pk.flops(["AsKsQdJd", "AhAcKhKc"], game="omaha")
    >>> len(omaha), omaha.overall().round(4).tolist()
    (7513, [0.2778, 0.7222])
    >>> omaha.filter(suits="monotone").overall().round(4).tolist()
    [0.4574, 0.5426]
    """
    start = _jit.compute_clock()  # a compile is not the report's time
    players = [hands] if isinstance(hands, str) else list(hands)
    # flops' own limit first: prepare() would state equity's (2 to 10 players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"flops takes 2 to {MAX_PLAYERS} players, not {len(players)}")
    played = _game(game, rules)
    n = len(players)
    if game in _OMAHA_HOLE_CARDS:
        labels, deck, maps, ranges = _omaha_setup(players, dead, _OMAHA_HOLE_CARDS[game])
    else:
        setup = prepare(players, None, dead, rules=played.rules)
        labels = list(setup.labels)
        maps = _symmetry(setup)
        dead_ids = set(setup.dead.tolist())
        deck = np.array([c for c in played.deck.tolist() if c not in dead_ids], dtype=np.uint8)
    reps, _ = canonical_boards(deck, 3, maps)  # class sizes come with the 5-card orbits
    boards, orbit = canonical_boards(deck, 5, maps)
    if game in _OMAHA_HOLE_CARDS:
        counts = _omaha_counts(ranges, boards, threads, progress)
    else:
        with _jit.threads(threads):
            if n == 2:
                counts = _heads_up_counts(setup, boards, played.tables, progress)
            else:
                counts = _multiway_counts(setup, boards, played.tables, progress)
    # Summed over each class's flops: class size x the representative's counts.
    by_class = _by_flop_class(boards, orbit, counts, reps, maps)
    faced = by_class.sum(axis=1)
    possible = faced > 0
    if not possible.any():
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    reps, by_class, faced = reps[possible], by_class[possible], faced[possible]
    masks = np.arange(1 << n)
    members = (masks[:, None] >> np.arange(n)) & 1
    size = members.sum(axis=1)
    share = np.where(size > 0, 1.0 / np.maximum(size, 1), 0.0)
    equity = by_class @ (members * share[:, None]) / faced[:, None]
    win = by_class @ (members * (size == 1)[:, None]) / faced[:, None]
    tie = by_class @ (members * (size > 1)[:, None]) / faced[:, None]
    paired, suits, connected, high = _textures(reps, played.ace_low)
    return FlopReport(tuple(labels), np.ascontiguousarray(reps[:, ::-1]),
                      faced / faced.sum(), equity, win, tie, paired, suits, connected, high,
                      _jit.compute_clock() - start, game)
