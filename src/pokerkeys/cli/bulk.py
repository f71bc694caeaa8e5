"""``pokerkeys eval-file``: stream a file of hands through the evaluator (``pokerkeys.io``).

``pokerkeys.cli.main.build_parser`` registers it with ``add_parser``; errors surface as
``ValueError``/``TypeError``, which ``pokerkeys.cli.main.main`` prints as one line
``pokerkeys eval-file: error: ...`` (exit 2); without pyarrow, a CSV or Parquet file is such an
error before any row is read or any output file made.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .common import positive_int, progress_bar

if TYPE_CHECKING:
    from .common import Subparsers

__all__ = ["add_parser"]


def add_parser(sub: Subparsers) -> None:
    """Register ``eval-file`` on the main parser's subcommands.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        What ``ArgumentParser.add_subparsers`` returned.

    Examples
    --------
    >>> import argparse
    >>> from pokerkeys.cli.bulk import add_parser
    >>> parser = argparse.ArgumentParser(prog="pokerkeys")
    >>> add_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["eval-file", "hands.csv", "-o", "ranked.parquet"])
    >>> args.input, args.output, args.on_error, args.threads
    ('hands.csv', 'ranked.parquet', 'fail', 1)
    """
    p = sub.add_parser(
        "eval-file", help="rank every hand of a CSV, Parquet, .npy or UCI file",
        description="Read hands from INPUT, write them with rank and category to OUTPUT "
                    "(.csv, .parquet or .npy), streaming in chunks, rows in input order; "
                    "then print a summary (rows in and out, bad rows, time). Memory stays "
                    "proportional to --chunk-rows, whatever the file's size. Exit status 1 "
                    "when a UCI file's classes disagree with the computed categories.")
    p.add_argument("input", help="a .csv (or .csv.gz), .parquet or .npy file of hands; '-' "
                                 "reads standard input (CSV, or --format npy)")
    p.add_argument("-o", "--output", required=True,
                   help="where to write: .csv, .parquet or .npy (written under a temporary "
                        "name, renamed when complete); '-' writes standard output (CSV, or "
                        "--output-format npy) and the summary goes to standard error")
    p.add_argument("--output-format", choices=["csv", "npy"],
                   help="format of standard output with '-o -' (default csv)")
    p.add_argument("--format", choices=["csv", "parquet", "npy", "uci"],
                   help="input format when the extension does not say it (default: from "
                        "the extension); 'uci' reads the UCI Poker Hand files and checks "
                        "their classes")
    p.add_argument("--columns", help="card columns, by name or 1-based number: one holding "
                                     "whole hands ('hand') or 5-7 of one card each "
                                     "('c1,c2,c3,c4,c5') (default: detected)")
    head = p.add_mutually_exclusive_group()
    head.add_argument("--header", nargs="?", const="yes", choices=["auto", "yes", "no"],
                      default="auto",
                      help="the CSV's first line is a header (default: detected, and the "
                           "summary says what was decided)")
    head.add_argument("--no-header", dest="header", action="store_const", const="no",
                      help="the CSV's first line is data")
    p.add_argument("--delimiter", help="CSV field delimiter, e.g. ';' (default: detected)")
    p.add_argument("--describe", action="store_true",
                   help="also write a description column ('Full house, eights over kings')")
    p.add_argument("--on-error", choices=["fail", "skip", "report"], default="fail",
                   help="bad rows: fail (default) stops at the first one; skip leaves them out "
                        "and counts them; report also lists them in a side file")
    p.add_argument("--report", help="side file for --on-error report "
                                    "(default: OUTPUT.errors.csv)")
    p.add_argument("--chunk-rows", type=positive_int, default=None,
                   help="rows read, ranked and written at a time (default 262,144); memory "
                        "stays proportional to it")
    p.add_argument("--threads", type=positive_int, default=1,
                   help="ranking kernel threads (default 1: reading and writing take the "
                        "time, and run on another core)")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true",
                     help="always draw the progress bar (default: on a terminal)")
    bar.add_argument("--no-progress", action="store_true", help="never draw it")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=_cmd_eval_file)


def _cmd_eval_file(args: argparse.Namespace) -> int:
    from .. import io

    if args.report and args.on_error != "report":
        raise ValueError("--report goes with --on-error report")
    show = args.progress or (not args.no_progress and not args.json and sys.stderr.isatty())
    progress = progress_bar("rows", forced=args.progress, smoothing=0.1) if show else None
    try:
        summary = io.evaluate_file(
            args.input, args.output, format=args.format, output_format=args.output_format,
            columns=args.columns,
            header=args.header, delimiter=args.delimiter, describe=args.describe,
            on_error=args.on_error, report=args.report,
            chunk_rows=args.chunk_rows or io.DEFAULT_CHUNK_ROWS, threads=args.threads,
            progress=progress)
    finally:
        if progress is not None:
            progress.close()
    # With the hands on standard output, the summary goes to standard error.
    print(json.dumps(summary.to_dict(), indent=2) if args.json else summary,
          file=sys.stderr if args.output == "-" else sys.stdout)
    # A UCI file whose classes disagree with our categories is a finding, not bad input.
    return 1 if summary.uci_mismatches else 0
