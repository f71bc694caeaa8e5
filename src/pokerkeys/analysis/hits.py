"""``range_hits``: how a range's combos (by weight) hit a board, in Flopzilla's categories.

Every combo falls in exactly one made-hand category (``MADE``, best first); draws (``DRAWS``)
are counted beside it, a combo may have several. The definitions:

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

Short deck (``game='shortdeck'``, the 36 cards six to ace) uses the same categories in its own
order (``made_order``): a flush ranks above a full house, and a set or trips above a straight
with the default ``rules='trips-beat-straight'`` (below it with ``'straight-beats-trips'``); a
combo falls in the first category of that order it makes. A-6-7-8-9 is the lowest straight, so
the ace counts at both ends of straight draws. The draws keep their definitions, and their outs
come from the 36-card deck: a flush draw has 5 outs among the unseen cards (9 cards a suit), an
open-ender 8 (two ranks), a gutshot 4. A set or trips that beats a straight has no straight draw.
A straight with three of a kind on the board alone counts as a straight (board trips count for
nobody).

>>> import pokerkeys as pk
>>> hits = pk.range_hits("QQ+, AKs", "Qh 7c 2d")
>>> hits["overpair"]["combos"], hits["set"]["combos"]
(12.0, 3.0)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

import numpy as np

from .._kernels import hits as _k
from ..core.cards import format_card, format_cards, parse_cards
from ..core.shortdeck import FIRST_CARD, Rules, check_short_deck, resolve_rules
from ..core.types import BoolArray, CardArray, CardsLike, FloatArray, IntArray
from ..equity.ranges import Range
from ..equity.setup import read_range
from .hit_entry import HitEntry

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

    from ..equity.omaha_ranges import OmahaRange
    from .omaha_hits import OmahaRangeHits

# Range texts meaning every hand: in short deck, every hand of its 36 cards.
_EVERY_HAND = ("random", "any")
_OMAHA_HOLE = {"omaha": 4, "omaha5": 5, "omaha6": 6}

__all__ = ["DRAWS", "MADE", "RangeHits", "made_order", "range_hits"]

MADE = ("straight flush", "quads", "full house", "flush", "straight", "set", "trips",
        "two pair", "overpair", "top pair", "pocket pair below top pair", "middle pair",
        "weak pair", "ace high", "nothing")
DRAWS = ("flush draw", "nut flush draw", "open-ended straight draw", "gutshot",
         "two overcards", "backdoor flush draw")


def made_order(rules: Rules | None = None) -> tuple[str, ...]:
    """The made-hand categories of a game, best first.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        None: Hold'em (``MADE``); a rule order: short deck, where a flush beats a full house
        and, by the rules, a set or trips beats a straight or not.

    Returns
    -------
    tuple of str
        The names of ``MADE``, in the game's order.

    Examples
    --------
    >>> from pokerkeys.analysis.hits import made_order
    >>> made_order("trips-beat-straight")[:7]
    ('straight flush', 'quads', 'flush', 'full house', 'set', 'trips', 'straight')
    >>> made_order("straight-beats-trips")[2:5]
    ('flush', 'full house', 'straight')
    """
    if rules is None:
        return MADE
    top = ("straight flush", "quads", "flush", "full house")
    rest = MADE[5:]
    if rules == "trips-beat-straight":
        return top + rest[:2] + ("straight",) + rest[2:]
    return top + ("straight",) + rest


class RangeHits(dict[str, HitEntry]):
    """What a range holds on a board: category name -> ``{"combos": ..., "share": ...}``.

    A dict whose keys are the made-hand categories (``MADE`` order, best first), then the
    draws (``DRAWS``); each value holds the category's weighted combos and their share of
    the range. ``str()`` prints the categories that occur, and every draw, as a table.
    Made by ``range_hits``.

    Parameters
    ----------
    board : numpy.ndarray of uint8
        The board's card ids (3 to 5).
    combos : numpy.ndarray of uint8, shape (N, 2)
        The range's combos left once the board's cards are out, higher card first.
    weights : numpy.ndarray of float64, shape (N,)
        Each combo's weight.
    made : numpy.ndarray of int64, shape (N,)
        Each combo's made-hand category, an index into ``MADE``.
    draws : numpy.ndarray of int64, shape (N,)
        Each combo's draws, bit k for ``DRAWS[k]``.
    order : tuple of str, optional
        The made-hand categories best first, as the keys and ``str()`` list them: ``MADE``
        (Hold'em) or a short-deck order (``made_order``).

    Attributes
    ----------
    board : numpy.ndarray of uint8
        The board's card ids.
    total : float
        The range's weighted combos on this board.
    order : tuple of str
        The made-hand categories, best first, in the game's order.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hits = pk.range_hits("QQ+, AKs", "Qh 7c 2d")
    >>> hits.total, hits["set"]
    (19.0, {'combos': 3.0, 'share': 0.15789473684210525})
    >>> print(hits)
    board Qh 7c 2d: 19 combos
    made hand                      combos    share
    set                                 3   15.79%
    overpair                           12   63.16%
    ace high                            4   21.05%
    draw                           combos    share
    flush draw                          0    0.00%
    nut flush draw                      0    0.00%
    open-ended straight draw            0    0.00%
    gutshot                             0    0.00%
    two overcards                       4   21.05%
    backdoor flush draw                 3   15.79%
    """

    def __init__(self, board: CardArray, combos: CardArray, weights: FloatArray,
                 made: IntArray, draws: IntArray, order: tuple[str, ...] = MADE) -> None:
        super().__init__()
        self.board = board
        self.total = float(weights.sum())
        self.order = order
        self._combos, self._weights, self._made, self._draws = combos, weights, made, draws
        for name in order:
            self[name] = self._entry(made == MADE.index(name))
        for k, name in enumerate(DRAWS):
            self[name] = self._entry((draws >> k) & 1 == 1)

    def _entry(self, chosen: BoolArray) -> HitEntry:
        combos = float(self._weights[chosen].sum())
        return {"combos": combos, "share": combos / self.total}

    def _chosen(self, name: str) -> BoolArray:
        if name in MADE:
            return self._made == MADE.index(name)
        if name in DRAWS:
            return (self._draws >> DRAWS.index(name)) & 1 == 1
        raise KeyError(f"unknown category {name!r}: choose one of {', '.join(MADE + DRAWS)}")

    def combos_in(self, name: str) -> list[str]:
        """The combos of the range in a category.

        Parameters
        ----------
        name : str
            A made-hand category (one of ``MADE``) or a draw (one of ``DRAWS``).

        Returns
        -------
        list of str
            The combos, such as ``'QdQc'`` (higher card first), in the range's order.

        Raises
        ------
        KeyError
            If ``name`` is neither a category nor a draw.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> pk.range_hits("QQ+, AKs", "Qh 7c 2d").combos_in("set")
        ['QdQc', 'QsQc', 'QsQd']
        """
        return [format_card(a) + format_card(b)
                for a, b in self._combos[self._chosen(name)].tolist()]

    def category_of(self, hand: CardsLike) -> str:
        """The made-hand category of one combo of the range.

        Parameters
        ----------
        hand : str, sequence of cards or array of card ids
            Two cards, in either order, such as ``'AhAd'``.

        Returns
        -------
        str
            One of ``MADE``.

        Raises
        ------
        ValueError
            If the combo is not in the range on this board, or the cards do not parse.

        Examples
        --------
        >>> import pokerkeys as pk
        >>> hits = pk.range_hits("QQ+, AKs", "Qh 7c 2d")
        >>> hits.category_of("QsQd"), hits.category_of("AhAd"), hits.category_of("AsKs")
        ('set', 'overpair', 'ace high')
        """
        ids = sorted(parse_cards(hand).tolist(), reverse=True)
        rows = np.flatnonzero((self._combos[:, 0] == ids[0]) & (self._combos[:, 1] == ids[1]))
        if len(rows) == 0:
            raise ValueError(f"{hand} is not in the range on this board")
        return MADE[self._made[rows[0]]]

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
        >>> frame = pk.range_hits("QQ+, AKs", "Qh 7c 2d").to_frame()
        >>> frame.shape
        (21, 4)
        >>> frame[frame.combos > 0].category.tolist()
        ['set', 'overpair', 'ace high', 'two overcards', 'backdoor flush draw']
        """
        rows: list[dict[str, object]] = [
            {"category": name, "kind": "made" if name in MADE else "draw", **entry}
            for name, entry in self.items()]
        try:
            import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no types
        except ImportError:
            return rows
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.board)}: {self.total:g} combos",
                 f"{'made hand':<28} {'combos':>8} {'share':>8}"]
        for name in self.order:
            if self[name]["combos"] > 0:
                lines.append(f"{name:<28} {self[name]['combos']:8.4g} "
                             f"{100 * self[name]['share']:7.2f}%")
        lines.append(f"{'draw':<28} {'combos':>8} {'share':>8}")
        for name in DRAWS:
            lines.append(f"{name:<28} {self[name]['combos']:8.4g} "
                         f"{100 * self[name]['share']:7.2f}%")
        return "\n".join(lines)


