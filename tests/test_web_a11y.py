"""The web app without a mouse and with a screen reader, in a real browser (Debian's chromium
through Playwright, against a real ``pokerkeys serve``).

axe-core (the ``axe.min.js`` that the ``axe-playwright-python`` package ships, injected into
the page: no download at test time) checks every page, in its states with results shown, at
desktop and phone width, against WCAG 2 A and AA (tags wcag2a, wcag2aa): no violations. The
keyboard tests work the card picker, the range grid and the preflop grid with arrow keys,
Enter and Space, and check the focus ring; screenshots of each go to the shots folder
(``$POKERKEYS_SCREENSHOTS``)."""
from __future__ import annotations

import importlib.resources

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")
axe_package = pytest.importorskip("axe_playwright_python")

from browser_pages import (  # noqa: E402
    PHONE,
    close_page,
    new_page,
    page_fixture,
    results_in,
    server_fixture,
    until,
)

AXE_JS = importlib.resources.files(axe_package).joinpath("axe.min.js").read_text()
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]},
               "resultTypes": ["violations"]}


@pytest.fixture(params=["desktop", "phone"])
def page(browser, request):
    p = new_page(browser, PHONE if request.param == "phone" else None)
    p.width_name = request.param
    yield p
    close_page(p)


desktop = page_fixture()
server = server_fixture()


def axe_violations(page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the page as it is now, one line per element."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_JS)
    found = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)["violations"]
    return [f"{v['id']} ({v['help']}): {n['target']} {n['failureSummary']}"
            for v in found for n in v["nodes"]]


# Each state: a URL, then what to do there before axe looks.
def calc_results(p):
    results_in(p, "EXACT")


def calc_range_editor(p):
    results_in(p)
    p.locator("#player-2 ~ .buttons .range-btn").click()
    p.locator("#range-box .weight").fill("0.5")
    p.locator("#range-box [data-class='JJ']").click()
    p.locator("#range-box .range-text").fill(p.locator("#range-box .range-text").input_value()
                                            + ",AhQh")
    p.wait_for_function("document.querySelector('#range-box .cell.part') !== null")


def calc_error_keeps_table(p):
    results_in(p, "EXACT")
    p.locator("#player-2").fill("QsQx")
    p.wait_for_function("document.querySelector('#badge').textContent === 'ERROR'")
    p.wait_for_selector("#stale-note:not([hidden])")


def calc_link_problems(p):
    p.wait_for_selector("#notice:not([hidden])")
    results_in(p)


def calc_card_pending(p):
    results_in(p)
    p.locator("#player-2").click()
    p.locator("#deck [data-card='Js']").click()


def preflop_class(p):
    p.wait_for_function("document.querySelector('#grid .cell.sel') !== null", timeout=30_000)
    p.wait_for_timeout(500)  # the class's distribution and curve


headsup_result = until("(document.querySelector('#win-a') || document.querySelector('#eq-a'))"
                       ".textContent.includes('%')")


def headsup_range_editor(p):
    headsup_result(p)
    p.locator("[data-range='b']").click()
    p.wait_for_function("document.querySelectorAll('#range-box .cell.on').length > 0")


STATES = {
    "calc-empty": ("/", until("document.querySelector('#status').textContent"
                              ".startsWith('Give')")),
    "calc-results": ("/?p=AhKh&p=QsQd&board=2c7d9h&dead=5s", calc_results),
    "calc-range-editor": ("/?p=AhKh&p=QQ%2B,AKs", calc_range_editor),
    "calc-error": ("/?p=AhKh&p=QsQd", calc_error_keeps_table),
    "calc-link-problems": ("/?p=AhKh&p=QsQd&exact=5&stderr=abc&zz=1", calc_link_problems),
    "calc-time-limit": ("/?p=AhKh&p=random&p=random&exact=0&stderr=0.00001&time=1",
                        until("document.querySelector('#status').textContent"
                              ".includes('stopped by the time limit')")),
    "calc-card-pending": ("/?p=AhKh&p=QQ%2B,AKs", calc_card_pending),
    "preflop": ("/preflop", preflop_class),
    "preflop-class": ("/preflop?class=QQ&n=4", preflop_class),
    "headsup-classes": ("/headsup?a=AKo&b=JTs", headsup_result),
    "headsup-range": ("/headsup?a=AhKh&b=QQ%2B,AKs", headsup_range_editor),
}


