"""Short deck in the web API's class and head-to-head routes, in process (Starlette's test
client over the ASGI app): ``GET /api/preflop/class/{name}?game=shortdeck`` (``&rules=``)
answers one of the 81 classes as ``compute.class_info`` does; ``GET /api/headsup?...&game=
shortdeck`` enumerates short deck's boards in the rule order asked for (two classes by
suit-distinct matchup, adding up to the shipped 81 x 81 table; hands and ranges as
``pk.equity``); a Hold'em class, hand or range short deck lacks is a 400 naming the side, the
class or card and the game; Hold'em's answers are unchanged."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import pokerkeys as pk
from pokerkeys.preflop import shortdeck as sd
from pokerkeys.web.app import create_app
from pokerkeys.web.compute import class_info, headsup

STRAIGHT = "straight-beats-trips"


@pytest.fixture(scope="module")
def api():
    """The app in process (Starlette's test client, which asks for httpx2 in Starlette 1.x;
    httpx still works)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    client = TestClient(create_app())
    with client:
        yield client


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


def _headsup(api, a: str, b: str, **params: str) -> dict:
    r = api.get("/api/headsup", params={"a": a, "b": b, **params})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("rules", [None, STRAIGHT])
def test_headsup_classes_add_up_to_the_shipped_table(api, rules):
    params = {"game": "shortdeck"} | ({"rules": rules} if rules else {})
    r = _headsup(api, "aks", "QQ", **params)
    assert (r["hand1"], r["hand2"], r["kind1"], r["kind2"]) == ("AKs", "QQ", "class", "class")
    assert list(r)[4:6] == ["game", "rules"]
    assert r["game"] == "shortdeck" and r["rules"] == (rules or "trips-beat-straight")
    assert r["equity"] == pytest.approx(sd.heads_up_equity("AKs", "QQ", rules=rules),
                                        abs=1e-12)
    assert r["shipped_equity"] == sd.heads_up_equity("AKs", "QQ", rules=rules)
    assert r["combo_pairs"] == 4 * 6 == sum(m["combos"] for m in r["matchups"])
    boards = r["combo_pairs"] * sd.BOARDS_PER_MATCHUP
    for m in r["matchups"]:  # each matchup is the engine's, over all 201,376 boards
        assert m["wins"] + m["ties"] + m["losses"] == sd.BOARDS_PER_MATCHUP
        one = pk.equity([m["hand1"], m["hand2"]], exact=True, game="shortdeck", rules=rules)
        assert (m["wins"], m["ties"], m["losses"]) == (one.wins[0], one.ties[0],
                                                       one.losses[0])
    wins = sum(m["combos"] * m["wins"] for m in r["matchups"])
    ties = sum(m["combos"] * m["ties"] for m in r["matchups"])
    assert r["win"][0] == wins / boards and r["tie"] == [ties / boards] * 2
    assert sum(r["win"]) + r["tie"][0] == pytest.approx(1, abs=1e-12)
    for d, name in zip(r["distributions"], ("AKs", "QQ"), strict=True):
        assert d["class"] == d["label"] == name and len(d["buckets"]) == 64
        expected = class_info(name, "shortdeck", rules)
        assert d["categories"] == expected["categories"]
        assert d["buckets"] == expected["buckets"]


def test_the_rule_order_changes_the_figures(api):
    trips = _headsup(api, "JTs", "99", game="shortdeck")
    straight = _headsup(api, "JTs", "99", game="shortdeck", rules=STRAIGHT)
    assert trips["equity"] != straight["equity"]
    assert list(straight["distributions"][0]["categories"])[3:5] == ["Three of a kind",
                                                                      "Straight"]


def test_headsup_hands_and_ranges_are_the_engines(api):
    r = _headsup(api, "Ah Kd", "QQ+", game="shortdeck", rules=STRAIGHT)
    expected = pk.equity(["AhKd", "QQ+"], exact=True, game="shortdeck", rules=STRAIGHT)
    assert (r["hand1"], r["kind1"], r["kind2"]) == ("AhKd", "hand", "range")
    assert r["equity"] == float(expected.equity[0]) and r["matchups"] == []
    assert r["win"] == expected.win.tolist() and r["tie"] == expected.tie.tolist()
    assert r["distributions"][0]["label"] == "AhKd (AKo)"
    assert len(r["distributions"][0]["buckets"]) == 64 and r["distributions"][1] is None
    assert r == headsup("hand", "AhKd", "range", "QQ+", lambda *progress: None,
                        game="shortdeck", rules=STRAIGHT)


@pytest.mark.parametrize(("a", "b", "words"), [
    ("72o", "QQ", "hand 1: '72o' is not a short-deck class (short deck plays 6 through A)"),
    ("AKs", "5s5d", "hand 2: 5s is not a short-deck card (short deck plays 6 through A)"),
    ("AKs", "QQ+,A5s", "hand 2 (the range 'QQ+,A5s'): 5c is not a short-deck card"),
    ("AhKs", "AhKh", "card Ah is used"),
    ("zz", "QQ", "hand 1: 'zz' is neither a class, a hand nor a range"),
])
def test_headsup_short_deck_errors_name_the_side_and_the_game(api, a, b, words):
    r = api.get("/api/headsup", params={"a": a, "b": b, "game": "shortdeck"})
    assert r.status_code == 400 and words in r.json()["error"]


@pytest.mark.parametrize(("params", "words"), [
    ({"game": "omaha"}, "game='omaha'"),
    ({"game": "shortdeck", "rules": "flush-low"}, "flush-low"),
    ({"rules": STRAIGHT}, "shortdeck' only"),
])
def test_headsup_bad_game_or_rule_order_is_a_400(api, params, words):
    r = api.get("/api/headsup", params={"a": "AKs", "b": "QQ", **params})
    assert r.status_code == 400 and words in r.json()["error"]


def test_headsup_holdem_unchanged(api):
    plain = _headsup(api, "AKs", "QQ")
    assert plain == _headsup(api, "AKs", "QQ", game="holdem")
    assert plain == headsup("class", "AKs", "class", "QQ", lambda *progress: None)
    assert "game" not in plain and plain["matchups"][0]["wins"] == 781594
    assert _headsup(api, "72o", "55")["hand1"] == "72o"


def test_short_deck_equity_is_planned_at_the_engines_price():
    # Random against random preflop is exact in short deck (rank classes over 36 cards, about a
    # second), so the server runs it as a short exact job; three-way with two random hands is
    # Monte Carlo, as the engine would choose.
    from pokerkeys.web.compute import plan_equity
    from pokerkeys.web.limits import Limits
    from pokerkeys.web.schemas import EquityRequest

    plan = plan_equity(EquityRequest(("random", "random"), game="shortdeck"), Limits())
    assert plan.kind == "short" and plan.kwargs["exact"] is True
    plan = plan_equity(EquityRequest(("AhKh", "random", "random"), game="shortdeck"), Limits())
    assert plan.kind == "long" and plan.kwargs["exact"] is False
