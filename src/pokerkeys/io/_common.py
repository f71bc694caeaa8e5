"""What the io modules share: the constants of ``pokerkeys eval-file`` and the pyarrow import.

The constants live here, once, because several stages read them: BAD is written by the text
parser and the readers and rejected by the ranking kernel; the file suffixes serve both the
format detection and the CSV writer's compression; the UCI tables serve the UCI reader (suits,
column names) and the pipeline's class check. pyarrow is optional (``pokerkeys[data]``) and
imported on first use, so ``.npy`` files work without it.
"""
from __future__ import annotations

from types import ModuleType
from typing import Literal, TypeAlias, get_args

import numpy as np

from ..core.evaluate import HandCategory

#: A file format ``evaluate_file`` reads: CSV, Parquet, ``.npy`` or the UCI Poker Hand files.
InputFormat: TypeAlias = Literal["csv", "parquet", "npy", "uci"]
#: A file format ``evaluate_file`` writes.
OutputFormat: TypeAlias = Literal["csv", "parquet", "npy"]
#: What a run does with a bad row: stop ('fail'), leave it out ('skip'), or leave it out and
#: list it in a side file ('report').
OnError: TypeAlias = Literal["fail", "skip", "report"]
#: Whether a CSV file's first line is a header: detected ('auto'), or as told.
HeaderMode: TypeAlias = Literal["auto", "yes", "no"]

INPUT_FORMATS: tuple[InputFormat, ...] = get_args(InputFormat)
OUTPUT_FORMATS: tuple[OutputFormat, ...] = get_args(OutputFormat)
ON_ERROR: tuple[OnError, ...] = get_args(OnError)
# 256K rows: big enough that per-chunk Python overhead is < 1% of the work at 10 M rows/s,
# small enough that a CSV chunk with its parsed columns stays around 50 MB.
DEFAULT_CHUNK_ROWS = 1 << 18
OUTPUT_COLUMNS = ("rank", "category", "description")
# The largest block pyarrow reads a CSV file in, and the longest line read as a row: a longer
# line is one bad row, read through without being held (see LineCutter).
MAX_CSV_BLOCK = 1 << 20
BAD = 255  # a card id the batch kernel rejects: rows found bad while parsing are filled with it

SUFFIXES: dict[str, OutputFormat] = {".csv": "csv", ".tsv": "csv", ".txt": "csv",
                                     ".parquet": "parquet", ".pq": "parquet", ".npy": "npy"}
COMPRESSED = {".gz", ".bz2", ".zst", ".lz4"}
CATEGORY_LABELS = [c.label for c in HandCategory]
# UCI Poker Hand: suits 1..4 = hearts, spades, diamonds, clubs -> ours 0..3 = c, d, h, s;
# ranks 1..13 = A, 2, .., K -> ours 0..12 = 2..A; classes 0..9 -> our categories (straight
# flush and royal flush, classes 8 and 9, are one category; 9 is exactly rank 7462).
UCI_SUIT = np.array([BAD, 2, 3, 1, 0], dtype=np.int64)
UCI_CLASS = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 9], dtype=np.uint8)
UCI_NAMES = ["S1", "C1", "S2", "C2", "S3", "C3", "S4", "C4", "S5", "C5", "CLASS"]


def require_pyarrow() -> ModuleType:
    """The pyarrow module, imported on first use; ImportError naming the extra without it."""
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("CSV and Parquet files need pyarrow: pip install 'pokerkeys[data]'") \
            from None
    return pyarrow
