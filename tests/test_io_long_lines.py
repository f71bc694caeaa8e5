"""Bulk CSV files with lines of any length: a line longer than a row may be (1 MiB) is one bad
row with its row and line numbers, every other row is kept, and memory stays bounded.

The big files (12 MB and 100 MB lines) are written at test time, a piece at a time, so no
100 MB string is built; each is written once per module.
"""
from __future__ import annotations

import csv
import gzip
import re
import subprocess
import sys
import textwrap
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerkeys as pk
from pokerkeys import io as pio
from pokerkeys.cli import main
from pokerkeys.core.sampling import random_hands
from pokerkeys.io._lines import LineCutter

pa = pytest.importorskip("pyarrow")

from test_io import peak_memory  # noqa: E402  (after the pyarrow skip, which it needs)

MiB = 1 << 20
BEFORE, AFTER = 30, 25  # good rows before and after the long line
HANDS = random_hands(BEFORE + AFTER, 7, seed=26)
TEXT = [pk.format_cards(h) for h in HANDS]
START = b"As Ks "  # how the long line starts (it then runs on with 'x')


def write_long_line(f, size: int) -> None:
    """A line of ``size`` bytes (no line end): START, then x, written 1 MiB at a time."""
    f.write(START)
    piece = b"x" * MiB
    left = size - len(START)
    while left:
        n = min(left, MiB)
        f.write(piece[:n])
        left -= n


def write_file(path: Path, size: int, *, header: bool = True, before: int = BEFORE,
               after: int = AFTER, opener=open) -> None:
    """A hand column: ``before`` good rows, a line of ``size`` bytes, ``after`` good rows."""
    with opener(path, "wb") as f:
        if header:
            f.write(b"hand\n")
        f.write("".join(t + "\n" for t in TEXT[:before]).encode())
        write_long_line(f, size)
        f.write(b"\n")
        f.write("".join(t + "\n" for t in TEXT[before:before + after]).encode())


def report_rows(path) -> list[list[str]]:
    with open(path, newline="") as f:
        return list(csv.reader(f))


def output_rows(path) -> list[dict[str, str]]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


SIZES = [12_000_000, 100_000_000]


@pytest.fixture(scope="module")
def long_files(tmp_path_factory) -> dict[int, Path]:
    folder = tmp_path_factory.mktemp("long")
    files = {}
    for size in SIZES:
        files[size] = folder / f"long{size}.csv"
        write_file(files[size], size)
    return files


def long_reason(size: int) -> str:
    return (f"line of {size:,} characters ({size:,} bytes), longer than a row may be (1 MiB): "
            f"'As Ks xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...")


# ---------------------------------------------------------------- a long line in the middle
@pytest.mark.parametrize("size", SIZES, ids=["12MB", "100MB"])
def test_report_lists_the_long_line_and_keeps_every_other_row(long_files, tmp_path, size):
    out = tmp_path / "ranked.csv"
    s = pio.evaluate_file(long_files[size], out, on_error="report")
    assert (s.rows_in, s.rows_out, s.bad_rows) == (BEFORE + 1 + AFTER, BEFORE + AFTER, 1)
    # Row 30 is line 32 (after the header): the numbering of every row stays the file's.
    assert s.first_error == f"row {BEFORE} (line {BEFORE + 2}): {long_reason(size)}"
    assert report_rows(s.report) == [["row", "line", "reason"],
                                     [str(BEFORE), str(BEFORE + 2), long_reason(size)]]
    rows = output_rows(out)
    assert [r["hand"] for r in rows] == TEXT
    assert [int(r["rank"]) for r in rows] == pk.evaluate_batch(HANDS).tolist()


@pytest.mark.parametrize("size", SIZES, ids=["12MB", "100MB"])
def test_skip_counts_the_long_line(long_files, tmp_path, size):
    out = tmp_path / "ranked.parquet"
    s = pio.evaluate_file(long_files[size], out, on_error="skip")
    assert (s.rows_in, s.rows_out, s.bad_rows, s.report) == (BEFORE + 1 + AFTER,
                                                             BEFORE + AFTER, 1, None)
    assert s.first_error.startswith(f"row {BEFORE} (line {BEFORE + 2}): line of {size:,} ")
    table = pytest.importorskip("pyarrow.parquet").read_table(out)
    assert table.column("hand").to_pylist() == TEXT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ranked.parquet"]


