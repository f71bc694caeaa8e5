"""Per-combo equity: every combo of a range player with its own result (``per_combo=True``).

Exact, heads-up, with a flop or turn (or a full board): both ranges are swept board by board
(``_kernels.sweep``), every combo evaluated once per board, card removal by inclusion-
exclusion. Exact otherwise (preflop, or 3+ players): every matchup is enumerated as in
``pokerkeys.equity.holdem`` (suit-isomorphic matchups merged) but each representative's
outcome counts are kept apart and handed back to every matchup it stands for. Monte Carlo:
hold'em's Monte Carlo with every player drawn from its combo list, each drawn combo's
outcomes also tallied in its row (``_kernels.per_combo``).

Short deck (``game='shortdeck'``, the setup's ``rules`` given) runs the same three paths on
the 36-card deck with the short-deck rank tables; its preflop matchups are counted by rank
classes too, with its own rank tables (``rank_class_tables_7(rules)``).

A combo's row: ``weight`` (its weight in the range), ``share`` (its probability among the
player's combos once card removal against the other ranges is counted; shares sum to 1),
``equity``, ``win`` and ``tie`` against the other players given this combo, and ``stderr``
for Monte Carlo. The share-weighted mean of the rows is the player's equity.

>>> import pokerkeys as pk
>>> r = pk.equity(["AhKh", "QQ+"], "Qh7h2c", per_combo=True)
>>> table = r.combo_tables[1]
>>> table.names()[:3], table.equity[:3].round(4).tolist()
(['QdQc', 'QsQc', 'QsQd'], [0.7444, 0.7444, 0.7444])
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import equity as _k
from .._kernels import rank_classes as _rc
from .._kernels import sweep as _sw
from ..core.classes import COMBO_INDEX_TABLE, N_COMBOS
from ..core.evaluate import kernel_args
from ..core.shortdeck import Rules
from ..core.tables import rank_class_tables_7, shortdeck_tables
from ..core.types import CardArray, FloatArray, IntArray, SeedLike, Threads
from .driver import Progress
from .matchups import alike_players, all_matchups, credit_alike, merge_isomorphic
from .monte_carlo import monte_carlo
from .result import ComboTable, EquityResult
from .setup import PerCombo, Setup

__all__ = ["MATCHUP_BATCH", "ONE_THREAD_BELOW", "SWEEP_CHUNKS", "run"]

#: Chunks of boards of the heads-up sweep: fixed, so sums do not depend on the thread count.
SWEEP_CHUNKS = 32
# Sweeps with fewer combo evaluations than this run on one thread: waking a second thread
# costs more than the work (AhKh vs QQ+ on a flop, 15,000 evaluations, loaded host: median
# 1.8 ms on one thread, 64 ms on two). Results do not change: the chunks stay the same.
ONE_THREAD_BELOW = 100_000
#: Matchups per kernel call of the general exact path (progress, memory).
MATCHUP_BATCH = 4096


def _players_to_keep(setup: Setup, per_combo: PerCombo) -> list[int]:
    """Indices of the players whose combos are kept; raises on a single hand or no range."""
    n = len(setup.players)
    multi = [i for i in range(n) if len(setup.combo_lists[i]) > 1
             or setup.players[i].kind != "hand"]
    if per_combo is True:
        if not multi:
            raise ValueError("per_combo needs a player given as a range, 'random' or 'Ah??'; "
                             "every player here is a single hand")
        return multi
    wanted: list[Any] = [per_combo] if isinstance(per_combo, (int, np.integer)) \
        else list(per_combo)
    for i in wanted:
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < n:
            raise ValueError(f"per_combo: player indices are 0..{n - 1}, not {i!r}")
        if i not in multi:
            raise ValueError(f"per_combo: player {i + 1} ({setup.players[i].label!r}) is a "
                             f"single hand; per-combo results exist only for ranges")
    return sorted({int(i) for i in wanted})


def _dense(combos: CardArray, weights: FloatArray) -> FloatArray:
    out = np.zeros(N_COMBOS)
    out[_indices(combos)] = weights
    return out


def _indices(combos: CardArray) -> IntArray:
    return COMBO_INDEX_TABLE[combos[:, 0], combos[:, 1]].astype(np.int64)


def _table(combos: CardArray, weights: FloatArray, faced: FloatArray, won: FloatArray,
           tied: FloatArray, shared: FloatArray, stderr: FloatArray | None = None
           ) -> ComboTable:
    """A player's table from per-combo weighted showdowns faced, won alone, tied, pot share."""
    safe = np.where(faced > 0, faced, 1.0)
    mass = weights * faced
    share = mass / mass.sum() if mass.sum() > 0 else mass
    return ComboTable(combos, weights, share, shared / safe, won / safe, tied / safe, stderr,
                      faced, won, tied)


