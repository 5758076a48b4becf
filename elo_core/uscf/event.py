"""A whole event from a file (a TRF or PGN read into an :class:`~elo_core.events.model.Event`), rated in
US Chess's five steps (the rating system's section 1):

1. **Initial ratings** for unrated players: the start given for the player (a rating and its game
   count), else the age-based start (the end date's year minus the birth year), else an adult's 1300;
   based on 0 games unless given.
2. **Effective games** N' for every player, from his pre-event (or initial) rating.
3. **First estimates** for players whose rating is based on 0 games: the special formula with N' = 1,
   opponents at their pre-event (or initial) ratings.
4. **Intermediate ratings** for every player, opponents at their pre-event ratings (their step-3
   estimates if based on 0 games); the special or standard formula as each player's own count says.
5. **Final ratings**: step 4 again, every opponent at his intermediate rating; the player's own prior
   is still his pre-event rating. Then the floors.

Who is who: the **US Chess rating** comes from the file's TRF-2026 national records of the US list
(``USA`` lines), else, with ``ratings_as_uscf``, from the file's own ratings, else the player is
unrated. The **game count** is in no file: given per player or for all, else every rated player is
taken as established (at least 50 games, so N' = N*). **Pool**: given, else the file's time control.
Everything assumed is said in the report's assumptions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import Any

from elo_core import errors, parse
from elo_core.errors import EloError
from elo_core.events.model import Event, EventPlayer
from elo_core.events.problems import Problems
from elo_core.uscf.effective import Effective, effective_games
from elo_core.uscf.event_report import PlayerUscf, RoundLine, UscfEventReport
from elo_core.uscf.floors import floor_of
from elo_core.uscf.inputs import MAX_COUNT, rating_value
from elo_core.uscf.pools import NAMES, POOLS, Control, read_control
from elo_core.uscf.rating import Initial, Outcome, initial_rating, rate_player
from elo_core.uscf.rules import FIRST_END, half_up, rules, threshold_for
from elo_core.uscf.special import special

FEDERATION = "USA"
"""The federation whose national list (TRF-2026 records) is US Chess's."""
ASSUMED_GAMES = 50
"""A rated player's game count where none is given: established, and N' = N* (N* is at most 50)."""
KIND_POOL = {"standard": "regular", "rapid": "quick", "blitz": "blitz"}


@dataclass(frozen=True)
class Seat:
    rating: float | None
    rating_source: str | None
    games_played: int
    games_source: str
    initial: Initial | None
    prior: float
    effective: Effective
    games: tuple[tuple[str, float], ...]
    """(opponent's key, score) of each rated game in the file."""


def rate_event(event: Event, *, rules_date: Any = None, ratings_as_uscf: Any = False, games_played: Any = None,
               games_played_by_player: Mapping[str, Any] | None = None, start_by_player: Mapping[str, Any] | None = None,
               pool: Any = None, dual: Any = None) -> UscfEventReport:
    """Every player of ``event`` rated in the five steps (see the module's docstring)."""
    problems = Problems.resume(event.problems, event.problem_groups)
    assumptions: list[str] = []
    names = {ident: p.key for p in event.players for ident in (p.key, p.fide_id or "", p.name.casefold()) if ident}
    end, as_uscf, every, counts, starts, chosen_pool, chosen_dual = errors.collect([
        lambda: _end(event, rules_date, assumptions),
        lambda: parse.flag(ratings_as_uscf, "ratings_as_uscf"),
        lambda: None if games_played in (None, "") else parse.whole(games_played, "games_played", 0, MAX_COUNT),
        lambda: _named(games_played_by_player, "games_played_by_player", names, problems,
                       lambda v, f: parse.whole(v, f, 0, MAX_COUNT)),
        lambda: _named(start_by_player, "start_by_player", names, problems, _start),
        lambda: None if pool in (None, "", "auto") else parse.choice(pool, "pool", POOLS),
        lambda: None if dual in (None, "") else parse.flag(dual, "dual")])
    threshold = threshold_for(end, "rules")
    the_pool, is_dual, control, pool_note = _pool(event, chosen_pool, chosen_dual, assumptions)
    seats, source = _seats(event, end, as_uscf, every, counts, starts, problems, assumptions)
    dual_regular = is_dual and the_pool == rules().dual_k_pool
    pre = {k: s.prior for k, s in seats.items()}
    step3 = {k: special(s.prior, rules().step3_effective_games, "mixed", [pre[o] for o, _ in s.games],
                        sum(x for _, x in s.games)).new_rating
             for k, s in seats.items() if s.games_played == 0 and s.games}
    seen4 = {**pre, **step3}
    step4 = {k: _outcome(s, seen4, threshold.value, dual_regular) for k, s in seats.items()}
    seen5 = {k: o.value if o else pre[k] for k, o in step4.items()}
    step5 = {k: _outcome(s, seen5, threshold.value, dual_regular) for k, s in seats.items()}
    names_of = {p.key: p.name for p in event.players}
    rows = [_row(p, seats[p.key], step3.get(p.key), step4[p.key], step5[p.key], seen4, seen5, names_of, the_pool)
            for p in event.players]
    if len(event.players) == 2:
        assumptions.append("a match of two players: US Chess's own rules for individual matches (who may play one, "
                           "no bonus, a capped change: its rulebook) are not modelled; rated here as any event")
    if any(r.final for r in rows):
        assumptions.append("floors: the career's wins, draws and events are in no file (this event's count for the "
                           "personal absolute floor), nor the peak rating (an established player's pre-event rating is "
                           "taken as his peak)")
    if any(0 < s.games_played for s in seats.values()):
        assumptions.append("earlier results: taken as mixed for every player (a rating based on all wins or all losses, "
                           "which the special formula treats apart, is in no file)")
    return UscfEventReport(event, end, threshold, the_pool, NAMES[the_pool], is_dual, control, pool_note, source,
                           tuple(assumptions), tuple(_notes(rows, the_pool, is_dual)), tuple(rows), problems.result(),
                           problems.groups())


