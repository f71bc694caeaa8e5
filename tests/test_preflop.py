"""pokerkeys.preflop: isomorphism counts, rank distributions, the heads-up matrix (on reduced
board sets against brute force, and resumed after a kill), the shipped tables."""
from __future__ import annotations

import math
import subprocess
import sys
import textwrap
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import preflop
from pokerkeys._kernels.preflop import vs_random_scores, vs_random_sweep
from pokerkeys.core.cards import format_cards
from pokerkeys.core.classes import ALL_COMBOS, CLASS_NAMES, COMBO_INDEX_TABLE
from pokerkeys.core.evaluate import kernel_args
from pokerkeys.preflop import exact as preflop_exact

ROOT = Path(__file__).resolve().parents[1]


# --- classes and isomorphism -----------------------------------------------------------------

def test_class_utilities_are_reexported():
    assert preflop.CLASS_NAMES[:2] == ("AA", "AKs") and len(preflop.CLASS_NAMES) == 169
    assert preflop.hand_class("AhKh") == "AKs"
    assert preflop.class_combos("AKo").shape == (12, 2)
    assert preflop.class_combo_count("QQ") == 6
    assert preflop.class_index("22") == 168
    assert preflop.normalize_class_name("kas") == "AKs"
    assert preflop.class_grid(np.arange(169))[1, 0] == preflop.class_index("AKo")
    for name in preflop.__all__:
        assert hasattr(preflop, name), name


def test_class_representatives():
    assert format_cards(preflop.class_representative("AA"), "") == "AdAc"
    assert format_cards(preflop.class_representative("AKs"), "") == "AcKc"
    assert format_cards(preflop.class_representative("AKo"), "") == "AcKd"
    for name in CLASS_NAMES:
        assert preflop.hand_class(preflop.class_representative(name)) == name


def _brute_force_orbits() -> tuple[int, int]:
    """(unordered, ordered) orbit counts over all pairs of disjoint combos, 24 permutations."""
    maps = preflop_exact._suit_maps()
    perms = np.stack([COMBO_INDEX_TABLE[m[ALL_COMBOS[:, 0]], m[ALL_COMBOS[:, 1]]]
                      for m in maps]).astype(np.int64)
    bits = (1 << ALL_COMBOS[:, 0].astype(np.int64)) | (1 << ALL_COMBOS[:, 1].astype(np.int64))
    i, j = np.triu_indices(1326, 1)
    keep = (bits[i] & bits[j]) == 0
    i, j = i[keep], j[keep]
    unordered = ordered_ij = ordered_ji = None
    for p in perms:
        a, b = p[i], p[j]
        u = np.minimum(a, b) * 1326 + np.maximum(a, b)
        unordered = u if unordered is None else np.minimum(unordered, u)
        oij, oji = a * 1326 + b, b * 1326 + a
        ordered_ij = oij if ordered_ij is None else np.minimum(ordered_ij, oij)
        ordered_ji = oji if ordered_ji is None else np.minimum(ordered_ji, oji)
    ordered = len(np.unique(np.concatenate([ordered_ij, ordered_ji])))
    return len(i), len(np.unique(unordered)), ordered


def test_matchup_counts_strict_47008():
    n_pairs, strict, ordered = _brute_force_orbits()
    assert n_pairs == 812_175
    assert strict == preflop.count_matchups() == preflop.count_matchups("strict") == 47_008
    assert ordered == preflop.count_matchups("ordered") == 93_769
    # The notebook's count: same-class matchups taken in order (documented in the module).
    assert preflop.count_matchups("same-class-ordered") == 47_086
    with pytest.raises(ValueError, match="unknown matchup convention 'loose'"):
        preflop.count_matchups("loose")


def test_suit_distinct_matchups_table():
    m = preflop.suit_distinct_matchups()
    assert len(m) == 47_008
    assert m["weight"].sum() == 812_175  # every unordered pair of disjoint combos once
    assert np.all(m["class1"] <= m["class2"])
    reps = np.array([preflop.class_representative(n) for n in CLASS_NAMES])
    assert np.array_equal(m["hand1"], reps[m["class1"]])
    h1, h2 = m["hand1"].astype(int), m["hand2"].astype(int)
    assert not np.any((h1[:, :1] == h2) | (h1[:, 1:] == h2))
    # Class pair weights: |c1| x |c2| combo pairs minus those sharing a card.
    aks, qq = preflop.class_index("AKs"), preflop.class_index("QQ")
    assert m["weight"][(m["class1"] == aks) & (m["class2"] == qq)].sum() == 4 * 6
    aa = preflop.class_index("AA")
    assert m["weight"][(m["class1"] == aa) & (m["class2"] == aa)].sum() == 3  # AdAc-AsAh ...


