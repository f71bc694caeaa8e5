"""``pokerkeys serve``: run the web app under uvicorn, optionally opening the browser."""
from __future__ import annotations

import sys
import threading
import webbrowser

__all__ = ["serve"]


def serve(host: str = "127.0.0.1", port: int = 8765, open_browser: bool = False) -> None:
    """Serve the app of ``create_app()`` until Ctrl-C.

    One line on standard error says where the app is; another warns when ``host`` lets other
    machines reach it (the app has no authentication).

    Parameters
    ----------
    host : str, optional
        The address to listen on (default ``"127.0.0.1"``: this machine only; ``"0.0.0.0"``
        listens on every interface).
    port : int, optional
        The TCP port (default 8765).
    open_browser : bool, optional
        Open the app in the default browser once the server listens (default False).

    Raises
    ------
    ImportError
        When uvicorn or starlette is not installed (``pip install 'pokerkeys[web]'``).
    SystemExit
        When the address cannot be bound (e.g. the port is taken): uvicorn logs why and
        exits with status 3.

    Examples
    --------
    >>> from pokerkeys.web.server import serve
    >>> serve(port=8765, open_browser=True)  # doctest: +SKIP
    pokerkeys: the app is at http://127.0.0.1:8765/ (Ctrl-C stops it)
    """
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
