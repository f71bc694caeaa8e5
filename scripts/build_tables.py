#!/usr/bin/env python3
"""Build the rank tables from tables/keys.json, verify them and save them as .npy.

What is built (n = 5, 6, 7 cards; 6- and 7-card hands use the 7-card keys, whose sums of 6 are
unique too: two 6-card multisets with one sum would give two 7-card multisets with one sum once
the same rank is added to both):

* ``card_keys_{5,7}``: per card id, the packed key ``face_key << 9 | suit_key``.
* ``flush_keys_{5,7}``: per card id, the flush key of its rank shifted into its suit's 16-bit
  field of a uint64, so one sum over a hand gives the flush sum of every suit.
* ``flush_suit_{5,6,7}``: suit sum (low 9 bits of the key sum) -> suit with 5+ cards, or -1.
* ``nonflush_{5,6,7}``: the sparse non-flush table, rows (face sum, rank), sorted by face sum.
* ``flush_ranks_{5,7}``: dense flush-sum -> rank (7: subsets of 5, 6 and 7 ranks of one suit).
* ``hash_base_{5,6,7}`` and ``hash_ranks_{5,6,7}``: the compact run-time non-flush lookup, a
  displacement hash over a scrambled face sum (see ``pokerkeys._layout``).

Ranks come from enumerating rank multisets (non-flush) and rank subsets (flush), never hands: a
hand with a flush can hold neither quads nor a full house (those need cards of 3-4 suits, and at
most 2 cards lie outside the flush suit), so its rank is the best 5 of its flush cards alone.

Short deck (six-plus hold'em, 36 cards, see ``pokerkeys.core.shortdeck``) needs no keys of its
own: a key sum that is unique over every 5-, 6- or 7-card hand of the 52 cards is unique over
the hands of any subset of them, and the suit sums that detect a flush are the same sums. Only
the ranks differ (A-6-7-8-9 is a straight, a flush beats a full house, three of a kind and a
straight in either order), so for each rule order this script writes, in the Hold'em tables'
layout (the same hash bases, the same flush-key sums as indices):

* ``shortdeck_{order}_hash_ranks_{5,6,7}``: the short-deck rank of the rank multiset in each
  slot of the Hold'em hash, 0 for a multiset holding a two, three, four or five;
* ``shortdeck_{order}_flush_ranks_{5,7}``: the short-deck rank of each flush-key sum, 0 for a
  set holding a card below the six;

``order`` is ``trips`` (three of a kind beats a straight) or ``straight``. Keeping Hold'em's
layout keeps the kernels identical (their hash constants are compiled in), and the zeros make a
hand with a card below the six rank 0 without a check of its own (see
``pokerkeys.core.tables.shortdeck_tables`` for the one case that needs the flush keys too).
Short-deck ranks run 1..1404, higher is better; a hand with a flush is ranked by its flush
cards alone here too (quads and a flush cannot share seven cards, and a flush beats a full
house).

Every table is verified before anything is written; ``--check`` rebuilds in memory and compares
with the files on disk. Output is byte-identical on every run.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
import time
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
from pokerkeys._layout import (  # noqa: E402
    FLUSH_FIELD_BITS,
    HASH_BITS,
    HASH_MULT,
    HASH_SHIFT,
    NO_FLUSH,
    SUIT_BITS,
    SUIT_MASK,
)
from pokerkeys.core import shortdeck  # noqa: E402
from pokerkeys.core._ranking import N_CLASSES, five_card_classes  # noqa: E402
from pokerkeys.core.evaluate import CATEGORY_OF_RANK  # noqa: E402

DISTINCT_RANKS = {5: 7462, 6: 6075, 7: 4824}


def log(msg: str, quiet: bool) -> None:
    if not quiet:
        print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- rank computation
def best_non_flush(multiset: tuple[int, ...]) -> int:
    """Best rank over the 5-card sub-multisets of a 5-7 card rank multiset (sorted desc)."""
    non_flush, _ = five_card_classes()
    return max(non_flush[sub] for sub in set(combinations(multiset, 5)))


def best_flush(ranks: tuple[int, ...]) -> int:
    """Best rank over the 5-subsets of 5-7 distinct ranks of one suit (sorted desc)."""
    _, flush = five_card_classes()
    return max(flush[sub] for sub in combinations(ranks, 5))


def non_flush_multisets(n: int):
    """Rank multisets of size n, each rank at most 4 times (one per suit), sorted descending."""
    for combo in combinations_with_replacement(range(12, -1, -1), n):
        if all(combo.count(r) <= 4 for r in set(combo)):
            yield combo


# ---------------------------------------------------------------- tables
def sparse_non_flush(face_keys: list[int], n: int) -> np.ndarray:
    rows = [(sum(face_keys[r] for r in ms), best_non_flush(ms)) for ms in non_flush_multisets(n)]
    table = np.array(sorted(rows), dtype=np.uint32)
    if len(np.unique(table[:, 0])) != len(table):
        raise ValueError(f"{n}-card face keys give two rank multisets the same sum")
    return table


def dense_flush(flush_keys: list[int], sizes: tuple[int, ...]) -> np.ndarray:
    sums, ranks = [], []
    for size in sizes:
        for subset in combinations(range(12, -1, -1), size):
            sums.append(sum(flush_keys[r] for r in subset))
            ranks.append(best_flush(subset))
    if len(set(sums)) != len(sums):
        raise ValueError(f"flush keys give two flush subsets of sizes {sizes} the same sum")
    table = np.zeros(max(sums) + 1, dtype=np.uint16)
    table[sums] = ranks
    return table


def flush_suit_table(suit_keys: list[int], n: int) -> np.ndarray:
    """Suit sum -> the suit holding 5+ of the n cards, or -1; 512 entries (the 9-bit field)."""
    table = np.full(1 << SUIT_BITS, NO_FLUSH, dtype=np.int8)
    seen: dict[int, tuple[int, ...]] = {}
    for suits in combinations_with_replacement(range(4), n):
        s = sum(suit_keys[x] for x in suits)
        counts = tuple(suits.count(x) for x in range(4))
        if s in seen and seen[s] != counts:
            raise ValueError(f"suit keys give two {n}-card suit distributions the same sum {s}")
        seen[s] = counts
        flush = [x for x in range(4) if counts[x] >= 5]
        table[s] = flush[0] if flush else NO_FLUSH
    return table


def scramble(face_sums: np.ndarray, n: int) -> np.ndarray:
    """The hash domain value of each face sum (a bijection, see pokerkeys._layout)."""
    return (face_sums.astype(np.int64) * HASH_MULT[n]) & ((1 << HASH_BITS[n]) - 1)


def displacement_hash(keys: np.ndarray, values: np.ndarray, shift: int):
    """Pack sparse (key, value) pairs into a small array with one base offset per row.

    Row r holds the keys k with k >> shift == r. Rows are placed largest first, each at the
    smallest base where all its slots (base + (k & mask)) are still free: first-fit decreasing,
    which leaves almost no holes because most rows are small. Valid keys are the only keys ever
    looked up, so no slot needs to store its key.
    """
    mask = (1 << shift) - 1
    rows = keys >> shift
    n_rows = int(rows.max()) + 1
    row_start = np.searchsorted(rows, np.arange(n_rows + 1))
    sizes = np.diff(row_start)
    order = sorted(range(n_rows), key=lambda r: (-sizes[r], r))
    occupied = np.zeros(len(keys) + (1 << shift) + 1, dtype=bool)
    base = np.zeros(n_rows, dtype=np.int64)
    for r in order:
        if sizes[r] == 0:
            continue
        cols = (keys[row_start[r]:row_start[r + 1]] & mask).astype(np.int64)
        b = _first_fit(occupied, cols)
        if b + cols[-1] >= len(occupied):
            occupied = np.concatenate([occupied, np.zeros(b + cols[-1] + 1, dtype=bool)])
        occupied[b + cols] = True
        base[r] = b
    size = int(np.flatnonzero(occupied)[-1]) + 1
    table = np.zeros(size, dtype=np.uint16)
    table[base[rows] + (keys & mask)] = values
    if base.max() > np.iinfo(np.uint16).max:
        raise ValueError("hash bases do not fit uint16; use a larger shift")
    return base.astype(np.uint16), table


def _first_fit(occupied: np.ndarray, cols: np.ndarray) -> int:
    """Smallest base b with every occupied[b + cols] False (vectorised over candidate bases)."""
    span = int(cols[-1]) + 1
    free = ~occupied
    start = 0
    window = 8192
    while True:
        stop = start + window
        if stop + span > len(free):
            free = np.concatenate([free, np.ones(stop + span - len(free), dtype=bool)])
        ok = np.ones(window, dtype=bool)
        for c in cols:
            ok &= free[start + c:stop + c]
            if not ok.any():
                break
        hits = np.flatnonzero(ok)
        if len(hits):
            return start + int(hits[0])
        start = stop


def packed_card_keys(face_keys: list[int], suit_keys: list[int]) -> np.ndarray:
    """Card id c = 4*rank + suit -> face_key[rank] << 9 | suit_key[suit].

    Summing 7 of these never carries out of the suit field, because 7 * max(suit_keys) < 512.
    """
    return np.array([face_keys[c >> 2] << SUIT_BITS | suit_keys[c & 3] for c in range(52)],
                    dtype=np.uint32)


# ---------------------------------------------------------------- short deck
def shortdeck_best_non_flush(multiset: tuple[int, ...], rules: str) -> int:
    """Short-deck rank of the best 5 of a 5-7 card rank multiset; 0 if a card is below six."""
    if min(multiset) < shortdeck.LOWEST_RANK:
        return 0
    non_flush, _ = shortdeck.five_card_classes(rules)
    return max(non_flush[sub] for sub in set(combinations(multiset, 5)))


def shortdeck_best_flush(ranks: tuple[int, ...], rules: str) -> int:
    """Short-deck rank of the best 5 of 5-7 distinct ranks of one suit; 0 below six."""
    if min(ranks) < shortdeck.LOWEST_RANK:
        return 0
    _, flush = shortdeck.five_card_classes(rules)
    return max(flush[sub] for sub in combinations(ranks, 5))


def shortdeck_hash_ranks(t: dict[str, np.ndarray], face_keys: list[int], n: int,
                         rules: str) -> np.ndarray:
    """The n-card Hold'em hash with every slot's multiset ranked for short deck."""
    sums_ranks = sorted((sum(face_keys[r] for r in ms), shortdeck_best_non_flush(ms, rules))
                        for ms in non_flush_multisets(n))
    sums = np.array([s for s, _ in sums_ranks], dtype=np.int64)
    if not np.array_equal(sums, t[f"nonflush_{n}"][:, 0].astype(np.int64)):
        raise ValueError(f"{n}-card short-deck multisets do not match the Hold'em table")
    h = scramble(sums, n)
    shift = HASH_SHIFT[n]
    slots = t[f"hash_base_{n}"][h >> shift].astype(np.int64) + (h & ((1 << shift) - 1))
    table = np.zeros_like(t[f"hash_ranks_{n}"])
    table[slots] = [r for _, r in sums_ranks]
    return table


def shortdeck_flush_ranks(t: dict[str, np.ndarray], flush_keys: list[int],
                          sizes: tuple[int, ...], key_set: int, rules: str) -> np.ndarray:
    """The flush table of a key set (indexed by flush-key sums) ranked for short deck."""
    table = np.zeros_like(t[f"flush_ranks_{key_set}"])
    for size in sizes:
        for subset in combinations(range(12, -1, -1), size):
            table[sum(flush_keys[r] for r in subset)] = shortdeck_best_flush(subset, rules)
    return table


def build_shortdeck(t: dict[str, np.ndarray], keys: dict, quiet: bool) -> None:
    """Add both rule orders' short-deck rank tables to ``t`` (see the module's docstring)."""
    for rules in shortdeck.RULES:
        start = time.perf_counter()
        prefix = shortdeck.table_prefix(rules)
        for n in (5, 6, 7):
            face_keys = keys["face_keys_5" if n == 5 else "face_keys_7"]
            t[f"{prefix}hash_ranks_{n}"] = shortdeck_hash_ranks(t, face_keys, n, rules)
        t[f"{prefix}flush_ranks_5"] = shortdeck_flush_ranks(t, keys["flush_keys_5"], (5,), 5,
                                                             rules)
        t[f"{prefix}flush_ranks_7"] = shortdeck_flush_ranks(t, keys["flush_keys_7"], (5, 6, 7),
                                                            7, rules)
        log(f"  short deck, {rules}: {time.perf_counter() - start:.2f} s", quiet)


def verify_shortdeck(t: dict[str, np.ndarray]) -> None:
    """Independent checks of the short-deck tables; raises ValueError on the first failure.

    Counts of ranked entries follow from the deck (multisets of the 9 ranks six..ace), the 5-card
    tables must reach every rank 1..1404, and within every category but the straights the
    short-deck order must agree with the Hold'em order of the same entries (the rule orders
    move whole categories; only the straights gain A-6-7-8-9 at their bottom)."""
    def fail(msg):
        raise ValueError(f"short-deck table verification failed: {msg}")

    ranks9 = 9
    multisets = {n: sum(1 for ms in combinations_with_replacement(range(ranks9), n)
                        if all(ms.count(r) <= 4 for r in set(ms))) for n in (5, 6, 7)}
    flush_sets = {5: comb_count(ranks9, (5,)), 7: comb_count(ranks9, (5, 6, 7))}
    for rules in shortdeck.RULES:
        prefix = shortdeck.table_prefix(rules)
        cats = shortdeck.category_of_rank(rules)
        for n in (5, 6, 7):
            sd = t[f"{prefix}hash_ranks_{n}"]
            if np.count_nonzero(sd) != multisets[n]:
                fail(f"{prefix}hash_ranks_{n} ranks {np.count_nonzero(sd)} multisets, "
                     f"expected {multisets[n]}")
            _agree_with_holdem(sd, t[f"hash_ranks_{n}"], cats, f"{prefix}hash_ranks_{n}", fail)
        for key_set in (5, 7):
            sd = t[f"{prefix}flush_ranks_{key_set}"]
            if np.count_nonzero(sd) != flush_sets[key_set]:
                fail(f"{prefix}flush_ranks_{key_set} ranks {np.count_nonzero(sd)} sets, "
                     f"expected {flush_sets[key_set]}")
            if set(cats[sd[sd > 0]].tolist()) != {6, 9}:
                fail(f"{prefix}flush_ranks_{key_set} holds a non-flush rank")
            _agree_with_holdem(sd, t[f"flush_ranks_{key_set}"], cats,
                               f"{prefix}flush_ranks_{key_set}", fail)
        reached = set(t[f"{prefix}hash_ranks_5"].tolist()) | set(
            t[f"{prefix}flush_ranks_5"].tolist())
        if reached - {0} != set(range(1, shortdeck.N_CLASSES + 1)):
            fail(f"{prefix} 5-card tables do not reach every rank 1..{shortdeck.N_CLASSES}")
        if set(cats[t[f"{prefix}hash_ranks_7"]].tolist()) - {0} != {1, 2, 3, 4, 5, 7, 8}:
            fail(f"{prefix}hash_ranks_7 holds a flush rank or misses a category")


def comb_count(n: int, sizes: tuple[int, ...]) -> int:
    return sum(len(list(combinations(range(n), k))) for k in sizes)


def _agree_with_holdem(sd: np.ndarray, holdem: np.ndarray, cats: np.ndarray, name: str,
                       fail) -> None:
    """Among the entries of one category on both scales (straights aside), sorting by Hold'em
    rank sorts by short-deck rank too: both order a category by the same significant ranks.
    (A 7-card entry can change category: trips with a straight, a high card with A-6-7-8-9.)"""
    ranked = sd > 0
    holdem_cats = CATEGORY_OF_RANK[holdem]
    for cat in (1, 2, 3, 4, 6, 7, 8):
        inside = ranked & (cats[sd] == cat) & (holdem_cats == cat)
        if not inside.any():
            continue
        order = np.argsort(holdem[inside], kind="stable")
        if np.any(np.diff(sd[inside][order].astype(np.int64)) < 0):
            fail(f"{name}: category {cat} is not in the Hold'em order")


def build(keys: dict, quiet: bool = True) -> dict[str, np.ndarray]:
    """All tables as a name -> array dict; raises ValueError if any check fails."""
    suit_keys = keys["suit_keys"]
    top7 = sorted(keys["face_keys_7"])[-2:]  # the largest 7-card face sum is 4 aces + 3 kings
    if 7 * max(suit_keys) > SUIT_MASK or 4 * top7[1] + 3 * top7[0] >= 1 << (32 - SUIT_BITS):
        raise ValueError("keys overflow the packed 32-bit card key")
    if sum(sorted(keys["flush_keys_7"])[-7:]) >= 1 << FLUSH_FIELD_BITS:
        raise ValueError("7-card flush sums overflow their 16-bit field")
    t: dict[str, np.ndarray] = {}
    for n, tag in ((5, "5"), (7, "7")):
        t[f"card_keys_{n}"] = packed_card_keys(keys[f"face_keys_{tag}"], suit_keys)
        t[f"flush_keys_{n}"] = np.array(
            [keys[f"flush_keys_{tag}"][c >> 2] << (FLUSH_FIELD_BITS * (c & 3)) for c in range(52)],
            dtype=np.uint64)
    t["flush_ranks_5"] = dense_flush(keys["flush_keys_5"], (5,))
    t["flush_ranks_7"] = dense_flush(keys["flush_keys_7"], (5, 6, 7))
    for n in (5, 6, 7):
        start = time.perf_counter()
        face_keys = keys["face_keys_5" if n == 5 else "face_keys_7"]
        t[f"flush_suit_{n}"] = flush_suit_table(suit_keys, n)
        sparse = sparse_non_flush(face_keys, n)
        t[f"nonflush_{n}"] = sparse
        scrambled = scramble(sparse[:, 0], n)
        order = np.argsort(scrambled, kind="stable")
        t[f"hash_base_{n}"], t[f"hash_ranks_{n}"] = displacement_hash(
            scrambled[order], sparse[order, 1], HASH_SHIFT[n])
        log(f"  {n}-card: {len(sparse):,} non-flush sums, hash {len(t[f'hash_ranks_{n}']):,} "
            f"slots ({time.perf_counter() - start:.2f} s)", quiet)
    verify(t, keys)
    build_shortdeck(t, keys, quiet)
    verify_shortdeck(t)
    return t


# ---------------------------------------------------------------- verification
def verify(t: dict[str, np.ndarray], keys: dict) -> None:
    """Independent checks of the built tables; raises ValueError on the first failure."""
    def fail(msg):
        raise ValueError(f"table verification failed: {msg}")

    expected_rows = {5: 6175, 6: 18395, 7: 49205}
    for n in (5, 6, 7):
        sparse = t[f"nonflush_{n}"]
        if len(sparse) != expected_rows[n]:
            fail(f"nonflush_{n} has {len(sparse)} rows, expected {expected_rows[n]}")
        if np.any(np.diff(sparse[:, 0].astype(np.int64)) <= 0):
            fail(f"nonflush_{n} face sums are not strictly increasing")
        ranks = sparse[:, 1]
        if ranks.min() < 1 or ranks.max() > 7452 or np.any((ranks >= 5864) & (ranks <= 7140)):
            fail(f"nonflush_{n} holds a flush rank")
        shift = HASH_SHIFT[n]
        h = scramble(sparse[:, 0], n)
        if len(np.unique(h)) != len(h):
            fail(f"the {n}-card hash scramble is not injective")
        looked_up = t[f"hash_ranks_{n}"][(h & ((1 << shift) - 1))
                                         + t[f"hash_base_{n}"][h >> shift].astype(np.int64)]
        if not np.array_equal(looked_up, ranks):
            fail(f"hash_{n} does not reproduce the sparse table")
        suit = t[f"flush_suit_{n}"]
        if np.count_nonzero(suit >= 0) != {5: 4, 6: 16, 7: 40}[n]:
            fail(f"flush_suit_{n} marks the wrong number of flush suit sums")
    distinct = {5: set(), 6: set(), 7: set()}
    for n in (5, 6, 7):
        distinct[n].update(t[f"nonflush_{n}"][:, 1].tolist())
    flush5 = t["flush_ranks_5"]
    distinct[5].update(flush5[flush5 > 0].tolist())
    flush7 = t["flush_ranks_7"]
    if np.count_nonzero(flush7) != 1287 + 1716 + 1716:
        fail("flush_ranks_7 does not hold one rank per 5/6/7-subset")
    flush_ranks_7 = set(flush7[flush7 > 0].tolist())
    if min(flush_ranks_7) < 5864 or max(flush_ranks_7) > 7462:
        fail("flush_ranks_7 holds a non-flush rank")
    if len(distinct[5]) != N_CLASSES:
        fail(f"5-card tables hold {len(distinct[5])} distinct ranks, expected {N_CLASSES}")
    # Straight flushes and flushes reachable with 6 and 7 cards.
    for n, sizes in ((6, (5, 6)), (7, (5, 6, 7))):
        _, flush = five_card_classes()
        for size in sizes:
            for subset in combinations(range(12, -1, -1), size):
                distinct[n].add(max(flush[s] for s in combinations(subset, 5)))
        if len(distinct[n]) != DISTINCT_RANKS[n]:
            fail(f"{n}-card hands reach {len(distinct[n])} ranks, expected {DISTINCT_RANKS[n]}")
    if t["flush_ranks_5"][t["flush_ranks_5"] > 0].min() != 5864 or flush5.max() != 7462:
        fail("5-card flush ranks do not span 5864..7462")


# ---------------------------------------------------------------- files
def npy_bytes(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, array, allow_pickle=False)
    return buf.getvalue()


def manifest_of(tables: dict[str, np.ndarray], keys_bytes: bytes) -> dict:
    files = {"keys.json": {"sha256": hashlib.sha256(keys_bytes).hexdigest()}}
    for name, array in sorted(tables.items()):
        files[f"{name}.npy"] = {
            "sha256": hashlib.sha256(npy_bytes(array)).hexdigest(),
            "dtype": str(array.dtype),
            "shape": list(array.shape),
        }
    layout = {"suit_bits": SUIT_BITS, "flush_field_bits": FLUSH_FIELD_BITS,
              "hash_mult": {str(n): HASH_MULT[n] for n in HASH_MULT},
              "hash_bits": {str(n): HASH_BITS[n] for n in HASH_BITS},
              "hash_shift": {str(n): HASH_SHIFT[n] for n in HASH_SHIFT}}
    return {"format": 1, "layout": layout, "files": files}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=Path, default=ROOT / "tables" / "keys.json")
    parser.add_argument("--out", type=Path, default=ROOT / "tables")
    parser.add_argument("--check", action="store_true",
                        help="rebuild in memory and compare with the files in --out")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    keys_bytes = args.keys.read_bytes()
    keys = json.loads(keys_bytes)
    log(f"building tables from {args.keys}", args.quiet)
    try:
        tables = build(keys, args.quiet)
    except ValueError as exc:
        print(f"build_tables: {exc}; nothing written", file=sys.stderr)
        return 1
    manifest = (json.dumps(manifest_of(tables, keys_bytes), indent=2, sort_keys=True) + "\n")
    outputs = {f"{name}.npy": npy_bytes(a) for name, a in tables.items()}
    outputs["manifest.json"] = manifest.encode()
    if args.check:
        bad = [name for name, data in sorted(outputs.items())
               if not (args.out / name).is_file() or (args.out / name).read_bytes() != data]
        if bad:
            print(f"build_tables: files differ from a fresh build: {', '.join(bad)}",
                  file=sys.stderr)
            return 1
        log(f"all {len(outputs)} files match a fresh build "
            f"({time.perf_counter() - start:.2f} s)", args.quiet)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(outputs.items()):
        (args.out / name).write_bytes(data)
    total = sum(len(d) for n, d in outputs.items() if n.endswith(".npy"))
    log(f"wrote {len(outputs)} files ({total:,} bytes of .npy) to {args.out} "
        f"in {time.perf_counter() - start:.2f} s", args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
