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
"""
from __future__ import annotations

import time
from dataclasses import dataclass, fields
from itertools import combinations

import numpy as np

from .. import _jit
from .._kernels import board_matchups as _bm
from .._kernels import sweep as _sw
from ..core.cards import RANK_CHARS, format_card
from ..core.classes import COMBO_INDEX_TABLE, N_COMBOS
from ..core.evaluate import kernel_args
from ..core.symmetry import canonical_boards, suit_maps
from ..equity.holdem import prepare

PROGRESS_BATCHES = 20
SWEEP_CHUNKS = 64  # per kernel call, fixed: sums do not depend on the thread count
MAX_BATCH_BOARDS = 50_000  # boards per kernel call (the multiway per-board mask counts)
MAX_PLAYERS = 6
SUIT_PATTERNS = ("rainbow", "two-tone", "monotone")


@dataclass(frozen=True)
class FlopReport:
    """One row per flop class: ``flops`` (F, 3) a representative (high card first),
    ``weight`` (F,) its probability, ``equity``/``win``/``tie`` (F, P) per player, and its
    texture: ``paired``, ``suits`` ('rainbow', 'two-tone' or 'monotone'), ``connected`` (three
    different ranks within five consecutive ones, the ace also low: a straight needs only two
    hole cards), ``high`` (its highest rank, 'A'..'2')."""
    players: tuple[str, ...]
    flops: np.ndarray
    weight: np.ndarray
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    paired: np.ndarray
    suits: np.ndarray
    connected: np.ndarray
    high: np.ndarray
    elapsed: float = 0.0

    def __len__(self) -> int:
        return len(self.weight)

    @property
    def names(self) -> list[str]:
        return ["".join(format_card(c) for c in f) for f in self.flops.tolist()]

    def overall(self) -> np.ndarray:
        """Each player's equity over all flops (weighted by the flop weights)."""
        return self.weight @ self.equity / self.weight.sum() if len(self) else \
            np.full(len(self.players), np.nan)

    def _take(self, rows) -> FlopReport:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("flops", "weight", "equity", "win", "tie", "paired", "suits",
                     "connected", "high"):
            values[name] = values[name][rows]
        return FlopReport(**values)

    def filter(self, *, paired=None, suits=None, connected=None, high=None) -> FlopReport:
        """The flops with these textures (None: any); weights are kept as they are, so
        ``weight.sum()`` is the probability of the texture."""
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

    def sort(self, by: str = "equity", player: int = 0, descending: bool = True) -> FlopReport:
        """Sorted by a player's ``equity``/``win``/``tie`` or by ``weight`` (stable)."""
        if by not in ("equity", "win", "tie", "weight"):
            raise ValueError(f"sort by equity, win, tie or weight, not {by!r}")
        if not 0 <= player < len(self.players):
            raise ValueError(f"player must be 0..{len(self.players) - 1}, not {player}")
        key = self.weight if by == "weight" else getattr(self, by)[:, player]
        order = np.argsort(-key if descending else key, kind="stable")
        return self._take(order)

    def by_texture(self) -> list[dict]:
        """Probability and each player's equity per texture (paired, suits, connected)."""
        rows = []
        groups = [("paired", dict(paired=True)), ("unpaired", dict(paired=False))]
        groups += [(s, dict(suits=s)) for s in SUIT_PATTERNS]
        groups += [("connected", dict(connected=True)),
                   ("disconnected", dict(connected=False))]
        groups += [(f"{r} high", dict(high=r)) for r in reversed(RANK_CHARS)]
        for label, kwargs in groups:
            part = self.filter(**kwargs)
            if len(part):
                rows.append({"texture": label, "flops": len(part),
                             "weight": float(part.weight.sum()),
                             "equity": part.overall().tolist()})
        return rows

    def records(self) -> list[dict]:
        rows = []
        for i, name in enumerate(self.names):
            row = {"flop": name, "weight": float(self.weight[i])}
            for p in range(len(self.players)):
                row[f"equity_{p + 1}"] = float(self.equity[i, p])
                row[f"win_{p + 1}"] = float(self.win[i, p])
                row[f"tie_{p + 1}"] = float(self.tie[i, p])
            row.update(paired=bool(self.paired[i]), suits=str(self.suits[i]),
                       connected=bool(self.connected[i]), high=str(self.high[i]))
            rows.append(row)
        return rows

    def to_frame(self):
        """A pandas DataFrame of ``records()`` (a list of dicts without pandas)."""
        try:
            import pandas as pd
        except ImportError:
            return self.records()
        return pd.DataFrame(self.records())


