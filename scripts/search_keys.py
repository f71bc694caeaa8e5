#!/usr/bin/env python3
"""Search the card keys of the key-sum ("SpecialK") evaluator and write ``tables/keys.json``.

Every card gets a suit key, a face key and a flush key. A hand is identified by the *sum* of its
keys, so each key set must make the relevant sums distinct:

* suit keys (4): all sums of 7 suit keys *with repetition* are distinct, so the suit sum of a
  7-card hand tells how many cards of each suit it has. Found by exhaustive search: the smallest
  largest key (hence smallest largest 7-sum), ties broken lexicographically.
* face keys (13, ranks 2..A): all sums of N face keys (N = 5 or 7) with each key used at most 4
  times (there are only 4 cards of a rank) are distinct.
* flush keys (13): 5-card: all sums of 5 *distinct* keys are distinct. 7-card: all sums of 5, 6
  or 7 distinct keys are distinct, also across sizes, because the 7-card flush table is indexed
  by the flush-key sum of the 5, 6 or 7 cards of the flush suit.

Face and flush keys come from a lexicographic greedy search: key i is the smallest integer above
key i-1 such that the partial set stays *extendable*, i.e. some choice of the keys still to come
makes every required sum distinct. For a partial set with F keys still to come (each larger,
each usable at most ``max_mult`` times) that condition is exact and easy to state:

    two different multisets A, B over the current keys with equal sums are fatal iff one common
    padding P of future cards (|P| <= max_mult * F) makes both A+P and B+P legal final hands.

Fatal pairs collide in *every* completion (pad both with the same P). Conversely, if there is no
fatal pair, choosing each future key larger than any hand-sized sum of the keys before it works:
then two equal final sums must use each future key equally often (compare the largest key whose
count differs), i.e. have a common padding P, and their current parts A, B have equal sums, which
is exactly a fatal pair. So the condition is necessary
and sufficient, and the greedy never paints itself into a corner.

Checking a candidate k for key i: only pairs where A uses k more often than B (a > b times) are
new. Cancelling the common b copies leaves ``d*k = sum(B0) - sum(A0)`` with d = a - b, A0 and B0
over the old keys. So for each needed (|A0|, |B0|, d) the candidate is forbidden iff some old
sum x of size |A0| has x + d*k among the old sums of size |B0|: a "forbidden difference" test
done by a Numba kernel on a bitmap of old sums, with an early exit on the first collision. Old
sums are regenerated once per key, not once per candidate, which is what makes the whole search
take seconds.

Before writing, every key set is verified by brute force (all required sums enumerated with
itertools, distinctness checked with NumPy), independently of the search code, together with the
bit-field bounds of the packed 32-bit card key ``face_key << 9 | suit_key``.

Usage: ``python scripts/search_keys.py [--out PATH] [--check] [--quiet]``
"""
from __future__ import annotations

import argparse
import functools
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "tables" / "keys.json"

N_RANKS = 13
N_SUITS = 4
CARDS_PER_RANK = 4  # a rank can appear at most 4 times in a hand: one card per suit
SUIT_BITS = 9  # packed key = face_key << 9 | suit_key
FACE_BITS = 32 - SUIT_BITS
# Sum of the 7 largest of the powers of two 1..4096: the flush-key baseline the search must beat.
POWERS_OF_TWO_FLUSH_7 = sum(2**j for j in range(N_RANKS - 7, N_RANKS))  # 8128

# The constraint families. "sizes" are the legal final hand sizes a sum must be unique among.
FACE_SPEC = {5: {"max_mult": CARDS_PER_RANK, "sizes": (5,)},
             7: {"max_mult": CARDS_PER_RANK, "sizes": (7,)}}
# 7-card flush sums of 5, 6 and 7 cards share one table, so they must differ across sizes too.
FLUSH_SPEC = {5: {"max_mult": 1, "sizes": (5,), "start": 0},
              7: {"max_mult": 1, "sizes": (5, 6, 7), "start": 1}}


# --------------------------------------------------------------------------------------------
# Suit keys: exhaustive search
# --------------------------------------------------------------------------------------------

def _multiplicity_vectors(n_keys: int, size: int, max_mult: int) -> np.ndarray:
    """All ways to pick ``size`` items from ``n_keys`` keys, each at most ``max_mult`` times,
    as a (combos, n_keys) matrix of multiplicities."""
    rows = []
    for combo in itertools.combinations_with_replacement(range(n_keys), size):
        counts = np.bincount(combo, minlength=n_keys)
        if counts.max() <= max_mult:
            rows.append(counts)
    return np.array(rows, dtype=np.int64)