@overload
def range_hits(hand_range: str | Range, board: CardsLike,
               game: Literal["holdem", "shortdeck"] = ..., rules: Rules | None = ...
               ) -> RangeHits: ...
@overload
def range_hits(hand_range: str | Range | OmahaRange, board: CardsLike,
               game: Literal["omaha", "omaha5", "omaha6"], rules: None = ...
               ) -> OmahaRangeHits: ...


def range_hits(hand_range: str | Range | OmahaRange, board: CardsLike,
               game: Literal["holdem", "shortdeck", "omaha", "omaha5", "omaha6"] = "holdem",
               rules: Rules | None = None) -> RangeHits | OmahaRangeHits:
    """What a range holds on a board: weighted combos per made-hand category and per draw.

    Combos holding a board card are removed first. Each remaining combo falls in exactly one
    made-hand category (``MADE``) and may have several draws (``DRAWS``); the module's
    description defines them.

    Parameters
    ----------
    hand_range : str, Range or OmahaRange
        The range, as text (``'QQ+, AKs, 0.5:AQo'``) or a ``Range``; with an Omaha game,
        Omaha range text (``'AA:$ds, JT98'``), an ``OmahaRange`` or ``Range(text,
        game='omaha')``.
    board : str, sequence of cards or array of card ids
        3, 4 or 5 board cards.
    game : {'holdem', 'shortdeck', 'omaha', 'omaha5', 'omaha6'}, default 'holdem'
        ``'shortdeck'``: short deck (six-plus hold'em), the range's combos of six or higher
        on a board of six or higher, classified in the game's order (``made_order``). An
        Omaha game (4, 5 or 6 hole cards) calls
        ``pokerkeys.analysis.omaha_hits.omaha_range_hits``: Omaha's made hands (exactly
        two hole cards) and draws (flush and nut flush draws, gutshots, open-enders and
        wraps with their straight outs). An Omaha ``Range`` or ``OmahaRange`` goes there
        whatever ``game`` says.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck only: whether a set or trips ranks above a straight (None: it does).

    Returns
    -------
    RangeHits or OmahaRangeHits
        Category name -> weighted combos and share of the range, made hands first
        (``OmahaRangeHits`` for Omaha).

    Raises
    ------
    ValueError
        If the range or the board does not parse, the board does not have 3 to 5 cards, or
        no combo of the range is left once the board's cards are removed; if ``game`` is
        unknown, or ``rules`` is unknown or given with another game than short deck; in short
        deck, if a board card or a combo of the range is below the six (the message names
        the card).
    TypeError
        With an Omaha game, if ``hand_range`` is a hold'em ``Range``.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hits = pk.range_hits("JTs", "Qh 9h 2c")
    >>> hits["open-ended straight draw"]["share"], hits["flush draw"]["combos"]
    (1.0, 1.0)

    Omaha:

    >>> pk.range_hits("JT98", "Qh 9h 2c", game="omaha")["wrap"]["combos"]
    192.0

    Short deck, where A-6-7-8-9 is a straight and a set beats one:

    >>> sd = pk.range_hits("TT+, AJs", "9h 8h 7c", game="shortdeck")
    >>> sd["overpair"]["combos"], sd["open-ended straight draw"]["combos"]
    (30.0, 10.0)
    >>> pk.range_hits("A6s", "9s 8s 7c", game="shortdeck").combos_in("straight")
    ['Ac6c', 'Ad6d', 'Ah6h', 'As6s']
    """
    from ..equity.omaha_ranges import OmahaRange

    omaha = isinstance(hand_range, OmahaRange) or (
        isinstance(hand_range, Range) and hand_range.omaha_range is not None)
    if game not in _OMAHA_HOLE and game not in ("holdem", "shortdeck"):
        raise ValueError(f"unknown game {game!r}: choose one of holdem, shortdeck, "
                         f"{', '.join(_OMAHA_HOLE)}")
    if game in _OMAHA_HOLE or omaha:
        if rules is not None:
            raise ValueError(f"rules apply to game='shortdeck' only, not to game={game!r}")
        from .omaha_hits import omaha_range_hits
        return omaha_range_hits(hand_range, board, _OMAHA_HOLE.get(game, 4))
    assert not isinstance(hand_range, OmahaRange)
    short = resolve_rules(game, rules)
    if isinstance(hand_range, Range):
        rng = hand_range
    elif short is not None and isinstance(hand_range, str):
        rng = read_range(hand_range, short)  # as equity reads it: '15%' of the short deck
    else:
        rng = Range(hand_range)
    try:
        board_ids = parse_cards(board)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"board: {exc}") from None
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(f"range_hits needs a board of 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    if short is not None:
        check_short_deck(board_ids, "the board")
        is_low = (rng.combos < FIRST_CARD).any(axis=1)
        if rng.text.strip().lower() in _EVERY_HAND:  # every hand of the short deck
            rng = Range.from_combos(rng.combos[~is_low], rng.weights[~is_low])
        elif is_low.any():
            check_short_deck(sorted(rng.combos[is_low][0].tolist()), f"the range {rng.text!r}")
    on_board = np.zeros(52, dtype=bool)
    on_board[board_ids] = True
    free = ~(on_board[rng.combos[:, 0]] | on_board[rng.combos[:, 1]])
    combos = np.ascontiguousarray(rng.combos[free])
    weights = rng.weights[free]
    if len(combos) == 0:
        raise ValueError(f"the range {rng.text!r} is empty once the board's cards are removed")
    made = np.empty(len(combos), dtype=np.int64)
    draws = np.empty(len(combos), dtype=np.int64)
    board_u8 = np.ascontiguousarray(board_ids, dtype=np.uint8)
    if short is None:
        _k.classify(combos, board_u8, made, draws)
    else:
        _k.classify_short(combos, board_u8, made, draws, short == "trips-beat-straight")
    return RangeHits(board_ids, combos, weights, made, draws, made_order(short))
