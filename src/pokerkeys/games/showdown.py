"""Showdowns read from text: named players, and the Project Euler 54 format.

Named format (one player per line, a blank line ends a showdown and starts the next)::

    Joe, 3H, 4H, 5H, 6H, 8H
    Bob, 3C, 3D, 3S, 8C, 10D
    Sally, AC, 10C, 5C, 2S, 2C

Ranks 2-10, J, Q, K, A (also T), suits C, D, H, S in any case; hands may have any size that
``pokerkeys.winners`` ranks. Lines starting with '#' are comments.

Project Euler 54 format: each line holds two 5-card hands, ten cards (``8C TS KC 9H 4S 7D 2S
5D 3S AC``); the result counts how often each player wins.

``pk.showdown`` (also the ``pokerkeys showdown`` command) reads either format, telling them
apart by the first line.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np

from ..core.cards import format_cards, parse_cards
from ..core.evaluate import evaluate_batch
from ..core.types import CardArray
from .hands import winners

__all__ = ["Euler54Result", "Showdown", "ShowdownFormat", "ShowdownText", "detect_format",
           "euler54", "parse_euler54", "read_showdowns", "showdown"]

#: A showdown text: one string, or its lines (an open file works).
ShowdownText: TypeAlias = str | Iterable[str]
#: The two text formats: named players, or Project Euler 54's ten cards a line.
ShowdownFormat: TypeAlias = Literal["named", "euler54"]

_CARD = re.compile(r"^(10|[2-9TJQKAtjqka])[cdhsCDHS]$")


@dataclass(frozen=True, eq=False)
class Showdown:
    """One showdown of a named-format text: the players, their cards, and who won.

    Attributes
    ----------
    names : tuple of str
        The players' names, in the order of their lines.
    hands : tuple of numpy.ndarray of uint8
        Each player's card ids, as written.
    lines : tuple of int
        The 1-based line each player came from.
    winners : tuple of str
        The names of the players with the best hand (several on a tie).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> [game] = pk.showdown(["Joe, 3H, 4H, 5H, 6H, 8H", "Bob, 3C, 3D, 3S, 8C, 10D"])
    >>> game.names, game.lines, game.winners
    (('Joe', 'Bob'), (1, 2), ('Joe',))
    """
    names: tuple[str, ...]
    hands: tuple[CardArray, ...]
    lines: tuple[int, ...]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class Euler54Result:
    """How often player 1 and player 2 win over the hands of a Project Euler 54 file.

    Attributes
    ----------
    player1 : int
        Lines on which the first hand ranks higher.
    player2 : int
        Lines on which the second hand ranks higher.
    ties : int
        Lines on which both hands rank the same.
    hands : int
        Every line counted (a property: the sum of the three).

    Examples
    --------
    >>> import pokerkeys as pk
    >>> result = pk.showdown(["5H 5C 6S 7S KD 2C 3S 8S 8D TD", "2H 2D 4C 4D 4S 3C 3D 3S 9S 9D"])
    >>> result
    Euler54Result(player1=1, player2=1, ties=0)
    >>> result.hands
    2
    """
    player1: int
    player2: int
    ties: int

    @property
    def hands(self) -> int:
        """Every line counted: ``player1 + player2 + ties``."""
        return self.player1 + self.player2 + self.ties


def _lines(source: ShowdownText) -> list[str]:
    if isinstance(source, str):
        return source.splitlines()
    return [line.rstrip("\n") for line in source]


def _content(line: str) -> str:
    return "" if line.lstrip().startswith("#") else line.strip()


def detect_format(source: ShowdownText) -> ShowdownFormat:
    """Which format a showdown text is in, from its first line that is not blank or a comment.

    Parameters
    ----------
    source : str or iterable of str
        The text, or its lines.

    Returns
    -------
    {'euler54', 'named'}
        ``'euler54'`` if that line is ten cards and nothing else, else ``'named'`` (also for
        a text with no content).

    Examples
    --------
    >>> from pokerkeys.games.showdown import detect_format
    >>> detect_format("8C TS KC 9H 4S 7D 2S 5D 3S AC")
    'euler54'
    >>> detect_format("Joe, 3H, 4H, 5H, 6H, 8H")
    'named'
    """
    for line in _lines(source):
        text = _content(line)
        if text:
            tokens = text.replace(",", " ").split()
            return "euler54" if len(tokens) == 10 and all(_CARD.match(t) for t in tokens) \
                else "named"
    return "named"


def _parse_named_line(text: str, number: int) -> tuple[str, CardArray]:
    name, sep, rest = text.partition(",")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"line {number}: expected 'Name, card, card, ...', got {text!r}")
    tokens = [t for t in re.split(r"[\s,]+", rest.strip()) if t]
    if not tokens:
        raise ValueError(f"line {number}: {name} has no cards")
    for t in tokens:
        if not _CARD.match(t):
            raise ValueError(f"line {number}: unknown card {t!r} for {name} (expected a rank "
                             f"2-10, J, Q, K, A or T and a suit C, D, H, S)")
    try:
        return name, parse_cards(tokens)
    except ValueError as exc:
        raise ValueError(f"line {number}: {name}: {exc}") from None


def read_showdowns(source: ShowdownText) -> list[Showdown]:
    """The showdowns of a named-format text, each with its winners.

    One player per line (``Name, card, card, ...``); a blank line ends a showdown and starts
    the next; lines starting with '#' are comments.

    Parameters
    ----------
    source : str or iterable of str
        The text, or its lines (an open file works).

    Returns
    -------
    list of Showdown
        One per group of lines, in order.

    Raises
    ------
    ValueError
        If there is no player, a line has no name or no cards, a card is unknown, a card is
        held twice (the message names both lines), or the hands cannot be compared (see
        ``winners``). Messages start with the line number.

    Examples
    --------
    >>> from pokerkeys.games.showdown import read_showdowns
    >>> lines = ["Joe, 3H, 4H, 5H, 6H, 8H", "Bob, 3C, 3D, 3S, 8C, 10D", "",
    ...          "Ann, AS, KS", "Sue, 2C, 2D"]
    >>> [game.winners for game in read_showdowns(lines)]
    [('Joe',), ('Sue',)]
    """
    groups: list[list[tuple[int, str, CardArray]]] = [[]]
    for number, line in enumerate(_lines(source), start=1):
        text = _content(line)
        if not line.strip():
            if groups[-1]:
                groups.append([])
            continue
        if text:
            name, ids = _parse_named_line(text, number)
            groups[-1].append((number, name, ids))
    groups = [g for g in groups if g]
    if not groups:
        raise ValueError("no players found: expected lines like 'Joe, 3H, 4H, 5H, 6H, 8H'")
    return [_decide(group) for group in groups]


def _decide(group: list[tuple[int, str, CardArray]]) -> Showdown:
    seen: dict[int, tuple[int, str]] = {}
    for number, name, ids in group:
        for c in ids.tolist():
            if c in seen:
                other_line, other = seen[c]
                raise ValueError(f"line {number}: card {format_cards([c])} of {name} is also "
                                 f"held by {other} (line {other_line})")
            seen[c] = (number, name)
    names = tuple(name for _, name, _ in group)
    try:
        best = winners([ids for _, _, ids in group])
    except ValueError as exc:
        raise ValueError(f"lines {group[0][0]}-{group[-1][0]}: {exc}") from None
    return Showdown(names, tuple(ids for _, _, ids in group),
                    tuple(number for number, _, _ in group), tuple(names[i] for i in best))


def parse_euler54(source: ShowdownText) -> CardArray:
    """The two hands of every line of a Project Euler 54 text, as card ids.

    Parameters
    ----------
    source : str or iterable of str
        Lines of ten cards (the first five are player 1's); blank lines and lines starting
        with '#' are skipped.

    Returns
    -------
    numpy.ndarray of uint8, shape (N, 2, 5)
        ``[i, p]``: player ``p``'s hand on the i-th line.

    Raises
    ------
    ValueError
        If a line does not hold ten cards, a card is unknown or repeated on its line, or there
        are no hands at all. Messages start with the line number.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.games.showdown import parse_euler54
    >>> hands = parse_euler54("8C TS KC 9H 4S 7D 2S 5D 3S AC")
    >>> hands.shape, pk.format_cards(hands[0, 1])
    ((1, 2, 5), '7d 2s 5d 3s Ac')
    """
    rows = []
    for number, line in enumerate(_lines(source), start=1):
        text = _content(line)
        if not text:
            continue
        tokens = text.split()
        if len(tokens) != 10:
            raise ValueError(f"line {number}: expected 10 cards (two hands of five), got "
                             f"{len(tokens)}")
        for t in tokens:
            if not _CARD.match(t):
                raise ValueError(f"line {number}: unknown card {t!r}")
        try:
            ids = parse_cards(tokens)
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
        rows.append(ids.reshape(2, 5))
    if not rows:
        raise ValueError("no hands found in the Project Euler 54 input")
    return np.array(rows, dtype=np.uint8)


def euler54(source: ShowdownText) -> Euler54Result:
    """Count the wins of player 1 and player 2 over a Project Euler 54 text.

    Every hand is ranked in one batch (``pk.evaluate_batch``), then the two players' ranks are
    compared line by line.

    Parameters
    ----------
    source : str or iterable of str
        Lines of ten cards: player 1's five, then player 2's.

    Returns
    -------
    Euler54Result
        Wins of each player and ties.

    Raises
    ------
    ValueError
        As ``parse_euler54``: a line without ten cards, an unknown or repeated card, or no
        hands.

    Examples
    --------
    >>> from pokerkeys.games.showdown import euler54
    >>> euler54(["5H 5C 6S 7S KD 2C 3S 8S 8D TD", "2H 2D 4C 4D 4S 3C 3D 3S 9S 9D"])
    Euler54Result(player1=1, player2=1, ties=0)
    """
    hands = parse_euler54(source)
    first = evaluate_batch(np.ascontiguousarray(hands[:, 0]))
    second = evaluate_batch(np.ascontiguousarray(hands[:, 1]))
    return Euler54Result(int((first > second).sum()), int((second > first).sum()),
                         int((first == second).sum()))


def showdown(source: ShowdownText) -> list[Showdown] | Euler54Result:
    """Read a showdown text in either format and decide it.

    The format is told from the first line with content (see ``detect_format``): ten cards
    and nothing else is Project Euler 54, anything else the named format.

    Parameters
    ----------
    source : str or iterable of str
        The text, or its lines (an open file works).

    Returns
    -------
    list of Showdown or Euler54Result
        For the named format, one ``Showdown`` per group of lines with its winners; for
        Project Euler 54, the count of each player's wins.

    Raises
    ------
    ValueError
        If the text does not read in its format (see ``read_showdowns`` and
        ``parse_euler54``); the message names the line.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> games = pk.showdown(["Joe, 3H, 4H, 5H, 6H, 8H", "Bob, 3C, 3D, 3S, 8C, 10D",
    ...                      "Sally, AC, 10C, 5C, 2S, 2C"])
    >>> games[0].winners
    ('Joe',)
    >>> pk.showdown("5H 5C 6S 7S KD 2C 3S 8S 8D TD")
    Euler54Result(player1=0, player2=1, ties=0)
    """
    lines = _lines(source)
    return euler54(lines) if detect_format(lines) == "euler54" else read_showdowns(lines)
