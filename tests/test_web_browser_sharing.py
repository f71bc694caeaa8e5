"""Sharing one server, from a real browser tab (Debian's chromium through Playwright) against
a real ``pokerkeys serve``: each tab names itself, a reload or a quick second run never
blocks the tab, a busy server shows a countdown and the request retries by itself, and
Ctrl-C or SIGTERM stops the server within a second while the tab streams. Screenshots of the
countdown go to $POKERKEYS_SCREENSHOTS (default: pytest's tmp dir)."""
from __future__ import annotations

import json
import signal
import threading

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
pytest.importorskip("playwright.sync_api")

from test_web_sharing import Served  # noqa: E402

CLIENT = "X-Pokerkeys-Client"
LONG = {"hands": ["random"] * 4, "exact": False, "time_limit": 50}


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context
    context.close()
    assert not errors, errors


def _open(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.querySelector('header nav a') !== null")
    return page


def _start_stream(page, body: dict) -> None:
    """Start streaming an equity run from the tab, through the page's own api.js; the
    events and the outcome collect in window.run."""
    page.evaluate("""async (body) => {
        const api = await import('/static/api.js');
        window.run = { events: 0, last: null, error: null, done: false };
        window.abort = new AbortController();
        api.streamEquity(body, r => { window.run.events++; window.run.last = r; },
                         window.abort.signal)
          .then(() => { window.run.done = true; })
          .catch(e => { window.run.error = `${e.name}: ${e.message}`; window.run.done = true; });
    }""", body)


class _OtherClient:
    """Another client's long stream, on a thread, until closed."""

    def __init__(self, server: Served, client: str):
        self.started = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(server, client), daemon=True)
        self.thread.start()
        assert self.started.wait(60)

    def _run(self, server: Served, client: str) -> None:
        with (httpx.Client(timeout=120) as c,
              c.stream("POST", server.url + "/api/equity/stream", json=LONG,
                       headers={CLIENT: client}) as r):
            for line in r.iter_lines():
                if line.startswith("data: "):
                    self.started.set()
                if self.stop.is_set():
                    return

    def close(self) -> None:
        self.stop.set()
        self.thread.join(30)


@pytest.fixture(scope="module")
def served():
    s = Served("--long-jobs", "1")
    yield s
    s.stop()


def test_each_tab_names_itself_and_keeps_its_name_across_reloads(served, context):
    page = _open(context, served.url + "/")
    sent = []
    page.on("request", lambda r: sent.append((r.url, r.headers.get(CLIENT.lower()))))
    first = page.evaluate("import('/static/api.js').then(api => api.clientId())")
    assert len(first) == 36 and first.count("-") == 4  # a UUID
    page.evaluate("import('/static/api.js').then(api => api.getJSON('/api/status'))")
    assert (served.url + "/api/status", first) in sent
    page.reload()
    page.wait_for_function("document.querySelector('header nav a') !== null")
    assert page.evaluate("import('/static/api.js').then(api => api.clientId())") == first
    other = _open(context, served.url + "/preflop")
    second = other.evaluate("import('/static/api.js').then(api => api.clientId())")
    assert second != first and len(second) == 36


def test_a_duplicated_tab_takes_a_name_of_its_own(served, context):
    # A duplicated tab starts with a copy of its original's sessionStorage, id included
    # (here written before the page's scripts run): it asks the other tabs, and takes a
    # new id; the original keeps its own.
    page = _open(context, served.url + "/")
    first = page.evaluate("import('/static/api.js').then(api => api.clientId())")
    duplicate = context.new_page()
    duplicate.add_init_script(f"sessionStorage.setItem('pokerkeys-client', '{first}')")
    duplicate.goto(served.url + "/")
    duplicate.wait_for_function(f"import('/static/api.js').then(api => api.clientId() !== "
                                f"'{first}')", timeout=5_000)
    second = duplicate.evaluate("import('/static/api.js').then(api => api.clientId())")
    assert second != first and len(second) == 36
    assert duplicate.evaluate("sessionStorage.getItem('pokerkeys-client')") == second
    assert page.evaluate("import('/static/api.js').then(api => api.clientId())") == first


def test_a_reload_while_streaming_does_not_block_the_tab(served, context):
    page = _open(context, served.url + "/")
    _start_stream(page, LONG)
    page.wait_for_function("window.run.events > 0", timeout=60_000)
    assert served.long_jobs() == 1
    page.reload()  # the old stream's connection may linger: the tab's id replaces its job
    page.wait_for_function("document.querySelector('header nav a') !== null")
    _start_stream(page, dict(LONG, time_limit=1))
    page.wait_for_function("window.run.done", timeout=60_000)
    run = page.evaluate("window.run")
    assert run["error"] is None and run["last"]["stopped_by"] == "time_limit", run
    served.wait_for_long_jobs(0)


