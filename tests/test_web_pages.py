"""The head-to-head and preflop explorer pages and their API, checked against figures derived
independently (``pk.equity`` enumerations, the command line, the shipped tables, counts by
hand), then in a real browser (Debian's chromium through Playwright, a real ``pokerkeys
serve``): the figures shown, every bad address named on the page, the keyboard, the screen
reader's view (axe-core, WCAG 2 A/AA), and a 390 px screen. Screenshots of each case go to
the shots folder ($POKERKEYS_SCREENSHOTS)."""
from __future__ import annotations

import math
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.preflop import (
    BOARDS_PER_MATCHUP,
    class_combos,
    class_index,
    equity_vs_opponents,
    equity_vs_opponents_stderr,
)

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # Starlette's test client may warn about httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from browser_pages import axe_violations

from pokerkeys.web.app import create_app

PHONE = 390


def pct(x: float, digits: int = 2) -> str:
    """What the pages show for a probability (api.js's pct)."""
    return f"{100 * x:.{digits}f}%"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


# ------------------------------------------------------------------------------- the API
def test_headsup_classes_totals_are_the_sum_over_every_combo_pair(client):
    """AKs vs QQ: the 24 combo pairs enumerated one by one with pk.equity give the totals."""
    r = client.get("/api/headsup", params={"a": "AKs", "b": "QQ"}).json()
    wins = ties = losses = 0
    pairs = [(a, b) for a in class_combos("AKs") for b in class_combos("QQ")
             if not set(a) & set(b)]
    for a, b in pairs:
        e = pk.equity([a, b], exact=True)
        wins, ties, losses = wins + e.wins[0], ties + e.ties[0], losses + e.losses[0]
    boards = len(pairs) * BOARDS_PER_MATCHUP
    assert r["combo_pairs"] == len(pairs) == 24
    assert r["win"] == [wins / boards, losses / boards]
    assert r["tie"] == [ties / boards, ties / boards]
    assert r["equity"] == pytest.approx((wins + ties / 2) / boards, rel=1e-14)
    assert r["win"][0] + r["tie"][0] + r["win"][1] == pytest.approx(1, abs=1e-15)


def _cli(*args: str) -> str:
    return subprocess.run([sys.executable, "-m", "pokerkeys", *args], capture_output=True,
                          text=True, check=True, timeout=300).stdout


def test_headsup_matchups_agree_with_the_command_line_and_pk_equity(client):
    out = _cli("preflop", "matchups", "AKo", "QQ")
    head = re.match(r"AKo vs QQ: (\d+) suit-distinct matchups, (\d+) combo pairs, "
                    r"equity ([\d.]+)%", out)
    assert head, out
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    r = client.get("/api/headsup", params={"a": "ako", "b": "QQ"}).json()
    assert (r["hand1"], r["hand2"], r["kind1"], r["kind2"]) == ("AKo", "QQ", "class", "class")
    assert len(r["matchups"]) == int(head[1]) == 4 and r["combo_pairs"] == int(head[2]) == 72
    assert f"{100 * r['equity']:.4f}" == head[3]
    for m, row in zip(r["matchups"], rows, strict=True):
        assert [m["hand1"], m["hand2"], str(m["combos"]), str(m["wins"]), str(m["ties"]),
                str(m["losses"]), pct(m["equity"], 4)] == row
        e = pk.equity([m["hand1"], m["hand2"]], exact=True)
        assert (m["win"], m["tie"], m["equity"]) == (e.win[0], e.tie[0], e.equity[0])
        assert m["loss"] == e.losses[0] / BOARDS_PER_MATCHUP == e.win[1]
    weights = np.array([m["combos"] for m in r["matchups"]])
    for key, total in (("wins", r["win"][0]), ("ties", r["tie"][0]), ("losses", r["win"][1])):
        counts = np.array([m[key] for m in r["matchups"]])
        assert total == (weights * counts).sum() / (weights.sum() * BOARDS_PER_MATCHUP)


