"""Tests for pokerkeys.core.classes: the 169 starting-hand classes and the 1,326 combos."""
from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerkeys.core import classes
from pokerkeys.core.cards import RANK_CHARS, format_cards, parse_cards
from pokerkeys.core.classes import (
    ALL_COMBOS,
    CLASS_NAMES,
    COMBO_CLASS,
    COMBO_INDEX_TABLE,
    class_combo_count,
    class_combo_indices,
    class_combos,
    class_grid_position,
    class_index,
    class_order_vs_random,
    combo_index,
    hand_class,
    normalize_class_name,
)


def test_class_names_grid_order():
    assert len(CLASS_NAMES) == 169 and len(set(CLASS_NAMES)) == 169
    assert CLASS_NAMES[:14] == ("AA", "AKs", "AQs", "AJs", "ATs", "A9s", "A8s", "A7s", "A6s",
                                "A5s", "A4s", "A3s", "A2s", "AKo")
    assert CLASS_NAMES[14:16] == ("KK", "KQs")
    assert CLASS_NAMES[-1] == "22" and CLASS_NAMES[-2] == "32o"
    # Diagonal pairs, upper triangle suited, lower triangle offsuit.
    for i in range(13):
        for j in range(13):
            name = CLASS_NAMES[13 * i + j]
            kind = "pair" if i == j else ("s" if i < j else "o")
            assert (len(name) == 2) == (kind == "pair")
            if kind != "pair":
                assert name[2] == kind
                assert RANK_CHARS.index(name[0]) > RANK_CHARS.index(name[1])
                assert {name[0], name[1]} == {RANK_CHARS[12 - i], RANK_CHARS[12 - j]}


def test_class_index_and_grid_round_trip():
    for k, name in enumerate(CLASS_NAMES):
        assert class_index(name) == k
        row, col = class_grid_position(name)
        assert 13 * row + col == k
    assert class_grid_position("AKs") == (0, 1)
    assert class_grid_position("AKo") == (1, 0)
    assert class_grid_position("22") == (12, 12)
    assert class_grid_position("72o") == (12, 7)


@pytest.mark.parametrize("alias, name", [("KAs", "AKs"), ("aks", "AKs"), ("AKS", "AKs"),
                                         ("kAo", "AKo"), ("1010", "TT"), ("109s", "T9s"),
                                         (" qq ", "QQ"), ("27o", "72o")])
def test_normalisation(alias, name):
    assert normalize_class_name(alias) == name
    assert class_index(alias) == class_index(name)


@pytest.mark.parametrize("bad", ["AKx", "AAs", "AAo", "AK", "A", "AKsx", "", "1AKs", "XYs"])
def test_unknown_class_names(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("?", r"\?")):
        class_index(bad)
    with pytest.raises(ValueError):
        class_combos(bad)


def test_combo_counts():
    assert class_combo_count("AA") == 6
    assert class_combo_count("AKs") == 4
    assert class_combo_count("AKo") == 12
    assert sum(class_combo_count(n) for n in CLASS_NAMES) == 1326
    assert sum(len(n) == 2 for n in CLASS_NAMES) == 13
    assert sum(n.endswith("s") for n in CLASS_NAMES) == 78
    assert sum(n.endswith("o") for n in CLASS_NAMES) == 78


@pytest.mark.parametrize("name", CLASS_NAMES)
def test_class_combos_belong_to_class(name):
    combos = class_combos(name)
    assert combos.dtype == np.uint8 and combos.shape == (class_combo_count(name), 2)
    assert np.all(combos[:, 0] > combos[:, 1])  # higher card id first
    assert len({tuple(r) for r in combos.tolist()}) == len(combos)
    for row in combos:
        assert hand_class(row) == name
        assert hand_class(format_cards(row, "")) == name
    # Deterministic: ALL_COMBOS order, same every call.
    idx = class_combo_indices(name)
    assert np.all(np.diff(idx) > 0)
    assert np.array_equal(ALL_COMBOS[idx], combos)
    assert np.array_equal(class_combos(name), combos)
    assert np.all(COMBO_CLASS[idx] == class_index(name))


