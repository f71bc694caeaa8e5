"""Short-deck equity: exact counts against brute force over every board, Monte Carlo within
its standard errors, ranges restricted to the short deck, bad input."""
import json
from itertools import combinations

import numpy as np
import pytest
import shortdeck_reference as ref

import pokerkeys as pk

RULES = ("trips-beat-straight", "straight-beats-trips")


def _mask_counts_by_batch(hands, board, dead, rules):
    """Winner-mask counts over every board completion, every hand ranked by evaluate_batch."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [c for c in range(16, 52) if c not in used]
    boards = np.array([board + list(b) for b in combinations(rest, 5 - len(board))],
                      dtype=np.uint8)
    ranks = np.stack([pk.evaluate_batch(np.hstack([np.tile(np.array(h, np.uint8),
                                                           (len(boards), 1)), boards]),
                                        game="shortdeck", rules=rules) for h in hands])
    best = ranks.max(axis=0)
    masks = sum((ranks[p] == best).astype(np.int64) << p for p in range(len(hands)))
    return np.bincount(masks, minlength=1 << len(hands)).astype(float)


@pytest.mark.parametrize("rules", RULES)
def test_exact_preflop_heads_up_counts_every_board(rules):
    """All 201,376 boards of a heads-up preflop matchup, against evaluate_batch board by
    board (the equity kernel and the batch kernel share nothing but the tables)."""
    hands = [pk.parse_cards("AhKh").tolist(), pk.parse_cards("7c6c").tolist()]
    result = pk.equity(["AhKh", "7c6c"], game="shortdeck", rules=rules)
    assert result.exact and result.boards == 201_376
    assert np.array_equal(result.mask_counts,
                          _mask_counts_by_batch(hands, [], [], rules))


@pytest.mark.parametrize("rules", RULES)
def test_exact_flop_three_way_against_the_reference(rules):
    """Every turn and river of a 3-way flop, each hand ranked by the pure-Python reference."""
    texts = ["Ah9h", "KcKs", "Tc Jd"]
    hands = [pk.parse_cards(t).tolist() for t in texts]
    board = pk.parse_cards("8h 7c 6d").tolist()
    dead = pk.parse_cards("Qs").tolist()
    result = pk.equity(texts, board="8h7c6d", dead="Qs", game="shortdeck", rules=rules)
    used = {c for h in hands for c in h} | set(board) | set(dead)
    counts = np.zeros(8)
    for extra in combinations([c for c in range(16, 52) if c not in used], 2):
        values = [ref.value(h + board + list(extra), rules) for h in hands]
        counts[sum(1 << p for p, v in enumerate(values) if v == max(values))] += 1
    assert np.array_equal(result.mask_counts, counts)


def test_ranges_random_and_partial_hands():
    """Ranges and random hands are dealt from the 36 cards only, exactly as brute force."""
    r = pk.equity(["AhKh", "random"], board="Qh7h6c", game="shortdeck")
    assert r.exact and len(r.mask_counts) == 4
    # 'random' holds every 2-card combo of the 36 cards not on the board or in AhKh.
    assert r.boards == pytest.approx(31 * 30 / 2 * (29 * 28 / 2))
    known = pk.parse_cards("AhKh").tolist()
    board = pk.parse_cards("Qh7h6c").tolist()
    rest = [c for c in range(16, 52) if c not in known + board]
    rows = [(a, b, *board, c, d) for a, b in combinations(rest, 2)
            for c, d in combinations([x for x in rest if x not in (a, b)], 2)]
    others = np.array(rows, dtype=np.uint8)
    mine = np.hstack([np.tile(np.array(known, np.uint8), (len(others), 1)), others[:, 2:]])
    ranks = [pk.evaluate_batch(h, game="shortdeck") for h in (mine, others)]
    masks = (ranks[0] >= ranks[1]).astype(int) + 2 * (ranks[1] >= ranks[0])
    assert np.array_equal(r.mask_counts, np.bincount(masks, minlength=4))
    partial = pk.equity(["AhKh", "Qs??"], board="Qh7h6c9d", game="shortdeck")
    assert partial.exact


@pytest.mark.parametrize("players", [["AhKh", "7c6c"], ["AhKh", "QQ+,AJs+", "random"]])
def test_monte_carlo_agrees_with_exact(players):
    exact = pk.equity(players, board="Th9c6h" if len(players) == 3 else None,
                      game="shortdeck", exact=True)
    mc = pk.equity(players, board="Th9c6h" if len(players) == 3 else None, game="shortdeck",
                   trials=200_000, seed=3)
    assert not mc.exact
    assert np.all(np.abs(mc.equity - exact.equity) < 5 * mc.stderr + 1e-9)
    again = pk.equity(players, board="Th9c6h" if len(players) == 3 else None,
                      game="shortdeck", trials=200_000, seed=3, threads=1)
    assert np.array_equal(again.mask_counts, mc.mask_counts)


def test_rules_change_equity():
    """A set against an open-ended straight draw's made straight: the order decides."""
    trips = pk.equity(["9c9d", "Ts Jd"], board="9h 8c 7d Ac Ks", game="shortdeck")
    straight = pk.equity(["9c9d", "Ts Jd"], board="9h 8c 7d Ac Ks", game="shortdeck",
                         rules="straight-beats-trips")
    assert trips.equity.tolist() == [1.0, 0.0]
    assert straight.equity.tolist() == [0.0, 1.0]


