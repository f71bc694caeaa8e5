"""``pokerkeys serve``: run the web app under uvicorn, optionally opening the browser.

The address is bound (and listening) before anything is announced: a port that is taken or
an address this machine does not have is one error naming both, and the URL printed is one
that answers.

Stopping (Ctrl-C, SIGTERM) takes well under a second, even while browsers stream long Monte
Carlo runs. Uvicorn's graceful shutdown closes idle connections but waits for every response
still being sent, and only then tells the app to stop (its lifespan shutdown), which is where
the app used to cancel its jobs: an open stream, which a browser tab keeps for a whole run,
kept its job computing until the job's time limit (up to a minute), and the server with it.
So the server here cancels every job as soon as it is asked to stop, before uvicorn waits
for the connections: each stream then ends with an ``error`` event "the server is stopping"
within a round of its job, and a plain request answers 503.
"""
from __future__ import annotations

import os
import socket
import sys
import threading
import webbrowser
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .limits import Limits

__all__ = ["serve"]

#: Seconds uvicorn waits at most for responses still being sent once the jobs are cancelled
#: (they end within a round, a fraction of a second); then it cancels their tasks.
GRACEFUL_SECONDS = 1


def _listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` and listening, bound as uvicorn binds one.

    Connections that arrive before the server runs wait in the socket's queue, so the URL can
    be announced (and opened) as soon as this returns. A host holding ``:`` is IPv6. Raises
    ``OSError("cannot listen on HOST:PORT: <reason>")`` when the port is taken, the address
    is not this machine's or the name does not resolve.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if os.name != "nt":  # on Windows it would let a second server share a taken port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)  # uvicorn's default backlog
    except OSError as exc:
        sock.close()
        where = f"[{host}]:{port}" if family == socket.AF_INET6 else f"{host}:{port}"
        raise OSError(f"cannot listen on {where}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def serve(host: str = "127.0.0.1", port: int = 8765, open_browser: bool = False,
          limits: Limits | None = None) -> None:
    """Serve the app of ``create_app(limits)`` until Ctrl-C or SIGTERM.

    The address is bound first; then one line on standard error says where the app is,
    after another warning when ``host`` lets other machines reach it (the app has no
    authentication). Ctrl-C or SIGTERM cancels every job at once and stops the server within
    a second, open streams included.

    Parameters
    ----------
    host : str, optional
        The address to listen on (default ``"127.0.0.1"``: this machine only; ``"0.0.0.0"``
        listens on every interface).
    port : int, optional
        The TCP port (default 8765; 0 lets the system choose a free one, which the line
        announcing the URL shows).
    open_browser : bool, optional
        Open the app in the default browser once the server listens (default False).
    limits : Limits, optional
        The server's limits (default ``Limits()``).

    Raises
    ------
    ImportError
        When uvicorn or starlette is not installed (``pip install 'pokerkeys[web]'``).
    OSError
        When the address cannot be bound (the port is taken, the address is not this
        machine's): ``cannot listen on HOST:PORT: <reason>``, before anything is printed.

    Examples
    --------
    >>> from pokerkeys.web.server import serve
    >>> serve(port=8765, open_browser=True)  # doctest: +SKIP
    pokerkeys: the app is at http://127.0.0.1:8765/ (Ctrl-C stops it)
    """
    import uvicorn

    from .app import create_app
    from .jobs import JobRunner

    class Server(uvicorn.Server):
        """Uvicorn's server, cancelling the app's jobs as soon as it is asked to stop."""

        def __init__(self, config: uvicorn.Config, runner: JobRunner):
            super().__init__(config)
            self.runner = runner

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            self.runner.shutdown()  # the streams end now, so the connections close now
            await super().shutdown(sockets)

    app = create_app(limits)
    sock = _listen(host, port)
    try:
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        bound = sock.getsockname()[1]  # the port asked for, or the one chosen for port 0
        url = f"http://{f'[{shown}]' if ':' in shown else shown}:{bound}/"
        if host not in ("127.0.0.1", "localhost", "::1"):
            print(f"pokerkeys: warning: serving on {host}, not only this machine: anyone who can "
                  f"reach this address can use the app (it has no authentication)",
                  file=sys.stderr)
        print(f"pokerkeys: the app is at {url} (Ctrl-C stops it)", file=sys.stderr, flush=True)
        if open_browser:  # the socket listens: the browser's request waits for the server
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        config = uvicorn.Config(app, log_level="warning",
                                timeout_graceful_shutdown=GRACEFUL_SECONDS)
        Server(config, app.state.runner).run(sockets=[sock])
    finally:
        sock.close()
