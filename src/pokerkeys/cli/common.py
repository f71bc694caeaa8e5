"""What every command-line module shares: the user-error type, argument types, the checks made
before any work (optional dependencies, output folders), the progress bar, and the output of
a command's answer as text, ``--json`` or ``--csv``."""
from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, overload

if TYPE_CHECKING:
    from typing import TypeAlias

    Subparsers: TypeAlias = "argparse._SubParsersAction[CommandParser]"

__all__ = ["RULE_ORDERS", "CliError", "CommandParser", "ProgressBar", "add_rules_option",
           "check_rules", "excerpt_message", "positive",
           "positive_int", "print_answer", "progress_bar", "range_note", "read_as_of",
           "require_extra", "require_plot", "seed", "with_progress", "write_csv"]

_T = TypeVar("_T")


class CommandParser(argparse.ArgumentParser):
    """argparse's parser, reporting a usage error in two lines instead of the usage text.

    ``pokerkeys equity: error: argument --trials: 'x' is not a whole number``, then ``see
    'pokerkeys equity --help'`` on standard error, and exit status 2. ``add_subparsers``
    makes every subcommand's parser of the same class, so an error names the (sub)command it
    is about, unknown arguments included. The parsed namespace's ``prog`` is the deepest
    command's (``'pokerkeys preflop matrix'``), for the errors found after parsing.

    Parameters
    ----------
    *args, **kwargs
        As for ``argparse.ArgumentParser``.

    Examples
    --------
    >>> import contextlib, io
    >>> from pokerkeys.cli.common import CommandParser
    >>> parser = CommandParser(prog="tool")
    >>> command = parser.add_subparsers(dest="command").add_parser("count")
    >>> _ = command.add_argument("--times", type=int)
    >>> parser.parse_args(["count", "--times", "3"]).prog
    'tool count'
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
    ...     parser.parse_args(["count", "--times", "x"])
    >>> print(err.getvalue(), end="")
    tool count: error: argument --times: invalid int value: 'x'
    see 'tool count --help'
    """

    # typeshed overloads these two on the namespace's type; a Namespace in and out is all the
    # command line uses, so one signature stands for the overloads
    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        """Parse what is known, and record in ``prog`` the deepest command that parsed.

        Parameters
        ----------
        args : sequence of str, optional
            The arguments (default: ``sys.argv[1:]``).
        namespace : argparse.Namespace, optional
            Where to put the values (default: a new one).

        Returns
        -------
        tuple
            The namespace, with ``prog``, and the arguments left over.

        Examples
        --------
        >>> from pokerkeys.cli.common import CommandParser
        >>> parser = CommandParser(prog="tool")
        >>> _ = parser.add_subparsers(dest="command").add_parser("run")
        >>> args, rest = parser.parse_known_args(["run", "--extra"])
        >>> args.prog, rest
        ('tool run', ['--extra'])
        """
        parsed, extras = super().parse_known_args(args, namespace)
        # A subcommand's parser returns first and sets it; its parents keep the deeper one.
        if not hasattr(parsed, "prog"):
            parsed.prog = self.prog
        return parsed, extras

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """Parse the arguments; an unknown one is an error of the command it was given to.

        Parameters
        ----------
        args : sequence of str, optional
            The arguments (default: ``sys.argv[1:]``).
        namespace : argparse.Namespace, optional
            Where to put the values (default: a new one).

        Returns
        -------
        argparse.Namespace
            The values, and ``prog``, the command that parsed them.

        Raises
        ------
        SystemExit
            On a usage error (status 2, after the two lines on standard error), and for
            ``--help`` (status 0).

        Examples
        --------
        >>> from pokerkeys.cli.common import CommandParser
        >>> parser = CommandParser(prog="tool")
        >>> _ = parser.add_subparsers(dest="command").add_parser("run")
        >>> parser.parse_args(["run"]).command
        'run'
        """
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:  # named by the command they were given to, not by the top parser
            _usage_error(parsed.prog, f"unrecognized arguments: {' '.join(extras)}")
        return parsed

    def error(self, message: str) -> NoReturn:
        """Print the error and where to read the command's options; exit with status 2.

        Parameters
        ----------
        message : str
            What is wrong, as argparse words it (it names the bad argument).

        Raises
        ------
        SystemExit
            Always, status 2.

        Examples
        --------
        >>> import contextlib, io
        >>> from pokerkeys.cli.common import CommandParser
        >>> err = io.StringIO()
        >>> with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
        ...     CommandParser(prog="tool").error("argument --n: invalid int value: 'x'")
        >>> print(err.getvalue(), end="")
        tool: error: argument --n: invalid int value: 'x'
        see 'tool --help'
        """
        _usage_error(self.prog, message)


