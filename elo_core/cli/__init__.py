"""The command line: ``python -m elo_core SUBCOMMAND``, for arbiters' scripts and our own checks.

Each subcommand prints a readable table, or with ``--json`` one JSON object (the same one the page
gets through :mod:`elo_core.facade`). Bad input exits with status 2 and the message on stderr.
Output to a pipe closed early (``| head -1``) ends quietly, with status 141 as a Unix tool ended
by SIGPIPE. Each group of subcommands lives in its own module (:data:`GROUPS`), which adds its
subcommands, turns a command line into a request to the JSON door, and words the answer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from elo_core import __version__
from elo_core.cli import events, fide, glicko, norms
from elo_core.errors import EloError
from elo_core.facade import call

GROUPS: tuple[ModuleType, ...] = (fide, events, glicko, norms)
"""Each has ``COMMANDS`` (subcommand -> operation), ``add``, ``request``, ``where`` and ``table``."""
SIGPIPE_STATUS = 128 + 13
"""The status a shell shows for a program ended by SIGPIPE, as ``head`` ends ``cat``."""


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
    return p


def _group(command: str) -> ModuleType:
    return next(g for g in GROUPS if command in g.COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader is gone (| head): nothing more can be said, and the interpreter's last flush
        # at exit must not say it either, so standard output goes to /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return SIGPIPE_STATUS


def _main(argv: Sequence[str] | None) -> int:
    ns = _parser().parse_args(argv)
    group = _group(ns.command)
    try:
        op, args = group.request(ns)
        result = call(op, args)
    except EloError as e:
        for err in e.errors:
            where = group.where(ns, err.field)
            print(f"error: {where}: {err.message}" if where else f"error: {err.message}", file=sys.stderr)
        return 2
    if op == "event_csv":
        sys.stdout.write(result["csv"])
    else:
        print(json.dumps(result, indent=1) if ns.json else group.table(op, result))
    sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
    return 0
