"""Omaha ranges in generic syntax: every 4-card count is checked hand by hand against a slow
reference matcher that tries all permutations of the pattern's cards over all 270,725 hands
(tests/omaha_reference.py); 5- and 6-card counts come from combinatorics worked out by hand or
from an independent vectorised count, explained beside each."""
from __future__ import annotations

import itertools
from math import comb

import numpy as np
import omaha_reference as ref
import pytest

from pokerkeys.equity.omaha_ranges import OmahaRange, parse_omaha_range


def _hands(r: OmahaRange) -> frozenset[tuple[int, ...]]:
    return frozenset(tuple(int(c) for c in row) for row in r.hands)


def _check(text: str, expected: frozenset[tuple[int, ...]], count: int) -> None:
    r = parse_omaha_range(text)
    assert len(r) == count
    assert len(expected) == count
    assert _hands(r) == expected


# pattern -> count of 4-card hands, each checked against the reference matcher's hands.
PLAIN = {
    "AA": 6961,            # C(4,2)C(48,2) + C(4,3)48 + 1: at least two aces
    "AxAyxy": 864,         # double-suited aces: 6 suit pairs x 12 x 12
    "sshh": 6084,          # C(13,2)^2
    "wxy": 186745,         # at least three suits
    "RRON": 82368,         # 13 C(4,2) C(12,2) 4^2: exactly one pair
    "RxRyOxOy": 468,       # C(13,2) C(4,2): double-suited two pair
    "AsKhJd2c": 1,
    "*": 270725,
    "****": 270725,
    "[AK][AK]": 29022,     # at least two cards among the eight aces and kings
    "AARR": 432,           # aces and another pair: C(4,2) 12 C(4,2) (not quad aces)
    "ssxx": 18252,         # two spades and two of one other suit: C(13,2) 3 C(13,2)
    "Axx": 45880,          # an ace with another card of its suit (a suited ace)
}


@pytest.mark.parametrize(("text", "count"), PLAIN.items())
def test_plain_patterns_match_the_reference(text: str, count: int) -> None:
    _check(text, ref.matching(text), count)


@pytest.mark.slow
def test_and_not_is_set_difference() -> None:
    _check("JJ!JJJ", ref.matching("JJ") - ref.matching("JJJ"), 6768)


def test_and_is_intersection() -> None:
    _check("AA:xxyy", ref.matching("AA") & ref.matching("xxyy"), 864)


@pytest.mark.slow
def test_comma_is_union() -> None:
    expected = ((ref.matching("AA") & ref.matching("xxyy"))
                | (ref.matching("JJ") - ref.matching("JJJ")) | ref.matching("KK"))
    # overlaps: AxAyKxKy (6), JJKK exactly two jacks (36), AxAyJxJy (6)
    _check("AA:xxyy, JJ!JJJ, KK", expected, 864 + 6768 + 6961 - 6 - 36 - 6)


def test_leading_not_is_the_complement() -> None:
    _check("!AA", ref.all_hands() - ref.matching("AA"), 270725 - 6961)


def test_trailing_plus_moves_the_pair_up() -> None:
    _check("KK+", ref.matching("KK") | ref.matching("AA"), 13886)


@pytest.mark.slow
def test_trailing_plus_moves_the_kicker_below_the_top_rank() -> None:
    expected = frozenset().union(*(ref.matching("A" + k) for k in "9TJQK"))
    _check("A9+", expected, len(expected))


@pytest.mark.slow
def test_trailing_minus_moves_a_run_down() -> None:
    runs = ("T98", "987", "876", "765", "654", "543", "432")
    expected = frozenset().union(*(ref.matching(run) for run in runs))
    _check("T98-", expected, len(expected))


@pytest.mark.slow
def test_spans_move_the_differing_ranks_together() -> None:
    pairs = frozenset().union(*(ref.matching(r + r) for r in "KQJT"))
    _check("KK-TT", pairs, len(pairs))
    runs = frozenset().union(*(ref.matching(h) for h in ("JT98", "T987", "9876", "8765",
                                                          "7654")))
    _check("JT98-7654", runs, len(runs))
    aces = frozenset().union(*(ref.matching("A" + k) for k in "KQJT"))
    _check("AK-AT", aces, len(aces))