def search_suit_keys() -> list[int]:
    """Exhaustive search: [0, a, b, c] with 0 < a < b < c, all 7-sums (with repetition)
    distinct, c minimal (so the largest 7-sum 7c is minimal), ties broken lexicographically."""
    mult = _multiplicity_vectors(N_SUITS, 7, 7)  # 120 suit-count patterns of a 7-card hand
    c = 3
    while True:
        # All (a, b) for this c in lexicographic order, tested at once.
        a, b = np.triu_indices(c, k=1)
        a, b = a[a > 0], b[a > 0]
        keys = np.stack([np.zeros_like(a), a, b, np.full_like(a, c)], axis=1)
        sums = np.sort(keys @ mult.T, axis=1)
        distinct = np.all(np.diff(sums, axis=1) != 0, axis=1)
        if distinct.any():
            return [int(v) for v in keys[np.argmax(distinct)]]
        c += 1


# --------------------------------------------------------------------------------------------
# Face and flush keys: lexicographic greedy with the exact extendability test
# --------------------------------------------------------------------------------------------

def _sums_by_size(keys: list[int], max_size: int, max_mult: int) -> list[np.ndarray]:
    """Sorted distinct sums of multisets over ``keys`` (each key at most ``max_mult`` times),
    one array per multiset size 0..max_size. Built key by key (a knapsack-style DP)."""
    by_size = [np.zeros(1, np.int64)] + [np.zeros(0, np.int64)] * max_size
    for key in keys:
        by_size = [np.unique(np.concatenate(
            [by_size[size - c] + c * key for c in range(min(max_mult, size) + 1)]))
            for size in range(max_size + 1)]
    return by_size


def _padding_fits(s: int, t: int, sizes: tuple[int, ...], max_padding: int) -> bool:
    """Can one common padding of m future cards turn a size-s and a size-t multiset into legal
    final hands? (Future keys are distinct from current ones, so only the count m matters.)"""
    return any(s + m in sizes and t + m in sizes for m in range(max_padding + 1))


def _collision_shapes(n_future: int, max_mult: int, sizes: tuple[int, ...]) -> np.ndarray:
    """The (|A0|, |B0|, d) triples to test for a candidate key k, given n_future keys to come.

    A = A0 + a copies of k, B = B0 + b copies of k (a > b; A0, B0 over the old keys) collide
    iff d*k = sum(B0) - sum(A0) with d = a - b. Pairs with a == b need no test: they cancel to
    an old pair, already cleared when the previous key was chosen (with one more future key).
    """
    top = max(sizes)
    max_padding = max_mult * n_future
    shapes = set()
    for s in range(top + 1):
        for t in range(top + 1):
            if not _padding_fits(s, t, sizes, max_padding):
                continue
            for a in range(1, min(max_mult, s) + 1):
                for b in range(0, min(a - 1, t, max_mult) + 1):
                    shapes.add((s - a, t - b, a - b))
    # Small d and large |A0| first: the likeliest to hit, which speeds up the early exit.
    return np.array(sorted(shapes, key=lambda x: (x[2], -x[0], x[1])), dtype=np.int64)


# No cache=True: the cache index records the defining module, and a script run as __main__ or
# loaded with importlib (as the tests do) reloads it as "<dynamic>" and fails. Compiling
# costs about 0.3 s, which the 10 s budget easily absorbs.
@njit(nogil=True)
def _first_free_key(start, sums, offsets, flags, shapes):
    """Smallest k >= start with no collision: for every shape (p, q, d), no old size-p sum x
    has x + d*k among the old size-q sums (bit q of flags[x + d*k]). Always terminates: once
    d*k exceeds every old sum, nothing can collide."""
    n_flags = flags.shape[0]
    k = start
    while True:
        clash = False
        for r in range(shapes.shape[0]):
            p = shapes[r, 0]
            bit = np.uint8(1 << shapes[r, 1])
            shift = shapes[r, 2] * k
            for j in range(offsets[p], offsets[p + 1]):
                y = sums[j] + shift
                if y >= n_flags:  # sums are sorted: the rest are out of range too
                    break
                if flags[y] & bit:
                    clash = True
                    break
            if clash:
                break
        if not clash:
            return k
        k += 1


