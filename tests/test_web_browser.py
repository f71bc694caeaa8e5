"""The pages in a real browser: Debian's chromium driven by Playwright, against a real
``pokerkeys serve`` process. Screenshots of every page go to $POKERKEYS_SCREENSHOTS (default:
pytest's tmp dir) to be looked at."""
from __future__ import annotations

import re
import shutil
import subprocess
import time

import pytest

pytest.importorskip("starlette")
playwright_api = pytest.importorskip("playwright.sync_api")

from web_server import LiveServer  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium "
                                                         "(apt-get install -y chromium)")


@pytest.fixture(scope="module")
def server():
    s = LiveServer()
    yield s
    s.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def equities(page) -> list[str]:
    """The equities shown once the exact results of the page's current input are in."""
    page.wait_for_function("document.querySelector('#results').dataset.for === location.search"
                           " && document.querySelector('#badge').textContent === 'EXACT'",
                           timeout=30_000)
    return [t.split("\n")[0] for t in page.locator("#results td.equity").all_inner_texts()]


def test_shareable_url_shows_the_equities(server, page, shots):
    page.goto(server.url + "/?p=AhKh&p=QsQd")
    assert equities(page) == ["46.21%", "53.79%"]
    page.goto(server.url + "/?p=AhKh&p=QsQd&board=2c7d9h&dead=5s")
    assert equities(page) == ["28.96%", "71.04%"]
    assert page.locator(".card.used").count() == 8  # every card in use greys out
    page.screenshot(path=shots / "calculator.png", full_page=True)


def test_clicked_cards_give_the_typed_result(server, page):
    page.goto(server.url + "/")
    deck = page.locator("#deck")
    for card in ("Ah", "Kh", "Qs", "Qd"):
        deck.locator(f"[data-card='{card}']").click()
    page.locator("#board").click()
    for card in ("2c", "7d", "9h"):
        deck.locator(f"[data-card='{card}']").click()
    clicked = equities(page)
    assert "p=AhKh&p=QsQd&board=2c7d9h" in page.url
    assert deck.locator("[data-card='Ah']").get_attribute("class").split() == ["card", "h",
                                                                              "used"]
    page.goto(server.url + "/?p=AhKh&p=QsQd&board=2c7d9h")
    assert equities(page) == clicked


def test_grid_range_gives_the_text_range_result(server, page, shots):
    page.goto(server.url + "/?p=AhKh&p=QQ%2B,AKs")
    typed = equities(page)
    page.goto(server.url + "/?p=AhKh&p=random")
    equities(page)
    page.locator(".player").nth(1).locator(".range-btn").click()
    grid = page.locator("#range-box .grid")
    for name in ("AA", "KK", "QQ", "AKs"):
        grid.locator(f"[data-class='{name}']").click()
    assert page.locator(".player input").nth(1).input_value() == "AA,AKs,KK,QQ"
    page.wait_for_function("document.querySelector('#results').textContent"
                           ".includes('AA,AKs,KK,QQ')")
    assert equities(page) == typed
    page.screenshot(path=shots / "calculator-range.png", full_page=True)
    page.locator("#range-box .weight").fill("0.5")  # a weight, then the same with text
    grid.locator("[data-class='JJ']").click()
    assert page.locator(".player input").nth(1).input_value() == "AA,AKs,KK,QQ,JJ:0.5"
    page.wait_for_function("document.querySelector('#results').textContent.includes('JJ:0.5')")
    weighted = equities(page)
    page.goto(server.url + "/?p=AhKh&p=QQ%2B,AKs,JJ:0.5")
    assert equities(page) == weighted != typed


