"""Short deck's range views: per-combo equity, range hits and the flop report, each checked
against a brute force over the 36-card deck (exact per-hand runs, enumerated runouts)."""
import json

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.cli.main import main
from pokerkeys.core.cards import format_cards

SD = dict(game="shortdeck")


def alone_matches(result, hands, player, board=None, rows=None, **kw):
    """Each (sampled) combo of `player`: the same counts as an exact run with it alone."""
    t = result.combo_tables[player]
    rows = range(len(t.combos)) if rows is None else rows
    for i in rows:
        combo = format_cards(t.combos[i], sep="")
        alone = list(hands)
        alone[player] = combo
        r = pk.equity(alone, board, exact=True, game="shortdeck", **kw)
        assert t.won[i] == r.wins[player], combo
        assert t.tied[i] == r.ties[player], combo
        assert t.equity[i] == pytest.approx(r.equity[player], abs=1e-12), combo


# ---------------------------------------------------------------------------- per-combo
@pytest.mark.parametrize("board, rules", [("Qh7h6c", None), ("Ah9c8d7s", "straight-beats-trips"),
                                          ("Ts9s6h", "straight-beats-trips")])
def test_per_combo_sweep_matches_each_combo_alone(board, rules):
    hands = ["random", "QQ+,AKs,T9s"]
    r = pk.equity(hands, board, exact=True, per_combo=True, rules=rules, **SD)
    n_board = len(pk.parse_cards(board))
    # 'random' is every combo of the 36-card deck left after the board
    assert len(r.combo_tables[0].combos) == (36 - n_board) * (35 - n_board) // 2
    assert (r.combo_tables[0].combos >= 16).all()
    rows = np.random.default_rng(5).choice(len(r.combo_tables[0].combos), 8, replace=False)
    alone_matches(r, hands, 0, board, rows, rules=rules)
    alone_matches(r, hands, 1, board, rules=rules)
    whole = pk.equity(hands, board, exact=True, rules=rules, **SD)
    np.testing.assert_allclose(r.mask_counts, whole.mask_counts, rtol=1e-12)


def test_per_combo_preflop_matchups_match_each_combo_alone():
    # preflop: every matchup enumerated over the 201,376 boards of the short deck
    hands = ["AhKh", "QQ,JTs"]
    r = pk.equity(hands, exact=True, per_combo=True, **SD)
    alone_matches(r, hands, 1, None, [0, 5, 8])
    np.testing.assert_array_equal(r.mask_counts, pk.equity(hands, exact=True, **SD).mask_counts)
    t = r.combo_tables[1]
    assert float(t.share @ t.equity) == pytest.approx(r.equity[1], abs=1e-12)


def test_per_combo_three_players_and_the_rule_order_matter():
    hands = ["AA", "9h8h", "7s6s"]
    trips = pk.equity(hands, "Ts7c6d", exact=True, per_combo=0, **SD)
    straight = pk.equity(hands, "Ts7c6d", exact=True, per_combo=0, rules="straight-beats-trips",
                         **SD)
    alone_matches(trips, hands, 0, "Ts7c6d", [0, 3])
    alone_matches(straight, hands, 0, "Ts7c6d", [0, 3], rules="straight-beats-trips")
    assert trips.combo_tables[0].equity[0] != straight.combo_tables[0].equity[0]


def test_per_combo_monte_carlo_near_exact():
    hands = ["AhKh", "QQ+"]
    exact = pk.equity(hands, "Qh7h6c", exact=True, per_combo=True, **SD).combo_tables[1]
    mc = pk.equity(hands, "Qh7h6c", trials=60_000, seed=4, per_combo=True, **SD).combo_tables[1]
    assert mc.names() == exact.names()
    assert (np.abs(mc.equity - exact.equity) < 5 * mc.stderr + 1e-9).all()
    assert mc.share.sum() == pytest.approx(1.0)


def test_per_combo_cli(capsys):
    assert main(["equity", "AhKh", "QQ+", "-b", "Qh7h6c", "--game", "shortdeck", "--combos",
                 "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    (entry,) = data["combos"]
    rows = {row["combo"]: row["equity"] for row in entry["combos"]}
    assert len(rows) == 9
    assert rows["QdQc"] == pytest.approx(
        pk.equity(["AhKh", "QdQc"], "Qh7h6c", exact=True, **SD).equity[1], abs=1e-12)
