"""Readers: an input file (.npy, Parquet, CSV, UCI Poker Hand) as a stream of chunks.

Each reader yields Chunk objects of at most chunk_rows rows: the columns carried to the
output, the (m, k) card ids, the reasons of rows found bad while parsing, and the rows' numbers
in the file, so that messages name the row (and, for CSV, the line) of a bad hand. Which
columns hold the cards is sniffed from a sample of rows (choose_columns) unless named.

Every reader has what ``ChunkReader`` describes; ``evaluate_file`` picks one by the format.
"""
from __future__ import annotations

import csv
import os
import re
import secrets
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from ..core.cards import N_CARDS, parse_cards
from ..core.types import CardArray, IntArray
from ._common import BAD, MAX_CSV_BLOCK, UCI_NAMES, UCI_SUIT, HeaderMode, require_pyarrow
from ._lines import LineCutter
from .text import cards_from_columns

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["Chunk", "ChunkReader", "CsvReader", "NpyReader", "ParquetReader", "UciReader",
           "choose_columns"]


@dataclass
class Chunk:
    """Up to ``chunk_rows`` rows of an input file: their cards, carried columns and numbers.

    Attributes
    ----------
    columns : pyarrow.RecordBatch or None
        The input's columns for these rows, carried to the output (None for ``.npy`` input).
    cards : numpy.ndarray of uint8, shape (m, k)
        Card ids; rows found bad while parsing hold BAD (255).
    reasons : dict of int to str
        Local row (0..m-1) -> why it was found bad while parsing.
    first_row : int
        The file's number (from 0) of local row 0 ...
    rows : numpy.ndarray of int64 or None
        ... or every row's number in the file, when malformed lines were dropped before it.
    dropped : list of (int, str)
        (row, reason) of the malformed lines the reader dropped in this chunk's range.
    classes : numpy.ndarray of uint8 or None
        The UCI class of each row (UCI Poker Hand input only).

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.io.readers import Chunk
    >>> chunk = Chunk(None, np.array([[51, 47, 43, 39, 35]], dtype=np.uint8), {}, first_row=7)
    >>> chunk.row(0)
    7
    """
    columns: pa.RecordBatch | None
    cards: CardArray
    reasons: dict[int, str]
    first_row: int
    rows: IntArray | None = None
    dropped: list[tuple[int, str]] = field(default_factory=list)
    classes: npt.NDArray[np.uint8] | None = None

    def row(self, i: int | np.integer) -> int:
        """The number in the file (from 0) of a local row.

        Parameters
        ----------
        i : int
            The row in this chunk, 0..m-1.

        Returns
        -------
        int
            ``first_row + i``, or ``rows[i]`` when lines were dropped.

        Examples
        --------
        >>> import numpy as np
        >>> from pokerkeys.io.readers import Chunk
        >>> cards = np.zeros((2, 5), dtype=np.uint8)
        >>> Chunk(None, cards, {}, 10, rows=np.array([10, 12])).row(1)
        12
        """
        return int(self.rows[i]) if self.rows is not None else self.first_row + int(i)


class ChunkReader(Protocol):
    """What every reader has: an iterator over the chunks of a file, and what it knows of it.

    Attributes
    ----------
    lines : bool
        True if rows are lines of a text file (CSV, UCI), so messages can name the line.
    k : int or None
        Cards per hand, once known (a CSV hand column's size is known after the first chunk).
    total : int or None
        Rows in the file, when known before reading (``.npy``, Parquet), else None.
    columns : pyarrow.Schema or None
        The input's columns carried to the output (None for ``.npy`` input).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import numpy as np
    >>> from pokerkeys.io.readers import ChunkReader, NpyReader
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "hands.npy"
    ...     np.save(path, np.array([[51, 47, 43, 39, 35]], dtype=np.uint8))
    ...     reader: ChunkReader = NpyReader(path, chunk_rows=1000)
    ...     rows = sum(len(chunk.cards) for chunk in reader)
    >>> reader.lines, reader.k, reader.total, rows
    (False, 5, 1, 1)
    """
    @property
    def lines(self) -> bool: ...

    @property
    def k(self) -> int | None: ...

    @property
    def total(self) -> int | None: ...

    @property
    def columns(self) -> pa.Schema | None: ...

    def __iter__(self) -> Iterator[Chunk]: ...


def _sample_kind(value: object) -> str | None:
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


