"""The range-analysis routes of the web app: ``POST /api/analysis/{view}`` and its stream.

One body for every view, the body of ``/api/equity`` (``hands``, ``board``, ``dead``,
``exact``, ``trials``, ``seed``, ``game``: ``holdem``, or ``omaha``, ``omaha5``,
``omaha6`` with Omaha hands and ranges, in every view), and the view in
the path:

* ``distribution``: each combo of one player's range with its equity, sorted
  (``pk.equity_distribution``), grouped by starting hand for a 13 x 13 grid;
* ``classes``: the range by made-hand class and draw, with each class's equity
  (``pk.equity_by_class``);
* ``what-wins``: per player, the final hands it holds and the pot it wins with each
  (``pk.what_wins``);
* ``runouts``: each player's equity after every turn (on a flop) or river (on a turn) card
  (``pk.runouts``), with the aggregates by card class;
* ``flops``: each player's equity on every flop of a preflop matchup (``pk.flops``), with the
  aggregates by texture.

Options of a view go in the query string: ``player`` (whose range, 0-based), ``threshold``
and ``grid`` (runouts: ``1`` adds the turn x river grid of a flop) and ``by`` (what wins).
Every view runs as a long job on the app's job runner: the library's
``progress(done, total)`` callback is the job's check (which raises to cancel it) and records
how far the work is; the stream form sends that as ``progress`` events a few
times a second, then the ``result`` event. Bad input is refused before the stream starts,
as a 4xx JSON error with the library's own message.
"""
from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, Final, Literal, cast

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from ..analysis.by_class import equity_by_class, what_wins
from ..analysis.distribution import equity_distribution
from ..analysis.flops import flops
from ..analysis.runouts import ViewGame, runouts
from .jobs import LONG, Job, JobRunner, JobStopped
from .limits import Limits
from .schemas import (
    CLIENT_HEADER,
    ApiError,
    EquityRequest,
    JsonObject,
    bad,
    check_content_type,
    client_id,
    parse_equity,
    parse_json_object,
)

__all__ = ["ANALYSIS_GAMES", "VIEWS", "AnalysisRequest", "View", "analyse", "analysis_routes",
           "parse_analysis"]

log = logging.getLogger("pokerkeys.web")

View = Literal["distribution", "classes", "what-wins", "runouts", "flops"]
"""The analyses of the range-analysis page, as named in the path."""
VIEWS: Final[tuple[View, ...]] = ("distribution", "classes", "what-wins", "runouts", "flops")
"""Every view, in the order of the page's tabs."""

ANALYSIS_GAMES: Final[tuple[ViewGame, ...]] = ("holdem", "omaha", "omaha5", "omaha6")
"""The games the range analysis takes, in every view."""

_FIRST_WAIT = 0.3  # seconds a stream waits for a quick answer (or an error) before it starts
_NO_BUFFER = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}  # events go out at once
_STOP_STATUS = {"replaced": 409, "stopping": 503, "cancelled": 499, "deadline": 400}


@dataclass(frozen=True)
class AnalysisRequest:
    """A checked range-analysis request: the view, the spot and the view's options.

    Attributes
    ----------
    view : str
        One of ``VIEWS``.
    spot : EquityRequest
        The players, board, dead cards and method fields of the body.
    player : int
        Whose range (0-based) the ``distribution`` and ``classes`` views describe.
    threshold : float
        The equity change above which ``runouts`` says a player's equity "moves".
    by : {'category', 'made'}
        The classes of final hands of ``what-wins``.
    grid : bool
        Whether ``runouts`` on a flop answers with its turn x river grid.

    Examples
    --------
    >>> from pokerkeys.web.analysis import AnalysisRequest
    >>> from pokerkeys.web.schemas import EquityRequest
    >>> AnalysisRequest("runouts", EquityRequest(("AhKh", "QQ"), board="Jh9h2c")).player
    0
    """

    view: View
    spot: EquityRequest
    player: int = 0
    threshold: float = 0.1
    by: Literal["category", "made"] = "category"
    grid: bool = False


