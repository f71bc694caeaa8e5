"""Every bad input a clear error, valid input accepted, nothing lost.

Grouped by subject: ranges written as combo lists, hands of one card, stop rules, optional
dependencies, trial counts, error messages, NumPy inputs, the command line's help, bulk files
(headers, hand sizes, long lines, null rows, pipes), table checks and progress. Stopping long
jobs with Ctrl-C or SIGTERM is tested in test_interrupt.py.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.cli import build_parser, main

# An error line names its command: 'pokerkeys eval-file: error: ...'.
COMMAND_ERROR = re.compile(r"pokerkeys( [a-z][a-z-]*)+: error: ")


def cli(*args, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerkeys", *args], capture_output=True,
                          text=True, timeout=300, input=stdin)


def one_line_error(res, *fragments):
    assert res.returncode == 2, (res.stdout, res.stderr)
    assert "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and COMMAND_ERROR.match(lines[0]), res.stderr
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


# ------------------------------------------------------------- a range written as a list of combos
def test_specific_combos_sharing_a_card_are_a_range():
    r = pk.equity(["AhKh,AhQh", "QQ"], exact=True)
    assert r.players[0] == "AhKh,AhQh"
    # The same as the two combos weighted equally, computed one by one.
    a = pk.equity(["AhKh", "QQ"], exact=True)
    b = pk.equity(["AhQh", "QQ"], exact=True)
    combos = (a.wins[0] + a.ties[0] + a.losses[0], b.wins[0] + b.ties[0] + b.losses[0])
    assert r.equity[0] == pytest.approx(
        (a.equity[0] * combos[0] + b.equity[0] * combos[1]) / sum(combos), abs=1e-12)


def test_cli_accepts_combo_list():
    res = cli("equity", "AhKh,AhQh", "QQ", "--exact")
    assert res.returncode == 0, res.stderr
    assert "AhKh,AhQh" in res.stdout


def test_a_hand_with_a_card_twice_is_still_an_error():
    with pytest.raises(ValueError, match="player 1: duplicate card Ah"):
        pk.equity(["AhAh", "QQ"])


# -------------------------------------------------------------------------- one card is not a hand
@pytest.mark.parametrize("spec", ["Ah", ["Ah"], [50]])
def test_one_card_is_not_a_hand(spec):
    message = r"player 1: one card \(Ah\) is not a hand; write 'Ah\?\?'"
    with pytest.raises(ValueError, match=message):
        pk.equity([spec, "QsQd"])


def test_partly_known_hand_still_works():
    r = pk.equity(["Ah??", "QsQd"], trials=20_000, seed=1)
    assert r.players[0] == "Ah ??"


# ----------------------------------------------------- exact equity takes no Monte Carlo stop rule
@pytest.mark.parametrize("kwargs", [dict(trials=1000), dict(target_stderr=0.01),
                                    dict(time_limit=1.0)])
def test_exact_with_a_monte_carlo_stop_rule_is_an_error(kwargs):
    name = next(iter(kwargs))
    with pytest.raises(ValueError, match=f"exact=True enumerates every board; {name}"):
        pk.equity(["AhKh", "QsQd"], exact=True, **kwargs)
    with pytest.raises(ValueError, match=name):
        pk.omaha_equity(["AsKsQdJd", "7h8h9cTc"], exact=True, **kwargs)


# -------------------------------------------------------------------------------------- stop rules
def test_unreachable_stderr_stops_at_the_default_time_limit(monkeypatch):
    from pokerkeys.equity import driver
    monkeypatch.setattr(driver, "DEFAULT_TIME_LIMIT", 0.5)
    r = pk.equity(["AhKh", "random"], target_stderr=1e-9, seed=1)
    assert r.stopped_by == "default time limit"
    assert r.elapsed < 10
    assert "stopped by the default time limit" in str(r)


def test_default_time_limit_is_60_seconds():
    from pokerkeys.equity import driver
    assert driver.DEFAULT_TIME_LIMIT == 60.0


@pytest.mark.parametrize("kwargs, rule", [
    (dict(trials=50_000), "trials"),
    (dict(time_limit=0.2), "time_limit"),
    (dict(target_stderr=0.01), "target_stderr"),
])
def test_result_says_which_rule_stopped_it(kwargs, rule):
    r = pk.equity(["AhKh", "random"], seed=1, **kwargs)
    assert r.stopped_by == rule
    assert r.to_dict()["stopped_by"] == rule


@pytest.mark.parametrize("kwargs, pattern", [
    (dict(target_stderr=float("nan")), "target_stderr"),
    (dict(target_stderr=0.7), "target_stderr must be above 0 and below 0.5"),
    (dict(target_stderr="0.01"), "target_stderr must be a number"),
    (dict(time_limit=float("inf")), "time_limit"),
    (dict(time_limit=float("nan")), "time_limit"),
    (dict(trials=float("nan")), "trials"),
])
def test_stop_rules_are_checked_for_sanity(kwargs, pattern):
    with pytest.raises(ValueError, match=pattern):
        pk.equity(["AhKh", "random"], **kwargs)


# --------------------------------------------------------------------------- optional dependencies
def test_missing_optional_dependency_is_one_line(tmp_path):
    hands = tmp_path / "h.parquet"
    hands.write_bytes(b"PAR1 not really")
    code = textwrap.dedent(f"""
        import sys
        sys.modules["pyarrow"] = None  # as if the data extra were not installed
        from pokerkeys.cli import main
        sys.exit(main(["eval-file", {str(hands)!r}, "-o", {str(tmp_path / 'o.csv')!r}]))
    """)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    one_line_error(res, "pip install", "pokerkeys[data]")


@pytest.mark.parametrize("module, extra", [("pyarrow", "data"), ("matplotlib", "plot"),
                                           ("dask", "dask")])
def test_every_optional_dependency_names_its_extra(module, extra):
    from pokerkeys.cli.main import missing_extra
    exc = ModuleNotFoundError(f"No module named '{module}'", name=module)
    assert f"pokerkeys[{extra}]" in missing_extra(exc)
    assert missing_extra(ModuleNotFoundError("x", name="not_optional")) is None


# ------------------------------------------------------------------------------------ trial counts
def test_huge_trial_counts_are_refused_before_allocating():
    with pytest.raises(ValueError, match="trials must be a positive integer up to"):
        pk.equity(["AhKh", "random"], trials=10 ** 20)


def test_large_trial_counts_allocate_nothing_large():
    from pokerkeys.equity.driver import chunk_sizes
    assert len(chunk_sizes(10 ** 15, at_most=8)) == 8
    r = pk.equity(["AhKh", "random"], trials=10 ** 15, time_limit=0.2, seed=1)
    assert r.stopped_by == "time_limit"


@pytest.mark.parametrize("text, value", [("1e9", 10 ** 9), ("1_000_000", 10 ** 6),
                                         ("2.5e6", 2_500_000), ("42", 42)])
def test_cli_reads_trial_counts_as_people_write_them(text, value):
    args = build_parser().parse_args(["equity", "AhKh", "QsQd", "--trials", text])
    assert args.trials == value


@pytest.mark.parametrize("text", ["1.5", "1e-3", "abc", "inf", "0", "-5"])
def test_cli_refuses_other_trial_counts(text, capsys):
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["equity", "AhKh", "QsQd", "--trials", text])
    assert stop.value.code == 2
    assert "--trials" in capsys.readouterr().err


# ---------------------------------------------------------------------------------- error messages
def test_errors_quote_a_short_excerpt_of_huge_inputs():
    huge = "Zz" * 500_000
    with pytest.raises(ValueError) as err:
        pk.equity(["AhKh", huge])
    assert len(str(err.value)) < 400 and "1,000,000 characters" in str(err.value)
    with pytest.raises(ValueError) as err:
        pk.parse_cards(huge)
    assert len(str(err.value)) < 300


def test_cli_error_about_a_huge_input_is_short():
    res = cli("equity", "AhKh", "Zz" * 30_000)
    assert len(one_line_error(res)) < 400


def test_negative_weight_says_it_must_be_positive():
    with pytest.raises(ValueError, match="weight -1 must be above 0 and at most 1"):
        pk.Range("QQ:-1")
    with pytest.raises(ValueError, match="weight 'x' is not a number"):
        pk.Range("QQ:x")


@pytest.mark.parametrize("text, fragment", [("-1", "a seed is a whole number >= 0"),
                                            ("abc", "is not a whole number")])
def test_bad_seeds_are_explained(text, fragment, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["equity", "AhKh", "QsQd", "--seed", text])
    assert fragment in capsys.readouterr().err


def test_an_output_that_is_a_folder_is_refused(tmp_path):
    src = tmp_path / "h.npy"
    np.save(src, np.array([[0, 5, 10, 15, 20, 25, 30]], dtype=np.uint8))
    res = cli("eval-file", str(src), "-o", str(tmp_path))
    one_line_error(res, "is a folder; give a file name")


def test_preflop_out_error_names_the_users_path(tmp_path):
    missing = tmp_path / "no" / "such" / "hu.npy"
    res = cli("preflop", "matrix", "--out", str(missing))
    line = one_line_error(res)
    assert str(missing.parent) in line and ".partial" not in line and "/." not in line


# ------------------------------------------------------------------------------------ NumPy inputs
def test_numpy_text_arrays_of_cards_are_accepted():
    assert pk.evaluate_batch(np.array([["As", "Ks", "Qs", "Js", "Ts"]])).tolist() == [7462]
    assert pk.evaluate_batch(np.array(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"])).tolist() == [
        7462, 1]
    r = pk.equity(np.array(["AhKh", "QsQd"]))
    assert r.players == ("AhKh", "QsQd")
    assert pk.evaluate(np.array(["As", "Ks", "Qs", "Js", "Ts"])) == 7462


@pytest.mark.parametrize("threads", [np.int64(2), np.int32(1), np.uint8(2)])
def test_numpy_integer_thread_counts_are_accepted(threads):
    r = pk.equity(["AcKc", "QhQd"], exact=True, threads=threads)
    assert r.wins.tolist() == pk.equity(["AcKc", "QhQd"], exact=True, threads=1).wins.tolist()
    assert pk.evaluate_batch(np.array([[48, 44, 40, 36, 32]], dtype=np.uint8),
                             threads=threads).tolist() == [7462]


@pytest.mark.parametrize("threads", [True, 0, -1, 2.0, "2", np.float64(2)])
def test_bad_thread_counts_are_still_refused(threads):
    with pytest.raises(ValueError, match="threads must be a positive integer"):
        pk.equity(["AcKc", "QhQd"], exact=True, threads=threads)


# -------------------------------------------------------------------------------- version and help
def test_version_is_the_package_version():
    res = cli("--version")
    assert res.returncode == 0 and res.stdout.strip() == f"pokerkeys {pk.__version__}"


def _actions(parser, path=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield path + (name,), "subcommand", helps.get(name)
                yield from _actions(sub, path + (name,))
        elif not isinstance(action, argparse._HelpAction):
            yield path, "/".join(action.option_strings) or action.dest, action.help


def test_every_subcommand_and_option_has_help():
    missing = [(p, name) for p, name, text in _actions(build_parser()) if not text]
    assert missing == []


def _subparsers(parser, path=()):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield path + (name,), sub
                yield from _subparsers(sub, path + (name,))


def test_every_subcommand_has_a_description_and_the_parser_an_epilog():
    """The parser's help texts are the command line's reference."""
    parser = build_parser()
    assert parser.description and parser.epilog and "--help" in parser.epilog
    missing = [path for path, sub in _subparsers(parser) if not sub.description]
    assert missing == []


def test_stderr_option_says_its_unit():
    text = build_parser()._subparsers._group_actions[0].choices["equity"].format_help()
    assert "fraction of the pot" in " ".join(text.split())


# ----------------------------------------------------------------- CSV header lines and hand sizes
def test_numeric_header_is_detected_and_said(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    src = tmp_path / "pandas.csv"
    src.write_text("0,1,2,3,4,5,6\n2c,3d,4h,5s,7c,8d,9h\nAs,Ks,Qs,Js,Ts,2c,3d\n")
    assert main(["eval-file", str(src), "-o", str(tmp_path / "o.csv")]) == 0
    out = capsys.readouterr().out
    assert "2 rows in" in out and "header line: 0,1,2,3,4,5,6 (detected" in out
    assert main(["eval-file", str(src), "-o", str(tmp_path / "o2.csv"), "--no-header"]) == 0
    assert "3 rows in" in capsys.readouterr().out
    assert main(["eval-file", str(src), "-o", str(tmp_path / "o3.csv"), "--header"]) == 0
    assert "2 rows in" in capsys.readouterr().out


def test_no_header_decision_is_said(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    src = tmp_path / "plain.csv"
    src.write_text("2c,3d,4h,5s,7c,8d,9h\n")
    assert main(["eval-file", str(src), "-o", str(tmp_path / "o.csv")]) == 0
    assert "no header line (detected" in capsys.readouterr().out


def test_mixed_hand_sizes_are_named(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    src = tmp_path / "mixed.csv"
    src.write_text("As Ks Qs Js Ts\nAs Ks Qs Js Ts 2c 3d\n")
    assert main(["eval-file", str(src), "-o", str(tmp_path / "o.csv")]) == 2
    err = capsys.readouterr().err
    assert "the file mixes hand sizes" in err and "row 1 (line 2)" in err


# ---------------------------------------------------------------- tables checked at the first load
def test_every_table_is_checked_at_the_first_load(tmp_path):
    """A damaged table that `eval` never uses is still named at once, with the rebuild hint."""
    import os
    import shutil

    from pokerkeys.core import tables
    folder = tmp_path / "tables"
    shutil.copytree(tables.tables_dir(), folder)
    path = folder / "preflop_heads_up_equity.npy"
    data = bytearray(path.read_bytes())
    data[-3] ^= 0x21
    path.write_bytes(bytes(data))
    env = dict(os.environ, POKERKEYS_TABLES=str(folder))
    res = subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Ts"],
                         capture_output=True, text=True, env=env, timeout=300)
    one_line_error(res, str(path), "corrupt", "build_")


# ---------------------------------------------------------------------- progress, peers, test data
@pytest.mark.slow  # a forced exact three-way range run
def test_progress_starts_at_once_and_moves_often():
    """A forced exact range run reports progress before its first kernel call and then in
    calls of at most about 0.1 s of work (it used to wait for 1/20 of the run, ~25 s)."""
    from pokerkeys.equity import holdem
    calls = []
    pk.equity(["AhKh", "random", "22+"], exact=True, progress=lambda d, t: calls.append((d, t)))
    assert calls[0][0] == 0
    total = calls[-1][1]
    assert calls[-1][0] == total
    setup = holdem.prepare(["AhKh", "random", "22+"])
    matchups, _ = holdem._enumeration(setup, forced=True)
    work = holdem._evaluations(holdem._piece_work(matchups, 5, setup.n_rem), 3)
    assert len(calls) - 1 >= work / holdem.BATCH_EVALS


def test_bench_peers_says_no_peer_before_benchmarking(monkeypatch, capsys):
    from pokerkeys.core import bench
    monkeypatch.setattr(bench, "installed_peers", lambda: [])
    ran = []
    monkeypatch.setattr(bench, "bench_pokerkeys", lambda *a, **k: ran.append(1) or [])
    assert main(["bench", "--peers"]) == 2
    assert ran == [] and "none of eval7" in capsys.readouterr().err


def test_data_ships_with_the_tests():
    from pathlib import Path
    data = Path(__file__).parent / "data"
    for name in ("euler54_poker.txt", "uci_poker_hand_training.data",
                 "uci_poker_hand_testing_100k.data"):
        assert (data / name).is_file()


# ------------------------------------------------------------------ lines longer than a read block
def test_a_line_longer_than_a_block_is_one_bad_row(tmp_path):
    pytest.importorskip("pyarrow")
    from pokerkeys import io as pio
    src = tmp_path / "long.csv"
    good = "As Ks Qs Js Ts 2c 3d\n"
    src.write_text("hand\n" + good * 5 + "As Ks " + "x" * 3_000_000 + "\n" + "a,b\n"
                   + "7c 7d 2h 2s Kd 9c 3h\n" * 5)
    out = tmp_path / "o.csv"
    s = pio.evaluate_file(src, out, on_error="report", chunk_rows=4)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (12, 10, 2)
    report = (tmp_path / "o.csv.errors.csv").read_text().splitlines()
    assert report[1].startswith("5,7,") and "3,000,006 characters" in report[1]
    assert report[2].startswith("6,8,") and len(report[1]) < 400
    assert out.read_text().count("Two pair") == 5


# ----------------------------------------------------------------------- null and ragged list rows
@pytest.mark.parametrize("suffix", ["parquet", "csv", "npy"])
def test_null_and_ragged_list_rows_are_bad_rows(tmp_path, suffix):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    from pokerkeys import io as pio
    good = [[0, 5, 10, 15, 20, 25, 30], [4, 9, 14, 19, 24, 29, 34]]
    rows = [None, good[0], [1, 2, 3], [0, None, 10, 15, 20, 25, 30], good[1]]
    for kind in (pa.list_(pa.int64()), pa.large_list(pa.uint8())):
        src = tmp_path / "lists.parquet"
        pq.write_table(pa.table({"hand": pa.array(rows, type=kind)}), src)
        out = tmp_path / f"o.{suffix}"
        s = pio.evaluate_file(src, out, on_error="report")
        assert (s.rows_in, s.rows_out, s.bad_rows) == (5, 2, 3)
        reasons = (tmp_path / f"o.{suffix}.errors.csv").read_text()
        assert "no hand (null)" in reasons and "3 cards; a hand has 5, 6 or 7" in reasons
        assert "a null card" in reasons
    if suffix == "csv":
        assert "0 5 10 15 20 25 30" in out.read_text()


# ------------------------------------------------------------------------------------------- pipes
def test_csv_from_stdin_to_stdout():
    res = cli("eval-file", "-", "-o", "-", stdin="As Ks Qs Js Ts 2c 3d\n7c 7d 2h 2s Kd 9c 3h\n")
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[1].endswith("7462,\"Straight flush\"") and lines[2].endswith("4257,\"Two pair\"")
    assert "<stdin> -> <stdout>: 2 rows in" in res.stderr


def test_npy_through_a_pipe(tmp_path):
    import io
    hands = np.array([[51, 47, 43, 39, 35, 0, 1], [20, 21, 2, 3, 44, 29, 5]], dtype=np.uint8)
    buf = io.BytesIO()
    np.save(buf, hands)
    res = subprocess.run([sys.executable, "-m", "pokerkeys", "eval-file", "-", "--format", "npy",
                          "-o", "-", "--output-format", "npy"], input=buf.getvalue(),
                         capture_output=True, timeout=300)
    assert res.returncode == 0, res.stderr
    out = np.load(io.BytesIO(res.stdout))
    assert out["rank"].tolist() == pk.evaluate_batch(hands).tolist()
    assert (out["cards"] == hands).all()


def test_a_bad_row_on_stdin_writes_nothing_to_stdout():
    res = cli("eval-file", "-", "-o", "-", stdin="As Ks Qs Js Ts 2c 3d\nXx Kd\n")
    one_line_error(res, "<stdin>: row 1 (line 2)")
    assert res.stdout == ""
