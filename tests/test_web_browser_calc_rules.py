"""The odds calculator's short-deck rule order, in a real browser (Debian's chromium through
Playwright, against a real ``pokerkeys serve``): the rules select shows in short deck only,
labelled; switching it recalculates to ``pk.equity``'s figures in that order (a set against a
straight draw, where the order decides), says under the table which order the result plays,
repaints an open range grid's 'N%' (15% is 92 hands when trips beat straights, 94 when
straights beat trips) and counts the players' ranges again; it works from the keyboard; the
URL carries it and a shared link restores it (its first result computed by the server in that
order); a link's bad rule order is named. axe-core clean; the page fits 390 px. Screenshots at
desktop width and at 390 px go to $POKERKEYS_SCREENSHOTS (default: pytest's tmp dir)."""
from __future__ import annotations

import contextlib

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from browser_pages import PHONE, page_fixture, results_in, server_fixture
from playwright.sync_api import expect
from test_web_browser_headsup_shortdeck import _axe  # axe-core's WCAG 2 A/AA violations
from test_web_browser_shortdeck_slider import _classes, _painted, _slide, _wait_painted

import pokerkeys as pk

server = server_fixture()
desktop = page_fixture()  # fails its test on a script error
phone = page_fixture(PHONE)
TRIPS, STRAIGHTS = "trips-beat-straight", "straight-beats-trips"
# A set of sixes against an open-ended straight draw: the order decides every board where the
# draw comes in and the set does not fill up.
SPOT = "p=6h6d&p=JcQc&board=6c9sTd"


def _figures(rules: str) -> list[str]:
    """pk.equity's equities for SPOT in that order, as the table shows them."""
    r = pk.equity(["6h6d", "JcQc"], "6c9sTd", game="shortdeck", rules=rules)
    return [f"{100 * x:.2f}%" for x in r.equity]


def _wait_search(page, fragment: str) -> None:
    page.wait_for_function(f"location.search.includes({fragment!r})", timeout=30_000)


@contextlib.contextmanager
def _rewritten(page, selector: str):
    """After the block, wait until the page has written the element's text again (the same
    words count): a wait for the answer to the block's action, where a wait for the words
    would pass on those of the previous answer."""
    page.evaluate("""selector => {
        const element = document.querySelector(selector);
        element.writesSeen = 0;
        new MutationObserver(() => { element.writesSeen++; })
            .observe(element, { childList: true, characterData: true, subtree: true });
    }""", selector)
    yield
    page.wait_for_function("selector => document.querySelector(selector).writesSeen > 0",
                           arg=selector, timeout=30_000)


def test_the_select_shows_in_short_deck_and_sets_the_equity(server, desktop, shots):
    page = desktop
    page.goto(f"{server.url}/?{SPOT}&game=holdem")
    results_in(page, "EXACT")
    assert page.locator("#rules").is_hidden()
    assert page.locator("#rules-note").is_hidden()
    page.select_option("#game", "shortdeck")
    rules = page.locator("#rules")
    assert rules.is_visible() and rules.input_value() == TRIPS
    assert page.locator("label[for=rules]").inner_text() == "rules"
    assert results_in(page, "EXACT") == _figures(TRIPS)
    assert "rules=" not in page.evaluate("location.search")  # the default is left out
    note = page.locator("#rules-note")
    assert note.inner_text() == ("Short deck, trips beat straights: three of a kind beats a "
                                 "straight.")
    page.select_option("#rules", STRAIGHTS)
    _wait_search(page, f"rules={STRAIGHTS}")
    assert results_in(page, "EXACT") == _figures(STRAIGHTS) != _figures(TRIPS)
    assert note.inner_text() == ("Short deck, straights beat trips: a straight beats three of "
                                 "a kind.")
    assert _axe(page) == []
    page.screenshot(path=shots / "calculator-shortdeck-rules.png", full_page=True)
    page.select_option("#game", "omaha")  # another game: no rule order, none in the URL
    assert rules.is_hidden()
    page.wait_for_function("!location.search.includes('rules=')", timeout=30_000)