def _number(text: str | None, name: str, default: float, low: float, high: float) -> float:
    if text is None or text == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise bad(f"{name} must be a number, not {text[:40]!r}") from None
    if not (math.isfinite(value) and low <= value <= high):
        raise bad(f"{name} must be from {low:g} to {high:g}, not {text[:40]!r}")
    return value


def parse_analysis(view: str, body: JsonObject, query: dict[str, str],
                   limits: Limits) -> AnalysisRequest:
    """A checked ``AnalysisRequest`` from a view's name, a decoded body and query options.

    Parameters
    ----------
    view : str
        The view named in the path, one of ``VIEWS``.
    body : dict
        The JSON body: the fields of ``/api/equity`` (``parse_equity`` checks them).
    query : dict of str to str
        ``player`` (0-based, default 0), ``threshold`` (0 to 1, default 0.1), ``grid``
        (``0`` or ``1``, default 0) and ``by`` (``'category'`` or ``'made'``), each optional.
    limits : Limits
        The server's limits.

    Returns
    -------
    AnalysisRequest
        The checked request.

    Raises
    ------
    ApiError
        400 naming what is wrong: an unknown view; any refusal of ``parse_equity``; a
        ``game`` other than hold'em and Omaha high (``ANALYSIS_GAMES``); ``target_stderr``
        or ``time_limit`` given (the analyses
        stop by trials or enumerate); a ``player`` that is not one of the players; a
        ``threshold`` that is not a number from 0 to 1; a ``by`` other than ``'category'``
        or ``'made'``; a ``grid`` other than ``0`` or ``1``; an unknown query option.

    Examples
    --------
    >>> from pokerkeys.web.analysis import parse_analysis
    >>> from pokerkeys.web.limits import Limits
    >>> r = parse_analysis("distribution", {"hands": ["AhKh", "QQ+"], "board": "Jh9h2c"},
    ...                    {"player": "1"}, Limits())
    >>> r.view, r.player, r.spot.board
    ('distribution', 1, 'Jh9h2c')
    >>> parse_analysis("equity", {"hands": ["AhKh", "QQ"]}, {}, Limits())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: unknown view 'equity': the views are distribution, ...
    """
    if view not in VIEWS:
        raise bad(f"unknown view {view[:40]!r}: the views are {', '.join(VIEWS)}")
    unknown = [k for k in query if k not in ("player", "threshold", "by", "grid")]
    if unknown:
        raise bad(f"unknown query option {unknown[0][:40]!r}; the options are player, "
                  f"threshold, grid and by")
    spot = parse_equity(body, limits)
    if spot.game not in ANALYSIS_GAMES:
        raise bad(f"the range analysis takes {', '.join(ANALYSIS_GAMES)}, not {spot.game!r}")
    grid = query.get("grid") or "0"
    if grid not in ("0", "1"):
        raise bad(f"grid must be 0 or 1, not {grid[:40]!r}")
    for name in ("target_stderr", "time_limit"):
        if getattr(spot, name) is not None:
            raise bad(f"{name} does not apply to the range analysis: it enumerates, or runs "
                      f"Monte Carlo for a number of trials")
    player = _number(query.get("player"), "player", 0, 0, len(spot.hands) - 1)
    if player != int(player):
        raise bad(f"player must be a whole number, not {query['player'][:40]!r}")
    by = query.get("by") or "category"
    if by not in ("category", "made"):
        raise bad(f"by must be 'category' or 'made', not {by[:40]!r}")
    threshold = _number(query.get("threshold"), "threshold", 0.1, 0, 1)
    return AnalysisRequest(view, spot, int(player), threshold,
                           "made" if by == "made" else "category", grid == "1")


