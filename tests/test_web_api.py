"""The web app's API logic, in process (Starlette's test client over the ASGI app): exact
answers, every class of bad request as a 4xx JSON message, limits, static-file safety."""
from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokerkeys.web.app import create_app
from pokerkeys.web.limits import Limits


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(max_body_bytes=4096, long_jobs=1))) as c:
        yield c


def test_exact_heads_up_answer(client):
    r = client.post("/api/equity", json={"hands": ["AhKh", "QsQd"]})
    assert r.status_code == 200
    body = r.json()
    assert body["exact"] is True
    assert body["equity"][0] == pytest.approx(0.4621445724590961, abs=1e-12)
    assert body["equity"][1] == pytest.approx(0.5378554275409039, abs=1e-12)
    assert body["boards"] == 1_712_304
    assert {"win", "tie", "trials", "stderr", "elapsed"} <= set(body)


def test_answer_matches_the_cli_json(client):
    import pokerkeys as pk
    expected = pk.equity(["AhKh", "QsQd"], board="2c7d9h", dead="5s").to_dict()
    got = client.post("/api/equity", json={"hands": ["AhKh", "QsQd"], "board": "2c7d9h",
                                           "dead": ["5s"]}).json()
    assert got["equity"] == expected["equity"] and got["boards"] == expected["boards"]


def test_monte_carlo_is_seeded_and_bounded(client):
    body = {"hands": ["AhKh", "QsQd", "random"], "exact": False, "trials": 200_000, "seed": 7}
    a = client.post("/api/equity", json=body).json()
    b = client.post("/api/equity", json=body).json()
    assert a["exact"] is False and a["trials"] == 200_000 and a["equity"] == b["equity"]


def test_monte_carlo_without_a_stop_rule_runs_the_default_trials(client):
    body = client.post("/api/equity", json={"hands": ["AhKh", "QsQd"], "exact": False,
                                            "seed": 3}).json()
    assert body["exact"] is False and body["trials"] == 10_000_000
    assert body["equity"][0] == pytest.approx(0.4621, abs=5 * body["stderr"][0])


def test_stream_sends_partial_then_final_results(client):
    body = {"hands": ["AhKh", "QsQd", "random", "random"], "exact": False,
            "trials": 3_000_000, "seed": 1}
    with client.stream("POST", "/api/equity/stream", json=body) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        events = [json.loads(line[6:]) for line in r.iter_lines() if line.startswith("data: ")]
    assert events[-1]["final"] is True and events[-1]["trials"] == 3_000_000
    assert all(e["final"] is False for e in events[:-1])
    trials = [e["trials"] for e in events]
    assert trials == sorted(trials)


@pytest.mark.parametrize("body, status, words", [
    ({"hands": ["AhKx", "QsQd"]}, 400, "player 1"),                    # bad card
    ({"hands": ["AhAh", "QsQd"]}, 400, "duplicate"),                   # duplicate card
    ({"hands": ["AhKh", "AhQd"]}, 400, "card Ah is used in player 1 and player 2"),
    ({"hands": ["AhKh", "QsQd"], "board": "Ah7d9c"}, 400, "card Ah is used"),
    ({"hands": ["AhKh"]}, 400, "2 to 10 players, not 1"),
    ({"hands": ["random"] * 11}, 400, "2 to 10 players, not 11"),
    ({"hands": ["AhKh", "QsQd"], "board": "2c"}, 400, "0, 3, 4 or 5 cards, not 1"),
    ({"hands": ["AhKh", "QsQd"], "board": "2c3c"}, 400, "0, 3, 4 or 5 cards, not 2"),
    ({"hands": ["QQ+,AKx", "QsQd"]}, 400, "player 1"),                 # bad range text
    ({"hands": ["AhKh", "QsQd"], "trials": 0}, 400, "trials must be from 1"),
    ({"hands": ["AhKh", "QsQd"], "trials": -5}, 400, "trials must be from 1"),
    ({"hands": ["AhKh", "QsQd"], "trials": 10 ** 15}, 400, "trials must be from 1"),
    ({"hands": ["AhKh", "QsQd"], "trials": "many"}, 400, "trials must be an integer"),
    ({"hands": ["AhKh", "QsQd"], "time_limit": 1e9}, 400, "time_limit"),
    ({"hands": ["AhKh", "QsQd"], "exact": "yes"}, 400, "exact must be"),
    ({"hands": ["AhKh", "QsQd"], "game": "stud"}, 400, "unknown game"),
    ({"hands": ["AhKh", "QsQd"], "colour": "red"}, 400, "unknown field 'colour'"),
    ({"board": "2c7d9h"}, 400, "missing field 'hands'"),
    ({"hands": "AhKh QsQd"}, 400, "hands must be a list"),
    ({"hands": [1, 2]}, 400, "player 1 must be a string"),
    ([1, 2, 3], 400, "must be a JSON object, not list"),
    ("AhKh", 400, "must be a JSON object, not str"),
])
def test_bad_requests_get_a_4xx_json_message(client, body, status, words):
    for path in ("/api/equity", "/api/equity/stream"):
        r = client.post(path, json=body)
        assert r.status_code == status, (path, r.text)
        message = r.json()["error"]
        assert words in message and len(message) < 300 and "Traceback" not in message


