"""pokerkeys.equity.ranges: PokerStove/Equilab range syntax, weights, top-X%, card removal."""
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerkeys as pk
from pokerkeys.core import classes
from pokerkeys.core.cards import RANK_CHARS, parse_cards
from pokerkeys.core.classes import (
    ALL_COMBOS,
    CLASS_NAMES,
    class_combo_count,
    class_combos,
    class_index,
    hand_class,
)
from pokerkeys.equity import ranges
from pokerkeys.equity.ranges import Range, RangeParseError, parse_range, top_percent_classes

# --- fixture: a fixed preflop ordering for the top-X% rule -------------------------------------

KNOWN_EQUITY = {"AA": 0.852037, "KK": 0.823957, "AKs": 0.670446, "AKo": 0.653201,
                "72o": 0.345836}


def _fixture_equity() -> np.ndarray:
    """Plausible equities vs a random hand: exact for the five known classes, a rough formula
    (pairs by rank; non-pairs by high card, kicker and suitedness) for the rest."""
    eq = np.empty(169)
    for k, name in enumerate(CLASS_NAMES):
        hi, lo = RANK_CHARS.index(name[0]), RANK_CHARS.index(name[1])
        if hi == lo:
            eq[k] = 0.50 + 0.0275 * hi
        else:
            eq[k] = 0.28 + 0.02 * hi + 0.009 * lo + (0.02 if name[2] == "s" else 0.0)
    for name, value in KNOWN_EQUITY.items():
        eq[class_index(name)] = value
    return eq


FIXTURE_EQUITY = _fixture_equity()
FIXTURE_ORDER = tuple(CLASS_NAMES[k] for k in np.argsort(-FIXTURE_EQUITY, kind="stable"))


@pytest.fixture
def preflop_order(monkeypatch):
    monkeypatch.setattr(classes, "equity_vs_random", lambda: FIXTURE_EQUITY.copy())
    return FIXTURE_ORDER


def combo_set(r: Range) -> set:
    return {tuple(c) for c in r.combos.tolist()}


def classes_set(*names) -> set:
    return {tuple(c) for n in names for c in class_combos(n).tolist()}


# --- every syntax form ------------------------------------------------------------------------

@pytest.mark.parametrize("text, count", [
    ("QQ", 6), ("QQ+", 18), ("22+", 78), ("AA+", 6), ("88-JJ", 24), ("JJ-88", 24),
    ("AA-KK", 12), ("QQ-QQ", 6),
    ("AKs", 4), ("AKo", 12), ("AK", 16), ("KTo+", 36), ("K9s+", 16), ("KT+", 48), ("AKs+", 4),
    ("A5s-A2s", 16), ("A2s-A5s", 16), ("KQs-K9s", 16), ("KQo-K9o", 48), ("KQ-K9", 64),
    ("AhKh", 1), ("10h9h", 1), ("Ah Kh", 1), ("random", 1326), ("any", 1326), ("RANDOM", 1326),
    ("100%", 1326), ("qq+, aks", 22), ("QQ+,AKs,AhKh", 22), ("  q q + ,\tA K s ", 22),
    ("1010", 6), ("109s", 4),
])
def test_counts(text, count):
    r = Range(text)
    assert len(r) == count
    assert r.combo_count == float(count)
    assert r.combos.shape == (count, 2) and r.combos.dtype == np.uint8
    assert r.weights.shape == (count,) and r.weights.dtype == np.float64
    assert np.all(r.weights == 1.0)
    assert r.text == text
    assert not r.is_empty


@pytest.mark.parametrize("text, names", [
    ("QQ+", ["QQ", "KK", "AA"]),
    ("88-JJ", ["88", "99", "TT", "JJ"]),
    ("AK", ["AKs", "AKo"]),
    ("KTo+", ["KTo", "KJo", "KQo"]),
    ("K9s+", ["K9s", "KTs", "KJs", "KQs"]),
    ("A5s-A2s", ["A5s", "A4s", "A3s", "A2s"]),
    ("KQs-K9s", ["KQs", "KJs", "KTs", "K9s"]),
    ("T9+", ["T9s", "T9o"]),
    ("KAs", ["AKs"]),
    ("22+", [RANK_CHARS[r] * 2 for r in range(13)]),
])
def test_exact_classes(text, names):
    assert combo_set(Range(text)) == classes_set(*names)


