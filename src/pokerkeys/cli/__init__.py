"""The ``pokerkeys`` command line.

``main.build_parser`` builds the parser from one module per group of subcommands (``bulk``,
``games``, ``preflop``, ``serve``, ``analysis``) and the helpers they share (``common``);
``main.main`` runs one command and returns its exit status; ``main.run`` is the console
script.
"""
from .common import CliError
from .main import build_parser, main, run

__all__ = ["CliError", "build_parser", "main", "run"]
