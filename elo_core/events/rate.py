"""Whole events: every player of a tournament file (TRF) or a file of games (PGN), rated the FIDE way.

:func:`~elo_core.events.read.read_event` turns a file's text (or bytes) into an
:class:`~elo_core.events.model.Event`: players, and for each player one ``Entry`` per round (a
game, a forfeit or a bye), plus the problems of what could not be read (each with its line).
:func:`rate_event` rates every player with :func:`elo_core.fide.rating.rate` (one
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

The results are :mod:`elo_core.events.report`'s; :mod:`elo_core.events.export` gives the players
table as CSV and one player's season.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from elo_core import limits, parse
from elo_core.errors import EloError
from elo_core.events.model import Event, EventPlayer
from elo_core.events.players import by_player, match_not_rated, unrated_match, with_standard_ratings
from elo_core.events.problems import Problems
from elo_core.events.report import EventReport, PlayerResult, counting
from elo_core.fide.kfactor import k_factor
from elo_core.fide.performance import INITIAL_RATING_FROM, initial_rating, performance
from elo_core.fide.rating import rate
from elo_core.fide.rules import FIRST_EDITION, rules_in_force

ASSUMED_GAMES_PLAYED = 30


def rate_event(event: Event, *, kind: Any = None, rules: Any = None, k: Any = None,
               k_by_player: Mapping[str, Any] | None = None, games_played: Any = None,
               standard_by_player: Mapping[str, Any] | None = None,
               games_played_by_player: Mapping[str, Any] | None = None) -> EventReport:
    """Rate every player of ``event`` (see the module's docstring for the choices made).

    >>> from elo_core.events.read import read_event
    >>> ev = read_event('[Date "2025.10.04"]\\n[White "Alpha"]\\n[Black "Beta"]\\n'
    ...                 '[WhiteElo "1800"]\\n[BlackElo "1750"]\\n[Result "1-0"]\\n')
    >>> r = rate_event(ev, k=20)
    >>> [(p.player.name, p.rating_change.change_rounded) for p in r.players]
    [('Alpha', 9), ('Beta', -9)]
    """
    problems = Problems.resume(event.problems, event.problem_groups)
    assumptions = []
    if kind not in (None, "", "auto"):
        kind, kind_note = parse.choice(kind, "kind", limits.KINDS), "given"
    elif event.kind:
        kind, kind_note = event.kind, event.kind_note
    else:
        kind, kind_note = "standard", f"{event.kind_note}: standard assumed (choose the kind to change it)"
        assumptions.append(f"kind: {kind_note}")
    if rules not in (None, ""):
        on, rules_note = parse.day(rules, "rules"), "given"
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
    default_k = parse.k_factor(k, "k") if k not in (None, "") else None
    history = parse.whole(games_played, "games_played", 0, 100_000) if games_played not in (None, "") else None
    per_player = by_player(event, k_by_player, "k_by_player", "K", parse.k_factor, problems)
    played_by = by_player(event, games_played_by_player, "games_played_by_player", "games played before",
                          lambda v, f: parse.whole(v, f, 0, 100_000), problems)
    standard = by_player(event, standard_by_player, "standard_by_player", "a standard rating", parse.rating, problems)
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
        counted = [(e.opponent_rating, e.points) for e in counting(p.entries, rc)]
        perf = performance(counted) if counted and len(counted) <= limits.MAX_GAMES else None
        first = None
        if not p.rating and counted and len(counted) <= limits.MAX_GAMES:
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
        return p.k, p.k_source, p.k_note
    if default_k is not None:
        return default_k, "default", "given for every player"
    year = p.birth_year if p.birth_year and p.birth_year <= on.year else None
    played = ASSUMED_GAMES_PLAYED if history is None else history
    advice = k_factor(p.rating, played, birth_year=year, on=on, kind=kind)
    assumed = f" (assumed: at least {ASSUMED_GAMES_PLAYED} rated games before the event)" if history is None else ""
    return advice.k, "advisor", f"{advice.reason}{assumed}"


