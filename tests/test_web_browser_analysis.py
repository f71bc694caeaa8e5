"""The range-analysis page in a real browser (Debian's chromium through Playwright, against a
real ``pokerkeys serve``): it rebuilds itself from its URL, each tab shows its view, the flop
table sorts and filters, errors show in the status line, a long run streams its progress and
stops, the keyboard works the tabs and the grids, and axe-core finds no WCAG 2 A/AA
violation. Screenshots at desktop width and at 390 px go to the shots folder
(``$POKERKEYS_SCREENSHOTS``)."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")
httpx = pytest.importorskip("httpx")

from browser_pages import (  # noqa: E402
    PHONE,
    axe_violations,
    page_fixture,
    server_fixture,
    stop_when_progress_shows,
)
from playwright.sync_api import expect  # noqa: E402

server = server_fixture()
desktop = page_fixture()
phone = page_fixture(PHONE)

SPOT = "/analysis?p=QQ%2B,AK&p=JJ-88,AQs,KQs&board=Jh9h2c"


def shown(page, tab: str, timeout: int = 60_000) -> None:
    """Wait until the tab's panel shows the result of the page's current URL."""
    page.wait_for_function(
        f"document.querySelector('#panel-{tab}').dataset.for === location.search",
        timeout=timeout)


def hero_range_on_the_grid(page) -> None:
    """Wait until the grid shows the hero's range of SPOT (the server reads it, after the
    page has loaded)."""
    expect(page.locator("#range-box .range-summary")).to_contain_text("34 combos",
                                                                      timeout=30_000)


def open_tab(page, tab: str) -> None:
    page.locator(f"#tab-{tab}").click()
    shown(page, tab)


def test_every_tab_shows_its_view_from_a_shared_url(server, desktop, shots):
    page = desktop
    page.goto(server.url + SPOT)
    shown(page, "combos")
    assert page.locator("#p0").input_value() == "QQ+,AK"
    assert page.locator("#p1").input_value() == "JJ-88,AQs,KQs"
    assert page.locator("header nav a[aria-current='page']").get_attribute("href") == "/analysis"
    # QQ+,AK: 5 starting hands coloured, the other 164 greyed.
    assert page.locator("#combo-grid .cell.out").count() == 164
    assert page.locator("#combo-grid [data-class='AA']").get_attribute("aria-label") \
        .startswith("AA, equity ")
    page.locator("#combo-grid [data-class='KK']").click()
    assert page.locator("#combo-detail").inner_text().startswith("KK: 6 combos")
    # The hero's range is on the grid of grid.js, with its combo count.
    hero_range_on_the_grid(page)
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-combos.png"), full_page=True)

    open_tab(page, "classes")
    assert "tab=classes" in page.url
    classes = page.locator("#class-table tbody tr td:first-child").all_inner_texts()
    assert "overpair" in classes and "nut flush draw" in classes
    assert page.locator("#wins-table tbody tr").count() > 4
    page.screenshot(path=str(shots / "analysis-classes.png"), full_page=True)

    open_tab(page, "distribution")
    assert page.locator("svg.an-curve path").count() == 1
    assert page.locator("#at-least tbody tr").count() == 4
    page.screenshot(path=str(shots / "analysis-distribution.png"), full_page=True)

    open_tab(page, "runouts")
    assert page.locator(".an-card[data-delta]").count() == 52 - 3 - 0  # no known hand cards
    assert "on the board" in page.locator(".an-card.used").first.get_attribute("aria-label")
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-runouts.png"), full_page=True)

    open_tab(page, "flops")
    count = page.locator("#flop-count").inner_text()
    page.locator("#f-suits").select_option("monotone")
    assert page.locator("#flop-count").inner_text() != count
    textures = page.locator("#flop-table tbody td:nth-child(5)").all_inner_texts()
    assert textures and all(t.startswith("monotone") for t in textures)
    page.locator("#flop-table button.an-sort[data-key='equity_2']").click()
    column = page.locator("#flop-table th[data-key='equity_2']")
    assert column.get_attribute("aria-sort") == "descending"
    values = [float(t.split("\n")[-1].rstrip("%"))
              for t in page.locator("#flop-table tbody td:nth-child(4)").all_inner_texts()]
    assert values == sorted(values, reverse=True) and len(values) == 100
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-flops.png"), full_page=True)

    # The URL rebuilds the page: a reload keeps the spot, the tab, the sort and the filters.
    assert "suits=monotone" in page.url and "sort=equity_2" in page.url
    page.reload()
    shown(page, "flops")
    assert page.locator("#tab-flops").get_attribute("aria-selected") == "true"
    assert page.locator("#f-suits").input_value() == "monotone"
    assert page.locator("#flop-table th[data-key='equity_2']").get_attribute("aria-sort") \
        == "descending"


def test_phone_width(server, phone, shots):
    page = phone
    page.goto(server.url + SPOT + "&player=1&tab=runouts")
    shown(page, "runouts")
    assert page.locator("#player").input_value() == "1"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.screenshot(path=str(shots / "analysis-runouts-phone.png"), full_page=True)
    open_tab(page, "combos")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-combos-phone.png"), full_page=True)


def test_errors_show_in_the_status_line(server, desktop):
    page = desktop
    page.goto(server.url + "/analysis?p=AhKh&p=QQ&board=Jh9h&tab=runouts")
    page.wait_for_function("document.querySelector('#state').classList.contains('error')")
    assert "runouts needs a flop or a turn" in page.locator("#state").inner_text()
    assert page.locator("#board").get_attribute("aria-invalid") == "true"
    page.locator("#board").fill("Jh9h2c")
    page.locator("#p1").fill("QQ+,zz")
    page.wait_for_function("document.querySelector('#state').textContent.includes('zz')")
    assert page.locator("#p1").get_attribute("aria-invalid") == "true"
    # A range emptied by the board.
    page.goto(server.url + "/analysis?p=AhKh&p=JJ&board=JdJsJc&tab=runouts")
    page.wait_for_function("document.querySelector('#state').classList.contains('error')")
    assert "player 2" in page.locator("#state").inner_text()


def test_keyboard_and_the_range_grid(server, desktop):
    page = desktop
    page.goto(server.url + SPOT)
    shown(page, "combos")
    page.locator("#tab-combos").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "tab-classes"
    shown(page, "classes")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.id") == "tab-flops"
    shown(page, "flops")
    page.locator("#tab-combos").click()
    shown(page, "combos")
    # Painting TT on the grid with the keyboard adds it to the hero's range and reruns (once
    # the grid shows that range: painted before, TT would replace it).
    hero_range_on_the_grid(page)
    page.locator("#range-box [data-class='AA']").focus()
    for _ in range(4):
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.class") == "TT"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#p0').value.includes('TT')")
    page.wait_for_function("location.search.includes('TT')")
    shown(page, "combos")
    assert page.locator("#combo-grid .cell.out").count() == 163


def test_a_long_run_streams_progress_and_stops(server, desktop, shots):
    page = desktop
    page.goto(server.url + "/analysis?p=random&p=random&tab=flops")
    stop_when_progress_shows(page)  # in the page: a click from here could come too late
    page.wait_for_function("document.querySelector('#state').textContent === 'Stopped.'")
    assert page.locator("#stop").is_disabled()
    page.screenshot(path=str(shots / "analysis-stopped.png"))
    end = time.monotonic() + 10
    while httpx.get(server.url + "/api/status").json()["long_jobs_running"] and \
            time.monotonic() < end:
        time.sleep(0.1)
    assert httpx.get(server.url + "/api/status").json()["long_jobs_running"] == 0
