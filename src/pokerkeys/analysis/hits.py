"""``range_hits``: how a range's combos (by weight) hit a board, in Flopzilla's categories.

Every combo falls in exactly one made-hand category (``MADE``, best first); draws (``DRAWS``)
are counted beside it, a combo may have several. The definitions (README "Range analysis"):

* straight flush, quads, full house, flush, straight: the best five of hole and board cards
  make it, even when the board alone does (a flush on the board counts for every combo);
* set: a pocket pair with one board card of its rank; trips: one hole card with a board pair;
* two pair: both hole cards pair different board cards;
* overpair: a pocket pair above every board card; pocket pair below top pair: any other
  pocket pair without a set;
* top pair / middle pair / weak pair: one hole card pairs the highest / second highest /
  a lower distinct board rank;
* ace high: none of the above and an ace in the hand; nothing: the rest.
  Pairs and trips on the board alone count for nobody: AK on 7-7-2 is ace high.
* flush draw: four cards of a suit with at least one hole card, below a flush; nut flush draw:
  a flush draw holding the best card of its suit not on the board;
* open-ended straight draw: two or more ranks complete a straight the board alone would not
  make (double gutshots included), gutshot: exactly one; both only below a straight;
* two overcards: ace high or nothing with both hole cards above every board card;
* backdoor flush draw (flop only): three cards of a suit with at least one hole card and no
  flush draw.

Draws exist on flops and turns only.
"""
from __future__ import annotations

import numpy as np

from .._kernels import hits as _k
from ..core.cards import format_card, format_cards, parse_cards
from ..equity.ranges import Range

MADE = ("straight flush", "quads", "full house", "flush", "straight", "set", "trips",
        "two pair", "overpair", "top pair", "pocket pair below top pair", "middle pair",
        "weak pair", "ace high", "nothing")
DRAWS = ("flush draw", "nut flush draw", "open-ended straight draw", "gutshot",
         "two overcards", "backdoor flush draw")


class RangeHits(dict):
    """Category name -> {"combos": weighted combos, "share": of the range}; made hands first
    (``MADE`` order), then draws (``DRAWS``). ``total``: the range's weighted combos on this
    board; ``combos_in(name)``: the combos of a category, as strings."""

    def __init__(self, board, combos, weights, made, draws):
        self.board = board
        self.total = float(weights.sum())
        self._combos, self._weights, self._made, self._draws = combos, weights, made, draws
        for k, name in enumerate(MADE):
            self[name] = self._entry(made == k)
        for k, name in enumerate(DRAWS):
            self[name] = self._entry((draws >> k) & 1 == 1)

    def _entry(self, chosen) -> dict:
        combos = float(self._weights[chosen].sum())
        return {"combos": combos, "share": combos / self.total}

    def _chosen(self, name):
        if name in MADE:
            return self._made == MADE.index(name)
        if name in DRAWS:
            return (self._draws >> DRAWS.index(name)) & 1 == 1
        raise KeyError(f"unknown category {name!r}: choose one of {', '.join(MADE + DRAWS)}")

    def combos_in(self, name) -> list[str]:
        return [format_card(a) + format_card(b)
                for a, b in self._combos[self._chosen(name)].tolist()]

    def category_of(self, hand) -> str:
        """The made-hand category of one combo of the range, e.g. 'AhAd' -> 'set'."""
        ids = sorted(parse_cards(hand).tolist(), reverse=True)
        rows = np.flatnonzero((self._combos[:, 0] == ids[0]) & (self._combos[:, 1] == ids[1]))
        if len(rows) == 0:
            raise ValueError(f"{hand} is not in the range on this board")
        return MADE[self._made[rows[0]]]

    def to_frame(self):
        """A pandas DataFrame (category, kind, combos, share), or a list of dicts without
        pandas."""
        rows = [{"category": name, "kind": "made" if name in MADE else "draw", **entry}
                for name, entry in self.items()]
        try:
            import pandas as pd
        except ImportError:
            return rows
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.board)}: {self.total:g} combos",
                 f"{'made hand':<28} {'combos':>8} {'share':>8}"]
        for name in MADE:
            if self[name]["combos"] > 0:
                lines.append(f"{name:<28} {self[name]['combos']:8.4g} "
                             f"{100 * self[name]['share']:7.2f}%")
        lines.append(f"{'draw':<28} {'combos':>8} {'share':>8}")
        for name in DRAWS:
            lines.append(f"{name:<28} {self[name]['combos']:8.4g} "
                         f"{100 * self[name]['share']:7.2f}%")
        return "\n".join(lines)


def range_hits(hand_range, board) -> RangeHits:
    """What ``hand_range`` (range text or a ``Range``) holds on ``board`` (3, 4 or 5 cards):
    weighted combos per made-hand category and per draw, combos on the board removed."""
    rng = hand_range if isinstance(hand_range, Range) else Range(hand_range)
    try:
        board_ids = parse_cards(board)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"board: {exc}") from None
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(f"range_hits needs a board of 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    on_board = np.zeros(52, dtype=bool)
    on_board[board_ids] = True
    free = ~(on_board[rng.combos[:, 0]] | on_board[rng.combos[:, 1]])
    combos = np.ascontiguousarray(rng.combos[free])
    weights = rng.weights[free]
    if len(combos) == 0:
        raise ValueError(f"the range {rng.text!r} is empty once the board's cards are removed")
    made = np.empty(len(combos), dtype=np.int64)
    draws = np.empty(len(combos), dtype=np.int64)
    _k.classify(combos, np.ascontiguousarray(board_ids, dtype=np.uint8), made, draws)
    return RangeHits(board_ids, combos, weights, made, draws)
