"""``pokerkeys serve``: the local web app (``pokerkeys.web``), when its extra is installed."""
from __future__ import annotations

from .common import CliError


def _port(text: str) -> int:
    import argparse
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {port}")
    return port


def _cmd_serve(args) -> int:
    from ..web import INSTALL_HINT, missing_modules

    missing = missing_modules()
    if missing:
        raise CliError(f"the web app needs {' and '.join(missing)}: {INSTALL_HINT}")
    from ..web.server import serve
    try:
        serve(args.host, args.port, args.open)
    except KeyboardInterrupt:
        pass
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="the local web app: odds calculator, preflop explorer, "
                                     "head-to-head (needs pip install 'pokerkeys[web]')")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8765, help="port (default 8765)")
    p.add_argument("--open", action="store_true", help="open the app in the default browser")
    p.set_defaults(run=_cmd_serve)
