"""What a whole ECF month gives: one :class:`PlayerEcf` per player and the :class:`EcfEventReport`,
with the JSON views the page and the CLI share. :mod:`elo_core.ecf.event` makes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elo_core.ecf.categories import category, explained
from elo_core.ecf.kmethod import KResult
from elo_core.ecf.pmethod import Performance
from elo_core.ecf.rules import sources
from elo_core.events.model import Event, EventPlayer, event_answer
from elo_core.events.problems import Problem, ProblemGroup
from elo_core.plain import Plain, plain_dict


@dataclass(frozen=True)
class RoundLine(Plain):
    """One round of a player: the opponent as the last pass counted him, and the K-method's figures."""

    round: int | None
    opponent: str | None
    opponent_name: str | None
    code: str
    score: float | None
    counted: bool
    opponent_value: int | None
    """The opponent's rating at the start of the month, or his Pass-2 P rating if he is new or partially rated."""
    opponent_partial: bool
    expected: float | None
    weight: float | None
    change: float | None
    reason: str | None


@dataclass(frozen=True)
class PlayerEcf:
    player: EventPlayer
    rating: int | None
    rating_source: str | None
    status: str
    """``full`` (K-method), ``partial`` or ``new`` (P-method)."""
    junior: bool
    earlier: int
    method: str
    k: KResult | None
    performance: Performance | None
    """Pass 2's P rating (the one published); ``pass1`` is Pass 1's."""
    pass1: int | None
    rounds: tuple[RoundLine, ...]

    @property
    def new_rating(self) -> int | None:
        if self.method == "K":
            return self.k.new_rating if self.k else self.rating
        return self.performance.value if self.performance else None

    @property
    def games(self) -> int:
        return sum(1 for r in self.rounds if r.counted)

    def summary(self) -> dict[str, Any]:
        """The flat, sortable fields of the players table."""
        p, k, perf = self.player, self.k, self.performance
        full = self.method == "K" or bool(perf and perf.full)
        rated = self.new_rating is not None
        cat = category(full, self.games) if rated else None
        return plain_dict({
            "key": p.key, "start_rank": p.start_rank, "rank": p.rank, "name": p.name, "federation": p.federation,
            "rating": self.rating, "rating_source": self.rating_source, "status": self.status, "junior": self.junior,
            "earlier_games": self.earlier, "method": self.method, "points": p.points, "games": self.games,
            "score": sum(r.score or 0 for r in self.rounds if r.counted), "expected": k.expected if k else None,
            "k": k.k if k else None, "pass1": self.pass1,
            "change": k.change if k else perf.value - self.rating if perf and self.rating is not None else None,
            "new_rating": self.new_rating if rated else None,
            "rating_kind": ("Full" if full else "Partial") if rated else None,
            "category": cat.code if cat else None,
        })

    def to_dict(self) -> dict[str, Any]:
        d = self.summary()
        cat = d["category"]
        d.update(formula=self.k.formula if self.k else self.performance.formula if self.performance else None,
                 performance=self.performance.to_dict() if self.performance else None,
                 category_meaning=explained(cat).meaning if cat else None,
                 rounds=[r.to_dict() for r in self.rounds])
        return d


@dataclass(frozen=True)
class EcfEventReport:
    event: Event
    month: str
    rating_source: str
    assumptions: tuple[str, ...]
    notes: tuple[str, ...]
    players: tuple[PlayerEcf, ...]
    problems: tuple[Problem, ...]
    problem_groups: tuple[ProblemGroup, ...] = ()

    def summary(self) -> dict[str, Any]:
        ev, rows = self.event, self.players
        counted = {(r.round, frozenset((row.player.key, r.opponent))) for row in rows for r in row.rounds if r.counted}
        return plain_dict({
            "format": ev.format, "name": ev.name, "start": ev.start, "end": ev.end, "time_control": ev.time_control,
            "month": self.month, "rating_source": self.rating_source, "players": len(rows),
            "k_method": sum(1 for r in rows if r.method == "K"), "p_method": sum(1 for r in rows if r.method == "P"),
            "new_ratings": sum(1 for r in rows if r.method == "P" and r.performance), "games": ev.games_played(),
            "rated_games": len(counted), "passes": ["Pass 1: P ratings A of new and partially rated players",
                                                    "Pass 2: P ratings B, such opponents at their Pass-1 values",
                                                    "Pass 3: K ratings of the rated players, such opponents at their "
                                                    "Pass-2 values"],
            "assumptions": list(self.assumptions) + list(ev.notes), "notes": list(self.notes),
            "sources": sources(), "problem_count": sum(g.count for g in self.problem_groups) or len(self.problems),
        })

    def to_dict(self, details: bool = True, limit: int | None = None) -> dict[str, Any]:
        return event_answer(self.summary(), self.players, self.problems, self.problem_groups, details, limit)