def test_bracket_lists_spans_and_open_ends() -> None:
    expected = ref.matching("[TJQKA][98765432]")
    _check("[T+][9-]", expected, len(expected))
    _check("[A-T][9,8,7,6,5,4,3,2]", expected, len(expected))
    _check("[AK]x[AK]x", ref.matching("[AK]x[AK]x"), len(ref.matching("[AK]x[AK]x")))


@pytest.mark.slow
def test_macros() -> None:
    every = ref.all_hands()
    _check("$ds", ref.matching("xxyy") - ref.matching("xxx"), 36504)
    _check("$ss", ref.matching("xx") - ref.matching("xxyy") - ref.matching("xxx"), 158184)
    _check("$r", every - ref.matching("xx"), 28561)          # 13^4
    _check("$np", every - ref.matching("RR"), 183040)        # C(13,4) 4^4


def test_weights_last_item_wins() -> None:
    r = parse_omaha_range("KK:$ds:0.5, AsAhKsKh")
    assert len(r) == 864
    weights = dict(zip(map(tuple, r.hands.tolist()), r.weights.tolist(), strict=True))
    as_ah_ks_kh = (4 * 11 + 2, 4 * 11 + 3, 4 * 12 + 2, 4 * 12 + 3)
    assert weights[as_ah_ks_kh] == 1.0
    assert sorted(set(weights.values())) == [0.5, 1.0]
    r = parse_omaha_range("AsAhKsKh, KK:$ds:0.5")
    assert set(r.weights.tolist()) == {0.5}


def test_result_shape_and_order() -> None:
    r = parse_omaha_range("AA")
    assert r.hands.dtype == np.uint8 and r.hands.shape == (6961, 4)
    assert r.weights.dtype == np.float64 and np.all(r.weights == 1.0)
    assert np.all(np.diff(r.hands.astype(int), axis=1) > 0)
    keys = [tuple(row) for row in r.hands.tolist()]
    assert keys == sorted(keys)
    assert r.format_hand(0) == "2c2dAcAd"
    assert r.format_hand(-1) == "AcAdAhAs"
    assert len(parse_omaha_range("AAAA")) == 1


# --- 5 and 6 cards --------------------------------------------------------------------------

def test_five_card_counts_by_combinatorics() -> None:
    n = comb(52, 5)
    # at least two aces: all hands minus those with no ace or exactly one
    assert len(parse_omaha_range("AA", 5)) == n - comb(48, 5) - 4 * comb(48, 4) == 108336
    # exactly two jacks: C(4,2) jacks, three of the 48 others
    assert len(parse_omaha_range("JJ!JJJ", 5)) == 6 * comb(48, 3) == 103776
    # at least two spades and two hearts: a >= 2 spades, b >= 2 hearts, the rest of 26 others
    sshh = sum(comb(13, a) * comb(13, b) * comb(26, 5 - a - b)
               for a in range(2, 6) for b in range(2, 6) if a + b <= 5)
    assert len(parse_omaha_range("sshh", 5)) == sshh == 202800
    # five cards always hold two of one suit, so none is rainbow
    assert len(parse_omaha_range("$r", 5)) == 0
    # no pair: five distinct ranks, any suits
    assert len(parse_omaha_range("$np", 5)) == comb(13, 5) * 4 ** 5


def _all_five_card_hands() -> np.ndarray:
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def test_five_card_counts_by_an_independent_vectorised_count() -> None:
    """Counts over all 2,598,960 five-card hands from per-hand rank and suit tallies, not from
    pattern matching: 'wxy' is 'at least three suits present'; 'RxRyOxOy' is 'two ranks whose
    sets of suits share at least two suits' (the two pairs then use those two suits)."""
    hands = _all_five_card_hands()
    suits = hands & 3
    ranks = hands >> 2
    present = np.zeros((hands.shape[0], 4), dtype=bool)
    for col in range(5):
        present[np.arange(hands.shape[0]), suits[:, col]] = True
    assert len(parse_omaha_range("wxy", 5)) == int((present.sum(axis=1) >= 3).sum())
    suit_sets = np.zeros((hands.shape[0], 13), dtype=np.uint8)
    for col in range(5):
        suit_sets[np.arange(hands.shape[0]), ranks[:, col]] |= (1 << suits[:, col]).astype(
            np.uint8)
    popcount = np.array([bin(v).count("1") for v in range(16)], dtype=np.uint8)
    double = np.zeros(hands.shape[0], dtype=bool)
    for a, b in itertools.combinations(range(13), 2):
        double |= popcount[suit_sets[:, a] & suit_sets[:, b]] >= 2
    assert len(parse_omaha_range("RxRyOxOy", 5)) == int(double.sum())


