"""JSON in, JSON out: the one narrow door the page (and any other shell) talks through.

A request is ``{"op": NAME, "args": {...}}`` with the values as the user typed
them (strings are fine); the answer is ``{"ok": true, "result": {...}}`` or
``{"ok": false, "errors": [{"field": ..., "message": ...}, ...]}``.

Each operation is declared once, in the ``OPS`` table of its domain's module (:mod:`elo_core.facade.fide`,
:mod:`~elo_core.facade.events`, ...): its parameters, each
with the parser that checks it, and the function that computes the answer from the parsed
values. :func:`call` parses every parameter first and reports every bad field together (so
the page can put each message next to its own field at once), and only then computes.
"""

from __future__ import annotations

import json
from typing import Any

from elo_core.errors import EloError
from elo_core.facade import fide
from elo_core.facade.spec import Operations, parse_args
from elo_core.limits import MAX_EVENT_CHARS

# Each domain's operations, by name, imported when one is first asked for (the FIDE ones are here at
# once): a page's first answer waits only for the rating modules. A test checks these names against
# each module's own table. A new rating system adds its module and one line here.
ELSEWHERE = {
    "dwz": ("dwz", "dwz_event"),
    "ecf": ("ecf", "ecf_event", "ecf_rules"),
    "events": ("event", "event_csv"),
    "fidelist": ("list_open", "list_read", "list_use", "list_find", "list_info", "list_export", "list_import", "list_forget"),
    "glicko": ("glicko2", "glicko1", "lichess", "lichess_settings"),
    "norms": ("norm",),
    "uscf": ("uscf", "uscf_event", "uscf_rules"),
}
OPS = Operations(fide.OPS, ELSEWHERE)

MAX_REQUEST = 2 * MAX_EVENT_CHARS + 1_000_000
"""Characters: room for a whole event file (escaped), then a message."""


def handle(request: str) -> str:
    """Answer one JSON request with one JSON answer; never raises.

    >>> handle('{"op": "performance", "args": {"games": "2000:1,2000:1,2000:1,2000:0"}}')
    '{"ok": true, "result": {"games": 4, "skipped": 0, "score": 3.0, "average_opponent": 2000, "fraction": 0.75, "dp": 193, "performance": 2193}}'
    >>> json.loads(handle('{"op": "rate", "args": {"rating": "abc", "k": 0, "games": ""}}'))["errors"]
    [{'field': 'rating', 'message': "must be a number, not 'abc'"}, {'field': 'k', 'message': 'must be between 1 and 100, not 0'}]
    """
    try:
        if not isinstance(request, str) or len(request) > MAX_REQUEST:
            raise EloError(None, f"the request is too large: at most {MAX_EVENT_CHARS // 1_000_000} MB of file text "
                                 "is read")
        req = json.loads(request)
        return json.dumps({"ok": True, "result": _one(req)}, allow_nan=False)
    except EloError as e:
        return json.dumps(_refused(e))
    except (ValueError, RecursionError, LookupError, TypeError) as e:  # malformed JSON and the like: still an answer
        return json.dumps(_malformed(e))
    except ImportError as e:  # an operation's module, imported when first asked for (ops.ELSEWHERE)
        return json.dumps(_not_loaded(e))


def handle_binary(request: str, data: bytes | None) -> tuple[str, list[bytes | memoryview] | None]:
    """:func:`handle` for requests whose bytes go beside the JSON, not in it as base64: the page's
    worker hands over a FIDE list's chunk, or a kept list, as they are. ``data`` is the value of the
    argument the request names in ``"bytes"``; an answer's ``data`` bytes come back beside its JSON
    (``bytes`` in its place: their length), as pieces to join (``list_export``'s ``pieces``: the
    columns themselves, so that the index is never copied whole in the interpreter). Never raises.

    >>> handle_binary('{"op": "list_forget", "args": {}}', None)
    ('{"ok": true, "result": {"forgotten": false}}', None)
    """
    try:
        req = json.loads(request)
        if not isinstance(req, dict) or not isinstance(req.get("args", {}), dict):
            raise EloError(None, "a request is {op, args}")
        args = dict(req.get("args", {}))
        if isinstance(req.get("bytes"), str) and data is not None:
            args[req["bytes"]] = data
        result = call(str(req.get("op")), args)
        out: list[bytes | memoryview] | None = None
        if isinstance(result, dict) and isinstance(result.get("data"), (bytes, bytearray, list)):
            out = list(result["data"]) if isinstance(result["data"], list) else [bytes(result["data"])]
            result = {**result, "data": None}
        return json.dumps({"ok": True, "result": result}, allow_nan=False), out
    except EloError as e:
        return json.dumps(_refused(e)), None
    except (ValueError, RecursionError, LookupError, TypeError) as e:
        return json.dumps(_malformed(e)), None
    except ImportError as e:
        return json.dumps(_not_loaded(e)), None


def call(op: str, args: dict[str, Any]) -> Any:
    """Run one operation on decoded arguments and return a JSON-able value; :class:`EloError`
    (a :class:`~elo_core.errors.FieldErrors` for several fields) when the input is bad."""
    if op == "batch":
        return _batch(args)
    spec = OPS.get(op)  # one lookup: a request of every keystroke passes here
    if spec is None:
        raise EloError("op", f"unknown operation {op!r}")
    return spec.run(parse_args(spec.params, args))


def _one(req: Any) -> Any:
    if not isinstance(req, dict) or not isinstance(req.get("args", {}), dict):
        raise EloError(None, "a request is {op, args}")
    return call(str(req.get("op")), req.get("args", {}))


def _batch(args: dict[str, Any]) -> list[dict[str, Any]]:
    """Several requests in one message: the page asks for all it shows at once, in one round trip.
    Each is answered on its own: a malformed one spoils only itself."""
    requests = args.get("requests", [])
    if not isinstance(requests, list):
        raise EloError("requests", "must be a list of requests")
    answers = []
    for req in requests:
        try:
            if isinstance(req, dict) and req.get("op") == "batch":
                raise EloError(None, "a request is {op, args}")
            answers.append({"ok": True, "result": _one(req)})
        except EloError as e:
            answers.append(_refused(e))
        except (LookupError, TypeError, ValueError) as e:
            answers.append(_malformed(e))
        except ImportError as e:
            answers.append(_not_loaded(e))
    return answers


def _refused(e: EloError) -> dict[str, Any]:
    return {"ok": False, "errors": [x.to_dict() for x in e.errors]}


def _malformed(e: Exception) -> dict[str, Any]:
    return {"ok": False, "errors": [{"field": None, "message": f"bad request: {type(e).__name__}"}]}


def _not_loaded(e: ImportError) -> dict[str, Any]:
    return {"ok": False, "errors": [{"field": None, "message": f"internal error: {e.name or 'a module'} could not be loaded"}]}