def _column_kinds(names: Sequence[str],
                  samples: Sequence[Sequence[object]]) -> dict[str, str | None]:
    """Each column's majority kind over the sampled rows (None if fewer than half agree)."""
    kinds: dict[str, str | None] = {}
    for j, name in enumerate(names):
        values = [row[j] for row in samples if j < len(row) and row[j] not in (None, "")]
        votes = Counter(_sample_kind(v) for v in values)
        kind, count = votes.most_common(1)[0] if votes else (None, 0)
        kinds[name] = kind if kind is not None and 2 * count >= len(values) else None
    return kinds


def choose_columns(names: Sequence[str], kinds: dict[str, str | None],
                   requested: Sequence[str | int] | None = None) -> list[str]:
    """Which columns of a file hold the cards.

    The requested ones, else 5-7 card columns, one hand column or 5-7 id columns (integers
    0..51). Anything else is ambiguous and must be named.

    Parameters
    ----------
    names : sequence of str
        The file's column names, in order.
    kinds : dict of str to str or None
        What each column looks like: 'card', 'hand', 'list' (of ids), 'id', or None.
    requested : sequence of str or int, optional
        Column names or 1-based column numbers (as ``cut -f``): one column of whole hands or
        5 to 7 columns of one card each.

    Returns
    -------
    list of str
        The names of the card columns, in order.

    Raises
    ------
    ValueError
        If a requested column does not exist, one or 5-7 columns are not requested, or,
        without a request, the columns do not tell which hold the cards (the message says
        what was found and asks for ``--columns``).

    Examples
    --------
    >>> from pokerkeys.io.readers import choose_columns
    >>> choose_columns(["id", "hand"], {"id": "id", "hand": "hand"})
    ['hand']
    >>> choose_columns(["a", "b", "c", "d", "e", "f"], {}, requested=["2", "c", "d", "e", "f"])
    ['b', 'c', 'd', 'e', 'f']
    """
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
    """A ``.npy`` file of card ids, read chunk by chunk without loading the whole array.

    An (N, k) integer array, or a structured array with a 'cards' field of k ids per row
    (as ``evaluate_file`` writes), k = 5, 6 or 7. Ids outside 0..51 make a row bad.

    Parameters
    ----------
    path : pathlib.Path
        The file.
    chunk_rows : int
        Rows per chunk.

    Raises
    ------
    ValueError
        If the file is not a readable ``.npy`` file, has the wrong shape or fields, has not 5
        to 7 cards a row, or is shorter than its header says.
    TypeError
        If the ids are not integers.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import numpy as np
    >>> from pokerkeys.io.readers import NpyReader
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "hands.npy"
    ...     np.save(path, np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 60]]))
    ...     chunks = list(NpyReader(path, chunk_rows=1))
    >>> [(chunk.first_row, chunk.cards.tolist(), chunk.reasons) for chunk in chunks]
    [(0, [[51, 47, 43, 39, 35]], {}), (1, [[0, 4, 8, 12, 255]], {0: 'card id 60 is outside 0..51'})]
    """
    lines = False
    columns = None

    def __init__(self, path: Path, chunk_rows: int) -> None:
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
            self.k: int = dtype["cards"].shape[0]
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
        self.total: int = shape[0]
        size = os.path.getsize(path)
        if self.offset + self.total * dtype.itemsize * (1 if dtype.names else self.k) > size:
            raise ValueError(f"{path}: truncated: the header promises {self.total:,} rows")
        self.base = base

    def __iter__(self) -> Iterator[Chunk]:
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

    def _chunk(self, block: npt.NDArray[Any], start: int) -> Chunk:
        cards = block["cards"] if self.dtype.names else block.reshape(-1, self.k)
        reasons: dict[int, str] = {}
        if self.base != np.uint8:
            out = (cards < 0) | (cards >= N_CARDS)
            for i in np.flatnonzero(out.any(axis=1)):
                reasons[int(i)] = f"card id {int(cards[i][out[i]][0])} is outside 0..51"
            cards = np.where(out, BAD, cards)
        return Chunk(None, np.ascontiguousarray(cards, dtype=np.uint8), reasons, start)


