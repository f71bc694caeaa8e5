"""The web app's ASGI application: ``create_app(limits)``.

Routes are thin: they parse (``schemas``), plan and run on the job runner (``compute``,
``jobs``), and answer JSON or a stream of server-sent events.

Pages: ``/`` the odds calculator, ``/preflop`` the preflop explorer, ``/headsup``
head-to-head, ``/analysis`` range analysis, ``/static/...`` their modules and CSS. API
(JSON; every bad request a 4xx ``{"error": ...}``; ``pokerkeys.web.endpoints`` describes each
route in full):

* ``POST /api/equity``: the fields of ``pk.equity`` (short deck's ``rules`` too); the answer
  of ``pokerkeys equity --json``.
* ``POST /api/equity/stream``: the same body; ``text/event-stream`` of ``result`` events,
  partial Monte Carlo results (``"final": false``) a few times a second, then the final one;
  or an ``error`` event. Closing the connection cancels the job.
* ``GET /api/preflop``: the 169 classes and their equity against 1..9 random hands;
  ``?game=shortdeck`` (``&rules=``): short deck's 81 classes, against 1..5 hands.
* ``GET /api/preflop/class/{name}``: a class's exact rank distribution and equity curve;
  ``?game=shortdeck`` (``&rules=``): one of short deck's 81 classes, against 1..5 hands.
* ``GET /api/range?text=QQ%2B,AKs``: a range's weight per class, combos and share of hands;
  ``GET /api/range/{game}?text=...`` the same for a game (``/api/range/omaha?text=AA:$ds``;
  short deck's ``&rules=`` picks the rule order its ``N%`` ranks hands by).
* ``GET /api/headsup?a=AKs&b=QQ``: exact head-to-head, by suit-distinct matchup for classes;
  ``&game=shortdeck`` (``&rules=``): short deck's.
* ``POST /api/analysis/{view}`` (and ``.../stream``): the range-analysis page's views
  (``pokerkeys.web.analysis``).
* ``GET /api/status``: long jobs running, their limit, and the largest ``time_limit``.

Sharing one server: a request may name its client (one browser tab) in the
``X-Pokerkeys-Client`` header; a client's new long job replaces its running one, so a tab never
blocks itself. A busy server answers 503 with a ``Retry-After`` header and ``retry_after``
seconds in the JSON body. A job stops within a round (a fraction of a second) of its client
disconnecting, and every job is cancelled as soon as the server is asked to stop
(``pokerkeys.web.server``), so open streams end at once instead of holding the shutdown.
A Monte Carlo run that reaches its time limit, the request's or the server's, answers with its
estimate, marked ``"stopped_by": "time_limit"``.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Mapping

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from . import compute
from .analysis import analysis_routes
from .jobs import SHORT, Job, JobRunner, JobStopped, Work
from .limits import Limits
from .schemas import (
    CLIENT_HEADER,
    ApiError,
    JsonObject,
    check_content_type,
    client_id,
    parse_equity,
    parse_game,
    parse_json_object,
    parse_preflop_game,
    parse_range_rules,
    query_text,
)
from .static_files import load_static

__all__ = ["create_app"]

log = logging.getLogger("pokerkeys.web")
PAGES = {"/": "index.html", "/preflop": "preflop.html", "/headsup": "headsup.html",
         "/analysis": "analysis.html"}
KEEP_ALIVE = 1.0  # seconds of silence after which a stream sends an SSE comment
_STOP_STATUS = {"replaced": 409, "stopping": 503, "cancelled": 499, "deadline": 400}


def _error_response(status: int, message: str,
                    headers: Mapping[str, str] | None = None) -> JSONResponse:
    """``{"error": message}``; with a Retry-After header, also its seconds as ``retry_after``
    (a script reads the body more easily than a header)."""
    body: JsonObject = {"error": message}
    retry = (headers or {}).get("Retry-After")
    if retry is not None and retry.isdigit():
        body["retry_after"] = int(retry)
    return JSONResponse(body, status_code=status, headers=headers)


def _job_error(exc: Exception) -> ApiError:
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, JobStopped):
        return ApiError(_STOP_STATUS[exc.cause], str(exc))
    if isinstance(exc, (ValueError, TypeError)):
        return ApiError(400, str(exc))
    log.error("job failed", exc_info=exc)
    return ApiError(500, "internal error: the computation failed")


async def _read_body(request: Request, limits: Limits) -> bytes:
    """The body, refused as soon as it passes the size limit (not after reading it all), or
    at once when it says it is not JSON."""
    check_content_type(request.headers.get("content-type"))
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limits.max_body_bytes:
        raise ApiError(413, f"the request body has {int(declared):,} bytes; the limit is "
                            f"{limits.max_body_bytes:,}")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limits.max_body_bytes:
            raise ApiError(413, f"the request body is over the limit of "
                                f"{limits.max_body_bytes:,} bytes")
    return bytes(body)


async def _cancel_on_disconnect(job: Job, request: Request) -> None:
    """Cancel the job as soon as the client disconnects (the body is read by then, so the
    next ASGI message is the disconnect; the server sends it when the connection drops)."""
    try:
        while True:
            message = await request.receive()
            if message["type"] == "http.disconnect":
                job.cancel()
                return
    except Exception:  # the server has no more messages to give: the route goes on alone
        return


async def _wait(job: Job, request: Request, final: bool = False) -> JsonObject | None:
    """The job's next update (with ``final``, its final one), or None once the client has
    gone away, which cancels the job at once."""
    watcher = asyncio.create_task(_cancel_on_disconnect(job, request))
    try:
        while True:
            try:
                update = await job.next_update()
            except JobStopped as exc:
                if exc.cause == "cancelled":
                    return None  # nobody is listening
                raise _job_error(exc) from None
            except Exception as exc:
                raise _job_error(exc) from None
            if update is not None and (update["final"] or not final):
                return update
    finally:  # not awaited: a cancellation of this request must not be swallowed
        watcher.cancel()


def create_app(limits: Limits | None = None) -> Starlette:
    """The web app: its pages, their static files and the JSON API, on one job runner.

    The app starts warming up the engine (``compute.warm_up``) on a thread when it starts,
    and cancels every running job when it stops. ``app.state.runner`` and
    ``app.state.limits`` hold its job runner and limits.

    Parameters
    ----------
    limits : Limits, optional
        What the server accepts and how much work it does at once (default: ``Limits()``).

    Returns
    -------
    starlette.applications.Starlette
        The ASGI app, to run under uvicorn (``pokerkeys.web.server.serve``) or a test client.

    Examples
    --------
    >>> import warnings
    >>> from pokerkeys.web.app import create_app
    >>> from pokerkeys.web.limits import Limits
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")  # Starlette's test client may warn about httpx
    ...     from starlette.testclient import TestClient
    >>> client = TestClient(create_app(Limits(long_jobs=1)))
    >>> r = client.post("/api/equity", json={"hands": ["AhKh", "QsQd"], "board": "2c7d9h"})
    >>> r.status_code, r.json()["equity"]
    (200, [0.2828282828282828, 0.7171717171717171])
    >>> client.get("/api/status").json()
    {'long_jobs_running': 0, 'long_jobs_limit': 1, 'max_time_limit': 60.0}
    >>> r = client.get("/api/range", params={"text": "QQ+,zz"})
    >>> r.status_code, r.json()["error"][:33]
    (400, "cannot parse range item 'zz' at p")
    """
    limits = limits or Limits()
    runner = JobRunner(limits)
    static = load_static()

    async def start_equity(request: Request) -> Job:
        client = client_id(request.headers.get(CLIENT_HEADER))
        data = parse_json_object(await _read_body(request, limits), limits)
        equity_request = parse_equity(data, limits)
        plan = await run_in_threadpool(compute.plan_equity, equity_request, limits)
        return runner.submit(plan.kind, plan.work, client)

    async def equity(request: Request) -> Response:
        job = await start_equity(request)
        try:
            update = await _wait(job, request, final=True)
            if update is None:
                return Response(status_code=499)  # nobody is listening
            update.pop("final")
            return JSONResponse(update)
        finally:  # a request cancelled by the server takes its job with it
            runner.release(job)

    async def equity_stream(request: Request) -> Response:
        job = await start_equity(request)
        try:  # the first update decides between a stream and a JSON error
            first = await _wait(job, request)
        except BaseException:
            runner.release(job)
            raise
        if first is None:
            runner.release(job)
            return Response(status_code=499)

        async def events() -> AsyncIterator[str]:
            update: JsonObject | None = first
            try:
                while True:
                    while update is None:  # a long enumeration: writing is how a closed
                        yield ": working\n\n"  # connection is noticed (then this is cancelled)
                        update = await job.next_update(KEEP_ALIVE)
                    yield f"event: result\ndata: {json.dumps(update)}\n\n"
                    if update["final"]:
                        return
                    update = await job.next_update(KEEP_ALIVE)
            except Exception as exc:  # the job failed after streaming began
                message = _job_error(exc).message
                yield f"event: error\ndata: {json.dumps({'error': message})}\n\n"
            finally:  # also when the client disconnects and the stream is cancelled
                runner.release(job)

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    async def short_job(request: Request, work: Work) -> Response:
        job = runner.submit(SHORT, work)
        try:
            update = await _wait(job, request, final=True)
            if update is None:
                return Response(status_code=499)
            update.pop("final")
            return JSONResponse(update)
        finally:
            runner.release(job)

    async def preflop(request: Request) -> Response:
        game, rules = parse_preflop_game(request.query_params)  # 400 before any job starts
        return await short_job(request, lambda check: compute.preflop_table(game, rules))

    async def preflop_class(request: Request) -> Response:
        name = query_text(request.path_params, "name", limits)
        game, rules = parse_preflop_game(request.query_params)
        # 400 before any job starts (a Hold'em class short deck lacks: the class and the game)
        info = await run_in_threadpool(compute.class_info, name, game, rules)
        return JSONResponse(info)

    async def range_info(request: Request) -> Response:
        text = query_text(request.query_params, "text", limits)
        game = parse_game(request.path_params.get("game", "holdem"))
        rules = parse_range_rules(game, request.query_params)
        return JSONResponse(await run_in_threadpool(compute.range_info, text, game, rules))

    async def headsup(request: Request) -> Response:
        a = query_text(request.query_params, "a", limits)
        b = query_text(request.query_params, "b", limits)
        game, rules = parse_preflop_game(request.query_params)
        plan = await run_in_threadpool(compute.headsup_plan, a, b, game, rules)
        return await short_job(request, lambda check: compute.headsup(*plan, check, game=game,
                                                                       rules=rules))

    async def status(request: Request) -> Response:
        return JSONResponse({"long_jobs_running": runner.long_running,
                             "long_jobs_limit": limits.long_jobs,
                             "max_time_limit": limits.max_seconds})

    async def initial_result(request: Request) -> JsonObject | None:
        """The result of a shareable URL (/?p=AhKh&p=QsQd...) when it is a short exact job,
        computed before the page is sent: the page shows it without waiting for a script's
        request (so even ``chromium --dump-dom`` sees the numbers). None otherwise; the page
        then asks the API itself, which reports any error."""
        query = request.query_params
        if not query.getlist("p"):
            return None
        data: JsonObject = {"hands": query.getlist("p")}
        for name in ("board", "dead", "game", "rules"):
            if query.get(name):
                data[name] = query[name]
        if query.get("exact") in ("0", "1"):
            return None  # the page's own method settings: leave them to the page
        try:
            plan = await run_in_threadpool(compute.plan_equity, parse_equity(data, limits),
                                           limits)
            if plan.kind != SHORT:
                return None
            job = runner.submit(SHORT, plan.work)
            try:
                return await _wait(job, request, final=True)
            finally:
                runner.release(job)
        except ApiError:
            return None

    async def page(request: Request) -> Response:
        content, kind = static[PAGES[request.url.path]]
        if request.url.path == "/":
            result = await initial_result(request)
            if result is not None:
                # "<" escaped so that no input can close the script element.
                data = json.dumps(result).replace("<", "\\u003c")
                content = content.replace(
                    b"<!--initial-result-->",
                    f'<script type="application/json" id="initial-result">{data}</script>'
                    .encode())
        return Response(content, media_type=kind, headers={"Cache-Control": "no-cache"})

    async def static_file(request: Request) -> Response:
        found = static.get(request.path_params["path"])
        if found is None:
            return _error_response(404, "not found")
        return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-cache"})

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)  # registered for ApiError only
        return _error_response(exc.status, exc.message, exc.headers)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)  # registered for HTTPException only
        return _error_response(exc.status_code, exc.detail or "error", exc.headers)

    async def unexpected(request: Request, exc: Exception) -> Response:
        log.error("request failed", exc_info=exc)
        return _error_response(500, "internal error")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # The rank distributions of all classes take a few seconds once per process: start
        # them now, off the loop, so the first click in the explorer is fast.
        threading.Thread(target=compute.warm_up, daemon=True).start()
        try:
            yield
        finally:
            runner.shutdown()

    routes: list[BaseRoute] = [Route(path, page) for path in PAGES]
    routes += [
        Route("/static/{path:path}", static_file),
        Route("/api/equity", equity, methods=["POST"]),
        Route("/api/equity/stream", equity_stream, methods=["POST"]),
        Route("/api/preflop", preflop),
        Route("/api/preflop/class/{name}", preflop_class),
        Route("/api/range", range_info),
        Route("/api/range/{game}", range_info),
        Route("/api/headsup", headsup),
        Route("/api/status", status),
    ]
    routes += analysis_routes(runner, limits)
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={ApiError: api_error, HTTPException: http_error,
                                        Exception: unexpected})
    app.state.runner = runner
    app.state.limits = limits
    return app
