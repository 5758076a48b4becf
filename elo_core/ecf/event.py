"""A whole month from a file (a TRF or PGN read into an :class:`~elo_core.events.model.Event`), rated
as the ECF's help page rates a month, in three passes:

1. **Pass 1**: a P rating ("A") for every new and partially rated player, each opponent at his
   rating at the start of the month; a game against another new player, who has none yet, is
   left out (a choice).
2. **Pass 2**: P ratings again ("B"), new and partially rated opponents now at their Pass-1 values.
3. **Pass 3**: a K rating for every fully rated player, new and partially rated opponents at their
   Pass-2 values; an opponent whose Pass-2 value is a Partial rating counts with his K of 40,
   which halves the game's adjustment.

Who is who: the **ECF rating** comes from the file's TRF-2026 national records of the English list
(``ENG`` lines, read by the TRF reader: ``Event.national``), else, with ``ratings_as_ecf``, from the file's own
ratings, else the player is new. A rating is full unless the player is named **partial** (with the
number of earlier games, which no file holds: they count towards the 10 of a Full rating only).
**Juniors** are those named: no file says who the ECF counts as a junior. Everything assumed is
said in the report's assumptions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import partial as bind
from typing import Any

from elo_core import errors, parse
from elo_core.ecf.event_report import EcfEventReport, PlayerEcf, RoundLine
from elo_core.ecf.inputs import Month, month
from elo_core.ecf.kmethod import k_method
from elo_core.ecf.pmethod import Performance, average_of, p_method
from elo_core.ecf.rules import JUNIOR_RULES, OTB_FROM, rules
from elo_core.errors import EloError
from elo_core.events.model import Event, EventPlayer
from elo_core.events.problems import Problems
from elo_core.limits import MAX_RATING

Value = tuple[int, bool]
"""An opponent as a pass counts him: his rating, and whether it is a Partial rating."""

FEDERATION = "ENG"
"""The federation whose national list (TRF-2026 records) is the ECF's."""


@dataclass(frozen=True)
class Seat:
    rating: int | None
    rating_source: str | None
    status: str
    """``full``, ``partial`` or ``new``."""
    junior: bool
    earlier: int
    games: tuple[tuple[str, float], ...]
    """(opponent's key, score) of each rated game in the file."""


def rate_event(event: Event, *, rules_month: Any = None, ratings_as_ecf: Any = False,
               juniors: Any = None, partial: Any = None, nominal: Any = None, junior_rule: Any = None,
               cap_400: Any = False) -> EcfEventReport:
    """Every player of ``event`` rated for one ECF month (see the module's docstring)."""
    problems = Problems.resume(event.problems, event.problem_groups)
    assumptions: list[str] = []
    names = _names(event)
    rule, cap, fixed_nominal, the_month, junior_keys, partial_counts, as_ecf = errors.collect([
        lambda: parse.choice(junior_rule or rules().junior_rule, "junior_rule", JUNIOR_RULES),
        lambda: parse.flag(cap_400, "cap_400"),
        lambda: parse.whole(nominal, "nominal", 1, MAX_RATING) if nominal not in (None, "") else None,
        lambda: _month(event, rules_month, assumptions),
        lambda: set(_named(juniors, "juniors", names, problems, lambda v, f: True)),
        lambda: _named(partial, "partial", names, problems,
                       lambda v, f: 0 if v in (None, "", True) else parse.whole(v, f, 0, rules().full_games - 1)),
        lambda: parse.flag(ratings_as_ecf, "ratings_as_ecf")])
    seats, source = _seats(event, as_ecf, junior_keys, partial_counts, problems, assumptions)
    pass1 = _p_pass(seats, _values(seats, {}), fixed_nominal)
    pass2 = _p_pass(seats, _values(seats, pass1), fixed_nominal)
    final = _values(seats, pass2)
    rows, player_names = [], {p.key: p.name for p in event.players}
    for p in event.players:
        seat = seats[p.key]
        counted = [(o, s) for o, s in seat.games if o in final]
        if seat.status == "full" and seat.rating is not None:
            k = k_method(seat.rating, [(final[o][0], s, final[o][1]) for o, s in counted], seat.junior, rule, cap) \
                if counted else None
            rows.append(PlayerEcf(p, seat.rating, seat.rating_source, seat.status, seat.junior, seat.earlier, "K", k, None,
                                  None, _rounds(p, final, k, player_names)))
        else:
            first = pass1.get(p.key)
            rows.append(PlayerEcf(p, seat.rating, seat.rating_source, seat.status, seat.junior, seat.earlier, "P", None,
                                  pass2.get(p.key), first.value if first else None, _rounds(p, final, None, player_names)))
    if any(s.status == "partial" for s in seats.values()):
        assumptions.append("earlier games of partially rated players are in no file: their P rating here is over the "
                           "file's games only (the number of earlier games counts towards the 10 of a Full rating); "
                           "rate one with `ecf --partial --earlier` for the exact figure")
    return EcfEventReport(event, str(the_month), source, tuple(assumptions), tuple(_notes(rule, cap, fixed_nominal)),
                          tuple(rows), problems.result(), problems.groups())