def test_class_combos_examples():
    assert format_cards(class_combos("AKs").ravel()) == "Ac Kc Ad Kd Ah Kh As Ks"
    assert format_cards(class_combos("22").ravel()) == "2d 2c 2h 2c 2h 2d 2s 2c 2s 2d 2s 2h"


def test_classes_partition_all_combos():
    seen = np.concatenate([class_combo_indices(n) for n in CLASS_NAMES])
    assert np.array_equal(np.sort(seen), np.arange(1326))


def test_all_combos():
    assert ALL_COMBOS.shape == (1326, 2) and ALL_COMBOS.dtype == np.uint8
    assert np.all(ALL_COMBOS[:, 0] > ALL_COMBOS[:, 1])
    assert len({tuple(r) for r in ALL_COMBOS.tolist()}) == 1326
    assert ({tuple(r) for r in ALL_COMBOS.tolist()}
            == {(b, a) for a, b in combinations(range(52), 2)})
    assert not ALL_COMBOS.flags.writeable


def test_combo_index_everywhere():
    for k, (hi, lo) in enumerate(ALL_COMBOS.tolist()):
        assert combo_index(hi, lo) == k
        assert combo_index(lo, hi) == k
        assert COMBO_INDEX_TABLE[hi, lo] == k and COMBO_INDEX_TABLE[lo, hi] == k
    assert np.all(np.diag(COMBO_INDEX_TABLE) == -1)
    assert isinstance(combo_index(np.uint8(51), np.uint8(50)), int)


@pytest.mark.parametrize("a, b", [(3, 3), (-1, 5), (0, 52)])
def test_combo_index_rejects(a, b):
    with pytest.raises(ValueError):
        combo_index(a, b)


@pytest.mark.parametrize("hand, name", [("AhKh", "AKs"), ("KhAh", "AKs"), ("AsKd", "AKo"),
                                        ("AsAd", "AA"), ("7c2d", "72o"), ("10h9h", "T9s"),
                                        ([51, 47], "AKs"), (np.array([0, 1]), "22")])
def test_hand_class(hand, name):
    assert hand_class(hand) == name


@pytest.mark.parametrize("bad", ["Ah", "AhKhQh", "AhAh", "AhXx"])
def test_hand_class_rejects(bad):
    with pytest.raises(ValueError):
        hand_class(bad)


@given(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True),
       st.permutations(range(4)))
def test_hand_class_invariances(hand, suit_perm):
    a, b = hand
    name = hand_class([a, b])
    assert hand_class([b, a]) == name
    relabelled = [4 * (c >> 2) + suit_perm[c & 3] for c in hand]
    assert hand_class(relabelled) == name
    assert COMBO_CLASS[combo_index(a, b)] == class_index(name)


def test_class_order_vs_random_from_equity(monkeypatch):
    eq = np.linspace(0.3, 0.8, 169)  # CLASS_NAMES order ascending -> reversed order
    monkeypatch.setattr(classes, "equity_vs_random", lambda: eq)
    assert class_order_vs_random() == tuple(reversed(CLASS_NAMES))
    # Ties keep CLASS_NAMES order.
    monkeypatch.setattr(classes, "equity_vs_random", lambda: np.full(169, 0.5))
    assert class_order_vs_random() == CLASS_NAMES
    monkeypatch.setattr(classes, "equity_vs_random", lambda: np.zeros(10))
    with pytest.raises(ValueError, match="169"):
        class_order_vs_random()


def test_suit_permutations_map_class_combos_onto_themselves():
    for name in ("AKs", "AKo", "QQ"):
        combos = {frozenset(r) for r in class_combos(name).tolist()}
        for perm in permutations(range(4)):
            mapped = {frozenset(4 * (c >> 2) + perm[c & 3] for c in r) for r in combos}
            assert mapped == combos


def test_parse_cards_used_for_strings():
    # hand_class takes the same spellings as cards.parse_cards.
    assert hand_class("A♥ K♥") == "AKs"
    assert hand_class(parse_cards("As,Kd")) == "AKo"
