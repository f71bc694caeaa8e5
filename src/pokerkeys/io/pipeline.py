"""The pipeline behind ``evaluate_file``: check the arguments, then read, rank and write.

Streaming: one chunk of ``chunk_rows`` rows is read, parsed, ranked and written before the next
one is read, so memory does not grow with the file; ``memory_bound`` states the bound and the
tests measure it. Row numbers in messages count data rows from 0 (as ``evaluate_batch`` does);
CSV messages add the 1-based line of the file. Bad rows are never dropped silently: the default
stops at the first one, ``skip`` leaves them out and counts them, ``report`` also lists them in
a side file. Every file is written under a hidden temporary name and renamed when complete.

This module also holds what describes a run: FileSummary (its result) and memory_bound.
"""
from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Literal, TypeAlias, TypedDict

import numpy as np

from .. import _jit
from ..core.cards import format_cards
from ..core.evaluate import HandCategory, category
from ..core.types import Threads
from ._common import (
    COMPRESSED,
    DEFAULT_CHUNK_ROWS,
    INPUT_FORMATS,
    ON_ERROR,
    OUTPUT_COLUMNS,
    SUFFIXES,
    UCI_CLASS,
    HeaderMode,
    InputFormat,
    OnError,
    OutputFormat,
)
from .ranking import explain_row, rank_rows
from .readers import Chunk, ChunkReader, CsvReader, NpyReader, ParquetReader, UciReader
from .writers import ArrowWriter, NpyWriter, Reporter, temp_name

__all__ = ["STREAM", "FileSummary", "HeaderMode", "InputFormat", "OnError", "OutputFormat",
           "evaluate_file", "format_of", "memory_bound"]

#: A file name or path.
_PathLike: TypeAlias = str | os.PathLike[str]
#: ``progress(rows_done, rows_total)``; the total is None when unknown before the end (CSV).
_Progress: TypeAlias = Callable[[int, int | None], object]


def memory_bound(chunk_rows: int = DEFAULT_CHUNK_ROWS) -> int:
    """Bytes a run of ``evaluate_file`` holds at most, whatever the file size.

    200 bytes per chunk row + 48 MiB. Per row: up to three chunks are alive (one being read,
    one queued, one being written), each with its input columns, card ids and output columns.
    The constant is mostly pyarrow's CSV reader, which reads up to 32 blocks of at most 1 MiB
    ahead.

    Parameters
    ----------
    chunk_rows : int, default 262144
        The run's ``chunk_rows``.

    Returns
    -------
    int
        The bound, in bytes.

    Notes
    -----
    Measured peaks with 1 M-row files and the default 262,144-row chunks: CSV 40 MB, Parquet
    54 MB, .npy 9 MB (bound: 100 MB). A CSV line longer than 1 MiB (a bad row) is read
    through in 1 MiB pieces, never held whole: a 100 MB line adds about 6 MB (measured).
    Not counted: the interpreter and its imports, and a Parquet row group larger than a chunk
    (the reader loads one row group's column chunks at a time).

    Examples
    --------
    >>> from pokerkeys.io import memory_bound
    >>> memory_bound() / 2**20  # MiB, with the default chunks
    98.0
    """
    return 200 * chunk_rows + (48 << 20)


