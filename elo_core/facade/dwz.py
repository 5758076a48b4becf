"""The JSON door's DWZ operations (:mod:`elo_core.dwz`): ``dwz``, one player's evaluation, and
``dwz_event``, a whole TRF or PGN. ``dwz`` checks its own inputs (every bad field named at once);
``dwz_event`` takes the event door's arguments and refuses those that only FIDE rating uses."""

from __future__ import annotations

from typing import Any

from elo_core import parse
from elo_core.dwz.event import rate_event
from elo_core.dwz.rating import rate
from elo_core.errors import refuse
from elo_core.events.read import FORMATS, parse_event, source_text
from elo_core.facade.spec import Op, Param, given, optional, whole

_ONE = ("rating", "index", "birth_year", "games", "end", "rulebook")
FIDE_ONLY = ("kind", "k", "games_played", "games_played_by_player", "k_by_player", "standard_by_player", "player",
             "norms", "pairing", "norm_types", "exemption", "host_federation", "min_games", "detail")
"""Options of the FIDE whole event that DWZ has no use for: refused when given, never ignored."""


def _unused(value: Any, field: str) -> None:
    if value not in (None, "", False, {}, [], "auto"):
        refuse(field, "is not used by DWZ (an option of FIDE rating)")


EVENT = (Param("text", source_text), Param("format", lambda v, f: parse.choice(v or "auto", f, FORMATS), "auto"),
         Param("rules", optional(parse.day)), Param("rulebook", given, "auto"), Param("index", given),
         Param("index_by_player", given), Param("ratings_as_dwz", parse.flag, False),
         Param("details", parse.flag, True), Param("limit", optional(whole(1, 10_000_000))),
         *(Param(name, _unused) for name in FIDE_ONLY))


def _event(a: dict[str, Any]) -> dict[str, Any]:
    text, problems = a["text"]
    report = rate_event(parse_event(text, problems, a["format"]), rules=a["rules"], index=a["index"],
                        index_by_player=a["index_by_player"], ratings_as_dwz=a["ratings_as_dwz"],
                        rulebook=a["rulebook"])
    return report.to_dict(details=a["details"], limit=a["limit"])


OPS: dict[str, Op] = {
    "dwz": Op(tuple(Param(name, given) for name in _ONE),
              lambda a: rate(a["rating"], a["index"], a["games"] if a["games"] is not None else (),
                             birth_year=a["birth_year"], end=a["end"], rulebook=a["rulebook"]).to_dict()),
    "dwz_event": Op(EVENT, _event),
}
