"""``equity.driver.observe_rounds``: partial Monte Carlo results per round, and stopping a run
by raising (what the web app streams and cancels with)."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys.equity.driver import observe_rounds

HANDS = ["AhKh", "QsQd", "random"]


def test_partials_grow_and_the_result_does_not_change():
    partials = []
    with observe_rounds(partials.append):
        observed = pk.equity(HANDS, trials=1_000_000, seed=5)
    plain = pk.equity(HANDS, trials=1_000_000, seed=5)
    assert np.array_equal(observed.equity, plain.equity)
    trials = [p.trials for p in partials]
    assert len(trials) >= 3 and trials == sorted(trials) and trials[-1] == 1_000_000
    assert all(not p.exact and p.equity.sum() == pytest.approx(1) for p in partials)


def test_raising_from_the_observer_stops_the_run():
    class Stop(Exception):
        pass

    seen = []

    def observer(partial):
        seen.append(partial.trials)
        if len(seen) == 2:
            raise Stop

    with pytest.raises(Stop), observe_rounds(observer):
        pk.equity(HANDS, trials=50_000_000, seed=1)
    assert len(seen) == 2 and seen[-1] < 50_000_000


def test_the_observer_belongs_to_its_thread():
    seen = []
    with observe_rounds(seen.append):
        other = threading.Thread(target=pk.equity, args=(HANDS,),
                                 kwargs=dict(trials=300_000, seed=2))
        other.start()
        other.join()
    assert seen == []
    pk.equity(HANDS, trials=300_000, seed=2)  # outside the block: nobody is called
    assert seen == []
