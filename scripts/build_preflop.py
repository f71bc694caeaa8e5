#!/usr/bin/env python3
"""Compute the shipped preflop tables and write them with their own manifest.

Exact tables (all boards; seconds):

* ``preflop_equity_vs_random.npy``: (169,) float64, each starting-hand class's equity against
  one random hand (CLASS_NAMES order).
* ``preflop_heads_up_equity.npy``: (169, 169) float64, the exact heads-up matrix, row class
  against column class. Its row averages (over combo pairs) must reproduce the table above
  bit for bit; the build checks that.

Monte Carlo table (minutes; ``--skip-mc`` keeps the files on disk):

* ``preflop_equity_vs_opponents.npy``: (169, 9) float64, column n-1 = equity against n random
  hands, standard error <= 0.0005 per cell; column 0 is the exact one-opponent value.
* ``preflop_equity_vs_opponents_stderr.npy``: (169, 9) float64, their standard errors.
* ``preflop_tie_share_vs_opponents.npy``: (169, 9) float64, each class's share of the pot from
  split pots against n random hands (sampled as the equity table, with the same stop rule;
  column 0 exact, from the heads-up matrix's tie counts); equity without ties is the equity
  table minus this one.
* ``preflop_tie_share_vs_opponents_stderr.npy``: (169, 9) float64, their standard errors.

Writes ``tables/preflop_manifest.json`` (sha256, dtype, shape), which the table loader merges
with ``manifest.json``. ``--check`` recomputes the exact tables and compares them byte for
byte; the Monte Carlo tables are checked for shape, order and sanity, and ``--mc-cells`` of
their cells are recomputed with fresh random numbers and must agree within 4 standard errors.
``--ties-only`` recomputes the tie-share tables and keeps the equity Monte Carlo table.

``--game shortdeck`` builds the short-deck tables instead (``pokerkeys.preflop.shortdeck``),
for each rule order R (``trips``: three of a kind beats a straight, ``straight``: the other
order), listed in the same manifest (the Hold'em build keeps their entries, and the short-deck
build the Hold'em ones):

* ``shortdeck_preflop_R_heads_up_equity.npy``: (81, 81) float64, exact (all 201,376 boards
  of every combo pair; about a second).
* ``shortdeck_preflop_R_equity_vs_opponents.npy``: (81, 5) float64, against 1..5 random
  hands; column 0 exact (the matrix's row averages), the others Monte Carlo with standard
  error <= 0.0005 per cell (a few minutes).
* ``shortdeck_preflop_R_equity_vs_opponents_stderr.npy``: (81, 5) float64, their standard
  errors.
* ``shortdeck_preflop_R_tie_share_vs_opponents.npy`` and ``..._stderr.npy``: (81, 5) float64,
  each class's share of the pot from split pots against 1..5 random hands and its standard
  errors (the same runs as the equity table: same seeds, same stop; column 0 exact, from the
  matrix's tie counts); equity without ties is the equity table minus this one.

All of it takes well under a minute on two cores. ``--check`` recomputes the exact matrices
byte for byte and ``--mc-cells`` Monte Carlo cells of both sampled tables with a fresh seed
(within 4 standard errors); ``--skip-mc`` keeps the Monte Carlo tables; ``--ties-only`` keeps
the equity tables and computes the tie-share tables.
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

from pokerkeys import preflop  # noqa: E402
from pokerkeys.core.classes import CLASS_NAMES  # noqa: E402

MANIFEST = "preflop_manifest.json"
EXACT = ("preflop_equity_vs_random", "preflop_heads_up_equity")
MONTE_CARLO = ("preflop_equity_vs_opponents", "preflop_equity_vs_opponents_stderr")
TIES = ("preflop_tie_share_vs_opponents", "preflop_tie_share_vs_opponents_stderr")
MC_SEED = 20240604
TARGET_STDERR = 0.0005
# Cells (class, opponents) recomputed by --check: strong, weak, suited connector, offsuit.
CHECK_CELLS = [("AA", 9), ("72o", 5), ("T9s", 3), ("AKo", 2), ("22", 7), ("K5s", 4),
               ("QJo", 6), ("88", 8)]


def log(quiet: bool, message: str) -> None:
    if not quiet:
        print(message, file=sys.stderr, flush=True)


def build_exact(quiet: bool, threads) -> dict[str, np.ndarray]:
    start = time.perf_counter()
    equity = preflop.exact_equity_vs_random(threads=threads)
    log(quiet, f"equity vs a random hand for 169 classes: {time.perf_counter() - start:.1f} s")
    if not (np.all(equity > 0.3) and np.all(equity < 0.9)):
        raise ValueError("preflop equities outside 30%..90%: the evaluator tables are wrong")
    start = time.perf_counter()
    matrix = preflop.heads_up_matrix(threads=threads)
    log(quiet, f"exact 169x169 heads-up matrix: {time.perf_counter() - start:.1f} s")
    if not np.array_equal(matrix.vs_random(), equity):
        raise ValueError("the heads-up matrix and the equity against a random hand disagree")
    if np.abs(matrix.equity + matrix.equity.T - 1).max() > 1e-12:
        raise ValueError("the heads-up matrix is not antisymmetric (a + b != 1)")
    return {"preflop_equity_vs_random": equity, "preflop_heads_up_equity": matrix.equity}


def build_monte_carlo(quiet: bool, threads, quantity: str = "equity") -> dict[str, np.ndarray]:
    """The equity table (``quantity="equity"``) or the tie-share table, with its stderr."""
    progress = None
    bar = None
    if not quiet:
        from tqdm import tqdm
        bar = tqdm(total=169 * preflop.MAX_OPPONENTS, unit="cell", file=sys.stderr,
                   desc=f"{quantity} vs 1..9 opponents")

        def progress(done, total):
            bar.update(done - bar.n)
    start = time.perf_counter()
    try:
        equity, stderr = preflop.compute_equity_vs_opponents(
            target_stderr=TARGET_STDERR, seed=MC_SEED, threads=threads, progress=progress,
            quantity=quantity)
    finally:
        if bar is not None:
            bar.close()
    log(quiet, f"Monte Carlo {quantity} vs 1..9 random hands: "
               f"{time.perf_counter() - start:.1f} s")
    if quantity != "equity":
        return {TIES[0]: equity, TIES[1]: stderr}
    problems = check_mc_sanity(equity, stderr, None)
    if problems:
        raise ValueError("; ".join(problems))
    return {"preflop_equity_vs_opponents": equity,
            "preflop_equity_vs_opponents_stderr": stderr}


def check_mc_sanity(equity, stderr, exact_vs_random) -> list[str]:
    """Shape, order and plausibility of the Monte Carlo table (no recomputation)."""
    problems = []
    shape = (169, preflop.MAX_OPPONENTS)
    for name, a in (("equity", equity), ("stderr", stderr)):
        if a.shape != shape or a.dtype != np.float64:
            problems.append(f"{name} table has shape {a.shape} {a.dtype}, expected {shape} "
                            f"float64")
    if problems:
        return problems
    if not (np.all(equity > 0) and np.all(equity < 1)):
        problems.append("equities outside (0, 1)")
    if not (np.all(stderr >= 0) and np.all(stderr <= TARGET_STDERR)):
        problems.append(f"standard errors above {TARGET_STDERR}")
    if np.any(stderr[:, 0] != 0) or np.any(stderr[:, 1:] == 0):
        problems.append("column 1 (one opponent) must be exact, the others sampled")
    # More opponents never help: allow 5 standard errors of noise between neighbours.
    drop = equity[:, :-1] - equity[:, 1:]
    noise = 5 * np.hypot(stderr[:, :-1], stderr[:, 1:])
    if np.any(drop < -noise):
        problems.append("equity rises with more opponents for some class")
    if exact_vs_random is not None and not np.array_equal(equity[:, 0], exact_vs_random):
        problems.append("column 1 differs from the exact equity against a random hand")
    # Ordering: rows are CLASS_NAMES; AA is best against any number of opponents.
    if not np.all(np.argmax(equity, axis=0) == CLASS_NAMES.index("AA")):
        problems.append("AA is not the best class in every column (rows out of order?)")
    return problems


def check_ties_sanity(ties, stderr, equity) -> list[str]:
    """Shape and plausibility of the tie-share table against the equity table."""
    shape = (169, preflop.MAX_OPPONENTS)
    problems = [f"tie-share {name} table has shape {a.shape} {a.dtype}, expected {shape} "
                f"float64" for name, a in (("", ties), ("stderr", stderr))
                if a.shape != shape or a.dtype != np.float64]
    if problems:
        return problems
    if not (np.all(ties > 0) and np.all(ties < equity)):
        problems.append("tie shares outside (0, equity): equity without ties would be "
                        "negative or above the equity")
    if np.any(stderr[:, 0] != 0) or np.any(stderr[:, 1:] <= 0) or np.any(stderr > 0.0005):
        problems.append("tie-share standard errors: column 1 must be exact, the others "
                        "sampled with at most 0.0005")
    return problems


def check_mc_cells(equity, stderr, n_cells: int, threads, quantity: str = "equity"
                   ) -> list[str]:
    """Recompute a few cells of the equity (or tie-share) table with an independent seed:
    each within 4 combined stderr."""
    problems = []
    for name, n in CHECK_CELLS[:n_cells]:
        (fresh,), (fresh_se,) = (a[0] for a in preflop.compute_equity_vs_opponents(
            [n], [name], target_stderr=TARGET_STDERR, seed=MC_SEED + 1, threads=threads,
            quantity=quantity))
        k = CLASS_NAMES.index(name)
        tolerance = 4 * np.hypot(stderr[k, n - 1], fresh_se)
        if abs(fresh - equity[k, n - 1]) > tolerance:
            problems.append(f"{name} vs {n} opponents: table {equity[k, n - 1]:.5f}, fresh "
                            f"Monte Carlo {fresh:.5f} (more than 4 stderr apart)")
    return problems


def load_disk(folder: Path, name: str, game: str = "holdem") -> tuple[np.ndarray, bytes]:
    path = folder / f"{name}.npy"
    if not path.is_file():
        flag = " --game shortdeck" if game == "shortdeck" else ""
        raise ValueError(f"{path} is missing: build it with `python scripts/build_preflop.py"
                         f"{flag}` (without --skip-mc)")
    data = path.read_bytes()
    return np.load(path, allow_pickle=False), data


def build_shortdeck(args) -> int:
    """The short-deck tables (see the module docstring): write, or check with ``--check``."""
    from pokerkeys.core.shortdeck import RULES
    from pokerkeys.preflop import shortdeck as sd

    tables: dict[str, np.ndarray] = {}
    outputs: dict[str, bytes] = {}
    try:
        for rules in RULES:
            start = time.perf_counter()
            counts = sd.compute_heads_up_counts(rules, threads=args.threads)
            matrix, vs_random = sd.equities_from_counts(counts)
            log(args.quiet, f"short deck ({rules}): exact 81x81 matrix "
                            f"{time.perf_counter() - start:.1f} s")
            if np.abs(matrix + matrix.T - 1).max() > 1e-12:
                raise ValueError(f"{rules}: the matrix is not antisymmetric (a + b != 1)")
            hu = sd.table_name("heads_up_equity", rules)
            eq_name = sd.table_name("equity_vs_opponents", rules)
            se_name = sd.table_name("equity_vs_opponents_stderr", rules)
            ties_name = sd.table_name("tie_share_vs_opponents", rules)
            ties_se_name = sd.table_name("tie_share_vs_opponents_stderr", rules)
            tables[hu] = matrix
            on_disk = (eq_name, se_name, ties_name, ties_se_name) \
                if args.check or args.skip_mc else (eq_name, se_name) if args.ties_only else ()
            for name in on_disk:
                tables[name], outputs[f"{name}.npy"] = load_disk(args.out, name, "shortdeck")
            for quantity, names in (("equity", (eq_name, se_name)),
                                    ("tie_share", (ties_name, ties_se_name))):
                if names[0] in tables:
                    continue
                start = time.perf_counter()
                values, errors = sd.compute_equity_vs_opponents(
                    rules=rules, seed=MC_SEED, threads=args.threads, quantity=quantity)
                log(args.quiet, f"short deck ({rules}): Monte Carlo {quantity} vs 1..5 random "
                                f"hands {time.perf_counter() - start:.1f} s")
                for name, table in zip(names, (values, errors), strict=True):
                    tables[name], outputs[f"{name}.npy"] = table, npy_bytes(table)
            problems = check_sd_sanity(tables[eq_name], tables[se_name], vs_random)
            problems += check_sd_ties_sanity(tables[ties_name], tables[ties_se_name],
                                             tables[eq_name], counts)
            if args.check and not problems:
                for name, n in SD_CHECK_CELLS[:args.mc_cells]:
                    k = sd.class_index(name)
                    for quantity, table, errors in (
                            ("equity", tables[eq_name], tables[se_name]),
                            ("tie_share", tables[ties_name], tables[ties_se_name])):
                        (fresh,), (fresh_se,) = (a[0] for a in sd.compute_equity_vs_opponents(
                            [n], [name], rules=rules, seed=MC_SEED + 1, threads=args.threads,
                            quantity=quantity))
                        cell, cell_se = table[k, n - 1], errors[k, n - 1]
                        if abs(fresh - cell) > 4 * np.hypot(fresh_se, cell_se):
                            problems.append(f"{rules} {name} vs {n} ({quantity}): table "
                                            f"{cell:.5f}, fresh {fresh:.5f} (more than 4 "
                                            f"stderr apart)")
            if problems:
                raise ValueError(f"{rules}: " + "; ".join(problems))
            outputs[f"{hu}.npy"] = npy_bytes(matrix)
    except ValueError as exc:
        print(f"build_preflop: {exc}; nothing written", file=sys.stderr)
        return 1
    return write_outputs(args, tables, outputs, MANIFEST, "shortdeck")


SD_PREFIX = "shortdeck_preflop_"
SD_CHECK_CELLS = [("AA", 5), ("76o", 3), ("T9s", 2), ("AKo", 4)]


def check_sd_sanity(equity, stderr, vs_random) -> list[str]:
    """Shape, exact first column and plausibility of a short-deck equity-vs-opponents table."""
    problems = [f"table has shape {a.shape} {a.dtype}, expected (81, 5) float64"
                for a in (equity, stderr) if a.shape != (81, 5) or a.dtype != np.float64]
    if problems:
        return problems
    if not np.array_equal(equity[:, 0], vs_random):
        problems.append("column 1 differs from the exact equity against a random hand")
    if np.any(stderr[:, 0] != 0) or np.any(stderr[:, 1:] <= 0) \
            or np.any(stderr > TARGET_STDERR):
        problems.append(f"standard errors: column 1 exact, the others in (0, {TARGET_STDERR}]")
    drop = equity[:, :-1] - equity[:, 1:]
    if np.any(drop < -5 * np.hypot(stderr[:, :-1], stderr[:, 1:])):
        problems.append("equity rises with more opponents for some class")
    if not np.all(np.argmax(equity, axis=0) == 0):
        problems.append("AA is not the best class in every column (rows out of order?)")
    return problems


def check_sd_ties_sanity(ties, stderr, equity, counts) -> list[str]:
    """Shape, exact first column and plausibility of a short-deck tie-share table against
    its equity table and the heads-up counts (81, 81, 3) of the same rule order."""
    problems = [f"tie-share table has shape {a.shape} {a.dtype}, expected (81, 5) float64"
                for a in (ties, stderr) if a.shape != (81, 5) or a.dtype != np.float64]
    if problems:
        return problems
    wins, tied, losses = counts.sum(axis=1).T
    if not np.array_equal(ties[:, 0], tied / (2.0 * (wins + tied + losses))):
        problems.append("tie-share column 1 differs from the exact heads-up tie counts")
    if not (np.all(ties > 0) and np.all(ties < equity)):
        problems.append("tie shares outside (0, equity): equity without ties would be "
                        "negative or above the equity")
    if np.any(stderr[:, 0] != 0) or np.any(stderr[:, 1:] <= 0) \
            or np.any(stderr > TARGET_STDERR):
        problems.append(f"tie-share standard errors: column 1 exact, the others in "
                        f"(0, {TARGET_STDERR}]")
    return problems


def write_outputs(args, tables: dict[str, np.ndarray], outputs: dict[str, bytes],
                  manifest_name: str, game: str = "holdem") -> int:
    """Write the tables and the manifest, or compare them byte for byte with ``--check``.

    Both games' tables share ``preflop_manifest.json``: the entries of the other game's
    tables (short deck's start with ``shortdeck_preflop_``) are kept as they are on disk."""
    manifest = {"format": 1, "files": {
        name: {"sha256": hashlib.sha256(data).hexdigest(), "dtype": str(tables[name[:-4]].dtype),
               "shape": list(tables[name[:-4]].shape)} for name, data in outputs.items()}}
    existing = args.out / manifest_name
    if existing.is_file():
        kept = {name: entry for name, entry in json.loads(existing.read_text())["files"].items()
                if name.startswith(SD_PREFIX) != (game == "shortdeck")}
        manifest["files"].update(kept)
    outputs[manifest_name] = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    if args.check:
        bad = [n for n, d in sorted(outputs.items())
               if not (args.out / n).is_file() or (args.out / n).read_bytes() != d]
        if bad:
            print(f"build_preflop: files differ from a fresh build: {', '.join(bad)}",
                  file=sys.stderr)
            return 1
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in sorted(outputs.items()):
        (args.out / name).write_bytes(data)
    log(args.quiet, f"wrote {', '.join(sorted(outputs))} to {args.out}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tables")
    parser.add_argument("--check", action="store_true",
                        help="recompute and compare instead of writing")
    parser.add_argument("--skip-mc", action="store_true",
                        help="keep the Monte Carlo tables on disk instead of recomputing them")
    parser.add_argument("--ties-only", action="store_true",
                        help="recompute the tie-share tables only, keep the equity Monte "
                             "Carlo table on disk")
    parser.add_argument("--mc-cells", type=int, default=4,
                        help=f"--check: Monte Carlo cells to recompute (0-{len(CHECK_CELLS)})")
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--game", choices=("holdem", "shortdeck"), default="holdem",
                        help="the game whose tables to build (default holdem)")
    args = parser.parse_args(argv)
    if args.game == "shortdeck":
        return build_shortdeck(args)
    try:
        tables = build_exact(args.quiet, args.threads)
        outputs = {f"{name}.npy": npy_bytes(a) for name, a in tables.items()}
        if args.check or args.skip_mc or args.ties_only:
            mc = {}
            for name in MONTE_CARLO + (() if args.ties_only else TIES):
                mc[name], outputs[f"{name}.npy"] = load_disk(args.out, name)
            if args.ties_only:
                ties = build_monte_carlo(args.quiet, args.threads, "tie_share")
                mc.update(ties)
                outputs.update({f"{name}.npy": npy_bytes(a) for name, a in ties.items()})
            problems = check_mc_sanity(mc[MONTE_CARLO[0]], mc[MONTE_CARLO[1]],
                                       tables["preflop_equity_vs_random"])
            problems += check_ties_sanity(mc[TIES[0]], mc[TIES[1]], mc[MONTE_CARLO[0]])
            if args.check and not problems and args.mc_cells > 0:
                start = time.perf_counter()
                problems = check_mc_cells(mc[MONTE_CARLO[0]], mc[MONTE_CARLO[1]],
                                          args.mc_cells, args.threads)
                problems += check_mc_cells(mc[TIES[0]], mc[TIES[1]], args.mc_cells,
                                           args.threads, "tie_share")
                log(args.quiet, f"{args.mc_cells} Monte Carlo cells recomputed: "
                                f"{time.perf_counter() - start:.1f} s")
            if problems:
                raise ValueError("Monte Carlo table: " + "; ".join(problems))
            tables.update(mc)
        else:
            mc = build_monte_carlo(args.quiet, args.threads)
            mc.update(build_monte_carlo(args.quiet, args.threads, "tie_share"))
            problems = check_ties_sanity(mc[TIES[0]], mc[TIES[1]], mc[MONTE_CARLO[0]])
            if problems:
                raise ValueError("; ".join(problems))
            tables.update(mc)
            outputs.update({f"{name}.npy": npy_bytes(a) for name, a in mc.items()})
    except ValueError as exc:
        print(f"build_preflop: {exc}; nothing written", file=sys.stderr)
        return 1
    return write_outputs(args, tables, outputs, MANIFEST)


if __name__ == "__main__":
    sys.exit(main())
