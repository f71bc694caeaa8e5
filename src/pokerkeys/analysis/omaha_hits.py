"""``omaha_range_hits``: how an Omaha range's hands (by weight) hit a board.

Each hand falls in exactly one made-hand category (``OMAHA_MADE``, best first), read from its
best Omaha hand (exactly two hole cards and three board cards), and may have draws
(``OMAHA_DRAWS``) beside it. The definitions:

* straight flush, quads, full house, flush, straight: the best hand's category;
* set: three of a kind with a pocket pair and one board card of its rank; trips: one hole
  card with a board pair; trips on the board alone count for nobody;
* two pair: two hole cards each pairing a different board card; with a board pair, the hand
  is read by its own pair (a pocket pair or one hole card pairing the board);
* overpair: a pocket pair above every board card; pocket pair below top pair: any other
  pocket pair that makes the best hand's pair;
* top pair / middle pair / weak pair: one hole card pairs the highest / second highest /
  a lower distinct board rank; nothing: the rest (a pair on the board alone included).
* flush draw: two hole cards of a suit with exactly two board cards of it (one more makes a
  flush), below a flush; nut flush draw: a flush draw holding the best card of its suit not
  on the board;
* straight draws, below a straight: the outs are the unseen cards (not in the hand or on the
  board) that give the hand a straight; by how many ranks make one: gutshot (one rank,
  up to 4 outs), open-ended straight draw (two ranks, up to 8: open-enders and double
  gutshots), wrap (three or more ranks, 9 to 20 outs). ``outs`` counts the hands by their
  number of straight outs.

Draws exist on flops and turns only.

>>> import pokerkeys as pk
>>> hits = pk.omaha_range_hits("AA:$ds, JT98", "Qh 9h 2c")
>>> hits["overpair"]["combos"], hits["wrap"]["combos"]
(729.0, 192.0)
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from ..core.cards import format_cards, parse_cards
from ..core.evaluate import CATEGORY_OF_RANK, evaluate_batch
from ..core.types import BoolArray, CardArray, CardsLike, FloatArray, IntArray
from .hit_entry import HitEntry

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

    from ..equity.omaha_ranges import OmahaRange
    from ..equity.ranges import Range

__all__ = ["OMAHA_DRAWS", "OMAHA_MADE", "OmahaRangeHits", "omaha_range_hits"]

OMAHA_MADE = ("straight flush", "quads", "full house", "flush", "straight", "set", "trips",
              "two pair", "overpair", "top pair", "pocket pair below top pair", "middle pair",
              "weak pair", "nothing")
OMAHA_DRAWS = ("flush draw", "nut flush draw", "wrap", "open-ended straight draw", "gutshot")
_NOTHING = OMAHA_MADE.index("nothing")
# Hands per batch of the evaluation: 60-90 five-card rows each.
_BATCH = 20_000
# The ten straights as 13-bit rank masks (bit r for rank r, 0 = deuce), the wheel last.
_STRAIGHTS = np.array([0b11111 << low for low in range(9)] + [(1 << 12) | 0b1111],
                      dtype=np.int64)
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)


def _best_hands(hands: CardArray, board: CardArray) -> tuple[IntArray, CardArray]:
    """Each hand's best Omaha rank and the two hole cards it uses."""
    pairs = np.array(list(combinations(range(hands.shape[1]), 2)))
    triples = np.array(list(combinations(range(len(board)), 3)))
    ranks = np.empty(len(hands), dtype=np.int64)
    used = np.empty((len(hands), 2), dtype=np.uint8)
    for lo in range(0, len(hands), _BATCH):
        chunk = hands[lo:lo + _BATCH]
        hole = chunk[:, pairs]                                   # (n, P, 2)
        rows = np.concatenate([np.repeat(hole, len(triples), axis=1),
                               np.tile(board[triples], (len(chunk), len(pairs), 1))], axis=2)
        r = evaluate_batch(rows.reshape(-1, 5)).reshape(len(chunk), -1).astype(np.int64)
        best = r.argmax(axis=1)
        ranks[lo:lo + len(chunk)] = r[np.arange(len(chunk)), best]
        used[lo:lo + len(chunk)] = hole[np.arange(len(chunk)), best // len(triples)]
    return ranks, used


def _made(hands: CardArray, board: CardArray) -> IntArray:
    """Each hand's made-hand category, an index into OMAHA_MADE."""
    best, used = _best_hands(hands, board)
    category = CATEGORY_OF_RANK[best].astype(np.int64)         # 1 high card .. 9 SF
    out = np.full(len(hands), _NOTHING, dtype=np.int64)
    out[category >= 5] = 9 - category[category >= 5]            # SF 0 .. straight 4
    used_ranks = (used >> 2).astype(np.int64)                    # (N, 2)
    board_ranks = (board >> 2).astype(np.int64)
    board_count = np.bincount(board_ranks, minlength=13)
    distinct = sorted(set(board_ranks.tolist()), reverse=True)
    top = distinct[0]

    def pair_class(rank: IntArray, from_hole: IntArray) -> IntArray:
        """A pair of `rank` with `from_hole` hole cards: pocket pair or pairing the board."""
        cls = np.full(len(rank), _NOTHING, dtype=np.int64)
        pocket = from_hole == 2
        cls[pocket] = np.where(rank[pocket] > top, OMAHA_MADE.index("overpair"),
                               OMAHA_MADE.index("pocket pair below top pair"))
        one = from_hole == 1
        position = np.array([distinct.index(int(r)) if r in distinct else 99
                             for r in rank[one].tolist()], dtype=np.int64)
        cls[one] = np.select([position == 0, position == 1],
                             [OMAHA_MADE.index("top pair"), OMAHA_MADE.index("middle pair")],
                             OMAHA_MADE.index("weak pair"))
        return cls

    # The rank counts of each hand's best five cards: its two hole cards and, because board
    # ranks may repeat, the board ranks its pattern needs, read from the category itself.
    trips = category == 4
    if trips.any():
        five = np.zeros((int(trips.sum()), 13), dtype=np.int64)
        np.add.at(five, (np.arange(len(five))[:, None], used_ranks[trips]), 1)
        five += board_count[None, :]
        # The trips' rank: three of it among the hole pair and the board (the highest such).
        rank = 12 - np.argmax((five >= 3)[:, ::-1], axis=1)
        from_hole = (used_ranks[trips] == rank[:, None]).sum(axis=1)
        out[trips] = np.select([from_hole == 2, from_hole == 1],
                               [OMAHA_MADE.index("set"), OMAHA_MADE.index("trips")], _NOTHING)
    for cat in (3, 2):  # two pair, one pair: the pairs the hole cards make
        chosen = category == cat
        if not chosen.any():
            continue
        ur = used_ranks[chosen]
        pocket = ur[:, 0] == ur[:, 1]
        hits = board_count[ur] > 0                               # (n, 2): pairs a board card
        cls = np.full(len(ur), _NOTHING, dtype=np.int64)
        both = ~pocket & hits.all(axis=1)
        cls[both] = OMAHA_MADE.index("two pair")
        cls[pocket] = pair_class(ur[pocket, 0], np.full(int(pocket.sum()), 2))
        single = ~pocket & (hits.sum(axis=1) == 1)
        rank = np.where(hits[single, 0], ur[single, 0], ur[single, 1])
        cls[single] = pair_class(rank, np.ones(len(rank), dtype=np.int64))
        out[chosen] = cls
    return out


def _straight(hole_masks: IntArray, board_mask: IntArray) -> BoolArray:
    """Whether two hole ranks and three board ranks make a straight (rank masks, (N,))."""
    found = np.zeros(len(hole_masks), dtype=bool)
    for window in _STRAIGHTS.tolist():
        missing = window & ~board_mask
        found |= ((_POPCOUNT[missing] <= 2) & ((missing & ~hole_masks) == 0)
                  & (_POPCOUNT[hole_masks & window] >= 2))
    return found


def _draws(hands: CardArray, board: CardArray, made: IntArray) -> tuple[IntArray, IntArray]:
    """Each hand's draws (bit k for OMAHA_DRAWS[k]) and its number of straight outs."""
    n = len(hands)
    draws = np.zeros(n, dtype=np.int64)
    outs = np.zeros(n, dtype=np.int64)
    if len(board) == 5:
        return draws, outs
    suits, ranks = hands & 3, hands >> 2
    board_suits = np.bincount(board & 3, minlength=4)
    below_flush = made > OMAHA_MADE.index("flush")
    on_board = np.zeros(52, dtype=bool)
    on_board[board] = True
    for s in np.flatnonzero(board_suits == 2).tolist():
        mine = suits == s
        fd = (mine.sum(axis=1) >= 2) & below_flush
        draws[fd] |= 1
        # The nut card: the highest card of the suit not on the board.
        nut = max(r for r in range(13) if not on_board[4 * r + s])
        draws[fd & (mine & (ranks == nut)).any(axis=1)] |= 2
    hole_masks = np.zeros(n, dtype=np.int64)
    for j in range(hands.shape[1]):
        hole_masks |= np.int64(1) << ranks[:, j].astype(np.int64)
    board_mask = int(np.bitwise_or.reduce(np.int64(1) << (board >> 2).astype(np.int64)))
    below = made > OMAHA_MADE.index("straight")
    out_ranks = np.zeros(n, dtype=np.int64)
    held = np.zeros((n, 13), dtype=np.int64)
    np.add.at(held, (np.arange(n)[:, None], ranks.astype(np.int64)), 1)
    board_count = np.bincount(board >> 2, minlength=13)
    for r in range(13):
        if board_mask >> r & 1:
            continue  # a board rank again adds no rank to the board's straights
        makes = below & _straight(hole_masks, np.full(n, board_mask | (1 << r)))
        out_ranks += makes
        outs += makes * (4 - held[:, r] - board_count[r])
    for k, name in enumerate(OMAHA_DRAWS[2:], start=2):
        low = {"wrap": 3, "open-ended straight draw": 2, "gutshot": 1}[name]
        high = 13 if name == "wrap" else low
        draws[(out_ranks >= low) & (out_ranks <= high)] |= 1 << k
    return draws, outs


class OmahaRangeHits(dict[str, "HitEntry"]):
    """What an Omaha range holds on a board: category -> ``{"combos": ..., "share": ...}``.

    A dict whose keys are the made-hand categories (``OMAHA_MADE`` order, best first), then
    the draws (``OMAHA_DRAWS``); each value holds the category's weighted hands and their
    share of the range. ``outs`` counts the hands by their straight outs. Made by
    ``omaha_range_hits``.

    Parameters
    ----------
    board : numpy.ndarray of uint8
        The board's card ids (3 to 5).
    hands : numpy.ndarray of uint8, shape (N, H)
        The range's hands left once the board's cards are out.
    weights : numpy.ndarray of float64, shape (N,)
        Each hand's weight.
    made : numpy.ndarray of int64, shape (N,)
        Each hand's made-hand category, an index into ``OMAHA_MADE``.
    draws : numpy.ndarray of int64, shape (N,)
        Each hand's draws, bit k for ``OMAHA_DRAWS[k]``.
    outs : numpy.ndarray of int64, shape (N,)
        Each hand's straight outs (0 without a straight draw).

    Attributes
    ----------
    board : numpy.ndarray of uint8
        The board's card ids.
    total : float
        The range's weighted hands on this board.
    outs : dict of int to HitEntry
        Straight outs (1 or more) -> the weighted hands with that many, and their share.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hits = pk.omaha_range_hits("JT98, AhAd**", "Qh 9h 2c")
    >>> hits.total, hits["wrap"]["combos"], sorted(hits.outs)[:3]
    (1273.0, 192.0, [4, 8, 13])
    """

    def __init__(self, board: CardArray, hands: CardArray, weights: FloatArray,
                 made: IntArray, draws: IntArray, outs: IntArray) -> None:
        super().__init__()
        self.board = board
        self.total = float(weights.sum())
        self._hands, self._weights, self._made, self._draws = hands, weights, made, draws
        self._outs = outs
        for k, name in enumerate(OMAHA_MADE):
            self[name] = self._entry(made == k)
        for k, name in enumerate(OMAHA_DRAWS):
            self[name] = self._entry((draws >> k) & 1 == 1)
        self.outs = {int(n): self._entry(outs == n) for n in np.unique(outs[outs > 0])}

    def _entry(self, chosen: BoolArray) -> HitEntry:
        combos = float(self._weights[chosen].sum())
        return {"combos": combos, "share": combos / self.total}

    def _chosen(self, name: str) -> BoolArray:
        if name in OMAHA_MADE:
            return self._made == OMAHA_MADE.index(name)
        if name in OMAHA_DRAWS:
            return (self._draws >> OMAHA_DRAWS.index(name)) & 1 == 1
        raise KeyError(f"unknown category {name!r}: choose one of "
                       f"{', '.join(OMAHA_MADE + OMAHA_DRAWS)}")

    def combos_in(self, name: str) -> list[str]:
        """The hands of the range in a category.

        Parameters
        ----------
        name : str
            One of ``OMAHA_MADE`` or ``OMAHA_DRAWS``.

        Returns
        -------
        list of str
            The hands, such as ``'9cTdJhQs'`` (ascending card ids), in the range's order.

        Raises
        ------
        KeyError
            If ``name`` is neither a category nor a draw.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.omaha_range_hits("QQ:$ds", "Qh 7c 2d").combos_in("set")[:2]
        ['2c2sQcQs', '2c3dQcQd']
        """
        return [format_cards(row, sep="") for row in self._hands[self._chosen(name)]]

    def to_frame(self) -> pd.DataFrame | list[dict[str, object]]:
        """The categories as a table: a pandas DataFrame, or a list of dicts without pandas.

        Returns
        -------
        pandas.DataFrame or list of dict
            One row per category and draw, in order, with the columns ``category``, ``kind``
            (``'made'`` or ``'draw'``), ``combos`` and ``share``.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> len(pk.omaha_range_hits("AA", "Kh 7c 2d").to_frame())
        19
        """
        rows: list[dict[str, object]] = [
            {"category": name, "kind": "made" if name in OMAHA_MADE else "draw", **entry}
            for name, entry in self.items()]
        try:
            import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no types
        except ImportError:
            return rows
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.board)}: {self.total:g} hands",
                 f"{'made hand':<28} {'hands':>9} {'share':>8}"]
        for name in OMAHA_MADE:
            if self[name]["combos"] > 0:
                lines.append(f"{name:<28} {self[name]['combos']:9.6g} "
                             f"{100 * self[name]['share']:7.2f}%")
        lines.append(f"{'draw':<28} {'hands':>9} {'share':>8}")
        for name in OMAHA_DRAWS:
            lines.append(f"{name:<28} {self[name]['combos']:9.6g} "
                         f"{100 * self[name]['share']:7.2f}%")
        for n, entry in self.outs.items():
            label = f"  {n} straight out{'s' if n != 1 else ''}"
            lines.append(f"{label:<28} {entry['combos']:9.6g} {100 * entry['share']:7.2f}%")
        return "\n".join(lines)


