#!/usr/bin/env python3
"""Compute the shipped preflop tables and write them with their own manifest.

* ``preflop_equity_vs_random.npy``: (169,) float64, each starting-hand class's exact equity
  against one random hand (CLASS_NAMES order), over all boards. About half a minute.

Writes ``tables/preflop_manifest.json`` (sha256, dtype, shape), which the table loader merges
with ``manifest.json``. ``--check`` recomputes and compares with the files on disk.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))
from build_tables import npy_bytes  # noqa: E402
from pokerkeys.preflop import exact_equity_vs_random  # noqa: E402

MANIFEST = "preflop_manifest.json"


def build(quiet: bool) -> dict[str, np.ndarray]:
    start = time.perf_counter()
    equity = exact_equity_vs_random()
    if not quiet:
        print(f"equity vs a random hand for 169 classes: {time.perf_counter() - start:.1f} s",
              file=sys.stderr)
    if not (np.all(equity > 0.3) and np.all(equity < 0.9)):
        raise ValueError("preflop equities outside 30%..90%: the evaluator tables are wrong")
    return {"preflop_equity_vs_random": equity}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tables")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        tables = build(args.quiet)
    except ValueError as exc:
        print(f"build_preflop: {exc}; nothing written", file=sys.stderr)
        return 1
    outputs = {f"{name}.npy": npy_bytes(a) for name, a in tables.items()}
    manifest = {"format": 1, "files": {
        name: {"sha256": hashlib.sha256(data).hexdigest(), "dtype": str(tables[name[:-4]].dtype),
               "shape": list(tables[name[:-4]].shape)} for name, data in outputs.items()}}
    outputs[MANIFEST] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    if args.check:
        bad = [n for n, d in sorted(outputs.items())
               if not (args.out / n).is_file() or (args.out / n).read_bytes() != d]
        if bad:
            print(f"build_preflop: files differ from a fresh build: {', '.join(bad)}",
                  file=sys.stderr)
            return 1
        return 0
    for name, data in sorted(outputs.items()):
        (args.out / name).write_bytes(data)
    if not args.quiet:
        print(f"wrote {', '.join(sorted(outputs))} to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
