"""The JSON door's title-norm operation (FIDE B.01, :mod:`elo_core.norms`): a case as JSON, or a
player of a tournament report. The norm functions check their own inputs and name the field."""

from __future__ import annotations

from typing import Any

from .event import EventReport
from .event_read import parse_event, source_text
from .inputs import EloError, flag
from .norm_event import case_from_event
from .norms import check_all, check_norm, closest, norm_column, wanted_norms
from .op_spec import Op, Param, given


def _norm(a: dict[str, Any]) -> dict:
    """``case`` (B.01's facts as JSON), or ``text`` (a TRF) and ``player`` (a starting rank). With
    ``norm`` that norm's verdict; without, every norm the player may want, and the closest."""
    find = flag(a["find"], "find")
    if a["case"] is not None:
        case = a["case"]
    elif a["text"] is not None:
        if a["player"] in (None, ""):
            raise EloError("player", "is required with a tournament report: the player's starting rank")
        text, problems = source_text(a["text"], "text")
        options = {k: a[k] for k in ("pairing", "exemption", "host_federation", "min_games") if a[k] not in (None, "")}
        case = case_from_event(parse_event(text, problems, "trf"), a["player"], a["norm"] or None, **options)
    else:
        raise EloError("case", "is required: the case as JSON, or a tournament report and a player")
    norm = case["norm"] if isinstance(case, dict) else case.norm
    if norm:
        return check_norm(case, find).to_dict()
    applicant = case["applicant"] if isinstance(case, dict) else case.applicant
    title = applicant.get("title", "") if isinstance(applicant, dict) else applicant.title
    verdicts = check_all(case, find, wanted_norms(title or ""))
    return {"verdicts": {t: v.to_dict() for t, v in verdicts.items()}, "closest": closest(verdicts).to_dict()}


def norms_by_player(report: EventReport, keys: list[str], **event_options: Any) -> dict[str, dict]:
    """For the event table's norms column: each listed player's best norm or closest miss (among
    the norms they may still want), or why none can be checked (e.g. no federation in the file)."""
    out: dict[str, dict] = {}
    players = {p.key: p for p in report.event.players}
    for key in keys:
        p = players[key]
        wanted = wanted_norms(p.title, p.sex)
        if not wanted or not p.entries:
            continue
        try:
            column = norm_column(case_from_event(report.event, key, **event_options), norms=wanted)
        except EloError as e:
            out[key] = {"made": False, "text": f"not checked: {e.message}", "verdict": None}
            continue
        out[key] = column.to_dict()
    return out


NORM_OPS: dict[str, Op] = {
    "norm": Op(tuple(Param(n, given) for n in ("case", "text", "player", "norm", "pairing", "exemption",
                                                "host_federation", "min_games", "find")), _norm),
}