def omaha_range_hits(hand_range: str | Range | OmahaRange, board: CardsLike,
                     hole_cards: int = 4) -> OmahaRangeHits:
    """What an Omaha range holds on a board: weighted hands per made hand and per draw.

    Hands holding a board card are removed first. Each remaining hand falls in exactly one
    made-hand category (``OMAHA_MADE``) and may have draws (``OMAHA_DRAWS``); the module's
    description defines them, including straight outs (gutshots, open-enders, wraps).

    Parameters
    ----------
    hand_range : str, Range or OmahaRange
        The range: text in ProPokerTools' generic syntax (``'AA:$ds, JT98'``), an
        ``OmahaRange``, or ``Range(text, game='omaha')``.
    board : str, sequence of cards or array of card ids
        3, 4 or 5 board cards.
    hole_cards : {4, 5, 6}, default 4
        Cards per hand, for range text.

    Returns
    -------
    OmahaRangeHits
        Category -> weighted hands and share of the range, made hands first; ``outs``.

    Raises
    ------
    ValueError
        If the range or the board does not parse, the board does not have 3 to 5 cards, or
        no hand of the range is left once the board's cards are removed.
    TypeError
        If ``hand_range`` is a hold'em ``Range``.

    See Also
    --------
    pokerkeys.range_hits : the same for hold'em (``game='omaha'`` calls this function).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hits = pk.omaha_range_hits("KK:$ds", "Kh 7h 2c")
    >>> hits["set"]["combos"], hits["nut flush draw"]["combos"]
    (408.0, 0.0)
    """
    from ..equity.omaha_ranges import OmahaRange, parse_omaha_range
    from ..equity.ranges import Range

    if isinstance(hand_range, Range):
        if hand_range.omaha_range is None:
            raise TypeError(f"{hand_range.text!r} is a hold'em range; give Omaha range text "
                            "or Range(text, game='omaha')")
        rng = hand_range.omaha_range
    elif isinstance(hand_range, OmahaRange):
        rng = hand_range
    else:
        rng = parse_omaha_range(hand_range, hole_cards)
    try:
        board_ids = parse_cards(board)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"board: {exc}") from None
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(f"range_hits needs a board of 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    on_board = np.zeros(52, dtype=bool)
    on_board[board_ids] = True
    live = ~on_board[rng.hands].any(axis=1)
    hands = np.ascontiguousarray(rng.hands[live])
    weights = rng.weights[live]
    if len(hands) == 0:
        raise ValueError(f"the range {rng.text!r} is empty once the board's cards are removed")
    made = _made(hands, board_ids)
    draws, outs = _draws(hands, board_ids, made)
    return OmahaRangeHits(board_ids, hands, weights, made, draws, outs)
