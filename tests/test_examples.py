"""Every example in README.md and in the documentation pages (docs/**/*.md) runs.

Each fenced block says its language, and the language decides what happens to it:

- ``python``: a block holding ``>>>`` lines runs as a doctest (ELLIPSIS and
  NORMALIZE_WHITESPACE on), so each printed result must be what the page shows; any other
  python block is executed and must not raise. The python blocks of one page share one
  namespace and run in the order of the page (a page imports once, at the top); nothing is
  predefined, so an example copied together with the page's imports runs as shown.
- ``console``: lines starting with ``$ `` are commands (every line is one when none starts so),
  run by bash, each followed by the output it must print on stdout (times and rates masked,
  ``...`` matches anything as in doctests). A command ending in a backslash continues on the
  next line. Two rules keep it practical: a leading ``pip install ... &&`` is dropped (the
  package is installed already; the extra it names must exist), and a ``python -m pytest``
  command runs with ``--collect-only`` (running the suite inside the suite would recurse).
- ``text``, ``json``, ``bash``, ``toml``, ``yaml``: shown, not run (layout trees, JSON
  answers, commands that start a server, configuration).

All blocks of one page run in one scratch folder holding a copy of ``tests/data`` (and links to
``tests``, ``benchmarks`` and ``pyproject.toml``), so a command may write a file that a later
block reads.

An HTML comment ``<!-- needs: web -->`` on the line before a fence (names: the extras ``web``,
``dask``, ``plot``, ``data``, ``peers``, or ``pandas``; several separated by commas) skips that
block with a reason when what it names is not installed. Everything else a python example uses
must come with ``pip install .`` (numpy, numba, tqdm): while a python block without such a
marker runs, the optional packages it does not name are hidden (``import pandas`` raises
ImportError, as after a bare ``pip install .``), so a forgotten marker fails here.

Tests are parametrised by ``<page>:<line of the fence>``, so ``-k docs/guides/equity.md``
selects one page's blocks and ``-k README.md:143`` one block (the blocks before it on the
same page run first, silently, to build the namespace and the scratch folder).
"""
from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHOWN = {"text", "json", "bash", "toml", "yaml"}
RUN = {"python", "console"}
# Figures that change from run to run: times and rates.
VOLATILE = re.compile(r"\d+(?:\.\d+)? ?(?:s|ms|µs|us|ns|[kMG]? ?(?:rows|hands|trials)/s)\b")
NEEDS = re.compile(r"^<!--\s*needs:\s*([\w\s,-]+?)\s*-->$")
OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[\w+-]*)[^\n`]*$")

# What each name of a needs marker stands for: the import names of the packages it installs.
# While a python block runs without a marker naming them, these modules are hidden.
OPTIONAL_MODULES: dict[str, tuple[str, ...]] = {
    "web": ("starlette", "uvicorn"),
    "dask": ("dask", "distributed", "pandas", "pyarrow"),  # dask[dataframe] brings both
    "plot": ("matplotlib",),
    "data": ("pyarrow",),
    "peers": ("eval7", "phevaluator", "treys", "pokerkit"),
    "pandas": ("pandas",),
}


def _extras() -> set[str]:
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
               ["optional-dependencies"])


@dataclass
class Block:
    page: str           # "README.md", "docs/guides/equity.md"
    line: int           # line of the opening fence, 1-based
    lang: str
    body: str           # without the fences, indentation of the fence removed
    needs: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def parse_blocks(text: str, page: str) -> list[Block]:
    """The fenced blocks of a Markdown text, with their language and needs marker."""
    lines = text.split("\n")
    out: list[Block] = []
    i = 0
    previous = ""  # the last non-blank line before the current one
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m:
            if lines[i].strip():
                previous = lines[i].strip()
            i += 1
            continue
        indent, fence = m.group("indent"), m.group("fence")
        start, body = i + 1, []
        i += 1
        while i < len(lines):
            stripped = lines[i].strip()
            if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                break
            body.append(lines[i][len(indent):] if lines[i].startswith(indent)
                        else lines[i].lstrip())
            i += 1
        marker = NEEDS.match(previous)
        needs = tuple(n for n in re.split(r"[\s,]+", marker.group(1)) if n) if marker else ()
        out.append(Block(page, start, m.group("lang").lower(),
                         "\n".join(body) + "\n" if body else "", needs))
        previous = ""
        i += 1
    return out


def pages() -> list[Path]:
    docs = sorted((ROOT / "docs").rglob("*.md")) if (ROOT / "docs").is_dir() else []
    return [ROOT / "README.md", *docs]


def all_blocks() -> list[Block]:
    return [b for path in pages()
            for b in parse_blocks(path.read_text(encoding="utf-8"),
                                  path.relative_to(ROOT).as_posix())]


BLOCKS = all_blocks()
RUNNABLE = [b for b in BLOCKS if b.lang in RUN]


def test_every_block_says_its_language():
    allowed = RUN | SHOWN
    untagged = [b.id for b in BLOCKS if b.lang not in allowed]
    assert untagged == [], (f"blocks whose language is not one of {sorted(allowed)} "
                            f"(say which, or it is neither run nor shown as meant): {untagged}")


def test_needs_markers_name_extras():
    known = set(OPTIONAL_MODULES)
    unknown = [(b.id, n) for b in BLOCKS for n in b.needs if n not in known]
    assert unknown == [], f"needs markers naming nothing known ({sorted(known)}): {unknown}"
    extras = _extras()
    assert known - {"pandas"} <= extras, "a needs name is not an extra of pyproject.toml"


def test_the_parser_reads_fences_markers_and_indentation():
    text = ("# t\n\n```python\n>>> 1\n1\n```\n\n<!-- needs: web, dask -->\n\n"
            "    ```console\n    $ echo hi\n    hi\n    ```\n````text\n```python\nx\n```\n````\n"
            "```json title=\"x\"\n{}\n```\n")
    got = [(b.line, b.lang, b.body, b.needs) for b in parse_blocks(text, "p.md")]
    assert got == [(3, "python", ">>> 1\n1\n", ()),
                   (10, "console", "$ echo hi\nhi\n", ("web", "dask")),
                   (14, "text", "```python\nx\n```\n", ()),
                   (19, "json", "{}\n", ())]


