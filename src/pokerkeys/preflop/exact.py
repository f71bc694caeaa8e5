"""Exact preflop tables: suit-isomorphic matchups, every class against a random hand, rank
distributions over all boards and the resumable 169 x 169 heads-up matrix (see the package
docstring of ``pokerkeys.preflop``).

>>> from pokerkeys.preflop.exact import canonical_matchup, count_matchups
>>> count_matchups(), canonical_matchup("AhKh", "QsQd")
(47008, ('AcKc', 'QhQd'))
"""
from __future__ import annotations

import contextlib
import hashlib
import math
import os
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import permutations
from pathlib import Path
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from .. import _jit
from .._kernels.matrix import heads_up_sweep
from .._kernels.preflop import class_rank_histograms, vs_random_sweep
from ..core.cards import format_cards, parse_cards
from ..core.classes import (
    ALL_COMBOS,
    CLASS_NAMES,
    COMBO_CLASS,
    COMBO_INDEX_TABLE,
    N_CLASSES,
    N_COMBOS,
    class_combo_count,
    class_combo_indices,
    class_index,
    combo_index,
)
from ..core.evaluate import CATEGORY_STARTS, HandCategory, kernel_args
from ..core.shortdeck import CATEGORY_ORDER, Rules, category_of_rank
from ..core.types import CardArray, CardsLike, FloatArray, IntArray, Threads
from ..equity.driver import Progress

__all__ = ["BOARDS_PER_HAND", "BOARDS_PER_MATCHUP", "MATCHUP_CONVENTIONS", "HeadsUpMatrix",
           "MatchupConvention", "RankDistribution", "average_rank_distribution",
           "canonical_boards", "canonical_matchup", "class_grid", "class_representative",
           "count_matchups", "exact_equity_vs_random", "heads_up_matrix", "matchups_path",
           "rank_distribution", "rank_histograms", "suit_distinct_matchups"]

#: Boards that meet one hand: C(50, 5) = 2,118,760.
BOARDS_PER_HAND = math.comb(50, 5)
#: Boards that meet two hands: C(48, 5) = 1,712,304.
BOARDS_PER_MATCHUP = math.comb(48, 5)


# --- suit symmetry of combos ------------------------------------------------------------------

def _suit_maps() -> CardArray:
    """(24, 52) card id -> card id under each permutation of the four suits."""
    return np.array([[4 * (c >> 2) + perm[c & 3] for c in range(52)]
                     for perm in permutations(range(4))], dtype=np.uint8)


def _combo_images(card_maps: CardArray) -> IntArray:
    """(len(card_maps), 1326) int64: combo index of each combo's image under each map."""
    return np.stack([COMBO_INDEX_TABLE[m[ALL_COMBOS[:, 0]], m[ALL_COMBOS[:, 1]]]
                     for m in card_maps]).astype(np.int64)


@lru_cache(maxsize=1)
def _symmetry() -> tuple[IntArray, IntArray, list[IntArray], IntArray, IntArray]:
    """Tables for the class representatives and the suit permutations between combos.

    Returns (reps (169,), perms (24, 1326), stab (list of arrays of rows of perms fixing each
    class's representative), perms12 (12, 1326), tau12 (1326,)). perms12 holds, for each ordered
    pair of suits (a, b), the permutation a -> clubs, b -> diamonds (the other two in order):
    every combo reaches its class's representative (whose suits are clubs/diamonds) by one of
    these twelve, and tau12[k] says which. Twelve instead of 24 halves the sweep's bookkeeping.
    """
    reps = np.array([np.flatnonzero(c == COMBO_CLASS).min() for c in range(N_CLASSES)])
    perms = _combo_images(_suit_maps())
    stab = [np.flatnonzero(perms[:, reps[c]] == reps[c]) for c in range(N_CLASSES)]
    maps12 = []
    for a in range(4):
        for b in range(4):
            if a != b:
                target = [0] * 4
                target[a], target[b] = 0, 1
                rest = [s for s in range(4) if s not in (a, b)]
                target[rest[0]], target[rest[1]] = 2, 3
                maps12.append([4 * (c >> 2) + target[c & 3] for c in range(52)])
    perms12 = _combo_images(np.array(maps12, dtype=np.uint8))
    hits = perms12 == reps[COMBO_CLASS][None, :]
    if not hits.any(axis=0).all():  # pragma: no cover - a wrong table would be a bug
        raise AssertionError("some combo does not reach its class representative")
    tau12 = hits.argmax(axis=0).astype(np.int64)
    for table in (reps, perms, perms12, tau12):
        table.setflags(write=False)
    return reps, perms, stab, perms12, tau12


