"""Bulk file evaluation (pokerkeys.io): formats, row order, bad rows, atomic output, memory."""
from __future__ import annotations

import csv
import gzip
import tracemalloc
from functools import partial
from pathlib import Path

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import io as pio
from pokerkeys.core.sampling import random_hands

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pcsv = pytest.importorskip("pyarrow.csv")

NAMES = np.array([pk.format_cards([c]) for c in range(52)])


def text_cards(hands: np.ndarray) -> np.ndarray:
    return NAMES[hands]


def write_card_csv(path: Path, hands: np.ndarray, *, header=True, extra=True) -> None:
    """id, c1..ck, note: a column per card, with columns that must be carried over."""
    k = hands.shape[1]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        if header:
            w.writerow(["id"] * extra + [f"c{j + 1}" for j in range(k)] + ["note"] * extra)
        for i, row in enumerate(text_cards(hands)):
            w.writerow([f"h{i}"] * extra + list(row) + [f"n,{i}"] * extra)


def read_output(path: Path):
    """(ranks, categories, table or structured array) of an eval-file output."""
    if path.suffix == ".npy":
        out = np.load(path)
        return out["rank"], out["category"], out
    table = pq.read_table(path) if path.suffix == ".parquet" else \
        pcsv.read_csv(path, convert_options=pcsv.ConvertOptions(
            column_types={"rank": pa.uint16()}, strings_can_be_null=False))
    labels = table.column("category").cast(pa.string()).to_pylist()
    codes = np.array([pk.HandCategory[s.upper().replace(" ", "_")] for s in labels],
                     dtype=np.uint8)
    return table.column("rank").to_numpy(), codes, table


@pytest.fixture(scope="module")
def hands7():
    rng = np.random.default_rng(654)
    return np.argsort(rng.random((5000, 52)), axis=1)[:, :7].astype(np.uint8)


# --------------------------------------------------------------------------- happy paths
@pytest.mark.parametrize("out_suffix", [".npy", ".csv", ".parquet"])
def test_npy_input_every_output(tmp_path, hands7, out_suffix):
    src = tmp_path / "hands.npy"
    np.save(src, hands7)
    dst = tmp_path / f"out{out_suffix}"
    summary = pio.evaluate_file(src, dst, chunk_rows=700)  # 8 chunks, the last one short
    ranks, cats, _ = read_output(dst)
    expected = pk.evaluate_batch(hands7)
    assert summary.rows_in == summary.rows_out == len(hands7) and summary.bad_rows == 0
    np.testing.assert_array_equal(ranks, expected)  # same rows, same order
    np.testing.assert_array_equal(cats, pk.category(expected))
    if out_suffix == ".npy":
        np.testing.assert_array_equal(np.load(dst)["cards"], hands7)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["hands.npy", dst.name])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_csv_card_columns_carried_verbatim(tmp_path, k):
    rng = np.random.default_rng(k)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :k].astype(np.uint8)
    src, dst = tmp_path / "in.csv", tmp_path / "out.csv"
    write_card_csv(src, hands)
    pio.evaluate_file(src, dst, chunk_rows=512, describe=True)
    ranks, cats, table = read_output(dst)
    np.testing.assert_array_equal(ranks, pk.evaluate_batch(hands))
    assert table.column_names == ["id"] + [f"c{j + 1}" for j in range(k)] + \
        ["note", "rank", "category", "description"]
    assert table.column("id").to_pylist() == [f"h{i}" for i in range(len(hands))]
    assert table.column("note").to_pylist()[:3] == ["n,0", "n,1", "n,2"]
    assert table.column("description").to_pylist()[:50] == [pk.describe(int(r))
                                                            for r in ranks[:50]]