def _outcome(seat: Seat, seen: Mapping[str, float], threshold: int, dual_regular: bool) -> Outcome | None:
    if not seat.games:
        return None
    meetings = Counter(o for o, _ in seat.games)
    return rate_player(seat.prior, seat.games_played, "mixed", [seen[o] for o, _ in seat.games],
                       sum(s for _, s in seat.games), threshold=threshold, max_meetings=max(meetings.values()),
                       dual_regular=dual_regular, effective=seat.effective)


def _row(p: EventPlayer, seat: Seat, step3: float | None, step4: Outcome | None, step5: Outcome | None,
         seen4: Mapping[str, float], seen5: Mapping[str, float], names: Mapping[str, str], pool: str) -> PlayerUscf:
    m = len(seat.games)
    wins, draws = sum(s == 1 for _, s in seat.games), sum(s == 0.5 for _, s in seat.games)
    established = seat.rating is not None and seat.games_played > rules().established_games
    floor = floor_of(pool, seat.prior if established else None, wins, draws, int(m >= rules().bonus[0])) if step5 else None
    new = max(step5.value, float(floor.value)) if step5 and floor else None
    rounds = []
    for e in p.entries:
        counted = bool(e.rated and e.opponent in names and e.points is not None and e.opponent != p.key)
        reason = None if counted else (e.note or "not rated") if not e.rated or e.points is None else "opponent not in the file"
        rounds.append(RoundLine(e.round, e.opponent, names.get(e.opponent) if e.opponent else None, e.code, e.points,
                                counted, seen4[e.opponent] if counted and e.opponent else None,
                                seen5[e.opponent] if counted and e.opponent else None, reason))
    meetings = Counter(o for o, _ in seat.games)
    return PlayerUscf(p, seat.rating, seat.rating_source, seat.games_played, seat.games_source, seat.initial, seat.prior,
                      seat.effective, m, float(sum(s for _, s in seat.games)), max(meetings.values(), default=0), step3,
                      step4, step5, floor, new, half_up(new) if new is not None else None, tuple(rounds))


def _end(event: Event, given: Any, assumptions: list[str]) -> date:
    if given not in (None, ""):
        day = parse.day(given, "rules")
    elif event.end or event.start:
        day = event.end or event.start  # type: ignore[assignment]
        if not event.end:
            assumptions.append("end date: not in the file, its start date used (B is chosen by the end date)")
    else:
        raise EloError("rules", "the file gives no date: give the event's end date (it picks the bonus threshold B)")
    if day < FIRST_END:
        raise EloError("rules", f"the event ends {day.isoformat()}: US Chess's rules before {FIRST_END.isoformat()} are "
                                "not modelled")
    return day


def _start(value: Any, field: str) -> tuple[float, int]:
    """A starting rating and its game count: ``R/N`` text, ``{"rating", "games"}`` or a pair."""
    if isinstance(value, str) and "/" in value:
        value = value.split("/", 1)
    elif isinstance(value, Mapping):
        value = (value.get("rating"), value.get("games"))
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        errors.refuse(field, "must be a starting rating and its game count, written R/N (e.g. 1450/4)")
    rating, games = errors.collect([lambda: rating_value(value[0], field),
                                    lambda: parse.whole(value[1], field, 0, rules().blended_start)])
    return rating, games


def _named(given: Mapping[str, Any] | None, field: str, names: dict[str, str], problems: Problems,
           value: Callable[[Any, str], Any]) -> dict[str, Any]:
    """A value per player, named by start rank, FIDE id or name; a name not in the file is a problem."""
    if not given:
        return {}
    if not isinstance(given, Mapping):
        raise EloError(field, "must map players (start rank, FIDE id or name) to a value")
    values = errors.collect([partial(value, v, f"{field}[{errors.show(str(w))}]") for w, v in given.items()])
    out = {}
    for who, v in zip(given, values):
        key = names.get(str(who).strip()) or names.get(str(who).strip().casefold())
        if key is None:
            problems.add(None, f"{field.removesuffix('_by_player').replace('_', ' ')}: no player "
                               f"{errors.show(str(who))} in the file", "option")
        else:
            out[key] = v
    return out