def test_headsup_exact_hands_agree_with_the_command_line(client):
    out = _cli("equity", "AhKd", "QsQc")
    shown = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:3]}
    r = client.get("/api/headsup", params={"a": "Ah Kd", "b": "QsQc"}).json()
    e = pk.equity(["AhKd", "QsQc"], exact=True)
    assert (r["hand1"], r["kind1"], r["matchups"]) == ("AhKd", "hand", [])
    assert r["win"] == e.win.tolist() and r["tie"] == e.tie.tolist()
    assert r["equity"] == e.equity[0]
    for i, hand in enumerate(("AhKd", "QsQc")):
        equity = r["equity"] if i == 0 else 1 - r["equity"]
        assert shown[hand] == [pct(equity, 3), pct(r["win"][i], 3), pct(r["tie"][i], 3)]
    assert [d["label"] for d in r["distributions"]] == ["AhKd (AKo)", "QsQc (QQ)"]


def test_headsup_class_against_hand_and_ranges_give_totals(client):
    r = client.get("/api/headsup", params={"a": "AKs", "b": "QsQd"}).json()
    e = pk.equity(["AKs", "QsQd"], exact=True)
    assert (r["kind1"], r["kind2"]) == ("class", "hand")
    assert r["win"] == e.win.tolist() and r["tie"] == e.tie.tolist()
    r = client.get("/api/headsup", params={"a": "QQ+", "b": "AKs"}).json()
    assert r["win"][0] + r["tie"][0] + r["win"][1] == pytest.approx(1, abs=1e-12)
    assert (r["kind1"], r["kind2"]) == ("range", "class")
    assert r["distributions"][0] is None and r["distributions"][1]["class"] == "AKs"


@pytest.mark.parametrize(("a", "b", "message"), [
    ("AKx", "QQ", "hand 1: 'AKx' is neither a class, a hand nor a range"),
    ("QQ", "", "missing query parameter 'b'"),
    ("AhKh", "AhQd", "card Ah is used in player 1 and player 2"),
])
def test_headsup_errors_are_400_with_a_message(client, a, b, message):
    params = {"a": a} if not b else {"a": a, "b": b}
    r = client.get("/api/headsup", params=params)
    assert r.status_code == 400 and message in r.json()["error"]


def test_preflop_table_gives_equity_and_equity_without_ties(client):
    table = client.get("/api/preflop").json()
    assert list(table) == ["classes", "combos", "equity_vs_opponents", "stderr",
                           "win_vs_opponents", "win_stderr"]
    win = np.array(table["win_vs_opponents"])
    assert np.array_equal(win, np.round(equity_vs_opponents(without_ties=True), 6))
    assert np.array_equal(np.array(table["win_stderr"]),
                          np.round(equity_vs_opponents_stderr(without_ties=True), 6))
    assert (win < np.array(table["equity_vs_opponents"])).all()
    info = client.get("/api/preflop/class/t9S").json()
    k = class_index("T9s")
    assert info["class"] == "T9s"
    assert info["win_vs_opponents"] == equity_vs_opponents(without_ties=True)[k].tolist()
    assert info["stderr"] == equity_vs_opponents_stderr()[k].tolist()
    assert info["win_stderr"][0] == 0 and min(info["win_stderr"][1:]) > 0


@pytest.mark.parametrize("name", ["AA", "32o", "T9s"])
def test_heads_up_win_only_is_exact_against_every_hand(name):
    """Against one random hand the table's figure without ties is exact: the class against
    the range of all hands (100%), every board enumerated by pk.equity."""
    e = pk.equity([name, "100%"], exact=True)
    table = equity_vs_opponents(1, without_ties=True)[class_index(name)]
    assert table == pytest.approx(e.win[0], abs=1e-14)
    assert equity_vs_opponents(1)[class_index(name)] == pytest.approx(e.equity[0], abs=1e-14)


@pytest.mark.parametrize("name", ["AA", "72o", "AKs", "T9s"])
def test_rank_buckets_split_the_categories(client, name):
    info = client.get(f"/api/preflop/class/{name}").json()
    buckets = info["buckets"]
    assert len(buckets) == 100 and len({b["label"] for b in buckets}) == 100
    assert buckets[0]["ranks"][0] == 1 and buckets[-1]["ranks"] == [7462, 7462]
    for before, after in zip(buckets, buckets[1:], strict=False):
        assert after["ranks"][0] == before["ranks"][1] + 1  # consecutive rank intervals
    for label, cat in info["categories"].items():
        inside = [b for b in buckets if b["category"] == label]
        assert sum(b["boards"] for b in inside) == cat["boards"]
        assert sum(b["average_probability"] for b in inside) == pytest.approx(
            cat["average_probability"], abs=1e-12)
        assert all(b["label"].startswith(label) or b["label"] == "Royal flush" for b in inside)
    assert sum(b["probability"] for b in buckets) == pytest.approx(1, abs=1e-12)