def test_csv_hand_column_layouts(tmp_path, hands7):
    """One hand per line in every accepted spelling; all rank like the parser says."""
    rows = []
    for i, row in enumerate(text_cards(hands7[:2000])):
        style = i % 6
        if style == 0:
            rows.append(" ".join(row))
        elif style == 1:
            rows.append("".join(row))
        elif style == 2:
            rows.append(" ".join(c.lower() for c in row))
        elif style == 3:
            rows.append("  ".join(c.replace("T", "10") for c in row))  # '10s', double spaces
        elif style == 4:
            rows.append(" ".join(c[0] + "♣♦♥♠"["cdhs".index(c[1])] for c in row))
        else:
            rows.append(";".join(row))
    src, dst = tmp_path / "hands.txt", tmp_path / "out.parquet"
    src.write_text("\n".join(f'"{r}"' if ";" in r else r for r in rows) + "\n",
                   encoding="utf-8")
    summary = pio.evaluate_file(src, dst, chunk_rows=300)
    assert summary.rows_out == 2000
    ranks, _, table = read_output(dst)
    expected = pk.evaluate_batch(hands7[:2000])
    np.testing.assert_array_equal(ranks, expected)
    assert table.column("col1").to_pylist()[:3] == [r.strip('"') for r in rows[:3]]


def test_csv_ids_tab_gzip_and_columns(tmp_path, hands7):
    src = tmp_path / "ids.tsv.gz"
    with gzip.open(src, "wt") as f:
        f.write("round\tpot\t" + "\t".join(f"card{j}" for j in range(7)) + "\n")
        for i, row in enumerate(hands7[:1000]):
            f.write(f"{i}\t{i * 3}\t" + "\t".join(map(str, row)) + "\n")
    with pytest.raises(ValueError, match="cannot tell which columns"):
        pio.evaluate_file(src, tmp_path / "o.csv")  # 9 integer columns: which are cards?
    cols = ",".join(f"card{j}" for j in range(7))
    pio.evaluate_file(src, tmp_path / "o.csv", columns=cols)
    ranks, _, table = read_output(tmp_path / "o.csv")
    np.testing.assert_array_equal(ranks, pk.evaluate_batch(hands7[:1000]))
    pio.evaluate_file(src, tmp_path / "o2.csv", columns="3,4,5,6,7,8,9")  # 1-based numbers
    np.testing.assert_array_equal(read_output(tmp_path / "o2.csv")[0], ranks)


def test_header_detection(tmp_path, hands7):
    src = tmp_path / "noheader.csv"
    write_card_csv(src, hands7[:100], header=False, extra=False)
    pio.evaluate_file(src, tmp_path / "o.csv")
    ranks, _, table = read_output(tmp_path / "o.csv")
    assert len(ranks) == 100  # the first line is data, not a header
    assert table.column_names[:7] == [f"col{j + 1}" for j in range(7)]
    pio.evaluate_file(src, tmp_path / "o2.csv", header="yes")
    assert len(read_output(tmp_path / "o2.csv")[0]) == 99
    # A damaged first hand is a bad data row, not a header that would vanish silently.
    lines = src.read_text().splitlines()
    lines[0] = "Xx," + lines[0].split(",", 1)[1]
    src.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"row 0 \(line 1\): column col1: unknown card 'Xx'"):
        pio.evaluate_file(src, tmp_path / "o3.csv")
    write_card_csv(tmp_path / "h.csv", hands7[:5])
    s = pio.evaluate_file(tmp_path / "h.csv", tmp_path / "o4.csv")
    assert s.header == "id,c1,c2,c3,c4,c5,c6,c7,note" and "header line: id,c1" in str(s)


@pytest.mark.parametrize("layout", ["text", "uint8", "int64", "hand", "list", "dictionary"])
def test_parquet_layouts(tmp_path, hands7, layout):
    h = hands7[:3000]
    if layout == "text":
        table = pa.table({f"c{j}": text_cards(h[:, j]) for j in range(7)})
    elif layout in ("uint8", "int64"):
        table = pa.table({f"c{j}": h[:, j].astype(layout) for j in range(7)})
    elif layout == "hand":
        table = pa.table({"hand": [" ".join(r) for r in text_cards(h)]})
    elif layout == "list":
        table = pa.table({"cards": pa.array(h.tolist(), pa.list_(pa.uint8()))})
    else:
        table = pa.table({f"c{j}": pa.array(text_cards(h[:, j])).dictionary_encode()
                          for j in range(7)})
    table = table.append_column("player", pa.array([f"p{i % 9}" for i in range(len(h))]))
    src = tmp_path / "in.parquet"
    pq.write_table(table, src, row_group_size=1000)
    pio.evaluate_file(src, tmp_path / "out.parquet", chunk_rows=800)
    ranks, _, out = read_output(tmp_path / "out.parquet")
    np.testing.assert_array_equal(ranks, pk.evaluate_batch(h))
    assert out.column("player").to_pylist() == table.column("player").to_pylist()


