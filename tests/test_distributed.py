"""pokerkeys.io.distributed: dask arrays and dataframes, Monte Carlo merged across tasks and
workers (local threads, and a 2-process LocalCluster)."""
from __future__ import annotations

import numpy as np
import pytest

import pokerkeys as pk

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from pokerkeys.io import distributed as pkd  # noqa: E402 - after the skips

NAMES = np.array([pk.format_cards([c]) for c in range(52)])


@pytest.fixture(scope="module")
def hands():
    rng = np.random.default_rng(7)
    return np.argsort(rng.random((20_000, 52)), axis=1)[:, :7].astype(np.uint8)


# --------------------------------------------------------------------------- arrays
def test_evaluate_array_matches_batch(hands):
    arr = da.from_array(hands, chunks=(3_000, 4))  # split along the cards too: merged first
    ranks = pkd.evaluate_array(arr)
    assert ranks.dtype == np.uint16 and ranks.shape == (len(hands),)
    np.testing.assert_array_equal(ranks.compute(), pk.evaluate_batch(hands))
    five = da.from_array(hands[:, :5].astype(np.int64), chunks=(7_000, 5))
    np.testing.assert_array_equal(pkd.evaluate_array(five).compute(),
                                  pk.evaluate_batch(hands[:, :5]))


def test_evaluate_array_bad_rows_named_globally(hands):
    bad = hands.copy()
    bad[12_345, 6] = bad[12_345, 0]
    with pytest.raises(ValueError, match=r"row 12345: duplicate card"):
        pkd.evaluate_array(da.from_array(bad, chunks=(5_000, 7))).compute()
    wide = hands.astype(np.int16)
    wide[9_999, 1] = 400
    with pytest.raises(ValueError, match=r"row 9999: card id 400 is outside 0..51"):
        pkd.evaluate_array(da.from_array(wide, chunks=(2_500, 7))).compute()


@pytest.mark.parametrize("array, error, message", [
    (np.zeros((10, 7)), TypeError, "must be integers"),
    (np.zeros((10, 4), np.uint8), ValueError, "5, 6 or 7 cards, not 4"),
    (np.zeros(10, np.uint8), ValueError, r"\(N, k\)"),
])
def test_evaluate_array_shapes_and_dtypes(array, error, message):
    with pytest.raises(error, match=message):
        pkd.evaluate_array(da.from_array(array))
    with pytest.raises(TypeError, match="takes a dask array"):
        pkd.evaluate_array(np.zeros((3, 7), np.uint8))


# --------------------------------------------------------------------------- dataframes
def test_evaluate_dataframe_layouts(hands):
    h = hands[:3_000]
    expected = pk.evaluate_batch(h)
    by_text = pd.DataFrame({"hand": [" ".join(r) for r in NAMES[h]], "id": np.arange(len(h))})
    out = pkd.evaluate_dataframe(dd.from_pandas(by_text, npartitions=4), columns="hand",
                                 describe=True).compute()
    np.testing.assert_array_equal(out["rank"].to_numpy(), expected)
    assert out["id"].tolist() == list(range(len(h)))
    assert list(out["category"].cat.categories) == [c.label for c in pk.HandCategory]
    assert out["description"].iloc[0] == pk.describe(int(expected[0]))
    by_card = pd.DataFrame({f"c{j}": NAMES[h[:, j]] for j in range(7)})
    got = pkd.evaluate_dataframe(dd.from_pandas(by_card, npartitions=3)).compute()
    np.testing.assert_array_equal(got["rank"].to_numpy(), expected)
    by_id = pd.DataFrame({f"c{j}": h[:, j] for j in range(7)})
    got = pkd.evaluate_dataframe(dd.from_pandas(by_id, npartitions=2)).compute()
    np.testing.assert_array_equal(got["rank"].to_numpy(), expected)


def test_evaluate_dataframe_errors(hands):
    frame = pd.DataFrame({f"c{j}": NAMES[hands[:100, j]] for j in range(7)},
                         index=np.arange(100) * 10)
    frame.loc[420, "c2"] = "1x"
    with pytest.raises(ValueError, match=r"row with index 420: column c2: unknown card"):
        pkd.evaluate_dataframe(dd.from_pandas(frame, npartitions=3)).compute()
    two = pd.DataFrame({"a": ["As"], "b": ["Kd"]})
    with pytest.raises(ValueError, match="cannot tell which of the 2 columns"):
        pkd.evaluate_dataframe(dd.from_pandas(two, npartitions=1))
    with pytest.raises(ValueError, match="no column 'zz'"):
        pkd.evaluate_dataframe(dd.from_pandas(two, npartitions=1), columns=["zz"])
    with pytest.raises(TypeError, match="dask DataFrame"):
        pkd.evaluate_dataframe(two)


# --------------------------------------------------------------------------- Monte Carlo
def test_equity_same_seed_any_tasks_equals_local():
    hands = ["AhKh", "QsQd", "random"]
    local = pk.equity(hands, board="2c7d9h", trials=200_003, seed=11)
    for tasks in (1, 3, 8):
        r = pkd.equity(hands, board="2c7d9h", trials=200_003, seed=11, tasks=tasks)
        np.testing.assert_array_equal(r.mask_counts, local.mask_counts)
        assert r.trials == 200_003 and not r.exact
    other = pkd.equity(hands, board="2c7d9h", trials=200_003, seed=12, tasks=3)
    assert not np.array_equal(other.mask_counts, local.mask_counts)


def test_equity_ranges_and_errors():
    r = pkd.equity(["QQ+,AKs", "JJ-88", "Ah??"], trials=100_000, seed=2, tasks=4)
    local = pk.equity(["QQ+,AKs", "JJ-88", "Ah??"], trials=100_000, seed=2)
    np.testing.assert_array_equal(r.mask_counts, local.mask_counts)
    with pytest.raises(ValueError, match="used in player 1 and player 2"):
        pkd.equity(["AhKh", "AhQd"], trials=10)
    with pytest.raises(ValueError, match="trials must be a positive integer"):
        pkd.equity(["AhKh", "QsQd"], trials=0)
    with pytest.raises(ValueError, match="tasks must be a positive integer"):
        pkd.equity(["AhKh", "QsQd"], trials=10, tasks=0)
    with pytest.raises(ValueError, match="a board has 0, 3, 4 or 5 cards"):
        pkd.equity(["AhKh", "QsQd"], board="2c3c", trials=10)


# --------------------------------------------------------------------------- a real cluster
@pytest.fixture(scope="module")
def client():
    import logging

    distributed = pytest.importorskip("distributed")
    # ":0": any free port for the dashboard, so parallel runs on one machine cannot clash
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.ERROR)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def test_local_cluster_two_workers(client, hands):
    """Both jobs on two worker processes: the same numbers as one process."""
    assert len(client.nthreads()) == 2
    hands_array = da.from_array(hands, chunks=(5_000, 7))
    np.testing.assert_array_equal(pkd.evaluate_array(hands_array).compute(),
                                  pk.evaluate_batch(hands))
    r = pkd.equity(["AhKh", "QsQd"], trials=300_000, seed=5, client=client)
    local = pk.equity(["AhKh", "QsQd"], trials=300_000, seed=5)
    np.testing.assert_array_equal(r.mask_counts, local.mask_counts)
    one_task = pkd.equity(["AhKh", "QsQd"], trials=300_000, seed=5, client=client, tasks=1)
    np.testing.assert_array_equal(one_task.mask_counts, local.mask_counts)
    assert abs(r.equity[0] - 0.46214) < 5 * r.stderr[0]
