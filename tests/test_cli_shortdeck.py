"""Short deck on the command line: `best` and `winners` with --game shortdeck and --rules, and
the short-deck games of `stats`; run in-process through `pokerkeys.cli.main`."""
from __future__ import annotations

import io
import json

import pytest

import pokerkeys as pk
from pokerkeys.cli import main

# A-9-8-7-6 is the lowest short-deck straight (no straight in Hold'em); K-K-K is three of a
# kind; in short deck a flush beats a full house.
SHOWDOWNS = ("Al, Ah 9h 8h 7c 6d\nBo, Kc Ks Kd Qs Jh\n\nCy, Ac Kh Qh Jd Tc\nDi, 6h 6c 6s 7d 7h\n"
             "\nEd, Ah Kh Qh 9h 7h\nFi, Qs Qd Qc 9s 9d\n")


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(capsys, args, match):
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    command = " ".join(args[:2]) if args[0] == "preflop" else args[0]
    assert len(lines) == 1 and lines[0].startswith(f"pokerkeys {command}: error: "), err
    assert match in lines[0] and "Traceback" not in err


def test_best_shortdeck_and_rules(capsys):
    code, out, _ = run(capsys, "best", "Ah 9h", "8h 7c 6d Kd Qs", "--game", "shortdeck")
    rank = pk.evaluate("Ah 9h 8h 7c 6d", game="shortdeck")
    assert code == 0 and out.strip() == f"Ah 9h 8h 7c 6d  Straight, nine high  (rank {rank})"
    code, out, _ = run(capsys, "best", "Ah 9h 8h 7c 6d Kd Qs", "--game", "shortdeck",
                       "--rules", "straight-beats-trips", "--json")
    info = json.loads(out)
    hand = pk.best_hand("Ah 9h 8h 7c 6d Kd Qs", game="shortdeck", rules="straight-beats-trips")
    assert code == 0 and info["rank"] == hand.rank and info["category"] == "Straight"
    assert info["best_five"] == "Ah 9h 8h 7c 6d"


def test_best_errors(capsys):
    assert_one_line_error(capsys, ["best", "Ah 9h", "8h 7c 5d Kd Qs", "--game", "shortdeck"],
                          "5d is not a short-deck card")
    assert_one_line_error(capsys, ["best", "Ah 9h", "8h 7c 6d Kd Qs", "--rules",
                                   "straight-beats-trips"], "--game shortdeck only")


def test_winners_shortdeck_and_rules(capsys, monkeypatch):
    def winners(*args):
        monkeypatch.setattr("sys.stdin", io.StringIO(SHOWDOWNS))
        code, out, _ = run(capsys, "winners", *args)
        assert code == 0
        return out.split()

    assert winners("--game", "shortdeck") == ["Bo", "Di", "Ed"]
    assert winners("--game", "shortdeck", "--rules", "straight-beats-trips") == ["Al", "Di",
                                                                                  "Ed"]
    assert winners() == ["Bo", "Di", "Fi"]  # Hold'em: A-9-8-7-6 is no straight
    monkeypatch.setattr("sys.stdin", io.StringIO(SHOWDOWNS))
    code, out, _ = run(capsys, "winners", "--game", "shortdeck", "--rules",
                       "straight-beats-trips", "--json")
    data = json.loads(out)
    assert code == 0 and [d["winners"] for d in data] == [["Al"], ["Di"], ["Ed"]]
    al = data[0]["players"][0]
    assert al["hand"] == "Straight, nine high"
    assert al["rank"] == pk.evaluate("Ah 9h 8h 7c 6d", game="shortdeck",
                                     rules="straight-beats-trips")


def test_winners_errors(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("Al, Ah 5h 8h 7c 6d\nBo, Kc Ks Kd Qs Jh\n"))
    assert_one_line_error(capsys, ["winners", "--game", "shortdeck"],
                          "5h is not a short-deck card")
    monkeypatch.setattr("sys.stdin", io.StringIO(SHOWDOWNS))
    assert_one_line_error(capsys, ["winners", "--rules", "straight-beats-trips"],
                          "--game shortdeck only")
    monkeypatch.setattr("sys.stdin", io.StringIO("8C TS KC 9H 4S 7D 2S 5D 3S AC\n"))
    assert_one_line_error(capsys, ["winners", "--game", "shortdeck"], "euler54")


@pytest.mark.parametrize("rules", [None, "straight-beats-trips"])
def test_stats_shortdeck5(capsys, rules):
    args = ["stats", "shortdeck5", "--json"] + (["--rules", rules] if rules else [])
    code, out, _ = run(capsys, *args)
    (result,) = json.loads(out)
    expected = pk.stats.game_stats("shortdeck5", rules=rules)
    assert code == 0 and result["total"] == 376_992 and result["exact"]
    assert result["counts"] == expected.as_dict()


