"""A description of the web app's JSON API, as data: every ``/api/...`` route of
``pokerkeys.web.app.create_app()`` with its parameters, answer, errors and an example.

The docs build turns ``ENDPOINTS`` into the JSON API reference page, and
``tests/test_web_endpoints.py`` checks it against the app: the same routes and methods, every
request field the schemas accept, and examples that the app accepts. The module imports no web
framework (only the server's default ``Limits``, a plain dataclass), so the docs build imports
it cheaply and without the ``web`` extra.

Conventions shared by every endpoint: requests and answers are JSON (``/api/equity/stream``
answers with server-sent events); every refused request is answered with a 4xx or 5xx status
and a JSON object ``{"error": "<one-line message>"}``; a path that is not a route gets 404 and a
route asked with another method 405 (with an ``Allow`` header). The limits quoted below are
the defaults of ``pokerkeys serve`` (``pokerkeys.web.limits.Limits``).

Examples
--------
>>> from pokerkeys.web.endpoints import ENDPOINTS
>>> [(e.method, e.path) for e in ENDPOINTS][:2]
[('POST', '/api/equity'), ('POST', '/api/equity/stream')]
>>> [f.name for f in ENDPOINTS[0].body if f.required]
['hands']
"""
from __future__ import annotations

from dataclasses import dataclass

from .limits import Limits
from .schemas import MAX_JSON_DEPTH

__all__ = ["ENDPOINTS", "ApiField", "Endpoint", "ErrorCase"]


@dataclass(frozen=True)
class ApiField:
    """One request parameter, body field or response field of an endpoint.

    Attributes
    ----------
    name : str
        The field's name as it appears in JSON or in the query string, e.g. ``"hands"``.
    type : str
        Its JSON type as a reader would write it: ``"array of strings"``, ``"number"``,
        ``"boolean"``, ``"string"``, ``"object"``, ``"integer"``, ...
    description : str
        What the field means, in one or two sentences.
    required : bool
        Whether a request must carry the field (request fields only).
    default : str or None
        The value assumed when a request leaves the field out, as shown to a reader (e.g.
        ``"null"``, ``'"holdem"'``); None when there is no default to show.

    Examples
    --------
    >>> from pokerkeys.web.endpoints import ApiField
    >>> ApiField("seed", "integer", "Seed of the random numbers.", default="null").required
    False
    """

    name: str
    type: str
    description: str
    required: bool = False
    default: str | None = None


@dataclass(frozen=True)
class ErrorCase:
    """One way an endpoint refuses a request.

    Attributes
    ----------
    status : int
        The HTTP status code (400, 404, 405, 413, 503, ...).
    when : str
        When the endpoint answers with it, and what its message says.

    Examples
    --------
    >>> from pokerkeys.web.endpoints import ErrorCase
    >>> ErrorCase(404, "the path is not a route").status
    404
    """

    status: int
    when: str


@dataclass(frozen=True)
class Endpoint:
    """One route of the JSON API.

    Attributes
    ----------
    method : str
        ``"GET"`` or ``"POST"`` (a GET route also answers HEAD).
    path : str
        The route, e.g. ``"/api/equity"``; ``{name}`` marks a path parameter.
    summary : str
        What it does, in one line.
    description : str
        A paragraph: what it computes, how long it takes, how it is bounded.
    query : tuple of ApiField
        Query-string and path parameters.
    body : tuple of ApiField
        Fields of the JSON body (POST).
    response : tuple of ApiField
        Fields of the JSON answer (for the stream: of each event's data).
    errors : tuple of ErrorCase
        The statuses it refuses requests with, and when.
    example_request : str
        A ``curl`` command line against a local server on the default port.
    example_response : str
        What that request answers (JSON, or the event stream's text); long arrays and
        objects may be shortened with ``...``.
    content_type : str
        The answer's media type: ``"application/json"``, or ``"text/event-stream"`` for the
        stream.

    Examples
    --------
    >>> from pokerkeys.web.endpoints import ENDPOINTS
    >>> status = next(e for e in ENDPOINTS if e.path == "/api/status")
    >>> status.method, [f.name for f in status.response]
    ('GET', ['long_jobs_running', 'long_jobs_limit', 'max_time_limit'])
    """

    method: str
    path: str
    summary: str
    description: str
    query: tuple[ApiField, ...] = ()
    body: tuple[ApiField, ...] = ()
    response: tuple[ApiField, ...] = ()
    errors: tuple[ErrorCase, ...] = ()
    example_request: str = ""
    example_response: str = ""
    content_type: str = "application/json"


_LIMITS = Limits()
_SERVER = "http://127.0.0.1:8765"
_MAX_TEXT = f"{_LIMITS.max_text_chars:,}"
_PLAYER_TEXT = ("Each is a hand ('AhKh'), a partly known hand ('Ah??'), an unknown hand "
                "('random' or '??'), or a range ('QQ+,AKs', 'JJ:0.5', '15%'); in short deck "
                "the same with cards six to ace; in Omaha and Omaha hi/lo, the game's number "
                "of hole cards ('AsKsQdJd'), 'random', or a range in the generic Omaha syntax "
                "('AA:$ds', 'RRxx', 'KK:$ds:0.5'; '15%' for 4 cards only).")

