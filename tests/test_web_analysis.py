"""The range-analysis API (``POST /api/analysis/{view}`` and its stream), in process: each
view answers what the library computes, bad input gets a 400 with a clear message, and the
stream sends progress events before its result."""
from __future__ import annotations

import json
import warnings

import pytest

import pokerkeys as pk

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokerkeys.web import analysis
from pokerkeys.web.app import create_app
from pokerkeys.web.limits import Limits

SPOT = {"hands": ["AhKh", "QQ+,AK"], "board": "Jh9h2c"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(stream_interval=0.02))) as c:
        yield c


def post(client, view, body, **query):
    return client.post(f"/api/analysis/{view}", json=body, params=query)


def events(text: str) -> list[tuple[str, dict]]:
    found = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.split("\n")
                     if line and not line.startswith(":"))
        if lines:
            found.append((lines["event"], json.loads(lines["data"])))
    return found


def test_each_view_answers_what_the_library_computes(client):
    hands, board = SPOT["hands"], SPOT["board"]
    cases = [
        ("distribution", {"player": 1},
         pk.equity_distribution(hands, board, player=1).to_dict()),
        ("classes", {"player": 1}, pk.equity_by_class(hands, board, player=1).to_dict()),
        ("what-wins", {"by": "made"}, pk.what_wins(hands, board, by="made").to_dict()),
        ("runouts", {"threshold": 0.2},
         pk.runouts(hands, board, threshold=0.2).to_dict(grid=False)),
    ]
    for view, query, expected in cases:
        r = post(client, view, SPOT, **query)
        assert r.status_code == 200, (view, r.text)
        answer = r.json()
        assert answer["view"] == view and answer["player"] == query.get("player", 0)
        assert answer["data"] == json.loads(json.dumps(expected)), view
    r = post(client, "flops", {"hands": ["QQ", "AKs"]})
    report = pk.flops(["QQ", "AKs"])
    data = r.json()["data"]
    assert len(data["rows"]) == len(report) == 1754
    assert data["overall"] == pytest.approx(report.overall().tolist(), abs=1e-6)
    assert data["rows"][0]["flop"] == report.names[0]


def test_omaha_views_and_the_runout_grid(client):
    hands, board = ["AsKsQdJd", "AA:$ds"], "Ts9s2d"
    body = {"hands": hands, "board": board, "game": "omaha"}
    cases = [
        ("distribution", {"player": 1},
         pk.equity_distribution(hands, board, player=1, game="omaha").to_dict()),
        ("classes", {"player": 1},
         pk.equity_by_class(hands, board, player=1, game="omaha").to_dict()),
        ("what-wins", {}, pk.what_wins(hands, board, game="omaha").to_dict()),
        ("runouts", {}, pk.runouts(hands, board, game="omaha").to_dict(grid=False)),
    ]
    for view, query, expected in cases:
        r = post(client, view, body, **query)
        assert r.status_code == 200, (view, r.text)
        assert r.json()["data"] == json.loads(json.dumps(expected)), view
    data = post(client, "runouts", body, grid=1).json()["data"]
    grid = pk.runouts(hands, board, game="omaha").grid
    assert grid is not None and data["grid"]["cards"] == grid.names
    assert data["grid"]["equity"][0][0][1] == pytest.approx(grid.to_dict()["equity"][0][0][1],
                                                         abs=1e-6)
    assert post(client, "runouts", {**body, "board": "Ts9s2d7c"}, grid=1).json()["data"][
        "grid"] is None


def test_the_distribution_sums_to_the_range_equity(client):
    data = post(client, "distribution", SPOT, player=1).json()["data"]
    mean = sum(h["weight"] * h["equity"] for h in data["hands"])
    assert mean == pytest.approx(data["summary"]["mean"], abs=1e-12)
    assert mean == pytest.approx(pk.equity(SPOT["hands"], SPOT["board"]).equity[1], abs=1e-12)


