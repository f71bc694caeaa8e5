"""Readers: an input file (.npy, Parquet, CSV, UCI Poker Hand) as a stream of chunks.

Each reader yields Chunk objects of at most chunk_rows rows: the columns carried to the
output, the (m, k) card ids, the reasons of rows found bad while parsing, and the rows' numbers
in the file, so that messages name the row (and, for CSV, the line) of a bad hand. Which
columns hold the cards is sniffed from a sample of rows (choose_columns) unless named.
"""
from __future__ import annotations

import csv
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..core.cards import N_CARDS, parse_cards
from ._common import BAD, MAX_CSV_BLOCK, UCI_NAMES, UCI_SUIT, require_pyarrow
from .text import cards_from_columns


@dataclass
class Chunk:
    columns: object                 # Arrow RecordBatch carried to the output, or None (.npy)
    cards: np.ndarray               # (m, k) uint8, rows found bad while parsing hold BAD
    reasons: dict                   # local row -> reason found while parsing
    first_row: int                  # global number of local row 0 ...
    rows: np.ndarray | None = None  # ... or every row's number, when lines were dropped
    dropped: list = field(default_factory=list)  # (row, reason) of malformed lines in range
    classes: np.ndarray | None = None  # UCI class of each row

    def row(self, i: int) -> int:
        return int(self.rows[i]) if self.rows is not None else self.first_row + int(i)


def _sample_kind(value) -> str | None:
    """'card', 'hand', 'id' or 'list': what one sampled cell looks like."""
    if value is None or isinstance(value, (bool, float)):
        return None
    if isinstance(value, (list, tuple)):
        return "list" if 5 <= len(value) <= 7 else None
    if isinstance(value, int):
        return "id" if 0 <= value < N_CARDS else None
    t = str(value).strip()
    if t.isdigit():
        return "id" if int(t) < N_CARDS else None
    try:
        n = len(parse_cards(t, allow_duplicates=True))
    except (ValueError, TypeError):
        return None
    return "card" if n == 1 else "hand" if 5 <= n <= 7 else None


def _column_kinds(names, samples) -> dict:
    """Each column's majority kind over the sampled rows (None if fewer than half agree)."""
    kinds = {}
    for j, name in enumerate(names):
        values = [row[j] for row in samples if j < len(row) and row[j] not in (None, "")]
        votes = Counter(_sample_kind(v) for v in values)
        kind, count = votes.most_common(1)[0] if votes else (None, 0)
        kinds[name] = kind if kind is not None and 2 * count >= len(values) else None
    return kinds


def choose_columns(names, kinds: dict, requested=None) -> list[str]:
    """The card columns: the requested ones, else 5-7 card columns, one hand column or 5-7 id
    columns (integers 0..51). Anything else is ambiguous and must be named."""
    names = list(names)
    if requested:
        chosen = []
        for token in requested:
            token = str(token).strip()
            if token in names:
                chosen.append(token)
            elif token.isdigit() and 1 <= int(token) <= len(names):
                chosen.append(names[int(token) - 1])  # 1-based column numbers, as `cut -f`
            else:
                raise ValueError(f"no column {token!r}; the columns are {', '.join(names)}")
        if len(chosen) != 1 and not 5 <= len(chosen) <= 7:
            raise ValueError(f"--columns takes one column holding whole hands or 5 to 7 "
                             f"columns of one card each, not {len(chosen)}")
        return chosen
    cards = [n for n in names if kinds.get(n) == "card"]
    hands = [n for n in names if kinds.get(n) in ("hand", "list")]
    ids = [n for n in names if kinds.get(n) == "id"]
    if 5 <= len(cards) <= 7:
        return cards
    if not cards and len(hands) == 1:
        return hands
    if not cards and not hands and 5 <= len(ids) <= 7:
        return ids
    found = "; ".join(f"{what}: {', '.join(cols)}" for what, cols in
                      (("card columns", cards), ("hand columns", hands), ("id columns", ids))
                      if cols) or "no column looks like cards"
    raise ValueError(f"cannot tell which columns hold the cards ({found}); name them with "
                     f"--columns (one hand column, or 5 to 7 card columns)")