def _pack_sums(by_size: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flatten per-size sum arrays for the kernel: concatenated sums, offsets, and a bitmap
    flags[v] with bit s set iff v is a size-s sum (sizes 0..7 fit in one uint8)."""
    assert len(by_size) <= 8
    offsets = np.zeros(len(by_size) + 1, np.int64)
    offsets[1:] = np.cumsum([len(v) for v in by_size])
    sums = np.concatenate(by_size).astype(np.int64)
    flags = np.zeros(int(sums.max()) + 1, np.uint8)
    for size, values in enumerate(by_size):
        flags[values] |= np.uint8(1 << size)
    return sums, offsets, flags


def _greedy_keys(max_mult: int, sizes: tuple[int, ...], start: int, progress=None) -> list[int]:
    """Lexicographic greedy: each key is the smallest value above the previous one that keeps
    the partial key set extendable (see the module docstring)."""
    keys: list[int] = []
    for i in range(N_RANKS):
        shapes = _collision_shapes(N_RANKS - 1 - i, max_mult, sizes)
        sums, offsets, flags = _pack_sums(_sums_by_size(keys, max(sizes), max_mult))
        lowest = keys[-1] + 1 if keys else start
        keys.append(int(_first_free_key(lowest, sums, offsets, flags, shapes)))
        if progress:
            progress(i, keys[-1])
    return keys


def search_face_keys(n_cards: int, progress=None) -> list[int]:
    """Face keys for 5- or 7-card hands (each key used at most 4 times), starting at 0."""
    spec = FACE_SPEC[n_cards]
    return _greedy_keys(spec["max_mult"], spec["sizes"], 0, progress)


def search_flush_keys(n_cards: int, progress=None) -> list[int]:
    """Flush keys: 5-card from 0; 7-card from 1 (a 0 key would make a 5-subset plus 0 equal
    to a 6-subset; the search would skip it anyway)."""
    spec = FLUSH_SPEC[n_cards]
    return _greedy_keys(spec["max_mult"], spec["sizes"], spec["start"], progress)


# --------------------------------------------------------------------------------------------
# Max sums and brute-force verification (independent of the search code)
# --------------------------------------------------------------------------------------------

def max_sums(keys: dict) -> dict[str, int]:
    """The largest sum each table can see."""
    face5, face7 = sorted(keys["face_keys_5"]), sorted(keys["face_keys_7"])
    return {
        "suit_7": 7 * max(keys["suit_keys"]),  # 7 cards may share a suit
        "face_5": 4 * face5[-1] + face5[-2],  # at most 4 cards of a rank
        "face_7": 4 * face7[-1] + 3 * face7[-2],
        "flush_5": sum(sorted(keys["flush_keys_5"])[-5:]),
        "flush_7": sum(sorted(keys["flush_keys_7"])[-7:]),
    }


@functools.cache
def _multiset_indices(n_keys: int, size: int, max_mult: int) -> np.ndarray:
    """Every multiset of ``size`` key indices (each at most ``max_mult`` times), one per row.
    Rows come sorted, so a key used more than max_mult times shows as equal entries max_mult
    columns apart."""
    idx = np.array(list(itertools.combinations_with_replacement(range(n_keys), size)), np.int64)
    if max_mult < size:
        idx = idx[~(idx[:, max_mult:] == idx[:, :-max_mult]).any(axis=1)]
    return idx


def _brute_sums(keys: list[int], size: int, max_mult: int) -> np.ndarray:
    """Every sum of a multiset of ``size`` keys (each at most ``max_mult`` times), enumerated
    outright: one entry per multiset, duplicates kept."""
    return np.asarray(keys, np.int64)[_multiset_indices(len(keys), size, max_mult)].sum(axis=1)


def _check_all_distinct(name: str, sums: np.ndarray) -> list[str]:
    values, counts = np.unique(sums, return_counts=True)
    if len(values) == len(sums):
        return []
    return [f"{name}: {len(sums) - len(values)} duplicate sums (e.g. {int(values[counts > 1][0])})"]


def _check_shape(name: str, keys, length: int, first=None) -> list[str]:
    if (not isinstance(keys, list) or len(keys) != length
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in keys)):
        return [f"{name}: expected a list of {length} integers, got {keys!r}"]
    problems = []
    if any(v < 0 for v in keys):
        problems.append(f"{name}: negative key")
    if any(b <= a for a, b in zip(keys, keys[1:], strict=False)):
        problems.append(f"{name}: keys not strictly increasing")
    if first is not None and keys[0] != first:
        problems.append(f"{name}: first key must be {first}, got {keys[0]}")
    return problems


def verify_keys(keys: dict) -> list[str]:
    """Brute-force check of a keys dict (as written to keys.json). Returns a list of problems;
    empty means every required sum is distinct and the packed key cannot overflow."""
    shapes = [("suit_keys", N_SUITS, 0), ("face_keys_5", N_RANKS, 0),
              ("face_keys_7", N_RANKS, 0), ("flush_keys_5", N_RANKS, None),
              ("flush_keys_7", N_RANKS, None)]
    problems = []
    for name, length, first in shapes:
        if name not in keys:
            problems.append(f"{name}: missing")
        else:
            problems += _check_shape(name, keys[name], length, first)
    if problems:
        return problems

    problems += _check_all_distinct("suit_keys 7-sums", _brute_sums(keys["suit_keys"], 7, 7))
    for n in (5, 7):
        problems += _check_all_distinct(
            f"face_keys_{n} {n}-sums", _brute_sums(keys[f"face_keys_{n}"], n, CARDS_PER_RANK))
    problems += _check_all_distinct("flush_keys_5 5-sums", _brute_sums(keys["flush_keys_5"], 5, 1))
    # One flush table holds the 5-, 6- and 7-card sums, so they must be distinct together.
    problems += _check_all_distinct("flush_keys_7 5/6/7-sums", np.concatenate(
        [_brute_sums(keys["flush_keys_7"], n, 1) for n in (5, 6, 7)]))

    expected = max_sums(keys)
    # The packed key face << 9 | suit: a 7-card suit sum must stay inside its 9 bits (else it
    # carries into the face field) and the 7-card face sum inside the remaining 23 bits.
    if expected["suit_7"] >= 1 << SUIT_BITS:
        problems.append(f"suit 7-sum {expected['suit_7']} does not fit in {SUIT_BITS} bits")
    if expected["face_7"] >= 1 << FACE_BITS:
        problems.append(f"face 7-sum {expected['face_7']} does not fit in {FACE_BITS} bits")
    if expected["flush_7"] >= POWERS_OF_TWO_FLUSH_7:
        problems.append(f"flush 7-sum {expected['flush_7']} is no better than powers of two")
    if "max_sums" in keys and keys["max_sums"] != expected:
        problems.append(f"max_sums: {keys['max_sums']} != recomputed {expected}")
    return problems


# --------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------

def search_all(log=None) -> dict:
    """Run all five searches and return the keys.json object. ``log(msg)`` receives one line
    per key set; None means quiet."""
    keys: dict = {}

    def timed(name, fn, *args):
        t0 = time.perf_counter()
        keys[name] = fn(*args)
        if log:
            log(f"{name}: {keys[name]} ({time.perf_counter() - t0:.2f} s)")

    def per_key(name):
        # A live per-key line only on a terminal; logs get just the one line per key set.
        if not (log and sys.stderr.isatty()):
            return None

        def show(i, key):
            line = f"  {name}: key {i + 1}/{N_RANKS} = {key}"
            end = "" if i + 1 < N_RANKS else "\r" + " " * len(line) + "\r"
            print(f"\r{line}", end=end, file=sys.stderr, flush=True)
        return show

    timed("suit_keys", search_suit_keys)
    for n in (5, 7):
        timed(f"face_keys_{n}", search_face_keys, n, per_key(f"face_keys_{n}"))
    for n in (5, 7):
        timed(f"flush_keys_{n}", search_flush_keys, n, per_key(f"flush_keys_{n}"))
    keys["max_sums"] = max_sums(keys)
    if log:
        log(f"max_sums: {keys['max_sums']}")
    return keys


def to_json(keys: dict) -> str:
    """The canonical, byte-stable text of keys.json."""
    return json.dumps(keys, indent=2, sort_keys=True) + "\n"


def _differences(found: dict, on_file: dict) -> list[str]:
    names = sorted(set(found) | set(on_file))
    return [f"{name}: file has {on_file.get(name)!r}, search gives {found.get(name)!r}"
            for name in names if found.get(name) != on_file.get(name)]


def _check_file(path: Path, found: dict, log) -> int:
    """--check: the file must hold exactly what the search finds, and pass verification."""
    try:
        text = path.read_text()
        on_file = json.loads(text)
    except (OSError, ValueError) as exc:
        print(f"error: cannot read {path}: {exc}", file=sys.stderr)
        return 1
    if not isinstance(on_file, dict):
        print(f"error: {path} does not hold a JSON object", file=sys.stderr)
        return 1
    problems = [f"verification: {p}" for p in verify_keys(on_file)]
    problems += _differences(found, on_file)
    if not problems and text != to_json(found):
        problems.append("formatting differs from the canonical output (same values)")
    if problems:
        print(f"error: {path} does not match the search:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    log(f"{path} matches the search and passes verification")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"keys file to write or check (default: {DEFAULT_OUT})")
    parser.add_argument("--check", action="store_true",
                        help="re-run the search and compare with the existing file; write nothing")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    args = parser.parse_args(None if argv is None else [str(a) for a in argv])

    def log(msg):
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    found = search_all(None if args.quiet else log)
    problems = verify_keys(found)
    if problems:
        print("error: the searched keys fail verification; nothing written:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 1
    log(f"brute-force verification passed (total {time.perf_counter() - t0:.2f} s)")

    if args.check:
        return _check_file(args.out, found, log)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(to_json(found))
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