_EQUITY_BODY = (
    ApiField("hands", "array of strings",
             "The players, 2 to 10. " + _PLAYER_TEXT, required=True),
    ApiField("board", "string or array of strings",
             "The board's known cards: 0, 3, 4 or 5, as one string ('2c7d9h') or a list of "
             "cards (['2c', '7d', '9h']).", default="null"),
    ApiField("dead", "string or array of strings",
             "Cards out of the deck (folded or seen), written like the board.",
             default="null"),
    ApiField("exact", "boolean or null",
             "true enumerates every board, false runs Monte Carlo, null picks enumeration "
             "when it takes about a second or less and Monte Carlo otherwise.",
             default="null"),
    ApiField("trials", "integer",
             f"Monte Carlo stops after this many trials (1 to "
             f"{_LIMITS.max_trials:,}). Without trials, target_stderr and time_limit, Monte "
             f"Carlo runs 10,000,000 trials.", default="null"),
    ApiField("target_stderr", "number",
             "Monte Carlo stops when every player's standard error of equity is below this "
             "(between 0 and 1, e.g. 0.001).", default="null"),
    ApiField("time_limit", "number",
             f"Monte Carlo stops after this many seconds (more than 0, at most "
             f"{_LIMITS.max_seconds:g}, this server's work limit, which /api/status reports "
             f"as max_time_limit and which also applies when it is left out). A run stopped "
             f"by either limit answers with its estimate and standard error, marked "
             f"stopped_by \"time_limit\".", default="null"),
    ApiField("seed", "integer",
             "Seed of the random numbers (0 to 2**63 - 1): the same seed gives the same "
             "result. null draws a fresh one.", default="null"),
    ApiField("game", "string",
             "\"holdem\" (Texas hold'em), \"shortdeck\" (six-plus hold'em, cards six to "
             "ace, in the rule order of rules), \"omaha\" (Omaha, all players "
             "alike: 4 hole cards, or 5 or 6 when the known hands hold that many), "
             "\"omaha5\", \"omaha6\" (5- or 6-card Omaha, ranges read for that size) or "
             "\"omaha8\", "
             "\"omaha5-8\", \"omaha6-8\" (Omaha hi/lo, eight or better, with 4, 5 or 6). "
             "A hi/lo answer differs from the one below: players, equity (each player's "
             "share of the whole pot), high and low (the average share of the high and of the "
             "low half; a showdown without a qualifying low counts 0 for the low), scoop (the "
             "probability of taking the whole pot alone), stderr (of equity), low_qualifies "
             "(the share of showdowns with a qualifying low), exact, boards, trials, elapsed "
             "and stopped_by; its Monte Carlo streams partial hi/lo answers like hold'em's "
             "and keeps its estimate at this server's work limit.", default='"holdem"'),
    ApiField("rules", "string or null",
             "Short deck only: which of three of a kind and a straight ranks higher, "
             "\"trips-beat-straight\" (null: the default) or \"straight-beats-trips\" (as "
             "some rooms play). It decides showdowns and what a range's N% means (the top "
             "N% of the 630 hands in that order's class order, as /api/range/shortdeck "
             "reads it with the same rules); it does not change how a request is run or "
             "priced, and the answer has the same fields in both orders.", default="null"),
)

_EQUITY_RESPONSE = (
    ApiField("players", "array of strings", "The players as given (ranges as written)."),
    ApiField("equity", "array of numbers",
             "Each player's equity: the share of the pot they take on average, win + "
             "tie_share; the players' equities add up to 1."),
    ApiField("win", "array of numbers", "Each player's probability of winning alone."),
    ApiField("tie", "array of numbers", "Each player's probability of splitting the pot."),
    ApiField("tie_share", "array of numbers",
             "Each player's expected share of the pot from split pots."),
    ApiField("wins", "array of numbers",
             "Raw (weighted) count of showdowns each player won alone."),
    ApiField("ties", "array of numbers", "Raw count of showdowns each player split."),
    ApiField("losses", "array of numbers", "Raw count of showdowns each player lost."),
    ApiField("splits", "object",
             "For each group of players who split a pot (0-based indices joined by commas, "
             "e.g. \"0,2\"), the probability of that split."),
    ApiField("exact", "boolean", "true for an enumeration, false for Monte Carlo."),
    ApiField("boards", "number", "Boards enumerated (0 for Monte Carlo)."),
    ApiField("trials", "integer", "Monte Carlo trials run (0 for an enumeration)."),
    ApiField("stderr", "array of numbers",
             "Standard error of each player's equity (0 for an enumeration)."),
    ApiField("elapsed", "number", "Seconds the computation took."),
    ApiField("stopped_by", "string or null",
             "Which rule ended a Monte Carlo run: \"trials\", \"target_stderr\" or "
             "\"time_limit\" (the request's time_limit, or this server's work limit: the "
             "estimate so far, with its standard error); null for an enumeration (and in "
             "partial results)."),
)

_RANGE_RESPONSE = (
    ApiField("text", "string", "The range as given."),
    ApiField("game", "string", "The game it was read for."),
    ApiField("rules", "string or null",
             "Short deck's rule order the range was read in (its N% ranks the 630 hands by "
             "that order's class order); null for the other games."),
    ApiField("description", "string",
             "The same range written class by class ('AA, AKs:0.5, KK, QQ'); an Omaha range "
             "as given."),
    ApiField("combos", "number", "Its number of combos (Omaha: hands), weighted."),
    ApiField("hands", "integer", "Its number of distinct combos or hands, weights aside."),
    ApiField("percent", "number",
             "Its weighted share of the game's starting hands, in %: of 1,326 (hold'em), "
             "630 (short deck), 270,725 (4-card Omaha), 2,598,960 (5) or 20,358,520 (6)."),
    ApiField("classes", "object",
             "Each class in the range with its weight (0 to 1); classes not in the range are "
             "left out; empty for an Omaha range."),
)

