"""An equity problem, checked: the players, the board, the dead cards and each player's combos.

``prepare`` reads what ``pk.equity`` is given (hands, partly known hands, random hands,
ranges, board and dead cards), reports every bad input with the player or place it concerns,
and gives the ``Setup`` that hold'em's enumeration, Monte Carlo and per-combo results (and the
flop report) work from.

>>> from pokerkeys.equity.setup import prepare
>>> setup = prepare(["AhKh", "QQ+"], board="Qh7h2c")
>>> setup.labels, [len(c) for c in setup.combo_lists]
(['AhKh', 'QQ+'], [1, 9])

Short deck (``rules`` given): every card of the problem must be six or higher, and the 16 twos
to fives leave the deck as if dead (``Setup.excluded``), so the same enumeration and Monte
Carlo deal only the 36 short-deck cards.

>>> short = prepare(["AhKh", "random"], rules="trips-beat-straight")
>>> short.n_rem, len(short.combo_lists[1])
(32, 561)
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np

from ..core.cards import N_CARDS, RANK_CHARS, excerpt, format_card, format_cards, parse_cards
from ..core.classes import ALL_COMBOS, COMBO_INDEX_TABLE
from ..core.shortdeck import FIRST_CARD, Rules, check_short_deck
from ..core.types import CardArray, CardsLike, FloatArray
from .ranges import Range

__all__ = ["MAX_PLAYERS", "PerCombo", "Player", "PlayerSpec", "Setup", "prepare", "read_range"]

#: One player of ``equity``: a hand (``'AhKh'``, or two card ids), a partly known hand
#: (``'Ah??'``), an unknown hand (``'??'``, ``'random'``), range text (``'QQ+,AKs'``,
#: ``'JJ:0.5'``, ``'15%'``) or a ``Range``.
PlayerSpec: TypeAlias = str | Range | CardsLike

#: Whose per-combo results ``equity`` keeps: True (every player given as a range, 'random' or
#: 'Ah??'), False (nobody), or a player's 0-based index or a sequence of them.
PerCombo: TypeAlias = bool | int | Sequence[int]

#: Most players of one equity problem.
MAX_PLAYERS = 10


@dataclass(frozen=True)
class Player:
    """One player's hole cards as the engine sees them (``Setup.players``).

    Attributes
    ----------
    label : str
        The player as results show it: ``'AhKh'``, ``'Ah ??'``, ``'random'`` or range text.
    known : tuple of int
        The known hole cards' ids: 2 for a hand, 1 for a partly known hand, 0 for an unknown
        hand or a range.
    range : Range or None
        The range of a range player (``known`` is empty then), else None.

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> [(p.label, p.known, p.kind) for p in prepare(["AhKh", "Qs??", "random"]).players]
    [('AhKh', (50, 46), 'hand'), ('Qs ??', (43,), 'partial'), ('random', (), 'random')]
    """

    label: str
    known: tuple[int, ...]
    range: Range | None = None

    @property
    def kind(self) -> Literal["hand", "partial", "random", "range"]:
        """``'hand'``, ``'partial'`` (one known card), ``'random'`` or ``'range'``."""
        if self.range is not None:
            return "range"
        kinds: dict[int, Literal["hand", "partial", "random"]] = {
            2: "hand", 1: "partial", 0: "random"}
        return kinds[len(self.known)]


_RANDOM_WORDS = {"??", "????", "random", "any", "xx", "xxxx", "*"}


def _written_as_cards(text: str) -> bool:
    """Text written as cards, maybe with a typo: pairs of characters, each a rank then one
    more character, at least one pair a card ('AhKx'). Range text ('QQ+', 'AKs', 'AKx')
    has other shapes."""
    words = [w for w in re.split(r"[\s,;]+", text.replace("10", "T")) if w]
    if not words or any(len(w) % 2 or any(w[i].upper() not in RANK_CHARS
                                          for i in range(0, len(w), 2)) for w in words):
        return False
    for pair in (w[i:i + 2] for w in words for i in range(0, len(w), 2)):
        try:
            parse_cards(pair)
        except ValueError:
            continue
        return True
    return False


def read_range(text: str, rules: Rules | None = None) -> Range:
    """A player's range text as ``equity`` reads it: hold'em's, or short deck's.

    In short deck (``rules`` given) the text is a short-deck ``Range``, so ``'15%'`` is 15% of
    its 630 hands. A text whose fault is a card below the six is read as hold'em's Range
    instead, so that the caller names the card and where it is, as for a hand or a board
    (``pokerkeys.core.shortdeck.check_short_deck``).

    Parameters
    ----------
    text : str
        Range text (``pokerkeys.equity.ranges`` syntax).
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        Short deck's rule order (whose class order ``X%`` follows); None: hold'em.

    Returns
    -------
    Range
        The short-deck Range, or (a card below the six) hold'em's Range of the text; for
        ``rules`` None, hold'em's Range.

    Raises
    ------
    ValueError
        If the text is not a range (the short-deck parser's message: the item and its
        position) or ``rules`` is not a rule order.

    Examples
    --------
    >>> from pokerkeys.equity.setup import read_range
    >>> read_range("15%", "trips-beat-straight")
    Range('15%', shortdeck, 92 combos)
    >>> read_range("QQ+, 55", "trips-beat-straight")
    Range('QQ+, 55', 24 combos)
    """
    if rules is None:
        return Range(text)
    try:
        return Range(text, game="shortdeck", rules=rules)
    except ValueError as short_error:
        try:
            holdem = Range(text)
        except ValueError:
            raise short_error from None
        if (holdem.combos < FIRST_CARD).any():
            return holdem
        raise


def _parse_player(spec: PlayerSpec, index: int, rules: Rules | None = None) -> Player:
    """A player from 'AhKh', 'Ah??', '??', 'random', a range string, a Range or ids.

    One card alone ('Ah') is an error: a partly known hand is written 'Ah??'. Text that is
    not one hand is read as a range, so a list of specific hands sharing a card
    ('AhKh,AhQh') is a range, as ``pk.Range`` reads it (in short deck, ``rules`` given, as a
    short-deck Range).
    """
    where = f"player {index + 1}"
    if isinstance(spec, Range):
        return Player(spec.text or repr(spec), (), spec)
    if isinstance(spec, np.str_):
        spec = str(spec)
    ids: CardArray | None
    if isinstance(spec, str):
        text = spec.strip()
        if text.lower() in _RANDOM_WORDS:
            return Player("random", ())
        if "?" in text:
            stripped = text.replace("?", "")
            try:
                ids = parse_cards(stripped)
            except ValueError as exc:
                raise ValueError(f"{where}: {exc}") from None
            if len(ids) != 1 or len(text) - len(stripped) != 2:
                raise ValueError(f"{where}: a partly known hand is one card and '??', like "
                                 f"'Ah??', not {excerpt(spec)}")
            return Player(f"{format_cards(ids)} ??", (int(ids[0]),))
        try:
            ids = parse_cards(text)
            card_error = None
        except ValueError as exc:
            ids, card_error = None, exc
        if ids is None or len(ids) > 2:  # not one hand: a range, 'QQ+,AKs' or 'AhKh,AhQh'
            try:
                rng = read_range(text, rules)
            except ValueError as range_error:
                if card_error is not None and ("duplicate" in str(card_error)
                                               or _written_as_cards(text)):
                    # 'AhKx': cards with a typo; the card error names the card and what a
                    # card is, where the range parser would list every range form.
                    raise ValueError(f"{where}: {card_error}") from None
                if ids is not None:
                    raise ValueError(f"{where}: a hold'em hand has 2 hole cards, not "
                                     f"{len(ids)} ({format_cards(ids)})") from None
                # The range parser quotes the whole text again ("... at position 4 in
                # 'QQ+,AKx'"): once is enough, and a huge text's message stays short.
                detail = str(range_error).replace(f" in {excerpt(text)}", "", 1)
                raise ValueError(f"{where}: {excerpt(spec)} is neither a hand nor a range: "
                                 f"{detail}") from None
            return Player(text, (), rng)
    else:
        try:
            ids = parse_cards(spec)
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"{where}: {exc}") from None
    if len(ids) == 1:
        raise ValueError(f"{where}: one card ({format_cards(ids)}) is not a hand; write "
                         f"'{format_cards(ids)}??' for a hand with one unknown card")
    if len(ids) != 2:
        raise ValueError(f"{where}: a hold'em hand has 2 hole cards, not {len(ids)} "
                         f"({format_cards(ids)})")
    return Player(format_cards(ids, sep=""), tuple(int(c) for c in ids))


def _check_conflicts(players: list[Player], board: CardArray, dead: CardArray) -> None:
    """Name the first card that appears in two places among hands, board and dead cards."""
    owner: dict[int, str] = {}
    places: list[tuple[str, Sequence[int]]] = [
        (f"player {i + 1}", p.known) for i, p in enumerate(players)]
    places += [("the board", board.tolist()), ("the dead cards", dead.tolist())]
    for place, cards in places:
        for c in cards:
            if c in owner:
                other = owner[c]
                detail = f"twice in {place}" if other == place else f"in {other} and {place}"
                raise ValueError(f"card {format_card(c)} is used {detail}")
            owner[c] = place


# A top-N% item in a range's text ('15%', 'QQ+, 5%').
_TOP_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d*)?|\.\d+)%")


def _check_short_deck(players: list[Player], board: CardArray, dead: CardArray) -> None:
    """Name the first card below the six in a hand, a range, the board or the dead cards."""
    for i, p in enumerate(players):
        if p.range is not None:
            low = p.range.combos[(p.range.combos < FIRST_CARD).any(axis=1)]
            if len(low):
                check_short_deck(sorted(low[0].tolist()),
                                 f"player {i + 1} (the range {p.label!r})")
        if p.range is not None and p.range.rules is None \
                and _TOP_PERCENT.search(p.range.text):
            # A hold'em Range's N% ranks Hold'em's 169 classes over its 1,326 hands: in short
            # deck it would reach cards below the six, or mean another share of the 630 hands.
            raise ValueError(f"player {i + 1} (the range {p.label!r}): a hold'em Range's "
                             f"top-N% ranks hold'em's hands; give the text, or "
                             f"Range(text, game='shortdeck'), for short deck's top N%")
        check_short_deck(p.known, f"player {i + 1}")
    check_short_deck(board, "the board")
    check_short_deck(dead, "the dead cards")


def _combos_of(player: Player, blocked: int) -> tuple[CardArray, FloatArray]:
    """(combos (n, 2) uint8, weights (n,)) of a player, without combos using blocked cards."""
    if player.range is not None:
        combos, weights = player.range.combos, player.range.weights
    else:
        combos, weights = ALL_COMBOS, np.ones(len(ALL_COMBOS))
        if len(player.known) == 2:  # its one row, without scanning all 1,326
            a, b = player.known
            row = COMBO_INDEX_TABLE[a, b]
            free = not ((blocked >> a) & 1 or (blocked >> b) & 1)
            return ALL_COMBOS[row:row + free].copy(), np.ones(int(free))
        elif player.known:
            combos = combos[(combos == player.known[0]).any(axis=1)]
            weights = np.ones(len(combos))
    bits = (np.uint64(1) << combos.astype(np.uint64))
    free = ((bits[:, 0] | bits[:, 1]) & np.uint64(blocked)) == 0
    return np.ascontiguousarray(combos[free]), weights[free]


def _parse_place(cards: CardsLike | None, where: str) -> CardArray:
    """Board or dead cards; duplicates are reported later, with every place named."""
    if cards is None:
        return np.zeros(0, dtype=np.uint8)
    try:
        return parse_cards(cards if cards is not None else [], allow_duplicates=True)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{where}: {exc}") from None



@dataclass(frozen=True)
class Setup:
    """A validated equity problem: players, board, dead cards and each player's combos.

    ``prepare`` builds it; the exact and Monte Carlo paths of ``equity``, per-combo results
    and the flop report read it.

    Attributes
    ----------
    players : tuple of Player
        The players, in the order given.
    board : numpy.ndarray
        uint8 ids of the 0, 3, 4 or 5 board cards.
    dead : numpy.ndarray
        uint8 ids of the dead cards.
    combo_lists : tuple of numpy.ndarray
        Per player, the (n, 2) uint8 combos the player may hold: those of its range (every
        combo for a random hand, every combo with the known card for a partly known one)
        that use no board card, no dead card and no other player's known card.
    weight_lists : tuple of numpy.ndarray
        Per player, the float64 weights of those combos.
    n_missing : int
        Board cards still to come (5 - board size).
    n_rem : int
        Cards left in the deck once the board, the dead cards and every hole card are out.
    rules : str or None
        None for Hold'em; for short deck its rule order (``'trips-beat-straight'`` or
        ``'straight-beats-trips'``): the deck is then the 36 cards six to ace.

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> setup = prepare(["AhKh", "QQ+"], board="Qh7h2c")
    >>> setup.labels, [len(c) for c in setup.combo_lists], setup.n_missing, setup.n_rem
    (['AhKh', 'QQ+'], [1, 9], 2, 45)
    """

    players: tuple[Player, ...]
    board: CardArray
    dead: CardArray
    combo_lists: tuple[CardArray, ...]
    weight_lists: tuple[FloatArray, ...]
    n_missing: int
    n_rem: int
    rules: Rules | None = None

    @property
    def labels(self) -> list[str]:
        """The players' labels (``Player.label``), in order."""
        return [p.label for p in self.players]

    @property
    def excluded(self) -> int:
        """52-bit mask of the board and dead cards (bit c for card id c), and in short deck
        of the twos to fives, which are not in its deck."""
        mask = (1 << FIRST_CARD) - 1 if self.rules is not None else 0
        for c in list(self.board) + list(self.dead):
            mask |= 1 << int(c)
        return mask


