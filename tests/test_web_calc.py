"""The odds calculator in a real browser (Debian's chromium through Playwright, against a real
``pokerkeys serve``): what a link with bad values shows, what a failed, stopped or time-limited
run keeps on screen, card clicks into a range field, the range grid and its text in sync, and
the page at 390 px. Every case saves screenshots (desktop and 390 px wide) to the shots folder
(``$POKERKEYS_SCREENSHOTS``) to be looked at."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")

from browser_pages import PHONE, close_page, new_page, page_fixture, results_in, server_fixture

server = server_fixture()
page = page_fixture()
phone = page_fixture(PHONE)


def fits(page, width=390):
    """No sideways scrolling: the document is no wider than the screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def both_widths(page, phone, url, shots, name, ready):
    """Opens url at desktop and phone width, waits for ready(page), saves both screenshots."""
    for p, suffix in ((page, ""), (phone, "-390")):
        p.goto(url)
        ready(p)
        p.screenshot(path=shots / f"{name}{suffix}.png", full_page=True)
    fits(phone)


def test_a_link_with_bad_values_names_each_and_still_computes(server, page, phone, shots):
    players = "&".join("p=random" for _ in range(11))
    url = server.url + f"/?{players}&exact=5&stderr=abc&time=900&zz=1"

    def ready(p):
        p.wait_for_selector("#notice:not([hidden])")
        p.wait_for_function("document.querySelectorAll('#results tbody tr').length === 10",
                            timeout=60_000)

    both_widths(page, phone, url, shots, "calc-link-problems", ready)
    notice = page.locator("#notice").inner_text()
    for expected in ('"zz" is not a setting', "11 players", "first 10 are used",
                     'exact="5"', 'stderr="abc" is not a number', 'time="900" is not a number'):
        assert expected in notice, notice
    assert "NaN" not in page.locator("main").inner_text()
    assert page.locator(".player").count() == 10
    assert "zz=" not in page.url and "exact=" not in page.url  # the page's own link is clean


@pytest.mark.parametrize("query, message", [
    ("p=AhKh&p=XxYy", "XxYy"),
    ("p=AhKh&p=QsQd&board=2c7d", "board"),
    ("p=AhKh&p=AhQd", "Ah"),
    ("p=AhKh&p=QsQd&dead=zz", "zz"),
])
def test_a_link_with_a_bad_hand_shows_the_error_never_a_blank(server, page, query, message):
    page.goto(server.url + "/?" + query)
    page.wait_for_function("document.querySelector('#badge').textContent === 'ERROR'")
    status = page.locator("#status").inner_text()
    assert message in status, status
    assert "NaN" not in page.locator("main").inner_text()
    assert message in page.locator("#announcer").inner_text()


def test_a_failed_run_keeps_the_last_table_and_says_why(server, page, phone, shots):
    for p, suffix in ((page, ""), (phone, "-390")):
        p.goto(server.url + "/?p=AhKh&p=QsQd")
        good = results_in(p, "EXACT")
        assert good == ["46.21%", "53.79%"]
        p.locator("#player-2").fill("QsQx")
        p.wait_for_function("document.querySelector('#badge').textContent === 'ERROR'")
        assert [t.split("\n")[0] for t in p.locator("#results td.equity").all_inner_texts()] \
            == good  # the last good table stays ...
        assert "stale" in p.locator("#results").get_attribute("class")  # ... marked
        assert "holds a range" not in p.locator("#deck-hint").inner_text()  # a typo, no range
        note = p.locator("#stale-note").inner_text()
        assert "last result" in note and "Qx" in note, note  # ... saying why
        p.screenshot(path=shots / f"calc-error-keeps-table{suffix}.png", full_page=True)
        p.locator("#player-2").fill("")  # an incomplete input also keeps it, saying so
        p.wait_for_function("document.querySelector('#stale-note').textContent"
                            ".includes('not every player')")
        assert p.locator("#results tbody tr").count() == 2
        p.locator("#player-2").fill("QsQd")  # a good input again: fresh, no note
        assert results_in(p, "EXACT") == good
        assert "stale" not in p.locator("#results").get_attribute("class")
        assert p.locator("#stale-note").is_hidden()
    fits(phone)


def test_the_time_limit_is_a_setting_and_a_run_it_stops_keeps_its_estimate(server, page, phone,
                                                                              shots):
    url = server.url + "/?p=AhKh&p=random&p=random&exact=0&stderr=0.00001&time=2"

    def ready(p):
        assert p.locator("#time-limit").is_visible()
        assert p.locator("#time-limit").input_value() == "2"
        p.wait_for_function("document.querySelector('#status').textContent"
                            ".includes('stopped by the time limit')", timeout=30_000)

    both_widths(page, phone, url, shots, "calc-time-limit", ready)
    status = page.locator("#status").inner_text()
    assert re.match(r"Monte Carlo: [\d,]+ trials in \d+\.\d s, stopped by the time limit", status)
    assert len(re.findall(r"± \d+\.\d{3}%", page.locator("#results").inner_text())) == 3
    assert "stopped by the time limit" in page.locator("#announcer").inner_text()
    assert page.locator("#stale-note").is_hidden()
    page.locator("#time-limit").fill("3")  # the setting goes into the link and the request
    page.locator("#time-limit").press("Tab")
    page.wait_for_function("location.search.includes('time=3')")
    page.locator("#time-limit").fill("5000")  # out of range: back to the server's limit
    page.locator("#time-limit").press("Tab")
    page.wait_for_function("document.querySelector('#time-limit').value === '60'")
    assert "time=" not in page.url
    page.evaluate("document.querySelector('#stop').click()")  # a no-op if the run has ended


