"""What an event file holds, as read: players, each player's rounds, and the problems met.

The readers (:mod:`elo_core.events.formats.trf`, :mod:`elo_core.events.formats.pgn`) build these values; :mod:`elo_core.events.rate`
rates them. Nothing here reads or rates: it is the vocabulary both sides share.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from elo_core.events.problems import Problem, ProblemGroup
from elo_core.plain import Plain


@dataclass(frozen=True)
class Entry(Plain):
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
    """K from the file, where a file has one (or from a FIDE list: :attr:`k_source`)."""
    entries: tuple[Entry, ...] = ()
    line: int | None = None
    rating_source: str | None = None
    """Where :attr:`rating` comes from, where the file leaves a choice (PGN tags that differ, a standard
    rating given for a rapid or blitz event)."""
    k_source: str = "file"
    k_note: str = "from the file"
    """Where :attr:`k` comes from: ``file``, or ``list`` (the FIDE list the user opened)."""

    @property
    def birth_year(self) -> int | None:
        m = re.match(r"\s*(\d{4})", self.birth or "")
        return int(m.group(1)) if m and 1900 <= int(m.group(1)) <= 2100 else None


@dataclass(frozen=True)
class NationalRating:
    """A national rating record of a TRF-2026 file (National Rating Support): after the ``001`` lines,
    a line per player and national list, started by the list's federation code (``GER``, ``ENG``)
    in the ``001`` line's columns: 5-8 the starting rank, 49-52 the national rating, 58-68 the
    national number, 70-79 the birth date."""

    federation: str
    start_rank: str
    """The player's key (:attr:`EventPlayer.key`)."""
    rating: int
    """0: the record gives no rating."""
    number: str
    birth_year: int | None
    line: int


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
    problem_groups: tuple[ProblemGroup, ...] = ()
    """Every problem counted by kind (:mod:`elo_core.events.problems`); ``problems`` lists the first of each."""
    start_text: str = ""
    """The start date as the file writes it, where it gives one (read or not)."""
    national: tuple[NationalRating, ...] = ()
    """TRF-2026's national rating records, in the file's order."""

    def national_ratings(self, federation: str) -> dict[str, NationalRating]:
        """One federation's records by player key."""
        return {r.start_rank: r for r in self.national if r.federation == federation}

    def game(self, player: str, entry: Entry) -> tuple[int | None, frozenset[str | None]]:
        """A game: its round (in a PGN, its line) and its two players, the same from either side, so
        that a game is counted once even where a TRF's two lines of it disagree."""
        return (entry.line if self.format == "pgn" else entry.round), frozenset((player, entry.opponent))

    def games_played(self) -> int:
        """The games played, each counted once."""
        return len({self.game(p.key, e) for p in self.players for e in p.entries if e.played})


def event_answer(summary: dict[str, Any], players: Sequence[Any], problems: Sequence[Any],
                 problem_groups: Sequence[Any], details: bool, limit: int | None) -> dict[str, Any]:
    """A national system's rated event as the door answers it: the summary, the first ``limit``
    players (each whole, or only its summary), the problems. One shape for DWZ, ECF and US Chess."""
    listed = players if limit is None else players[:limit]
    return {"event": {**summary, "players_listed": len(listed)},
            "players": [p.to_dict() if details else p.summary() for p in listed],
            "problems": [p.to_dict() for p in problems],
            "problem_groups": [g.to_dict() for g in problem_groups]}
