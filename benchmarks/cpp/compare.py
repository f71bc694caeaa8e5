#!/usr/bin/env python3
"""pokerkeys side by side with the C++ evaluators OMPEval and SKPokerEval, same machine, same hands.

    python benchmarks/cpp/compare.py --ompeval PATH --skpokereval PATH [--rounds 7] [--json OUT]

PATH is a checkout of zekyll/OMPEval and of kennethshackleton/SKPokerEval (a ``git clone``
work tree, an unpacked archive, or a bare git directory, whose HEAD is exported). The script
copies the sources it needs into ``--build-dir`` (default ``benchmarks/cpp/build``), applies
the compile-only fixes g++ 12 needs to the OMPEval copy, builds OMPEval and ``anchors.cpp``
with ``g++ -O3 -march=native`` (again only when a source, the compiler or the flags changed),
and then times the jobs against the pokerkeys installed in the Python that runs it.

The C++ side (``anchors.cpp``) runs as a child process taking one command per line; pokerkeys
runs in this process. The jobs are interleaved: every round visits every job, and for each job
runs one side then the other (the order alternates from round to round), each side making one
untimed warm-up call (JIT compile or cache load, caches, thread pools) and then ``--reps``
timed calls at each thread count. A figure is the median of all its timed calls (rounds x
reps). Foreign CPU load (busy time of the machine not spent by this process or the C++ child)
is recorded per block, since a host may be shared.

Ratio column: speed of pokerkeys / speed of the best C++ figure on that row (above 1: pokerkeys
is faster); for rows of times that is the best C++ time / the pokerkeys time. Because both
sides run in the same minutes, the ratio is the figure to quote; absolute figures move with
the machine's load.

Prints the table, the correctness checks (category counts, exact equities, Monte Carlo
z-scores) and a noise report, and writes everything with the machine, the date, the versions
and the per-job samples to a JSON file (``--json``), which ``scripts/performance_report.py``
turns into the documentation's performance page.
"""
from __future__ import annotations

import argparse
import hashlib
import inspect
import io
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_machine import cpu, git_source, loadavg, utc_now, versions  # one folder up

HERE = Path(__file__).resolve().parent
FORMAT = "pokerkeys-cpp-comparison/1"
N_HANDS = 10_000_000
ALL_7 = 133_784_560
MC_TRIALS = 10_000_000  # trials per pokerkeys Monte Carlo call
CXXFLAGS = ["-O3", "-march=native", "-pthread"]

# (key, label, kind, pokerkeys hands, OMPEval ranges)
EQUITY_JOBS = [
    ("exact_hu", "exact AcKc vs QhQd preflop (ms)", "exact", ["AcKc", "QhQd"], "AcKc|QhQd"),
    ("exact_3way", "exact AhKh vs QsQd vs JcTc preflop (ms)", "exact", ["AhKh", "QsQd", "JcTc"],
     "AhKh|QsQd|JcTc"),
    ("exact_range", "exact QQ+,AKs vs JJ-88,AQs+ (ms)", "exact", ["QQ+,AKs", "JJ-88,AQs+"],
     "QQ+,AKs|JJ,TT,99,88,AQs+"),
    ("mc_vs1", "Monte Carlo AhKh vs 1 random (M trials/s)", "mc", ["AhKh", "random"],
     "AhKh|random"),
    ("mc_vs5", "Monte Carlo AhKh vs 5 random (M trials/s)", "mc", ["AhKh"] + ["random"] * 5,
     "AhKh" + "|random" * 5),
]
JOB_ORDER = ["batch", "enum"] + [job[0] for job in EQUITY_JOBS]
CATEGORY_NAMES = ["high card", "pair", "two pair", "trips", "straight", "flush", "full house",
                  "quads", "straight flush"]
KNOWN_7 = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]
COLUMNS = ("OMPEval", "SKPokerEval", "pokerkeys")