def test_specific_hands():
    r = Range("AhKh")
    assert r.combos.tolist() == [[50, 46]]
    assert Range("KhAh") == r == Range("ah kh") == Range("A♥K♥")
    assert combo_set(Range("10h9h")) == {(34, 30)}


def test_random_is_all_combos():
    r = Range("random")
    assert np.array_equal(r.combos, ALL_COMBOS)
    assert r == Range("any") == Range("100%")
    assert np.array_equal(r.combo_indices, np.arange(1326))


def test_order_is_all_combos_order_and_unique():
    r = Range("AKs, QQ+, 72o, AhKh, JJ-88")
    assert np.all(np.diff(r.combo_indices) > 0)
    assert np.array_equal(ALL_COMBOS[r.combo_indices], r.combos)
    assert np.all(r.combos[:, 0] > r.combos[:, 1])
    assert r == Range("JJ-88, 72o, QQ+, AKs")


# --- weights and duplicates -------------------------------------------------------------------

def test_weights():
    r = Range("QQ:0.5, AKs")
    assert len(r) == 10
    assert r.combo_count == pytest.approx(7.0)
    assert r.weight_of("QsQd") == 0.5 and r.weight_of("AhKh") == 1.0 and r.weight_of("2c2d") == 0
    assert sorted(set(r.weights.tolist())) == [0.5, 1.0]
    assert Range("AKs:1").weights.tolist() == [1.0] * 4
    assert Range("AKs : .25").combo_count == pytest.approx(1.0)
    assert Range("random:0.1").combo_count == pytest.approx(132.6)
    assert Range("AhKh:0.3").weight_of("AhKh") == 0.3


def test_duplicates_keep_last_weight():
    r = Range("QQ+:0.5, AA")
    assert r.weight_of("AsAh") == 1.0 and r.weight_of("KsKh") == 0.5
    assert len(r) == 18 and r.combo_count == pytest.approx(6 + 6)
    r = Range("AA, QQ+:0.5")
    assert r.weight_of("AsAh") == 0.5 and r.combo_count == pytest.approx(9)
    r = Range("AKs:0.2, AhKh:0.7")
    assert r.weight_of("AhKh") == 0.7 and r.weight_of("AsKs") == 0.2
    r = Range("AA, AA, AsAh")
    assert len(r) == 6


@pytest.mark.parametrize("item", ["QQ:0", "QQ:1.5", "QQ:-0.5", "QQ:abc", "QQ:", "QQ:0.5:0.5",
                                  "QQ:1e-3", "QQ:nan", "QQ:0.0"])
def test_bad_weights(item):
    text = f"AKs, {item}"
    with pytest.raises(ValueError, match=re.escape(f"{item!r} at position 5 in {text!r}")):
        Range(text)


# --- top X% -----------------------------------------------------------------------------------

def _expected_top(percent: str) -> list[str]:
    target = int(Fraction(percent) * 1326 / 100 + Fraction(1, 2))
    chosen, total = [], 0
    for name in FIXTURE_ORDER:
        if total + class_combo_count(name) > target:
            break
        chosen.append(name)
        total += class_combo_count(name)
    return chosen


def test_fixture_is_consistent_with_known_equities():
    assert FIXTURE_ORDER[:2] == ("AA", "KK")
    pos = {n: i for i, n in enumerate(FIXTURE_ORDER)}
    assert pos["AKs"] < pos["AKo"] < pos["72o"]


def test_top_percent_small(preflop_order):
    # 1% of 1326 = 13.26 -> 13 combos: AA + KK = 12, the next class would overshoot.
    assert combo_set(Range("1%")) == classes_set("AA", "KK")
    assert combo_set(Range("0.5%")) == classes_set("AA")  # 6.63 -> 7
    assert top_percent_classes("1") == ("AA", "KK")
    assert top_percent_classes(1.0) == ("AA", "KK")


