"""The odds calculator's games in a real browser (Debian's chromium through Playwright, against
a real ``pokerkeys serve``): the game selector (by mouse and by keyboard), Omaha hands and
ranges with their count as they are typed, hi/lo shares, the game in the shareable URL, what a
change of game keeps and clears, errors naming the player and the token, and a long Omaha run
streaming and stopped. Screenshots at desktop width and at 390 px go to
$POKERKEYS_SCREENSHOTS (default: pytest's tmp dir)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from web_server import LiveServer


@pytest.fixture(scope="module")
def server(browser):  # the browser first: it skips the module without chromium
    s = LiveServer()
    yield s
    s.stop()


def _page(browser, width: int = 1280):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


@pytest.fixture
def page(browser):
    context, page, errors = _page(browser)
    yield page
    context.close()
    assert not errors, errors


def _exact(page) -> None:
    """Wait for the exact result of the page's current input."""
    page.wait_for_function("document.querySelector('#results').dataset.for === location.search"
                           " && document.querySelector('#badge').textContent === 'EXACT'",
                           timeout=60_000)


def _status_starts(page, text: str) -> None:
    """Wait (2 s at most) until the status line starts with `text`.

    The switch writes its note at once, in its change handler; the short wait only spares the
    test a read between the key press and that handler on a loaded machine.
    """
    page.wait_for_function("t => document.querySelector('#status').textContent.startsWith(t)",
                           arg=text, timeout=2_000)


def _rows(page) -> list[list[str]]:
    """The result table's cells, row by row (the equity cell without its bar)."""
    return [[c.split("\n")[0].strip() for c in row.locator("td").all_inner_texts()]
            for row in page.locator("#results tbody tr").all()]