def test_six_card_counts_by_combinatorics() -> None:
    n = comb(52, 6)
    assert len(parse_omaha_range("AA", 6)) == n - comb(48, 6) - 4 * comb(48, 5) == 1237792
    # four distinct suits in six cards: inclusion-exclusion over the suits left out
    four_suits = sum((-1) ** k * comb(4, k) * comb(52 - 13 * k, 6) for k in range(5))
    assert len(parse_omaha_range("wxyz", 6)) == four_suits


# --- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ("AA1x", "unknown rank '1' at position 3 in 'AA1x'"),
    ("Ap", "unknown suit 'p' at position 2 in 'Ap'"),
    ("AAq", "unknown suit 'q' at position 3 in 'AAq'"),
    ("[AK", "unbalanced '[' at position 1 in '[AK': no closing ']'"),
    ("AA, [AK", "unbalanced '[' at position 5 in 'AA, [AK'"),
    ("AK]", "unbalanced ']' at position 3 in 'AK]'"),
    ("A[]", "empty list '[]' at position 2 in 'A[]'"),
    ("AA:$dz", "unknown macro '$dz' at position 4 in 'AA:$dz'"),
    ("AA, 0%", "a top-N% range needs 0 < N <= 100"),
    ("101%", "'101%' at position 1 in '101%': a top-N% range needs 0 < N <= 100"),
    ("0.001%", "'0.001%' at position 1 in '0.001%' selects no hand: the best class alone"),
    ("1.5.%", "a percentage is a number and '%'"),
    ("AA:0", "weight '0' at position 4 in 'AA:0' must be above 0 and at most 1"),
    ("AA:1.5", "weight '1.5' at position 4"),
    ("AAKKQ", "has 5 cards, more than the 4 hole cards"),
    ("KK-T9", "span 'KK-T9' at position 3 in 'KK-T9'"),
    ("AA,,KK", "empty item at position 4 in 'AA,,KK'"),
    ("AA:", "missing pattern after ':'"),
    ("AA KK", "unexpected 'K' at position 4 in 'AA KK'"),
    ("", "needs at least one pattern"),
    ("[K-TT]", "span of several cards in a list at position 3"),
    ("[KK-JJ]s", "a suit after the span in brackets at position 8"),
    ("[KK-JJ]+", "span or '+'/'-' after a bracketed span at position 8"),
    ("[KK-T9]", "span 'KK-T9' at position 4 in '[KK-T9]'"),
])
def test_errors_name_the_token_and_its_position(text: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_omaha_range(text)
    assert message in str(caught.value)


def test_bad_hole_cards_and_types() -> None:
    with pytest.raises(ValueError, match="hole_cards must be 4, 5 or 6, not 7"):
        parse_omaha_range("AA", 7)
    with pytest.raises(TypeError, match="must be a string"):
        parse_omaha_range(["AA"])  # type: ignore[arg-type]


# --- any hole-card count, hand by hand on a sample ------------------------------------------

def _keys(hands: np.ndarray) -> np.ndarray:
    """One int64 per hand whose order is the rows' lexicographic order (base-52 digits)."""
    keys = np.zeros(hands.shape[0], dtype=np.int64)
    for col in range(hands.shape[1]):
        keys = keys * 52 + hands[:, col].astype(np.int64)
    return keys


MIXED = ["RsRx", "AsRxRy", "*x*x*y", "AxKx", "R[AK]", "RRR", "xxyz", "KsK", "[TJ]hRR",
         "RxOxNx", "ssx"]


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
@pytest.mark.parametrize("text", MIXED)
def test_sampled_hands_agree_with_the_reference(text: str, hole_cards: int) -> None:
    """Named suits and ranks beside variables, and 5 or 6 cards: on random hands (fixed seed;
    fewer for more cards, where the reference tries more permutations) the parser's
    membership equals the reference's, hand by hand."""
    rng = np.random.default_rng(28 * hole_cards)
    sample = np.sort(np.array([rng.choice(52, hole_cards, replace=False)
                               for _ in range({4: 1500, 5: 1000, 6: 500}[hole_cards])],
                              dtype=np.uint8), axis=1)
    r = parse_omaha_range(text, hole_cards)
    keys = _keys(r.hands)  # ascending, as the rows are in lexicographic order
    assert keys.size > 0
    at = np.minimum(np.searchsorted(keys, _keys(sample)), keys.size - 1)
    got = keys[at] == _keys(sample)
    want = np.array([ref.matches(tuple(int(c) for c in row), text) for row in sample])
    assert got.tolist() == want.tolist()
    assert want.any() and not want.all()  # the sample meets both answers


def _rank_counts() -> tuple[np.ndarray, np.ndarray]:
    """Every 4-card hand (lexicographic) and how many cards of each rank it holds."""
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    counts = np.zeros((len(hands), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], hands >> 2), 1)
    return hands, counts


