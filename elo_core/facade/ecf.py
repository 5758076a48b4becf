"""The JSON door's ECF operations (:mod:`elo_core.ecf`): ``ecf``, one player's month; ``ecf_event``, a
whole month from a TRF or PGN (the three passes); ``ecf_rules``, the rules, categories and FIDE table
the page explains the figures with. ``ecf`` checks its own inputs (every bad field named at once);
``ecf_event`` takes the event door's arguments and refuses those only FIDE rating uses."""

from __future__ import annotations

from typing import Any

from elo_core import parse
from elo_core.ecf import table
from elo_core.ecf.categories import CATEGORY_TABLE
from elo_core.ecf.event import rate_event
from elo_core.ecf.rating import METHODS, rate
from elo_core.ecf.rules import SETTINGS, sources
from elo_core.errors import refuse
from elo_core.events.read import FORMATS, parse_event, source_text
from elo_core.facade.spec import Op, Param, given, optional, whole

ONE = ("rating", "grade", "junior", "partial", "games", "earlier", "nominal", "month", "last_played",
       "activity_months", "results_12_months", "junior_rule", "cap_400")
FIDE_ONLY = ("kind", "k", "games_played", "games_played_by_player", "k_by_player", "standard_by_player", "player",
             "norms", "pairing", "norm_types", "exemption", "host_federation", "min_games", "detail")
"""Options of the FIDE whole event that the ECF has no use for: refused when given, never ignored."""


def _unused(value: Any, field: str) -> None:
    if value not in (None, "", False, {}, [], "auto"):
        refuse(field, "is not used by ECF rating (an option of FIDE rating)")


EVENT = (Param("text", source_text), Param("format", lambda v, f: parse.choice(v or "auto", f, FORMATS), "auto"),
         Param("rules", given), Param("ratings_as_ecf", parse.flag, False), Param("juniors", given),
         Param("partial", given), Param("nominal", given), Param("junior_rule", given), Param("cap_400", given),
         Param("details", parse.flag, True), Param("limit", optional(whole(1, 10_000_000))),
         *(Param(name, _unused) for name in FIDE_ONLY))


def _event(a: dict[str, Any]) -> dict[str, Any]:
    text, problems = a["text"]
    report = rate_event(parse_event(text, problems, a["format"]), rules_month=a["rules"],
                        ratings_as_ecf=a["ratings_as_ecf"], juniors=a["juniors"], partial=a["partial"],
                        nominal=a["nominal"], junior_rule=a["junior_rule"], cap_400=a["cap_400"])
    return report.to_dict(details=a["details"], limit=a["limit"])


def _rules(a: dict[str, Any]) -> dict[str, Any]:
    """Everything the page needs to explain an ECF figure in the ECF's words, with the sources."""
    return {"methods": METHODS, "settings": [s.to_dict() for s in SETTINGS],
            "categories": [c.to_dict() for c in CATEGORY_TABLE], "sources": sources(),
            "expected_table": {"name": "table 8.1(b)", "source": table.SOURCE, "url": table.URL, "bands": table.bands()}}


OPS: dict[str, Op] = {
    "ecf": Op(tuple(Param(name, given) for name in ONE), lambda a: rate(a).to_dict()),
    "ecf_event": Op(EVENT, _event),
    "ecf_rules": Op((), _rules),
}
