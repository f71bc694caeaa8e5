"""`pokerkeys hits`, `pokerkeys flops` and `pokerkeys equity --combos`, in process via main()."""
from __future__ import annotations

import csv
import io
import json

import pytest

import pokerkeys as pk
from pokerkeys.analysis import DRAWS
from pokerkeys.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_hits_text_json_csv(capsys):
    code, out, _ = run(capsys, "hits", "AA,KK,AKs", "Ah7d2c")
    assert code == 0
    assert "set" in out and "25.00%" in out
    code, out, _ = run(capsys, "hits", "AA,KK,AKs", "Ah7d2c", "--json")
    data = json.loads(out)
    assert data["made"]["set"]["combos"] == 3 and data["total"] == 12
    assert set(data["draws"]) == set(DRAWS)
    code, out, _ = run(capsys, "hits", "AA,KK,AKs", "Ah7d2c", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["category"]: float(r["combos"]) for r in rows}["top pair"] == 3


@pytest.mark.parametrize("argv, message", [
    (["hits", "AA", "Ah7d"], "a board of 3, 4 or 5 cards, not 2"),
    (["hits", "AKx", "Ah7d2c"], "cannot parse range item"),
    (["hits", "AhKh", "Ah7d2c"], "empty once the board"),
    (["flops", "AA", "KK", "QQ", "JJ", "TT", "99", "88"], "2 to 6 players, not 7"),
    (["flops", "AhKh", "AhQd"], "card Ah is used"),
    (["flops", "AA", "KK", "--player", "3"], "--player is a player number 1..2"),
    (["flops", "AA", "KK", "--high", "Z"], "high must be a rank"),
    (["equity", "AhKh", "QsQd", "--combos"], "every player here is a single hand"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith(f"pokerkeys {argv[0]}: error: ") and message in err
    assert err.count("\n") == 1


def test_equity_combos_text_and_json(capsys):
    code, out, _ = run(capsys, "equity", "AhKh", "QQ+", "-b", "2c3d4h", "--combos")
    assert code == 0
    assert "player 2 (QQ+): 12 combos" in out
    lines = out.splitlines()
    first = lines[lines.index("player 2 (QQ+): 12 combos") + 2]
    assert first.split()[0] in ("AdAc", "AsAc", "AsAd")  # aces lead
    code, out, _ = run(capsys, "equity", "AhKh", "QQ+", "-b", "2c3d4h", "--combos", "--json")
    data = json.loads(out)
    (entry,) = data["combos"]
    assert entry["player"] == 2 and len(entry["combos"]) == 12
    r = pk.equity(["AhKh", "QQ+"], "2c3d4h", exact=True, per_combo=True)
    assert sum(c["share"] * c["equity"] for c in entry["combos"]) == pytest.approx(r.equity[1])


def test_flops_text_csv_json(capsys):
    code, out, _ = run(capsys, "flops", "AA", "KK", "--top", "3")
    assert code == 0
    assert "1,753 flop classes" in out and "81.946%" in out
    assert "by texture" in out and "monotone" in out
    code, out, _ = run(capsys, "flops", "AA", "KK", "--paired", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and all(r["paired"] == "True" for r in rows)
    code, out, _ = run(capsys, "flops", "AA", "KK", "--suits", "monotone", "--json")
    data = json.loads(out)
    assert data["equity"][0] == pytest.approx(0.8194605, abs=1e-7)
    assert all(r["suits"] == "monotone" for r in data["flops"])


def test_equity_combos_monte_carlo_json_has_no_nan(capsys):
    # 2,000 trials leave most of the 1,326 hands undealt: their equity is null, not NaN.
    code, out, _ = run(capsys, "equity", "random", "AA", "--trials", "2000", "--seed", "1",
                       "--combos", "--json")
    assert code == 0
    data = json.loads(out)
    rows = data["combos"][0]["combos"]
    assert len(rows) == 1326 and any(r["equity"] is None for r in rows)
    code, out, _ = run(capsys, "equity", "random", "AA", "--trials", "2000", "--seed", "1",
                       "--combos")
    assert code == 0 and "never dealt" in out


def test_flops_says_how_it_read_each_player(capsys):
    code, out, _ = run(capsys, "flops", "AK", "QsQd", "--top", "1")
    assert code == 0
    lines = out.splitlines()
    # QsQd holds no ace or king: all 16 combos of AK stay live, so no second clause.
    assert lines[0] == "player 1 (AK) read as a range of 16 combos"
    assert "flop classes" in lines[1]  # an exact hand needs no note
    code, out, _ = run(capsys, "flops", "AK", "QsQd", "--json")
    assert [(e["kind"], e["combos"]) for e in json.loads(out)["read_as"]] == [("range", 16),
                                                                            ("hand", 1)]
