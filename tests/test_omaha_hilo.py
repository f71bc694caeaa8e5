"""Omaha hi/lo (eight or better): the low table, the best low of a hand, exact equity against
a brute force (``omaha_hilo_reference``), Monte Carlo against exact, stop rules, ranges and
bad input."""
from __future__ import annotations

import itertools
import json

import numpy as np
import omaha_hilo_reference as H
import pytest

import pokerkeys as pk
from pokerkeys.equity.omaha_hilo import low_table

rng = np.random.default_rng(8)


def _text(ids) -> str:
    return pk.format_cards(ids, sep="")


def _check_exact(hands: list[str], board: str, dead: str = "", game: str = "omaha8") -> None:
    r = pk.omaha_hilo_equity(hands, board=board, dead=dead or None, game=game, exact=True)
    ref = H.hilo_exact([H.cards(h) for h in hands], H.cards(board), H.cards(dead))
    assert r.exact and r.boards == ref["boards"]
    for key in ("equity", "high", "low", "scoop"):
        np.testing.assert_allclose(getattr(r, key), ref[key], rtol=0, atol=1e-12, err_msg=key)
    assert r.low_qualifies == pytest.approx(ref["low_qualifies"], abs=1e-12)
    assert r.equity.sum() == pytest.approx(1.0)
    assert r.high.sum() == pytest.approx(1.0)
    assert r.low.sum() == pytest.approx(r.low_qualifies)


# ---------------------------------------------------------------------------- the low
def test_low_table_matches_subsets_of_masks():
    """Sampled (hole mask, board mask) pairs: the table holds the best five-rank set made of
    two hole ranks and three other board ranks, found by trying every choice."""
    table = low_table()
    assert table.shape == (256, 256) and table.dtype == np.uint8
    for h, b in rng.integers(0, 256, size=(3000, 2)).tolist():
        hole = [r for r in range(8) if h >> r & 1]
        board = [r for r in range(8) if b >> r & 1]
        best = 0
        for two in itertools.combinations(hole, 2):
            for three in itertools.combinations(board, 3):
                if not set(two) & set(three):
                    best = max(best, 256 - sum(1 << r for r in two + three))
        assert table[h, b] == best, (h, b)


def test_best_low_agrees_with_brute_force_on_random_hands():
    """pk.omaha_low against every 2 + 3 choice, for 4-6 hole cards and 3-5 board cards."""
    for _ in range(600):
        n_hole = int(rng.integers(4, 7))
        n_board = int(rng.integers(3, 6))
        deck = rng.permutation(52)
        hole, board = deck[:n_hole].tolist(), deck[n_hole:n_hole + n_board].tolist()
        low = pk.omaha_low(hole, board)
        ref = H.best_low(hole, board)
        if ref is None:
            assert low is None
            continue
        assert low is not None
        ranks = tuple(H.low_rank(c) for c in low.cards.tolist())
        assert ranks == ref
        assert low.value == 256 - sum(1 << (r - 1) for r in ref)
        two = sum(c in hole for c in low.cards.tolist())
        assert two == 2 and sum(c in board for c in low.cards.tolist()) == 3


@pytest.mark.parametrize(("hole", "board", "expected"), [
    ("As2dKhKc", "3c4d5h", "5-4-3-2-A"),
    ("As2d3h4c", "5c9dKhKs8d", None),       # one low card on the board: no three to use
    ("AsAd2h2c", "3c4d5hKsKd", "5-4-3-2-A"),
    ("As2d3h4c", "5c6d7h", "7-6-5-2-A"),     # exactly two hole cards: the best two are A-2
    ("Ah2h3h4h", "5h6h7h", "7-6-5-2-A"),     # flushes and straights do not spoil a low
    ("9s9dTh2c", "Ac3d4h5s6s", None),        # only one low card in the hand
    ("AsKd8h7c", "6c5d4h", "7-6-5-4-A"),     # A-7 makes a better low than A-8 or 8-7
    ("Ac2c3c4c", "AdKd2d3h4h", None),        # the board's low ranks pair the hand's
])
def test_known_lows(hole, board, expected):
    low = pk.omaha_low(hole, board)
    assert (low.ranks if low is not None else None) == expected