class ParquetReader:
    """A Parquet file, read one batch of ``chunk_rows`` rows at a time.

    The card columns are the requested ones, else told from the column types and a sample
    of 100 rows (see ``choose_columns``). Text card columns are read as dictionaries: the
    ~52 distinct cells of a row group are parsed instead of every cell.

    Parameters
    ----------
    path : pathlib.Path
        The file.
    chunk_rows : int
        Rows per chunk.
    requested : sequence of str or int, optional
        The card columns (names or 1-based numbers); None: detected.

    Raises
    ------
    ValueError
        If the file is not a readable Parquet file, or the card columns cannot be told or do
        not exist.
    ImportError
        If pyarrow is not installed.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import pyarrow as pa, pyarrow.parquet as pq
    >>> from pokerkeys.io.readers import ParquetReader
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "hands.parquet"
    ...     pq.write_table(pa.table({"hand": ["As Ks Qs Js Ts", "2c 2d 2h 2s 3c"]}), path)
    ...     reader = ParquetReader(path, chunk_rows=1000, requested=None)
    ...     chunks = list(reader)
    >>> reader.card_columns, reader.total, chunks[0].cards.tolist()
    (['hand'], 2, [[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]])
    """
    lines = False

    def __init__(self, path: Path, chunk_rows: int,
                 requested: Sequence[str | int] | None) -> None:
        pa = require_pyarrow()
        import pyarrow.parquet as pq
        try:
            self.file = pq.ParquetFile(path)
        except (pa.ArrowException, OSError) as exc:
            raise ValueError(f"{path}: not a readable Parquet file ({exc})") from None
        self.path, self.chunk_rows = path, chunk_rows
        self.total: int = self.file.metadata.num_rows
        self.columns = self.file.schema_arrow
        names = self.columns.names
        sample = next(self.file.iter_batches(batch_size=100), None)
        samples = list(zip(*[c.to_pylist() for c in sample.columns], strict=False)) \
            if sample else []
        kinds = _column_kinds(names, samples)
        for name in names:  # the type says it when the values cannot
            t = self.columns.field(name).type
            if pa.types.is_integer(t):
                kinds[name] = "id"
            elif pa.types.is_list(t) or pa.types.is_large_list(t) \
                    or pa.types.is_fixed_size_list(t):
                kinds[name] = "list"
        self.card_columns = choose_columns(names, kinds, requested)
        self.k: int | None = None
        text = [n for n in self.card_columns if len(self.card_columns) > 1
                and (pa.types.is_string(self.columns.field(n).type)
                     or pa.types.is_large_string(self.columns.field(n).type))]
        if text:
            # Parquet stores such columns dictionary-encoded; reading them as dictionaries
            # parses the ~52 distinct cells of a row group instead of every cell, and the
            # writer takes them back without hashing every string again.
            self.file = pq.ParquetFile(path, read_dictionary=text)
            self.columns = self.file.schema_arrow

    def __iter__(self) -> Iterator[Chunk]:
        start = 0
        for batch in self.file.iter_batches(batch_size=self.chunk_rows):
            arrays = [batch.column(n) for n in self.card_columns]
            cards, reasons, self.k = cards_from_columns(arrays, self.card_columns, self.k)
            yield Chunk(batch, cards, reasons, start)
            start += batch.num_rows


