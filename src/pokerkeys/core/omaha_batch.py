"""Omaha hands in bulk: the best 2-hole + 3-board rank of many rows at once.

``evaluate_omaha_batch`` is to ``pk.omaha_hand`` what ``pk.evaluate_batch`` is to
``pk.evaluate``: arrays in, an array of ranks out, on the same 1..7462 scale (higher is
better), every row checked. It splits each row's best hand into a part that depends on ranks
only (every hole pair and board triple is one multiset of five ranks, read from a table of
41,405 entries) and a flush, looked at only when the board holds three cards of a suit and the
hole two of it (see ``pokerkeys._kernels.omaha_batch``). The small tables are built from the
evaluator's own ranks at the first call (a few milliseconds).

Examples
--------
>>> import pokerkeys as pk
>>> pk.evaluate_omaha_batch(["AsKsQdJd", "7c7d2h2d"], "Ts9s2s8h3c")
array([7054, 5023], dtype=uint16)
"""
from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels import omaha_batch as _k
from .cards import N_CARDS, format_cards, parse_cards
from .evaluate import INVALID_ROWS, evaluate_batch
from .types import CardArray, HandBatch, InvalidRows, RankArray, Threads

__all__ = ["HOLE_SIZES", "evaluate_omaha_batch"]

#: Hole cards an Omaha row may hold (4-, 5- and 6-card Omaha).
HOLE_SIZES = (4, 5, 6)
_N_RANKS = 13


@cache
def omaha_tables() -> tuple[npt.NDArray[Any], ...]:
    """(pair_index, triple_index, rank5, flush5), read-only, built once from the evaluator:
    the tables every kernel that ranks Omaha hands takes last (``_kernels.omaha_batch``).

    pair_index[13 a + b]: 455 times the index of the rank pair {a, b} among the 91 rank pairs
    (in either order); triple_index[169 a + 13 b + c]: the index of the rank triple {a, b, c}
    among the 455; rank5[pair + triple]: the non-flush rank of those five ranks (0 if a rank is
    there five times); flush5[m]: the flush rank of the five ranks of the 13-bit mask m (0 for
    any other number of bits).
    """
    pairs = list(combinations_with_replacement(range(_N_RANKS), 2))
    triples = list(combinations_with_replacement(range(_N_RANKS), 3))
    pair_index = np.zeros(_N_RANKS ** 2, dtype=np.int64)
    for i, (a, b) in enumerate(pairs):
        pair_index[a * 13 + b] = pair_index[b * 13 + a] = i * len(triples)
    triple_index = np.zeros(_N_RANKS ** 3, dtype=np.int64)
    for i, triple in enumerate(triples):
        for a, b, c in {(x, y, z) for x, y, z in _orders(triple)}:
            triple_index[(a * 13 + b) * 13 + c] = i
    # Five ranks as cards: sorted, the card at position i of suit i % 4, so equal ranks (next
    # to each other, at most four) get different suits and five cards never share one.
    pair_ranks = np.array(pairs, dtype=np.int64)
    triple_ranks = np.array(triples, dtype=np.int64)
    hands = np.sort(np.concatenate(
        [np.repeat(pair_ranks, len(triples), axis=0), np.tile(triple_ranks, (len(pairs), 1))],
        axis=1), axis=1)
    possible = hands[:, 0] != hands[:, 4]  # sorted: not five of a rank
    cards = (hands * 4 + np.arange(5) % 4).astype(np.uint8)
    rank5 = np.zeros(len(hands), dtype=np.uint16)
    rank5[possible] = evaluate_batch(cards[possible], threads=1)
    flush5 = np.zeros(1 << _N_RANKS, dtype=np.uint16)
    fives = np.array(list(combinations(range(_N_RANKS), 5)), dtype=np.int64)
    flush5[(1 << fives).sum(axis=1)] = evaluate_batch((fives * 4).astype(np.uint8), threads=1)
    built = (pair_index, triple_index, rank5, flush5)
    for table in built:
        table.setflags(write=False)
    return built


def _orders(triple: tuple[int, ...]) -> list[tuple[int, int, int]]:
    return [(triple[i], triple[j], triple[k]) for i, j, k in
            ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]