@pytest.mark.parametrize("percent", ["2.5", "5", "10", "15", "20", "33.3", "50", "75", "99.9"])
def test_top_percent_rule(preflop_order, percent):
    r = Range(percent + "%")
    expected = _expected_top(percent)
    assert combo_set(r) == classes_set(*expected)
    target = int(Fraction(percent) * 1326 / 100 + Fraction(1, 2))
    assert len(r) <= target
    following = preflop_order[len(expected)]
    assert len(r) + class_combo_count(following) > target


@settings(max_examples=60, deadline=None)
@given(st.decimals(min_value="0.5", max_value="100", places=2))
def test_top_percent_property(percent):
    # Monkeypatching inside a hypothesis test: do it by hand so each example is isolated.
    saved = classes.equity_vs_random
    classes.equity_vs_random = lambda: FIXTURE_EQUITY.copy()
    try:
        text = f"{percent}%"
        got = top_percent_classes(str(percent))
        assert list(got) == _expected_top(str(percent))
        assert got == FIXTURE_ORDER[:len(got)]  # always a best-first prefix
        assert combo_set(Range(text)) == classes_set(*got)
    finally:
        classes.equity_vs_random = saved


def test_top_percent_rounding_half_up():
    assert ranges._percent_target("75") == 995  # 994.5 rounds up (not to even)
    assert ranges._percent_target("25") == 332  # 331.5
    assert ranges._percent_target("2.5") == ranges._percent_target(2.5) == 33  # 33.15
    assert ranges._percent_target("100") == 1326


def test_top_percent_ties_use_class_names_order(monkeypatch):
    monkeypatch.setattr(classes, "equity_vs_random", lambda: np.full(169, 0.5))
    # 0.8% -> 10.608 -> 11 combos: AA (6) + AKs (4) in CLASS_NAMES order, AQs would overshoot.
    assert top_percent_classes("0.8") == ("AA", "AKs")


def test_hundred_percent_needs_no_table(monkeypatch):
    def boom():
        raise AssertionError("equity table must not be needed for 100% / random")
    monkeypatch.setattr(classes, "equity_vs_random", boom)
    assert len(Range("100%")) == len(Range("random")) == len(Range("99.97%")) == 1326


def test_top_percent_weighted(preflop_order):
    r = Range("1%:0.5")
    assert len(r) == 12 and r.combo_count == pytest.approx(6.0)


@pytest.mark.parametrize("item", ["0.3%", "0%", "101%", "%", "-5%", "1.2.3%"])
def test_top_percent_errors(preflop_order, item):
    with pytest.raises(ValueError, match=re.escape(f"{item!r} at position 0")):
        Range(item)


# --- errors -----------------------------------------------------------------------------------

def test_error_message_example():
    with pytest.raises(ValueError) as info:
        Range("QQ+, AKx")
    assert "cannot parse range item 'AKx' at position 5 in 'QQ+, AKx'" in str(info.value)
    assert isinstance(info.value, RangeParseError)


@pytest.mark.parametrize("item", [
    "AKx", "AAs", "AAo", "AA-AKs", "KK-AK", "AKs-QJs", "A5s-A2o", "A5s-A2", "22-", "-22",
    "22--33", "QQ++", "Q", "AhAh", "AhKhQh", "Ah", "Ah??", "Ax", "AhX", "??", "XX", "hello",
    "AK-", "A5s-", "AKs+:", "Zs", "1%%",
])
def test_bad_items_name_item_and_position(item):
    text = f"QQ+, AKs,  {item}, 22"
    with pytest.raises(ValueError) as info:
        Range(text)
    msg = str(info.value)
    assert f"{item!r} at position 11 in {text!r}" in msg


@pytest.mark.parametrize("item", ["Ah", "Ah??", "Ax", "Kd"])
def test_partial_hands_explain(item):
    with pytest.raises(ValueError, match="partly known hand"):
        Range(item)


