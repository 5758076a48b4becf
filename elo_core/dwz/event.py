"""A whole event (a TRF or PGN, read into an :class:`~elo_core.events.model.Event`) evaluated for DWZ.

* **DWZ** (R0): from the file's national records of the German list (TRF-2026 NRS records ``GER``,
  read by the TRF reader: ``Event.national``); else, with ``ratings_as_dwz``, the file's own ratings (TRF 49-52,
  PGN Elo tags) are taken as DWZ; else the player is unrated. Said in the report's assumptions.
* **Index**: given per player or for all, else assumed more than 10 (said): the index is in no file.
* **Age**: the end date's year minus the birth year (TRF 001 birth date, else the national record's);
  unknown: over 25 (said).
* **Rulebook**: by the end date (TRF 052 / PGN dates; ``rules`` overrides it), or the one chosen.
* **Who is evaluated** (WO 3.4): rated players (Etablierte); new players of stage 1 (5 games against
  rated players, not 0 % or 100 %) and stage 2 (5 games against rated and stage-1 players), rated
  together by the iteration; every game among them counts (Auswahl II). Other new players stay
  unrated, their games against Auswahl I kept as Restpartien. Stored Restpartien of earlier events
  are in no file, so none are counted (said when a player stays unrated).
* **Ausnahmespieler** (WO 3.6): a rated player whose performance is more than 300 above his R0
  counts for his opponents with his performance; the iteration is run again with it, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import partial
from typing import Any

from elo_core import errors, parse
from elo_core.dwz.coefficient import half_up
from elo_core.dwz.event_report import DwzEventReport, IterationSummary, PlayerDwz, RoundLine
from elo_core.dwz.expected import milli
from elo_core.dwz.first import FirstResult, Game, Iteration, Performance, first_dwz, iterate, performance, stage_of, start_value
from elo_core.dwz.rating import MAX_INDEX, choice_notes, evaluate, rules_of
from elo_core.dwz.rules import CHOICES, Classic, Reform, rulebook_for
from elo_core.errors import EloError
from elo_core.events.model import Entry, Event
from elo_core.events.problems import Problems

ASSUMED_INDEX = 11
"""An index the file does not give: more than 10, the last column of both rulebooks (classic: E <= 30 from 6)."""

FEDERATION = "GER"
"""The federation whose national list (TRF-2026 records) is the DWZ."""


@dataclass(frozen=True)
class Seat:
    """A player as evaluated: R0 (None: unrated), index and age, and the games that may count."""

    r0: int | None
    rating_source: str | None
    index: int | None
    index_source: str | None
    birth_year: int | None
    age: int | None
    games: tuple[tuple[str, float], ...]
    """(opponent's key, score) of each game played, finished and rated in the file."""


def rate_event(event: Event, *, rules: Any = None, index: Any = None,
               index_by_player: Mapping[str, Any] | None = None, ratings_as_dwz: Any = False,
               rulebook: Any = "auto") -> DwzEventReport:
    """Every player of ``event`` evaluated for DWZ (see the module's docstring)."""
    problems = Problems.resume(event.problems, event.problem_groups)
    assumptions: list[str] = []
    choice = parse.choice(rulebook or "auto", "rulebook", CHOICES)
    end, end_note = _end(event, rules, assumptions)
    book = rulebook_for(end, choice, "rules")
    r = rules_of(book)
    default_index = parse.whole(index, "index", 1, MAX_INDEX) if index not in (None, "") else None
    seats, source = _seats(event, end, parse.flag(ratings_as_dwz, "ratings_as_dwz"), default_index,
                           _by_player(event, index_by_player, problems), problems, assumptions)
    established = {k for k, s in seats.items() if s.r0}
    stage, reasons = _stages(seats, established, r)
    auswahl1 = established | {k for k, v in stage.items() if v == 1}
    auswahl2 = auswahl1 | set(stage)
    fixed = {k: Fraction(seats[k].r0 or 0) for k in established}
    it, draws = _iterate(seats, stage, fixed, auswahl2, r)
    firsts = {k: first_dwz(it.values[k], r) for k in stage}
    values = {**fixed, **{k: Fraction(f.value) for k, f in firsts.items()}}
    perfs = {k: performance([(values[o], s) for o, s in seats[k].games if o in auswahl2], r) for k in established}
    exceptional = {k: p.value for k, p in perfs.items() if p.value and p.value > (seats[k].r0 or 0) + r.exceptional_margin}
    if exceptional and stage:
        it, draws = _iterate(seats, stage, {**fixed, **{k: Fraction(v) for k, v in exceptional.items()}}, auswahl2, r)
        firsts = {k: first_dwz(it.values[k], r) for k in stage}
    base = {**fixed, **{k: Fraction(f.value) for k, f in firsts.items()}}
    seen_as = {**base, **{k: Fraction(v) for k, v in exceptional.items()}}
    iterated = {k: Fraction(v) for k, v in it.values.items()}
    names = {p.key: p.name for p in event.players}
    rows = []
    for p in event.players:
        seat = seats[p.key]
        if seat.r0:  # established: against Auswahl II, each opponent as he counts (Ausnahmespieler: his performance)
            own, pool, shown = Fraction(seat.r0), auswahl2, seen_as
        elif p.key in stage:  # new: against Auswahl II, the other new players at their iteration value
            own, pool, shown = iterated[p.key], auswahl2, {**seen_as, **iterated}
        else:  # stays unrated: the games against Auswahl I are his Restpartien, with R0 or the first DWZ
            own, pool, shown = None, auswahl1, base
        rounds = tuple(_round(e, names, shown, pool, own, _why_not(e.opponent, seats, auswahl2, own), r) for e in p.entries)
        counted = [(shown[o], s) for o, s in seat.games if o in pool]
        ev = evaluate(seat.r0, seat.index or ASSUMED_INDEX, seat.age, counted, book) if seat.r0 and counted else None
        first = _first(p.key, seat, stage, reasons, it, firsts, draws, counted, r) if not seat.r0 else None
        perf = perfs.get(p.key) if seat.r0 else _new_performance(first)
        status = ("rated" if ev else "no games") if seat.r0 else ("first" if p.key in stage else "unrated")
        rows.append(PlayerDwz(p, seat.r0, seat.rating_source, seat.index, seat.index_source, seat.birth_year, seat.age,
                              status, ev, perf if perf and perf.value is not None else None, p.key in exceptional,
                              first, rounds))
    if any(row.status == "unrated" for row in rows):
        assumptions.append("Restpartien of earlier events are in no file: none counted for the players who stay unrated")
    summary = IterationSummary(tuple(stage), it.iterations, it.settled, it.swing,
                               tuple(exceptional) if stage else ())
    return DwzEventReport(event, book, end_note, source, tuple(assumptions),
                          tuple(choice_notes(book, first=bool(stage))), tuple(rows), summary, problems.result(),
                          problems.groups())


def _end(event: Event, rules: Any, assumptions: list[str]) -> tuple[date, str]:
    if rules not in (None, ""):
        return parse.day(rules, "rules"), "given"
    if event.end:
        return event.end, "the event's end date"
    if event.start:
        assumptions.append("end date: not in the file, its start date used (the rulebook is chosen by the end date)")
        return event.start, "the event's start date (no end date in the file)"
    assumptions.append("end date: not in the file, today used (give the end date to change it)")
    return date.today(), "today (no date in the file)"


def _by_player(event: Event, given: Mapping[str, Any] | None, problems: Problems) -> dict[str, int]:
    """Each player's index, named by start rank, FIDE id or name."""
    if not given:
        return {}
    if not isinstance(given, Mapping):
        raise EloError("index_by_player", "must map players (start rank, FIDE id or name) to an index")
    known = {ident: p.key for p in event.players for ident in (p.name.casefold(), p.fide_id, p.key) if ident}
    values = errors.collect([partial(parse.whole, v, f"index[{errors.show(str(w))}]", 1, MAX_INDEX)
                             for w, v in given.items()])
    out = {}
    for who, value in zip(given, values):
        key = known.get(str(who).strip()) or known.get(str(who).strip().casefold())
        if key is None:
            problems.add(None, f"index: no player {errors.show(str(who))} in the file", "option")
        else:
            out[key] = value
    return out


def _seats(event: Event, end: date, as_dwz: bool, default_index: int | None,
           indexes: dict[str, int], problems: Problems, assumptions: list[str]) -> tuple[dict[str, Seat], str]:
    records = event.national_ratings(FEDERATION)
    keys = {p.key for p in event.players}
    seats, assumed_index, no_age = {}, 0, 0
    for p in event.players:
        record = records.get(p.key)
        if record and record.rating:
            r0, source = record.rating, f"national record {FEDERATION} (line {record.line})"
        elif as_dwz and p.rating:
            r0, source = p.rating, "the file's rating, taken as DWZ"
        else:
            r0, source = None, None
        year = p.birth_year or (record.birth_year if record else None)
        if year is not None and year > end.year:
            problems.add(p.line, f"{p.name}: birth year {year} is after the end date's year; age unknown", "date")
            year = None
        idx, idx_source = (indexes[p.key], "given for this player") if p.key in indexes else \
            (default_index, "given for every player") if default_index else (ASSUMED_INDEX, "assumed: more than 10")
        assumed_index += bool(r0 and p.key not in indexes and not default_index)
        no_age += bool(r0 is not None and year is None)
        games = tuple((e.opponent, float(e.points)) for e in p.entries
                      if e.rated and e.opponent in keys and e.points is not None and e.opponent != p.key)
        seats[p.key] = Seat(r0, source, idx if r0 else None, idx_source if r0 else None, year,
                            end.year - year if year is not None else None, games)
    if records:
        source = f"national records of the German list ({FEDERATION}, TRF-2026)" + \
                 ("; the file's ratings taken as DWZ for players without one" if as_dwz else "")
    elif as_dwz:
        source = "the file's ratings, taken as DWZ"
    else:
        source = "none: no national records (GER) in the file"
        assumptions.append("DWZ: the file gives none (no TRF-2026 GER records): every player is taken as unrated; "
                           "take the file's ratings as DWZ to change it")
    if assumed_index:
        assumptions.append(f"index: in no file; {assumed_index} rated player(s) assumed to have an index of more than 10 "
                           "(give each player's index to change it)")
    if no_age:
        assumptions.append(f"age: {no_age} rated player(s) without a birth year, taken as over 25")
    return seats, source


def _stages(seats: dict[str, Seat], established: set[str], r: Classic | Reform) -> tuple[dict[str, int], dict[str, str]]:
    """Stage 1 (against rated players), then stage 2 (against rated and stage-1 players); why not, for the rest."""
    stage: dict[str, int] = {}
    reasons: dict[str, str] = {}
    unrated = [k for k in seats if k not in established]
    for level, pool in ((1, established), (2, None)):
        pool = pool if pool is not None else established | {k for k, v in stage.items() if v == 1}
        against = "rated players" if level == 1 else "rated players and stage-1 players (Auswahl I)"
        for k in unrated:
            if k in stage:
                continue
            why = stage_of([s for o, s in seats[k].games if o in pool], r, against)
            if why is None and level <= r.first_stages:
                stage[k] = level
            else:
                reasons[k] = why or "no further stage"
    return stage, reasons


def _iterate(seats: dict[str, Seat], stage: dict[str, int], fixed: dict[str, Fraction], auswahl2: set[str],
             r: Classic | Reform) -> tuple[Iteration, dict[str, int]]:
    """The new players' simultaneous iteration; the fictitious draws (2026, 100 %) by player."""
    start: dict[str, Fraction] = {}
    for level in (1, 2):
        # Step 0 counts stage 1's games against the rated, stage 2's also those against stage 1 (Anhang 1.1.1).
        known = {**fixed, **{k: v for k, v in start.items() if stage[k] < level}}
        for k in (k for k, v in stage.items() if v == level):
            first = [(known[o], s) for o, s in seats[k].games if o in known]
            start[k] = start_value([o for o, _ in first], sum(s for _, s in first), r.sigma)
    games: dict[str, list[Game]] = {}
    draws: dict[str, int] = {}
    for k in stage:
        played: list[Game] = [(fixed[o] if o in fixed else o, s) for o, s in seats[k].games if o in auswahl2]
        if isinstance(r, Reform) and r.perfect_draw and all(s == 1 for _, s in played):
            opponents = [o if isinstance(o, Fraction) else start[o] for o, _ in played]
            draws[k] = int(half_up(sum(opponents, Fraction(0)) / len(opponents)))
            played.append((Fraction(draws[k]), 0.5))
        games[k] = played
    return iterate(start, games, r.sigma, r.p_decimals), draws


def _first(key: str, seat: Seat, stage: dict[str, int], reasons: dict[str, str], it: Iteration, firsts: dict[str, Any],
           draws: dict[str, int], counted: list[tuple[Fraction, float]], r: Classic | Reform) -> FirstResult:
    score = float(sum(s for _, s in counted))
    rc = float(sum(o for o, _ in counted) / len(counted)) if counted else None
    if key not in stage:
        reason = reasons.get(key, "no games against rated players") if seat.games else "no rated game in the file"
        return FirstResult(None, reason, len(counted), score, rc, None, (), 0, True, False, None, None, None, None,
                           tuple((float(o), s) for o, s in counted))
    f = firsts[key]
    return FirstResult(stage[key], None, len(counted), score, rc, it.steps[0][key], tuple(s[key] for s in it.steps),
                       it.iterations, it.settled, it.swing, f.ri, f.rule, f.value,
                       float(draws[key]) if key in draws else None, ())


def _new_performance(first: FirstResult | None) -> Performance | None:
    """A new player's performance is his iteration value Ri (WO 3.6)."""
    if not first or first.ri is None:
        return None
    return Performance(int(half_up(first.ri)), first.average_opponent or 0.0, first.start, first.iterations,
                       "a new player's performance is Ri, the iteration's value (WO 3.6)")


def _why_not(opponent: str | None, seats: Mapping[str, Seat], auswahl2: set[str], own: Fraction | None) -> str:
    """Why a rated game against ``opponent`` does not count for this player."""
    if opponent not in seats:
        return "opponent not in the file"
    if opponent in auswahl2:
        return "opponent new in stage 2: Restpartien are the games against Auswahl I only (WO 3.4.2)"
    if own is None:
        return "opponent stays unrated too"
    return "opponent stays unrated: the game is kept as his Restpartie"


def _round(e: Entry, names: Mapping[str, str], values: Mapping[str, Fraction], pool: set[str], own: Fraction | None,
           why_not: str, r: Classic | Reform) -> RoundLine:
    """A round of a player; for one who stays unrated, ``counted`` marks the games kept as Restpartien."""
    counted = bool(e.rated and e.opponent in pool and e.points is not None)
    value = values.get(e.opponent) if e.opponent in pool else None
    reason = None if counted else (e.note or "not rated") if not e.rated or e.points is None else why_not
    expected = milli(float(own - value), r.sigma, r.p_decimals) / 10 ** r.p_decimals \
        if counted and own is not None and value is not None else None
    return RoundLine(e.round, e.opponent, names.get(e.opponent) if e.opponent else None, e.code, e.points, counted,
                     float(value) if value is not None else None, expected, reason)
