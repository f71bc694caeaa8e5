"""Short deck's range views: per-combo equity, range hits and the flop report, each checked
against a brute force over the 36-card deck (exact per-hand runs, enumerated runouts)."""
import json
from importlib.util import find_spec
from itertools import combinations

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.analysis.hits import DRAWS, made_order
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


# ---------------------------------------------------------------------------- range hits
SHORT_DECK = list(range(16, 52))
TOP = {pk.HandCategory.STRAIGHT_FLUSH: "straight flush", pk.HandCategory.FOUR_OF_A_KIND: "quads",
       pk.HandCategory.FLUSH: "flush", pk.HandCategory.FULL_HOUSE: "full house",
       pk.HandCategory.STRAIGHT: "straight"}


def has_straight(ranks):
    r = set(ranks)
    return any(set(range(t - 4, t + 1)) <= r for t in range(8, 13)) or {12, 4, 5, 6, 7} <= r


def brute_made(combo, board, rules):
    """The combo's category from the short-deck evaluator's category and the pair rules."""
    cat = pk.category(pk.evaluate(list(combo) + list(board), game="shortdeck", rules=rules),
                      game="shortdeck", rules=rules)
    if cat in TOP:
        return TOP[cat]
    ra, rb = combo[0] >> 2, combo[1] >> 2
    count = {r: sum(c >> 2 == r for c in board) for r in range(13)}
    hole_trips = count[ra] >= 2 or count[rb] >= 2 or (ra == rb and count[ra] >= 1)
    if cat == pk.HandCategory.THREE_OF_A_KIND and hole_trips:
        return "set" if ra == rb else "trips"
    if has_straight([c >> 2 for c in list(combo) + list(board)]):  # below board trips
        return "straight"
    board_ranks = sorted({c >> 2 for c in board}, reverse=True)
    if ra == rb:
        return "overpair" if ra > board_ranks[0] else "pocket pair below top pair"
    if count[ra] and count[rb]:
        return "two pair"
    if count[ra] or count[rb]:
        paired = ra if count[ra] else rb
        return {board_ranks[0]: "top pair"}.get(
            paired, "middle pair" if len(board_ranks) > 1 and paired == board_ranks[1]
            else "weak pair")
    return "ace high" if 12 in (ra, rb) else "nothing"


def brute_draws(combo, board, made, rules):
    """The combo's draws, from the unseen cards of the 36-card deck that complete each."""
    order = made_order(rules)
    unseen = [c for c in SHORT_DECK if c not in combo and c not in board]
    cards = list(combo) + list(board)
    out = set()
    if len(board) == 5:
        return out

    def flush_with_hole(cs):
        return any(sum(c & 3 == s for c in cs) >= 5 and any(h & 3 == s for h in combo)
                   for s in range(4))

    if order.index(made) > order.index("flush"):
        flush_outs = [c for c in unseen if flush_with_hole(cards + [c])]
        if flush_outs:
            out.add("flush draw")
            assert len(flush_outs) == 5  # 9 cards a suit, 4 seen
            suit = flush_outs[0] & 3
            best = max(c for c in SHORT_DECK if c & 3 == suit and c not in board)
            if best in combo:
                out.add("nut flush draw")
        elif len(board) == 3 and any(flush_with_hole(cards + [c, d]) for c in unseen
                                     for d in unseen if c < d):
            out.add("backdoor flush draw")
    if order.index(made) > order.index("straight"):  # (a set above a straight: no draw)
        outs = [c for c in unseen if has_straight([x >> 2 for x in cards + [c]])
                and not has_straight([x >> 2 for x in list(board) + [c]])]
        ranks = {c >> 2 for c in outs}
        assert len(outs) == 4 * len(ranks)  # every out rank has its 4 cards unseen
        if len(ranks) >= 2:
            out.add("open-ended straight draw")
        elif ranks:
            out.add("gutshot")
    top = max(c >> 2 for c in board)
    if made in ("ace high", "nothing") and min(combo[0] >> 2, combo[1] >> 2) > top:
        out.add("two overcards")
    return out


