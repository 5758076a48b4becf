"""JSON in, JSON out: the one narrow door the page (and any other shell) talks through.

A request is ``{"op": NAME, "args": {...}}`` with the values as the user typed
them (strings are fine); the answer is ``{"ok": true, "result": {...}}`` or
``{"ok": false, "errors": [{"field": ..., "message": ...}, ...]}``. Every field
is checked before anything is computed, so the page can put *each* message
next to its own field at once, not one per keystroke.
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any, Callable

from . import inputs
from .event import FORMATS, MAX_EVENT_CHARS, EventReport, event_csv, rate_event, read_event, season, source_text
from .inputs import EloError
from .kfactor import k_factor
from .performance import initial_rating, performance
from .rating import _plain, rate, score_needed, single_game, what_if
from .tables import difference_bands, expected_from_table

MAX_REQUEST = 2 * MAX_EVENT_CHARS + 1_000_000  # characters: room for a whole event file (escaped), then a message


def handle(request: str) -> str:
    """Answer one JSON request with one JSON answer; never raises.

    >>> handle('{"op": "performance", "args": {"games": "2000:1,2000:1,2000:1,2000:0"}}')
    '{"ok": true, "result": {"games": 4, "skipped": 0, "score": 3.0, "average_opponent": 2000, "fraction": 0.75, "dp": 193, "performance": 2193}}'
    >>> json.loads(handle('{"op": "rate", "args": {"rating": "abc", "k": 0, "games": ""}}'))["errors"][0]
    {'field': 'rating', 'message': "must be a number, not 'abc'"}
    """
    try:
        if not isinstance(request, str) or len(request) > MAX_REQUEST:
            raise EloError(None, "the request is too large")
        req = json.loads(request)
        if not isinstance(req, dict) or not isinstance(req.get("args", {}), dict):
            raise EloError(None, "a request is {op, args}")
        result = call(str(req.get("op")), req.get("args", {}))
        return json.dumps({"ok": True, "result": result}, allow_nan=False)
    except EloError as e:
        return json.dumps({"ok": False, "errors": [x.to_dict() for x in getattr(e, "errors", [e])]})
    except (ValueError, RecursionError, LookupError, TypeError) as e:  # malformed JSON and the like: still an answer
        return json.dumps({"ok": False, "errors": [{"field": None, "message": f"bad request: {type(e).__name__}"}]})


def _batch(args: dict) -> list[dict]:
    """Several requests in one message: the page asks for all it shows at once, in one round trip."""
    answers = []
    for req in args.get("requests", []):
        try:
            if not isinstance(req, dict) or not isinstance(req.get("args", {}), dict) or req.get("op") == "batch":
                raise EloError(None, "a request is {op, args}")
            answers.append({"ok": True, "result": call(str(req.get("op")), req.get("args", {}))})
        except EloError as e:
            answers.append({"ok": False, "errors": [x.to_dict() for x in getattr(e, "errors", [e])]})
        except (LookupError, TypeError, ValueError) as e:  # a malformed request spoils only itself
            answers.append({"ok": False, "errors": [{"field": None, "message": f"bad request: {type(e).__name__}"}]})
    return answers


def _curve(args: dict) -> dict:
    """Expected score against rating difference, both methods, for the page's chart."""
    return {"fide": [[d, float(expected_from_table(d))] for d in range(-800, 801)
                     if d in (-800, 800) or expected_from_table(d) != expected_from_table(d - 1)],
            "logistic": [[d, 1 / (1 + 10 ** (-d / 400))] for d in range(-800, 801, 20)]}


def call(op: str, args: dict) -> Any:
    """Run one operation on already-decoded arguments and return a JSON-able value."""
    if op not in OPS:
        raise EloError("op", f"unknown operation {op!r}")
    check, run = OPS[op]
    try:
        return run(args)  # the usual case: good input, checked once, by the computation itself
    except EloError:
        _check_all(check(args))  # name every bad field at once, not just the first one met
        raise


