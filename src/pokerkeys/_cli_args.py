"""Argument types shared by the command-line modules."""
from __future__ import annotations

import argparse


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
