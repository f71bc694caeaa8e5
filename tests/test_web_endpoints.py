"""The JSON API's description (``pokerkeys.web.endpoints``) against the app itself: the same
routes and methods, every request field the schemas accept, and examples that the app accepts
and answers as shown."""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import warnings
from urllib.parse import parse_qsl, urlsplit

import pytest

from pokerkeys.web.endpoints import ENDPOINTS, Endpoint

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.routing import Route
    from starlette.testclient import TestClient

from pokerkeys.web.app import create_app
from pokerkeys.web.schemas import EQUITY_FIELDS

ELLIPSIS = "..."


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


def _api_routes() -> dict[str, Route]:
    return {r.path: r for r in create_app().routes
            if isinstance(r, Route) and r.path.startswith("/api/")}


def _curl(command: str) -> tuple[str, str, dict[str, str], list[tuple[str, str]], bytes | None]:
    """(method, path, headers, query parameters, body) of a curl command line of the
    examples."""
    words = shlex.split(command)
    assert words[0] == "curl", command
    url = None
    headers: dict[str, str] = {}
    data: bytes | None = None
    encoded: list[str] = []
    get = False
    i = 1
    while i < len(words):
        word = words[i]
        if word in ("-H", "-d", "--data-urlencode"):
            value = words[i + 1]
            i += 2
            if word == "-H":
                name, _, header = value.partition(":")
                headers[name.strip()] = header.strip()
            elif word == "-d":
                data = value.encode()
            else:
                encoded.append(value)
            continue
        if word.startswith("-") and not word.startswith("--"):
            assert set(word[1:]) <= set("sNG"), f"unexpected curl option {word}"
            get = get or "G" in word
        else:
            assert url is None, command
            url = word
        i += 1
    assert url is not None and url.startswith("http://127.0.0.1:8765/"), command
    parts = urlsplit(url)
    params = parse_qsl(parts.query)
    for item in encoded:
        name, _, value = item.partition("=")
        params.append((name, value))
    if get or data is None:
        return "GET", parts.path, headers, params, None
    return "POST", parts.path, headers, params, data


def _send(client: TestClient, endpoint: Endpoint):
    method, path, headers, params, data = _curl(endpoint.example_request)
    assert method == endpoint.method
    if method == "GET":
        return client.get(path, params=params, headers=headers)
    return client.post(path, params=params, content=data, headers=headers)


def _example_json(text: str):
    """An example answer as JSON: a list shortened with '...' ends in the string '...', an
    object shortened so has the key '...'."""
    text = re.sub(r",\s*\.\.\.(\s*)\]", r', "..."\1]', text)
    text = re.sub(r",\s*\.\.\.(\s*)\}", r', "...": null\1}', text)
    return json.loads(text)


def _matches(example, actual, where: str = "") -> None:
    """The example is the actual answer, but for '...' shortenings and elapsed times."""
    if isinstance(example, dict):
        assert isinstance(actual, dict), where
        if ELLIPSIS in example:
            assert set(example) - {ELLIPSIS} <= set(actual), where
        else:
            assert set(example) == set(actual), where
        for key, value in example.items():
            if key == "elapsed":
                assert isinstance(actual[key], float), where
            elif key != ELLIPSIS:
                _matches(value, actual[key], f"{where}.{key}")
    elif isinstance(example, list):
        assert isinstance(actual, list), where
        if example and example[-1] == ELLIPSIS:
            example = example[:-1]
            assert len(actual) > len(example), where
            actual = actual[:len(example)]
        assert len(example) == len(actual), where
        for i, (e, a) in enumerate(zip(example, actual, strict=True)):
            _matches(e, a, f"{where}[{i}]")
    elif isinstance(example, float):
        assert actual == pytest.approx(example, rel=1e-12, abs=1e-15), where
    else:
        assert example == actual and type(example) is type(actual), where


def _events(text: str) -> list[tuple[str, str]]:
    """(event name, data) of each event of a server-sent event stream."""
    found = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        lines = [line for line in block.split("\n") if line and not line.startswith(":")]
        if not lines:
            continue
        fields = dict(line.split(": ", 1) for line in lines)
        found.append((fields.get("event", "message"), fields["data"]))
    return found


