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
from typing import TYPE_CHECKING

from .common import CliError, range_note

if TYPE_CHECKING:
    from .common import ProgressBar

__all__ = ["HILO_GAME_NAMES", "run_equity"]

#: The ``--game`` values of the ``equity`` command that this module answers.
HILO_GAME_NAMES = ("omaha8", "omaha5-8", "omaha6-8")


def run_equity(args: argparse.Namespace, exact: bool | None,
               progress: ProgressBar | None) -> int:
    """Carry out ``pokerkeys equity`` for a hi/lo game: compute, then print text or JSON.

    Parameters
    ----------
    args : argparse.Namespace
        The ``equity`` command's parsed arguments; ``args.game`` is one of
        ``HILO_GAME_NAMES``.
    exact : bool or None
        From ``--exact`` and the stop rules (``pokerkeys.omaha_hilo_equity``'s ``exact``).
    progress : ProgressBar or None
        The progress bar, closed here once the count is done.

    Returns
    -------
    int
        The exit status, 0.

    Raises
    ------
    CliError
        If ``--combos`` is given (no per-combo results in hi/lo).
    ValueError
        The errors of ``pokerkeys.omaha_hilo_equity`` (bad cards, ranges, sizes).

    Examples
    --------
    >>> from pokerkeys.cli.main import build_parser
    >>> from pokerkeys.cli.omaha_hilo import run_equity
    >>> args = build_parser().parse_args(["equity", "As2dKhKc", "QsQdJhTc", "--game",
    ...                                   "omaha8", "--board", "3c4dTh9s"])
    >>> run_equity(args, None, None)  # doctest: +ELLIPSIS
    board: 3c4dTh9s
    player      equity      high       low     scoop
    As2dKhKc   72.500%   67.500%   40.000%   67.500%
    QsQdJhTc   27.500%   32.500%    0.000%   22.500%
    a low qualifies in 40.000% of showdowns
    exact: 40 showdowns counted in ... s
    0
    """
    from ..equity.omaha_hilo import HILO_GAMES, omaha_hilo_equity
    from .analysis import omaha_read_as

    try:
        if args.combos:
            raise CliError("--combos is not available for hi/lo games")
        result = omaha_hilo_equity(args.hands, board=args.board, dead=args.dead,
                                   game=args.game, exact=exact, trials=args.trials,
                                   target_stderr=args.stderr, time_limit=args.time,
                                   seed=args.seed, threads=args.threads, progress=progress)
    finally:
        if progress is not None:
            progress.close()
    read_as = omaha_read_as(args.hands, args.board, args.dead, HILO_GAMES[args.game])
    if args.json:
        extra = {"read_as": read_as} if read_as is not None else {}
        print(json.dumps(dict(result.to_dict(), **extra), indent=2))
        return 0
    if args.board:
        print(f"board: {args.board}")
    for i, entry in enumerate(read_as or ()):
        if entry["kind"] == "range":
            print(range_note(i, entry, "hand"))
    print(result)
    return 0