def test_several_spans_in_brackets_combine_one_step_of_each() -> None:
    # Counted here from rank counts, not by the parser's matching: '[KK-JJ][77-55]' is a
    # pair from KK-JJ and a pair from 77-55, every choice of the two.
    hands, counts = _rank_counts()
    rank = {ch: i for i, ch in enumerate("23456789TJQKA")}

    def having(*groups: tuple[str, ...]) -> frozenset[tuple[int, ...]]:
        ok = np.zeros(len(hands), dtype=bool)
        for choice in itertools.product(*groups):
            need = np.zeros(13, dtype=np.int64)
            for ch in "".join(choice):
                need[rank[ch]] += 1
            ok |= (counts >= need).all(axis=1)
        return frozenset(map(tuple, hands[ok].tolist()))

    _check("[KK-JJ][77-55]", having(("KK", "QQ", "JJ"), ("77", "66", "55")), 9 * 36)
    pairs = having(("KK", "QQ", "JJ"))
    _check("[KK-JJ]", pairs, len(pairs))
    runs = having(("A",), ("KQ", "QJ", "JT", "T9"))
    _check("A[KQ-T9]", runs, len(runs))


def test_percent_keeps_whole_classes_best_first() -> None:
    from fractions import Fraction

    from pokerkeys.equity.omaha_ranges import omaha_class_ranking

    positions, sizes, classes, equity = omaha_class_ranking()
    # Every 4-card hand is in one class, each class holds the hands of its suit relabellings.
    assert len(classes) == 16_432 and int(sizes.sum()) == comb(52, 4)
    assert (np.diff(equity) <= 0).all()
    assert all(24 % size == 0 for size in np.unique(sizes).tolist())  # orbits of 24 relabellings
    all_hands = parse_omaha_range("*").hands
    for text, percent in [("5%", 5), ("15%", 15), ("0.5%", Fraction(1, 2)), ("100%", 100)]:
        r = parse_omaha_range(text)
        target = int(Fraction(percent) * comb(52, 4) / 100 + Fraction(1, 2))
        kept = int(np.searchsorted(np.cumsum(sizes), target, side="right"))
        assert len(r) == int(sizes[:kept].sum()) <= target
        assert kept == len(classes) or len(r) + sizes[kept] > target
        # The hands are exactly those of the kept classes.
        assert _hands(r) == frozenset(map(tuple, all_hands[positions < kept].tolist()))
    # The best class is double-suited aces and kings; the ranking is not noise at the top.
    assert {int(c) >> 2 for c in classes[0]} <= set(range(8, 13))
    # N% combines like any operand, and weights apply.
    both = parse_omaha_range("15%:$ds:0.5")
    assert len(both) == len(parse_omaha_range("15%")) - len(parse_omaha_range("15%!$ds"))
    assert set(both.weights.tolist()) == {0.5}


@pytest.mark.parametrize("hole", [5, 6])
def test_percent_is_for_four_card_omaha(hole: int) -> None:
    with pytest.raises(ValueError, match=f"N% ranges are for 4-card Omaha; no ranking of "
                                         f"{hole}-card hands ships"):
        parse_omaha_range("15%", hole_cards=hole)
