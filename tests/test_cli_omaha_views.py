"""`pokerkeys runouts`, `distribution`, `classes` and `what-wins` with ``--game omaha``."""
from __future__ import annotations

import csv
import io
import json

import pytest

import pokerkeys as pk
from pokerkeys.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_runouts_omaha_text_json_csv(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["AsKsQdJd", "AhAcKhKc"]
    code, out, _ = run(capsys, "runouts", *hands, "--board", "Ts9s2d", "--game", "omaha")
    assert code == 0
    assert out.startswith("41 turn cards after Ts 9s 2d; equity now: AsKsQdJd 67.80%")
    code, out, _ = run(capsys, "runouts", *hands, "-b", "Ts9s2d", "--game", "omaha", "--json",
                       "--grid", "--sort", "card")
    data = json.loads(out)
    report = pk.runouts(hands, "Ts9s2d", game="omaha")
    assert [row["card"] for row in data["cards"]] == report.names
    assert data["equity_now"] == pytest.approx(report.equity_now.tolist())
    assert len(data["grid"]["cards"]) == 41
    code, out, _ = run(capsys, "runouts", "AsKsQdJd9c", "KK", "-b", "Ts9s2d7h", "--game",
                       "omaha5", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 52 - 9 and rows[0]["card"]


def test_distribution_classes_what_wins_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "distribution", "AsKsQdJd", "AA:$ds", "-b", "Ts9s2d",
                       "--game", "omaha", "--player", "2", "--top", "2")
    assert code == 0 and "player 2 (AA:$ds): 360 combos, equity 31.14%" in out
    assert "9c9dAcAd" in out
    code, out, _ = run(capsys, "classes", "AsKsQdJd", "AA:$ds,JT98", "-b", "Ts9s2d",
                       "--game", "omaha", "--player", "2", "--json")
    data = json.loads(out)
    assert data["classes"][0]["class"] == "set"
    assert data["equity"] == pytest.approx(
        pk.omaha_equity(["AsKsQdJd", "AA:$ds,JT98"], "Ts9s2d").equity[1])
    code, out, _ = run(capsys, "what-wins", "AsKsQdJd", "AhAcKhKc", "-b", "Ts9s2d7c",
                       "--game", "omaha", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and rows and "class" in rows[0]


@pytest.mark.parametrize(("argv", "message"), [
    (["runouts", "AsKs", "AhAc", "-b", "Ts9s2d", "--game", "omaha"], "4, 5 or 6 hole cards"),
    (["what-wins", "AsKsQdJd", "AhAcKhKc", "-b", "Ts9s2d", "--game", "omaha", "--by", "made"],
     "by='category'"),
    (["distribution", "AsKsQdJd", "AA", "--flops", "--game", "omaha"], "game='omaha'"),
    (["classes", "AsKsQdJd", "AA", "-b", "Ts9s", "--game", "omaha6"], "flop, a turn"),
])
def test_omaha_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                   message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_game_is_a_choice(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--game", "stud"])
    assert "invalid choice" in capsys.readouterr().err
