"""A text file's bytes in blocks of whole lines, with every over-long line cut out.

pyarrow's CSV reader keeps a row that straddles one block boundary, but stops the whole file
at a row longer than a block ("straddles two block boundaries"), and growing the blocks to fit
the line would hold it, and 32 blocks read ahead, in memory. So the CSV reader is fed through
a LineCutter: every block it hands out ends at a line end, so no row ever straddles a boundary,
and a line longer than the limit is streamed through in pieces (never held whole) and replaced
by a short marker line that the reader turns into one bad row. The marker keeps the line
count, so every row and line number stays what it is in the file.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

import numpy as np

# Bytes read at a time while a block is filled up to a line end.
_STEP = 1 << 16
# Characters of an over-long line shown in its reason.
_PREVIEW = 40


class ByteSource(Protocol):
    """What a LineCutter reads from: a binary stream (a file, pyarrow's input streams)."""

    def read(self, size: int, /) -> bytes: ...

    def readinto(self, buffer: memoryview, /) -> int | None: ...

    def close(self) -> None: ...


def _characters(data: bytes | bytearray | memoryview) -> int:
    """UTF-8 characters in data: the bytes that do not continue a character (10xxxxxx)."""
    if not data:
        return 0
    raw = np.frombuffer(data, dtype=np.uint8)
    return len(data) - int(np.count_nonzero((raw & 0xC0) == 0x80))


def _last_end(data: bytearray, stop: int) -> int:
    """The position just after the last line end in data[:stop] (0 if none).

    A line ends at '\\n' or '\\r' (pyarrow's rule). A '\\r' at data[stop - 1] is not taken:
    a '\\n' may follow it in the next read, and '\\r\\n' split between two blocks would read
    as an extra empty line.
    """
    return max(data.rfind(b"\n", 0, stop), data.rfind(b"\r", 0, stop - 1)) + 1


def _first_end(data: bytes | bytearray, start: int = 0) -> int:
    """The position of the first line end ('\\n' or '\\r') in data[start:], -1 if none."""
    n = data.find(b"\n", start)
    r = data.find(b"\r", start, n if n >= 0 else len(data))
    return r if r >= 0 else n


def long_line_reason(characters: int, size: int, start: bytes, limit: int) -> str:
    """Why an over-long line is a bad row: its length, the limit, and how it starts.

    Parameters
    ----------
    characters, size : int
        The line's length in UTF-8 characters and in bytes (its line end not counted).
    start : bytes
        The line's first bytes (at least ``_PREVIEW`` characters' worth when it has them).
    limit : int
        The longest line read, in bytes.

    Returns
    -------
    str
        One short line, whatever the line's length.

    Examples
    --------
    >>> from pokerkeys.io._lines import long_line_reason
    >>> reason = long_line_reason(3_000_006, 3_000_006, b"As Ks " + b"x" * 60, 1 << 20)
    >>> print(*reason.split(": "), sep=":\\n")
    line of 3,000,006 characters (3,000,006 bytes), longer than a row may be (1 MiB):
    'As Ks xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...
    """
    limit_text = f"{limit >> 20} MiB" if limit % (1 << 20) == 0 else f"{limit:,} bytes"
    preview = start.decode("utf-8", errors="replace")[:_PREVIEW]
    return (f"line of {characters:,} characters ({size:,} bytes), longer than a row may be "
            f"({limit_text}): {preview!r}...")


class LineCutter:
    """A binary text stream read in blocks that end at line ends, over-long lines cut out.

    ``read`` returns whole lines, about ``block`` bytes at a time (one line longer than that,
    up to ``limit``, is returned whole, so a block holds up to ``limit`` plus 64 KiB). A
    line longer than ``limit`` bytes (its line end not counted) is read through in pieces of
    ``limit`` bytes and dropped; in its place comes ``marker(n)`` (the n-th such line, from
    0) and the line's own line end, and ``reasons[n]`` says why (its length and start). A line
    ends at '\\n', '\\r' or '\\r\\n'; line ends are passed on as they are, so lines keep their
    numbers. Memory: a block or two, and one piece of ``limit`` bytes while a long line is read
    through. Each byte is copied once on its way (read into the block handed out), but for
    the start of a line that runs into the next block.

    ``read`` and ``close`` may be called from different threads (pyarrow reads ahead in a
    thread of its own): a lock makes ``close`` wait for a read under way, and a read after
    ``close`` returns no bytes.

    Parameters
    ----------
    source : ByteSource
        The bytes (decompressed), read from where it stands.
    block : int
        About how many bytes a read returns, when lines are short.
    limit : int
        The longest line passed on, in bytes.
    marker : callable
        ``marker(n)``: the bytes (no line end) that replace the n-th over-long line.

    Attributes
    ----------
    reasons : dict of int to str
        n -> why the n-th over-long line was cut out (``long_line_reason``).

    Examples
    --------
    >>> import io
    >>> from pokerkeys.io._lines import LineCutter
    >>> text = b"As Ks Qs Js Ts\\n" + b"x" * 100 + b"\\r\\n2c 2d 2h 2s 3c\\n"
    >>> cutter = LineCutter(io.BytesIO(text), block=16, limit=64,
    ...                     marker=lambda n: b"<cut %d>" % n)
    >>> blocks = []
    >>> while block := cutter.read(1 << 20):
    ...     blocks.append(bytes(block))
    >>> b"".join(blocks)
    b'As Ks Qs Js Ts\\n<cut 0>\\r\\n2c 2d 2h 2s 3c\\n'
    >>> all(block.endswith(b"\\n") for block in blocks)
    True
    >>> cutter.reasons[0][:48]
    'line of 100 characters (100 bytes), longer than '
    """

    def __init__(self, source: ByteSource, block: int, limit: int,
                 marker: Callable[[int], bytes]) -> None:
        self._source = source
        self._block = max(1, block)
        self._limit = limit
        self._marker = marker
        self._pending = bytearray()  # whole lines, then the start of the next line
        self._eof = False
        self._closed = False
        self._lock = threading.Lock()
        self.reasons: dict[int, str] = {}
        self._cuts = 0  # lines cut out so far (a reader may pop their reasons)

    @property
    def closed(self) -> bool:
        """True once ``close`` has been called."""
        return self._closed

    def readable(self) -> bool:
        """True: the stream is read, never written."""
        return True

    def close(self) -> None:
        """Close the source (after a read under way ends); later reads return no bytes."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._pending = bytearray()
                self._source.close()

    def read(self, size: int = -1) -> memoryview:
        """The next whole lines: about ``block`` bytes, at most ``size`` (none at the end).

        Parameters
        ----------
        size : int, default -1
            The most bytes to return; a negative size means ``limit`` + 128 KiB, which is
            enough for a line of up to ``limit`` bytes, or a marker of up to 128 KiB.

        Returns
        -------
        memoryview
            Whole lines (the last one may lack its line end at the end of the stream), with
            over-long lines replaced by their markers; empty once the stream is done. The
            bytes are not changed afterwards, so the view may be kept.

        Raises
        ------
        ValueError
            If ``size`` is too small to hold the next line: a line of up to ``limit`` bytes,
            or a marker, and its line end (pyarrow asks for its block size, which the CSV
            reader sets large enough).
        """
        most = self._limit + 2 * _STEP if size is None or size < 0 else size
        with self._lock:
            if self._closed:
                return memoryview(b"")
            return self._read(most)

    def _read(self, most: int) -> memoryview:
        while True:
            pending = self._pending
            end = _last_end(pending, len(pending))
            if self._eof:
                if len(pending) <= most:
                    self._pending = bytearray()
                    return memoryview(pending)
                if pending.endswith(b"\r"):  # nothing follows: it ends the last line
                    end = len(pending)
                return self._take(pending, end, most)
            if end and len(pending) >= self._block:
                return self._take(pending, end, most)
            self._more(pending, end)

    def _take(self, pending: bytearray, end: int, most: int) -> memoryview:
        """pending[:end] (whole lines), or fewer whole lines if that is more than ``most``."""
        if end > most:
            end = _last_end(pending, most)
        if not end:
            raise ValueError(f"a read of {most:,} bytes cannot hold the next line")
        self._pending = pending[end:]  # usually the start of one line: a short copy
        return memoryview(pending)[:end]

    def _more(self, pending: bytearray, end: int) -> None:
        """Read more bytes after pending (whose whole lines end at ``end``), cutting out the
        line that runs from there into them if it is too long (no other can be: each read is
        at most ``limit`` bytes)."""
        old = len(pending)
        buffer = bytearray(old + min(max(self._block - old, _STEP), self._limit))
        buffer[:old] = pending
        with memoryview(buffer) as view, view[old:] as free:
            got = self._source.readinto(free) or 0
        if not got:
            self._eof = True
            return
        del buffer[old + got:]
        if old > end and not pending.endswith(b"\r"):  # a line runs on into the new bytes
            first = _first_end(buffer, old)
            if (first if first >= 0 else len(buffer)) - end > self._limit:
                buffer = self._cut(buffer, end, first)
        self._pending = buffer

    def _cut(self, buffer: bytearray, end: int, first: int) -> bytearray:
        """buffer with its line from ``end`` to ``first`` (its line end; -1: beyond the
        buffer, read through it) replaced by the next marker."""
        start = bytes(buffer[end:end + 4 * _PREVIEW])
        stop = first if first >= 0 else len(buffer)
        size = stop - end
        with memoryview(buffer) as view, view[end:stop] as line:
            characters = _characters(line)
        rest = buffer[stop:]
        while first < 0:  # read through the rest of the line, a piece at a time
            piece = self._source.read(self._limit)
            if not piece:
                self._eof = True
                break
            first = _first_end(piece)
            size += first if first >= 0 else len(piece)
            characters += _characters(piece[:first] if first >= 0 else piece)
            if first >= 0:
                rest = bytearray(piece[first:])
        n, self._cuts = self._cuts, self._cuts + 1
        self.reasons[n] = long_line_reason(characters, size, start, self._limit)
        return buffer[:end] + self._marker(n) + rest
