"""Request schemas of the web API, validated once at the edge.

Every bad request becomes an ``ApiError`` with a short message naming the problem (the
engine's own ``ValueError`` messages where it has them), and the routes see only checked
values: ``parse_json_object`` reads a body, ``parse_equity`` turns it into an
``EquityRequest``, ``query_text`` reads a query or path parameter, ``check_content_type``
and ``client_id`` read headers. Messages never echo more than a few dozen characters of the
input, and no input, however malformed (deeply nested, not UTF-8, NaN, huge numbers), gets
past them as anything but an ``ApiError``.
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..core.shortdeck import RULES, Rules, resolve_rules
from .limits import Limits

__all__ = ["CLIENT_HEADER", "EQUITY_FIELDS", "GAMES", "HILO_GAMES", "MAX_JSON_DEPTH",
           "OMAHA_HOLE_CARDS", "ApiError", "EquityRequest", "Game", "JsonObject", "bad",
           "check_content_type", "client_id", "parse_equity", "parse_game", "parse_json_object",
           "parse_preflop_game", "parse_range_rules", "query_text"]

JsonObject = dict[str, Any]
"""A decoded JSON object, as requests arrive and answers leave."""

Game = Literal["holdem", "shortdeck", "omaha", "omaha5", "omaha6", "omaha8", "omaha5-8",
               "omaha6-8"]
"""The games the equity endpoints compute: Texas hold'em, short deck (six-plus hold'em),
Omaha with 4, 5 or 6 hole cards, and Omaha hi/lo (eight or better) with 4, 5 or 6."""

EQUITY_FIELDS = ("hands", "board", "dead", "exact", "trials", "target_stderr", "time_limit",
                 "seed", "game", "rules")
"""The fields an equity request may carry (any other is refused), in the order of messages."""

GAMES: tuple[Game, ...] = ("holdem", "shortdeck", "omaha", "omaha5", "omaha6", "omaha8",
                          "omaha5-8", "omaha6-8")
"""The values of an equity request's ``game`` (the names of ``pokerkeys equity --game``)."""

OMAHA_HOLE_CARDS: dict[str, int] = {"omaha": 4, "omaha5": 5, "omaha6": 6, "omaha8": 4,
                                    "omaha5-8": 5, "omaha6-8": 6}
"""The Omaha games, high and hi/lo, and their number of hole cards."""

HILO_GAMES: tuple[Game, ...] = ("omaha8", "omaha5-8", "omaha6-8")
"""The hi/lo games: their answers give the high and low halves, scoops and pot shares."""

CLIENT_HEADER = "X-Pokerkeys-Client"
"""The request header naming the client (one browser tab); see ``client_id``."""

_CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class ApiError(Exception):
    """A request the server refuses: an HTTP status and a one-line message.

    The app answers it as JSON ``{"error": message}`` with that status and the headers.

    Parameters
    ----------
    status : int
        The HTTP status code: 400 for bad input, 413 for a body over the limit, 503 when the
        server is busy, ...
    message : str
        What is wrong, in one line, for the client.
    headers : dict of str to str, optional
        Extra response headers, e.g. ``{"Retry-After": "5"}``.

    Attributes
    ----------
    status : int
        The HTTP status code.
    message : str
        The message.
    headers : dict of str to str
        The extra headers (empty when none).

    Examples
    --------
    >>> from pokerkeys.web.schemas import ApiError
    >>> error = ApiError(503, "busy", {"Retry-After": "5"})
    >>> error.status, str(error), error.headers
    (503, 'busy', {'Retry-After': '5'})
    """

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def bad(message: str) -> ApiError:
    """A 400 Bad Request with this message.

    Parameters
    ----------
    message : str
        What is wrong with the request.

    Returns
    -------
    ApiError
        The error, to raise.

    Examples
    --------
    >>> from pokerkeys.web.schemas import bad
    >>> bad("trials must be an integer").status
    400
    """
    return ApiError(400, message)