def test_low_hand_prints():
    low = pk.omaha_low("As2dKhKc", "3c4d5h")
    assert str(low) == "5h 4d 3c 2d As  (5-4-3-2-A low)"
    assert low.value == 225


# ---------------------------------------------------------------------------- exact
@pytest.mark.parametrize(("hands", "board"), [
    (["As2dKhKc", "QsQdJhTc"], "3c4d9h7s2s"),   # river: low to player 1, high to player 2
    (["As2dKhKc", "Ac2cQhQd"], "3c4d8hKd9s"),   # the low split: quartered
    (["As2d5h6h", "Ah2h5c6c"], "3c4d8h9sKd"),   # both halves split
    (["As2dKhKc", "QsQdJhTc"], "3c4dTh9s7s"),   # the high is a straight, the low A-2
    (["7s8s9sTs", "KhKcQdJd"], "2c3d4hAsKs"),   # nobody has a low: the high scoops
    (["As2dKhKc", "QsQdJhTc"], "3c4d9h7s"),     # turns
    (["As3d5hKc", "Ah2h8c9c", "6s7s8d9d"], "2c4d9hTs"),
    (["As2dKhKc", "QsQdJhTc"], "3c4d9h"),       # a flop
    (["Ac2c3d4d", "KsKhQsQh"], "5c6h9d"),
])
def test_exact_against_brute_force(hands, board):
    _check_exact(hands, board)


def test_exact_three_players_on_the_flop_against_brute_force():
    _check_exact(["As2dKhKc", "Ah3h5c6c", "QsQdJhTc"], "4c7d9h", dead="2h3s8s8c")


def test_exact_five_and_six_cards_against_brute_force():
    _check_exact(["As2dKhKcQs", "Ah3h5c6c7d"], "4c8d9hTh", game="omaha5-8")
    _check_exact(["As2dKhKcQs", "Ah3h5c6c7d"], "4c8d9h", game="omaha5-8")
    _check_exact(["As2dKhKcQsJs", "Ah3h5c6c7d8d"], "4c8h9hTh", game="omaha6-8")


def test_exact_random_player_against_brute_force():
    """A random player on a river with many dead cards: every hand of the few cards left
    (here 12 cards, 495 hands), each a matchup of the reference."""
    hero, board = "As2dKhKc", "3c4d9h7sJs"
    dead = [c for c in range(52) if c not in H.cards(hero + board)][:31]
    r = pk.omaha_hilo_equity([hero, "random"], board=board, dead=dead, exact=True)
    free = [c for c in range(52) if c not in set(H.cards(hero + board)) | set(dead)]
    totals = np.zeros((4, 2))
    lows = 0
    for villain in itertools.combinations(free, 4):
        ref = H.hilo_exact([H.cards(hero), list(villain)], H.cards(board), dead)
        totals += [ref["equity"], ref["high"], ref["low"], ref["scoop"]]
        lows += ref["low_qualifies"]
    n = len(list(itertools.combinations(free, 4)))
    assert r.boards == n
    for i, key in enumerate(("equity", "high", "low", "scoop")):
        np.testing.assert_allclose(getattr(r, key), totals[i] / n, atol=1e-12, err_msg=key)
    assert r.low_qualifies == pytest.approx(lows / n, abs=1e-12)


def test_exact_ranges_are_weighted_matchups():
    """A range's exact result is the weighted average of its hands' exact results (each
    against the other player's hand), weights times the hands' counts."""
    board = "3c4d9h7s"
    r = pk.omaha_hilo_equity(["As2dKhKc", "QQ:$ds"], board=board, exact=True)
    setup_hands = pk.omaha_equity(["As2dKhKc", "QQ:$ds"], board=board,
                                  per_combo=True).combo_tables[1].combos
    parts = [pk.omaha_hilo_equity(["As2dKhKc", _text(h)], board=board) for h in setup_hands]
    boards = np.array([p.boards for p in parts])
    for key in ("equity", "high", "low", "scoop"):
        weighted = sum(b * getattr(p, key) for b, p in zip(boards, parts, strict=True))
        expected = weighted / boards.sum()
        np.testing.assert_allclose(getattr(r, key), expected, atol=1e-12, err_msg=key)


# ---------------------------------------------------------------------------- Monte Carlo
def test_monte_carlo_within_a_few_standard_errors_of_exact():
    hands, board = ["As2dKhKc", "Ah3h5c6c", "QsQdJhTc"], "4c7d9h"
    exact = pk.omaha_hilo_equity(hands, board=board)
    mc = pk.omaha_hilo_equity(hands, board=board, trials=200_000, seed=3)
    assert not mc.exact and mc.trials == 200_000 and mc.stopped_by == "trials"
    assert (np.abs(mc.equity - exact.equity) < 5 * mc.stderr).all()
    for key in ("high", "low", "scoop"):
        np.testing.assert_allclose(getattr(mc, key), getattr(exact, key), atol=0.01)
    assert mc.low_qualifies == pytest.approx(exact.low_qualifies, abs=0.01)


def test_monte_carlo_random_players_and_threads():
    """Same seed, same counts whatever the threads; random players are dealt the game's
    number of cards."""
    a = pk.omaha_hilo_equity(["As2dKhKc", "random", "random"], trials=50_000, seed=5,
                             threads=1)
    b = pk.omaha_hilo_equity(["As2dKhKc", "random", "random"], trials=50_000, seed=5,
                             threads=2)
    assert a.to_dict() | {"elapsed": 0} == b.to_dict() | {"elapsed": 0}
    five = pk.omaha_hilo_equity(["As2dKhKcQd", "random"], game="omaha5-8", trials=20_000,
                                seed=1)
    assert five.players == ("As2dKhKcQd", "random")


def test_monte_carlo_ranges_against_exact():
    hands, board = ["As2dKhKc", "AA:$ds,22:$ds"], "3c4d9h"
    exact = pk.omaha_hilo_equity(hands, board=board, exact=True)
    mc = pk.omaha_hilo_equity(hands, board=board, trials=100_000, seed=2)
    assert (np.abs(mc.equity - exact.equity) < 5 * mc.stderr).all()
    np.testing.assert_allclose(mc.scoop, exact.scoop, atol=0.01)


def test_target_stderr_and_time_limit_stop_rules():
    r = pk.omaha_hilo_equity(["As2dKhKc", "random"], target_stderr=0.004, seed=1)
    assert r.stopped_by == "target_stderr" and (r.stderr <= 0.004).all()
    assert r.trials >= 10_000
    t = pk.omaha_hilo_equity(["As2dKhKc", "random"], time_limit=0.2, seed=1)
    assert t.stopped_by == "time_limit" and t.trials > 0
    both = pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=20_000, target_stderr=1e-6,
                                seed=1)
    assert both.stopped_by == "trials" and both.trials == 20_000


def test_progress_is_reported():
    seen: list[tuple[int, int | None]] = []
    pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4d9h",
                         progress=lambda d, t: seen.append((d, t)))
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1]
    seen.clear()
    pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=40_000, seed=1,
                         progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 40_000) and seen[-1] == (40_000, 40_000)


# ---------------------------------------------------------------------------- the result
def test_result_prints_and_converts():
    r = pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4d9h7s")
    text = str(r)
    assert text.splitlines()[0].split() == ["player", "equity", "high", "low", "scoop"]
    assert "a low qualifies in 100.000% of showdowns" in text
    d = r.to_dict()
    assert set(d) == {"players", "equity", "high", "low", "scoop", "stderr", "low_qualifies",
                      "exact", "boards", "trials", "elapsed", "stopped_by"}
    mc = pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=10_000, seed=1)
    assert "± stderr" in str(mc) and "Monte Carlo: 10,000 trials" in str(mc)


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hands": ["AsKsQdJd", "random"], "game": "omaha9"}, "unknown hi/lo game"),
    ({"hands": ["AsKsQdJd", "random"], "game": "omaha5-8"}, "a hand of 4 cards"),
    ({"hands": ["AsKsQdJdTd", "random"]}, "a hand of 5 cards"),
    ({"hands": ["AsKsQdJd", "AsQhJh2c"]}, "card As"),
    ({"hands": ["AsKsQdJd", "random"], "board": "As2c3c"}, "card As"),
    ({"hands": ["AsKsQdJd", "random"], "board": "2c3c"}, "0, 3, 4 or 5 cards"),
    ({"hands": ["AsKsQdJd", "AAKKQ"]}, "player 2: .* more than the 4 hole cards"),
    ({"hands": ["AsKsQdJd", "AA:KK:QQ"]}, "player 2: the range .* matches no 4-card hand"),
    ({"hands": ["AsKsQdJd", "AsAh**"]}, "no hand of the range"),
    ({"hands": ["AsKsQdJd", "random"], "dead": "Ks"}, "card Ks"),
    ({"hands": ["AsKsQdJd", "AA!AAA"], "dead": "AhAdAc"}, "no hand of the range"),
    ({"hands": ["AsKsQdJd"]}, "2 to 10 players"),
    ({"hands": ["AsKsQdJd", "random"], "exact": True, "trials": 10}, "exact=True"),
])
def test_bad_input_is_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pk.omaha_hilo_equity(**kwargs)