def test_rank_buckets_of_aces_by_counting(client):
    """AA's quads of aces: the boards holding both other aces, C(48, 3); its one-pair hands
    are all a pair of aces; aces full are the 12 best full houses."""
    info = client.get("/api/preflop/class/AA").json()
    buckets = {b["label"]: b for b in info["buckets"]}
    assert buckets["Four of a kind, aces"]["boards"] == math.comb(48, 3) == 17296
    assert buckets["Pair, aces"]["boards"] == info["categories"]["Pair"]["boards"]
    assert buckets["Pair, kings"]["boards"] == 0
    assert buckets["Full house, aces full"]["ranks"] == [7285, 7296]


def test_headsup_distributions_carry_rank_buckets(client):
    r = client.get("/api/headsup", params={"a": "AhKd", "b": "QQ"}).json()
    for d in r["distributions"]:
        assert len(d["buckets"]) == 100
        assert sum(b["boards"] for b in d["buckets"]) == 2_118_760


def test_preflop_class_errors(client):
    r = client.get("/api/preflop/class/XYZ")
    assert r.status_code == 400 and "unknown hand class 'XYZ'" in r.json()["error"]


# ----------------------------------------------------------------------------- the pages
from web_server import LiveServer  # noqa: E402  (the browser fixture skips without chromium)


@pytest.fixture(scope="module")
def server():
    s = LiveServer()
    yield s
    s.stop()