def _shorten(value: object, limit: int = 40) -> str:
    """A value for an error message, never a megabyte of it."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> JsonObject:
    """A JSON object whose keys are all different (JSON leaves a repeated key undefined)."""
    value = dict(pairs)
    if len(value) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {_shorten(key)} appears twice in one object")
            seen.add(key)
    return value


def check_content_type(value: str | None) -> None:
    """Refuse a request body that says it is not JSON.

    A body without a Content-Type is read as JSON; one with ``application/json`` (any
    parameters, e.g. ``; charset=utf-8``) or a ``+json`` type too. Anything else (a form,
    plain text) is refused: it is a client mistake (curl's ``-d`` sends a form unless told
    otherwise), and a web page of another site can post a form or text to this server
    without asking, but not JSON.

    Parameters
    ----------
    value : str or None
        The request's Content-Type header, or None when it has none.

    Raises
    ------
    ApiError
        415 when the media type is given and is not JSON.

    Examples
    --------
    >>> from pokerkeys.web.schemas import ApiError, check_content_type
    >>> check_content_type("application/json; charset=utf-8")
    >>> try:
    ...     check_content_type("text/plain")
    ... except ApiError as error:
    ...     print(error.status, error.message[:30])
    415 the request body must be JSON,
    """
    if value is None:
        return
    media = value.split(";", 1)[0].strip().lower()
    if media == "application/json" or (media.startswith("application/")
                                        and media.endswith("+json")):
        return
    raise ApiError(415, f"the request body must be JSON, sent with the header Content-Type: "
                        f"application/json, not {_shorten(media)} (with curl: "
                        f"-H 'Content-Type: application/json')")


# Arrays and objects inside one another, at most: a request needs 3 (a list of players in
# the body); any real client stays far below.
MAX_JSON_DEPTH = 32


def _too_deep(text: str) -> bool:
    """True when the JSON text nests arrays and objects more than ``MAX_JSON_DEPTH`` deep
    (brackets inside strings do not count); a scan, before any parsing."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def parse_json_object(body: bytes, limits: Limits) -> JsonObject:
    """The request body as a JSON object (checked for size first, then syntax, then shape).

    The body must be UTF-8 (as RFC 8259 says JSON on the wire is), strict JSON (no ``NaN``
    or ``Infinity``, no key twice in one object) and nested at most ``MAX_JSON_DEPTH`` deep
    (a fixed bound: the one Python's recursion limit sets moves with whatever raised it);
    every failure is a 400 naming it, never an internal error.

    Parameters
    ----------
    body : bytes
        The raw request body.
    limits : Limits
        The server's limits (``max_body_bytes``).

    Returns
    -------
    dict
        The decoded object.

    Raises
    ------
    ApiError
        413 when the body is over ``limits.max_body_bytes``; 400 when it is empty, not
        UTF-8, not valid JSON (``NaN``, ``Infinity`` and repeated keys included), nested too
        deeply, or a JSON value other than an object.

    Examples
    --------
    >>> from pokerkeys.web.limits import Limits
    >>> from pokerkeys.web.schemas import parse_json_object
    >>> parse_json_object(b'{"hands": ["AhKh", "QsQd"]}', Limits())
    {'hands': ['AhKh', 'QsQd']}
    >>> parse_json_object(b'[1, 2]', Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: the request body must be a JSON object, not list
    >>> parse_json_object(b'{"seed": NaN}', Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: the request body is not valid JSON: NaN is not a JSON number
    >>> parse_json_object(b'[' * 10_000, Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: the request body is not valid JSON: it is nested too deeply
    """
    if len(body) > limits.max_body_bytes:
        raise ApiError(413, f"the request body has {len(body):,} bytes; the limit is "
                            f"{limits.max_body_bytes:,}")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise bad(f"the request body is not UTF-8 text (byte {exc.start:,} is not)") from None
    if not text.strip():
        raise bad("the request body is empty: send a JSON object, e.g. "
                  '{"hands": ["AhKh", "QsQd"]}')
    if _too_deep(text):
        raise bad("the request body is not valid JSON: it is nested too deeply")
    try:
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
    except RecursionError:
        raise bad("the request body is not valid JSON: it is nested too deeply") from None
    except ValueError as exc:
        raise bad(f"the request body is not valid JSON: {str(exc)[:80]}") from None
    if not isinstance(value, dict):
        raise bad(f"the request body must be a JSON object, not {type(value).__name__}")
    return value


