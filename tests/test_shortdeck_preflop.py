"""Short-deck preflop (pokerkeys.preflop.shortdeck): the 81 classes, the exact heads-up matrix
checked against pk.equity's exact enumeration, and the shipped tables."""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.core.shortdeck import DECK, RULES
from pokerkeys.preflop import shortdeck as sd

ROOT = Path(__file__).resolve().parents[1]


def _build_script():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_preflop
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return build_preflop


# --- classes -----------------------------------------------------------------------------------

def test_classes_count_and_grid():
    names = sd.CLASS_NAMES
    assert len(names) == sd.N_CLASSES == 81 and len(set(names)) == 81
    pairs = [n for n in names if len(n) == 2]
    suited = [n for n in names if n.endswith("s")]
    offsuit = [n for n in names if n.endswith("o")]
    assert (len(pairs), len(suited), len(offsuit)) == (9, 36, 36)
    assert sum(sd.class_combo_count(n) for n in names) == sd.N_COMBOS == 630
    ranks = "AKQJT9876"
    for k, name in enumerate(names):
        row, col = sd.class_grid_position(name)
        assert divmod(k, sd.GRID_SIZE) == (row, col)
        high, low = sorted((ranks[row], ranks[col]), key=ranks.index)
        expected = high + low + ("" if row == col else "s" if row < col else "o")
        assert name == expected
    assert names[0] == "AA" and names[-1] == "66" and names[8] == "A6s" and names[9] == "AKo"


def test_every_combo_of_the_deck_has_its_class():
    seen = {}
    for a, b in itertools.combinations(DECK.tolist(), 2):
        name = sd.hand_class([a, b])
        seen[name] = seen.get(name, 0) + 1
    assert seen == {n: sd.class_combo_count(n) for n in sd.CLASS_NAMES}
    for name in ("AKs", "T9o", "66"):
        combos = sd.class_combos(name)
        assert {sd.hand_class(c) for c in combos} == {name}
        assert combos.min() >= 16


def test_class_errors():
    with pytest.raises(ValueError, match="5h is not a short-deck card"):
        sd.hand_class("Ah 5h")
    with pytest.raises(ValueError, match="2 cards"):
        sd.hand_class("Ah Kh Qh")
    for bad in ("A5s", "22", "K2o"):
        with pytest.raises(ValueError, match="not a short-deck class"):
            sd.class_index(bad)
    with pytest.raises(ValueError):
        sd.class_combos("XYZ")
    assert sd.class_index("ako") == sd.class_index("AKo")


# --- the exact heads-up matrix -----------------------------------------------------------------

@pytest.fixture(scope="module")
def counts():
    return {rules: sd.compute_heads_up_counts(rules) for rules in RULES}


