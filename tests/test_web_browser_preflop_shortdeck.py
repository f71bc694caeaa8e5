"""The preflop explorer's game selector in a real browser (Debian's chromium through Playwright,
against a real ``pokerkeys serve``): short deck chosen by mouse and by keyboard draws its 81
classes on a 9 x 9 grid with figures with and without ties against 1 to 5 hands and each
class's exact distribution of best hands (categories in the rule order's ranking, opening onto
rank buckets), in either rule order; the shareable URL keeps the game and the rules; a bad game
in the URL is named and Hold'em shown; axe-core finds no WCAG violations, and the page fits
390 px. Screenshots at desktop width and at 390 px
go to $POKERKEYS_SCREENSHOTS (default: pytest's tmp dir)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from browser_pages import PHONE, close_page, new_page, server_fixture

import pokerkeys as pk
from pokerkeys.web.compute import preflop_table

try:
    from test_web_a11y import axe_violations
except pytest.skip.Exception:  # no axe package: the accessibility tests skip too
    axe_violations = None

server = server_fixture()


def _open(browser, viewport=None):
    """A page (new_page) whose console errors fail the test too, like its script errors."""
    page = new_page(browser, viewport)
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return page


@pytest.fixture
def page(browser):
    p = _open(browser)
    yield p
    close_page(p)


def _axe(page) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the page as it is now (none without axe)."""
    return axe_violations(page) if axe_violations else []


def _query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def _shown(page, title: str, cells: int) -> None:
    """Wait until the grid has `cells` classes and the detail panel shows `title`."""
    page.wait_for_function(f"document.querySelectorAll('#grid .cell').length === {cells} && "
                           f"document.querySelector('#detail-title').textContent === '{title}'",
                           timeout=30_000)


def _back_to_holdem(page) -> None:
    """Wait until a change to Hold'em is done: its grid drawn, its class's distribution (of
    2,118,760 boards: Hold'em's answer, not short deck's) shown and the address written
    (the last step of picking a class)."""
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 169 && "
                           "document.querySelectorAll('#distribution .brow').length === 9 && "
                           "!location.search.includes('game=')", timeout=30_000)


def _figure(table: dict, name: str, n: int, measure: str = "equity") -> str:
    values = table[f"{measure}_vs_opponents"]
    return f"{100 * values[table['classes'].index(name)][n - 1]:.2f}%"


def test_short_deck_by_mouse_draws_the_9x9_grid(server, page, shots):
    page.goto(server.url + "/preflop?class=QQ")
    _shown(page, "QQ", 169)
    assert page.locator("#rules").is_hidden()
    page.select_option("#game", "shortdeck")
    _shown(page, "QQ", 81)
    table = preflop_table("shortdeck")
    rows = page.locator("#grid [role=row]")
    assert rows.count() == 9
    assert rows.first.locator("[role=gridcell]").all_inner_texts()[0].startswith("AA")
    assert page.locator("#grid [role=gridcell]").evaluate_all(
        "cs => cs.map(c => c.dataset.class)") == table["classes"]
    columns = page.locator("#grid").evaluate(
        "g => getComputedStyle(g).gridTemplateColumns.split(' ').length")
    assert columns == 9
    assert page.locator("#opponents option").count() == 5
    assert page.locator("#measure option[value=win]").is_enabled()
    assert page.locator("#detail-win-box").is_visible()
    assert page.locator("#detail-equity").inner_text() == _figure(table, "QQ", 1)
    assert page.locator("#detail-win").inner_text() == _figure(table, "QQ", 1, "win")
    assert page.locator("#distribution .brow").count() == 9
    assert page.locator("#curve tbody tr").count() == 5
    assert page.locator("#curve thead th").all_inner_texts() == [
        "opponents", "equity", "without ties", "fair share"]
    assert page.locator("#rules").is_visible()
    assert _query(page) == {"class": ["QQ"], "n": ["1"], "game": ["shortdeck"]}
    assert "Short deck (trips beat straights): 81 classes" in page.locator("#state").inner_text()
    page.select_option("#opponents", "3")
    assert page.locator("#detail-equity").inner_text() == _figure(table, "QQ", 3)
    page.select_option("#rules", "straight-beats-trips")
    other = preflop_table("shortdeck", "straight-beats-trips")
    page.wait_for_function("document.querySelector('#detail-sub').textContent"
                           ".includes('straights beat trips')")
    assert page.locator("#detail-equity").inner_text() == _figure(other, "QQ", 3)
    assert _query(page)["rules"] == ["straight-beats-trips"]
    page.locator("#grid [data-class='T9s']").click()
    _shown(page, "T9s", 81)
    page.screenshot(path=shots / "preflop-shortdeck.png", full_page=True)
    assert _axe(page) == []
    page.select_option("#game", "holdem")  # back: Hold'em's grid, its panel and its URL
    _back_to_holdem(page)
    _shown(page, "T9s", 169)
    assert page.locator("#opponents option").count() == 9
    assert "game" not in _query(page) and "rules" not in _query(page)


