"""What the web app's pages show while their requests are in flight (a real browser against a
real ``pokerkeys serve``; each test holds a request with Playwright's ``page.route`` until it
has acted on the page, so no test depends on how fast the server answers):

- the preflop explorer: a class picked before the table has come wins over the address's
  class (Hold'em), and in short deck it is kept and shown when the table comes (no error);
- the range-analysis page: Stop during a tab's first run says that there is no result yet
  (not "Working…"); an edit during a run greys the panel at once, and the older input's
  result, if it answers in the edit's wait, is never shown as the current one;
- the range grid (grid.js's RangeEditor): busy (aria-busy, greyed) until the range it opens
  on is read; neither a click nor Enter paints then, and painting afterwards adds to the
  range read.

Screenshots of the busy grid and the stopped panel at desktop width and at 390 px go to the
shots folder (``$POKERKEYS_SCREENSHOTS``)."""
from __future__ import annotations

import contextlib
import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from browser_pages import PHONE, axe_violations, page_fixture, server_fixture
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

server = server_fixture()
desktop = page_fixture()
phone = page_fixture(PHONE)

SPOT = "/analysis?p=QQ%2B,AK&p=JJ-88,AQs,KQs&board=Jh9h2c"


class Held:
    """Requests of a page whose URL matches ``pattern``, held (not sent) until released."""

    def __init__(self, page, pattern: str) -> None:
        self.page = page
        self.routes: list = []
        self.holding = True
        page.route(re.compile(pattern), self._route)

    def _route(self, route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def wait(self, count: int = 1) -> None:
        """Wait until ``count`` requests are held (each round trip lets the page's requests
        reach the handler)."""
        for _ in range(3000):
            if len(self.routes) >= count:
                return
            self.page.wait_for_timeout(10)
        raise AssertionError(f"{count} requests expected, {len(self.routes)} held")

    def release(self) -> None:
        """Sends the held requests and lets later ones through."""
        self.holding = False
        for route in self.routes:
            with contextlib.suppress(PlaywrightError):  # the page aborted it meanwhile
                route.continue_()
        self.routes.clear()


def announced_class(page) -> str:
    """Wait until the preflop explorer's status line gives a class's figures (it does once
    the table and the class are both there); returns the class it names."""
    page.wait_for_function(
        "/ against \\d random hands?: equity /.test(document.querySelector('#state').textContent)",
        timeout=30_000)
    text = page.locator("#state").inner_text()
    return re.search(r"(\w+) against \d random hand", text).group(1)


# ------------------------------------------------------------------ the preflop explorer
def test_a_class_picked_before_the_table_wins_over_the_address(server, desktop):
    page = desktop
    held = Held(page, r"/api/preflop$")
    page.goto(server.url + "/preflop?class=AKs")
    held.wait()
    page.locator("#grid [data-class='QQ']").click()  # the grid is drawn, the table not there
    expect(page.locator("#grid [data-class='QQ']")).to_have_attribute("aria-selected", "true")
    held.release()
    assert announced_class(page) == "QQ"
    expect(page.locator("#detail-title")).to_have_text("QQ")
    assert "class=QQ" in page.evaluate("location.search")
    assert page.locator("#grid .cell.sel").all_inner_texts()[0].startswith("QQ")
    assert not page.errors


def test_a_short_deck_class_picked_before_the_table_is_kept(server, desktop):
    page = desktop
    held = Held(page, r"/api/preflop\?")
    page.goto(server.url + "/preflop?game=shortdeck")
    held.wait()
    page.locator("#grid [data-class='KK']").click()
    page.keyboard.press("ArrowRight")  # to KQs, picked by Enter: the last pick wins
    page.keyboard.press("Enter")
    expect(page.locator("#grid [data-class='KQs']")).to_have_attribute("aria-selected", "true")
    assert not page.errors  # short deck's panel is built from the table: nothing read yet
    held.release()
    assert announced_class(page) == "KQs"
    expect(page.locator("#detail-title")).to_have_text("KQs")
    assert "class=KQs" in page.evaluate("location.search")
    assert not page.errors


# ------------------------------------------------------------------ the range-analysis page
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_stop_in_the_first_run_says_there_is_no_result(server, request, shots, width):
    page = request.getfixturevalue(width)
    held = Held(page, r"/api/analysis/")
    page.goto(server.url + "/analysis?p=random&p=random&tab=flops")
    held.wait()
    panel = page.locator("#panel-flops")
    expect(panel).to_have_text("Working…")
    page.locator("#stop").click()
    expect(page.locator("#state")).to_have_text("Stopped.")
    expect(panel).to_have_text("Stopped: no result yet. Analyse to run it again.")
    assert panel.get_attribute("aria-busy") == "false"
    assert "stale" not in panel.get_attribute("class")
    assert not axe_violations(page)
    page.screenshot(path=str(shots / f"inflight-analysis-stopped-{width}.png"), full_page=True)
    # Analyse runs it again (held too), and Stop stops it again.
    page.locator("#go").click()
    expect(panel).to_have_text("Working…")
    held.wait(2)
    page.locator("#stop").click()
    expect(panel).to_have_text("Stopped: no result yet. Analyse to run it again.")
    held.release()  # both were aborted by Stop, in the page
    assert not page.errors


def test_an_edit_in_a_run_greys_the_panel_and_drops_the_older_result(server, desktop):
    page = desktop
    held = Held(page, r"/api/analysis/")
    page.goto(server.url + SPOT)
    held.wait()
    # The older input's answer, fetched now and given to the page the moment the input has
    # changed: it comes well inside the edit's 600 ms wait.
    older = held.routes[0]
    answer = older.fetch()
    assert answer.ok
    # Every result the panel shows as current, with the board in the field at that moment.
    page.evaluate("""() => {
        const panel = document.querySelector('#panel-combos');
        window.shownFor = [];
        new MutationObserver(() => {
            if (panel.dataset.for && !panel.classList.contains('stale')) {
                window.shownFor.push([panel.dataset.for, document.querySelector('#board').value]);
            }
        }).observe(panel, { attributes: true, childList: true });
    }""")
    page.locator("#board").fill("Jh9h3c")
    assert "stale" in page.locator("#panel-combos").get_attribute("class")  # at once
    held.holding = False
    with contextlib.suppress(PlaywrightError):  # the edit aborted it
        older.fulfill(response=answer)
    page.wait_for_function(
        "document.querySelector('#panel-combos').dataset.for === location.search"
        " && location.search.includes('Jh9h3c')", timeout=60_000)
    shown = page.evaluate("window.shownFor")
    assert shown, "the new input's result was never shown"
    for where, board in shown:
        assert f"board={board}" in where, (where, board)
    assert "on Jh 9h 3c" in page.locator("#panel-combos .an-lead").inner_text()
    assert not page.errors


def test_stop_after_an_edit_keeps_the_older_result_greyed(server, desktop):
    page = desktop
    held = Held(page, r"/api/analysis/")
    held.holding = False
    page.goto(server.url + SPOT)
    page.wait_for_function(
        "document.querySelector('#panel-combos').dataset.for === location.search", timeout=60_000)
    held.holding = True
    page.locator("#board").fill("Jh9h3c")
    held.wait()  # the new input's run has started
    page.locator("#stop").click()
    expect(page.locator("#state")).to_have_text("Stopped.")
    panel = page.locator("#panel-combos")
    assert "stale" in panel.get_attribute("class")  # Jh9h2c's result, greyed
    assert panel.get_attribute("data-for") is None
    assert "on Jh 9h 2c" in page.locator("#panel-combos .an-lead").inner_text()
    assert not axe_violations(page)  # greyed without fading its text below 4.5:1
    held.release()
    assert not page.errors


# ------------------------------------------------------------------ the range grid
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_range_grid_is_busy_until_its_range_is_read(server, request, shots, width):
    page = request.getfixturevalue(width)
    held = Held(page, r"/api/range\?")
    page.goto(server.url + SPOT)
    held.wait()
    grid = page.locator("#range-box .grid")
    expect(grid).to_have_attribute("aria-busy", "true")
    expect(page.locator("#range-box .range-summary")).to_have_text("reading the range…")
    # The analysis has its result (its panel greyed while it runs is not what is looked at).
    page.wait_for_function(
        "document.querySelector('#panel-combos').dataset.for === location.search", timeout=60_000)
    page.screenshot(path=str(shots / f"inflight-range-grid-busy-{width}.png"), full_page=True)
    assert not axe_violations(page)
    # Neither a click, a drag nor Enter paints while the range is read.
    page.locator("#range-box [data-class='TT']").click()
    page.locator("#range-box [data-class='99']").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+ArrowRight")
    assert page.locator("#p0").input_value() == "QQ+,AK"
    assert page.locator("#range-box .cell.on").count() == 0
    held.release()
    expect(grid).to_have_attribute("aria-busy", "false")
    expect(page.locator("#range-box .range-summary")).to_contain_text("34 combos")
    assert page.locator("#range-box .cell.on").count() == 5
    # Then painting adds to the range read.
    page.locator("#range-box [data-class='TT']").click()
    page.wait_for_function("document.querySelector('#p0').value.includes('TT')")
    painted = set(page.locator("#p0").input_value().split(","))
    assert painted == {"AA", "AKs", "AKo", "KK", "QQ", "TT"}
    assert not page.errors