class NpyReader:
    """(N, k) integer arrays (or structured arrays with a 'cards' field), read chunk by chunk."""
    lines = False
    columns = None

    def __init__(self, path: Path, chunk_rows: int):
        self.path, self.chunk_rows = path, chunk_rows
        try:
            with open(path, "rb") as f:
                version = np.lib.format.read_magic(f)
                read_header = {(1, 0): np.lib.format.read_array_header_1_0,
                               (2, 0): np.lib.format.read_array_header_2_0}.get(version)
                if read_header is None:
                    raise ValueError(f"unsupported .npy version {version}")
                shape, self.fortran, self.dtype = read_header(f)
                self.offset = f.tell()
        except (ValueError, OSError) as exc:
            raise ValueError(f"{path}: not a readable .npy file ({exc})") from None
        dtype = self.dtype
        if dtype.names is not None:
            if "cards" not in dtype.names or len(dtype["cards"].shape) != 1 \
                    or len(shape) != 1:
                raise ValueError(f"{path}: a structured .npy array needs a 'cards' field of "
                                 f"5-7 ids per row (like eval-file's .npy output), got {dtype}")
            self.k = dtype["cards"].shape[0]
            base = dtype["cards"].base
        else:
            if len(shape) != 2:
                raise ValueError(f"{path}: expected an (N, k) array of card ids, got shape "
                                 f"{shape}")
            self.k = shape[1]
            base = dtype
        if base.kind not in "iu":
            raise TypeError(f"{path}: card ids must be integers, not {dtype}")
        if not 5 <= self.k <= 7:
            raise ValueError(f"{path}: a row holds 5, 6 or 7 cards, not {self.k} (shape "
                             f"{shape})")
        self.total = shape[0]
        size = os.path.getsize(path)
        if self.offset + self.total * dtype.itemsize * (1 if dtype.names else self.k) > size:
            raise ValueError(f"{path}: truncated: the header promises {self.total:,} rows")
        self.base = base

    def __iter__(self):
        if self.fortran:  # rows are not contiguous on disk; a memory map reads them anyway
            array = np.load(self.path, mmap_mode="r")
            for start in range(0, self.total, self.chunk_rows):
                yield self._chunk(np.array(array[start:start + self.chunk_rows]), start)
            return
        with open(self.path, "rb") as f:
            f.seek(self.offset)
            for start in range(0, self.total, self.chunk_rows):
                m = min(self.chunk_rows, self.total - start)
                count = m if self.dtype.names else m * self.k
                block = np.fromfile(f, dtype=self.dtype, count=count)
                if len(block) != count:
                    raise ValueError(f"{self.path}: truncated at row {start + len(block)}")
                yield self._chunk(block, start)

    def _chunk(self, block, start):
        cards = block["cards"] if self.dtype.names else block.reshape(-1, self.k)
        reasons = {}
        if self.base != np.uint8:
            out = (cards < 0) | (cards >= N_CARDS)
            for i in np.flatnonzero(out.any(axis=1)):
                reasons[int(i)] = f"card id {int(cards[i][out[i]][0])} is outside 0..51"
            cards = np.where(out, BAD, cards)
        return Chunk(None, np.ascontiguousarray(cards, dtype=np.uint8), reasons, start)


