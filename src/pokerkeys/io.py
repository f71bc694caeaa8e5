"""Bulk evaluation of hand files: ``evaluate_file`` behind ``pokerkeys eval-file``.

Inputs: CSV (a column per card, or one column holding the whole hand; header detected), Parquet,
``.npy`` (N, k) integer arrays, and the UCI Poker Hand files (``format="uci"``). The output
(CSV, Parquet or ``.npy``, chosen by its extension) is the input's columns plus ``rank`` and
``category`` (and ``description`` on request), row for row, in input order.

Streaming: one chunk of ``chunk_rows`` rows is read, parsed, ranked and written before the next
one is read, so memory does not grow with the file; ``memory_bound`` states the bound and the
tests measure it. Row numbers in messages count data rows from 0 (as ``evaluate_batch`` does);
CSV messages add the 1-based line of the file. Bad rows are never dropped silently: the default
stops at the first one, ``skip`` leaves them out and counts them, ``report`` also lists them in
a side file. Every file is written under a hidden temporary name and renamed when complete.
"""
from __future__ import annotations

import csv
import os
import re
import queue
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from .cards import N_CARDS, RANK_CHARS, SUIT_CHARS, format_cards, parse_cards
from .evaluate import HandCategory, category, describe, evaluate_batch

INPUT_FORMATS = ("csv", "parquet", "npy", "uci")
OUTPUT_FORMATS = ("csv", "parquet", "npy")
ON_ERROR = ("fail", "skip", "report")
# 256K rows: big enough that per-chunk Python overhead is < 1% of the work at 10 M rows/s,
# small enough that a CSV chunk with its parsed columns stays around 50 MB.
DEFAULT_CHUNK_ROWS = 1 << 18
OUTPUT_COLUMNS = ("rank", "category", "description")
MAX_CSV_BLOCK = 1 << 20
BAD = 255  # a card id the batch kernel rejects: rows found bad while parsing are filled with it

_SUFFIXES = {".csv": "csv", ".tsv": "csv", ".txt": "csv", ".parquet": "parquet",
             ".pq": "parquet", ".npy": "npy"}
_COMPRESSED = {".gz", ".bz2", ".zst", ".lz4"}
_CATEGORY_LABELS = [c.label for c in HandCategory]
# UCI Poker Hand: suits 1..4 = hearts, spades, diamonds, clubs -> ours 0..3 = c, d, h, s;
# ranks 1..13 = A, 2, .., K -> ours 0..12 = 2..A; classes 0..9 -> our categories (straight
# flush and royal flush, classes 8 and 9, are one category; 9 is exactly rank 7462).
_UCI_SUIT = np.array([BAD, 2, 3, 1, 0], dtype=np.int64)
_UCI_CLASS = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 9], dtype=np.uint8)
_UCI_NAMES = ["S1", "C1", "S2", "C2", "S3", "C3", "S4", "C4", "S5", "C5", "CLASS"]


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
        if self.first_error:
            text += f"\nfirst bad row: {self.first_error}"
        if self.report:
            text += f"\nbad rows listed in {self.report}"
        if self.uci_checked is not None:
            text += (f"\nUCI classes: {self.uci_checked:,} rows checked, "
                     f"{self.uci_mismatches:,} disagree with our categories")
            text += "".join(f"\n  {e}" for e in self.uci_examples)
        return text


# ------------------------------------------------------------------ text cards -> ids, vectorised
_RANK_LUT = np.full(256, BAD, dtype=np.uint8)
_SUIT_LUT = np.full(256, BAD, dtype=np.uint8)
for _i, _ch in enumerate(RANK_CHARS):
    _RANK_LUT[ord(_ch)] = _RANK_LUT[ord(_ch.lower())] = _i
for _i, _ch in enumerate(SUIT_CHARS):
    _SUIT_LUT[ord(_ch)] = _SUIT_LUT[ord(_ch.upper())] = _i
_SEP_LUT = np.zeros(256, dtype=bool)
_SEP_LUT[[ord(c) for c in " ,;\t"]] = True
# Card id of a two-byte card ('As', 'as', 'AS') indexed by byte0 | byte1 << 8; BAD elsewhere.
# One gather per card: 64 KiB that stays in L2.
_PAIR_LUT = np.full(1 << 16, BAD, dtype=np.uint8)
_r, _s = np.nonzero((_RANK_LUT[:, None] != BAD) & (_SUIT_LUT[None, :] != BAD))
_PAIR_LUT[_r | (_s << 8)] = 4 * _RANK_LUT[_r] + _SUIT_LUT[_s]
del _i, _ch, _r, _s


