"""The command line: ``python -m elo_core SUBCOMMAND``, for arbiters' scripts and our own checks.

Each subcommand prints a readable table, or with ``--json`` one JSON object (the same one the page
gets through :mod:`elo_core.facade`). Bad input exits with status 2 and the message on stderr; an
answer that cannot be written (standard output closed or full) exits with status 1 and says so.
Output to a pipe closed early (``| head -1``) ends quietly, with status 141 as a Unix tool ended
by SIGPIPE. Each group of subcommands lives in its own module (:data:`GROUPS`), which adds its
subcommands, turns a command line into a request to the JSON door, and words the answer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from elo_core import __version__
from elo_core.cli import dwz, ecf, events, fide, fidelist, glicko, norms, uscf
from elo_core.errors import EloError
from elo_core.facade import call
from elo_core.limits import MAX_GAMES, SYSTEMS

GROUPS: tuple[ModuleType, ...] = (fide, events, glicko, norms, dwz, ecf, fidelist, uscf)
"""Each has ``COMMANDS`` (subcommand -> operation), ``add``, ``request``, ``where`` and ``table``. A
rating system's module that rates whole events (operation ``<system>_event``) also has
``add_event_options`` (its options of ``event``) and ``event_args`` (their values for the door);
its ``table`` words that operation's answer too."""
SIGPIPE_STATUS = 128 + 13
"""The status a shell shows for a program ended by SIGPIPE, as ``head`` ends ``cat``."""
REPEATED = {"--game": "games", "--remaining": "ratings", "--k-player": "players", "--standard": "players"}
"""The options given once per item, and what they count; at most :data:`MAX_GAMES` of each."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m elo_core", description=(__doc__ or "").split("\n")[0])
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help, description=help)
        c.add_argument("--json", action="store_true", help="print one JSON object")
        return c

    for group in GROUPS:
        group.add(command)
    event = sub.choices["event"]
    own: dict[str, dict[str, Any]] = {}  # system -> its event options' names and defaults
    for group in GROUPS:
        if hasattr(group, "add_event_options"):
            system = next(iter(group.COMMANDS))
            options = event.add_argument_group(f"--system {system}")
            group.add_event_options(options)
            own[system] = {a.dest: a.default for a in options._group_actions}
    event.set_defaults(system_options=own)
    return p


def _group(command: str) -> ModuleType:
    return next(g for g in GROUPS if command in g.COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(sys.argv[1:] if argv is None else list(argv))
    except BrokenPipeError:
        # The reader is gone (| head): nothing more can be said, and the interpreter's last flush
        # at exit must not say it either, so standard output goes to /dev/null.
        _drop_stdout()
        return SIGPIPE_STATUS
    except OSError as e:  # standard output full (/dev/full, a full disk) or failing
        _drop_stdout()
        _say(f"error: the answer could not be written: {e.strerror or e}")
        return 1


def _main(argv: list[str]) -> int:
    # Counted before argparse, whose time grows with the square of the options given.
    for option, count in Counter(a.partition("=")[0] for a in argv if a in REPEATED or a.partition("=")[0] in REPEATED).items():
        if count > MAX_GAMES:
            _say(f"error: {option}: has {count} {REPEATED[option]}; at most {MAX_GAMES} are allowed")
            return 2
    ns = _parser().parse_args(argv)
    group = _group(ns.command)
    try:
        if ns.command == "event":
            _refuse_other_systems_options(ns)
        op, args = group.request(ns)
        if op.endswith("_event") and op.removesuffix("_event") in SYSTEMS:
            group = _group(op.removesuffix("_event"))  # another system's whole event: its options, its table
            args = {**args, **group.event_args(ns)}
        result = call(op, args)
    except EloError as e:
        for err in e.errors:
            where = group.where(ns, err.field)
            _say(f"error: {where}: {err.message}" if where else f"error: {err.message}")
        return 2
    if sys.stdout is None:
        _say("error: the answer could not be written: standard output is closed")
        return 1
    if op == "event_csv":
        sys.stdout.write(result["csv"])
    else:
        print(json.dumps(result, indent=1) if ns.json else group.table(op, result))
    sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
    return 0


def _refuse_other_systems_options(ns: argparse.Namespace) -> None:
    """An option of another system's events would do nothing: it is refused, named."""
    for system, options in ns.system_options.items():
        for dest, default in options.items():
            if system != ns.system and getattr(ns, dest) != default:
                raise EloError("system", f"is {ns.system}; --{dest.replace('_', '-')} is an option of --system {system}")


def _say(message: str) -> None:
    """A message on standard error, if there is one to write to."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)


def _drop_stdout() -> None:
    """Standard output to /dev/null, so that the interpreter's last flush at exit says nothing more."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass
