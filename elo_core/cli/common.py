"""What the command line's subcommands share: reading a file, naming an option, formatting a number."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from elo_core.errors import EloError
from elo_core.limits import MAX_EVENT_CHARS

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


def read_json_object(name: str, what: str, data: bytes | None = None) -> dict[str, Any]:
    """The one JSON object a file holds (``what`` names it in messages), of a sane size and depth."""
    data = read_file(name, MAX_EVENT_CHARS + 1) if data is None else data
    if len(data) > MAX_EVENT_CHARS:
        raise EloError("file", f"{name} is too large: {what} is read up to {MAX_EVENT_CHARS // 1_000_000} MB")
    try:
        value = json.loads(data)
    except RecursionError:
        raise EloError("file", f"{name} is nested too deeply to be {what}") from None
    except ValueError as e:
        raise EloError("file", f"{name} is not valid JSON: {e}") from None
    if not isinstance(value, dict):
        raise EloError("file", f"{name} must hold one JSON object, {what}, "
                               f"not {type(value).__name__ if value is not None else 'null'}")
    return value


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


def event_option_name(ns: argparse.Namespace, field: str | None, options: dict[str, str]) -> str:
    """The option of ``event --system ...`` that a national system's field came from (``options``:
    the field's head to its option), else :func:`option_name`.

    >>> ns = argparse.Namespace(command="event")
    >>> event_option_name(ns, "partial[Alpha]", {"partial": "--ecf-partial"}), event_option_name(ns, "k", {})
    ('--ecf-partial Alpha', '--k')
    """
    if ns.command == "event" and field:
        head, bracket, rest = field.partition("[")
        if head in options:
            return options[head] + (f" {rest.rstrip(']')}" if bracket else "")
    return option_name(field)


def num(x: Any, places: int = 2, sign: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.{places}f}" if sign else f"{x:.{places}f}"


def score_text(s: float) -> str:
    return {1.0: "1", 0.5: "½", 0.0: "0"}[s]