def test_bad_input_of_omaha_low():
    with pytest.raises(ValueError, match="4, 5 or 6 hole cards"):
        pk.omaha_low("AsKs", "2c3c4c")
    with pytest.raises(ValueError, match="3 to 5 cards"):
        pk.omaha_low("AsKs2c3c", "4c5c")
    with pytest.raises(ValueError, match="card 4c"):
        pk.omaha_low("AsKs2c4c", "4c5c6c")


# ---------------------------------------------------------------------------- command line
def test_command_line_text_and_json(capsys):
    from pokerkeys.cli.main import main

    assert main(["equity", "As2dKhKc", "QsQdJhTc", "--game", "omaha8", "-b", "3c4d9h"]) == 0
    out = capsys.readouterr().out
    exact = pk.omaha_hilo_equity(["As2dKhKc", "QsQdJhTc"], board="3c4d9h")
    assert out.startswith("board: 3c4d9h\n")
    row = next(line for line in out.splitlines() if line.startswith("As2dKhKc")).split()
    assert row[1:] == [f"{100 * exact.equity[0]:.3f}%", f"{100 * exact.high[0]:.3f}%",
                       f"{100 * exact.low[0]:.3f}%", f"{100 * exact.scoop[0]:.3f}%"]
    assert main(["equity", "As2dKhKcQd", "random", "--game", "omaha5-8", "--trials", "2e4",
                 "--seed", "1", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    mc = pk.omaha_hilo_equity(["As2dKhKcQd", "random"], game="omaha5-8", trials=20_000, seed=1)
    assert d["equity"] == mc.equity.tolist() and d["trials"] == 20_000
    assert d["low_qualifies"] == mc.low_qualifies and d["stopped_by"] == "trials"
    assert "read_as" not in d


def test_command_line_ranges_say_how_they_were_read(capsys):
    from pokerkeys.cli.main import main

    args = ["equity", "As2dKhKc", "AA:$ds", "--game", "omaha8", "-b", "3c4d9h"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "player 2 (AA:$ds) read as a range of 864 hands, 300 once" in out
    assert main([*args, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["read_as"][1] == {"text": "AA:$ds", "kind": "range", "combos": 864,
                               "live_combos": 300}
    assert d["boards"] == 300 * 820


@pytest.mark.parametrize(("args", "message"), [
    (["AsKsQdJd", "random", "--game", "omaha5-8"], "a hand of 4 cards"),
    (["AsKsQdJd", "random", "--game", "omaha8", "--combos"], "--combos"),
    (["AsKsQdJd", "random", "--game", "omaha8", "--exact", "--trials", "10"], "--exact"),
])
def test_command_line_errors(capsys, args, message):
    from pokerkeys.cli.main import main

    assert main(["equity", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerkeys equity: error:") and message in err


def test_observed_rounds_stream_partial_results_and_cancel():
    from pokerkeys.equity.driver import observe_rounds

    seen: list[pk.HiLoResult] = []
    with observe_rounds(seen.append):
        r = pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=200_000, seed=4)
    assert all(type(p) is pk.HiLoResult for p in seen)  # the halves stream, not the high
    assert len(seen) > 1 and [p.trials for p in seen] == sorted(p.trials for p in seen)
    assert seen[-1].trials == r.trials and (seen[-1].equity == r.equity).all()
    alone = pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=200_000, seed=4)
    assert (alone.equity == r.equity).all()

    class Cancelled(Exception):
        pass

    def cancel(partial):
        raise Cancelled

    with pytest.raises(Cancelled), observe_rounds(cancel):
        pk.omaha_hilo_equity(["As2dKhKc", "random"], trials=200_000, seed=4)
