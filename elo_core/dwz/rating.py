"""One player's DWZ evaluation: :func:`rate` (what the JSON door's ``dwz`` and the CLI's ``dwz`` answer)
and :func:`evaluate`, the established player's arithmetic that a whole event uses too.

A rated player: Rn = R0 + 800 (W - We) / (E + n) (classic, WO 3.5.2) or R0 + K (W - We), at least
1100 (2026), over the games against rated opponents. An unrated player whose games are all against
rated opponents: a first DWZ by the iteration of :mod:`elo_core.dwz.first` (stage 1), or none,
the games then kept as Restpartien. Games against unrated opponents count only in a whole event.

>>> r = rate(1800, 12, [(1750, 1), (1900, 0.5)], birth_year=1980, end="2025-10-04")
>>> r.rulebook, r.expected, r.e, r.new_rating
('classic', 0.932, 25, 1817)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any

from elo_core import parse
from elo_core.dwz.coefficient import ClassicE, ReformK, age_group, classic_e, half_up, reform_k
from elo_core.dwz.expected import milli
from elo_core.dwz.first import FirstResult, Performance, first_dwz, iterate, performance, stage_of, start_value
from elo_core.dwz.rules import CHOICES, Classic, InForce, Reform, classic, reform, rulebook_for
from elo_core.errors import collect, refuse
from elo_core.limits import MAX_RATING
from elo_core.plain import Plain, omitted

MAX_INDEX = 9999


@dataclass(frozen=True)
class GameLine(Plain):
    opponent: int
    score: float
    counted: bool
    difference: float | None
    """Own rating (a new player's: the iteration's Ri) minus the opponent's."""
    expected: float | None
    """P(D), rounded to 3 decimals."""
    reason: str | None


@dataclass(frozen=True)
class Evaluation(Plain):
    """An established player's evaluation: We, E or K with its parts, and Rn."""

    n: int
    score: float
    expected: float
    e: int | None
    k: float | None
    coefficient: ClassicE | ReformK
    change: float
    """Rn - R0 before rounding (and before 2026's minimum)."""
    new_rating: int
    new_index: int
    floor_applied: bool
    formula: str


def rules_of(book: InForce) -> Classic | Reform:
    return classic() if book.key == "classic" else reform()


def evaluate(r0: int, index: int, age: int | None, games: Sequence[tuple[Fraction | int, float]],
             book: InForce) -> Evaluation:
    """Rn of a player rated ``r0`` (``index``) from ``games`` (opponent's value, score), at least one."""
    rules = rules_of(book)
    n, w = len(games), Fraction(sum(s for _, s in games))
    we = Fraction(sum(milli(r0 - float(o), rules.sigma, rules.p_decimals) for o, _ in games), 10 ** rules.p_decimals)
    above, below = w >= we, w < we
    coefficient: ClassicE | ReformK
    if isinstance(rules, Classic):
        coefficient = classic_e(r0, index, age, above, below, rules)
        change = rules.change_factor * (w - we) / (coefficient.value + n)
        formula = (f"Rn = {r0} + {rules.change_factor} x ({float(w):g} - {float(we):.3f}) / ({coefficient.value} + {n})"
                   f" = {float(r0 + change):.2f}")
    else:
        coefficient = reform_k(r0, index, age, above, below, rules)
        change = Fraction(str(coefficient.value)) * (w - we)
        formula = f"Rn = {r0} + {coefficient.value:g} x ({float(w):g} - {float(we):.3f}) = {float(r0 + change):.2f}"
    new = int(half_up(r0 + change))
    floor = rules.floor if isinstance(rules, Reform) else None
    floored = floor is not None and new < floor
    if floor is not None and floored:
        new = floor
        formula += f", at least {floor}"
    return Evaluation(n, float(w), float(we), coefficient.value if isinstance(coefficient, ClassicE) else None,
                      coefficient.value if isinstance(coefficient, ReformK) else None, coefficient, float(change), new,
                      index + 1, floored, formula + f" -> {new}")