def test_canonical_matchup_is_invariant(rng):
    maps = preflop_exact._suit_maps()
    for _ in range(60):
        cards = rng.permutation(52)[:4]
        h1, h2 = format_cards(cards[:2], ""), format_cards(cards[2:], "")
        want = preflop.canonical_matchup(h1, h2)
        assert preflop.canonical_matchup(h2, h1) == want
        m = maps[rng.integers(24)]
        assert preflop.canonical_matchup(format_cards(m[cards[:2]], ""),
                                         format_cards(m[cards[2:]], "")) == want
    with pytest.raises(ValueError, match="share a card"):
        preflop.canonical_matchup("AhKh", "AhQd")


# --- exact equity vs a random hand -----------------------------------------------------------

def test_sweep_kernel_equals_the_sorting_kernel(rng):
    """The fast sweep and the original per-card sort agree on every count."""
    boards, mult = preflop.canonical_boards()
    pick = np.sort(rng.choice(len(boards), 400, replace=False))
    args = (boards[pick], mult[pick], preflop_exact._pair_class_table(), 169, *kernel_args(7))
    for a, b in zip(vs_random_scores(*args), vs_random_sweep(*args), strict=False):
        assert np.array_equal(a, b)


def test_canonical_boards_cover_all_boards():
    boards, mult = preflop.canonical_boards()
    assert boards.shape == (134_459, 5) and mult.sum() == math.comb(52, 5)


# --- rank distributions ----------------------------------------------------------------------

def test_rank_histograms_are_complete():
    hist = preflop.rank_histograms()
    assert hist.shape == (169, 7463)
    assert np.all(hist.sum(axis=1) == 2_118_760)
    assert np.all(hist[:, 0] == 0)


def test_average_distribution_is_all_seven_card_hands():
    avg = preflop.average_rank_distribution()
    counts = np.rint(avg * 133_784_560).astype(np.int64)
    assert np.allclose(avg * 133_784_560, counts, atol=1e-4)
    by_category = preflop_exact._by_category(counts)
    assert by_category.tolist() == [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020,
                                    4_047_644, 3_473_184, 224_848, 41_584]
    assert np.count_nonzero(counts) == 4_824


def test_rank_distribution_against_brute_force():
    """Every board of one combo of the class (not the representative), evaluated directly."""
    hole = pk.parse_cards("Ah5h")
    deck = np.setdiff1d(np.arange(52, dtype=np.uint8), hole)
    boards = np.array(list(combinations(deck, 5)), dtype=np.uint8)
    hands = np.concatenate([np.broadcast_to(hole, (len(boards), 2)), boards], axis=1)
    ranks = pk.evaluate_batch(np.ascontiguousarray(hands))
    dist = preflop.rank_distribution("a5s")
    assert dist.name == "A5s" and dist.boards == len(boards) == 2_118_760
    assert np.array_equal(dist.counts, np.bincount(ranks, minlength=7463))
    assert dist.by_category.sum() == dist.boards
    assert dist.by_category[pk.HandCategory.FLUSH - 1] > dist.average_by_category[5] * 1e6
    assert "Flush" in str(dist) and dist.to_dict()["class"] == "A5s"


@pytest.mark.parametrize("bad", ["AKx", "AAs", "", "AK"])
def test_unknown_classes_are_errors(bad):
    with pytest.raises(ValueError, match="unknown hand class"):
        preflop.rank_distribution(bad)
    with pytest.raises(ValueError, match="unknown hand class"):
        preflop.class_representative(bad)
    with pytest.raises(ValueError, match="unknown hand class"):
        preflop.heads_up_equity(bad, "QQ")


# --- heads-up matrix: reduced problems --------------------------------------------------------

def _orbit_boards(boards: np.ndarray) -> np.ndarray:
    """All boards of the suit orbits of the given boards."""
    images = np.concatenate([np.sort(m[boards], axis=1) for m in preflop_exact._suit_maps()])
    return np.unique(images, axis=0)


