"""Scaling out on Dask: batch evaluation of dask arrays and dataframes, Monte Carlo equity
across workers.

    import dask.array as da
    from pokerkeys.io import distributed as pkd
    ranks = pkd.evaluate_array(da.from_npy_stack(...))        # lazy (N,) uint16
    frame = pkd.evaluate_dataframe(ddf, columns=["hand"])      # adds rank, category
    result = pkd.equity(["AhKh", "random", "random"], trials=10**9, seed=1)

Every function runs on whatever scheduler dask would use: a ``distributed.Client`` that is
active (``Client("tcp://scheduler:8786")`` for an existing cluster) or the local threads.

Monte Carlo splits the trials into the same fixed chunks as ``pokerkeys.equity`` (chunk i
gets TRIALS_PER_CHUNK trials and the i-th seed of ``SeedSequence(seed)``), groups the chunks
into tasks and sums the workers' winner-mask counts. Integer counts add up in any order, so the
result is the same for any number of workers or tasks, and equal to ``pokerkeys.equity(...,
trials=trials, seed=seed)`` on one machine.

Each task runs its kernel on ``threads=1`` by default: the cluster's worker threads are the
parallelism, and a parallel kernel in every worker thread would oversubscribe the cores.

Needs dask: ``pip install 'pokerkeys[dask]'`` (dataframes also need pandas and pyarrow).
"""
from __future__ import annotations

import os
import time
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.cards import N_CARDS
from ..core.evaluate import CATEGORY_OF_RANK, HandCategory
from ..core.sampling import spawn_seeds
from ..core.types import CardsLike, RankArray, SeedLike, Threads
from ..equity.driver import DEFAULT_TRIALS, chunk_sizes
from ..equity.monte_carlo import monte_carlo_args, run_chunks
from ..equity.result import EquityResult
from ..equity.setup import PlayerSpec, prepare
from .ranking import explain_row, rank_rows
from .text import cards_from_columns
from .writers import descriptions

if TYPE_CHECKING:
    import dask.array as da
    import dask.dataframe as dd
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information
    from distributed import Client

__all__ = ["equity", "evaluate_array", "evaluate_dataframe"]

_CATEGORY_LABELS = [c.label for c in HandCategory]


def _dask() -> ModuleType:
    try:
        import dask
        import dask.array
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("pokerkeys.io.distributed needs dask: pip install 'pokerkeys[dask]'") \
            from None
    return dask


# ------------------------------------------------------------------ batch evaluation
def _rank_block(block: np.ndarray, first_row: int, threads: Threads) -> RankArray:
    """Ranks of one block of rows; a bad row raises with its row number in the whole array."""
    if block.dtype != np.uint8:
        out = (block < 0) | (block >= N_CARDS)
        if out.any():
            i = int(np.flatnonzero(out.any(axis=1))[0])
            raise ValueError(f"row {first_row + i}: card id {int(block[i][out[i]][0])} is "
                             f"outside 0..51")
    cards = np.ascontiguousarray(block, dtype=np.uint8)
    ranks = rank_rows(cards, threads)
    if len(ranks) and not ranks.all():
        i = int(np.argmin(ranks))
        raise ValueError(f"row {first_row + i}: {explain_row(cards[i])}")
    return ranks


def _rank_array_block(block: np.ndarray, threads: Threads,
                      block_info: dict[Any, Any] | None = None) -> RankArray:
    first_row = block_info[0]["array-location"][0][0] if block_info else 0
    return _rank_block(block, first_row, threads)


def evaluate_array(hands: da.Array, *, threads: Threads = 1) -> da.Array:
    """Ranks of a dask array of hands, computed lazily block by block.

    One kernel call per block of rows (blocks split along the cards are merged first). A bad
    row fails the computation with a ValueError naming its row in the whole array.

    Parameters
    ----------
    hands : dask.array.Array
        (N, k) integer card ids (0..51), k = 5, 6 or 7.
    threads : int or None, default 1
        Kernel threads inside each task (the cluster's threads are the parallelism).

    Returns
    -------
    dask.array.Array
        Lazy (N,) uint16 ranks, 1..7462, higher is better.

    Raises
    ------
    TypeError
        If ``hands`` is not a dask array (for NumPy arrays use ``pk.evaluate_batch``), or its
        ids are not integers.
    ValueError
        If ``hands`` is not (N, k) with k in 5, 6, 7; when computed, if a row holds an id
        outside 0..51 or a card twice (the message names the row).
    ImportError
        If dask is not installed.

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> from pokerkeys.io import distributed as pkd
    >>> hands = np.array([[51, 47, 43, 39, 35], [0, 1, 2, 3, 4], [0, 4, 8, 12, 17]], np.uint8)
    >>> pkd.evaluate_array(da.from_array(hands, chunks=2)).compute().tolist()
    [7462, 7297, 5855]
    """
    _dask()
    import dask.array as da

    if not isinstance(hands, da.Array):
        raise TypeError(f"evaluate_array takes a dask array, not {type(hands).__name__} "
                        f"(for NumPy arrays use pokerkeys.evaluate_batch)")
    if hands.ndim != 2:
        raise ValueError(f"expected an (N, k) array of card ids, got {hands.ndim} dimensions")
    if hands.shape[1] not in (5, 6, 7):
        raise ValueError(f"a row holds 5, 6 or 7 cards, not {hands.shape[1]} "
                         f"(shape {hands.shape})")
    if hands.dtype.kind not in "iu":
        raise TypeError(f"card ids must be integers, not {hands.dtype}")
    if len(hands.chunks[1]) > 1:
        hands = hands.rechunk({1: -1})
    return da.map_blocks(_rank_array_block, hands, threads, drop_axis=1, dtype=np.uint16,
                         meta=np.empty((0,), dtype=np.uint16))