def _card_rows(cards: HandBatch, what: str, invalid: InvalidRows) -> CardArray:
    """An (N, k) uint8 array of card ids from an integer array or a sequence of card strings.

    An id outside 0..51 (in a wider integer type) raises, or with invalid='zero' becomes 255,
    which the kernel rejects like any other bad id."""
    if isinstance(cards, str):
        cards = [cards]
    if isinstance(cards, np.ndarray) and cards.dtype.kind == "U":
        cards = cards.tolist() if cards.ndim == 1 else ["".join(r) for r in cards.tolist()]
    if isinstance(cards, np.ndarray):
        array = cards
    else:
        rows: list[Any] = list(cards)  # type: ignore[arg-type]  # a scalar: TypeError
        if rows and isinstance(rows[0], str):
            parsed: list[CardArray | None] = []
            for i, text in enumerate(rows):
                try:
                    parsed.append(parse_cards(text, allow_duplicates=True))
                except ValueError as exc:
                    if invalid == "raise":
                        raise ValueError(f"{what} row {i}: {exc}") from None
                    parsed.append(None)
            lengths = {len(p) for p in parsed if p is not None} or {5}
            if len(lengths) > 1:
                raise ValueError(f"all {what} rows need the same number of cards, got "
                                 f"{sorted(lengths)}")
            unparsed = np.full(lengths.pop(), 255, dtype=np.uint8)
            array = np.array([unparsed if p is None else p for p in parsed],
                             dtype=np.uint8).reshape(len(parsed), -1)
        else:
            array = np.asarray(rows)
    if array.dtype.kind not in "iu":
        raise TypeError(f"{what} card ids must be integers, not {array.dtype}")
    if array.dtype != np.uint8:
        outside = (array < 0) | (array >= N_CARDS)
        if outside.any():
            if invalid == "raise":
                bad = np.argwhere(outside)[0]
                where = f"row {bad[0]}: " if array.ndim == 2 else ""
                raise ValueError(f"{what} {where}card id {array[tuple(bad)]} is outside 0..51")
            array = np.where(outside, 255, array)
        array = array.astype(np.uint8)
    return array


def _explain_bad_row(holes: CardArray, boards: CardArray, row: int) -> str:
    ids = np.concatenate([holes[row], boards[row if len(boards) > 1 else 0]])
    if ids.max() >= N_CARDS:
        return f"row {row}: card id {int(ids.max())} is outside 0..51"
    dup = int(np.flatnonzero(np.bincount(ids, minlength=N_CARDS) > 1)[0])
    return (f"row {row}: duplicate card {format_cards([dup])} in "
            f"{format_cards(ids[:holes.shape[1]])} | {format_cards(ids[holes.shape[1]:])}")