def _month(event: Event, given: Any, assumptions: list[str]) -> Month:
    first = Month(OTB_FROM.year, OTB_FROM.month)
    if given not in (None, ""):
        m = month(given, "rules")
    elif event.end or event.start:
        day = event.end or event.start
        assert day is not None
        m = Month(day.year, day.month)
        if not event.end:
            assumptions.append(f"month: the file has no end date; its start date's month ({m}) used")
        if event.start and event.end and (event.start.year, event.start.month) != (event.end.year, event.end.month):
            assumptions.append(f"the file's games run from {event.start.isoformat()} to {event.end.isoformat()}: rated "
                               f"together as the month {m} (the ECF rates each month's results apart)")
    else:
        today = date.today()
        m = Month(today.year, today.month)
        assumptions.append(f"month: no date in the file, this month ({m}) used (give the month to change it)")
    if m.key < first.key:
        raise EloError("rules", f"ECF ratings by this method start in {first}; the file's month is {m}")
    return m


def _names(event: Event) -> dict[str, str]:
    """Each way a player may be named (start rank, FIDE id, name in any case) -> the player's key."""
    return {ident: p.key for p in event.players for ident in (p.key, p.fide_id or "", p.name.casefold()) if ident}


def _named(given: Any, field: str, names: dict[str, str], problems: Problems, value: Callable[[Any, str], Any]) -> dict[str, Any]:
    """Players named in a list or a map (start rank, FIDE id or name), each with ``value(v, field)``."""
    if given in (None, "", [], {}):
        return {}
    if isinstance(given, str):
        given = [w for w in given.split(",") if w.strip()]
    items = given.items() if isinstance(given, Mapping) else ((w, None) for w in given) \
        if isinstance(given, (list, tuple)) else None
    if items is None:
        raise EloError(field, "must name players (start rank, FIDE id or name)")
    pairs = list(items)
    values = errors.collect([bind(value, v, f"{field}[{errors.show(str(w))}]") for w, v in pairs])
    out = {}
    for (who, _), v in zip(pairs, values):
        key = names.get(str(who).strip()) or names.get(str(who).strip().casefold())
        if key is None:
            problems.add(None, f"{field}: no player {errors.show(str(who))} in the file", "option")
        else:
            out[key] = v
    return out