def test_bad_input_names_the_card_and_the_game():
    message = r"is not a short-deck card \(short deck plays 6 through A\)"
    with pytest.raises(ValueError, match="player 2: 5c " + message):
        pk.equity(["AhKh", "5c5d"], game="shortdeck")
    with pytest.raises(ValueError, match=r"player 2 \(the range '22\+'\): 2c " + message):
        pk.equity(["AhKh", "22+"], game="shortdeck")
    with pytest.raises(ValueError, match="the board: 4h " + message):
        pk.equity(["AhKh", "QsQd"], board="4h7c8d", game="shortdeck")
    with pytest.raises(ValueError, match="the dead cards: 2s " + message):
        pk.equity(["AhKh", "QsQd"], dead="2s", game="shortdeck")
    with pytest.raises(ValueError, match="player 1 .* is a single hand"):
        pk.equity(["AhKh", "QQ+"], game="shortdeck", per_combo=[0])
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        pk.equity(["AhKh", "QsQd"], rules="straight-beats-trips")
    with pytest.raises(ValueError, match="unknown game"):
        pk.equity(["AhKh", "QsQd"], game="sixplus")


def test_command_line_equity(capsys):
    from pokerkeys.cli.main import main
    assert main(["equity", "AhKh", "7c6c", "--game", "shortdeck", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] and out["boards"] == 201_376
    assert main(["equity", "9c9d", "TsJd", "-b", "9h8c7dAcKs", "--game", "shortdeck",
                 "--rules", "straight-beats-trips"]) == 0
    assert "TsJd    100.000%" in capsys.readouterr().out
    assert main(["equity", "AhKh", "22+", "--game", "shortdeck"]) == 2
    assert "2c is not a short-deck card" in capsys.readouterr().err
    assert main(["equity", "AhKh", "QsQd", "--rules", "straight-beats-trips"]) == 2
    assert "--rules applies to --game shortdeck only" in capsys.readouterr().err


def test_enumeration_fits_short_deck():
    from pokerkeys.equity.holdem import enumeration_fits
    assert enumeration_fits(["AhKh", "random"], game="shortdeck")
    assert not enumeration_fits(["AhKh", "random", "random"], game="shortdeck")
    # Preflop, the work is the rank-class enumeration's, not 201,376 boards per player:
    # AhKh vs QsQd has 1,278 board rank multisets, then the flush corrections of hearts
    # (AhKh holds two: 84 x 45 + 126 x 9 + 126), spades and diamonds (one each: 126 x 9 + 126)
    # and clubs (126), so 8,964 showdowns of two players.
    for rules in RULES:
        assert enumeration_fits(["AhKh", "QsQd"], game="shortdeck", rules=rules,
                                max_evaluations=17_928)
        assert not enumeration_fits(["AhKh", "QsQd"], game="shortdeck", rules=rules,
                                    max_evaluations=17_927)
    # Random against random, 2.8e8 showdowns by rank classes: exact by default.
    assert enumeration_fits(["random", "random"], game="shortdeck")
    with pytest.raises(ValueError, match="5c is not a short-deck card"):
        enumeration_fits(["AhKh", "5c5d"], game="shortdeck")


@pytest.mark.parametrize("rules", RULES)
def test_top_percent_range_is_short_decks_top_percent(rules):
    # '15%' in short deck is 15% of its 630 hands by its own class order: the same equity as
    # the explicit classes it stands for (and no card below the six).
    from pokerkeys.equity.ranges import top_percent_classes
    names = top_percent_classes(15, game="shortdeck", rules=rules)
    by_percent = pk.equity(["AhKh", "15%"], game="shortdeck", rules=rules)
    by_classes = pk.equity(["AhKh", ", ".join(names)], game="shortdeck", rules=rules)
    assert by_percent.exact and by_classes.exact
    np.testing.assert_array_equal(by_percent.equity, by_classes.equity)
    assert pk.Range("15%", game="shortdeck", rules=rules).combos.min() >= 16


def test_top_percent_of_a_holdem_range_object_is_refused_in_short_deck():
    # A hold'em Range's '5%' is 66 of 1,326 hold'em hands: not short deck's 5%.
    with pytest.raises(ValueError, match=r"player 2 \(the range '5%'\): a hold'em Range's "
                                         r"top-N% ranks hold'em's hands"):
        pk.equity(["AhKh", pk.Range("5%")], game="shortdeck")
    assert pk.equity(["AhKh", pk.Range("5%", game="shortdeck")], game="shortdeck").exact


def test_range_count_route_reads_short_deck_ranges():
    # GET /api/range/shortdeck counts what pk.Range(..., game="shortdeck") holds: '15%' of 630.
    from pokerkeys.web.compute import range_info
    from pokerkeys.web.schemas import ApiError
    info = range_info("15%", "shortdeck")
    assert info["combos"] == len(pk.Range("15%", game="shortdeck")) == 92
    assert info["percent"] == pytest.approx(100 * 92 / 630)
    assert range_info("random", "shortdeck")["combos"] == 630
    with pytest.raises(ApiError, match="the range 'QQ\\+,55': 5c is not a short-deck card"):
        range_info("QQ+,55", "shortdeck")
    with pytest.raises(ApiError, match="0.5% of 630 hands is fewer than the best class"):
        range_info("0.5%", "shortdeck")
    # The head-to-head page's sides read a range so too ('15%' holds no card below the six).
    from pokerkeys.web.compute import headsup_plan
    assert headsup_plan("AKs", "15%", "shortdeck") == ("class", "AKs", "range", "15%")