@pytest.mark.parametrize("rules", ["trips-beat-straight", "straight-beats-trips"])
def test_range_hits_match_a_brute_force_over_the_short_deck(rules):
    rng = np.random.default_rng(11 if rules == "trips-beat-straight" else 12)
    boards = [pk.parse_cards(b) for b in ("9h 8h 7c", "Ah 9s 8s 7c", "Ts 9s 6h 6d", "7d 7c 7h",
                                          "Kh Qh Jh 6h")]
    boards += [rng.choice(SHORT_DECK, size=n, replace=False) for n in (3, 3, 4, 5)]
    seen = set()
    for board in boards:
        board = [int(c) for c in board]
        hits = pk.range_hits("random", board, game="shortdeck", rules=rules)
        assert hits.total == (36 - len(board)) * (35 - len(board)) // 2
        made = {}
        for name in hits.order:
            for combo in hits.combos_in(name):
                made[combo] = name
        draws = {name: set(hits.combos_in(name)) for name in DRAWS}
        for combo_text, name in made.items():
            combo = [int(c) for c in pk.parse_cards(combo_text)]
            assert name == brute_made(combo, board, rules), (combo_text, board)
            got = {d for d in DRAWS if combo_text in draws[d]}
            assert got == brute_draws(combo, board, name, rules), (combo_text, board)
            seen.add(name)
            seen |= got
    assert {"straight", "set", "flush", "full house", "open-ended straight draw", "gutshot",
            "flush draw", "backdoor flush draw"} <= seen


def test_range_hits_short_deck_order_and_errors():
    trips = pk.range_hits("99, JTs", "9s 8s 7c Th", game="shortdeck")
    assert list(trips)[:7] == ["straight flush", "quads", "flush", "full house", "set",
                               "trips", "straight"]
    assert trips.combos_in("set") == ["9d9c", "9h9c", "9h9d"]
    straight = pk.range_hits("99, JTs", "9s 8s 7c Th", game="shortdeck",
                             rules="straight-beats-trips")
    assert straight["straight"]["combos"] == 3 and straight["set"]["combos"] == 3
    # 99 on 9-8-7-T: a set above the straight by default, no straight draw then
    assert trips["open-ended straight draw"]["combos"] == 0
    # (a flush and a full house never meet in 7 cards: the order only sorts the table)
    with pytest.raises(ValueError, match="the board: 5h is not a short-deck card"):
        pk.range_hits("AA", "5h 7c 8d", game="shortdeck")
    with pytest.raises(ValueError, match=r"the range '22\+': 2c is not a short-deck card"):
        pk.range_hits("22+", "Ah 7c 8d", game="shortdeck")
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        pk.range_hits("AA", "Ah 7c 8d", rules="straight-beats-trips")
    with pytest.raises(ValueError, match="unknown game"):
        pk.range_hits("AA", "Ah 7c 8d", game="sixplus")


# ---------------------------------------------------------------------------- flop report
@pytest.mark.parametrize("hands, rules", [(["AhKh", "QsQd"], None),
                                          (["QQ", "AKs"], "straight-beats-trips"),
                                          (["AA", "KK", "T9s"], None)])
def test_flop_report_sums_to_the_preflop_equity(hands, rules):
    report = pk.flops(hands, game="shortdeck", rules=rules)
    assert report.game == "shortdeck"
    assert report.weight.sum() == pytest.approx(1.0, abs=1e-12)
    assert (report.flops >= 16).all()
    preflop = pk.equity(hands, game="shortdeck", rules=rules, exact=True)
    np.testing.assert_allclose(report.overall(), preflop.equity, atol=1e-12)


def test_flop_report_rows_match_exact_flop_equity():
    hands = ["AhKh", "QsQd"]
    report = pk.flops(hands, game="shortdeck")
    # specific hands break most of the symmetry: classes of 1 or 2 of the 7,140 flops
    assert len(report) == 2824
    for i in np.random.default_rng(2).choice(len(report), 5, replace=False):
        r = pk.equity(hands, report.names[i], game="shortdeck", exact=True)
        np.testing.assert_allclose(report.equity[i], r.equity, atol=1e-12)
        np.testing.assert_allclose(report.tie[i], r.tie, atol=1e-12)