def test_sweep_against_brute_force(rng):
    """Wins, ties and losses of the representatives over a few hundred board orbits, against
    evaluating every board of those orbits directly."""
    boards, mult = preflop.canonical_boards()
    pick = np.sort(rng.choice(len(boards), 250, replace=False))
    result = preflop_exact._counts_over(boards[pick], mult[pick])
    every = _orbit_boards(boards[pick])
    assert len(every) == mult[pick].sum()
    n = len(every)
    board_bits = np.zeros(n, dtype=np.int64)
    for k in range(5):
        board_bits |= 1 << every[:, k].astype(np.int64)
    combo_bits = ((1 << ALL_COMBOS[:, 0].astype(np.int64))
                  | (1 << ALL_COMBOS[:, 1].astype(np.int64)))
    live = (board_bits[:, None] & combo_bits[None, :]) == 0
    rows, cols = np.nonzero(live)
    ranks = np.zeros((n, 1326), dtype=np.int64)
    ranks[rows, cols] = pk.evaluate_batch(np.concatenate([every[rows], ALL_COMBOS[cols]], 1))
    reps = np.array([COMBO_INDEX_TABLE[tuple(preflop.class_representative(c))]
                     for c in CLASS_NAMES])
    for c in [0, 1, 13, 14, 40, 100, 150, 168, 89, 77]:  # pairs, suited, offsuit
        r = reps[c]
        both = live[:, [r]] & live & ((combo_bits & combo_bits[r]) == 0)[None, :]
        mine = ranks[:, [r]]
        np.testing.assert_array_equal(result.wins[c], (both & (mine > ranks)).sum(axis=0))
        np.testing.assert_array_equal(result.ties[c], (both & (mine == ranks)).sum(axis=0))
        np.testing.assert_array_equal(result.losses[c], (both & (mine < ranks)).sum(axis=0))


def test_counts_of_any_matchup_follow_by_symmetry(rng):
    boards, mult = preflop.canonical_boards()
    pick = np.arange(0, len(boards), 997)
    result = preflop_exact._counts_over(boards[pick], mult[pick])
    maps = preflop_exact._suit_maps()
    for _ in range(30):
        cards = rng.permutation(52)[:4]
        m = maps[rng.integers(24)]
        a = result.counts(format_cards(cards[:2], ""), format_cards(cards[2:], ""))
        b = result.counts(format_cards(m[cards[:2]], ""), format_cards(m[cards[2:]], ""))
        swapped = result.counts(format_cards(cards[2:], ""), format_cards(cards[:2], ""))
        assert a == b and a == swapped[::-1]


_KILL_SCRIPT = textwrap.dedent("""
    import os, signal, sys
    from pokerkeys.preflop import heads_up_matrix
    kill_after = int(sys.argv[2])
    def progress(done, total, calls=[0]):
        calls[0] += 1
        if kill_after and calls[0] > kill_after:   # the first call reports resumed progress
            os.kill(os.getpid(), signal.SIGKILL)    # an abrupt stop, no cleanup
        print(done, total, flush=True)
    heads_up_matrix(sys.argv[1], max_boards=600, chunks=12, progress=progress, threads=1)
""")


def _run(out, kill_after):
    return subprocess.run([sys.executable, "-c", _KILL_SCRIPT, str(out), str(kill_after)],
                          capture_output=True, text=True, timeout=300)


def test_interrupted_matrix_run_resumes_to_the_same_files(tmp_path):
    whole = tmp_path / "whole.npy"
    assert _run(whole, 0).returncode == 0
    part = tmp_path / "part.npy"
    first = _run(part, 4)
    assert first.returncode == -9, first.stderr  # killed
    state = tmp_path / "part.npy.partial.npz"
    assert state.is_file() and not part.exists()
    second = _run(part, 0)
    assert second.returncode == 0, second.stderr
    lines = second.stdout.split()
    # Killed when reporting the 5th chunk (after saving it): resumes with 4 of 12 done.
    assert lines[0] == "200" and lines[1] == "600"
    assert not state.exists()
    assert part.read_bytes() == whole.read_bytes()
    for p in (part, whole):
        assert p.with_name(p.stem + ".matchups.npy").is_file()
    assert (tmp_path / "part.matchups.npy").read_bytes() == \
        (tmp_path / "whole.matchups.npy").read_bytes()
    m = np.load(part)
    assert m.shape == (169, 169) and np.allclose(m + m.T, 1)


def test_stale_state_is_ignored(tmp_path):
    out = tmp_path / "m.npy"
    (tmp_path / "m.npy.partial.npz").write_bytes(b"not a zip file")
    r = preflop.heads_up_matrix(out, max_boards=40, chunks=2)
    assert out.is_file() and not (tmp_path / "m.npy.partial.npz").exists()
    again = preflop.heads_up_matrix(None, max_boards=40, chunks=5)
    assert np.array_equal(r.wins, again.wins) and np.array_equal(r.ties, again.ties)
    with pytest.raises(ValueError, match="max_boards"):
        preflop.heads_up_matrix(max_boards=0)
    with pytest.raises(ValueError, match="chunks"):
        preflop.heads_up_matrix(chunks=0)


