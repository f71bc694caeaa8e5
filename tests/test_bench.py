"""pokerkeys bench: the table, and the peer ordering cross-check."""
import json
import subprocess
import sys

import numpy as np
import pytest

from pokerkeys.core import bench
from pokerkeys.core.evaluate import evaluate_batch
from pokerkeys.core.sampling import random_hands


def test_ordering_check_accepts_any_monotone_relabelling():
    ours = evaluate_batch(random_hands(5_000, 7, seed=3))
    assert bench.ordering_mismatches(ours, list(-1.5 * ours.astype(float) * -1)) == 0
    assert bench.ordering_mismatches(ours, [int(r) * 10 + 7 for r in ours]) == 0


def test_ordering_check_catches_a_wrong_peer():
    ours = evaluate_batch(random_hands(5_000, 7, seed=4))
    swapped = ours.astype(np.int64).copy()
    top, bottom = np.argmax(ours), np.argmin(ours)
    swapped[top], swapped[bottom] = swapped[bottom], swapped[top]
    assert bench.ordering_mismatches(ours, list(swapped)) > 0
    merged = [r // 2 for r in ours.tolist()]  # merges distinct ranks: ties where there are none
    assert bench.ordering_mismatches(ours, merged) > 0


@pytest.mark.slow  # times a run over all 133,784,560 seven-card hands
def test_bench_rows_have_positive_throughput():
    rows = bench.bench_pokerkeys(n_hands=20_000, repeats=1)
    jobs = {(r.job, r.threads) for r in rows}
    assert ("random 7-card batch", 1) in jobs and ("all 7-card hands", 1) in jobs
    assert all(r.evals_per_s > 0 for r in rows)
    assert "evals/s" in bench.format_rows(rows)


@pytest.mark.parametrize("peer", sorted(bench.PEERS))
def test_installed_peer_orders_hands_like_pokerkeys(peer):
    pytest.importorskip({"phevaluator": "phevaluator", "eval7": "eval7", "treys": "treys",
                         "pokerkit": "pokerkit"}[peer])
    hands = random_hands(3_000, 7, seed=11)
    evaluate = bench.PEERS[peer]()
    keys = [evaluate(h) for h in hands.tolist()]
    assert bench.ordering_mismatches(evaluate_batch(hands), keys) == 0


@pytest.mark.slow  # times a run over all 133,784,560 seven-card hands
def test_cli_bench_json():
    out = subprocess.run([sys.executable, "-m", "pokerkeys", "bench", "--hands", "20000",
                          "--repeats", "1", "--json"], capture_output=True, text=True, check=True)
    rows = json.loads(out.stdout)
    assert {"job", "library", "threads", "hands", "evals_per_s", "ns_per_eval"} <= set(rows[0])


def test_cli_info_reports_resident_tables():
    from pokerkeys.core.tables import eval_tables
    out = subprocess.run([sys.executable, "-m", "pokerkeys", "info", "--json"],
                         capture_output=True, text=True, check=True)
    info = json.loads(out.stdout)
    assert info["resident_table_bytes"]["7-card"] == eval_tables(7).resident_bytes
    assert info["resident_table_bytes"]["7-card"] == sum(
        a.nbytes for a in eval_tables(7).as_tuple())
