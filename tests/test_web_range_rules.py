"""The range route's short-deck rule order, in process (Starlette's test client over the ASGI
app): ``GET /api/range/shortdeck?text=N%&rules=...`` selects what
``pk.Range("N%", game="shortdeck", rules=...)`` selects and says which order it used; a bad
``rules``, or ``rules`` with another game, is a 400 with ``pk.equity``'s message."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import pokerkeys as pk

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokerkeys.web.app import create_app
from pokerkeys.web.limits import Limits

RULES = ("trips-beat-straight", "straight-beats-trips")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(long_jobs=1))) as c:
        yield c


def _info(client, text: str, **params: str) -> dict:
    r = client.get("/api/range/shortdeck", params={"text": text, **params})
    assert r.status_code == 200, r.text
    return r.json()


def _combos(rng: pk.Range) -> set[tuple[int, int]]:
    return {(int(a), int(b)) for a, b in np.sort(rng.combos, axis=1)}


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("percent", ["5%", "15%", "37.5%", "62%", "100%"])
def test_top_percent_is_what_range_selects_in_that_order(client, rules, percent):
    expected = pk.Range(percent, game="shortdeck", rules=rules)
    info = _info(client, percent, rules=rules)
    assert info["rules"] == rules and info["game"] == "shortdeck"
    assert info["hands"] == len(expected)
    assert info["combos"] == pytest.approx(expected.combo_count)
    assert info["percent"] == pytest.approx(100 * expected.combo_count / 630)
    # The description, read back as a hold'em range (as the calculator's grid reads it),
    # holds exactly the same hands and classes.
    assert _combos(pk.Range(info["description"])) == _combos(expected)
    again = client.get("/api/range", params={"text": info["description"]}).json()
    assert again["classes"] == info["classes"] and again["hands"] == info["hands"]


def test_the_rule_order_changes_the_top_percent(client):
    trips, straights = (_info(client, "15%", rules=r) for r in RULES)
    assert (trips["hands"], straights["hands"]) == (92, 94)
    assert trips["classes"] != straights["classes"]


def test_the_default_order_is_trips_beat_straight(client):
    info = _info(client, "15%")
    assert info["rules"] == "trips-beat-straight"
    assert info == _info(client, "15%", rules="trips-beat-straight")


def test_explicit_classes_do_not_depend_on_the_order(client):
    trips, straights = (_info(client, "QQ+,AKs,T9s:0.5", rules=r) for r in RULES)
    assert {k: v for k, v in trips.items() if k != "rules"} == \
        {k: v for k, v in straights.items() if k != "rules"}
    assert trips["hands"] == 6 * 3 + 4 + 4


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha8"])
def test_other_games_answer_no_rules(client, game):
    text = "AA:$ds" if game.startswith("omaha") else "QQ+"
    info = client.get(f"/api/range/{game}", params={"text": text}).json()
    assert info["rules"] is None


@pytest.mark.parametrize(("path", "params", "message"), [
    ("/api/range/shortdeck", {"text": "15%", "rules": "trips"},
     "rules must be one of 'trips-beat-straight', 'straight-beats-trips', not 'trips'"),
    ("/api/range/shortdeck", {"text": "15%", "rules": "x" * 500}, "not 'xxxx"),
    ("/api/range/holdem", {"text": "15%", "rules": "straight-beats-trips"},
     "rules apply to game='shortdeck' only, not to game='holdem'"),
    ("/api/range", {"text": "15%", "rules": "trips-beat-straight"},
     "rules apply to game='shortdeck' only, not to game='holdem'"),
    ("/api/range/omaha", {"text": "AA:$ds", "rules": "straight-beats-trips"},
     "rules apply to game='shortdeck' only, not to game='omaha'"),
    ("/api/range/omaha8", {"text": "AA:$ds", "rules": "nonsense"},
     "rules apply to game='shortdeck' only, not to game='omaha8'"),
])
def test_bad_rules_are_refused_with_the_engines_messages(client, path, params, message):
    r = client.get(path, params=params)
    assert r.status_code == 400 and message in r.json()["error"], r.text
    assert len(r.json()["error"]) < 200  # a long value is not echoed in full


def test_messages_are_those_of_the_engine():
    # The same words as pk.equity's ValueErrors, which the route's messages copy.
    with pytest.raises(ValueError, match="rules must be one of 'trips-beat-straight', "
                                         "'straight-beats-trips', not 'trips'"):
        pk.equity(["AhKh", "QsQd"], game="shortdeck", rules="trips")
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only, not to "
                                         "game='omaha'"):
        pk.equity(["AhKhQhJh", "random"], game="omaha", rules="straight-beats-trips")


def test_a_bad_range_is_still_named_with_rules_given(client):
    r = client.get("/api/range/shortdeck", params={"text": "QQ+,55",
                                                   "rules": "straight-beats-trips"})
    assert r.status_code == 400
    assert "the range 'QQ+,55': 5c is not a short-deck card" in r.json()["error"]
