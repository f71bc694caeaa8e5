"""The web API's games (in-process client): every game of the odds calculator answers as the
library does for the same question, Omaha ranges are read for the game's hole cards and
counted by /api/range/{game}, hi/lo answers carry the high and low halves, bad input is a 400
naming the player or token, and a shared URL's game reaches the server's first result."""
from __future__ import annotations

import json
import math
import re
import warnings

import pytest

import pokerkeys as pk

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette's test client may warn about httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokerkeys.web.app import create_app
from pokerkeys.web.compute import plan_equity
from pokerkeys.web.limits import Limits
from pokerkeys.web.schemas import GAMES, EquityRequest


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(long_jobs=2))) as c:
        yield c


def _equity(client, body: dict) -> dict:
    r = client.post("/api/equity", json=body)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(("body", "expected"), [
    ({"hands": ["AsKsQdJd", "AA:$ds"], "board": "Ts9s2d", "game": "omaha"},
     lambda: pk.omaha_equity(["AsKsQdJd", "AA:$ds"], board="Ts9s2d")),
    ({"hands": ["AsKsQdJdTc", "AhAcKhKc2d"], "board": "Td9h4c8h", "game": "omaha5"},
     lambda: pk.omaha_equity(["AsKsQdJdTc", "AhAcKhKc2d"], board="Td9h4c8h")),
    ({"hands": ["AsKsQdJdTc9c", "AhAcKhKc2d3d"], "board": "Td9h4c8h", "game": "omaha6"},
     lambda: pk.omaha_equity(["AsKsQdJdTc9c", "AhAcKhKc2d3d"], board="Td9h4c8h")),
    ({"hands": ["AhKh", "7c6c"], "game": "shortdeck"},
     lambda: pk.equity(["AhKh", "7c6c"], game="shortdeck")),
    # "omaha" takes its size from the known hands, as on the command line.
    ({"hands": ["AsKsQdJdTc", "AhAcKhKc2d"], "board": "Td9h4c8h", "game": "omaha"},
     lambda: pk.omaha_equity(["AsKsQdJdTc", "AhAcKhKc2d"], board="Td9h4c8h")),
], ids=["omaha", "omaha5", "omaha6", "shortdeck", "omaha-5-cards"])
def test_each_game_answers_as_the_library(client, body, expected):
    got = _equity(client, body)
    want = expected().to_dict()
    assert got["exact"] and got["players"] == want["players"]
    assert got["equity"] == want["equity"] and got["boards"] == want["boards"]


def test_short_deck_enumerates_the_36_card_deck(client):
    got = _equity(client, {"hands": ["AhKh", "7c6c"], "game": "shortdeck"})
    assert got["boards"] == math.comb(32, 5) == 201_376
    holdem = _equity(client, {"hands": ["AhKh", "7c6c"]})
    assert holdem["boards"] == 1_712_304 and holdem["equity"] != got["equity"]


def test_omaha_ranges_are_read_for_the_games_hole_cards(client):
    # A range beside random hands fixes no hole count: the game does (5 here, not 4).
    body = {"hands": ["random", "AA:$ds"], "board": "Kd7c2h", "trials": 5_000, "seed": 3,
            "game": "omaha5"}
    got = _equity(client, body)
    want = pk.omaha_equity(["random", "AA:$ds"], board="Kd7c2h", hole_cards=5,
                           trials=5_000, seed=3)
    four = pk.omaha_equity(["random", "AA:$ds"], board="Kd7c2h", trials=5_000, seed=3)
    assert not got["exact"] and got["trials"] == 5_000
    assert got["equity"] == want.equity.tolist() != four.equity.tolist()


