"""A TRF's tournament records, as rating needs them: the dates, the kind of play, the header's counts.

``head`` maps each record read (``"042"``) to its first line's number and text. Every reading
here is a pure function of it, and every doubt is a problem naming the record's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from elo_core.events.formats.dates import read_date, swapped
from elo_core.events.formats.time_control import Control, kind_from_name, read_control
from elo_core.events.problems import Problems
from elo_core.parse import plain_digits

Head = dict[str, tuple[int, str]]
_SPEC_DATE = re.compile(r"\d{4}/\d{2}/\d{2}")
"""042 and 052 as the spec writes them (YYYY/MM/DD)."""
HEADER_TAGS = ("012", "042", "052", "062", "072", "082", "092", "122", "142", "162", "192", "222")
"""Tournament records read (the first of each); the rest concern pairing and tie-breaks."""


@dataclass(frozen=True)
class Dates:
    start: date | None
    end: date | None
    start_text: str
    notes: tuple[str, ...] = ()


def _text(head: Head, tag: str) -> str:
    return head.get(tag, (0, ""))[1]


def read_dates(head: Head, round_dates: dict[int, str], rounds: int, found: Problems) -> Dates:
    """042 and 052 in any common form; where 042 is missing or unreadable, the first round date (132)."""
    read: dict[str, date | None] = {}
    notes = []
    for tag, what in (("042", "start"), ("052", "end")):
        raw = _text(head, tag)
        read[tag], why = read_date(raw) if raw else (None, "")
        if raw and read[tag] is None:
            found.add(head[tag][0], f"{tag}: the {what} date {raw[:40]!r} could not be read ({why})", "date")
        elif raw and not _SPEC_DATE.fullmatch(raw):  # another form than the spec's: say how it was read
            notes.append(f"{tag}: {raw[:40]!r} read as {read[tag]} ({why})")
    start, end = read["042"], read["052"]
    days = sorted(round_dates.values())
    if start is None and days:
        start = date.fromisoformat(days[0])
        notes.append(f"start: {start.isoformat()}, the first round's date (132), as 042 "
                     + ("could not be read" if _text(head, "042") else "is missing"))
    if end is None and days:
        end = date.fromisoformat(days[-1])
    if start and end:
        _check_pair(head, start, end, rounds, found)
    return Dates(start, end, _text(head, "042"), tuple(notes))


def _check_pair(head: Head, start: date, end: date, rounds: int, found: Problems) -> None:
    """A start and end that only make sense with day and month swapped, or an end before the start."""
    line = head.get("042", head.get("052", (None, "")))[0]
    turned = swapped(start, end, rounds)
    if turned:
        found.add(line, f"042/052: {start.isoformat()} to {end.isoformat()} is {(end - start).days} days for "
                        f"{rounds} rounds; with day and month swapped it would be {turned[0].isoformat()} to "
                        f"{turned[1].isoformat()}: check the dates (read as written)", "date")
    elif end < start:
        found.add(line, f"042/052: the end {end.isoformat()} is before the start {start.isoformat()}", "date")


@dataclass(frozen=True)
class Kind:
    control: Control
    """The kind told (``control.kind``: ``None`` if it cannot be told) and the minutes, if a time control gave them."""
    note: str
    written: str
    """The time control as written (222, else 122)."""
    line: int | None


def read_kind(head: Head, found: Problems) -> Kind:
    """The kind of play from 222 (seconds), else 122 (free text or minutes), else words in 092 or 012."""
    tried = []
    for tag, seconds in (("222", True), ("122", False)):
        raw = _text(head, tag)
        if raw:
            c = read_control(raw, seconds=seconds)
            if c.kind:
                if c.too_fast:
                    found.add(head[tag][0], f"{tag}: {c.note}: no game of this event counts", "time-control")
                return Kind(c, f"{c.note} (line {tag})", raw, head[tag][0])
            found.add(head[tag][0], f"{tag}: {c.note}", "time-control")
            tried.append(f"{tag}: {c.note}")
    written = _text(head, "222") or _text(head, "122")
    for tag in ("092", "012"):
        kind = kind_from_name(_text(head, tag))
        if kind:
            return Kind(Control(kind, None, ""), "; ".join([*tried, f"the event's {'name' if tag == '012' else 'type'} says {kind} (line {tag})"]), written, None)
    note = "; ".join(tried) if tried else "the time control cannot be told from the file (no 222 or 122)"
    return Kind(Control(None, None, note), note, written, None)


def check_counts(head: Head, players: int, rated: int, found: Problems) -> None:
    """062 (players) and 072 (rated players) against the player lines, as a rating officer checks them."""
    for tag, what, actual in (("062", "players", players), ("072", "rated players", rated)):
        raw = _text(head, tag)
        if not raw:
            continue
        if not plain_digits(raw):
            found.add(head[tag][0], f"{tag}: the number of {what} {raw[:20]!r} is not a number", "count")
        elif int(raw) != actual:
            lines = "player lines (001)" if tag == "062" else "player lines (001) with a FIDE rating"
            found.add(head[tag][0], f"{tag}: {int(raw)} {what}, but the file has {actual} {lines}", "count")