def _rounded(value: Any) -> Any:
    """Floats rounded to 6 decimals, in nested lists and dicts (the flop report has
    thousands of rows)."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def analyse(request: AnalysisRequest,
            progress: Callable[[int, int | None], object]) -> JsonObject:
    """Run one view of the range analysis.

    Parameters
    ----------
    request : AnalysisRequest
        The checked request.
    progress : callable
        ``progress(done, total)``, called by the library as it works (``total`` None while a
        Monte Carlo run has no fixed end); an exception it raises stops the work and
        propagates (how a job is cancelled).

    Returns
    -------
    dict
        ``view``, ``player`` and ``data``: the library's ``to_dict()`` of the result
        (``EquityDistribution``, ``ClassEquity``, ``WhatWins``, ``Runouts`` with its turn x
        river grid when ``request.grid``, floats rounded to 6 decimals, else without), or
        for ``flops`` ``players``, ``overall`` (each player's preflop
        equity), ``by_texture`` and ``rows`` (``FlopReport.records()``, rounded to 6
        decimals).

    Raises
    ------
    ValueError
        The library's message: a board of the wrong length for the view, a range emptied by
        the board and dead cards, a card in two places, fewer than 2 or more than 6 players,
        a player's "range" that is a single hand (``distribution``, ``classes``), a board
        given to ``flops``, an Omaha hand of the wrong size, Omaha ``flops`` over more than
        ``OMAHA_MAX_FLOP_SHOWDOWNS`` matchups x boards.

    Examples
    --------
    >>> from pokerkeys.web.analysis import analyse, parse_analysis
    >>> from pokerkeys.web.limits import Limits
    >>> r = parse_analysis("runouts", {"hands": ["AhKh", "QQ"], "board": "Jh9h2c"}, {},
    ...                    Limits())
    >>> out = analyse(r, lambda done, total: None)
    >>> out["view"], out["data"]["next"], len(out["data"]["cards"])
    ('runouts', 'turn', 47)
    """
    spot = request.spot
    hands, board, dead = list(spot.hands), spot.board, spot.dead
    game = cast("ViewGame", spot.game)  # parse_analysis keeps ANALYSIS_GAMES only
    method: dict[str, Any] = {"exact": spot.exact, "trials": spot.trials, "seed": spot.seed,
                              "game": game}
    data: JsonObject
    if request.view == "distribution":
        data = equity_distribution(hands, board, dead, player=request.player,
                                   progress=progress, **method).to_dict()
    elif request.view == "classes":
        if board is None:
            raise ValueError("equity by hand class needs a flop, a turn or a river, not an "
                             "empty board")
        data = equity_by_class(hands, board, dead, player=request.player, progress=progress,
                               **method).to_dict()
    elif request.view == "what-wins":
        data = what_wins(hands, board, dead, by=request.by, exact=spot.exact,
                         samples=spot.trials, seed=spot.seed, progress=progress,
                         game=game).to_dict()
    elif request.view == "runouts":
        # Omaha beyond the exact limit samples matchups (trials of them); hold'em enumerates.
        sampling: dict[str, Any] = {} if game == "holdem" else {
            "exact": spot.exact, "samples": spot.trials, "seed": spot.seed}
        report = runouts(hands, board if board is not None else "", dead,
                         threshold=request.threshold, progress=progress, game=game,
                         **sampling)
        data = report.to_dict(grid=False)
        if request.grid:
            data["grid"] = _rounded(report.grid.to_dict()) if report.grid is not None else None
    else:
        if board:
            raise ValueError("the flop report is preflop: it deals every flop, so leave the "
                             "board empty")
        flop_report = flops(hands, dead, progress=progress, game=game)
        data = _rounded({"players": list(flop_report.players),
                         "overall": flop_report.overall().tolist(),
                         "by_texture": flop_report.by_texture(),
                         "rows": flop_report.records()})
    return {"view": request.view, "player": request.player, "data": data}


class _Progress:
    """How far a job's work is, written by its thread and read by the stream."""

    def __init__(self) -> None:
        self.latest: tuple[int, int | None] | None = None


def _api_error(exc: BaseException) -> ApiError:
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, JobStopped):
        return ApiError(_STOP_STATUS[exc.cause], str(exc))
    if isinstance(exc, (ValueError, TypeError, KeyError)):
        return ApiError(400, str(exc).strip("'\""))
    log.error("analysis failed", exc_info=exc)
    return ApiError(500, "internal error: the analysis failed")


