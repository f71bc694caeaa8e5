"""The ``pokerkeys`` command line: ``main`` builds the parser (``main.py``) from one module per
group of subcommands (``bulk``, ``games``, ``preflop``) and the helpers they share
(``common``)."""
from .common import CliError
from .main import build_parser, main, run

__all__ = ["CliError", "build_parser", "main", "run"]
