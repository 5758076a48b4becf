"""The FIDE list's subcommand (``list LIST_FILE ID_OR_NAME``): the list read through the JSON door
as the page's worker reads it (a chunk at a time), then a player by FIDE ID or players by name.
:func:`load` also serves ``event FILE --list LIST_FILE``."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from elo_core.cli.common import Command, option_name
from elo_core.errors import EloError
from elo_core.facade import call

COMMANDS = {"list": "list_find"}
"""Subcommand -> the JSON door's operation."""
CHUNK = 1 << 22
"""Bytes of the file read at a time."""
KINDS = ("standard", "rapid", "blitz")
_WHERE = {"file": "LIST_FILE", "list": "LIST_FILE", "query": "ID_OR_NAME"}


def add(command: Command) -> None:
    c = command("list", "a player of FIDE's rating list by FIDE ID, or players by name (the list's file as "
                        "downloaded from ratings.fide.com: zip, TXT or XML)")
    c.add_argument("file", metavar="LIST_FILE", help="the list's file: players_list.zip, standard_rating_list.zip, ... "
                                                     "or the TXT or XML inside")
    c.add_argument("query", metavar="ID_OR_NAME", help="a FIDE ID, or a name: 'Carlsen, Magnus', 'magnus carlsen', 'carls'")
    c.add_argument("--kind", choices=KINDS, help="the rating shown for names (default: the list's first); for a "
                                                 "single-kind list whose file's name does not say, which it is")
    c.add_argument("--month", help="the list's month (YYYY-MM), if the file does not say it")


def load(path: str, month: str | None = None, kind: str | None = None, field: str = "file") -> dict[str, Any]:
    """Read the list at ``path`` into the door (the list in use); what is known of it. A refusal
    names ``field`` (``list`` for ``event --list``)."""
    try:
        try:
            size = os.stat(path).st_size
            source = open(path, "rb")
        except OSError as e:
            raise EloError("file", f"cannot read {path}: {e.strerror or e}") from None
        with source:
            progress = call("list_open", {"size": size, "name": os.path.basename(path), "month": month, "kind": kind})
            while not progress["done"]:
                chunk = source.read(CHUNK) if progress["needs_input"] else b""
                progress = call("list_read", {"chunk": chunk or None, "last": progress["needs_input"] and not chunk})
                _show(progress)
        _show(None)
        info: dict[str, Any] = call("list_use", {"month": month, "kind": kind})
        return info
    except EloError as e:
        if field != "file" and e.field == "kind":  # event --list: the event's --kind is another matter
            raise EloError(field, "the list's file does not say which list it is (standard, rapid or blitz): keep "
                                  "FIDE's name for it (standard_rating_list.zip, ...)") from None
        named = {"file": field, "month": "month" if field == "file" else f"{field}_month"}  # event: --list-month
        raise EloError(named.get(e.field or "", e.field), e.message) from None


def _show(progress: dict[str, Any] | None) -> None:
    """Reading a large list takes seconds: its progress on a terminal."""
    if sys.stderr is None or not sys.stderr.isatty():
        return
    if progress is None:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    else:
        print(f"\rreading the list: {progress['fraction']:.0%} ({progress['players']:,} players)", end="", file=sys.stderr)


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    load(ns.file, ns.month, ns.kind)
    args = {"query": ns.query, "kind": ns.kind}
    # The page searches as the user types, so the door answers a name too short to search with a
    # note; a command is typed whole, so such a name is refused (exit 2). The lookup is cheap.
    note = call("list_find", args).get("note")
    if note:
        raise EloError("query", f"{note}, not {ns.query!r}")
    return "list_find", args


def where(ns: argparse.Namespace, field: str | None) -> str:
    return _WHERE.get(field or "", "") or option_name(field)


def table(op: str, r: Any) -> str:
    """The readable form of an answer of this command."""
    return "\n".join(_matches(r) if "matches" in r else _player(r))


def _player(p: dict[str, Any]) -> list[str]:
    about = ", ".join(x for x in (p["federation"], p["sex"], p["title"], p["women_title"], ",".join(p["other_titles"]),
                                  f"born {p['birth_year']}" if p["birth_year"] else "", "inactive" if p["inactive"] else "")
                      if x)
    lines = [f"{p['id']}  {p['name']}" + (f" ({about})" if about else "")]
    for kind in KINDS:
        k = p[kind]
        if k is not None:
            lines.append(f"  {kind:<8} {k['rating'] or 'unrated':>7}  {k['games']:>3} games  K {k['k'] or '-'}")
    return lines


def _matches(r: dict[str, Any]) -> list[str]:
    """A row a player: the rating and K of the kind asked (``--kind``), else every kind's rating
    (the players are ranked by their best)."""
    if r.get("note"):
        return [r["note"]]
    if not r["matches"]:
        return ["no player of the list has that name"]
    carried = [k for k in KINDS if r["matches"][0][k] is not None]
    kinds = [r["kind"]] if r["kind"] in carried or len(carried) == 1 else carried
    shown = kinds[0] if len(kinds) == 1 else None
    head = f"{'FIDE ID':<10} {'Name':<32} {'Fed':<3} {'Title':<5} {'Born':>4}"
    lines = [head + "".join(f" {k.capitalize():>8}" for k in kinds) + ("   K" if shown else "")]
    for p in r["matches"]:
        row = (f"{p['id']:<10} {p['name'][:32]:<32} {p['federation'] or '':<3} {p['title'] or p['women_title'] or '':<5} "
               f"{p['birth_year'] or '':>4}")
        row += "".join(f" {(p[k] or {}).get('rating') or '-':>8}" for k in kinds)
        if shown:
            row += f" {(p[shown] or {}).get('k') or '-':>3}"
        lines.append(row.rstrip())
    if r["more"]:
        lines.append("(more players match: type more of the name)")
    return lines
