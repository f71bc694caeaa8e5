"""A slow, plain reference matcher for Omaha range patterns, independent of the library's parser.

It reads one simple pattern (ranks ``AKQJT98765432``, ``*``, rank variables in other capitals,
suits ``shdc``, suit variables ``wxyz``, and ``[..]`` lists of plain ranks) and tries every
ordered choice of hand cards for the pattern's cards (``itertools.permutations``), binding the
variables as it goes: a variable takes one value, different variables different values, and
never a rank or suit that the pattern names on one card of its own. Combinations of patterns
(or / and / and-not) are Python set operations on the matched hands in the tests.
"""
from __future__ import annotations

import functools
import itertools
from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_VARS = "wxyz"

Spec = tuple[frozenset[int] | None, str | None, frozenset[int] | None, str | None]


def parse(pattern: str) -> list[Spec]:
    """Cards of a pattern as (ranks or None, rank variable, suits or None, suit variable)."""
    cards = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        ranks: frozenset[int] | None = None
        rank_var = None
        if ch == "[":
            close = pattern.index("]", i)
            ranks = frozenset(RANKS.index(c) for c in pattern[i + 1:close])
            i = close + 1
        elif ch in RANKS:
            ranks = frozenset({RANKS.index(ch)})
            i += 1
        elif ch == "*":
            i += 1
        elif ch.isupper():
            rank_var = ch
            i += 1
        suits: frozenset[int] | None = None
        suit_var = None
        if i < len(pattern) and pattern[i] in SUITS:
            suits = frozenset({SUITS.index(pattern[i])})
            i += 1
        elif i < len(pattern) and pattern[i] in SUIT_VARS:
            suit_var = pattern[i]
            i += 1
        cards.append((ranks, rank_var, suits, suit_var))
    return cards


def _bind(binding: dict[str, int], var: str, value: int, named: set[int]) -> bool:
    if var in binding:
        return binding[var] == value
    if value in named or value in binding.values():
        return False
    binding[var] = value
    return True


def _fits(card: int, spec: Spec, ranks_bound: dict[str, int], suits_bound: dict[str, int],
          named_ranks: set[int], named_suits: set[int]) -> bool:
    """Whether one hand card can stand for one pattern card, given the bindings so far."""
    ranks, rank_var, suits, suit_var = spec
    rank, suit = card // 4, card % 4
    if ranks is not None and rank not in ranks:
        return False
    if suits is not None and suit not in suits:
        return False
    if rank_var is not None and not _bind(ranks_bound, rank_var, rank, named_ranks):
        return False
    return suit_var is None or _bind(suits_bound, suit_var, suit, named_suits)


@functools.cache
def _read(pattern: str) -> tuple[list[Spec], set[int], set[int], dict[int, int]]:
    """The pattern's cards, the ranks and suits it names on a card of their own, and how
    many cards of each named rank a hand needs at least (read once per pattern)."""
    cards = parse(pattern)
    named_ranks = {next(iter(r)) for r, _, _, _ in cards if r is not None and len(r) == 1}
    named_suits = {next(iter(s)) for _, _, s, _ in cards if s is not None}
    need: dict[int, int] = {}  # rank r -> cards; suit s -> cards, keyed 100 + s
    for r, _, su, _ in cards:
        if r is not None and len(r) == 1:
            need[next(iter(r))] = need.get(next(iter(r)), 0) + 1
        if su is not None and len(su) == 1:
            need[100 + next(iter(su))] = need.get(100 + next(iter(su)), 0) + 1
    return cards, named_ranks, named_suits, need


@functools.cache
def _group_sizes(pattern: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The sizes of the pattern's rank-variable and suit-variable groups, largest first."""
    cards = parse(pattern)
    ranks = Counter(v for _, v, _, _ in cards if v is not None)
    suits = Counter(v for _, _, _, v in cards if v is not None)
    return (tuple(sorted(ranks.values(), reverse=True)),
            tuple(sorted(suits.values(), reverse=True)))


def _room(values: list[int], sizes: tuple[int, ...]) -> bool:
    """Whether distinct values can hold groups of these sizes: the i-th largest count of one
    value in the hand is at least the i-th largest group (necessary, not sufficient)."""
    counts = sorted(Counter(values).values(), reverse=True)
    return len(counts) >= len(sizes) and all(c >= g for c, g in zip(counts, sizes, strict=False))


def matches(hand: tuple[int, ...], pattern: str) -> bool:
    """Whether the hand (card ids, 4 * rank + suit) holds the pattern."""
    cards, named_ranks, named_suits, need = _read(pattern)
    # Each pattern card takes its own hand card: a hand short of a named rank cannot match
    # (a shortcut only; the permutations below decide).
    if any(sum((c // 4 if r < 100 else 100 + c % 4) == r for c in hand) < n
           for r, n in need.items()):
        return False
    rank_groups, suit_groups = _group_sizes(pattern)
    if not (_room([c // 4 for c in hand], rank_groups)
            and _room([c % 4 for c in hand], suit_groups)):
        return False
    for chosen in itertools.permutations(hand, len(cards)):
        ranks_bound: dict[str, int] = {}
        suits_bound: dict[str, int] = {}
        if all(_fits(card, spec, ranks_bound, suits_bound, named_ranks, named_suits)
               for card, spec in zip(chosen, cards, strict=True)):
            return True
    return False


@functools.cache
def all_hands(hole_cards: int = 4) -> frozenset[tuple[int, ...]]:
    """Every hand of the game, as ascending tuples of card ids."""
    return frozenset(itertools.combinations(range(52), hole_cards))


@functools.cache
def matching(pattern: str, hole_cards: int = 4) -> frozenset[tuple[int, ...]]:
    """The hands holding the pattern, by trying every hand."""
    return frozenset(h for h in all_hands(hole_cards) if matches(h, pattern))