class ParquetReader:
    lines = False

    def __init__(self, path: Path, chunk_rows: int, requested):
        pa = require_pyarrow()
        import pyarrow.parquet as pq
        try:
            self.file = pq.ParquetFile(path)
        except (pa.ArrowException, OSError) as exc:
            raise ValueError(f"{path}: not a readable Parquet file ({exc})") from None
        self.path, self.chunk_rows = path, chunk_rows
        self.total = self.file.metadata.num_rows
        self.columns = self.file.schema_arrow
        names = self.columns.names
        sample = next(self.file.iter_batches(batch_size=100), None)
        samples = list(zip(*[c.to_pylist() for c in sample.columns], strict=False)) if sample else []
        kinds = _column_kinds(names, samples)
        for name in names:  # the type says it when the values cannot
            t = self.columns.field(name).type
            if pa.types.is_integer(t):
                kinds[name] = "id"
            elif pa.types.is_list(t) or pa.types.is_large_list(t) \
                    or pa.types.is_fixed_size_list(t):
                kinds[name] = "list"
        self.card_columns = choose_columns(names, kinds, requested)
        self.k = None
        text = [n for n in self.card_columns if len(self.card_columns) > 1
                and (pa.types.is_string(self.columns.field(n).type)
                     or pa.types.is_large_string(self.columns.field(n).type))]
        if text:
            # Parquet stores such columns dictionary-encoded; reading them as dictionaries
            # parses the ~52 distinct cells of a row group instead of every cell, and the
            # writer takes them back without hashing every string again.
            self.file = pq.ParquetFile(path, read_dictionary=text)
            self.columns = self.file.schema_arrow

    def __iter__(self):
        start = 0
        for batch in self.file.iter_batches(batch_size=self.chunk_rows):
            arrays = [batch.column(n) for n in self.card_columns]
            cards, reasons, self.k = cards_from_columns(arrays, self.card_columns, self.k)
            yield Chunk(batch, cards, reasons, start)
            start += batch.num_rows


def _is_index_header(cells) -> bool:
    """A header of column numbers, as pandas writes for unnamed columns: '0,1,2,3,4,5,6' (or
    from 1, or after an empty index cell). Such a line also reads as ids 2c 2d 2h 2s 3c 3d 3h,
    a valid hand, so it is decided here explicitly, and the summary says so."""
    cells = [c.strip() for c in cells]
    if cells and cells[0] == "" and len(cells) > 1:
        cells = cells[1:]
    if not cells or not all(c.isdigit() for c in cells):
        return False
    numbers = [int(c) for c in cells]
    return numbers in (list(range(len(cells))), list(range(1, len(cells) + 1)))