def test_matrix_is_the_shipped_one_bit_for_bit(counts):
    for rules in RULES:
        c = counts[rules]
        assert c.shape == (81, 81, 3) and c.dtype == np.int64
        matrix, vs_random = sd.equities_from_counts(c)
        shipped = sd.heads_up_equity(rules=rules)
        assert shipped.shape == (81, 81) and matrix.tobytes() == shipped.tobytes()
        assert np.abs(matrix + matrix.T - 1).max() < 1e-12
        # every combo pair meets all C(32, 5) boards
        n1 = np.array([sd.class_combo_count(n) for n in sd.CLASS_NAMES])
        boards = c.sum(axis=2)
        assert (boards % 201_376 == 0).all()
        assert (boards.sum(axis=1) // 201_376 == n1 * 561).all()  # disjoint pairs
        assert np.array_equal(sd.equity_vs_opponents(1, rules=rules), vs_random)
    assert sd.heads_up_equity().tobytes() == sd.heads_up_equity(
        rules="trips-beat-straight").tobytes()
    # The orders differ: a straight draw gains when the straight beats three of a kind.
    assert sd.heads_up_equity("AKs", "QQ", rules="straight-beats-trips") > \
        sd.heads_up_equity("AKs", "QQ")


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize(("a", "b"), [("AKs", "QQ"), ("76s", "A6s"), ("T9o", "88")])
def test_matrix_entries_agree_with_exact_equity(rules, a, b):
    """Average of pk.equity(exact=True) over every pair of disjoint combos of the classes."""
    total, pairs = 0.0, 0
    for x in sd.class_combos(a):
        for y in sd.class_combos(b):
            if set(x.tolist()) & set(y.tolist()):
                continue
            r = pk.equity([x, y], game="shortdeck", rules=rules, exact=True)
            total += r.equity[0]
            pairs += 1
    assert sd.heads_up_equity(a, b, rules=rules) == pytest.approx(total / pairs, abs=1e-12)


def test_heads_up_equity_errors():
    with pytest.raises(ValueError, match="both classes"):
        sd.heads_up_equity("AA")
    with pytest.raises(ValueError, match="not a short-deck class"):
        sd.heads_up_equity("AA", "55")
    with pytest.raises(ValueError):
        sd.heads_up_equity("AA", "KK", rules="no-such-rules")


# --- against random opponents ------------------------------------------------------------------

def test_equity_vs_opponents_table():
    for rules in RULES:
        eq = sd.equity_vs_opponents(rules=rules)
        se = sd.equity_vs_opponents_stderr(rules=rules)
        assert eq.shape == se.shape == (81, sd.MAX_OPPONENTS)
        assert _build_script().check_sd_sanity(eq, se, eq[:, 0]) == []
        assert np.array_equal(sd.equity_vs_opponents(3, rules=rules), eq[:, 2])
    for bad in (0, 6, True, 2.0):
        with pytest.raises(ValueError, match="from 1 to 5"):
            sd.equity_vs_opponents(bad)


def test_equity_vs_opponents_cells_resampled():
    """Two cells recomputed with another seed lie within 4 standard errors of the table."""
    for name, n, rules in (("AA", 5, "trips-beat-straight"), ("76o", 2, "straight-beats-trips")):
        (fresh,), (fresh_se,) = (a[0] for a in sd.compute_equity_vs_opponents(
            [n], [name], rules=rules, target_stderr=0.002, seed=7))
        k = sd.class_index(name)
        table = sd.equity_vs_opponents(n, rules=rules)[k]
        table_se = sd.equity_vs_opponents_stderr(n, rules=rules)[k]
        assert 0 < fresh_se <= 0.002
        assert abs(fresh - table) <= 4 * np.hypot(fresh_se, table_se)


def test_sanity_check_catches_a_bad_table():
    build = _build_script()
    eq = sd.equity_vs_opponents().copy()
    se = sd.equity_vs_opponents_stderr().copy()
    exact = eq[:, 0].copy()
    swapped = eq[::-1].copy()
    assert any("out of order" in p for p in build.check_sd_sanity(swapped, se[::-1], exact[::-1]))
    rising = eq.copy()
    rising[5, 4] = rising[5, 0]
    assert any("rises" in p for p in build.check_sd_sanity(rising, se, exact))
    assert build.check_sd_sanity(eq[:, :4], se[:, :4], exact)


def test_build_script_check_reproduces_the_shipped_files():
    """build_preflop.py --game shortdeck --check: the exact matrices and the manifest, byte
    for byte (the Monte Carlo tables are checked for sanity, no cell resampled)."""
    assert _build_script().main(["--game", "shortdeck", "--check", "--mc-cells", "0",
                                 "--quiet"]) == 0


def test_damaged_table_is_refused(tmp_path, monkeypatch):
    """The shipped tables are verified against the preflop manifest when loaded."""
    import shutil

    from pokerkeys.core import tables
    folder = tmp_path / "tables"
    shutil.copytree(tables.tables_dir(), folder)
    name = sd.table_name("heads_up_equity")
    data = bytearray((folder / f"{name}.npy").read_bytes())
    data[-1] ^= 1
    (folder / f"{name}.npy").write_bytes(bytes(data))
    caches = (tables.manifest, tables.load_table, tables._all_verified)
    monkeypatch.setattr(tables, "tables_dir", lambda: folder)
    for fn in caches:
        fn.cache_clear()
    try:
        with pytest.raises(pk.TableError, match="corrupt.*--game shortdeck"):
            sd.heads_up_equity()
    finally:
        monkeypatch.undo()
        for fn in caches:
            fn.cache_clear()


# --- equity without ties -----------------------------------------------------------------------

def test_tie_share_tables_pass_the_build_checks(counts):
    build = _build_script()
    for rules in RULES:
        ties = np.asarray(pk.core.tables.load_table(sd.table_name("tie_share_vs_opponents",
                                                                  rules)))
        stderr = np.asarray(pk.core.tables.load_table(
            sd.table_name("tie_share_vs_opponents_stderr", rules)))
        equity = sd.equity_vs_opponents(rules=rules)
        c = counts[rules]
        assert build.check_sd_ties_sanity(ties, stderr, equity, c) == []
        shifted = ties.copy()
        shifted[3, 0] += 1e-9
        assert any("exact" in p for p in build.check_sd_ties_sanity(shifted, stderr, equity, c))
        assert build.check_sd_ties_sanity(equity, stderr, equity, c) != []  # win would be 0
        win = sd.equity_vs_opponents(without_ties=True, rules=rules)
        assert win.shape == (81, sd.MAX_OPPONENTS) and (win > 0).all() and (win < equity).all()
        np.testing.assert_array_equal(win, equity - ties)
        se = sd.equity_vs_opponents_stderr(without_ties=True, rules=rules)
        assert (se[:, 0] == 0).all() and (se >= sd.equity_vs_opponents_stderr(rules=rules)).all()
        for n in (1, 4):
            assert np.array_equal(sd.equity_vs_opponents(n, without_ties=True, rules=rules),
                                  win[:, n - 1])
            assert np.array_equal(sd.equity_vs_opponents_stderr(n, without_ties=True,
                                                                rules=rules), se[:, n - 1])
    with pytest.raises(ValueError, match="from 1 to 5"):
        sd.equity_vs_opponents(6, without_ties=True)


def test_heads_up_win_is_exact_from_the_counts(counts):
    """One opponent: winning alone is the exact share of won showdowns over all boards of
    all combo pairs (the tie share exact, not sampled)."""
    for rules in RULES:
        c = counts[rules]
        wins = c[..., 0].sum(axis=1) / c.sum(axis=(1, 2))
        win = sd.equity_vs_opponents(1, without_ties=True, rules=rules)
        np.testing.assert_allclose(win, wins, rtol=0, atol=1e-15)


@pytest.mark.parametrize(("name", "opponents", "rules"), [("AA", 5, "trips-beat-straight"),
                                                          ("T9s", 3, "straight-beats-trips")])
def test_tie_share_cells_reproduce_bit_for_bit(name, opponents, rules):
    """A cell recomputed with the build's seed is the shipped one exactly (the build is
    reproducible byte for byte), and its win figure agrees with a fresh pk.equity run."""
    build = _build_script()
    k = sd.class_index(name)
    (tie,), (tie_se,) = (a[0] for a in sd.compute_equity_vs_opponents(
        [opponents], [name], rules=rules, seed=build.MC_SEED, quantity="tie_share"))
    table = np.asarray(pk.core.tables.load_table(sd.table_name("tie_share_vs_opponents",
                                                               rules)))
    table_se = np.asarray(pk.core.tables.load_table(
        sd.table_name("tie_share_vs_opponents_stderr", rules)))
    assert tie == table[k, opponents - 1] and tie_se == table_se[k, opponents - 1]
    hero = pk.format_cards(sd.class_combos(name)[0], "")
    r = pk.equity([hero] + ["random"] * opponents, game="shortdeck", rules=rules,
                  trials=1 << 17, seed=5)
    fresh_se = np.sqrt(r.win[0] * (1 - r.win[0]) / r.trials)
    win = sd.equity_vs_opponents(opponents, without_ties=True, rules=rules)[k]
    win_se = sd.equity_vs_opponents_stderr(opponents, without_ties=True, rules=rules)[k]
    assert abs(r.win[0] - win) <= 4 * np.hypot(fresh_se, win_se)


def test_tie_share_quantity_is_checked():
    with pytest.raises(ValueError, match="quantity must be 'equity' or 'tie_share'"):
        sd.compute_equity_vs_opponents([2], ["AA"], quantity="ties")  # type: ignore[arg-type]  # a wrong value on purpose


# --- equity against one random hand and the order of the classes ------------------------------

@pytest.mark.parametrize("rules", RULES)
def test_exact_equity_vs_random_agrees_with_exact_enumeration(rules, counts):
    """The exact figures equal pk.equity(exact=True) of a class's combo against a random
    hand (every opponent of the 34 cards left on every board) for a few classes, and the
    shipped column bit for bit."""
    exact = sd.exact_equity_vs_random(rules)
    assert exact.shape == (81,) and exact.tobytes() == sd.equity_vs_random(rules).tobytes()
    assert exact.tobytes() == sd.equities_from_counts(counts[rules])[1].tobytes()
    for name in ("AA", "T9s", "76o"):
        hero = pk.format_cards(sd.class_combos(name)[-1], "")  # any combo stands for the class
        r = pk.equity([hero, "random"], game="shortdeck", rules=rules, exact=True)
        assert r.exact and exact[sd.class_index(name)] == pytest.approx(r.equity[0], abs=1e-12)


def test_class_ranks_and_order():
    for rules in RULES:
        order = sd.class_order_vs_random(rules)
        assert sorted(order) == sorted(sd.CLASS_NAMES) and order[0] == "AA"
        equity = sd.equity_vs_random(rules)
        assert all(equity[sd.class_index(a)] >= equity[sd.class_index(b)]
                   for a, b in itertools.pairwise(order))
        ranks = sd.class_ranks(1, rules=rules)
        assert sorted(ranks.tolist()) == list(range(1, 82))
        assert tuple(sd.CLASS_NAMES[k] for k in np.argsort(ranks)) == order
        for n in (2, 5):
            r = sd.class_ranks(n, rules=rules)
            column = sd.equity_vs_opponents(n, rules=rules)
            assert r[np.argmax(column)] == 1 and r[np.argmin(column)] == 81
    # The rule order moves the classes that make straights: AKo passes 99 when straights
    # beat trips (a pair gains from its sets, broadway cards from their straights).
    trips, straight = sd.class_order_vs_random(), sd.class_order_vs_random("straight-beats-trips")
    assert trips.index("99") < trips.index("AKo") and straight.index("AKo") < straight.index("99")
    for bad in (0, 6, True):
        with pytest.raises(ValueError, match="from 1 to 5"):
            sd.class_ranks(bad)
    with pytest.raises(ValueError):
        sd.class_order_vs_random("no-such-rules")


# --- suit-isomorphic matchups and the suit breakdown -------------------------------------------

@pytest.fixture(scope="module")
def brute_force_matchups():
    """Every ordered pair of disjoint two-card hands of the 36 cards, reduced by the 24 suit
    permutations (independent of the library's stabiliser bookkeeping): per pair its
    canonical ordered key, its canonical unordered key and whether both hands are of one
    class."""
    combos = np.array([(b, a) for a, b in itertools.combinations(DECK.tolist(), 2)])
    index = np.arange(len(combos))
    i, j = (a.ravel() for a in np.meshgrid(index, index, indexing="ij"))
    keep = ~((combos[i, 0] == combos[j, 0]) | (combos[i, 0] == combos[j, 1])
             | (combos[i, 1] == combos[j, 0]) | (combos[i, 1] == combos[j, 1]))
    first, second = combos[i[keep]], combos[j[keep]]

    def code(hand):
        hand = np.sort(hand, axis=1)
        return hand[:, 1].astype(np.int64) * 52 + hand[:, 0]

    ordered = unordered = None
    for perm in itertools.permutations(range(4)):
        card_map = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)])
        a, b = code(card_map[first]), code(card_map[second])
        key, swapped = a * 2704 + b, b * 2704 + a
        ordered = key if ordered is None else np.minimum(ordered, key)
        both = np.minimum(key, swapped)
        unordered = both if unordered is None else np.minimum(unordered, both)

    def cls(hand):  # (high rank, low rank, suited) packed in one number
        ranks = np.sort(hand >> 2, axis=1)
        return ranks[:, 1] * 32 + ranks[:, 0] * 2 + ((hand[:, 0] & 3) == (hand[:, 1] & 3))
    same = cls(first) == cls(second)
    return first, second, ordered, unordered, same


