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
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Literal

import numpy as np
import numpy.typing as npt

from ..core.cards import N_CARDS, RANK_CHARS, SUIT_CHARS
from ..core.evaluate import category, describe
from ..core.types import BoolArray, RankArray
from ._common import CATEGORY_LABELS, COMPRESSED, require_pyarrow

if TYPE_CHECKING:
    import pyarrow as pa

    from .readers import Chunk

__all__ = ["ArrowWriter", "NpyWriter", "Reporter", "descriptions", "temp_name"]


@lru_cache(maxsize=1)
def descriptions() -> tuple[list[str], npt.NDArray[np.int16]]:
    """The distinct descriptions in rank order, and each rank's index among them.

    Many ranks share a description ('Pair, aces' whatever the kickers), and dictionary
    columns (Arrow, Parquet, pandas categoricals) need distinct values. Computed once.

    Returns
    -------
    labels : list of str
        The distinct descriptions (``pk.describe``), in the order of their lowest rank.
    codes : numpy.ndarray of int16, shape (7463,)
        ``labels[codes[r]]`` describes rank r (1..7462; ``codes[0]`` is 0).

    Examples
    --------
    >>> from pokerkeys.io.writers import descriptions
    >>> labels, codes = descriptions()
    >>> len(labels), labels[codes[7462]], labels[codes[1]]
    (309, 'Royal flush', 'High card, seven')
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
    so no string is built per row. Without carried columns (``.npy`` input) the cards are
    written first, as text columns card1..cardk. List columns are written to CSV as ids
    separated by spaces. The file is opened on the first ``write``.

    Parameters
    ----------
    fmt : {'csv', 'parquet'}
        The output format.
    path : pathlib.Path
        Where to write (the temporary name, see ``temp_name``).
    final : pathlib.Path
        The output's real name; its suffix chooses a CSV compression (.gz, .bz2, .zst, .lz4).
    carried : pyarrow.Schema or None
        The input's columns, written before rank and category; None: write the cards.
    k : int or None
        Cards per hand, for an output without any row.
    with_description : bool
        Add a description column ('Pair, aces').
    card_columns : iterable of str, default ()
        Columns holding cards: Parquet keeps no min/max statistics of them.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import numpy as np
    >>> from pokerkeys.io.ranking import rank_rows
    >>> from pokerkeys.io.readers import Chunk
    >>> from pokerkeys.io.writers import ArrowWriter
    >>> chunk = Chunk(None, np.array([[51, 47, 43, 39, 35]], dtype=np.uint8), {}, 0)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "ranked.csv"
    ...     writer = ArrowWriter("csv", path, path, None, 5, with_description=True)
    ...     writer.write(chunk, rank_rows(chunk.cards), keep=None)
    ...     writer.close()
    ...     print(path.read_text(), end="")
    "card1","card2","card3","card4","card5","rank","category","description"
    "As","Ks","Qs","Js","Ts",7462,"Straight flush","Royal flush"
    """

    writer: pa.RecordBatchWriter | None  # opened by the first write
    stream: pa.NativeFile | None  # the CSV file under the writer

    def __init__(self, fmt: Literal["csv", "parquet"], path: Path, final: Path,
                 carried: pa.Schema | None, k: int | None, with_description: bool,
                 card_columns: Iterable[str] = ()) -> None:
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

    def _schema(self, k: int) -> pa.Schema:
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

    def _open(self, k: int) -> pa.RecordBatchWriter:
        """Open the file for hands of k cards; the writer (also kept in self.writer)."""
        pa = require_pyarrow()
        self.schema = self._schema(k)
        if self.fmt == "parquet":
            import pyarrow.parquet as pq

            # Min/max statistics of card text cost half the write time and say nothing
            # ('2c'..'Ts'); rank, category and the other columns keep theirs.
            stats = [f.name for f in self.schema if f.name not in self.card_columns]
            self.writer = pq.ParquetWriter(str(self.path), self.schema, write_statistics=stats)
            return self.writer
        import pyarrow.csv as pcsv
        codec = self.final.suffix.lower()
        if codec in COMPRESSED:
            self.stream = pa.CompressedOutputStream(str(self.path), {
                ".gz": "gzip", ".bz2": "bz2", ".zst": "zstd", ".lz4": "lz4"}[codec])
        else:
            self.stream = pa.OSFile(str(self.path), "wb")
        self.writer = pcsv.CSVWriter(self.stream, self.schema)
        return self.writer

    def write(self, chunk: Chunk, ranks: RankArray, keep: BoolArray | None) -> None:
        """Write a chunk's rows with their ranks and categories.

        Parameters
        ----------
        chunk : Chunk
            The rows, as a reader gave them.
        ranks : numpy.ndarray of uint16, shape (m,)
            Each row's rank (see ``rank_rows``).
        keep : numpy.ndarray of bool, shape (m,), or None
            The rows to write (the bad rows left out); None: every row.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> import numpy as np
        >>> from pokerkeys.io.readers import Chunk
        >>> from pokerkeys.io.writers import ArrowWriter
        >>> cards = np.array([[51, 47, 43, 39, 35], [0, 0, 1, 2, 3]], dtype=np.uint8)
        >>> ranks = np.array([7462, 0], dtype=np.uint16)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "ranked.csv"
        ...     writer = ArrowWriter("csv", path, path, None, 5, with_description=False)
        ...     writer.write(Chunk(None, cards, {}, 0), ranks, keep=ranks != 0)
        ...     writer.close()
        ...     print(path.read_text(), end="")
        "card1","card2","card3","card4","card5","rank","category"
        "As","Ks","Qs","Js","Ts",7462,"Straight flush"
        """
        pa = require_pyarrow()
        writer = self.writer if self.writer is not None else self._open(chunk.cards.shape[1])
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
        writer.write_batch(pa.record_batch(arrays, schema=self.schema))

    def close(self) -> None:
        """Finish the file (one with a header and no row if nothing was written).

        Examples
        --------
        >>> import pathlib, tempfile
        >>> from pokerkeys.io.writers import ArrowWriter
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "ranked.csv"
        ...     ArrowWriter("csv", path, path, None, 5, with_description=False).close()
        ...     print(path.read_text(), end="")
        "card1","card2","card3","card4","card5","rank","category"
        """
        writer = self.writer if self.writer is not None else self._open(self.k or 7)
        writer.close()
        if self.stream is not None:
            self.stream.close()

    def abort(self) -> None:
        """Close the file after a failure, ignoring errors; the caller deletes it.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> from pokerkeys.io.writers import ArrowWriter
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "ranked.parquet"
        ...     ArrowWriter("parquet", path, path, None, 5, with_description=False).abort()
        ...     path.exists()  # never opened
        False
        """
        for obj in (self.writer, self.stream):
            try:
                if obj is not None:
                    obj.close()
            except Exception:
                pass


