"""Whole events: every player of a tournament file (TRF) or a file of games (PGN), rated the FIDE way.

:func:`read_event` turns a file's text (or bytes) into an :class:`Event`: players,
and for each player one :class:`Entry` per round (a game, a forfeit or a bye),
plus the :class:`Problem` list of what could not be read (each with its line).
:func:`rate_event` rates every player with :func:`elo_core.rating.rate` (one
call per rated player: its per-game breakdown is what the page shows), and adds
the performance rating and, for unrated players, the first rating (8.2).

* **What counts** (B.02 8.1 and the TRF codes): only games played over the
  board and finished count; forfeits, byes, games marked not rated (TRF
  ``W D L``) and unfinished games (PGN ``*``) do not. A rated player's games
  against unrated opponents, and in rapid and blitz those the 600-point rule
  excludes, are skipped by ``rate`` itself; a performance counts the same games.
  A match (two players) in which one player is unrated does not count at all.
* **Standard rating in rapid and blitz** (B.02 rapid and blitz 7.2.1): an unrated
  player whose standard rating is given (``standard_by_player``) is rated with it.
* **First rating** (8.2): as it stands from 1 March 2024; for an event before
  that day none is given (said in ``problems``): the method then differed.
* **Rules date**: the ``rules`` given, else the event's start (TRF 042, else the
  first 132 round date; PGN ``EventDate`` or the earliest ``Date``/``UTCDate``),
  else today (said in ``assumptions``, with the date the file gives if it could not
  be read).
* **Kind**: the ``kind`` given, else told from the time control by the Laws of
  Chess (appendices A.1, B.1): the base time plus 60 times the increment (for
  the first 60 moves) is 10 minutes or less: blitz; more than 10 and less than
  60: rapid; 60 or more: standard. If the file does not tell, standard (said).
* **K**: per player if given (``k_by_player``, by start rank, FIDE id or name),
  else from the file (neither TRF16 nor TRF-2026 nor PGN has a K field, so this
  is only for callers building an :class:`Event` themselves), else the default
  ``k`` if given, else the K advisor (8.3.3) from rating, birth year and the
  rules date, assuming at least 30 rated games before the event unless
  ``games_played`` says otherwise. ``rate`` then applies K x n <= 700.

The values read are :mod:`elo_core.event_model`'s; results are frozen dataclasses with
``to_dict()``; :mod:`elo_core.event_export` gives the players table as CSV and one player's season.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from . import inputs
from .event_model import Entry, Event, EventPlayer, Problem, ProblemGroup, Problems
from .event_players import by_player, match_not_rated, unrated_match, with_standard_ratings
from .event_read import FORMATS, MAX_EVENT_CHARS, READERS, detect_format, parse_event, read_event, source_text
from .inputs import EloError
from .kfactor import k_factor
from .performance import INITIAL_RATING_FROM, InitialRating, Performance, initial_rating, performance
from .plain import plain
from .rating import RatingChange, rate
from .rules import FIRST_EDITION, Rules, rules_in_force

ASSUMED_GAMES_PLAYED = 30

__all__ = ["ASSUMED_GAMES_PLAYED", "FORMATS", "MAX_EVENT_CHARS", "READERS", "EventReport", "PlayerResult",
           "detect_format", "parse_event", "rate_event", "read_event", "source_text"]


# --- rating every player -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayerResult:
    """One player's event: the ``rate()`` result (rated players), performance and first rating (unrated)."""

    player: EventPlayer
    names: Mapping[str, str]
    """Key -> name of every player, to name opponents."""
    k: int | None
    k_source: str | None
    """``player`` (given for this player), ``file``, ``default`` (given for all) or ``advisor``."""
    k_note: str | None
    rating_change: RatingChange | None
    performance: Performance | None
    initial: InitialRating | None

    def counted_entries(self) -> list[Entry]:
        """The games that count for this player (an unrated one's: none when no first rating is given)."""
        return _counting(self.player.entries, self.rating_change) if self.rating_change or self.initial else []

    def summary(self) -> dict:
        """The flat, sortable fields of the players table."""
        p, rc, first = self.player, self.rating_change, self.initial
        counted = _counting(p.entries, None)
        return plain({
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

    def rounds(self) -> list[dict]:
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
        return plain(out)

    def to_dict(self) -> dict:
        d = self.summary()
        d.update(k_note=self.k_note, rounds=self.rounds(),
                 breakdown=self.rating_change.to_dict() if self.rating_change else None,
                 performance_detail=self.performance.to_dict() if self.performance else None,
                 initial=self.initial.to_dict() if self.initial else None)
        return d


def _counting(entries: Iterable[Entry], rc: RatingChange | None) -> list[Entry]:
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

    def summary(self) -> dict:
        ev = self.event
        games = sum(1 for p in ev.players for e in p.entries if e.played) // 2
        # Games that count for at least one of their two players (a PGN game is its line; a TRF one,
        # its round and pair).
        rated = len({(e.line if ev.format == "pgn" else e.round, frozenset((r.player.key, e.opponent)))
                     for r in self.players for e in r.counted_entries()})
        rounds = max((e.round or 0 for p in ev.players for e in p.entries), default=0)
        return plain({
            "format": ev.format, "name": ev.name, "start": ev.start, "end": ev.end, "time_control": ev.time_control,
            "kind": self.kind, "kind_note": self.kind_note, "rules": self.rules_date, "rules_note": self.rules_note,
            "rules_detail": self.rules.to_dict(), "players": len(ev.players),
            "rated_players": sum(1 for p in ev.players if p.rating), "games": games, "rated_games": rated,
            "rounds": rounds, "assumptions": list(self.assumptions) + list(ev.notes),
            "problem_count": sum(g.count for g in self.problem_groups) or len(self.problems),
        })

    def to_dict(self, details: bool = True, limit: int | None = None) -> dict:
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
        raise EloError(field, f"no player named {inputs.show(wanted)} in the file")


def rate_event(event: Event, *, kind: Any = None, rules: Any = None, k: Any = None,
               k_by_player: Mapping[str, Any] | None = None, games_played: Any = None,
               standard_by_player: Mapping[str, Any] | None = None,
               games_played_by_player: Mapping[str, Any] | None = None) -> EventReport:
    """Rate every player of ``event`` (see the module's docstring for the choices made).

    >>> ev = read_event('[Date "2025.10.04"]\\n[White "Alpha"]\\n[Black "Beta"]\\n'
    ...                 '[WhiteElo "1800"]\\n[BlackElo "1750"]\\n[Result "1-0"]\\n')
    >>> r = rate_event(ev, k=20)
    >>> [(p.player.name, p.rating_change.change_rounded) for p in r.players]
    [('Alpha', 9), ('Beta', -9)]
    """
    problems = Problems.resume(event.problems, event.problem_groups)
    assumptions = []
    if kind not in (None, "", "auto"):
        kind, kind_note = inputs.choice(kind, "kind", inputs.KINDS), "given"
    elif event.kind:
        kind, kind_note = event.kind, event.kind_note
    else:
        kind, kind_note = "standard", f"{event.kind_note}: standard assumed (choose the kind to change it)"
        assumptions.append(f"kind: {kind_note}")
    if rules not in (None, ""):
        on, rules_note = inputs.day(rules, "rules"), "given"
    elif event.start:
        on, rules_note = event.start, "the event's start date"
    else:
        missing = f"the start date in the file ({event.start_text[:40]!r}) could not be read" if event.start_text \
            else "no start date in the file"
        on, rules_note = date.today(), f"{missing}: rules of today (choose the rules date to change it)"
        assumptions.append(f"rules: {rules_note}")
    if on < FIRST_EDITION:
        raise EloError("rules", f"the event started on {on.isoformat()}; rules before {FIRST_EDITION.isoformat()} "
                                "are not modelled: choose a later rules date")
    default_k = inputs.k_factor(k, "k") if k not in (None, "") else None
    history = inputs.whole(games_played, "games_played", 0, 100_000) if games_played not in (None, "") else None
    per_player = by_player(event, k_by_player, "k_by_player", "K", inputs.k_factor, problems)
    played_by = by_player(event, games_played_by_player, "games_played_by_player", "games played before",
                          lambda v, f: inputs.whole(v, f, 0, 100_000), problems)
    standard = by_player(event, standard_by_player, "standard_by_player", "a standard rating", inputs.rating, problems)
    event, seeded = with_standard_ratings(event, standard, kind, problems)
    if default_k is None and any(p.rating and p.key not in per_player and not p.k for p in event.players):
        assumptions.append(
            f"K: from the K advisor (8.3.3) by rating, birth year and date, with {history} rated games before the "
            "event (given)" if history is not None else
            f"K: from the K advisor (8.3.3) by rating, birth year and date, assuming every player had at least "
            f"{ASSUMED_GAMES_PLAYED} rated games before the event (the file does not say; give each player's games "
            "before the event, or K, to change it)")
        if seeded:
            assumptions[-1] += f"; a player rated from their standard rating (7.2.1) is new to the {kind} list: none"
    if unrated_match(event):
        event = match_not_rated(event, problems)
    names = {p.key: p.name for p in event.players}
    results = []
    for p in event.players:
        games = [(e.opponent_rating, e.points) for e in p.entries if e.rated]
        k_used = k_source = k_note = rc = None
        if p.rating:
            # A player rated from their standard rating (7.2.1) has no rated game in this list yet.
            played = played_by.get(p.key, 0 if p.key in seeded else history)
            k_used, k_source, k_note = _k_for(p, per_player, default_k, played, on, kind)
            try:
                rc = rate(p.rating, k_used, games, rules=on, kind=kind)
            except EloError as e:
                problems.add(p.line, f"{p.name}: not rated: {e}", "not-rated")
        counted = [(e.opponent_rating, e.points) for e in _counting(p.entries, rc)]
        perf = performance(counted) if counted and len(counted) <= inputs.MAX_GAMES else None
        first = None
        if not p.rating and counted and len(counted) <= inputs.MAX_GAMES:
            if on < INITIAL_RATING_FROM:
                problems.add(p.line, f"{p.name}: no first rating: before {INITIAL_RATING_FROM.isoformat()} it was "
                                     "made another way, not modelled here", "first-rating")
            else:
                first = initial_rating(counted)
        results.append(PlayerResult(p, names, k_used, k_source, k_note, rc, perf, first))
    return EventReport(event, kind, kind_note, rules_in_force(on, kind), on, rules_note, tuple(assumptions),
                       tuple(results), problems.result(), problems.groups())


def _k_for(p: EventPlayer, per_player: dict[str, int], default_k: int | None, history: int | None,
           on: date, kind: str) -> tuple[int, str, str]:
    if p.key in per_player:
        return per_player[p.key], "player", "given for this player"
    if p.k:
        return p.k, "file", "from the file"
    if default_k is not None:
        return default_k, "default", "given for every player"
    year = p.birth_year if p.birth_year and p.birth_year <= on.year else None
    played = ASSUMED_GAMES_PLAYED if history is None else history
    advice = k_factor(p.rating, played, birth_year=year, on=on, kind=kind)
    assumed = f" (assumed: at least {ASSUMED_GAMES_PLAYED} rated games before the event)" if history is None else ""
    return advice.k, "advisor", f"{advice.reason}{assumed}"


