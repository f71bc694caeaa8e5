"""The package layout: layers run one way, no module imports itself through a circle, the top
of the package holds only its face, and the flat module paths of before the subpackages are gone."""
from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import pokerkeys

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(pokerkeys.__file__).resolve().parent


def test_import_linter_contract_is_kept():
    """The layers contract in pyproject.toml ([tool.importlinter]) holds. A new import that runs
    back up a layer fails here, with import-linter's report of the offending chain."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():  # pragma: no cover - the test extra installs it
        pytest.fail("import-linter is missing: pip install '.[test]'")
    done = subprocess.run([str(lint), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def _import_graph():
    import grimp  # installed with import-linter

    return grimp.build_graph("pokerkeys", cache_dir=None)


def _cycles(graph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each a circle."""
    modules = sorted(graph.modules)
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.find_modules_directly_imported_by(v)):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for m in modules:
        if m not in index:
            visit(m)
    return found


def test_no_import_circles():
    """No two modules import each other, directly or through others (imports inside functions
    count too: a deferred import still ties the two modules together)."""
    graph = _import_graph()
    assert _cycles(graph) == []


def test_cycle_finder_finds_a_circle():
    """The check above can fail: a graph with a circle is reported."""
    import grimp

    graph = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(name)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.x")
    graph.add_import(importer="a.z", imported="a.x")
    assert _cycles(graph) == [["a.x", "a.y"]]


def test_package_top_holds_its_face_only():
    files = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(files) <= 12, files
    assert {"__init__.py", "__main__.py"} <= set(files)
    folders = sorted(p.name for p in PACKAGE.iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert {"core", "equity", "preflop", "games", "io", "cli", "_kernels"} <= set(folders)


# ("tables" is left out: an installed package holds its data folder pokerkeys/tables.)
@pytest.mark.parametrize("old", ["cards", "evaluate", "ranges", "omaha", "wild", "draw",
                                 "game_stats", "distributed", "cli_bulk", "_sampling"])
def test_flat_module_paths_are_gone(old):
    """Modules live in their layer's subpackage only; the flat paths of before the
    subpackages are not importable (no alias hook keeps them alive)."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"pokerkeys.{old}")


def test_public_names_are_bound_on_the_package():
    from pokerkeys.equity import EquityResult, equity
    from pokerkeys.games import FIVE_OF_A_KIND, best_hand
    assert pokerkeys.equity is equity and pokerkeys.EquityResult is EquityResult
    assert FIVE_OF_A_KIND == 10 and pokerkeys.best_hand is best_hand
    assert pokerkeys.stats is importlib.import_module("pokerkeys.games.stats")


def test_unknown_module_fails():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pokerkeys.no_such_module")


def test_import_pokerkeys_loads_no_optional_or_game_modules():
    """``import pokerkeys`` (and so every CLI command) loads the evaluator and equity only:
    no Omaha, games statistics, preflop, bulk-file, plotting or Dask modules."""
    code = ("import sys, pokerkeys; print(' '.join(sorted(m for m in sys.modules "
            "if m.startswith(('pokerkeys', 'matplotlib', 'pyarrow', 'dask', 'scipy', 'pandas')))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=120).stdout.split()
    unwanted = [m for m in loaded if m.startswith(("matplotlib", "pyarrow", "dask", "scipy",
                                                   "pandas", "pokerkeys.preflop",
                                                   "pokerkeys.io", "pokerkeys.cli",
                                                   "pokerkeys.equity.omaha",
                                                   "pokerkeys.games.game_stats",
                                                   "pokerkeys.games.wild"))]
    assert unwanted == []
