"""A pytest plugin that slows the pages' requests, to find browser tests that read a page
before it has acted (not a test module; nothing loads it unless asked).

Every page of a browser test (every context made by ``Browser.new_context``) holds its
``fetch`` of a URL matching ``$SLOW_FETCH`` (a JavaScript regular expression) for
``$SLOW_MS`` milliseconds (default 3000) before sending it, as a slow or loaded server
would answer late; ``SLOW_RANDOM=1`` holds each such fetch for a random time up to
``$SLOW_MS`` instead (answers then also come out of order), and ``SLOW_FIRST_ONLY=1`` holds
only a page's first one. A test that passes as it is but fails so, on an assertion rather
than a wait's timeout, reads something before the page has it::

    PYTHONPATH=tests SLOW_FETCH=/api/ SLOW_RANDOM=1 \\
        python -m pytest -q -p browser_slow_fetch tests/test_web_browser_analysis.py

Without ``$SLOW_FETCH`` it changes nothing.
"""
from __future__ import annotations

import json
import os

from playwright.sync_api import Browser, BrowserContext

PATTERN = os.environ.get("SLOW_FETCH")
MILLISECONDS = int(os.environ.get("SLOW_MS", "3000"))
RANDOM = os.environ.get("SLOW_RANDOM") == "1"
FIRST_ONLY = os.environ.get("SLOW_FIRST_ONLY") == "1"

# Runs in each page before its own scripts: it replaces window.fetch, which the pages'
# scripts (api.js, analysis.js) call for every request.
HOLD_FETCH = f"""(() => {{
  const pattern = new RegExp({json.dumps(PATTERN)});
  const random = {json.dumps(RANDOM)}, firstOnly = {json.dumps(FIRST_ONLY)};
  const send = window.fetch;
  let held = 0;
  window.fetch = (input, init) => {{
    const url = typeof input === 'string' ? input : input.url;
    if (!pattern.test(url) || (firstOnly && held > 0)) return send(input, init);
    held++;
    const ms = random ? Math.random() * {MILLISECONDS} : {MILLISECONDS};
    return new Promise(resolve => setTimeout(resolve, ms)).then(() => send(input, init));
  }};
}})();"""

_new_context = Browser.new_context


def _new_context_holding_fetches(self: Browser, *args: object, **kwargs: object) -> BrowserContext:
    context = _new_context(self, *args, **kwargs)
    context.add_init_script(HOLD_FETCH)
    return context


if PATTERN:
    Browser.new_context = _new_context_holding_fetches