def test_npy_other_integer_dtypes_and_structured(tmp_path, hands7):
    src = tmp_path / "h.npy"
    np.save(src, hands7.astype(np.int32))
    pio.evaluate_file(src, tmp_path / "o.npy")
    out = np.load(tmp_path / "o.npy")
    np.testing.assert_array_equal(out["rank"], pk.evaluate_batch(hands7))
    pio.evaluate_file(tmp_path / "o.npy", tmp_path / "again.csv")  # our own output reads back
    np.testing.assert_array_equal(read_output(tmp_path / "again.csv")[0], out["rank"])
    np.save(src, np.asfortranarray(hands7))
    pio.evaluate_file(src, tmp_path / "f.npy", chunk_rows=999)
    np.testing.assert_array_equal(np.load(tmp_path / "f.npy")["rank"], out["rank"])


def test_empty_inputs(tmp_path):
    np.save(tmp_path / "e.npy", np.zeros((0, 7), np.uint8))
    s = pio.evaluate_file(tmp_path / "e.npy", tmp_path / "e.parquet")
    assert s.rows_in == s.rows_out == 0
    assert pq.read_table(tmp_path / "e.parquet").num_rows == 0
    s = pio.evaluate_file(tmp_path / "e.npy", tmp_path / "e2.npy")
    assert np.load(tmp_path / "e2.npy").shape == (0,)


def test_progress_reports_rows(tmp_path, hands7):
    np.save(tmp_path / "h.npy", hands7)
    calls = []
    pio.evaluate_file(tmp_path / "h.npy", tmp_path / "o.npy", chunk_rows=1000,
                      progress=lambda done, total: calls.append((done, total)))
    assert calls == [(min(1000 * (i + 1), 5000), 5000) for i in range(5)]


# --------------------------------------------------------------------------- the text fast path
@pytest.mark.parametrize("k", [5, 7])
def test_vectorised_text_matches_parser(k):
    """The byte-table readers agree with parse_cards on messy input, and fail the same rows."""
    rng = np.random.default_rng(99 + k)
    hands = np.argsort(rng.random((600, 52)), axis=1)[:, :k].astype(np.uint8)
    texts = []
    for i, row in enumerate(text_cards(hands)):
        seps = rng.choice(["", " ", ",", " , ", "\t", "; "], size=k - 1)
        cards = [c.upper() if rng.random() < 0.2 else c for c in row]
        t = cards[0] + "".join(s + c for s, c in zip(seps, cards[1:], strict=False))
        if i % 50 == 7:
            t = t.replace(t[0], "X", 1)  # unknown rank
        if i % 50 == 9:
            t = t[:1] + " " + t[1:]      # a separator inside a card: 'A s'
        if i % 50 == 11:
            t = t + " 2c"                # one card too many
        texts.append(t)
    texts[5] = ""
    ids, reasons, got_k = pio.cards_from_columns([pa.array(texts)], ["hand"])
    assert got_k == k
    for i, t in enumerate(texts):
        try:
            expect = pk.parse_cards(t, allow_duplicates=True)
            ok = len(expect) == k
        except ValueError:
            ok = False
        if ok:
            assert i not in reasons, (t, reasons.get(i))
            np.testing.assert_array_equal(ids[i], expect)
        else:
            assert i in reasons and (ids[i] == pio.BAD).all(), t


