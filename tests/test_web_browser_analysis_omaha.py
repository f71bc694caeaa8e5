"""The range-analysis page with Omaha, in a real browser (Debian's chromium through
Playwright, against a real ``pokerkeys serve``): the game selector and its URL parameter,
Omaha hands and ranges with their hand counts, every tab, the turn x river grid of a
heads-up flop (with its table for screen readers), the flop report of two hands (and a random
hand's refusal naming the sizes), axe-core clean.
Screenshots at desktop width and at 390 px go to the shots folder."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")
pytest.importorskip("httpx")

from browser_pages import PHONE, page_fixture, server_fixture
from test_web_browser_analysis import axe_violations, open_tab, shown

server = server_fixture()
desktop = page_fixture()
phone = page_fixture(PHONE)

SPOT = "/analysis?game=omaha&p=AsKsQdJd&p=AA:$ds,JT98&board=Ts9s2d&player=1"


def test_omaha_tabs_from_a_shared_url(server, desktop, shots):
    page = desktop
    page.goto(server.url + SPOT)
    shown(page, "combos")
    assert page.locator("#game").input_value() == "omaha"
    assert page.locator("[data-edit]").count() == 0  # no 13 x 13 grid for Omaha
    assert page.locator("#editor-box").is_hidden()
    page.wait_for_function("document.querySelector('#count1').textContent.includes('hands')")
    assert "of 4 cards" in page.locator("#count1").inner_text()
    rows = page.locator("#combo-table tbody tr")
    assert rows.count() > 100
    assert len(rows.first.locator("td").first.inner_text()) == 8
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-omaha-combos.png"), full_page=True)

    open_tab(page, "classes")
    classes = page.locator("#class-table tbody tr td:first-child").all_inner_texts()
    assert "two pair" in classes and "overpair" in classes
    assert page.locator("#wins-table tbody tr").count() > 4
    assert not axe_violations(page)

    open_tab(page, "distribution")
    assert page.locator("svg.an-curve path").count() == 1

    open_tab(page, "runouts")
    assert page.locator(".an-card[data-delta]").count() == 52 - 3 - 4  # the hero's cards out
    assert page.locator("#turn-river .an-tr").count() == 45 * 45
    assert page.locator("#turn-river-table tbody tr").count() == 45
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-omaha-runouts.png"), full_page=True)
    assert "game=omaha" in page.url and "tab=runouts" in page.url



def test_omaha_flop_report(server, desktop, shots):
    page = desktop
    page.goto(server.url + "/analysis?game=omaha&p=AsKsQdJd&p=AhAcKhKc&tab=flops")
    shown(page, "flops")
    lead = page.locator("#panel-flops .an-lead").inner_text()
    assert "AsKsQdJd vs AhAcKhKc" in lead and "27.8%" in lead and "72.2%" in lead
    page.locator("#f-suits").select_option("monotone")
    page.wait_for_function(
        "document.querySelector('#flop-count').textContent.includes('495')")
    textures = page.locator("#flop-table tbody td:nth-child(5)").all_inner_texts()
    assert textures and all(t.startswith("monotone") for t in textures)
    page.locator("#flop-table button.an-sort[data-key='equity_1']").click()
    first = page.locator("#flop-table tbody tr").first.locator("td").first.inner_text()
    assert first == "Td9d8d"
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-omaha-flops.png"), full_page=True)
    assert "game=omaha" in page.url and "suits=monotone" in page.url

    # Against a random hand the report is too big: the message names the sizes.
    page.locator("#p1").fill("random")
    page.wait_for_function(
        "document.querySelector('#state').textContent.includes('more than 5,000,000,000')")


def test_switching_games_and_the_phone_width(server, phone, shots):
    page = phone
    page.goto(server.url + "/analysis?tab=runouts")
    shown(page, "runouts")
    page.locator("#game").select_option("omaha")
    page.wait_for_function("location.search.includes('game=omaha')")
    shown(page, "runouts")
    assert page.locator("#p0").input_value() == "AsKsQdJd"
    assert page.locator("#turn-river .an-tr").count() > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-omaha-runouts-phone.png"), full_page=True)
    page.locator("#p1").fill("AA:$qq")
    page.wait_for_function("document.querySelector('#count1').classList.contains('error')")
    page.locator("#game").select_option("holdem")
    shown(page, "runouts")
    assert page.locator("[data-edit]").count() == 2
    assert "game=" not in page.url