def test_the_module_imports_no_web_framework():
    code = ("import sys, pokerkeys.web.endpoints; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('starlette', 'uvicorn', 'httpx', 'anyio')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_endpoints_cover_exactly_the_api_routes_with_their_methods():
    routes = _api_routes()
    described = {e.path: e for e in ENDPOINTS}
    assert len(described) == len(ENDPOINTS), "a path is described twice"
    assert set(described) == set(routes)
    for path, route in routes.items():
        assert route.methods is not None
        assert set(route.methods) - {"HEAD"} == {described[path].method}, path


def test_every_field_is_described_once_with_its_parts():
    for e in ENDPOINTS:
        assert e.summary and e.description and e.example_request and e.example_response
        assert e.errors and all(400 <= c.status < 600 and c.when for c in e.errors)
        assert e.content_type in ("application/json", "text/event-stream")
        for fields in (e.query, e.body, e.response):
            names = [f.name for f in fields]
            assert len(names) == len(set(names)), (e.path, names)
            for f in fields:
                assert f.type and f.description, (e.path, f.name)
                assert not (f.required and f.default is not None), (e.path, f.name)
        assert (e.method == "GET") == (not e.body), e.path


def test_every_equity_field_the_schema_accepts_is_described():
    for e in ENDPOINTS:
        if e.method == "POST":
            assert [f.name for f in e.body] == list(EQUITY_FIELDS), e.path
            assert [f.name for f in e.body if f.required] == ["hands"]


def test_path_and_query_parameters_are_described_and_required(client):
    routes = _api_routes()
    for e in ENDPOINTS:
        path_params = set(routes[e.path].param_convertors)
        names = {f.name for f in e.query}
        assert path_params <= names, e.path
        assert all(f"{{{n}}}" in e.path for n in path_params)
        if e.method != "GET":
            continue
        _, path, _, query, _ = _curl(e.example_request)
        params = dict(query)
        assert set(params) == names - path_params, e.path
        for name in params:  # each query parameter is needed
            rest = {k: v for k, v in params.items() if k != name}
            r = client.get(path, params=rest)
            assert r.status_code == 400 and repr(name) in r.json()["error"], (e.path, name)


def test_every_400_documented_for_equity_comes_with_a_message(client):
    # The documented statuses are those the app answers: 405 for the other method.
    for e in ENDPOINTS:
        statuses = {c.status for c in e.errors}
        assert 405 in statuses
        other = "GET" if e.method == "POST" else "POST"
        path = e.path.replace("{name}", "AKs")
        r = client.request(other, path)
        assert r.status_code == 405 and "error" in r.json(), e.path
        if e.method == "POST":
            assert {400, 413, 503} <= statuses


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: f"{e.method} {e.path}")
def test_example_request_is_answered_as_shown(client, endpoint):
    r = _send(client, endpoint)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith(endpoint.content_type)
    described = [f.name for f in endpoint.response]
    if endpoint.content_type == "text/event-stream":
        got = _events(r.text)
        shown = _events(endpoint.example_response)
        assert got and shown
        assert {name for name, _ in got} == {name for name, _ in shown} == {"result"}
        for (_, data) in got + shown:
            assert list(_example_json(data)) == described
        # Partial results depend on timing; the final one does not (a seed and trials).
        _matches(_example_json(shown[-1][1]), json.loads(got[-1][1]))
        return
    actual = r.json()
    example = _example_json(endpoint.example_response)
    _matches(example, actual)
    assert set(actual) <= set(described), endpoint.path
    if endpoint.path != "/api/headsup":
        assert list(actual) == described, endpoint.path


def test_headsup_fields_cover_both_kinds_of_answer(client):
    e = next(e for e in ENDPOINTS if e.path == "/api/headsup")
    classes = client.get("/api/headsup", params={"a": "AKs", "b": "QQ"}).json()
    hands = client.get("/api/headsup", params={"a": "AhKh", "b": "QQ+"}).json()
    assert set(classes) | set(hands) == {f.name for f in e.response}
