"""The operations of the JSON door (:mod:`elo_core.facade`), each declared once: the FIDE ones here,
online ratings in :mod:`elo_core.ops_online`, title norms in :mod:`elo_core.ops_norms`.
What an operation is (:class:`Op`, :class:`Param`) lives in :mod:`elo_core.op_spec`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from functools import lru_cache, partial
from typing import Any

from . import __version__, inputs
from .event import FORMATS, EventReport, parse_event, rate_event, source_text
from .event_export import event_csv, season
from .games_text import split_games
from .inputs import EloError
from .kfactor import k_factor
from .op_spec import Op, Param, Parser, parse_args
from .ops_norms import NORM_EVENT_PARAMS, NORM_OPS, event_norms
from .ops_online import ONLINE_OPS
from .performance import initial_rating, performance
from .plain import plain
from .planning import score_needed, what_if
from .rating import rate, single_game
from .tables import difference_bands, expected_from_table

__all__ = ["OPS", "Op", "Param", "parse_args"]


# --- parsers: the inputs module's checks, as (value, field) -> value --------------------------------------------

def _optional(parse: Parser) -> Parser:
    """Absent, null or empty means not given (None); anything else is parsed."""
    return lambda v, field: None if v is None or v == "" else parse(v, field)


def _rules_day(value: Any, field: str) -> date:
    return date.today() if value is None else inputs.day(value, field)


def _choice(allowed: tuple[str, ...]) -> Parser:
    return lambda v, field: inputs.choice(v, field, allowed)


def _whole(low: int, high: int) -> Parser:
    return lambda v, field: inputs.whole(v, field, low, high)


def _text(value: Any, field: str) -> str:
    return value if isinstance(value, str) else inputs.refuse(field, "must be a name")


PASTE_LIMIT = 100_000
"""Characters of pasted games read: far more than the most games rated (inputs.MAX_GAMES)."""


def _pasted(value: Any, field: str) -> str:
    if not isinstance(value, str):
        return inputs.refuse(field, "must be text")
    if len(value) > PASTE_LIMIT:
        return inputs.refuse(field, f"is too long: at most {PASTE_LIMIT:,} characters are read")
    return value


def _by_player(parse: Parser, what: str) -> Parser:
    """A map of players (start rank, FIDE id or name) to a number each: ``k_by_player``, ``standard_by_player``."""
    def by_player(value: Any, field: str) -> dict[str, int]:
        if value is None or value == "":
            return {}
        if not isinstance(value, Mapping):
            raise EloError(field, f"must map players (start rank, FIDE id or name) to {what}")
        got = inputs.collect([partial(parse, v, f"{field}[{inputs.show(str(who))}]") for who, v in value.items()])
        return dict(zip(map(str, value), got))
    return by_player


def _birth_year(value: Any, field: str, args: Mapping[str, Any]) -> int | None:
    """1900 up to the year of the advice's date (today when it is not a date)."""
    if value is None or value == "":
        return None
    try:
        year = inputs.day(args["date"], "date").year if args.get("date") not in (None, "") else date.today().year
    except EloError:
        year = date.today().year
    return inputs.whole(value, field, 1900, year)


def _event_auto(parse: Parser) -> Parser:
    """An event override: absent, empty or "auto" leaves it to the file."""
    return lambda v, field: None if v in (None, "", "auto") else parse(v, field)


RATING = Param("rating", inputs.rating)
K = Param("k", inputs.k_factor)
GAMES = Param("games", inputs.games, ())
OPTIONS = (Param("method", _choice(inputs.METHODS), "fide"), Param("rules", _rules_day),
           Param("kind", _choice(inputs.KINDS), "standard"), Param("cap_400", inputs.flag))
EVENT = (Param("text", source_text), Param("format", lambda v, f: inputs.choice(v or "auto", f, FORMATS), "auto"),
         Param("kind", _event_auto(_choice(inputs.KINDS))), Param("rules", _event_auto(inputs.day)),
         Param("k", _event_auto(inputs.k_factor)), Param("games_played", _event_auto(_whole(0, 100_000))),
         Param("games_played_by_player", _by_player(_whole(0, 100_000), "a number of games")),
         Param("k_by_player", _by_player(inputs.k_factor, "K")), Param("player", _optional(_text)),
         Param("details", inputs.flag, True), Param("detail", _optional(lambda v, f: str(v))),
         Param("limit", _optional(_whole(1, 10_000_000))),
         Param("standard_by_player", _by_player(inputs.rating, "a standard rating")),
         Param("norms", inputs.flag, False), *NORM_EVENT_PARAMS)


def _options(a: dict[str, Any]) -> dict[str, Any]:
    return {name: a[name] for name in ("method", "rules", "kind", "cap_400")}


# --- the operations ---------------------------------------------------------------------------------------------