# ---------------------------------------------------------------- console blocks

def _commands(body: str) -> list[tuple[str, list[str]]]:
    """(command, expected output lines) of a console block."""
    lines = body.rstrip("\n").split("\n")
    if not any(line.startswith("$ ") for line in lines):
        return [(line, []) for line in lines if line.strip()]
    out: list[tuple[str, list[str]]] = []
    continued = False
    for line in lines:
        if continued:
            out[-1] = (out[-1][0] + "\n" + line, out[-1][1])
        elif line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
        continued = line.endswith("\\") and (continued or line.startswith("$ "))
    return out


def _prepare(command: str) -> str:
    m = re.match(r'pip install "?\.(?:\[([\w,]+)\])?"? && (.*)', command, re.S)
    if m:
        assert m.group(1) is None or set(m.group(1).split(",")) <= _extras(), command
        command = m.group(2)
    if "python -m pytest" in command:
        command = command.replace("python -m pytest", "python -m pytest --collect-only -q")
    return command


def _mask(text: str) -> str:
    return VOLATILE.sub("#", text).rstrip()


def _run_console(block: Block, cwd: Path) -> None:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}"
                                f"{os.environ.get('PATH', '')}", COLUMNS="200")
    checker = doctest.OutputChecker()
    for command, expected in _commands(block.body):
        res = subprocess.run(["bash", "-c", _prepare(command)], cwd=cwd, env=env,
                             capture_output=True, text=True, timeout=600)
        assert res.returncode == 0, (f"{block.id}: `{command}` exited with {res.returncode}\n"
                                     f"{res.stderr}")
        while expected and not expected[-1].strip():
            expected.pop()
        if expected:
            want = "\n".join(_mask(x) for x in expected) + "\n"
            got = "\n".join(_mask(x) for x in res.stdout.rstrip("\n").split("\n")) + "\n"
            if not checker.check_output(want, got, doctest.ELLIPSIS):
                raise AssertionError(f"{block.id}: `{command}` printed\n{res.stdout}\n"
                                     f"but the page shows\n" + "\n".join(expected))


# ---------------------------------------------------------------- python blocks

class _Hidden:
    """Hide the optional packages a block did not declare: ``sys.modules[name] = None`` makes
    ``import name`` (and of its submodules) raise ImportError, as on a bare ``pip install .``."""

    def __init__(self, needs: tuple[str, ...]):
        allowed = {m for n in needs for m in OPTIONAL_MODULES.get(n, ())}
        self.names = sorted({m for mods in OPTIONAL_MODULES.values() for m in mods} - allowed)
        self.saved: dict[str, Any] = {}

    def __enter__(self) -> _Hidden:
        for key in list(sys.modules):
            if key.split(".")[0] in self.names:
                self.saved[key] = sys.modules.pop(key)
        for name in self.names:
            sys.modules[name] = None  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        for name in self.names:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
        sys.modules.update(self.saved)


