#!/usr/bin/env python3
"""Write the documentation's performance page (docs/performance.md) from benchmark output.

    python scripts/performance_report.py benchmarks/results/*.json        # writes the page
    python scripts/performance_report.py benchmarks/results/*.json --check # exit 1 if stale
    python scripts/performance_report.py --slim RAW.json -o benchmarks/results/suite.json

Inputs are JSON files of two kinds, told apart by their content:

* the pytest-benchmark suite's output (``python -m pytest benchmarks --benchmark-only
  --benchmark-json=RAW.json``), whose ``machine_info``, ``commit_info``, ``command`` and
  ``started`` say where, when and with what it ran (``benchmarks/conftest.py`` adds the last
  two and ``machine_info["pokerkeys"]``);
* the C++ comparison's output (``python benchmarks/cpp/compare.py ... --json PATH``).

The page is a function of the inputs alone (no clock, no machine lookup), so committed inputs
regenerate the committed page byte for byte; ``tests/test_performance_report.py`` checks it.
``--slim`` drops the per-round samples (``stats.data``) of a pytest-benchmark file, which can
run to megabytes; the page uses only the summary statistics.

The README's "How fast" table is generated too, from the C++ comparison: it stands between the
markers ``<!-- performance:start -->`` and ``<!-- performance:end -->`` of README.md, which the
script rewrites (``--check`` checks both files).

Sections and their anchors (an ``<a id>`` before each heading, so that links such as
``docs/performance.md#cpp`` land on the section on GitHub as on the site), present when an input has
figures for them: ``cpp`` (side by side with the C++ evaluators), ``evaluation``,
``single-calls``, ``equity``, ``range-analysis``, ``preflop``, ``omaha``, ``omaha-hilo``,
``short-deck``, ``runouts``, ``games``, ``bulk-files``, ``web-app``, ``start-up``, and always
``reproduce``.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance.md"
README = ROOT / "README.md"
README_START, README_END = "<!-- performance:start -->", "<!-- performance:end -->"
# the C++ comparison's jobs the README quotes, as the README names them
README_JOBS = {
    "batch": "batch evaluation of 10M random 7-card hands, input checked",
    "enum": "all 133,784,560 seven-card hands, evaluated and counted",
    "exact_hu": "exact equity, AcKc vs QhQd preflop",
    "exact_range": "exact equity, QQ+,AKs vs JJ-88,AQs+",
    "mc_vs1": "Monte Carlo, AhKh vs 1 random hand",
    "mc_vs5": "Monte Carlo, AhKh vs 5 random hands",
}
CPP_FORMAT = "pokerkeys-cpp-comparison/1"

# benchmark file -> (anchor, heading, what the section measures)
SUITE_SECTIONS = {
    "test_bench_evaluate.py": (
        "evaluation", "Hand evaluation",
        "`pk.evaluate_batch` on random hands, every 5- and 7-card hand evaluated and counted by "
        "category (`pokerkeys.games.stats.category_counts`), and `pk.evaluate` on one hand."),
    "test_bench_equity.py": (
        "equity", "Equity",
        "`pk.equity`, exact (every board) and Monte Carlo (10,000,000 trials, seed 1)."),
    "test_bench_single.py": (
        "single-calls", "Single calls",
        "One hand per call beside eval7 (the `peers` extra): `pk.evaluate` from card ids in a "
        "list or a tuple (eval7 on its prebuilt cards), from a string (eval7 building its cards "
        "from the same string) and from a NumPy row; `category`, `describe` and `winners` of "
        "one hand; a median is the time of 200,000 calls. A string of two-character cards and "
        "a list or tuple of int ids are pokerkeys' fastest inputs, answered in C (a NumPy row "
        "takes about 1.7 times as long). "
        "`python benchmarks/test_bench_single.py --rounds 7` prints the two libraries side by "
        "side, interleaved."),
    "test_bench_analysis.py": (
        "range-analysis", "Range analysis",
        "Per-combo equity, the flop report (`pk.flops`) and `pk.range_hits`, exact."),
    "test_bench_preflop.py": (
        "preflop", "Preflop tables",
        "The exact heads-up matrix of the 169 classes, the 169 classes against a random hand, "
        "and their best-rank histograms (`pokerkeys.preflop`)."),
    "test_bench_omaha.py": (
        "omaha", "Omaha",
        "`pk.evaluate_omaha_batch` on random 4-card hands with 5-card boards, Omaha equity "
        "exact and Monte Carlo, with hands and ranges. `benchmarks/cpp/omaha_compare.py` times "
        "the batch beside phevaluator's C evaluator on the same hands."),
    "test_bench_omaha_hilo.py": (
        "omaha-hilo", "Omaha hi/lo",
        "`pk.omaha_hilo_equity`, eight or better, exact and Monte Carlo."),
    "test_bench_shortdeck.py": (
        "short-deck", "Short deck",
        "Short-deck batch evaluation and equity beside Hold'em's on the same benchmark."),
    "test_bench_runouts.py": (
        "runouts", "Runouts and distributions",
        "`pk.runouts`, equity distributions and equity by hand class, exact."),
    "test_bench_games.py": (
        "games", "Games and statistics",
        "Omaha equity, the category tables of the classic games, wild cards and draw poker."),
    "test_bench_io.py": (
        "bulk-files", "Bulk files",
        "`pokerkeys.io.evaluate_file` (`pokerkeys eval-file`) end to end: reading, parsing, "
        "ranking and writing 4,000,000 rows of 7 cards, files in the page cache."),
    "test_bench_web.py": (
        "web-app", "Web app",
        "`pokerkeys serve` from process start to its first exact answer, and one request's "
        "round trip over HTTP."),
    "test_bench_startup.py": (
        "start-up", "Start-up",
        "Whole `pokerkeys` command-line processes, start to exit: the first run after "
        "`pip install`, with an empty JIT cache folder, and warm."),
}
# units of the benchmarks' throughput (extra_info "<unit>_per_s") as a reader says them
UNIT_NAMES = {"calls": "calls", "evals": "hands", "boards": "boards", "trials": "trials",
              "rows": "rows", "deals": "deals", "decks": "decks", "classes": "classes",
              "matchups": "matchups"}
FLAG_NAMES = {"avx2": "AVX2", "bmi2": "BMI2", "avx512f": "AVX-512F", "avx512vbmi": "AVX-512 VBMI"}


# ---------------------------------------------------------------------------------------------
# reading
def load(paths: Iterable[Path]) -> list[tuple[str, dict[str, Any]]]:
    """(file name, content) of each input, in a fixed order: by start time, then name."""
    out = []
    for path in paths:
        data = json.loads(Path(path).read_text())
        if kind(data) is None:
            raise SystemExit(f"{path}: neither pytest-benchmark output nor a C++ comparison")
        out.append((Path(path).name, data))
    return sorted(out, key=lambda nd: (_started(nd[1]), nd[0]))


def kind(data: dict[str, Any]) -> str | None:
    """'cpp', 'suite' or None."""
    if data.get("format") == CPP_FORMAT:
        return "cpp"
    if "benchmarks" in data and "machine_info" in data:
        return "suite"
    return None


def _started(data: dict[str, Any]) -> str:
    return str(data.get("started") or data.get("datetime") or "")


def slim(data: dict[str, Any]) -> dict[str, Any]:
    """A pytest-benchmark result without its per-round samples."""
    out = dict(data)
    out["benchmarks"] = []
    for bench in data["benchmarks"]:
        bench = dict(bench)
        bench["stats"] = {k: v for k, v in bench["stats"].items() if k != "data"}
        out["benchmarks"].append(bench)
    return out


# ---------------------------------------------------------------------------------------------
# formatting
def _sig(x: float, digits: int = 3) -> str:
    """x with `digits` significant digits, no exponent (1234 -> 1234, 12.345 -> 12.3)."""
    if x == 0:
        return "0"
    places = max(0, digits - 1 - int(f"{abs(x):e}".split("e")[1]))
    return f"{x:.{places}f}"


def seconds(t: float) -> str:
    """A duration with 3 significant digits in ns, µs, ms or s."""
    for scale, unit in ((1, "s"), (1e-3, "ms"), (1e-6, "µs")):
        if t >= scale:
            return f"{_sig(t / scale)} {unit}"
    return f"{_sig(t / 1e-9)} ns"


def rate(per_s: float, unit: str) -> str:
    """A throughput in G, M or k per second."""
    if per_s >= 1e9:
        return f"{_sig(per_s / 1e9)} G {unit}/s"
    if per_s >= 1e6:
        return f"{_sig(per_s / 1e6)} M {unit}/s"
    if per_s >= 1e3:
        return f"{_sig(per_s / 1e3)} k {unit}/s"
    return f"{_sig(per_s)} {unit}/s"


def cpu_text(cpu: dict[str, Any]) -> str:
    flags = cpu.get("flags") or {}
    parts = [cpu.get("model") or "unknown CPU"]
    if cpu.get("llvm_name"):
        parts[0] += f" (LLVM target `{cpu['llvm_name']}`)"
    if cpu.get("logical_cpus"):
        parts.append(f"{cpu['logical_cpus']} logical CPUs")
    if flags:
        have = [FLAG_NAMES.get(f, f) for f, on in flags.items() if on]
        lack = [FLAG_NAMES.get(f, f) for f, on in flags.items() if not on]
        parts.append(("with " + ", ".join(have) if have else "")
                     + ("; " if have and lack else "")
                     + ("without " + ", ".join(lack) if lack else ""))
    return ", ".join(parts)


def versions_text(v: dict[str, Any], more: Iterable[tuple[str, str]] = ()) -> str:
    pk = f"pokerkeys {v.get('pokerkeys', '?')}"
    if v.get("pokerkeys_commit"):
        pk += f" (commit `{v['pokerkeys_commit'][:10]}`"
        pk += ", with uncommitted changes)" if v.get("pokerkeys_modified") else ")"
    names = [("numba", "numba"), ("numpy", "NumPy"), ("llvmlite", "llvmlite"),
             ("python", "Python")]
    parts = [pk] + [f"{label} {v[k]}" for k, label in names if v.get(k)]
    if v.get("numba_threading_layer") and v.get("numba"):
        parts[1] += f" (threading layer `{v['numba_threading_layer']}`)"
    parts += [f"{label} {value}" for label, value in more]
    return ", ".join(parts)


def date_text(iso: str) -> str:
    """'2026-11-25T13:45:04Z' or '...+00:00' -> '2026-11-25 13:45 UTC'."""
    if not iso:
        return "unknown"
    day, _, clock = iso.partition("T")
    return f"{day} {clock[:5]} UTC" if clock else day


def _context(command: str, date: str, cpu: str, versions: str, host: str,
             extra: Iterable[str] = ()) -> list[str]:
    return [f"- Command: `{command}`", f"- Date: {date}", f"- CPU: {cpu}",
            f"- Versions: {versions}", *extra, f"- Host: {host}", ""]


# ---------------------------------------------------------------------------------------------
# the pytest-benchmark suite
def _bench_file(bench: dict[str, Any]) -> str:
    return bench["fullname"].split("::")[0].rsplit("/", 1)[-1]


def _variant(params: dict[str, Any] | None) -> str:
    """What tells a benchmark apart from the others of its group, threads aside."""
    params = {k: v for k, v in (params or {}).items() if k not in ("threads", "rounds")}
    if not params:
        return ""
    if set(params) == {"source", "target"}:
        return f"{params['source']} -> {params['target']}"
    if set(params) == {"hand_range", "board"}:
        return f"{params['hand_range']} on {params['board']}"
    if set(params) == {"fold_alike"}:
        return "one matchup per orbit of swaps" if params["fold_alike"] else "every matchup"
    if set(params) == {"form"}:
        return {"string": "from a string", "ids": "from card ids"}.get(params["form"],
                                                                        params["form"])
    return ", ".join(str(v) for v in params.values())


def _threads(bench: dict[str, Any]) -> str:
    params = bench.get("params") or {}
    t = params.get("threads", (bench.get("extra_info") or {}).get("threads"))
    return "default" if t is None else str(t)


def _throughput(bench: dict[str, Any]) -> str:
    for key, value in sorted((bench.get("extra_info") or {}).items()):
        if key.endswith("_per_s") and not key.startswith("target"):
            unit = key[: -len("_per_s")]
            if unit in UNIT_NAMES:
                return rate(value, UNIT_NAMES[unit])
    return ""


def suite_table(benches: list[dict[str, Any]]) -> list[str]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for bench in benches:
        groups.setdefault(bench.get("group") or bench["name"], []).append(bench)
    lines = ["| benchmark | threads | median | throughput | spread (IQR / median) | rounds |",
             "|---|---|---|---|---|---|"]
    for group, members in groups.items():
        # a parameter every member of the group shares is said by the group's name already
        params = [dict(b.get("params") or {}) for b in members]
        shared = {k for k in params[0] if all(k in p and p[k] == params[0][k] for p in params)}
        params = [{k: v for k, v in p.items() if k not in shared} for p in params]
        variants = {_variant(p) for p in params}
        labels = [group + (f": {_variant(p)}" if len(variants) > 1 else "") for p in params]
        functions = {b["name"].split("[")[0] for b in members}
        for label, bench in zip(labels, members, strict=True):
            if len(functions) > 1:  # tests of one group: say which
                label += ": " + bench["name"].split("[")[0].removeprefix("test_").replace(
                    "_", " ")
            stats = bench["stats"]
            spread = f"{stats['iqr'] / stats['median'] * 100:.0f}%" if stats["median"] else ""
            lines.append(f"| {label} | {_threads(bench)} | {seconds(stats['median'])} | "
                         f"{_throughput(bench) or '-'} | {spread} | {stats['rounds']} |")
    return lines


def suite_context(data: dict[str, Any]) -> list[str]:
    info = data["machine_info"]
    ours = info.get("pokerkeys") or {}
    cpu = ours.get("cpu") or {"model": (info.get("cpu") or {}).get("brand_raw", "")}
    vers = dict(ours.get("versions") or {})
    vers.setdefault("python", info.get("python_version"))
    commit = data.get("commit_info") or {}
    if "pokerkeys_commit" not in vers and commit.get("id"):
        vers["pokerkeys_commit"], vers["pokerkeys_modified"] = commit["id"], commit.get("dirty")
    more = [("pytest-benchmark", data["version"])] if data.get("version") else []
    host = ours.get("note") or "no note recorded"
    if ours.get("loadavg_start"):
        host += (f"; load average (1, 5, 15 min) {ours['loadavg_start']} at the start, "
                 f"{ours.get('loadavg_end', '?')} at the end")
    command = data.get("command") or "python -m pytest benchmarks --benchmark-only"
    return _context(command, date_text(_started(data)), cpu_text(cpu),
                    versions_text(vers, more), host)


# ---------------------------------------------------------------------------------------------
# the C++ comparison
def cpp_section(data: dict[str, Any]) -> list[str]:
    s = data["settings"]
    src = data.get("sources") or {}
    built = []
    for name, key in (("OMPEval", "ompeval"), ("SKPokerEval", "skpokereval")):
        info = src.get(key) or {}
        text = name + (f" `{info['commit'][:10]}`" if info.get("commit") else "")
        if info.get("modified"):
            text += " (with uncommitted changes)"
        built.append(text)
    vers = data["versions"]
    flags = src.get("cxxflags", "-O3 -march=native -pthread")
    cxx = f"- C++: {' and '.join(built)}, built by {vers.get('cxx', '?')} with `{flags}`"
    noise = data["noise"]
    m = data["machine"]
    host = data.get("note") or "no note recorded"
    if noise.get("foreign_load_mean") is not None:
        host += (f"; other processes kept {noise['foreign_load_mean']:.2f} CPUs busy on average "
                 f"while the blocks ran, {noise['foreign_load_max']:.2f} at most")
    if m.get("loadavg_start"):
        host += (f"; load average (1, 5, 15 min) {m['loadavg_start']} at the start, "
                 f"{m.get('loadavg_end', '?')} at the end")
    lines = _context(data["command"], date_text(data["started"]), cpu_text(m),
                     versions_text(vers), host, [cxx])
    lines += [f"Medians of {s['rounds']} interleaved rounds x {s['reps']} timed calls "
              f"(batch: millions of hands per second; exact and all hands: milliseconds per "
              f"call; Monte Carlo: millions of trials per second):", ""]
    lines += ["| job | threads | OMPEval | SKPokerEval | pokerkeys | pokerkeys / best C++ |",
              "|---|---|---|---|---|---|"]
    for row in data["table"]:
        cols = [(row["columns"].get(c) or {}).get("text", "n/a")
                for c in ("OMPEval", "SKPokerEval", "pokerkeys")]
        ratio = f"**{row['ratio']:.2f}x**" if row.get("ratio") else "n/a"
        label = row["label"].strip()
        lines.append(f"| {label} | {row['threads']} | {' | '.join(cols)} | {ratio} |")
    noisy = [k for k, c in noise["cells"].items() if c["noisy"]]
    lines += [
        "",
        "**Quote the ratio column**: pokerkeys' speed divided by the best C++ speed on the row "
        "(above 1, pokerkeys is faster). Both sides ran the same jobs on the same hands, "
        "interleaved round by round in the same minutes, so a slow spell of the host slows "
        "both; the absolute figures move with the host's load and are not comparable with "
        "figures from other machines or other times. "
        + _shared_text(data)
        + f"Spread of the timed samples (interquartile range / median): "
          f"{noise['median_iqr'] * 100:.1f}% in the median cell; {len(noisy)} of "
          f"{len(noise['cells'])} (implementation, job, threads) cells noisy (IQR over 10% "
          "or range over 50%; each cell's spread and load are in the results file).",
        "",
        "Answers compared:",
        "",
    ]
    lines += [f"- {c['name']}: {'agree' if c['ok'] else '**DISAGREE**'}; {c['text']}"
              for c in data["checks"]]
    return lines + [""]


def _shared_text(data: dict[str, Any]) -> str:
    """A sentence saying the host was shared, when the note or the measured load says so."""
    load = data["noise"].get("foreign_load_mean")
    if "shared" in (data.get("note") or "").lower() or (load is not None and load >= 0.25):
        text = "The host was shared with other jobs while this ran"
        if load is not None:
            text += f" (they kept {load:.2f} of its CPUs busy on average)"
        return text + ". "
    return ""


# ---------------------------------------------------------------------------------------------
# the page
INTRO = """\
# Performance