@pytest.mark.parametrize("size", SIZES, ids=["12MB", "100MB"])
def test_fail_names_the_row_and_line(long_files, tmp_path, size):
    out = tmp_path / "ranked.csv"
    with pytest.raises(ValueError) as err:
        pio.evaluate_file(long_files[size], out)
    assert str(err.value) == (f"{long_files[size]}: row {BEFORE} (line {BEFORE + 2}): "
                              f"{long_reason(size)} (--on-error skip or report to leave bad "
                              f"rows out)")
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_command_line(long_files, tmp_path, capsys):
    src = long_files[12_000_000]
    out = tmp_path / "out.csv"
    assert main(["eval-file", str(src), "-o", str(out), "--on-error", "report",
                 "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert f"{BEFORE + AFTER + 1} rows in, {BEFORE + AFTER} out, 1 bad" in printed
    assert (tmp_path / "out.csv.errors.csv").read_text().splitlines()[1].startswith(
        f"{BEFORE},{BEFORE + 2},\"line of 12,000,000 characters")
    assert main(["eval-file", str(src), "-o", str(tmp_path / "again.csv")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"row {BEFORE} (line {BEFORE + 2}): line of 12,000,000" in err
    assert "straddl" not in err


# ---------------------------------------------------------------- a file of one long line
@pytest.mark.parametrize("header", [True, False], ids=["header", "no-header"])
def test_a_file_whose_only_line_is_100_mb(tmp_path, header):
    src = tmp_path / "one.csv"
    write_file(src, 100_000_000, header=header, before=0, after=0)
    out = tmp_path / "ranked.csv"
    s = pio.evaluate_file(src, out, on_error="report")
    line = 1 + header
    assert (s.rows_in, s.rows_out, s.bad_rows) == (1, 0, 1)
    assert s.header == ("hand" if header else None)
    assert report_rows(s.report)[1] == ["0", str(line), long_reason(100_000_000)]
    assert out.read_text() == ('"hand"' if header else '"col1"') + ',"rank","category"\n'
    with pytest.raises(ValueError, match=rf"row 0 \(line {line}\): line of 100,000,000 "):
        pio.evaluate_file(src, tmp_path / "fail.csv")


# ---------------------------------------------------------------- compressed
def test_gzip_file_with_a_12_mb_line(tmp_path):
    src = tmp_path / "hands.csv.gz"
    write_file(src, 12_000_000, opener=partial(gzip.open, compresslevel=1))
    s = pio.evaluate_file(src, tmp_path / "ranked.csv", on_error="report")
    assert (s.rows_in, s.rows_out, s.bad_rows) == (BEFORE + 1 + AFTER, BEFORE + AFTER, 1)
    assert report_rows(s.report)[1] == [str(BEFORE), str(BEFORE + 2), long_reason(12_000_000)]
    assert [r["hand"] for r in output_rows(tmp_path / "ranked.csv")] == TEXT


# ---------------------------------------------------------------- memory
def test_memory_stays_bounded_with_a_100_mb_line(long_files, tmp_path):
    """The 100 MB line is read through, never held: Python and Arrow allocations stay under
    memory_bound(), and so does the growth of the process's peak RSS over a run of a small
    file (measured in a fresh process, whose imports are not counted)."""
    src = long_files[100_000_000]
    peak = peak_memory(partial(pio.evaluate_file, src, tmp_path / "o.csv", on_error="report"))
    assert peak < 16 * MiB < pio.memory_bound(), peak
    small = tmp_path / "small.csv"
    write_file(small, 100, before=5, after=5)
    code = textwrap.dedent(f"""
        import resource
        from pokerkeys import io as pio
        pio.evaluate_file({str(small)!r}, {str(tmp_path / 'a.csv')!r}, on_error="report")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        pio.evaluate_file({str(src)!r}, {str(tmp_path / 'b.csv')!r}, on_error="report")
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print((after - before) * 1024)
    """)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    growth = int(res.stdout)
    assert growth < pio.memory_bound(), growth


# ---------------------------------------------------------------- the edges of "too long"
def run_report(tmp_path, data: bytes, name="in.csv", **kwargs):
    src = tmp_path / name
    src.write_bytes(data)
    s = pio.evaluate_file(src, tmp_path / "out.csv", on_error="report", **kwargs)
    return s, [row[:2] + [row[2][:40].rstrip()] for row in report_rows(s.report)[1:]]


GOOD = [t.encode() for t in TEXT[:3]]


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r"], ids=["LF", "CRLF", "CR"])
def test_line_ends(tmp_path, end):
    data = b"hand" + end + end.join(GOOD) + end + b"x" * (2 * MiB) + end + end.join(GOOD) + end
    s, report = run_report(tmp_path, data)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (7, 6, 1)
    assert report == [["3", "5", "line of 2,097,152 characters (2,097,152"]]


def test_one_mib_is_a_row_one_byte_more_is_cut(tmp_path):
    data = b"hand\n" + GOOD[0] + b"\n" + b"y" * MiB + b"\n" + b"z" * (MiB + 1) + b"\n" + GOOD[1]
    s, report = run_report(tmp_path, data)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (4, 2, 2)
    assert report == [["1", "3", "column hand: unknown card 'yy' in 'yyyyy"],
                      ["2", "4", "line of 1,048,577 characters (1,048,577"]]


def test_long_lines_in_a_row_and_at_the_end(tmp_path):
    """Three long lines one after another, a good row, and a long last line with no line end:
    each keeps its own number and reason while pyarrow reads ahead of the rows it returns."""
    data = b"hand\n" + (b"q" * (3 * MiB) + b"\n") * 3 + GOOD[0] + b"\n" + b"w" * (2 * MiB)
    s, report = run_report(tmp_path, data)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (5, 1, 4)
    assert [r[:2] for r in report] == [["0", "2"], ["1", "3"], ["2", "4"], ["4", "6"]]


def test_characters_and_bytes_differ(tmp_path):
    data = b"hand\n" + GOOD[0] + b"\n" + ("\u2660" * 500_000).encode() + b"\n" + GOOD[1] + b"\n"
    s, report = run_report(tmp_path, data)
    assert report == [["1", "3", "line of 500,000 characters (1,500,000 by"]]


def test_card_columns_and_a_malformed_line_after_the_long_one(tmp_path):
    cells = [b",".join(g.split()) for g in GOOD]
    data = (b"c1,c2,c3,c4,c5,c6,c7\n" + cells[0] + b"\n" + b"x," * MiB + b"\n" + b"a,b\n"
            + cells[1] + b"\n")
    s, report = run_report(tmp_path, data)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (4, 2, 2)
    assert report == [["1", "3", "line of 2,097,152 characters (2,097,152"],
                      ["2", "4", "expected 7 fields, got 2: 'a,b'"]]


def test_lines_longer_than_a_small_block(tmp_path):
    """Small chunks make small read blocks (64 KiB); a 500 KB line is still one row, read."""
    data = b"hand\n" + (GOOD[0] + b"\n") * 5 + b"v" * 500_000 + b"\n" + (GOOD[1] + b"\n") * 5
    s, report = run_report(tmp_path, data, chunk_rows=4)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (11, 10, 1)
    assert report == [["5", "7", "column hand: unknown card 'vv' in 'vvvvv"]]


def test_columns_are_told_from_the_lines_after_a_long_first_line(tmp_path):
    cells = [b",".join(g.split()) for g in GOOD]
    data = b"x" * (2 * MiB) + b"\n" + b"\n".join(cells) + b"\n"
    s, report = run_report(tmp_path, data)
    assert (s.rows_in, s.rows_out, s.bad_rows, s.header) == (4, 3, 1, None)
    assert report[0][:2] == ["0", "1"]
    with pytest.raises(ValueError, match="the first line is too long for a header line"):
        pio.evaluate_file(tmp_path / "in.csv", tmp_path / "o.csv", header="yes")


def test_uci_file_with_a_long_line(tmp_path):
    royal = b"1,10,1,11,1,13,1,12,1,1,9"
    s, report = run_report(tmp_path, royal + b"\n" + b"1," * MiB + b"\n" + royal + b"\n",
                           name="hands.data", format="uci")
    assert (s.rows_in, s.rows_out, s.bad_rows, s.uci_mismatches) == (3, 2, 1, 0)
    assert report == [["1", "2", "line of 2,097,152 characters (2,097,152"]]


# ---------------------------------------------------------------- the line cutter itself
_LINE = re.compile(rb"([^\r\n]*)(\r\n|\r|\n|$)")


@given(lines=st.lists(st.tuples(st.integers(0, 120), st.sampled_from([b"\n", b"\r", b"\r\n"]),
                                st.sampled_from(["x", "\u00e9", "\u2660"])), max_size=25),
       last=st.integers(0, 120), block=st.integers(1, 200), limit=st.integers(1, 150))
def test_line_cutter_blocks_are_whole_lines_with_long_ones_cut(lines, last, block, limit):
    import io
    text = b"".join((char * n).encode() + end for n, end, char in lines) + b"y" * last
    cutter = LineCutter(io.BytesIO(text), block=block, limit=limit,
                        marker=lambda n: b"<%d>" % n)
    most = max(limit, 4) + 2  # room for a line of `limit` bytes or a marker ('<12>'), and '\r\n'
    blocks = []
    while chunk := cutter.read(most):
        blocks.append(bytes(chunk))
    expected, reasons = [], []
    for m in _LINE.finditer(text):
        content, end = m.groups()
        if not content and not end:
            continue
        if len(content) > limit:
            chars = len(content.decode())
            reasons.append(f"line of {chars:,} characters ({len(content):,} bytes)")
            content = b"<%d>" % (len(reasons) - 1)
        expected.append(content + end)
    assert b"".join(blocks) == b"".join(expected)
    assert len(cutter.reasons) == len(reasons)
    assert all(cutter.reasons[n].startswith(r) for n, r in enumerate(reasons))
    for i, chunk in enumerate(blocks):
        assert len(chunk) <= most
        if i < len(blocks) - 1:  # every block but the last ends at a line end, not inside one
            assert chunk.endswith((b"\n", b"\r"))
            assert not (chunk.endswith(b"\r") and blocks[i + 1].startswith(b"\n"))
