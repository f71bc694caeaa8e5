"""The C fast paths of one-hand calls (``pokerkeys._kernels._one_hand``) against their Python
functions (``fn.__wrapped__``, the fallback and checking path) and the batch kernel.

Every input gives the same rank, member, words or list as the plain-Python path, and every bad
input the same exception with the same message (the C code passes anything unusual to the
Python function). The extension keeps no state of its own beyond what Python hands it; the GIL
guards that state, so thread safety is the interpreter's (no test of its own here).
"""
from __future__ import annotations

import inspect
import os
import pickle
import pydoc
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys._kernels import one_hand
from pokerkeys.core import evaluate as ev
from pokerkeys.core.sampling import random_hands
from pokerkeys.games import hands as games_hands

CARD_NAMES = [pk.format_cards([c]) for c in range(52)]
FAST = (ev.evaluate, ev.category, ev.describe, ev.showdown_ranks, games_hands.winners)


def _python(fn):
    """The plain-Python function behind a fast path (itself without the extension)."""
    return getattr(fn, "__wrapped__", fn)


def _outcome(fn, *args, **kwargs):
    """(result, None) or (None, (exception type, message)): what a call gives."""
    try:
        result = fn(*args, **kwargs)
    except Exception as exc:  # the exception itself is what is compared
        return None, (type(exc), str(exc))
    if isinstance(result, np.ndarray):
        return ("array", result.dtype, result.tolist()), None
    return result, None


def _same(fn, *args, **kwargs):
    """The fast path gives what its Python function gives, result or error."""
    fast = _outcome(fn, *args, **kwargs)
    slow = _outcome(_python(fn), *args, **kwargs)
    assert fast == slow, (args, kwargs)
    if fast[0] is not None:
        assert type(fast[0]) is type(slow[0])
    return fast


def test_extension_is_built():
    """CI cannot silently lose the extension: it is built wherever the tests run, unless the
    build was asked for none."""
    if os.environ.get("POKERKEYS_NATIVE", "").lower() in ("off", "0", "no", "false"):
        pytest.skip("POKERKEYS_NATIVE=off: built without the C extension")
    assert one_hand.available
    for fn in FAST:
        assert type(fn).__name__ == "FastPath", fn


