"""``pokerkeys bench``: throughput of the evaluator, and of installed peer libraries on the very
same hands, with a check that every peer orders those hands exactly as pokerkeys does.

Timings are medians of repeated runs after a warm-up call (which compiles the kernels). The
peers are the evaluators of eval7, phevaluator, treys and pokerkit, those of them that are
installed (``pip install 'pokerkeys[peers]'``).

Examples
--------
>>> from pokerkeys.core.bench import BenchRow, format_rows
>>> print(format_rows([BenchRow("random 7-card batch", "pokerkeys", 1, 1_000_000, 0.005)]))
job                    library      threads         hands       evals/s   ns/eval     order
-------------------------------------------------------------------------------------------
random 7-card batch    pokerkeys          1     1,000,000       200.0 M      5.00
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _jit
from .cards import RANK_CHARS, SUIT_CHARS
from .counts import category_counts
from .evaluate import evaluate_batch
from .sampling import random_hands

__all__ = ["ALL_7_CARD_HANDS", "PEERS", "BenchRow", "bench_peers", "bench_pokerkeys",
           "format_rows", "installed_peers", "ordering_mismatches"]

#: Seven-card hands there are: 52 choose 7.
ALL_7_CARD_HANDS = 133_784_560

#: A peer's evaluator: a hand as a list of card ids -> a key that orders hands as ranks do.
_PeerEvaluate = Callable[[list[int]], Any]


@dataclass
class BenchRow:
    """One line of a benchmark: a job, who ran it, on how many threads, how fast.

    Attributes
    ----------
    job : str
        What was timed: ``'random 7-card batch'``, ``'all 7-card hands'``, ...
    library : str
        ``'pokerkeys'`` or the peer's name.
    threads : int
        Threads used.
    hands : int
        Hands evaluated in one run.
    seconds : float
        Median time of one run.
    mismatches : int or None
        Peers (and pokerkeys beside them) only: adjacent pairs of hands the peer orders
        differently from pokerkeys (0: the same order); None for pokerkeys' own jobs.
    evals_per_s : float
        Hands per second.
    ns_per_eval : float
        Nanoseconds per hand.

    Examples
    --------
    >>> from pokerkeys.core.bench import BenchRow
    >>> row = BenchRow("random 7-card batch", "pokerkeys", 1, 1_000_000, 0.005)
    >>> row.evals_per_s, row.ns_per_eval
    (200000000.0, 5.0)
    """
    job: str
    library: str
    threads: int
    hands: int
    seconds: float  # median time of one run
    mismatches: int | None = None  # peers only: hands ordered differently from pokerkeys

    @property
    def evals_per_s(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds

    @property
    def ns_per_eval(self) -> float:
        """Nanoseconds per hand."""
        return self.seconds / self.hands * 1e9


def _median_time(fn: Callable[[], object], repeats: int) -> float:
    fn()  # warm-up: compiles the kernel, faults the pages in
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def bench_pokerkeys(n_hands: int = 10_000_000, repeats: int = 5, seed: int = 2026,
                    progress: Callable[[str], None] | None = None) -> list[BenchRow]:
    """Time pokerkeys: random batches of 5, 6 and 7 cards, and every 7-card hand.

    Each job runs on 1 thread and on all the threads Numba uses (once if that is 1).

    Parameters
    ----------
    n_hands : int, default 10,000,000
        Hands in each random batch.
    repeats : int, default 5
        Timed runs of each job (after a warm-up run); the median is kept.
    seed : int, default 2026
        Seed of the random hands.
    progress : callable, optional
        Called with a line saying which job starts.

    Returns
    -------
    list of BenchRow
        One row per job and thread count (``mismatches`` None).

    Examples
    --------
    Every 7-card hand is ranked at least twice a job, so this takes seconds:

    >>> from pokerkeys.core.bench import bench_pokerkeys, format_rows
    >>> print(format_rows(bench_pokerkeys(n_hands=100_000, repeats=1)))  # doctest: +SKIP
    job                    library      threads         hands       evals/s   ns/eval     order
    -------------------------------------------------------------------------------------------
    random 7-card batch    pokerkeys          1       100,000       195.3 M      5.12
    ...
    """
    rows = []
    thread_counts = sorted({1, _jit.max_threads()})
    for k in (7, 6, 5):
        hands = random_hands(n_hands, k, seed=seed)
        for threads in thread_counts:
            if progress:
                progress(f"evaluate_batch, {k} cards, {threads} thread(s)")
            seconds = _median_time(partial(evaluate_batch, hands, threads=threads), repeats)
            rows.append(BenchRow(f"random {k}-card batch", "pokerkeys", threads, n_hands,
                                 seconds))
    for threads in thread_counts:
        if progress:
            progress(f"all 7-card hands, {threads} thread(s)")
        seconds = _median_time(partial(category_counts, 7, threads=threads), repeats)
        rows.append(BenchRow("all 7-card hands", "pokerkeys", 1 if threads == 1 else threads,
                             ALL_7_CARD_HANDS, seconds))
    return rows


# ---------------------------------------------------------------------------- peers
_CARD_STRINGS = [RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(52)]


def _peer_eval7() -> _PeerEvaluate:
    import eval7
    cards = [eval7.Card(s) for s in _CARD_STRINGS]
    evaluate = eval7.evaluate
    # eval7: higher is better.
    return lambda hand: evaluate([cards[c] for c in hand])


def _peer_phevaluator() -> _PeerEvaluate:
    from phevaluator import evaluate_cards

    # phevaluator uses the same card ids (4 * rank + suit, suits c d h s); lower is better.
    return lambda hand: -evaluate_cards(*hand)


def _peer_treys() -> _PeerEvaluate:
    from treys import Card, Evaluator
    cards = [Card.new(s) for s in _CARD_STRINGS]
    evaluator = Evaluator()
    # treys: lower is better; it takes (hand, board) lists.
    return lambda hand: -evaluator.evaluate([cards[hand[0]], cards[hand[1]]],
                                            [cards[c] for c in hand[2:]])


def _peer_pokerkit() -> _PeerEvaluate:
    from pokerkit import StandardHighHand

    # pokerkit: hand objects compare with < and ==; the key is the object itself.
    return lambda hand: StandardHighHand.from_game(
        "".join(_CARD_STRINGS[c] for c in hand[:2]), "".join(_CARD_STRINGS[c] for c in hand[2:]))


#: Peer name -> a function that imports the peer (ImportError if it is not installed) and
#: returns its evaluator.
PEERS: dict[str, Callable[[], _PeerEvaluate]] = {
    "eval7": _peer_eval7, "phevaluator": _peer_phevaluator, "treys": _peer_treys,
    "pokerkit": _peer_pokerkit,
}


def installed_peers() -> list[str]:
    """The peers of ``PEERS`` that can be imported here.

    Returns
    -------
    list of str
        Their names, in ``PEERS`` order.

    Examples
    --------
    >>> from pokerkeys.core.bench import PEERS, installed_peers
    >>> set(installed_peers()) <= set(PEERS)
    True
    """
    found = []
    for name, make in PEERS.items():
        try:
            make()
        except ImportError:
            continue
        found.append(name)
    return found


def ordering_mismatches(our_ranks: npt.NDArray[np.integer], peer_keys: Sequence[Any]) -> int:
    """Hands whose order under the peer differs from pokerkeys' order (0 = identical order).

    Sort the hands by our rank; the peer's keys must then never decrease, and must be equal
    exactly where our ranks are equal. Each adjacent pair that breaks this counts once.

    Parameters
    ----------
    our_ranks : numpy.ndarray
        pokerkeys' ranks of the hands.
    peer_keys : sequence
        The peer's keys of the same hands, comparable with ``<`` and ``==`` (higher is
        better).

    Returns
    -------
    int
        The adjacent pairs, in our order, that the peer orders otherwise.

    Examples
    --------
    >>> from pokerkeys.core.bench import ordering_mismatches
    >>> ranks = np.array([1, 2, 2, 3])
    >>> ordering_mismatches(ranks, [10, 20, 20, 30]), ordering_mismatches(ranks, [10, 20, 21, 30])
    (0, 1)
    """
    order = np.argsort(our_ranks, kind="stable")
    bad = 0
    for i, j in zip(order[:-1], order[1:], strict=False):
        ours_equal = our_ranks[i] == our_ranks[j]
        theirs_equal = peer_keys[i] == peer_keys[j]
        if ours_equal != theirs_equal or (not theirs_equal and peer_keys[j] < peer_keys[i]):
            bad += 1
    return bad


def bench_peers(n_hands: int = 200_000, seconds_per_peer: float = 3.0, seed: int = 2026,
                progress: Callable[[str], None] | None = None) -> list[BenchRow]:
    """Time each installed peer on the same random 7-card hands as pokerkeys, and check that it
    orders them as pokerkeys does.

    Everything runs on one thread. Slow peers get fewer hands: as many as fit in about
    ``seconds_per_peer`` (at least 1,000); pokerkeys is timed on the same hands after each.

    Parameters
    ----------
    n_hands : int, default 200,000
        Hands at most.
    seconds_per_peer : float, default 3.0
        About how long each peer runs.
    seed : int, default 2026
        Seed of the random hands.
    progress : callable, optional
        Called with a line saying which peer starts and on how many hands.

    Returns
    -------
    list of BenchRow
        Two rows per installed peer: the peer's, with its ``mismatches``, then pokerkeys' on
        the same hands. Empty if no peer is installed.

    Examples
    --------
    >>> from pokerkeys.core.bench import bench_peers
    >>> rows = bench_peers(n_hands=20, seconds_per_peer=0.01)
    >>> all(row.mismatches == 0 for row in rows)  # every peer orders the hands alike
    True
    """
    hands = random_hands(n_hands, 7, seed=seed)
    hand_lists = hands.tolist()
    rows = []
    for name in installed_peers():
        evaluate = PEERS[name]()
        probe = max(1, min(200, n_hands))
        start = time.perf_counter()
        for hand in hand_lists[:probe]:
            evaluate(hand)
        per_hand = (time.perf_counter() - start) / probe
        n = int(min(n_hands, max(1_000, seconds_per_peer / max(per_hand, 1e-9))))
        if progress:
            progress(f"{name}: {n:,} hands")
        subset = hand_lists[:n]
        start = time.perf_counter()
        keys = [evaluate(hand) for hand in subset]
        elapsed = time.perf_counter() - start
        ours = evaluate_batch(hands[:n], threads=1)
        rows.append(BenchRow("random 7-card hands", name, 1, n, elapsed,
                             ordering_mismatches(ours, keys)))
        ours_seconds = _median_time(partial(evaluate_batch, hands[:n], threads=1), 3)
        rows.append(BenchRow("random 7-card hands", "pokerkeys", 1, n, ours_seconds, 0))
    return rows


def format_rows(rows: list[BenchRow]) -> str:
    """Benchmark rows as a text table, one line each under a header.

    Parameters
    ----------
    rows : list of BenchRow
        The rows, in the order to show them.

    Returns
    -------
    str
        The table: job, library, threads, hands, millions of hands a second, nanoseconds per
        hand and, for peers, whether the order was the same.

    Examples
    --------
    >>> from pokerkeys.core.bench import BenchRow, format_rows
    >>> print(format_rows([BenchRow("random 7-card hands", "treys", 1, 1000, 0.01, 0)]))
    job                    library      threads         hands       evals/s   ns/eval     order
    -------------------------------------------------------------------------------------------
    random 7-card hands    treys              1         1,000         0.1 M  10000.00      same
    """
    head = (f"{'job':<22} {'library':<12} {'threads':>7} {'hands':>13} {'evals/s':>13} "
            f"{'ns/eval':>9}  {'order':>8}")
    lines = [head, "-" * len(head)]
    for r in rows:
        order = "" if r.mismatches is None else ("same" if r.mismatches == 0
                                                 else f"{r.mismatches} bad")
        lines.append(f"{r.job:<22} {r.library:<12} {r.threads:>7} {r.hands:>13,} "
                     f"{r.evals_per_s / 1e6:>11.1f} M {r.ns_per_eval:>9.2f}  {order:>8}")
    return "\n".join(lines)