# Table rows: (row key, label, unit kind, {column: [variant keys]}); "time" rows are seconds
# (shown in ms, lower is better), "rate" rows are per-second figures (shown in millions).
# The batch cells hold times of N_HANDS hands, shown as M hands/s.
ROWS: list[tuple[str, str, str, dict[str, list[str]]]] = [
    ("batch", "batch of 10M random 7-card hands (M hands/s)", "rate",
     {"OMPEval": ["omp_cards"], "SKPokerEval": ["sk"], "pokerkeys": ["pk"]}),
    ("batch", "batch, OMPEval from precomputed Hand objects (M hands/s)", "rate",
     {"OMPEval": ["omp_hand"], "pokerkeys": ["pk"]}),
    ("enum", "all 133,784,560 7-card hands (ms)", "time",
     {"OMPEval": ["omp"], "SKPokerEval": ["sk_incr", "sk_api"], "pokerkeys": ["pk"]}),
] + [(key, label, "time" if kind == "exact" else "rate", {"OMPEval": ["omp"], "pokerkeys": ["pk"]})
     for key, label, kind, _, _ in EQUITY_JOBS]
VARIANT_NAMES = {"sk_incr": "incremental", "sk_api": "GetRank"}


class HarnessError(RuntimeError):
    """A checkout, the build or the C++ child process failed."""


# ---------------------------------------------------------------------------------------------
# sources and build
def _is_git_dir(path: Path) -> bool:
    done = subprocess.run(["git", f"--git-dir={path}", "rev-parse", "HEAD"], capture_output=True,
                          text=True)
    return done.returncode == 0 and (path / "objects").is_dir()