def test_not_json_empty_and_oversized_bodies(client):
    r = client.post("/api/equity", content=b"{not json")
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/equity", content=b"")
    assert r.status_code == 400 and "empty" in r.json()["error"]
    huge = json.dumps({"hands": ["AhKh", "Q" * 1_000_000]}).encode()
    r = client.post("/api/equity", content=huge)
    assert r.status_code == 413 and len(r.text) < 200 and "limit" in r.json()["error"]


def test_long_text_is_refused_without_echo():
    with TestClient(create_app(Limits())) as c:
        r = c.post("/api/equity", json={"hands": ["AhKh", "QQ+," * 3000]})
        assert r.status_code == 400 and len(r.text) < 200


def test_exact_beyond_the_work_limit_is_refused():
    with TestClient(create_app(Limits(max_exact_evaluations=1e6))) as c:
        r = c.post("/api/equity", json={"hands": ["AhKh", "random", "random"], "exact": True})
        assert r.status_code == 400 and "server's limit" in r.json()["error"]


def test_long_jobs_beyond_the_cap_get_503_with_retry_after():
    with TestClient(create_app(Limits(long_jobs=1))) as c:
        body = {"hands": ["random"] * 6, "exact": False, "time_limit": 20}
        with c.stream("POST", "/api/equity/stream", json=body) as first:
            assert first.status_code == 200
            next(first.iter_lines())  # the job is running
            r = c.post("/api/equity", json=body)
            assert r.status_code == 503 and r.headers["retry-after"].isdigit()
            assert "limit" in r.json()["error"]
            # a short request still answers
            assert c.post("/api/equity", json={"hands": ["AhKh", "QsQd"]}).status_code == 200


@pytest.mark.parametrize("path", [
    "/static/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
    "/static/..%2f..%2fetc%2fpasswd", "/static/%252e%252e/etc/passwd", "/static//etc/passwd",
    "/static/nothing.js", "/etc/passwd", "/static/../app.py", "/static/%2e%2e/app.py",
])
def test_static_paths_cannot_escape(client, path):
    r = client.get(path)
    assert r.status_code == 404 and "root:" not in r.text and "import" not in r.text


def test_pages_and_assets_are_served(client):
    for path in ("/", "/preflop", "/headsup"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    r = client.get("/static/calc.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/equity").status_code == 405


def test_preflop_table_and_class(client):
    table = client.get("/api/preflop").json()
    assert len(table["classes"]) == 169 and table["classes"][0] == "AA"
    assert len(table["equity_vs_opponents"]) == 169 and len(table["equity_vs_opponents"][0]) == 9
    info = client.get("/api/preflop/class/aks").json()
    assert info["class"] == "AKs" and info["boards"] == 2_118_760
    assert sum(c["boards"] for c in info["categories"].values()) == 2_118_760
    assert len(info["equity_vs_opponents"]) == 9
    r = client.get("/api/preflop/class/AKx")
    assert r.status_code == 400 and "unknown hand class" in r.json()["error"]


def test_range_info(client):
    info = client.get("/api/range", params={"text": "QQ+,AKs:0.5"}).json()
    assert info["classes"] == {"AA": 1.0, "AKs": 0.5, "KK": 1.0, "QQ": 1.0}
    assert info["combos"] == 20
    assert client.get("/api/range", params={"text": "QQ+,zz"}).status_code == 400
    assert client.get("/api/range").status_code == 400


def test_headsup_suit_rows_sum_to_the_class_figure(client):
    r = client.get("/api/headsup", params={"a": "AKs", "b": "QQ"}).json()
    rows = r["matchups"]
    assert sum(m["combos"] for m in rows) == 4 * 6
    weighted = sum(m["combos"] * m["equity"] for m in rows) / r["combo_pairs"]
    assert weighted == pytest.approx(r["equity"], abs=1e-12)
    assert r["equity"] == pytest.approx(r["shipped_equity"], abs=1e-9)
    assert [d["class"] for d in r["distributions"]] == ["AKs", "QQ"]
    hands = client.get("/api/headsup", params={"a": "AhKh", "b": "QsQd"}).json()
    assert hands["equity"] == pytest.approx(0.4621445724590961, abs=1e-12)
    assert client.get("/api/headsup", params={"a": "AKs", "b": "Q"}).status_code == 400


def test_shareable_url_page_carries_its_result(client):
    html = client.get("/", params=[("p", "AhKh"), ("p", "QsQd")]).text
    assert 'id="initial-result"' in html and "0.46214457245909" in html
    for query in ([("p", "AhKh"), ("p", "</script><script>alert(1)</script>")],
                  [("p", "AhKh")], [("p", "AhKh"), ("p", "random"), ("p", "random")]):
        html = client.get("/", params=query).text
        assert 'id="initial-result"' not in html and "alert(1)" not in html
