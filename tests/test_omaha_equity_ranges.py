"""Omaha equity with ranges for any player, per-combo results, Range(game='omaha') and range
hits: exact numbers against a brute force that enumerates every matchup of the ranges' hands
and every board card by card (weights multiplied, hands scored by the 5-card evaluator over
every 2 + 3 choice); Monte Carlo against exact within a few standard errors; fixed seeds."""
from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.equity.omaha import omaha_equity, omaha_players
from pokerkeys.equity.omaha_ranges import parse_omaha_range


def _best_ranks(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """(K, P) best Omaha ranks of K deals: holes (K, P, H), boards (K, 5)."""
    k, n_players, h = holes.shape
    rows = [np.concatenate([holes[:, :, list(pair)], np.repeat(boards[:, None, list(tri)],
                                                                n_players, axis=1)], axis=2)
            for pair in combinations(range(h), 2) for tri in combinations(range(5), 3)]
    ranks = pk.evaluate_batch(np.stack(rows, axis=2).reshape(-1, 5))
    return ranks.reshape(k, n_players, -1).max(axis=2)


def _brute_force(players: list[tuple[np.ndarray, np.ndarray]], board: str,
                 dead: str = "") -> np.ndarray:
    """Weighted winner-mask counts: every matchup of the players' hands, every completion."""
    known = set(pk.parse_cards(board + dead).tolist())
    board_ids = pk.parse_cards(board).tolist()
    n = len(players)
    holes, weights, boards = [], [], []
    for choice in product(*(range(len(h)) for h, _ in players)):
        hands = [players[p][0][i] for p, i in enumerate(choice)]
        cards = [c for hand in hands for c in hand.tolist()]
        if len(set(cards)) < len(cards) or known & set(cards):
            continue
        weight = np.prod([players[p][1][i] for p, i in enumerate(choice)])
        deck = sorted(set(range(52)) - known - set(cards))
        for rest in combinations(deck, 5 - len(board_ids)):
            holes.append(np.stack(hands))
            weights.append(weight)
            boards.append([*board_ids, *rest])
    ranks = _best_ranks(np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8))
    masks = ((ranks == ranks.max(axis=1, keepdims=True)) << np.arange(n)).sum(axis=1)
    return np.bincount(masks, weights=np.array(weights), minlength=1 << n)


def _range(text: str, hole: int = 4) -> tuple[np.ndarray, np.ndarray]:
    r = parse_omaha_range(text, hole)
    return r.hands, r.weights


def _one(hand: str) -> tuple[np.ndarray, np.ndarray]:
    return np.sort(pk.parse_cards(hand))[None, :], np.ones(1)


def test_exact_ranges_on_the_turn_match_brute_force() -> None:
    hands = ["AsKsQdJd", "AhAdKh[QJ]:0.5, 7c7d8c8d", "Th9h8h[76]"]
    board = "Ts9d2s5h"
    result = omaha_equity(hands, board=board)
    assert result.exact
    expected = _brute_force([_one(hands[0]), _range(hands[1]), _range(hands[2])], board)
    np.testing.assert_allclose(result.mask_counts, expected)


def test_exact_range_against_random_with_dead_cards_matches_brute_force() -> None:
    # A random player is every hand of the cards left, each with weight 1 (many dead cards
    # keep the brute force small: 15 cards left).
    board = "Ts9d2s5h4c"
    left = set(pk.parse_cards(board + "KsKhKdKcQsJsQhJh7s7c6s6c3s3d8s").tolist())
    dead = pk.format_cards(sorted(set(range(52)) - left), sep="")
    result = omaha_equity(["KK[QJ]s", "random"], board=board, dead=dead)
    deck = sorted(set(range(52)) - set(pk.parse_cards(board + dead).tolist()))
    every = np.array(list(combinations(deck, 4)), dtype=np.uint8)
    expected = _brute_force([_range("KK[QJ]s"), (every, np.ones(len(every)))], board, dead)
    np.testing.assert_allclose(result.mask_counts, expected)


