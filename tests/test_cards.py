"""parse_cards / format_cards: accepted forms, round trips, error messages."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerkeys as pk

RANKS = "23456789TJQKA"
SUITS = "cdhs"
UNICODE_SUITS = "♣♦♥♠"
AS, KD, TS, TH = 51, 45, 35, 34


def parsed(x) -> list[int]:
    out = pk.parse_cards(x)
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.uint8
    assert out.ndim == 1
    return out.tolist()


@pytest.mark.parametrize("text", ["As", "as", "AS", "aS", "A♠", "a♠", " As ", "As\n"])
def test_single_card_forms(text):
    assert parsed(text) == [AS]


@pytest.mark.parametrize("text, expected", [
    ("10s", [TS]), ("Ts", [TS]), ("ts", [TS]), ("TS", [TS]), ("10S", [TS]),
    ("10♥", [TH]), ("T♥", [TH]), ("10h", [TH]),
    ("2c", [0]), ("2♣", [0]), ("2d", [1]), ("2♦", [1]), ("2h", [2]), ("2s", [3]),
])
def test_ten_and_suit_forms(text, expected):
    assert parsed(text) == expected


@pytest.mark.parametrize("cards", [
    "AsKd", "As Kd", "As,Kd", "As, Kd", "as kd", "ASKD", "A♠K♦", ["As", "Kd"], ("As", "Kd"),
    ["AsKd"], [51, 45], (51, 45), np.array([51, 45]), np.array([51, 45], dtype=np.uint8),
    np.array([51, 45], dtype=np.int32), np.array([51, 45], dtype=np.uint16),
])
def test_two_card_forms(cards):
    assert parsed(cards) == [AS, KD]


def test_int_and_numpy_scalar():
    assert parsed(51) == [AS]
    assert parsed(0) == [0]
    assert parsed(np.int64(45)) == [KD]
    assert parsed(np.uint8(45)) == [KD]


def test_ten_with_more_cards():
    assert parsed("10s10h") == [TS, TH]
    assert parsed("10s 10h 9c") == [TS, TH, 28]
    assert parsed("Js10s") == [39, TS]


def test_every_card_parses_to_its_id():
    for r, rc in enumerate(RANKS):
        for s, sc in enumerate(SUITS):
            cid = 4 * r + s
            assert parsed(rc + sc) == [cid]
            assert parsed(rc.lower() + sc.upper()) == [cid]
            assert parsed(rc + UNICODE_SUITS[s]) == [cid]
            assert pk.format_cards([cid]) == rc + sc


def test_whole_deck():
    deck = " ".join(r + s for r in RANKS for s in SUITS)
    assert parsed(deck) == list(range(52))
    assert pk.format_cards(np.arange(52)) == deck
    assert pk.format_cards(np.arange(52, dtype=np.uint8)) == deck


def test_format_cards():
    assert pk.format_cards([AS, KD]) == "As Kd"
    assert pk.format_cards(np.array([AS, KD], dtype=np.uint8)) == "As Kd"
    assert pk.format_cards([TS]) == "Ts"
    assert pk.format_cards(pk.parse_cards("10♥ 2c")) == "Th 2c"


@given(st.lists(st.integers(0, 51), min_size=1, max_size=52, unique=True))
def test_round_trip_ids(ids):
    text = pk.format_cards(ids)
    assert parsed(text) == ids
    assert parsed(text.replace(" ", "")) == ids
    assert parsed(text.replace(" ", ",")) == ids
    assert parsed(text.upper()) == ids
    assert parsed(text.lower()) == ids
    assert parsed(text.split()) == ids
    assert parsed(np.array(ids, dtype=np.uint8)) == ids


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 3)), min_size=1, max_size=10,
                unique=True),
       st.sampled_from(["", " ", ",", ", "]),
       st.booleans(), st.booleans(), st.booleans())
def test_round_trip_text_variants(cards, sep, ten_as_10, unicode, lower):
    tokens = []
    for r, s in cards:
        rc = "10" if (ten_as_10 and r == 8) else RANKS[r]
        sc = UNICODE_SUITS[s] if unicode else SUITS[s]
        tokens.append((rc + sc).lower() if lower else rc + sc)
    ids = [4 * r + s for r, s in cards]
    assert parsed(sep.join(tokens)) == ids
    assert pk.format_cards(pk.parse_cards(sep.join(tokens))) == pk.format_cards(ids)


@pytest.mark.parametrize("text, name", [
    ("1s", "1s"), ("Ax", "Ax"), ("Asx", "Asx"), ("As 1s", "1s"), ("As Zs", "Zs"),
    ("11s", "11s"), ("A", "A"), ("s", "s"), ("As Kd Qx", "Qx"),
])
def test_unknown_card_message_names_it(text, name):
    with pytest.raises(ValueError) as exc:
        pk.parse_cards(text)
    assert name in str(exc.value)


@pytest.mark.parametrize("cards", ["As As", "AsAs", "As,as", "A♠ As", ["As", "AS"],
                                   [51, 51], np.array([51, 51]), ["As", 51]])
def test_duplicate_names_the_card(cards):
    with pytest.raises(ValueError) as exc:
        pk.parse_cards(cards)
    assert "As" in str(exc.value)
    assert "duplicate" in str(exc.value).lower()


@pytest.mark.parametrize("cards, bad", [
    (52, "52"), (-1, "-1"), ([0, 52], "52"), ([3, -1], "-1"), (np.array([52]), "52"),
    (np.array([0, 60], dtype=np.uint8), "60"), (np.array([-1, 3], dtype=np.int64), "-1"),
    (255, "255"),
])
def test_out_of_range_ids(cards, bad):
    with pytest.raises(ValueError) as exc:
        pk.parse_cards(cards)
    assert bad in str(exc.value)


@pytest.mark.parametrize("cards", [
    None, 3.5, 51.0, [1.5], object(), np.array([1.0, 2.0]), [None], b"As", [b"As"],
])
def test_wrong_types(cards):
    with pytest.raises(TypeError):
        pk.parse_cards(cards)
