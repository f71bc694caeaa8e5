"""The odds calculator's top-X% slider in short deck, in a real browser (Debian's chromium
through Playwright, against a real ``pokerkeys serve``): shown in short deck, it paints the
top X% of short deck's 630 hands in the calculator's rule order (trips beat straights, as its
equity plays short deck), exactly the classes ``pk.Range("X%", game="shortdeck")`` selects;
it works from the keyboard (arrow keys, End, Home) in steps of 1%; typed 'X%' paints the same,
a card below the six is named under the grid, and a change of game with the grid open
re-paints 'X%' for the new game's ranking. Hold'em's slider is as it was. axe-core clean; the
page fits 390 px. Screenshots at desktop width and at 390 px go to $POKERKEYS_SCREENSHOTS
(default: pytest's tmp dir)."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from browser_pages import PHONE, page_fixture, server_fixture
from test_web_browser_headsup_shortdeck import _axe  # axe-core's WCAG 2 A/AA violations

import pokerkeys as pk
from pokerkeys.core.cards import format_card

server = server_fixture()
desktop = page_fixture()  # fails its test on a script error
phone = page_fixture(PHONE)
RANKS = "AKQJT98765432"
SLIDER = "#range-box input.top"
SUMMARY = "#range-box .range-summary"


def _classes(rng: pk.Range) -> set[str]:
    """The grid classes of a range's combos ('AKs', 'QQ', 'AJo'), from its cards."""
    names = set()
    for a, b in rng.combos:
        x, y = sorted((format_card(int(a)), format_card(int(b))), key=lambda c: RANKS.index(c[0]))
        names.add(x[0] + y[0] + ("" if x[0] == y[0] else "s" if x[1] == y[1] else "o"))
    return names


def _painted(page) -> set[str]:
    return set(page.locator("#range-box .cell.on").evaluate_all(
        "cells => cells.map(c => c.dataset.class)"))


def _wait_painted(page, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#range-box .cell.on').length === {count}",
                           timeout=30_000)


def _open_grid(page, url: str) -> None:
    page.goto(url)
    page.click("button[aria-label='Range for player 1']")
    page.locator("#range-box .cell").first.wait_for()


def _slide(page, value: int) -> None:
    """Moves the slider as a drag ends: its value, an input event, then a change event."""
    page.locator(SLIDER).evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('input', {bubbles: true}));"
        " el.dispatchEvent(new Event('change', {bubbles: true})); }", value)


@pytest.mark.parametrize("percent", [15, 40])
def test_the_slider_paints_short_decks_top_percent(server, desktop, shots, percent):
    page = desktop
    _open_grid(page, server.url + "/?game=shortdeck")
    slider = page.locator(SLIDER)
    assert slider.is_visible() and slider.get_attribute("step") == "1"
    assert page.locator("#range-box .cell.out").count() == 169 - 81
    expected = pk.Range(f"{percent}%", game="shortdeck")
    classes = _classes(expected)
    _slide(page, percent)
    _wait_painted(page, len(classes))
    assert _painted(page) == classes
    assert not classes & set(page.locator("#range-box .cell.out").evaluate_all(
        "cells => cells.map(c => c.dataset.class)"))
    # The player's field holds those classes, which short deck reads as the same hands.
    field = page.input_value("#player-1")
    assert sorted(map(tuple, pk.Range(field, game="shortdeck").combos.tolist())) == \
        sorted(map(tuple, expected.combos.tolist()))
    hands = len(expected)
    summary = f"{hands} combos, {100 * hands / 630:.1f}% of hands"
    page.locator(SUMMARY).filter(has_text=summary).wait_for(timeout=30_000)
    page.locator("#count-1").filter(has_text=f"{hands} combos").wait_for(timeout=30_000)
    assert page.locator("#range-box .top-value").inner_text() == f"{percent}%"
    if percent == 15:  # trips beat straights: 92 hands (94 when straights beat trips)
        assert hands == 92 != len(pk.Range("15%", game="shortdeck",
                                           rules="straight-beats-trips"))
        assert _axe(page) == []
        page.screenshot(path=shots / "calculator-shortdeck-slider.png", full_page=True)


def test_the_slider_works_from_the_keyboard(server, desktop):
    page = desktop
    _open_grid(page, server.url + "/?game=shortdeck")
    page.focus(SLIDER)
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    classes = _classes(pk.Range("5%", game="shortdeck"))
    _wait_painted(page, len(classes))
    assert _painted(page) == classes
    assert page.locator("#range-box .top-value").inner_text() == "5%"
    page.keyboard.press("ArrowLeft")
    classes = _classes(pk.Range("4%", game="shortdeck"))
    _wait_painted(page, len(classes))
    assert _painted(page) == classes
    page.keyboard.press("End")  # every short-deck hand: the 81 classes
    _wait_painted(page, 81)
    page.locator(SUMMARY).filter(has_text="630 combos, 100.0% of hands").wait_for(timeout=30_000)
    page.keyboard.press("Home")  # 0%: cleared
    _wait_painted(page, 0)
    assert page.input_value("#player-1") == ""
    assert page.evaluate("document.activeElement.matches('input.top')")


def test_typed_percent_and_a_card_below_the_six(server, desktop):
    page = desktop
    _open_grid(page, server.url + "/?game=shortdeck")
    page.fill("#range-box .range-text", "15%")
    classes = _classes(pk.Range("15%", game="shortdeck"))
    _wait_painted(page, len(classes))
    assert _painted(page) == classes
    page.fill("#range-box .range-text", "15%,55")
    summary = page.locator(SUMMARY)
    summary.filter(has_text="5c is not a short-deck card").wait_for(timeout=30_000)
    assert "error" in summary.get_attribute("class")
    assert page.get_attribute("#range-box .range-text", "aria-invalid") == "true"
    assert _painted(page) == classes  # the last good range stays


def test_a_change_of_game_repaints_the_percent(server, desktop):
    page = desktop
    _open_grid(page, server.url + "/?p=15%25&p=random")
    holdem = _classes(pk.Range("15%"))
    _wait_painted(page, len(holdem))
    assert _painted(page) == holdem
    assert page.locator(SLIDER).get_attribute("step") == "0.5"  # hold'em's slider as it was
    page.select_option("#game", "shortdeck")
    short = _classes(pk.Range("15%", game="shortdeck"))
    _wait_painted(page, len(short))
    assert _painted(page) == short != holdem
    assert page.input_value("#player-1") == "15%"
    page.locator("#count-1").filter(has_text="92 combos").wait_for(timeout=30_000)
    page.select_option("#game", "holdem")
    _wait_painted(page, len(holdem))
    assert _painted(page) == holdem
    _slide(page, 10)  # hold'em's slider still ranks hold'em's 1,326 hands
    classes = _classes(pk.Range("10%"))
    _wait_painted(page, len(classes))
    assert _painted(page) == classes


def test_the_slider_at_390_px(server, phone, shots):
    page = phone
    _open_grid(page, server.url + "/?game=shortdeck")
    page.locator(SLIDER).scroll_into_view_if_needed()
    assert page.locator(SLIDER).is_visible()
    _slide(page, 25)
    classes = _classes(pk.Range("25%", game="shortdeck"))
    _wait_painted(page, len(classes))
    assert _painted(page) == classes
    box = page.locator(SLIDER).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert _axe(page) == []
    page.screenshot(path=shots / "calculator-shortdeck-slider-390.png", full_page=True)
