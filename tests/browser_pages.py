"""Helpers for the browser tests of the web app's pages (tests/test_web_calc.py and
tests/test_web_a11y.py; imported by them, not a test module): fixtures for a live server and
for pages that fail their test on a script error, the calculator's wait for its results, the
range-analysis page's Stop pressed while its run shows progress, and a wait for any
condition."""
from __future__ import annotations

import importlib.resources

import pytest
from web_server import LiveServer

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def new_page(browser, viewport=None, **options):
    """A page in a context of its own (``viewport``: default DESKTOP; ``options``: more of
    the context's, e.g. ``has_touch=True``) whose script errors collect in ``page.errors``;
    close it with close_page."""
    context = browser.new_context(viewport=viewport or DESKTOP, **options)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def close_page(page):
    """Closes a page made by new_page, failing if it met script errors."""
    page.context.close()
    assert not page.errors, page.errors


def page_fixture(viewport=None):
    """A fixture giving each test a page made by new_page (``viewport``: default DESKTOP),
    closed after the test, which fails if the page met a script error. Assign it to the
    fixture's name in the test module: ``phone = page_fixture(PHONE)``."""
    @pytest.fixture
    def fixture(browser):
        page = new_page(browser, viewport)
        yield page
        close_page(page)
    return fixture


def server_fixture():
    """A module-scoped fixture giving a real ``pokerkeys serve`` on 127.0.0.1 (LiveServer),
    stopped after the module: ``server = server_fixture()``."""
    @pytest.fixture(scope="module")
    def fixture():
        server = LiveServer()
        yield server
        server.stop()
    return fixture


def results_in(page, badge=None):
    """Waits until the calculator's table shows the results of its current input (with that
    badge, e.g. "EXACT", unless badge is None); returns the equities shown."""
    badge_ok = f" && document.querySelector('#badge').textContent === '{badge}'" if badge else ""
    page.wait_for_function("document.querySelector('#results').dataset.for === location.search"
                           + badge_ok, timeout=60_000)
    return [t.split("\n")[0] for t in page.locator("#results td.equity").all_inner_texts()]


def stop_when_progress_shows(page, timeout: int = 60_000):
    """Presses the range-analysis page's Stop, in the page itself, the moment its progress bar
    shows with Stop enabled. A click from the test, after a round trip or a screenshot, could
    come after the end of a short run and wait for a disabled button."""
    page.wait_for_function(
        """() => {
            const progress = document.querySelector('#progress');
            const stop = document.querySelector('#stop');
            if (!progress || progress.hidden || !stop || stop.disabled) return false;
            stop.click();
            return true;
        }""", timeout=timeout, polling=10)


def until(condition_js: str, timeout: int = 30_000):
    """A step for a page: wait until the JavaScript expression is true."""
    return lambda page: page.wait_for_function(condition_js, timeout=timeout)


def axe_violations(page) -> list[str]:
    """axe-core's WCAG 2 A and AA violations on the page as it is now, one per element (the
    copy of axe-core the axe-playwright-python package ships; the test skips without it)."""
    axe = pytest.importorskip("axe_playwright_python")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(importlib.resources.files(axe).joinpath("axe.min.js").read_text())
    found = page.evaluate("options => axe.run(document, options)",
                          {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]},
                           "resultTypes": ["violations"]})["violations"]
    return [f"{v['id']}: {n['target']}" for v in found for n in v["nodes"]]
