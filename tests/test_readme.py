"""Every code block of README.md runs (issue 14, item 19).

Blocks are fenced with a language: ``python`` blocks are executed; ``console`` blocks are
commands (lines starting with ``$ ``, or every line when none does), run by bash in a
scratch folder holding ``tests/data``, each followed by the output it must print (timings
masked); ``text`` blocks are not run here: the layout tree, and the web app's commands, which need a
server running (``tests/test_web_server.py`` runs a real ``pokerkeys serve`` and checks the
same answers over HTTP). Two rules keep it practical: a
leading ``pip install ... &&`` is dropped (the package is installed already; the extra it
names must exist), and a ``python -m pytest`` command runs with ``--collect-only`` (running
the suite or the benchmarks inside the suite would recurse or take minutes).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
# Figures that change from run to run: times and rates.
VOLATILE = re.compile(r"\d+\.\d+ (?:s|ms|M rows/s)\b")


def blocks() -> list[tuple[int, str, str]]:
    text = README.read_text()
    return [(text[:m.start()].count("\n") + 1, m.group(1), m.group(2))
            for m in FENCE.finditer(text)]


def test_every_block_says_its_language():
    untagged = [line for line, lang, _ in blocks() if lang not in ("python", "console", "text")]
    assert untagged == [], f"README blocks without python/console/text at lines {untagged}"


def _commands(body: str) -> list[tuple[str, list[str]]]:
    """(command, expected output lines) of a console block."""
    lines = body.rstrip("\n").split("\n")
    if not any(line.startswith("$ ") for line in lines):
        return [(line, []) for line in lines if line.strip()]
    out: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
    return out


def _extras() -> set[str]:
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
               ["optional-dependencies"])


def _prepare(command: str) -> str:
    m = re.match(r'pip install "?\.(?:\[(\w+)\])?"? && (.*)', command)
    if m:
        assert m.group(1) is None or m.group(1) in _extras(), command
        command = m.group(2)
    if "python -m pytest" in command:
        command = command.replace("python -m pytest", "python -m pytest --collect-only -q")
    return command


def _mask(text: str) -> str:
    return VOLATILE.sub("#", text).rstrip()


CONSOLE = [(line, body) for line, lang, body in blocks() if lang == "console"]
PYTHON = [(line, body) for line, lang, body in blocks() if lang == "python"]


@pytest.fixture
def scratch(tmp_path) -> Path:
    (tmp_path / "tests").mkdir()
    shutil.copytree(ROOT / "tests" / "data", tmp_path / "tests" / "data")
    for name in ("benchmarks", "tests"):  # what the pytest commands collect
        target = tmp_path / name
        for src in (ROOT / name).iterdir():
            if src.name != "data" and not (target / src.name).exists():
                (target if target.exists() else target.mkdir() or target)
                os.symlink(src, target / src.name)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


@pytest.mark.parametrize("line, body", CONSOLE, ids=[f"line{n}" for n, _ in CONSOLE])
def test_console_block(line, body, scratch):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}"
                                f"{os.environ.get('PATH', '')}", COLUMNS="200")
    for command, expected in _commands(body):
        res = subprocess.run(["bash", "-c", _prepare(command)], cwd=scratch, env=env,
                             capture_output=True, text=True, timeout=600)
        assert res.returncode == 0, f"README line {line}: {command}\n{res.stderr}"
        while expected and not expected[-1].strip():
            expected.pop()
        if expected:
            got = [_mask(x) for x in res.stdout.rstrip("\n").split("\n")]
            assert got == [_mask(x) for x in expected], f"README line {line}: {command}"


@pytest.mark.parametrize("line, body", PYTHON, ids=[f"line{n}" for n, _ in PYTHON])
def test_python_block(line, body, scratch, monkeypatch):
    """A block of statements runs; a block written as a session (``>>>``) runs as a doctest,
    so each printed result must be what the README shows."""
    monkeypatch.chdir(scratch)
    if not body.lstrip().startswith(">>>"):
        exec(compile(body, f"README.md:{line}", "exec"), {"__name__": "readme"})
        return
    import doctest

    import pokerkeys
    test = doctest.DocTestParser().get_doctest(body, {"pk": pokerkeys}, f"README.md:{line}",
                                               "README.md", line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    runner.run(test, out=report.append)
    assert runner.summarize(verbose=False).failed == 0, "".join(report)
