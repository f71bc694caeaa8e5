"""The Monte Carlo stop rules in every combination, for hold'em, per-combo and Omaha runs.

What the docs state (``pokerkeys.equity.driver``, ``pk.equity``, docs/guides/equity.md):
none given runs the default trial count; ``trials`` runs exactly that many; ``target_stderr``
alone stops at the target or at the default time limit (60 s); ``time_limit`` alone runs until
the limit with no trial cap; with several rules the first one met stops the run, and no
default time limit applies once ``trials`` or ``time_limit`` bounds it. A time limit is met
within 2% or 50 ms, whichever is larger, on the clock ``elapsed`` reports and on the wall
clock around the call.
"""
import importlib
import time

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.equity import driver

monte_carlo = importlib.import_module("pokerkeys.equity.monte_carlo")
omaha = importlib.import_module("pokerkeys.equity.omaha")


def holdem(**kwargs):
    return pk.equity(["AhKh", "random", "random"], **kwargs)


def per_combo(**kwargs):
    return pk.equity(["AhKh", "QQ+", "random"], per_combo=True, **kwargs)


def omaha_run(**kwargs):
    return pk.omaha_equity(["AsKsQdJd", "random"], exact=False, **kwargs)


RUNS = {"holdem": holdem, "per_combo": per_combo, "omaha": omaha_run}
# The module whose DEFAULT_TRIALS a run takes when no stop rule is given.
DEFAULTS = {"holdem": monte_carlo, "per_combo": monte_carlo, "omaha": omaha}


@pytest.fixture(scope="module", autouse=True)
def warm_kernels():
    """Compile (or load) every kernel first: a first call's compile is not what is timed."""
    for run in RUNS.values():
        run(trials=20_000, seed=1)
        run(time_limit=0.05, seed=1)


@pytest.fixture(params=list(RUNS))
def game(request):
    return request.param


def tolerance(limit):
    return max(0.02 * limit, 0.05)


def timed(run, **kwargs):
    """The result and the wall time of the whole call."""
    begin = time.perf_counter()
    result = run(**kwargs)
    return result, time.perf_counter() - begin


def met_in_time(run, limit, attempts=3, **kwargs):
    """A run stopped by its time limit, ended within the tolerance on both clocks.

    The host running the tests may be shared: a kernel call can wait tens of milliseconds
    for a core. Best of ``attempts`` runs: each failing one is kept in the message.
    """
    seen = []
    for _ in range(attempts):
        r, wall = timed(run, time_limit=limit, **kwargs)
        assert r.stopped_by == "time_limit"
        seen.append((round(r.elapsed, 3), round(wall, 3)))
        if abs(r.elapsed - limit) <= tolerance(limit) and wall <= limit + tolerance(limit):
            return r
    pytest.fail(f"time_limit={limit}: (elapsed, wall) {seen}, allowed {limit} ± "
                f"{tolerance(limit):.3f}")


# ----------------------------------------------------------------------------- the defaults
def test_the_documented_defaults_are_the_code_constants():
    assert driver.DEFAULT_TRIALS == monte_carlo.DEFAULT_TRIALS == 10_000_000
    assert omaha.DEFAULT_TRIALS == 1_000_000
    assert driver.DEFAULT_TIME_LIMIT == 60.0


def test_nothing_given_runs_the_default_trials_for_real():
    r = pk.equity(["AhKh", "random"], exact=False, seed=1)
    assert (r.trials, r.stopped_by) == (10_000_000, "trials")
    r = pk.omaha_equity(["AsKsQdJd", "random"], exact=False, seed=1)
    assert (r.trials, r.stopped_by) == (1_000_000, "trials")


def test_nothing_given(game, monkeypatch):
    monkeypatch.setattr(DEFAULTS[game], "DEFAULT_TRIALS", 50_000)
    calls = []
    r = RUNS[game](seed=1, progress=lambda done, total: calls.append((done, total)))
    assert (r.trials, r.stopped_by) == (50_000, "trials")
    assert calls[0] == (0, 50_000) and calls[-1] == (50_000, 50_000)


# ------------------------------------------------------------------------------- one rule
def test_trials_alone(game):
    r = RUNS[game](trials=70_001, seed=2)
    assert (r.trials, r.stopped_by) == (70_001, "trials")
    assert r.mask_counts.sum() == 70_001


def test_target_stderr_alone_stops_at_the_target(game):
    calls = []
    r = RUNS[game](target_stderr=0.01, seed=3,
                   progress=lambda done, total: calls.append(total))
    assert r.stopped_by == "target_stderr"
    assert (r.stderr <= 0.01).all() and r.trials >= 10_000
    assert set(calls) == {None}  # no trial count bounds the run


def test_target_stderr_alone_stops_at_the_default_time_limit(game, monkeypatch):
    monkeypatch.setattr(driver, "DEFAULT_TIME_LIMIT", 0.5)
    r, wall = timed(RUNS[game], target_stderr=1e-6, seed=4)
    assert r.stopped_by == "default time limit"
    assert abs(r.elapsed - 0.5) <= tolerance(0.5) and wall <= 0.5 + tolerance(0.5) + 0.1