@pytest.mark.parametrize(("game", "hands", "board"), [
    ("omaha8", ["As2dKhKc", "QsQdJhTc"], "3c4d9h"),
    ("omaha5-8", ["As2dKhKc5c", "QsQdJhTc9d"], "3c4d9h7s"),
    ("omaha6-8", ["As2dKhKc5c6c", "QsQdJhTc9d8d"], "3c4d9h7s"),
])
def test_hilo_answers_the_halves_scoops_and_low_share(client, game, hands, board):
    got = _equity(client, {"hands": hands, "board": board, "game": game})
    want = pk.omaha_hilo_equity(hands, board=board, game=game).to_dict()
    assert list(got) == list(want)
    assert got["exact"] and {k: got[k] for k in ("equity", "high", "low", "scoop",
                                                  "low_qualifies")} == \
        {k: want[k] for k in ("equity", "high", "low", "scoop", "low_qualifies")}


def test_hilo_pinned_numbers(client):
    # As2dKhKc against QsQdJhTc on 3c4d9h: 820 showdowns (41 turns x 40 rivers / 2), the
    # ace-deuce makes a low on 520 of them; QQJT never does.
    got = _equity(client, {"hands": ["As2dKhKc", "QsQdJhTc"], "board": "3c4d9h",
                           "game": "omaha8"})
    assert got["boards"] == 820.0
    assert round(got["low_qualifies"] * 820) == 520
    assert got["low"] == [got["low_qualifies"], 0.0]
    assert [round(x, 4) for x in got["equity"]] == [0.8707, 0.1293]


def test_hilo_monte_carlo_streams_hilo_answers(client):
    body = {"hands": ["As2dKhKc", "random", "random"], "game": "omaha8", "exact": False,
            "trials": 50_000, "seed": 7}
    r = client.post("/api/equity/stream", json=body)
    assert r.status_code == 200
    events = [json.loads(line[6:]) for line in r.text.splitlines() if line.startswith("data: ")]
    assert events and all("high" in e and "low" in e for e in events)
    final = events[-1]
    want = pk.omaha_hilo_equity(body["hands"], game="omaha8", trials=50_000, seed=7)
    assert final["final"] and final["equity"] == want.equity.tolist()
    # Like any Monte Carlo run, hi/lo is bounded by the server's limit, no less.
    limits = Limits()
    plan = plan_equity(EquityRequest(("AsKsQdJd", "random"), exact=False, game="omaha8"),
                       limits)
    assert plan.kwargs["time_limit"] == limits.max_seconds
    plan = plan_equity(EquityRequest(("AsKsQdJd", "random"), time_limit=5.0, game="omaha8"),
                       limits)
    assert plan.kwargs["time_limit"] == 5.0


def test_hilo_monte_carlo_publishes_partial_results_and_keeps_its_estimate_at_the_deadline():
    # A run longer than the server's limit: partial hi/lo answers stream while it runs, and
    # the job's deadline ends it with its estimate (not an error), as for hold'em.
    with TestClient(create_app(Limits(max_seconds=1.5, stream_interval=0.05))) as c:
        body = {"hands": ["As2dKhKc", "random"], "game": "omaha8", "exact": False,
                "trials": 10 ** 9, "seed": 3}
        r = c.post("/api/equity/stream", json=body)
    assert r.status_code == 200
    events = [json.loads(line[6:]) for line in r.text.splitlines() if line.startswith("data: ")]
    partial = [e for e in events if not e["final"]]
    assert partial, "no partial hi/lo result was streamed"
    assert all({"high", "low", "scoop", "low_qualifies"} <= e.keys() for e in events)
    trials = [e["trials"] for e in partial]
    assert trials == sorted(trials) and trials[0] > 0
    final = events[-1]
    assert final["final"] and final["stopped_by"] == "time_limit"
    assert trials[-1] <= final["trials"] < 10 ** 9
    assert math.isclose(sum(final["equity"]), 1.0, abs_tol=1e-9)


