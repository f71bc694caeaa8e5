"""The `pokerkeys equity` command, run as a subprocess."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from pokerkeys.equity import equity

PERCENT = re.compile(r"\d+\.\d+%")


def run(*args: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pokerkeys", "equity", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def assert_ok(res: subprocess.CompletedProcess) -> None:
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr


def row_of(stdout: str, label: str) -> str:
    rows = [ln for ln in stdout.splitlines() if ln.startswith(label)]
    assert len(rows) == 1, stdout
    return rows[0]


def test_heads_up_text():
    res = run("AhKh", "QsQd")
    assert_ok(res)
    out = res.stdout
    assert "AhKh" in out and "QsQd" in out
    assert PERCENT.search(out)
    assert "exact" in out  # heads-up preflop is enumerated
    # The printed equities are the library's exact numbers.
    ref = equity(["AhKh", "QsQd"], exact=True)
    assert f"{100 * ref.equity[0]:.3f}%" in row_of(out, "AhKh")
    assert f"{100 * ref.equity[1]:.3f}%" in row_of(out, "QsQd")


def test_board():
    res = run("AhKh", "QsQd", "--board", "2c7d9h")
    assert_ok(res)
    assert "2c7d9h" in res.stdout
    ref = equity(["AhKh", "QsQd"], board="2c7d9h")
    assert f"{100 * ref.equity[0]:.3f}%" in row_of(res.stdout, "AhKh")


def test_dead():
    res = run("AhKh", "QsQd", "--dead", "5s")
    assert_ok(res)
    ref = equity(["AhKh", "QsQd"], dead="5s", exact=True)
    assert f"{100 * ref.equity[0]:.3f}%" in row_of(res.stdout, "AhKh")
    plain = equity(["AhKh", "QsQd"], exact=True)
    assert ref.equity[0] != plain.equity[0]


def test_monte_carlo_trials_seed():
    res = run("AhKh", "QsQd", "--trials", "100000", "--seed", "1")
    assert_ok(res)
    out = res.stdout
    assert "Monte Carlo" in out
    assert "stderr" in out
    assert "100,000" in out
    # Same seed, same numbers as the library.
    ref = equity(["AhKh", "QsQd"], trials=100_000, seed=1)
    assert f"{100 * ref.equity[0]:.3f}%" in row_of(out, "AhKh")
    assert f"{100 * ref.stderr[0]:.3f}%" in row_of(out, "AhKh")
    again = run("AhKh", "QsQd", "--trials", "100000", "--seed", "1", "--threads", "1")
    assert_ok(again)
    strip = lambda s: [ln for ln in s.splitlines() if "trials in" not in ln]
    assert strip(again.stdout) == strip(out)


def test_json():
    res = run("AhKh", "QsQd", "JcTc", "--board", "2c7d9h", "--json")
    assert_ok(res)
    data = json.loads(res.stdout)
    assert {"equity", "win", "tie", "exact"} <= set(data)
    assert data["exact"] is True
    assert len(data["equity"]) == 3
    assert sum(data["equity"]) == pytest.approx(1.0)
    ref = equity(["AhKh", "QsQd", "JcTc"], board="2c7d9h")
    assert data["equity"] == pytest.approx(ref.equity.tolist(), abs=1e-12)


def test_json_monte_carlo_ranges():
    res = run("QQ+,AKs", "random", "--trials", "50000", "--seed", "3", "--json")
    assert_ok(res)
    data = json.loads(res.stdout)
    assert data["exact"] is False
    assert data["trials"] == 50_000
    assert len(data["stderr"]) == 2


def assert_one_line_error(res: subprocess.CompletedProcess, *words: str) -> None:
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("pokerkeys equity: error:"), res.stderr
    for w in words:
        assert w in lines[0], res.stderr
    assert res.stdout == ""


def test_exact_with_trials_is_error():
    res = run("AhKh", "QsQd", "--exact", "--trials", "1000")
    assert_one_line_error(res, "--exact")


def test_bad_card():
    res = run("AhKx", "QsQd")
    assert_one_line_error(res, "AhKx")


def test_bad_board_card():
    res = run("AhKh", "QsQd", "--board", "2c7z9h")
    assert_one_line_error(res)


def test_duplicate_card():
    res = run("AhKh", "AhQd")
    assert_one_line_error(res, "Ah", "player 1", "player 2")


def test_card_on_board_and_in_hand():
    res = run("AhKh", "QsQd", "--board", "Qs7d2c")
    assert_one_line_error(res, "Qs")


def test_one_player_is_error():
    res = run("AhKh")
    assert_one_line_error(res, "players")


@pytest.mark.parametrize("args", [
    ["AhKh", "QsQd", "--trials", "0"],
    ["AhKh", "QsQd", "--trials", "ten"],
    ["AhKh", "QsQd", "--stderr", "-1"],
    ["AhKh", "QsQd", "--bogus"],
    [],
])
def test_argparse_errors(args):
    res = run(*args)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    # the error naming the command, and where to read its options: no usage text
    assert res.stderr.splitlines() == [res.stderr.splitlines()[0], "see 'pokerkeys equity --help'"]
    assert res.stderr.startswith("pokerkeys equity: error: "), res.stderr
