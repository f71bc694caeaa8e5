"""The `pokerkeys preflop ...` commands, run in-process through `pokerkeys.cli.main`."""
from __future__ import annotations

import json

import numpy as np
import pytest
from child_processes import popen

from pokerkeys import preflop
from pokerkeys.cli import main


def run(capsys, *args):
    code = main(["preflop", *args])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(capsys, *args, match=""):
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"pokerkeys preflop {args[0]}: error: "), err
    assert match in lines[0]
    assert "Traceback" not in err


def test_equity_grid(capsys):
    code, out, _ = run(capsys, "equity")
    assert code == 0
    assert "AA  85.2" in out and "72o 34.6" in out and "(exact)" in out
    assert len(out.strip().splitlines()) == 14  # title + 13 rows


def test_equity_grid_ranks_and_json(capsys):
    code, out, _ = run(capsys, "equity", "--rank", "--opponents", "9")
    assert code == 0 and "AA    1" in out and "Monte Carlo" in out
    code, out, _ = run(capsys, "equity", "-n", "4", "--json")
    data = json.loads(out)
    assert data["opponents"] == 4 and len(data["classes"]) == 169
    assert data["classes"]["AA"]["rank"] == 1
    assert data["classes"]["KQs"]["equity"] == preflop.equity_vs_opponents(4)[
        preflop.class_index("KQs")]


def test_equity_of_classes(capsys):
    code, out, _ = run(capsys, "equity", "aks", "72o")
    assert code == 0
    assert out.splitlines()[2].startswith("AKs") and "67.04%" in out
    code, out, _ = run(capsys, "equity", "QQ", "--json")
    row = json.loads(out)["QQ"]
    assert len(row["equity"]) == 9 and row["stderr"][0] == 0 and row["rank"][0] == 3


def test_distribution(capsys):
    code, out, _ = run(capsys, "distribution", "A5s")
    assert code == 0
    assert "2,118,760 boards" in out and "Flush" in out and "138,164" in out
    code, out, _ = run(capsys, "distribution", "22", "--json")
    data = json.loads(out)
    assert data["class"] == "22" and data["boards"] == 2_118_760
    assert sum(c["boards"] for c in data["categories"].values()) == 2_118_760
    assert sum(data["ranks"].values()) == 2_118_760


def test_matrix_shipped(capsys):
    code, out, _ = run(capsys, "matrix")
    assert code == 0
    assert "47,008" in out and "46.0485%" in out and "43.2423%" in out
    assert "47.3508%" in out and "53.8384%" in out
    code, out, _ = run(capsys, "matrix", "--json")
    data = json.loads(out)
    assert np.array_equal(np.array(data["equity"]), preflop.heads_up_equity())


def test_matrix_written_to_file(capsys, tmp_path):
    out_file = tmp_path / "hu.npy"
    code, out, _ = run(capsys, "matrix", "--out", str(out_file), "--max-boards", "300",
                       "--threads", "1")
    assert code == 0, out
    assert "hu.matchups.npy" in out and "reduced problem" in out
    matrix = np.load(out_file)
    matchups = np.load(tmp_path / "hu.matchups.npy")
    assert matrix.shape == (169, 169) and len(matchups) == 47_008
    expected = preflop.heads_up_matrix(max_boards=300)
    assert np.array_equal(matchups["wins"], expected.matchups()["wins"])
    assert not (tmp_path / "hu.npy.partial.npz").exists()


def test_matchups(capsys):
    code, out, _ = run(capsys, "matchups")
    assert code == 0 and "47,008" in out and "47,086" in out and "93,769" in out
    code, out, _ = run(capsys, "matchups", "--json")
    assert json.loads(out) == {"strict": 47_008, "ordered": 93_769, "same-class-ordered": 47_086}
    code, out, _ = run(capsys, "matchups", "QQ", "AKs", "--json")
    data = json.loads(out)
    assert data["class1"] == "QQ" and data["class2"] == "AKs"
    assert sum(m["weight"] for m in data["matchups"]) == 24
    assert all(m["hand1"][0] == "Q" for m in data["matchups"])
    assert abs(data["equity"] - preflop.heads_up_equity("QQ", "AKs")) < 1e-12
    code, out, _ = run(capsys, "matchups", "AKo", "QQ")
    assert code == 0 and "43.2423%" in out and "AcKd    QsQh" in out


@pytest.mark.parametrize("args, match", [
    (["distribution", "AKx"], "unknown hand class 'AKx'"),
    (["distribution", "AAs"], "unknown hand class 'AAs'"),
    (["equity", "AKs", "XYo"], "unknown hand class 'XYo'"),
    (["equity", "--opponents", "0"], "from 1 to 9"),
    (["equity", "-n", "10"], "from 1 to 9"),
    (["equity", "-n", "two"], "from 1 to 9"),
    (["matchups", "AKs"], "two classes"),
    (["matchups", "AKs", "QQs"], "unknown hand class 'QQs'"),
    (["matrix", "--restart"], "--restart needs --out"),
    (["matrix", "--threads", "0"], "--threads"),
])
def test_bad_input_is_one_line(capsys, args, match):
    assert_one_line_error(capsys, *args, match=match)


def test_plot_option_writes_png(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    for args in (["equity", "-n", "2"], ["equity", "--rank"], ["distribution", "T9s"],
                 ["matrix"]):
        path = tmp_path / f"{args[0]}{len(args)}.png"
        code, _, err = run(capsys, *args, "--plot", str(path))
        assert code == 0 and "plot written" in err
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert_one_line_error(capsys, "distribution", "AA", "--plot",
                          str(tmp_path / "missing" / "x.png"), match="cannot write the plot")


def test_ctrl_c_keeps_the_work_and_the_rerun_resumes(tmp_path):
    """SIGINT once the partial file exists: exit 130 with one line, and the rerun writes the
    same files as an uninterrupted run (or the run had already finished: exit 0)."""
    import signal
    import subprocess
    import sys
    import time

    # the reference first: it compiles (and caches) the kernels, so that the interrupted run
    # does not (its stderr would hold the note that a compile starts)
    reference = tmp_path / "ref.npy"
    preflop.heads_up_matrix(reference, max_boards=8000)
    out = tmp_path / "m.npy"
    cmd = [sys.executable, "-m", "pokerkeys", "preflop", "matrix", "--out", str(out),
           "--max-boards", "8000", "--threads", "1", "--no-progress"]
    # popen: the run starts with SIGINT's default action also when the test run ignores SIGINT
    proc = popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    partial = tmp_path / "m.npy.partial.npz"
    deadline = time.monotonic() + 120
    while not partial.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode in (0, 130), err
    if proc.returncode == 130:
        assert err.count("\n") == 1 and "run the same command again to resume" in err
        assert partial.exists() and not out.exists()
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert not partial.exists()
    assert out.read_bytes() == reference.read_bytes()
    assert (tmp_path / "m.matchups.npy").read_bytes() == \
        (tmp_path / "ref.matchups.npy").read_bytes()
