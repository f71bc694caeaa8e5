"""The web app: start-up of `pokerkeys serve` to its first equity answer (target
<= 2 s, warm JIT cache) and the round trip of an exact heads-up request over HTTP."""
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bench_util import run  # noqa: E402
from web_server import LiveServer  # noqa: E402

AHKH_QSQD = {"hands": ["AhKh", "QsQd"]}


def _start_and_ask():
    """Seconds from starting the process to the first exact heads-up answer."""
    started = time.perf_counter()
    server = LiveServer()
    try:
        r = httpx.post(server.url + "/api/equity", json=AHKH_QSQD, timeout=60)
        assert r.json()["exact"]
        return time.perf_counter() - started
    finally:
        server.stop()


def test_serve_start_up_to_first_equity_answer(benchmark):
    benchmark.group = "web: pokerkeys serve start-up to first equity answer"
    run(benchmark, _start_and_ask, rounds=3, unit="runs")


def test_exact_heads_up_round_trip(benchmark):
    benchmark.group = "web: exact AhKh vs QsQd round trip over HTTP"
    server = LiveServer()
    try:
        with httpx.Client(base_url=server.url) as client:
            client.post("/api/equity", json=AHKH_QSQD)
            run(benchmark, lambda: client.post("/api/equity", json=AHKH_QSQD), rounds=20,
                unit="requests")
    finally:
        server.stop()