def _hint(block: Block, error: BaseException) -> str:
    top = (getattr(error, "name", None) or "").split(".")[0]
    extras = sorted((len(mods), n) for n, mods in OPTIONAL_MODULES.items() if top in mods)
    if not extras:
        return ""
    return (f"\n{block.id} uses {top}, which `pip install .` does not install: put "
            f"<!-- needs: {extras[0][1]} --> on the line before its fence")


def _run_python(block: Block, namespace: dict[str, Any], path: Path) -> None:
    with _Hidden(block.needs):
        if ">>>" not in block.body:
            code = compile("\n" * block.line + block.body, str(path), "exec")
            try:
                exec(code, namespace)
            except ImportError as e:
                raise AssertionError(f"{block.id} raised {e!r}{_hint(block, e)}") from e
            return
        test = doctest.DocTestParser().get_doctest(block.body, {}, block.id, str(path),
                                                   block.line)
        test.globs = namespace  # one namespace per page, kept between blocks
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS
                                       | doctest.NORMALIZE_WHITESPACE)
        report: list[str] = []
        runner.run(test, out=report.append, clear_globs=False)
    if runner.summarize(verbose=False).failed:
        text = "".join(report)
        hint = ""
        m = re.search(r"No module named '([\w.]+)'|import of (\w+) halted", text)
        if m:
            hint = _hint(block, ImportError(name=m.group(1) or m.group(2)))
        raise AssertionError(text + hint)


# ---------------------------------------------------------------- one run per page

@dataclass
class PageRun:
    """The blocks of one page run in order, once each, in one scratch folder and namespace."""

    page: str
    folder: Path
    namespace: dict[str, Any] = field(default_factory=lambda: {"__name__": "__main__"})
    results: dict[int, BaseException | str | None] = field(default_factory=dict)

    def run_through(self, block: Block) -> None:
        mine = [b for b in RUNNABLE if b.page == self.page]
        for b in mine[: mine.index(block) + 1]:
            if b.line in self.results:
                continue
            missing = _missing(b.needs)
            if missing:
                self.results[b.line] = f"needs {', '.join(missing)}, not installed"
                continue
            try:
                if b.lang == "console":
                    _run_console(b, self.folder)
                else:
                    _run_python(b, self.namespace, ROOT / b.page)
            except BaseException as e:  # recorded here, raised by the block's own test
                self.results[b.line] = e
                if isinstance(e, KeyboardInterrupt):
                    raise
            else:
                self.results[b.line] = None


def _missing(needs: tuple[str, ...]) -> list[str]:
    return [n for n in needs
            if any(importlib.util.find_spec(m) is None for m in OPTIONAL_MODULES.get(n, (n,)))]


def _scratch(folder: Path) -> Path:
    (folder / "tests").mkdir()
    shutil.copytree(ROOT / "tests" / "data", folder / "tests" / "data")
    for name in ("benchmarks", "tests"):  # what the pytest commands collect
        target = folder / name
        target.mkdir(exist_ok=True)
        for src in (ROOT / name).iterdir():
            if src.name != "data" and not (target / src.name).exists():
                os.symlink(src, target / src.name)
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    return folder


@pytest.fixture(scope="module")
def page_runs(tmp_path_factory) -> dict[str, PageRun]:
    runs: dict[str, PageRun] = {}
    for page in dict.fromkeys(b.page for b in RUNNABLE):
        name = re.sub(r"\W+", "_", page)
        runs[page] = PageRun(page, tmp_path_factory.mktemp(name))
    return runs


@pytest.mark.parametrize("block", RUNNABLE, ids=[b.id for b in RUNNABLE])
def test_block(block: Block, page_runs: dict[str, PageRun], monkeypatch):
    run = page_runs[block.page]
    if not (run.folder / "tests").exists():
        _scratch(run.folder)
    monkeypatch.chdir(run.folder)
    run.run_through(block)
    result = run.results[block.line]
    if isinstance(result, str):
        pytest.skip(f"{block.id} {result}")
    if result is not None:
        earlier = [f"{block.page}:{line}" for line, r in run.results.items()
                   if line < block.line and isinstance(r, BaseException)]
        if earlier:
            result.add_note(f"(earlier blocks of this page failed too: {earlier})")
        raise result