@pytest.mark.parametrize("text, pos", [("QQ,,AK", 3), ("QQ,", 3), (",QQ", 0), ("QQ, ,AK", 4)])
def test_empty_items(text, pos):
    with pytest.raises(ValueError, match=f"position {pos}"):
        Range(text)


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_text(text):
    with pytest.raises(ValueError, match="empty"):
        Range(text)
    with pytest.raises(ValueError):
        parse_range(text)


def test_type_errors():
    with pytest.raises(TypeError):
        Range(42)
    with pytest.raises(TypeError):
        parse_range(None)


# --- constructors -----------------------------------------------------------------------------

def test_parse_range_and_list_of_items():
    assert parse_range("QQ+, AKs") == Range("QQ+, AKs") == Range(["QQ+", "AKs"])
    assert Range(["QQ+", "AKs"]).text == "QQ+, AKs"
    assert Range(Range("AKs")) == Range("AKs")


def test_from_combos():
    r = Range.from_combos([[51, 47], [47, 51], [0, 1]], weights=[0.5, 0.25, 1.0])
    assert len(r) == 2
    assert r.weight_of([51, 47]) == 0.25  # repeated hand: last weight
    assert r.combos.tolist() == [[1, 0], [51, 47]]
    assert Range.from_combos(["AhKh", "QsQd"]) == Range("AhKh, QsQd")
    assert Range.from_combos(["AhKh", ("Qs", "Qd"), [0, 1]]) == Range("AhKh, QsQd, 2d2c")
    assert Range.from_combos(np.array([[50, 46]], dtype=np.uint8)) == Range("AhKh")
    assert Range(np.array([[50, 46]])) == Range("AhKh")
    assert Range.from_combos(class_combos("AKo")) == Range("AKo")
    empty = Range.from_combos(np.empty((0, 2), dtype=np.uint8))
    assert empty.is_empty and len(empty) == 0 and empty.combo_count == 0.0


@pytest.mark.parametrize("combos, weights", [
    ([[51, 51]], None), ([[51, 52]], None), ([[51, 47, 3]], None), ([[51, 47]], [0.0]),
    ([[51, 47]], [1.5]), ([[51, 47]], [0.5, 0.5]), (["AhKhQh"], None),
])
def test_from_combos_rejects(combos, weights):
    with pytest.raises(ValueError):
        Range.from_combos(combos, weights)


def test_text_of_built_ranges_reparses():
    r = Range.from_combos(class_combos("AKs")[:3], [0.5, 0.5, 1.0])
    assert Range(r.text) == r
    assert Range.from_combos(class_combos("QQ")).text == "QQ"


# --- card removal -----------------------------------------------------------------------------

def test_without():
    r = Range("QQ+, AKs")
    w = r.without("As")
    assert len(w) == 3 + 3 + 6 + 6
    assert all(51 not in c for c in w.combos.tolist())
    assert len(r) == 22  # unchanged: ranges are immutable
    assert r.remove("As") == w
    assert len(r.without("AsKs")) == 3 + 3 + 6 + 3  # AA, KK lose 3 each; AKs loses AsKs
    assert len(r.without(["Ah", "Ad", "Ac"])) == 0 + 6 + 6 + 1
    gone = Range("AhKh").without("Kh")
    assert gone.is_empty and len(gone) == 0 and gone.combo_count == 0.0
    assert r.without(parse_cards("2c 3d")) is r or r.without("2c3d") == r


def test_without_keeps_weights():
    r = Range("QQ+:0.5, AKs").without("Ks")
    assert r.weight_of("AsAh") == 0.5
    assert r.weight_of("AhKh") == 1.0
    assert r.weight_of("KsKh") == 0.0
    assert r.combo_count == pytest.approx(0.5 * (6 + 3 + 6) + 3)


# --- protocol ---------------------------------------------------------------------------------

def test_iteration_len_contains_repr():
    r = Range("AKs:0.5, QQ")
    items = list(r)
    assert len(items) == len(r) == 10
    assert all(isinstance(c, tuple) and len(c) == 2 for c, _ in items)
    assert dict(items)[(50, 46)] == 0.5
    assert "AhKh" in r and "QsQd" in r and "AhKd" not in r
    text = repr(r)
    assert "AKs:0.5, QQ" in text and "10 combos" in text and "weighted 8" in text
    assert repr(Range("AhKh")) == "Range('AhKh', 1 combo)"
    assert len(repr(Range.from_combos(ALL_COMBOS[::2]))) < 120