def test_stats_help_lists_the_short_deck_games(capsys):
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "shortdeck5 shortdeck" in out and "--rules" in out


def test_preflop_equity_shortdeck_grid_and_classes(capsys):
    from pokerkeys.preflop import shortdeck as sd

    code, out, _ = run(capsys, "preflop", "equity", "--game", "shortdeck")
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) == 10 and "(exact)" in lines[0]  # title + 9 rows
    assert lines[1].startswith("AA  75.6 AKs") and lines[9].rstrip().endswith("66  41.4")
    code, out, _ = run(capsys, "preflop", "equity", "--game", "shortdeck", "-n", "5", "--rank",
                       "--rules", "straight-beats-trips")
    assert code == 0 and "straight-beats-trips" in out and "AA   1" in out
    code, out, _ = run(capsys, "preflop", "equity", "--game", "shortdeck", "-n", "3", "--json")
    data = json.loads(out)
    k = sd.class_index("76s")
    assert data["opponents"] == 3 and len(data["classes"]) == 81
    assert data["classes"]["76s"]["equity"] == float(sd.equity_vs_opponents(3)[k])
    assert data["classes"]["AA"]["rank"] == 1
    code, out, _ = run(capsys, "preflop", "equity", "--game", "shortdeck", "AA", "t9s", "--json")
    rows = json.loads(out)
    assert list(rows) == ["AA", "T9s"] and len(rows["AA"]["equity"]) == 5
    assert rows["AA"]["stderr"][0] == 0 and rows["T9s"]["stderr"][4] > 0


@pytest.mark.parametrize(("args", "match"), [
    (["-n", "6"], "from 1 to 5 in short deck"),
    (["A5s"], "not a short-deck class"),
    (["--plot", "no-such-folder/grid.png"], "no-such-folder"),
])
def test_preflop_equity_shortdeck_errors(capsys, args, match):
    assert_one_line_error(capsys, ["preflop", "equity", "--game", "shortdeck", *args], match)


def test_preflop_rules_needs_shortdeck(capsys):
    assert_one_line_error(capsys, ["preflop", "equity", "--rules", "straight-beats-trips"],
                          "--game shortdeck only")


def test_hits_shortdeck_follows_the_rule_order(capsys):
    # 66 holds a set on 9-8-7 and T-J-Q a straight draw: the categories come in the order of
    # the rule order, as range_hits gives them.
    for rules in (None, "straight-beats-trips"):
        extra = ["--rules", rules] if rules else []
        code, out, _ = run(capsys, "hits", "TT+,AJs,66", "9h8h7c", "--game", "shortdeck",
                           *extra, "--json")
        want = pk.range_hits("TT+,AJs,66", "9h8h7c", game="shortdeck", rules=rules)
        data = json.loads(out)
        assert code == 0 and list(data["made"]) == list(want.order)
        assert data["total"] == want.total
        assert {k: v["combos"] for k, v in data["made"].items()} == {
            k: want[k]["combos"] for k in want.order}
    code, out, _ = run(capsys, "hits", "TT+", "9h8h7c", "--game", "shortdeck")
    assert code == 0 and "overpair" in out and "open-ended straight draw" in out


def test_flops_shortdeck_equity_matches_the_library(capsys):
    code, out, _ = run(capsys, "flops", "AA", "KK", "--game", "shortdeck", "--json")
    data = json.loads(out)
    want = pk.flops(["AA", "KK"], game="shortdeck")
    assert code == 0 and data["equity"] == pytest.approx(want.overall().tolist(), abs=1e-12)
    assert data["read_as"] == []  # combos are counted in the 52-card deck: not said here
    code, out, _ = run(capsys, "flops", "AA", "KK", "--game", "shortdeck", "--rules",
                       "straight-beats-trips", "--top", "2")
    assert code == 0 and "flop classes" in out and "best 2 flops for player 1" in out


@pytest.mark.parametrize("args, match", [
    (["hits", "TT+", "9h8h2c", "--game", "shortdeck"], "2c is not a short-deck card"),
    (["hits", "TT+", "9h8h7c", "--rules", "straight-beats-trips"], "--rules applies to"),
    (["flops", "AA", "KK", "--rules", "straight-beats-trips"], "--rules applies to"),
    (["flops", "AA", "55", "--game", "shortdeck"],
     "player 2 (the range '55'): 5c is not a short-deck card"),
    (["hits", "TT+", "9h8h7c", "--game", "omaha", "--rules", "straight-beats-trips"],
     "--rules applies to --game shortdeck only"),
])
def test_hits_and_flops_shortdeck_errors(capsys, args, match):
    assert_one_line_error(capsys, args, match)


def test_the_rules_option_spells_the_library_rule_orders():
    from pokerkeys.cli.common import RULE_ORDERS
    from pokerkeys.core.shortdeck import RULES

    assert tuple(RULES) == RULE_ORDERS
