"""What the command line's subcommands share: reading a file, naming an option, formatting a number."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from elo_core.errors import EloError

Command = Callable[[str, str], argparse.ArgumentParser]
"""Adds a subcommand (name, help) with ``--json``, and returns its parser."""

GAME_HELP = "a game as OPPONENT:SCORE, score 1, 0.5 (or 1/2, =) or 0; repeat for each game; opponent 0 = unrated"


def read_file(name: str, limit: int) -> bytes:
    """At most ``limit`` bytes of the file (``-``: standard input)."""
    try:
        if name == "-":
            if sys.stdin is None:
                raise EloError("file", "standard input is closed: give a file's name, or send the file to it")
            return sys.stdin.buffer.read(limit)
        with open(name, "rb") as f:
            return f.read(limit)
    except OSError as e:
        raise EloError("file", f"cannot read {name}: {e.strerror or e}") from None


def given(ns: argparse.Namespace, *leave: str) -> dict[str, Any]:
    """The options given (not None), ``--game`` as ``games``, for the JSON door."""
    a = {k: v for k, v in vars(ns).items() if k not in ("command", "json", *leave) and v is not None}
    if "game" in a:
        a["games"] = a.pop("game")
    return a


_OPTION_OF = {"games": "--game", "text": "FILE", "file": "FILE", "k_by_player": "--k-player", "standard_by_player": "--standard"}


def option_name(field: str | None) -> str:
    """The command line's name for a field elo_core names (``games[2].score`` is ``--game #3``).

    >>> option_name("opponent_k"), option_name("games[2].score"), option_name("remaining[0]")
    ('--opponent-k', '--game #3 (score)', '--remaining #1')
    """
    if not field:
        return ""
    head, _, rest = field.partition("[")
    name = _OPTION_OF.get(head, "--" + head.replace("_", "-"))
    if not rest:
        return name
    index, _, part = rest.partition("]")
    if not index.isdigit():
        return f"{name} {index!r}"
    part = part.lstrip(".")
    return f"{name} #{int(index) + 1}" + (f" ({part})" if part else "")


def num(x: Any, places: int = 2, sign: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.{places}f}" if sign else f"{x:.{places}f}"


def score_text(s: float) -> str:
    return {1.0: "1", 0.5: "½", 0.0: "0"}[s]