@dataclass(frozen=True)
class FileSummary:
    """What ``evaluate_file`` did: rows read, written and rejected, time, UCI class check.

    ``str()`` gives the summary the command line prints.

    Attributes
    ----------
    input, output : str
        The files (``'<stdin>'``, ``'<stdout>'`` for the standard streams).
    input_format : str
        'csv', 'parquet', 'npy' or 'uci'.
    output_format : str
        'csv', 'parquet' or 'npy'.
    rows_in : int
        Data rows read, bad ones and malformed lines included.
    rows_out : int
        Rows written.
    bad_rows : int
        Rows left out (``on_error`` 'skip' or 'report').
    first_error : str or None
        The first bad row and why (``'row 2 (line 4): duplicate card 7h in ...'``).
    report : str or None
        The file listing the bad rows (``on_error='report'``).
    elapsed : float
        Seconds the run took.
    header : str or None
        The CSV header line skipped, if any.
    header_detected : bool
        CSV: the header decision was sniffed, not given.
    uci_checked : int or None
        UCI input: rows whose class was compared with our category (None otherwise).
    uci_mismatches : int
        UCI input: rows whose class disagrees with our category.
    uci_examples : tuple of str
        Up to five of those rows, explained.
    rows_per_s : float
        ``rows_in / elapsed`` (a property).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from pokerkeys.io import evaluate_file
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = pathlib.Path(folder) / "hands.csv"
    ...     _ = source.write_text("hand\\nAs Ks Qs Js Ts\\n7h 7h 2c 3d 4s\\n")
    ...     summary = evaluate_file(source, pathlib.Path(folder) / "ranked.csv",
    ...                             on_error="skip")
    >>> summary.rows_in, summary.rows_out, summary.bad_rows, summary.header
    (2, 1, 1, 'hand')
    >>> summary.first_error
    'row 1 (line 3): duplicate card 7h in 7h 7h 2c 3d 4s'
    """
    input: str
    output: str
    input_format: str
    output_format: str
    rows_in: int
    rows_out: int
    bad_rows: int
    first_error: str | None
    report: str | None
    elapsed: float
    header: str | None = None
    header_detected: bool = False  # CSV: the header decision was sniffed, not given
    uci_checked: int | None = None
    uci_mismatches: int = 0
    uci_examples: tuple[str, ...] = field(default=())

    @property
    def rows_per_s(self) -> float:
        """Rows read per second."""
        return self.rows_in / self.elapsed if self.elapsed > 0 else float("inf")

    def to_dict(self) -> dict[str, object]:
        """The summary as a dict, ready for JSON (the command line's ``--json``).

        Returns
        -------
        dict
            Every attribute, ``uci_examples`` as a list, and ``rows_per_s``.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> import numpy as np
        >>> from pokerkeys.io import evaluate_file
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     source = pathlib.Path(folder) / "hands.npy"
        ...     np.save(source, np.array([[51, 47, 43, 39, 35]], dtype=np.uint8))
        ...     summary = evaluate_file(source, pathlib.Path(folder) / "ranked.npy")
        >>> record = summary.to_dict()
        >>> record["rows_out"], record["input_format"], record["uci_examples"]
        (1, 'npy', [])
        """
        return {**asdict(self), "uci_examples": list(self.uci_examples),
                "rows_per_s": self.rows_per_s}

    def __str__(self) -> str:
        text = (f"{self.input} -> {self.output}: {self.rows_in:,} rows in, {self.rows_out:,} "
                f"out, {self.bad_rows:,} bad, {self.elapsed:.2f} s "
                f"({self.rows_per_s / 1e6:.2f} M rows/s)")
        if self.header:
            text += f"\nheader line: {self.header}"
            if self.header_detected:
                text += " (detected; --no-header reads it as data)"
        elif self.header_detected:
            text += "\nno header line (detected; --header skips the first line)"
        if self.first_error:
            text += f"\nfirst bad row: {self.first_error}"
        if self.report:
            text += f"\nbad rows listed in {self.report}"
        if self.uci_checked is not None:
            text += (f"\nUCI classes: {self.uci_checked:,} rows checked, "
                     f"{self.uci_mismatches:,} disagree with our categories")
            text += "".join(f"\n  {e}" for e in self.uci_examples)
        return text


def format_of(path: _PathLike, role: Literal["input", "output"] = "input") -> OutputFormat:
    """A file's format, from its name.

    Parameters
    ----------
    path : str or path-like
        The file name: .csv, .tsv, .txt (CSV, also compressed: 'hands.csv.gz'), .parquet,
        .pq or .npy.
    role : {'input', 'output'}, default 'input'
        Which file it is, for the message.

    Returns
    -------
    {'csv', 'parquet', 'npy'}
        The format.

    Raises
    ------
    ValueError
        If the suffix is not one of those (UCI Poker Hand files are named with
        ``format="uci"``).

    Examples
    --------
    >>> from pokerkeys.io import format_of
    >>> format_of("hands.csv.gz"), format_of("ranked.pq", "output")
    ('csv', 'parquet')
    """
    suffixes = [s.lower() for s in Path(path).suffixes]
    fmt: OutputFormat | None
    if suffixes and suffixes[-1] in COMPRESSED:  # only CSV is read and written compressed
        fmt = "csv" if len(suffixes) > 1 and SUFFIXES.get(suffixes[-2]) == "csv" else None
    else:
        fmt = SUFFIXES.get(suffixes[-1]) if suffixes else None
    if fmt is None:
        hint = " (UCI Poker Hand files: --format uci)" if role == "input" else ""
        raise ValueError(f"unknown {role} format {''.join(Path(path).suffixes) or 'no suffix'!r}"
                         f" of {path}: use .csv, .parquet or .npy{hint}")
    return fmt