def _completions(setup: Setup) -> CardArray:
    """Every completion of the known board from the cards not on it and not dead, (B, k)."""
    deck = [c for c in range(52) if not (setup.excluded >> c) & 1]
    k = setup.n_missing
    boards = (np.zeros((1, 0), dtype=np.uint8) if k == 0
              else np.array(list(combinations(deck, k)), dtype=np.uint8))
    # Read-only, as the flop report's canonical boards are: the sweep kernel is compiled for
    # one type of boards array (see its declared signature).
    boards.setflags(write=False)
    return boards


def _exact_sweep(setup: Setup, keep: list[int], threads: Threads
                 ) -> tuple[FloatArray, list[ComboTable | None]]:
    """Heads-up with at most two cards to come: (mask counts, tables) by the range sweep."""
    tables7 = _tables7(setup.rules)
    card_keys, flush_keys = tables7[0], tables7[1]
    base_key = np.uint64(sum(int(card_keys[c]) for c in setup.board))
    base_flush = np.uint64(sum(int(flush_keys[c]) for c in setup.board))
    boards = _completions(setup)
    starts = np.linspace(0, len(boards), min(SWEEP_CHUNKS, len(boards)) + 1).round()
    ca, cb = setup.combo_lists
    wa, wb = (np.ascontiguousarray(w, dtype=np.float64) for w in setup.weight_lists)
    small = len(boards) * (len(ca) + len(cb)) < ONE_THREAD_BELOW
    # The outer block checks `threads` even when the inner one runs on one thread.
    with _jit.threads(threads), _jit.threads(1 if small else threads):
        out_a, out_b, _ = _sw.per_combo_sweep(ca, wa, _indices(ca), _dense(ca, wa), cb, wb,
                                           _indices(cb), _dense(cb, wb), base_key, base_flush,
                                           boards, starts.astype(np.int64), *tables7)
    res_a, res_b = out_a.sum(axis=0), out_b.sum(axis=0)
    won, tied, faced = (wa * res_a[:, q] for q in range(3))
    counts = np.array([0.0, won.sum(), (faced - won - tied).sum(), tied.sum()])
    tables: list[ComboTable | None] = []
    for i, (c, w, res) in enumerate(((ca, wa, res_a), (cb, wb, res_b))):
        if i in keep:
            tables.append(_table(c, w, res[:, 2], res[:, 0], res[:, 1],
                                 res[:, 0] + res[:, 1] / 2))
        else:
            tables.append(None)
    return counts, tables


def _tables7(rules: Rules | None) -> tuple[npt.NDArray[Any], ...]:
    """The 7-card tables the card-by-card kernels rank with: Hold'em's, or short deck's."""
    return kernel_args(7) if rules is None else shortdeck_tables(7, rules).as_tuple()