<!-- Generated by scripts/performance_report.py from benchmarks/results/*.json. Do not edit:
     measure again and regenerate (see "How to measure" at the end). -->

Every table on this page is generated from benchmark output by
`scripts/performance_report.py`, and says above it the command that measured it, the date, the
CPU and the versions of pokerkeys and of what its speed depends on. Figures are medians of
repeated calls after a warm-up call, so they time compiled code, not the JIT compiler. They
hold for that CPU: the kernels use AVX2, BMI2 and AVX-512 where the CPU has them, and Numba
compiles for the machine it runs on. Each table's *Host* line says what else ran meanwhile: on
a shared host the figures drop, the two-thread ones most (a second thread finds its CPU busy),
and the spread column widens. The comparison with the C++ evaluators runs both sides
interleaved, so its ratios hold up on a shared host where absolute figures do not.
"""

CPP_INTRO = """\
pokerkeys and two C++ evaluators, built on the same machine with `g++ -O3 -march=native` and
run on the same hands: [OMPEval](https://github.com/zekyll/OMPEval) (hand evaluator, exact and
Monte Carlo equity) and [SKPokerEval](https://github.com/kennethshackleton/SKPokerEval) (the
key-sum evaluator pokerkeys grew from). The harness is `benchmarks/cpp/compare.py` (see
`benchmarks/cpp/README.md`); it builds both from checkouts whose paths you give it. The jobs:
10,000,000 random 7-card hands ranked from card arrays (pokerkeys with its default input
checks); all 133,784,560 seven-card hands evaluated and counted by category (SKPokerEval two
ways: its `GetRank`, and its tables with the key summed card by card down the loops); exact
preflop equity of two hands, three hands and two ranges; Monte Carlo equity of a hand against
one and five random hands. The row "OMPEval from precomputed Hand objects" times OMPEval ranking
hands it has already turned into its own hand objects outside the timing: a lookup alone, not a
job a user holding card arrays can run.
"""

REPRODUCE = """\
<a id="reproduce"></a>

## How to measure

From a checkout, with the test extras installed (`pip install ".[test]"`):

```bash
# the benchmark suite (the start-up benchmarks build a wheel and take long: run them apart)
python -m pytest benchmarks --benchmark-only --ignore=benchmarks/test_bench_startup.py \\
    --benchmark-json=suite-raw.json
python scripts/performance_report.py --slim suite-raw.json -o benchmarks/results/suite.json

# side by side with the C++ evaluators, from your checkouts of both
git clone https://github.com/zekyll/OMPEval ../OMPEval
git clone https://github.com/kennethshackleton/SKPokerEval ../SKPokerEval
python benchmarks/cpp/compare.py --ompeval ../OMPEval --skpokereval ../SKPokerEval \\
    --rounds 7 --json benchmarks/results/cpp-comparison.json

# this page
python scripts/performance_report.py benchmarks/results/*.json
```

`POKERKEYS_BENCH_NOTE="..."` (suite) and `--note "..."` (C++ comparison) keep a note on the host
with the results, such as that other jobs shared it; the page prints it.
"""


def render(inputs: list[tuple[str, dict[str, Any]]]) -> str:
    """The page's Markdown for the loaded inputs (see load())."""
    out = [INTRO]
    cpp_runs = [data for _, data in inputs if kind(data) == "cpp"]
    if cpp_runs:
        out += ['<a id="cpp"></a>', "", "## Side by side with C++ evaluators", "", CPP_INTRO]
        for data in cpp_runs:
            out += cpp_section(data)
    suites = [data for _, data in inputs if kind(data) == "suite"]
    for file, (anchor, heading, what) in SUITE_SECTIONS.items():
        parts = [(data, [b for b in data["benchmarks"] if _bench_file(b) == file])
                 for data in suites]
        parts = [(data, benches) for data, benches in parts if benches]
        if not parts:
            continue
        out += [f'<a id="{anchor}"></a>', "", f"## {heading}", "",
                what + f" Benchmarks: `benchmarks/{file}`.", ""]
        for data, benches in parts:
            out += suite_context(data) + suite_table(benches) + [""]
    if suites:
        out += ["In the tables, *threads* is the `threads=` argument (*default*: the call's "
                "default, all of Numba's threads, or a job without that option); *spread* is the "
                "interquartile range of the timed rounds over their median.", ""]
    out.append(REPRODUCE)
    return "\n".join(out).rstrip("\n") + "\n"


def readme_block(inputs: list[tuple[str, dict[str, Any]]]) -> str:
    """The README's "How fast" paragraph and table, from the newest C++ comparison input."""
    runs = [data for _, data in inputs if kind(data) == "cpp"]
    if not runs:
        return ""
    data = runs[-1]
    m, s = data["machine"], data["settings"]
    load = data["noise"].get("foreign_load_mean")
    shared = (f", on a host shared with other jobs (they kept {load:.2f} of its CPUs busy on "
              "average)") if load is not None and load >= 0.25 else ""
    lines = [
        "Side by side with the C++ evaluators [OMPEval](https://github.com/zekyll/OMPEval) and",
        "[SKPokerEval](https://github.com/kennethshackleton/SKPokerEval), built with",
        "`g++ -O3 -march=native` and run on the same hands, interleaved: pokerkeys' speed "
        "divided by",
        "the faster of the two (above 1, pokerkeys is faster), at 1 and 2 threads. One run of",
        f"`benchmarks/cpp/compare.py` on {date_text(data['started'])}, on {cpu_text(m)}"
        f"{shared}, medians of {s['rounds']} interleaved rounds; the performance page has the "
        "command, the versions, every figure and how to run it yourself.",
        "The ratios hold for that CPU: on another (an Intel Xeon, or an AMD EPYC without",
        "AVX-512) they differ, and the harness measures yours.",
        "",
        "| job | pokerkeys / best C++, 1 thread | 2 threads | measured |",
        "|---|---:|---:|---|",
    ]
    ratios: dict[tuple[str, int], float] = {(row["job"], row["threads"]): row["ratio"]
                                            for row in data["table"] if row.get("ratio")
                                            and "precomputed" not in row["label"]}
    for job, name in README_JOBS.items():
        cells = [f"{ratios[(job, t)]:.2f}x" if (job, t) in ratios else "n/a" for t in (1, 2)]
        lines.append(f"| {name} | {cells[0]} | {cells[1]} | [how](docs/performance.md#cpp) |")
    return "\n".join(lines) + "\n"


def with_readme_block(readme: str, block: str) -> str:
    """README text with the generated block between its markers (unchanged without them)."""
    start, end = readme.find(README_START), readme.find(README_END)
    if start < 0 or end < start:
        return readme
    return readme[:start + len(README_START)] + "\n" + block + readme[end:]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", type=Path, metavar="JSON",
                    help="pytest-benchmark JSON files and C++ comparison JSON files")
    ap.add_argument("-o", "--output", type=Path,
                    help=f"where to write (default: {PAGE.relative_to(ROOT)}; with --slim: "
                         "the slimmed JSON file)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if the page differs from what the inputs give")
    ap.add_argument("--slim", action="store_true",
                    help="write a copy of the one pytest-benchmark input without its per-round "
                         "samples to --output")
    args = ap.parse_args(argv)
    if args.slim:
        if len(args.inputs) != 1 or args.output is None:
            ap.error("--slim takes one input and -o/--output")
        data = json.loads(args.inputs[0].read_text())
        if kind(data) != "suite":
            ap.error(f"{args.inputs[0]}: not pytest-benchmark output")
        args.output.write_text(json.dumps(slim(data), indent=1) + "\n")
        return 0
    inputs = load(args.inputs)
    output = args.output or PAGE
    files = {output: render(inputs)}
    if args.output is None and README.is_file():
        files[README] = with_readme_block(README.read_text(), readme_block(inputs))
    if args.check:
        stale = [path for path, text in files.items()
                 if not path.is_file() or path.read_text() != text]
        for path in stale:
            print(f"{path} is not what {len(args.inputs)} input(s) give; regenerate it",
                  file=sys.stderr)
        return 1 if stale else 0
    for path, text in files.items():
        path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
