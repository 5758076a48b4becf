"""What rating a whole event gives: one :class:`PlayerResult` per player and the :class:`EventReport`,
with their JSON views (the players table's row, a player's rounds, the whole report), which the
page, the CLI and the CSV export share. :func:`elo_core.events.rate.rate_event` makes them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from elo_core.errors import EloError, show
from elo_core.events.model import Entry, Event, EventPlayer
from elo_core.events.problems import Problem, ProblemGroup
from elo_core.fide.performance import InitialRating, Performance
from elo_core.fide.rating import RatingChange
from elo_core.fide.rules import Rules
from elo_core.plain import plain, plain_dict


@dataclass(frozen=True)
class PlayerResult:
    """One player's event: the ``rate()`` result (rated players), performance and first rating (unrated)."""

    player: EventPlayer
    names: Mapping[str, str]
    """Key -> name of every player, to name opponents."""
    k: int | None
    k_source: str | None
    """``player`` (given for this player), ``file``, ``list`` (the FIDE list opened), ``default``
    (given for all) or ``advisor``."""
    k_note: str | None
    rating_change: RatingChange | None
    performance: Performance | None
    initial: InitialRating | None

    def counted_entries(self) -> list[Entry]:
        """The games that count for this player (an unrated one's: none when no first rating is given)."""
        return counting(self.player.entries, self.rating_change) if self.rating_change or self.initial else []

    def summary(self) -> dict[str, Any]:
        """The flat, sortable fields of the players table."""
        p, rc, first = self.player, self.rating_change, self.initial
        counted = counting(p.entries, None)
        return plain_dict({
            "key": p.key, "start_rank": p.start_rank, "rank": p.rank, "name": p.name, "title": p.title,
            "federation": p.federation, "fide_id": p.fide_id, "birth": p.birth, "rating": p.rating,
            "rating_source": p.rating_source,
            "points": p.points if p.points is not None else _points(p.entries),
            "games": rc.games_counted if rc else len(counted),
            "score": rc.score if rc else _points(counted),
            "expected": rc.expected if rc else None, "k": self.k, "effective_k": rc.effective_k if rc else None,
            "k_source": self.k_source, "change": rc.change if rc else None,
            "change_rounded": rc.change_rounded if rc else None, "new_rating": rc.new_rating if rc else None,
            "performance": self.performance.performance if self.performance else None,
            "initial_rating": first.initial_rating if first else None,
            "initial_published": first.published if first else None,
        })

    def rounds(self) -> list[dict[str, Any]]:
        """Every round of the player, each rated game with its line of the ``rate()`` breakdown."""
        rated = iter(self.rating_change.games) if self.rating_change else iter(())
        out = []
        for e in self.player.entries:
            d = e.to_dict()
            d["opponent_name"] = self.names.get(e.opponent) if e.opponent else None
            g = next(rated) if e.rated and self.rating_change else None
            d.update(counted=g.counted if g else False, expected=g.expected if g else None,
                     change=g.change if g else None, reason=g.reason if g else None)
            out.append(d)
        rounds: list[dict[str, Any]] = plain(out)
        return rounds

    def to_dict(self) -> dict[str, Any]:
        d = self.summary()
        d.update(k_note=self.k_note, rounds=self.rounds(),
                 breakdown=self.rating_change.to_dict() if self.rating_change else None,
                 performance_detail=self.performance.to_dict() if self.performance else None,
                 initial=self.initial.to_dict() if self.initial else None)
        return d


def counting(entries: Iterable[Entry], rc: RatingChange | None) -> list[Entry]:
    """The entries that count for their player: those ``rc`` (``rate()`` on them) counted, which
    leaves out unrated opponents and, in rapid and blitz, the 600-point rule's; without ``rc``
    (an unrated player, or ``rate()`` refused), those against rated opponents."""
    rated = [e for e in entries if e.rated]
    if rc:
        return [e for e, line in zip(rated, rc.games) if line.counted]
    return [e for e in rated if e.opponent_rating]


def _points(entries: Iterable[Entry]) -> float:
    return float(sum(e.points for e in entries if e.points is not None))


@dataclass(frozen=True)
class EventReport:
    event: Event
    kind: str
    kind_note: str
    rules: Rules
    rules_date: date
    rules_note: str
    assumptions: tuple[str, ...]
    players: tuple[PlayerResult, ...]
    problems: tuple[Problem, ...]
    problem_groups: tuple[ProblemGroup, ...] = ()

    def summary(self) -> dict[str, Any]:
        ev = self.event
        # Counted as the games played are (Event.game), so that the rated games are some of them.
        games = ev.games_played()
        rated = len({ev.game(r.player.key, e) for r in self.players for e in r.counted_entries()})
        rounds = max((e.round or 0 for p in ev.players for e in p.entries), default=0)
        return plain_dict({
            "format": ev.format, "name": ev.name, "start": ev.start, "end": ev.end, "time_control": ev.time_control,
            "kind": self.kind, "kind_note": self.kind_note, "rules": self.rules_date, "rules_note": self.rules_note,
            "rules_detail": self.rules.to_dict(), "players": len(ev.players),
            "rated_players": sum(1 for p in ev.players if p.rating), "games": games, "rated_games": rated,
            "rounds": rounds, "assumptions": list(self.assumptions) + list(ev.notes),
            "problem_count": sum(g.count for g in self.problem_groups) or len(self.problems),
        })

    def to_dict(self, details: bool = True, limit: int | None = None) -> dict[str, Any]:
        """``limit``: list at most this many players (the file's order); ``event.players`` counts them all."""
        listed = self.players if limit is None else self.players[:limit]
        return {"event": {**self.summary(), "players_listed": len(listed)},
                "players": [p.to_dict() if details else p.summary() for p in listed],
                "problems": [p.to_dict() for p in self.problems],
                "problem_groups": [g.to_dict() for g in self.problem_groups]}

    def find(self, name: Any, field: str = "player") -> PlayerResult:
        """The player named ``name`` (exactly, else ignoring case), or one given by key or FIDE id."""
        wanted = str(name or "").strip()
        if not wanted:
            raise EloError(field, "is required: a player's name")
        for test in (lambda p: p.name == wanted, lambda p: p.name.casefold() == wanted.casefold(),
                     lambda p: wanted in (p.key, p.fide_id)):
            found = [r for r in self.players if test(r.player)]
            if found:
                return found[0]
        raise EloError(field, f"no player named {show(wanted)} in the file")