@dataclass(frozen=True)
class EquityRequest:
    """The checked fields of an equity request: the arguments of ``pk.equity`` a client sets.

    Attributes
    ----------
    hands : tuple of str
        2 to 10 players: hands, partly known hands, 'random' or ranges, as written.
    board : str or None
        The board's cards as one string, or None.
    dead : str or None
        Cards out of the deck as one string, or None.
    exact : bool or None
        True enumerates, False runs Monte Carlo, None lets the server choose.
    trials : int or None
        Monte Carlo trials, at most the server's ``max_trials``.
    target_stderr : float or None
        Monte Carlo's target standard error, between 0 and 1.
    time_limit : float or None
        Monte Carlo's time limit in seconds, at most the server's ``max_seconds``.
    seed : int or None
        Seed of the random numbers, 0 to 2**63 - 1.
    game : str
        The game, one of ``GAMES``.
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None
        Short deck's rule order (which of three of a kind and a straight ranks higher);
        None for the other games.

    Examples
    --------
    >>> from pokerkeys.web.schemas import EquityRequest
    >>> EquityRequest(("AhKh", "QsQd"), board="2c7d9h").engine_kwargs()["board"]
    '2c7d9h'
    >>> EquityRequest(("AhKh", "QsQd"), game="shortdeck",
    ...               rules="straight-beats-trips").engine_kwargs()["rules"]
    'straight-beats-trips'
    """

    hands: tuple[str, ...]
    board: str | None = None
    dead: str | None = None
    exact: bool | None = None
    trials: int | None = None
    target_stderr: float | None = None
    time_limit: float | None = None
    seed: int | None = None
    game: Game = "holdem"
    rules: Rules | None = None

    def engine_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``pk.equity`` for this request.

        Returns
        -------
        dict
            ``hands`` (a list), ``board``, ``dead``, ``exact``, ``trials``, ``target_stderr``,
            ``time_limit``, ``seed`` and ``game``; ``rules`` too when the request has a rule
            order (short deck: the Omaha engines take none).

        Examples
        --------
        >>> from pokerkeys.web.schemas import EquityRequest
        >>> EquityRequest(("AhKh", "QsQd"), trials=1000).engine_kwargs()["trials"]
        1000
        """
        kwargs = dict(hands=list(self.hands), board=self.board, dead=self.dead, exact=self.exact,
                      trials=self.trials, target_stderr=self.target_stderr,
                      time_limit=self.time_limit, seed=self.seed, game=self.game)
        if self.rules is not None:
            kwargs["rules"] = self.rules
        return kwargs


def _text(value: object, name: str, limits: Limits) -> str:
    if not isinstance(value, str):
        raise bad(f"{name} must be a string, not {type(value).__name__}")
    if len(value) > limits.max_text_chars:
        raise bad(f"{name} is {len(value):,} characters long; the limit is "
                  f"{limits.max_text_chars:,}")
    try:  # a JSON escape such as "\ud800" decodes to half a character, which no answer holds
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise bad(f"{name} is not valid Unicode text (it holds half of a surrogate "
                  f"pair)") from None
    return value


def _cards(value: object, name: str, limits: Limits) -> str | None:
    """Board or dead cards: a string ('2c7d9h') or a list of card strings."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) > 52:
            raise bad(f"{name} lists {len(value)} cards; a deck has 52")
        return "".join(_text(v, f"{name} card", limits) for v in value)
    return _text(value, name, limits)


def _integer(value: object, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):  # JSON numbers: int, float
        raise bad(f"{name} must be an integer, not {_shorten(value)}")
    return value


