"""Head-to-head's game selector in a real browser (Debian's chromium through Playwright,
against a real ``pokerkeys serve``): short deck chosen by mouse and by keyboard compares two
of its classes by suit-distinct matchup (adding up to its shipped 81 x 81 table), hands and
ranges, in either rule order, with each side's distribution of best hands in the rule order's
ranking; the range grid greys the classes below the six and does not paint them; the URL
keeps the game and the rules, and a bad game, rule order or side is named; axe-core finds no
WCAG violations and the page fits 390 px. Also the preflop explorer's curve for short deck:
five points where Hold'em has nine. Screenshots at desktop width and at 390 px go to
$POKERKEYS_SCREENSHOTS (default: pytest's tmp dir)."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from browser_pages import PHONE, close_page, new_page, page_fixture, server_fixture

from pokerkeys.preflop import shortdeck as sd
from pokerkeys.web.compute import headsup, headsup_plan

server = server_fixture()
page = page_fixture()  # fails its test on a script error
STRAIGHT = "straight-beats-trips"
SHORT_DECK_OUT = 169 - 81  # grid classes holding a rank below the six


def _axe(page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the page as it is now (test_web_a11y's check);
    none without the axe package, whose absence skips the accessibility tests too."""
    try:
        from test_web_a11y import axe_violations
    except pytest.skip.Exception:
        return []
    return axe_violations(page)


def _result(page, search: str) -> None:
    """Wait until the page shows the result of the address ending in `search`."""
    page.wait_for_function(f"location.search === {search!r} && "
                           "document.querySelector('#results').dataset.for === location.search",
                           timeout=60_000)


def _expected(a: str, b: str, rules: str | None = None) -> dict:
    plan = headsup_plan(a, b, "shortdeck", rules)
    return headsup(*plan, lambda *progress: None, game="shortdeck", rules=rules)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def test_short_deck_classes_by_mouse(server, page, shots):
    page.goto(server.url + "/headsup?a=AKs&b=QQ")
    _result(page, "?a=AKs&b=QQ")
    assert page.locator("#rules").is_hidden()
    page.select_option("#game", "shortdeck")
    _result(page, "?a=AKs&b=QQ&game=shortdeck")
    r = _expected("AKs", "QQ")
    assert page.locator("#rules").is_visible()
    assert page.locator("#win-a").inner_text() == _pct(r["win"][0])
    assert page.locator("#tie").inner_text() == _pct(r["tie"][0])
    assert page.locator("#win-b").inner_text() == _pct(r["win"][1])
    assert page.locator("#totals-title").inner_text().lower() == \
        "exact result, all boards: short deck (trips beat straights)"
    assert page.locator("#suit-table tbody tr").count() == len(r["matchups"]) == 2
    assert page.locator("#combo-total").inner_text() == "24"
    assert page.locator("#class-equity").get_attribute("data-equity") == repr(r["equity"])
    hint = page.locator("#suits .hint").inner_text()
    assert hint == (f"Shipped 81 × 81 table (trips beat straights): AKs "
                    f"{100 * sd.heads_up_equity('AKs', 'QQ'):.4f}% against QQ.")
    assert page.locator("#state").inner_text().startswith(
        f"Short deck (trips beat straights): AKs wins {_pct(r['win'][0])}")
    categories = page.locator("#distributions .brow .cat-label > span:last-child")
    assert categories.all_inner_texts() == [
        "Straight flush", "Four of a kind", "Flush", "Full house", "Three of a kind",
        "Straight", "Two pair", "Pair", "High card"]
    page.select_option("#rules", STRAIGHT)  # the other rule order: other figures
    _result(page, f"?a=AKs&b=QQ&game=shortdeck&rules={STRAIGHT}")
    other = _expected("AKs", "QQ", STRAIGHT)
    assert page.locator("#win-a").inner_text() == _pct(other["win"][0])
    assert categories.all_inner_texts()[4:6] == ["Straight", "Three of a kind"]
    assert "(straights beat trips)" in page.locator("#suits .hint").inner_text()
    page.locator("#distributions .expand-all").click()
    assert "Royal flush" in page.locator("#distributions").inner_text()
    page.screenshot(path=shots / "headsup-shortdeck.png", full_page=True)
    assert _axe(page) == []
    page.select_option("#game", "holdem")  # back: Hold'em's figures and address
    _result(page, "?a=AKs&b=QQ")
    assert page.locator("#rules").is_hidden()
    assert "169 × 169" in page.locator("#suits .hint").inner_text()