STREAM = "-"


def evaluate_file(input: _PathLike, output: _PathLike, *, format: InputFormat | None = None,
                  output_format: OutputFormat | None = None,
                  columns: str | Sequence[str | int] | None = None,
                  header: HeaderMode = "auto", delimiter: str | None = None,
                  describe: bool = False, on_error: OnError = "fail",
                  report: _PathLike | None = None, chunk_rows: int = DEFAULT_CHUNK_ROWS,
                  threads: Threads = 1, progress: _Progress | None = None) -> FileSummary:
    """Rank every hand of a file and write them with rank and category to another file.

    The output is the input's columns plus ``rank`` and ``category`` (and ``description``
    on request), row for row, in input order; ``pokerkeys eval-file`` runs it. The file is
    streamed in chunks, so memory does not grow with it (see ``memory_bound``). Every file
    is written under a hidden temporary name and renamed when complete: a failed run
    leaves no output.

    ``"-"`` as input reads standard input (CSV unless ``format`` says 'npy' or 'uci'), as
    output writes standard output (CSV unless ``output_format`` says 'npy'), so the command
    fits a shell pipeline. Both are spooled through a temporary file (disk, not memory):
    the output appears once the run is complete, and a failed run writes nothing.

    Parameters
    ----------
    input : str or path-like
        A CSV (a column per card, or one column holding the whole hand; also compressed),
        Parquet or ``.npy`` ((N, k) integer ids) file, or ``"-"``.
    output : str or path-like
        A .csv, .parquet or .npy file (the extension says which; a ``.npy`` output is a
        structured array: cards, rank, category), or ``"-"``.
    format : {'csv', 'parquet', 'npy', 'uci'}, optional
        The input's format, instead of its extension; ``'uci'`` reads the UCI Poker Hand
        format and checks its classes against our categories.
    output_format : {'csv', 'parquet', 'npy'}, optional
        The format written to standard output (only with ``output="-"``).
    columns : str or sequence of str or int, optional
        The card columns (names, or 1-based numbers; a string is split at commas): one
        holding whole hands or 5-7 of one card each; detected when omitted.
    header : {'auto', 'yes', 'no'}, default 'auto'
        Whether a CSV file's first line is a header; 'auto' detects it.
    delimiter : str, optional
        The CSV delimiter; detected when omitted.
    describe : bool, default False
        Add a description column ('Pair, aces'); CSV and Parquet output only.
    on_error : {'fail', 'skip', 'report'}, default 'fail'
        A bad row (unreadable card, repeated card, wrong number of cards): 'fail' stops at
        the first one, naming it; 'skip' leaves bad rows out, counted in the summary;
        'report' also lists them in ``report``.
    report : str or path-like, optional
        The bad-row list of ``on_error='report'``; default: OUTPUT.errors.csv.
    chunk_rows : int, default 262144
        Rows per chunk.
    threads : int or None, default 1
        Ranking kernel threads. 1 is fastest: ranking is a few per cent of the work, and the
        kernel's idle worker threads spin for a while after each call, taking the core the
        background reader needs (measured: Parquet 3.4 -> 5.4 M rows/s on 2 cores).
    progress : callable, optional
        Called as ``progress(rows_done, rows_total)`` after each chunk; the total is None
        when it is not known beforehand (CSV).

    Returns
    -------
    FileSummary
        Rows read, written and left out, the first bad row, the time.

    Raises
    ------
    ValueError
        If an argument is not one of its choices, the input does not exist or is a folder,
        a format is unknown, the output would overwrite the input or its folder does not
        exist, an option does not apply (``describe`` with .npy output, ``columns`` with .npy
        or UCI input, ``report`` without ``on_error='report'``, ``output_format`` without
        standard output, Parquet from standard input), the input already has a rank,
        category or description column, the card columns cannot be told, or, with
        ``on_error='fail'``, a row is bad (the message names its row, and line for CSV).
    TypeError
        If the card ids of a ``.npy`` file or a column are not integers or text.
    ImportError
        If a CSV or Parquet file is read or written without pyarrow
        (``pip install 'pokerkeys[data]'``).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from pokerkeys.io import evaluate_file
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = pathlib.Path(folder) / "hands.csv"
    ...     _ = source.write_text("hand\\nAs Ks Qs Js Ts\\n2c 2d 2h 2s 3c\\n")
    ...     ranked = pathlib.Path(folder) / "ranked.csv"
    ...     summary = evaluate_file(source, ranked, describe=True)
    ...     print(ranked.read_text(), end="")
    "hand","rank","category","description"
    "As Ks Qs Js Ts",7462,"Straight flush","Royal flush"
    "2c 2d 2h 2s 3c",7297,"Four of a kind","Four of a kind, twos"
    >>> summary.rows_out
    2
    """
    if output_format is not None and output_format not in ("csv", "npy", "parquet"):
        raise ValueError(f"output_format is csv, npy or parquet, not {output_format!r}")
    if output_format is not None and str(output) != STREAM:
        raise ValueError("output_format is for standard output ('-'); a file's extension "
                         "says its format")
    if str(input) != STREAM and str(output) != STREAM:
        return _evaluate_path(input, output, format=format, columns=columns, header=header,
                              delimiter=delimiter, describe=describe, on_error=on_error,
                              report=report, chunk_rows=chunk_rows, threads=threads,
                              progress=progress)
    if str(output) == STREAM and on_error == "report" and report is None:
        raise ValueError("with output to standard output, name the report file: --report FILE")
    import shutil
    import sys
    import tempfile

    spool = Path(tempfile.mkdtemp(prefix="pokerkeys-"))
    try:
        src, dst = Path(input), Path(output)
        if str(input) == STREAM:
            if format == "parquet":
                raise ValueError("Parquet cannot be streamed from standard input; give a file")
            src = spool / ("stdin.npy" if format == "npy" else "stdin.csv")
            with open(src, "wb") as f:
                shutil.copyfileobj(sys.stdin.buffer, f, 1 << 20)
        if str(output) == STREAM:
            dst = spool / f"stdout.{output_format or 'csv'}"
        try:
            summary = _evaluate_path(src, dst, format=format, columns=columns, header=header,
                                     delimiter=delimiter, describe=describe,
                                     on_error=on_error, report=report, chunk_rows=chunk_rows,
                                     threads=threads, progress=progress)
        except (ValueError, TypeError) as exc:  # name the streams, not the spool files
            text = str(exc).replace(str(spool / src.name), "<stdin>")
            raise type(exc)(text.replace(str(spool / dst.name), "<stdout>")) from None
        if str(output) == STREAM:
            with open(dst, "rb") as f:
                sys.stdout.flush()
                shutil.copyfileobj(f, sys.stdout.buffer, 1 << 20)
                sys.stdout.buffer.flush()
        return replace(summary, input="<stdin>" if str(input) == STREAM else summary.input,
                       output="<stdout>" if str(output) == STREAM else summary.output)
    finally:
        shutil.rmtree(spool, ignore_errors=True)