def test_five_and_six_card_ranges_match_brute_force() -> None:
    # (A 6-card range is parsed once: matching runs over all 20,358,520 six-card hands.)
    for hole, text, other in [(5, "AhAdKh[QJ]h[32]c:0.5, AhAdKhQhJh", "7c7d8c8d9c"),
                              (6, "AhAdKh[QJ]h[32]c[54]c", "7c7d8c8d9c9d")]:
        board = "Ts9h2s5h"
        rng = parse_omaha_range(text, hole)
        result = omaha_equity([rng, other], board=board)
        assert result.players == (text, other)
        expected = _brute_force([(rng.hands, rng.weights), _one(other)], board)
        np.testing.assert_allclose(result.mask_counts, expected)


def test_monte_carlo_agrees_with_exact_and_is_reproducible(two_numba_threads: None) -> None:
    hands = ["AA:$ds", "KK:$ds, QQ:0.5"]
    board = "7c8d2h5s"
    exact = omaha_equity(hands, board=board)
    mc = omaha_equity(hands, board=board, trials=200_000, seed=7, threads=1)
    assert not mc.exact and mc.trials == 200_000
    assert abs(mc.equity[0] - exact.equity[0]) < 4 * mc.stderr[0] + 1e-9
    again = omaha_equity(hands, board=board, trials=200_000, seed=7, threads=2)
    np.testing.assert_array_equal(mc.mask_counts, again.mask_counts)


def test_preflop_ranges_run_monte_carlo_by_default() -> None:
    r = omaha_equity(["AA:$ds", "15%"], trials=20_000, seed=1)
    assert not r.exact and r.players == ("AA:$ds", "15%")
    assert 0.5 < r.equity[0] < 0.8


