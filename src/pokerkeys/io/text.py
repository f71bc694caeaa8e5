"""Text cards -> card ids, vectorised: the card and hand columns of CSV and Parquet files.

A file holds millions of cells like 'As' or 'As Kd Qh Js Tc'; the card parser called per cell
would cost more than all the rest of the work. So cells are read straight from Arrow's string
buffers through NumPy lookup tables (one gather per card), and only cells in another form
('10s', unicode suits, junk) go through the Python parser, which also says why a cell is bad.
Unreadable rows hold BAD ids and a reason; the ranking kernel rejects them later.

>>> import pyarrow as pa
>>> from pokerkeys.io.text import cards_from_columns
>>> ids, reasons, k = cards_from_columns([pa.array(["As Kd Qh Js Tc", "AsKsQsJsTs"])], ["hand"])
>>> ids.tolist(), reasons, k
([[51, 45, 42, 39, 32], [51, 47, 43, 39, 35]], {}, 5)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..core.cards import N_CARDS, RANK_CHARS, SUIT_CHARS, parse_cards
from ..core.types import BoolArray, CardArray, IntArray
from ._common import BAD, require_pyarrow

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["card_column", "cards_from_columns"]

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


def _is_string_view(t: pa.DataType) -> bool:
    is_view = getattr(require_pyarrow().types, "is_string_view", None)  # pyarrow >= 16
    return bool(is_view and is_view(t))


def _string_parts(arr: pa.Array) -> tuple[pa.Array, IntArray, npt.NDArray[np.uint8],
                                           BoolArray | None]:
    """(array, offsets (n+1,) int64 into data, data bytes, valid mask or None) of an Arrow
    string array (dictionaries decoded, other string types cast to large strings)."""
    pa = require_pyarrow()
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


def _one_card(text: object) -> int:
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


def card_column(arr: pa.Array, name: str, reasons: dict[int, str]) -> CardArray:
    """Card ids of an Arrow column holding one card per row (text or integer ids).

    Text takes a vectorised path (two bytes, looked up in 256-entry tables); only cells it
    cannot read ('10s', unicode suits, junk) go through the Python parser, which also says why
    a cell is bad. Bad cells become BAD (255) and their row's reason is recorded in
    ``reasons``.

    Parameters
    ----------
    arr : pyarrow.Array
        Text ('As', 'as', '10s', 'A♠', or an id '0'..'51'), integer ids, or a dictionary
        array of either; nulls are empty cells.
    name : str
        The column's name, for the reasons.
    reasons : dict of int to str
        Filled in place: row -> why its cell is bad (a row already there keeps its reason).

    Returns
    -------
    numpy.ndarray of uint8, shape (n,)
        Each row's card id, BAD where the cell is bad. Integer ids of a uint8 column without
        nulls are passed as they are (ids above 51 are caught later, by the ranking kernel).

    Raises
    ------
    TypeError
        If the column holds neither text nor integers.
    ImportError
        If pyarrow is not installed.

    Examples
    --------
    >>> import pyarrow as pa
    >>> from pokerkeys.io.text import card_column
    >>> reasons = {}
    >>> card_column(pa.array(["As", "10h", None, "51"]), "card", reasons).tolist()
    [51, 34, 255, 51]
    >>> reasons
    {2: 'column card: empty card'}
    """
    pa = require_pyarrow()
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
        entries = card_column(arr.dictionary, name, entry_reasons)
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
        for i, text in zip(slow, arr.take(pa.array(slow)).to_pylist(), strict=False):
            try:
                ids[i] = _one_card(text)
            except ValueError as exc:
                reasons.setdefault(int(i), f"column {name}: {exc}")
    return ids


def _hand_column(arr: pa.Array, name: str, k: int | None,
                 reasons: dict[int, str]) -> tuple[CardArray, int | None]:
    """((n, k) uint8 ids, k) of a column holding whole hands: text 'As Kd ..' or lists of ids.

    k is the number of cards of the first readable hand in the file; later rows with another
    count are bad rows. Rows the vectorised reader cannot take ('10s', unicode suits, junk) go
    through the Python parser, which also says why a row is bad.
    """
    pa = require_pyarrow()
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
    ids: CardArray = np.full((n, kk), BAD, dtype=np.uint8)
    fast: BoolArray = np.zeros(n, dtype=bool)
    if k is not None and n:
        ids, fast = _text_hands(offsets, data, valid, k)
    slow = np.flatnonzero(~fast)
    if slow.size:
        ids[slow] = BAD
        for i, text in zip(slow, arr.take(pa.array(slow)).to_pylist(), strict=False):
            try:
                ids[i] = _parse_hand(text, k)
            except ValueError as exc:
                reasons.setdefault(int(i), f"column {name}: {exc}")
    return ids, k


def _pairs(data: npt.NDArray[np.uint8], first: IntArray,
           second: IntArray) -> npt.NDArray[np.integer]:
    """uint16 index into _PAIR_LUT of the two bytes at positions first, second."""
    return data[first].astype(np.uint16) | (data[second].astype(np.uint16) << 8)


def _text_hands(offsets: IntArray, data: npt.NDArray[np.uint8], valid: BoolArray | None,
                k: int) -> tuple[CardArray, BoolArray]:
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


def _mixed_sizes(n: int, k: int) -> str:
    """Why a row of n cards is bad in a file whose first hand has k: the file mixes sizes."""
    if not 5 <= n <= 7:
        return f"{n} cards; a hand has 5, 6 or 7"
    return (f"{n} cards, but the file's first hand has {k}: the file mixes hand sizes, and "
            f"one run ranks one size (split the file by hand size)")


def _parse_hand(text: object, k: int | None) -> CardArray:
    if text is None or not str(text).strip():
        raise ValueError("no cards")
    ids = parse_cards(str(text), allow_duplicates=True)  # duplicates: the kernel names them
    if k is None:
        raise ValueError(f"{len(ids)} cards; a hand has 5, 6 or 7")
    if len(ids) != k:
        raise ValueError(_mixed_sizes(len(ids), k))
    return ids


def _first_hand_size(arr: pa.Array) -> int | None:
    """Number of cards of the first cell that parses as 5-7 cards (None if none does)."""
    for i in range(len(arr)):
        text = arr[i].as_py()
        if text is None:
            continue
        try:
            n = len(parse_cards(str(text), allow_duplicates=True))
        except (ValueError, TypeError):
            continue
        if 5 <= n <= 7:
            return n
    return None


_NULL_CARD = -(1 << 40)  # a null inside a list of card ids (no real id looks like it)


def _list_column(arr: pa.Array, name: str, k: int | None,
                 reasons: dict[int, str]) -> tuple[CardArray, int | None]:
    """Hands stored as Parquet/Arrow lists of integer card ids."""
    pa = require_pyarrow()
    n = len(arr)
    lengths = arr.value_lengths().fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
    if k is None:
        sizes = lengths[(lengths >= 5) & (lengths <= 7)]
        k = int(sizes[0]) if sizes.size else None
    kk = k or 7
    ids: CardArray = np.full((n, kk), BAD, dtype=np.uint8)
    flat = arr.flatten()
    if not pa.types.is_integer(flat.type):
        raise TypeError(f"column {name} holds {arr.type}, not lists of card ids")
    values = flat.fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
    if flat.null_count:
        values[~flat.is_valid().to_numpy(zero_copy_only=False)] = _NULL_CARD
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
        bad = int(v[(v < 0) | (v >= N_CARDS)][0])
        reasons.setdefault(int(i), f"column {name}: " + ("a null card" if bad == _NULL_CARD
                                                         else f"card id {bad} is outside 0..51"))
    for i in np.flatnonzero(~ok):
        reasons.setdefault(int(i), f"column {name}: " + (
            "no hand (null)" if not lengths[i] and arr[int(i)].as_py() is None
            else _mixed_sizes(lengths[i], kk) if 5 <= lengths[i] <= 7
            else f"{lengths[i]} cards; a hand has 5, 6 or 7"))
    return ids, k


def cards_from_columns(arrays: Sequence[pa.Array], names: Sequence[str],
                       k: int | None = None) -> tuple[CardArray, dict[int, str], int | None]:
    """Card ids of the rows of Arrow columns: 5-7 card columns, or one column of whole hands.

    Rows that cannot be read hold BAD (255) ids and a reason; the batch kernel rejects them
    later. A hand column holds text ('As Kd Qh Js Tc', 'AsKdQhJsTc', separators space, comma,
    semicolon or tab) or lists of integer ids; its hand size is that of the first readable
    hand unless ``k`` gives it, and rows of another size are bad.

    Parameters
    ----------
    arrays : sequence of pyarrow.Array
        One column of whole hands, or 5 to 7 columns of one card each (see
        ``card_column``), of equal length.
    names : sequence of str
        The columns' names, for the reasons.
    k : int, optional
        The hand size of a hand column, if known (as from an earlier chunk of the file).

    Returns
    -------
    ids : numpy.ndarray of uint8, shape (n, k)
        Card ids, BAD in every cell of a bad row.
    reasons : dict of int to str
        Row -> why it is bad, for the rows found bad while reading.
    k : int or None
        The hand size: the number of card columns, or the hand column's size (None if no
        row of a hand column was readable).

    Raises
    ------
    TypeError
        If a column holds neither text nor integers (lists of integers for a hand column).
    ImportError
        If pyarrow is not installed.

    Examples
    --------
    >>> import pyarrow as pa
    >>> from pokerkeys.io.text import cards_from_columns
    >>> ids, reasons, k = cards_from_columns([pa.array(["As Kd Qh Js Tc", "2c 2d 2h 2s Xx"])],
    ...                                      ["hand"])
    >>> ids.tolist(), k
    ([[51, 45, 42, 39, 32], [255, 255, 255, 255, 255]], 5)
    >>> print(reasons[1])
    column hand: unknown card 'Xx' in '2c 2d 2h 2s Xx': expected a rank from '23456789TJQKA'
    (or '10') followed by a suit from 'cdhs'
    >>> columns = [pa.array([card]) for card in ["As", "Kd", "Qh", "Js", "10c"]]
    >>> cards_from_columns(columns, ["c1", "c2", "c3", "c4", "c5"])[0].tolist()
    [[51, 45, 42, 39, 32]]
    """
    reasons: dict[int, str] = {}
    if len(arrays) == 1:
        ids, k = _hand_column(arrays[0], names[0], k, reasons)
        if reasons:  # a row with a reason is bad even if some of its cards read fine
            ids[list(reasons)] = BAD
        return ids, reasons, k
    ids = np.empty((len(arrays[0]), len(arrays)), dtype=np.uint8)
    for j, (arr, name) in enumerate(zip(arrays, names, strict=False)):
        ids[:, j] = card_column(arr, name, reasons)
    return ids, reasons, len(arrays)
