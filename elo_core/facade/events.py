"""The JSON door's operations on a whole event (a TRF or PGN file, :mod:`elo_core.events.rate`): the
players' table, one player's games, the norms column, and the table as CSV."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache, partial
from typing import Any

from elo_core import errors, limits, parse
from elo_core.errors import EloError
from elo_core.events.export import event_csv, season
from elo_core.events.problems import Problem
from elo_core.events.rate import rate_event
from elo_core.events.read import FORMATS, parse_event, source_text
from elo_core.events.report import EventReport
from elo_core.facade.fidelist import SHELF, with_list
from elo_core.facade.norms import NORM_EVENT_PARAMS, event_norms
from elo_core.facade.spec import Op, Param, Parser, choice, optional, whole


def _name(value: Any, field: str) -> str:
    return value if isinstance(value, str) else errors.refuse(field, "must be a name")


def _by_player(parse: Parser, what: str) -> Parser:
    """A map of players (start rank, FIDE id or name) to a value each: ``k_by_player``, ``standard_by_player``."""
    def parse_map(value: Any, field: str) -> dict[str, Any]:
        if value is None or value == "":
            return {}
        if not isinstance(value, Mapping):
            raise EloError(field, f"must map players (start rank, FIDE id or name) to {what}")
        got = errors.collect([partial(parse, v, f"{field}[{errors.show(str(who))}]") for who, v in value.items()])
        return dict(zip(map(str, value), got))
    return parse_map


def _auto(parse: Parser) -> Parser:
    """An event override: absent, empty or "auto" leaves it to the file."""
    return lambda v, field: None if v in (None, "", "auto") else parse(v, field)


EVENT = (Param("text", source_text), Param("format", lambda v, f: parse.choice(v or "auto", f, FORMATS), "auto"),
         Param("kind", _auto(choice(limits.KINDS))), Param("rules", _auto(parse.day)),
         Param("k", _auto(parse.k_factor)), Param("games_played", _auto(whole(0, 100_000))),
         Param("games_played_by_player", _by_player(whole(0, 100_000), "a number of games")),
         Param("k_by_player", _by_player(parse.k_factor, "K")), Param("player", optional(_name)),
         Param("details", parse.flag, True), Param("detail", optional(lambda v, f: str(v))),
         Param("limit", optional(whole(1, 10_000_000))),
         Param("standard_by_player", _by_player(parse.rating, "a standard rating")),
         Param("norms", parse.flag, False), Param("fide_list", parse.flag, False), *NORM_EVENT_PARAMS)

# The options of rate_event (the rest of EVENT says what to show of the rated event).
_RATING_OPTIONS = ("kind", "rules", "k", "games_played", "k_by_player", "standard_by_player", "games_played_by_player")


@lru_cache(maxsize=1)
def _rated_event(text: str, problems: tuple[Problem, ...], format: str, options: tuple[tuple[str, Any], ...],
                 fide_list: str | None = None) -> EventReport:
    """The last event rated is kept: opening one player's games after the table (same file, same
    options, same FIDE list) is then a lookup, not reading and rating the file again."""
    given = {k: dict(v) if isinstance(v, tuple) else v for k, v in options}
    event = parse_event(text, problems, format)
    if fide_list is not None:  # what the file lacks, from the FIDE list in use (facade/fidelist.py)
        event = with_list(event, str(given["kind"] or ""), given["k"] is not None)
    return rate_event(event, **given)


def _event_report(a: dict[str, Any]) -> EventReport:
    text, problems = a["text"]
    options = tuple((k, tuple(a[k].items()) if isinstance(a[k], dict) else a[k]) for k in _RATING_OPTIONS)
    fide_list = SHELF.stamp() if a["fide_list"] else None
    return _rated_event(text, problems, a["format"], options, fide_list)


def _event(a: dict[str, Any]) -> dict[str, Any]:
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


def _event_csv(a: dict[str, Any]) -> dict[str, Any]:
    report = _event_report(a)
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", report.event.name).strip("-.")[:60] or "event"
    return {"csv": event_csv(report), "filename": f"{stem}.csv"}


OPS: dict[str, Op] = {
    "event": Op(EVENT, _event),
    "event_csv": Op(EVENT, _event_csv),
}
