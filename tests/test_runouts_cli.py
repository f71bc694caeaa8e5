"""`pokerkeys runouts`, `distribution`, `classes` and `what-wins`, in process via main()."""
from __future__ import annotations

import csv
import io
import json

import pytest

import pokerkeys as pk
from pokerkeys.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_runouts_text_json_csv(capsys):
    code, out, _ = run(capsys, "runouts", "AhKh", "QQ", "--board", "Jh9h2c", "--flush")
    assert code == 0
    assert "47 turn cards after Jh 9h 2c" in out and "9 cards match the filter" in out
    assert "by card class:" in out and "pairs the board" in out
    code, out, _ = run(capsys, "runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--json", "--grid",
                       "--sort", "card")
    data = json.loads(out)
    report = pk.runouts(["AhKh", "QQ"], "Jh9h2c")
    assert [row["card"] for row in data["cards"]] == report.names
    assert data["cards"][0]["equity_1"] == pytest.approx(report.equity[0, 0])
    assert len(data["grid"]["cards"]) == 47
    code, out, _ = run(capsys, "runouts", "AhKh", "QQ", "-b", "Jh9h2c4s", "--csv", "--suit",
                       "h", "--player", "2", "--ascending")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["suit"] for r in rows} == {"h"}
    assert [float(r["equity_2"]) for r in rows] == sorted(float(r["equity_2"]) for r in rows)
    code, out, _ = run(capsys, "runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--csv", "--grid")
    assert out.splitlines()[0] == "turn,river,weight,equity_1,equity_2"


def test_distribution_classes_what_wins(capsys, tmp_path):
    code, out, _ = run(capsys, "distribution", "AhKh", "QQ+,AK", "-b", "Jh9h2c", "--player",
                       "2", "--top", "2")
    assert code == 0 and "player 2 (QQ+,AK): 21 combos" in out and "worst 2:" in out
    code, out, _ = run(capsys, "distribution", "AhKh", "QQ+,AK", "-b", "Jh9h2c", "--player",
                       "2", "--json")
    data = json.loads(out)
    assert data["summary"]["mean"] == pytest.approx(
        pk.equity(["AhKh", "QQ+,AK"], "Jh9h2c").equity[1])
    code, out, _ = run(capsys, "distribution", "AhKh", "QQ+,AK", "-b", "Jh9h2c", "--player",
                       "2", "--csv")
    assert out.splitlines()[0] == "combo,weight,equity,cumulative"
    code, out, _ = run(capsys, "classes", "QQ+,AK", "JJ-99,AQs", "-b", "Jh9h2c", "--json")
    assert {r["class"] for r in json.loads(out)["classes"]} >= {"overpair", "ace high"}
    code, out, _ = run(capsys, "classes", "QQ+,AK", "JJ-99,AQs", "-b", "Jh9h2c")
    assert "overpair" in out
    code, out, _ = run(capsys, "what-wins", "AhKh", "QQ", "-b", "Jh9h2c", "--by", "made")
    assert code == 0 and "exact over" in out and "player 2 (QQ)" in out
    code, out, _ = run(capsys, "what-wins", "AhKh", "QQ", "--samples", "500", "--seed", "3",
                       "--json")
    data = json.loads(out)
    assert data["exact"] is False and data["boards"] == 500


def test_distribution_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "curve.png"
    code, out, _ = run(capsys, "distribution", "AhKh", "QQ+,AK", "-b", "Jh9h2c", "--player",
                       "2", "--plot", str(path))
    assert code == 0 and path.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("argv, message", [
    (["runouts", "AhKh", "QQ", "-b", "Jh9h2c5s6s"], "runouts needs a flop or a turn"),
    (["runouts", "AhKh", "QQ"], "not 0 cards"),
    (["runouts", "AA", "KK", "QQ", "JJ", "TT", "99", "88", "-b", "2c3d4h"],
     "runouts takes 2 to 6 players, not 7"),
    (["runouts", "AA", "KK", "-b", "AhAdAc"], "player 1 ('AA') is empty"),
    (["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--player", "3"], "--player is a player"),
    (["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--grid"], "--grid goes with --json or --csv"),
    (["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--rank", "Z"], "rank must be"),
    (["distribution", "AhKh", "QQ", "-b", "Jh9h2c"], "is a single hand, not a range"),
    (["distribution", "AhKh", "QQ", "--flops", "-b", "Jh9h2c"], "give no --board"),
    (["distribution", "AhKh", "QQ", "--plot", "/no/such/folder/x.png"], "no such folder"),
    (["classes", "AhKh", "QQ"], "equity_by_class needs a flop, a turn or a river"),
    (["what-wins", "AA", "KK", "-b", "2c3d4h5s6s"], "what_wins needs no board"),
])
def test_errors_are_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith(f"pokerkeys {argv[0]}: ")


@pytest.mark.parametrize("argv", [
    ["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--threshold", "2"],
    ["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--sort", "colour"],
    ["what-wins", "AA", "KK", "--exact", "--samples", "10"],
    ["distribution", "AA", "KK", "--top", "0"],
])
def test_usage_errors_exit_2_with_a_hint(capsys, argv):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    _, err = capsys.readouterr()
    assert exit_info.value.code == 2
    assert err.splitlines()[-1] == f"see 'pokerkeys {argv[0]} --help'"
