"""The equity route's short-deck rule order, in process (Starlette's test client over the ASGI
app): ``POST /api/equity`` (and its stream) with ``rules`` answers what ``pk.equity(...,
game="shortdeck", rules=...)`` answers, exactly, in both orders and by default; a bad ``rules``,
or ``rules`` with another game, is a 400 with ``pk.equity``'s message; the job planner runs and
prices both orders alike; a shared link's ``rules`` reaches the result the server computes with
the page (``initial_result``)."""
from __future__ import annotations

import json
import re
import warnings

import pytest

import pokerkeys as pk

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokerkeys.web.app import create_app
from pokerkeys.web.compute import plan_equity
from pokerkeys.web.limits import Limits
from pokerkeys.web.schemas import parse_equity

RULES = ("trips-beat-straight", "straight-beats-trips")
# A set of sixes against an open-ended straight draw on the flop: the order decides every
# board where the draw comes in and the set does not fill up (406 boards of the 36 cards).
HANDS = ["6h6d", "JcQc"]
BOARD = "6c9sTd"
FIELDS = ("equity", "win", "tie", "wins", "ties", "losses", "boards", "exact")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(long_jobs=1))) as c:
        yield c


def _expected(rules: str | None, hands=HANDS, board=BOARD) -> dict:
    return pk.equity(hands, board, game="shortdeck", rules=rules).to_dict()


def _library_message(**kwargs) -> str:
    with pytest.raises(ValueError) as info:
        pk.equity(["AhKh", "QsQd"], **kwargs)
    return str(info.value)


def _initial_result(page: str) -> dict | None:
    found = re.search(r'<script type="application/json" id="initial-result">(.*?)</script>',
                      page)
    return None if found is None else json.loads(found.group(1))


@pytest.mark.parametrize("rules", RULES)
def test_each_order_answers_the_librarys_exact_figures(client, rules):
    r = client.post("/api/equity", json={"hands": HANDS, "board": BOARD, "game": "shortdeck",
                                         "rules": rules})
    assert r.status_code == 200, r.text
    got, expected = r.json(), _expected(rules)
    for name in FIELDS:
        assert got[name] == expected[name], name
    assert got["exact"] is True and got["boards"] == 406


def test_the_order_matters_and_the_default_is_trips_beat_straight(client):
    trips, straights = (_expected(rules) for rules in RULES)
    assert trips["equity"][0] == pytest.approx(391 / 406)  # the draw wins 15 boards
    assert straights["equity"][0] < trips["equity"][0] - 0.3
    for body in ({}, {"rules": None}):
        r = client.post("/api/equity", json={"hands": HANDS, "board": BOARD,
                                             "game": "shortdeck", **body})
        assert r.status_code == 200, r.text
        assert r.json()["equity"] == trips["equity"]


def test_the_stream_takes_the_rule_order(client):
    body = {"hands": HANDS, "board": BOARD, "game": "shortdeck", "rules": RULES[1]}
    with client.stream("POST", "/api/equity/stream", json=body) as r:
        assert r.status_code == 200
        text = "".join(r.iter_text())
    events = [json.loads(line[len("data: "):]) for line in text.splitlines()
              if line.startswith("data: ")]
    assert events[-1]["final"] is True
    assert events[-1]["equity"] == _expected(RULES[1])["equity"]


def test_a_short_deck_range_reads_its_top_percent_in_the_order(client):
    # 15% is 92 hands when trips beat straights, 94 when straights beat trips: the range is
    # read in the order asked for, as pk.equity reads it.
    for rules in RULES:
        expected = _expected(rules, ["AhAd", "15%"], None)
        r = client.post("/api/equity", json={"hands": ["AhAd", "15%"], "game": "shortdeck",
                                             "rules": rules})
        assert r.status_code == 200, r.text
        assert r.json()["equity"] == expected["equity"]
        assert r.json()["boards"] == expected["boards"]


@pytest.mark.parametrize("body", [
    {"game": "shortdeck", "rules": "x"},
    {"game": "shortdeck", "rules": "STRAIGHT-BEATS-TRIPS"},
    {"game": "shortdeck", "rules": 5},
    {"game": "shortdeck", "rules": ["trips-beat-straight"]},
    {"rules": "x"},
    {"rules": "straight-beats-trips"},
    {"game": "holdem", "rules": "trips-beat-straight"},
    {"game": "omaha", "rules": "straight-beats-trips"},
])
def test_bad_rules_are_refused_with_the_librarys_message(client, body):
    message = _library_message(**body)
    for route in ("/api/equity", "/api/equity/stream"):
        r = client.post(route, json={"hands": ["AhKh", "QsQd"], **body})
        assert r.status_code == 400, r.text
        assert r.json() == {"error": message}


def test_rules_with_a_hilo_game_are_refused_as_the_library_words_it(client):
    # pk.equity plays no hi/lo (pk.omaha_hilo_equity does, without rules): its message for
    # another game than short deck, with the hi/lo game's name.
    message = _library_message(game="omaha", rules=RULES[0]).replace("'omaha'", "'omaha8'")
    r = client.post("/api/equity", json={"hands": ["AhKh", "QsQd"], "game": "omaha8",
                                         "rules": RULES[0]})
    assert r.status_code == 400 and r.json() == {"error": message}


def test_the_planner_prices_both_orders_alike():
    limits = Limits()
    spots = [
        {"hands": HANDS, "board": BOARD},                     # a short enumeration
        {"hands": ["AhKh", "QsQd"]},                          # preflop, exact and short
        {"hands": ["AhKh", "QsQd", "random", "random"]},      # bigger: Monte Carlo, long
        {"hands": ["AhKh", "15%"], "exact": True},            # a range, enumerated
        {"hands": ["AhKh", "QsQd"], "exact": False, "trials": 1000},
    ]
    for spot in spots:
        plans = [plan_equity(parse_equity({**spot, "game": "shortdeck", "rules": rules},
                                          limits), limits) for rules in RULES]
        assert plans[0].kind == plans[1].kind, spot
        assert {**plans[0].kwargs, "rules": None} == {**plans[1].kwargs, "rules": None}, spot
        assert [p.kwargs["rules"] for p in plans] == list(RULES)
        default = plan_equity(parse_equity({**spot, "game": "shortdeck"}, limits), limits)
        assert default.kwargs == plans[0].kwargs


@pytest.mark.parametrize("rules", RULES)
def test_a_shared_links_rules_reach_the_first_result(client, rules):
    params = [("game", "shortdeck"), ("rules", rules), ("p", HANDS[0]), ("p", HANDS[1]),
              ("board", BOARD)]
    result = _initial_result(client.get("/", params=params).text)
    assert result is not None
    assert result["equity"] == _expected(rules)["equity"]


def test_a_links_bad_rules_leave_the_result_to_the_page(client):
    # The page names the problem itself (and computes without the rules it ignores).
    for params in ([("game", "shortdeck"), ("rules", "x")],
                   [("rules", "straight-beats-trips")]):
        page = client.get("/", params=[*params, ("p", HANDS[0]), ("p", HANDS[1])]).text
        assert _initial_result(page) is None
    default = _initial_result(client.get("/", params=[
        ("game", "shortdeck"), ("p", HANDS[0]), ("p", HANDS[1]), ("board", BOARD)]).text)
    assert default is not None and default["equity"] == _expected(None)["equity"]
