"""The JSON door's title-norm operation (FIDE B.01, :mod:`elo_core.norms`): a case as JSON, or a
player of a tournament report; and the event operation's norm options, checked here and named
as the page and the CLI name them (``norm_types``, ``exemption``, ``host_federation``, ``min_games``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from elo_core import errors, parse
from elo_core.errors import EloError
from elo_core.events.read import parse_event, source_text
from elo_core.events.report import EventReport
from elo_core.facade.spec import Op, Param, Parser, given
from elo_core.norms.case import exemption, host_federation, min_games, parse_case
from elo_core.norms.from_event import case_from_event, last_round
from elo_core.norms.rules import (
    EXEMPTION_HOST_ONLY,
    EXEMPTION_LABELS,
    MIN_GAMES_LABELS,
    NORM_TYPES,
    PAIRINGS,
    Exemption,
    NormType,
    Pairing,
)
from elo_core.norms.verdicts import check_all, check_norm, closest, norm_column, wanted_norms
from elo_core.parse import flag

EVENT_PAIRINGS: tuple[Pairing, ...] = ("swiss", "roundrobin")
"""The event table's choices: neither TRF nor PGN says whether pairings were predetermined."""
_PAIRING_WORDS = {"swiss": "Swiss pairings", "roundrobin": "round robin", "doubleroundrobin": "double round robin"}


# --- the options' parsers: (value, field) -> value, absent or empty meaning the default ---------------------------

def norm_types(value: Any, field: str) -> tuple[NormType, ...]:
    """The norm types to check: a list, or text with commas (``GM,IM``); absent: all four."""
    if value is None:
        return NORM_TYPES
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        raise EloError(field, "must be a list of norm types: GM, IM, WGM, WIM")
    chosen: set[str] = set()
    for item in items:
        text = item.strip().upper() if isinstance(item, str) else None
        if text == "":
            continue  # "GM,,IM", a comma at the end
        if text not in NORM_TYPES:
            raise EloError(field, f"must be GM, IM, WGM or WIM, not {errors.show(item)}")
        chosen.add(text)
    if not chosen:
        raise EloError(field, "choose at least one: GM, IM, WGM or WIM")
    return tuple(t for t in NORM_TYPES if t in chosen)


def _host(value: Any, field: str, args: Mapping[str, Any]) -> str:
    ex = args.get("exemption")
    return host_federation(value, field, ex.strip().lower() if isinstance(ex, str) else None)


def _pairing(allowed: tuple[Pairing, ...]) -> Parser:
    return lambda v, field: "swiss" if v in (None, "") else parse.choice(v, field, allowed)


# The event-level inputs of a case from a TRF (the norm operation's too), then the event operation's.
CASE_PARAMS = (Param("exemption", exemption), Param("host_federation", _host, sees_args=True),
               Param("min_games", min_games))
NORM_EVENT_PARAMS = (Param("pairing", _pairing(EVENT_PAIRINGS), "swiss"), Param("norm_types", norm_types), *CASE_PARAMS)
"""The event operation's norm options (with ``norms``: true)."""


# --- the norm operation --------------------------------------------------------------------------------------------

def _norm(a: dict[str, Any]) -> dict[str, Any]:
    """``case`` (B.01's facts as JSON), or ``text`` (a TRF) and ``player`` (a starting rank). With
    ``norm`` that norm's verdict; without, every norm the player may want, and the closest."""
    find = flag(a["find"], "find")
    if a["case"] is not None:
        case = a["case"]
    elif a["text"] is not None:
        if a["player"] in (None, ""):
            raise EloError("player", "is required with a tournament report: the player's starting rank")
        text, problems = source_text(a["text"], "text")
        case = case_from_event(parse_event(text, problems, "trf"), a["player"], a["norm"] or None,
                               **_case_options(a))
    else:
        raise EloError("case", "is required: the case as JSON, or a tournament report and a player")
    case = parse_case(case)  # a malformed case is an error naming its field, never a crash
    if case.norm:
        return check_norm(case, find).to_dict()
    verdicts = check_all(case, find, wanted_norms(case.applicant.title or ""))
    return {"verdicts": {t: v.to_dict() for t, v in verdicts.items()}, "closest": closest(verdicts).to_dict()}


def _case_options(a: dict[str, Any]) -> dict[str, Any]:
    """The event-level inputs of a case from a TRF, as :func:`case_from_event` takes them."""
    return {"pairing": a["pairing"], "exemption": a["exemption"], "host_federation": a["host_federation"] or None,
            "min_games": a["min_games"]}


# --- the event table's column ---------------------------------------------------------------------------------------

def event_norms(report: EventReport, keys: list[str], a: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Each listed player's norm cell, and the options they were checked with (``norm_options``)."""
    options = _case_options(a)
    return norms_by_player(report, keys, a["norm_types"], **options), options_summary(a["norm_types"], **options)


def options_summary(types: tuple[NormType, ...], *, pairing: Pairing, exemption: Exemption | None,
                    host_federation: str | None, min_games: int) -> dict[str, Any]:
    """The options as given, and in words for the verdict (``text``)."""
    ex = f"exemption {exemption} ({EXEMPTION_LABELS[exemption]})" if exemption else "no exemption of 1.4.3"
    if exemption in EXEMPTION_HOST_ONLY:
        ex += f", for players of {host_federation}"
    text = f"{_PAIRING_WORDS[pairing]}; {ex}; at least {min_games} games ({MIN_GAMES_LABELS[min_games]})"
    return {"norm_types": list(types), "pairing": pairing, "exemption": exemption,
            "host_federation": host_federation or None, "min_games": min_games, "text": text}


def norms_by_player(report: EventReport, keys: list[str], types: tuple[NormType, ...] = NORM_TYPES,
                    **event_options: Any) -> dict[str, dict[str, Any]]:
    """For the event table's norms column: each listed player's best norm or closest miss among the
    ``types`` they may still want (``checked``), or why none can be checked (e.g. no federation)."""
    out: dict[str, dict[str, Any]] = {}
    players = {p.key: p for p in report.event.players}
    event_options = {"rounds": last_round(report.event), **event_options}  # once, not per player
    for key in keys:
        p = players[key]
        wanted = tuple(t for t in wanted_norms(p.title, p.sex) if t in types)
        if not wanted or not p.entries:
            continue
        try:
            column = norm_column(case_from_event(report.event, key, **event_options), norms=wanted)
        except EloError as e:
            out[key] = {"made": False, "text": f"not checked: {e.message}", "verdict": None, "checked": list(wanted)}
            continue
        out[key] = {**column.to_dict(), "checked": list(wanted)}
    return out


OPS: dict[str, Op] = {
    "norm": Op((*(Param(n, given) for n in ("case", "text", "player", "norm")),
                Param("pairing", _pairing(PAIRINGS), "swiss"), *CASE_PARAMS, Param("find", given)), _norm),
}
