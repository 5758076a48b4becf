"""The JSON door's operations on the FIDE list the user opened (:mod:`elo_core.fidelist`).

A list is too large to send with every request, so the door keeps it, and this is the one place
it keeps anything between requests: :data:`SHELF` holds the list being read, the list read but
not yet in use, and the list in use. The worker (or the command line) reads a file through it:

* ``list_open`` {size, name, month?, kind?}: a new reading (any reading in progress is dropped);
* ``list_read`` {chunk?, last?}: the next chunk of the file's bytes (bytes, or base64 text in
  JSON), then one bounded step of the work; the answer is the progress, and ``needs_input`` asks
  for the next chunk (``last``: no more). Once ``done``, the answer carries the list's ``list``
  (month, kinds, players, problems, what to ask the user) and the list in use it would replace
  (``current``): a list of another month is not put in use unasked;
* ``list_use`` {month?, kind?}: the list read goes in use (with what the user said it is);
* ``list_find`` {query, limit?, kind?}: a player by FIDE ID (one object), or players by name
  (``{"matches": [...], "more": ...}``, best first, at most 20);
* ``list_export`` {encoding} / ``list_import`` {data}: the index as bytes, kept across visits by
  the page (``encoding``: base64 text, ``bytes``, or ``pieces`` to join, without a copy of the
  whole, for :func:`~elo_core.facade.handle_binary`'s caller; :func:`export_parts` gives them too);
* ``list_info``, ``list_forget``.

:func:`with_list` fills what an event's file lacks from the list in use, for ``event``'s
``fide_list`` option.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import replace
from typing import Any

from elo_core import errors, parse
from elo_core.errors import EloError
from elo_core.events.model import Event, EventPlayer
from elo_core.events.problems import Problems
from elo_core.facade.spec import Op, Param, choice, optional, whole
from elo_core.fidelist import store
from elo_core.fidelist.forms import parse_month
from elo_core.fidelist.index import LIMIT, FideList, player_query
from elo_core.fidelist.reader import ListReader, Progress
from elo_core.limits import KINDS


class Shelf:
    """What the door holds of FIDE lists: one reading, one list read, one in use."""

    def __init__(self) -> None:
        self.reader: ListReader | None = None
        self.read: FideList | None = None
        self._current: FideList | None = None
        self._uses = 0

    @property
    def current(self) -> FideList | None:
        return self._current

    @current.setter
    def current(self, fide_list: FideList | None) -> None:
        self._current = fide_list
        self._uses += 1

    def in_use(self) -> FideList:
        if self._current is None:
            raise EloError("list", "no FIDE list is open: open the list's file first")
        return self._current

    def stamp(self) -> str:
        """What tells the list in use from any other (answers kept while it stays in use are kept
        no longer); refused when no list is in use."""
        return f"{self._uses}:{self.in_use().info.month}"


SHELF = Shelf()


def _bytes(value: Any, field: str) -> bytes | None:
    """Bytes as given (a caller in Python), or as base64 text (JSON)."""
    if value is None or value == "":
        return None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, str):
        try:
            return base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise EloError(field, "must be the file's bytes, as base64 text") from None
    raise EloError(field, "must be the file's bytes, as base64 text")


def _name(value: Any, field: str) -> str:
    return "" if value is None else value[:200] if isinstance(value, str) else errors.refuse(field, "must be a file name")


def _open(a: dict[str, Any]) -> dict[str, Any]:
    SHELF.reader, SHELF.read = None, None
    SHELF.reader = ListReader(a["size"], a["name"], a["month"], a["kind"], a["step_bytes"])
    return SHELF.reader.progress().to_dict()


def _read(a: dict[str, Any]) -> dict[str, Any]:
    reader = SHELF.reader
    if reader is None:
        raise EloError("file", "no list is being read: list_open first")
    try:
        if a["chunk"] is not None:
            reader.feed(a["chunk"])
        if a["last"] and not reader.progress().done and not reader.ended:
            reader.end()
        progress: Progress = reader.step()
    except EloError:
        SHELF.reader = None  # the file is refused: nothing of it is kept
        raise
    out = progress.to_dict()
    if progress.done:
        SHELF.read, SHELF.reader = reader.result(), None
        out["list"] = SHELF.read.info.to_dict()
        out["current"] = SHELF.current.info.to_dict() if SHELF.current else None
    return out


def _use(a: dict[str, Any]) -> dict[str, Any]:
    chosen = SHELF.read or SHELF.current
    if chosen is None:
        raise EloError("list", "no FIDE list is read: open the list's file first")
    changes: dict[str, object] = {}
    if a["month"]:
        changes.update(month=a["month"], month_from="given", month_hint=None)
    if a["kind"] and len(chosen.info.kinds) < 3:
        changes.update(kinds=(a["kind"],), form=chosen.info.form.replace("single-kind", a["kind"]))
    if changes:
        asks = tuple(x for x in chosen.info.asks if x not in changes and not (x == "kind" and "kinds" in changes))
        chosen = chosen.with_info(**changes, asks=asks)
    if not chosen.info.kinds:
        raise EloError("kind", "the file does not say which list it is: choose standard, rapid or blitz")
    SHELF.current, SHELF.read = chosen, None
    return chosen.info.to_dict()


def _find(a: dict[str, Any]) -> dict[str, Any]:
    """A FIDE ID's player, as one object; a name's matches as ``{"matches": [...], "more": ...}``
    (``kind``: the kind the caller shows, said back; ``note``: why nothing is searched yet)."""
    found = SHELF.in_use().find(a["query"], a["limit"])
    if found.by == "id":
        return found.matches[0].to_dict()
    out: dict[str, Any] = {"matches": [m.to_dict() for m in found.matches], "more": found.more, "kind": a["kind"]}
    if found.note:
        out["note"] = found.note
    return out


def _info(a: dict[str, Any]) -> dict[str, Any]:
    return {"current": SHELF.current.info.to_dict() if SHELF.current else None,
            "read": SHELF.read.info.to_dict() if SHELF.read else None,
            "reading": SHELF.reader.progress().to_dict() if SHELF.reader else None}


def export_parts() -> list[bytes | memoryview]:
    """The list in use's index as pieces of bytes, for a caller in Python (the worker's adapter)."""
    return store.parts(SHELF.in_use())


def _export(a: dict[str, Any]) -> dict[str, Any]:
    if a["encoding"] == "pieces":  # handle_binary's caller joins them: the index is not copied whole here
        pieces = export_parts()
        return {"data": pieces, "bytes": sum(memoryview(p).nbytes for p in pieces)}
    data = store.dumps(SHELF.in_use())
    return {"data": data if a["encoding"] == "bytes" else base64.b64encode(data).decode("ascii"), "bytes": len(data)}


def _import(a: dict[str, Any]) -> dict[str, Any]:
    if a["data"] is None:
        raise EloError("data", "is required: the bytes of a kept list")
    SHELF.current = store.load(a["data"])
    return SHELF.current.info.to_dict()


def _forget(a: dict[str, Any]) -> dict[str, Any]:
    held = any((SHELF.reader, SHELF.read, SHELF.current))
    SHELF.reader = SHELF.read = SHELF.current = None
    return {"forgotten": held}


KIND = Param("kind", optional(choice(KINDS)))
MONTH = Param("month", optional(parse_month))
OPS: dict[str, Op] = {
    "list_open": Op((Param("size", whole(0, 2 ** 53)), Param("name", _name), MONTH, KIND,  # size 0: the reader says "empty"
                     Param("step_bytes", optional(whole(4096, 1 << 26)))),
                    lambda a: _open({**a, "step_bytes": a["step_bytes"] or 1 << 20})),
    "list_read": Op((Param("chunk", _bytes), Param("last", parse.flag)), _read),
    "list_use": Op((MONTH, KIND), _use),
    "list_find": Op((Param("query", lambda v, f: player_query(v)), Param("limit", whole(1, LIMIT), LIMIT), KIND), _find),
    "list_info": Op((), _info),
    "list_export": Op((Param("encoding", choice(("base64", "bytes", "pieces")), "base64"),), _export),
    "list_import": Op((Param("data", _bytes),), _import),
    "list_forget": Op((), _forget),
}


# --- an event's players from the list in use ----------------------------------------------------------------------

def with_list(event: Event, kind: str | None, k_given: bool) -> Event:
    """``event`` with what its file lacks filled in from the list in use, by FIDE ID: K (unless K is
    given for every player), titles, federations, sex and birth years; a rating in the file that
    differs from the list's is said (the file's is used). ``kind``: the kind chosen, if any."""
    fide_list = SHELF.in_use()
    info = fide_list.info
    kind = kind if kind in KINDS else event.kind or "standard"
    named = f"the FIDE list of {info.month}" if info.month else "the FIDE list opened (its month not stated)"
    problems = Problems.resume(event.problems, event.problem_groups)
    players, found, with_id = [], 0, 0
    for p in event.players:
        fid = int(p.fide_id) if p.fide_id and p.fide_id.strip().isdigit() and int(p.fide_id) < 2 ** 32 else None
        listed = fide_list.by_id(fid) if fid else None
        with_id += fid is not None
        if listed is None:
            if fid:
                problems.add(p.line, f"{p.name} (FIDE ID {fid}): not in {named}", "list")
            players.append(p)
            continue
        found += 1
        figures = listed.of(kind)
        if figures is not None and (figures.rating or 0) != p.rating:
            problems.add(p.line, f"{p.name}: {p.rating or 'unrated'} in the file, {figures.rating or 'unrated'} in "
                                 f"{named}: the file's is used (FIDE rates from the list in force at the "
                                 "event's start)", "list-rating")
        players.append(_filled(p, listed.title or listed.women_title, listed.federation, listed.sex, listed.birth_year,
                               None if k_given or figures is None else figures.k, f"{kind} K from {named} "
                               f"(FIDE's own K for the player's next rating period)"))
    note = (f"FIDE's {info.form} of {info.month or 'a month not stated'}: K, titles, federations, sex and birth years the file lacks filled in "
            f"for {found} of {with_id} players with a FIDE ID" + ("" if kind in info.kinds else
                                                                 f"; it has no {kind} ratings, so no K from it"))
    if info.month and event.start and event.start.strftime("%Y-%m") != info.month:
        note += f"; the event started {event.start.isoformat()}, and a player's K or title may differ in that month's list"
    return replace(event, players=tuple(players), problems=problems.result(), problem_groups=problems.groups(),
                   notes=(*event.notes, note))


def _filled(p: EventPlayer, title: str | None, federation: str | None, sex: str | None, birth: int | None,
            k: int | None, k_note: str) -> EventPlayer:
    changes: dict[str, Any] = {}
    if not p.title and title:
        changes["title"] = title
    if not p.federation and federation:
        changes["federation"] = federation
    if not p.sex.strip() and sex:
        changes["sex"] = {"M": "m", "F": "w"}.get(sex, sex.lower())  # as a TRF writes it
    if not p.birth.strip() and birth:
        changes["birth"] = str(birth)
    if not p.k and k:
        changes.update(k=k, k_source="list", k_note=k_note)
    return replace(p, **changes) if changes else p