_EQUITY_ERRORS = (
    ErrorCase(400, "The body is empty, not UTF-8, not valid JSON (NaN, Infinity and a key "
                   "given twice in one object are not), nested more than "
                   f"{MAX_JSON_DEPTH} arrays or objects deep, or not a JSON "
                   "object; a field is unknown, missing (hands) or of the wrong type; a "
                   "number is out of its range; a string is longer than "
                   f"{_MAX_TEXT} characters or not valid Unicode. The message names the "
                   "field."),
    ErrorCase(400, "The X-Pokerkeys-Client header is not 1 to 64 letters, digits, '-' or "
                   "'_'."),
    ErrorCase(400, "A hand, range or card does not parse, a card is used twice, or the board "
                   "does not have 0, 3, 4 or 5 cards: the engine's own message, naming the "
                   "player and the card or range item (e.g. \"card Ah is used in player 1 "
                   "and player 2\"). Also: in short deck a card below the six; in Omaha a "
                   "hand of the wrong size for the game, a range that matches no hand or "
                   "none left once the known cards are removed, a pattern longer than the "
                   "hand, '15%' for 5 or 6 cards."),
    ErrorCase(400, "game is not one of holdem, shortdeck, omaha, omaha5, omaha6, omaha8, "
                   "omaha5-8, omaha6-8."),
    ErrorCase(400, "rules is not a rule order (\"rules must be one of "
                   "'trips-beat-straight', 'straight-beats-trips', not 'x'\") or comes with "
                   "another game than shortdeck (\"rules apply to game='shortdeck' only, not "
                   "to game='holdem'\"): pokerkeys.equity's messages."),
    ErrorCase(400, f"exact is true but the enumeration needs more than "
                   f"{_LIMITS.max_exact_evaluations:.0e} hand evaluations, this server's "
                   f"limit (ask for Monte Carlo instead), or an enumeration did not finish "
                   f"within this server's work limit of {_LIMITS.max_seconds:g} s (the "
                   f"message says so: an enumeration has no estimate to give before it "
                   f"ends, unlike Monte Carlo)."),
    ErrorCase(405, "The method is not POST."),
    ErrorCase(409, "A newer long request with the same X-Pokerkeys-Client header replaced "
                   "this one, which was cancelled (a stream ends with this message as its "
                   "error event)."),
    ErrorCase(413, f"The body is over {_LIMITS.max_body_bytes:,} bytes (refused as soon "
                   f"as it passes the limit, or at once from its Content-Length)."),
    ErrorCase(415, "The Content-Type header is given and is not application/json (curl's "
                   "-d sends a form unless given -H 'Content-Type: application/json'; a "
                   "body without Content-Type is read as JSON)."),
    ErrorCase(503, f"The request needs a long job (Monte Carlo, Omaha, or an enumeration "
                   f"of more than about a second) and the server already runs "
                   f"{_LIMITS.long_jobs} for other clients, its limit: the Retry-After "
                   f"header and the body's retry_after (an integer) say in how many seconds "
                   f"to retry (at most {_LIMITS.retry_after_seconds})."),
    ErrorCase(503, "The server is stopping (a stream ends with this message as its error "
                   "event); no retry_after."),
)

_CLIENT_TEXT = (
    " A request may name its client in the header X-Pokerkeys-Client (1 to 64 letters, "
    "digits, '-' or '_'; the pages send one random id per browser tab): a long request "
    "cancels the same client's running long request before it counts against the limit, "
    "so one tab never blocks itself.")

_CATEGORIES = ApiField(
    "categories", "object",
    "For each hand category, high card first (\"High card\" .. \"Straight flush\"): "
    "boards (how many boards of 2,118,760 give this hand that category as its best "
    "7-card hand), probability (boards / 2,118,760) and average_probability (the same "
    "over all hands).")

_BUCKETS = ApiField(
    "buckets", "array of objects",
    "The same distribution by rank bucket, 100 of them, worst first: within each category "
    "the hands with the same leading rank (the high card; the pair; the higher pair of two "
    "pair; the three of a kind of trips and of a full house; the top card of a straight or "
    "flush; a royal flush alone). Each has category, label ('Pair, aces', 'Two pair, kings "
    "up', 'Full house, eights full'), ranks ([lowest, highest]: its ranks are consecutive), "
    "boards, probability and average_probability, as the categories. Buckets no 7-card hand "
    "reaches (seven or eight high) have 0.")

_AKS_BUCKETS = (
    '[{"category": "High card", "label": "High card, seven", "ranks": [1, 4], "boards": 0, '
    '"probability": 0.0, "average_probability": 0.0}, ...]')

_AKS_CATEGORIES = (
    '{"High card": {"boards": 386130, "probability": 0.18224338764182824, '
    '"average_probability": 0.17411919581751434}, "Pair": {"boards": 916776, '
    '"probability": 0.43269459495176427, "average_probability": 0.4382254574070431}, ...}')

_ANALYSIS_BODY = (
    ApiField("hands", "array of strings",
             "The players, 2 to 6, as for /api/equity: hold'em hands, partly known hands, "
             "'random' or ranges ('QQ+,AKs', 'JJ:0.5', '15%'); Omaha: hands of the game's "
             "size ('AsKsQdJd'), 'random' or Omaha ranges ('AA:$ds, JT98').", required=True),
    ApiField("board", "string or array of strings",
             "The board: a flop or a turn for runouts; a flop, turn or river for classes; "
             "none, a flop or a turn for what-wins; any for distribution; none for flops.",
             default="null"),
    ApiField("dead", "string or array of strings", "Cards out of the deck.", default="null"),
    ApiField("exact", "boolean or null",
             "distribution, classes, what-wins, Omaha runouts: true enumerates, false samples "
             "(Monte Carlo), null lets the library choose (heads-up on a board, per-combo "
             "results are always exact; Omaha runouts enumerate up to 1 billion showdowns "
             "heads-up, 500 million with more players, else sample matchups). Hold'em "
             "runouts and flops always enumerate.", default="null"),
    ApiField("trials", "integer",
             "Monte Carlo trials of distribution and classes; boards sampled by what-wins "
             "(Omaha with too many matchups to list: the matchups sampled, which the answer's "
             "data.samples gives, 0 when every matchup counted); matchups sampled by Omaha "
             "runouts.", default="null"),
    ApiField("target_stderr", "number", "Not used here: refused when given.",
             default="null"),
    ApiField("time_limit", "number",
             f"Not used here: refused when given (every view stops by this server's work "
             f"limit of {_LIMITS.max_seconds:g} s).", default="null"),
    ApiField("seed", "integer", "Seed of the samples (the same seed, the same result).",
             default="null"),
    ApiField("game", "string",
             "\"holdem\", or Omaha high with 4, 5 or 6 hole cards: \"omaha\", \"omaha5\", "
             "\"omaha6\" (every view).", default='"holdem"'),
    ApiField("rules", "string or null",
             "Not used here: short deck's rule order, for /api/equity; refused when given "
             "(the analysis plays no short deck).", default="null"),
)
_ANALYSIS_QUERY = (
    ApiField("view", "string",
             "In the path: \"distribution\" (each combo of one player's range with its "
             "equity, best first, with quantiles and by starting hand: pk.equity_distribution),"
             " \"classes\" (the range by made hand and draw: pk.equity_by_class), "
             "\"what-wins\" (the final hands each player wins with: pk.what_wins), "
             "\"runouts\" (every turn or river card: pk.runouts, with its turn x river "
             "grid when grid=1) or \"flops\" (every flop of a preflop matchup: pk.flops).",
             required=True),
    ApiField("player", "integer",
             "Whose range distribution and classes describe, 0-based.", default="0"),
    ApiField("threshold", "number",
             "runouts: a player's equity \"moves\" after a card when it changes by more than "
             "this (0 to 1).", default="0.1"),
    ApiField("grid", "integer",
             "runouts: 1 adds data.grid, the turn x river grid of a flop (cards, weight and "
             "each player's equity on every turn and river, rounded to 6 decimals; null on a "
             "turn); 0 leaves it out.", default="0"),
    ApiField("by", "string",
             "what-wins: \"category\" (the nine hand categories) or \"made\" (the made-hand "
             "classes of range hits).", default='"category"'),
)
_ANALYSIS_RESPONSE = (
    ApiField("view", "string", "The view asked for."),
    ApiField("player", "integer", "The player asked for (0-based)."),
    ApiField("data", "object",
             "The view's result: the library's to_dict() of EquityDistribution (rows, "
             "summary, hands by starting hand), ClassEquity, WhatWins or Runouts (with "
             "exact, samples and stderr_now, and each card's stderr_1, stderr_2, ... when "
             "Omaha runouts sample matchups); for flops "
             "players, overall (each player's preflop equity), by_texture and rows (one per "
             "flop class, FlopReport.records(), rounded to 6 decimals)."),
)
_ANALYSIS_ERRORS = (
    ErrorCase(400, "The body or a query option is refused (the message names the field): "
                   "as for /api/equity, and also a game other than holdem, omaha, omaha5 or "
                   "omaha6, target_stderr or time_limit given, a grid other than 0 or 1, an "
                   "unknown view, a player that is not one of the "
                   "players, a threshold outside 0 to 1, a by other than category or made."),
    ErrorCase(400, "The library refuses the spot, with its own message: a board of the "
                   "wrong length for the view, a range emptied by the board and dead cards, a "
                   "card used twice, fewer than 2 or more than 6 players, a player's range "
                   "that is a single hand (distribution, classes), too many matchups to "
                   "enumerate, an Omaha hand of the wrong size, Omaha flops over more than "
                   "5 billion showdowns (matchups x boards, the message names both), Omaha "
                   "what-wins by made; or the view did not finish within this server's work "
                   "limit."),
    ErrorCase(405, "The method is not POST."),
    ErrorCase(409, "A newer long request with the same X-Pokerkeys-Client header replaced "
                   "this one."),
    ErrorCase(413, f"The body is over {_LIMITS.max_body_bytes:,} bytes."),
    ErrorCase(415, "The Content-Type header is given and is not application/json."),
    ErrorCase(503, f"The server already runs {_LIMITS.long_jobs} long jobs of other clients "
                   f"(with retry_after), or is stopping."),
)
_ANALYSIS_EXAMPLE = (
    f"curl -s '{_SERVER}/api/analysis/distribution?player=1' -H 'Content-Type: "
    """application/json' -d '{"hands": ["AhKh", "QQ+,AK"], "board": "Jh9h2c"}'""")
