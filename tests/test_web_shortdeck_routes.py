"""Short deck in the web API's class and head-to-head routes, in process (Starlette's test
client over the ASGI app): ``GET /api/preflop/class/{name}?game=shortdeck`` (``&rules=``)
answers one of the 81 classes as ``compute.class_info`` does; a Hold'em class short deck lacks
is a 400 naming the class and the game; Hold'em's answers are unchanged."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from pokerkeys.preflop import shortdeck as sd
from pokerkeys.web.app import create_app
from pokerkeys.web.compute import class_info

STRAIGHT = "straight-beats-trips"


@pytest.fixture(scope="module")
def api():
    """The app in process, through Starlette's test client (it asks for httpx2 in Starlette
    1.x; httpx still works)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    with TestClient(create_app()) as test_client:
        yield test_client


def test_a_short_deck_class_in_either_rule_order(api):
    r = api.get("/api/preflop/class/t9S", params={"game": "shortdeck"})
    assert r.status_code == 200
    info = r.json()
    assert info == class_info("T9s", "shortdeck", None)
    assert info["class"] == "T9s" and info["game"] == "shortdeck"
    assert info["rules"] == "trips-beat-straight"
    assert info["boards"] == sd.BOARDS_PER_HAND and info["combos"] == 4
    assert len(info["buckets"]) == 64 and info["buckets"][-1]["ranks"] == [1404, 1404]
    k = sd.class_index("T9s")
    assert info["equity_vs_opponents"] == sd.equity_vs_opponents()[k].tolist()
    assert info["win_vs_opponents"] == sd.equity_vs_opponents(without_ties=True)[k].tolist()
    assert len(info["stderr"]) == 5 and info["stderr"][0] == 0  # heads-up is exact
    assert sum(c["boards"] for c in info["categories"].values()) == sd.BOARDS_PER_HAND
    other = api.get("/api/preflop/class/T9s", params={"game": "shortdeck",
                                                      "rules": STRAIGHT}).json()
    assert other == class_info("T9s", "shortdeck", STRAIGHT)
    assert other["rules"] == STRAIGHT
    assert other["equity_vs_opponents"] != info["equity_vs_opponents"]
    # The rule order ranks the categories: straights above trips in the other one.
    assert list(info["categories"])[3:5] == ["Straight", "Three of a kind"]
    assert list(other["categories"])[3:5] == ["Three of a kind", "Straight"]


@pytest.mark.parametrize("name", ["72o", "55", "A5s", "k2O"])
def test_a_holdem_class_short_deck_lacks_is_a_400(api, name):
    r = api.get(f"/api/preflop/class/{name}", params={"game": "shortdeck"})
    assert r.status_code == 400
    message = r.json()["error"]
    assert repr(name) in message and "is not a short-deck class" in message
    assert "6 through A" in message
    assert api.get(f"/api/preflop/class/{name}").status_code == 200  # Hold'em has it


@pytest.mark.parametrize(("params", "words"), [
    ({"game": "omaha"}, "game='omaha'"),
    ({"game": "shortdeck", "rules": "flush-low"}, "flush-low"),
    ({"rules": STRAIGHT}, "shortdeck' only"),
])
def test_a_bad_game_or_rule_order_is_a_400(api, params, words):
    r = api.get("/api/preflop/class/AKs", params=params)
    assert r.status_code == 400 and words in r.json()["error"]


def test_holdem_class_unchanged(api):
    plain = api.get("/api/preflop/class/AKs").json()
    assert plain == api.get("/api/preflop/class/AKs", params={"game": "holdem"}).json()
    assert plain == class_info("AKs")
    assert "game" not in plain and len(plain["equity_vs_opponents"]) == 9