def test_the_heads_up_matrix_view(server, page, shots):
    page.goto(server.url + "/preflop?game=shortdeck&class=AKs&measure=vs")
    _shown(page, "AKs", 81)
    table = preflop_table("shortdeck")
    title = page.locator("#grid-title")
    assert title.text_content() == "Heads-up equity of AKs against each class (exact)"
    assert page.locator("#opponents").is_disabled()
    label = page.locator("#grid [data-class='66']").get_attribute("aria-label")
    assert label == f"66, AKs against it {100 * table['heads_up'][1][80]:.1f}%"  # 58.4%
    page.locator("#grid [data-class='66']").click()  # the view follows the chosen class
    _shown(page, "66", 81)
    assert title.text_content() == "Heads-up equity of 66 against each class (exact)"
    label = page.locator("#grid [data-class='AKs']").get_attribute("aria-label")
    assert label == f"AKs, 66 against it {100 * table['heads_up'][80][1]:.1f}%"
    assert _query(page)["measure"] == ["vs"]
    page.screenshot(path=shots / "preflop-shortdeck-heads-up.png", full_page=True)
    page.select_option("#game", "holdem")  # Hold'em's answer has no matrix
    _back_to_holdem(page)
    _shown(page, "66", 169)
    assert page.locator("#measure").input_value() == "equity"
    assert page.locator("#measure option[value=vs]").is_disabled()
    assert "no heads-up matrix" in page.locator("#state").inner_text()


def test_short_deck_by_keyboard(server, page):
    page.goto(server.url + "/preflop")
    _shown(page, "AKs", 169)
    page.locator("#game").focus()
    page.keyboard.press("ArrowDown")  # a native select changes with the arrow keys
    _shown(page, "AKs", 81)
    page.keyboard.press("Tab")  # the rule order comes next
    assert page.evaluate("document.activeElement.id") == "rules"
    page.locator("#grid .cell").first.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    _shown(page, "KQs", 81)  # row K, column Q of the 9 x 9 grid
    assert page.locator("#grid [aria-selected='true']").count() == 1
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    _shown(page, "K6s", 81)


def test_the_url_keeps_the_game_and_names_a_bad_one(server, page):
    page.goto(server.url + "/preflop?class=T9s&n=4&game=shortdeck&rules=straight-beats-trips")
    _shown(page, "T9s", 81)
    assert page.locator("#game").input_value() == "shortdeck"
    assert page.locator("#rules").input_value() == "straight-beats-trips"
    table = preflop_table("shortdeck", "straight-beats-trips")
    assert page.locator("#detail-equity").inner_text() == _figure(table, "T9s", 4)
    page.reload()
    _shown(page, "T9s", 81)
    assert page.locator("#rules").input_value() == "straight-beats-trips"
    page.goto(server.url + "/preflop?game=stud&n=9")
    _shown(page, "AKs", 169)
    state = page.locator("#state")
    assert 'game="stud"' in state.inner_text() and "Hold'em" in state.inner_text()
    assert page.locator("#game").input_value() == "holdem"
    page.goto(server.url + "/preflop?game=shortdeck&rules=flush-low")
    _shown(page, "AKs", 81)
    assert 'rules="flush-low"' in state.inner_text()
    assert page.locator("#rules").input_value() == "trips-beat-straight"
    assert "rules" not in _query(page)
    page.goto(server.url + "/preflop?rules=straight-beats-trips")
    _shown(page, "AKs", 169)
    assert "short deck only" in state.inner_text() and page.locator("#rules").is_hidden()
    page.goto(server.url + "/preflop?game=shortdeck&n=9&measure=win&class=22")
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 81")
    page.wait_for_function("document.querySelector('#state').textContent.includes('22')")
    text = state.inner_text()
    assert "1 to 5 hands" in text and "short deck's classes are those of cards 6 to A" in text
    assert page.locator("#opponents").input_value() == "5"
    assert page.locator("#measure").input_value() == "win"  # short deck has it now