def _is_list(t: pa.DataType) -> bool:
    pa = require_pyarrow()
    return pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t)


def _list_as_text(array: pa.Array) -> pa.Array:
    """A list column as text for CSV: '0 5 10 15 20 25 30' (a null list: empty)."""
    pa = require_pyarrow()
    return pa.array(["" if v is None else " ".join("" if x is None else str(x) for x in v)
                     for v in array.to_pylist()], type=pa.string())


class NpyWriter:
    """A structured .npy array (cards (k,) uint8, rank uint16, category uint8), streamed.

    The row count is unknown until the end, so a fixed-size header is written first and
    rewritten with the real shape on close (the format allows space padding before '\\n').
    The file is opened on the first ``write``.

    Parameters
    ----------
    path : pathlib.Path
        Where to write (the temporary name, see ``temp_name``).
    k : int or None
        Cards per hand, for an output without any row.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import numpy as np
    >>> from pokerkeys.io.readers import Chunk
    >>> from pokerkeys.io.writers import NpyWriter
    >>> cards = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "ranked.npy"
    ...     writer = NpyWriter(path, 5)
    ...     writer.write(Chunk(None, cards, {}, 0), np.array([7462], np.uint16), keep=None)
    ...     writer.close()
    ...     array = np.load(path)
    >>> array["cards"].tolist(), array["rank"].tolist(), array["category"].tolist()
    ([[51, 47, 43, 39, 35]], [7462], [9])
    """
    HEADER_BYTES = 256  # a multiple of 64, as numpy aligns headers

    def __init__(self, path: Path, k: int | None) -> None:
        self.path, self.k, self.rows = path, k, 0
        self.f: BinaryIO | None = None

    def _open(self, k: int) -> BinaryIO:
        """Open the file for hands of k cards, with a header for 0 rows; the file object."""
        self.dtype = np.dtype([("cards", np.uint8, (k,)), ("rank", "<u2"), ("category", "u1")])
        # The file stays open across write() calls; close() or abort() closes it.
        self.f = open(self.path, "wb")  # noqa: SIM115
        self.f.write(self._header(0))
        return self.f

    def _header(self, n: int) -> bytes:
        text = (f"{{'descr': {np.lib.format.dtype_to_descr(self.dtype)!r}, "
                f"'fortran_order': False, 'shape': ({n},), }}")
        pad = self.HEADER_BYTES - 10 - len(text) - 1
        return b"\x93NUMPY\x01\x00" + np.uint16(self.HEADER_BYTES - 10).tobytes() \
            + text.encode("latin1") + b" " * pad + b"\n"

    def write(self, chunk: Chunk, ranks: RankArray, keep: BoolArray | None) -> None:
        """Append a chunk's rows with their ranks and categories.

        Parameters
        ----------
        chunk : Chunk
            The rows, as a reader gave them.
        ranks : numpy.ndarray of uint16, shape (m,)
            Each row's rank (see ``rank_rows``).
        keep : numpy.ndarray of bool, shape (m,), or None
            The rows to write (the bad rows left out); None: every row.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> import numpy as np
        >>> from pokerkeys.io.readers import Chunk
        >>> from pokerkeys.io.writers import NpyWriter
        >>> cards = np.array([[51, 47, 43, 39, 35], [0, 0, 1, 2, 3]], dtype=np.uint8)
        >>> ranks = np.array([7462, 0], dtype=np.uint16)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "ranked.npy"
        ...     writer = NpyWriter(path, 5)
        ...     writer.write(Chunk(None, cards, {}, 0), ranks, keep=ranks != 0)
        ...     writer.close()
        ...     len(np.load(path))
        1
        """
        f = self.f if self.f is not None else self._open(chunk.cards.shape[1])
        cards = chunk.cards if keep is None else chunk.cards[keep]
        ranks = ranks if keep is None else ranks[keep]
        out = np.empty(len(ranks), dtype=self.dtype)
        out["cards"] = cards
        out["rank"] = ranks
        out["category"] = category(ranks)
        out.tofile(f)
        self.rows += len(ranks)

    def close(self) -> None:
        """Write the header with the real row count and close the file.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> import numpy as np
        >>> from pokerkeys.io.writers import NpyWriter
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "ranked.npy"
        ...     NpyWriter(path, 7).close()  # no row: an empty array of 7-card rows
        ...     np.load(path).dtype["cards"].shape
        (7,)
        """
        f = self.f if self.f is not None else self._open(self.k or 7)
        f.seek(0)
        f.write(self._header(self.rows))
        f.close()

    def abort(self) -> None:
        """Close the file after a failure; the caller deletes it.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> from pokerkeys.io.writers import NpyWriter
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "ranked.npy"
        ...     NpyWriter(path, 5).abort()
        ...     path.exists()  # never opened
        False
        """
        if self.f is not None:
            self.f.close()


