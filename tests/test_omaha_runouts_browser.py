"""Omaha runouts past the exact limit on the range-analysis page, in a real browser (Debian's
chromium through Playwright, against a real ``pokerkeys serve``): a hand against two random
hands on a flop samples matchups, its progress shows, and Stop stops it. A screenshot goes to
the shots folder."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright.sync_api")
httpx = pytest.importorskip("httpx")

from browser_pages import (  # noqa: E402  (after the skips)
    page_fixture,
    server_fixture,
    stop_when_progress_shows,
)

server = server_fixture()
desktop = page_fixture()


def test_sampled_omaha_runouts_stream_progress_and_stop(server, desktop, shots):
    page = desktop
    page.goto(server.url + "/analysis?game=omaha&p=AsKsQdJd&p=random&p=random&board=Ts9s2d"
              "&tab=runouts")
    # The run takes about a second: Stop is pressed in the page as soon as the progress bar
    # shows (a click from here, after a screenshot, could come after the end of the run).
    stop_when_progress_shows(page)
    page.wait_for_function("document.querySelector('#state').textContent === 'Stopped.'")
    page.screenshot(path=str(shots / "analysis-omaha-runouts-stopped.png"))
    end = time.monotonic() + 10
    while httpx.get(server.url + "/api/status").json()["long_jobs_running"] and \
            time.monotonic() < end:
        time.sleep(0.1)
    assert httpx.get(server.url + "/api/status").json()["long_jobs_running"] == 0