def test_time_limit_alone_has_no_trial_cap(game, monkeypatch):
    # The default trial count is for runs with no rule: a time limit runs past it.
    monkeypatch.setattr(DEFAULTS[game], "DEFAULT_TRIALS", 20_000)
    calls = []
    r = met_in_time(RUNS[game], 0.5, seed=5, progress=lambda done, total: calls.append(total))
    assert r.trials > 20_000
    assert set(calls) == {None}


@pytest.mark.parametrize("limit", [0.1, 0.3, 1.0, 2.0])
def test_time_limit_is_met_within_2_percent_or_50_ms(limit):
    met_in_time(holdem, limit)


def test_time_limit_is_met_with_slow_trials():
    # Six-card Omaha with seven players: a chunk of 16,384 trials takes about 0.1-0.2 s on
    # two cores, more than the 50 ms allowed; the last round's chunks are cut to fit.
    def slow(**kwargs):
        return pk.omaha_equity(["AsKsQdJdTc9c"] + ["random"] * 6, **kwargs)

    slow(trials=2_000, seed=1)
    r = met_in_time(slow, 0.5)
    assert r.trials > 0


def test_time_limit_on_one_thread():
    met_in_time(holdem, 0.5, threads=1)


# ------------------------------------------------------------------------------ two rules
def test_trials_and_time_limit_trials_first(game):
    alone = RUNS[game](trials=100_000, seed=6)
    r = RUNS[game](trials=100_000, time_limit=30, seed=6)
    assert (r.trials, r.stopped_by) == (100_000, "trials")
    # the same chunks on the same seeds: the counts of the trial count alone
    np.testing.assert_array_equal(r.mask_counts, alone.mask_counts)
    if r.combo_tables is not None:
        for a, b in zip(r.combo_tables, alone.combo_tables, strict=True):
            assert (a is None) == (b is None)
            if a is not None:
                np.testing.assert_array_equal(a.faced, b.faced)
                np.testing.assert_array_equal(a.won, b.won)


def test_trials_and_time_limit_time_first(game):
    r = met_in_time(RUNS[game], 0.3, trials=10 ** 12, seed=7)
    assert 0 < r.trials < 10 ** 12


def test_trials_and_target_stderr(game, monkeypatch):
    # No default time limit once trials bounds the run: a limit of 1 ms would stop it first.
    monkeypatch.setattr(driver, "DEFAULT_TIME_LIMIT", 0.001)
    r = RUNS[game](trials=60_000, target_stderr=1e-6, seed=8)
    assert (r.trials, r.stopped_by) == (60_000, "trials")
    r = RUNS[game](trials=10 ** 12, target_stderr=0.01, seed=8)
    assert r.stopped_by == "target_stderr" and (r.stderr <= 0.01).all()


def test_target_stderr_and_time_limit(game, monkeypatch):
    # The given limit, not the default one, ends an unreachable target.
    monkeypatch.setattr(driver, "DEFAULT_TIME_LIMIT", 0.05)
    met_in_time(RUNS[game], 0.5, target_stderr=1e-6, seed=9)
    r = RUNS[game](target_stderr=0.01, time_limit=30, seed=9)
    assert r.stopped_by == "target_stderr" and (r.stderr <= 0.01).all()


# ------------------------------------------------------------------------------ all three
def test_all_three_the_first_rule_met_stops(game, monkeypatch):
    monkeypatch.setattr(driver, "DEFAULT_TIME_LIMIT", 0.001)
    r = RUNS[game](trials=40_000, target_stderr=1e-6, time_limit=30, seed=10)
    assert (r.trials, r.stopped_by) == (40_000, "trials")
    r = RUNS[game](trials=10 ** 12, target_stderr=0.01, time_limit=30, seed=10)
    assert r.stopped_by == "target_stderr"
    met_in_time(RUNS[game], 0.3, trials=10 ** 12, target_stderr=1e-6, seed=10)


# ------------------------------------------------------------------------------- seeding
def test_trial_counts_give_the_same_counts_as_before():
    # Figures of runs made before time limits planned their rounds: the chunks and their
    # seeds are unchanged. (Hold'em's figure is from the stratified deal, which changed the
    # cards a seed deals; Omaha's deal is as it was.)
    r = pk.equity(["AhKh", "QsQd"], trials=1_000_003, seed=1)
    assert r.mask_counts.tolist() == REFERENCE["heads-up"]
    r = pk.omaha_equity(["AsKsQdJd", "random", "random"], trials=400_001, seed=2)
    assert r.mask_counts.tolist() == REFERENCE["omaha"]


REFERENCE = {
    "heads-up": [0, 459823, 536183, 3997],
    "omaha": [0, 177669, 104565, 5004, 104437, 5178, 3021, 127],
}
