"""The command line's online-rating and title-norm subcommands (``glicko2``, ``glicko1``,
``lichess``, ``norm``): their options, their requests to the JSON door, their tables."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from .inputs import MAX_EVENT_CHARS, EloError
from .norm_rules import EXEMPTION_LABELS

COMMANDS = {"glicko2": "glicko2", "glicko1": "glicko1", "lichess": "lichess", "norm": "norm"}
"""Subcommand -> facade operation."""
NORM_OPTIONS = ("player", "norm", "pairing", "exemption", "host_federation", "min_games", "find")
EVENT_NORM_OPTIONS = ("pairing", "norm_types", "exemption", "host_federation", "min_games")
"""``event --norms``: its options (refused without it)."""
EXEMPTION_HELP = "an exemption of 1.4.3 (default none): " + "; ".join(f"{k} {v}" for k, v in EXEMPTION_LABELS.items())
HOST_HELP = "the host federation, which registered the event (1.4.3b exempts its players only)"
MIN_GAMES_HELP = "the least games for a norm: 9 (default), or 8 or 7 where 1.4.1b allows them"
GAME_HELP = "a game as RATING:DEVIATION:SCORE (score 1, 0.5 or 0); repeat for each game"


def add_commands(command: Callable[[str, str], argparse.ArgumentParser]) -> None:
    c = command("glicko2", "Glicko-2 over one rating period (Glickman's paper; tau 0.5 unless given)")
    for name in ("--rating", "--deviation"):
        c.add_argument(name, required=True)
    c.add_argument("--volatility", default="0.06")
    c.add_argument("--game", action="append", default=[], help=GAME_HELP)
    c.add_argument("--tau", default="0.5", help="the system constant (0.5; lichess uses 0.75)")
    c.add_argument("--periods", default="1", help="rating periods elapsed (1; fractions allowed)")
    c.add_argument("--advantage", default="0", help="points added to this player's side inside the expected score")

    c = command("glicko1", "Glicko-1 over one rating period (Glickman's glicko.pdf; chess.com: an estimate)")
    for name in ("--rating", "--deviation"):
        c.add_argument(name, required=True)
    c.add_argument("--game", action="append", default=[], help=GAME_HELP)
    c.add_argument("--c", help="deviation growth per period (default: the paper's example, 63.2)")
    c.add_argument("--periods", help="rating periods since the last game (default 1)")

    c = command("lichess", "one lichess game as lichess rates it (Glicko-2 with lichess's settings)")
    for name in ("--rating", "--deviation"):
        c.add_argument(name, required=True)
    c.add_argument("--volatility", help="default 0.09 (a new player's)")
    c.add_argument("--opponent", required=True, help="RATING:DEVIATION[:VOLATILITY], e.g. 1600:60")
    c.add_argument("--score", help="1, 0.5 or 0 (default: show win, draw and loss)")
    c.add_argument("--colour", help="white or black (the variant's colour advantage)")
    c.add_argument("--variant", default="standard")
    c.add_argument("--speed", help="ultrabullet, bullet, blitz, rapid, classical or correspondence")
    c.add_argument("--days-idle", default="0", help="days since the player's last rated game")

    c = command("norm", "title norm (FIDE B.01 1.4): a case as JSON, or a player of a TRF")
    c.add_argument("file", help="CASE.json or FILE.trf ('-' for standard input)")
    c.add_argument("--player", help="with a TRF: the player's starting rank")
    c.add_argument("--norm", help="GM, IM, WGM or WIM (default: the case's, or every norm the player may want)")
    c.add_argument("--pairing", help="with a TRF: swiss (default) or roundrobin")
    c.add_argument("--exemption", help="with a TRF: " + EXEMPTION_HELP)
    c.add_argument("--host-federation", help="with a TRF: " + HOST_HELP)
    c.add_argument("--min-games", help="with a TRF: " + MIN_GAMES_HELP)
    c.add_argument("--find", action="store_true", help="also look for games 1.4.1 lets the player leave out")


def add_event_norm_options(c: argparse.ArgumentParser) -> None:
    """``event``'s options for ``--norms`` (the event operation's ``EVENT_NORM_OPTIONS``)."""
    c.add_argument("--pairing", help="with --norms: swiss (default) or roundrobin")
    c.add_argument("--norm-types", metavar="TYPES", help="with --norms: the norm types to check, e.g. GM,IM (default "
                   "all four; each player is checked for those of them they may still want)")
    c.add_argument("--exemption", help="with --norms: " + EXEMPTION_HELP)
    c.add_argument("--host-federation", help="with --norms: " + HOST_HELP)
    c.add_argument("--min-games", help="with --norms: " + MIN_GAMES_HELP)


def event_norm_args(ns: argparse.Namespace) -> dict[str, Any]:
    """The norm options given to ``event``; refused without ``--norms``, where they would do nothing,
    and ``--norms`` with ``--csv``, whose table has no norms column."""
    given = {k: getattr(ns, k) for k in EVENT_NORM_OPTIONS if getattr(ns, k) is not None}
    if given and not ns.norms:
        raise EloError("norms", f"is needed with --{next(iter(given)).replace('_', '-')} (a norm option)")
    if ns.norms and ns.csv:
        raise EloError("norms", "is not in the CSV: leave out --csv to see each player's norms")
    return {"norms": ns.norms, **given}


def request(ns: argparse.Namespace, read: Callable[[str, int], bytes]) -> tuple[str, dict]:
    a = {k: v for k, v in vars(ns).items() if k not in ("command", "json", "file") and v is not None}
    if "game" in a:
        a["games"] = a.pop("game")
    if ns.command != "norm":
        return COMMANDS[ns.command], a
    data = read(ns.file, MAX_EVENT_CHARS + 1)
    if data.lstrip()[:1] == b"{":
        try:
            case = json.loads(data)
        except ValueError as e:
            raise EloError("file", f"{ns.file} is not valid JSON: {e}") from None
        if isinstance(case, dict) and ns.norm:
            case = {**case, "norm": ns.norm}
        return "norm", {"case": case, "find": ns.find}
    return "norm", {"text": data, **{k: a[k] for k in NORM_OPTIONS if k in a}}


def _glicko(r: dict) -> str:
    volatility = f", volatility {r['volatility']:.6f}" if "volatility" in r else ""
    return (f"Rating {r['rating']:.2f} ({r['change']:+.2f}), deviation {r['deviation']:.2f}{volatility}; "
            f"{r['games']} games, score {r['score']:g}, expected {r['expected']:.2f}")


def _lichess(r: dict) -> str:
    b = r["before"]
    lines = [f"Before: {b['display']} (deviation {b['deviation']:.1f}), against {r['opponent']['display']}"]
    if "score" in r:
        lines.append(f"After {r['score']:g}: {r['display']} ({r['change']:+d}), deviation {r['deviation']:.1f}"
                     + (", provisional" if r["provisional"] else ""))
    preview = r.get("preview", r)
    lines += [f"  {name:>4}: {preview[name]['display']:>6} ({preview[name]['change']:+d})" for name in ("win", "draw", "loss")]
    return "\n".join(lines)


def _norm_verdict(v: dict) -> list[str]:
    head = f"{v['norm_type']} norm {'made' if v['norm'] else 'not made'}: Ra {v['ra']}, Rp {v['rp']}, " \
           f"{v['score']:g} of {v['games']} ({v['p']} %)"
    return ([head] + [f"  [{'x' if c['met'] else ' '}] {c['article']}: {c['explanation']}" for c in v["conditions"]]
            + [f"  note: {n}" for n in v["notes"]])


def table(op: str, r: Any) -> str | None:
    """The readable form of an answer of these commands; None for other operations."""
    if op in ("glicko2", "glicko1"):
        return _glicko(r)
    if op == "lichess":
        return _lichess(r)
    if op == "norm":
        if "verdicts" in r:
            return "\n".join(line for v in r["verdicts"].values() for line in _norm_verdict(v))
        return "\n".join(_norm_verdict(r))
    return None
