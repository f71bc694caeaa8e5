"""Errors of the command line that help: each names the command, the bad token and what would
be right, before any work or output.

Usage errors are two lines (the error, then the help to read), other errors one line, both
with exit status 2; a mistyped card is named with what a card is; ``flops`` states its own
player limit; ``equity`` says how text that is not one hand was read; ``--plot`` checks for
matplotlib before anything is computed; ``serve`` listens before it announces; a damaged
table is named with the command that repairs it.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerkeys.cli import main
from pokerkeys.core import tables

ROOT = Path(__file__).resolve().parents[1]
CARD_HELP = ("expected a rank from '23456789TJQKA' (or '10') followed by a suit from 'cdhs'")


def usage_error(capsys, argv: list[str]) -> tuple[str, str]:
    """Run a command that argparse refuses: (its first line, its second line)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert "usage:" not in err and "Traceback" not in err
    return lines[0], lines[1]


def one_line_error(capsys, argv: list[str]) -> str:
    """Run a command that fails on its input: its one line on standard error."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "", out
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


# ------------------------------------------------------------------------------ usage errors
@pytest.mark.parametrize("argv, prog, token", [
    (["equity", "AhKh", "QsQd", "--trials", "ten"], "pokerkeys equity", "'ten'"),
    (["equity", "AhKh", "QsQd", "--game", "stud"], "pokerkeys equity", "'stud'"),
    (["equity", "AhKh", "QsQd", "--bogus", "3"], "pokerkeys equity", "--bogus 3"),
    (["equity"], "pokerkeys equity", "hands"),
    (["nonsense"], "pokerkeys", "'nonsense'"),
    ([], "pokerkeys", "COMMAND"),
    (["preflop"], "pokerkeys preflop", "SUBCOMMAND"),
    (["preflop", "matrix", "--bogus"], "pokerkeys preflop matrix", "--bogus"),
    (["preflop", "equity", "AA", "--rnk"], "pokerkeys preflop equity", "--rnk"),
    (["flops", "AA", "KK", "--suits", "striped"], "pokerkeys flops", "'striped'"),
    (["flops", "AA", "KK", "--player", "one"], "pokerkeys flops", "'one'"),
    (["serve", "--port", "70000"], "pokerkeys serve", "70000"),
    (["eval-file", "hands.csv"], "pokerkeys eval-file", "-o/--output"),
    (["eval-file", "h.csv", "-o", "o.csv", "--on-error", "ignore"], "pokerkeys eval-file",
     "'ignore'"),
    (["stats", "--trials", "-5"], "pokerkeys stats", "'-5'"),
    (["eval", "--jsn", "AsKsQsJsTs"], "pokerkeys eval", "--jsn"),
])
def test_a_usage_error_is_two_lines_naming_the_command_and_the_bad_token(capsys, argv, prog,
                                                                         token):
    first, second = usage_error(capsys, argv)
    assert first.startswith(f"{prog}: error: "), first
    assert token in first, first
    assert second == f"see '{prog} --help'"


def test_help_and_version_still_exit_0(capsys):
    for argv in (["--version"], ["equity", "--help"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 0
    assert "usage: pokerkeys equity" in capsys.readouterr().out


def test_a_usage_error_from_the_console_script_is_two_lines():
    res = subprocess.run([sys.executable, "-m", "pokerkeys", "equity", "AhKh", "QsQd",
                          "--trials", "ten"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr == ("pokerkeys equity: error: argument --trials: 'ten' is not a whole "
                          "number\nsee 'pokerkeys equity --help'\n")


# ---------------------------------------------------------------------------- errors of values
@pytest.mark.parametrize("argv, prog, fragment", [
    (["eval", "As Ks Qs Js Tx"], "pokerkeys eval", "unknown card 'Tx'"),
    (["equity", "AhKh", "QsQd", "--exact", "--trials", "5"], "pokerkeys equity", "--exact"),
    (["preflop", "equity", "-n", "12"], "pokerkeys preflop equity", "--opponents"),
    (["hits", "QQ+", "Ah7d"], "pokerkeys hits", "3, 4 or 5 cards"),
])
def test_a_bad_value_is_one_line_naming_the_command(capsys, argv, prog, fragment):
    line = one_line_error(capsys, argv)
    assert line.startswith(f"{prog}: error: ") and fragment in line, line


# ---------------------------------------------------------------------------------- bad cards
@pytest.mark.parametrize("argv, prog, message", [
    (["equity", "AhKx", "QsQd"], "pokerkeys equity", "player 1: unknown card 'Kx' in 'AhKx'"),
    (["equity", "AhKh", "Qs Qx"], "pokerkeys equity", "player 2: unknown card 'Qx' in 'Qs Qx'"),
    (["equity", "10hKh", "QsQz"], "pokerkeys equity", "player 2: unknown card 'Qz'"),
    (["equity", "AhKh", "QsQd", "--board", "2c7x9h"], "pokerkeys equity",
     "board: unknown card '7x' in '2c7x9h'"),
    (["equity", "AhKh", "QsQd", "--dead", "2y"], "pokerkeys equity",
     "dead cards: unknown card '2y'"),
    (["flops", "AhKx", "QQ"], "pokerkeys flops", "player 1: unknown card 'Kx' in 'AhKx'"),
    (["eval", "AhKxQsJsTs"], "pokerkeys eval", "unknown card 'Kx' in 'AhKxQsJsTs'"),
    (["hits", "QQ+", "Ah7x2c"], "pokerkeys hits", "board: unknown card '7x'"),
])
def test_a_mistyped_card_is_named_with_what_a_card_is(capsys, argv, prog, message):
    line = one_line_error(capsys, argv)
    assert line.startswith(f"{prog}: error: {message}"), line
    assert line.endswith(CARD_HELP), line


@pytest.mark.parametrize("text, fragment", [
    # a range with a typo stays a range error, quoting the text once
    ("QQ+,AKx", "'QQ+,AKx' is neither a hand nor a range: cannot parse range item 'AKx' at "
                "position 4: expected a class"),
    ("AKx", "'AKx' is neither a hand nor a range: cannot parse range item 'AKx' at position 0: "),
    # no card in it: not read as cards
    ("Zz", "'Zz' is neither a hand nor a range: cannot parse range item 'Zz' at position 0: "),
])
def test_range_text_with_a_typo_keeps_the_range_message(capsys, text, fragment):
    line = one_line_error(capsys, ["equity", "AhKh", text])
    assert line.startswith(f"pokerkeys equity: error: player 2: {fragment}"), line
    assert f"in '{text}'" not in line, line


def test_an_error_about_a_huge_player_text_is_short(capsys):
    line = one_line_error(capsys, ["equity", "AhKh", "Zz" * 30_000])
    # the text, then the range item that is all of it: each cut short, never a third time
    assert len(line) < 400 and line.count("(60,000 characters)") == 2, line


# --------------------------------------------------------------------------- command limits
@pytest.mark.parametrize("hands", [["AA"], ["AA", "KK", "QQ", "JJ", "TT", "99", "88"]])
def test_flops_states_its_own_player_limit(capsys, hands):
    line = one_line_error(capsys, ["flops", *hands])
    assert line == f"pokerkeys flops: error: flops takes 2 to 6 players, not {len(hands)}"


def test_equity_states_its_player_limit(capsys):
    line = one_line_error(capsys, ["equity", "AhKh"])
    assert line == "pokerkeys equity: error: equity needs 2 to 10 players, not 1"


# ------------------------------------------------------------------------- hand or range read
def test_equity_says_text_that_is_not_one_hand_was_read_as_a_range(capsys):
    assert main(["equity", "AK", "QQ"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["player 1 (AK) read as a range of 16 combos",
                         "player 2 (QQ) read as a range of 6 combos"]
    assert lines[2].startswith("player    equity")


def test_the_note_says_what_card_removal_and_weights_leave(capsys):
    assert main(["equity", "AK", "AhKh", "--board", "Kd7c2s"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("player 1 (AK) read as a range of 16 combos, 6 once the cards known "
                      "elsewhere are removed")
    assert main(["equity", "JJ:0.5,AKs", "AhKh", "--board", "Kd7c2s"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("player 1 (JJ:0.5,AKs) read as a range of 10 combos (weighted 7), 8 once "
                      "the cards known elsewhere are removed")


def test_hands_need_no_note(capsys):
    assert main(["equity", "AhKh", "QsQd"]) == 0
    assert "read as" not in capsys.readouterr().out


def test_equity_json_says_how_each_player_was_read(capsys):
    assert main(["equity", "AhKh", "QQ", "--board", "Qh7h2c", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["read_as"] == [
        {"text": "AhKh", "kind": "hand", "combos": 1, "live_combos": 1},
        {"text": "QQ", "kind": "range", "combos": 6, "live_combos": 3}]
    assert main(["equity", "Ah??", "random", "--board", "2c7d9hTs5s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["read_as"] == [
        {"text": "Ah??", "kind": "partial", "combos": 51, "live_combos": 46},
        {"text": "random", "kind": "random", "combos": 1326, "live_combos": 1035}]
    assert main(["equity", "JJ:0.5", "AhKh", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["read_as"][0]
    assert entry == {"text": "JJ:0.5", "kind": "range", "combos": 6, "weighted": 3.0,
                     "live_combos": 6, "live_weighted": 3.0}


def test_omaha_json_has_no_read_as(capsys):
    assert main(["equity", "AsKsQdJd", "7h8h9cTc", "--board", "2c7d9hTs5s", "--game", "omaha",
                 "--json"]) == 0
    assert "read_as" not in json.loads(capsys.readouterr().out)


# ---------------------------------------------------------------------- optional dependencies
@pytest.mark.parametrize("argv", [
    ["preflop", "matrix", "--plot", "{d}/m.png"],
    ["preflop", "equity", "--plot", "{d}/e.png"],
    ["preflop", "distribution", "AA", "--plot", "{d}/d.png"],
    ["first", "--trials", "1000", "--plot", "{d}/f.png"],
])
def test_plot_without_matplotlib_fails_before_any_work_or_output(tmp_path, monkeypatch, capsys,
                                                                 argv):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the plot extra were missing
    line = one_line_error(capsys, [a.format(d=tmp_path) for a in argv])
    assert line.endswith(": error: --plot needs matplotlib, which is not installed: "
                         "pip install 'pokerkeys[plot]'"), line
    assert list(tmp_path.iterdir()) == []


def test_plot_into_a_missing_folder_fails_before_any_work(tmp_path, capsys):
    target = tmp_path / "no" / "e.png"
    line = one_line_error(capsys, ["preflop", "equity", "--plot", str(target)])
    assert line == (f"pokerkeys preflop equity: error: cannot write the plot to {target}: no "
                    f"such folder {target.parent}")


def test_plot_without_matplotlib_in_a_fresh_process():
    """The whole table used to be printed before the plot failed."""
    code = ("import sys; sys.modules['matplotlib'] = None\n"
            "from pokerkeys.cli.main import main\n"
            "sys.exit(main(['preflop', 'matrix', '--plot', 'never-written.png']))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr == ("pokerkeys preflop matrix: error: --plot needs matplotlib, which is "
                          "not installed: pip install 'pokerkeys[plot]'\n")


@pytest.mark.parametrize("source, output", [("h.csv", "o.npy"), ("h.npy", "o.csv"),
                                            ("h.npy", "o.parquet")])
def test_files_without_pyarrow_fail_before_any_output(tmp_path, monkeypatch, capsys, source,
                                                      output):
    np.save(tmp_path / "h.npy", np.array([[0, 5, 10, 15, 20]], dtype=np.uint8))
    (tmp_path / "h.csv").write_text("hand\nAs Ks Qs Js Ts\n")
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if the data extra were missing
    line = one_line_error(capsys, ["eval-file", str(tmp_path / source),
                                   "-o", str(tmp_path / output)])
    assert line == ("pokerkeys eval-file: error: CSV and Parquet files need pyarrow: "
                    "pip install 'pokerkeys[data]'")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.csv", "h.npy"]


# ------------------------------------------------------------------------------------ serve
def test_serve_on_a_taken_port_is_one_line_and_announces_nothing(capsys):
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(capsys, ["serve", "--port", str(port)])
    assert re.fullmatch(rf"pokerkeys serve: error: cannot listen on 127\.0\.0\.1:{port}: "
                        r"Address already in use", line), line


def test_serve_on_an_address_of_another_machine_is_one_line(capsys):
    pytest.importorskip("uvicorn")
    # 203.0.113.0/24 is reserved for documentation: no machine of ours has it
    line = one_line_error(capsys, ["serve", "--host", "203.0.113.5", "--port", "8765"])
    assert line.startswith("pokerkeys serve: error: cannot listen on 203.0.113.5:8765: "), line
    assert "warning" not in line


def test_serve_listens_before_it_announces(monkeypatch, capsys):
    uvicorn = pytest.importorskip("uvicorn")
    from pokerkeys.web.server import serve
    seen = {}

    def run(server, sockets=None):
        (sock,) = sockets
        seen["announced"] = capsys.readouterr().err
        host, port = sock.getsockname()[:2]
        with socket.create_connection((host, port), timeout=5):  # queued: it listens
            seen["port"] = port

    monkeypatch.setattr(uvicorn.Server, "run", run)
    serve("127.0.0.1", 0)
    assert seen["announced"] == (f"pokerkeys: the app is at http://127.0.0.1:{seen['port']}/ "
                                 f"(Ctrl-C stops it)\n")
    with socket.socket() as probe:  # a port for the command line, free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["serve", "--port", str(port)]) == 0
    assert seen["port"] == port and f"http://127.0.0.1:{port}/" in seen["announced"]


# ------------------------------------------------------------------------------ damaged tables
def _damaged_copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / "tables"
    shutil.copytree(tables.tables_dir(), folder)
    data = bytearray((folder / name).read_bytes())
    data[-3] ^= 0x5A
    (folder / name).write_bytes(bytes(data))
    return folder


def _eval_with_tables(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Ts"],
                          capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, POKERKEYS_TABLES=str(folder)))


def test_a_damaged_table_is_named_with_the_command_that_repairs_it(tmp_path):
    folder = _damaged_copy(tmp_path, "hash_ranks_7.npy")
    res = _eval_with_tables(folder)
    assert res.returncode == 2 and res.stdout == ""
    line, = res.stderr.splitlines()
    assert line.startswith(f"pokerkeys eval: error: table file {folder / 'hash_ranks_7.npy'} is "
                           f"corrupt"), line
    assert "manifest.json" not in line
    command = re.search(r"`([^`]+)`", line).group(1)
    assert command == (f"python scripts/build_tables.py --keys {folder / 'keys.json'} "
                       f"--out {folder}")
    # ... and that command repairs it, run from the source checkout as the message says
    rebuilt = subprocess.run([sys.executable, *shlex.split(command)[1:], "--quiet"], cwd=ROOT,
                             capture_output=True, text=True, timeout=600)
    assert rebuilt.returncode == 0, rebuilt.stderr
    res = _eval_with_tables(folder)
    assert res.returncode == 0 and "rank 7462" in res.stdout, res.stderr


def test_a_damaged_preflop_table_names_its_own_script(tmp_path):
    folder = _damaged_copy(tmp_path, "preflop_heads_up_equity.npy")
    line, = _eval_with_tables(folder).stderr.splitlines()
    assert f"table file {folder / 'preflop_heads_up_equity.npy'} is corrupt" in line
    assert f"`python scripts/build_preflop.py --out {folder}`" in line


def test_the_repair_command_fits_where_the_tables_are(tmp_path, monkeypatch):
    monkeypatch.delenv("POKERKEYS_TABLES", raising=False)
    scripts = ROOT / "scripts"
    if tables.tables_dir().resolve() == (ROOT / "tables").resolve():  # a source checkout
        assert tables._repair_hint("hash_ranks_7.npy") == \
            f"rebuild it with `python {scripts / 'build_tables.py'}`"
        assert tables._repair_hint("keys.json") == (
            f"rebuild it with `python {scripts / 'search_keys.py'} && "
            f"python {scripts / 'build_tables.py'}`")
        assert tables._repair_hint("preflop_equity_vs_random.npy") == \
            f"rebuild it with `python {scripts / 'build_preflop.py'}`"
        assert tables._repair_hint("shortdeck_preflop_trips_heads_up_equity.npy") == \
            f"rebuild it with `python {scripts / 'build_preflop.py'} --game shortdeck`"
        assert tables._repair_hint("omaha_ranking_4_equity.npy") == \
            f"rebuild it with `python {scripts / 'build_omaha_ranking.py'}`"
    # an installed package: its tables sit in site-packages, with no scripts beside them
    installed = tmp_path / "pokerkeys" / "tables"
    monkeypatch.setattr(tables, "tables_dir", lambda: installed)
    assert tables._repair_hint("hash_ranks_7.npy") == (
        "reinstall pokerkeys (`pip install --force-reinstall --no-deps pokerkeys`, or the wheel "
        "or source folder it came from), or rebuild it from a source checkout with `python "
        f"scripts/build_tables.py --keys {installed / 'keys.json'} --out {installed}`")
    assert tables._repair_hint("preflop_heads_up_equity.npy").endswith(
        f"`python scripts/build_preflop.py --out {installed}`")
    assert tables._repair_hint("shortdeck_preflop_trips_heads_up_equity.npy").endswith(
        f"`python scripts/build_preflop.py --game shortdeck --out {installed}`")
    assert tables._repair_hint("omaha_manifest.json").endswith(
        f"`python scripts/build_omaha_ranking.py --out {installed}`")