def test_per_combo_exact_rows_are_each_hand_alone() -> None:
    board = "Ts9d2s5h"
    r = omaha_equity(["AsKsQdJd", "AhAd[KQ][KQ]"], board=board, per_combo=1)
    table = r.combo_tables[1]
    assert r.combo_tables[0] is None
    assert len(table.names()) == len(table.combos) == len(table.equity)
    for i in (0, len(table.combos) // 2, len(table.combos) - 1):
        alone = omaha_equity(["AsKsQdJd", table.names()[i]], board=board)
        assert table.equity[i] == pytest.approx(alone.equity[1])
    assert float(table.share @ table.equity) == pytest.approx(r.equity[1])
    records = table.to_records()
    assert records["combo"][0] == table.names()[0]


def test_per_combo_monte_carlo_counts_every_trial() -> None:
    r = omaha_equity(["AsKsQdJd", "AhAd[KQ][KQ]"], board="Ts9d2s", per_combo=True,
                     trials=50_000, seed=3)
    table = r.combo_tables[1]
    assert table.faced.sum() == 50_000 and table.stderr is not None
    assert float(table.share @ table.equity) == pytest.approx(r.equity[1])


@pytest.mark.parametrize(("hands", "kwargs", "message"), [
    (["AsKsQdJd", "AA!AAA"], {"dead": "AhAdAc"},
     r"player 2: no hand of the range 'AA!AAA' is left once the known cards are removed"),
    (["AsKsQdJd", "AAAAK"], {}, "player 2: pattern 'AAAAK' at position 1 in 'AAAAK' has 5 "
                                "cards, more than the 4 hole cards"),
    (["AsKsQdJd", "AA1x"], {}, r"player 2: unknown rank '1' at position 3 in 'AA1x'"),
    (["AsKsQdJd", "AsAd**"], {}, r"player 2: no hand of the range"),
    (["AsKsQdJd", "AA"], {"hole_cards": 5}, r"player 1: a hand of 4 cards \(As Ks Qd Jd\) in "
                                             "5-card Omaha"),
    (["AsKsQdJd", "AA"], {"board": "Kd7s2s", "dead": "Kd"},
     "card Kd is in the board and in the dead cards"),
    (["AsKsQdJd", "AA"], {"hole_cards": 7}, "hole_cards must be 4, 5 or 6, not 7"),
    (["AsKsQdJx", "AA"], {}, r"player 1: unknown card 'Jx'"),
    (["AsKsQdJd", "AA"], {"per_combo": 0}, r"per_combo: player 1 \('AsKsQdJd'\) is a "
                                             "single hand"),
])
def test_errors_name_the_player_and_the_token(hands, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        omaha_equity(hands, **kwargs)


def test_a_holdem_range_is_refused() -> None:
    with pytest.raises(TypeError, match="player 2: 'QQ\\+' is a hold'em range"):
        omaha_equity(["AsKsQdJd", pk.Range("QQ+")])


def test_range_objects_and_text_are_one_player() -> None:
    text = "AA:$ds"
    by_text = omaha_equity(["AsKsQdJd", text], board="Ts9d2s5h")
    by_range = omaha_equity(["AsKsQdJd", pk.Range(text, game="omaha")], board="Ts9d2s5h")
    by_parsed = omaha_equity(["AsKsQdJd", parse_omaha_range(text)], board="Ts9d2s5h")
    np.testing.assert_array_equal(by_text.mask_counts, by_range.mask_counts)
    np.testing.assert_array_equal(by_text.mask_counts, by_parsed.mask_counts)
    setup = omaha_players(["AsKsQdJd", text, "random"], board="Ts9d2s5h")
    assert [p.kind for p in setup.players] == ["hand", "range", "random"]


def test_range_with_an_omaha_game() -> None:
    r = pk.Range("AA:$ds:0.5, KK:$ds", game="omaha")
    # Six double-suited AAKK hands are in both items and keep the last weight.
    assert len(r) == 1722 and r.combos.shape == (1722, 4) and r.game == "omaha"
    assert r.combo_count == pytest.approx(858 * 0.5 + 864)
    assert r.weight_of("AsAhKsKh") == 1.0 and r.weight_of("AsAhQsQh") == 0.5
    assert "AsAh2s2h" in r and "AsAh2s2d" not in r
    assert len(r.without("As")) < len(r) and r.without([]) is r
    assert r == pk.Range(r) and hash(r) == hash(pk.Range(r))
    assert r != pk.Range("AA:$ds:0.5, KK:$ds", game="omaha5")
    assert repr(r) == "Range('AA:$ds:0.5, KK:$ds', omaha, 1,722 hands, weighted 1293)"
    assert len(pk.Range("AA", game="omaha5")) == 108_336
    with pytest.raises(ValueError, match="for hold'em ranges"):
        r.weight_vector()
    with pytest.raises(ValueError, match="unknown game"):
        pk.Range("AA", game="stud")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown rank '1' at position 3"):
        pk.Range("AA1x", game="omaha")
    # Hold'em ranges are as before.
    assert len(pk.Range("QQ+")) == 18 and pk.Range("QQ+").game == "holdem"


# ---------------------------------------------------------------------------- range hits
def _straight_outs_brute_force(hole: list[int], board: list[int]) -> int:
    """Unseen cards after which some 2 hole + 3 board cards are five consecutive ranks."""
    def straight(cards: tuple[int, ...]) -> bool:
        ranks = sorted({c >> 2 for c in cards})
        return len(ranks) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])

    def has(b: list[int]) -> bool:
        return any(straight(p + t) for p in combinations(hole, 2) for t in combinations(b, 3))

    if has(board):
        return 0
    return sum(has([*board, c]) for c in range(52) if c not in hole and c not in board)


def test_hits_straight_outs_and_flush_draws_match_brute_force() -> None:
    from pokerkeys.analysis.omaha_hits import OMAHA_DRAWS, _draws, _made

    rng = np.random.default_rng(28)
    for board_size in (3, 4):
        hands = []
        boards = []
        for _ in range(40):
            cards = rng.permutation(52)[:4 + board_size]
            hands.append(np.sort(cards[:4]).astype(np.uint8))
            boards.append(cards[4:].astype(np.uint8))
        for hand, board in zip(hands, boards, strict=True):
            made = _made(hand[None, :], board)
            draws, outs = _draws(hand[None, :], board, made)
            below_straight = pk.omaha_hand(hand, board).rank < 5854
            expected = _straight_outs_brute_force(hand.tolist(), board.tolist())
            assert outs[0] == (expected if below_straight else 0), (hand, board)
            below_flush = pk.omaha_hand(hand, board).rank < 5864
            suits = [s for s in range(4) if (hand & 3 == s).sum() >= 2
                     and (board & 3 == s).sum() == 2]
            assert bool(draws[0] & 1) == (bool(suits) and below_flush)
            names = {OMAHA_DRAWS[k] for k in range(len(OMAHA_DRAWS)) if draws[0] >> k & 1}
            assert ("wrap" in names) <= (outs[0] >= 9)