def evaluate_omaha_batch(hole: HandBatch, board: HandBatch, *, threads: Threads = None,
                         invalid: InvalidRows = "raise",
                         out: npt.NDArray[np.uint16] | None = None) -> RankArray:
    """Omaha high ranks of many rows: the best hand of exactly 2 hole and 3 board cards.

    The same ranks as ``pk.omaha_hand(...).rank`` and ``pk.evaluate`` (1 worst .. 7462, a
    royal flush), from a compiled kernel on a pool of threads. Every row is checked: ids in
    0..51 and no card twice among its hole and board cards.

    Parameters
    ----------
    hole : array_like
        An (N, H) integer array of card ids, H in 4, 5, 6 (uint8 is used as it is; other
        integer types are converted), or a sequence of N hole-card strings with H cards each
        (``['AsKsQdJd', '7c7d2h2s']``).
    board : array_like
        The 5-card boards: an (N, 5) array or N strings, one board per row; or one board,
        a (5,) array, a list of 5 ids or a string (or a single row of boards), shared by every
        row.
    threads : int, optional
        How many threads the kernel may use (default: all that Numba uses). Results never
        depend on it.
    invalid : {'raise', 'zero'}, default 'raise'
        What a bad row does (an id outside 0..51, a card twice, a string that does not
        parse): ``'raise'`` raises a ValueError naming the first bad row; ``'zero'`` gives it
        rank 0, which no hand has (filter with ``ranks > 0``).
    out : numpy.ndarray, optional
        A writable C-contiguous uint16 array of shape (N,) to write the ranks into (no
        allocation per call when the caller reuses one).

    Returns
    -------
    numpy.ndarray
        The ranks, uint16, shape (N,) (``out`` itself when given).

    Raises
    ------
    ValueError
        With ``invalid='raise'``: if a row holds an id outside 0..51 or a card twice (the
        message names the row and the card), or a string does not parse. Either way: if the
        hole rows do not hold 4, 5 or 6 cards, the boards not 5, the numbers of hole and board
        rows differ (one shared board aside), ``out`` has the wrong shape, dtype or layout,
        ``invalid`` is not one of its values, or ``threads`` is not a positive integer.
    TypeError
        If the card ids are not integers (a float array, say).
    pokerkeys.TableError
        If a table file is missing or damaged.

    See Also
    --------
    pokerkeys.omaha_hand : One hand, with its best five cards.
    pokerkeys.evaluate_batch : Hold'em and 5-7 card hands in bulk.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.evaluate_omaha_batch(["AsKsQdJd", "AhAdKcKd"], ["Ts9s2s8h3c", "AsKsQsJs2h"])
    array([7054, 5853], dtype=uint16)
    >>> holes = np.array([[51, 50, 49, 48], [0, 1, 4, 5]], dtype=np.uint8)
    >>> pk.evaluate_omaha_batch(holes, np.array([47, 43, 39, 2, 6]), threads=1)
    array([4137, 5116], dtype=uint16)
    >>> pk.evaluate_omaha_batch(["AsKsQdJd", "AsAhTs3d"], "Ts9s2s8h3c", invalid="zero")
    array([7054,    0], dtype=uint16)
    >>> pk.evaluate_omaha_batch(["AsKsQdJd", "AsAhTs3d"], "Ts9s2s8h3c")
    Traceback (most recent call last):
    ...
    ValueError: row 1: duplicate card Ts in As Ah Ts 3d | Ts 9s 2s 8h 3c
    """
    if invalid not in INVALID_ROWS:
        raise ValueError(f"invalid must be one of {', '.join(map(repr, INVALID_ROWS))}, "
                         f"not {invalid!r}")
    holes = _card_rows(hole, "hole", invalid)
    boards = _card_rows(board, "board", invalid)
    if boards.ndim == 1:
        boards = boards.reshape(1, -1)
    if holes.ndim != 2 or holes.shape[1] not in HOLE_SIZES:
        raise ValueError(f"hole cards are an (N, 4|5|6) array, got shape {holes.shape}")
    if boards.ndim != 2 or boards.shape[1] != 5:
        raise ValueError(f"an Omaha board here has 5 cards: boards are an (N, 5) array or "
                         f"one (5,) board, got shape {boards.shape}")
    n = len(holes)
    if len(boards) not in (n, 1):  # one board is shared by every row, as NumPy broadcasts
        raise ValueError(f"{n} hole rows but {len(boards)} boards (give one board per row, "
                         f"or one board for all)")
    if out is None:
        out = np.empty(n, dtype=np.uint16)
    elif not (isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == (n,)
              and out.flags.c_contiguous and out.flags.writeable):
        raise ValueError(f"out must be a writable C-contiguous uint16 array of shape ({n},)")
    if n:
        holes_view = np.ascontiguousarray(holes).view()
        boards_view = np.ascontiguousarray(boards).view()
        holes_view.setflags(write=False)  # one compiled signature for every caller's array
        boards_view.setflags(write=False)
        n_chunks = -(-n // _k.CHUNK_ROWS)
        bad = np.zeros(n_chunks, dtype=np.int64)
        _jit.check_threads(threads)
        _jit.run_chunks(_k.best_ranks_chunks, n_chunks, threads, holes_view, boards_view, out,
                        bad, _pairs(holes.shape[1]), _pairs(5, 3), *omaha_tables())
        if invalid == "raise" and bad.any():
            raise ValueError(_explain_bad_row(holes_view, boards_view, int(np.argmin(out))))
    return out


@cache
def _pairs(n: int, k: int = 2) -> npt.NDArray[np.int64]:
    return _k.subsets(n, k)