def test_matchup_counts_match_a_brute_force(brute_force_matchups):
    first, _, ordered, unordered, same = brute_force_matchups
    assert len(first) == 630 * 561
    expected = {"strict": len(np.unique(unordered)), "ordered": len(np.unique(ordered)),
                "same-class-ordered": len(np.unique(np.where(same, ordered, unordered)))}
    assert expected == {"strict": 10_215, "ordered": 20_313, "same-class-ordered": 10_251}
    assert {c: sd.count_matchups(c) for c in pk.preflop.MATCHUP_CONVENTIONS} == expected
    with pytest.raises(ValueError, match="unknown matchup convention"):
        sd.count_matchups("loose")  # type: ignore[arg-type]  # a wrong value on purpose


def test_suit_distinct_matchups_are_the_brute_force_orbits(brute_force_matchups):
    first, second, _, unordered, _ = brute_force_matchups
    m = sd.suit_distinct_matchups()
    assert len(m) == 10_215 and int(m["weight"].sum()) == 630 * 561 // 2
    assert (m["class1"] <= m["class2"]).all() and m["class2"].max() == 80
    keys, sizes = np.unique(unordered, return_counts=True)
    # Each orbit's weight is its number of unordered pairs: ordered pairs / 2.
    orbit_size = dict(zip(keys.tolist(), (sizes // 2).tolist(), strict=True))
    rng = np.random.default_rng(3)
    for row in m[rng.choice(len(m), 40, replace=False)]:
        assert sd.CLASS_NAMES[row["class1"]] == sd.hand_class(row["hand1"])
        assert sd.CLASS_NAMES[row["class2"]] == sd.hand_class(row["hand2"])
    # Every orbit's weight, found through the canonical form of one of its pairs.
    for k in rng.choice(len(first), 40, replace=False):
        h1 = pk.format_cards(first[k], "")
        h2 = pk.format_cards(second[k], "")
        c1, c2 = sd.canonical_matchup(h1, h2)
        assert sd.canonical_matchup(h2, h1) == (c1, c2)
        row = m[[pk.format_cards(r["hand1"], "") == c1 and pk.format_cards(r["hand2"], "") == c2
                 for r in m]]
        assert len(row) == 1 and row[0]["weight"] == orbit_size[unordered[k]]
    with pytest.raises(ValueError, match="hand 2: 4s is not a short-deck card"):
        sd.canonical_matchup("AhKh", "4s4d")
    with pytest.raises(ValueError, match="share a card"):
        sd.canonical_matchup("AhKh", "AhQd")


@pytest.mark.parametrize(("a", "b", "rules"), [("AKs", "QQ", "trips-beat-straight"),
                                               ("76s", "A6s", "straight-beats-trips"),
                                               ("T9o", "88", "straight-beats-trips"),
                                               ("AKo", "JTs", "trips-beat-straight")])
def test_suit_breakdown_adds_up_to_the_matrix(a, b, rules):
    from pokerkeys.preflop.breakdown import class_equity, suit_breakdown

    first, second, rows = suit_breakdown(a.lower(), b, game="shortdeck", rules=rules)
    assert (first, second) == (a, b)
    assert sum(r.weight for r in rows) == sd.class_combo_count(a) * sd.class_combo_count(b) \
        - (0 if set(a[:2]).isdisjoint(b[:2]) else sum(  # pairs sharing a card are not matchups
            not set(x.tolist()).isdisjoint(y.tolist())
            for x in sd.class_combos(a) for y in sd.class_combos(b)))
    assert all(r.wins + r.ties + r.losses == 201_376 for r in rows)
    assert all(sd.hand_class(r.hand1) == a and sd.hand_class(r.hand2) == b for r in rows)
    assert class_equity(rows) == pytest.approx(sd.heads_up_equity(a, b, rules=rules), abs=1e-12)


def test_suit_breakdown_game_errors():
    from pokerkeys.preflop.breakdown import suit_breakdown

    with pytest.raises(ValueError, match="not a short-deck class"):
        suit_breakdown("A5s", "QQ", game="shortdeck")
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        suit_breakdown("AKs", "QQ", rules="straight-beats-trips")
    with pytest.raises(ValueError, match="not game='omaha'"):
        suit_breakdown("AKs", "QQ", game="omaha")  # type: ignore[arg-type]  # a wrong value on purpose


def test_matchups_cli(capsys):
    from pokerkeys.cli import main

    assert main(["preflop", "matchups", "--game", "shortdeck", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"strict": 10_215, "ordered": 20_313,
                                                    "same-class-ordered": 10_251}
    assert main(["preflop", "matchups", "--game", "shortdeck"]) == 0
    assert "36-card short deck: 10,215" in capsys.readouterr().out
    assert main(["preflop", "matchups", "AKs", "QQ", "--game", "shortdeck", "--rules",
                 "straight-beats-trips", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["rules"], len(data["matchups"])) == (
        "shortdeck", "straight-beats-trips", 2)
    assert data["equity"] == pytest.approx(
        sd.heads_up_equity("AKs", "QQ", rules="straight-beats-trips"), abs=1e-12)
    assert main(["preflop", "matchups", "AKs", "QQ", "--game", "shortdeck"]) == 0
    assert "AKs vs QQ (short deck, trips-beat-straight): 2 suit-distinct matchups" in \
        capsys.readouterr().out
    assert main(["preflop", "matchups", "A5s", "QQ", "--game", "shortdeck"]) == 2
    assert "'A5s' is not a short-deck class" in capsys.readouterr().err


# --- the web app's short-deck table ------------------------------------------------------------

@pytest.mark.parametrize("rules", RULES)
def test_web_table_has_win_and_distributions(rules):
    """/api/preflop?game=shortdeck's answer: equity without ties from the shipped tables, and
    every class's distribution of best hands by rank bucket adding up to the class's exact
    distribution by category (and its buckets to the average's)."""
    pytest.importorskip("starlette")
    from pokerkeys.web.compute import preflop_table, rank_buckets

    table = preflop_table("shortdeck", rules)
    assert table["win_vs_opponents"] == np.round(
        sd.equity_vs_opponents(without_ties=True, rules=rules), 6).tolist()
    assert table["win_stderr"] == np.round(
        sd.equity_vs_opponents_stderr(without_ties=True, rules=rules), 6).tolist()
    d = table["distributions"]
    assert d["boards"] == sd.BOARDS_PER_HAND and len(d["counts"]) == 81
    labels = [c.label for c in pk.HandCategory]
    for name in ("AA", "JTs", "76o"):
        k = sd.class_index(name)
        dist = sd.rank_distribution(name, rules=rules)
        assert list(dist.to_dict()["categories"]) == d["categories"]
        by_category = dict.fromkeys(labels, 0)
        for bucket, boards in zip(d["buckets"], d["counts"][k], strict=True):
            by_category[bucket["category"]] += boards
        assert [by_category[c] for c in labels] == dist.by_category.tolist()
        assert d["mean_rank"][k] == pytest.approx(dist.mean_rank, abs=1e-3)
        assert d["counts"][k] == [b["boards"] for b in rank_buckets(dist)]
    ranks = [r for b in d["buckets"] for r in range(b["ranks"][0], b["ranks"][1] + 1)]
    assert ranks == list(range(1, 1405))  # the buckets tile the short-deck scale
    assert sum(b["average_probability"] for b in d["buckets"]) == pytest.approx(1)
    assert d["average"] == pytest.approx(
        [float(x) for x in np.array(sd.rank_distribution("AA", rules=rules)
                                     .average_by_category)[[labels.index(c)
                                                            for c in d["categories"]]]])


# --- boards, grid, representatives -------------------------------------------------------------

def test_canonical_boards_are_the_suit_orbits_of_all_boards():
    """Every one of the C(36, 5) boards, its smallest code over the 24 suit permutations:
    the distinct codes are the canonical boards and their counts the multiplicities."""
    boards, multiplicity = sd.canonical_boards()
    assert boards.shape == (19_998, 5) and boards.dtype == np.uint8
    assert int(multiplicity.sum()) == 376_992 and boards.min() >= 16
    every = np.array(list(itertools.combinations(DECK.tolist(), 5)), dtype=np.int64)
    shifts = 6 * np.arange(5, dtype=np.int64)
    best = None
    for perm in itertools.permutations(range(4)):
        card_map = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.int64)
        code = (np.sort(card_map[every], axis=1) << shifts).sum(axis=1)
        best = code if best is None else np.minimum(best, code)
    codes, counts = np.unique(best, return_counts=True)
    assert np.array_equal((boards.astype(np.int64) << shifts).sum(axis=1), codes)
    assert np.array_equal(multiplicity, counts)


def test_grid_representative_and_average_distribution(counts):
    grid = sd.class_grid(np.array(sd.CLASS_NAMES))
    assert grid.shape == (9, 9) and grid[0, 1] == "AKs" and grid[1, 0] == "AKo"
    assert all(grid[sd.class_grid_position(n)] == n for n in sd.CLASS_NAMES)
    assert sd.class_grid(np.zeros((81, 5))).shape == (9, 9, 5)
    with pytest.raises(ValueError, match="expected 81 values"):
        sd.class_grid(np.arange(169))
    for name in ("AA", "AKs", "T9o", "66"):
        rep = sd.class_representative(name)
        assert sd.hand_class(rep) == name
        assert rep.tolist() == pk.preflop.class_representative(name).tolist()  # Hold'em's
    for rules in RULES:
        average = sd.average_rank_distribution(rules)
        assert average.shape == (1405,) and average[0] == 0
        assert average.sum() == pytest.approx(1, abs=1e-12)
        assert np.array_equal(average, sd.rank_distribution("T9s", rules=rules).average)
        sizes = np.array([sd.class_combo_count(n) for n in sd.CLASS_NAMES])
        np.testing.assert_allclose(average * sd.N_COMBOS * sd.BOARDS_PER_HAND,
                                   sizes @ sd.rank_histograms(rules), rtol=1e-12)
    # AA against AA: each of the 6 combos meets one disjoint combo, on every board
    assert sd.BOARDS_PER_MATCHUP == 201_376 == counts["trips-beat-straight"][0, 0].sum() // 6


def test_web_class_info_plays_short_deck():
    """compute.class_info(name, "shortdeck", rules): the class's distribution (as the
    table's), its rank buckets and its figures against 1..5 hands with and without ties."""
    pytest.importorskip("starlette")
    from pokerkeys.web.compute import class_info, preflop_table
    from pokerkeys.web.schemas import ApiError

    rules = "straight-beats-trips"
    info = class_info("t9s", "shortdeck", rules)
    k = sd.class_index("T9s")
    assert (info["class"], info["game"], info["rules"], info["combos"]) == (
        "T9s", "shortdeck", rules, 4)
    assert info["boards"] == sd.BOARDS_PER_HAND and "ranks" not in info
    assert list(info["categories"])[3:5] == ["Three of a kind", "Straight"]
    table = preflop_table("shortdeck", rules)
    assert [b["boards"] for b in info["buckets"]] == table["distributions"]["counts"][k]
    assert info["equity_vs_opponents"] == sd.equity_vs_opponents(rules=rules)[k].tolist()
    assert info["win_vs_opponents"] == sd.equity_vs_opponents(without_ties=True,
                                                              rules=rules)[k].tolist()
    assert len(info["stderr"]) == len(info["win_stderr"]) == 5 and info["win_stderr"][0] == 0
    assert "game" not in class_info("T9s")  # Hold'em's answer is as it was
    for args, words in ((("A5s", "shortdeck", None), "not a short-deck class"),
                        (("AA", "holdem", rules), "rules apply to game='shortdeck' only")):
        with pytest.raises(ApiError, match=words) as error:
            class_info(*args)
        assert error.value.status == 400