class FieldErrors(EloError):
    """Several fields wrong at once; ``errors`` holds one :class:`EloError` each."""

    def __init__(self, errors: list[EloError]) -> None:
        super().__init__(None, "; ".join(str(e) for e in errors))
        self.errors = errors


def _check_all(checks: list[Callable[[], Any]]) -> None:
    errors = []
    for check in checks:
        try:
            check()
        except EloError as e:
            errors.append(e)
    if errors:
        raise FieldErrors(errors)


def _game_checks(a: dict, key: str = "games") -> list[Callable[[], Any]]:
    """One check per game, so a bad row names itself and the others stay quiet."""
    raw = a.get(key, [])
    if isinstance(raw, str):
        if len(raw) > inputs.MAX_TEXT:
            return [lambda: inputs.games(raw, key)]
        raw = [v for v in raw.split(",") if v.strip()]
    if not isinstance(raw, list) or len(raw) > inputs.MAX_GAMES:
        return [lambda: inputs.games(raw, key)]
    return [lambda i=i, g=g: inputs.game(g, f"{key}[{i}]") for i, g in enumerate(raw)]


def _options(a: dict) -> dict:
    return {"method": a.get("method", "fide"),
            "rules": date.today().isoformat() if a.get("rules") is None else a["rules"],
            "kind": a.get("kind", "standard"), "cap_400": inputs.flag(a.get("cap_400"), "cap_400")}


def _option_checks(a: dict) -> list[Callable[[], Any]]:
    o = _options(a)
    return [lambda: inputs.choice(o["method"], "method", inputs.METHODS),
            lambda: inputs.day(o["rules"], "rules"),
            lambda: inputs.choice(o["kind"], "kind", inputs.KINDS)]


def _rate_checks(a: dict) -> list[Callable[[], Any]]:
    return [lambda: inputs.rating(a.get("rating")), lambda: inputs.k_factor(a.get("k"))] \
        + _game_checks(a) + _option_checks(a)


def _rate(a: dict) -> dict:
    """The chosen method's result, plus the other method's totals for a side-by-side view."""
    options = _options(a)
    games = inputs.games(a.get("games", []))  # parsed once, for both methods
    result = rate(a.get("rating"), a.get("k"), games, **options)
    other = "logistic" if options["method"] == "fide" else "fide"
    alt = rate(result.rating, result.k, games, **{**options, "method": other})
    out = result.to_dict()
    out["alternative"] = {key: _plain(getattr(alt, key)) for key in
                          ("method", "effective_k", "expected", "change", "change_rounded", "new_rating")}
    return out


def _single_checks(a: dict) -> list[Callable[[], Any]]:
    return [lambda: inputs.rating(a.get("rating")), lambda: inputs.k_factor(a.get("k")),
            lambda: inputs.rating(a.get("opponent"), "opponent"),
            lambda: inputs.k_factor(a.get("opponent_k"), "opponent_k")] + _option_checks(a)


def _kfactor_args(a: dict) -> dict:
    return {"birth_year": a.get("birth_year"), "reached_2400": inputs.flag(a.get("reached_2400"), "reached_2400"),
            "period_games": a.get("period_games"), "on": a.get("date") or None, "kind": a.get("kind", "standard")}


def _whatif_checks(a: dict) -> list[Callable[[], Any]]:
    return _rate_checks(a) + [lambda: inputs.rating(a.get("opponent"), "opponent")]


def _remaining(a: dict) -> list:
    raw = a.get("remaining", [])
    return [v for v in raw.split(",") if v.strip()] if isinstance(raw, str) else raw


