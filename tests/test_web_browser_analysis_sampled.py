"""Sampled Omaha runouts on the range-analysis page, in a real browser (Debian's chromium
through Playwright, against a real ``pokerkeys serve``): past the exact limit (a hand against
two random hands on a flop; random against random heads-up) the runouts tab says it is Monte
Carlo with the number of matchups sampled, and shows each figure's standard error: the
equities now, each card (its label, and every player's on picking it), the turn x river grid's
range of errors and its table for screen readers. An exact answer shows none of it. axe-core
clean; screenshots at desktop width and at 390 px go to the shots folder."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")
pytest.importorskip("httpx")

from browser_pages import PHONE, page_fixture, server_fixture
from test_web_browser_analysis import axe_violations, shown

server = server_fixture()
desktop = page_fixture()
phone = page_fixture(PHONE)

THREE_WAY = "/analysis?game=omaha&p=AsKsQdJd&p=random&p=random&board=Ts9s2d&tab=runouts"
HEADS_UP = "/analysis?game=omaha&p=random&p=random&board=Ts9s2d&tab=runouts"
EXACT = "/analysis?game=omaha&p=AsKsQdJd&p=random&board=Ts9s2d&tab=runouts"
PLUS_MINUS = re.compile(r"±\s\d+\.\d\d%")  # a no-break space


def test_three_players_sampled_show_monte_carlo_and_standard_errors(server, desktop, shots):
    page = desktop
    page.goto(server.url + THREE_WAY)
    shown(page, "runouts")
    method = page.locator("#runout-method").inner_text()
    assert re.search(r"Monte Carlo\s+[\d,]+ matchups sampled", method), method
    lead = page.locator("#panel-runouts .an-lead").inner_text()
    assert len(PLUS_MINUS.findall(lead)) == 3, lead  # each player's equity now
    assert "matchups sampled" in page.locator("#state").inner_text()
    cards = page.locator(".an-card[data-delta]")
    assert cards.count() == 52 - 3 - 4
    assert PLUS_MINUS.search(cards.first.get_attribute("aria-label"))
    assert PLUS_MINUS.search(cards.first.get_attribute("title"))
    assert PLUS_MINUS.search(page.locator("#runout-card-errors").inner_text())
    # Picking a card (Enter) lists every player's equity after it with its standard error.
    cards.first.focus()  # Qs: As and Ks are the hero's
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#runout-detail').textContent !== ''")
    detail = page.locator("#runout-detail").inner_text()
    assert detail.startswith("Qs: "), detail
    assert len(PLUS_MINUS.findall(detail)) == 3, detail
    # The card-class table gives each class's equity with its own standard error.
    classes = page.locator("#runout-classes tbody tr")
    assert classes.count() > 4
    for row in (classes.first, classes.last):
        cells = row.locator("td")
        for i in range(3, 6):
            text = cells.nth(i).inner_text()
            assert re.fullmatch(r"\d+\.\d%\s±\s\d+\.\d\d%", text), text
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-omaha-runouts-sampled.png"), full_page=True)


def test_heads_up_sampled_grid_and_an_exact_answer(server, phone, shots):
    page = phone
    page.goto(server.url + HEADS_UP)
    shown(page, "runouts")
    assert "Monte Carlo" in page.locator("#runout-method").inner_text()
    hint = page.locator("#panel-runouts h3 + p.hint").last.inner_text()
    assert "Monte Carlo: standard errors" in hint and PLUS_MINUS.search(hint)
    assert page.locator("#turn-river .an-tr").count() == 49 * 49  # no known hand
    table = page.locator("#turn-river-table")
    assert "standard error" in table.locator("caption").inner_text()
    cell = table.locator("tbody tr").first.locator("td").nth(1).inner_text()
    assert re.fullmatch(r"\d+\.\d%\s±\s\d+\.\d\d%", cell), cell
    assert not axe_violations(page)
    page.screenshot(path=str(shots / "analysis-omaha-runouts-sampled-390.png"), full_page=True)

    # An exact answer looks as before: no Monte Carlo line, no standard errors.
    page.goto(server.url + EXACT)
    shown(page, "runouts")
    assert page.locator("#runout-method").count() == 0
    assert page.locator("#runout-detail").count() == 0
    assert "±" not in page.locator("#panel-runouts").inner_text()
    assert "±" not in (page.locator(".an-card[data-delta]").first.get_attribute("aria-label"))
    assert "matchups sampled" not in page.locator("#state").inner_text()


def test_what_wins_says_it_sampled_matchups(server, desktop):
    # Against two random hands the Omaha matchups are too many to list: what wins samples
    # them, each on every board to come, and says so (not "sampled boards").
    page = desktop
    page.goto(server.url + THREE_WAY.replace("tab=runouts", "tab=classes"))
    shown(page, "classes")
    text = page.locator("#panel-classes").inner_text()
    assert re.search(r"Monte Carlo: [\d,]+ matchups sampled, each on all 990 boards", text), text