def test_stop_keeps_the_estimate_and_says_who_stopped(server, page):
    page.goto(server.url + "/?p=AhKh&p=random&p=random&exact=0&stderr=0.00001")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('running')",
                           timeout=30_000)
    page.locator("#stop").click()
    page.wait_for_function("document.querySelector('#status').textContent"
                           ".startsWith('Stopped by you')")
    assert len(re.findall(r"± \d+\.\d{3}%", page.locator("#results").inner_text())) == 3
    assert page.locator("#stale-note").is_hidden()


def test_a_card_clicked_into_a_range_field_adds_a_hand(server, page, phone, shots):
    for p, suffix in ((page, ""), (phone, "-390")):
        p.goto(server.url + "/?p=AhKh&p=QQ%2B,AKs")
        results_in(p, "EXACT")
        field = p.locator("#player-2")
        field.click()
        deck = p.locator("#deck")
        deck.locator("[data-card='Js']").click()  # one card waits for its partner
        assert field.input_value() == "QQ+,AKs"
        assert "Js chosen" in p.locator("#deck-hint").inner_text()
        assert deck.locator("[data-card='Js']").get_attribute("aria-selected") == "true"
        p.screenshot(path=shots / f"calc-range-card-pending{suffix}.png", full_page=True)
        deck.locator("[data-card='Jd']").click()  # the second adds the hand
        assert field.input_value() == "QQ+,AKs,JsJd"
        results_in(p, "EXACT")
        assert "QQ+,AKs,JsJd" in p.locator("#results").inner_text()
        deck.locator("[data-card='Jd']").click()  # the same hand again takes it out
        deck.locator("[data-card='Js']").click()
        assert field.input_value() == "QQ+,AKs"
        deck.locator("[data-card='Tc']").click()  # a card clicked twice lets go
        deck.locator("[data-card='Tc']").click()
        assert field.input_value() == "QQ+,AKs"
        assert deck.locator("[data-card='Tc']").get_attribute("aria-selected") == "false"
        deck.locator("[data-card='Ah']").click(force=True)  # a card in use elsewhere: refused
        assert deck.locator("[data-card='Ah']").get_attribute("aria-selected") == "false"
        p.locator("#player-1").click()  # a field of cards still takes cards back and forth
        deck.locator("[data-card='Kh']").click()
        assert p.locator("#player-1").input_value() == "Ah"
        p.screenshot(path=shots / f"calc-range-card{suffix}.png", full_page=True)
    fits(phone)


def grid_on(page):
    return page.locator("#range-box .cell.on").evaluate_all("cs => cs.map(c => c.dataset.class)")


def test_range_grid_and_text_stay_in_sync(server, page, phone, shots):
    for p, suffix in ((page, ""), (phone, "-390")):
        p.goto(server.url + "/?p=AhKh&p=random")
        results_in(p, "EXACT")
        p.locator("#player-2 ~ .buttons .range-btn").click()
        text = p.locator("#range-box .range-text")
        summary = p.locator("#range-box .range-summary")
        text.fill("QQ+,AKs")  # typed text draws the grid and counts the combos
        p.wait_for_function("document.querySelector('#range-box .range-summary').textContent"
                            ".startsWith('22 combos')")
        assert sorted(grid_on(p)) == ["AA", "AKs", "KK", "QQ"]
        assert p.locator("#player-2").input_value() == "QQ+,AKs"
        grid = p.locator("#range-box .grid")
        centres = []  # a drag paints JJ, TT, 99 (the diagonal: the path crosses no other cell)
        for name in ("JJ", "TT", "99"):
            box = grid.locator(f"[data-class='{name}']").bounding_box()
            centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        p.mouse.move(*centres[0])
        p.mouse.down()
        p.mouse.move(*centres[1], steps=2)
        p.mouse.move(*centres[2], steps=2)
        p.mouse.up()
        assert sorted(grid_on(p)) == sorted(["AA", "AKs", "KK", "QQ", "JJ", "TT", "99"])
        assert text.input_value() == p.locator("#player-2").input_value()
        assert text.input_value().startswith("AA,AKs,KK,QQ,JJ")
        p.locator("#range-box .weight").fill("0.5")  # a weight per cell
        grid.locator("[data-class='AKo']").click()
        assert "AKo:0.5" in text.input_value()
        assert grid.locator("[data-class='AKo']").get_attribute("aria-label") == "AKo, weight 0.5"
        combos = float(summary.inner_text().split()[0])
        assert combos == 6 * 6 + 4 + 12 * 0.5  # AA to 99, AKs, half of AKo
        server_combos = p.evaluate("fetch('/api/range?text=' + encodeURIComponent("
                                   "document.querySelector('#range-box .range-text').value))"
                                   ".then(r => r.json()).then(j => j.combos)")
        assert server_combos == combos
        text.fill("AhKh,QQ")  # single combos keep their place when another class is painted
        p.wait_for_function("document.querySelector('#range-box .range-summary').textContent"
                            ".startsWith('7 combos')")
        assert "1 of 4 combos" in grid.locator("[data-class='AKs']").get_attribute("aria-label")
        p.locator("#range-box .weight").fill("1")
        grid.locator("[data-class='JJ']").click()
        assert text.input_value() == "AhKh,QQ,JJ" == p.locator("#player-2").input_value()
        text.fill("QQ+,zz")  # a typo: the message under the grid, the field marked
        p.wait_for_function("document.querySelector('#range-box .range-summary').textContent"
                            ".includes('zz')")
        assert text.get_attribute("aria-invalid") == "true"
        p.locator("#player-2").fill("TT+")  # typing in the player's field redraws the grid
        p.wait_for_function("document.querySelector('#range-box .range-summary').textContent"
                            ".startsWith('30 combos')")
        assert text.input_value() == "TT+"
        p.screenshot(path=shots / f"calc-range-editor{suffix}.png", full_page=True)
    fits(phone)