# --- shipped tables --------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, published", [("AKs", "QQ", 0.460485), ("AKo", "QQ", 0.432423),
                                             ("AKo", "22", 0.473508), ("JTs", "22", 0.538384)])
def test_heads_up_matrix_spot_values(a, b, published):
    assert abs(preflop.heads_up_equity(a, b) - published) < 5e-7
    assert abs(preflop.heads_up_equity(b, a) - (1 - published)) < 5e-7


def test_heads_up_matrix_against_range_enumeration():
    """Class against class with pokerkeys.equity's exact range enumeration."""
    for a, b in [("AKs", "QQ"), ("T9o", "T9o"), ("72o", "AA")]:
        r = pk.equity([a, b], exact=True)
        assert abs(preflop.heads_up_equity(a, b) - r.equity[0]) < 1e-12


def test_heads_up_matrix_table():
    m = preflop.heads_up_equity()
    assert m.shape == (169, 169)
    assert np.allclose(m + m.T, 1, atol=1e-12)
    assert np.allclose(np.diag(m), 0.5)
    with pytest.raises(ValueError, match="both classes"):
        preflop.heads_up_equity("AA")


def test_equity_vs_opponents_table():
    eq, se = preflop.equity_vs_opponents(), preflop.equity_vs_opponents_stderr()
    assert eq.shape == se.shape == (169, 9)
    assert np.array_equal(eq[:, 0], preflop.equity_vs_random()) and np.all(se[:, 0] == 0)
    assert np.all(se[:, 1:] > 0) and np.all(se <= 0.0005)
    assert np.all(np.argmax(eq, axis=0) == 0)  # AA
    assert np.all(eq[:, :-1] - eq[:, 1:] > -5 * 0.0005 * np.sqrt(2))
    assert preflop.class_ranks(1)[0] == 1 and sorted(preflop.class_ranks(9)) == list(range(1, 170))
    assert np.array_equal(preflop.equity_vs_opponents(3), eq[:, 2])


def test_equity_vs_opponents_against_fresh_monte_carlo():
    eq, se = preflop.equity_vs_opponents(), preflop.equity_vs_opponents_stderr()
    fresh, fresh_se = preflop.compute_equity_vs_opponents([4, 9], ["KQs", "55"],
                                                          target_stderr=0.002, seed=7)
    for i, name in enumerate(["KQs", "55"]):
        k = preflop.class_index(name)
        for j, n in enumerate([4, 9]):
            assert abs(fresh[i, j] - eq[k, n - 1]) <= 4 * np.hypot(fresh_se[i, j],
                                                                   se[k, n - 1])


@pytest.mark.parametrize("bad", [0, 10, -1, True, 2.5, "3"])
def test_opponent_counts_out_of_range(bad):
    with pytest.raises(ValueError, match="from 1 to 9"):
        preflop.equity_vs_opponents(bad)
    with pytest.raises(ValueError, match="from 1 to 9"):
        preflop.compute_equity_vs_opponents([bad], ["AA"])


def test_build_script_catches_a_bad_monte_carlo_table():
    """build_preflop --check's Monte Carlo checks (sanity and re-sampled cells) on a copy."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_preflop
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    eq = preflop.equity_vs_opponents().copy()
    se = preflop.equity_vs_opponents_stderr().copy()
    exact = preflop.equity_vs_random()
    assert build_preflop.check_mc_sanity(eq, se, exact) == []
    assert build_preflop.check_mc_cells(eq, se, 1, None) == []
    bad = eq.copy()
    bad[0, 8] += 0.01  # AA against 9 opponents, the first cell --check re-samples
    assert build_preflop.check_mc_sanity(bad, se, exact) == []  # plausible on its face
    assert "AA vs 9 opponents" in build_preflop.check_mc_cells(bad, se, 1, None)[0]
    swapped = eq[::-1].copy()
    assert any("out of order" in p for p in build_preflop.check_mc_sanity(swapped, se[::-1],
                                                                          None))
    noisy = se.copy()
    noisy[5, 5] = 0.001
    assert any("standard errors" in p for p in build_preflop.check_mc_sanity(eq, noisy, exact))
