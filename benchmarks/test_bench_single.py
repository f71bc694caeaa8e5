"""One hand at a time: ``pk.evaluate``, ``category``, ``describe`` and ``winners`` beside eval7.

Bots and simulations written in Python call the evaluator once per hand. Each job here makes
200,000 such calls on random 7-card hands (fixed seed), and times eval7, the fastest Python
peer, on the same hands given the same input:

- card ids in a list, and in a tuple: eval7 on its ``Card`` objects built beforehand (eval7
  takes no ids, so this is the most it can be asked to do);
- a string ``'AsKdQh7c7d2s9h'``: eval7 builds its cards from the same string in the call;
- a NumPy row of a (N, 7) uint8 array: eval7 looks its cards up by the row's ids;
- ``category`` of a rank (eval7: ``handtype`` of its value), ``describe`` of a hand as ids
  (eval7: ``handtype(evaluate(cards))``) and ``winners`` of a two-player showdown given as
  strings (eval7: each hand's cards built and evaluated, the best kept).

As pytest-benchmark tests: ``python -m pytest benchmarks/test_bench_single.py --benchmark-only``
(needs eval7: ``pip install 'pokerkeys[peers]'``; without it only pokerkeys runs). As a script,
which runs both libraries interleaved round by round and prints the side-by-side table with the
ratios (the figures to quote on a shared host)::

    python benchmarks/test_bench_single.py --rounds 7

Measured with the C extension of one-hand calls (``python benchmarks/test_bench_single.py
--rounds 7``, AMD EPYC, 2 logical CPUs, quiet host: no other job of this project running, load
average 0.3; 200,000 calls per pass, medians of 7 interleaved rounds, microseconds per call;
last column: eval7's time over pokerkeys', above 1 pokerkeys is faster):

=======================================  =========  =====  =================
job                                      pokerkeys  eval7  eval7 / pokerkeys
=======================================  =========  =====  =================
evaluate, ids in a list                  0.058      0.424  7.25x
evaluate, ids in a tuple                 0.057      0.420  7.41x
evaluate, a string 'AsKd...'             0.056      3.577  64.19x
evaluate, a NumPy row                    0.099      1.521  15.33x
category of a rank                       0.023      0.031  1.39x
describe, ids in a list                  0.086      0.456  5.33x
winners, 2 players + board as strings    0.960      6.687  6.96x
=======================================  =========  =====  =================

On a host shared with other jobs of this project (load average 2.1) the same script gave
ids in a list 0.066 against 0.516 us (7.87x), ``category`` 0.032 against 0.042 (1.32x).
eval7's times move with the load (0.41-0.66 us a call on ids in five runs the same hour, load
1.1-3.0); the ratios of those runs: ids 5.1-9.7x, a string 60-84x, a NumPy row 3.9x (before
the C path read NumPy rows) and 15.6-17.8x, ``category`` 1.17-1.37x, ``describe`` 3.4-5.0x,
``winners`` 6.4-10.6x. ``category`` is the narrowest margin:
both calls are a table read, and the loop around them costs about as much as the call. The
fastest inputs are a string of two-character cards and a list or tuple of int ids;
``winners`` from strings spends most of its time reading the 200,000 showdowns' string objects
from memory (the same call on one showdown in a loop takes about 0.1 us).

How the C paths are built (``src/pokerkeys/_kernels/_one_hand.c``): each of ``evaluate``,
``category``, ``describe``, ``showdown_ranks`` and ``winners`` is a C object with vectorcall
that answers the common calls (no keyword arguments, exact ints in a list or tuple, ASCII card
strings, a NumPy row, a rank as an exact int) from the same tables the plain-Python path reads,
returns ranks as int objects made once, and hands every other call to the Python function
(bad input, keyword arguments, short deck), which names the problem. The benchmark reads each
library's functions once before the loop (``pk.winners`` is a lazy name of the package, about
1.7 us a read).

Without the extension (``POKERKEYS_NATIVE=off`` at build time, or no compiler), the functions
run in plain Python. Measured before the extension (quiet host, same script, 7 rounds):
ids in a list 0.690 us (eval7 0.405, 0.59x), a tuple 0.685 (0.59x), a string 1.247 (2.84x), a
NumPy row 1.032 (1.49x), ``category`` 0.095 (0.33x), ``describe`` 0.886 (0.48x), ``winners``
6.908 (0.97x). Before the plain-Python paths (same script, 20,000 calls, 3 rounds, same host):
ids in a list 5.75 us (eval7 0.41), a string 4.97 (eval7 3.54), a NumPy row 2.96 (eval7 1.49),
category 3.70, describe 9.30, winners 52.9 (eval7 6.06).

Plain Python cannot reach eval7 on ids (eval7 takes its own prebuilt cards, in C): the call,
the seven dict reads and additions alone take about as long as eval7's whole call, before the
checks (exact int types, the bit count of the card bits) and the two table reads. What did not
help the plain-Python path (each measured interleaved in stripped-down loops of
100,000-200,000 random hands on the same host):

- A dict from face sum to rank (one read instead of the two-level hash): slower, 596 against
  496 ns a call, its 49,205 entries and their int objects missing the cache; the two-level
  hash in lists of int objects instead of uint16 ``array``s: 534 against 496 ns.
- An OR of the ids and a list read (a float fails the OR) instead of checking each id's exact
  type: about 3% quicker, not kept: it lets through objects with ``__index__`` that the
  checking path rejects.
- Keys under 2**30 (one-digit Python ints): seven reads and additions cost 109-116 ns with
  1- to 4-digit ints alike, so one wide int carries every field.
- ``sum(map(keys.__getitem__, ids))``: 438 against 263 ns for the additions written out; a set
  for the repeated-card check (``len({a, ..., g}) == 7``): 126 ns against 32 ns for the bit
  count.
- A table of card pairs (one dict read of ``a << 6 | b`` for two cards, 2,704 entries, a
  repeated card giving 0): 662 against 606 ns a call, the shifts and ORs costing more than the
  three additions they save (best of 15 interleaved passes of 50,000 hands, load about 1.4).

Where the time of one plain-Python call from a list of seven ids goes (stripped-down copies of
the fast path, each adding one step, best of 5 passes of 200,000 random hands, the same
session, AMD EPYC, load about 1.4): the call and unpacking the list 48 ns, the exact-int checks
86 ns more, the seven dict reads and six additions 257 ns more, the bit count and the table
reads 220-250 ns more; eval7's whole call took 422 ns. Even with free checks, plain Python's
reads, additions and lookups alone take longer than eval7's C call: hence the C extension.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from bench_machine import cpu

import pokerkeys as pk
from pokerkeys.core.sampling import random_hands

N_HANDS = 200_000
SEED = 20261125
_CARD_NAMES = [pk.format_cards([c]) for c in range(52)]

try:
    import eval7
except ImportError:  # the peers extra is not installed: time pokerkeys alone
    eval7 = None


def _text(ids: list[int]) -> str:
    return " ".join(_CARD_NAMES[c] for c in ids)


def _consume(fn: Callable[[Any], object], items: list[Any]) -> Callable[[], list[object]]:
    """A pass that calls fn once per item (a list comprehension: the least loop overhead)."""
    return lambda: [fn(x) for x in items]


def jobs(n: int = N_HANDS, seed: int = SEED) -> dict[str, dict[str, Callable[[], list[object]]]]:
    """job -> {library: a pass of n single calls}, for the libraries installed."""
    hands = random_hands(n, 7, seed=seed)
    lists = hands.tolist()
    tuples = [tuple(h) for h in lists]
    texts = ["".join(_CARD_NAMES[c] for c in h) for h in lists]
    rows = list(hands)  # row views, made beforehand for both sides
    ranks = pk.evaluate_batch(hands).tolist()
    deals = random_hands(n, 9, seed=seed + 1).tolist()  # 2 + 2 hole cards, 5 board cards
    showdowns = [([_text(d[0:2]), _text(d[2:4])], _text(d[4:])) for d in deals]
    # Both libraries' functions are read once, beforehand (``pk.winners`` is a lazy name of the
    # package: reading it costs about 1.7 us a time, more than the call).
    evaluate, category, describe, winners = pk.evaluate, pk.category, pk.describe, pk.winners
    out: dict[str, dict[str, Callable[[], list[object]]]] = {
        "evaluate, ids in a list": {"pokerkeys": _consume(evaluate, lists)},
        "evaluate, ids in a tuple": {"pokerkeys": _consume(evaluate, tuples)},
        "evaluate, a string 'AsKd...'": {"pokerkeys": _consume(evaluate, texts)},
        "evaluate, a NumPy row": {"pokerkeys": _consume(evaluate, rows)},
        "category of a rank": {"pokerkeys": _consume(category, ranks)},
        "describe, ids in a list": {"pokerkeys": _consume(describe, lists)},
        "winners, 2 players + board as strings": {
            "pokerkeys": _consume(lambda s: winners(s[0], board=s[1]), showdowns)},
    }
    if eval7 is not None:
        cards = [eval7.Card(name) for name in _CARD_NAMES]
        card_lists = [[cards[c] for c in h] for h in lists]
        card_tuples = [tuple(h) for h in card_lists]
        values = [eval7.evaluate(h) for h in card_lists]
        e7_evaluate, handtype, card = eval7.evaluate, eval7.handtype, eval7.Card

        def from_text(text: str) -> int:
            return e7_evaluate([card(text[i:i + 2]) for i in range(0, len(text), 2)])

        def e7_winners(showdown: tuple[list[str], str]) -> list[int]:
            hole, board = showdown
            board_cards = [card(s) for s in board.split()]
            scores = [e7_evaluate([card(s) for s in h.split()] + board_cards) for h in hole]
            best = max(scores)
            return [i for i, s in enumerate(scores) if s == best]

        out["evaluate, ids in a list"]["eval7"] = _consume(e7_evaluate, card_lists)
        out["evaluate, ids in a tuple"]["eval7"] = _consume(e7_evaluate, card_tuples)
        out["evaluate, a string 'AsKd...'"]["eval7"] = _consume(from_text, texts)
        out["evaluate, a NumPy row"]["eval7"] = _consume(
            lambda row: e7_evaluate([cards[c] for c in row]), rows)
        out["category of a rank"]["eval7"] = _consume(handtype, values)
        out["describe, ids in a list"]["eval7"] = _consume(
            lambda h: handtype(e7_evaluate(h)), card_lists)
        out["winners, 2 players + board as strings"]["eval7"] = _consume(e7_winners, showdowns)
    return out


_JOBS: dict[str, dict[str, Callable[[], list[object]]]] = {}


def _job(name: str, library: str) -> Callable[[], list[object]]:
    if not _JOBS:
        _JOBS.update(jobs())
    if library not in _JOBS[name]:
        pytest.skip(f"{library} is not installed")
    return _JOBS[name][library]


_JOB_NAMES = ["evaluate, ids in a list", "evaluate, ids in a tuple",
              "evaluate, a string 'AsKd...'", "evaluate, a NumPy row", "category of a rank",
              "describe, ids in a list", "winners, 2 players + board as strings"]


@pytest.mark.parametrize("library", ["pokerkeys", "eval7"])
@pytest.mark.parametrize("name", _JOB_NAMES)
def test_single_calls(benchmark, name, library):
    """n single calls of one job by one library (the pass's time over n is a call's)."""
    fn = _job(name, library)
    benchmark.group = f"one call at a time: {name}"
    fn()
    benchmark.pedantic(fn, rounds=5, iterations=1, warmup_rounds=0)
    median = benchmark.stats.stats.median
    benchmark.extra_info["calls_per_s"] = N_HANDS / median
    benchmark.extra_info["ns_per_call"] = median / N_HANDS * 1e9


def test_single_call_answers():
    """The single calls rank as the batch does (the benchmark times right answers)."""
    lists = random_hands(20_000, 7, seed=SEED).tolist()
    expected = pk.evaluate_batch(np.array(lists, dtype=np.uint8)).tolist()
    assert [pk.evaluate(h) for h in lists] == expected
    assert [pk.evaluate(tuple(h)) for h in lists] == expected
    assert [pk.evaluate("".join(_CARD_NAMES[c] for c in h)) for h in lists] == expected
    rows = np.array(lists, dtype=np.uint8)
    assert [pk.evaluate(row) for row in rows] == expected
    assert [pk.describe(h) for h in lists[:2000]] == [pk.describe(r) for r in expected[:2000]]
    assert [int(pk.category(r)) for r in expected] == pk.category(np.array(expected)).tolist()


def main(argv: list[str] | None = None) -> None:
    """Time every job's libraries interleaved and print the side-by-side table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=N_HANDS, help="calls per pass")
    ap.add_argument("--rounds", type=int, default=7, help="interleaved rounds (medians)")
    args = ap.parse_args(argv)
    table = jobs(args.hands)
    times: dict[tuple[str, str], list[float]] = {}
    for fns in table.values():  # warm-up: tables loaded, caches faulted in
        for fn in fns.values():
            fn()
    for _ in range(args.rounds):
        for name, fns in table.items():
            for library, fn in fns.items():
                start = time.perf_counter()
                fn()
                times.setdefault((name, library), []).append(time.perf_counter() - start)
    info = cpu()
    print(f"CPU: {info.get('model', info)}; {args.hands:,} calls per pass, medians of "
          f"{args.rounds} interleaved rounds, microseconds per call")
    print(f"{'job':40} {'pokerkeys':>10} {'eval7':>10} {'eval7 / pokerkeys':>18}")
    for name, fns in table.items():
        us = {lib: statistics.median(times[(name, lib)]) / args.hands * 1e6 for lib in fns}
        peer = us.get("eval7")
        ratio = f"{peer / us['pokerkeys']:.2f}x" if peer else "-"
        print(f"{name:40} {us['pokerkeys']:10.3f} {peer if peer else float('nan'):10.3f} "
              f"{ratio:>18}")


if __name__ == "__main__":
    main()