def _hands(n: int, count: int, seed: int) -> list[list[int]]:
    """Random hands, plus flushes and straights (rare at random) of n cards."""
    hands = random_hands(count, n, seed=seed).tolist()
    rng = np.random.default_rng(seed)
    for _ in range(count // 10):
        suit = int(rng.integers(4))
        faces = rng.choice(13, size=5, replace=False)
        flush = [4 * int(f) + suit for f in faces]
        rest = [c for c in rng.permutation(52).tolist() if c not in flush][:n - 5]
        hands.append(flush + rest)
        top = int(rng.integers(3, 13))  # straights: top card 5..A (A-5 the wheel)
        faces = [(top - k) % 13 if top - k >= 0 else 12 for k in range(5)]
        straight = [4 * f + int(rng.integers(4)) for f in faces]
        rest = [c for c in rng.permutation(52).tolist() if c not in straight][:n - 5]
        hands.append(straight + rest)
    return hands


@pytest.mark.parametrize("n", [5, 6, 7])
def test_evaluate_matches_python_and_batch(n):
    hands = _hands(n, 3000, seed=20261126 + n)
    expected = pk.evaluate_batch(np.array(hands, dtype=np.uint8)).tolist()
    slow = _python(pk.evaluate)
    assert [slow(h) for h in hands] == expected
    assert [pk.evaluate(h) for h in hands] == expected
    assert [pk.evaluate(tuple(h)) for h in hands] == expected
    runs = ["".join(CARD_NAMES[c] for c in h) for h in hands]
    spaced = [" ".join(CARD_NAMES[c] for c in h) for h in hands]
    assert [pk.evaluate(t) for t in runs] == expected
    assert [pk.evaluate(t) for t in spaced] == expected
    assert [pk.evaluate(t.lower()) for t in spaced[:200]] == expected[:200]
    assert [pk.evaluate(t.swapcase()) for t in runs[:200]] == expected[:200]
    rows = np.array(hands[:200], dtype=np.uint8)
    assert [pk.evaluate(row) for row in rows] == expected[:200]
    for h in hands[:300]:
        assert pk.describe(h) == pk.describe(expected[hands.index(h)])


BAD_HANDS = [
    [51, 47, 43, 39, 52], [51, 47, 43, 39, -1], [51, 47, 43, 39, 35, 2**70],
    [True, 47, 43, 39, 35], [51.0, 47, 43, 39, 35], [np.int64(51), 47, 43, 39, 35],
    [np.uint8(51), 47, 43, 39, 35, 0, 1], [51, 51, 43, 39, 35], [51, 47, 43, 39, 35, 0, 0],
    [51, 47, 43, 39], [51, 47, 43, 39, 35, 0, 1, 2], [], (51, 47, 43, 39), (51, 47, 43, 39, 51),
    ["As", "Ks", "Qs", "Js", "Ts"], [51, 47, 43, 39, "Ts"], [None] * 5,
    "As Ks", "As Ks Qs Js Ts 9s 8s 7s", "AsKsQsJsTs9s8s7s", "Xx Ks Qs Js Ts", "AsKsQsJsXx",
    "As As Qs Js Ts", "AsAsQsJsTs", "as ks qs js ts", "AS KS QS JS TS", "A♠ K♠ Q♠ J♠ T♠",
    "A♠K♠Q♠J♠T♠9♠", "10s Js Qs Ks As", "As  Ks Qs Js Ts", " As Ks Qs Js Ts", "As Ks Qs Js Ts ",
    "As\tKs Qs Js Ts", "As,Ks,Qs,Js,Ts", "AsKs QsJsTs", "", " ", "AsKsQsJsT", "AsKsQsJsTs\x00",
    "As Ks Qs Js Ts\u00e9", b"AsKsQsJsTs", None, 7462, 3.5, np.array([51, 47, 43, 39, 35]),
    np.array([51, 47, 43, 39, 35], dtype=np.int64), np.array([51, 47, 43, 39, 52]),
    np.array([51.0, 47, 43, 39, 35]), {51, 47, 43, 39, 35}, range(5),
]


ROYAL = [51, 47, 43, 39, 35, 0, 1]
ARRAYS = [np.array(ROYAL, dtype=dtype) for dtype in
          ("uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64", ">i4",
           "<u2", "bool", "float64", "float32", "complex64", "object")] + [
    np.array(ROYAL, dtype=np.uint8)[::-1], np.array(ROYAL, dtype=np.int64)[::2],
    np.array([ROYAL], dtype=np.uint8), np.array(ROYAL[:4], dtype=np.uint8),
    np.array(ROYAL + [2], dtype=np.uint8), np.array([51, 51, 43, 39, 35], dtype=np.uint8),
    np.array([51, 47, 43, 39, 255], dtype=np.uint8), np.array([51, 47, 43, 39, -1], dtype=np.int8),
    np.array([51, 47, 43, 39, 300], dtype=np.uint16), np.array([51, 47, 43, 39, 2**63],
                                                               dtype=np.uint64),
    np.array([51, 47, 43, 39, -2**63], dtype=np.int64), np.array([], dtype=np.uint8),
    np.array(51), np.array(["As", "Ks", "Qs", "Js", "Ts"]), np.ma.masked_array(ROYAL),
    memoryview(bytes(ROYAL)), bytearray(ROYAL)]


@pytest.mark.parametrize("row", ARRAYS, ids=lambda a: f"{type(a).__name__}-{a!r}")
def test_numpy_rows_as_python(row):
    _same(pk.evaluate, row)
    _same(pk.describe, row)


class _IdList(list):
    pass


class _Text(str):
    pass


@pytest.mark.parametrize("cards", BAD_HANDS + [_IdList([51, 47, 43, 39, 35]),
                                               _Text("AsKsQsJsTs")], ids=repr)
def test_evaluate_unusual_inputs_as_python(cards):
    _same(pk.evaluate, cards)
    _same(pk.describe, cards)


@pytest.mark.parametrize("kwargs", [{"game": "holdem"}, {"game": "shortdeck"},
                                    {"game": "shortdeck", "rules": "straight-beats-trips"},
                                    {"game": "poker"}, {"rules": "trips-beat-straight"},
                                    {"colour": "red"}])
def test_keyword_calls_take_the_python_path(kwargs):
    for cards in ("As Ks Qs Js Ts", [51, 47, 43, 39, 35, 0, 1], "Ah 6c 7d 8s 9h"):
        _same(pk.evaluate, cards, **kwargs)
        _same(pk.describe, cards, **kwargs)
    _same(pk.category, 1000, **kwargs)
    _same(pk.describe, 1000, **kwargs)


def test_positional_extras_take_the_python_path():
    _same(pk.evaluate)
    _same(pk.evaluate, "As Ks Qs Js Ts", "holdem")
    _same(pk.category)
    _same(pk.describe, 1, 2)


def test_category_and_describe_of_every_rank():
    ranks = range(1, ev.N_CLASSES + 1)
    fast_words = [pk.describe(r) for r in ranks]  # the first calls fill the words (C misses)
    assert [pk.describe(r) for r in ranks] == fast_words  # now C reads them
    assert fast_words == [_python(pk.describe)(r) for r in ranks]
    members = [pk.category(r) for r in ranks]
    assert all(a is b for a, b in zip(members, map(_python(pk.category), ranks), strict=True))
    assert [int(m) for m in members] == ev.CATEGORY_OF_RANK[1:].tolist()


@pytest.mark.parametrize("rank", [0, -1, 7463, 2**70, True, False, 1.0, np.int64(7462),
                                  np.uint16(1), "7462", None, [1, 2], np.array([1, 7462])],
                         ids=repr)
def test_category_and_describe_of_unusual_ranks(rank):
    _same(pk.category, rank)
    _same(pk.describe, rank)


def _showdowns(count: int, seed: int) -> list[tuple[list, object]]:
    """Random showdowns: 2-6 players, 1-2 hole cards, boards of 4-5 cards (or none with
    7-card hands), as text, lists and tuples."""
    rng = np.random.default_rng(seed)
    out: list[tuple[list, object]] = []
    for i in range(count):
        deck = rng.permutation(52).tolist()
        players = int(rng.integers(2, 7))
        board_size = int(rng.choice([0, 4, 5]))
        hole = 7 if board_size == 0 else 7 - board_size if i % 3 else 6 - board_size
        board, deck = deck[:board_size], deck[board_size:]
        hands = [deck[hole * p:hole * (p + 1)] for p in range(players)]
        form = i % 4
        if form == 0:
            out.append(([" ".join(CARD_NAMES[c] for c in h) for h in hands],
                        " ".join(CARD_NAMES[c] for c in board) if board else None))
        elif form == 1:
            out.append(([tuple(h) for h in hands], tuple(board) if board else None))
        elif form == 2:
            out.append((hands, board))
        else:
            out.append(([[CARD_NAMES[c] for c in h] for h in hands] if i % 8 == 3
                        else ["".join(CARD_NAMES[c] for c in h) for h in hands],
                        "".join(CARD_NAMES[c] for c in board)))
    return out


def test_showdown_ranks_match_python():
    fast, slow = ev.showdown_ranks, _python(ev.showdown_ranks)
    for hands, board in _showdowns(2000, seed=31):
        expected = slow(hands, board)
        assert fast(hands, board) == expected
        if expected is not None:
            for hand, rank in zip(hands, expected, strict=True):
                cards = pk.parse_cards(hand).tolist() + (pk.parse_cards(board).tolist()
                                                         if board is not None else [])
                assert rank == _python(pk.evaluate)(cards)
        assert pk.winners(hands, board) == _python(pk.winners)(hands, board)
        assert pk.winners(hands, board=board) == _python(pk.winners)(hands, board)


@pytest.mark.parametrize("hands, board", [
    ([], "Ah 7c 2d 9s 4h"), ((), None), (["As Ks", "Ah Kd"], "Ah 7c 2d 9s 4h"),
    (["As Ks", "As Kd"], "Ah 7c 2d 9s 4h"), (["As Ks", "Qd Qc"], "Ah 7c 2d"),
    (["As Ks Qs", "Qd Qc 2c"], "Ah 7c 2d 9s 4h"), (["As Ks", "Qd Qc"], "Ah 7c 2d 9s 4h 3c 5c"),
    (["As Ks", "Xx Qc"], "Ah 7c 2d 9s 4h"), (["As Ks", "Qd Qc"], "Ah 7c 2d 9s 4h 4h"),
    (["As Ks", [48, 49]], "Ah 7c 2d 9s 4h"), ([[51, 47], [46, True]], [0, 1, 2, 3, 4]),
    ([[51, 47], [46, 52]], [0, 1, 2, 3, 4]), ([[51, 47], [46, 45]], np.array([0, 1, 2, 3, 4])),
    ([np.array([51, 47]), [46, 45]], [0, 1, 2, 3, 4]), ("As Ks", "Ah 7c 2d 9s 4h"),
    ([[51, 47, 43, 39, 35, 31, 27], [0, 1, 2, 3, 4, 5, 6]], None),
    ([[51, 47, 43, 39, 35, 31, 27]], ()), ([[51, 47, 43, 39, 35, 31, 27]], ""),
    ([[], [51]], [0, 1, 2, 3, 4, 5]), ([[51], [47]], [0, 1, 2, 3, 4]),
    ([[51]] * 1 + [[c] for c in range(1, 46)], [46, 47, 48, 49, 50]),
    (["As Ks", "Qd Qc"], 5), (["As Ks", None], "Ah 7c 2d 9s 4h"),
])
def test_showdown_ranks_unusual_inputs_as_python(hands, board):
    fast, slow = _outcome(ev.showdown_ranks, hands, board), \
        _outcome(_python(ev.showdown_ranks), hands, board)
    assert fast == slow
    assert _outcome(ev.showdown_ranks, hands, board=board) == slow
    assert _outcome(pk.winners, hands, board) == _outcome(_python(pk.winners), hands, board)
    assert _outcome(pk.winners, hands, board=board) == _outcome(_python(pk.winners), hands,
                                                                 board)
    for kwargs in ({"game": "holdem"}, {"board": board, "game": "holdem"}, {"hands": hands}):
        assert _outcome(pk.winners, hands, **kwargs) == _outcome(_python(pk.winners), hands,
                                                                 **kwargs)


def test_fast_paths_look_like_their_functions():
    for fn in FAST:
        python = _python(fn)
        assert fn.__name__ == python.__name__ and fn.__qualname__ == python.__qualname__
        assert fn.__module__ == python.__module__
        assert fn.__doc__ == python.__doc__ and fn.__doc__
        assert inspect.signature(fn) == inspect.signature(python)
        assert pickle.loads(pickle.dumps(fn)) is fn
        assert fn.__name__ in repr(fn)
        text = pydoc.render_doc(fn)
        assert python.__doc__.strip().splitlines()[0] in text
        assert str(inspect.signature(python)).split(",")[0] in text

    class Holder:  # read from a class, a fast path binds as a function does
        rank = pk.evaluate

    assert Holder.rank("As Ks Qs Js Ts") == 7462
    with pytest.raises(TypeError):
        Holder().rank("As Ks Qs Js Ts")  # bound: the instance is the first argument


def test_before_the_tables_are_set():
    """In a fresh interpreter the C paths fall back until Python fills the tables; the first
    call of each hand size fills them and hands them over."""
    script = textwrap.dedent("""
        import pokerkeys as pk
        from pokerkeys._kernels import one_hand
        c = one_hand._one_hand
        if c is None:
            print("no extension")
            raise SystemExit
        assert pk.category(7462).name == "STRAIGHT_FLUSH"  # needs no tables
        assert not any(c.tables_ready(n) for n in (5, 6, 7))
        from pokerkeys.core.evaluate import showdown_ranks
        assert showdown_ranks(["As Ks", "Qd Qc"], "Ah 7c 2d 9s 4h") == [4109, 3669]
        assert c.tables_ready(7) and not c.tables_ready(5)
        assert pk.describe([51, 47, 43, 39, 35]) == "Royal flush"
        assert c.tables_ready(5)
        try:
            pk.evaluate([51, 51, 43, 39, 35, 2])
        except ValueError as error:
            assert "duplicate card As" in str(error), error
        assert pk.evaluate("AsKsQsJsTs9s") == 7462 and c.tables_ready(6)
        print("ok")
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() in ("ok", "no extension")


def test_common_inputs_stay_in_c():
    """The common inputs never reach the fallback; unusual ones always do (a spy fallback)."""
    if not one_hand.available:
        pytest.skip("built without the C extension")
    pk.evaluate([0, 1, 2, 3, 4]), pk.evaluate([0, 1, 2, 3, 4, 5]), pk.evaluate("AsKsQsJsTs9s8s")
    calls: list[tuple] = []

    def spy(*args, **kwargs):
        calls.append((args, kwargs))
        return "fallback"

    fast = {kind: one_hand._one_hand.FastPath(kind, spy)
            for kind in ("evaluate", "category", "describe", "showdown_ranks", "winners")}
    pk.describe(1000), pk.describe(7462)  # their words made
    common = [("evaluate", ([51, 47, 43, 39, 35],)), ("evaluate", ((51, 47, 43, 39, 35, 0),)),
              ("evaluate", ("AsKsQsJsTs9s8s",)), ("evaluate", ("as ks qs js ts 9s",)),
              ("evaluate", ("As Ks Qs Js Ts 9s 8s",)), ("category", (1,)),
              ("evaluate", (np.array(ROYAL, dtype=np.uint8),)),
              ("evaluate", (np.array(ROYAL[:5], dtype=np.int64),)),
              ("describe", (np.array(ROYAL[:6], dtype=np.uint16),)),
              ("category", (7462,)), ("describe", (1000,)), ("describe", ("AsKsQsJsTs",)),
              ("showdown_ranks", (["As Ks", (0, 4)], "Ah 7c 2d 9s 4h")),
              ("showdown_ranks", ([[51, 47, 43, 39, 35, 31, 27], "2c3c4c5c7d8d9d"],)),
              ("winners", (["As Ks", "Qd Qc"], "Ah 7c 2d 9s 4h")),
              ("winners", (((51, 47), "QdQc"),), {"board": [48, 21, 2, 31, 10]}),
              ("winners", (["As Ks", "Qd Qc"],), {"board": "Ah 7c 2d 9s 4h"})]
    for kind, args, *kwargs in common:
        assert fast[kind](*args, **(kwargs[0] if kwargs else {})) != "fallback", (kind, args)
    assert calls == []
    unusual = [("evaluate", ([51, 47, 43, 39, 52],)), ("evaluate", ("As Ks",)),
               ("evaluate", ([51, 47, 43, 39, 35],), {"game": "holdem"}),
               ("category", (0,)), ("category", (True,)), ("describe", (7463,)),
               ("evaluate", (np.array(ROYAL, dtype=np.uint8)[::-1],)),
               ("evaluate", (np.array(ROYAL, dtype=np.float64),)),
               ("showdown_ranks", ([np.array([51, 47]), [46, 45]], [0, 1, 2, 3, 4])),
               ("showdown_ranks", ([],)), ("showdown_ranks", (["As Ks"], "As 7c 2d 9s 4h")),
               ("winners", (["As Ks"], "Ah 7c 2d 9s 4h"), {"game": "holdem"}),
               ("winners", (["As Ks", "Qd Qc"],), {"board": "Ah 7c 2d 9s 4h", "rules": None}),
               ("winners", (["As Ks", "Qd Qc"], "Ah 7c 2d 9s 4h", "holdem"))]
    for kind, args, *kwargs in unusual:
        assert fast[kind](*args, **(kwargs[0] if kwargs else {})) == "fallback"
    assert len(calls) == len(unusual)
