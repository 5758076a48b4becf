"""What a DWZ evaluation of a whole event gives: one :class:`PlayerDwz` per player and the
:class:`DwzEventReport`, with the JSON views the page and the CLI share. :mod:`elo_core.dwz.event` makes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elo_core.dwz.first import FirstResult, Performance
from elo_core.dwz.rating import Evaluation
from elo_core.dwz.rules import InForce
from elo_core.events.model import Event, EventPlayer, event_answer
from elo_core.events.problems import Problem, ProblemGroup
from elo_core.plain import Plain, plain, plain_dict


@dataclass(frozen=True)
class RoundLine(Plain):
    """One round of a player: the game's opponent, the value the opponent counted with, and P(D)."""

    round: int | None
    opponent: str | None
    opponent_name: str | None
    code: str
    score: float | None
    counted: bool
    opponent_value: float | None
    """The opponent's R0 (his performance if an Ausnahmespieler), first DWZ, or iteration value Ri."""
    expected: float | None
    reason: str | None


@dataclass(frozen=True)
class PlayerDwz:
    """One player's evaluation: established (``evaluation``), new (``first`` with a first DWZ) or
    staying unrated (``first`` without one, its Restpartien)."""

    player: EventPlayer
    rating: int | None
    rating_source: str | None
    index: int | None
    index_source: str | None
    birth_year: int | None
    age: int | None
    status: str
    """``rated`` (established, evaluated), ``no games`` (established, nothing counts), ``first`` (a first
    DWZ) or ``unrated`` (stays unrated: its games are kept as Restpartien)."""
    evaluation: Evaluation | None
    performance: Performance | None
    exceptional: bool
    """Ausnahmespieler (WO 3.6): his performance is more than 300 above R0, so his opponents count him with it."""
    first: FirstResult | None
    rounds: tuple[RoundLine, ...]

    @property
    def new_rating(self) -> int | None:
        if self.evaluation:
            return self.evaluation.new_rating
        return self.first.new_rating if self.first else self.rating

    def summary(self) -> dict[str, Any]:
        """The flat, sortable fields of the players table."""
        p, ev, first = self.player, self.evaluation, self.first
        counted = [r for r in self.rounds if r.counted]
        return plain_dict({
            "key": p.key, "start_rank": p.start_rank, "rank": p.rank, "name": p.name, "title": p.title,
            "federation": p.federation, "fide_id": p.fide_id, "birth_year": self.birth_year, "age": self.age,
            "rating": self.rating, "rating_source": self.rating_source, "index": self.index,
            "index_source": self.index_source, "status": self.status, "stage": first.stage if first else None,
            "points": p.points, "games": len(counted), "score": sum(r.score or 0 for r in counted),
            "expected": ev.expected if ev else _first_expected(counted) if first and first.stage else None,
            "e": ev.e if ev else None, "k": ev.k if ev else None, "change": ev.change if ev else None,
            "new_rating": self.new_rating if self.status in ("rated", "first") else None,
            "new_index": ev.new_index if ev else 1 if self.status == "first" else None,
            "floor_applied": ev.floor_applied if ev else False,
            "performance": self.performance.value if self.performance else None,
            "exceptional": self.exceptional,
            "restpartien": len(first.restpartien) if first and not first.stage else 0,
        })

    def to_dict(self) -> dict[str, Any]:
        d = self.summary()
        ev = self.evaluation
        d.update(coefficient=plain(ev.coefficient) if ev else None, formula=ev.formula if ev else None,
                 performance_detail=self.performance.to_dict() if self.performance else None,
                 first=self.first.to_dict() if self.first else None, rounds=[r.to_dict() for r in self.rounds])
        return d


def _first_expected(counted: list[RoundLine]) -> float:
    return round(sum(r.expected or 0 for r in counted), 3)


@dataclass(frozen=True)
class IterationSummary(Plain):
    players: tuple[str, ...]
    """The new players iterated together (keys), stage 1 then stage 2."""
    iterations: int
    settled: bool
    swing: bool
    rerun_for: tuple[str, ...]
    """Ausnahmespieler (keys) for whom the iteration was run again with their performance (WO 3.6)."""


@dataclass(frozen=True)
class DwzEventReport:
    event: Event
    book: InForce
    end_note: str
    rating_source: str
    assumptions: tuple[str, ...]
    notes: tuple[str, ...]
    players: tuple[PlayerDwz, ...]
    iteration: IterationSummary
    problems: tuple[Problem, ...]
    problem_groups: tuple[ProblemGroup, ...] = ()

    def summary(self) -> dict[str, Any]:
        ev, rows = self.event, self.players
        counted = {(r.round, frozenset((row.player.key, r.opponent))) for row in rows if row.status in ("rated", "first")
                   for r in row.rounds if r.counted}
        return plain_dict({
            "format": ev.format, "name": ev.name, "start": ev.start, "end": ev.end, "time_control": ev.time_control,
            "rules": self.book.end, "rules_note": self.end_note, "rulebook": self.book.key,
            "rulebook_name": self.book.book.name, "rulebook_note": self.book.note, "rating_source": self.rating_source,
            "players": len(rows), "rated_players": sum(1 for r in rows if r.rating),
            "first_ratings": sum(1 for r in rows if r.status == "first"),
            "staying_unrated": sum(1 for r in rows if r.status == "unrated"), "games": ev.games_played(),
            "rated_games": len(counted), "assumptions": list(self.assumptions) + list(ev.notes),
            "notes": list(self.notes), "sources": self.book.book.sources(), "iteration": self.iteration.to_dict(),
            "problem_count": sum(g.count for g in self.problem_groups) or len(self.problems),
        })

    def to_dict(self, details: bool = True, limit: int | None = None) -> dict[str, Any]:
        return event_answer(self.summary(), self.players, self.problems, self.problem_groups, details, limit)