def _usage_error(prog: str, message: str) -> NoReturn:
    print(f"{prog}: error: {excerpt_message(message)}\nsee '{prog} --help'", file=sys.stderr)
    sys.exit(2)


def _whole_number(text: str) -> int:
    """An integer as people write it: '1000000', '1_000_000', '1e6', '2.5e6' (whole only)."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a whole number") from None
    if not math.isfinite(value) or value != int(value):
        raise argparse.ArgumentTypeError(f"{_short(text)} is not a whole number")
    return int(value)


def _short(text: str) -> str:
    return repr(text) if len(text) <= 30 else repr(text[:27] + "...")


@overload
def positive(kind: type[int]) -> Callable[[str], int]: ...
@overload
def positive(kind: type[float]) -> Callable[[str], float]: ...
def positive(kind: type[int] | type[float]) -> Callable[[str], Any]:
    """An argparse type for numbers that must be above 0, with a one-line error otherwise.

    Parameters
    ----------
    kind : {int, float}
        The number's type. ``int`` reads whole numbers as people write them: '1000000',
        '1_000_000', '1e9', '2.5e6'; ``float`` must also be finite.

    Returns
    -------
    callable
        ``convert(text) -> number``, for ``add_argument(type=...)``.

    Examples
    --------
    >>> from pokerkeys.cli.common import positive
    >>> positive(float)("0.001"), positive(int)("2.5e6")
    (0.001, 2500000)
    >>> positive(float)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be positive, not '-1'
    """
    def convert(text: str) -> int | float:
        value: int | float
        if kind is int:
            value = _whole_number(text)
        else:
            try:
                value = kind(text)
            except ValueError:
                raise argparse.ArgumentTypeError(f"{_short(text)} is not a number") from None
        if not value > 0 or (kind is float and not math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"must be positive, not {_short(text)}")
        return value
    convert.__name__ = kind.__name__
    return convert


def positive_int(text: str) -> int:
    """An argparse type: a whole number above 0, as people write it (1e9, 1_000_000).

    Parameters
    ----------
    text : str
        The argument as typed.

    Returns
    -------
    int
        The number.

    Raises
    ------
    argparse.ArgumentTypeError
        When the text is not a whole number, or not above 0 (argparse prints the message).

    Examples
    --------
    >>> from pokerkeys.cli.common import positive_int
    >>> positive_int("1e9"), positive_int("1_000")
    (1000000000, 1000)
    >>> positive_int("2.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '2.5' is not a whole number
    """
    return _positive_int(text)


_positive_int = positive(int)
positive_int.__name__ = "int"


def seed(text: str) -> int:
    """An argparse type for ``--seed``: a whole number >= 0 (NumPy's SeedSequence takes those).

    Parameters
    ----------
    text : str
        The argument as typed: '42', '1e6', '1_000'.

    Returns
    -------
    int
        The seed.

    Raises
    ------
    argparse.ArgumentTypeError
        When the text is not a whole number, or is negative.

    Examples
    --------
    >>> from pokerkeys.cli.common import seed
    >>> seed("42")
    42
    >>> seed("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a seed is a whole number >= 0, not '-1'
    """
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is a whole number >= 0, not {_short(text)}")
    return value


def excerpt_message(message: str, limit: int = 600) -> str:
    """An error message cut to one short line (inputs echoed in it may be huge).

    Parameters
    ----------
    message : str
        The message, perhaps over several lines.
    limit : int, optional
        The most characters to keep (default 600), '...' included.

    Returns
    -------
    str
        The message on one line, whitespace runs made single spaces, cut at ``limit``.

    Examples
    --------
    >>> from pokerkeys.cli.common import excerpt_message
    >>> excerpt_message("unknown card\\n  'Qx'")
    "unknown card 'Qx'"
    >>> excerpt_message("x" * 100, limit=10)
    'xxxxxxx...'
    """
    message = " ".join(message.split())
    return message if len(message) <= limit else message[:limit - 3] + "..."


class CliError(Exception):
    """A user error that the command line reports in one line, ``pokerkeys COMMAND: error: ...``.

    ``pokerkeys.cli.main.main`` prints it and returns exit status 2.

    Examples
    --------
    >>> from pokerkeys.cli.common import CliError
    >>> str(CliError("--exact cannot be combined with --trials"))
    '--exact cannot be combined with --trials'
    """


class ProgressBar:
    """A progress callback ``bar(done, total)`` drawing a tqdm bar on standard error.

    The bar appears once a run passes one second and is cleared at the end, unless
    ``forced`` (the user asked for it): then it shows at once and stays. ``close()`` ends it.

    Parameters
    ----------
    unit : str
        What is counted, shown after the rate ('it', 'rows', 'boards').
    forced : bool, optional
        Show the bar at once and leave it on screen (default False).
    smoothing : float, optional
        tqdm's smoothing of the rate, 0 (average) to 1 (latest) (default 0.3).

    Examples
    --------
    >>> from pokerkeys.cli.common import ProgressBar
    >>> bar = ProgressBar("boards")
    >>> bar(0, 100)
    >>> bar(100, 100)
    >>> bar.close()
    """

    def __init__(self, unit: str, *, forced: bool = False, smoothing: float = 0.3):
        from tqdm import tqdm

        self._tqdm = tqdm
        self._unit = unit
        self._forced = forced
        self._smoothing = smoothing
        self._bar: Any = None

    def __call__(self, done: float, total: float | None) -> None:
        bar = self._bar
        if bar is None:
            bar = self._bar = self._tqdm(total=total, unit=self._unit, unit_scale=True,
                                         smoothing=self._smoothing,
                                         delay=0 if self._forced else 1.0,
                                         leave=self._forced, file=sys.stderr)
        bar.update(done - bar.n)

    def close(self) -> None:
        """End the bar (clear it unless forced).

        Examples
        --------
        >>> from pokerkeys.cli.common import ProgressBar
        >>> ProgressBar("rows").close()  # a bar that never drew closes too
        """
        if self._bar is not None:
            self._bar.close()


def progress_bar(unit: str, *, forced: bool = False, smoothing: float = 0.3) -> ProgressBar:
    """A progress callback ``update(done, total)`` drawing a tqdm bar on standard error.

    Parameters
    ----------
    unit : str
        What is counted ('it', 'rows', 'boards').
    forced : bool, optional
        Show the bar at once and leave it on screen (default False: it appears once a run
        passes one second and is cleared at the end).
    smoothing : float, optional
        tqdm's smoothing of the rate (default 0.3).

    Returns
    -------
    ProgressBar
        The callback; ``close()`` ends the bar.

    Examples
    --------
    >>> from pokerkeys.cli.common import progress_bar
    >>> update = progress_bar("it")
    >>> update(5, 10)
    >>> update.close()
    """
    return ProgressBar(unit, forced=forced, smoothing=smoothing)


def require_extra(module: str, extra: str, what: str) -> None:
    """Check, before any work or output, that an optional dependency is installed.

    Only whether the module can be found is checked (importing it would cost the time of a
    command that does not go on to use it).

    Parameters
    ----------
    module : str
        The module to find: ``'matplotlib'``, ``'pyarrow'``.
    extra : str
        The pokerkeys extra that installs it: ``'plot'``, ``'data'``.
    what : str
        What needs it, to begin the message: ``'--plot'``.

    Raises
    ------
    CliError
        When the module is not installed; the message names it and the command that
        installs it.

    Examples
    --------
    >>> from pokerkeys.cli.common import require_extra
    >>> require_extra("json", "none", "this")
    >>> require_extra("no_such_module", "plot", "--plot")
    Traceback (most recent call last):
    ...
    pokerkeys.cli.common.CliError: --plot needs no_such_module, which is not installed: \
pip install 'pokerkeys[plot]'
    """
    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a module without a spec
        found = False
    if not found:
        raise CliError(f"{what} needs {module}, which is not installed: "
                       f"pip install 'pokerkeys[{extra}]'")


def require_plot(path: str | None) -> None:
    """Check a ``--plot`` file before any work: matplotlib is installed, its folder exists.

    Parameters
    ----------
    path : str or None
        The image file the figure goes to; None (no ``--plot``) checks nothing.

    Raises
    ------
    CliError
        When matplotlib is not installed (the message says ``pip install 'pokerkeys[plot]'``),
        or the file's folder does not exist, or the path is a folder.

    Examples
    --------
    >>> from pokerkeys.cli.common import require_plot
    >>> require_plot(None)
    >>> require_plot("/no/such/folder/plot.png")
    Traceback (most recent call last):
    ...
    pokerkeys.cli.common.CliError: cannot write the plot to /no/such/folder/plot.png: no such \
folder /no/such/folder
    """
    if path is None:
        return
    target = Path(path)
    if target.is_dir():
        raise CliError(f"cannot write the plot to {path}: it is a folder; give a file name, "
                       f"like {target / 'plot.png'}")
    if not target.resolve().parent.is_dir():
        raise CliError(f"cannot write the plot to {path}: no such folder {target.parent}")
    require_extra("matplotlib", "plot", "--plot")


# How many hands each kind of hold'em player stands for before card removal: a hand is one,
# a hand with one known card pairs it with any of the 51 others, a random hand is any of 1,326.
_HANDS_OF_KIND = {"hand": 1, "partial": 51, "random": 1326}


def read_as_of(hands: Sequence[str], board: str | None = None, dead: str | None = None
               ) -> list[dict[str, Any]]:
    """How each hold'em player's text was read, as ``equity`` and ``flops`` report it.

    Text that is not one hand (``'AK'``, ``'QQ'``) is a range, which a user who meant a hand
    should be told.

    Parameters
    ----------
    hands : sequence of str
        The players as typed: hands, partly known hands (``'Ah??'``), ``random`` or ranges.
    board, dead : str or None
        The board and the dead cards, removed from what each player can hold.

    Returns
    -------
    list of dict
        Per player ``{text, kind, combos, live_combos}`` (and ``weighted``, ``live_weighted``
        for a weighted range): ``kind`` is hand, partial, random or range; ``combos`` the
        hands the text stands for; ``live_combos`` those left once the board, the dead cards
        and the other players' known cards are removed.

    Raises
    ------
    ValueError
        If a player, the board or the dead cards do not parse, or a card is used twice.

    Examples
    --------
    >>> from pokerkeys.cli.common import read_as_of
    >>> [(e["kind"], e["combos"], e["live_combos"]) for e in read_as_of(["AhKh", "AK"])]
    [('hand', 1, 1), ('range', 16, 9)]
    """
    from ..equity.setup import prepare

    setup = prepare(list(hands), board=board, dead=dead)
    out: list[dict[str, Any]] = []
    for text, player, live, weights in zip(hands, setup.players, setup.combo_lists,
                                           setup.weight_lists, strict=True):
        entry: dict[str, Any] = {"text": text, "kind": player.kind}
        if player.range is not None:
            entry["combos"] = len(player.range)
            if not bool((player.range.weights == 1).all()):
                entry["weighted"] = player.range.combo_count
                entry["live_weighted"] = float(weights.sum())
        else:
            entry["combos"] = _HANDS_OF_KIND[player.kind]
        entry["live_combos"] = len(live)
        out.append(entry)
    return out


def range_note(index: int, entry: dict[str, Any], unit: str = "combo") -> str:
    """The line that says a player's text was read as a range, and what card removal left.

    Parameters
    ----------
    index : int
        The player's index, from 0 (the line counts from 1).
    entry : dict
        The player's entry of ``read_as_of`` (or of ``omaha_read_as``).
    unit : str, default 'combo'
        What the range counts: ``'combo'`` (hold'em), ``'hand'`` (Omaha).

    Returns
    -------
    str
        ``'player 2 (AK) read as a range of 16 combos, 9 once the cards known elsewhere are
        removed'``.

    Examples
    --------
    >>> from pokerkeys.cli.common import range_note, read_as_of
    >>> range_note(1, read_as_of(["AhKh", "AK"])[1])
    'player 2 (AK) read as a range of 16 combos, 9 once the cards known elsewhere are removed'
    """
    combos = entry["combos"]
    note = (f"player {index + 1} ({entry['text']}) read as a range of {combos:,} "
            f"{unit}{'s' if combos != 1 else ''}")
    if "weighted" in entry:
        note += f" (weighted {entry['weighted']:g})"
    if entry["live_combos"] != combos:
        note += f", {entry['live_combos']:,} once the cards known elsewhere are removed"
    return note


def with_progress(args: argparse.Namespace, unit: str,
                  work: Callable[[ProgressBar | None], _T]) -> _T:
    """Run ``work(progress)`` with a progress bar on a terminal (not for --json or --csv).

    Parameters
    ----------
    args : argparse.Namespace
        The command's arguments: ``json``, ``csv`` and ``no_progress`` (each optional).
    unit : str
        What the bar counts (``'boards'``).
    work : callable
        Called with the bar, or None when no bar is drawn (output is not a terminal, or is
        JSON or CSV, or ``--no-progress``).

    Returns
    -------
    object
        What ``work`` returns.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.common import with_progress
    >>> args = argparse.Namespace(json=True, csv=False, no_progress=False)
    >>> with_progress(args, "boards", lambda bar: bar is None)
    True
    """
    quiet = (getattr(args, "json", False) or getattr(args, "csv", False)
             or getattr(args, "no_progress", False))
    bar = progress_bar(unit) if not quiet and sys.stderr.isatty() else None
    try:
        return work(bar)
    finally:
        if bar is not None:
            bar.close()


def write_csv(rows: Sequence[dict[str, Any]], empty: Sequence[str] = ("row",)) -> None:
    """Print rows of dicts as CSV to standard output: a header of the first row's keys.

    Parameters
    ----------
    rows : sequence of dict
        The rows, all with the same keys.
    empty : sequence of str, default ('row',)
        The header printed when there are no rows.

    Examples
    --------
    >>> from pokerkeys.cli.common import write_csv
    >>> write_csv([{"card": "As", "weight": 0.5}])
    card,weight
    As,0.5
    """
    out = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else list(empty),
                         lineterminator="\n")
    out.writeheader()
    out.writerows(rows)


def print_answer(args: argparse.Namespace, text: Callable[[], object], *,
                 data: Callable[[], object] | None = None,
                 rows: Callable[[], Sequence[dict[str, Any]]] | None = None,
                 empty: Sequence[str] = ("row",)) -> int:
    """Print a command's answer in the format its arguments ask for; the command's exit code.

    ``--json``: ``data()`` as indented JSON; ``--csv``: ``rows()`` as CSV (``write_csv``);
    else ``text()``, which prints the text itself. Each is only called when its format is
    asked for.

    Parameters
    ----------
    args : argparse.Namespace
        The command's arguments: ``json`` and ``csv`` (each optional, False when missing).
    text : callable
        Prints the text answer.
    data : callable, optional
        The JSON answer (plain data).
    rows : callable, optional
        The CSV answer (dicts).
    empty : sequence of str, default ('row',)
        The CSV header when there are no rows.

    Returns
    -------
    int
        0.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.common import print_answer
    >>> args = argparse.Namespace(json=True, csv=False)
    >>> print_answer(args, lambda: print("text"), data=lambda: {"a": 1})
    {
      "a": 1
    }
    0
    """
    if data is not None and getattr(args, "json", False):
        print(json.dumps(data(), indent=2))
    elif rows is not None and getattr(args, "csv", False):
        write_csv(rows(), empty)
    else:
        text()
    return 0


#: Short deck's rule orders as ``--rules`` takes them (``pokerkeys.core.shortdeck.RULES``,
#: spelled out so that building the parser does not import NumPy).
RULE_ORDERS = ("trips-beat-straight", "straight-beats-trips")


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """Add short deck's ``--rules`` option (which of trips and a straight ranks higher).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        A command's parser; ``check_rules`` then checks the option against ``--game``.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.common import add_rules_option
    >>> parser = argparse.ArgumentParser()
    >>> add_rules_option(parser)
    >>> parser.parse_args(["--rules", "straight-beats-trips"]).rules
    'straight-beats-trips'
    """
    parser.add_argument("--rules", choices=RULE_ORDERS,
                        help="short deck only: whether three of a kind or a straight ranks "
                             "higher (default: trips-beat-straight)")


def check_rules(args: argparse.Namespace) -> None:
    """Refuse ``--rules`` with a game other than short deck.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments with ``game`` and ``rules``.

    Raises
    ------
    CliError
        ``--rules`` given with another game than ``shortdeck``.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.common import check_rules
    >>> check_rules(argparse.Namespace(game="shortdeck", rules="straight-beats-trips"))
    >>> check_rules(argparse.Namespace(game="holdem", rules="straight-beats-trips"))
    Traceback (most recent call last):
    ...
    pokerkeys.cli.common.CliError: --rules applies to --game shortdeck only
    """
    if args.rules is not None and args.game != "shortdeck":
        raise CliError("--rules applies to --game shortdeck only")