def _disjoint(a: npt.NDArray[np.integer], b: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """Whether combos a and b (index arrays) share no card."""
    ca, cb = ALL_COMBOS[a], ALL_COMBOS[b]
    return ((ca[..., 0] != cb[..., 0]) & (ca[..., 0] != cb[..., 1])
            & (ca[..., 1] != cb[..., 0]) & (ca[..., 1] != cb[..., 1]))


def class_representative(name: str) -> CardArray:
    """The class's representative combo: its lowest in ``ALL_COMBOS`` order.

    Every class's representative has suits clubs and diamonds: ``AdAc``, ``AcKc`` (suited),
    ``AcKd`` (offsuit). Exact tables are stored for the representatives; a suit permutation
    maps any combo onto its class's.

    Parameters
    ----------
    name : str
        A class name, ``'AKo'``, ``'T9s'``, ``'22'`` (any case; ``'KAo'`` is read as
        ``'AKo'``).

    Returns
    -------
    numpy.ndarray
        (2,) uint8 card ids, high card first.

    Raises
    ------
    ValueError
        If ``name`` is not a class.

    Examples
    --------
    >>> from pokerkeys.core.cards import format_cards
    >>> from pokerkeys.preflop import class_representative
    >>> class_representative("AKo").tolist(), format_cards(class_representative("AKo"))
    ([48, 45], 'Ac Kd')
    """
    return ALL_COMBOS[_symmetry()[0][class_index(name)]].copy()


def class_grid(values: npt.ArrayLike) -> np.ndarray:
    """The 13 x 13 starting-hand grid of 169 per-class values.

    Row and column 0 are the ace, 12 the deuce; pairs on the diagonal, suited classes above
    it, offsuit below: the ``CLASS_NAMES`` order, reshaped.

    Parameters
    ----------
    values : array_like
        169 values (or rows of values) in ``CLASS_NAMES`` order.

    Returns
    -------
    numpy.ndarray
        (13, 13, ...) view of the values.

    Raises
    ------
    ValueError
        If the first dimension is not 169.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys.preflop import CLASS_NAMES, class_grid
    >>> class_grid(np.array(CLASS_NAMES))[0, :3].tolist(), class_grid(np.arange(169)).shape
    (['AA', 'AKs', 'AQs'], (13, 13))
    """
    values = np.asarray(values)
    if values.shape[:1] != (N_CLASSES,):
        raise ValueError(f"expected 169 values in CLASS_NAMES order, got shape {values.shape}")
    return values.reshape((13, 13) + values.shape[1:])


def _hand_index(hand: CardsLike, what: str) -> int:
    ids = parse_cards(hand)
    if ids.size != 2:
        raise ValueError(f"{what}: a hold'em hand has 2 cards, got {ids.size} in {hand!r}")
    return combo_index(int(ids[0]), int(ids[1]))


# --- suit-isomorphic matchups -----------------------------------------------------------------

#: How ``count_matchups`` counts: see the package docstring.
MatchupConvention: TypeAlias = Literal["strict", "ordered", "same-class-ordered"]
#: The conventions of ``count_matchups``.
MATCHUP_CONVENTIONS: tuple[MatchupConvention, ...] = ("strict", "ordered", "same-class-ordered")


@lru_cache(maxsize=2)
def _orbits(first_card: int = 0) -> tuple[IntArray, IntArray, IntArray, dict[str, int]]:
    """Canonical forms of all heads-up matchups (see ``suit_distinct_matchups``) of the deck
    ``first_card``..51 (0: Hold'em's; 16, the six of clubs: short deck's).

    For class c (representative r) and each combo x disjoint from r of a class >= c, the
    matchup (r, x) is canonicalised by the smallest image of x under the permutations fixing r;
    within one class, also of the swapped matchup (x, r) brought to (r, tau_x(r)). The number
    of x landing on one key is the stabiliser orbit size, which gives each orbit's weight (the
    unordered combo pairs it stands for). A smaller deck of whole ranks is a union of suit
    orbits, so its matchups are the orbits whose cards all lie in it.
    """
    reps, perms, stab, perms12, tau12 = _symmetry()
    in_deck = ALL_COMBOS.min(axis=1) >= first_card
    out_c: list[IntArray] = []
    out_x: list[IntArray] = []
    out_w: list[IntArray] = []
    ordered = same_class_ordered = 0
    for c in range(N_CLASSES):
        r = reps[c]
        if not in_deck[r]:
            continue
        xs = np.flatnonzero(_disjoint(np.full(N_COMBOS, r), np.arange(N_COMBOS)) & in_deck)
        canon_all = perms[stab[c]][:, xs].min(axis=0)
        ordered += len(np.unique(canon_all))
        keep = COMBO_CLASS[xs] >= c
        xs, canon = xs[keep], canon_all[keep]
        same = COMBO_CLASS[xs] == c
        same_class_ordered += len(np.unique(canon[same]))
        swapped = perms[stab[c]][:, perms12[tau12[xs], r]].min(axis=0)
        canon = np.where(same, np.minimum(canon, swapped), canon)
        keys, images = np.unique(canon, return_counts=True)
        size = class_combo_count(CLASS_NAMES[c])
        weight = np.where(COMBO_CLASS[keys] == c, size * images // 2, size * images)
        out_c.append(np.full(len(keys), c))
        out_x.append(keys)
        out_w.append(weight)
    cls1 = np.concatenate(out_c)
    hand2 = np.concatenate(out_x)
    weight = np.concatenate(out_w)
    order = np.lexsort((hand2, COMBO_CLASS[hand2], cls1))
    cls1, hand2, weight = cls1[order], hand2[order], weight[order]
    same_class_strict = int((COMBO_CLASS[hand2] == cls1).sum())
    counts = {"strict": len(hand2), "ordered": ordered,
              "same-class-ordered": len(hand2) - same_class_strict + same_class_ordered}
    return reps[cls1], hand2, weight, counts


def count_matchups(convention: MatchupConvention = "strict") -> int:
    """Number of suit-distinct heads-up preflop matchups.

    Two matchups are the same when a permutation of the four suits maps one onto the other
    (every board then has an image with the same outcome).

    Parameters
    ----------
    convention : {'strict', 'ordered', 'same-class-ordered'}, default 'strict'
        ``'strict'``: unordered pairs of disjoint hands up to suit permutations and up to
        swapping the hands, 47,008. ``'ordered'``: hand 1 vs hand 2 differs from hand 2 vs
        hand 1, 93,769. ``'same-class-ordered'``: strict, but two hands of the same class
        taken in order, 47,086 (see the package docstring).

    Returns
    -------
    int
        The count.

    Raises
    ------
    ValueError
        If ``convention`` is not one of ``MATCHUP_CONVENTIONS``.

    Examples
    --------
    >>> from pokerkeys.preflop import count_matchups
    >>> [count_matchups(c) for c in ("strict", "ordered", "same-class-ordered")]
    [47008, 93769, 47086]
    """
    if convention not in MATCHUP_CONVENTIONS:
        raise ValueError(f"unknown matchup convention {convention!r}: use one of "
                         f"{', '.join(MATCHUP_CONVENTIONS)}")
    return _orbits()[3][convention]


def suit_distinct_matchups() -> np.ndarray:
    """The 47,008 suit-distinct heads-up matchups, one canonical form each.

    Returns
    -------
    numpy.ndarray
        Structured, fields hand1, hand2 ((2,) uint8 card ids, high card first), class1,
        class2 (indices into ``CLASS_NAMES``, class1 <= class2), weight (the number of
        unordered pairs of disjoint combos the matchup stands for; they add up to
        1326 * 1225 / 2 = 812,175). hand1 is always the representative of class1
        (``class_representative``). Sorted by class1, class2, hand2.

    Examples
    --------
    >>> from pokerkeys.preflop import suit_distinct_matchups
    >>> m = suit_distinct_matchups()
    >>> len(m), int(m["weight"].sum()), m[0]["hand1"].tolist(), m[0]["hand2"].tolist()
    (47008, 812175, [49, 48], [51, 50])
    """
    return matchups_over_deck(0)[0]


def matchups_over_deck(first_card: int) -> tuple[np.ndarray, dict[str, int]]:
    """The suit-distinct matchups of the deck ``first_card``..51 and their counts.

    ``suit_distinct_matchups`` and ``count_matchups`` for Hold'em (``first_card`` 0); used
    by ``pokerkeys.preflop.shortdeck`` (16, the six of clubs). The deck must hold whole
    ranks (``first_card`` a multiple of 4).

    Parameters
    ----------
    first_card : int
        The deck's lowest card id: 0 or a multiple of 4 below 48.

    Returns
    -------
    matchups : numpy.ndarray
        As ``suit_distinct_matchups`` (classes indexed into Hold'em's ``CLASS_NAMES``), only
        the matchups whose four cards lie in the deck.
    counts : dict of str to int
        The count under each of ``MATCHUP_CONVENTIONS``.

    Examples
    --------
    >>> from pokerkeys.preflop.exact import matchups_over_deck
    >>> m, counts = matchups_over_deck(16)
    >>> len(m), int(m["weight"].sum()), counts["ordered"]
    (10215, 176715, 20313)
    """
    hand1, hand2, weight, counts = _orbits(first_card)
    out = np.zeros(len(hand1), dtype=_MATCHUP_DTYPE[:5])
    out["hand1"] = ALL_COMBOS[hand1]
    out["hand2"] = ALL_COMBOS[hand2]
    out["class1"] = COMBO_CLASS[hand1]
    out["class2"] = COMBO_CLASS[hand2]
    out["weight"] = weight
    return out, dict(counts)


def canonical_matchup(hand1: CardsLike, hand2: CardsLike) -> tuple[str, str]:
    """The canonical form of a heads-up matchup, as in ``suit_distinct_matchups``.

    Parameters
    ----------
    hand1, hand2 : str or sequence of cards
        Two disjoint two-card hands.

    Returns
    -------
    tuple of str
        The matchup's canonical form: the lower class's representative first, then the
        other hand as the suit permutation maps it (each high card first).

    Raises
    ------
    ValueError
        If a hand is not two cards, or the hands share a card.

    Examples
    --------
    >>> from pokerkeys.preflop import canonical_matchup
    >>> canonical_matchup("AhKh", "QsQd"), canonical_matchup("QsQd", "AhKh")
    (('AcKc', 'QhQd'), ('AcKc', 'QhQd'))
    """
    a, b = _hand_index(hand1, "hand 1"), _hand_index(hand2, "hand 2")
    if not _disjoint(np.array(a), np.array(b)):
        raise ValueError(f"the two hands share a card: {hand1!r} and {hand2!r}")
    p, q = _canonical_pair(a, b)
    return format_cards(ALL_COMBOS[p], ""), format_cards(ALL_COMBOS[q], "")


def _canonical_pair(a: int, b: int) -> tuple[int, int]:
    reps, perms, stab, perms12, tau12 = _symmetry()
    if COMBO_CLASS[a] > COMBO_CLASS[b]:
        a, b = b, a
    c = int(COMBO_CLASS[a])
    x = perms[stab[c], perms12[tau12[a], b]].min()
    if COMBO_CLASS[b] == c:
        x = min(x, perms[stab[c], perms12[tau12[b], a]].min())
    return int(reps[c]), int(x)


# --- exact equity against one random hand -----------------------------------------------------

def canonical_boards() -> tuple[CardArray, IntArray]:
    """One five-card board per orbit of the suit permutations, with the orbit's size.

    A board's code packs its sorted card ids 6 bits each; the canonical board is the image with
    the smallest code, and the multiplicity is the orbit's size (the multiplicities sum to
    C(52, 5) = 2,598,960). Boards come in increasing code order. Computed once per process.

    Returns
    -------
    boards : numpy.ndarray
        (134459, 5) uint8 card ids, each row sorted.
    multiplicity : numpy.ndarray
        (134459,) int64 orbit sizes.

    Examples
    --------
    >>> from pokerkeys.preflop import canonical_boards
    >>> boards, multiplicity = canonical_boards()
    >>> boards.shape, int(multiplicity.sum()), boards[0].tolist(), int(multiplicity[0])
    ((134459, 5), 2598960, [0, 1, 2, 3, 4], 4)
    """
    return boards_over_deck(0)


@lru_cache(maxsize=2)
def boards_over_deck(first_card: int) -> tuple[CardArray, IntArray]:
    """``canonical_boards`` of the deck ``first_card``..51 (whole ranks: a multiple of 4).

    Used by ``pokerkeys.preflop.shortdeck`` (16, the six of clubs). Computed once per process
    and deck.

    Parameters
    ----------
    first_card : int
        The deck's lowest card id: 0 (Hold'em) or a multiple of 4 below 48.

    Returns
    -------
    boards : numpy.ndarray
        (B, 5) uint8 card ids, each row sorted, one board per orbit (its smallest code).
    multiplicity : numpy.ndarray
        (B,) int64 orbit sizes, adding up to C(52 - first_card, 5).

    Examples
    --------
    >>> from pokerkeys.preflop.exact import boards_over_deck
    >>> boards, multiplicity = boards_over_deck(16)
    >>> len(boards), int(multiplicity.sum()), boards[0].tolist()
    (19998, 376992, [16, 17, 18, 19, 20])
    """
    from ..core.symmetry import canonical_boards as orbit_representatives

    maps = _suit_maps()
    # One board per orbit from the compiled enumerator (its own choice of representative),
    # then each orbit's smallest code among its 24 images.
    boards, multiplicity = orbit_representatives(np.arange(first_card, 52, dtype=np.uint8), 5,
                                                 maps)
    shifts = 6 * np.arange(5, dtype=np.int64)
    best = np.full(len(boards), np.iinfo(np.int64).max)
    for card_map in maps:
        code = (np.sort(card_map[boards], axis=1).astype(np.int64) << shifts).sum(axis=1)
        best = np.minimum(best, code)
    order = np.argsort(best)
    canon = ((best[order, None] >> shifts) & 63).astype(np.uint8)
    return canon, multiplicity[order].astype(np.int64)


def _pair_class_table() -> IntArray:
    table = np.zeros((52, 52), dtype=np.int64)
    table[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = COMBO_CLASS
    table[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = COMBO_CLASS
    return table


def exact_equity_vs_random(*, threads: Threads = None) -> FloatArray:
    """The exact all-in equity of each class against one random hand, over every board.

    Every board is visited once (up to suit symmetry); its 1,081 combos are ranked, sorted and
    swept in rank order, so each combo's wins, ties and losses against all the others come
    from running counts (see ``_kernels.preflop.vs_random_sweep``). About a second on two
    cores; ``equity_vs_random()`` reads the same figures from the shipped table.

    Parameters
    ----------
    threads : int or None, default None
        Kernel threads; None: all.

    Returns
    -------
    numpy.ndarray
        (169,) float64 equities in ``CLASS_NAMES`` order.

    Raises
    ------
    ValueError
        If ``threads`` is not a positive integer.

    Examples
    --------
    >>> from pokerkeys.preflop import CLASS_NAMES, exact_equity_vs_random
    >>> equity = exact_equity_vs_random()
    >>> dict(zip(CLASS_NAMES[:3], equity[:3].round(4).tolist()))
    {'AA': 0.852, 'AKs': 0.6704, 'AQs': 0.6621}
    """
    boards, multiplicity = canonical_boards()
    with _jit.threads(threads):
        score2, showdowns = vs_random_sweep(boards, multiplicity, _pair_class_table(),
                                            N_CLASSES, *kernel_args(7))
    return score2 / (2.0 * showdowns)


# --- rank distributions -----------------------------------------------------------------------

@lru_cache(maxsize=1)
def _histograms() -> IntArray:
    boards, multiplicity = canonical_boards()
    hist = class_rank_histograms(boards, multiplicity, _pair_class_table(), N_CLASSES,
                                 *kernel_args(7))
    sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
    out = hist // sizes[:, None]  # the kernel counts every combo of a class: |c| times one's
    if not (out * sizes[:, None] == hist).all() or not (out.sum(axis=1) == BOARDS_PER_HAND).all():
        raise AssertionError("rank histograms are inconsistent")  # pragma: no cover
    out.setflags(write=False)
    return out


def rank_histograms() -> IntArray:
    """For every class, the exact histogram of its best 7-card rank over all boards.

    Computed for all 169 classes at once (about a second), once per process; read-only.

    Returns
    -------
    numpy.ndarray
        (169, 7463) int64: row c counts, for one hand of class c, the boards (of 2,118,760)
        on which its best 7-card hand has rank r (1..7462; column 0 is unused).

    Examples
    --------
    >>> from pokerkeys.preflop import rank_histograms
    >>> h = rank_histograms()
    >>> h.shape, int(h[0].sum()), int((h[0] > 0).sum())
    ((169, 7463), 2118760, 1618)
    """
    return _histograms()


def average_rank_distribution() -> FloatArray:
    """The probability of each rank as the best hand of 7 random cards.

    The average of the classes' rank histograms over all 1,326 hands.

    Returns
    -------
    numpy.ndarray
        (7463,) float64, index = rank (column 0 unused); 4,824 ranks occur.

    Examples
    --------
    >>> from pokerkeys.preflop import average_rank_distribution
    >>> p = average_rank_distribution()
    >>> p.shape, round(float(p.sum()), 9), int((p > 0).sum())
    ((7463,), 1.0, 4824)
    """
    sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
    total = (sizes[:, None] * _histograms()).sum(axis=0)
    return total / (N_COMBOS * BOARDS_PER_HAND)


def _by_category(per_rank: npt.NDArray[Any], rules: Rules | None = None) -> npt.NDArray[Any]:
    """Per category, HandCategory order: Hold'em's ranks run by category; short deck's by
    its own order, so they are summed by each rank's category."""
    if rules is None:
        return np.add.reduceat(per_rank[1:], CATEGORY_STARTS[:-1] - 1)
    sums = np.bincount(category_of_rank(rules), weights=per_rank, minlength=10)[1:]
    return sums.astype(per_rank.dtype)


@dataclass(frozen=True)
class RankDistribution:
    """The exact distribution of one class's best 7-card rank over all boards.

    ``str()`` prints it by category against the average over all hands, in the game's order
    of categories, worst first.

    Attributes
    ----------
    name : str
        The class, e.g. ``'AA'``.
    counts : numpy.ndarray
        (7463,) int64: ``counts[r]`` boards of ``boards`` give rank r (1..7462; column 0
        unused); in short deck (1405,) on its rank scale 1..1404.
    average : numpy.ndarray
        (7463,) float64 (short deck (1405,)): the probability of each rank over all hands.
    boards : int
        Boards counted, 2,118,760 (all boards that meet one hand); 278,256 in short deck.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None
        None: Hold'em; a rule order: short deck
        (``pokerkeys.preflop.shortdeck.rank_distribution``).

    Examples
    --------
    >>> from pokerkeys.preflop import rank_distribution
    >>> d = rank_distribution("AA")
    >>> d.name, d.boards, d.by_category.tolist()[:3], round(d.mean_rank, 1)
    ('AA', 2118760, [0, 762300, 840456], 5001.1)
    """

    name: str
    counts: IntArray
    average: FloatArray
    boards: int = BOARDS_PER_HAND
    rules: Rules | None = None

    @property
    def probability(self) -> FloatArray:
        """Probability of each rank for this class: ``counts / boards`` (float64)."""
        return self.counts / self.boards

    @property
    def by_category(self) -> IntArray:
        """(9,) int64 board counts per category (``HandCategory`` order), high card first."""
        return _by_category(self.counts, self.rules)

    @property
    def average_by_category(self) -> FloatArray:
        """(9,) float64 probability of each category over all hands, high card first."""
        return _by_category(self.average, self.rules)

    def _categories_in_order(self) -> list[HandCategory]:
        """The categories worst first, in the game's order."""
        if self.rules is None:
            return list(HandCategory)
        return [HandCategory(c) for c in CATEGORY_ORDER[self.rules]]

    @property
    def mean_rank(self) -> float:
        """The class's mean best rank over all boards."""
        return float((np.arange(len(self.counts)) * self.counts).sum() / self.boards)

    @property
    def average_mean_rank(self) -> float:
        """The mean best rank over all hands and boards."""
        return float((np.arange(len(self.average)) * self.average).sum())

    def to_dict(self) -> dict[str, Any]:
        """The distribution as plain Python values, ready for ``json.dumps``.

        Returns
        -------
        dict
            ``class``, ``boards``, ``mean_rank``, ``average_mean_rank``, ``categories``
            (per category label: ``boards``, ``probability``, ``average_probability``) and
            ``ranks`` (rank as text -> boards, for ranks that occur).

        Examples
        --------
        >>> from pokerkeys.preflop import rank_distribution
        >>> d = rank_distribution("AA").to_dict()
        >>> list(d)
        ['class', 'boards', 'mean_rank', 'average_mean_rank', 'categories', 'ranks']
        >>> d["categories"]["Four of a kind"]["boards"]
        17848
        """
        cats = [c.label for c in HandCategory]
        order = [c.label for c in self._categories_in_order()]
        by_label = {label: (n, a) for label, n, a in zip(
            cats, self.by_category.tolist(), self.average_by_category.tolist(), strict=True)}
        return {
            "class": self.name, "boards": self.boards, "mean_rank": self.mean_rank,
            "average_mean_rank": self.average_mean_rank,
            "categories": {label: {"boards": int(by_label[label][0]),
                                   "probability": by_label[label][0] / self.boards,
                                   "average_probability": float(by_label[label][1])}
                           for label in order},
            "ranks": {str(r): int(n) for r, n in enumerate(self.counts.tolist()) if n},
        }

    def __str__(self) -> str:
        lines = [f"{self.name}: best 7-card hand over all {self.boards:,} boards",
                 f"{'category':<16}{'boards':>12}{'share':>10}{'all hands':>11}"]
        counts, average = self.by_category.tolist(), self.average_by_category.tolist()
        for cat in self._categories_in_order():
            n, a = counts[cat - 1], average[cat - 1]
            lines.append(f"{cat.label:<16}{n:>12,}{100 * n / self.boards:>9.3f}%"
                         f"{100 * a:>10.3f}%")
        lines.append(f"mean rank {self.mean_rank:.1f} (all hands {self.average_mean_rank:.1f})")
        return "\n".join(lines)


def rank_distribution(name: str) -> RankDistribution:
    """Exact histogram of the best 7-card rank of class ``name`` over all C(50, 5) boards.

    One combo stands for the class: a suit permutation maps it to any other combo of the class
    and the boards onto the boards. Computed for all 169 classes at once (about a second),
    once per process.

    Parameters
    ----------
    name : str
        A class, ``'AA'``, ``'AKs'``, ``'72o'``.

    Returns
    -------
    RankDistribution
        The class's counts per rank and the average over all hands.

    Raises
    ------
    ValueError
        If ``name`` is not a class.

    Examples
    --------
    >>> from pokerkeys.preflop import rank_distribution
    >>> print(rank_distribution("AA"))
    AA: best 7-card hand over all 2,118,760 boards
    category              boards     share  all hands
    High card                  0    0.000%    17.412%
    Pair                 762,300   35.979%    43.823%
    Two pair             840,456   39.667%    23.496%
    Three of a kind      249,458   11.774%     4.830%
    Straight              25,816    1.218%     4.619%
    Flush                 41,562    1.962%     3.025%
    Full house           181,104    8.548%     2.596%
    Four of a kind        17,848    0.842%     0.168%
    Straight flush           216    0.010%     0.031%
    mean rank 5001.1 (all hands 3367.1)
    """
    k = class_index(name)
    return RankDistribution(CLASS_NAMES[k], _histograms()[k].copy(), average_rank_distribution())


# --- the exact heads-up matrix ----------------------------------------------------------------

_MATCHUP_DTYPE = [("hand1", "u1", (2,)), ("hand2", "u1", (2,)), ("class1", "u1"),
                  ("class2", "u1"), ("weight", "i8"), ("wins", "i8"), ("ties", "i8"),
                  ("losses", "i8")]
_STATE_VERSION = "heads-up-sweep-1"


@dataclass(frozen=True)
class HeadsUpMatrix:
    """Exact heads-up outcomes of every preflop matchup, stored for the 169 representatives.

    Any matchup maps onto one of the stored rows by a suit permutation (``counts``).

    Attributes
    ----------
    wins, ties, losses : numpy.ndarray
        (169, 1326) int64: boards on which the representative of class c
        (``class_representative``) beats, ties, loses to combo x (``ALL_COMBOS`` row); zero
        where x shares a card with it.
    boards : int or None
        Boards per matchup, 1,712,304; None when the run was restricted to a subset of
        boards (``heads_up_matrix(max_boards=...)``, for tests): then it varies by matchup.
    elapsed : float
        Seconds the computation took.

    Examples
    --------
    >>> from pokerkeys.preflop import heads_up_matrix
    >>> m = heads_up_matrix(max_boards=1)   # one board orbit only: a quick, partial table
    >>> m.wins.shape, m.boards, m.counts("AhKh", "QsQd")
    ((169, 1326), None, (4, 0, 0))
    """

    wins: IntArray
    ties: IntArray
    losses: IntArray
    boards: int | None
    elapsed: float = 0.0

    def counts(self, hand1: CardsLike, hand2: CardsLike) -> tuple[int, int, int]:
        """Wins, ties and losses of one hand against another over all boards.

        Parameters
        ----------
        hand1, hand2 : str or sequence of cards
            Two disjoint two-card hands.

        Returns
        -------
        tuple of int
            (wins, ties, losses) of hand1: boards on which it beats, ties, loses to hand2.

        Raises
        ------
        ValueError
            If a hand is not two cards, or the hands share a card.

        Examples
        --------
        >>> from pokerkeys.preflop import heads_up_matrix
        >>> heads_up_matrix(max_boards=1).counts("QsQd", "AhKh")
        (0, 0, 4)
        """
        a, b = _hand_index(hand1, "hand 1"), _hand_index(hand2, "hand 2")
        if not _disjoint(np.array(a), np.array(b)):
            raise ValueError(f"the two hands share a card: {hand1!r} and {hand2!r}")
        _, _, _, perms12, tau12 = _symmetry()
        c, x = COMBO_CLASS[a], perms12[tau12[a], b]
        return int(self.wins[c, x]), int(self.ties[c, x]), int(self.losses[c, x])

    @cached_property
    def class_counts(self) -> IntArray:
        """(169, 169, 3) int64: wins, ties, losses of class a against class b, summed over
        every pair of disjoint combos (the right weights: each combo pair is equally likely)."""
        reps = _symmetry()[0]
        ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :])
        sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
        out = np.zeros((N_CLASSES, N_CLASSES, 3), dtype=np.int64)
        for k, table in enumerate((self.wins, self.ties, self.losses)):
            for c2 in range(N_CLASSES):
                cols = class_combo_indices(CLASS_NAMES[c2])
                out[:, c2, k] = (table[:, cols] * ok[:, cols]).sum(axis=1)
            out[:, :, k] *= sizes[:, None]
        return out

    @cached_property
    def equity(self) -> FloatArray:
        """(169, 169) float64: equity of class a (row) against class b (column)."""
        w, t, lose = np.moveaxis(self.class_counts, 2, 0)
        with np.errstate(invalid="ignore"):  # NaN only for a reduced run with no common board
            return (w + 0.5 * t) / (w + t + lose)

    def vs_random(self) -> FloatArray:
        """The equity of each class against one random hand, from the same counts.

        Returns
        -------
        numpy.ndarray
            (169,) float64 in ``CLASS_NAMES`` order (NaN for a class that met no board in a
            restricted run).

        Examples
        --------
        >>> import numpy as np
        >>> from pokerkeys.preflop import heads_up_matrix
        >>> with np.errstate(invalid="ignore"):
        ...     vs_random = heads_up_matrix(max_boards=1).vs_random()
        >>> vs_random.shape
        (169,)
        """
        w, t, lose = self.class_counts.sum(axis=1).T
        return (2 * w + t) / (2.0 * (w + t + lose))

    def matchups(self) -> np.ndarray:
        """The 47,008 suit-distinct matchups with their counts.

        Returns
        -------
        numpy.ndarray
            ``suit_distinct_matchups()`` with the fields wins, ties, losses (int64) of hand1
            against hand2.

        Examples
        --------
        >>> from pokerkeys.preflop import heads_up_matrix
        >>> m = heads_up_matrix(max_boards=1).matchups()
        >>> len(m), m.dtype.names[-3:]
        (47008, ('wins', 'ties', 'losses'))
        """
        base = suit_distinct_matchups()
        out = np.zeros(len(base), dtype=_MATCHUP_DTYPE)
        for f in _MATCHUP_DTYPE[:5]:
            out[f[0]] = base[f[0]]
        hand1, hand2, _, _ = _orbits()
        c = COMBO_CLASS[hand1]
        out["wins"] = self.wins[c, hand2]
        out["ties"] = self.ties[c, hand2]
        out["losses"] = self.losses[c, hand2]
        return out

    def save(self, path: str | os.PathLike[str]) -> tuple[Path, Path]:
        """Write the equity matrix and the matchups' counts to two .npy files.

        Each is written under a temporary name and renamed, so a file on disk is always
        complete.

        Parameters
        ----------
        path : str or os.PathLike
            Where the (169, 169) float64 equity matrix goes; the matchups (structured, see
            ``matchups``) go to ``matchups_path(path)``, ``<path without .npy>.matchups.npy``.

        Returns
        -------
        tuple of pathlib.Path
            The two files written.

        Raises
        ------
        OSError
            If a file cannot be written.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from pokerkeys.preflop import heads_up_matrix
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     written = heads_up_matrix(max_boards=1).save(Path(folder) / "hu.npy")
        ...     [p.name for p in written]
        ['hu.npy', 'hu.matchups.npy']
        """
        path = Path(path)
        other = matchups_path(path)
        _atomic_save(path, self.equity)
        _atomic_save(other, self.matchups())
        return path, other


def matchups_path(path: Path) -> Path:
    """Where ``HeadsUpMatrix.save`` writes the matchups beside the matrix at ``path``.

    Parameters
    ----------
    path : pathlib.Path
        The matrix's file.

    Returns
    -------
    pathlib.Path
        ``path`` without a ``.npy`` ending, plus ``.matchups.npy``.

    Examples
    --------
    >>> from pathlib import Path
    >>> from pokerkeys.preflop.exact import matchups_path
    >>> matchups_path(Path("hu.npy")).name, matchups_path(Path("out/hu")).as_posix()
    ('hu.matchups.npy', 'out/hu.matchups.npy')
    """
    stem = path.name[:-4] if path.name.endswith(".npy") else path.name
    return path.with_name(stem + ".matchups.npy")


def _atomic_save(path: Path, array: np.ndarray) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        np.save(f, array, allow_pickle=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _state_path(path: Path) -> Path:
    return path.with_name(path.name + ".partial.npz")


def _signature(boards: CardArray, multiplicity: IntArray, starts: IntArray,
               with_ties: bool) -> str:
    h = hashlib.sha256(_STATE_VERSION.encode())
    for a in (boards, multiplicity, starts):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(bytes([with_ties]))
    return h.hexdigest()


def _load_state(path: Path, signature: str, n_chunks: int
                ) -> tuple[npt.NDArray[np.bool_], IntArray, IntArray] | None:
    try:
        with np.load(path, allow_pickle=False) as z:
            if str(z["signature"]) != signature:
                return None
            done, wins, ties = z["done"].copy(), z["wins"].copy(), z["ties"].copy()
    except (OSError, ValueError, KeyError):
        return None  # unreadable: start over (it is only ever replaced whole)
    if done.shape != (n_chunks,) or wins.shape != (N_CLASSES, N_COMBOS):
        return None
    return done, wins, ties


def _save_state(path: Path, signature: str, done: npt.NDArray[np.bool_], wins: IntArray,
                ties: IntArray) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        np.savez(f, signature=np.array(signature), done=done, wins=wins, ties=ties)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def heads_up_matrix(out: str | os.PathLike[str] | None = None, *, threads: Threads = None,
                    progress: Progress | None = None, resume: bool = True, chunks: int = 64,
                    max_boards: int | None = None) -> HeadsUpMatrix:
    """Exact win/tie/loss counts of every heads-up preflop matchup over all boards.

    Board-major (see ``_kernels.matrix``): each of the 134,459 suit-canonical boards has its
    1,081 combos ranked once and swept in rank order; about 4 s on two cores (7 s on one).
    The boards are processed in ``chunks`` groups. Ctrl-C is held until the running chunk is
    finished (and saved), then raised as KeyboardInterrupt.

    Parameters
    ----------
    out : str, os.PathLike or None, default None
        A path: the result is written there (``HeadsUpMatrix.save``), and after every chunk
        the running totals go to ``<out>.partial.npz`` (written whole, then renamed), so a
        run interrupted in any way (even killed) and started again with the same arguments
        resumes where it stopped; the partial file is removed at the end. None: nothing is
        written.
    threads : int or None, default None
        Kernel threads; None: all.
    progress : callable or None, default None
        ``progress(done, total)`` in boards, before the first chunk and after each.
    resume : bool, default True
        Resume from ``<out>.partial.npz`` when it matches this run; False: start over.
    chunks : int, default 64
        Groups the boards are processed in (progress, saving, Ctrl-C happen between them).
    max_boards : int or None, default None
        Use only the first N canonical boards (with their whole suit orbits): a smaller
        problem for tests; the counts are then over those boards only and ties are counted
        directly instead of as the remainder (``boards`` is None).

    Returns
    -------
    HeadsUpMatrix
        The counts of every matchup, for the 169 class representatives.

    Raises
    ------
    ValueError
        If ``chunks`` or ``max_boards`` is not a positive integer, or ``threads`` not a
        positive integer.
    KeyboardInterrupt
        On Ctrl-C, after the running chunk (its message says how many boards are done and
        where they are saved).
    OSError
        If ``out`` or the partial file cannot be written.

    Examples
    --------
    >>> from pokerkeys.preflop import heads_up_matrix
    >>> m = heads_up_matrix(max_boards=1)
    >>> m.counts("AhKh", "QsQd"), m.boards
    ((4, 0, 0), None)
    """
    if isinstance(chunks, bool) or not isinstance(chunks, int) or chunks < 1:
        raise ValueError(f"chunks must be a positive integer, not {chunks!r}")
    boards, multiplicity = canonical_boards()
    if max_boards is not None:
        if isinstance(max_boards, bool) or not isinstance(max_boards, int) or max_boards < 1:
            raise ValueError(f"max_boards must be a positive integer, not {max_boards!r}")
        boards, multiplicity = boards[:max_boards], multiplicity[:max_boards]
    with_ties = max_boards is not None and max_boards < len(canonical_boards()[0])
    # The kernel flushes its byte counters whenever the weight changes: sort by orbit size.
    order = np.argsort(multiplicity, kind="stable")
    boards = np.ascontiguousarray(boards[order])
    multiplicity = np.ascontiguousarray(multiplicity[order])
    n = len(boards)
    starts = np.unique(np.linspace(0, n, min(chunks, n) + 1).astype(np.int64))
    n_chunks = len(starts) - 1
    signature = _signature(boards, multiplicity, starts, with_ties)
    target = Path(out) if out is not None else None
    state = _state_path(target) if target is not None else None
    loaded = None
    if state is not None and resume and state.is_file():
        loaded = _load_state(state, signature, n_chunks)
    if loaded is None:
        done = np.zeros(n_chunks, dtype=bool)
        wins = np.zeros((N_CLASSES, N_COMBOS), dtype=np.int64)
        ties = np.zeros((N_CLASSES, N_COMBOS), dtype=np.int64)
    else:
        done, wins, ties = loaded
    start_time = _jit.compute_clock()  # a compile is not the matrix's time
    sizes = np.diff(starts)
    with _jit.threads(threads) as n_threads, _deferred_interrupts() as interrupted:
        if progress is not None:
            progress(int(sizes[done].sum()), n)
        for i in range(n_chunks):
            if done[i]:
                continue
            lo, hi = starts[i], starts[i + 1]
            w, t = _sweep(boards[lo:hi], multiplicity[lo:hi], with_ties, n_threads)
            wins += w
            ties += t
            done[i] = True
            if state is not None:
                _save_state(state, signature, done, wins, ties)
            if progress is not None:
                progress(int(sizes[done].sum()), n)
            if interrupted:
                raise KeyboardInterrupt(f"{int(sizes[done].sum())} of {n} boards done"
                                        + (f", saved in {state}" if state else ""))
    result = _finish(wins, ties, with_ties, _jit.compute_clock() - start_time)
    if target is not None and state is not None:
        result.save(target)
        state.unlink(missing_ok=True)
    return result


@contextlib.contextmanager
def _deferred_interrupts() -> Iterator[list[int]]:
    """Hold Ctrl-C until the running chunk is saved (yields a list, non-empty once it came).

    A SIGINT landing inside a compiled kernel surfaces as an unrelated SystemError; deferring it
    to the end of the chunk (a fraction of a second) stops cleanly with the work kept.
    """
    caught: list[int] = []
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
        # Not ours to handle (only the main thread may), or ignored on purpose (a background
        # job, nohup): left as it is.
        yield caught
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


def _sweep(boards: CardArray, multiplicity: IntArray, with_ties: bool, n_threads: int
           ) -> tuple[IntArray, IntArray]:
    """Raw (wins, ties) of the sweep over boards sorted by multiplicity."""
    _, _, _, perms12, tau12 = _symmetry()
    return heads_up_sweep(boards, multiplicity, perms12, tau12, COMBO_CLASS.astype(np.int64),
                          max(1, n_threads), with_ties, *kernel_args(7))


def _counts_over(boards: CardArray, multiplicity: IntArray, *, threads: Threads = None
                 ) -> HeadsUpMatrix:
    """Exact counts over the given canonical boards with their whole orbits (for tests)."""
    order = np.argsort(multiplicity, kind="stable")
    with _jit.threads(threads) as n_threads:
        w, t = _sweep(np.ascontiguousarray(boards[order]),
                      np.ascontiguousarray(multiplicity[order]), True, n_threads)
    return _finish(w, t, True, 0.0)


def _symmetrise(table: IntArray) -> IntArray:
    """N(rep_c, x) = sum over the stabiliser of rep_c of table[c, s(x)] / 24 (exact)."""
    reps, perms, stab, _, _ = _symmetry()
    total = np.stack([table[c, perms[stab[c]]].sum(axis=0) for c in range(N_CLASSES)])
    ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :])
    total = np.where(ok, total, 0)
    if (total % 24).any():
        raise AssertionError("heads-up counts are not divisible by 24: the sweep is broken")
    return total // 24


def _finish(raw_wins: IntArray, raw_ties: IntArray, with_ties: bool, elapsed: float
            ) -> HeadsUpMatrix:
    reps, _, _, perms12, tau12 = _symmetry()
    wins = _symmetrise(raw_wins)
    ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :])
    # Losses of rep_c against x are x's wins against rep_c, found in x's class row.
    x = np.arange(N_COMBOS)
    losses = wins[COMBO_CLASS[x][None, :], perms12[tau12[x][None, :], reps[:, None]]]
    losses = np.where(ok, losses, 0)
    if with_ties:
        ties = _symmetrise(raw_ties)
        boards = None
    else:
        ties = np.where(ok, BOARDS_PER_MATCHUP - wins - losses, 0)
        boards = BOARDS_PER_MATCHUP
        if (ties < 0).any():
            raise AssertionError("negative tie counts: the sweep is broken")  # pragma: no cover
    for a in (wins, ties, losses):
        a.setflags(write=False)
    return HeadsUpMatrix(wins, ties, losses, boards, elapsed)