def _seats(event: Event, as_ecf: bool, juniors: set[str], partial: dict[str, int], problems: Problems,
           assumptions: list[str]) -> tuple[dict[str, Seat], str]:
    records = {key: (r.rating, r.line) for key, r in event.national_ratings(FEDERATION).items()}
    keys = {p.key for p in event.players}
    seats = {}
    for p in event.players:
        rating, source = _rating(p, records, as_ecf)
        status = "new" if rating is None else "partial" if p.key in partial else "full"
        if p.key in partial and rating is None:
            problems.add(p.line, f"{p.name}: named partially rated but has no ECF rating in the file: rated as new",
                         "option")
        games = tuple((e.opponent, float(e.points)) for e in p.entries
                      if e.rated and e.opponent in keys and e.points is not None and e.opponent != p.key)
        seats[p.key] = Seat(rating, source, status, p.key in juniors, partial.get(p.key, 0) if status == "partial" else 0,
                            games)
    if records:
        source = f"national records of the English list ({FEDERATION}, TRF-2026)" + \
                 ("; the file's ratings taken as ECF ratings for players without one" if as_ecf else "")
    elif as_ecf:
        source = "the file's ratings, taken as ECF ratings"
    else:
        source = "none: no national records (ENG) in the file"
        assumptions.append("ECF ratings: the file gives none (no TRF-2026 ENG records): every player is taken as new; "
                           "take the file's ratings as ECF ratings to change it")
    if not juniors:
        assumptions.append("juniors: no file says who the ECF counts as a junior; none named, so k is 20 for everyone")
    return seats, source


def _rating(p: EventPlayer, records: dict[str, tuple[int, int]], as_ecf: bool) -> tuple[int | None, str | None]:
    if p.key in records and records[p.key][0]:
        return records[p.key][0], f"national record {FEDERATION} (line {records[p.key][1]})"
    if as_ecf and p.rating:
        return p.rating, "the file's rating, taken as the ECF rating"
    return None, None


def _values(seats: dict[str, Seat], performances: dict[str, Performance | None]) -> dict[str, Value]:
    """Each player as his opponents count him in the next pass: a full rating at its start value; a
    new or partially rated player at his last pass's P rating (Partial or Full), else a partially
    rated one at his start Partial rating and a new one not at all."""
    out: dict[str, Value] = {}
    for key, seat in seats.items():
        perf = performances.get(key)
        if seat.status == "full" and seat.rating is not None:
            out[key] = (seat.rating, False)
        elif perf is not None:
            out[key] = (perf.value, not perf.full)
        elif seat.status == "partial" and seat.rating is not None:
            out[key] = (seat.rating, True)
    return out


def _p_pass(seats: dict[str, Seat], values: dict[str, Value], nominal: int | None) -> dict[str, Performance | None]:
    out: dict[str, Performance | None] = {}
    for key, seat in seats.items():
        if seat.status == "full":
            continue
        played = [(values[o][0], s) for o, s in seat.games if o in values]
        if not played:
            out[key] = None
            continue
        rule = "given" if nominal is not None else "the average of the real opponents' ratings (a choice)"
        out[key] = p_method(played, nominal if nominal is not None else average_of([o for o, _ in played]), rule, 0,
                            seat.earlier)
    return out


def _rounds(p: EventPlayer, final: dict[str, Value], k: Any, names: dict[str, str]) -> tuple[RoundLine, ...]:
    lines, games = [], iter(k.games if k else ())
    for e in p.entries:
        counted = bool(e.rated and e.opponent in final and e.points is not None and e.opponent != p.key)
        value, partial = final.get(e.opponent, (None, False)) if e.opponent else (None, False)
        game = next(games) if counted and k else None
        reason = None if counted else (e.note or "not rated") if not e.rated or e.points is None else \
            "opponent new, with no rating from the passes (all his games were against new players)"
        lines.append(RoundLine(e.round, e.opponent, names.get(e.opponent) if e.opponent else None, e.code,
                               e.points, counted, value if counted else None, partial if counted else False,
                               game.expected if game else None, game.weight if game else None,
                               game.change if game else None, reason))
    return tuple(lines)


def _notes(rule: str, cap: bool, nominal: int | None) -> list[str]:
    return [
        "three passes as the ECF's help page sets them; in Pass 1 a game against another new player is left out (choice)",
        "P rating = Ra + dp from FIDE's table 8.1(a), Ra rounded and p to two decimals (choice); its fictional "
        + ("opponent's rating is given" if nominal is not None else "opponent is the average of the real opponents "
           "(choice: the ECF does not publish a new player's nominal rating)"),
        "K-method: " + ("D over 400 counted as 400" if cap else "the whole of table 8.1(b), no 400-point cap")
        + f"; a junior's k 40 {'on every game' if rule == 'all' else 'only on games gained'}; R1 rounded half up "
          "(choices)",
    ]