def _is_index_header(cells: Sequence[str]) -> bool:
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
    """A CSV file through pyarrow's streaming reader, every column read as text.

    Text keeps the input columns byte for byte in CSV output. newlines_in_values=False and
    ignore_empty_lines=False make data row r exactly line r + 1 + header (an empty line is a
    row of empty cells, hence a bad row, not a silently skipped one), and the single-threaded
    reader reports the line of each malformed row, which is turned into a row number.
    Compressed files (.gz, .bz2, .zst, .lz4) are read as they are.

    A line longer than ``MAX_CSV_BLOCK`` (1 MiB) is one bad row, whatever its length: the
    file is fed to pyarrow through a LineCutter, which reads such a line through in 1 MiB
    pieces (never holding it whole) and puts a malformed marker line in its place, so the
    row keeps its number and its reason gives the line's length and start. Every block
    pyarrow gets ends at a line end, so no row straddles two blocks.

    Parameters
    ----------
    path : pathlib.Path
        The file.
    chunk_rows : int
        Rows per chunk (about: the reader's blocks are sized from the first lines).
    requested : sequence of str or int, optional
        The card columns (names or 1-based numbers); None: detected from the first 100 rows.
    header : {'auto', 'yes', 'no'}, default 'auto'
        Whether the first line is a header; 'auto': a first line in which no cell, and no
        word of a cell, looks like card data (or a line of column numbers, as pandas writes).
    delimiter : str, optional
        One character; default: a tab, ';' or '|' when the first line has more of it than
        commas, else a comma.
    names : sequence of str, optional
        A fixed layout: the column names (the card columns are then chosen by the subclass).

    Attributes
    ----------
    names : list of str
        The column names (from the header, else col1, col2, ...).
    card_columns : list of str
        The columns holding the cards.
    header_text : str or None
        The header line skipped, if any.
    header_detected : bool
        True if the header decision was sniffed ('auto'), not given.
    line_offset : int
        The line of data row r is r + line_offset (a property: 1, or 2 after a header).

    Raises
    ------
    ValueError
        If the file cannot be read or is empty, the delimiter is not one character, the
        header repeats a column name, or the card columns cannot be told or do not exist.
    ImportError
        If pyarrow is not installed.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from pokerkeys.io.readers import CsvReader
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "hands.csv"
    ...     _ = path.write_text("id,hand\\n1,As Ks Qs Js Ts\\n2,2c 2d 2h 2s 3c\\n")
    ...     reader = CsvReader(path, chunk_rows=1000, requested=None)
    ...     chunks = list(reader)
    >>> reader.header_text, reader.card_columns, reader.k, reader.line_offset
    ('id,hand', ['hand'], 5, 2)
    >>> chunks[0].cards.tolist()
    [[51, 47, 43, 39, 35], [0, 1, 2, 3, 4]]
    """
    lines = True

    def __init__(self, path: Path, chunk_rows: int, requested: Sequence[str | int] | None,
                 header: HeaderMode = "auto", delimiter: str | None = None,
                 names: Sequence[str] | None = None) -> None:
        self.path, self.chunk_rows = path, chunk_rows
        # Marks the lines cut out for being too long (see LineCutter), unique to this reader.
        self._cut_tag = f"pokerkeys-cut-line-{secrets.token_hex(8)}-"
        text, size = self._head(path)
        every = text.splitlines()
        if not (every[0] if text.strip() else "") and names is None:
            raise ValueError(f"{path}: the file is empty")
        # The head's lines; a line too long to sample (cut out, or over 64 KiB: no hand row
        # is that long, and no header) is None: a row, but no sample.
        head = [None if line.startswith(self._cut_tag) or len(line) > self._HEAD_BYTES
                else line for line in every[:101]]
        lines = [line for line in head if line is not None]
        self.delimiter = delimiter or self._sniff_delimiter(lines[0] if lines else "")
        if len(self.delimiter) != 1:
            raise ValueError(f"the delimiter is one character, not {self.delimiter!r}")
        first_cut = bool(head) and head[0] is None
        if first_cut and header == "yes" and names is None:
            raise ValueError(f"{path}: the first line is too long for a header line (over "
                             f"{self._HEAD_BYTES >> 10} KiB); --no-header reads it as data")
        rows = list(csv.reader(lines, delimiter=self.delimiter))
        if names is not None:  # a fixed layout (UCI)
            self.header = header == "yes"
            self.names = list(names)
        else:
            # A line too long to sample is a data row (a bad one, or an odd one), never a header.
            self.header = not first_cut and (self._has_header(rows) if header == "auto"
                                             else header == "yes")
            # With no line to count them on (every line read so far was too long), one column.
            width = len(rows[0]) if rows else 1
            self.names = [c.strip() or f"col{i + 1}" for i, c in enumerate(rows[0])] \
                if self.header else [f"col{i + 1}" for i in range(width)]
            if len(set(self.names)) != len(self.names):
                raise ValueError(f"{path}: repeated column names in the header: {rows[0]}")
        self.header_text = lines[0] if self.header and lines else None
        self.header_detected = header == "auto" and names is None
        samples = rows[1:] if self.header else rows
        self.bytes_per_row = max(8, size // max(1, len(every)))
        if names is None:
            if not samples and len(head) > self.header and len(self.names) == 1 \
                    and not requested:
                # Every data line sampled was too long: one column, which can only be
                # the hands (each row is then judged on its own).
                self.card_columns = list(self.names)
            else:
                self.card_columns = choose_columns(self.names,
                                                   _column_kinds(self.names, samples),
                                                   requested)
        self.k: int | None = None
        self.total: int | None = None
        self._dropped: list[tuple[int, str]] = []
        self._cutter: LineCutter | None = None

    _HEAD_BYTES = 1 << 16

    def _open(self, block: int, fields: int = 0) -> LineCutter:
        """The file's bytes (decompressed) in blocks of whole lines, each line too long to
        read replaced by a line of this reader's tag, its number, '.', then ``fields``
        delimiters (one field too many for a row of ``fields`` columns: a malformed row)."""
        pa = require_pyarrow()
        try:
            source = pa.input_stream(str(self.path), compression="detect")
        except (pa.ArrowException, OSError) as exc:
            raise ValueError(f"{self.path}: cannot read ({exc})") from None
        extra = self.delimiter * fields if fields else ""
        return LineCutter(source, block, MAX_CSV_BLOCK,
                          lambda n: f"{self._cut_tag}{n}.{extra}".encode())

    def _head(self, path: Path) -> tuple[str, int]:
        """(text, bytes) of the file's first whole lines: 64 KiB or 102 lines of them, or
        all, decoded; a line too long to read is there as a line of the tag."""
        pa = require_pyarrow()
        # Blocks of 1 byte: each read returns the whole lines it has at once (all of a 64 KiB
        # read, or one line after a long one), so a run of long lines is read only so far.
        cutter = self._open(1)
        try:
            raw = b""
            while len(raw) < self._HEAD_BYTES and len(raw.splitlines()) < 102:
                block = cutter.read()
                if not block:
                    break
                raw += block
        except (pa.ArrowException, OSError) as exc:
            raise ValueError(f"{path}: cannot read ({exc})") from None
        finally:
            cutter.close()
        return raw.decode("utf-8-sig", errors="replace"), len(raw)

    @staticmethod
    def _sniff_delimiter(line: str) -> str:
        # A hand column may hold spaces and commas ('As Kd'), so the delimiter is a tab, ';' or
        # '|' only when the line has more of it than commas.
        counts = {d: line.count(d) for d in (",", "\t", ";", "|")}
        best = max(counts, key=lambda d: (counts[d], d == ","))
        return best if counts[best] > 0 else ","

    @staticmethod
    def _has_header(rows: Sequence[Sequence[str]]) -> bool:
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

    def _on_invalid(self, row: pa.csv.InvalidRow) -> str:
        # The single-threaded reader always knows the line (counted from the top of the file);
        # -1 would only mean "unknown".
        number = row.number if row.number is not None else self.line_offset - 1
        if row.text.startswith(self._cut_tag) and self._cutter is not None:
            # A line cut out for being too long (it has one field too many, so it lands here).
            n = int(row.text[len(self._cut_tag):].split(".", 1)[0])
            why = self._cutter.reasons.pop(n, f"line longer than a row may be "
                                              f"({MAX_CSV_BLOCK >> 20} MiB)")
            self._dropped.append((number - self.line_offset, why))
            return "skip"
        text = row.text if len(row.text) <= 60 else row.text[:57] + "..."
        self._dropped.append((number - self.line_offset,
                              f"expected {row.expected_columns} fields, got "
                              f"{row.actual_columns}: {text!r}"))
        return "skip"

    def _reader(self, source: LineCutter) -> pa.csv.CSVStreamingReader:
        pa = require_pyarrow()
        import pyarrow.csv as pcsv

        # What pyarrow asks the cutter for at a time (its blocks are whole lines of about
        # `block` bytes): enough for a line of MAX_CSV_BLOCK bytes, or a marker line, with
        # the line ends around it.
        read_size = MAX_CSV_BLOCK + (1 << 18) + len(self.names)
        try:
            return pcsv.open_csv(
                pa.PythonFile(source, mode="r"),
                read_options=pcsv.ReadOptions(column_names=self.names,
                                              skip_rows=int(self.header),
                                              block_size=read_size, use_threads=False),
                parse_options=pcsv.ParseOptions(delimiter=self.delimiter,
                                                newlines_in_values=False,
                                                ignore_empty_lines=False,
                                                invalid_row_handler=self._on_invalid),
                convert_options=pcsv.ConvertOptions(
                    column_types={n: pa.string() for n in self.names},
                    strings_can_be_null=False, quoted_strings_can_be_null=False))
        except (pa.ArrowException, OSError) as exc:
            raise ValueError(f"{self.path}: {exc}") from None

    @property
    def columns(self) -> pa.Schema:
        """The input's columns, all text."""
        pa = require_pyarrow()
        return pa.schema([(n, pa.string()) for n in self.names])

    def __iter__(self) -> Iterator[Chunk]:
        # pyarrow's streaming reader reads up to 32 blocks ahead in the background, so the
        # block size, not chunk_rows, sets the reader's memory: at most 1 MiB per block (a
        # block holds whole lines, so a line of up to 1 MiB may make one a little larger).
        block = int(min(max(self.chunk_rows * self.bytes_per_row, 1 << 16), MAX_CSV_BLOCK))
        self._cutter = source = self._open(block, len(self.names))
        try:
            yield from self._chunks(self._reader(source))
        finally:
            source.close()

    def _chunks(self, reader: pa.csv.CSVStreamingReader) -> Iterator[Chunk]:
        pa = require_pyarrow()
        next_row = 0
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                break
            except (pa.ArrowException, OSError) as exc:
                raise ValueError(f"{self.path}: after row {next_row}: {exc}") from None
            m = batch.num_rows
            # Malformed lines were dropped by the reader: give the rows it returned their
            # numbers by skipping the dropped ones (the handler ran before the batch came out).
            self._dropped.sort()
            end, dropped = next_row + m, list[tuple[int, str]]()
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

    def _parse(self, batch: pa.RecordBatch, first_row: int) -> Chunk:
        arrays = [batch.column(n) for n in self.card_columns]
        cards, reasons, self.k = cards_from_columns(arrays, self.card_columns, self.k)
        return Chunk(batch, cards, reasons, first_row)


class UciReader(CsvReader):
    """A UCI Poker Hand file: S1,C1,...,S5,C5,CLASS, no header.

    Suits 1-4 are hearts, spades, diamonds, clubs; ranks 1-13 are A, 2, ..., K; CLASS 0-9 is
    the hand's class (kept in each chunk's ``classes``, for the check against our categories).

    Parameters
    ----------
    path : pathlib.Path
        The file.
    chunk_rows : int
        Rows per chunk (about).

    Raises
    ------
    ValueError
        If the file cannot be read or is empty.
    ImportError
        If pyarrow is not installed.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import pokerkeys as pk
    >>> from pokerkeys.io.readers import UciReader
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "poker-hand.data"
    ...     _ = path.write_text("1,10,1,11,1,13,1,12,1,1,9\\n")
    ...     [chunk] = list(UciReader(path, chunk_rows=1000))
    >>> pk.format_cards(chunk.cards[0]), chunk.classes.tolist()
    ('Th Jh Kh Qh Ah', [9])
    """

    def __init__(self, path: Path, chunk_rows: int) -> None:
        super().__init__(path, chunk_rows, None, header="no", delimiter=",", names=UCI_NAMES)
        self.k = 5

    @property
    def columns(self) -> pa.Schema:
        """The UCI columns, as 8-bit integers."""
        pa = require_pyarrow()
        return pa.schema([(n, pa.int8()) for n in self.names])

    def _parse(self, batch: pa.RecordBatch, first_row: int) -> Chunk:
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
        for row in np.flatnonzero(bad_suit.any(axis=1) | bad_rank.any(axis=1) | bad_class):
            r = int(row)
            if r in reasons:
                continue
            if bad_suit[r].any():
                j = int(np.argmax(bad_suit[r]))
                reasons[r] = f"column S{j + 1}: suit {suits[r, j]} is outside 1..4"
            elif bad_rank[r].any():
                j = int(np.argmax(bad_rank[r]))
                reasons[r] = f"column C{j + 1}: rank {ranks[r, j]} is outside 1..13"
            else:
                reasons[r] = f"column CLASS: class {classes[r]} is outside 0..9"
        cards = 4 * ((np.clip(ranks, 1, 13) - 2) % 13) + UCI_SUIT[np.clip(suits, 0, 4)]
        cards = np.where(bad_suit | bad_rank, BAD, cards).astype(np.uint8)
        if reasons:
            cards[list(reasons)] = BAD
        columns = pa.record_batch([pa.array(np.clip(values[:, j], -128, 127).astype(np.int8))
                                   for j in range(11)], names=self.names)
        return Chunk(columns, cards, reasons, first_row,
                      classes=np.clip(classes, 0, 9).astype(np.uint8))