def test_card_column_edge_cells():
    cells = ["As", "as", "AS", "10s", "Ts", "A♠", " Kd ", "51", "0", "52", "Xx", "", "AsKd"]
    reasons = {}
    ids = pio.card_column(pa.array(cells), "c", reasons)
    assert ids[:9].tolist() == [51, 51, 51, 35, 35, 51, 45, 51, 0]
    assert sorted(reasons) == [9, 10, 11, 12]
    assert "outside 0..51" in reasons[9] and "unknown card" in reasons[10]
    assert "empty" in reasons[11] and "not one" in reasons[12]


# --------------------------------------------------------------------------- bad rows
def bad_csv(tmp_path, hands7) -> Path:
    """200 rows: a duplicate card at row 30, a junk card at row 71, a short line at row 120,
    an empty line at row 150."""
    src = tmp_path / "bad.csv"
    write_card_csv(src, hands7[:200], extra=False)
    lines = src.read_text().splitlines()
    row = lambda r: r + 1
    cells = lines[row(30)].split(",")
    cells[3] = cells[1]
    lines[row(30)] = ",".join(cells)
    lines[row(71)] = lines[row(71)].replace(lines[row(71)][:2], "Zz", 1)
    lines[row(120)] = "As,Kd,Qh"
    lines[row(150)] = ""
    src.write_text("\n".join(lines) + "\n")
    return src


def test_fail_names_first_bad_row_and_leaves_nothing(tmp_path, hands7):
    src = bad_csv(tmp_path, hands7)
    dst = tmp_path / "out.parquet"
    dst.write_bytes(b"previous complete output")
    with pytest.raises(ValueError) as err:
        pio.evaluate_file(src, dst, chunk_rows=16)
    msg = str(err.value)
    assert "row 30 (line 32)" in msg and "duplicate card" in msg
    assert dst.read_bytes() == b"previous complete output"  # untouched: no partial file
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_skip_and_report(tmp_path, hands7):
    src = bad_csv(tmp_path, hands7)
    good = np.setdiff1d(np.arange(200), [30, 71, 120, 150])
    expected = pk.evaluate_batch(hands7[good])
    s = pio.evaluate_file(src, tmp_path / "skip.csv", on_error="skip", chunk_rows=16)
    assert (s.rows_in, s.rows_out, s.bad_rows) == (200, 196, 4)
    assert s.first_error.startswith("row 30 (line 32): duplicate card")
    np.testing.assert_array_equal(read_output(tmp_path / "skip.csv")[0], expected)
    s = pio.evaluate_file(src, tmp_path / "rep.npy", on_error="report", chunk_rows=16)
    np.testing.assert_array_equal(np.load(tmp_path / "rep.npy")["rank"], expected)
    with open(s.report, newline="") as f:
        entries = list(csv.DictReader(f))
    assert [int(e["row"]) for e in entries] == [30, 71, 120, 150]
    assert [int(e["line"]) for e in entries] == [32, 73, 122, 152]
    reasons = [e["reason"] for e in entries]
    assert "duplicate card" in reasons[0] and "unknown card 'Zz'" in reasons[1]
    assert "expected 7 fields, got 3" in reasons[2] and "empty card" in reasons[3]


def test_fail_on_malformed_line_first(tmp_path, hands7):
    src = tmp_path / "short.csv"
    write_card_csv(src, hands7[:50], extra=False)
    lines = src.read_text().splitlines()
    lines[41] = "As,Kd"
    src.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"row 40 \(line 42\): expected 7 fields, got 2"):
        pio.evaluate_file(src, tmp_path / "o.csv")


def test_npy_bad_ids_named(tmp_path, hands7):
    h = hands7[:100].astype(np.int16)
    h[64, 2] = 300
    np.save(tmp_path / "h.npy", h)
    with pytest.raises(ValueError, match=r"row 64: card id 300 is outside 0..51"):
        pio.evaluate_file(tmp_path / "h.npy", tmp_path / "o.npy", chunk_rows=10)
    u = hands7[:100].copy()
    u[77, 0] = 60
    np.save(tmp_path / "u.npy", u)
    with pytest.raises(ValueError, match=r"row 77: card id 60 is outside 0..51"):
        pio.evaluate_file(tmp_path / "u.npy", tmp_path / "o.npy", chunk_rows=10)