def _evaluate_path(input: _PathLike, output: _PathLike, *, format: InputFormat | None,
                   columns: str | Sequence[str | int] | None, header: HeaderMode,
                   delimiter: str | None, describe: bool, on_error: OnError,
                   report: _PathLike | None, chunk_rows: int, threads: Threads,
                   progress: _Progress | None) -> FileSummary:
    """``evaluate_file`` between two files (not standard streams); see it for the arguments."""
    start = _jit.compute_clock()  # a compile is not the file's time
    src, dst = Path(input), Path(output)
    if on_error not in ON_ERROR:
        raise ValueError(f"on_error is one of {', '.join(ON_ERROR)}, not {on_error!r}")
    if header not in ("auto", "yes", "no"):
        raise ValueError(f"header is 'auto', 'yes' or 'no', not {header!r}")
    if isinstance(chunk_rows, bool) or not isinstance(chunk_rows, int) or chunk_rows < 1:
        raise ValueError(f"chunk_rows must be a positive integer, not {chunk_rows!r}")
    if format is not None and format not in INPUT_FORMATS:
        raise ValueError(f"unknown input format {format!r}: use one of "
                         f"{', '.join(INPUT_FORMATS)}")
    if isinstance(columns, str):
        columns = [c for c in columns.split(",") if c.strip()]
    if dst.is_dir():
        raise ValueError(f"the output {dst} is a folder; give a file name, like "
                         f"{dst / 'ranked.csv'}")
    in_fmt = format or format_of(src, "input")
    out_fmt = format_of(dst, "output")
    if src.is_dir():
        raise ValueError(f"the input {src} is a folder, not a file of hands")
    if not src.is_file():
        raise ValueError(f"{src}: no such file")
    if dst.exists() and dst.resolve() == src.resolve():
        raise ValueError(f"the output {dst} would overwrite the input")
    if not dst.parent.is_dir():
        raise ValueError(f"{dst.parent}: no such directory for the output")
    if describe and out_fmt == "npy":
        raise ValueError("--describe needs CSV or Parquet output (a .npy file holds numbers)")
    if columns and in_fmt in ("npy", "uci"):
        raise ValueError(f"--columns applies to CSV and Parquet input, not {in_fmt}")
    if report is not None and on_error != "report":
        raise ValueError("a report file is written only with on_error='report'")

    reader: ChunkReader
    if in_fmt == "npy":
        reader = NpyReader(src, chunk_rows)
    elif in_fmt == "parquet":
        reader = ParquetReader(src, chunk_rows, columns)
    elif in_fmt == "uci":
        reader = UciReader(src, chunk_rows)
    else:
        reader = CsvReader(src, chunk_rows, columns, header, delimiter)
    if reader.columns is not None and out_fmt != "npy":
        taken = [c for c in OUTPUT_COLUMNS if c in reader.columns.names]
        if taken:
            raise ValueError(f"{src} already has a column named {taken[0]!r}, which the "
                             f"output adds; rename it first")

    report_path = Path(report) if report else dst.with_name(dst.name + ".errors.csv") \
        if on_error == "report" else None
    temps = [temp_name(dst)] + ([temp_name(report_path)] if report_path else [])
    writer: NpyWriter | ArrowWriter = NpyWriter(temps[0], reader.k) if out_fmt == "npy" else \
        ArrowWriter(out_fmt, temps[0], dst, reader.columns, reader.k, describe,
                    getattr(reader, "card_columns", ()))
    reporter = None
    try:
        if report_path:
            reporter = Reporter(temps[1], reader.lines)
        stats = _run(reader, writer, reporter, on_error, src, threads, progress,
                     uci=in_fmt == "uci")
        writer.close()
        if reporter:
            reporter.close()
        os.replace(temps[0], dst)
        if report_path:
            os.replace(temps[1], report_path)
    except BaseException:
        writer.abort()
        if reporter:
            reporter.close()
        for t in temps:
            t.unlink(missing_ok=True)
        raise
    header_text = getattr(reader, "header_text", None)
    return FileSummary(input=str(src), output=str(dst), input_format=in_fmt, header=header_text,
                       header_detected=getattr(reader, "header_detected", False),
                       output_format=out_fmt, report=str(report_path) if report_path else None,
                       elapsed=_jit.compute_clock() - start, **stats)


