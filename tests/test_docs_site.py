"""The documentation site builds cleanly and its generated reference is complete.

The site is built once per session (``mkdocs build --strict`` into a temporary folder; when the
strict build fails, once more without ``--strict`` so that the other checks still look at the
pages). The reference must hold every name of ``pokerkeys.__all__`` and every public module
(an HTML anchor named after what defines it), every subcommand and option of the command line,
and every route of the JSON API. A browser (Debian's chromium driven by Playwright, as in
``tests/test_web_browser.py``) shows the home page and the reference of ``pk.equity``, with its
parameter table and examples; the screenshots go to ``$POKERKEYS_SCREENSHOTS`` (default:
pytest's tmp dir) to be looked at. The generators of ``docs/hooks`` are also tested on small
inputs of their own.
"""
from __future__ import annotations

import argparse
import functools
import html
import importlib
import importlib.util
import inspect
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import pokerkeys as pk

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "docs" / "hooks"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ID = re.compile(r'\bid="([^"]+)"')


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"docs_hooks_{name}", HOOKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@dataclass
class Site:
    folder: Path
    strict_ok: bool
    log: str

    def page(self, url: str) -> str:
        return (self.folder / url / "index.html").read_text(encoding="utf-8")

    def ids(self, under: str = "reference") -> set[str]:
        return {html.unescape(i) for path in (self.folder / under).rglob("*.html")
                for i in ID.findall(path.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Site:
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") \
            is None:
        pytest.skip("needs the docs extra: pip install '.[docs]'")
    folder = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")

    def build(*flags: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "mkdocs", "build", *flags,
                               "-f", str(ROOT / "mkdocs.yml"), "-d", str(folder)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)

    res = build("--strict")
    if res.returncode != 0:  # look at the pages anyway; test_strict_build_passes fails
        again = build()
        assert again.returncode == 0, again.stderr
    return Site(folder, res.returncode == 0, res.stdout + res.stderr)


def test_strict_build_passes(site):
    problems = [line for line in site.log.splitlines() if "WARNING" in line or "ERROR" in line]
    assert site.strict_ok, "mkdocs build --strict failed:\n" + "\n".join(problems or [site.log])


# ------------------------------------------------------------------- the API reference

def _public_modules() -> list[str]:
    names = set()
    for path in (ROOT / "src" / "pokerkeys").rglob("*.py"):
        parts = list(path.relative_to(ROOT / "src").with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if not any(p.startswith("_") for p in parts):
            names.add(".".join(parts))
    return sorted(names)


def _defined_as(module: str, name: str) -> set[str]:
    """The anchor ids that may document ``module.name``: where it is defined, and the path it
    is exported by (names defined in a private module are documented by their public path)."""
    obj = getattr(importlib.import_module(module), name)
    if inspect.ismodule(obj):
        return {obj.__name__}
    ids = {f"{module}.{name}"}
    owner, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if isinstance(owner, str) and isinstance(qualname, str) and _has_home(obj):
        ids.add(f"{owner}.{qualname}")
    return ids


def _has_home(obj: object) -> bool:
    """Whether an object knows the module that defines it (classes, functions, modules)."""
    return inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj) \
        or hasattr(obj, "py_func")


def test_every_name_of_the_package_is_in_the_reference(site):
    ids = site.ids()
    missing = [name for name in pk.__all__ if not _defined_as("pokerkeys", name) & ids]
    assert missing == [], f"names of pokerkeys.__all__ without a reference entry: {missing}"


def test_pk_equity_is_documented_where_it_is_defined(site):
    assert "pokerkeys.equity.holdem.equity" in site.ids("reference/api/equity")
    assert "pokerkeys.core.evaluate.evaluate" in site.ids("reference/api/evaluation")


@pytest.mark.parametrize("module", _public_modules())
def test_every_public_module_and_its_names_are_in_the_reference(site, module):
    ids = site.ids()
    assert module in ids, f"no reference page for {module}"
    try:
        mod = importlib.import_module(module)
    except ImportError as e:  # an extra that is not installed: the page is built from source
        pytest.skip(f"{module} needs {e.name}")
    names = getattr(mod, "__all__", [])
    # a constant or type alias has no record of where it was defined: when another public
    # module exports it too, it is documented under one of their names
    loose = {i.rsplit(".", 1)[-1] for i in ids if i.startswith("pokerkeys.")}
    missing = [n for n in names if not _defined_as(module, n) & ids
               and not (n in loose and not _has_home(getattr(mod, n)))]
    assert missing == [], f"names of {module}.__all__ without a reference entry: {missing}"


# -------------------------------------------------------------------- the command line

def _subcommands(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                out += [sub, *_subcommands(sub)]
    return out


def test_every_subcommand_and_option_is_on_the_cli_page(site):
    from pokerkeys.cli.main import build_parser

    text = site.page("reference/cli")
    parsers = [build_parser(), *_subcommands(build_parser())]
    assert len(parsers) > 10
    for parser in parsers:
        assert re.search(rf"<h[2-5][^>]*><code>{re.escape(parser.prog)}</code>", text), \
            f"no section for {parser.prog!r}"
        for action in parser._actions:
            if action.help == argparse.SUPPRESS:
                continue  # a hidden option (for tests and table builds) stays off the page
            for flag in action.option_strings:
                assert f"<code>{flag}</code>" in text, f"{parser.prog} {flag} not on the page"
    assert "pokerkeys preflop equity" in text


# ------------------------------------------------------------------------ the JSON API

def test_every_endpoint_is_on_the_json_api_page(site):
    from pokerkeys.web.endpoints import ENDPOINTS

    text = html.unescape(site.page("reference/json-api"))
    assert ENDPOINTS
    for endpoint in ENDPOINTS:
        assert f"<code>{endpoint.method} {endpoint.path}</code>" in text, endpoint.path
        for f in (*endpoint.query, *endpoint.body, *endpoint.response):
            assert f"<code>{f.name}</code>" in text, (endpoint.path, f.name)


# ------------------------------------------------------------- the generators on their own

def test_json_api_generator_on_a_small_description():
    from pokerkeys.web.endpoints import ApiField, Endpoint, ErrorCase

    hook = _load("reference")
    fake = (Endpoint("POST", "/api/thing", "Do a thing.", "Does the thing | well.",
                     body=(ApiField("hands", "array of strings", "The hands.", required=True),
                           ApiField("seed", "integer", "A seed.", default="null")),
                     response=(ApiField("equity", "array of numbers", "Each equity."),),
                     errors=(ErrorCase(400, "a hand does not parse"),),
                     example_request="curl -s localhost:8000/api/thing -d '{}'",
                     example_response='{"equity": [0.5, 0.5]}'),
            Endpoint("GET", "/api/stream/{name}", "Stream.", "", content_type="text/event-stream",
                     query=(ApiField("name", "string", "Which."),)))
    text = hook.json_api_markdown(fake, conventions="Conventions: JSON everywhere.")
    assert "| POST | [`/api/thing`](#post-api-thing) | Do a thing. |" in text
    assert "## `POST /api/thing` {#post-api-thing}" in text
    assert "| `hands` | array of strings | yes |  | The hands. |" in text
    assert "| `seed` | integer | no | `null` | A seed. |" in text
    assert "Does the thing \\| well." not in text and "Does the thing | well." in text
    assert "| 400 | a hand does not parse |" in text
    assert "```json\n{\"equity\": [0.5, 0.5]}\n```" in text
    assert "Answers with `text/event-stream`." in text
    assert "**Query parameters**" in text and "Conventions: JSON everywhere." in text


def test_cli_generator_walks_nested_subcommands():
    hook = _load("reference")
    parser = argparse.ArgumentParser(prog="tool", description="A tool.")
    sub = parser.add_subparsers(dest="command")
    one = sub.add_parser("one", help="the first", description="First command.")
    one.add_argument("hands", nargs="+", help="hands, e.g. AhKh")
    one.add_argument("--trials", "-t", type=int, default=10, metavar="N",
                     help="trials (default %(default)s)")
    one.add_argument("--game", choices=["holdem", "omaha"], default="holdem", help="the game")
    two = sub.add_parser("two", help="the second")
    nested = two.add_subparsers(dest="what").add_parser("deep", help="deeper")
    nested.add_argument("--flag", action="store_true", help="a | flag")
    text = hook.cli_markdown(parser)
    assert "## `tool` {#tool}" in text and "\n### `tool one` {#tool-one}" in text
    assert "\n#### `tool two deep` {#tool-two-deep}" in text
    assert "| [`deep`](#tool-two-deep) | deeper |" in text
    assert "| `--trials`, `-t` | `N` | `10` | trials (default 10) |" in text
    assert "| `--game` | `holdem` \\| `omaha` | `holdem` | the game |" in text
    assert "| `hands` | `hands [hands ...]` |  | hands, e.g. AhKh |" in text
    assert "| `--flag` |  |  | a \\| flag |" in text
    assert "usage: tool one [-h]" in text
    assert "| [`one`](#tool-one) | the first |" in text


def test_doctest_blocks_outside_examples_are_fenced():
    fence = _load("griffe_doctests").fence_doctests
    text = ("Summary.\n\n>>> x = 1\n>>> x\n1\n\nMore.\n\nExamples\n--------\n>>> 2\n2\n\n"
            "```python\n>>> 3\n```")
    assert fence(text) == ("Summary.\n\n```pycon\n>>> x = 1\n>>> x\n1\n```\n\nMore.\n\n"
                           "Examples\n--------\n>>> 2\n2\n\n```python\n>>> 3\n```")


def test_indented_blocks_keep_their_indentation():
    hooks = _load("griffe_doctests")
    module_doc = '"""Summary.\n\n    usage: tool [--flag]\n           [--other]\n"""'
    assert hooks.with_source_indentation(module_doc, 0) == \
        "Summary.\n\n    usage: tool [--flag]\n           [--other]"
    method_doc = ('"""Summary.\n\n        Parameters\n        ----------\n        x : int\n'
                  '            X.\n        """')
    assert hooks.with_source_indentation(method_doc, 8) == \
        "Summary.\n\nParameters\n----------\nx : int\n    X."


def test_sessions_are_shown_as_sessions():
    as_sessions = _load("sessions").as_sessions
    text = "```python\nx = 1\n```\n\n    ```python title=\"a\"\n    >>> 1\n    1\n    ```\n"
    assert as_sessions(text) == ("```python\nx = 1\n```\n\n    ```pycon title=\"a\"\n"
                                 "    >>> 1\n    1\n    ```\n")


# ------------------------------------------------------------------------- in a browser

@pytest.fixture(scope="module")
def served(site):
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(site.folder))
    handler.log_message = lambda *args: None
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def page(browser):
    """A browser page that records script errors and any request leaving this machine."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    external: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "data:"))
            else external.append(r.url))
    yield page
    context.close()
    assert not errors, errors
    assert not external, f"the site asked the network for {external}"


def test_the_site_loads_nothing_from_the_network(site):
    remote = re.compile(r'<(?:link|script|img|iframe)\b[^>]*\b(?:href|src)="(?:https?:)?//[^"]*"')
    found = {path.relative_to(site.folder).as_posix(): m.group(0)
             for path in site.folder.rglob("*.html")
             for m in [remote.search(path.read_text(encoding="utf-8"))] if m}
    assert found == {}, f"pages loading remote resources (fonts, scripts): {found}"


def test_home_page_in_a_browser(served, page, shots):
    response = page.goto(served)
    assert response is not None and response.ok
    page.wait_for_load_state("networkidle")
    assert "pokerkeys" in page.title()
    nav = page.locator("nav.md-nav--primary")
    for section in ("Getting started", "Guides", "Reference", "Explanation"):
        assert nav.get_by_text(section, exact=True).count() >= 1, section
    page.screenshot(path=shots / "docs-home.png", full_page=True)


def test_equity_reference_in_a_browser(served, page, shots):
    response = page.goto(served + "reference/api/equity/#pokerkeys.equity.holdem.equity")
    assert response is not None and response.ok
    page.wait_for_load_state("networkidle")
    entry = page.locator("div.doc-object", has=page.locator(
        "h2[id='pokerkeys.equity.holdem.equity']"))
    assert entry.count() == 1
    contents = entry.locator("div.doc-contents").first
    parameters = contents.locator("table", has=page.locator("code", has_text="target_stderr"))
    assert parameters.count() >= 1, "no parameter table with target_stderr"
    assert parameters.first.is_visible()
    titles = contents.locator(".doc-section-title").all_inner_texts()
    assert any(t.startswith("Parameters") for t in titles), titles
    assert any(t.startswith("Examples") for t in titles), titles
    assert contents.locator("code", has_text=">>>").count() >= 1
    page.evaluate("window.scrollTo(0, 0)")  # the whole page, from its top
    page.screenshot(path=shots / "docs-reference-equity.png", full_page=True)
    page.locator("h2[id='pokerkeys.equity.holdem.equity']").screenshot(
        path=shots / "docs-reference-equity-heading.png")