def test_arrays_are_read_only():
    r = Range("QQ+")
    with pytest.raises(ValueError):
        r.combos[0, 0] = 0
    with pytest.raises(ValueError):
        r.weights[0] = 0.5
    v = r.weight_vector()
    v[:] = 0  # a copy
    assert r.combo_count == 18


def test_equality_and_hash():
    assert Range("AK") == Range("AKs, AKo") == Range("AKo,AKs")
    assert hash(Range("AK")) == hash(Range("AKs, AKo"))
    assert Range("AK") != Range("AKs")
    assert Range("AK:0.5") != Range("AK")


# --- properties -------------------------------------------------------------------------------

pair_ranks = st.integers(0, 12)
two_ranks = st.tuples(st.integers(0, 12), st.integers(0, 12)).filter(lambda t: t[0] != t[1])
suffixes = st.sampled_from(["s", "o", ""])


@given(pair_ranks)
def test_pair_plus_count(r):
    assert len(Range(RANK_CHARS[r] * 2 + "+")) == 6 * (13 - r)


@given(pair_ranks, pair_ranks)
def test_pair_dash_symmetric(a, b):
    pa, pb = RANK_CHARS[a] * 2, RANK_CHARS[b] * 2
    r = Range(f"{pa}-{pb}")
    assert r == Range(f"{pb}-{pa}")
    assert len(r) == 6 * (abs(a - b) + 1)


@given(two_ranks, suffixes)
def test_nonpair_plus(ranks, suffix):
    hi, lo = max(ranks), min(ranks)
    per = {"s": 4, "o": 12, "": 16}[suffix]
    r = Range(f"{RANK_CHARS[hi]}{RANK_CHARS[lo]}{suffix}+")
    assert len(r) == per * (hi - lo)
    assert {hand_class(c) for c in r.combos} == {
        f"{RANK_CHARS[hi]}{RANK_CHARS[k]}{s}" for k in range(lo, hi) for s in (suffix or "so")}


@given(st.integers(1, 12), st.data(), suffixes)
def test_nonpair_dash_symmetric(hi, data, suffix):
    k1 = data.draw(st.integers(0, hi - 1))
    k2 = data.draw(st.integers(0, hi - 1))
    a = f"{RANK_CHARS[hi]}{RANK_CHARS[k1]}{suffix}"
    b = f"{RANK_CHARS[hi]}{RANK_CHARS[k2]}{suffix}"
    r = Range(f"{a}-{b}")
    assert r == Range(f"{b}-{a}")
    assert len(r) == {"s": 4, "o": 12, "": 16}[suffix] * (abs(k1 - k2) + 1)


items = st.one_of(
    st.sampled_from(CLASS_NAMES),
    st.sampled_from(["QQ+", "88-JJ", "KTo+", "K9s+", "A5s-A2s", "AK", "AhKh", "7c2d", "22+"]),
)


@given(st.lists(items, min_size=1, max_size=6))
def test_unweighted_item_order_does_not_matter(parts):
    r = Range(", ".join(parts))
    assert r == Range(", ".join(reversed(parts)))
    union = set().union(*(combo_set(Range(p)) for p in parts))
    assert combo_set(r) == union


@given(st.lists(items, min_size=1, max_size=6), st.data())
def test_case_and_whitespace_insensitive(parts, data):
    text = ", ".join(parts)
    mangled = "".join(
        (ch.swapcase() if data.draw(st.booleans()) else ch) + (" " if data.draw(st.booleans())
                                                            else "")
        for ch in text)
    assert Range(mangled) == Range(text)


@given(st.lists(items, min_size=1, max_size=5), st.lists(st.integers(0, 51), max_size=7,
                                                          unique=True))
def test_without_property(parts, dead):
    r = Range(", ".join(parts))
    w = r.without(dead)
    dead_set = set(dead)
    expected = {c for c in combo_set(r) if not dead_set & set(c)}
    assert combo_set(w) == expected
    assert np.array_equal(w.weights, np.ones(len(w)))


