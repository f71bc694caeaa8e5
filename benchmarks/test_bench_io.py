"""End-to-end file throughput of `pokerkeys eval-file` (pokerkeys.io.evaluate_file).

Targets: >= 5 M rows/s for .npy and Parquet input, >= 1 M rows/s for CSV. Each
case reads a 4 M-row file of random 7-card hands and writes the output with rank and category;
the time covers reading, parsing, ranking and writing, the files sit in the page cache.
"""
import numpy as np
import pytest
from bench_util import run

import pokerkeys as pk
from pokerkeys import io as pio
from pokerkeys.core.sampling import random_hands

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pcsv = pytest.importorskip("pyarrow.csv")

N_ROWS = 4_000_000


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bench_io")
    hands = random_hands(N_ROWS, 7, seed=20261122)
    names = np.array([pk.format_cards([c]) for c in range(52)])
    text = {f"c{j + 1}": pa.array(names[hands[:, j]]) for j in range(7)}
    paths = {"npy": folder / "hands.npy", "parquet": folder / "cards.parquet",
             "parquet-ids": folder / "ids.parquet", "csv": folder / "cards.csv",
             "csv-hand": folder / "hands.csv"}
    np.save(paths["npy"], hands)
    pq.write_table(pa.table(text), paths["parquet"])
    pq.write_table(pa.table({f"c{j + 1}": hands[:, j] for j in range(7)}), paths["parquet-ids"])
    plain = pcsv.WriteOptions(quoting_style="none")  # As,Kd,... as people write them
    pcsv.write_csv(pa.table(text), paths["csv"], write_options=plain)
    pcsv.write_csv(pa.table({"hand": pa.array([" ".join(r) for r in names[hands]])}),
                   paths["csv-hand"], write_options=plain)
    paths["out"] = folder
    return paths


@pytest.mark.parametrize("source, target", [
    ("npy", "npy"), ("npy", "parquet"),
    ("parquet", "parquet"), ("parquet-ids", "parquet"),
    ("csv", "csv"), ("csv", "parquet"), ("csv-hand", "csv"),
])
def test_eval_file_throughput(benchmark, files, source, target):
    src, dst = files[source], files["out"] / f"out.{target}"
    benchmark.group = f"eval-file, {N_ROWS:,} rows of 7 cards"
    benchmark.extra_info["target_rows_per_s"] = 1e6 if source.startswith("csv") else 5e6
    summary = run(benchmark, lambda: pio.evaluate_file(src, dst), per_call=N_ROWS,
                  rounds=3, unit="rows")
    assert summary.rows_in == summary.rows_out == N_ROWS
