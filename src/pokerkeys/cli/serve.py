"""``pokerkeys serve``: the local web app (``pokerkeys.web``), when its extra is installed.

``--time-limit`` and ``--long-jobs`` set the server's work limits (``pokerkeys.web.limits``).
"""
from __future__ import annotations

import argparse
import contextlib
from typing import TYPE_CHECKING

from .common import CliError

if TYPE_CHECKING:
    from .common import Subparsers

__all__ = ["add_parser"]


def _whole_number(text: str, low: int, high: int, what: str) -> int:
    """``text`` as an integer from ``low`` to ``high``, or an argparse error naming ``what``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} is from {low} to {high}, not {value}")
    return value


def _port(text: str) -> int:
    return _whole_number(text, 1, 65535, "a port number")


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"a time limit is more than 0 and at most 3600 "
                                         f"seconds, not {text}")
    return seconds


def _job_count(text: str) -> int:
    return _whole_number(text, 1, 64, "a number of long jobs")


def _cmd_serve(args: argparse.Namespace) -> int:
    from ..web import INSTALL_HINT, missing_modules

    missing = missing_modules()
    if missing:
        raise CliError(f"the web app needs {' and '.join(missing)}: {INSTALL_HINT}")
    from ..web.limits import Limits
    from ..web.server import serve
    limits = Limits(max_seconds=args.time_limit, long_jobs=args.long_jobs)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how the server stops
        serve(args.host, args.port, args.open, limits)
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
    >>> args.host, args.port, args.open, args.time_limit, args.long_jobs
    ('127.0.0.1', 8000, False, 60.0, 2)
    """
    p = sub.add_parser(
        "serve", help="the local web app: odds calculator, preflop explorer, head-to-head, "
                      "range analysis (needs pip install 'pokerkeys[web]')",
        description="Serve the web app on this machine until Ctrl-C: the odds calculator, "
                    "the preflop explorer, head-to-head, range analysis, and their JSON API. "
                    "Needs the web extra: pip install 'pokerkeys[web]'.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0: every network interface, with a warning, as the app has "
                        "no authentication)")
    p.add_argument("--port", type=_port, default=8765,
                   help="TCP port to listen on, 1-65535 (default 8765)")
    p.add_argument("--open", action="store_true",
                   help="also open the app in the default web browser")
    from ..web.limits import Limits  # a plain dataclass: no web framework is imported

    default = Limits()
    p.add_argument("--time-limit", type=_seconds, default=default.max_seconds,
                   metavar="SECONDS",
                   help=f"the longest any job runs, and the largest time limit a page may "
                        f"set, in seconds (default {default.max_seconds:g}); Monte Carlo "
                        f"stopped by it keeps its estimate")
    p.add_argument("--long-jobs", type=_job_count, default=default.long_jobs, metavar="N",
                   help=f"long jobs (Monte Carlo, big enumerations) running at once, at most "
                        f"(default {default.long_jobs}); more wait, with a countdown on the "
                        f"page")
    p.set_defaults(run=_cmd_serve)
