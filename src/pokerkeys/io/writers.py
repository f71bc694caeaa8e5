"""Writers: the output file (CSV, Parquet or .npy) and the bad-row report of --on-error report.

A writer takes one chunk at a time with its ranks, leaving out the rows not kept, so memory
does not grow with the file. CSV and Parquet output is the input's columns plus rank and
category (and description on request); .npy output is a structured array of cards, rank and
category. Files are written under a hidden temporary name (temp_name), which the pipeline
renames to the real one when they are complete.
"""
from __future__ import annotations

import csv
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..core.cards import N_CARDS, RANK_CHARS, SUIT_CHARS
from ..core.evaluate import category, describe
from ._common import CATEGORY_LABELS, COMPRESSED, require_pyarrow

if TYPE_CHECKING:
    from .readers import Chunk

@lru_cache(maxsize=1)
def descriptions() -> tuple[list[str], np.ndarray]:
    """The distinct descriptions in rank order, and each rank's index among them (int16).

    Many ranks share a description ('Pair, aces' whatever the kickers), and dictionary
    columns (Arrow, Parquet, pandas categoricals) need distinct values.
    """
    distinct: dict[str, int] = {}
    codes = np.zeros(7463, dtype=np.int16)
    for r in range(1, 7463):
        codes[r] = distinct.setdefault(describe(r), len(distinct))
    return list(distinct), codes


_CARD_NAMES = [RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(N_CARDS)]


class ArrowWriter:
    """CSV or Parquet output: the carried columns, then rank, category (and description).

    category and description are dictionary arrays over the 9 labels / distinct descriptions,
    so no string is built per row.
    """

    def __init__(self, fmt: str, path: Path, final: Path, carried, k: int | None,
                 with_description: bool, card_columns=()):
        pa = require_pyarrow()
        self.fmt, self.path, self.final = fmt, path, final
        self.card_columns = set(card_columns)
        self.carried = carried
        self.k = k
        self.with_description = with_description
        self.categories = pa.array(CATEGORY_LABELS)
        self.descriptions = pa.array(descriptions()[0]) if with_description else None
        self.card_names = pa.array(_CARD_NAMES)
        self.writer = None
        self.stream = None

    def _schema(self, k):
        pa = require_pyarrow()
        if self.carried is not None:
            fields = list(self.carried)
            if self.fmt != "parquet":  # CSV has no lists: a list cell is written '0 5 10 ..'
                fields = [pa.field(f.name, pa.string()) if _is_list(f.type) else f
                          for f in fields]
        else:  # .npy input: the cards become text columns card1..cardk
            fields = [pa.field(f"card{j + 1}", pa.dictionary(pa.int8(), pa.string()))
                      for j in range(k)]
            self.card_columns = {f.name for f in fields}
        fields.append(pa.field("rank", pa.uint16()))
        fields.append(pa.field("category", pa.dictionary(pa.int8(), pa.string())))
        if self.with_description:
            fields.append(pa.field("description", pa.dictionary(pa.int16(), pa.string())))
        return pa.schema(fields)

    def _open(self, k):
        pa = require_pyarrow()
        self.schema = self._schema(k)
        if self.fmt == "parquet":
            import pyarrow.parquet as pq

            # Min/max statistics of card text cost half the write time and say nothing
            # ('2c'..'Ts'); rank, category and the other columns keep theirs.
            stats = [f.name for f in self.schema if f.name not in self.card_columns]
            self.writer = pq.ParquetWriter(str(self.path), self.schema, write_statistics=stats)
            return
        import pyarrow.csv as pcsv
        codec = self.final.suffix.lower()
        if codec in COMPRESSED:
            self.stream = pa.CompressedOutputStream(str(self.path), {
                ".gz": "gzip", ".bz2": "bz2", ".zst": "zstd", ".lz4": "lz4"}[codec])
        else:
            self.stream = pa.OSFile(str(self.path), "wb")
        self.writer = pcsv.CSVWriter(self.stream, self.schema)

    def write(self, chunk: Chunk, ranks: np.ndarray, keep: np.ndarray | None):
        pa = require_pyarrow()
        if self.writer is None:
            self._open(chunk.cards.shape[1])
        if chunk.columns is not None:
            columns = chunk.columns
            if keep is not None:
                columns = columns.filter(pa.array(keep))
            arrays = [_list_as_text(a) if self.fmt != "parquet" and _is_list(a.type) else a
                      for a in columns.columns]
        else:
            cards = chunk.cards if keep is None else chunk.cards[keep]
            arrays = [pa.DictionaryArray.from_arrays(pa.array(cards[:, j].view(np.int8)),
                                                     self.card_names)
                      for j in range(cards.shape[1])]
        if keep is not None:
            ranks = ranks[keep]
        arrays.append(pa.array(ranks))
        arrays.append(pa.DictionaryArray.from_arrays(
            pa.array((category(ranks) - 1).view(np.int8)), self.categories))
        if self.with_description:
            arrays.append(pa.DictionaryArray.from_arrays(
                pa.array(descriptions()[1][ranks]), self.descriptions))
        self.writer.write_batch(pa.record_batch(arrays, schema=self.schema))

    def close(self):
        if self.writer is None:
            self._open(self.k or 7)
        self.writer.close()
        if self.stream is not None:
            self.stream.close()

    def abort(self):
        for obj in (self.writer, self.stream):
            try:
                if obj is not None:
                    obj.close()
            except Exception:
                pass