@pytest.mark.parametrize("state", list(STATES))
def test_axe_finds_no_wcag_violations(server, page, shots, state):
    url, ready = STATES[state]
    page.goto(server.url + url)
    ready(page)
    page.screenshot(path=shots / f"a11y-{state}-{page.width_name}.png", full_page=True)
    assert axe_violations(page) == []
    if page.width_name == "phone":  # and no sideways scrolling at 390 px
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def focused(page) -> dict:
    """The focused element: its data attributes, role, name and outline."""
    return page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return {card: e.dataset.card || null, cls: e.dataset.class || null,
                role: e.getAttribute('role'), label: e.getAttribute('aria-label'),
                text: e.textContent.trim(), outline: s.outlineStyle,
                width: parseFloat(s.outlineWidth)}; }""")


def tab_to(page, predicate_js: str, limit: int = 60) -> None:
    """Presses Tab until the focused element satisfies predicate_js (an expression on e)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(e => {predicate_js})(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached {predicate_js}")


def test_the_card_picker_works_by_keyboard(server, desktop, shots):
    page = desktop
    page.goto(server.url + "/")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Give')")
    for name in ("Player 1", "Player 2", "Board", "Dead"):  # labelled fields
        assert page.get_by_label(name, exact=True).count() == 1, name
    page.get_by_label("Dead").focus()
    tab_to(page, "e.getAttribute('role') === 'gridcell'")  # the deck is one tab stop
    assert focused(page)["card"] == "As"
    page.keyboard.press("Escape")  # back to the field it fills
    assert page.evaluate("document.activeElement.id") == "dead"
    page.get_by_label("Player 1", exact=True).focus()
    page.keyboard.press("Enter")  # Enter in a field goes to the cards
    first = focused(page)
    assert first["card"] == "As" and first["label"] == "Ace of spades"
    names = page.locator("#deck [role=gridcell]").evaluate_all(
        "cs => cs.map(c => c.getAttribute('aria-label'))")
    assert len(set(names)) == 52 and "Ten of diamonds" in names  # every card, named
    assert page.locator("#deck [tabindex='0']").count() == 1  # one tab stop, roving
    assert first["outline"] != "none" and first["width"] >= 2  # a visible focus ring
    page.keyboard.press("ArrowRight")
    assert focused(page)["card"] == "Ks"
    page.keyboard.press("Enter")  # Enter picks the card into the highlighted field
    assert page.locator("#player-1").input_value() == "Ks"
    page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")  # and Space
    assert page.locator("#player-1").input_value() == "KsKh"
    assert page.locator("#deck [data-card='Kh']").get_attribute("aria-selected") == "false"
    page.keyboard.press("End")
    assert focused(page)["card"] == "2h"
    page.keyboard.press("Control+End")
    assert focused(page)["card"] == "2c"
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    assert page.locator("#player-2").input_value() == "AcAh"
    page.screenshot(path=shots / "a11y-keyboard-cards.png", full_page=True)
    page.keyboard.press("Enter")  # Enter again takes the card back
    assert page.locator("#player-2").input_value() == "Ac"
    page.keyboard.press("Escape")  # back to the field, and Enter returns to the same card
    assert page.evaluate("document.activeElement.id") == "player-2"
    page.keyboard.press("Enter")
    assert focused(page)["card"] == "Ah"
    page.keyboard.press("Enter")
    results_in(page)
    page.wait_for_function("document.querySelector('#announcer').textContent"  # said aloud
                           ".includes('player 1, KsKh')")


def test_the_range_grid_works_by_keyboard(server, desktop, shots):
    page = desktop
    page.goto(server.url + "/?p=AhKh&p=random")
    results_in(page)
    range_button = page.get_by_role("button", name="Range for player 2")
    range_button.focus()
    page.keyboard.press("Enter")  # opens the editor and moves focus into its grid
    grid = page.get_by_role("grid", name="Range")
    assert grid.count() == 1
    cell = focused(page)
    assert (cell["role"], cell["cls"], cell["text"]) == ("gridcell", "AA", "AA")
    assert grid.get_by_role("gridcell").count() == 169
    assert grid.get_by_role("row").count() == 13
    assert grid.locator("[tabindex='0']").count() == 1
    assert cell["outline"] != "none" and cell["width"] >= 2
    page.keyboard.press("Enter")  # toggles AA
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")  # extends: AQs painted, AKs skipped
    page.keyboard.press("Shift+ArrowRight")
    assert page.locator("#player-2").input_value() == "AA,AQs,AJs"
    assert page.locator("#range-box [data-class='AQs']").get_attribute("aria-selected") == "true"
    assert page.locator("#range-box [data-class='AKs']").get_attribute("aria-selected") == "false"
    page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")  # Space toggles too
    assert page.locator("#player-2").input_value() == "AA,AQs,AJs,KJs"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # and takes a class out again
    assert page.locator("#player-2").input_value() == "AA,AQs,KJs"
    page.screenshot(path=shots / "a11y-keyboard-range.png", full_page=True)
    assert "combos" in page.locator("#range-box .range-summary").inner_text()
    assert range_button.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")  # closes the editor; focus goes back to the field
    assert page.locator("#range-editor").is_hidden()
    assert page.evaluate("document.activeElement.id") == "player-2"
    assert range_button.get_attribute("aria-expanded") == "false"


def test_the_preflop_grid_works_by_keyboard(server, desktop, shots):
    page = desktop
    page.goto(server.url + "/preflop")
    page.wait_for_function("document.querySelector('#grid .cell.sel') !== null", timeout=30_000)
    page.locator("#grid .cell").first.focus()
    assert focused(page)["cls"] == "AA"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    cell = focused(page)
    assert cell["cls"] == "QQ" and cell["outline"] != "none" and cell["width"] >= 2
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#detail-title').textContent === 'QQ'")
    assert page.locator("#grid [data-class='QQ']").get_attribute("aria-selected") == "true"
    assert page.locator("#grid [aria-selected='true']").count() == 1
    page.screenshot(path=shots / "a11y-keyboard-preflop.png", full_page=True)
