#!/usr/bin/env python3
"""pokerkeys' batch Omaha evaluator side by side with phevaluator's C PLO4 evaluator.

    python benchmarks/cpp/omaha_compare.py [--sdist phevaluator-0.6.0.tar.gz] [--hands 10000000]
        [--rounds 5] [--threads 1 2] [--json OUT]

phevaluator (Henry Lee, Apache-2.0) ships its C sources with their tables in its source
distribution (``_pheval_csrc/``; its git repository lacks the 30 MB table file). Without
``--sdist`` the script fetches it with ``pip download --no-binary :all: --no-deps
phevaluator``. Nothing of it is kept in the repository: the sdist is unpacked into
``--build-dir`` (default ``benchmarks/cpp/build/phevaluator``, ignored by git) and its PLO4
evaluator is built there with ``gcc -O3 -march=native`` (OpenMP for more than one thread)
together with ``plo4_bench.c``, a timing program; the build is redone only when a source, the
compiler or the flags change.

The hands: ``--hands`` rows of 4 hole cards and a 5-card board, dealt at random (seed 1) from
one deck per row, written to a binary file that the C program reads; pokerkeys ranks the same
arrays with ``pk.evaluate_omaha_batch``. Each round runs, at each thread count, the C program
then pokerkeys (the order alternates by round), each timed over its whole batch after an
untimed warm-up. The figures are medians over the rounds; the host's other load is not
controlled, so quote the ratios (same minutes, same hands).

Answers are cross-checked on every row: phevaluator ranks 1 (best) .. 7462, pokerkeys 1 (worst)
.. 7462, and the script checks that ``pokerkeys == 7463 - phevaluator`` holds on every row,
a fixed monotone map, so both order every pair of rows the same way.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
CFLAGS = ["-O3", "-march=native"]
SOURCES = ["evaluator_plo4.c", "hash.c", "tables_plo4.c", "dptables.c", "tables_bitwise.c",
           "hashtable.c"]


def fetch_sdist(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    found = sorted(folder.glob("phevaluator-*.tar.gz"))
    if not found:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-binary", ":all:",
                        "--no-deps", "phevaluator", "-d", str(folder)], check=True)
        found = sorted(folder.glob("phevaluator-*.tar.gz"))
    return found[-1]


def build(sdist: Path, build_dir: Path) -> Path:
    """Unpack the sdist's C sources and build plo4_bench (again only if something changed)."""
    build_dir.mkdir(parents=True, exist_ok=True)
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        sys.exit("a C compiler (gcc) is needed: apt-get install gcc")
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    digest = hashlib.sha256(sdist.read_bytes() + (HERE / "plo4_bench.c").read_bytes()
                            + version.encode() + " ".join(CFLAGS).encode()).hexdigest()
    exe = build_dir / "plo4_bench"
    stamp = build_dir / "build.sha256"
    if exe.is_file() and stamp.is_file() and stamp.read_text() == digest:
        return exe
    with tarfile.open(sdist) as tar:
        members = [m for m in tar.getmembers() if "/_pheval_csrc/" in m.name
                   or m.name.endswith("/LICENSE")]
        tar.extractall(build_dir, members=members, filter="data")
    root = next(build_dir.glob("phevaluator-*/_pheval_csrc"))
    include = ["-I", str(root / "include"), "-I", str(root / "src")]
    print(f"building phevaluator's PLO4 evaluator from {sdist.name} (about half a minute)",
          file=sys.stderr)
    objects = []
    procs = []
    for name in SOURCES:
        obj = build_dir / (name[:-2] + ".o")
        procs.append(subprocess.Popen([cc, *CFLAGS, "-c", str(root / "src" / name), *include,
                                       "-o", str(obj)]))
        objects.append(str(obj))
    if any(p.wait() for p in procs):
        sys.exit("the build failed")
    subprocess.run([cc, *CFLAGS, "-fopenmp", str(HERE / "plo4_bench.c"), *objects, "-o",
                    str(exe)], check=True)
    stamp.write_text(digest)
    return exe


