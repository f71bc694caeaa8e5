"""Shared fixtures for the pokerkeys test suite.

Everything is deterministic: Hypothesis runs derandomized (profile "ci", the default here) and
NumPy generators use fixed seeds.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

# derandomize: the same examples on every run and machine. deadline=None: the first call of a
# Numba kernel compiles (or loads from cache), which would trip Hypothesis' per-example deadline.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci")

SEED = 20240654

# The external data sets (Project Euler 54, UCI Poker Hand), copied into the repository so
# that a clone runs every test: tests/data (3 MB; sources in tests/data/README.md).
DATA_DIR = Path(__file__).resolve().parent / "data"


@pytest.fixture
def rng() -> np.random.Generator:
    """A fresh generator with a fixed seed for each test."""
    return np.random.default_rng(SEED)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA_DIR


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """(n, k) uint8 array of random hands of k distinct cards."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture
def make_hands(rng):
    """make_hands(n, k) -> (n, k) uint8 random hands of distinct cards (fixed seed)."""
    return lambda n, k: random_hands(rng, n, k)


@pytest.fixture
def two_numba_threads(request: pytest.FixtureRequest) -> None:
    """For a test that compares a run on one thread with a run on two.

    With Numba limited to one thread (``NUMBA_NUM_THREADS=1``), ``threads=2`` runs on one and
    the comparison would check nothing; the test then also runs in a child pytest with
    ``NUMBA_NUM_THREADS=2``, which must pass (the body still runs here, on one thread).
    """
    import numba

    if numba.config.NUMBA_NUM_THREADS >= 2:
        return
    env = dict(os.environ, NUMBA_NUM_THREADS="2")
    child = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", request.node.nodeid],
        cwd=request.config.rootpath, env=env, stdin=subprocess.DEVNULL, capture_output=True,
        text=True, timeout=600)
    assert child.returncode == 0, \
        f"failed with NUMBA_NUM_THREADS=2:\n{child.stdout[-4000:]}\n{child.stderr[-2000:]}"


# Browser tests (the web app's pages, the docs site): Debian's chromium driven by Playwright.
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser():
    """A headless chromium for a test module; skips without chromium or Playwright."""
    if CHROMIUM is None:
        pytest.skip("needs Debian's chromium (apt-get install -y chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """Where browser tests save screenshots: $POKERKEYS_SCREENSHOTS, else a temporary folder."""
    folder = os.environ.get("POKERKEYS_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
