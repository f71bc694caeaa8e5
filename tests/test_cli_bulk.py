"""`pokerkeys eval-file`: in-process through cli.main, and once as a real subprocess."""
from __future__ import annotations

import csv
import json
import subprocess
import sys

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.cli import main

pytest.importorskip("pyarrow")

NAMES = np.array([pk.format_cards([c]) for c in range(52)])


@pytest.fixture
def hands():
    rng = np.random.default_rng(6)
    return np.argsort(rng.random((400, 52)), axis=1)[:, :7].astype(np.uint8)


def write_hands(path, hands, bad_row=None):
    lines = [" ".join(r) for r in NAMES[hands]]
    if bad_row is not None:
        lines[bad_row] = lines[bad_row][:-2] + "Qx"
    path.write_text("hand\n" + "\n".join(lines) + "\n")


def test_eval_file_csv_to_csv(tmp_path, hands, capsys):
    write_hands(tmp_path / "h.csv", hands)
    assert main(["eval-file", str(tmp_path / "h.csv"), "-o", str(tmp_path / "o.csv"),
                 "--describe", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "400 rows in, 400 out, 0 bad" in out
    with open(tmp_path / "o.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    expected = pk.evaluate_batch(hands)
    assert [int(r["rank"]) for r in rows] == expected.tolist()
    assert rows[0]["category"] == pk.category(int(expected[0])).label
    assert rows[0]["description"] == pk.describe(int(expected[0]))


def test_json_summary_and_report(tmp_path, hands, capsys):
    write_hands(tmp_path / "h.csv", hands, bad_row=123)
    assert main(["eval-file", str(tmp_path / "h.csv"), "-o", str(tmp_path / "o.parquet"),
                 "--on-error", "report", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["rows_in"], summary["rows_out"], summary["bad_rows"]) == (400, 399, 1)
    report = (tmp_path / "o.parquet.errors.csv").read_text().splitlines()
    assert report[0] == "row,line,reason" and report[1].startswith("123,125,")
    assert "unknown card 'Qx'" in report[1]


def test_bad_row_is_one_line_exit_2(tmp_path, hands, capsys):
    write_hands(tmp_path / "h.csv", hands, bad_row=321)
    assert main(["eval-file", str(tmp_path / "h.csv"), "-o", str(tmp_path / "o.csv")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pokerkeys eval-file: error: ") and "\n" not in err
    assert "row 321 (line 323)" in err and "unknown card 'Qx'" in err
    assert not (tmp_path / "o.csv").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["h.csv"]


@pytest.mark.parametrize("args, message", [
    (["{d}/h.xls", "-o", "{d}/o.csv"], "unknown input format"),
    (["{d}/h.csv", "-o", "{d}/o.txt.zip"], "unknown output format"),
    (["{d}/h.csv", "-o", "{d}/o.csv", "--columns", "nope"], "no column 'nope'"),
    (["{d}/h.csv", "-o", "{d}/o.csv", "--report", "{d}/r.csv"], "--report goes with"),
    (["{d}/h.csv", "-o", "{d}/o.npy", "--describe"], "--describe needs CSV or Parquet"),
])
def test_usage_errors_exit_2(tmp_path, hands, capsys, args, message):
    write_hands(tmp_path / "h.csv", hands)
    code = main(["eval-file", *[a.format(d=tmp_path) for a in args]])
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("pokerkeys eval-file: error: ") and message in err
    assert "\n" not in err


def test_uci_mismatch_exits_1(tmp_path, capsys):
    royal = "1,10,1,11,1,13,1,12,1,1,9"
    (tmp_path / "u.data").write_text(f"{royal}\n1,10,1,11,1,13,1,12,1,1,3\n")
    assert main(["eval-file", str(tmp_path / "u.data"), "--format", "uci",
                 "-o", str(tmp_path / "o.csv")]) == 1
    assert "1 disagree" in capsys.readouterr().out


def test_uci_file_subprocess_with_progress(tmp_path, data_dir):
    """The real command: the UCI training set, a forced progress bar showing rows/s."""
    src = data_dir / "uci_poker_hand_training.data"
    res = subprocess.run([sys.executable, "-m", "pokerkeys", "eval-file", str(src), "--format",
                          "uci", "-o", str(tmp_path / "uci.parquet"), "--progress"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "25,010 rows in, 25,010 out, 0 bad" in res.stdout
    assert "25,010 rows checked, 0 disagree" in res.stdout
    assert "rows/s" in res.stderr and "Traceback" not in res.stderr
    bad = subprocess.run([sys.executable, "-m", "pokerkeys", "eval-file", str(src),
                          "-o", str(tmp_path / "o.csv")], capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 2
    assert bad.stderr.strip().startswith("pokerkeys eval-file: error: unknown input format")
    assert "--format uci" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