def _evaluate_frame(frame: pd.DataFrame, columns: list[Any], describe: bool,
                    threads: Threads) -> pd.DataFrame:
    """A pandas partition with rank, category (and description) appended."""
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information
    import pyarrow as pa

    out = frame.copy()
    n = len(frame)
    ranks = np.zeros(n, dtype=np.uint16)
    if n:
        arrays = [pa.array(frame[c], from_pandas=True) for c in columns]
        cards, reasons, _ = cards_from_columns(arrays, [str(c) for c in columns])
        ranks = rank_rows(cards, threads)
        bad = np.flatnonzero(ranks == 0)
        if bad.size:
            i = int(bad[0])
            why = reasons.get(i) or explain_row(cards[i])
            label = frame.index[i:i + 1].tolist()[0]  # a Python scalar, not np.int64(...)
            raise ValueError(f"row with index {label!r}: {why}")
    out["rank"] = ranks
    codes = CATEGORY_OF_RANK[ranks].astype(np.int8) - 1 if n else np.zeros(0, np.int8)
    out["category"] = pd.Categorical.from_codes(codes, categories=_CATEGORY_LABELS,
                                                ordered=True)
    if describe:
        labels, label_of_rank = descriptions()
        out["description"] = pd.Categorical.from_codes(label_of_rank[ranks], categories=labels)
    return out


def evaluate_dataframe(df: dd.DataFrame, columns: str | Sequence[Any] | None = None, *,
                       describe: bool = False, threads: Threads = 1) -> dd.DataFrame:
    """A dask dataframe with each row's hand ranked: ``rank``, ``category`` and more appended.

    Lazy; partitions are evaluated independently. A bad row fails the computation with a
    ValueError naming the row's index.

    Parameters
    ----------
    df : dask.dataframe.DataFrame
        The hands.
    columns : str or sequence of column names, optional
        One column of whole hands ('As Kd ...' or lists of ids) or 5-7 columns of one card
        each (text like 'As' or ids 0..51); by default every column, if there are 1 or 5-7.
    describe : bool, default False
        Also append ``description`` ('Pair, aces'), a categorical.
    threads : int or None, default 1
        Kernel threads inside each task.

    Returns
    -------
    dask.dataframe.DataFrame
        ``df`` with ``rank`` (uint16, 1..7462) and ``category`` (an ordered categorical of
        the category labels) appended, and ``description`` if asked.

    Raises
    ------
    TypeError
        If ``df`` is not a dask DataFrame.
    ValueError
        If the card columns cannot be told, a column does not exist, not one or 5-7 columns
        are given, the dataframe already has a rank, category or description column, or,
        when computed, a row is bad (the message names its index).
    ImportError
        If dask is not installed.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> import pandas as pd
    >>> from pokerkeys.io import distributed as pkd
    >>> hands = pd.DataFrame({"hand": ["As Ks Qs Js Ts", "2c 2d 2h 2s 3c"]})
    >>> ranked = pkd.evaluate_dataframe(dd.from_pandas(hands, npartitions=1)).compute()
    >>> ranked["rank"].tolist(), ranked["category"].tolist()
    ([7462, 7297], ['Straight flush', 'Four of a kind'])
    """
    _dask()
    import dask.dataframe as dd

    if not isinstance(df, dd.DataFrame):
        raise TypeError(f"evaluate_dataframe takes a dask DataFrame, not {type(df).__name__}")
    names = list(df.columns)
    if columns is None:
        if len(names) != 1 and not 5 <= len(names) <= 7:
            raise ValueError(f"cannot tell which of the {len(names)} columns hold the cards; "
                             f"pass columns= (one hand column or 5-7 card columns)")
        columns = names
    elif isinstance(columns, str):
        columns = [columns]
    columns = list(columns)
    missing = [c for c in columns if c not in names]
    if missing:
        raise ValueError(f"no column {missing[0]!r}; the columns are {', '.join(map(str, names))}")
    if len(columns) != 1 and not 5 <= len(columns) <= 7:
        raise ValueError(f"columns are one column of whole hands or 5 to 7 card columns, not "
                         f"{len(columns)}")
    taken = [c for c in ("rank", "category", "description") if c in names]
    if taken:
        raise ValueError(f"the dataframe already has a column {taken[0]!r}")
    meta = _evaluate_frame(df._meta, columns, describe, threads)
    return df.map_partitions(_evaluate_frame, columns, describe, threads, meta=meta)