@pytest.mark.parametrize("array, message", [
    (np.zeros((10, 4), np.uint8), "5, 6 or 7 cards, not 4"),
    (np.zeros(10, np.uint8), "expected an .N, k. array"),
    (np.zeros((10, 7), np.float64), "must be integers"),
    (np.zeros((2, 7, 1), np.uint8), "expected an .N, k. array"),
])
def test_npy_wrong_shapes_and_dtypes(tmp_path, array, message):
    np.save(tmp_path / "x.npy", array)
    with pytest.raises((ValueError, TypeError), match=message):
        pio.evaluate_file(tmp_path / "x.npy", tmp_path / "o.npy")
    assert not (tmp_path / "o.npy").exists()


def test_not_npy_or_truncated(tmp_path, hands7):
    (tmp_path / "x.npy").write_text("hello")
    with pytest.raises(ValueError, match="not a readable .npy"):
        pio.evaluate_file(tmp_path / "x.npy", tmp_path / "o.npy")
    np.save(tmp_path / "t.npy", hands7)
    data = (tmp_path / "t.npy").read_bytes()
    (tmp_path / "t.npy").write_bytes(data[:-100])
    with pytest.raises(ValueError, match="truncated"):
        pio.evaluate_file(tmp_path / "t.npy", tmp_path / "o.npy")
    np.save(tmp_path / "obj.npy", np.array([[1, "a"]], dtype=object), allow_pickle=True)
    with pytest.raises((ValueError, TypeError)):
        pio.evaluate_file(tmp_path / "obj.npy", tmp_path / "o.npy")


