"""`pokerkeys runouts`, `distribution`, `classes`, `what-wins` and `flops` with ``--game omaha``."""
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


def test_flops_omaha_text_json_csv(capsys: pytest.CaptureFixture[str]) -> None:
    hands = ["AsKsQdJd", "AhAcKhKc"]
    code, out, _ = run(capsys, "flops", *hands, "--game", "omaha", "--top", "2",
                       "--suits", "monotone")
    assert code == 0
    assert out.startswith("7,513 flop classes in ")
    assert "equity over all flops: AsKsQdJd 27.777%, AhAcKhKc 72.223%" in out
    assert "495 flops match the filter, probability 4.983%" in out
    assert "Td9d8d" in out and "monotone         495" in out
    code, out, _ = run(capsys, "flops", *hands, "--game", "omaha", "--json", "--player", "2")
    data = json.loads(out)
    report = pk.flops(hands, game="omaha")
    assert data["read_as"] == [] and len(data["flops"]) == len(report)
    assert data["equity"] == pytest.approx(report.overall().tolist(), abs=1e-12)
    assert data["flops"][0]["equity_2"] == pytest.approx(report.equity[:, 1].max())
    code, out, _ = run(capsys, "flops", *hands, "--game", "omaha", "--csv", "--high", "A")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 562 and {row["high"] for row in rows} == {"A"}
    code, out, _ = run(capsys, "distribution", *hands, "--flops", "--game", "omaha",
                       "--player", "2", "--top", "1")
    assert code == 0 and "72.22" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["runouts", "AsKs", "AhAc", "-b", "Ts9s2d", "--game", "omaha"], "4, 5 or 6 hole cards"),
    (["what-wins", "AsKsQdJd", "AhAcKhKc", "-b", "Ts9s2d", "--game", "omaha", "--by", "made"],
     "by='category'"),
    (["distribution", "AsKsQdJd", "AA,KK,QQ", "--flops", "--game", "omaha"],
     "9,018 matchups x 880,187 boards, more than 5,000,000,000 showdowns"),
    (["flops", "AsKsQdJd", "random", "--game", "omaha"], "more than 5,000,000,000 showdowns"),
    (["flops", "AsKsQdJd", "AhAcKhKc", "--game", "omaha5"], "a hand of 4 cards"),
    (["flops", "AsKsQdJd", "AhAcKhKc", "--game", "omaha", "--rules", "straight-beats-trips"],
     "--rules applies to --game shortdeck only"),
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


def test_omaha_ranges_are_counted_in_hands(capsys):
    from pokerkeys.cli.main import main

    assert main(["equity", "AsKsQdJd", "AA:$ds", "--game", "omaha", "--trials", "20000",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "player 2 (AA:$ds) read as a range of 864 hands, 384 once" in out