def test_flop_report_every_flop_counted_once():
    report = pk.flops(["random", "random"], game="shortdeck")
    assert len(report) == 573
    # class sizes recovered from the weights: every one of the 7,140 flops once
    sizes = report.weight * 7140
    np.testing.assert_allclose(sizes, sizes.round(), atol=1e-9)
    assert sizes.round().sum() == 7140
    assert set(report.high.tolist()) == set("6789TJQKA")
    # connected: three ranks within five consecutive ones, the ace also below the six
    for flop, connected in zip(report.flops.tolist(), report.connected.tolist(), strict=True):
        ranks = {c >> 2 for c in flop}
        fits = len(ranks) == 3 and any(
            ranks <= set(range(t - 4, t + 1)) | ({12} if t == 7 else set())
            for t in range(7, 13))
        assert connected == fits, flop
    assert report.filter(connected=True, high="A").names  # A-x-y with x, y in 6-9 or T-K


def test_flop_report_game_errors():
    with pytest.raises(ValueError, match="the flop report plays holdem, shortdeck, omaha, "
                                         "omaha5, omaha6, not game='razz'"):
        pk.flops(["AA", "KK"], game="razz")
    with pytest.raises(ValueError, match="2c is not a short-deck card"):
        pk.flops(["AA", "22"], game="shortdeck")
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        pk.flops(["AA", "KK"], rules="straight-beats-trips")


# ---------------------------------------------------------------------------- rank distributions
@pytest.mark.parametrize("rules", ["trips-beat-straight", "straight-beats-trips"])
def test_rank_distributions_average_to_every_seven_card_hand(rules):
    # every 7-card hand is 21 (hand, board) pairs: the average over the 630 hands and their
    # 278,256 boards, scaled, is the exact category count of all C(36, 7) hands
    sd = pk.preflop.shortdeck
    d = sd.rank_distribution("AA", rules=rules)
    assert d.boards == sd.BOARDS_PER_HAND == 278_256
    scaled = d.average_by_category * 630 * 278_256 / 21
    counts = pk.stats.category_counts(7, game="shortdeck", rules=rules)
    np.testing.assert_allclose(scaled, [counts[c] for c in pk.HandCategory], rtol=1e-12)
    hist = sd.rank_histograms(rules)
    assert (hist.sum(axis=1) == 278_256).all() and (hist[:, 0] == 0).all()


def test_rank_distribution_of_any_combo_of_the_class():
    # one combo stands for the class: another combo of it, its boards ranked one by one
    combo = pk.parse_cards("Kh Qs")  # KQo, not the class's first combo
    rest = [c for c in SHORT_DECK if c not in combo.tolist()]
    boards = np.array(list(combinations(rest, 5)), dtype=np.uint8)
    hands = np.hstack([np.tile(combo.astype(np.uint8), (len(boards), 1)), boards])
    ranks = pk.evaluate_batch(hands, game="shortdeck")
    d = pk.preflop.shortdeck.rank_distribution("KQo")
    np.testing.assert_array_equal(d.counts, np.bincount(ranks, minlength=1405))
    text = str(d).splitlines()
    # the game's order: a straight below three of a kind, a flush above a full house
    assert [line.split()[0] for line in text[2:11]] == [
        "High", "Pair", "Two", "Straight", "Three", "Full", "Flush", "Four", "Straight"]


