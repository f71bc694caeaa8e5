"""Long runs and sharing one server, through the API: a Monte Carlo run stopped by a time limit
answers its estimate, a client's new long job replaces its previous one, a busy server says
when to retry, jobs stop when their client goes away or the server stops, and no malformed
request gets a 500 (in process with Starlette's test client, and over HTTP against a real
``pokerkeys serve``)."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from web_server import free_port  # noqa: E402

import pokerkeys as pk  # noqa: E402
from pokerkeys.web.app import create_app  # noqa: E402
from pokerkeys.web.jobs import Job, JobStopped  # noqa: E402
from pokerkeys.web.limits import Limits  # noqa: E402

CLIENT = "X-Pokerkeys-Client"
UNREACHABLE = {"hands": ["AhKh", "QsQd", "random"], "exact": False, "target_stderr": 1e-7}


def _events(response) -> list[tuple[str, dict]]:
    """(event, data) of each event of a streamed answer."""
    found, event = [], "message"
    for line in response.iter_lines():
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: "):
            found.append((event, json.loads(line[6:])))
    return found


# ------------------------------------------------------------------ time limits (in process)
def test_monte_carlo_at_the_servers_limit_answers_its_estimate():
    with TestClient(create_app(Limits(max_seconds=1.0))) as c:
        r = c.post("/api/equity", json=UNREACHABLE)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["stopped_by"] == "time_limit" and body["exact"] is False
        assert body["trials"] > 10_000 and all(0 < s < 0.01 for s in body["stderr"])
        assert sum(body["equity"]) == pytest.approx(1)
        assert body["equity"][0] == pytest.approx(0.4042, abs=6 * body["stderr"][0] + 1e-3)
        with c.stream("POST", "/api/equity/stream", json=UNREACHABLE) as s:
            events = _events(s)
        assert [e for e, _ in events] == ["result"] * len(events)
        final = events[-1][1]
        assert final["final"] is True and final["stopped_by"] == "time_limit"
        assert final["trials"] > 10_000 and final["stderr"][0] > 0
        assert c.get("/api/status").json()["max_time_limit"] == 1.0


def test_the_requests_time_limit_is_a_result_too():
    with TestClient(create_app(Limits())) as c:
        body = dict(UNREACHABLE, time_limit=0.5)
        start = time.perf_counter()
        r = c.post("/api/equity", json=body)
        assert time.perf_counter() - start < 30
        assert r.status_code == 200 and r.json()["stopped_by"] == "time_limit"
        status = c.get("/api/status").json()
        assert status == {"long_jobs_running": 0, "long_jobs_limit": 2, "max_time_limit": 60.0}
        r = c.post("/api/equity", json=dict(UNREACHABLE, time_limit=60.5))
        assert r.status_code == 400 and "at most 60 s" in r.json()["error"]


def test_a_job_past_its_deadline_keeps_monte_carlos_estimate():
    # The job's own deadline (not the engine's time limit) stops the run: still a result.
    async def run():
        job = Job(lambda check: pk.equity(["AhKh", "QsQd"], exact=False, trials=10 ** 9,
                                          seed=1, progress=check).to_dict(),
                  asyncio.get_running_loop(), Limits(max_seconds=0.5))
        await asyncio.to_thread(job.run)
        while True:
            update = await job.next_update(5)
            if update is not None and update["final"]:
                return update

    result = asyncio.run(run())
    assert result["stopped_by"] == "time_limit" and 0 < result["trials"] < 10 ** 9
    assert result["equity"][0] == pytest.approx(0.4621, abs=6 * result["stderr"][0] + 1e-3)


def test_an_enumeration_out_of_time_says_so():
    with TestClient(create_app(Limits(max_seconds=0.3))) as c:
        r = c.post("/api/equity", json={"hands": ["AhKh", "random", "random"],
                                        "board": "2c7d9h", "exact": True})
        assert r.status_code == 400
        message = r.json()["error"]
        assert "did not finish within this server's work limit of 0.3 s" in message
        assert "exact enumeration" in message and "Monte Carlo" in message
        assert "equity" not in r.json()


def test_an_enumeration_job_past_its_deadline_raises():
    async def run():
        job = Job(lambda check: pk.equity(["AhKh", "random", "random"], "2c7d9h", exact=True,
                                          progress=check).to_dict(),
                  asyncio.get_running_loop(), Limits(max_seconds=0.2))
        await asyncio.to_thread(job.run)
        return await job.next_update(5)

    with pytest.raises(JobStopped) as error:
        asyncio.run(run())
    assert error.value.cause == "deadline"


# ------------------------------------------------------------------ fair sharing (in process)
LONG = {"hands": ["random"] * 6, "exact": False, "time_limit": 20}


def test_a_clients_new_long_job_replaces_its_previous_one():
    with TestClient(create_app(Limits(long_jobs=1))) as c:
        with c.stream("POST", "/api/equity/stream", json=LONG, headers={CLIENT: "tab-1"}) as s:
            assert s.status_code == 200
            lines = s.iter_lines()
            next(lines)  # the job is running
            assert c.get("/api/status").json()["long_jobs_running"] == 1
            # another client is refused, with the seconds to wait
            r = c.post("/api/equity", json=LONG, headers={CLIENT: "tab-2"})
            assert r.status_code == 503
            assert r.json()["retry_after"] == int(r.headers["retry-after"])
            assert 1 <= r.json()["retry_after"] <= 5
            # a request without a client id too
            assert c.post("/api/equity", json=LONG).status_code == 503
            # the same client is not: its running job is cancelled first
            quick = dict(LONG, time_limit=None, trials=100_000, seed=1)
            r = c.post("/api/equity", json=quick, headers={CLIENT: "tab-1"})
            assert r.status_code == 200 and r.json()["trials"] == 100_000
            rest = "\n".join(lines)
        assert "event: error" in rest and "a newer request from the same client" in rest
        assert c.get("/api/status").json()["long_jobs_running"] == 0


def test_a_replaced_plain_request_gets_409():
    with TestClient(create_app(Limits(long_jobs=1))) as c:
        answers = {}

        def first():
            answers["first"] = c.post("/api/equity", json=LONG, headers={CLIENT: "tab-1"})

        thread = threading.Thread(target=first)
        thread.start()
        deadline = time.monotonic() + 30
        while c.get("/api/status").json()["long_jobs_running"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        r = c.post("/api/equity", json=dict(LONG, time_limit=0.2), headers={CLIENT: "tab-1"})
        thread.join(30)
        assert r.status_code == 200 and r.json()["stopped_by"] == "time_limit"
        assert answers["first"].status_code == 409
        assert "replaced" in answers["first"].json()["error"]


@pytest.mark.parametrize("value", ["", "two words", "x" * 65, "é", "a/b", "<script>"])
def test_a_malformed_client_id_is_refused(value):
    with TestClient(create_app(Limits())) as c:
        for path in ("/api/equity", "/api/equity/stream"):
            r = c.post(path, json={"hands": ["AhKh", "QsQd"]}, headers={CLIENT: value.encode()})
            assert r.status_code == 400 and CLIENT in r.json()["error"], (value, r.text)


def test_a_stopping_runner_refuses_new_jobs():
    with TestClient(create_app(Limits())) as c:
        c.app.state.runner.shutdown()
        r = c.post("/api/equity", json={"hands": ["AhKh", "QsQd"]})
        assert r.status_code == 503 and r.json() == {"error": "the server is stopping"}


# ------------------------------------------------------------------ malformed requests
def _nested(depth: int) -> bytes:
    return b'{"hands": ' + b"[" * depth + b"]" * depth + b"}"


MALFORMED_BODIES = [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"[" * 100_000, "413"),                       # over the size limit as well
    (b"[" * 5_000 + b"]" * 5_000, "nested too deeply"),
    (_nested(3_000), "nested too deeply"),
    (b'{"hands": ["AhKh", "QsQd"], "seed": 1' + b"0" * 5000 + b"}", "not valid JSON"),
    (b'{"hands": ["AhKh", "QsQd"], "trials": 1' + b"0" * 500 + b"}", "trials must be"),
    (b'{"hands": ["AhKh", "QsQd"], "seed": 1' + b"0" * 500 + b"}", "seed must be"),
    (b'{"hands": ["AhKh", "QsQd"], "time_limit": 1' + b"0" * 500 + b"}", "time_limit"),
    (b'{"hands": ["AhKh", "QsQd"], "target_stderr": 1e999}', "target_stderr"),
    (b'{"hands": ["AhKh", "QsQd"], "time_limit": -1e999}', "time_limit"),
    (b'{"hands": ["AhKh", "QsQd"], "time_limit": NaN}', "NaN"),
    (b'{"hands": ["AhKh", "QsQd"], "trials": Infinity}', "Infinity"),
    (b'{"hands": ["AhKh", "QsQd"], "seed": -Infinity}', "Infinity"),
    (b'{"hands": ["AhKh", "QsQd"], "hands": ["AhKh", "QsQd"]}', "appears twice"),
    (b'{"hands": ["AhKh", "QsQd"], "board": {"a": 1, "a": 2}}', "appears twice"),
    (b'{"hands": ["Ah\xffKh", "QsQd"]}', "not UTF-8"),
    (b'\xef\xbb\xbf{"hands": ["AhKh", "QsQd"]}', "not valid JSON"),   # a byte-order mark
    ('{"hands": ["AhKh", "QsQd"]}'.encode("utf-16"), "not UTF-8"),
    (b'{"hands": ["\\ud800", "QsQd"]}', "not valid Unicode"),
    (b'{"hands": ["AhKh", "QsQd"], "board": ["\\udfff"]}', "not valid Unicode"),
    (b'{"hands": [["AhKh"], "QsQd"]}', "player 1 must be a string"),
    (b'{"hands": [null, "QsQd"]}', "player 1 must be a string"),
    (b'{"hands": ["AhKh", {"x": []}]}', "player 2 must be a string"),
    (b'{"hands": {"a": "AhKh"}}', "hands must be a list"),
    (b'{"hands": null}', "hands must be a list"),
    (b'{"hands": ["AhKh", "QsQd"], "board": 7}', "board must be a string"),
    (b'{"hands": ["AhKh", "QsQd"], "board": [1, 2, 3]}', "board card must be a string"),
    (b'{"hands": ["AhKh", "QsQd"], "dead": true}', "dead must be a string"),
    (b'{"hands": ["AhKh", "QsQd"], "exact": 1}', "exact must be"),
    (b'{"hands": ["AhKh", "QsQd"], "trials": 1.5}', "trials must be an integer"),
    (b'{"hands": ["AhKh", "QsQd"], "trials": true}', "trials must be an integer"),
    (b'{"hands": ["AhKh", "QsQd"], "trials": [1]}', "trials must be an integer"),
    (b'{"hands": ["AhKh", "QsQd"], "seed": "7"}', "seed must be an integer"),
    (b'{"hands": ["AhKh", "QsQd"], "seed": -1}', "seed must be"),
    (b'{"hands": ["AhKh", "QsQd"], "time_limit": "5"}', "time_limit must be a number"),
    (b'{"hands": ["AhKh", "QsQd"], "time_limit": 0}', "time_limit must be more than 0"),
    (b'{"hands": ["AhKh", "QsQd"], "target_stderr": {}}', "target_stderr must be a number"),
    (b'{"hands": ["AhKh", "QsQd"], "game": ["holdem"]}', "unknown game"),
    (b'{"hands": ["AhKh", "QsQd"], "game": null}', "unknown game"),
    (b'{"hands": ["AhKh", "QsQd"], "": 1}', "unknown field"),
    (b'{"hands": ["AhKh", "QsQd"]} {"hands": []}', "not valid JSON"),
    (b'{"hands": ["AhKh", "QsQd"],}', "not valid JSON"),
    (b"{'hands': ['AhKh', 'QsQd']}", "not valid JSON"),
    (b'{"hands": ["AhKh", "QsQd"]', "not valid JSON"),
    (b"\x00\x01\x02", "not valid JSON"),
    (b"null", "not NoneType"),
    (b"12345678901234567890", "not int"),
    (b'"AhKh QsQd"', "not str"),
    (b'{"hands": ["' + b"A" * 3000 + b'", "QsQd"]}', "limit is"),
    (b'{"hands": ["AhKh", "QsQd", "QQ+:nan"]}', "player 3"),
    (b'{"hands": ["AhKh", "QsQd", "QQ+:1e999"]}', "player 3"),
    (b'{"hands": ["AhKh", "QsQd", "1e999%"]}', "player 3"),
    (b'{"hands": ["AhKh", "QsQd", "nan%"]}', "player 3"),
    (b'{"hands": ["AhKh", "QsQd", "\\u0000"]}', "player 3"),
    (b'{"hands": ["AhKh", "QsQd"], "board": "\\u0000\\u0000\\u0000"}', "board"),
    (b'{"hands": ["AhKhQsQdJcTc9c", "2c2d2h2s3c3d"], "game": "omaha"}', "Omaha hand"),
    (b'{"hands": ["AhKh", "QsQd"], "game": "omaha"}', "Omaha"),
]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(long_jobs=1))) as c:
        yield c


@pytest.mark.parametrize("body, words", MALFORMED_BODIES,
                         ids=[f"body{i}" for i in range(len(MALFORMED_BODIES))])
def test_every_malformed_body_gets_a_4xx_json_message(client, body, words):
    for path in ("/api/equity", "/api/equity/stream"):
        r = client.post(path, content=body, headers={"Content-Type": "application/json"})
        assert 400 <= r.status_code < 500, (path, r.status_code, r.text[:300])
        message = r.json()["error"]
        assert words in message or words == str(r.status_code), (path, message)
        assert len(message) < 300 and "Traceback" not in message


@pytest.mark.parametrize("content_type", [
    "application/x-www-form-urlencoded", "text/plain", "text/plain;charset=UTF-8",
    "multipart/form-data; boundary=x", "application/xml", "", "json"])
def test_a_body_that_says_it_is_not_json_gets_415(client, content_type):
    for path in ("/api/equity", "/api/equity/stream"):
        r = client.post(path, content=b'{"hands": ["AhKh", "QsQd"]}',
                        headers={"Content-Type": content_type})
        assert r.status_code == 415, (path, content_type, r.text)
        assert "Content-Type: application/json" in r.json()["error"]


def test_json_content_types_and_none_are_read(client):
    body = b'{"hands": ["AhKh", "QsQd"], "board": "2c7d9h"}'
    for headers in ({}, {"Content-Type": "application/json"},
                    {"Content-Type": "Application/JSON; charset=utf-8"},
                    {"Content-Type": "application/vnd.api+json"}):
        r = client.post("/api/equity", content=body, headers=headers)
        assert r.status_code == 200 and r.json()["equity"][0] == pytest.approx(28 / 99)


BAD_QUERIES = [
    "/api/range", "/api/range?text=", "/api/range?text=%20", "/api/range?text=%00",
    "/api/range?text=%FF%FE", "/api/range?text=%ED%A0%80", "/api/range?text=%",
    "/api/range?text=QQ%2B:nan", "/api/range?text=QQ%2B:1e999", "/api/range?text=QQ%2B:-1",
    "/api/range?text=1e999%25", "/api/range?text=nan%25", "/api/range?text=-5%25",
    "/api/range?text=101%25", "/api/range?text=[[[[", "/api/range?text=" + "A" * 3000,
    "/api/range?text=AKs:" + "9" * 5000, "/api/range?text=" + "%5B" * 2000,
    "/api/headsup", "/api/headsup?a=AKs", "/api/headsup?b=AKs", "/api/headsup?a=&b=",
    "/api/headsup?a=%00&b=KK", "/api/headsup?a=AKs&b=%FF", "/api/headsup?a=AhAh&b=KK",
    "/api/headsup?a=AhKh&b=AhQd", "/api/headsup?a=AA&b=" + "K" * 3000,
    "/api/headsup?a=nan&b=inf", "/api/headsup?a=random&b=random",
    "/api/headsup?a=QQ%2B:1e999&b=AKs", "/api/headsup?a=%ED%A0%80&b=AA",
    "/api/preflop/class/AKx", "/api/preflop/class/%00", "/api/preflop/class/%FF",
    "/api/preflop/class/" + "A" * 3000, "/api/preflop/class/AA%2F..", "/api/preflop/class/nan",
    "/api/preflop/class/%ED%A0%80", "/api/preflop/class/AKs%20s",
]


@pytest.mark.parametrize("path", BAD_QUERIES, ids=[f"query{i}" for i in range(len(BAD_QUERIES))])
def test_every_bad_query_gets_a_4xx_json_message(client, path):
    r = client.get(path)
    assert 400 <= r.status_code < 500, (path, r.status_code, r.text[:300])
    message = r.json()["error"]
    assert message and len(message) < 300 and "Traceback" not in message


def test_routes_without_parameters_ignore_unknown_ones(client):
    for path in ("/api/status?x=%FF&y=[[", "/api/preflop?n=1e999&x=%00"):
        assert client.get(path).status_code == 200


# ------------------------------------------------------------------ a real server
class Served:
    """``pokerkeys serve`` on a free port with these options; its output is kept."""

    def __init__(self, *options: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pokerkeys", "serve", "--port", str(self.port), *options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"))
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, self.process.stdout.read()
            try:
                if httpx.get(self.url + "/api/status", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "pokerkeys serve did not answer within 60 s"
            time.sleep(0.05)

    def long_jobs(self) -> int:
        return httpx.get(self.url + "/api/status").json()["long_jobs_running"]

    def wait_for_long_jobs(self, n: int, seconds: float = 30.0) -> float:
        """Seconds until the server runs n long jobs (polled every 10 ms)."""
        start = time.monotonic()
        while self.long_jobs() != n:
            assert time.monotonic() - start < seconds, f"not {n} long jobs in {seconds} s"
            time.sleep(0.01)
        return time.monotonic() - start

    def stop(self, sig: int = signal.SIGTERM) -> tuple[float, str]:
        """Send the signal; (seconds until the process ended, its whole output)."""
        start = time.monotonic()
        self.process.send_signal(sig)
        try:
            self.process.wait(60)
        finally:
            seconds = time.monotonic() - start
            if self.process.poll() is None:
                self.process.kill()
        return seconds, self.process.stdout.read()


def _raw_request(port: int, method: str, path: str, body: dict) -> socket.socket:
    """A connection that sent this request and reads nothing."""
    data = json.dumps(body).encode()
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                 f"application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode() + data)
    return sock


@pytest.fixture(scope="module")
def served():
    s = Served()
    yield s
    seconds, output = s.stop()
    assert "Traceback" not in output and "Exception" not in output, output


@pytest.mark.parametrize("path", ["/api/equity", "/api/equity/stream"])
def test_a_job_stops_within_half_a_second_of_its_client_leaving(served, path):
    body = {"hands": ["random"] * 4, "exact": False, "time_limit": 50}
    times = []
    for _ in range(3):
        sock = _raw_request(served.port, "POST", path, body)
        served.wait_for_long_jobs(1)
        time.sleep(0.5)  # into the run, past its first rounds
        sock.close()
        times.append(served.wait_for_long_jobs(0))
    print(f"\n{path}: job ended {', '.join(f'{t:.2f}' for t in times)} s after its client left")
    assert max(times) < 0.5


def test_malformed_requests_over_http_leave_no_traceback(served):
    with httpx.Client(base_url=served.url) as c:
        for body, _ in MALFORMED_BODIES:
            r = c.post("/api/equity", content=body, headers={"Content-Type": "application/json"})
            assert 400 <= r.status_code < 500 and "error" in r.json()
        for path in BAD_QUERIES:
            r = c.get(path)
            assert 400 <= r.status_code < 500 and "error" in r.json(), path
    # A Content-Length over the limit is refused before the body is read.
    with socket.create_connection(("127.0.0.1", served.port)) as sock:
        sock.sendall(b"POST /api/equity HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 99999999\r\n\r\n{")
        sock.settimeout(10)
        reply = ""
        while "}" not in reply:
            chunk = sock.recv(4096).decode()
            assert chunk, reply
            reply += chunk
    assert reply.startswith("HTTP/1.1 413") and '{"error":' in reply


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_server_stops_within_a_second_while_a_client_streams(sig):
    server = Served()
    body = {"hands": ["random"] * 4, "exact": False, "time_limit": 50}
    events: list[str] = []

    def stream():
        try:
            with (httpx.Client(timeout=120) as c,
                  c.stream("POST", server.url + "/api/equity/stream", json=body) as r):
                events.extend(line for line in r.iter_lines() if line.startswith("event: ")
                              or "stopping" in line)
        except httpx.HTTPError:
            events.append("closed")

    thread = threading.Thread(target=stream, daemon=True)
    thread.start()
    server.wait_for_long_jobs(1)
    time.sleep(1.0)
    seconds, output = server.stop(sig)
    thread.join(10)
    print(f"\n{signal.Signals(sig).name} while a client streams: the server ended in "
          f"{seconds:.2f} s")
    assert seconds < 1.0
    assert "Traceback" not in output
    assert any("the server is stopping" in e for e in events), events


def test_the_depth_bound_holds_whatever_the_recursion_limit():
    """Deep nesting is refused by a fixed bound, not by a RecursionError, which a raised
    recursion limit (a library may raise it) would never come to."""
    import sys

    from pokerkeys.web.schemas import MAX_JSON_DEPTH, ApiError, parse_json_object
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    try:
        with pytest.raises(ApiError, match="nested too deeply"):
            parse_json_object(b"[" * 5_000 + b"]" * 5_000, Limits())
        deep = b'{"a": ' + b"[" * (MAX_JSON_DEPTH - 1) + b"]" * (MAX_JSON_DEPTH - 1) + b"}"
        assert parse_json_object(deep, Limits())  # as deep as allowed: read
        brackets = b'{"hands": ["[[[[' + b"[" * 100 + b'", "QsQd"]}'
        assert parse_json_object(brackets, Limits())["hands"][1] == "QsQd"  # in a string
    finally:
        sys.setrecursionlimit(previous)