def _textures(flops: np.ndarray):
    ranks = flops.astype(np.int64) >> 2
    suits = flops.astype(np.int64) & 3
    paired = (ranks[:, 0] == ranks[:, 1]) | (ranks[:, 1] == ranks[:, 2]) | \
        (ranks[:, 0] == ranks[:, 2])
    n_suits = np.array([len(set(s)) for s in suits.tolist()])
    pattern = np.array(SUIT_PATTERNS)[3 - n_suits]
    high_rank = ranks.max(axis=1)
    span = high_rank - ranks.min(axis=1)
    # The ace also plays low: A-2-3, A-3-5 fit in A-2-3-4-5.
    low = np.where(ranks == 12, -1, ranks)
    span_low = low.max(axis=1) - low.min(axis=1)
    connected = ~paired & ((span <= 4) | (span_low <= 4))
    high = np.array(list(RANK_CHARS))[high_rank]
    return paired, pattern, connected, high


def _symmetry(setup) -> np.ndarray:
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


def _flop_index(cards: np.ndarray) -> np.ndarray:
    """Index of sorted 3-card sets (rows ascending) in a 52**3 table."""
    c = cards.astype(np.int64)
    return (c[:, 0] * 52 + c[:, 1]) * 52 + c[:, 2]


def _by_flop_class(boards, orbit, counts, reps, maps) -> np.ndarray:
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


def _dense_weights(combos, weights):
    index = COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]].astype(np.int64)
    dense = np.zeros(N_COMBOS)
    dense[index] = weights
    return np.ascontiguousarray(weights, np.float64), index, dense


def _batches(n_boards, progress):
    n = max(PROGRESS_BATCHES if progress is not None else 1, -(-n_boards // MAX_BATCH_BOARDS))
    bounds = np.linspace(0, n_boards, n + 1).round().astype(np.int64)
    return [(lo, hi) for lo, hi in zip(bounds[:-1], bounds[1:], strict=False) if hi > lo]


def _heads_up_counts(setup, boards, tables, progress):
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


def _multiway_counts(setup, boards, tables, progress):
    """(B, 2**P) winner-mask weights per board: every combo ranked once per board, then every
    matchup compared (``_kernels.board_matchups``)."""
    from ..equity.matchups import all_matchups
    hands, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    if len(hands) == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    rows = np.empty(hands.shape[:2], dtype=np.int64)
    offset = 0
    for p, combos in enumerate(setup.combo_lists):
        row_of = np.full(N_COMBOS, -1)
        row_of[COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]]] = np.arange(len(combos)) + offset
        rows[:, p] = row_of[COMBO_INDEX_TABLE[hands[:, p, 0], hands[:, p, 1]]]
        offset += len(combos)
    combos = np.ascontiguousarray(np.concatenate(setup.combo_lists))
    counts = np.zeros((len(boards), 1 << len(setup.players)))
    for lo, hi in _batches(len(boards), progress):
        starts = np.linspace(0, hi - lo, SWEEP_CHUNKS + 1).round().astype(np.int64)
        counts[lo:hi] = _bm.board_mask_counts(combos, rows, weights,
                                              np.ascontiguousarray(boards[lo:hi]), starts,
                                              *tables)
        if progress is not None:
            progress(int(hi), len(boards))
    return counts


def flops(hands, dead=None, *, threads=None, progress=None) -> FlopReport:
    """Exact equity of 2-6 players on every flop: ``hands`` as for ``pk.equity`` (hands,
    'Ah??', 'random', ranges), ``dead`` cards out of the deck. Returns a ``FlopReport``;
    ``progress``: a callable(done, total) over the 5-card boards evaluated."""
    start = time.perf_counter()
    setup = prepare(hands, None, dead)
    n = len(setup.players)
    if n > MAX_PLAYERS:
        raise ValueError(f"flops takes 2 to {MAX_PLAYERS} players, not {n}")
    maps = _symmetry(setup)
    dead = set(setup.dead.tolist())
    deck = np.array([c for c in range(52) if c not in dead], dtype=np.uint8)
    reps, _ = canonical_boards(deck, 3, maps)  # class sizes come with the 5-card orbits
    boards, orbit = canonical_boards(deck, 5, maps)
    tables = kernel_args(7)
    with _jit.threads(threads):
        if n == 2:
            counts = _heads_up_counts(setup, boards, tables, progress)
        else:
            counts = _multiway_counts(setup, boards, tables, progress)
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
    paired, suits, connected, high = _textures(reps)
    return FlopReport(tuple(setup.labels), np.ascontiguousarray(reps[:, ::-1]),
                      faced / faced.sum(), equity, win, tie, paired, suits, connected, high,
                      time.perf_counter() - start)
