"""What every command-line module shares: the user-error type, argument types, the progress bar."""
from __future__ import annotations

import argparse
import sys


def positive(kind):
    """An argparse type: ``kind(text)`` that must be > 0, with a one-line error otherwise."""
    def convert(text):
        try:
            value = kind(text)
        except ValueError:
            noun = "an integer" if kind is int else "a number"
            raise argparse.ArgumentTypeError(f"{text!r} is not {noun}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value
    convert.__name__ = kind.__name__
    return convert


positive_int = positive(int)


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