def _rate(a: dict[str, Any]) -> dict:
    """The chosen method's result, plus the other method's totals for a side-by-side view."""
    options = _options(a)
    result = rate(a["rating"], a["k"], a["games"], **options)
    other = "logistic" if options["method"] == "fide" else "fide"
    alt = rate(result.rating, result.k, a["games"], **{**options, "method": other})
    out = result.to_dict()
    out["alternative"] = {key: plain(getattr(alt, key)) for key in
                          ("method", "effective_k", "expected", "change", "change_rounded", "new_rating")}
    return out


def _curve(a: dict[str, Any]) -> dict:
    """Expected score against rating difference, both methods, for the page's chart."""
    return {"fide": [[d, float(expected_from_table(d))] for d in range(-800, 801)
                     if d in (-800, 800) or expected_from_table(d) != expected_from_table(d - 1)],
            "logistic": [[d, 1 / (1 + 10 ** (-d / 400))] for d in range(-800, 801, 20)]}


# The options of rate_event (the rest of EVENT says what to show of the rated event).
_RATING_OPTIONS = ("kind", "rules", "k", "games_played", "k_by_player", "standard_by_player", "games_played_by_player")


@lru_cache(maxsize=1)
def _rated_event(text: str, problems: tuple, format: str, options: tuple[tuple[str, Any], ...]) -> EventReport:
    """The last event rated is kept: opening one player's games after the table (same file, same
    options) is then a lookup, not reading and rating the file again."""
    return rate_event(parse_event(text, problems, format), **{k: dict(v) if isinstance(v, tuple) else v for k, v in options})


def _event_report(a: dict[str, Any]) -> EventReport:
    text, problems = a["text"]
    options = tuple((k, tuple(a[k].items()) if isinstance(a[k], dict) else a[k]) for k in _RATING_OPTIONS)
    return _rated_event(text, problems, a["format"], options)


def _event(a: dict[str, Any]) -> dict:
    """Every player of a TRF or PGN. ``details`` (default true) adds every player's games;
    ``detail`` (a player's key) adds just that player's as ``detail``; ``player`` (a name)
    adds that player's games for the tournament tab as ``season``. ``norms`` adds each player's
    ``norm`` (of the ``norm_types`` they may still want) and the options as ``norm_options``."""
    report = _event_report(a)
    out = report.to_dict(details=a["details"], limit=a["limit"])
    if a["detail"] is not None:
        found = [p for p in report.players if p.player.key == a["detail"]]
        out["detail"] = found[0].to_dict() if found else None
    if a["player"]:
        out["season"] = season(report, a["player"])
    if a["norms"]:
        norms, out["norm_options"] = event_norms(report, [p["key"] for p in out["players"]], a)
        for p in out["players"]:
            p["norm"] = norms.get(p["key"])
    return out


def _event_csv(a: dict[str, Any]) -> dict:
    report = _event_report(a)
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", report.event.name).strip("-.")[:60] or "event"
    return {"csv": event_csv(report), "filename": f"{stem}.csv"}


OPS: dict[str, Op] = {
    "rate": Op((RATING, K, GAMES, *OPTIONS), _rate),
    "single": Op((RATING, K, Param("opponent", inputs.rating), Param("opponent_k", inputs.k_factor), *OPTIONS),
                 lambda a: single_game(a["rating"], a["opponent"], a["k"], a["opponent_k"], **_options(a)).to_dict()),
    "performance": Op((GAMES,), lambda a: performance(a["games"]).to_dict()),
    "initial": Op((GAMES,), lambda a: initial_rating(a["games"]).to_dict()),
    "kfactor": Op((RATING, Param("games_played", _whole(0, 100_000)), Param("birth_year", _birth_year, sees_args=True),
                   Param("reached_2400", inputs.flag), Param("period_games", _optional(_whole(0, inputs.MAX_GAMES))),
                   Param("date", _optional(inputs.day)), Param("kind", _choice(inputs.KINDS), "standard")),
                  lambda a: k_factor(a["rating"], a["games_played"], birth_year=a["birth_year"],
                                     reached_2400=a["reached_2400"], period_games=a["period_games"], on=a["date"],
                                     kind=a["kind"]).to_dict()),
    "what_if": Op((RATING, K, GAMES, *OPTIONS, Param("opponent", inputs.rating)),
                  lambda a: {name: r.to_dict() for name, r in
                             what_if(a["rating"], a["k"], a["games"], a["opponent"], **_options(a)).items()}),
    "score_needed": Op((RATING, K, GAMES, *OPTIONS, Param("remaining", inputs.ratings, ()),
                        Param("target", inputs.rating)),
                       lambda a: score_needed(a["rating"], a["k"], a["games"], a["remaining"], a["target"],
                                              **_options(a)).to_dict()),
    "games_text": Op((Param("text", _pasted),), lambda a: {"games": [list(g) for g in split_games(a["text"])]}),
    "table": Op((), lambda a: difference_bands()),
    "curve": Op((), _curve),
    "ping": Op((), lambda a: {"version": __version__}),
    "event": Op(EVENT, _event),
    "event_csv": Op(EVENT, _event_csv),
    **ONLINE_OPS,
    **NORM_OPS,
}
