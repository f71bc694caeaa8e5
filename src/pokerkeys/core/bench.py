"""``pokerkeys bench``: throughput of the evaluator, and of installed peer libraries on the very
same hands, with a check that every peer orders those hands exactly as pokerkeys does.

Timings are medians of repeated runs after a warm-up call (which compiles the kernels).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .. import _jit
from .cards import RANK_CHARS, SUIT_CHARS
from .counts import category_counts
from .evaluate import evaluate_batch
from .sampling import random_hands

ALL_7_CARD_HANDS = 133_784_560


@dataclass
class BenchRow:
    job: str
    library: str
    threads: int
    hands: int
    seconds: float  # median time of one run
    mismatches: int | None = None  # peers only: hands ordered differently from pokerkeys

    @property
    def evals_per_s(self) -> float:
        return self.hands / self.seconds

    @property
    def ns_per_eval(self) -> float:
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
    """Random batches of 5, 6, 7 cards and the full 7-card enumeration, 1 and all threads."""
    rows = []
    thread_counts = sorted({1, _jit.max_threads()})
    for k in (7, 6, 5):
        hands = random_hands(n_hands, k, seed=seed)
        for threads in thread_counts:
            if progress:
                progress(f"evaluate_batch, {k} cards, {threads} thread(s)")
            seconds = _median_time(lambda: evaluate_batch(hands, threads=threads), repeats)
            rows.append(BenchRow(f"random {k}-card batch", "pokerkeys", threads, n_hands,
                                 seconds))
    for threads in thread_counts:
        if progress:
            progress(f"all 7-card hands, {threads} thread(s)")
        seconds = _median_time(lambda: category_counts(7, threads=threads), repeats)
        rows.append(BenchRow("all 7-card hands", "pokerkeys", 1 if threads == 1 else threads,
                             ALL_7_CARD_HANDS, seconds))
    return rows


# ---------------------------------------------------------------------------- peers
_CARD_STRINGS = [RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(52)]


def _peer_eval7():
    import eval7
    cards = [eval7.Card(s) for s in _CARD_STRINGS]
    evaluate = eval7.evaluate
    # eval7: higher is better.
    return lambda hand: evaluate([cards[c] for c in hand])


def _peer_phevaluator():
    from phevaluator import evaluate_cards

    # phevaluator uses the same card ids (4 * rank + suit, suits c d h s); lower is better.
    return lambda hand: -evaluate_cards(*hand)


def _peer_treys():
    from treys import Card, Evaluator
    cards = [Card.new(s) for s in _CARD_STRINGS]
    evaluator = Evaluator()
    # treys: lower is better; it takes (hand, board) lists.
    return lambda hand: -evaluator.evaluate([cards[hand[0]], cards[hand[1]]],
                                            [cards[c] for c in hand[2:]])


def _peer_pokerkit():
    from pokerkit import StandardHighHand

    # pokerkit: hand objects compare with < and ==; the key is the object itself.
    return lambda hand: StandardHighHand.from_game(
        "".join(_CARD_STRINGS[c] for c in hand[:2]), "".join(_CARD_STRINGS[c] for c in hand[2:]))


PEERS: dict[str, Callable[[], Callable]] = {
    "eval7": _peer_eval7, "phevaluator": _peer_phevaluator, "treys": _peer_treys,
    "pokerkit": _peer_pokerkit,
}


def installed_peers() -> list[str]:
    found = []
    for name, make in PEERS.items():
        try:
            make()
        except ImportError:
            continue
        found.append(name)
    return found


def ordering_mismatches(our_ranks: np.ndarray, peer_keys: list) -> int:
    """Hands whose order under the peer differs from pokerkeys' order (0 = identical order).

    Sort the hands by our rank; the peer's keys must then never decrease, and must be equal
    exactly where our ranks are equal. Each adjacent pair that breaks this counts once.
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
    """Each installed peer on the same random 7-card hands as pokerkeys, one thread, plus the
    ordering cross-check. Slow peers get fewer hands: as many as fit in about
    ``seconds_per_peer`` (at least 1,000)."""
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
        ours_seconds = _median_time(lambda: evaluate_batch(hands[:n], threads=1), 3)
        rows.append(BenchRow("random 7-card hands", "pokerkeys", 1, n, ours_seconds, 0))
    return rows


def format_rows(rows: list[BenchRow]) -> str:
    head = (f"{'job':<22} {'library':<12} {'threads':>7} {'hands':>13} {'evals/s':>13} "
            f"{'ns/eval':>9}  {'order':>8}")
    lines = [head, "-" * len(head)]
    for r in rows:
        order = "" if r.mismatches is None else ("same" if r.mismatches == 0
                                                 else f"{r.mismatches} bad")
        lines.append(f"{r.job:<22} {r.library:<12} {r.threads:>7} {r.hands:>13,} "
                     f"{r.evals_per_s / 1e6:>11.1f} M {r.ns_per_eval:>9.2f}  {order:>8}")
    return "\n".join(lines)