class CsvReader:
    """CSV through pyarrow's streaming reader, every column read as text.

    Text keeps the input columns byte for byte in CSV output. newlines_in_values=False and
    ignore_empty_lines=False make data row r exactly line r + 1 + header (an empty line is a
    row of empty cells, hence a bad row, not a silently skipped one), and the single-threaded
    reader reports the line of each malformed row, which is turned into a row number.
    """
    lines = True

    def __init__(self, path: Path, chunk_rows: int, requested, header="auto",
                 delimiter=None, names=None):
        self.path, self.chunk_rows = path, chunk_rows
        text = self._head(path)
        first = text.splitlines()[0] if text.strip() else ""
        if not first and names is None:
            raise ValueError(f"{path}: the file is empty")
        self.delimiter = delimiter or self._sniff_delimiter(first)
        if len(self.delimiter) != 1:
            raise ValueError(f"the delimiter is one character, not {self.delimiter!r}")
        lines = text.splitlines()
        if len(text) >= self._HEAD_BYTES:
            lines = lines[:-1]  # the last line may be cut off
        rows = list(csv.reader(lines[:101], delimiter=self.delimiter))
        if names is not None:  # a fixed layout (UCI)
            self.header = header == "yes"
            self.names = list(names)
        else:
            self.header = self._has_header(rows) if header == "auto" else header == "yes"
            width = len(rows[0]) if rows else 0
            self.names = [c.strip() or f"col{i + 1}" for i, c in enumerate(rows[0])] \
                if self.header else [f"col{i + 1}" for i in range(width)]
            if len(set(self.names)) != len(self.names):
                raise ValueError(f"{path}: repeated column names in the header: {rows[0]}")
        self.header_text = lines[0] if self.header and lines else None
        self.header_detected = header == "auto" and names is None
        samples = rows[1:] if self.header else rows
        self.bytes_per_row = max(8, len(text.encode()) // max(1, len(lines)))
        if names is None:
            self.card_columns = choose_columns(self.names, _column_kinds(self.names, samples),
                                               requested)
        self.k = None
        self.total = None
        self._dropped: list[tuple[int, str]] = []

    _HEAD_BYTES = 1 << 16

    @classmethod
    def _head(cls, path: Path) -> str:
        pa = require_pyarrow()
        try:
            with pa.input_stream(str(path), compression="detect") as f:
                raw = f.read(cls._HEAD_BYTES)
        except (pa.ArrowException, OSError) as exc:
            raise ValueError(f"{path}: cannot read ({exc})") from None
        return raw.decode("utf-8-sig", errors="replace")

    @staticmethod
    def _sniff_delimiter(line: str) -> str:
        # A hand column may hold spaces and commas ('As Kd'), so the delimiter is a tab, ';' or
        # '|' only when the line has more of it than commas.
        counts = {d: line.count(d) for d in (",", "\t", ";", "|")}
        best = max(counts, key=lambda d: (counts[d], d == ","))
        return best if counts[best] > 0 else ","

    @staticmethod
    def _has_header(rows) -> bool:
        """A first line is a header if no cell, and no word of a cell, looks like card data.

        Looking at words too keeps a damaged first hand ('Xx Kd Qh Js 9c') a data row (a bad
        one, reported) rather than a header; the summary names any header it skipped.
        """
        if not rows:
            return False
        if _is_index_header(rows[0]):
            return True
        for cell in rows[0]:
            words = [w for w in re.split(r"[\s,;]+", cell) if w]
            if _sample_kind(cell) is not None or any(_sample_kind(w) for w in words):
                return False
        return True

    @property
    def line_offset(self) -> int:
        return 1 + int(self.header)

    def _on_invalid(self, row) -> str:
        text = row.text if len(row.text) <= 60 else row.text[:57] + "..."
        # The single-threaded reader always knows the line (counted from the top of the file,
        # also after a restart past a long line); -1 would only mean "unknown".
        number = row.number if row.number is not None else self.line_offset - 1
        self._dropped.append((number - self.line_offset,
                              f"expected {row.expected_columns} fields, got "
                              f"{row.actual_columns}: {text!r}"))
        return "skip"

    def _reader(self, skip_lines: int = 0, block: int | None = None):
        pa = require_pyarrow()
        import pyarrow.csv as pcsv

        # pyarrow's streaming reader reads up to 32 blocks ahead in the background, so the
        # block size, not chunk_rows, sets the reader's memory: at most 1 MiB per block
        # (more only after a line longer than that, see __iter__).
        if block is None:
            block = int(min(max(self.chunk_rows * self.bytes_per_row, 1 << 16), MAX_CSV_BLOCK))
        try:
            return pcsv.open_csv(
                str(self.path),
                read_options=pcsv.ReadOptions(column_names=self.names,
                                              skip_rows=int(self.header) + skip_lines,
                                              block_size=block, use_threads=False),
                parse_options=pcsv.ParseOptions(delimiter=self.delimiter,
                                                newlines_in_values=False,
                                                ignore_empty_lines=False,
                                                invalid_row_handler=self._on_invalid),
                convert_options=pcsv.ConvertOptions(
                    column_types={n: pa.string() for n in self.names},
                    strings_can_be_null=False, quoted_strings_can_be_null=False))
        except pa.ArrowException as exc:
            raise ValueError(f"{self.path}: {exc}") from None

    @property
    def columns(self):
        pa = require_pyarrow()
        return pa.schema([(n, pa.string()) for n in self.names])

    # A line longer than a block stops pyarrow's reader ("straddles two block boundaries"):
    # reading resumes at that line with blocks 4x larger, up to this size, so one long line
    # is one (bad) row, not a lost file.
    MAX_LONG_LINE_BLOCK = 1 << 30

    def __iter__(self):
        pa = require_pyarrow()
        reader = self._reader()
        block = None
        next_row = 0
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                break
            except pa.ArrowException as exc:
                block = 4 * (block or MAX_CSV_BLOCK)
                if "straddl" not in str(exc) or block > self.MAX_LONG_LINE_BLOCK:
                    raise ValueError(f"{self.path}: after row {next_row}: {exc}") from None
                # Lines past next_row that the old reader dropped are reported again.
                self._dropped = [d for d in self._dropped if d[0] < next_row]
                reader = self._reader(next_row, block)
                continue
            m = batch.num_rows
            # Malformed lines were dropped by the reader: give the rows it returned their
            # numbers by skipping the dropped ones (the handler ran before the batch came out).
            self._dropped.sort()
            end, dropped = next_row + m, []
            while self._dropped and self._dropped[0][0] < end:
                dropped.append(self._dropped.pop(0))
                end += 1
            rows = None
            if dropped:
                rows = np.setdiff1d(np.arange(next_row, end), [r for r, _ in dropped])
            chunk = self._parse(batch, next_row)
            chunk.rows, chunk.dropped = rows, dropped
            yield chunk
            next_row = end
        if self._dropped:  # malformed lines at the very end
            yield Chunk(None, np.zeros((0, self.k or 7), np.uint8), {}, next_row,
                         dropped=sorted(self._dropped))

    def _parse(self, batch, first_row):
        arrays = [batch.column(n) for n in self.card_columns]
        cards, reasons, self.k = cards_from_columns(arrays, self.card_columns, self.k)
        return Chunk(batch, cards, reasons, first_row)


class UciReader(CsvReader):
    """UCI Poker Hand: S1,C1,...,S5,C5,CLASS, no header; suits 1-4 = h s d c, ranks 1-13 = A-K."""

    def __init__(self, path: Path, chunk_rows: int):
        super().__init__(path, chunk_rows, None, header="no", delimiter=",", names=UCI_NAMES)
        self.k = 5

    @property
    def columns(self):
        pa = require_pyarrow()
        return pa.schema([(n, pa.int8()) for n in self.names])

    def _parse(self, batch, first_row):
        pa = require_pyarrow()
        import pyarrow.compute as pc
        n = batch.num_rows
        values = np.zeros((n, 11), dtype=np.int64)
        reasons: dict[int, str] = {}
        for j, name in enumerate(self.names):
            col = batch.column(j)
            try:
                values[:, j] = pc.cast(col, pa.int64()).to_numpy(zero_copy_only=False)
            except pa.ArrowException:  # a cell that is not an integer: find it
                for i, text in enumerate(col.to_pylist()):
                    try:
                        values[i, j] = int(text)
                    except ValueError:
                        values[i, j] = -1
                        reasons.setdefault(i, f"column {name}: {text!r} is not an integer")
        suits, ranks, classes = values[:, 0:10:2], values[:, 1:10:2], values[:, 10]
        bad_suit = (suits < 1) | (suits > 4)
        bad_rank = (ranks < 1) | (ranks > 13)
        bad_class = (classes < 0) | (classes > 9)
        for i in np.flatnonzero(bad_suit.any(axis=1) | bad_rank.any(axis=1) | bad_class):
            if int(i) in reasons:
                continue
            if bad_suit[i].any():
                j = int(np.argmax(bad_suit[i]))
                reasons[int(i)] = f"column S{j + 1}: suit {suits[i, j]} is outside 1..4"
            elif bad_rank[i].any():
                j = int(np.argmax(bad_rank[i]))
                reasons[int(i)] = f"column C{j + 1}: rank {ranks[i, j]} is outside 1..13"
            else:
                reasons[int(i)] = f"column CLASS: class {classes[i]} is outside 0..9"
        cards = 4 * ((np.clip(ranks, 1, 13) - 2) % 13) + UCI_SUIT[np.clip(suits, 0, 4)]
        cards = np.where(bad_suit | bad_rank, BAD, cards).astype(np.uint8)
        if reasons:
            cards[list(reasons)] = BAD
        columns = pa.record_batch([pa.array(np.clip(values[:, j], -128, 127).astype(np.int8))
                                   for j in range(11)], names=self.names)
        return Chunk(columns, cards, reasons, first_row,
                      classes=np.clip(classes, 0, 9).astype(np.uint8))