def test_a_finger_drag_paints_the_range_grid(server, browser, shots):
    phone = new_page(browser, PHONE, has_touch=True, is_mobile=True)
    try:
        phone.goto(server.url + "/?p=AhKh&p=random")
        results_in(phone)
        phone.locator("#player-2 ~ .buttons .range-btn").click()
        grid = phone.locator("#range-box .grid")
        grid.scroll_into_view_if_needed()
        points = []
        for name in ("JJ", "TT", "99"):  # the diagonal: the path crosses no other cell
            box = grid.locator(f"[data-class='{name}']").bounding_box()
            points.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        scrolled = phone.evaluate("window.scrollY")
        touch = phone.context.new_cdp_session(phone)  # real touch events, as from a finger
        touch.send("Input.dispatchTouchEvent", {
            "type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            for k in range(1, 5):
                touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                    {"x": x0 + (x1 - x0) * k / 4, "y": y0 + (y1 - y0) * k / 4}]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        phone.wait_for_function("document.querySelector('#player-2').value === 'JJ,TT,99'")
        assert phone.evaluate("window.scrollY") == scrolled  # the drag did not scroll the page
        phone.screenshot(path=shots / "calc-range-touch-390.png", full_page=True)
    finally:
        close_page(phone)


def test_the_page_fits_a_phone(server, phone, shots):
    phone.goto(server.url + "/?p=AhKh&p=QsQd&p=random&board=2c7d9h&dead=5s")
    results_in(phone)
    fits(phone)
    phone.locator("#method").select_option("mc")
    assert phone.locator("#time-limit").is_visible()
    fits(phone)
    phone.screenshot(path=shots / "calc-390.png", full_page=True)
    # Stop the Monte Carlo run if it is still going (it may have met its stop rule already,
    # which disables the button: a click through the page then does nothing).
    phone.evaluate("document.querySelector('#stop').click()")


def test_a_busy_server_shows_a_countdown_and_retries_by_itself(server, page, shots):
    import httpx

    # Two long runs of two other clients fill the server (its limit: 2 long jobs at once).
    body = {"hands": ["AhKh", "random", "random"], "exact": False, "target_stderr": 1e-6,
            "time_limit": 40}
    clients = [httpx.Client(base_url=server.url, timeout=60) for _ in range(2)]
    streams = [c.stream("POST", "/api/equity/stream", json=body,
                        headers={"X-Pokerkeys-Client": f"another-tab-{i}"})
               for i, c in enumerate(clients)]
    try:
        for s in streams:
            assert s.__enter__().status_code == 200
        page.goto(server.url + "/?p=AhKh&p=QsQd")
        results_in(page, "EXACT")
        page.locator("#method").select_option("mc")  # a long job: the server is full
        page.wait_for_function("document.querySelector('#badge').textContent === 'BUSY'",
                               timeout=30_000)
        assert re.search(r"busy.* \d+ s", page.locator("#status").inner_text())
        assert "retries by itself" in page.locator("#announcer").inner_text()
        assert page.locator("#results tbody tr").count() == 2  # the last table stays, marked
        assert "busy" in page.locator("#stale-note").inner_text()
        page.screenshot(path=shots / "calc-busy.png", full_page=True)
        streams.pop().__exit__(None, None, None)  # one run ends: the page's turn comes
        results_in(page, "MONTE CARLO")
        assert page.locator("#stale-note").is_hidden()
    finally:
        for s in streams:
            s.__exit__(None, None, None)
        for c in clients:
            c.close()