def _prefetch(chunks: Iterable[Chunk]) -> Generator[Chunk, None, None]:
    """Yield the chunks, each read and parsed in a background thread while the previous one is
    ranked and written: pyarrow and NumPy release the GIL, so on two cores reading and writing
    overlap (Parquet end to end goes from about 3 to over 5 M rows/s). At most three chunks
    are alive at once: one being written, one waiting in the queue, one being read."""
    # The queue holds a chunk, the exception that stopped the reader, or None at the end.
    q: queue.Queue[Chunk | BaseException | None] = queue.Queue(maxsize=1)
    stop = threading.Event()

    def put(item: Chunk | BaseException | None) -> bool:
        while not stop.is_set():
            try:
                q.put(item, timeout=0.05)
                return True
            except queue.Full:
                pass
        return False

    def work() -> None:
        try:
            for chunk in chunks:
                if not put(chunk):
                    return
            put(None)
        except BaseException as exc:
            put(exc)

    thread = threading.Thread(target=work, name="pokerkeys-reader", daemon=True)
    thread.start()
    try:
        while True:
            item = q.get()
            if isinstance(item, BaseException):
                raise item
            if item is None:
                return
            yield item
    finally:
        stop.set()
        thread.join()


class _RunCounts(TypedDict):
    """What a run counted: the FileSummary fields that ``_run`` fills in."""
    rows_in: int
    rows_out: int
    bad_rows: int
    first_error: str | None
    uci_checked: int | None
    uci_mismatches: int
    uci_examples: tuple[str, ...]