def test_short_deck_fits_a_phone(browser, server, shots):
    page = _open(browser, PHONE)
    try:
        page.goto(server.url + "/preflop?game=shortdeck&class=JTs&n=2")
        _shown(page, "JTs", 81)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=shots / "preflop-shortdeck-390.png", full_page=True)
        assert _axe(page) == []
    finally:
        close_page(page)


def test_short_deck_without_ties_and_best_hands(server, page, shots):
    """measure=win colours the 9 x 9 grid by equity without ties; the detail panel shows both
    figures and the class's exact distribution of best hands, its categories in the rule
    order's ranking, its buckets from the answer's distributions; the other rule order moves
    the straight above three of a kind."""
    from pokerkeys.preflop import shortdeck as sd

    page.goto(server.url + "/preflop?game=shortdeck&class=JTs&n=3&measure=win")
    _shown(page, "JTs", 81)
    table = preflop_table("shortdeck")
    k = table["classes"].index("JTs")
    assert page.locator("#grid-title").text_content() == \
        "Equity without ties against 3 random hands"
    label = page.locator("#grid [data-class='JTs']").get_attribute("aria-label")
    assert label == f"JTs, equity without ties {100 * table['win_vs_opponents'][k][2]:.1f}%"
    assert page.locator("#detail-win").inner_text() == _figure(table, "JTs", 3, "win")
    se = table["stderr"][k][2], table["win_stderr"][k][2]
    assert page.locator("#detail-se").inner_text() == (
        f"Monte Carlo: standard errors ±{100 * se[0]:.2f} and ±{100 * se[1]:.2f} points.")
    state = page.locator("#state").inner_text()
    assert "Short deck (trips beat straights): JTs against 3 random hands" in state
    assert "without ties" in state
    # The distribution: categories worst first in the game's order, shown best first.
    dist = sd.rank_distribution("JTs")
    categories = page.locator("#distribution .brow .cat-label > span:last-child")
    assert categories.all_inner_texts() == [
        "Straight flush", "Four of a kind", "Flush", "Full house", "Three of a kind",
        "Straight", "Two pair", "Pair", "High card"]
    by_label = dict(zip([c.label for c in pk.HandCategory], dist.by_category.tolist(),
                        strict=True))
    shares = page.locator("#distribution tr.brow").evaluate_all(
        "rows => rows.map(r => parseFloat(r.querySelector('td.num').textContent))")
    for label, share in zip(categories.all_inner_texts(), shares, strict=True):
        assert share == pytest.approx(100 * by_label[label] / sd.BOARDS_PER_HAND, abs=0.06)
    page.locator("#distribution .expand-all").click()
    buckets = page.locator("#distribution tr.bucket:not([hidden])")
    assert buckets.count() > 20
    assert "Royal flush" in page.locator("#distribution").inner_text()
    page.screenshot(path=shots / "preflop-shortdeck-win.png", full_page=True)
    assert _axe(page) == []
    page.select_option("#rules", "straight-beats-trips")
    page.wait_for_function("document.querySelector('#detail-sub').textContent"
                           ".includes('straights beat trips')")
    other = preflop_table("shortdeck", "straight-beats-trips")
    assert page.locator("#detail-win").inner_text() == _figure(other, "JTs", 3, "win")
    page.wait_for_function("[...document.querySelectorAll('#distribution .brow "
                           ".cat-label > span:last-child')].map(s => s.textContent)"
                           ".indexOf('Straight') === 4")
    assert categories.all_inner_texts()[4:6] == ["Straight", "Three of a kind"]


def test_short_deck_best_hands_on_a_phone(browser, server, shots):
    page = _open(browser, PHONE)
    try:
        page.goto(server.url + "/preflop?game=shortdeck&class=99&n=4&measure=win")
        _shown(page, "99", 81)
        page.wait_for_function("document.querySelectorAll('#distribution .brow').length === 9")
        page.locator("#distribution .expand-all").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=shots / "preflop-shortdeck-win-390.png", full_page=True)
        assert _axe(page) == []
    finally:
        close_page(page)
