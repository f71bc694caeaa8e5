"""Per-combo equity against brute force: each combo enumerated on its own must give the same
counts, exactly; the share-weighted mean of a player's rows is the player's equity."""
import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.core.cards import format_cards


def table(result, player):
    return result.combo_tables[player]


def sample_rows(n, k, seed=3):
    return np.random.default_rng(seed).choice(n, size=min(k, n), replace=False)


def check_against_brute_force(result, hands, player, board=None, rows=None):
    """Every sampled combo of `player`: its counts equal an exact run with that combo alone."""
    t = table(result, player)
    rows = range(len(t.combos)) if rows is None else rows
    for i in rows:
        combo = format_cards(t.combos[i], sep="")
        alone = list(hands)
        alone[player] = combo
        r = pk.equity(alone, board, exact=True)
        assert t.won[i] == r.wins[player], combo
        assert t.tied[i] == r.ties[player], combo
        assert t.faced[i] == r.wins[player] + r.ties[player] + r.losses[player], combo
        assert t.equity[i] == pytest.approx(r.equity[player], abs=1e-12), combo


@pytest.mark.parametrize("board", ["Ah7d2c", "Kh9h4s2h", "Qs8d5c3h2s"])
def test_heads_up_sweep_matches_each_combo_alone(board):
    hands = ["random", "QQ+,AKs,T9s"]
    r = pk.equity(hands, board, exact=True, per_combo=True)
    n_board = len(pk.parse_cards(board))
    assert len(table(r, 0).combos) == (52 - n_board) * (51 - n_board) // 2
    check_against_brute_force(r, hands, 0, board, sample_rows(len(table(r, 0).combos), 12))
    check_against_brute_force(r, hands, 1, board)
    whole = pk.equity(hands, board, exact=True)
    np.testing.assert_allclose(r.mask_counts, whole.mask_counts, rtol=1e-12)


def test_preflop_per_matchup_path_matches_each_combo_alone():
    hands = ["QQ+", "AKs,JTs"]
    r = pk.equity(hands, exact=True, per_combo=True)
    check_against_brute_force(r, hands, 0, None, sample_rows(18, 4))
    check_against_brute_force(r, hands, 1, None, sample_rows(8, 3))
    np.testing.assert_array_equal(r.mask_counts, pk.equity(hands, exact=True).mask_counts)


def test_three_players_on_a_flop_match_each_combo_alone():
    hands = ["AhKh", "QQ+", "JTs,99"]
    board = "2c3d4h"
    r = pk.equity(hands, board, exact=True, per_combo=True)
    assert r.combo_tables[0] is None
    check_against_brute_force(r, hands, 1, board)
    check_against_brute_force(r, hands, 2, board, sample_rows(len(table(r, 2).combos), 4))


@pytest.mark.parametrize("hands, board", [
    (["AhKh", "JJ+", "JJ+"], "Qh7h6c"),            # two alike players
    (["22+", "AhKh", "22+"], "Jd8s3c"),            # alike players not side by side
    (["AhKh", "TT+,AK", "TT+,AK", "TT+,AK"], "Qh7h6c"),  # three alike players
    (["QQ+:0.5,AK", "QQ+:0.5,AK", "KQs"], "Kh7h6c2d"),  # weighted, two alike, a turn
])
def test_alike_players_folded_give_every_table_unchanged(hands, board, monkeypatch):
    """Players of one range are enumerated once per orbit of their swaps; each matchup reads
    its outcomes from the representative's player it stands for. Every table and count must
    be exactly what the unfolded enumeration gives, and the alike players' tables agree with
    a brute force of each combo alone."""
    from pokerkeys.equity import per_combo
    folded = pk.equity(hands, board, exact=True, per_combo=True)
    monkeypatch.setattr(per_combo, "alike_players", lambda combos, weights: ())
    plain = pk.equity(hands, board, exact=True, per_combo=True)
    np.testing.assert_allclose(folded.mask_counts, plain.mask_counts, rtol=1e-12)
    for a, b in zip(folded.combo_tables, plain.combo_tables, strict=True):
        if a is None:
            assert b is None
            continue
        np.testing.assert_array_equal(a.combos, b.combos)
        for field in ("weight", "share", "equity", "win", "tie", "faced", "won", "tied"):
            np.testing.assert_allclose(getattr(a, field), getattr(b, field), rtol=1e-12,
                                       atol=1e-12, err_msg=field)
    monkeypatch.undo()
    alike = [p for p, h in enumerate(hands) if hands.count(h) > 1]
    check_against_brute_force(folded, hands, alike[-1], board,
                              sample_rows(len(table(folded, alike[-1]).combos), 3))


@pytest.mark.parametrize("hands, board", [
    (["random", "15%"], "Ah7d2c"),
    (["QQ+:0.5,AKs", "JJ-88,AQs+"], "Th8h3c"),
    (["AA,KK:0.25", "random"], None),
    (["AhKh", "QQ+", "random"], "2c3d4h"),
])
def test_share_weighted_mean_is_the_player_equity(hands, board):
    r = pk.equity(hands, board, exact=True, per_combo=True)
    for p, t in enumerate(r.combo_tables):
        if t is None:
            continue
        assert t.share.sum() == pytest.approx(1.0)
        assert (t.share * t.equity).sum() == pytest.approx(r.equity[p], abs=1e-12)
        assert (t.share * t.win).sum() == pytest.approx(r.win[p], abs=1e-12)
        assert (t.share * t.tie).sum() == pytest.approx(r.tie[p], abs=1e-12)