def class_counts_over_deck(first_card: int, tables: tuple[npt.NDArray[Any], ...], *,
                           threads: Threads = None) -> IntArray:
    """(169, 169, 3) int64 win/tie/loss counts of class against class on a deck first_card..51.

    The board-major sweep of ``heads_up_matrix`` over every board of the smaller deck (one per
    suit orbit), ranked by ``tables`` (a kernel's six evaluation tables, e.g. the short-deck
    ones). Classes with a card below the deck have zero rows and columns. Used by
    ``pokerkeys.preflop.shortdeck`` (first_card 16, the six of clubs).
    """
    from ..core.symmetry import canonical_boards as orbit_representatives

    deck = np.arange(first_card, 52, dtype=np.uint8)
    boards, multiplicity = orbit_representatives(deck, 5, _suit_maps())
    order = np.argsort(multiplicity, kind="stable")
    boards = np.ascontiguousarray(boards[order])
    multiplicity = np.ascontiguousarray(multiplicity[order].astype(np.int64))
    _, _, _, perms12, tau12 = _symmetry()
    card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks = tables
    with _jit.threads(threads) as n_threads:
        raw, _ = heads_up_sweep(boards, multiplicity, perms12, tau12,
                                COMBO_CLASS.astype(np.int64), max(1, n_threads), False,
                                card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                                flush_ranks, first_card)
    reps = _symmetry()[0]
    wins = _symmetrise(raw)
    in_deck = ALL_COMBOS.min(axis=1) >= first_card
    ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :]) & in_deck[None, :] \
        & in_deck[reps][:, None]
    x = np.arange(N_COMBOS)
    losses = wins[COMBO_CLASS[x][None, :], perms12[tau12[x][None, :], reps[:, None]]]
    per_matchup = math.comb(52 - first_card - 4, 5)
    wins, losses = np.where(ok, wins, 0), np.where(ok, losses, 0)
    ties = np.where(ok, per_matchup - wins - losses, 0)
    if (ties < 0).any():  # pragma: no cover - a wrong sweep would be a bug
        raise AssertionError("negative tie counts: the sweep is broken")
    sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
    out = np.zeros((N_CLASSES, N_CLASSES, 3), dtype=np.int64)
    for k, table in enumerate((wins, ties, losses)):
        for c2 in range(N_CLASSES):
            out[:, c2, k] = table[:, class_combo_indices(CLASS_NAMES[c2])].sum(axis=1)
        out[:, :, k] *= sizes[:, None]
    return out