def _pool(event: Event, pool: str | None, dual: bool | None,
          assumptions: list[str]) -> tuple[str, bool, Control | None, str]:
    control = read_control(event.time_control, pgn=event.format == "pgn") if event.time_control else None
    if control is not None and control.pools:
        if pool is not None and pool not in control.pools:
            raise EloError("pool", f"the file's time control {control.text} ({control.total:g} minutes + seconds) rates "
                                   f"{' and '.join(control.pools)}, not {pool}")
        chosen = pool or control.pools[0]
        note = f"time control {control.text}: {control.total:g} minutes + seconds" + (
            f", dual-rated (Regular and Quick): the {chosen.title()} rating" if control.dual else "")
        if dual and not control.dual:
            raise EloError("dual", f"the file's time control {control.text} ({control.total:g} minutes + seconds) is not "
                                   "dual-rated (30 to 65)")
        return chosen, control.dual, control, note
    if pool is not None:
        return pool, bool(dual), control, "given"
    kind_pool = KIND_POOL.get(event.kind or "")
    if kind_pool:
        assumptions.append(f"pool: the time control {event.time_control!r} cannot be read as minutes + seconds; "
                           f"{event.kind} play taken as the {kind_pool.title()} pool, not dual-rated (give the pool)")
        return kind_pool, bool(dual), None, f"from the file's kind of play ({event.kind})"
    assumptions.append("pool: the file has no time control; Regular assumed, not dual-rated (give the pool)")
    return "regular", bool(dual), None, "assumed"


def _seats(event: Event, end: date, as_uscf: bool, every: int | None, counts: dict[str, int],
           starts: dict[str, tuple[float, int]], problems: Problems,
           assumptions: list[str]) -> tuple[dict[str, Seat], str]:
    records = event.national_ratings(FEDERATION)
    keys = {p.key for p in event.players}
    seats, assumed, ages, adults = {}, 0, 0, 0
    for p in event.players:
        record = records.get(p.key)
        rating, source = ((float(record.rating), f"national record {FEDERATION} (line {record.line})") if record and
                          record.rating else (float(p.rating), "the file's rating, taken as US Chess's") if as_uscf and
                          p.rating else (None, None))
        games = tuple((e.opponent, float(e.points)) for e in p.entries
                      if e.rated and e.opponent in keys and e.points is not None and e.opponent != p.key)
        if rating is not None:
            if p.key in starts:
                problems.add(p.line, f"{p.name}: a start is given, but the file rates the player: the start is not used",
                             "option")
            n, n_source = (counts[p.key], "given for this player") if p.key in counts else \
                (every, "given for every player") if every is not None else (ASSUMED_GAMES, "assumed: established")
            assumed += p.key not in counts and every is None
            seats[p.key] = Seat(rating, source, n, n_source, None, rating, effective_games(rating, n), games)
            continue
        year = p.birth_year or (record.birth_year if record else None)
        age = end.year - year if year is not None and year <= end.year else None
        initial = initial_rating(None, *starts[p.key]) if p.key in starts else initial_rating(age, None, None)
        ages += initial.source == "age"
        adults += initial.source == "adult"
        seats[p.key] = Seat(None, None, initial.games, "initial", initial, initial.rating,
                            effective_games(initial.rating, initial.games), games)
    source = (f"national records of the US list ({FEDERATION}, TRF-2026)" if records else "") + \
        ("; " if records and as_uscf else "") + ("the file's ratings, taken as US Chess's" if as_uscf else "")
    if not source:
        source = "none: no national records (USA) in the file"
        assumptions.append("US Chess ratings: the file gives none (no TRF-2026 USA records): every player is taken as "
                           "unrated; take the file's ratings as US Chess's to change it")
    if assumed:
        assumptions.append(f"game counts: in no file; {assumed} rated player(s) taken as established, based on at "
                           f"least {ASSUMED_GAMES} games (N' = N*; give each player's count to change it)")
    if ages:
        assumptions.append(f"age: {ages} unrated player(s) started from age as the end date's year minus the birth year "
                           "(choice: US Chess's exact age rule was not read)")
    if adults:
        assumptions.append(f"age: {adults} unrated player(s) without a birth year taken as adults (over 26), starting "
                           f"at {rules().age_start[4]} (give each one's start to change it)")
    return seats, source


def _notes(rows: list[PlayerUscf], pool: str, dual: bool) -> list[str]:
    notes = ["floors apply to the final ratings only, not to the estimates of steps 3 and 4 (choice)"]
    if any(r.initial and r.initial.source != "given" for r in rows):
        notes.append("unrated players: US Chess blends a new player's other ratings (FIDE, CFC, other US Chess pools) "
                     "into his start by formulas not public; the age-based start is used (give each one's start to "
                     "change it)")
    if dual and pool == "quick":
        notes.append("dual-rated, Quick rating: K not reduced for players above 2200 (choice)")
    return notes
