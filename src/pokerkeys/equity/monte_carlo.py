"""Hold'em Monte Carlo: the kernels' arguments for a problem, runs of chunks, and the run.

A problem's players become the kernels' arguments once (``monte_carlo_args``); the driver
(``pokerkeys.equity.driver``) calls ``run_chunks`` round after round until a stop rule ends the
run. Players without ranges are dealt from one free-card mask (heads-up in registers); range
players draw a combo by weight in constant time (alias tables), redrawn while two collide.
Per-combo results (``pokerkeys.equity.per_combo``) run the same trials with every player drawn
as a range and each drawn combo's outcome tallied.

>>> from pokerkeys.equity.monte_carlo import monte_carlo
>>> from pokerkeys.equity.setup import prepare
>>> monte_carlo(prepare(["AhAd", "KsKc"]), 1000, None, None, seed=7, threads=None,
...             progress=None, start=0.0).mask_counts.tolist()
[0.0, 803.0, 194.0, 3.0]
"""
from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import equity as _k
from .._kernels import per_combo as _pc
from ..core.sampling import alias_table
from ..core.shortdeck import Rules
from ..core.tables import eval_tables, shortdeck_tables
from ..core.types import CardArray, FloatArray, IntArray, SeedLike, Threads
from .driver import DEFAULT_TRIALS, MAX_REJECTIONS, Progress, drive_monte_carlo
from .result import EquityResult
from .setup import Setup

__all__ = ["UNKNOWN", "MonteCarloArgs", "monte_carlo", "monte_carlo_args", "run_chunks"]

#: The kernels' mark of an unknown hole card in ``MonteCarloArgs``' known cards.
UNKNOWN = 255

#: The arguments of the Monte Carlo kernels before the seeds (``monte_carlo_args``): known
#: cards (P, 2), range index per player, range combos, alias keep and alias rows, range starts,
#: board, cards missing from the board, mask of board and dead cards.
MonteCarloArgs: TypeAlias = tuple[CardArray, IntArray, CardArray, npt.NDArray[np.uint64],
                                  IntArray, IntArray, CardArray, int, np.uint64]


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
    >>> from pokerkeys.equity.monte_carlo import monte_carlo_args
    >>> from pokerkeys.equity.setup import prepare
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
               threads: Threads = None, tally: FloatArray | None = None,
               rules: Rules | None = None) -> IntArray:
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
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        None: Hold'em ranks; a rule order: short-deck ranks (the setup's excluded mask
        keeps the twos to fives out of the deals, ``Setup.excluded``).

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
    >>> from pokerkeys.equity.monte_carlo import monte_carlo_args, run_chunks
    >>> from pokerkeys.equity.setup import prepare
    >>> args = monte_carlo_args(prepare(["AhAd", "KsKc"]))
    >>> sizes = chunk_sizes(1000, per_chunk=500)
    >>> counts = run_chunks(args, spawn_seeds(np.random.SeedSequence(7), 2), sizes)
    >>> counts.tolist(), int(counts.sum())
    ([0, 794, 203, 3], 1000)
    """
    tables: tuple[Any, ...]
    t = eval_tables(7) if rules is None else shortdeck_tables(7, rules)
    if tally is not None:
        kernel, tables = _pc.monte_carlo_per_combo, t.as_tuple()
    elif (mc_args[1] >= 0).any():
        kernel, tables = _k.monte_carlo_counts, t.as_tuple()
    elif len(mc_args[0]) == 2:
        # same counts as monte_carlo_plain, faster
        kernel, tables = _k.monte_carlo_heads_up, t.batch_tuple()
    else:
        kernel, tables = _k.monte_carlo_plain, t.batch_tuple()
    n_chunks = len(seeds)
    n_masks = 1 << len(mc_args[0])
    out = np.zeros((n_chunks, n_masks + 1), dtype=np.int64)
    buffers: tuple[Any, ...] = (out,)
    if tally is not None:
        rows = np.zeros((n_chunks, len(mc_args[2]), 5), dtype=np.float64)
        buffers = (out, rows)
    with _jit.threads(threads):
        _jit.run_chunks(kernel, n_chunks, None, *buffers, *mc_args, seeds, sizes,
                        MAX_REJECTIONS, *tables)
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
    >>> from pokerkeys.equity.monte_carlo import monte_carlo
    >>> from pokerkeys.equity.setup import prepare
    >>> r = monte_carlo(prepare(["AhAd", "KsKc"]), 1000, None, None, seed=7, threads=None,
    ...                 progress=None, start=0.0)
    >>> r.trials, r.stopped_by
    (1000, 'trials')
    """
    mc_args = monte_carlo_args(setup, every_player_drawn=tally is not None)
    # The driver's timing probe must leave the tallies alone: it tallies in a scratch copy.
    scratch = None if tally is None else np.zeros_like(tally)
    rules = setup.rules
    return drive_monte_carlo(
        lambda seeds, sizes: run_chunks(mc_args, seeds, sizes, threads, tally, rules),
        setup.labels, trials, target_stderr, time_limit, seed, progress, start,
        default_trials=DEFAULT_TRIALS, threads=threads,
        measure=lambda seeds, sizes: run_chunks(mc_args, seeds, sizes, threads, scratch, rules))
