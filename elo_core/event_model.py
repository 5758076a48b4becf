"""What an event file holds, as read: players, each player's rounds, and the problems met.

The readers (:mod:`elo_core.trf`, :mod:`elo_core.pgn`) build these values; :mod:`elo_core.event`
rates them. Nothing here reads or rates: it is the vocabulary both sides share.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

MAX_PROBLEMS = 200
"""Problems listed; past this they are counted in one last line."""


@dataclass(frozen=True)
class Problem:
    """Something in the file that could not be used as it stands; ``line`` is 1-based (``None``: the whole file)."""

    line: int | None
    message: str

    def to_dict(self) -> dict:
        return {"line": self.line, "message": self.message}


_MORE = re.compile(r"\.\.\. and (\d+) more problems")


class Problems:
    """Collects problems while a file is read: at most :data:`MAX_PROBLEMS`, the rest counted."""

    def __init__(self, first: Iterable[Problem] = ()) -> None:
        self.items: list[Problem] = list(first)
        self.dropped = 0
        more = _MORE.fullmatch(self.items[-1].message) if self.items and self.items[-1].line is None else None
        if more:  # a result() carried on: its count goes on, and its line comes last again
            self.items.pop()
            self.dropped = int(more.group(1))

    def add(self, line: int | None, message: str) -> None:
        if len(self.items) < MAX_PROBLEMS:
            self.items.append(Problem(line, message))
        else:
            self.dropped += 1

    def result(self) -> tuple[Problem, ...]:
        more = (Problem(None, f"... and {self.dropped} more problems"),) if self.dropped else ()
        return tuple(self.items) + more


@dataclass(frozen=True)
class Entry:
    """One round of one player: a game, a forfeit or a bye."""

    round: int | None
    opponent: str | None
    """The opponent's key in :attr:`Event.players` (``None``: a bye, or an opponent not in the file)."""
    opponent_rating: int
    """The opponent's rating for this game (0: unrated)."""
    colour: str | None
    """``"w"``, ``"b"`` or ``None``."""
    code: str
    """The result as the file writes it: a TRF result code, or the PGN ``Result``."""
    points: float | None
    """Points this round gave the player (``None``: not known, e.g. an unfinished game)."""
    played: bool
    """Played over the board."""
    rated: bool
    """Counts for rating: played, finished, not marked unrated, opponent known."""
    note: str | None = None
    date: str | None = None
    line: int | None = None

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class EventPlayer:
    key: str
    """Unique in the event: the TRF starting rank, or the PGN name."""
    name: str
    rating: int
    """0: unrated."""
    start_rank: int | None = None
    fide_id: str | None = None
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth: str = ""
    """As written in the file (TRF: YYYY/MM/DD, often only the year)."""
    points: float | None = None
    """Points as the file states them (TRF columns 81-84); ``None``: not stated."""
    rank: int | None = None
    k: int | None = None
    """K from the file, where a file has one."""
    entries: tuple[Entry, ...] = ()
    line: int | None = None

    @property
    def birth_year(self) -> int | None:
        m = re.match(r"\s*(\d{4})", self.birth or "")
        return int(m.group(1)) if m and 1900 <= int(m.group(1)) <= 2100 else None


@dataclass(frozen=True)
class Event:
    format: str
    name: str
    start: date | None
    end: date | None
    time_control: str
    """As the file writes it (TRF 222 or 122, PGN ``TimeControl``)."""
    kind: str | None
    """Told by the time control; ``None``: it cannot be told."""
    kind_note: str
    players: tuple[EventPlayer, ...]
    problems: tuple[Problem, ...]
    notes: tuple[str, ...] = ()