_ANALYSIS_ANSWER = """{"view": "distribution", "player": 1, "data": {"players": ["AhKh", \
"QQ+,AK"], "player": 1, "board": "Jh 9h 2c", "kind": "combos", "exact": true, "summary": \
{"mean": 0.43917748917748906, "at_least": {"0.25": 1.0000000000000002, "0.5": \
0.2857142857142857, "0.75": 0.0, "0.9": 0.0}, "quantiles": {"0.1": 0.6272727272727273, \
"0.25": 0.5303030303030303, "0.5": 0.46464646464646464, "0.75": 0.3181818181818182, "0.9": \
0.3181818181818182}}, "rows": [{"combo": "AdAc", "weight": 0.047619047619047616, "equity": \
0.6272727272727273, "cumulative": 0.047619047619047616}, ...], "hands": [{"hand": "AA", \
"row": 0, "col": 0, "combos": 3, "weight": 0.14285714285714285, "equity": \
0.6272727272727273}, ...]}}"""

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        method="POST",
        path="/api/equity",
        summary="All-in equity of 2 to 10 hands or ranges, exact or Monte Carlo.",
        description=(
            "The fields of pokerkeys.equity, answered with the same JSON as "
            "`pokerkeys equity --json`. The server decides before starting: an enumeration "
            "that takes about a second or less runs on a pool of short-job threads; Monte "
            "Carlo, Omaha (high and hi/lo) and bigger enumerations are long jobs, at most "
            f"{_LIMITS.long_jobs} at once. Monte Carlo stops at the first of trials, "
            f"target_stderr and time_limit, and after {_LIMITS.max_seconds:g} s at the "
            "latest, answering its estimate either way. Closing the connection cancels the "
            "computation within a fraction of a second." + _CLIENT_TEXT),
        body=_EQUITY_BODY,
        response=_EQUITY_RESPONSE,
        errors=_EQUITY_ERRORS,
        example_request=(
            f"curl -s {_SERVER}/api/equity -H 'Content-Type: application/json' "
            """-d '{"hands": ["AhKh", "QsQd"], "board": "2c7d9h"}'"""),
        example_response="""{
  "players": ["AhKh", "QsQd"],
  "equity": [0.2828282828282828, 0.7171717171717171],
  "win": [0.2828282828282828, 0.7171717171717171],
  "tie": [0.0, 0.0],
  "tie_share": [0.0, 0.0],
  "wins": [280.0, 710.0],
  "ties": [0.0, 0.0],
  "losses": [710.0, 280.0],
  "splits": {},
  "exact": true,
  "boards": 990.0,
  "trials": 0,
  "stderr": [0.0, 0.0],
  "elapsed": 0.0791729900000746,
  "stopped_by": null
}""",
    ),
    Endpoint(
        method="POST",
        path="/api/equity/stream",
        summary="The same computation, with Monte Carlo's partial results as they come.",
        description=(
            "Takes the body of /api/equity. A request refused before the computation starts "
            "gets the same JSON errors as /api/equity; otherwise the answer is a stream of "
            "server-sent events. Each `result` event's data is a JSON object with the "
            "fields of /api/equity's answer plus `final`: Monte Carlo sends a partial "
            f"result (\"final\": false) at most every {_LIMITS.stream_interval:g} s, then "
            "the final one (\"final\": true), after which the stream ends; an enumeration "
            "sends only the final one. While nothing new is ready the server sends an SSE "
            "comment (`: working`) every second. If the computation fails after the stream "
            "began, an `error` event carries {\"error\": message} and the stream ends. "
            "Closing the connection cancels the computation within a fraction of a "
            "second." + _CLIENT_TEXT),
        body=_EQUITY_BODY,
        response=_EQUITY_RESPONSE + (
            ApiField("final", "boolean",
                     "false for a partial Monte Carlo result, true for the last event."),),
        errors=_EQUITY_ERRORS,
        example_request=(
            f"curl -sN {_SERVER}/api/equity/stream -H 'Content-Type: application/json' "
            """-d '{"hands": ["AhKh", "QsQd", "random"], "exact": false, """
            """"trials": 2000000, "seed": 1}'"""),
        example_response=(
            'event: result\n'
            'data: {"players": ["AhKh", "QsQd", "random"], "equity": [0.40273412068684894, '
            '0.4635022481282552, 0.13376363118489584], "win": [0.3995933532714844, '
            '0.4617729187011719, 0.129974365234375], "tie": [0.00736236572265625, '
            '0.00453948974609375, 0.00865936279296875], "tie_share": [0.003140767415364583, '
            '0.0017293294270833333, 0.003789265950520833], "wins": [104751.0, 121051.0, 34072.0],'
            ' "ties": [1930.0, 1190.0, 2270.0], "losses": [155463.0, 139903.0, 225802.0], '
            '"splits": {"0,2": 0.004119873046875, "1,2": 0.0012969970703125, "0,1,2": '
            '0.00324249267578125}, "exact": false, "boards": 0, "trials": 262144, "stderr": '
            '[0.0009544163444118923, 0.0009719109051290652, 0.0006588622927985279], "elapsed": '
            '0.011419572000022526, "stopped_by": null, "final": false}\n'
            '\n'
            'event: result\n'
            'data: {"players": ["AhKh", "QsQd", "random"], "equity": [0.40529641666666666, '
            '0.46171941666666666, 0.13298416666666665], "win": [0.4022195, 0.460032, 0.129278], '
            '"tie": [0.007212, 0.004433, 0.0084705], "tie_share": [0.0030769166666666666, '
            '0.0016874166666666665, 0.0037061666666666666], "wins": [804439.0, 920064.0, '
            '258556.0], "ties": [14424.0, 8866.0, 16941.0], "losses": [1181137.0, 1071070.0, '
            '1724503.0], "splits": {"0,2": 0.0040375, "1,2": 0.0012585, "0,1,2": 0.0031745}, '
            '"exact": false, "boards": 0, "trials": 2000000, "stderr": [0.00034591655895435805, '
            '0.00035179159402445994, 0.00023798108146782336], "elapsed": 0.05665409100004126, '
            '"stopped_by": "trials", "final": true}\n'),
        content_type="text/event-stream",
    ),
    Endpoint(
        method="GET",
        path="/api/preflop",
        summary=("The 169 preflop classes with their equity, and equity without ties, "
                 "against 1 to 9 random hands."),
        description=(
            "The shipped preflop tables: the classes in the order of the 13 x 13 grid (pairs "
            "on the diagonal, suited above it, offsuit below) with their combo counts, "
            "their all-in equity against 1 to 9 random hands (a split pot counts as the "
            "class's share of it) and their equity without ties (the chance of winning the "
            "pot alone: the equity minus the class's share of split pots), rounded to 6 "
            "decimals. Heads-up figures are exact; the others are Monte Carlo estimates with "
            "their standard errors. No computation: it answers at once. Query parameters "
            "(optional): game, 'holdem' (the default) or 'shortdeck' (six-plus hold'em); "
            "rules, for short deck only, 'trips-beat-straight' (the default: three of a kind "
            "beats a straight) or 'straight-beats-trips'. Short deck's answer "
            "(/api/preflop?game=shortdeck) has the fields game ('shortdeck'), rules (the rule "
            "order of its figures), grid_size (9), classes (its 81 classes 'AA', 'AKs', ..., "
            "'66', row by row of the 9 x 9 grid), combos, equity_vs_opponents and stderr, "
            "win_vs_opponents and win_stderr (5 numbers per class: against 1 to 5 random "
            "hands), heads_up (the exact 81 x 81 matrix: the row class's equity against the "
            "column class) and distributions: every class's exact distribution of best hands "
            "over its 278,256 boards, with the fields boards (278256), categories (the nine "
            "category labels, worst first in the rule order's ranking), average (each "
            "category's probability over all hands, in that order), buckets (the rank "
            "buckets, worst first, each with category, label, ranks [lowest, highest] on "
            "short deck's scale 1 to 1404 and average_probability), counts (for each class, "
            "its boards in each bucket; a category's boards are the sum of its buckets'), "
            "mean_rank (for each class) and average_mean_rank. The first short-deck answer "
            "of a rule order computes the distributions (about a second; the server does the "
            "default order when it starts)."),
        response=(
            ApiField("classes", "array of strings",
                     "The 169 classes ('AA', 'AKs', ..., '22'), row by row of the grid."),
            ApiField("combos", "array of integers",
                     "Each class's number of combos: 6 for a pair, 4 suited, 12 offsuit."),
            ApiField("equity_vs_opponents", "array of arrays of numbers",
                     "For each class, 9 numbers: its equity against 1, 2, ..., 9 random "
                     "hands."),
            ApiField("stderr", "array of arrays of numbers",
                     "The standard error of each of those equities (0 where exact)."),
            ApiField("win_vs_opponents", "array of arrays of numbers",
                     "For each class, 9 numbers (short deck: 5): its equity without ties "
                     "(the chance of winning the pot alone) against 1, 2, ..., 9 random "
                     "hands; never above its equity."),
            ApiField("win_stderr", "array of arrays of numbers",
                     "The standard error of each of those figures (0 where exact)."),
        ),
        errors=(ErrorCase(400, "game is not 'holdem' or 'shortdeck', rules is not a rule "
                               "order, or rules comes with Hold'em."),
                ErrorCase(405, "The method is not GET or HEAD.")),
        example_request=f"curl -s {_SERVER}/api/preflop",
        example_response="""{
  "classes": ["AA", "AKs", "AQs", ...],
  "combos": [6, 4, 4, ...],
  "equity_vs_opponents": [[0.852037, 0.734568, 0.638529, 0.558965, 0.491739, 0.435251, \
0.387558, 0.345494, 0.310883], ...],
  "stderr": [[0.0, 0.00043, 0.000468, 0.000484, 0.000487, 0.000483, 0.000475, 0.000463, \
0.000451], ...],
  "win_vs_opponents": [[0.849319, 0.732288, 0.636329, 0.556731, 0.489463, 0.433074, \
0.38533, 0.34336, 0.308743], ...],
  "win_stderr": [[0.0, 0.000431, 0.000469, 0.000485, 0.000488, 0.000484, 0.000476, 0.000464, \
0.000452], ...]
}""",
    ),
    Endpoint(
        method="GET",
        path="/api/preflop/class/{name}",
        summary=("One class's exact distribution of best hands (by category and by rank "
                 "bucket) and its equity curves."),
        description=(
            "For one preflop class, the exact distribution of its best 7-card hand over all "
            "2,118,760 boards, by hand category and, finer, by rank bucket (the hands of a "
            "category with the same leading rank: 'Pair, aces', 'Two pair, kings up', 'Full "
            "house, eights full'), each beside the same for all hands; its mean rank (1 "
            "worst .. 7462 best); and its equity and equity without ties against 1 to 9 "
            "random hands, with their standard errors. The "
            "distributions of all classes are computed once per server process (a few "
            "seconds, started when the server starts); after that it answers at once. Query "
            "parameters (optional), as for /api/preflop: game, 'holdem' (the default) or "
            "'shortdeck' (six-plus hold'em); rules, for short deck only, "
            "'trips-beat-straight' (the default: three of a kind beats a straight) or "
            "'straight-beats-trips'. Short deck's answer "
            "(/api/preflop/class/T9s?game=shortdeck) is for one of its 81 classes (cards 6 "
            "to A): the same fields over its 278,256 boards (5 of 32 cards), the categories "
            "worst first in the rule order's ranking, its 64 rank buckets on short deck's "
            "scale 1 to 1404 (mean_rank too), equity_vs_opponents, stderr, win_vs_opponents "
            "and win_stderr against 1 to 5 random hands, and two more fields: game "
            "('shortdeck') and rules (the rule order of its figures)."),
        query=(
            ApiField("name", "string",
                     "The class, in the path: 'AA', 'AKs', 'T9o' (case does not matter); "
                     "with game=shortdeck, a class of cards 6 to A.",
                     required=True),
        ),
        response=(
            ApiField("class", "string", "The class's name, normalised ('AKs')."),
            ApiField("boards", "integer", "Boards counted: 2,118,760 (5 of 50 cards)."),
            ApiField("mean_rank", "number",
                     "The class's mean rank of its best hand (1 worst .. 7462 best)."),
            ApiField("average_mean_rank", "number", "The same over all hands."),
            _CATEGORIES,
            _BUCKETS,
            ApiField("combos", "integer", "The class's number of combos (6, 4 or 12)."),
            ApiField("equity_vs_opponents", "array of numbers",
                     "Its equity against 1, 2, ..., 9 random hands."),
            ApiField("stderr", "array of numbers",
                     "The standard errors of those equities (0 where exact)."),
            ApiField("win_vs_opponents", "array of numbers",
                     "Its equity without ties (the chance of winning the pot alone) against "
                     "1, 2, ..., 9 random hands."),
            ApiField("win_stderr", "array of numbers",
                     "The standard errors of those figures (0 where exact)."),
        ),
        errors=(
            ErrorCase(400, "The name is not a class, or is longer than "
                           f"{_MAX_TEXT} characters: the message says what a class looks "
                           "like (\"unknown hand class ...\"); with game=shortdeck, a "
                           "class holding a rank below the six ('72o', '55': \"'55' is not a "
                           "short-deck class (short deck plays 6 through A)\"). Also when "
                           "game is not 'holdem' or 'shortdeck', rules is not a rule order, "
                           "or rules comes with Hold'em."),
            ErrorCase(404, "The name is missing (the path ends at /class/)."),
            ErrorCase(405, "The method is not GET or HEAD."),
        ),
        example_request=f"curl -s {_SERVER}/api/preflop/class/AKs",
        example_response="""{
  "class": "AKs",
  "boards": 2118760,
  "mean_rank": 3790.3333817893486,
  "average_mean_rank": 3367.116409457115,
  "categories": """ + _AKS_CATEGORIES + """,
  "buckets": """ + _AKS_BUCKETS + """,
  "combos": 4,
  "equity_vs_opponents": [0.6704463230923519, 0.5075349807739258, 0.41365448633829754, \
0.35481457710266107, 0.31117280324300123, 0.27605853761945454, 0.24968520800272623, \
0.2266681724124484, 0.2064165274302164],
  "stderr": [0.0, 0.0004836690194917042, 0.0004762336185264948, 0.0004623961975523772, \
0.00044714669996510654, 0.0004315686752476422, 0.0004175513265263779, 0.0004035216436628977, \
0.0003897697330643898],
  "win_vs_opponents": [0.6621960772367141, 0.4987449645996094, 0.4046964645385742, \
0.3458309173583984, 0.3022050857543945, 0.2673492431640625, 0.24102115631103516, \
0.21794128417968744, 0.1977949142456054],
  "win_stderr": [0.0, 0.00048766372839350225, 0.0004803694353726337, 0.00046668462486179667, \
0.00045159837829939354, 0.00043605542594603525, 0.0004221675191805095, 0.00040833804735902404, \
0.00039467945794067604]
}""",
    ),
    Endpoint(
        method="GET",
        path="/api/range",
        summary="A range's weight per class, its combos and its share of all hands.",
        description=(
            "Parses a hold'em range as pokerkeys.Range does (classes, spans, hands, weights, "
            "percentages) and answers what the preflop grid shows: each class's weight "
            "(the mean over the class's combos), the number of combos and the share of all "
            "1,326 starting hands. /api/range/{game} does the same for another game."),
        query=(
            ApiField("text", "string",
                     f"The range, e.g. 'QQ+,AKs:0.5' or '15%' (at most {_MAX_TEXT} "
                     f"characters; encode '+' as %2B in a URL, or let curl's "
                     f"--data-urlencode do it).", required=True),
        ),
        response=_RANGE_RESPONSE,
        errors=(
            ErrorCase(400, "text is missing, longer than "
                           f"{_MAX_TEXT} characters, or does not parse: the message names "
                           "the item and its position; rules is given (rule orders are short "
                           "deck's: /api/range/shortdeck)."),
            ErrorCase(405, "The method is not GET or HEAD."),
        ),
        example_request=f"curl -sG {_SERVER}/api/range --data-urlencode 'text=QQ+,AKs:0.5'",
        example_response="""{
  "text": "QQ+,AKs:0.5",
  "game": "holdem",
  "rules": null,
  "description": "AA, AKs:0.5, KK, QQ",
  "combos": 20.0,
  "hands": 22,
  "percent": 1.5082956259426847,
  "classes": {"AA": 1.0, "AKs": 0.5, "KK": 1.0, "QQ": 1.0}
}""",
    ),
    Endpoint(
        method="GET",
        path="/api/range/{game}",
        summary="A range of any game: its hands or combos and its share of the game's hands.",
        description=(
            "/api/range for a game of /api/equity: a hold'em or short-deck range in the "
            "syntax of pokerkeys.Range (in short deck as Range(text, game=\"shortdeck\", "
            "rules=...) reads it: every card six or higher, and N% the top N% of its 630 "
            "hands by the class order of the rule order asked for, e.g. 15% is 92 hands "
            "when trips beat straights and 94 when straights beat trips), an "
            "Omaha range in the generic syntax of pokerkeys.Range(text, game=\"omaha\") "
            "(ranks, suits, suit and rank variables, spans, lists, !, :, the $ds, $ss, $r "
            "and $np macros, weights, and N% for 4 cards). The hi/lo games read ranges as "
            "Omaha with the same hole cards. A 4-card Omaha range answers at once; every "
            "5-card hand is matched in about a tenth of a second, every 6-card hand in "
            "about a second. The odds calculator shows the count under a player's field as "
            "it is typed, and paints its range grid's top-N% slider from this route. Query "
            "parameter (optional), for short deck only: rules, 'trips-beat-straight' (the "
            "default: three of a kind beats a straight) or 'straight-beats-trips'; short "
            "deck's answer names it (/api/range/shortdeck?text=15%25&rules="
            "straight-beats-trips answers rules 'straight-beats-trips' and 94 hands)."),
        query=(
            ApiField("game", "string",
                     "In the path: holdem, shortdeck, omaha, omaha5, omaha6, omaha8, "
                     "omaha5-8 or omaha6-8.", required=True),
            ApiField("text", "string",
                     f"The range, e.g. 'AA:$ds' or 'RRxx, KK:0.5' (at most {_MAX_TEXT} "
                     f"characters; URL-encoded).", required=True),
        ),
        response=_RANGE_RESPONSE,
        errors=(
            ErrorCase(400, "The game is unknown; text is missing, longer than "
                           f"{_MAX_TEXT} characters, or does not parse (the message names "
                           "the token and its position, e.g. \"unknown rank '1' at position 3 "
                           "in 'AA1x'\"); an Omaha range matches no hand of the game; a "
                           "short-deck range holds a card below the six (the message names "
                           "it); N% for 5- or 6-card Omaha; rules is not a rule order "
                           "(\"rules must be one of 'trips-beat-straight', "
                           "'straight-beats-trips', not 'x'\") or comes with another game "
                           "than shortdeck (\"rules apply to game='shortdeck' only, not to "
                           "game='omaha'\")."),
            ErrorCase(405, "The method is not GET or HEAD."),
        ),
        example_request=(f"curl -sG {_SERVER}/api/range/omaha "
                         "--data-urlencode 'text=AA:$ds'"),
        example_response="""{
  "text": "AA:$ds",
  "game": "omaha",
  "rules": null,
  "description": "AA:$ds",
  "combos": 864.0,
  "hands": 864,
  "percent": 0.31914304183211745,
  "classes": {}
}""",
    ),
    Endpoint(
        method="GET",
        path="/api/headsup",
        summary=("Exact head-to-head of two classes, hands or ranges: who wins how often, "
                 "ties, equity."),
        description=(
            "Enumerates every board for two sides, each a class ('AKs'), a hand ('AhKh') or "
            "a range ('QQ+'): how often the first wins alone, they tie and the second wins "
            "alone, and the first side's equity (its wins and half the ties). For two "
            "classes the answer also lists the suit-distinct matchups (e.g. AKs against QQ "
            "with or without a queen of the kings' suit), each with its number of combo "
            "pairs and the same figures; weighted by combo pairs they add up to the "
            "class-against-class figures. Classes and hands come with the exact "
            "distribution of their best hands, by category and by rank bucket. Ranges too "
            "big to enumerate quickly are refused (the odds calculator's Monte Carlo is for "
            "those). Query parameters (optional), as for /api/preflop: game, 'holdem' (the "
            "default) or 'shortdeck' (six-plus hold'em: cards 6 to A); rules, for short deck "
            "only, 'trips-beat-straight' (the default: three of a kind beats a straight) or "
            "'straight-beats-trips'. Short deck's answer "
            "(/api/headsup?a=AKs&b=QQ&game=shortdeck) has the same fields, plus game "
            "('shortdeck') and rules (its rule order) after kind2: its matchups' boards are "
            "201,376 each (5 of the 32 cards left), shipped_equity comes from its exact "
            "81 x 81 table of that rule order, and each distribution is over its 278,256 "
            "boards, its categories worst first in the rule order's ranking, its 64 rank "
            "buckets on short deck's scale 1 to 1404."),
        query=(
            ApiField("a", "string", "The first side: a class, a hand or a range (in short "
                     "deck, of cards 6 to A).", required=True),
            ApiField("b", "string", "The second side, written the same way.",
                     required=True),
        ),
        response=(
            ApiField("hand1", "string",
                     "The first side as read (a class normalised, 'aks' -> 'AKs')."),
            ApiField("hand2", "string", "The second side as read."),
            ApiField("kind1", "string",
                     "What the first side is: \"class\", \"hand\" or \"range\"."),
            ApiField("kind2", "string", "What the second side is."),
            ApiField("equity", "number", "The first side's equity against the second."),
            ApiField("win", "array of numbers",
                     "Each side's chance of winning the pot alone: [first, second]. With "
                     "the tie they add up to 1."),
            ApiField("tie", "array of numbers",
                     "Each side's chance of splitting the pot (the same number twice: "
                     "heads-up, a tie is both sides')."),
            ApiField("combo_pairs", "integer",
                     "Two classes only: the number of combo pairs that do not share a "
                     "card."),
            ApiField("shipped_equity", "number",
                     "Two classes only: the same equity from the shipped preflop table."),
            ApiField("matchups", "array of objects",
                     "Two classes only (else empty): each suit-distinct matchup as hand1, "
                     "hand2 (a representative of each side), combos (how many combo pairs "
                     "it stands for), equity, win and tie (of the first side), loss (the "
                     "second side wins alone), and wins, ties, losses (boards of 1,712,304, "
                     "short deck's of 201,376, as `pokerkeys preflop matchups` prints "
                     "them)."),
            ApiField("distributions", "array",
                     "For each side, null for a range, else an object with class, label "
                     "(the class, or the hand and its class), categories and buckets (as "
                     "in /api/preflop/class/{name})."),
        ),
        errors=(
            ErrorCase(400, "a or b is missing or longer than "
                           f"{_MAX_TEXT} characters, a side is neither a class, a hand nor "
                           "a range (the message names hand 1 or hand 2 and the item), "
                           "the two hands share a card, or the ranges are too big to "
                           "enumerate quickly; in short deck, a side holds a rank below "
                           "the six (\"hand 2: '55' is not a short-deck class (short deck "
                           "plays 6 through A)\", \"hand 1: 5s is not a short-deck card "
                           "...\"); game is not 'holdem' or 'shortdeck', rules is not a "
                           "rule order, or rules comes with Hold'em."),
            ErrorCase(405, "The method is not GET or HEAD."),
        ),
        example_request=f"curl -s '{_SERVER}/api/headsup?a=AKs&b=QQ'",
        example_response="""{
  "hand1": "AKs",
  "hand2": "QQ",
  "kind1": "class",
  "kind2": "class",
  "equity": 0.46048525845877836,
  "win": [0.4583181491137088, 0.5373476321961521],
  "tie": [0.004334218690139134, 0.004334218690139134],
  "combo_pairs": 24,
  "shipped_equity": 0.46048525845877836,
  "matchups": [{"hand1": "AcKc", "hand2": "QdQc", "combos": 12, "equity": \
0.45882594445846064, "win": 0.456457498201254, "tie": 0.004736892514413328, "loss": \
0.5388056092843327, "wins": 781594, "ties": 8111, "losses": 922599}, {"hand1": "AcKc", \
"hand2": "QhQd", "combos": 12, "equity": 0.46214457245909607, "win": 0.46017880002616357, \
"tie": 0.00393154486586494, "loss": 0.5358896551079715, "wins": 787966, "ties": 6732, \
"losses": 917606}],
  "distributions": [{"class": "AKs", "label": "AKs", "categories": """ + _AKS_CATEGORIES
        + """, "buckets": """ + _AKS_BUCKETS + """}, ...]
}""",
    ),
    Endpoint(
        method="POST",
        path="/api/analysis/{view}",
        summary="One view of the range-analysis page: combos, classes, what wins, runouts, "
                "flops.",
        description=(
            "Runs the library's range analysis named by the path on the spot of the body "
            "(the fields of /api/equity; hold'em or Omaha high, 2 to 6 players), as a long "
            "job. Options "
            "go in the query string. Hold'em runouts on a flop take a fraction of a second; "
            "flops of two ranges, what-wins preflop and Omaha runouts against random hands "
            "(exact up to their limit, sampled beyond) take seconds." + _CLIENT_TEXT),
        query=_ANALYSIS_QUERY,
        body=_ANALYSIS_BODY,
        response=_ANALYSIS_RESPONSE,
        errors=_ANALYSIS_ERRORS,
        example_request=_ANALYSIS_EXAMPLE,
        example_response=_ANALYSIS_ANSWER,
    ),
    Endpoint(
        method="POST",
        path="/api/analysis/{view}/stream",
        summary="The same analysis, with its progress as it goes; closing it stops the work.",
        description=(
            "Takes the path, query and body of /api/analysis/{view}. A request refused "
            "before the work starts, or failing in its first 0.3 s, gets the same JSON "
            "errors; otherwise the answer is a stream of server-sent events: `progress` "
            "events ({\"done\": n, \"total\": m}, in the library's units: boards or "
            "trials; total is null while Monte Carlo has no fixed end) at most every "
            f"{_LIMITS.stream_interval:g} s, SSE comments (`: "
            "working`) while nothing new is known, then one `result` event with the "
            "answer of /api/analysis/{view} plus \"final\": true, or an `error` event "
            "({\"error\": message}). Closing the connection cancels the work within a "
            "fraction of a second." + _CLIENT_TEXT),
        query=_ANALYSIS_QUERY,
        body=_ANALYSIS_BODY,
        response=_ANALYSIS_RESPONSE + (
            ApiField("final", "boolean", "true: the result event is the last."),),
        errors=_ANALYSIS_ERRORS,
        example_request=_ANALYSIS_EXAMPLE.replace("distribution?", "distribution/stream?")
        .replace("curl -s", "curl -sN"),
        example_response=("event: result\ndata: "
                          + _ANALYSIS_ANSWER.replace("\\\n", "")[:-1] + ', "final": true}\n'),
        content_type="text/event-stream",
    ),
    Endpoint(
        method="GET",
        path="/api/status",
        summary="How many long jobs run now, the server's limit, and its longest time limit.",
        description=(
            "Long jobs (Monte Carlo, Omaha, enumerations of more than about a second) run "
            f"at most {_LIMITS.long_jobs} at once; beyond that /api/equity answers 503. "
            "This tells a client whether a long request would be taken now, and the "
            "largest time_limit an equity request may give (a page shows it beside its "
            "time-limit setting)."),
        response=(
            ApiField("long_jobs_running", "integer", "Long jobs running now."),
            ApiField("long_jobs_limit", "integer",
                     "How many may run at once on this server."),
            ApiField("max_time_limit", "number",
                     "The largest time_limit an equity request may give, in seconds: this "
                     "server's work limit, after which every job stops (Monte Carlo with "
                     "its estimate)."),
        ),
        errors=(ErrorCase(405, "The method is not GET or HEAD."),),
        example_request=f"curl -s {_SERVER}/api/status",
        example_response=f"""{{
  "long_jobs_running": 0,
  "long_jobs_limit": {_LIMITS.long_jobs},
  "max_time_limit": {_LIMITS.max_seconds!r}
}}""",
    ),
)