def deal(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """n rows of 4 hole cards and 5 board cards, nine distinct cards a row."""
    rng = np.random.default_rng(seed)
    rows = np.empty((n, 9), dtype=np.uint8)
    step = 1 << 20
    for start in range(0, n, step):
        m = min(step, n - start)
        rows[start:start + m] = rng.random((m, 52)).argsort(axis=1)[:, :9]
    return np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])


def run_c(exe: Path, hands_file: Path, n: int, out: Path, threads: int) -> float:
    """Hands/s of one timed pass (after one untimed pass) of the C program."""
    result = subprocess.run([str(exe), str(hands_file), str(n), str(out), "2", str(threads)],
                            capture_output=True, text=True, check=True)
    return float(result.stdout.split("\n")[1].split()[1])


def run_pk(holes: np.ndarray, boards: np.ndarray, out: np.ndarray, threads: int) -> float:
    import pokerkeys as pk
    pk.evaluate_omaha_batch(holes[:1000], boards[:1000], threads=threads)  # warm
    start = time.perf_counter()
    pk.evaluate_omaha_batch(holes, boards, threads=threads, out=out)
    return len(holes) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sdist", type=Path, help="phevaluator-*.tar.gz (default: download)")
    parser.add_argument("--build-dir", type=Path, default=HERE / "build" / "phevaluator")
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()

    import pokerkeys as pk
    sdist = args.sdist or fetch_sdist(args.build_dir / "sdist")
    exe = build(sdist, args.build_dir)
    holes, boards = deal(args.hands, seed=1)
    with tempfile.TemporaryDirectory() as tmp:
        hands_file = Path(tmp) / "hands.bin"
        np.concatenate([holes, boards], axis=1).tofile(hands_file)
        answers = Path(tmp) / "ranks.bin"

        speeds: dict[str, dict[int, list[float]]] = {"phevaluator": {}, "pokerkeys": {}}
        ours = np.empty(args.hands, dtype=np.uint16)
        for r in range(args.rounds):
            for t in args.threads:
                sides = ["phevaluator", "pokerkeys"][:: 1 if r % 2 == 0 else -1]
                for side in sides:
                    if side == "phevaluator":
                        speed = run_c(exe, hands_file, args.hands, answers, t)
                    else:
                        speed = run_pk(holes, boards, ours, t)
                    speeds[side].setdefault(t, []).append(speed)
        theirs = np.fromfile(answers, dtype=np.int16)
    same = bool(np.array_equal(ours.astype(np.int32), 7463 - theirs.astype(np.int32)))
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               platform.processor()) if Path("/proc/cpuinfo").is_file() else platform.processor()
    print(f"{args.hands:,} random PLO4 hands (4 hole + 5 board), {args.rounds} rounds, "
          f"medians; CPU: {cpu}; pokerkeys {pk.__version__}; {sdist.name}")
    print(f"{'threads':>7}  {'phevaluator M/s':>16}  {'pokerkeys M/s':>14}  {'ratio':>6}")
    report: dict[str, Any] = {"hands": args.hands, "rounds": args.rounds, "cpu": cpu,
                              "pokerkeys": pk.__version__, "phevaluator": sdist.name,
                              "answers_match": same, "samples": speeds, "rows": []}
    for t in args.threads:
        c = statistics.median(speeds["phevaluator"][t]) / 1e6
        p = statistics.median(speeds["pokerkeys"][t]) / 1e6
        print(f"{t:>7}  {c:>16.2f}  {p:>14.2f}  {p / c:>5.2f}x")
        report["rows"].append({"threads": t, "phevaluator_mhands_s": c,
                               "pokerkeys_mhands_s": p, "ratio": p / c})
    print(f"answers: pokerkeys rank == 7463 - phevaluator rank on every row: {same}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