def _is_list(t) -> bool:
    pa = require_pyarrow()
    return pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t)


def _list_as_text(array):
    """A list column as text for CSV: '0 5 10 15 20 25 30' (a null list: empty)."""
    pa = require_pyarrow()
    return pa.array(["" if v is None else " ".join("" if x is None else str(x) for x in v)
                     for v in array.to_pylist()], type=pa.string())


class NpyWriter:
    """A structured .npy array (cards (k,) uint8, rank uint16, category uint8), streamed.

    The row count is unknown until the end, so a fixed-size header is written first and
    rewritten with the real shape on close (the format allows space padding before '\\n').
    """
    HEADER_BYTES = 256  # a multiple of 64, as numpy aligns headers

    def __init__(self, path: Path, k: int | None):
        self.path, self.k, self.f, self.rows = path, k, None, 0

    def _open(self, k):
        self.dtype = np.dtype([("cards", np.uint8, (k,)), ("rank", "<u2"), ("category", "u1")])
        self.f = open(self.path, "wb")
        self.f.write(self._header(0))

    def _header(self, n) -> bytes:
        text = (f"{{'descr': {np.lib.format.dtype_to_descr(self.dtype)!r}, "
                f"'fortran_order': False, 'shape': ({n},), }}")
        pad = self.HEADER_BYTES - 10 - len(text) - 1
        return b"\x93NUMPY\x01\x00" + np.uint16(self.HEADER_BYTES - 10).tobytes() \
            + text.encode("latin1") + b" " * pad + b"\n"

    def write(self, chunk, ranks, keep):
        if self.f is None:
            self._open(chunk.cards.shape[1])
        cards = chunk.cards if keep is None else chunk.cards[keep]
        ranks = ranks if keep is None else ranks[keep]
        out = np.empty(len(ranks), dtype=self.dtype)
        out["cards"] = cards
        out["rank"] = ranks
        out["category"] = category(ranks)
        out.tofile(self.f)
        self.rows += len(ranks)

    def close(self):
        if self.f is None:
            self._open(self.k or 7)
        self.f.seek(0)
        self.f.write(self._header(self.rows))
        self.f.close()

    def abort(self):
        if self.f is not None:
            self.f.close()


class Reporter:
    """The side file of --on-error report: row, line (CSV input), reason; in row order."""

    def __init__(self, path: Path, with_lines: bool):
        self.path = path
        self.with_lines = with_lines
        self.f = open(path, "w", newline="", encoding="utf-8")
        self.out = csv.writer(self.f)
        self.out.writerow(["row", "line", "reason"] if with_lines else ["row", "reason"])

    def write(self, row, line, reason):
        self.out.writerow([row, line, reason] if self.with_lines else [row, reason])

    def close(self):
        self.f.close()


def temp_name(path: Path) -> Path:
    """A hidden name next to the target: the rename at the end stays on one file system."""
    return path.with_name(f".{path.name}.{os.getpid()}.partial")