def test_quick_runs_in_one_tab_replace_each_other(served, context):
    page = _open(context, served.url + "/")
    outcome = page.evaluate("""async (body) => {
        const api = await import('/static/api.js');
        const first = api.postJSON('/api/equity', body).then(() => 'answered',
                                                               e => `${e.status} ${e.message}`);
        // The second run goes once the server runs the first (a fixed pause could end
        // before a loaded server has started it), within a minute.
        for (let i = 0; i < 600; i++) {
            if ((await api.getJSON('/api/status')).long_jobs_running === 1) break;
            await new Promise(r => setTimeout(r, 100));
        }
        const second = await api.postJSON('/api/equity', { ...body, time_limit: 0.5 });
        return [await first, second.stopped_by];
    }""", LONG)
    assert outcome[0].startswith("409 ") and "same client" in outcome[0]
    assert outcome[1] == "time_limit"
    served.wait_for_long_jobs(0)


def test_a_busy_server_shows_a_countdown_and_the_request_retries(served, context, shots):
    other = _OtherClient(served, "another-tab")
    try:
        page = _open(context, served.url + "/")
        # The default wait handler (the page's #status), not the one the page sets.
        page.evaluate("import('/static/api.js').then(api => api.setWaitHandler(null))")
        before = page.locator("#status").inner_text()
        _start_stream(page, dict(LONG, time_limit=1))
        page.wait_for_function("/trying again in \\d+ s/.test("
                               "document.querySelector('#status').textContent)",
                               timeout=10_000)
        text = page.locator("#status").inner_text()
        assert text.startswith("The server is busy with other long runs; trying again in")
        page.screenshot(path=shots / "busy-countdown.png")
        page.set_viewport_size({"width": 390, "height": 844})
        page.locator("#status").scroll_into_view_if_needed()
        page.screenshot(path=shots / "busy-countdown-390.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate("window.run.done") is False
    finally:
        other.close()
    page.wait_for_function("window.run.done", timeout=30_000)
    run = page.evaluate("window.run")
    assert run["error"] is None and run["last"]["stopped_by"] == "time_limit", run
    assert page.locator("#status").inner_text() == before
    served.wait_for_long_jobs(0)


def test_a_wait_handler_sees_each_second_and_an_abort_ends_the_wait(served, context):
    other = _OtherClient(served, "another-tab")
    try:
        page = _open(context, served.url + "/")
        result = page.evaluate("""async (body) => {
            const api = await import('/static/api.js');
            const calls = [];
            const abort = new AbortController();
            // The abort comes half a second into the countdown's third second (a timer
            // from the start could end the wait before a loaded server's 503 came).
            api.setWaitHandler((seconds, message) => {
                calls.push([seconds, message]);
                if (calls.filter(([s]) => s > 0).length === 3) setTimeout(() => abort.abort(), 500);
            });
            let error = null;
            try {
                await api.postJSON('/api/equity', body, abort.signal);
            } catch (e) {
                error = e.name;
            }
            api.setWaitHandler(null);
            return { calls, error };
        }""", LONG)
    finally:
        other.close()
    calls = result["calls"]
    assert result["error"] == "AbortError"
    assert [s for s, _ in calls[:3]] == [calls[0][0], calls[0][0] - 1, calls[0][0] - 2]
    assert all(f"trying again in {s} s" in m for s, m in calls[:-1])
    assert calls[-1] == [0, ""]
    served.wait_for_long_jobs(0)


def test_the_current_page_is_marked_for_screen_readers(served, context):
    pages = ("/", "/preflop", "/headsup", "/analysis")
    for path in pages:
        page = _open(context, served.url + path)
        current = page.locator("header nav a[aria-current='page']")
        assert current.count() == 1 and current.get_attribute("href") == path
        assert page.locator("header nav a:not([aria-current])").count() == len(pages) - 1


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_server_stops_within_a_second_while_a_tab_streams(browser, sig):
    server = Served()
    context = browser.new_context()
    try:
        page = _open(context, server.url + "/")
        _start_stream(page, LONG)
        page.wait_for_function("window.run.events > 2", timeout=60_000)
        assert server.long_jobs() == 1
        seconds, output = server.stop(sig)
        print(f"\n{signal.Signals(sig).name} while a chromium tab streams: the server ended "
              f"in {seconds:.2f} s")
        assert seconds < 1.0, output
        assert "Traceback" not in output
        page.wait_for_function("window.run.done", timeout=10_000)
        run = page.evaluate("window.run")
        assert run["error"] == "ApiError: the server is stopping", json.dumps(run)[:300]
    finally:
        context.close()
        if server.process.poll() is None:
            server.process.kill()
