"""Showdowns read from text: named players, and the Project Euler 54 format.

Named format (one player per line, a blank line ends a showdown and starts the next)::

    Joe, 3H, 4H, 5H, 6H, 8H
    Bob, 3C, 3D, 3S, 8C, 10D
    Sally, AC, 10C, 5C, 2S, 2C

Ranks 2-10, J, Q, K, A (also T), suits C, D, H, S in any case; hands may have any size that
``pokerkeys.winners`` ranks. Lines starting with '#' are comments.

Project Euler 54 format: each line holds two 5-card hands, ten cards (``8C TS KC 9H 4S 7D 2S
5D 3S AC``); the result counts how often each player wins.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..core.cards import format_cards, parse_cards
from ..core.evaluate import evaluate_batch
from .hands import winners

_CARD = re.compile(r"^(10|[2-9TJQKAtjqka])[cdhsCDHS]$")


@dataclass(frozen=True, eq=False)
class Showdown:
    """One showdown: player names, their cards, the line each came from, and the winners."""
    names: tuple[str, ...]
    hands: tuple[np.ndarray, ...]
    lines: tuple[int, ...]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class Euler54Result:
    """How often player 1 and player 2 win over the hands of a Project Euler 54 file."""
    player1: int
    player2: int
    ties: int

    @property
    def hands(self) -> int:
        return self.player1 + self.player2 + self.ties


def _lines(source) -> list[str]:
    if isinstance(source, str):
        return source.splitlines()
    return [line.rstrip("\n") for line in source]


def _content(line: str) -> str:
    return "" if line.lstrip().startswith("#") else line.strip()


def detect_format(source) -> str:
    """'euler54' if the first content line is ten cards and nothing else, else 'named'."""
    for line in _lines(source):
        text = _content(line)
        if text:
            tokens = text.replace(",", " ").split()
            return "euler54" if len(tokens) == 10 and all(_CARD.match(t) for t in tokens) \
                else "named"
    return "named"


def _parse_named_line(text: str, number: int) -> tuple[str, np.ndarray]:
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


def read_showdowns(source) -> list[Showdown]:
    """Showdowns of a named-format text (a string, or lines such as an open file)."""
    groups: list[list[tuple[int, str, np.ndarray]]] = [[]]
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


def _decide(group: list[tuple[int, str, np.ndarray]]) -> Showdown:
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


def parse_euler54(source) -> np.ndarray:
    """(N, 2, 5) uint8: the two hands of every line of a Project Euler 54 text."""
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


def euler54(source) -> Euler54Result:
    """Count the wins of player 1 and player 2 over a Project Euler 54 text (batch-evaluated)."""
    hands = parse_euler54(source)
    first = evaluate_batch(np.ascontiguousarray(hands[:, 0]))
    second = evaluate_batch(np.ascontiguousarray(hands[:, 1]))
    return Euler54Result(int((first > second).sum()), int((second > first).sum()),
                         int((first == second).sum()))


def showdown(source: str | Iterable[str]):
    """Read a showdown text in either format: a list of Showdown or an Euler54Result."""
    lines = _lines(source)
    return euler54(lines) if detect_format(lines) == "euler54" else read_showdowns(lines)