def prepare(hands: Iterable[PlayerSpec], board: CardsLike | None = None,
            dead: CardsLike | None = None, *, rules: Rules | None = None) -> Setup:
    """Parse and check an equity problem: every bad input raises here, named.

    Parameters
    ----------
    hands, board, dead
        As for ``equity``.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        None: Hold'em. A rule order: short deck, whose deck is the 36 cards six to ace (a
        lower card in a hand, a range, the board or the dead cards is an error naming it).

    Returns
    -------
    Setup
        The players, board, dead cards, and each player's combos once every other known
        card is removed.

    Raises
    ------
    TypeError, ValueError
        As listed under ``equity`` (every input error but those of the keyword options); in
        short deck, a card below the six anywhere (the message names it and where it is).

    Examples
    --------
    >>> from pokerkeys.equity.setup import prepare
    >>> [len(c) for c in prepare(["AhKh", "Ah??"], dead="2c").combo_lists]
    Traceback (most recent call last):
    ...
    ValueError: card Ah is used in player 1 and player 2
    >>> [len(c) for c in prepare(["AhKh", "As??"], dead="2c").combo_lists]
    [1, 48]
    """
    if isinstance(hands, (str, Range)):
        raise TypeError("hands is a list of players, e.g. ['AhKh', 'QsQd']")
    specs = list(hands)
    if not 2 <= len(specs) <= MAX_PLAYERS:
        raise ValueError(f"equity needs 2 to {MAX_PLAYERS} players, not {len(specs)}")
    players = [_parse_player(h, i, rules) for i, h in enumerate(specs)]
    board_ids = _parse_place(board, "board")
    dead_ids = _parse_place(dead, "dead cards")
    if len(board_ids) not in (0, 3, 4, 5):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards, not {len(board_ids)} "
                         f"({format_cards(board_ids)})")
    if rules is not None:
        _check_short_deck(players, board_ids, dead_ids)
    _check_conflicts(players, board_ids, dead_ids)
    n_missing = 5 - len(board_ids)
    deck = N_CARDS - FIRST_CARD if rules is not None else N_CARDS
    n_rem = deck - len(board_ids) - len(dead_ids) - 2 * len(players)
    if n_rem < n_missing:
        raise ValueError(f"too many players for the deck: {len(players)} players need "
                         f"{2 * len(players)} hole cards, and with {len(board_ids)} board and "
                         f"{len(dead_ids)} dead cards only {n_rem + 2 * len(players)} cards "
                         f"remain for {2 * len(players) + n_missing}")
    blocked = (1 << FIRST_CARD) - 1 if rules is not None else 0
    for c in list(board_ids) + list(dead_ids) + [c for p in players for c in p.known]:
        blocked |= 1 << int(c)
    combo_lists: list[CardArray] = []
    weight_lists: list[FloatArray] = []
    for i, p in enumerate(players):
        own = 0
        for c in p.known:
            own |= 1 << c
        combos, weights = _combos_of(p, blocked & ~own)
        if len(combos) == 0:
            raise ValueError(f"the range of player {i + 1} ({p.label!r}) is empty once the "
                             f"board, dead cards and other players' cards are removed")
        combo_lists.append(combos)
        weight_lists.append(weights)
    return Setup(tuple(players), board_ids, dead_ids, tuple(combo_lists), tuple(weight_lists),
                 n_missing, n_rem, rules)