def _pa():
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("CSV and Parquet files need pyarrow: pip install 'pokerkeys[data]'") \
            from None
    return pyarrow


def _is_string_view(t) -> bool:
    is_view = getattr(_pa().types, "is_string_view", None)  # pyarrow >= 16
    return bool(is_view and is_view(t))


def _string_parts(arr):
    """(offsets (n+1,) int64 into data, data bytes, valid mask or None) of an Arrow string array."""
    pa = _pa()
    if pa.types.is_dictionary(arr.type):
        arr = arr.dictionary_decode()
    if not (pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type)):
        arr = arr.cast(pa.large_string())  # string views and the like: one copy, rare
    width = np.int32 if pa.types.is_string(arr.type) else np.int64
    _, off_buf, data_buf = arr.buffers()[:3]
    offsets = np.frombuffer(off_buf, dtype=width, count=len(arr) + 1,
                            offset=arr.offset * np.dtype(width).itemsize).astype(np.int64)
    data = np.frombuffer(data_buf, dtype=np.uint8) if data_buf is not None and len(arr) \
        else np.zeros(1, dtype=np.uint8)
    valid = None if arr.null_count == 0 else arr.is_valid().to_numpy(zero_copy_only=False)
    return arr, offsets, data, valid


def _one_card(text) -> int:
    """Card id of one cell: 'As', 'a♠', '10s' or an id '0'..'51'; ValueError saying why not."""
    t = "" if text is None else str(text).strip()
    if not t:
        raise ValueError("empty card")
    if t.isdigit():
        if int(t) >= N_CARDS:
            raise ValueError(f"card id {int(t)} is outside 0..51")
        return int(t)
    ids = parse_cards(t, allow_duplicates=True)
    if len(ids) != 1:
        raise ValueError(f"{t!r} holds {len(ids)} cards, not one")
    return int(ids[0])


def _card_column(arr, name: str, reasons: dict) -> np.ndarray:
    """(n,) uint8 ids of a column holding one card per row (text or integer ids).

    Text takes a vectorised path (two bytes, looked up in 256-entry tables); only cells it
    cannot read ('10s', unicode suits, junk) go through the Python parser, which also says why
    a cell is bad. Bad cells become BAD and their row's reason is recorded in ``reasons``.
    """
    pa = _pa()
    n = len(arr)
    if pa.types.is_integer(arr.type):
        if arr.type == pa.uint8() and arr.null_count == 0:
            return arr.to_numpy()  # ids >= 52 are caught, and explained, by the kernel
        values = arr.fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
        valid = np.ones(n, bool) if arr.null_count == 0 else \
            arr.is_valid().to_numpy(zero_copy_only=False)
        bad = (values < 0) | (values >= N_CARDS) | ~valid
        for i in np.flatnonzero(bad):
            reasons.setdefault(int(i), f"column {name}: " + (
                f"card id {values[i]} is outside 0..51" if valid[i] else "empty card"))
        return np.where(bad, BAD, values).astype(np.uint8)
    if pa.types.is_dictionary(arr.type):
        # Read the distinct values, then gather by index (a null index is an empty cell).
        entry_reasons: dict[int, str] = {}
        entries = _card_column(arr.dictionary, name, entry_reasons)
        indices = arr.indices.fill_null(0).to_numpy(zero_copy_only=False)
        ids = entries[indices] if len(entries) else np.full(n, BAD, np.uint8)
        bad = ids == BAD
        if arr.null_count:
            null = ~arr.is_valid().to_numpy(zero_copy_only=False)
            ids[null] = BAD
            bad |= null
        for i in np.flatnonzero(bad):
            reasons.setdefault(int(i), entry_reasons.get(int(indices[i]),
                                                         f"column {name}: empty card"))
        return ids
    if not (pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type)
            or _is_string_view(arr.type)):
        raise TypeError(f"column {name} holds {arr.type}, not cards")
    arr, offsets, data, valid = _string_parts(arr)
    lengths = np.diff(offsets)
    if valid is None and (lengths == 2).all():  # the usual layout: every cell is two bytes
        ids = _PAIR_LUT[data[offsets[0]:offsets[-1]].view("<u2")]
    else:
        two = lengths == 2
        if valid is not None:
            two &= valid
        first = np.where(two, offsets[:-1], 0)
        ids = np.where(two, _PAIR_LUT[_pairs(data, first, np.minimum(first + 1, len(data) - 1))],
                       BAD).astype(np.uint8)
    ok = ids != BAD
    slow = np.flatnonzero(~ok)
    if slow.size:
        for i, text in zip(slow, arr.take(pa.array(slow)).to_pylist()):
            try:
                ids[i] = _one_card(text)
            except ValueError as exc:
                reasons.setdefault(int(i), f"column {name}: {exc}")
    return ids


