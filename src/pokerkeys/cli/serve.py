"""``pokerkeys serve``: the local web app (``pokerkeys.web``), when its extra is installed."""
from __future__ import annotations

import argparse
import contextlib
from typing import TYPE_CHECKING

from .common import CliError

if TYPE_CHECKING:
    from .common import Subparsers

__all__ = ["add_parser"]


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {port}")
    return port


def _cmd_serve(args: argparse.Namespace) -> int:
    from ..web import INSTALL_HINT, missing_modules

    missing = missing_modules()
    if missing:
        raise CliError(f"the web app needs {' and '.join(missing)}: {INSTALL_HINT}")
    from ..web.server import serve
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how the server stops
        serve(args.host, args.port, args.open)
    return 0


def add_parser(sub: Subparsers) -> None:
    """Register ``serve`` on the main parser's subcommands.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        What ``ArgumentParser.add_subparsers`` returned.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.serve import add_parser
    >>> parser = argparse.ArgumentParser(prog="pokerkeys")
    >>> add_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["serve", "--port", "8000"])
    >>> args.host, args.port, args.open
    ('127.0.0.1', 8000, False)
    """
    p = sub.add_parser(
        "serve", help="the local web app: odds calculator, preflop explorer, head-to-head "
                      "(needs pip install 'pokerkeys[web]')",
        description="Serve the web app on this machine until Ctrl-C: the odds calculator, "
                    "the preflop explorer, head-to-head, and their JSON API. Needs the web "
                    "extra: pip install 'pokerkeys[web]'.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0: every network interface, with a warning, as the app has "
                        "no authentication)")
    p.add_argument("--port", type=_port, default=8765,
                   help="TCP port to listen on, 1-65535 (default 8765)")
    p.add_argument("--open", action="store_true",
                   help="also open the app in the default web browser")
    p.set_defaults(run=_cmd_serve)