def _run(reader: ChunkReader, writer: NpyWriter | ArrowWriter, reporter: Reporter | None,
         on_error: OnError, src: Path, threads: Threads, progress: _Progress | None,
         uci: bool) -> _RunCounts:
    chunks = _prefetch(reader)
    try:
        return _consume(chunks, reader, writer, reporter, on_error, src, threads, progress, uci)
    finally:
        chunks.close()  # stops and joins the reader thread now, also on errors


def _why(chunk: Chunk, i: int | np.integer) -> str:
    """Why row i of a chunk is bad: the reason found while parsing, else the kernel's."""
    return chunk.reasons.get(int(i)) or explain_row(chunk.cards[i])


def _consume(chunks: Iterable[Chunk], reader: ChunkReader, writer: NpyWriter | ArrowWriter,
             reporter: Reporter | None, on_error: OnError, src: Path, threads: Threads,
             progress: _Progress | None, uci: bool) -> _RunCounts:
    rows_in = rows_out = n_bad = 0
    first_error = None
    uci_checked, uci_bad = 0, 0
    uci_examples: list[str] = []
    # Rows of a text file are lines: messages name the line too.
    line_offset = reader.line_offset if isinstance(reader, CsvReader) else None

    def where(row: int) -> str:
        line = f" (line {row + line_offset})" if line_offset is not None else ""
        return f"row {row}{line}"

    for chunk in chunks:
        ranks = rank_rows(chunk.cards, threads)
        bad = np.flatnonzero(ranks == 0)
        m = len(ranks)
        rows_in += m + len(chunk.dropped)
        keep = None
        if bad.size or chunk.dropped:
            if on_error == "fail" or first_error is None:
                candidates = list(chunk.dropped[:1])
                if bad.size:
                    candidates.append((chunk.row(bad[0]), _why(chunk, bad[0])))
                row, why = min(candidates)
                if on_error == "fail":
                    raise ValueError(f"{src}: {where(row)}: {why} (--on-error skip or report "
                                     f"to leave bad rows out)")
                first_error = f"{where(row)}: {why}"
            n_bad += bad.size + len(chunk.dropped)
            if reporter is not None:
                entries = sorted(list(chunk.dropped)
                                 + [(chunk.row(i), _why(chunk, i)) for i in bad])
                for row, why in entries:
                    reporter.write(row, row + line_offset if line_offset is not None else None,
                                   why)
            keep = ranks != 0
        n_out = m - bad.size
        if n_out:
            writer.write(chunk, ranks, keep)
        rows_out += n_out
        if uci and n_out and chunk.classes is not None:
            good = ranks if keep is None else ranks[keep]
            classes = chunk.classes if keep is None else chunk.classes[keep]
            wrong = (category(good) != UCI_CLASS[classes]) | ((classes == 9) != (good == 7462))
            uci_checked += n_out
            uci_bad += int(wrong.sum())
            for i in np.flatnonzero(wrong)[:max(0, 5 - len(uci_examples))]:
                local = int(np.flatnonzero(keep)[i]) if keep is not None else int(i)
                uci_examples.append(
                    f"{where(chunk.row(local))}: {format_cards(chunk.cards[local])} has UCI "
                    f"class {classes[i]}, but makes a {HandCategory(category(good[i])).label}")
        if progress is not None:
            progress(rows_in, reader.total)
    return _RunCounts(rows_in=rows_in, rows_out=rows_out, bad_rows=n_bad,
                      first_error=first_error, uci_checked=uci_checked if uci else None,
                      uci_mismatches=uci_bad, uci_examples=tuple(uci_examples))
