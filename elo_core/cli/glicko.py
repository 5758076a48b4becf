"""The online ratings' subcommands (``glicko2``, ``glicko1``, ``lichess``): their options, their
requests to the JSON door, their tables."""

from __future__ import annotations

import argparse
from typing import Any

from elo_core.cli.common import Command, given, option_name

COMMANDS = {"glicko2": "glicko2", "glicko1": "glicko1", "lichess": "lichess"}
"""Subcommand -> the JSON door's operation."""
GAME_HELP = "a game as RATING:DEVIATION:SCORE (score 1, 0.5 or 0); repeat for each game"


def add(command: Command) -> None:
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


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    return COMMANDS[ns.command], given(ns)


def where(ns: argparse.Namespace, field: str | None) -> str:
    return option_name(field)


def _glicko(r: dict[str, Any]) -> str:
    volatility = f", volatility {r['volatility']:.6f}" if "volatility" in r else ""
    return (f"Rating {r['rating']:.2f} ({r['change']:+.2f}), deviation {r['deviation']:.2f}{volatility}; "
            f"{r['games']} games, score {r['score']:g}, expected {r['expected']:.2f}")


def _lichess(r: dict[str, Any]) -> str:
    b = r["before"]
    lines = [f"Before: {b['display']} (deviation {b['deviation']:.1f}), against {r['opponent']['display']}"]
    if "score" in r:
        lines.append(f"After {r['score']:g}: {r['display']} ({r['change']:+d}), deviation {r['deviation']:.1f}"
                     + (", provisional" if r["provisional"] else ""))
    preview = r.get("preview", r)
    lines += [f"  {name:>4}: {preview[name]['display']:>6} ({preview[name]['change']:+d})" for name in ("win", "draw", "loss")]
    return "\n".join(lines)


def table(op: str, r: Any) -> str:
    """The readable form of an answer of these commands."""
    return _lichess(r) if op == "lichess" else _glicko(r)