def _event_checks(a: dict) -> list[Callable[[], Any]]:
    """The event ops' arguments: the file's text and the overrides, each checked on its own."""
    def k_by_player():
        given = a.get("k_by_player") or {}
        if not isinstance(given, dict):
            raise EloError("k_by_player", "must map players (start rank, FIDE id or name) to K")
        for who, k in given.items():
            inputs.k_factor(k, f"k_by_player[{inputs._show(str(who))}]")

    def given(key: str, check: Callable[[Any], Any]) -> Callable[[], Any]:
        return lambda: a.get(key) in (None, "", "auto") or check(a[key])

    return [lambda: source_text(a.get("text")), lambda: inputs.choice(a.get("format") or "auto", "format", FORMATS),
            given("kind", lambda v: inputs.choice(v, "kind", inputs.KINDS)), given("rules", inputs.day),
            given("k", inputs.k_factor), given("games_played", lambda v: inputs.whole(v, "games_played", 0, 100_000)),
            k_by_player, given("player", lambda v: isinstance(v, str) or inputs._refuse("player", "must be a name"))]


_EVENT_ARGS = ("text", "format", "kind", "rules", "k", "k_by_player", "games_played")
_last_event: tuple[str, EventReport] | None = None


def _event_report(a: dict) -> EventReport:
    """The rated event; the last one is kept, so that opening one player's games after the
    table (same file, same options) costs a lookup, not reading and rating the file again."""
    global _last_event
    key = json.dumps([a.get(name) for name in _EVENT_ARGS], sort_keys=True, default=str)
    if _last_event and _last_event[0] == key:
        return _last_event[1]
    report = rate_event(read_event(a.get("text"), a.get("format") or "auto"), kind=a.get("kind"), rules=a.get("rules"),
                        k=a.get("k"), k_by_player=a.get("k_by_player"), games_played=a.get("games_played"))
    _last_event = (key, report)
    return report


def _event(a: dict) -> dict:
    """Every player of a TRF or PGN. ``details`` (default true) adds every player's games;
    ``detail`` (a player's key) adds just that player's as ``detail``; ``player`` (a name)
    adds that player's games for the tournament tab as ``season``."""
    report = _event_report(a)
    out = report.to_dict(details=a.get("details", True) is not False)
    if a.get("detail") not in (None, ""):
        found = [p for p in report.players if p.player.key == str(a["detail"])]
        out["detail"] = found[0].to_dict() if found else None
    if a.get("player"):
        out["season"] = season(report, a["player"])
    return out


def _event_csv(a: dict) -> dict:
    report = _event_report(a)
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", report.event.name).strip("-.")[:60] or "event"
    return {"csv": event_csv(report), "filename": f"{stem}.csv"}


OPS: dict[str, tuple[Callable[[dict], list], Callable[[dict], Any]]] = {
    "rate": (_rate_checks, _rate),
    "single": (_single_checks, lambda a: single_game(a.get("rating"), a.get("opponent"), a.get("k"), a.get("opponent_k"),
                                                     **_options(a)).to_dict()),
    "performance": (lambda a: _game_checks(a), lambda a: performance(a.get("games", [])).to_dict()),
    "initial": (lambda a: _game_checks(a), lambda a: initial_rating(a.get("games", [])).to_dict()),
    "kfactor": (lambda a: [], lambda a: k_factor(a.get("rating"), a.get("games_played"), **_kfactor_args(a)).to_dict()),
    "what_if": (_whatif_checks, lambda a: {name: r.to_dict() for name, r in
                                           what_if(a.get("rating"), a.get("k"), a.get("games", []), a.get("opponent"),
                                                   **_options(a)).items()}),
    "score_needed": (lambda a: _rate_checks(a) + _game_checks(a, "remaining")
                     + [lambda: inputs.rating(a.get("target"), "target")],
                     lambda a: score_needed(a.get("rating"), a.get("k"), a.get("games", []), _remaining(a), a.get("target"),
                                            **_options(a)).to_dict()),
    "table": (lambda a: [], lambda a: difference_bands()),
    "curve": (lambda a: [], _curve),
    "batch": (lambda a: [], _batch),
    "ping": (lambda a: [], lambda a: {"version": __import__("elo_core").__version__}),
    "event": (_event_checks, _event),
    "event_csv": (_event_checks, _event_csv),
}