def _hand_column(arr, name: str, k: int | None, reasons: dict) -> tuple[np.ndarray, int | None]:
    """((n, k) uint8 ids, k) of a column holding whole hands: text 'As Kd ..' or lists of ids.

    k is the number of cards of the first readable hand in the file; later rows with another
    count are bad rows. Rows the vectorised reader cannot take ('10s', unicode suits, junk) go
    through the Python parser, which also says why a row is bad.
    """
    pa = _pa()
    n = len(arr)
    if pa.types.is_list(arr.type) or pa.types.is_large_list(arr.type) \
            or pa.types.is_fixed_size_list(arr.type):
        return _list_column(arr, name, k, reasons)
    if not (pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type)
            or pa.types.is_dictionary(arr.type) or _is_string_view(arr.type)):
        raise TypeError(f"column {name} holds {arr.type}, not hands")
    arr, offsets, data, valid = _string_parts(arr)
    if k is None:
        k = _first_hand_size(arr)
    kk = k or 7
    ids = np.full((n, kk), BAD, dtype=np.uint8)
    fast = np.zeros(n, dtype=bool)
    if k is not None and n:
        ids, fast = _text_hands(offsets, data, valid, k)
    slow = np.flatnonzero(~fast)
    if slow.size:
        ids[slow] = BAD
        for i, text in zip(slow, arr.take(pa.array(slow)).to_pylist()):
            try:
                ids[i] = _parse_hand(text, k)
            except ValueError as exc:
                reasons.setdefault(int(i), f"column {name}: {exc}")
    return ids, k


def _pairs(data: np.ndarray, first, second) -> np.ndarray:
    """uint16 index into _PAIR_LUT of the two bytes at positions first, second."""
    return data[first].astype(np.uint16) | (data[second].astype(np.uint16) << 8)


def _text_hands(offsets, data, valid, k: int) -> tuple[np.ndarray, np.ndarray]:
    """((n, k) ids, ok) of hand strings, vectorised; rows not ok go to the Python parser.

    Files usually have one layout on every line ('AsKd..' or 'As Kd ..'), read as an (n, L)
    byte matrix with fixed card positions. Otherwise separators (space , ; tab) are dropped and
    the remaining bytes must alternate rank, suit; a separator right after a rank character
    would glue 'A s' into 'As', so such rows are not ok.
    """
    n = len(offsets) - 1
    lengths = np.diff(offsets)
    d = data[offsets[0]:offsets[-1]]
    width = int(lengths[0])
    if valid is None and width in (2 * k, 3 * k - 1) and (lengths == width).all():
        cells = d.reshape(n, width)
        step = 2 if width == 2 * k else 3
        ids = _PAIR_LUT[cells[:, 0::step].astype(np.uint16)
                        | (cells[:, 1::step].astype(np.uint16) << 8)]
        ok = (ids != BAD).all(axis=1)
        if step == 3:
            ok &= _SEP_LUT[cells[:, 2::3]].all(axis=1)
        return ids, ok
    off = offsets - offsets[0]
    keep = ~_SEP_LUT[d]
    kept_before = np.zeros(len(d) + 1, dtype=np.int64)
    np.cumsum(keep, out=kept_before[1:])
    ok = (kept_before[off[1:]] - kept_before[off[:-1]]) == 2 * k
    if valid is not None:
        ok &= valid
    seps = np.flatnonzero(~keep)
    seps = seps[seps > 0]
    glued = seps[_RANK_LUT[d[seps - 1]] != BAD]
    if glued.size:
        ok[np.searchsorted(off, glued, side="right") - 1] = False
    rows = np.flatnonzero(ok)
    kept = d[keep]
    first = kept_before[off[:-1]][rows][:, None] + np.arange(0, 2 * k, 2)
    ids = np.full((n, k), BAD, dtype=np.uint8)
    ids[rows] = _PAIR_LUT[_pairs(kept, first, first + 1)]
    ok &= (ids != BAD).all(axis=1)
    return ids, ok