@dataclass(frozen=True)
class DwzResult(Plain):
    """One player's event under the rulebook of its end date (the ``dwz`` answer)."""

    rulebook: str
    """``classic`` or ``2026``."""
    rulebook_name: str
    rulebook_note: str
    end: date
    rating: int | None
    """R0; None: unrated (a first DWZ is sought)."""
    index: int | None
    birth_year: int | None
    age: int | None
    age_group: str
    games: tuple[GameLine, ...]
    n: int
    score: float
    expected: float | None
    """We: the sum of each counted game's P(D) (a new player's: at the first DWZ's Ri)."""
    e: int | None
    k: float | None
    coefficient: ClassicE | ReformK | None
    change: float | None
    new_rating: int | None
    new_index: int | None
    floor_applied: bool
    formula: str | None
    performance: Performance | None
    first: FirstResult | None
    notes: tuple[str, ...]
    sources: tuple[dict[str, str], ...]
    evaluation: Evaluation | None = field(default=None, metadata=omitted())


def parse_inputs(rating: Any, index: Any, birth_year: Any, end: Any, rulebook: Any, games: Any) -> tuple[Any, ...]:
    """Every input checked, every bad field reported at once: R0 (None: unrated), index, birth year,
    end (and whether it was assumed), the rulebook chosen, the games."""
    got: dict[str, Any] = {}

    def keep(name: str, check: Callable[[], Any]) -> Callable[[], Any]:
        def run() -> Any:
            got[name] = check()
            return got[name]
        return run

    collect([
        keep("r0", lambda: None if rating in (None, "", 0, "0") else parse.whole(rating, "rating", 1, MAX_RATING)),
        keep("end", lambda: (date.today(), True) if end in (None, "") else (parse.day(end, "end"), False)),
        keep("choice", lambda: parse.choice(rulebook if rulebook not in (None, "") else "auto", "rulebook", CHOICES)),
        keep("games", lambda: parse.games(games, "games")),
        keep("index", lambda: _index(index, got.get("r0", UNKNOWN))),
        keep("year", lambda: _birth_year(birth_year, got.get("end", (date.today(), True))[0]))])
    return got["r0"], got["index"], got["year"], *got["end"], got["choice"], got["games"]


UNKNOWN = -1
"""The rating while it is in error: the index is then checked on its own."""


def _index(value: Any, r0: int | None) -> int | None:
    if value in (None, ""):
        if r0 is not None and r0 != UNKNOWN:
            refuse("index", "is needed with a rating: the DWZ's index, the number after the dash (1654-23 has index 23)")
        return None
    if r0 is None:
        refuse("index", "an unrated player has no index: leave it out, or give the rating")
    return parse.whole(value, "index", 1, MAX_INDEX)


def _birth_year(value: Any, on: date) -> int | None:
    if value in (None, ""):
        return None
    return parse.whole(value, "birth_year", 1900, on.year, f"must be a year from 1900 to the end date's ({on.year})")


def rate(rating: Any, index: Any, games: Any, *, birth_year: Any = None, end: Any = None,
         rulebook: Any = "auto") -> DwzResult:
    """One player's DWZ after the ``games`` ((opponent's DWZ, score); 0 = unrated opponent) of an event
    ending on ``end`` (default today), under that day's rulebook or the one chosen."""
    r0, idx, year, on, end_assumed, choice, played = parse_inputs(rating, index, birth_year, end, rulebook, games)
    book = rulebook_for(on, choice)
    rules = rules_of(book)
    age = on.year - year if year is not None else None
    notes = [*(["end: not given, today assumed (the rulebook is chosen by the event's end date)"] if end_assumed else []),
             *([] if year is not None or r0 is None else
               ["birth year: not given, over 25 assumed (as the DSB-linked calculator does)"]),
             *choice_notes(book, first=r0 is None)]
    counted = [(o, s) for o, s in played if o]
    if r0 is not None:
        ev = evaluate(r0, idx or 1, age, counted, book) if counted else None
        perf = performance(counted, rules) if len(counted) >= rules.first_min_games else None
        lines = tuple(_line(o, s, r0, rules, "opponent unrated: counts only in a whole event (its Restpartie)")
                      for o, s in played)
        if ev is None:
            notes.append("no game against a rated opponent: no evaluation, the DWZ and index stay")
        return _result(book, on, r0, idx, year, age, lines, ev, perf, None, notes)
    first = first_of_one(counted, rules)
    ri = first.ri
    lines = tuple(_line(o, s, ri, rules, "opponent unrated: two new players are rated together only in a whole event")
                  if ri is not None else GameLine(o, s, bool(o), None, None, None if o else "opponent unrated")
                  for o, s in played)
    return _result(book, on, None, None, year, age, lines, None, None, first, notes)