@given(st.lists(st.tuples(st.integers(0, 1325), st.integers(1, 100)), max_size=40))
def test_from_combos_text_round_trip(rows_weights):
    combos = ALL_COMBOS[[k for k, _ in rows_weights]] if rows_weights else np.empty((0, 2))
    weights = [w / 100 for _, w in rows_weights]
    r = Range.from_combos(combos.astype(np.uint8), weights if rows_weights else None)
    last = {k: w / 100 for k, w in rows_weights}
    assert len(r) == len(last)
    assert r.combo_count == pytest.approx(sum(last.values()))
    if not r.is_empty:
        assert Range(r.text) == r


@given(st.lists(st.tuples(items, st.integers(1, 100)), min_size=1, max_size=6))
def test_weighted_last_wins_property(parts):
    r = Range(", ".join(f"{p}:{w / 100}" for p, w in parts))
    expected = {}
    for p, w in parts:
        for c in combo_set(Range(p)):
            expected[c] = w / 100
    weights = zip(r.combos.tolist(), r.weights.tolist(), strict=False)
    assert {tuple(c): w for c, w in weights} == expected


# --- short deck -------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [None, "trips-beat-straight", "straight-beats-trips"])
@pytest.mark.parametrize("percent", ["1", "2.5", "10", "15", "33.3", "50", "99.9"])
def test_short_deck_top_percent_brute_force(percent, rules):
    # Brute force over the 630 hands: classes best-first by the shipped equity against a
    # random hand, kept while their combos add up to at most round(X% of 630), half up.
    from itertools import combinations

    from pokerkeys.preflop import shortdeck
    equity = shortdeck.equity_vs_random(rules)
    order = sorted(range(81), key=lambda k: (-equity[k], k))
    target = int(Fraction(percent) * 630 / 100 + Fraction(1, 2))
    chosen, total = set(), 0
    for k in order:
        name = shortdeck.CLASS_NAMES[k]
        size = 6 if len(name) == 2 else 4 if name[2] == "s" else 12
        if total + size > target:
            break
        chosen.add(name)
        total += size
    expected = {(max(a, b), min(a, b)) for a, b in combinations(range(16, 52), 2)
                if pk.preflop.hand_class([a, b]) in chosen}
    r = pk.Range(f"{percent}%", game="shortdeck", rules=rules)
    assert {tuple(c) for c in r.combos.tolist()} == expected
    assert r.game == "shortdeck" and r.rules == (rules or "trips-beat-straight")


def test_short_deck_whole_deck_and_classes():
    assert len(pk.Range("random", game="shortdeck")) == 630
    assert pk.Range("100%", game="shortdeck") == pk.Range("random", game="shortdeck")
    assert len(pk.Range("QQ+, AKs, 76o", game="shortdeck")) == 18 + 4 + 12
    assert pk.Range("QQ+", game="shortdeck").without("Ah").game == "shortdeck"
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        pk.Range("QQ+", rules="straight-beats-trips")
    with pytest.raises(ValueError, match="7c2c: 2c is below the six"):
        pk.Range([[20, 0]], game="shortdeck")
    # 0.8% of 630 is 5.04: 5 combos, fewer than AA's 6; 0.9% rounds to 6.
    with pytest.raises(ValueError, match="0.8% of 630 hands is fewer than the best class"):
        pk.Range("0.8%", game="shortdeck")
    assert len(pk.Range("0.9%", game="shortdeck")) == 6


@pytest.mark.parametrize(("text", "detail"), [
    ("A5s", "A5s: 5 is below the six"),
    ("QQ+, A2s+", "A2s: 2 is below the six"),
    ("22+", "22: 2 is below the six"),
    ("Ah5h", "Ah5h: 5h is below the six"),
    ("A9s-A5s", "A5s: 5 is below the six"),
])
def test_short_deck_low_cards_are_named(text, detail):
    from pokerkeys.equity.ranges import RangeParseError
    with pytest.raises(RangeParseError, match=detail + "; short deck plays 6 through A"):
        pk.Range(text, game="shortdeck")