@pytest.mark.parametrize(("view", "body", "query", "message"), [
    ("equity", SPOT, {}, "unknown view 'equity'"),
    ("runouts", {**SPOT, "board": "Jh9h"}, {}, "runouts needs a flop or a turn"),
    ("runouts", {**SPOT, "board": "Jh9h2c4s5d"}, {}, "not 5 cards"),
    ("classes", {"hands": SPOT["hands"]}, {"player": 1}, "needs a flop, a turn or a river"),
    ("what-wins", {**SPOT, "board": "Jh9h2c4s5d"}, {}, "what_wins needs"),
    ("flops", SPOT, {}, "leave the board empty"),
    ("runouts", {"hands": ["AhKh", "JJ"], "board": "JdJsJc"}, {}, "player 2 ('JJ') is empty"),
    ("runouts", {"hands": ["AhKh", "QQ+,zz"], "board": "Jh9h2c"}, {}, "'zz'"),
    ("runouts", {"hands": ["AhKh", "AhQd"], "board": "Jh9h2c"}, {}, "card Ah is used"),
    ("runouts", {"hands": ["22", "33", "44", "55", "66", "77", "88"], "board": "Jh9h2c"}, {},
     "2 to 6 players"),
    ("distribution", SPOT, {}, "is a single hand, not a range"),
    ("distribution", SPOT, {"player": 2}, "player must be from 0 to 1"),
    ("distribution", SPOT, {"player": "x"}, "player must be a number"),
    ("runouts", SPOT, {"threshold": 2}, "threshold must be from 0 to 1"),
    ("what-wins", SPOT, {"by": "rank"}, "by must be 'category' or 'made'"),
    ("runouts", SPOT, {"seat": 1}, "unknown query option 'seat'"),
    ("runouts", {**SPOT, "time_limit": 5}, {}, "time_limit does not apply"),
    ("runouts", {**SPOT, "game": "shortdeck"}, {}, "not 'shortdeck'"),
    ("runouts", {**SPOT, "game": "omaha8"}, {}, "not 'omaha8'"),
    ("runouts", SPOT, {"grid": "yes"}, "grid must be 0 or 1"),
    ("runouts", {**SPOT, "game": "omaha"}, {}, "4, 5 or 6 hole cards"),
    ("flops", {"hands": ["AsKsQdJd", "random"], "game": "omaha"}, {},
     "more than 5,000,000,000 showdowns"),
    ("runouts", {**SPOT, "colour": "red"}, {}, "unknown field"),
])
def test_bad_input_is_a_400_with_the_message(client, view, body, query, message):
    for path in (f"/api/analysis/{view}", f"/api/analysis/{view}/stream"):
        r = client.post(path, json=body, params=query)
        assert r.status_code == 400, (path, r.text)
        assert message in r.json()["error"], (path, r.json())


def test_other_methods_are_refused(client):
    assert client.get("/api/analysis/runouts").status_code == 405
    assert client.get("/api/analysis/runouts/stream").status_code == 405


def test_the_stream_sends_progress_then_the_result(client, monkeypatch):
    monkeypatch.setattr(analysis, "_FIRST_WAIT", 0.0)  # stream even a quick job
    body = {"hands": ["QQ+,AK", "JJ-88,AQs,KQs"]}
    r = client.post("/api/analysis/flops/stream", json=body)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    got = events(r.text)
    assert got[-1][0] == "result" and got[-1][1]["final"] is True
    progress = [data for name, data in got if name == "progress"]
    assert progress and all(0 < p["done"] <= p["total"] for p in progress)
    assert [p["done"] for p in progress] == sorted(p["done"] for p in progress)
    answer = post(client, "flops", body).json()
    assert {k: v for k, v in got[-1][1].items() if k != "final"} == answer


def test_a_job_error_after_the_stream_began_is_an_error_event(client, monkeypatch):
    monkeypatch.setattr(analysis, "_FIRST_WAIT", 0.0)
    r = client.post("/api/analysis/runouts/stream",
                    json={"hands": ["AhKh", "QQ"], "board": "Jh9h"})
    assert r.status_code == 200
    assert events(r.text)[-1] == ("error", {"error": "runouts needs a flop or a turn (3 or "
                                                     "4 board cards), not 2 cards (Jh 9h)"})


def test_the_page_is_served_and_linked(client):
    r = client.get("/analysis")
    assert r.status_code == 200 and "analysis.js" in r.text
    for name in ("analysis.js", "analysis.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert "/analysis" in client.get("/static/api.js").text