def test_short_deck_by_keyboard_with_the_range_grid(server, page, shots):
    page.goto(server.url + "/headsup?a=JJ&b=QQ")
    _result(page, "?a=JJ&b=QQ")
    page.locator("#game").focus()
    page.keyboard.press("ArrowDown")  # a native select changes with the arrow keys
    _result(page, "?a=JJ&b=QQ&game=shortdeck")
    page.keyboard.press("Tab")  # the rule order comes next
    assert page.evaluate("document.activeElement.id") == "rules"
    page.keyboard.press("ArrowDown")
    _result(page, f"?a=JJ&b=QQ&game=shortdeck&rules={STRAIGHT}")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "a"
    page.keyboard.press("Tab")  # hand 1's Range button opens the grid
    page.keyboard.press("Enter")
    box = page.locator("#range-box")
    # The grid shows hand 1's JJ once the server has read it: keys pressed before that would
    # paint on an empty grid.
    page.wait_for_function("[...document.querySelectorAll('#range-box .cell.on')]"
                           ".map(c => c.dataset.class).join() === 'JJ'", timeout=30_000)
    assert box.locator(".cell.out").count() == SHORT_DECK_OUT
    assert box.locator(".cell.out[aria-disabled=true]").count() == SHORT_DECK_OUT
    assert box.locator(".top-label").is_visible()  # the top-X% of short deck's 630 hands
    assert page.evaluate("document.activeElement.dataset.class") == "AA"
    for _ in range(9):  # along the aces' row to A5s, a class short deck lacks
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.class") == "A5s"
    page.keyboard.press("Enter")
    assert box.locator(".cell.on").evaluate_all("cs => cs.map(c => c.dataset.class)") == \
        ["JJ"]  # A5s not painted
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # AA joins JJ
    page.wait_for_function("document.querySelector('#a').value === 'AA,JJ'")
    assert box.locator(".range-summary").inner_text() == "12 combos, 1.9% of hands"  # of 630
    page.screenshot(path=shots / "headsup-shortdeck-range.png", full_page=True)
    assert _axe(page) == []
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.range") == "a"
    page.focus("#b")
    page.keyboard.press("Enter")
    _result(page, f"?a=AA,JJ&b=QQ&game=shortdeck&rules={STRAIGHT}")
    r = _expected("AA,JJ", "QQ", STRAIGHT)
    assert page.locator("#win-a").inner_text() == _pct(r["win"][0])


def test_hands_ranges_and_bad_addresses_on_a_phone(browser, server, shots):
    page = new_page(browser, PHONE)
    try:
        page.goto(server.url + "/headsup?a=AhKd&b=QQ%2B&game=shortdeck")
        _result(page, "?a=AhKd&b=QQ%2B&game=shortdeck")
        r = _expected("AhKd", "QQ+")
        assert page.locator("#win-a").inner_text() == _pct(r["win"][0])
        assert page.locator("#distributions .brow").count() == 9  # the hand's; none for QQ+
        assert page.locator("#distributions").inner_text().count("AhKd (AKo)") >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=shots / "headsup-shortdeck-390.png", full_page=True)
        assert _axe(page) == []
        state = page.locator("#state")
        page.goto(server.url + "/headsup?a=AKs&b=55&game=shortdeck")
        page.wait_for_selector("#state.error", timeout=60_000)
        assert state.inner_text() == ("Short deck (trips beat straights): hand 2: '55' is not "
                                      "a short-deck class (short deck plays 6 through A)")
        assert page.locator("#b").get_attribute("aria-invalid") == "true"
        assert page.locator("#win-a").inner_text() == "–"
        page.screenshot(path=shots / "headsup-shortdeck-error-390.png", full_page=True)
        assert _axe(page) == []
        page.goto(server.url + "/headsup?a=AKs&b=QQ&game=stud&rules=flush-low")
        _result(page, "?a=AKs&b=QQ")
        text = state.inner_text()
        assert 'game="stud"' in text and "Hold'em" in text
        assert 'rules="flush-low"' in text and "short deck only" in text
        assert page.locator("#game").input_value() == "holdem"
        page.goto(server.url + "/headsup?a=AKs&b=QQ&game=shortdeck&rules=flush-low")
        _result(page, "?a=AKs&b=QQ&game=shortdeck")
        assert 'rules="flush-low"' in state.inner_text()
        assert page.locator("#rules").input_value() == "trips-beat-straight"
    finally:
        close_page(page)


def test_the_preflop_curve_has_short_decks_five_points(server, page):
    page.goto(server.url + "/preflop?game=shortdeck&class=T9s")
    page.wait_for_function("document.querySelectorAll('#curve circle').length === 5",
                           timeout=30_000)
    summary = page.locator("#curve svg + p.sr-only").text_content()
    k = sd.class_index("T9s")
    first, last = sd.equity_vs_opponents()[k][[0, 4]]
    assert summary.startswith("Equity of T9s (short deck, trips beat straights) against 1 to "
                              f"5 random hands: {100 * first:.1f}% against one, "
                              f"{100 * last:.1f}% against five")
    xs = page.locator("#curve circle").evaluate_all("cs => cs.map(c => +c.getAttribute('cx'))")
    assert xs[0] == 44 and xs[-1] == 408  # the same span as Hold'em's nine points