def _parse_hand(text, k: int | None) -> np.ndarray:
    if text is None or not str(text).strip():
        raise ValueError("no cards")
    ids = parse_cards(str(text), allow_duplicates=True)  # duplicates: the kernel names them
    if k is None:
        raise ValueError(f"{len(ids)} cards; a hand has 5, 6 or 7")
    if len(ids) != k:
        raise ValueError(f"{len(ids)} cards, expected {k} like the first hand of the file")
    return ids


def _first_hand_size(arr) -> int | None:
    """Number of cards of the first cell that parses as 5-7 cards (None if none does)."""
    for i in range(len(arr)):
        text = arr[i].as_py()
        try:
            ids = parse_cards(str(text), allow_duplicates=True) if text is not None else []
        except (ValueError, TypeError):
            continue
        if 5 <= len(ids) <= 7:
            return len(ids)
    return None


def _list_column(arr, name, k, reasons):
    """Hands stored as Parquet/Arrow lists of integer card ids."""
    pa = _pa()
    n = len(arr)
    lengths = arr.value_lengths().fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
    if k is None:
        sizes = lengths[(lengths >= 5) & (lengths <= 7)]
        k = int(sizes[0]) if sizes.size else None
    kk = k or 7
    ids = np.full((n, kk), BAD, dtype=np.uint8)
    flat = arr.flatten()
    if not pa.types.is_integer(flat.type):
        raise TypeError(f"column {name} holds {arr.type}, not lists of card ids")
    values = flat.fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
    if flat.null_count:
        values[~flat.is_valid().to_numpy(zero_copy_only=False)] = -1  # a null card: bad
    starts = np.concatenate([[0], np.cumsum(lengths)])[:-1]
    ok = lengths == kk
    if arr.null_count:
        ok &= arr.is_valid().to_numpy(zero_copy_only=False)
    rows = np.flatnonzero(ok)
    block = values[starts[rows][:, None] + np.arange(kk)] if rows.size \
        else np.zeros((0, kk), np.int64)
    in_range = ((block >= 0) & (block < N_CARDS)).all(axis=1)
    ids[rows[in_range]] = block[in_range]
    for i in rows[~in_range]:
        v = values[starts[i]:starts[i] + kk]
        reasons.setdefault(int(i), f"column {name}: card id {int(v[(v < 0) | (v >= N_CARDS)][0])}"
                                   f" is outside 0..51")
    for i in np.flatnonzero(~ok):
        reasons.setdefault(int(i), f"column {name}: {lengths[i]} cards, expected {kk}")
    return ids, k


def cards_from_columns(arrays, names, k: int | None = None):
    """((n, k) uint8 ids, {row: reason}, k) from Arrow arrays: 5-7 card columns or 1 hand column.

    Rows that cannot be read hold BAD ids and a reason; the batch kernel rejects them later.
    """
    reasons: dict[int, str] = {}
    if len(arrays) == 1:
        ids, k = _hand_column(arrays[0], names[0], k, reasons)
        if reasons:  # a row with a reason is bad even if some of its cards read fine
            ids[list(reasons)] = BAD
        return ids, reasons, k
    ids = np.empty((len(arrays[0]), len(arrays)), dtype=np.uint8)
    for j, (arr, name) in enumerate(zip(arrays, names)):
        ids[:, j] = _card_column(arr, name, reasons)
    return ids, reasons, len(arrays)


# ------------------------------------------------------------------ ranking with bad rows
def _valid_rows(cards: np.ndarray) -> np.ndarray:
    """Rows of card ids 0..51 with no card twice (the checks the batch kernel fuses)."""
    s = np.sort(cards, axis=1)
    return (s[:, -1] < N_CARDS) & (np.diff(s.astype(np.int16), axis=1) != 0).all(axis=1)


def rank_rows(cards: np.ndarray, threads: int | None = None) -> np.ndarray:
    """Ranks of an (n, k) uint8 array, 0 for rows with a bad id or a repeated card.

    The common case, a clean chunk, is one kernel call. evaluate_batch stops at the first bad
    row, so a chunk with bad rows is checked in NumPy and only its good rows are ranked.
    """
    try:
        return evaluate_batch(cards, threads=threads)
    except ValueError:
        good = _valid_rows(cards)
        ranks = np.zeros(len(cards), dtype=np.uint16)
        ranks[good] = evaluate_batch(np.ascontiguousarray(cards[good]), threads=threads)
        return ranks