class Reporter:
    """The side file of ``on_error="report"``: row, line (CSV input), reason; in row order.

    The file is created, with its header line, at once.

    Parameters
    ----------
    path : pathlib.Path
        Where to write (the temporary name, see ``temp_name``).
    with_lines : bool
        Add a ``line`` column (the input is a text file whose rows are lines).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from pokerkeys.io.writers import Reporter
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "ranked.csv.errors.csv"
    ...     reporter = Reporter(path, with_lines=True)
    ...     reporter.write(3, 5, "duplicate card 2c in 2c 2c 2d 2h 2s")
    ...     reporter.close()
    ...     print(path.read_text(), end="")
    row,line,reason
    3,5,duplicate card 2c in 2c 2c 2d 2h 2s
    """

    def __init__(self, path: Path, with_lines: bool) -> None:
        self.path = path
        self.with_lines = with_lines
        # The file stays open across write() calls; close() closes it.
        self.f = open(path, "w", newline="", encoding="utf-8")  # noqa: SIM115
        self.out = csv.writer(self.f)
        self.out.writerow(["row", "line", "reason"] if with_lines else ["row", "reason"])

    def write(self, row: int, line: int | None, reason: str) -> None:
        """Add one bad row.

        Parameters
        ----------
        row : int
            The row's number in the input, from 0.
        line : int or None
            Its 1-based line (ignored without ``with_lines``).
        reason : str
            Why the row is bad.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> from pokerkeys.io.writers import Reporter
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "errors.csv"
        ...     reporter = Reporter(path, with_lines=False)
        ...     reporter.write(0, None, "card id 60 is outside 0..51")
        ...     reporter.close()
        ...     path.read_text().splitlines()
        ['row,reason', '0,card id 60 is outside 0..51']
        """
        self.out.writerow([row, line, reason] if self.with_lines else [row, reason])

    def close(self) -> None:
        """Close the file.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> from pokerkeys.io.writers import Reporter
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = pathlib.Path(folder) / "errors.csv"
        ...     Reporter(path, with_lines=True).close()
        ...     path.read_text().splitlines()
        ['row,line,reason']
        """
        self.f.close()


def temp_name(path: Path) -> Path:
    """A hidden name next to a file, for writing it before it is complete.

    Next to the target, so that the rename at the end stays on one file system; the process
    id keeps two runs apart.

    Parameters
    ----------
    path : pathlib.Path
        The file's real name.

    Returns
    -------
    pathlib.Path
        ``.<name>.<pid>.partial`` in the same folder.

    Examples
    --------
    >>> import pathlib
    >>> from pokerkeys.io.writers import temp_name
    >>> temp_name(pathlib.Path("out") / "ranked.csv").name  # doctest: +ELLIPSIS
    '.ranked.csv....partial'
    """
    return path.with_name(f".{path.name}.{os.getpid()}.partial")