def test_the_order_repaints_the_grid_and_recounts_the_ranges(server, desktop):
    page = desktop
    page.goto(server.url + "/?game=shortdeck&p=15%25&p=")
    page.locator("#count-1").filter(has_text="92 combos").wait_for(timeout=30_000)
    page.click("button[aria-label='Range for player 1']")
    trips = _classes(pk.Range("15%", game="shortdeck", rules=TRIPS))
    straights = _classes(pk.Range("15%", game="shortdeck", rules=STRAIGHTS))
    assert len(pk.Range("15%", game="shortdeck", rules=STRAIGHTS)) == 94
    _wait_painted(page, len(trips))
    assert _painted(page) == trips
    page.select_option("#rules", STRAIGHTS)
    _wait_painted(page, len(straights))
    assert _painted(page) == straights != trips
    page.locator("#count-1").filter(has_text="94 combos").wait_for(timeout=30_000)
    page.locator("#range-box .range-summary").filter(
        has_text="94 combos, 14.9% of hands").wait_for(timeout=30_000)
    assert page.input_value("#player-1") == "15%"  # the text stays; its reading follows
    # The slider ranks in the order chosen too.
    with _rewritten(page, "#count-1"):  # the count of the field's new text
        _slide(page, 15)  # the field gets the classes of the top 15% in this order
        page.wait_for_function("document.querySelector('#player-1').value.startsWith('AA,')",
                               timeout=30_000)
        assert _painted(page) == straights
    assert "94 combos" in page.locator("#count-1").inner_text()
    assert sorted(map(tuple, pk.Range(page.input_value("#player-1"), game="shortdeck")
                      .combos.tolist())) == \
        sorted(map(tuple, pk.Range("15%", game="shortdeck", rules=STRAIGHTS).combos.tolist()))
    with _rewritten(page, "#count-1"):  # counted again in that order
        page.select_option("#rules", TRIPS)  # the classes painted stay those classes
    assert "94 combos" in page.locator("#count-1").inner_text()


def test_the_select_from_the_keyboard(server, desktop):
    page = desktop
    page.goto(f"{server.url}/?{SPOT}&game=shortdeck")
    assert results_in(page, "EXACT") == _figures(TRIPS)
    page.focus("#game")
    page.keyboard.press("Tab")  # the rule order comes next
    assert page.evaluate("document.activeElement.id") == "rules"
    page.keyboard.press("ArrowDown")  # a native select changes with the arrow keys
    _wait_search(page, f"rules={STRAIGHTS}")
    assert results_in(page, "EXACT") == _figures(STRAIGHTS)
    # announced once the stream has ended, just after the table shows the result
    expect(page.locator("#announcer")).to_contain_text("straights beat trips", timeout=30_000)
    page.keyboard.press("ArrowUp")
    page.wait_for_function("!location.search.includes('rules=')", timeout=30_000)
    assert results_in(page, "EXACT") == _figures(TRIPS)


def test_a_shared_link_restores_the_order(server, desktop):
    page = desktop
    page.goto(f"{server.url}/?game=shortdeck&rules={STRAIGHTS}&{SPOT}")
    # The server computed the first result in that order, before any script asked.
    assert page.locator("#initial-result").count() == 1
    assert page.input_value("#rules") == STRAIGHTS
    assert results_in(page, "EXACT") == _figures(STRAIGHTS)
    assert "straights beat trips" in page.locator("#rules-note").inner_text()
    assert page.locator("#notice").is_hidden()
    # A rule order that is not one is named, and the default plays.
    page.goto(f"{server.url}/?game=shortdeck&rules=nope&{SPOT}")
    notice = page.locator("#notice")
    notice.filter(has_text='rules="nope" is not a rule order').wait_for(timeout=30_000)
    assert page.input_value("#rules") == TRIPS
    assert results_in(page, "EXACT") == _figures(TRIPS)
    # Rules with hold'em are named and ignored.
    page.goto(f"{server.url}/?rules={STRAIGHTS}&p=AhKh&p=QsQd")
    notice.filter(has_text="is a rule order of short deck").wait_for(timeout=30_000)
    assert page.locator("#rules").is_hidden()
    results_in(page, "EXACT")


def test_the_select_at_390_px(server, phone, shots):
    page = phone
    page.goto(f"{server.url}/?game=shortdeck&rules={STRAIGHTS}&{SPOT}")
    assert results_in(page, "EXACT") == _figures(STRAIGHTS)
    for selector in ("#game", "#rules", "#rules-note"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _axe(page) == []
    page.screenshot(path=shots / "calculator-shortdeck-rules-390.png", full_page=True)


def test_head_to_heads_slider_ranks_in_the_pages_order(server, desktop):
    page = desktop
    page.goto(f"{server.url}/headsup?a=15%25&b=QQ&game=shortdeck&rules={STRAIGHTS}")
    page.click("button[aria-label='Range grid for hand 1']")
    trips = _classes(pk.Range("15%", game="shortdeck", rules=TRIPS))
    straights = _classes(pk.Range("15%", game="shortdeck", rules=STRAIGHTS))
    _wait_painted(page, len(straights))
    assert _painted(page) == straights
    assert page.locator("#range-box .top-label").is_visible()
    page.select_option("#rules", TRIPS)  # the open grid reads hand 1's '15%' again
    _wait_painted(page, len(trips))
    assert _painted(page) == trips
    _slide(page, 40)
    classes = _classes(pk.Range("40%", game="shortdeck", rules=TRIPS))
    _wait_painted(page, len(classes))
    assert _painted(page) == classes
    page.wait_for_function("document.querySelector('#a').value.startsWith('AA,')",
                           timeout=30_000)