def export_source(path: Path, name: str, parts: tuple[str, ...], marker: str,
                  dest: Path) -> dict[str, Any]:
    """Copy the folders ``parts`` of a checkout of ``name`` at ``path`` to ``dest``.

    ``path`` is a work tree holding ``marker`` (a clone, a ``git worktree``, an unpacked
    archive), a clone's folder, or a bare git directory, whose HEAD is exported."""
    path = path.expanduser().resolve()
    if path == dest or path.is_relative_to(dest):
        raise HarnessError(f"{path}: the checkout lies in the build folder's {dest}; "
                           "choose another --build-dir")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    if (path / marker).is_file():
        for part in parts:
            if (path / part).exists():
                shutil.copytree(path / part, dest / part)
        return {"path": str(path), "kind": "work tree", **git_source(path)}
    git_dir = path / ".git" if (path / ".git").is_dir() else path
    if not _is_git_dir(git_dir):
        raise HarnessError(f"{path}: not a checkout of {name} (no {marker}) nor a git repository")
    commit = subprocess.run(["git", f"--git-dir={git_dir}", "rev-parse", "HEAD"],
                            capture_output=True, text=True, check=True).stdout.strip()
    tar = subprocess.run(["git", f"--git-dir={git_dir}", "archive", "--format=tar", "HEAD",
                          *parts], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(dest, filter="data")
    if not (dest / marker).is_file():
        raise HarnessError(f"{path}: HEAD has no {marker}; is it {name}?")
    return {"path": str(path), "kind": "git directory", "commit": commit}


def fix_ompeval_for_gcc12(root: Path) -> list[str]:
    """Apply the two compile-only fixes g++ >= 12 needs to a copy of OMPEval; neither changes
    a computation. Returns what was changed (nothing when upstream already has them)."""
    fixes = []
    header = root / "omp" / "EquityCalculator.h"
    text = header.read_text()
    if "#include <functional>" not in text:  # std::function is used without its header
        if "#include <chrono>\n" not in text:
            raise HarnessError(f"{header}: no '#include <chrono>' to put <functional> after")
        header.write_text(text.replace("#include <chrono>\n",
                                       "#include <chrono>\n#include <functional>\n", 1))
        fixes.append("omp/EquityCalculator.h: #include <functional>")
    random_h = root / "omp" / "Random.h"
    text = random_h.read_text()
    # std::shuffle needs constexpr min()/max() of the generator passed to it (XoroShiro128Plus)
    fixed, n = re.subn(r"^(\s*)static uint64_t (min|max)\(\)", r"\1static constexpr uint64_t \2()",
                       text, flags=re.MULTILINE)
    if n:
        random_h.write_text(fixed)
        fixes.append("omp/Random.h: constexpr min() and max()")
    if not re.search(r"static constexpr uint64_t min\(\)", fixed):
        raise HarnessError(f"{random_h}: the XoroShiro128Plus min()/max() fix did not apply")
    return fixes


def _run(argv: list[str], cwd: Path | None = None) -> None:
    print("  " + shlex.join(argv), file=sys.stderr, flush=True)
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise HarnessError(f"{shlex.join(argv)} failed:\n{done.stdout}{done.stderr}")


def _tree_digest(folders: list[Path], files: list[Path], extra: str) -> str:
    h = hashlib.sha256(extra.encode())
    paths = sorted(p for folder in folders for p in folder.rglob("*") if p.is_file()) + files
    for p in paths:
        h.update(str(p).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def build(args: argparse.Namespace) -> tuple[Path, dict[str, Any]]:
    """Export both libraries into the build folder, fix, compile; returns the harness binary
    and what went into it."""
    build_dir = args.build_dir.resolve()
    omp, sk, obj = build_dir / "OMPEval", build_dir / "SKPokerEval", build_dir / "obj"
    if shutil.which(args.cxx) is None:
        raise HarnessError(f"no C++ compiler {args.cxx!r} (Debian/Ubuntu: apt-get install g++)")
    print(f"== sources into {build_dir}", file=sys.stderr, flush=True)
    omp_info = export_source(args.ompeval, "OMPEval", ("omp", "libdivide"),
                             "omp/HandEvaluator.h", omp)
    sk_info = export_source(args.skpokereval, "SKPokerEval", ("src",), "src/SevenEval.h", sk)
    omp_info["fixes"] = fix_ompeval_for_gcc12(omp)
    cxx_version = subprocess.run([args.cxx, "--version"], capture_output=True, text=True,
                                 check=True).stdout.splitlines()[0]
    binary = build_dir / "anchors"
    stamp = build_dir / "anchors.sha256"
    digest = _tree_digest([omp / "omp", omp / "libdivide", sk / "src"], [HERE / "anchors.cpp"],
                          cxx_version + " ".join(CXXFLAGS))
    if binary.is_file() and stamp.is_file() and stamp.read_text() == digest:
        print("== harness up to date (same sources, compiler and flags)", file=sys.stderr)
    else:
        print(f"== building OMPEval and anchors.cpp ({args.cxx} {' '.join(CXXFLAGS)})",
              file=sys.stderr, flush=True)
        shutil.rmtree(obj, ignore_errors=True)
        obj.mkdir()
        for source in sorted((omp / "omp").glob("*.cpp")):
            _run([args.cxx, *CXXFLAGS, "-std=c++11", "-c", str(source), "-o",
                  str(obj / (source.stem + ".o"))])
        _run([args.cxx, *CXXFLAGS, "-std=c++20", "-Wall", f"-I{omp}", f"-I{sk / 'src'}",
              str(HERE / "anchors.cpp"), *sorted(map(str, obj.glob("*.o"))), "-o", str(binary)])
        stamp.write_text(digest)
    return binary, {"ompeval": omp_info, "skpokereval": sk_info, "cxx": cxx_version,
                    "cxxflags": " ".join(CXXFLAGS)}


# ---------------------------------------------------------------------------------------------
# load measurement
def _busy_seconds() -> float | None:
    try:
        with open("/proc/stat") as f:
            vals = list(map(int, f.readline().split()[1:]))
    except OSError:
        return None
    idle = vals[3] + (vals[4] if len(vals) > 4 else 0)
    return (sum(vals[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _child_cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class LoadMeter:
    """Average number of cores kept busy by other processes between start() and stop()."""

    def __init__(self, child_pid: int):
        self.child = child_pid

    def start(self) -> None:
        self.t0 = time.perf_counter()
        self.busy0 = _busy_seconds()
        self.own0 = time.process_time() + _child_cpu_seconds(self.child)

    def stop(self) -> float | None:
        """None for blocks under 0.3 s (/proc/stat counts 10 ms ticks, too coarse) or without
        /proc."""
        wall = time.perf_counter() - self.t0
        busy = _busy_seconds()
        if busy is None or self.busy0 is None or wall < 0.3:
            return None
        own = time.process_time() + _child_cpu_seconds(self.child) - self.own0
        return max(0.0, (busy - self.busy0 - own) / wall)


# ---------------------------------------------------------------------------------------------
# the two sides
class Cpp:
    """The anchors harness as a child process, one command per line."""

    def __init__(self, path: Path):
        self.p = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def __call__(self, line: str) -> dict[str, Any]:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        reply = self.p.stdout.readline()
        if not reply:
            raise HarnessError(f"anchors: {line}: the process ended (exit {self.p.wait()})")
        out: dict[str, Any] = json.loads(reply)
        if "error" in out:
            raise HarnessError(f"anchors: {line}: {out['error']}")
        return out

    def close(self) -> None:
        try:
            assert self.p.stdin is not None
            self.p.stdin.write("quit\n")
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        self.p.wait()


class PokerKeys:
    """The same jobs through pokerkeys' public API."""

    def __init__(self, hands_path: Path):
        import numpy as np

        import pokerkeys as pk
        from pokerkeys.games import stats

        self.np, self.pk, self.stats = np, pk, stats
        self.hands = np.fromfile(hands_path, dtype=np.uint8).reshape(-1, 7)

    @staticmethod
    def _timed(fn: Callable[[], Any], reps: int) -> tuple[list[float], Any]:
        out = fn()  # warm-up: JIT compile or cache load, thread pool
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            out = fn()
            times.append(time.perf_counter() - t0)
        return times, out

    def batch(self, threads: int, reps: int) -> dict[str, Any]:
        # Like the C++ loops, which write into a buffer allocated once, pokerkeys ranks into a
        # preallocated output (``out=``) where the version measured has it.
        kwargs: dict[str, Any] = {"threads": threads}
        if "out" in inspect.signature(self.pk.evaluate_batch).parameters:
            kwargs["out"] = self.np.empty(len(self.hands), dtype=self.np.uint16)
        times, ranks = self._timed(lambda: self.pk.evaluate_batch(self.hands, **kwargs), reps)
        cats = self.np.bincount(self.pk.category(ranks), minlength=10)[1:10]
        return {"times": times, "categories": [int(x) for x in cats]}

    def enum(self, threads: int, reps: int) -> dict[str, Any]:
        times, counts = self._timed(lambda: self.stats.category_counts(7, threads=threads), reps)
        return {"times": times, "categories": [int(counts[c]) for c in sorted(counts, key=int)]}

    def exact(self, hands: list[str], threads: int, reps: int) -> dict[str, Any]:
        times, r = self._timed(lambda: self.pk.equity(hands, exact=True, threads=threads), reps)
        return {"times": times, "equity": [float(x) for x in r.equity], "boards": int(r.boards)}

    def mc(self, hands: list[str], threads: int, reps: int) -> dict[str, Any]:
        times, r = self._timed(
            lambda: self.pk.equity(hands, trials=MC_TRIALS, seed=1, threads=threads), reps)
        return {"rates": [r.trials / t for t in times], "equity": [float(x) for x in r.equity],
                "stderr": [float(x) for x in r.stderr], "trials": int(r.trials)}


def measure(args: argparse.Namespace, binary: Path, build_dir: Path) -> dict[str, Any]:
    """Run the interleaved rounds; returns {"cells": ..., "run": ...}."""
    import numba

    cpp = Cpp(binary)
    hands_path = build_dir / "hands10m.u8"
    cells: dict[str, dict[str, Any]] = {}
    run: dict[str, Any] = {"loadavg_start": loadavg()}
    try:
        cpp(f"gen {N_HANDS} {args.seed} {hands_path}")
        pkb = PokerKeys(hands_path)
        meter = LoadMeter(cpp.p.pid)
        threads = args.threads

        def record(key: str, impl: str, t: int, out: dict[str, Any], load: float | None) -> None:
            cell = cells.setdefault(f"{key}/{impl}/{t}", {"values": [], "loads": []})
            cell["values"].extend(out.get("times", out.get("rates", [])))
            cell["loads"].append(load)
            cell["result"] = {k: v for k, v in out.items() if k not in ("times", "rates")}

        print("warming up pokerkeys (JIT compile or cache load) ...", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        jobs = args.jobs
        for t in threads:
            if "batch" in jobs:
                pkb.batch(t, 0)
            if "enum" in jobs:
                pkb.enum(t, 0)
            for job, _, kind, hands, _ in EQUITY_JOBS:
                if job in jobs:
                    (pkb.exact if kind == "exact" else pkb.mc)(hands, t, 0)
        run["pokerkeys_warm_up_s"] = round(time.perf_counter() - t0, 1)
        try:
            run["numba_threading_layer"] = numba.threading_layer()
        except ValueError:  # no parallel kernel ran (--jobs without batch and enum)
            run["numba_threading_layer"] = None

        def cpp_side(job: str, t: int) -> None:
            if job in ("batch", "enum"):
                variants = ("omp_cards", "omp_hand", "sk") if job == "batch" else (
                    "omp", "sk_incr", "sk_api")
                for v in variants:
                    meter.start()
                    out = cpp(f"{job} {v} {t} {args.reps}")
                    record(job, v, t, out, meter.stop())
                return
            _, _, kind, _, ranges = next(j for j in EQUITY_JOBS if j[0] == job)
            meter.start()
            if kind == "exact":
                out = cpp(f"exact {t} {args.reps} {ranges}")
            else:
                out = cpp(f"mc {t} {args.reps} {args.mc_seconds} {ranges}")
            record(job, "omp", t, out, meter.stop())

        def pk_side(job: str, t: int) -> None:
            meter.start()
            if job == "batch":
                out = pkb.batch(t, args.reps)
            elif job == "enum":
                out = pkb.enum(t, args.reps)
            else:
                _, _, kind, hands, _ = next(j for j in EQUITY_JOBS if j[0] == job)
                out = (pkb.exact if kind == "exact" else pkb.mc)(hands, t, args.reps)
            record(job, "pk", t, out, meter.stop())

        t_run = time.perf_counter()
        for rnd in range(args.rounds):
            print(f"round {rnd + 1}/{args.rounds} ...", file=sys.stderr, flush=True)
            for j, job in enumerate(jobs):
                sides = [cpp_side, pk_side] if (rnd + j) % 2 == 0 else [pk_side, cpp_side]
                order = threads if rnd % 2 == 0 else threads[::-1]
                for side in sides:
                    for t in order:
                        side(job, t)
        run["measure_s"] = round(time.perf_counter() - t_run, 1)
        run["loadavg_end"] = loadavg()
    finally:
        cpp.close()
        hands_path.unlink(missing_ok=True)
    for cell in cells.values():
        cell["median"] = statistics.median(cell["values"])
    return {"cells": cells, "run": run}


# ---------------------------------------------------------------------------------------------
# the table, the checks and the noise report
def _speed(kind: str, key: str, v: float) -> float:
    """A comparable speed (bigger is better) from a median value."""
    if kind == "time":
        return 1.0 / v
    return N_HANDS / v if key == "batch" else v  # batch values are times too


def _shown(kind: str, key: str, v: float) -> float:
    """The value in the unit the table shows: M hands/s, ms or M trials/s."""
    if key == "batch":
        return N_HANDS / v / 1e6
    return v * 1e3 if kind == "time" else v / 1e6


def _fmt(x: float) -> str:
    return f"{x:.2f}" if x < 10 else f"{x:.1f}" if x < 100 else f"{x:.0f}"


def table_rows(cells: dict[str, dict[str, Any]], threads: list[int]) -> list[dict[str, Any]]:
    """Every table row: label, threads, per column the value shown (and per variant when a
    column has several), the ratio pokerkeys / best C++."""
    rows = []
    measured = {k.split("/")[0] for k in cells}
    for key, label, kind, cols in ROWS:
        if key not in measured:  # a job left out with --jobs
            continue
        for t in threads:
            row: dict[str, Any] = {"job": key, "label": label, "threads": t, "columns": {}}
            best = None
            for col in COLUMNS:
                vals = [(v, cells[f"{key}/{v}/{t}"]["median"]) for v in cols.get(col, [])
                        if f"{key}/{v}/{t}" in cells]
                if not vals:
                    row["columns"][col] = None
                    continue
                top_variant, top = max(vals, key=lambda vx: _speed(kind, key, vx[1]))
                shown = _shown(kind, key, top)
                text = _fmt(shown)
                if len(vals) > 1:
                    text += " (" + ", ".join(
                        f"{VARIANT_NAMES.get(v, v)} {_fmt(_shown(kind, key, x))}" for v, x in vals
                    ) + ")"
                row["columns"][col] = {"value": shown, "text": text}
                if col != "pokerkeys":
                    s = _speed(kind, key, top)
                    best = s if best is None else max(best, s)
            pk = cells.get(f"{key}/pk/{t}")
            row["ratio"] = _speed(kind, key, pk["median"]) / best if pk and best else None
            rows.append(row)
    return rows


def table_text(rows: list[dict[str, Any]]) -> str:
    lines = ["| job | threads | OMPEval | SKPokerEval | pokerkeys | pokerkeys / best C++ |",
             "|---|---|---|---|---|---|"]
    for row in rows:
        cols = [row["columns"][c]["text"] if row["columns"][c] else "n/a" for c in COLUMNS]
        ratio = f"{row['ratio']:.2f}x" if row["ratio"] else "n/a"
        lines.append(f"| {row['label']} | {row['threads']} | {' | '.join(cols)} | {ratio} |")
    return "\n".join(lines)


def _pct(xs: list[float]) -> str:
    return "/".join(f"{x * 100:.4f}%" for x in xs)


def checks(cells: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The answers of both sides compared: each {"name", "ok", "text"}."""
    results: dict[str, dict[str, Any]] = {k: c["result"] for k, c in cells.items()}
    out = []
    for job, name, ref in (("enum", "all 7-card hands, category counts", KNOWN_7),
                           ("batch", "10M random hands, category counts", None)):
        cats = [r["categories"] for k, r in results.items() if k.startswith(job + "/")]
        if not cats:  # a job left out with --jobs
            continue
        same = all(c == cats[0] for c in cats)
        known = ref is None or cats[0] == ref
        text = (f"{'identical' if same else 'DIFFER'} across {len(cats)} (implementation, "
                f"threads) cells" + ("" if ref is None else
                                     f"; {'equal to' if known else 'NOT'} the known counts"))
        out.append({"name": name, "ok": same and known,
                    "text": text + ": " + ", ".join(f"{n} {c:,}"
                                                    for n, c in zip(CATEGORY_NAMES, cats[0],
                                                                    strict=True))})
    for key, label, kind, _, _ in EQUITY_JOBS:
        omp = [r for k, r in results.items() if k.startswith(key + "/omp/")]
        pk = [r for k, r in results.items() if k.startswith(key + "/pk/")]
        if not omp or not pk:
            continue
        name = label.rsplit(" (", 1)[0]
        eo, ep = omp[-1]["equity"], pk[-1]["equity"]
        if kind == "exact":
            diff = max(abs(a - b) for a, b in zip(eo, ep, strict=True))
            same_threads = (all(o["equity"] == eo for o in omp)
                            and all(p["equity"] == ep for p in pk))
            ok = diff < 1e-9 and same_threads
            text = (f"OMPEval {_pct(eo)} ({omp[-1]['hands']:,} showdowns), pokerkeys {_pct(ep)} "
                    f"({pk[-1]['boards']:,} boards); max |difference| {diff:.1e}"
                    + ("" if same_threads else "; results differ between thread counts"))
        else:
            se_o, se_p = omp[-1]["stdev"], pk[-1]["stderr"][0]
            z = (eo[0] - ep[0]) / max(1e-12, (se_o ** 2 + se_p ** 2) ** 0.5)
            ok = abs(z) < 4
            text = (f"first hand's equity OMPEval {eo[0] * 100:.3f}% (+-{se_o * 100:.3f}, "
                    f"{omp[-1]['hands']:,} trials), pokerkeys {ep[0] * 100:.3f}% "
                    f"(+-{se_p * 100:.3f}, {pk[-1]['trials']:,} trials); z = {z:+.2f}")
        out.append({"name": name, "ok": ok, "text": text})
    return out


def _cell_order(k: str) -> tuple[int, str, int]:
    key, impl, t = k.split("/")
    return (JOB_ORDER.index(key), impl, int(t))


def noise(cells: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Spread of each cell's timed samples and the foreign load while its blocks ran.

    IQR = interquartile range / median, range = (max - min) / median; a cell is noisy when
    its IQR is over 10% or its range over 50%. Foreign load: cores kept busy by other
    processes (mean and max over the cell's blocks that lasted 0.3 s or more)."""
    per_cell = {}
    for k in sorted(cells, key=_cell_order):
        v = sorted(cells[k]["values"])
        m = statistics.median(v)
        q = statistics.quantiles(v, n=4) if len(v) >= 2 else [m, m, m]
        loads = [x for x in cells[k]["loads"] if x is not None]
        iqr, rng = (q[2] - q[0]) / m, (v[-1] - v[0]) / m
        per_cell[k] = {"n": len(v), "iqr": iqr, "range": rng, "noisy": iqr > 0.10 or rng > 0.5,
                       "load_mean": statistics.mean(loads) if loads else None,
                       "load_max": max(loads) if loads else None}
    loads = [x for c in cells.values() for x in c["loads"] if x is not None]
    return {
        "cells": per_cell,
        "median_iqr": statistics.median(c["iqr"] for c in per_cell.values()),
        "noisy_cells": sum(c["noisy"] for c in per_cell.values()),
        "foreign_load_mean": statistics.mean(loads) if loads else None,
        "foreign_load_max": max(loads) if loads else None,
    }


def noise_text(report: dict[str, Any]) -> str:
    lines = ["| cell | n | IQR | range | foreign load, mean [max] |", "|---|---|---|---|---|"]
    for k, c in report["cells"].items():
        load = (f"{c['load_mean']:.2f} [{c['load_max']:.2f}]" if c["load_mean"] is not None
                else "n/a (short blocks)")
        flag = " NOISY" if c["noisy"] else ""
        lines.append(f"| {k} | {c['n']} | {c['iqr'] * 100:.0f}% | {c['range'] * 100:.0f}%{flag} "
                     f"| {load} |")
    summary = (f"Median IQR over the cells {report['median_iqr'] * 100:.1f}%; "
               f"{report['noisy_cells']} of {len(report['cells'])} cells noisy "
               "(IQR > 10% or range > 50%)")
    if report["foreign_load_mean"] is not None:
        summary += (f"; foreign load {report['foreign_load_mean']:.2f} cores on average, "
                    f"{report['foreign_load_max']:.2f} at most")
    return "\n".join(lines + ["", summary + "."])


# ---------------------------------------------------------------------------------------------
def _thread_counts(text: str | None) -> list[int]:
    if text:
        return sorted({int(x) for x in text.split(",")})
    import numba

    return sorted({1, min(os.cpu_count() or 1, numba.config.NUMBA_NUM_THREADS)})


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        epilog="Example: python benchmarks/cpp/compare.py --ompeval ~/src/OMPEval "
               "--skpokereval ~/src/SKPokerEval --rounds 7 --json comparison.json")
    ap.add_argument("--ompeval", type=Path, required=True, metavar="PATH",
                    help="checkout of https://github.com/zekyll/OMPEval (work tree or git dir)")
    ap.add_argument("--skpokereval", type=Path, required=True, metavar="PATH",
                    help="checkout of https://github.com/kennethshackleton/SKPokerEval")
    ap.add_argument("--build-dir", type=Path, default=HERE / "build", metavar="DIR",
                    help="where the sources are copied and built (default: %(default)s)")
    ap.add_argument("--json", type=Path, metavar="PATH",
                    help="results file (default: BUILD_DIR/comparison-<UTC time>.json)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default: 5)")
    ap.add_argument("--reps", type=int, default=2,
                    help="timed calls per block, after a warm-up call (default: 2)")
    ap.add_argument("--threads", metavar="N,M",
                    help="thread counts (default: 1 and the number of CPUs)")
    ap.add_argument("--jobs", metavar="JOB,JOB",
                    help=f"only these jobs, in the usual order (default: all: "
                         f"{','.join(JOB_ORDER)})")
    ap.add_argument("--mc-seconds", type=float, default=1.0,
                    help="seconds per OMPEval Monte Carlo call (default: 1.0)")
    ap.add_argument("--seed", type=int, default=20261123, help="seed of the random hands")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"),
                    help="C++ compiler (default: $CXX or g++)")
    ap.add_argument("--note", default="",
                    help="a note on the host kept with the results, e.g. 'shared with other jobs'")
    ap.add_argument("--build-only", action="store_true",
                    help="build the harness and stop (no measurement)")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.reps < 1:
        ap.error("--rounds and --reps must be at least 1")
    wanted = set(args.jobs.split(",")) if args.jobs else set(JOB_ORDER)
    if wanted - set(JOB_ORDER):
        ap.error(f"unknown job(s) {', '.join(sorted(wanted - set(JOB_ORDER)))}; the jobs are "
                 f"{', '.join(JOB_ORDER)}")
    args.jobs = [job for job in JOB_ORDER if job in wanted]
    return args


def _print_versions(machine: dict[str, Any], vers: dict[str, Any]) -> None:
    flags = ", ".join(f for f, on in machine["flags"].items() if on) or "none of interest"
    print(f"CPU: {machine['model']} ({machine['logical_cpus']} logical CPUs; {flags}; "
          f"LLVM name {machine['llvm_name']})", file=sys.stderr)
    commit = vers.get("pokerkeys_commit")
    where = f", commit {commit[:12]}" + (" with uncommitted changes" if
                                          vers.get("pokerkeys_modified") else "") if commit else ""
    print(f"pokerkeys {vers['pokerkeys']} from {vers['pokerkeys_path']}{where}; numba "
          f"{vers['numba']}, numpy {vers['numpy']}, llvmlite {vers['llvmlite']}, Python "
          f"{vers['python']}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    command = shlex.join(["python", *sys.argv]) if argv is None else shlex.join(
        ["python", "benchmarks/cpp/compare.py", *argv])
    started = utc_now()
    machine, vers = cpu(), versions()
    _print_versions(machine, vers)
    try:
        binary, built = build(args)
        vers["cxx"] = built.pop("cxx")
        if args.build_only:
            print(f"built {binary}", file=sys.stderr)
            return 0
        args.threads = _thread_counts(args.threads)
        measured = measure(args, binary, args.build_dir.resolve())
    except HarnessError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    cells = measured["cells"]
    vers["numba_threading_layer"] = measured["run"].pop("numba_threading_layer")
    rows = table_rows(cells, args.threads)
    checked = checks(cells)
    noisy = noise(cells)
    result = {
        "format": FORMAT,
        "command": command,
        "started": started,
        "finished": utc_now(),
        "note": args.note,
        "machine": {**machine, **{k: measured["run"].pop(k) for k in ("loadavg_start",
                                                                          "loadavg_end")}},
        "versions": vers,
        "sources": built,
        "settings": {"rounds": args.rounds, "reps": args.reps, "threads": args.threads,
                     "jobs": args.jobs, "mc_seconds": args.mc_seconds, "seed": args.seed,
                     "n_hands": N_HANDS, "mc_trials": MC_TRIALS},
        "run": measured["run"],
        "table": rows,
        "checks": checked,
        "noise": noisy,
        "cells": cells,
    }
    path = args.json or args.build_dir / f"comparison-{started.replace(':', '')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1) + "\n")

    print(f"Medians of {args.rounds} interleaved rounds x {args.reps} timed calls "
          "(ratio: pokerkeys speed / best C++ speed; above 1, pokerkeys is faster):\n")
    print(table_text(rows))
    print("\nChecks:")
    for c in checked:
        print(f"  {'OK ' if c['ok'] else 'FAIL'} {c['name']}: {c['text']}")
    print("\nNoise (IQR = interquartile range / median, range = (max - min) / median of the timed"
          "\nsamples; foreign load = cores kept busy by other processes while a block ran):\n")
    print(noise_text(noisy))
    print(f"\nResults: {path}")
    return 0 if all(c["ok"] for c in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
