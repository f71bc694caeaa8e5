"""The winners, best, draw, stats and first commands, run as subprocesses."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

SHOWDOWN = """Joe, 3H, 4H, 5H, 6H, 8H
Bob, 3C, 3D, 3S, 8C, 10D
Sally, AC, 10C, 5C, 2S, 2C

# a second showdown: a tie
Ann, AS, KD, 9C, 7H, 3S
Ben, AH, KC, 9D, 7S, 3H
Cy, QH, JD, 9H, 7C, 3C
"""


# An error line names its command: 'pokerkeys winners: error: ...'.
COMMAND_ERROR = re.compile(r"pokerkeys [a-z][a-z-]*: error: ")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pokerkeys", *args]
    return subprocess.run(cmd, capture_output=True, text=True, input=stdin, timeout=300)


def assert_error(res: subprocess.CompletedProcess, *fragments: str) -> None:
    assert res.returncode == 2, res
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and COMMAND_ERROR.match(lines[0]), res.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_winners_named_file(tmp_path):
    path = tmp_path / "showdown.txt"
    path.write_text(SHOWDOWN)
    res = run("winners", str(path))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == ["Joe", "Ann, Ben"]


def test_winners_stdin_and_json():
    res = run("winners", "--json", stdin=SHOWDOWN)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert [d["winners"] for d in data] == [["Joe"], ["Ann", "Ben"]]
    assert data[0]["players"][0]["hand"] == "Flush, eight high"


def test_winners_euler54(data_dir):
    path = data_dir / "euler54_poker.txt"
    res = run("winners", str(path))
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[0].split()[-1] == "376"  # player 1 wins 376
    assert json.loads(run("winners", str(path), "--json").stdout)["player1"] == 376


def test_winners_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3D, 3X, 8C, 10D\n")
    assert_error(run("winners", str(bad)), "line 2", "'3X'")
    dup = tmp_path / "dup.txt"
    dup.write_text("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3H, 3D, 3S, 8C, 10D\n")
    assert_error(run("winners", str(dup)), "line 2", "3h", "Joe (line 1)")
    assert_error(run("winners", str(tmp_path / "missing.txt")), "cannot read")
    assert_error(run("winners", "--format", "euler54", stdin="8C TS KC 9H 4S 7D 2S 5D 3S\n"),
                 "line 1", "expected 10 cards")


def test_best_games():
    res = run("best", "As 7d 6d 5d", "Ac 8d 9d Ah 7c", "--game", "omaha")
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("As Ah Ac 7d 7c  Full house, aces over sevens")
    res = run("best", "8d ** 7d 6d **", "--json")
    data = json.loads(res.stdout)
    assert data["description"] == "Straight flush, ten high" and "Td" in data["jokers"]
    res = run("best", "Qh 4s", "Qs Qc Kd Ts Ah 5d 4h 7s 9c 6s 5h 7c Kc Kh 9h", "--game",
              "threed")
    assert "Two pair, kings and fours" in res.stdout


def test_best_errors():
    assert_error(run("best", "As Ks Qs", "2c 3c 4c 5c 6c", "--game", "omaha"),
                 "4, 5 or 6 hole cards, not 3")
    assert_error(run("best", "** ** ** 2c 3d"), "3 jokers", "at most 2")
    assert_error(run("best", "As Ks", "As 3c 4c"), "card As")


def test_draw():
    res = run("draw", "2d 3d 4d Kc As")
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("discard Kc")
    res = run("draw", "2d 7d 4d 9d As", "--all")
    assert "best: discard 2d" in res.stdout and "stand pat" in res.stdout
    assert_error(run("draw", "2d 7d 4d 9d"), "5 cards, not 4")


def test_stats_and_first(tmp_path):
    res = run("stats", "deal", "omaha", "--trials", "20000", "--seed", "1")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0].split()[-2:] == ["deal", "omaha"]
    assert any(line.startswith("high card") and "50.1177%" in line for line in lines)
    res = run("stats", "deal", "--json")
    assert json.loads(res.stdout)[0]["counts"]["Straight flush"] == 40
    assert_error(run("stats", "poker"), "unknown game 'poker'")
    res = run("first", "--trials", "2000", "--seed", "1", "--json")
    assert json.loads(res.stdout)["trials"] == 2000


def test_first_plot(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "first.png"
    res = run("first", "--trials", "2000", "--seed", "1", "--plot", str(path))
    assert res.returncode == 0, res.stderr
    assert path.read_bytes()[:4] == b"\x89PNG"
    assert "straight before flush" in res.stdout
