"""``pokerkeys serve``: run the app under uvicorn, optionally opening the browser."""
from __future__ import annotations

import sys
import threading
import webbrowser


def serve(host: str = "127.0.0.1", port: int = 8765, open_browser: bool = False) -> None:
    import uvicorn

    from .app import create_app

    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"pokerkeys: warning: serving on {host}, not only this machine: anyone who can "
              f"reach this address can use the app (it has no authentication)",
              file=sys.stderr)
    print(f"pokerkeys: the app is at {url} (Ctrl-C stops it)", file=sys.stderr, flush=True)
    if open_browser:
        # After a moment, so the server is listening when the browser asks.
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