def _final(update: JsonObject, limits: Limits) -> JsonObject:
    """The job's final answer, or the error of a Monte Carlo run the deadline cut short (the
    job runner then gives its last equity estimate, which is no analysis)."""
    if "view" not in update:
        raise ApiError(400, f"the analysis did not finish within this server's work limit of "
                            f"{limits.max_seconds:g} s: ask for fewer trials or narrower "
                            f"ranges")
    update.pop("final", None)
    return update


async def _first_update(job: Job, wait: float | None) -> JsonObject | None:
    """The job's final answer if it comes within ``wait`` seconds (None: however long),
    else None; the job's error as an ``ApiError``."""
    end = None if wait is None else time.monotonic() + wait
    while True:
        left = None if end is None else max(0.0, end - time.monotonic())
        try:
            update = await job.next_update(left)
        except Exception as exc:
            raise _api_error(exc) from None
        if update is None:
            return None
        if update["final"]:
            return update


def _event(name: str, data: JsonObject) -> str:
    """One server-sent event."""
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


def analysis_routes(runner: JobRunner, limits: Limits) -> list[BaseRoute]:
    """The routes of the range analysis, on the app's job runner.

    Parameters
    ----------
    runner : JobRunner
        The app's job runner (every view runs as a long job, one per client at a time).
    limits : Limits
        The server's limits.

    Returns
    -------
    list of starlette.routing.Route
        ``POST /api/analysis/{view}`` (a JSON answer) and ``POST
        /api/analysis/{view}/stream`` (server-sent events: ``progress`` events with
        ``done`` and ``total``, then one ``result`` event, or an ``error`` event).

    Examples
    --------
    >>> from pokerkeys.web.analysis import analysis_routes
    >>> from pokerkeys.web.jobs import JobRunner
    >>> from pokerkeys.web.limits import Limits
    >>> [r.path for r in analysis_routes(JobRunner(Limits()), Limits())]
    ['/api/analysis/{view}', '/api/analysis/{view}/stream']
    """

    async def start(request: Request) -> tuple[Job, _Progress]:
        client = client_id(request.headers.get(CLIENT_HEADER))
        check_content_type(request.headers.get("content-type"))
        body = bytearray()
        async for chunk in request.stream():  # refused as soon as it passes the limit
            body += chunk
            if len(body) > limits.max_body_bytes:
                raise ApiError(413, f"the request body is over the limit of "
                                    f"{limits.max_body_bytes:,} bytes")
        checked = parse_analysis(request.path_params["view"],
                                 parse_json_object(bytes(body), limits),
                                 dict(request.query_params), limits)
        tracker = _Progress()

        def work(check: Callable[..., None]) -> JsonObject:
            def progress(done: int, total: int | None) -> None:
                check()
                tracker.latest = (int(done), None if total is None else int(total))
            return analyse(checked, progress)

        return runner.submit(LONG, work, client), tracker

    async def answer(request: Request) -> Response:
        job, _ = await start(request)
        try:
            update = await _first_update(job, None)
            assert update is not None  # waited without a timeout
            return JSONResponse(_final(update, limits))
        finally:
            runner.release(job)

    async def stream(request: Request) -> Response:
        job, tracker = await start(request)
        try:  # a quick answer or an early error comes as JSON, before any event
            first = await _first_update(job, _FIRST_WAIT)
        except BaseException:
            runner.release(job)
            raise

        async def events() -> AsyncIterator[str]:
            update = first
            sent: tuple[int, int | None] | None = None
            try:
                while update is None:
                    latest = tracker.latest
                    if latest is not None and latest != sent:
                        sent = latest
                        yield _event("progress", {"done": latest[0], "total": latest[1]})
                    else:  # writing is how a closed connection is noticed
                        yield ": working\n\n"
                    update = await _first_update(job, limits.stream_interval)
                yield _event("result", {**_final(update, limits), "final": True})
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the work failed after the stream began
                yield _event("error", {"error": _api_error(exc).message})
            finally:  # also when the client disconnects and the stream is cancelled
                runner.release(job)

        return StreamingResponse(events(), media_type="text/event-stream", headers=_NO_BUFFER)

    return [Route("/api/analysis/{view}", answer, methods=["POST"]),
            Route("/api/analysis/{view}/stream", stream, methods=["POST"])]
