"""Bulk evaluation of hand files: ``evaluate_file`` behind ``pokerkeys eval-file``.

Inputs: CSV (a column per card, or one column holding the whole hand; header detected), Parquet,
``.npy`` (N, k) integer arrays, and the UCI Poker Hand files (``format="uci"``). The output
(CSV, Parquet or ``.npy``, chosen by its extension) is the input's columns plus ``rank`` and
``category`` (and ``description`` on request), row for row, in input order.

The work is split into modules with one job each:

- ``pipeline``: ``evaluate_file`` itself: checks its arguments, streams the chunks of a reader
  (read ahead in a background thread) through the ranking into a writer, and returns a
  ``FileSummary``; also ``format_of`` and ``memory_bound``;
- ``readers``: an input file as a stream of chunks of card ids, and which columns hold the cards;
- ``text``: text cards and hands -> card ids, vectorised (``cards_from_columns``);
- ``ranking``: ranks of a chunk with bad rows, and why a row is bad;
- ``writers``: the output file and the bad-row report, under temporary names;
- ``_common``: the shared constants and the optional pyarrow import;
- ``distributed``: the same on Dask (arrays, dataframes) and Monte Carlo equity across a
  cluster; imported on its own, as it needs dask.

The names other code uses are re-exported here, so ``pokerkeys.io.evaluate_file`` and the rest
are one import away. ``BAD`` is the card id (255) that marks a row found bad while parsing.

>>> from pokerkeys import io
>>> io.format_of("hands.csv.gz"), io.ON_ERROR
('csv', ('fail', 'skip', 'report'))
"""
from ._common import (
                      BAD,
                      DEFAULT_CHUNK_ROWS,
                      INPUT_FORMATS,
                      MAX_CSV_BLOCK,
                      ON_ERROR,
                      OUTPUT_COLUMNS,
                      OUTPUT_FORMATS,
                      HeaderMode,
                      InputFormat,
                      OnError,
                      OutputFormat,
)
from .pipeline import FileSummary, evaluate_file, format_of, memory_bound
from .ranking import explain_row, rank_rows
from .readers import choose_columns
from .text import card_column, cards_from_columns
from .writers import descriptions

__all__ = ["BAD", "DEFAULT_CHUNK_ROWS", "INPUT_FORMATS", "MAX_CSV_BLOCK", "ON_ERROR",
           "OUTPUT_COLUMNS", "OUTPUT_FORMATS", "FileSummary", "HeaderMode", "InputFormat",
           "OnError", "OutputFormat", "card_column", "cards_from_columns", "choose_columns",
           "descriptions", "evaluate_file", "explain_row", "format_of", "memory_bound",
           "rank_rows"]
