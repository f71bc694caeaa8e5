"""What every command-line module shares: the user-error type, argument types, the progress bar."""
from __future__ import annotations

import argparse
import math
import sys


def whole_number(text: str) -> int:
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


whole_number.__name__ = "int"


def _short(text: str) -> str:
    return repr(text) if len(text) <= 30 else repr(text[:27] + "...")


def positive(kind):
    """An argparse type: ``kind(text)`` that must be > 0, with a one-line error otherwise
    (``int`` reads whole numbers as people write them: 1e9, 1_000_000)."""
    def convert(text):
        if kind is int:
            value = whole_number(text)
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


positive_int = positive(int)


def seed(text: str) -> int:
    """An argparse type for --seed: a whole number >= 0 (NumPy's SeedSequence takes those)."""
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is a whole number >= 0, not {_short(text)}")
    return value


seed.__name__ = "seed"


def excerpt_message(message: str, limit: int = 600) -> str:
    """An error message cut to one short line (inputs echoed in it may be huge)."""
    message = " ".join(message.split())
    return message if len(message) <= limit else message[:limit - 3] + "..."


class CliError(Exception):
    """A user error the CLI reports in one line."""


def progress_bar(unit: str, *, forced: bool = False, smoothing: float = 0.3):
    """A progress callback ``update(done, total)`` drawing a tqdm bar on stderr.

    The bar appears once a run passes one second and is cleared at the end, unless ``forced``
    (the user asked for it): then it shows at once and stays. ``update.close()`` ends it.
    """
    from tqdm import tqdm

    state = {}

    def update(done, total):
        bar = state.get("bar")
        if bar is None:
            bar = state["bar"] = tqdm(total=total, unit=unit, unit_scale=True,
                                      smoothing=smoothing, delay=0 if forced else 1.0,
                                      leave=forced, file=sys.stderr)
        bar.update(done - bar.n)

    def close():
        if "bar" in state:
            state["bar"].close()

    update.close = close
    return update