def explain_row(ids: np.ndarray) -> str:
    """Why the batch kernel rejects a row of card ids."""
    ids = np.asarray(ids)
    out = ids[ids >= N_CARDS]
    if out.size:
        return f"card id {int(out[0])} is outside 0..51"
    counts = np.bincount(ids, minlength=N_CARDS)
    dup = np.flatnonzero(counts > 1)
    if dup.size:
        return f"duplicate card {format_cards([dup[0]])} in {format_cards(ids)}"
    return "not a valid hand"  # pragma: no cover - the kernel rejects nothing else


# ------------------------------------------------------------------ readers
@dataclass
class _Chunk:
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


class _NpyReader:
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
        return _Chunk(None, np.ascontiguousarray(cards, dtype=np.uint8), reasons, start)


class _ParquetReader:
    lines = False

    def __init__(self, path: Path, chunk_rows: int, requested):
        pa = _pa()
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
        samples = list(zip(*[c.to_pylist() for c in sample.columns])) if sample else []
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
            yield _Chunk(batch, cards, reasons, start)
            start += batch.num_rows


class _CsvReader:
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
        pa = _pa()
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
        # The single-threaded reader always knows the line; -1 would only mean "unknown".
        number = row.number if row.number is not None else self.line_offset - 1
        self._dropped.append((number - self.line_offset,
                              f"expected {row.expected_columns} fields, got "
                              f"{row.actual_columns}: {text!r}"))
        return "skip"

    def _reader(self):
        pa = _pa()
        import pyarrow.csv as pcsv
        # pyarrow's streaming reader reads up to 32 blocks ahead in the background, so the
        # block size, not chunk_rows, sets the reader's memory: at most 1 MiB per block.
        block = int(min(max(self.chunk_rows * self.bytes_per_row, 1 << 16), MAX_CSV_BLOCK))
        try:
            return pcsv.open_csv(
                str(self.path),
                read_options=pcsv.ReadOptions(column_names=self.names,
                                              skip_rows=int(self.header), block_size=block,
                                              use_threads=False),
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
        pa = _pa()
        return pa.schema([(n, pa.string()) for n in self.names])

    def __iter__(self):
        pa = _pa()
        reader = self._reader()
        next_row = 0
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                break
            except pa.ArrowException as exc:
                raise ValueError(f"{self.path}: after row {next_row}: {exc}") from None
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
            yield _Chunk(None, np.zeros((0, self.k or 7), np.uint8), {}, next_row,
                         dropped=sorted(self._dropped))

    def _parse(self, batch, first_row):
        arrays = [batch.column(n) for n in self.card_columns]
        cards, reasons, self.k = cards_from_columns(arrays, self.card_columns, self.k)
        return _Chunk(batch, cards, reasons, first_row)


class _UciReader(_CsvReader):
    """UCI Poker Hand: S1,C1,...,S5,C5,CLASS, no header; suits 1-4 = h s d c, ranks 1-13 = A-K."""

    def __init__(self, path: Path, chunk_rows: int):
        super().__init__(path, chunk_rows, None, header="no", delimiter=",", names=_UCI_NAMES)
        self.k = 5

    @property
    def columns(self):
        pa = _pa()
        return pa.schema([(n, pa.int8()) for n in self.names])

    def _parse(self, batch, first_row):
        pa = _pa()
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
        cards = 4 * ((np.clip(ranks, 1, 13) - 2) % 13) + _UCI_SUIT[np.clip(suits, 0, 4)]
        cards = np.where(bad_suit | bad_rank, BAD, cards).astype(np.uint8)
        if reasons:
            cards[list(reasons)] = BAD
        columns = pa.record_batch([pa.array(np.clip(values[:, j], -128, 127).astype(np.int8))
                                   for j in range(11)], names=self.names)
        return _Chunk(columns, cards, reasons, first_row,
                      classes=np.clip(classes, 0, 9).astype(np.uint8))


# ------------------------------------------------------------------ writers
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


class _ArrowWriter:
    """CSV or Parquet output: the carried columns, then rank, category (and description).

    category and description are dictionary arrays over the 9 labels / distinct descriptions,
    so no string is built per row.
    """

    def __init__(self, fmt: str, path: Path, final: Path, carried, k: int | None,
                 with_description: bool, card_columns=()):
        pa = _pa()
        self.fmt, self.path, self.final = fmt, path, final
        self.card_columns = set(card_columns)
        self.carried = carried
        self.k = k
        self.with_description = with_description
        self.categories = pa.array(_CATEGORY_LABELS)
        self.descriptions = pa.array(descriptions()[0]) if with_description else None
        self.card_names = pa.array(_CARD_NAMES)
        self.writer = None
        self.stream = None

    def _schema(self, k):
        pa = _pa()
        if self.carried is not None:
            fields = list(self.carried)
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
        pa = _pa()
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
        if codec in _COMPRESSED:
            self.stream = pa.CompressedOutputStream(str(self.path), {
                ".gz": "gzip", ".bz2": "bz2", ".zst": "zstd", ".lz4": "lz4"}[codec])
        else:
            self.stream = pa.OSFile(str(self.path), "wb")
        self.writer = pcsv.CSVWriter(self.stream, self.schema)

    def write(self, chunk: _Chunk, ranks: np.ndarray, keep: np.ndarray | None):
        pa = _pa()
        if self.writer is None:
            self._open(chunk.cards.shape[1])
        if chunk.columns is not None:
            columns = chunk.columns
            if keep is not None:
                columns = columns.filter(pa.array(keep))
            arrays = list(columns.columns)
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
            except Exception:  # noqa: BLE001 - already failing; the temp file goes anyway
                pass


class _NpyWriter:
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


class _Reporter:
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


def _temp_name(path: Path) -> Path:
    """A hidden name next to the target: the rename at the end stays on one file system."""
    return path.with_name(f".{path.name}.{os.getpid()}.partial")


# ------------------------------------------------------------------ the pipeline
def format_of(path, role: str = "input") -> str:
    """'csv', 'parquet' or 'npy' from a file name (compressed CSV: 'hands.csv.gz')."""
    suffixes = [s.lower() for s in Path(path).suffixes]
    if suffixes and suffixes[-1] in _COMPRESSED:  # only CSV is read and written compressed
        fmt = "csv" if len(suffixes) > 1 and _SUFFIXES.get(suffixes[-2]) == "csv" else None
    else:
        fmt = _SUFFIXES.get(suffixes[-1]) if suffixes else None
    if fmt is None:
        hint = " (UCI Poker Hand files: --format uci)" if role == "input" else ""
        raise ValueError(f"unknown {role} format {''.join(Path(path).suffixes) or 'no suffix'!r}"
                         f" of {path}: use .csv, .parquet or .npy{hint}")
    return fmt


def evaluate_file(input, output, *, format: str | None = None, columns=None,
                  header: str = "auto", delimiter: str | None = None, describe: bool = False,
                  on_error: str = "fail", report=None, chunk_rows: int = DEFAULT_CHUNK_ROWS,
                  threads: int | None = 1, progress=None) -> FileSummary:
    """Rank every hand of a file and write them with rank and category to another file.

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
    in_fmt = format or format_of(src, "input")
    out_fmt = format_of(dst, "output")
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
        reader = _NpyReader(src, chunk_rows)
    elif in_fmt == "parquet":
        reader = _ParquetReader(src, chunk_rows, columns)
    elif in_fmt == "uci":
        reader = _UciReader(src, chunk_rows)
    else:
        reader = _CsvReader(src, chunk_rows, columns, header, delimiter)
    if reader.columns is not None and out_fmt != "npy":
        taken = [c for c in OUTPUT_COLUMNS if c in reader.columns.names]
        if taken:
            raise ValueError(f"{src} already has a column named {taken[0]!r}, which the "
                             f"output adds; rename it first")

    report_path = Path(report) if report else dst.with_name(dst.name + ".errors.csv") \
        if on_error == "report" else None
    temps = [_temp_name(dst)] + ([_temp_name(report_path)] if report_path else [])
    writer = _NpyWriter(temps[0], reader.k) if out_fmt == "npy" else \
        _ArrowWriter(out_fmt, temps[0], dst, reader.columns, reader.k, describe,
                     getattr(reader, "card_columns", ()))
    reporter = None
    try:
        if report_path:
            reporter = _Reporter(temps[1], reader.lines)
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
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer, re-raised there
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
            wrong = (category(good) != _UCI_CLASS[classes]) | ((classes == 9) != (good == 7462))
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