def test_usage_errors(tmp_path, hands7):
    np.save(tmp_path / "h.npy", hands7[:10])
    write_card_csv(tmp_path / "h.csv", hands7[:10])
    cases = [
        (dict(input=tmp_path / "h.xlsx", output=tmp_path / "o.csv"), "unknown input format"),
        (dict(input=tmp_path / "h.data", output=tmp_path / "o.csv"), "--format uci"),
        (dict(input=tmp_path / "h.npy", output=tmp_path / "o.json"), "unknown output format"),
        (dict(input=tmp_path / "h.npy", output=tmp_path / "o.parquet.gz"),
         "unknown output format"),
        (dict(input=tmp_path / "none.csv", output=tmp_path / "o.csv"), "no such file"),
        (dict(input=tmp_path / "h.npy", output=tmp_path / "no" / "o.csv"), "no such directory"),
        (dict(input=tmp_path / "h.npy", output=tmp_path / "h.npy"), "overwrite the input"),
        (dict(input=tmp_path / "h.npy", output=tmp_path / "o.npy", describe=True),
         "--describe needs CSV or Parquet"),
        (dict(input=tmp_path / "h.csv", output=tmp_path / "o.csv", columns="c1,c2,zz,c4,c5"),
         "no column 'zz'"),
        (dict(input=tmp_path / "h.csv", output=tmp_path / "o.csv", columns="c1,c2"),
         "not 2"),
        (dict(input=tmp_path / "h.csv", output=tmp_path / "o.csv", on_error="ignore"),
         "on_error"),
        (dict(input=tmp_path / "h.npy", output=tmp_path / "o.csv", format="xls"),
         "unknown input format"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            pio.evaluate_file(**kwargs)


def test_output_column_clash(tmp_path, hands7):
    np.save(tmp_path / "h.npy", hands7[:10])
    pio.evaluate_file(tmp_path / "h.npy", tmp_path / "o.csv")
    with pytest.raises(ValueError, match="already has a column named 'rank'"):
        pio.evaluate_file(tmp_path / "o.csv", tmp_path / "again.csv", columns="1,2,3,4,5,6,7")


# --------------------------------------------------------------------------- UCI
@pytest.mark.parametrize("name, n_rows", [("uci_poker_hand_training.data", 25_010),
                                          ("uci_poker_hand_testing_100k.data", 99_999)])
def test_uci_classes_agree(tmp_path, data_dir, name, n_rows):
    src = data_dir / name
    s = pio.evaluate_file(src, tmp_path / "uci.parquet", format="uci", chunk_rows=1 << 15)
    assert (s.rows_in, s.rows_out, s.uci_checked, s.uci_mismatches) == (n_rows,) * 3 + (0,)
    out = pq.read_table(tmp_path / "uci.parquet")
    cls = out.column("CLASS").to_numpy()
    ranks = out.column("rank").to_numpy()
    assert out.num_rows == n_rows and ((cls == 9) == (ranks == 7462)).all()


def test_uci_mismatch_and_bad_values(tmp_path):
    royal = "1,10,1,11,1,13,1,12,1,1,9"
    (tmp_path / "u.data").write_text(f"{royal}\n1,10,1,11,1,13,1,12,1,1,0\n{royal}\n")
    s = pio.evaluate_file(tmp_path / "u.data", tmp_path / "o.csv", format="uci")
    assert (s.uci_checked, s.uci_mismatches) == (3, 1)
    assert s.uci_examples[0].startswith("row 1 (line 2)") and "class 0" in s.uci_examples[0]
    (tmp_path / "b.data").write_text(f"{royal}\n{royal}\n1,10,5,11,1,13,1,12,1,1,9\n")
    with pytest.raises(ValueError, match=r"row 2 \(line 3\): column S2: suit 5 is outside"):
        pio.evaluate_file(tmp_path / "b.data", tmp_path / "o.csv", format="uci")
    (tmp_path / "d.data").write_text(f"{royal}\n1,10,1,10,1,13,1,12,1,1,9\n")
    with pytest.raises(ValueError, match=r"row 1 \(line 2\): duplicate card Th"):
        pio.evaluate_file(tmp_path / "d.data", tmp_path / "o.csv", format="uci")


# --------------------------------------------------------------------------- memory bound
def peak_memory(run) -> int:
    """Peak bytes of NumPy (tracemalloc) plus Arrow (pool, sampled every 0.2 ms) during run()."""
    import threading
    import time

    base = pa.total_allocated_bytes()
    arrow_peak = [0]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            arrow_peak[0] = max(arrow_peak[0], pa.total_allocated_bytes() - base)
            time.sleep(0.0002)

    sampler = threading.Thread(target=sample)
    tracemalloc.start()
    sampler.start()
    try:
        run()
        numpy_peak = tracemalloc.get_traced_memory()[1]
    finally:
        stop.set()
        sampler.join()
        tracemalloc.stop()
    return numpy_peak + arrow_peak[0]


@pytest.mark.parametrize("fmt", ["csv", "parquet", "npy"])
def test_memory_does_not_grow_with_the_file(tmp_path, fmt):
    """Peak memory for files 50 and 200 times a chunk is the same, and under
    memory_bound(chunk_rows); the larger file's columns alone would take 17 MB."""
    chunk = 2000
    runs = []
    for n in (100, 100_000, 400_000):  # the first run warms up (imports, JIT)
        hands = random_hands(n, 7, seed=n)
        src, dst = tmp_path / f"in{n}.{fmt}", tmp_path / f"out{n}.{fmt}"
        table = pa.table({f"c{j}": pa.array(text_cards(hands[:, j])) for j in range(7)})
        if fmt == "npy":
            np.save(src, hands)
        elif fmt == "csv":
            pcsv.write_csv(table, src)
        else:
            pq.write_table(table, src, row_group_size=chunk)
        del table, hands
        runs.append(peak_memory(partial(pio.evaluate_file, src, dst, chunk_rows=chunk)))
    _, small, large = runs
    # Parquet footers hold a few KB of metadata per row group (150 more in, 150 more out).
    footers = 300 * (16 << 10) if fmt == "parquet" else 0
    assert large < 1.25 * small + (1 << 20) + footers, (small, large)
    assert large < pio.memory_bound(chunk)