def _matchup_counts(hands: CardArray, excluded: int, n_missing: int, board: CardArray,
                    threads: Threads, progress: Progress | None, rules: Rules | None = None,
                    by_classes: bool = True) -> FloatArray:
    """(M, 2**P) integer outcome counts of each matchup over every board completion.

    Preflop runs by rank classes (short deck, ``rules`` given, with its own rank tables),
    other boards card by card. ``by_classes=False`` walks preflop boards card by card too
    (the reference the tests compare with)."""
    preflop = n_missing == 5 and by_classes
    tables = rank_class_tables_7(rules) if preflop else _tables7(rules)
    out = np.empty((len(hands), 1 << hands.shape[1]))
    ones = np.ones(len(hands))
    with _jit.threads(threads):
        for lo in range(0, len(hands), MATCHUP_BATCH):
            hi = min(lo + MATCHUP_BATCH, len(hands))
            items = np.stack([np.arange(lo, hi), np.full(hi - lo, -1)], axis=1)
            starts = np.arange(hi - lo + 1, dtype=np.int64)
            part = np.zeros((hi - lo, out.shape[1]))
            if preflop:
                _jit.run_chunks(_rc.preflop_counts, hi - lo, None, part, hands, ones,
                                np.uint64(excluded), items, starts, *tables)
            else:
                _jit.run_chunks(_k.exact_counts, hi - lo, None, part, hands, ones, board,
                                np.uint64(excluded), n_missing, items, starts, *tables)
            out[lo:hi] = part
            if progress is not None:
                progress(hi, len(hands))
    return out


def _exact_matchups(setup: Setup, keep: list[int], threads: Threads,
                    progress: Progress | None
                    ) -> tuple[FloatArray, list[ComboTable | None]]:
    """Any exact problem: (mask counts, tables) from per-matchup counts."""
    n = len(setup.players)
    hands, weights = all_matchups(setup.combo_lists, setup.weight_lists)
    if len(hands) == 0:
        raise ValueError("no matchup is possible: the players' ranges always share a card")
    # Players of one range are enumerated once per orbit of their swaps, as in the plain
    # exact path; each matchup then reads its outcomes from the representative's player
    # that it stands for (``players``).
    alike = alike_players(setup.combo_lists, setup.weight_lists)
    reps, merged, inverse, players = merge_isomorphic(
        hands, weights, setup.board, setup.dead, True, alike=alike, return_players=True)
    counts = _matchup_counts(np.ascontiguousarray(reps), setup.excluded, setup.n_missing,
                             setup.board, threads, progress, setup.rules)
    masks = np.arange(1 << n)
    members = (masks[:, None] >> np.arange(n)) & 1
    size = members.sum(axis=1)
    share = np.where(size > 0, 1.0 / np.maximum(size, 1), 0.0)
    faced_rep = counts.sum(axis=1)
    won_rep = counts @ (members * (size == 1)[:, None])        # (Mc, P)
    tied_rep = counts @ (members * (size > 1)[:, None])
    shared_rep = counts @ (members * share[:, None])
    tables: list[ComboTable | None] = []
    for p in range(n):
        if p not in keep:
            tables.append(None)
            continue
        combos, w = setup.combo_lists[p], setup.weight_lists[p]
        row_of = np.full(N_COMBOS, -1)
        row_of[_indices(combos)] = np.arange(len(combos))
        rows = row_of[_indices(hands[:, p])]
        others = weights / w[rows]   # the other players' weight product of each matchup
        # (bincount with weights counts in float64; NumPy's annotations say intp)
        as_player = players[:, p]
        faced, won, tied, shared = (
            np.asarray(np.bincount(rows, weights=others * x, minlength=len(combos)),
                       np.float64)
            for x in (faced_rep[inverse], won_rep[inverse, as_player],
                      tied_rep[inverse, as_player], shared_rep[inverse, as_player]))
        tables.append(_table(combos, w, faced, won, tied, shared))
    return credit_alike(merged @ counts, alike), tables