def test_monte_carlo_streams_and_stop_stops(server, page, shots):
    page.goto(server.url + "/?p=AhKh&p=random&p=random&p=random&exact=0&stderr=0.00001")
    status = page.locator("#status")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('running')",
                           timeout=30_000)
    seen = set()
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        seen.add(status.inner_text())
        time.sleep(0.05)
    assert len(seen) >= 4, seen  # a few updates a second
    page.screenshot(path=shots / "calculator-monte-carlo.png", full_page=True)
    page.locator("#stop").click()
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Stopped')")
    stopped = status.inner_text()
    time.sleep(1.0)
    assert status.inner_text() == stopped
    assert re.search(r"± \d+\.\d{3}%", page.locator("#results").inner_text())
    wait_for_no_long_jobs(server, "Stop did not cancel the server's job")


def wait_for_no_long_jobs(server, message):
    import httpx
    deadline = time.perf_counter() + 10
    while httpx.get(server.url + "/api/status").json()["long_jobs_running"]:
        assert time.perf_counter() < deadline, message
        time.sleep(0.05)


def test_changing_the_input_or_closing_the_tab_cancels_the_job(server, browser):
    import httpx
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/?p=AhKh&p=random&p=random&exact=0&stderr=0.00001")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('running')",
                           timeout=30_000)
    assert httpx.get(server.url + "/api/status").json()["long_jobs_running"] == 1
    page.locator(".player input").nth(2).fill("QsQd")  # a new problem: the old job goes
    page.wait_for_function("location.search.includes('QsQd')")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('running') "
                           "&& document.querySelector('#results').textContent.includes('QsQd')",
                           timeout=30_000)
    deadline = time.perf_counter() + 10  # the old job stops at its next round
    while httpx.get(server.url + "/api/status").json()["long_jobs_running"] != 1:
        assert time.perf_counter() < deadline, "changing the input did not cancel the old job"
        time.sleep(0.05)
    context.close()  # closing the tab
    wait_for_no_long_jobs(server, "closing the tab did not cancel the server's job")


def test_preflop_grid_and_distribution(server, page, shots):
    page.goto(server.url + "/preflop")
    cells = page.locator("#grid .cell")
    assert cells.count() == 169
    # The page first shows the address's class (AKs) once its table has come: a click made
    # before that would be replaced by it.
    page.wait_for_function("document.querySelector('#detail-title').textContent === 'AKs' && "
                           "document.querySelectorAll('#distribution .brow').length === 9",
                           timeout=30_000)
    cells.locator("text=QQ").first.click()
    page.wait_for_function("document.querySelector('#detail-title').textContent === 'QQ' && "
                           "document.querySelectorAll('#distribution .brow').length === 9")
    text = page.locator("#distribution").inner_text()
    assert "Full house" in text and "Two pair" in text
    assert page.locator("#detail-equity").inner_text() == "79.93%"
    assert page.locator("#curve circle").count() == 9
    page.select_option("#opponents", "4")
    assert page.locator("#detail-sub").inner_text().endswith("against 4 random hands")
    page.screenshot(path=shots / "preflop.png", full_page=True)


def test_headsup_suit_rows_sum_to_the_class_figure(server, page, shots):
    page.goto(server.url + "/headsup?a=AKo&b=JTs")
    page.wait_for_selector("#suit-table")
    combos = [int(x) for x in page.locator("#suit-table td.combos").all_inner_texts()]
    eqs = [float(x) for x in page.locator("#suit-table td.eq").evaluate_all(
        "cells => cells.map(c => c.dataset.equity)")]
    total = float(page.locator("#class-equity").get_attribute("data-equity"))
    assert sum(combos) == 12 * 4 == int(page.locator("#combo-total").inner_text())
    weighted = sum(c * e for c, e in zip(combos, eqs, strict=False)) / sum(combos)
    assert weighted == pytest.approx(total, abs=1e-12)
    assert page.locator("#distributions .brow").count() == 9
    page.screenshot(path=shots / "headsup.png", full_page=True)


def test_dump_dom_of_the_shareable_url_shows_the_numbers(server):
    out = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                          server.url + "/?p=AhKh&p=QsQd"],
                         capture_output=True, text=True, timeout=90)
    assert "46.21%" in out.stdout and "53.79%" in out.stdout, out.stdout[-2000:]