def _axe(page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the page as it is now (none checked without the
    axe package: the accessibility tests skip then too)."""
    try:
        from test_web_a11y import axe_violations
    except pytest.skip.Exception:
        return []
    return axe_violations(page)


def _query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def test_omaha_with_a_range_shows_its_count_and_the_results(server, page, shots):
    page.goto(server.url + "/")
    page.select_option("#game", "omaha")
    assert "4 hole cards" in page.locator("#hand-hint").inner_text()
    assert page.locator(".range-btn").first.is_hidden()  # the 13 x 13 grid is hold'em's
    page.fill("#player-1", "AsKsQdJd")
    page.fill("#player-2", "AA:$ds")
    page.locator("#count-2").filter(has_text="864 hands").wait_for(timeout=30_000)
    assert page.locator("#count-2").inner_text() == "864 hands, 0.319% of 4-card hands"
    assert page.locator("#count-1").inner_text() == ""  # a hand has no count
    page.fill("#board", "Ts9s2d")
    _exact(page)
    assert [r[1] for r in _rows(page)] == ["68.86%", "31.14%"]
    assert _query(page) == {"game": ["omaha"], "p": ["AsKsQdJd", "AA:$ds"],
                            "board": ["Ts9s2d"]}
    page.screenshot(path=shots / "calculator-omaha.png", full_page=True)

    # A range that does not parse: the count names the token and its position, the status
    # line names the player.
    page.fill("#player-2", "AA1x")
    page.locator("#count-2.error").wait_for(timeout=30_000)
    assert page.locator("#count-2").inner_text() == "unknown rank '1' at position 3 in 'AA1x'"
    assert page.get_attribute("#player-2", "aria-invalid") == "true"
    page.wait_for_function("document.querySelector('#badge').textContent === 'ERROR'",
                           timeout=30_000)
    status = page.locator("#status").inner_text()
    assert status.startswith("player 2") and "'1' at position 3" in status
    assert _axe(page) == []


def test_cards_picked_for_omaha_fill_four_to_a_hand(server, page):
    page.goto(server.url + "/?game=omaha")
    for card in ("As", "Ks", "Qd", "Jd", "Ah"):  # the fifth goes to the next player
        page.click(f".card[data-card='{card}']")
    assert page.input_value("#player-1") == "AsKsQdJd"
    assert page.input_value("#player-2") == "Ah"
    # Short deck greys out the twos to fives and refuses them.
    page.select_option("#game", "shortdeck")
    assert page.input_value("#player-1") == "" and page.input_value("#player-2") == ""
    assert page.locator(".card.out").count() == 16
    assert page.get_attribute(".card[data-card='5h']", "aria-disabled") == "true"
    page.click("#player-1")
    page.click(".card[data-card='5h']", force=True)
    assert page.input_value("#player-1") == ""
    # The range grid greys out the classes below the six and paints none of them; the top-X%
    # slider ranks short deck's hands.
    page.click("button[aria-label='Range for player 1']")
    grid = page.locator("#range-box")
    assert grid.locator(".cell.out").count() == 169 - 81
    assert grid.locator(".top-label").is_visible()
    grid.locator(".cell[data-class='22']").click(force=True)
    grid.locator(".cell[data-class='T5s']").focus()
    page.keyboard.press("Enter")
    assert page.input_value("#player-1") == ""
    grid.locator(".cell[data-class='AKs']").click()
    assert page.input_value("#player-1") == "AKs"
    page.locator("#count-1").filter(has_text="combos").wait_for(timeout=30_000)
    assert page.locator("#count-1").inner_text() == "4 combos, 0.635% of hands"  # of 630
    assert _axe(page) == []


def test_hilo_shows_high_low_scoop_and_keeps_the_game_in_its_url(server, browser, shots):
    url = server.url + "/?game=omaha8&p=As2dKhKc&p=QsQdJhTc&board=3c4d9h"
    for width in (1280, 390):
        context, page, errors = _page(browser, width)
        page.goto(url)
        _exact(page)
        assert page.input_value("#game") == "omaha8"
        head = page.locator("#results thead th").all_inner_texts()
        assert head == ["Player", "Pot share", "High", "Low", "Scoop", "± std. error"]
        assert _rows(page) == [["1. As2dKhKc", "87.07%", "83.17%", "63.41%", "83.17%", "exact"],
                               ["2. QsQdJhTc", "12.93%", "16.83%", "0.00%", "9.02%", "exact"]]
        assert "63.41% of showdowns" in page.locator("#low-note").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert _axe(page) == []
        page.screenshot(path=shots / f"calculator-hilo-{width}.png", full_page=True)
        context.close()
        assert not errors, errors


def test_the_selector_works_by_keyboard_and_a_switch_says_what_it_cleared(server, page):
    page.goto(server.url + "/?p=AhKh&p=QQ%2B&board=2c7d9h&dead=3s8d")
    _exact(page)
    page.focus("#game")
    page.keyboard.press("ArrowDown")  # Hold'em -> Short deck
    assert page.input_value("#game") == "shortdeck"
    _status_starts(page, "Short deck (6+): cleared the board 2c7d9h and the dead 3s (they do "
                         "not fit this game); kept the rest.")
    assert page.input_value("#player-1") == "AhKh" and page.input_value("#player-2") == "QQ+"
    assert page.input_value("#dead") == "8d"
    _exact(page)  # AhKh against QQ+ in short deck, every board
    assert _query(page)["game"] == ["shortdeck"]
    page.keyboard.press("ArrowDown")  # -> Omaha: a 2-card hand and a hold'em range go
    assert page.input_value("#game") == "omaha"
    _status_starts(page, "Omaha (4 cards): cleared player 1's hand AhKh and player 2's range "
                         "QQ+ (they do not fit this game); kept the rest.")
    assert page.evaluate("document.activeElement.id") == "game"  # focus stays on the selector
    page.fill("#player-1", "random")
    page.fill("#player-2", "KK:$ds")
    page.locator("#count-2").filter(has_text="hands").wait_for(timeout=30_000)
    page.keyboard.press("Tab")  # out of the field; the note went with the edit
    page.wait_for_function("!document.querySelector('#status').textContent.includes('cleared')",
                           timeout=2_000)


def test_a_long_omaha_run_streams_and_stops(server, page):
    page.goto(server.url + "/?game=omaha6&p=random&p=random&p=random&p=random&exact=0"
                           "&stderr=0.00001&time=60")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith("
                           "'running:')", timeout=60_000)
    assert len(_rows(page)) == 4
    page.click("#stop")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith("
                           "'Stopped by you')", timeout=10_000)
    assert page.locator("#stop").is_disabled()


def test_a_long_hilo_run_streams_its_shares_and_stops(server, page):
    page.goto(server.url + "/?game=omaha8&p=As2dKhKc&p=random&p=random&exact=0"
                           "&stderr=0.00001&time=60")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith("
                           "'running:')", timeout=60_000)
    head = page.locator("#results thead th").all_inner_texts()
    assert head == ["Player", "Pot share", "High", "Low", "Scoop", "± std. error"]
    assert len(_rows(page)) == 3
    assert "of showdowns" in page.locator("#low-note").inner_text()
    page.click("#stop")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith("
                           "'Stopped by you')", timeout=10_000)
    assert page.locator("#stop").is_disabled()