def test_preflop_distribution_cli(capsys):
    assert main(["preflop", "distribution", "AKs", "--game", "shortdeck", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["boards"] == 278_256
    assert list(data["categories"])[3:5] == ["Straight", "Three of a kind"]
    assert main(["preflop", "distribution", "AKs", "--game", "shortdeck", "--rules",
                 "straight-beats-trips", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["categories"])[3:5] == ["Three of a kind", "Straight"]
    assert main(["preflop", "distribution", "AA", "--rules", "straight-beats-trips"]) == 2
    assert main(["preflop", "distribution", "22", "--game", "shortdeck"]) == 2


# ---------------------------------------------------------------------------- web: preflop tables
def test_web_shortdeck_preflop_table_and_query():
    from pokerkeys.web.compute import preflop_table
    from pokerkeys.web.schemas import ApiError, parse_preflop_game

    sd = pk.preflop.shortdeck
    for rules in ("trips-beat-straight", "straight-beats-trips"):
        game, order = parse_preflop_game({"game": "shortdeck", "rules": rules})
        table = preflop_table(game, order)
        assert table["game"] == "shortdeck" and table["rules"] == rules
        assert table["classes"] == list(sd.CLASS_NAMES) and sum(table["combos"]) == 630
        assert np.shape(table["equity_vs_opponents"]) == (81, 5)
        assert np.shape(table["heads_up"]) == (81, 81)
        k, q = sd.class_index("AKs"), sd.class_index("QQ")
        assert table["heads_up"][k][q] == round(sd.heads_up_equity("AKs", "QQ", rules=rules), 6)
    assert parse_preflop_game({"n": "1e999"}) == ("holdem", None)
    assert "heads_up" not in preflop_table()  # Hold'em's answer is as it was
    for query, message in [({"game": "omaha"}, "preflop tables are for holdem and shortdeck"),
                           ({"rules": "straight-beats-trips"}, "rules apply to game='shortdeck'"),
                           ({"game": "shortdeck", "rules": "x"}, "rules must be one of")]:
        with pytest.raises(ApiError, match=message) as info:
            parse_preflop_game(query)
        assert info.value.status == 400


def test_preflop_grid_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from pokerkeys.preflop import plots

    fig = plots.equity_grid(3, game="shortdeck", rules="straight-beats-trips")
    assert len(fig.axes[0].texts) == 81
    assert fig.axes[0].get_title().startswith("Short deck all-in equity against 3 random")
    with pytest.raises(ValueError, match="from 1 to 5"):
        plots.equity_grid(6, game="shortdeck")
    for extra in ([], ["--rank"]):
        path = tmp_path / f"grid{len(extra)}.png"
        assert main(["preflop", "equity", "--game", "shortdeck", "-n", "2", "--plot",
                     str(path), *extra]) == 0
        assert path.read_bytes()[:4] == b"\x89PNG"


def test_rank_distribution_plot(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "dist.png"
    assert main(["preflop", "distribution", "AKs", "--game", "shortdeck", "--rules",
                 "straight-beats-trips", "--plot", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"
    from pokerkeys.preflop import plots

    fig = plots.rank_distribution("AKs", game="shortdeck", rules="straight-beats-trips")
    labels = [t.get_text() for t in fig.axes[1].get_xticklabels()]
    assert labels[3:7] == ["Three of a kind", "Straight", "Full house", "Flush"]


def test_preflop_matrix_cli(capsys, tmp_path):
    sd = pk.preflop.shortdeck
    assert main(["preflop", "matrix", "--game", "shortdeck", "--rules", "straight-beats-trips",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "straight-beats-trips" and len(data["equity"]) == 81
    k, q = sd.class_index("AKs"), sd.class_index("QQ")
    assert data["equity"][k][q] == sd.heads_up_equity("AKs", "QQ", rules="straight-beats-trips")
    assert main(["preflop", "matrix", "--game", "shortdeck"]) == 0
    assert "AKs vs QQ    50.7076%" in capsys.readouterr().out
    assert main(["preflop", "matrix", "--game", "shortdeck", "--out", "x.npy"]) == 2
    assert main(["preflop", "matrix", "--rules", "straight-beats-trips"]) == 2
    if find_spec("matplotlib"):
        path = tmp_path / "matrix.png"
        assert main(["preflop", "matrix", "--game", "shortdeck", "--plot", str(path)]) == 0
        assert path.read_bytes()[:4] == b"\x89PNG"


def test_range_hits_reads_top_percent_over_the_short_deck():
    # '15%' is short deck's top 15% (92 of its 630 hands), as equity reads it, not hold'em's.
    board = "Ah9c7d"
    hits = pk.range_hits("15%", board, game="shortdeck")
    combos = pk.Range("15%", game="shortdeck").combos
    blocked = np.isin(combos, pk.parse_cards(board)).any(axis=1)
    assert hits.total == (~blocked).sum() == 73
