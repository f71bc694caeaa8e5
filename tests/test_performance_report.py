"""docs/performance.md is generated: the committed benchmark results regenerate it byte for byte.

scripts/performance_report.py reads benchmarks/results/*.json (pytest-benchmark output and the
C++ comparison's output) and writes the page; a change to either side without the other fails
here. To update the page: `python scripts/performance_report.py benchmarks/results/*.json`.
"""
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "performance.md"


@pytest.fixture(scope="module")
def report():
    spec = importlib.util.spec_from_file_location("performance_report",
                                                  ROOT / "scripts" / "performance_report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def inputs():
    paths = sorted(RESULTS.glob("*.json"))
    assert paths, f"no benchmark results in {RESULTS}"
    return paths


def test_page_is_regenerated_byte_for_byte(report, inputs):
    page = report.render(report.load(inputs))
    assert page == PAGE.read_text(encoding="utf-8"), (
        "docs/performance.md differs from what benchmarks/results/*.json give: run "
        "python scripts/performance_report.py benchmarks/results/*.json")


def test_check_option_agrees(report, inputs):
    assert report.main([*map(str, inputs), "--check"]) == 0


def test_result_order_does_not_matter(report, inputs):
    assert report.render(report.load(inputs[::-1])) == report.render(report.load(inputs))


def test_page_has_the_anchors_the_readme_links_to():
    """Each section starts with an HTML anchor (GitHub and MkDocs both honour it), and every
    docs/performance.md#anchor link in README.md and docs/ names one."""
    text = PAGE.read_text(encoding="utf-8")
    anchors = set(re.findall(r'^<a id="([a-z-]+)"></a>\n\n## ', text, flags=re.MULTILINE))
    assert {"cpp", "evaluation", "equity", "reproduce"} <= anchors
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    linked = {m for page in pages
              for m in re.findall(r"performance\.md#([a-z-]+)", page.read_text(encoding="utf-8"))}
    assert linked <= anchors, linked - anchors


def test_every_table_says_how_it_was_measured():
    """Each figures table is preceded by its command, date, CPU and versions."""
    text = PAGE.read_text(encoding="utf-8")
    for block in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        if "\n| " not in block:
            continue
        for field in ("- Command: `", "- Date: ", "- CPU: ", "- Versions: pokerkeys ", "- Host: "):
            assert field in block, (block.splitlines()[0], field)


def test_committed_results_are_small_and_complete(report, inputs):
    kinds = set()
    for path in inputs:
        assert path.stat().st_size < 400_000, f"{path.name}: slim it (--slim)"
        data = json.loads(path.read_text())
        kinds.add(report.kind(data))
        if report.kind(data) == "suite":
            assert all("data" not in b["stats"] for b in data["benchmarks"])
            assert data["command"].startswith("python -m pytest")
            assert data["machine_info"]["pokerkeys"]["versions"]["numba"]
        else:
            assert all(c["ok"] for c in data["checks"]), "a C++ comparison whose answers differ"
            assert data["settings"]["rounds"] >= 7
    assert kinds == {"suite", "cpp"}


def test_slim_drops_only_the_samples(report):
    data = {"machine_info": {}, "benchmarks": [{"name": "x", "stats": {"median": 1.0,
                                                                        "data": [1.0] * 5}}]}
    slimmed = report.slim(data)
    assert slimmed["benchmarks"] == [{"name": "x", "stats": {"median": 1.0}}]
    assert data["benchmarks"][0]["stats"]["data"] == [1.0] * 5  # the input is left as it was


@pytest.mark.parametrize("t, text", [
    (2.5e-6, "2.50 µs"), (0.000999, "999 µs"), (0.0123, "12.3 ms"), (1.0, "1.00 s"),
    (123.4, "123 s"), (5e-8, "50.0 ns"),
])
def test_seconds(report, t, text):
    assert report.seconds(t) == text


@pytest.mark.parametrize("per_s, text", [
    (361e6, "361 M hands/s"), (1.23e6, "1.23 M hands/s"), (4500, "4.50 k hands/s"),
    (12.0, "12.0 hands/s"),
])
def test_rate(report, per_s, text):
    assert report.rate(per_s, "hands") == text


def test_readme_figures_are_generated_from_the_same_run(report, inputs):
    """README's "How fast" table is the C++ comparison's, written by the same script."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(report.README_START) == 1 and readme.count(report.README_END) == 1
    block = report.readme_block(report.load(inputs))
    assert block and report.with_readme_block(readme, block) == readme, (
        "README.md's performance table differs from benchmarks/results: run "
        "python scripts/performance_report.py benchmarks/results/*.json")
    for name in report.README_JOBS.values():
        assert f"| {name} |" in block
