"""The preflop explorer's API for short deck, in process (Starlette's test client over the ASGI
app): ``GET /api/preflop?game=shortdeck`` sends the 81 classes of the 9 x 9 grid with the
shipped tables of the rule order asked for; a bad game or rule order is a 400 naming it;
Hold'em's answer is unchanged."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from pokerkeys.web.app import create_app
from pokerkeys.web.compute import preflop_table


@pytest.fixture(scope="module")
def api():
    """The app in process, through Starlette's test client (it asks for httpx2 in Starlette
    1.x; httpx still works)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    with TestClient(create_app()) as test_client:
        yield test_client


def test_short_deck_table_by_default_rules(api):
    r = api.get("/api/preflop", params={"game": "shortdeck"})
    assert r.status_code == 200
    table = r.json()
    assert table["game"] == "shortdeck" and table["rules"] == "trips-beat-straight"
    assert table["grid_size"] == 9 and len(table["classes"]) == 81
    assert table["classes"][:3] == ["AA", "AKs", "AQs"] and table["classes"][-1] == "66"
    assert sum(table["combos"]) == 630  # C(36, 2)
    assert len(table["equity_vs_opponents"]) == 81
    assert all(len(row) == 5 for row in table["equity_vs_opponents"])
    assert table["equity_vs_opponents"][0][0] == 0.756037
    assert all(se == 0 for se in (row[0] for row in table["stderr"]))  # heads-up exact
    assert table["heads_up"][1][80] == 0.583877  # AKs against 66
    assert table["win_vs_opponents"][0][0] == 0.748971  # AA heads-up, without ties
    assert len(table["distributions"]["counts"]) == 81
    assert table == preflop_table("shortdeck", "trips-beat-straight")


def test_short_deck_other_rule_order(api):
    trips = api.get("/api/preflop", params={"game": "shortdeck"}).json()
    straight = api.get("/api/preflop", params={"game": "shortdeck",
                                                  "rules": "straight-beats-trips"}).json()
    assert straight["rules"] == "straight-beats-trips"
    assert straight["classes"] == trips["classes"]
    assert straight["equity_vs_opponents"] != trips["equity_vs_opponents"]
    assert straight == preflop_table("shortdeck", "straight-beats-trips")


def test_holdem_unchanged(api):
    plain = api.get("/api/preflop").json()
    assert plain == api.get("/api/preflop", params={"game": "holdem"}).json()
    assert plain == preflop_table()
    assert len(plain["classes"]) == 169 and "grid_size" not in plain


@pytest.mark.parametrize(("params", "words"), [
    ({"game": "omaha"}, "omaha"),
    ({"game": "shortdeck", "rules": "flush-beats-all"}, "flush-beats-all"),
    ({"game": "holdem", "rules": "straight-beats-trips"}, "shortdeck' only"),
])
def test_bad_game_or_rules_is_a_400(api, params, words):
    r = api.get("/api/preflop", params=params)
    assert r.status_code == 400
    assert words in r.json()["error"]