@pytest.mark.parametrize(("body", "message"), [
    ({"hands": ["AhKh", "AA"], "game": "omaha"},
     "player 1: an Omaha hand has 4, 5 or 6 hole cards, not 2"),
    ({"hands": ["AsKsQdJd", "AhAcKhKc2d"], "game": "omaha"},
     "all Omaha players hold the same number of hole cards"),
    ({"hands": ["AsKsQdJdTc", "AhAcKhKc"], "game": "omaha5"}, "player 2"),
    ({"hands": ["AsKsQdJd", "AAA!AA"], "game": "omaha"},
     "player 2: the range 'AAA!AA' matches no 4-card hand"),
    ({"hands": ["AsKsQdJd", "AA1x"], "game": "omaha"}, "'1' at position 3"),
    ({"hands": ["AsKsQdJd", "AsAhKsKh"], "game": "omaha8"}, "As"),
    ({"hands": ["AsKsQdJd", "AsAA"], "game": "omaha"},
     "player 2: no hand of the range 'AsAA' is left"),
    ({"hands": ["AsKsQdJdTc", "15%"], "game": "omaha5"}, "player 2"),
    ({"hands": ["AhKh", "QQ+,55"], "game": "shortdeck"},
     "player 2 (the range 'QQ+,55'): 5c is not a short-deck card"),
    ({"hands": ["AhKh", "QsQd"], "board": "2c7d9h", "game": "shortdeck"},
     "the board: 2c is not a short-deck card"),
    ({"hands": ["AhKh", "QsQd"], "game": "omaha7"}, "unknown game 'omaha7'"),
])
def test_bad_input_is_a_400_naming_the_player_or_token(client, body, message):
    for path in ("/api/equity", "/api/equity/stream"):
        r = client.post(path, json=body)
        assert r.status_code == 400, (path, r.text)
        assert message in r.json()["error"], (path, r.json())


def test_range_counts_for_every_game(client):
    def info(game: str, text: str) -> dict:
        r = client.get(f"/api/range/{game}", params={"text": text})
        assert r.status_code == 200, r.text
        return r.json()

    got = info("omaha", "AA:$ds")
    assert (got["game"], got["hands"], got["combos"], got["classes"]) == ("omaha", 864, 864.0,
                                                                          {})
    assert got["percent"] == pytest.approx(100 * 864 / 270_725)
    five = pk.Range("AA:$ds:0.5, KK", game="omaha5")
    got = info("omaha5-8", "AA:$ds:0.5, KK")  # hi/lo reads ranges as Omaha of its size
    assert (got["hands"], got["combos"]) == (len(five), five.combo_count)
    assert got["percent"] == pytest.approx(100 * five.combo_count / math.comb(52, 5))
    got = info("shortdeck", "QQ+,AKs")
    assert (got["hands"], got["percent"]) == (22, pytest.approx(100 * 22 / 630))
    assert info("holdem", "QQ+,AKs") == dict(client.get("/api/range",
                                                       params={"text": "QQ+,AKs"}).json())


@pytest.mark.parametrize(("game", "text", "message"), [
    ("omaha", "AA1x", "unknown rank '1' at position 3 in 'AA1x'"),
    ("omaha", "AAA!AA", "the range 'AAA!AA' matches no 4-card hand"),
    ("omaha6", "15%", "%"),
    ("shortdeck", "QQ+,55", "the range 'QQ+,55': 5c is not a short-deck card"),
    ("stud", "AA", "unknown game 'stud'"),
])
def test_range_errors_name_the_token(client, game, text, message):
    r = client.get(f"/api/range/{game}", params={"text": text})
    assert r.status_code == 400 and message in r.json()["error"], r.text


def test_every_game_is_offered_by_the_page_and_the_schema(client):
    page = client.get("/").text
    offered = re.findall(r'<option value="([^"]+)">', page.split('id="game"')[1]
                         .split("</select>")[0])
    assert tuple(offered) == GAMES


def test_a_shared_urls_game_reaches_the_first_result(client):
    page = client.get("/", params=[("game", "shortdeck"), ("p", "AhKh"), ("p", "7c6c")]).text
    found = re.search(r'<script type="application/json" id="initial-result">(.*?)</script>',
                      page)
    assert found is not None
    assert json.loads(found.group(1))["boards"] == 201_376.0  # not hold'em's 1,712,304
    # A game the server does not know leaves the result to the page, which names the problem.
    page = client.get("/", params=[("game", "razz"), ("p", "AhKh"), ("p", "7c6c")]).text
    assert 'id="initial-result"' not in page
