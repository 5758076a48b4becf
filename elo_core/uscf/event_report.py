"""What a US Chess whole event gives: one :class:`PlayerUscf` per player and the
:class:`UscfEventReport`, with the JSON views the page and the CLI share. :mod:`elo_core.uscf.event`
makes them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from elo_core.events.model import Event, EventPlayer, event_answer
from elo_core.events.problems import Problem, ProblemGroup
from elo_core.plain import Plain, plain, plain_dict
from elo_core.uscf.effective import Effective
from elo_core.uscf.floors import Floor
from elo_core.uscf.pools import Control
from elo_core.uscf.rules import Threshold, rules, sources

if TYPE_CHECKING:
    from elo_core.uscf.rating import Initial, Outcome

STEPS = ("1: initial ratings for unrated players (a start given, else by age, else an adult's 1300)",
         "2: the effective number of games N' of every player",
         "3: first estimates for players based on 0 games: the special formula with N' = 1, opponents at their "
         "pre-event ratings",
         "4: intermediate ratings of every player, opponents at their pre-event ratings (step-3 estimates for those "
         "based on 0 games)",
         "5: final ratings, opponents at their intermediate ratings; then the floors")


@dataclass(frozen=True)
class RoundLine(Plain):
    """One round of a player: the opponent as step 4 and step 5 counted him."""

    round: int | None
    opponent: str | None
    opponent_name: str | None
    code: str
    score: float | None
    counted: bool
    opponent_step4: float | None
    """The opponent's pre-event rating, or his step-3 estimate if based on 0 games."""
    opponent_step5: float | None
    """The opponent's intermediate rating (step 4)."""
    reason: str | None


@dataclass(frozen=True)
class PlayerUscf:
    player: EventPlayer
    rating: float | None
    rating_source: str | None
    games_played: int
    games_source: str
    initial: Initial | None
    prior: float
    effective: Effective
    m: int
    score: float
    max_meetings: int
    estimate: float | None
    """Step 3's first estimate (players based on 0 games)."""
    intermediate: Outcome | None
    final: Outcome | None
    floor: Floor | None
    new_rating: float | None
    new_rating_rounded: int | None
    rounds: tuple[RoundLine, ...]

    @property
    def status(self) -> str:
        if self.rating is None:
            return "unrated"
        return "established" if self.games_played > rules().established_games else "provisional"

    def summary(self) -> dict[str, Any]:
        """The flat, sortable fields of the players table."""
        p, last, mid = self.player, self.final, self.intermediate
        return plain_dict({
            "key": p.key, "start_rank": p.start_rank, "rank": p.rank, "name": p.name, "federation": p.federation,
            "rating": self.rating, "rating_source": self.rating_source, "games_played": self.games_played,
            "games_source": self.games_source, "status": self.status,
            "initial_rating": self.initial.rating if self.initial else None, "prior": self.prior,
            "effective_games": self.effective.value, "games": self.m, "score": self.score,
            "estimate": self.estimate, "intermediate": mid.value if mid else None,
            "formula": last.formula if last else None,
            "k": last.standard.k if last and last.standard else None,
            "expected": last.expected if last else None, "bonus": last.bonus.value if last else None,
            "unfloored": last.value if last else None, "floor": self.floor.value if self.floor else None,
            "floor_applied": bool(last and self.new_rating is not None and self.new_rating > last.value),
            "new_rating": self.new_rating, "new_rating_rounded": self.new_rating_rounded,
            "change": self.new_rating - self.prior if self.new_rating is not None else None,
            "new_games": self.games_played + self.m,
        })

    def to_dict(self) -> dict[str, Any]:
        d = self.summary()
        d.update(initial=plain(self.initial), effective=plain(self.effective),
                 step4=plain(self.intermediate), step5=plain(self.final), floor_detail=plain(self.floor),
                 rounds=[r.to_dict() for r in self.rounds])
        return d


@dataclass(frozen=True)
class UscfEventReport:
    event: Event
    end: date
    threshold: Threshold
    pool: str
    pool_name: str
    dual: bool
    control: Control | None
    pool_note: str
    rating_source: str
    assumptions: tuple[str, ...]
    notes: tuple[str, ...]
    players: tuple[PlayerUscf, ...]
    problems: tuple[Problem, ...]
    problem_groups: tuple[ProblemGroup, ...] = ()

    def summary(self) -> dict[str, Any]:
        ev, rows = self.event, self.players
        counted = {(r.round, frozenset((row.player.key, r.opponent))) for row in rows for r in row.rounds if r.counted}
        return plain_dict({
            "format": ev.format, "name": ev.name, "start": ev.start, "end": ev.end, "time_control": ev.time_control,
            "rules": self.end, "threshold": self.threshold.value, "threshold_detail": self.threshold,
            "pool": self.pool, "pool_name": self.pool_name, "dual": self.dual, "control": self.control,
            "pool_note": self.pool_note, "rating_source": self.rating_source, "players": len(rows),
            "rated_players": sum(1 for r in rows if r.rating is not None),
            "unrated_players": sum(1 for r in rows if r.rating is None), "games": ev.games_played(), "rated_games": len(counted),
            "steps": list(STEPS), "assumptions": list(self.assumptions) + list(ev.notes), "notes": list(self.notes),
            "sources": sources(), "problem_count": sum(g.count for g in self.problem_groups) or len(self.problems),
        })

    def to_dict(self, details: bool = True, limit: int | None = None) -> dict[str, Any]:
        return event_answer(self.summary(), self.players, self.problems, self.problem_groups, details, limit)