def test_weights_and_card_removal_in_the_share():
    r = pk.equity(["AA,KK:0.5", "AsKs"], "2c3d4h", exact=True, per_combo=True)
    t = table(r, 0)
    names = [format_cards(c, sep="") for c in t.combos]
    assert len(names) == 3 + 3  # AsX and KsX are blocked
    assert t.weight[names.index("KdKc")] == 0.5
    # Every combo faces the same single hand on the same boards: shares follow the weights.
    assert t.share[names.index("KdKc")] == pytest.approx(t.share[names.index("AdAc")] / 2)


def test_every_hand_preflop_has_1326_rows():
    r = pk.equity(["random", "AA"], exact=True, per_combo=[0])
    t = r.combo_equity(0)
    assert len(t) == 1326
    assert r.combo_tables[1] is None
    assert list(t.columns) == ["combo", "weight", "share", "equity", "win", "tie"]


def test_monte_carlo_per_combo_agrees_with_exact():
    hands = ["AhKh", "QQ+,AKs"]
    exact = pk.equity(hands, "Qh7h2c", exact=True, per_combo=True)
    mc = pk.equity(hands, "Qh7h2c", trials=400_000, seed=5, per_combo=True)
    te, tm = table(exact, 1), table(mc, 1)
    np.testing.assert_array_equal(te.combos, tm.combos)
    assert (np.abs(tm.equity - te.equity) < 5 * tm.stderr + 1e-9).all()
    assert (tm.share * tm.equity).sum() == pytest.approx(mc.equity[1], abs=1e-12)
    assert "stderr" in mc.combo_equity(1).columns
    again = pk.equity(hands, "Qh7h2c", trials=400_000, seed=5, per_combo=True, threads=1)
    np.testing.assert_array_equal(table(again, 1).won, tm.won)


def test_auto_picks_exact_when_cheap():
    r = pk.equity(["AhKh", "QQ+"], "2c3d4h", per_combo=True)
    assert r.exact and r.combo_tables[1] is not None


def test_records_without_pandas(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError
        return real_import(name, *args, **kwargs)

    r = pk.equity(["AhKh", "QQ"], "2c3d4h", exact=True, per_combo=True)
    monkeypatch.setattr(builtins, "__import__", no_pandas)
    rec = r.combo_equity(1)
    assert rec.dtype.names == ("combo", "weight", "share", "equity", "win", "tie")
    assert len(rec) == 6


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands=["AhKh", "QsQd"], per_combo=True), "every player here is a single hand"),
    (dict(hands=["AhKh", "QQ+"], per_combo=[0]), "player 1 .* is a single hand"),
    (dict(hands=["AhKh", "QQ+"], per_combo=[2]), "player indices are 0..1"),
    (dict(hands=["AhKh", "QQ+"], per_combo=True, game="shortdeck"),
     "the board: 2c is not a short-deck card"),
    (dict(hands=["AhKh", "2c3s:0.5"], per_combo=True), "empty once the board"),
])
def test_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pk.equity(board="2c3d4h", **kwargs)


def test_combo_equity_errors():
    r = pk.equity(["AhKh", "QQ"], "2c3d4h", exact=True, per_combo=True)
    with pytest.raises(ValueError, match="single hand"):
        r.combo_equity(0)
    with pytest.raises(ValueError, match="index 0..1"):
        r.combo_equity(2)
    plain = pk.equity(["AhKh", "QQ"], "2c3d4h", exact=True)
    with pytest.raises(ValueError, match="per_combo=True"):
        plain.combo_equity(1)


def test_monte_carlo_every_hand_vs_a_range():
    r = pk.equity(["random", "AA"], trials=200_000, seed=2, per_combo=True)
    t = table(r, 0)
    assert len(t.combos) == 1326 and not r.exact
    dealt = t.faced > 0
    assert t.faced.sum() == 200_000
    assert (t.share[dealt] * t.equity[dealt]).sum() == pytest.approx(r.equity[0], abs=1e-12)
    assert np.isnan(t.equity[~dealt]).all()  # a combo never dealt has no estimate


@pytest.mark.parametrize("rules", ["trips-beat-straight", "straight-beats-trips"])
def test_short_deck_preflop_by_rank_classes_equals_card_by_card(rules):
    """Short deck's per-combo preflop counts each matchup by rank classes: the same integer
    counts as walking its 201,376 boards card by card, for every matchup of two ranges and
    of three players; and the per-combo run adds up to the plain exact run."""
    from pokerkeys.equity import per_combo as _pc
    from pokerkeys.equity.matchups import all_matchups, merge_isomorphic
    from pokerkeys.equity.setup import prepare
    for hands, dead in ((["AhKh", "QQ+,T9s"], None), (["A9s", "7c6c", "KK"], "Qs")):
        setup = prepare(hands, None, dead, rules=rules)
        matchups, weights = all_matchups(setup.combo_lists, setup.weight_lists)
        reps, _ = merge_isomorphic(matchups, weights, setup.board, setup.dead)
        reps = np.ascontiguousarray(reps)
        args = (reps, setup.excluded, 5, setup.board, None, None, rules)
        by_classes = _pc._matchup_counts(*args)
        np.testing.assert_array_equal(by_classes, _pc._matchup_counts(*args, by_classes=False))
        r = pk.equity(hands, dead=dead, exact=True, per_combo=True, game="shortdeck",
                      rules=rules)
        plain = pk.equity(hands, dead=dead, exact=True, game="shortdeck", rules=rules)
        np.testing.assert_allclose(r.mask_counts, plain.mask_counts, rtol=1e-12)
        for p, t in enumerate(r.combo_tables):
            if t is not None:
                assert (t.share * t.equity).sum() == pytest.approx(r.equity[p], abs=1e-12)