def run(setup: Setup, per_combo: PerCombo, *, exact: bool, trials: int | None,
        target_stderr: float | None, time_limit: float | None, seed: SeedLike,
        threads: Threads, progress: Progress | None, start: float) -> EquityResult:
    """``equity(..., per_combo=...)`` once the problem is set up and checked.

    Parameters
    ----------
    setup : Setup
        The problem (``pokerkeys.equity.setup.prepare``).
    per_combo : bool, int or sequence of int
        Whose combos to keep, as ``equity`` takes it.
    exact : bool
        Enumerate (True) or Monte Carlo (False); ``equity`` has decided.
    trials, target_stderr, time_limit, seed, threads, progress
        As for ``equity``.
    start : float
        ``pokerkeys._jit.compute_clock()`` when the call began.

    Returns
    -------
    EquityResult
        The players' result, with ``combo_tables`` holding a ``ComboTable`` for each kept
        player and None for the others.

    Raises
    ------
    ValueError
        If ``per_combo`` is True and every player is a single hand, or names a single hand
        or an index out of range; if no matchup is possible (the ranges always share a card)
        or the ranges almost never fit together (Monte Carlo); if exact enumeration would
        need more than 5,000,000 matchups.

    Examples
    --------
    >>> from pokerkeys import _jit
    >>> from pokerkeys.equity.setup import prepare
    >>> from pokerkeys.equity.per_combo import run
    >>> r = run(prepare(["AhKh", "QQ+"], "Qh7h2c"), [1], exact=True, trials=None,
    ...         target_stderr=None, time_limit=None, seed=None, threads=None, progress=None,
    ...         start=_jit.compute_clock())
    >>> r.combo_tables[0] is None, len(r.combo_tables[1].combos)
    (True, 9)
    """
    keep = _players_to_keep(setup, per_combo)
    if exact:
        if len(setup.players) == 2 and setup.n_missing <= 2:
            counts, tables = _exact_sweep(setup, keep, threads)
        else:
            counts, tables = _exact_matchups(setup, keep, threads, progress)
        if counts.sum() == 0:
            raise ValueError("no matchup is possible: the players' ranges always share a card")
        result = EquityResult.from_mask_counts(setup.labels, counts, True,
                                               _jit.compute_clock() - start)
        return replace(result, combo_tables=tuple(tables))
    return _monte_carlo(setup, keep, trials, target_stderr, time_limit, seed, threads,
                        progress, start)


# ---------------------------------------------------------------------------- Monte Carlo
def _monte_carlo(setup: Setup, keep: list[int], trials: int | None,
                 target_stderr: float | None, time_limit: float | None, seed: SeedLike,
                 threads: Threads, progress: Progress | None, start: float) -> EquityResult:
    """hold'em's Monte Carlo with every player drawn from its combo list and each drawn
    combo's trials, wins, ties and pot shares tallied in its row."""
    starts = np.cumsum([0] + [len(c) for c in setup.combo_lists])
    per_row = np.zeros((int(starts[-1]), 5))
    result = monte_carlo(setup, trials, target_stderr, time_limit, seed, threads, progress,
                         start, tally=per_row)
    tables: list[ComboTable | None] = []
    for p in range(len(setup.players)):
        if p not in keep:
            tables.append(None)
            continue
        block = per_row[starts[p]:starts[p + 1]]
        n, won, tied, shared, shared_sq = block.T
        safe = np.maximum(n, 1)
        mean = shared / safe
        var = np.maximum(shared_sq / safe - mean ** 2, 0.0)
        stderr = np.where(n > 1, np.sqrt(var / np.maximum(n - 1, 1)), np.nan)
        combos, w = setup.combo_lists[p], setup.weight_lists[p]
        share = n / n.sum()
        tables.append(ComboTable(combos, w, share, np.where(n > 0, mean, np.nan),
                                 np.where(n > 0, won / safe, np.nan),
                                 np.where(n > 0, tied / safe, np.nan), stderr, n, won,
                                 tied))
    return replace(result, combo_tables=tuple(tables))