def first_of_one(games: Sequence[tuple[int, float]], rules: Classic | Reform) -> FirstResult:
    """A new player's first DWZ from games against rated opponents only (stage 1, one player in the iteration)."""
    scores = [s for _, s in games]
    opponents = [Fraction(o) for o, _ in games]
    reason = stage_of(scores, rules)
    rc = float(sum(opponents) / len(opponents)) if games else None
    if reason:
        return FirstResult(None, reason, len(games), float(sum(scores)), rc, None, (), 0, True, False, None, None, None,
                           None, tuple((float(o), s) for o, s in games))
    draw = None
    played: list[tuple[Fraction | str, float]] = [(o, s) for o, s in zip(opponents, scores)]
    if isinstance(rules, Reform) and sum(scores) == len(scores):
        draw = int(half_up(sum(opponents) / len(opponents)))
        played.append((Fraction(draw), 0.5))
    start = start_value([o for o, _ in played if isinstance(o, Fraction)], sum(s for _, s in played), rules.sigma)
    it = iterate({"": start}, {"": played}, rules.sigma, rules.p_decimals)
    final = first_dwz(it.values[""], rules)
    return FirstResult(1, None, len(games), float(sum(scores)), rc, float(start), tuple(s[""] for s in it.steps),
                       it.iterations, it.settled, it.swing, final.ri, final.rule, final.value,
                       float(draw) if draw is not None else None, ())


def _line(opponent: int, score: float, own: float | None, rules: Classic | Reform, unrated: str) -> GameLine:
    if not opponent:
        return GameLine(opponent, score, False, None, None, unrated)
    if own is None:
        return GameLine(opponent, score, True, None, None, None)
    d = own - opponent
    return GameLine(opponent, score, True, round(d, 3), milli(d, rules.sigma, rules.p_decimals) / 10 ** rules.p_decimals, None)


def _result(book: InForce, on: date, r0: int | None, idx: int | None, year: int | None, age: int | None,
            lines: tuple[GameLine, ...], ev: Evaluation | None, perf: Performance | None, first: FirstResult | None,
            notes: list[str]) -> DwzResult:
    rules = rules_of(book)
    group = age_group(age, *((rules.j_youth[0], rules.j_junior[0]) if isinstance(rules, Classic) else rules.group_ages))
    counted = [g for g in lines if g.counted]
    expected = ev.expected if ev else (sum(g.expected or 0 for g in counted) if first and first.ri is not None else None)
    if first and not first.settled:
        notes.append(f"the iteration found no fixed point in {first.iterations} steps: its last value is shown")
    new = ev.new_rating if ev else first.new_rating if first else r0
    return DwzResult(book.key, book.book.name, book.note, on, r0, idx, year, age, group, lines, len(counted),
                     float(sum(g.score for g in counted)), round(expected, 3) if expected is not None else None,
                     ev.e if ev else None, ev.k if ev else None, ev.coefficient if ev else None,
                     ev.change if ev else None, new, ev.new_index if ev else (1 if first and first.new_rating else idx),
                     ev.floor_applied if ev else False, ev.formula if ev else None, perf, first, tuple(notes),
                     tuple(book.book.sources()), ev)


def choice_notes(book: InForce, first: bool) -> list[str]:
    """The choices made where the rulebook's text is silent, as the page and the CLI show them."""
    if book.key == "classic":
        notes = ["P(D) of each game rounded to 3 decimals before We is summed, and E rounded half up: choices where "
                 "the Wertungsordnung is silent (the DSB's published We match the 3 decimals)"]
        if first:
            notes.append("first DWZ: D(p) the nearest whole difference, the average Rc unrounded, and where the whole "
                         "numbers would swing between two values, the last ones: choices (they give the DSB's published "
                         "first DWZ and performances checked)")
        return notes
    return ["2026 rulebook: the DSB's text was not found; its effective date (events ending from 8 June 2026) and "
            "settings come from two implementations (CLM, DWZ-Calc). P(D) by the normal distribution, each game's "
            "rounded to 3 decimals, K rounded half up to one decimal: choices"]
