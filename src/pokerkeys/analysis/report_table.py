"""The tables of the range-analysis reports as data: DataFrames, CSV text and JSON numbers.

``Runouts``, ``EquityDistribution``, ``ClassEquity`` and ``WhatWins`` each give their rows as
a list of dicts (``records()``); these helpers turn such rows into a pandas DataFrame (pandas
stays an optional extra) or CSV text, and a float into a JSON value.

>>> from pokerkeys.analysis.report_table import csv_text
>>> print(csv_text([{"card": "As", "weight": 0.5}]), end="")
card,weight
As,0.5
"""
from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no type information

__all__ = ["csv_text", "json_number", "to_frame"]


def to_frame(records: list[dict[str, Any]]) -> pd.DataFrame:
    """A pandas DataFrame of records, or an ImportError that names the extra to install.

    Parameters
    ----------
    records : list of dict
        One dict per row.

    Returns
    -------
    pandas.DataFrame
        The rows.

    Raises
    ------
    ImportError
        If pandas is not installed (``pip install 'pokerkeys[pandas]'``).

    Examples
    --------
    >>> from pokerkeys.analysis.report_table import to_frame
    >>> to_frame([{"card": "As", "weight": 0.5}]).shape
    (1, 2)
    """
    try:
        import pandas as pd  # type: ignore[import-untyped, unused-ignore]  # no types
    except ImportError:
        raise ImportError("to_frame needs pandas: pip install 'pokerkeys[pandas]' "
                          "(records() gives the same rows as dicts)") from None
    return pd.DataFrame(records)


def json_number(x: float) -> float | None:
    """A float for JSON: None for NaN (JSON has no NaN).

    Parameters
    ----------
    x : float
        The number.

    Returns
    -------
    float or None
        ``float(x)``, or None when it is NaN.

    Examples
    --------
    >>> from pokerkeys.analysis.report_table import json_number
    >>> json_number(0.25), json_number(float("nan"))
    (0.25, None)
    """
    value = float(x)
    return None if value != value else value


def csv_text(records: list[dict[str, Any]], path: str | os.PathLike[str] | None = None, *,
             empty: Sequence[str] = ("row",)) -> str:
    """Rows of dicts as CSV text (a header of the first row's keys), also written to ``path``.

    Parameters
    ----------
    records : list of dict
        The rows, all with the same keys.
    path : str or os.PathLike, optional
        A file to write.
    empty : sequence of str, default ('row',)
        The header when there are no rows.

    Returns
    -------
    str
        The CSV text, lines ending in ``\\n``.

    Examples
    --------
    >>> from pokerkeys.analysis.report_table import csv_text
    >>> csv_text([], empty=("card",))
    'card\\n'
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]) if records else list(empty),
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    text = out.getvalue()
    if path is not None:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    return text
