"""The web app as a real process (``pokerkeys serve`` on a free 127.0.0.1 port) over HTTP:
the exact answer, concurrency while a long job runs, cancellation when a client goes away."""
from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")

from web_server import LiveServer  # noqa: E402


@pytest.fixture(scope="module")
def server():
    s = LiveServer()
    print(f"\nstart-up to first answer: {s.startup_seconds:.2f} s")
    yield s
    s.stop()


def _long_jobs(server) -> int:
    return httpx.get(server.url + "/api/status").json()["long_jobs_running"]


def _wait_for_no_long_jobs(server, seconds=10.0) -> float:
    start = time.perf_counter()
    while _long_jobs(server):
        assert time.perf_counter() - start < seconds, "the job was not cancelled"
        time.sleep(0.05)
    return time.perf_counter() - start


def test_exact_heads_up_over_http(server):
    with httpx.Client(base_url=server.url) as c:
        c.post("/api/equity", json={"hands": ["AhKh", "QsQd"]})  # warm
        times = []
        for _ in range(5):
            t = time.perf_counter()
            r = c.post("/api/equity", json={"hands": ["AhKh", "QsQd"]})
            times.append(time.perf_counter() - t)
        body = r.json()
    assert r.status_code == 200 and body["exact"] is True
    assert f"{100 * body['equity'][0]:.1f}" == "46.2"
    assert body["equity"][0] == pytest.approx(0.4621445724590961, abs=1e-12)
    print(f"\nexact heads-up round trip: median {sorted(times)[2] * 1000:.1f} ms")


def test_bad_request_over_http(server):
    r = httpx.post(server.url + "/api/equity", json={"hands": ["AhKh", "AhQd"]})
    assert r.status_code == 400 and r.json() == {"error": "card Ah is used in player 1 and "
                                                          "player 2"}
    r = httpx.get(server.url + "/static/%2e%2e/%2e%2e/etc/passwd")
    assert r.status_code == 404


def _start_long_stream(server, body):
    """A client streaming a long job in a thread; returns (first event, close function)."""
    first = threading.Event()
    stop = threading.Event()
    seen = {}

    def run():
        with (httpx.Client(timeout=120) as c,
              c.stream("POST", server.url + "/api/equity/stream", json=body) as r):
            for line in r.iter_lines():
                if line.startswith("data: "):
                    seen["last"] = json.loads(line[6:])
                    first.set()
                if stop.is_set():
                    return  # leaving the block closes the connection

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert first.wait(60), "no partial result arrived"

    def close():
        stop.set()
        thread.join(30)
    return seen, close


def test_short_requests_answer_while_a_long_job_runs(server):
    seen, close = _start_long_stream(server, {"hands": ["AhKh", "QsQd", "random"],
                                              "exact": False, "trials": 50_000_000})
    try:
        assert _long_jobs(server) == 1

        def one(_):
            t = time.perf_counter()
            r = httpx.post(server.url + "/api/equity", json={"hands": ["AhKh", "QsQd"]},
                           timeout=60)
            assert r.status_code == 200 and r.json()["exact"] is True
            return time.perf_counter() - t

        start = time.perf_counter()
        with ThreadPoolExecutor(20) as pool:
            times = list(pool.map(one, range(20)))
        wall = time.perf_counter() - start
        print(f"\n20 concurrent exact heads-up requests during a 50M-trial job: all answered "
              f"in {wall:.2f} s (slowest {max(times):.2f} s, median "
              f"{sorted(times)[10]:.2f} s)")
        assert max(times) < 10
        assert _long_jobs(server) == 1 and not seen["last"]["final"]
    finally:
        close()
    waited = _wait_for_no_long_jobs(server)
    print(f"stream closed: job cancelled within {waited:.2f} s")


def test_a_client_that_disconnects_cancels_its_job(server):
    body = {"hands": ["random"] * 4, "exact": False, "time_limit": 50}
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(server.url + "/api/equity", json=body, timeout=1.5)
    _wait_for_no_long_jobs(server)


def test_binding_beyond_this_machine_is_said_clearly():
    import subprocess
    import sys

    from web_server import free_port
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "pokerkeys", "serve", "--host", "0.0.0.0",
                                "--port", str(port)], stderr=subprocess.PIPE, text=True)
    try:
        first = process.stderr.readline()
        assert first.startswith("pokerkeys: warning: serving on 0.0.0.0, not only this "
                                "machine")
        assert f"http://127.0.0.1:{port}/" in process.stderr.readline()
    finally:
        process.terminate()
        process.wait(10)
