"""Request schemas, validated once at the edge: every bad request becomes an ``ApiError`` with
a short message naming the problem (the engine's own ``ValueError`` messages where it has
them), and the routes see only checked values."""
from __future__ import annotations

import json
import math
import numbers
from dataclasses import dataclass

from .limits import Limits


class ApiError(Exception):
    """A request the server refuses: HTTP status and a one-line message."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def bad(message: str) -> ApiError:
    return ApiError(400, message)


def _shorten(value, limit: int = 40) -> str:
    """A value for an error message, never a megabyte of it."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def parse_json_object(body: bytes, limits: Limits) -> dict:
    """The request body as a JSON object (size first, then syntax, then shape)."""
    if len(body) > limits.max_body_bytes:
        raise ApiError(413, f"the request body has {len(body):,} bytes; the limit is "
                            f"{limits.max_body_bytes:,}")
    if not body.strip():
        raise bad("the request body is empty: send a JSON object, e.g. "
                  '{"hands": ["AhKh", "QsQd"]}')
    try:
        value = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise bad(f"the request body is not valid JSON: {str(exc)[:80]}") from None
    if not isinstance(value, dict):
        raise bad(f"the request body must be a JSON object, not {type(value).__name__}")
    return value


@dataclass(frozen=True)
class EquityRequest:
    """The fields of ``pk.equity`` that a client may set."""
    hands: tuple[str, ...]
    board: str | None = None
    dead: str | None = None
    exact: bool | None = None
    trials: int | None = None
    target_stderr: float | None = None
    time_limit: float | None = None
    seed: int | None = None
    game: str = "holdem"

    def engine_kwargs(self) -> dict:
        return dict(hands=list(self.hands), board=self.board, dead=self.dead, exact=self.exact,
                    trials=self.trials, target_stderr=self.target_stderr,
                    time_limit=self.time_limit, seed=self.seed, game=self.game)


EQUITY_FIELDS = ("hands", "board", "dead", "exact", "trials", "target_stderr", "time_limit",
                 "seed", "game")
GAMES = ("holdem", "omaha")


def _text(value, name: str, limits: Limits) -> str:
    if not isinstance(value, str):
        raise bad(f"{name} must be a string, not {type(value).__name__}")
    if len(value) > limits.max_text_chars:
        raise bad(f"{name} is {len(value):,} characters long; the limit is "
                  f"{limits.max_text_chars:,}")
    return value


def _cards(value, name: str, limits: Limits) -> str | None:
    """Board or dead cards: a string ('2c7d9h') or a list of card strings."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) > 52:
            raise bad(f"{name} lists {len(value)} cards; a deck has 52")
        return "".join(_text(v, f"{name} card", limits) for v in value)
    return _text(value, name, limits)


def _number(value, name: str, integer: bool = False):
    if value is None:
        return None
    kinds = numbers.Integral if integer else numbers.Real
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise bad(f"{name} must be {'an integer' if integer else 'a number'}, not "
                  f"{_shorten(value)}")
    if not integer and not math.isfinite(value):
        raise bad(f"{name} must be a finite number, not {value!r}")
    return value


def parse_equity(data: dict, limits: Limits) -> EquityRequest:
    """An EquityRequest from a decoded JSON object; shape and ranges only (cards and range
    text are checked by the engine's ``prepare``, see ``compute.plan_equity``)."""
    unknown = [k for k in data if k not in EQUITY_FIELDS]
    if unknown:
        raise bad(f"unknown field {_shorten(unknown[0])}; the fields are "
                  f"{', '.join(EQUITY_FIELDS)}")
    if "hands" not in data:
        raise bad("missing field 'hands': a list of 2 to 10 players, e.g. ['AhKh', 'QsQd']")
    hands = data["hands"]
    if not isinstance(hands, list):
        raise bad(f"hands must be a list of players, not {type(hands).__name__}")
    if not 2 <= len(hands) <= 10:
        raise bad(f"equity needs 2 to 10 players, not {len(hands)}")
    hands = tuple(_text(h, f"player {i + 1}", limits) for i, h in enumerate(hands))
    exact = data.get("exact")
    if exact is not None and not isinstance(exact, bool):
        raise bad(f"exact must be true, false or null, not {_shorten(exact)}")
    trials = _number(data.get("trials"), "trials", integer=True)
    if trials is not None and not 0 < trials <= limits.max_trials:
        raise bad(f"trials must be from 1 to {limits.max_trials:,}, not {trials:,}")
    target_stderr = _number(data.get("target_stderr"), "target_stderr")
    if target_stderr is not None and not 0 < target_stderr < 1:
        raise bad(f"target_stderr must be between 0 and 1, not {target_stderr!r}")
    time_limit = _number(data.get("time_limit"), "time_limit")
    if time_limit is not None and not 0 < time_limit <= limits.max_seconds:
        raise bad(f"time_limit must be more than 0 and at most {limits.max_seconds:g} s, "
                  f"not {time_limit!r}")
    seed = _number(data.get("seed"), "seed", integer=True)
    if seed is not None and not 0 <= seed < 2 ** 63:
        raise bad(f"seed must be from 0 to 2**63 - 1, not {_shorten(seed)}")
    game = data.get("game", "holdem")
    if game not in GAMES:
        raise bad(f"unknown game {_shorten(game)}: choose one of {', '.join(GAMES)}")
    return EquityRequest(hands, _cards(data.get("board"), "board", limits),
                         _cards(data.get("dead"), "dead", limits), exact, trials,
                         None if target_stderr is None else float(target_stderr),
                         None if time_limit is None else float(time_limit), seed, game)


def parse_opponents(text: str) -> int:
    try:
        n = int(text)
    except (TypeError, ValueError):
        raise bad(f"opponents must be an integer from 1 to 9, not {_shorten(text)}") from None
    if not 1 <= n <= 9:
        raise bad(f"opponents must be an integer from 1 to 9, not {n}")
    return n


def query_text(params, name: str, limits: Limits, required: bool = True) -> str | None:
    value = params.get(name)
    if value is None:
        if required:
            raise bad(f"missing query parameter {name!r}")
        return None
    return _text(value, name, limits)