# ------------------------------------------------------------------ Monte Carlo equity
def _monte_carlo_task(args: tuple[Any, ...], seeds: np.ndarray, sizes: np.ndarray,
                      threads: Threads) -> np.ndarray:
    """Winner-mask counts of a run of chunks (runs on a worker; loads the tables there)."""
    return run_chunks(args, seeds, sizes, threads)


def _cluster_threads(client: Client | None) -> int:
    if client is None:
        try:
            from distributed import get_client
            client = get_client()
        except (ImportError, ValueError):
            return os.cpu_count() or 1
    return max(1, sum(client.nthreads().values()))


def equity(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, trials: int = DEFAULT_TRIALS,
           seed: SeedLike = None, tasks: int | None = None, client: Client | None = None,
           threads: Threads = 1) -> EquityResult:
    """Monte Carlo equity of 2-10 players, computed by dask tasks and merged.

    The trials are split into the same fixed chunks, with the same seeds, as
    ``pokerkeys.equity``; tasks sum their chunks' integer counts, so the result does not
    depend on how chunks are grouped into tasks or where they run.

    Parameters
    ----------
    hands : iterable of str, cards or Range
        The players, as in ``pokerkeys.equity``: hands, partial hands ('Ah??'), 'random',
        ranges.
    board : str, sequence of cards or array of card ids, optional
        0 to 5 board cards.
    dead : str, sequence of cards or array of card ids, optional
        Cards out of the deck.
    trials : int, default 10,000,000
        Monte Carlo trials.
    seed : int or sequence of int, optional
        The same seed gives the same result for any ``tasks`` and any cluster, equal to
        ``pokerkeys.equity(hands, board, dead, trials=trials, seed=seed)``. None: fresh
        entropy.
    tasks : int, optional
        Dask tasks; default: 4 per worker thread of the cluster (or per local core).
    client : distributed.Client, optional
        The cluster; default: the active client, else dask's local scheduler.
    threads : int or None, default 1
        Kernel threads inside each task.

    Returns
    -------
    EquityResult
        Each player's equity, win and tie, with standard errors (``exact`` is False).

    Raises
    ------
    ValueError
        If ``trials`` or ``tasks`` is not a positive integer, or the players, board or dead
        cards do not parse or share a card (as ``pokerkeys.equity``).
    TypeError
        If ``hands`` is a single string or ``Range`` rather than a list of players.
    ImportError
        If dask is not installed.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.io import distributed as pkd
    >>> result = pkd.equity(["AhKh", "QsQd"], trials=100_000, seed=1, tasks=3)
    >>> result.equity.tolist()
    [0.463115, 0.536885]
    >>> pk.equity(["AhKh", "QsQd"], trials=100_000, seed=1).equity.tolist()
    [0.463115, 0.536885]
    """
    dask = _dask()
    start = time.perf_counter()
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials <= 0:
        raise ValueError(f"trials must be a positive integer, not {trials!r}")
    if tasks is not None and (isinstance(tasks, bool) or not isinstance(tasks, int)
                              or tasks < 1):
        raise ValueError(f"tasks must be a positive integer, not {tasks!r}")
    setup = prepare(hands, board, dead)
    labels, args = setup.labels, monte_carlo_args(setup)
    # The chunks and seeds of pokerkeys.equity, so how chunks are grouped into tasks cannot
    # change the counts.
    sizes = chunk_sizes(int(trials))
    n_chunks = len(sizes)
    seeds = spawn_seeds(np.random.SeedSequence(seed), n_chunks)
    if tasks is None:
        tasks = 4 * _cluster_threads(client)
    bounds = np.linspace(0, n_chunks, min(tasks, n_chunks) + 1).round().astype(int)
    task = dask.delayed(_monte_carlo_task, pure=True)
    # The arguments (a few KB) go into every task rather than into one shared key: a shared
    # key would draw all tasks to the worker holding it until work stealing spreads them.
    parts = [task(args, seeds[a:b], sizes[a:b], threads)
             for a, b in zip(bounds[:-1], bounds[1:], strict=False)]
    if client is not None:
        counts = client.compute(parts, sync=True)
    else:
        counts = dask.compute(*parts)
    total = np.sum(counts, axis=0)
    return EquityResult.from_mask_counts(labels, total, False, time.perf_counter() - start,
                                         int(trials))