def _real(value: object, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise bad(f"{name} must be a number, not {_shorten(value)}")
    try:
        number = float(value)  # an integer of 400 digits does not fit
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise bad(f"{name} must be a finite number, not {_shorten(value)}")
    return number


def parse_equity(data: JsonObject, limits: Limits) -> EquityRequest:
    """An ``EquityRequest`` from a decoded JSON object, its shape and ranges checked.

    Cards and range texts are checked later by the engine (see
    ``pokerkeys.web.compute.plan_equity``), with the engine's own messages.

    Parameters
    ----------
    data : dict
        The request's JSON object: ``hands`` and optionally the other ``EQUITY_FIELDS``.
    limits : Limits
        The server's limits (``max_text_chars``, ``max_trials``, ``max_seconds``).

    Returns
    -------
    EquityRequest
        The checked request.

    Raises
    ------
    ApiError
        400 naming the field: an unknown field; no ``hands``, or not a list of 2 to 10
        strings; a string over ``limits.max_text_chars``; ``board`` or ``dead`` neither a
        string nor a list of at most 52 strings; ``exact`` not a boolean or null; ``trials``
        not an integer from 1 to ``limits.max_trials``; ``target_stderr`` not a number
        between 0 and 1; ``time_limit`` not a number above 0 and at most
        ``limits.max_seconds``; ``seed`` not an integer from 0 to 2**63 - 1; ``game`` not one
        of ``GAMES``; ``rules`` not a rule order, or given with a game other than short deck
        (the messages of ``pk.equity``'s ValueErrors).

    Examples
    --------
    >>> from pokerkeys.web.limits import Limits
    >>> from pokerkeys.web.schemas import parse_equity
    >>> parse_equity({"hands": ["AhKh", "QsQd"], "board": ["2c", "7d", "9h"]}, Limits())
    ... # doctest: +NORMALIZE_WHITESPACE
    EquityRequest(hands=('AhKh', 'QsQd'), board='2c7d9h', dead=None, exact=None, trials=None,
                  target_stderr=None, time_limit=None, seed=None, game='holdem', rules=None)
    >>> parse_equity({"hands": ["AhKh", "QsQd"], "trials": 0}, Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: trials must be from 1 to 1,000,000,000, not 0

    Short deck's rule order defaults to trips beating straights; other games take none:

    >>> parse_equity({"hands": ["AhKh", "QsQd"], "game": "shortdeck"}, Limits()).rules
    'trips-beat-straight'
    >>> parse_equity({"hands": ["AhKh", "QsQd"], "rules": "straight-beats-trips"}, Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: rules apply to game='shortdeck' only, not to game='holdem'
    """
    unknown = [k for k in data if k not in EQUITY_FIELDS]
    if unknown:
        raise bad(f"unknown field {_shorten(unknown[0])}; the fields are "
                  f"{', '.join(EQUITY_FIELDS)}")
    if "hands" not in data:
        raise bad("missing field 'hands': a list of 2 to 10 players, e.g. ['AhKh', 'QsQd']")
    given = data["hands"]
    if not isinstance(given, list):
        raise bad(f"hands must be a list of players, not {type(given).__name__}")
    if not 2 <= len(given) <= 10:
        raise bad(f"equity needs 2 to 10 players, not {len(given)}")
    hands = tuple(_text(h, f"player {i + 1}", limits) for i, h in enumerate(given))
    exact = data.get("exact")
    if exact is not None and not isinstance(exact, bool):
        raise bad(f"exact must be true, false or null, not {_shorten(exact)}")
    trials = _integer(data.get("trials"), "trials")
    if trials is not None and not 0 < trials <= limits.max_trials:
        raise bad(f"trials must be from 1 to {limits.max_trials:,}, not "
                  f"{_shorten(trials) if abs(trials) > 10 ** 30 else f'{trials:,}'}")
    target_stderr = _real(data.get("target_stderr"), "target_stderr")
    if target_stderr is not None and not 0 < target_stderr < 1:
        raise bad(f"target_stderr must be between 0 and 1, not {_shorten(target_stderr)}")
    time_limit = _real(data.get("time_limit"), "time_limit")
    if time_limit is not None and not 0 < time_limit <= limits.max_seconds:
        raise bad(f"time_limit must be more than 0 and at most {limits.max_seconds:g} s, "
                  f"not {_shorten(time_limit)}")
    seed = _integer(data.get("seed"), "seed")
    if seed is not None and not 0 <= seed < 2 ** 63:
        raise bad(f"seed must be from 0 to 2**63 - 1, not {_shorten(seed)}")
    game = parse_game(data.get("game", "holdem"))
    rules = _equity_rules(data.get("rules"), game)
    return EquityRequest(hands, _cards(data.get("board"), "board", limits),
                         _cards(data.get("dead"), "dead", limits), exact, trials,
                         None if target_stderr is None else float(target_stderr),
                         None if time_limit is None else float(time_limit), seed, game, rules)


def _equity_rules(value: object, game: Game) -> Rules | None:
    """An equity request's rule order, checked as ``pk.equity`` checks it (the order first,
    then the game); short deck's default when it gives none, None for the other games."""
    if value is not None and value not in RULES:
        raise bad(f"rules must be one of {', '.join(map(repr, RULES))}, not {_shorten(value)}")
    if game != "shortdeck":
        if value is not None:
            raise bad(f"rules apply to game='shortdeck' only, not to game={game!r}")
        return None
    return resolve_rules(game, None if value is None else str(value))


def parse_game(value: object) -> Game:
    """A game's name, checked: one of ``GAMES``.

    Parameters
    ----------
    value : object
        The ``game`` of a request (a JSON value or a query parameter).

    Returns
    -------
    str
        The game.

    Raises
    ------
    ApiError
        400 when ``value`` is not one of ``GAMES``.

    Examples
    --------
    >>> from pokerkeys.web.schemas import parse_game
    >>> parse_game("omaha5-8")
    'omaha5-8'
    >>> parse_game("razz")
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: unknown game 'razz': choose one of holdem, shortdeck, \
omaha, omaha5, omaha6, omaha8, omaha5-8, omaha6-8
    """
    if not isinstance(value, str) or value not in GAMES:
        raise bad(f"unknown game {_shorten(value)}: choose one of {', '.join(GAMES)}")
    return value


def client_id(value: str | None) -> str | None:
    """The client a request names in its ``X-Pokerkeys-Client`` header, checked.

    The pages send one id per browser tab (a random UUID kept for the tab's life, reloads
    included); the job runner lets a client's new long job replace its previous one.

    Parameters
    ----------
    value : str or None
        The header's value, or None when the request has none.

    Returns
    -------
    str or None
        The id, or None without the header.

    Raises
    ------
    ApiError
        400 when the value is not 1 to 64 letters, digits, ``-`` or ``_``.

    Examples
    --------
    >>> from pokerkeys.web.schemas import ApiError, client_id
    >>> client_id("0f8e5a52-6c1e-4d8e-9a57-1c2b3d4e5f60")
    '0f8e5a52-6c1e-4d8e-9a57-1c2b3d4e5f60'
    >>> client_id(None) is None
    True
    >>> try:
    ...     client_id("two words")
    ... except ApiError as error:
    ...     print(error.status, error.message[-11:])
    400 'two words'
    """
    if value is None:
        return None
    if not _CLIENT_ID.fullmatch(value):
        raise bad(f"the {CLIENT_HEADER} header must be 1 to 64 letters, digits, '-' or '_', "
                  f"not {_shorten(value)}")
    return value


def query_text(params: Mapping[str, str], name: str, limits: Limits) -> str:
    """A required query or path parameter, checked for length.

    Parameters
    ----------
    params : Mapping of str to str
        The request's query parameters or path parameters.
    name : str
        The parameter's name.
    limits : Limits
        The server's limits (``max_text_chars``).

    Returns
    -------
    str
        The parameter's value.

    Raises
    ------
    ApiError
        400 when the parameter is missing or longer than ``limits.max_text_chars``.

    Examples
    --------
    >>> from pokerkeys.web.limits import Limits
    >>> from pokerkeys.web.schemas import query_text
    >>> query_text({"text": "QQ+,AKs"}, "text", Limits())
    'QQ+,AKs'
    >>> query_text({}, "text", Limits())
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: missing query parameter 'text'
    """
    value = params.get(name)
    if value is None:
        raise bad(f"missing query parameter {name!r}")
    return _text(value, name, limits)


def parse_preflop_game(params: Mapping[str, str]
                       ) -> tuple[Literal["holdem", "shortdeck"], Rules | None]:
    """The game and rule order a preflop request asks for (query ``game`` and ``rules``).

    Parameters
    ----------
    params : Mapping of str to str
        The request's query parameters: ``game`` (``holdem``, the default, or
        ``shortdeck``) and, for short deck, ``rules`` (``trips-beat-straight``, the default,
        or ``straight-beats-trips``). Other parameters are ignored.

    Returns
    -------
    tuple
        ``(game, rules)``: rules is None for Hold'em, a rule order for short deck.

    Raises
    ------
    ApiError
        400 when ``game`` is not a preflop game, ``rules`` is unknown, or ``rules`` comes
        with Hold'em (the messages of ``pk.equity``'s ValueErrors).

    Examples
    --------
    >>> from pokerkeys.web.schemas import parse_preflop_game
    >>> parse_preflop_game({}), parse_preflop_game({"game": "shortdeck"})
    (('holdem', None), ('shortdeck', 'trips-beat-straight'))
    >>> parse_preflop_game({"game": "omaha"})
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: the preflop tables are for holdem and shortdeck, not \
game='omaha'
    """
    game = params.get("game", "holdem")
    if game not in ("holdem", "shortdeck"):
        raise bad(f"the preflop tables are for holdem and shortdeck, not game="
                  f"{_shorten(game)}")
    try:
        rules = resolve_rules(game, params.get("rules"))
    except ValueError as exc:
        raise bad(str(exc)) from None
    return ("holdem" if game == "holdem" else "shortdeck"), rules


def parse_range_rules(game: Game, params: Mapping[str, str]) -> Rules | None:
    """The rule order a range request asks for (query ``rules``), checked against its game.

    Short deck's ``N%`` means the top N% of its 630 hands in its own class order, which
    depends on the rule order; the other games take no rules.

    Parameters
    ----------
    game : str
        The request's game, already checked (``parse_game``).
    params : Mapping of str to str
        The request's query parameters: ``rules`` (``trips-beat-straight``, the default
        for short deck, or ``straight-beats-trips``). Other parameters are ignored.

    Returns
    -------
    str or None
        The rule order for short deck, None for the other games.

    Raises
    ------
    ApiError
        400 when ``rules`` is not a rule order, or comes with a game other than short
        deck (the messages of ``pk.equity``'s ValueErrors).

    Examples
    --------
    >>> from pokerkeys.web.schemas import parse_range_rules
    >>> parse_range_rules("shortdeck", {}), parse_range_rules("holdem", {})
    ('trips-beat-straight', None)
    >>> parse_range_rules("shortdeck", {"rules": "straight-beats-trips"})
    'straight-beats-trips'
    >>> parse_range_rules("omaha", {"rules": "straight-beats-trips"})
    Traceback (most recent call last):
    ...
    pokerkeys.web.schemas.ApiError: rules apply to game='shortdeck' only, not to game='omaha'
    """
    rules = params.get("rules")
    if game != "shortdeck":
        if rules is not None:
            raise bad(f"rules apply to game='shortdeck' only, not to game={game!r}")
        return None
    if rules is not None and rules not in RULES:
        raise bad(f"rules must be one of {', '.join(map(repr, RULES))}, not {_shorten(rules)}")
    return resolve_rules(game, rules)
