"""What every command-line module shares: the user-error type, argument types, the progress bar."""
from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from typing import TypeAlias

    Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

__all__ = ["CliError", "ProgressBar", "excerpt_message", "positive", "positive_int",
           "progress_bar", "seed"]


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
    """A user error that the command line reports in one line, ``pokerkeys: error: ...``.

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
