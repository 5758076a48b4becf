"""The JSON door's US Chess operations (:mod:`elo_core.uscf`): ``uscf``, one player's event; ``uscf_event``,
a whole TRF or PGN in the five steps; ``uscf_rules``, the rules, the bonus thresholds by date and the
sources the page explains the figures with. ``uscf`` checks its own inputs (every bad field named at
once); ``uscf_event`` takes the event door's arguments and refuses those only FIDE rating uses."""

from __future__ import annotations

from typing import Any

from elo_core import parse
from elo_core.errors import refuse
from elo_core.events.read import FORMATS, parse_event, source_text
from elo_core.facade.spec import Op, Param, given, optional, whole
from elo_core.uscf.event import rate_event
from elo_core.uscf.pools import NAMES
from elo_core.uscf.rating import rate
from elo_core.uscf.rules import SETTINGS, THRESHOLDS, sources

ONE = ("rating", "games_played", "games", "end", "pool", "dual", "time_control", "history", "age", "start",
       "start_games", "peak", "career_wins", "career_draws", "career_events")
FIDE_ONLY = ("kind", "k", "k_by_player", "standard_by_player", "player", "norms", "pairing", "norm_types", "exemption",
             "host_federation", "min_games", "detail")
"""Options of the FIDE whole event that US Chess has no use for: refused when given, never ignored."""


def _unused(value: Any, field: str) -> None:
    if value not in (None, "", False, {}, [], "auto"):
        refuse(field, "is not used by US Chess rating (an option of FIDE rating)")


EVENT = (Param("text", source_text), Param("format", lambda v, f: parse.choice(v or "auto", f, FORMATS), "auto"),
         Param("rules", given), Param("ratings_as_uscf", given), Param("games_played", given),
         Param("games_played_by_player", given), Param("start_by_player", given), Param("pool", given),
         Param("dual", given), Param("details", parse.flag, True), Param("limit", optional(whole(1, 10_000_000))),
         *(Param(name, _unused) for name in FIDE_ONLY))


def _event(a: dict[str, Any]) -> dict[str, Any]:
    text, problems = a["text"]
    report = rate_event(parse_event(text, problems, a["format"]), rules_date=a["rules"],
                        ratings_as_uscf=a["ratings_as_uscf"], games_played=a["games_played"],
                        games_played_by_player=a["games_played_by_player"], start_by_player=a["start_by_player"],
                        pool=a["pool"], dual=a["dual"])
    return report.to_dict(details=a["details"], limit=a["limit"])


def _rules(a: dict[str, Any]) -> dict[str, Any]:
    """Everything the page needs to explain a US Chess figure in US Chess's words, with the sources."""
    return {"settings": [s.to_dict() for s in SETTINGS], "thresholds": [t.to_dict() for t in THRESHOLDS],
            "pools": NAMES, "sources": sources()}


OPS: dict[str, Op] = {
    "uscf": Op(tuple(Param(name, given) for name in ONE), lambda a: rate(a).to_dict()),
    "uscf_event": Op(EVENT, _event),
    "uscf_rules": Op((), _rules),
}
