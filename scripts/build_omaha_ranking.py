#!/usr/bin/env python3
"""Rank the 16,432 suit-isomorphic classes of 4-card Omaha hands, for ranges written ``N%``.

Method: every class's all-in equity against one random 4-card hand, preflop, by Monte Carlo:
``pk.omaha_equity([representative, 'random'], trials=TRIALS, seed=[SEED, class index])``,
32,768 trials per class (two chunks of the Omaha Monte Carlo driver, whose results do not
depend on the thread count). The standard error of a class's equity is at most
0.5 / sqrt(32,768) = 0.28 percentage points (a trial's pot share lies in [0, 1]); the
largest measured one is written to the manifest. Classes are ranked by equity, best first;
equal equities (to the last bit) go in ascending order of the representative's card ids.
Neighbouring classes differ by far less than the standard error, so the order within a few
tenths of a point is noise, while the top 5%, 15%, 50% of hands it selects are the hands
players call strong (aces, double-suited rundowns and broadways first).

A class's representative is its smallest member: the hand (4 ascending card ids) that is
least in lexicographic order among the 24 relabellings of its suits. Budget: about 3
minutes on 2 cores (16,432 classes x 32,768 trials at about 3.5 million trials/s).

Writes, in ``tables/``:

* ``omaha_ranking_4_classes.npy``: (16432, 4) uint8, the classes' representatives, best
  first.
* ``omaha_ranking_4_equity.npy``: (16432,) float64, their equities, in the same order.
* ``omaha_manifest.json``: sha256, dtype, shape of both, and the method's parameters.

The script is deterministic (fixed seeds, thread-independent results): running it again
writes the same bytes. ``--check`` recomputes ``--check-classes`` classes spread over the
ranking with the same seeds and compares them bit for bit, and checks the files against the
manifest; ``--classes N`` builds only the first N classes (a quick look; not written).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import pokerkeys as pk  # noqa: E402

MANIFEST = "omaha_manifest.json"
CLASSES = "omaha_ranking_4_classes"
EQUITY = "omaha_ranking_4_equity"
SEED = 20261125
TRIALS = 32_768
N_CLASSES = 16_432


def npy_bytes(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, array, allow_pickle=False)
    return buf.getvalue()


def classes() -> np.ndarray:
    """(16432, 4) uint8: each suit-isomorphic class's smallest member, in ascending order."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    ranks, suits = hands >> 2, hands & 3
    best = None
    for perm in itertools.permutations(range(4)):
        relabelled = np.sort(ranks * 4 + np.array(perm)[suits], axis=1)
        code = relabelled @ (52 ** np.arange(3, -1, -1))
        best = code if best is None else np.minimum(best, code)
    codes = np.unique(best)
    out = np.stack([(codes // 52 ** k) % 52 for k in (3, 2, 1, 0)], axis=1).astype(np.uint8)
    assert len(out) == N_CLASSES, len(out)
    return out


def equities(reps: np.ndarray, indices, threads, quiet: bool) -> tuple[np.ndarray, float]:
    """Equity against one random hand of each listed class, and the largest stderr."""
    out = np.empty(len(indices))
    worst = 0.0
    start = time.time()
    for k, i in enumerate(indices):
        r = pk.omaha_equity([reps[i], "random"], trials=TRIALS, seed=[SEED, int(i)],
                            threads=threads)
        out[k] = r.equity[0]
        worst = max(worst, float(r.stderr[0]))
        if not quiet and (k + 1) % 1000 == 0:
            print(f"  {k + 1:,} classes in {time.time() - start:.0f} s", file=sys.stderr)
    return out, worst


def ranking(reps: np.ndarray, eq: np.ndarray) -> np.ndarray:
    """Class indices best first: by equity, ties by the representative's cards."""
    keys = [reps[:, j] for j in (3, 2, 1, 0)] + [-eq]
    return np.lexsort(keys)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "tables")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--check-classes", type=int, default=40)
    ap.add_argument("--classes", type=int, default=None)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    reps = classes()
    if args.check:
        manifest = json.loads((args.out / MANIFEST).read_text())
        bad = []
        arrays = {}
        for name in (CLASSES, EQUITY):
            data = (args.out / f"{name}.npy").read_bytes()
            if hashlib.sha256(data).hexdigest() != manifest["files"][f"{name}.npy"]["sha256"]:
                bad.append(f"{name}.npy differs from the manifest")
            arrays[name] = np.load(args.out / f"{name}.npy")
        shipped, shipped_eq = arrays[CLASSES], arrays[EQUITY]
        order = np.lexsort([shipped[:, j] for j in (3, 2, 1, 0)])
        if not np.array_equal(shipped[order], reps):
            bad.append("the classes are not the 16,432 suit-isomorphic classes")
        picks = np.linspace(0, N_CLASSES - 1, args.check_classes).round().astype(int)
        index_of = {tuple(r): i for i, r in enumerate(reps.tolist())}
        idx = [index_of[tuple(shipped[p].tolist())] for p in picks]
        again, _ = equities(reps, idx, args.threads, True)
        if not np.array_equal(again, shipped_eq[picks]):
            bad.append("recomputed equities differ")
        if not (np.diff(shipped_eq) <= 0).all():
            bad.append("equities are not in descending order")
        print("\n".join(bad) if bad else f"ok: {args.check_classes} classes recomputed bit for "
              "bit, files match the manifest")
        return 1 if bad else 0
    n = args.classes or N_CLASSES
    eq, worst = equities(reps, range(n), args.threads, args.quiet)
    order = ranking(reps[:n], eq)
    if args.classes:
        for i in order[:20]:
            print(pk.format_cards(reps[i], sep=""), f"{eq[i]:.4f}")
        return 0
    outputs = {CLASSES: np.ascontiguousarray(reps[order]),
               EQUITY: np.ascontiguousarray(eq[order])}
    manifest = {"format": 1, "method": {
        "what": "equity of each 4-card class against one random hand, preflop, Monte Carlo",
        "trials_per_class": TRIALS, "seed": SEED, "max_stderr": round(worst, 6),
        "order": "equity descending, ties by the representative's card ids ascending"},
        "files": {}}
    args.out.mkdir(parents=True, exist_ok=True)
    for name, array in outputs.items():
        data = npy_bytes(array)
        (args.out / f"{name}.npy").write_bytes(data)
        manifest["files"][f"{name}.npy"] = {"sha256": hashlib.sha256(data).hexdigest(),
                                             "dtype": str(array.dtype),
                                             "shape": list(array.shape)}
    (args.out / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    if not args.quiet:
        print(f"wrote {len(reps):,} classes; largest stderr {worst:.5f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
