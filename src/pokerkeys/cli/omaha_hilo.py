"""``pokerkeys equity --game omaha8`` (and ``omaha5-8``, ``omaha6-8``): Omaha hi/lo equity.

``pokerkeys.cli.main`` sends the ``equity`` command here when ``--game`` names a hi/lo game;
the options are the ``equity`` command's. The output is ``HiLoResult``'s table (pot share,
high and low halves, scoops, how often a low qualifies), after a line for each player given
as a range saying how it was read (its number of hands, and those left once the known cards
are removed), or as JSON ``HiLoResult.to_dict`` with ``read_as`` (as ``equity --game
omaha`` gives it) when some player is a range. Errors
surface as ``ValueError``/``CliError``, which ``pokerkeys.cli.main.main`` prints as one line
with exit code 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from .common import CliError, progress_bar, range_note

__all__ = ["HILO_GAME_NAMES", "run_equity"]

#: The ``--game`` values of the ``equity`` command that this module answers.
HILO_GAME_NAMES = ("omaha8", "omaha5-8", "omaha6-8")


def run_equity(args: argparse.Namespace) -> int:
    """Carry out ``pokerkeys equity`` for a hi/lo game: compute, then print text or JSON.

    Parameters
    ----------
    args : argparse.Namespace
        The ``equity`` command's parsed arguments; ``args.game`` is one of
        ``HILO_GAME_NAMES``.

    Returns
    -------
    int
        The exit status, 0.

    Raises
    ------
    CliError
        If ``--exact`` comes with a stop rule, or ``--combos`` is given (no per-combo
        results in hi/lo).
    ValueError
        The errors of ``pokerkeys.omaha_hilo_equity`` (bad cards, ranges, sizes).

    Examples
    --------
    >>> from pokerkeys.cli.main import build_parser
    >>> from pokerkeys.cli.omaha_hilo import run_equity
    >>> args = build_parser().parse_args(["equity", "As2dKhKc", "QsQdJhTc", "--game",
    ...                                   "omaha8", "--board", "3c4d9h7s", "--json"])
    >>> run_equity(args)  # doctest: +ELLIPSIS
    {
      "players": [
        "As2dKhKc",
        "QsQdJhTc"
      ],
      "equity": [
        0.925,
        0.075
      ],
    ...
    0
    """
    from ..equity.omaha_hilo import HILO_GAMES, omaha_hilo_equity

    if args.combos:
        raise CliError("--combos is not available for hi/lo games")
    stop_flags = [args.trials is not None, args.stderr is not None, args.time is not None]
    if args.exact and any(stop_flags):
        raise CliError("--exact cannot be combined with --trials, --stderr or --time")
    exact = True if args.exact else (False if any(stop_flags) else None)
    show = not (args.json or args.no_progress) and sys.stderr.isatty()
    progress = progress_bar("it") if show else None
    try:
        result = omaha_hilo_equity(args.hands, board=args.board, dead=args.dead,
                                   game=args.game, exact=exact, trials=args.trials,
                                   target_stderr=args.stderr, time_limit=args.time,
                                   seed=args.seed, threads=args.threads, progress=progress)
    finally:
        if progress is not None:
            progress.close()
    from .analysis import omaha_read_as

    read_as = omaha_read_as(args.hands, args.board, args.dead, HILO_GAMES[args.game])
    if args.json:
        extra = {"read_as": read_as} if read_as is not None else {}
        print(json.dumps(dict(result.to_dict(), **extra), indent=2))
        return 0
    if args.board:
        print(f"board: {args.board}")
    for i, entry in enumerate(read_as or ()):
        if entry["kind"] == "range":
            print(range_note(i, entry))
    print(result)
    return 0
