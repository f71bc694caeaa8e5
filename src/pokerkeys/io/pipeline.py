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
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np

from ..core.cards import format_cards
from ..core.evaluate import HandCategory, category
from ._common import (
    COMPRESSED,
    DEFAULT_CHUNK_ROWS,
    INPUT_FORMATS,
    ON_ERROR,
    OUTPUT_COLUMNS,
    SUFFIXES,
    UCI_CLASS,
)
from .ranking import explain_row, rank_rows
from .readers import CsvReader, NpyReader, ParquetReader, UciReader
from .writers import ArrowWriter, NpyWriter, Reporter, temp_name


def memory_bound(chunk_rows: int = DEFAULT_CHUNK_ROWS) -> int:
    """Bytes a run holds at most, whatever the file size: 200 per chunk row + 48 MiB.

    Per row: up to three chunks are alive (one being read, one queued, one being written),
    each with its input columns, card ids and output columns. The constant is mostly pyarrow's
    CSV reader, which reads up to 32 blocks of at most 1 MiB ahead. Measured peaks with 1 M-row
    files and the default 262,144-row chunks: CSV 40 MB, Parquet 54 MB, .npy 9 MB (bound: 100
    MB). Not counted: the interpreter and its imports, and a Parquet row group larger than a
    chunk (the reader loads one row group's column chunks at a time).
    """
    return 200 * chunk_rows + (48 << 20)


@dataclass(frozen=True)
class FileSummary:
    """What ``evaluate_file`` did: rows read, written and rejected, time, UCI class check."""
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
        return self.rows_in / self.elapsed if self.elapsed > 0 else float("inf")

    def to_dict(self) -> dict:
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


def format_of(path, role: str = "input") -> str:
    """'csv', 'parquet' or 'npy' from a file name (compressed CSV: 'hands.csv.gz')."""
    suffixes = [s.lower() for s in Path(path).suffixes]
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


def evaluate_file(input, output, *, format: str | None = None, output_format=None,
                  columns=None, header: str = "auto", delimiter: str | None = None,
                  describe: bool = False, on_error: str = "fail", report=None,
                  chunk_rows: int = DEFAULT_CHUNK_ROWS, threads: int | None = 1,
                  progress=None) -> FileSummary:
    """Rank every hand of a file and write them with rank and category to another file.

    ``"-"`` as input reads standard input (CSV unless ``format`` says 'npy' or 'uci'), as
    output writes standard output (CSV unless ``output_format`` says 'npy'), so the command
    fits a shell pipeline. Both are spooled through a temporary file (disk, not memory):
    the output appears once the run is complete, and a failed run writes nothing.
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


def _evaluate_path(input, output, *, format, columns, header, delimiter, describe, on_error,
                   report, chunk_rows, threads, progress) -> FileSummary:
    """``evaluate_file`` between two files.

    input: a CSV, Parquet or .npy file (``format`` overrides the extension; ``"uci"`` reads
    the UCI Poker Hand format and checks its classes against our categories). output: .csv,
    .parquet or .npy (the latter a structured array: cards, rank, category). columns: the
    card columns (names, or 1-based numbers): one holding whole hands or 5-7 of one card each;
    detected when omitted. header: 'auto', 'yes' or 'no' (CSV). describe: add a description
    column. on_error: 'fail' (stop at the first bad row, naming it), 'skip' (leave bad rows
    out, counted in the summary) or 'report' (leave them out and list them in ``report``,
    by default OUTPUT.errors.csv). progress: a callable(rows_done, rows_total or None).
    threads: ranking kernel threads. The default, 1, is fastest: ranking is a few per cent of
    the work, and the kernel's idle worker threads spin for a while after each call, taking
    the core the background reader needs (measured: Parquet 3.4 -> 5.4 M rows/s on 2 cores).
    """
    start = time.perf_counter()
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
    writer = NpyWriter(temps[0], reader.k) if out_fmt == "npy" else \
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
    header = getattr(reader, "header_text", None)
    return FileSummary(input=str(src), output=str(dst), input_format=in_fmt, header=header,
                       header_detected=getattr(reader, "header_detected", False),
                       output_format=out_fmt, report=str(report_path) if report_path else None,
                       elapsed=time.perf_counter() - start, **stats)


def _prefetch(chunks):
    """Yield the chunks, each read and parsed in a background thread while the previous one is
    ranked and written: pyarrow and NumPy release the GIL, so on two cores reading and writing
    overlap (Parquet end to end goes from about 3 to over 5 M rows/s). At most three chunks
    are alive at once: one being written, one waiting in the queue, one being read."""
    q: queue.Queue = queue.Queue(maxsize=1)
    stop = threading.Event()
    done = object()

    def put(item) -> bool:
        while not stop.is_set():
            try:
                q.put(item, timeout=0.05)
                return True
            except queue.Full:
                pass
        return False

    def work():
        try:
            for chunk in chunks:
                if not put((chunk, None)):
                    return
            put((done, None))
        except BaseException as exc:
            put((None, exc))

    thread = threading.Thread(target=work, name="pokerkeys-reader", daemon=True)
    thread.start()
    try:
        while True:
            chunk, exc = q.get()
            if exc is not None:
                raise exc
            if chunk is done:
                return
            yield chunk
    finally:
        stop.set()
        thread.join()


def _run(reader, writer, reporter, on_error, src, threads, progress, uci) -> dict:
    chunks = _prefetch(reader)
    try:
        return _consume(chunks, reader, writer, reporter, on_error, src, threads, progress, uci)
    finally:
        chunks.close()  # stops and joins the reader thread now, also on errors


def _consume(chunks, reader, writer, reporter, on_error, src, threads, progress, uci) -> dict:
    rows_in = rows_out = n_bad = 0
    first_error = None
    uci_checked, uci_bad, uci_examples = 0, 0, []

    def where(row: int) -> str:
        line = f" (line {row + reader.line_offset})" if reader.lines else ""
        return f"row {row}{line}"

    for chunk in chunks:
        ranks = rank_rows(chunk.cards, threads)
        bad = np.flatnonzero(ranks == 0)
        m = len(ranks)
        rows_in += m + len(chunk.dropped)
        keep = None
        if bad.size or chunk.dropped:
            def reason(i):
                return chunk.reasons.get(int(i)) or explain_row(chunk.cards[i])
            if on_error == "fail" or first_error is None:
                candidates = list(chunk.dropped[:1])
                if bad.size:
                    candidates.append((chunk.row(bad[0]), reason(bad[0])))
                row, why = min(candidates)
                if on_error == "fail":
                    raise ValueError(f"{src}: {where(row)}: {why} (--on-error skip or report "
                                     f"to leave bad rows out)")
                first_error = f"{where(row)}: {why}"
            n_bad += bad.size + len(chunk.dropped)
            if reporter is not None:
                entries = sorted(list(chunk.dropped)
                                 + [(chunk.row(i), reason(i)) for i in bad])
                for row, why in entries:
                    reporter.write(row, row + reader.line_offset if reader.lines else None, why)
            keep = ranks != 0
        n_out = m - bad.size
        if n_out:
            writer.write(chunk, ranks, keep)
        rows_out += n_out
        if uci and n_out:
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
    return dict(rows_in=rows_in, rows_out=rows_out, bad_rows=n_bad, first_error=first_error,
                uci_checked=uci_checked if uci else None, uci_mismatches=uci_bad,
                uci_examples=tuple(uci_examples))