@pytest.mark.parametrize(("hand", "board", "category"), [
    ("AsAhKd2c", "Ac7d2h", "set"),
    ("AsKd7c3c", "Ah7d2h", "two pair"),
    ("KsKd7c3c", "Qh7d2h", "overpair"),      # KK beats the 7 pair as the best hand's pair
    ("9s9d5c3c", "Qh7d2h", "pocket pair below top pair"),
    ("Qs9d5c3c", "Qh7d2h", "top pair"),
    ("Js7c5c3c", "Qh7d2h", "middle pair"),
    ("Js9c5c2c", "Qh7d2h", "weak pair"),
    ("Js9c5c4c", "Qh7d7h", "nothing"),        # the board's pair is nobody's
    ("As9c5c4c", "Qh7d7h", "nothing"),
    ("Js7c5c4c", "Qh7d7h", "trips"),
    ("JsTc5c4c", "Qh9d8h", "straight"),
    ("AhTh5c4c", "Qh9h8h", "flush"),
])
def test_hits_made_categories(hand: str, board: str, category: str) -> None:
    hits = pk.range_hits(hand, board, game="omaha")
    assert hits[category]["combos"] == 1.0


def test_hits_counts_and_outs() -> None:
    hits = pk.range_hits("JT98, AA:$ds", "Qh 9h 2c", game="omaha")
    assert hits.total == 950
    assert hits["wrap"]["combos"] == 192 and hits.outs[13]["combos"] == 192
    assert hits["nut flush draw"]["combos"] <= hits["flush draw"]["combos"]
    assert sum(e["combos"] for k, e in hits.items() if k in
               pk.analysis.omaha_hits.OMAHA_MADE) == 950
    assert pk.range_hits("JT98", "Qh 9h 2c 3d 4s", game="omaha")["wrap"]["combos"] == 0
    with pytest.raises(TypeError, match="hold'em range"):
        pk.analysis.omaha_hits.omaha_range_hits(pk.Range("QQ+"), "Qh9h2c")


def test_cli_equity_and_hits_for_omaha(capsys) -> None:
    from pokerkeys.cli.main import main

    assert main(["hits", "JT98", "Qh9h2c", "--game", "omaha"]) == 0
    assert "13 straight outs" in capsys.readouterr().out


def test_equity_with_an_omaha_game_is_omaha_equity():
    """``pk.equity(game=...)`` hands Omaha players, ranges and per-combo requests to
    ``omaha_equity`` unchanged; ``omaha5``/``omaha6`` fix the hole cards."""
    kwargs = dict(board="2c7d9h", exact=True)
    ours = pk.equity(["AsKsQdJd", "KK:$ds"], game="omaha", per_combo=True, **kwargs)
    theirs = pk.omaha_equity(["AsKsQdJd", "KK:$ds"], per_combo=True, **kwargs)
    assert np.array_equal(ours.mask_counts, theirs.mask_counts)
    assert ours.combo_tables is not None and theirs.combo_tables is not None
    assert np.array_equal(ours.combo_tables[1].combos, theirs.combo_tables[1].combos)
    five = pk.equity(["AsKsQdJd9c", "random"], game="omaha5", trials=20_000, seed=3)
    assert np.array_equal(five.mask_counts, pk.omaha_equity(
        ["AsKsQdJd9c", "random"], hole_cards=5, trials=20_000, seed=3).mask_counts)
    with pytest.raises(ValueError, match="4"):
        pk.equity(["AsKsQdJd", "random"], game="omaha5", trials=1_000, seed=3)
