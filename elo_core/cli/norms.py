"""The title-norm subcommand (``norm``: a case as JSON, or a player of a TRF), and the help of the
norm options ``event --norms`` shares."""

from __future__ import annotations

import argparse
from typing import Any

from elo_core.cli.common import Command, given, option_name, read_file, read_json_object
from elo_core.limits import MAX_EVENT_CHARS
from elo_core.norms.rules import EXEMPTION_LABELS

COMMANDS = {"norm": "norm"}
"""Subcommand -> the JSON door's operation."""
NORM_OPTIONS = ("player", "norm", "pairing", "exemption", "host_federation", "min_games", "find")
EXEMPTION_HELP = "an exemption of 1.4.3 (default none): " + "; ".join(f"{k} {v}" for k, v in EXEMPTION_LABELS.items())
HOST_HELP = "the host federation, which registered the event (1.4.3b exempts its players only)"
MIN_GAMES_HELP = "the least games for a norm: 9 (default), or 8 or 7 where 1.4.1b allows them"


def add(command: Command) -> None:
    c = command("norm", "title norm (FIDE B.01 1.4): a case as JSON, or a player of a TRF")
    c.add_argument("file", help="CASE.json or FILE.trf ('-' for standard input)")
    c.add_argument("--player", help="with a TRF: the player's starting rank")
    c.add_argument("--norm", help="GM, IM, WGM or WIM (default: the case's, or every norm the player may want)")
    c.add_argument("--pairing", help="with a TRF: swiss (default), roundrobin or doubleroundrobin")
    c.add_argument("--exemption", help="with a TRF: " + EXEMPTION_HELP)
    c.add_argument("--host-federation", help="with a TRF: " + HOST_HELP)
    c.add_argument("--min-games", help="with a TRF: " + MIN_GAMES_HELP)
    c.add_argument("--find", action="store_true", help="also look for games 1.4.1 lets the player leave out")


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    a = given(ns, "file")
    data = read_file(ns.file, MAX_EVENT_CHARS + 1)
    if data.lstrip()[:1] in (b"{", b"[") or ns.file.lower().endswith(".json"):
        return "norm", {"case": _case(ns, data), "find": ns.find}
    return "norm", {"text": data, **{k: a[k] for k in NORM_OPTIONS if k in a}}


def _case(ns: argparse.Namespace, data: bytes) -> dict[str, Any]:
    case = read_json_object(ns.file, "a case (norm, applicant, event, games)", data)
    return {**case, "norm": ns.norm} if ns.norm else case


def where(ns: argparse.Namespace, field: str | None) -> str:
    """An option's name, or the case file's own field (``applicant.rating``), named with the file."""
    if field and field.split("[")[0] not in (*NORM_OPTIONS, "file"):
        return f"{ns.file}: {field}"
    return option_name(field)


def _verdict(v: dict[str, Any]) -> list[str]:
    head = f"{v['norm_type']} norm {'made' if v['norm'] else 'not made'}: Ra {v['ra']}, Rp {v['rp']}, " \
           f"{v['score']:g} of {v['games']} ({v['p']} %)"
    return ([head] + [f"  [{'x' if c['met'] else ' '}] {c['article']}: {c['explanation']}" for c in v["conditions"]]
            + [f"  note: {n}" for n in v["notes"]])


def table(op: str, r: Any) -> str:
    """The readable form of an answer of this command."""
    if "verdicts" in r:
        return "\n".join(line for v in r["verdicts"].values() for line in _verdict(v))
    return "\n".join(_verdict(r))
