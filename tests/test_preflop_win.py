"""Equity without ties against 1..9 random hands: the shipped tie-share table and the figures
derived from it (``pokerkeys.preflop.equity_vs_opponents(without_ties=True)``), checked
against fresh Monte Carlo runs of ``pk.equity`` and against the build script's own checks."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import preflop
from pokerkeys.core.cards import format_cards

ROOT = Path(__file__).resolve().parents[1]


def test_tables_shape_and_order():
    win, equity = preflop.equity_vs_opponents(without_ties=True), preflop.equity_vs_opponents()
    assert win.shape == equity.shape == (169, 9)
    assert (win < equity).all() and (win > 0).all()  # ties are worth something, never all
    stderr = preflop.equity_vs_opponents_stderr(without_ties=True)
    assert (stderr[:, 0] == 0).all() and stderr[:, 1:].max() <= 0.0006
    assert (stderr >= preflop.equity_vs_opponents_stderr()).all()
    for n in (1, 5, 9):
        assert np.array_equal(preflop.equity_vs_opponents(n, without_ties=True), win[:, n - 1])
        assert np.array_equal(preflop.equity_vs_opponents_stderr(n, without_ties=True),
                              stderr[:, n - 1])
    with pytest.raises(ValueError, match="from 1 to 9, not 10"):
        preflop.equity_vs_opponents(10, without_ties=True)


@pytest.mark.parametrize(("name", "opponents"), [("AA", 1), ("72o", 1), ("T9s", 3),
                                                  ("22", 6), ("AKo", 9)])
def test_win_agrees_with_fresh_monte_carlo(name, opponents):
    """The table's win-only figure is within 4 combined standard errors of pk.equity's
    ``win`` for the class's representative against random hands (a fresh seed)."""
    hero = format_cards(preflop.class_representative(name), "")
    r = pk.equity([hero] + ["random"] * opponents, exact=False, trials=1 << 18, seed=11)
    fresh_se = np.sqrt(r.win[0] * (1 - r.win[0]) / r.trials)  # winning alone: 0 or 1 a deal
    k = preflop.class_index(name)
    table = preflop.equity_vs_opponents(opponents, without_ties=True)[k]
    table_se = preflop.equity_vs_opponents_stderr(opponents, without_ties=True)[k]
    assert abs(r.win[0] - table) <= 4 * np.hypot(fresh_se, table_se)


def test_build_script_checks_accept_the_shipped_tie_table():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_preflop
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    from pokerkeys.core.tables import load_table
    ties = np.asarray(load_table("preflop_tie_share_vs_opponents"))
    stderr = np.asarray(load_table("preflop_tie_share_vs_opponents_stderr"))
    equity = preflop.equity_vs_opponents()
    assert build_preflop.check_ties_sanity(ties, stderr, equity) == []
    assert build_preflop.check_mc_cells(ties, stderr, 1, None, "tie_share") == []
    shifted = ties.copy()
    shifted[0, 8] += 0.01  # AA vs 9: far outside its standard error
    assert "AA vs 9 opponents" in build_preflop.check_mc_cells(shifted, stderr, 1, None,
                                                               "tie_share")[0]
    assert build_preflop.check_ties_sanity(equity, stderr, equity) != []  # win would be 0


def test_tie_share_cells_are_reproducible():
    def cell():
        return preflop.compute_equity_vs_opponents([3], ["K9o"], target_stderr=0.005, seed=3,
                                                   quantity="tie_share")
    a, b = cell(), cell()
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert 0 < a[1][0, 0] < 0.002
    with pytest.raises(ValueError, match="quantity must be 'equity' or 'tie_share'"):
        preflop.compute_equity_vs_opponents([3], ["K9o"], quantity="ties")  # type: ignore[arg-type]  # a wrong value on purpose