def _new_page(browser, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return context, page


@pytest.fixture
def page(browser):
    context, p = _new_page(browser, 1280)
    yield p
    context.close()
    assert not p.errors, p.errors


@pytest.fixture
def phone(browser):
    context, p = _new_page(browser, PHONE)
    yield p
    context.close()
    assert not p.errors, p.errors


def headsup_result(page) -> None:
    """Wait until the head-to-head result of the page's current address is shown."""
    page.wait_for_function("document.querySelector('#results').dataset.for === location.search",
                           timeout=60_000)


def headsup_error(page) -> str:
    page.wait_for_selector("#state.error", timeout=60_000)
    return page.locator("#state").inner_text()


def preflop_ready(page) -> None:
    """Wait until the explorer has drawn its grid and said something (a class's figures or a
    message)."""
    page.wait_for_function("document.querySelectorAll('#grid .pf-value').length === 169 && "
                           "document.querySelector('#state').textContent !== ''",
                           timeout=60_000)


def fits(page, width: int = PHONE) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def no_nan(page) -> None:
    text = page.evaluate("document.body.innerText")
    assert "NaN" not in text and "undefined" not in text


def focus_ring(page) -> str:
    """The focused element's outline: style and width (a ring when not 'none')."""
    return page.evaluate("(() => { const s = getComputedStyle(document.activeElement); "
                         "return `${s.outlineStyle} ${s.outlineWidth}`; })()")


@pytest.mark.parametrize("width", [1280, PHONE])
def test_headsup_page_shows_wins_ties_and_each_suit_matchup(server, browser, shots, client,
                                                           width):
    context, page = _new_page(browser, width)
    try:
        page.goto(server.url + "/headsup?a=AKo&b=QQ")
        headsup_result(page)
        r = client.get("/api/headsup", params={"a": "AKo", "b": "QQ"}).json()
        shown = [page.locator(f"#{i}").inner_text() for i in ("win-a", "tie", "win-b")]
        assert shown == [pct(r["win"][0]), pct(r["tie"][0]), pct(r["win"][1])]
        assert page.locator("#equity").inner_text() == (
            f"Equity (wins and half the ties): AKo {pct(r['equity'])} · QQ "
            f"{pct(1 - r['equity'])}")
        rows = page.locator("#suit-table tbody tr")
        assert rows.count() == 4
        for i, m in enumerate(r["matchups"]):
            cells = rows.nth(i).locator("td").all_inner_texts()
            assert cells == [m["hand1"], m["hand2"], str(m["combos"]), pct(m["win"]),
                             pct(m["tie"]), pct(m["loss"]), pct(m["equity"])]
        assert page.locator("#class-win").inner_text() == pct(r["win"][0])
        assert page.locator("#class-loss").inner_text() == pct(r["win"][1])
        status = page.locator("#state")
        assert status.get_attribute("role") == "status"
        assert status.inner_text().startswith(f"AKo wins {pct(r['win'][0])}, ties")
        assert page.locator("#distributions tr.category").count() == 9
        fits(page, width)
        page.screenshot(path=shots / f"pages-headsup-classes-{width}.png", full_page=True)
    finally:
        context.close()
    assert not page.errors, page.errors


def test_headsup_page_exact_hands(server, page, shots):
    page.goto(server.url + "/headsup?a=AhKd&b=QsQc")
    headsup_result(page)
    e = pk.equity(["AhKd", "QsQc"], exact=True)
    shown = [page.locator(f"#{i}").inner_text() for i in ("win-a", "tie", "win-b")]
    assert shown == [pct(e.win[0]), pct(e.tie[0]), pct(e.win[1])] == ["42.66%", "0.34%",
                                                                      "56.99%"]
    assert "one suit situation" in page.locator("#suits").inner_text()
    assert page.locator("#distributions thead").inner_text().strip().split("\t")[-3:] == [
        "AhKd (AKo)", "QsQc (QQ)", "all hands"]
    page.screenshot(path=shots / "pages-headsup-hands.png", full_page=True)


def test_headsup_error_clears_the_previous_result(server, page, shots):
    page.goto(server.url + "/headsup?a=AKs&b=QQ")
    headsup_result(page)
    page.fill("#a", "AKx")
    page.press("#a", "Enter")
    message = headsup_error(page)
    assert message.startswith("hand 1: 'AKx' is neither a class, a hand nor a range")
    assert page.locator("#a").get_attribute("aria-invalid") == "true"
    for i in ("win-a", "tie", "win-b"):
        assert page.locator(f"#{i}").inner_text() == "–"
    assert page.locator("#suit-table").count() == 0
    assert "No result" in page.locator("#distributions").inner_text()
    assert "stale" not in (page.locator("#results").get_attribute("class") or "")
    page.screenshot(path=shots / "pages-headsup-error.png", full_page=True)
    page.fill("#a", "AKs")
    page.fill("#b", "")
    page.click("#go")
    page.wait_for_function("document.querySelector('#state').textContent.startsWith('Type')")
    assert page.locator("#state").inner_text() == (
        "Type hand 2: a class, two cards or a range.")
    assert page.locator("#b").get_attribute("aria-invalid") == "true"
    assert page.locator("#win-a").inner_text() == "–"


@pytest.mark.parametrize(("query", "message"), [
    ("a=ZZ9&b=QQ", "hand 1: 'ZZ9' is neither a class, a hand nor a range"),
    ("a=AKs&b=Q", "hand 2: 'Q' is neither a class, a hand nor a range"),
    ("a=AhKh&b=AhQd", "card Ah is used in player 1 and player 2"),
    ("a=&b=", "Type hand 1 and hand 2: a class, two cards or a range."),
    ("a=50%25&b=50%25", "these ranges take too long"),
])
def test_headsup_bad_addresses_are_named(server, phone, shots, query, message):
    phone.goto(server.url + "/headsup?" + query)
    assert message in headsup_error(phone)
    assert phone.locator("#win-a").inner_text() == "–"
    no_nan(phone)
    fits(phone)
    name = re.sub(r"\W+", "-", query)[:40]
    phone.screenshot(path=shots / f"pages-headsup-bad-{name}-390.png", full_page=True)


def test_headsup_by_keyboard(server, page, shots):
    page.goto(server.url + "/headsup?a=AKs&b=QQ")
    headsup_result(page)
    for _ in range(12):  # Tab from the top of the page to the first field
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "a":
            break
    assert page.evaluate("document.activeElement.id") == "a"
    assert focus_ring(page).startswith("solid")
    page.keyboard.press("Control+A")
    page.keyboard.type("JJ")
    page.keyboard.press("Tab")  # the Range button of hand 1
    assert page.evaluate("document.activeElement.dataset.range") == "a"
    assert focus_ring(page).startswith("solid")
    page.keyboard.press("Enter")
    assert page.locator("#range-editor").is_visible()
    assert page.locator("[data-range=a]").get_attribute("aria-expanded") == "true"
    page.wait_for_function("document.querySelector('#range-box .cell.on')")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("Escape")
    assert not page.locator("#range-editor").is_visible()
    assert page.evaluate("document.activeElement.dataset.range") == "a"
    page.focus("#b")
    page.keyboard.press("Enter")
    page.wait_for_function("location.search === '?a=JJ&b=QQ'")
    headsup_result(page)
    assert page.locator("#state").inner_text().startswith("JJ wins")
    expand = page.locator("#distributions button.expand").nth(7)  # pair
    expand.focus()
    assert focus_ring(page).startswith("solid")
    page.keyboard.press("Enter")
    assert expand.get_attribute("aria-expanded") == "true"
    buckets = page.locator("#distributions tr.bucket:visible")
    labels = buckets.locator("th").all_inner_texts()
    assert labels == ["queens", "jacks"]  # JJ's and QQ's only pairs: the buckets they reach
    one_open = buckets.count()
    page.locator("#distributions .expand-all").focus()
    page.keyboard.press("Space")
    assert page.locator("#distributions tr.bucket:visible").count() > one_open == 2
    page.screenshot(path=shots / "pages-headsup-keyboard-buckets.png", full_page=True)


@pytest.mark.parametrize("width", [1280, PHONE])
def test_preflop_page_shows_equity_and_equity_without_ties(server, browser, shots, width):
    context, page = _new_page(browser, width)
    try:
        page.goto(server.url + "/preflop?class=AKs&n=3")
        preflop_ready(page)
        k = class_index("AKs")
        equity, win = equity_vs_opponents(3)[k], equity_vs_opponents(3, without_ties=True)[k]
        assert page.locator("#detail-title").text_content() == "AKs"
        assert page.locator("#detail-equity").inner_text() == pct(equity)
        assert page.locator("#detail-win").inner_text() == pct(win)
        assert page.locator("#state").inner_text().startswith(
            f"AKs against 3 random hands: equity {pct(equity)} ±")
        assert page.locator("#curve circle").count() == 9
        assert page.locator("#curve rect").count() == 9
        assert page.locator("#curve svg").get_attribute("role") == "img"
        page.locator("#curve details summary").click()
        row = page.locator("#curve .curve-table tbody tr").nth(2).inner_text().split("\t")
        assert row[0] == "3" and row[1].startswith(pct(equity)) and row[2].startswith(pct(win))
        page.select_option("#measure", "win")
        assert page.locator("#grid-title").inner_text().lower() == (
            "equity without ties against 3 random hands")
        cell = page.locator("#grid [data-class='AKs']")
        assert cell.get_attribute("aria-label") == f"AKs, equity without ties {pct(win, 1)}"
        assert "measure=win" in page.url and "n=3" in page.url
        fits(page, width)
        no_nan(page)
        page.screenshot(path=shots / f"pages-preflop-win-{width}.png", full_page=True)
    finally:
        context.close()
    assert not page.errors, page.errors


@pytest.mark.parametrize(("query", "message"), [
    ("class=QQ&n=12", 'n="12" opponents; it must be a whole number from 1 to 9'),
    ("class=QQ&n=0", 'n="0" opponents'),
    ("class=QQ&n=abc", 'n="abc" opponents'),
    ("class=QQ&n=2.5", 'n="2.5" opponents'),
    ("class=XYZ&n=3", 'The address asks for class "XYZ": unknown hand class \'XYZ\''),
    ("class=&n=3", "The address names no class"),
    ("class=QQ&measure=ties", 'to show "ties"; it can show "equity" or "win"'),
    ("class=XYZ&n=99", 'n="99" opponents'),
])
def test_preflop_bad_addresses_are_named(server, phone, shots, query, message):
    phone.goto(server.url + "/preflop?" + query)
    preflop_ready(phone)
    phone.wait_for_selector("#state.error")
    assert message in phone.locator("#state").inner_text()
    no_nan(phone)
    values = phone.locator("#grid .pf-value").all_inner_texts()
    assert len(values) == 169 and all(re.fullmatch(r"\d+\.\d", v) for v in values)
    assert phone.locator("#detail-sub").inner_text().strip()  # never a blank panel
    if "XYZ" in query or "class=&" in query:
        assert phone.locator("#detail-title").text_content() == "Class"
        assert phone.locator("#detail-equity").inner_text() == "–"
    else:
        assert phone.locator("#detail-title").text_content() == "QQ"
    fits(phone)
    name = re.sub(r"\W+", "-", query)
    phone.screenshot(path=shots / f"pages-preflop-bad-{name}-390.png", full_page=True)


def test_preflop_by_keyboard(server, page, shots):
    page.goto(server.url + "/preflop?class=AA&n=2")
    preflop_ready(page)
    for _ in range(12):  # Tab through the controls into the grid
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('role')") == "gridcell":
            break
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    assert focus_ring(page) != "none 0px"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.dataset.class")
    assert focused == "KK"  # from AA: right to AKs, down to KK
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#detail-title').textContent === 'KK'")
    assert "class=KK" in page.url
    assert page.locator("#state").inner_text().startswith("KK against 2 random hands")
    page.focus("#opponents")
    page.keyboard.press("ArrowDown")  # a select changes by keyboard
    page.wait_for_function("location.search.includes('n=3')")
    assert page.locator("#state").inner_text().startswith("KK against 3 random hands")
    page.locator("#distribution .expand-all").focus()
    page.keyboard.press("Enter")
    assert page.locator("#distribution tr.bucket:visible").count() > 20
    page.screenshot(path=shots / "pages-preflop-keyboard.png", full_page=True)


@pytest.mark.parametrize("path", ["/headsup?a=AKs&b=QQ", "/preflop?class=QQ"])
def test_busy_server_countdown_shows_in_the_status_line(server, page, shots, path):
    """A 503 with a retry time (here made by the test for the page's first API request):
    the status line counts down, then the page retries by itself and shows its result."""
    api = "/api/headsup" if "headsup" in path else "/api/preflop/class/"
    busy = []

    def once_busy(route):
        if busy:
            route.continue_()
            return
        busy.append(route.request.url)
        route.fulfill(status=503, headers={"Retry-After": "3"}, content_type="application/json",
                      body='{"error": "the server is running 2 long jobs", "retry_after": 3}')

    page.route(f"**{api}*", once_busy)
    page.goto(server.url + path)
    page.wait_for_function("document.querySelector('#state').textContent.includes("
                           "'trying again in')", timeout=30_000)
    assert "busy" in page.locator("#state").inner_text()
    assert axe_violations(page) == []  # the countdown's grey text is readable too
    page.screenshot(path=shots / f"pages-busy-{path.split('?')[0][1:]}.png", full_page=True)
    page.wait_for_function("!document.querySelector('#state').textContent.includes("
                           "'trying again') && document.querySelector('#state').textContent"
                           ".includes('QQ')", timeout=30_000)
    assert len(busy) == 1 and "error" not in page.locator("#state").get_attribute("class")


def test_pages_have_no_axe_violations_in_their_states(server, page, shots):
    """axe-core on the states the other tests reach: results with the rank buckets open,
    errors, the figures table open."""
    states = [("/headsup?a=AKs&b=QQ", "#distributions .expand-all"),
              ("/headsup?a=AKx&b=QQ", None),
              ("/preflop?class=T9s&n=4&measure=win", "#curve details summary"),
              ("/preflop?class=XYZ&n=12", None)]
    found = []
    for path, click in states:
        page.goto(server.url + path)
        page.wait_for_function("document.querySelector('#state').textContent !== '' && "
                               "!document.querySelector('#state').textContent.endsWith('…')",
                               timeout=60_000)
        if click:
            page.locator(click).click()
        found += [f"{path}: {v}" for v in axe_violations(page)]
    page.screenshot(path=shots / "pages-preflop-axe.png", full_page=True)
    assert found == []
