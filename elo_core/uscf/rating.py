"""One player's event for US Chess: :func:`rate` (the JSON door's ``uscf`` and the CLI's ``uscf``),
and :func:`rate_player`, the arithmetic a whole event's steps 4 and 5 use too.

A rating based on 8 games or fewer, or on all wins or all losses, moves by the special formula
(:mod:`elo_core.uscf.special`); any other by the standard formula (:mod:`elo_core.uscf.standard`).
An unrated player starts from his age (100 under 2, 50 x age to 26, else 1300) based on 0 games,
or from a starting rating and its game count the user gives (US Chess's blended start is not
public). The result is kept as a decimal, shown rounded, and held up by the player's floor.

>>> r = rate({"rating": 1500, "games_played": 7, "games": "1600:1,1200:1", "end": "2025-06-01"})
>>> r.formula, round(r.new_rating, 2), r.new_rating_rounded, r.k
('special', 1566.67, 1567, None)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from elo_core.plain import Plain
from elo_core.uscf.effective import Effective, effective_games
from elo_core.uscf.floors import Floor, floor_of
from elo_core.uscf.inputs import Inputs, parse_inputs
from elo_core.uscf.pools import NAMES, Control
from elo_core.uscf.rules import Threshold, half_up, rules, sources, threshold_for
from elo_core.uscf.special import SpecialResult, pwe, special
from elo_core.uscf.standard import Bonus, KFactor, StandardResult, standard
from elo_core.uscf.terms import Term, terms


@dataclass(frozen=True)
class Initial(Plain):
    """An unrated player's start (step 1): the rating and the games it counts as."""

    source: str
    """``age``, ``adult`` (no age given: over 26 assumed) or ``given`` (a starting rating the user gives)."""
    rating: float
    games: int
    age: float | None
    rule: str


@dataclass(frozen=True)
class GameLine(Plain):
    opponent: float
    score: float
    name: str | None
    expectancy: float
    """The standard formula's We(R0, Ri), or the special formula's PWE(M, Ri) at the special rating."""


@dataclass(frozen=True)
class Outcome(Plain):
    """What a formula gives one player for one event (before the floor)."""

    formula: str
    formula_reason: str
    effective: Effective
    special: SpecialResult | None
    standard: StandardResult | None
    value: float
    expected: float
    bonus: Bonus


@dataclass(frozen=True)
class UscfResult(Plain):
    system: str
    end: date
    pool: str
    pool_name: str
    dual: bool
    time_control: Control | None
    rating: float | None
    games_played: int
    status: str
    """``unrated``, ``provisional`` (25 games or fewer) or ``established``."""
    initial: Initial | None
    prior: float
    """R0: the pre-event rating, or the unrated player's start."""
    history: str
    games: tuple[GameLine, ...]
    m: int
    score: float
    max_meetings: int
    effective_games: float
    effective: Effective
    formula: str
    """``special`` or ``standard``."""
    formula_reason: str
    special: SpecialResult | None
    k: float | None
    k_detail: KFactor | None
    expected: float
    bonus: float
    bonus_detail: Bonus
    threshold: int
    threshold_detail: Threshold
    unfloored: float
    floor: int
    floor_detail: Floor
    floor_applied: bool
    new_rating: float
    new_rating_rounded: int
    change: float
    new_games: int
    new_status: str
    explain: tuple[Term, ...]
    notes: tuple[str, ...]
    sources: tuple[dict[str, str], ...]


def uses_special(games_played: int, history: str) -> tuple[bool, str]:
    """Which formula, and why in the rating system's words."""
    limit = rules().special_games
    if games_played <= limit:
        return True, f"a rating based on {games_played} games ({limit} or fewer)"
    if history != "mixed":
        return True, f"every earlier game {'won' if history == 'all-wins' else 'lost'}"
    return False, f"a rating based on {games_played} games (more than {limit}), earlier results mixed"


def rate_player(prior: float, games_played: int, history: str, opponents: Sequence[float], score: float, *,
                threshold: int, max_meetings: int, dual_regular: bool, effective: Effective | None = None) -> Outcome:
    """The special or standard formula's rating for a player (``prior``, based on ``games_played`` games)."""
    eff = effective or effective_games(prior, games_played)
    is_special, why = uses_special(games_played, history)
    if is_special:
        sp = special(prior, eff.value, history, opponents, score)
        none = Bonus(False, "the special formula has no bonus", threshold, max(len(opponents), rules().bonus[2]),
                     threshold * max(len(opponents), rules().bonus[2]) ** 0.5, 0.0)
        return Outcome("special", why, eff, sp, None, sp.new_rating, sp.expected, none)
    st = standard(prior, eff.value, opponents, score, threshold, max_meetings=max_meetings, dual_regular=dual_regular)
    return Outcome("standard", why, eff, None, st, st.value, st.expected, st.bonus)


def initial_rating(age: float | None, start: float | None, start_games: int | None) -> Initial:
    """Step 1 for an unrated player: the start the user gives, else the age-based one (an adult if no age)."""
    if start is not None:
        return Initial("given", start, start_games or 0, None, f"a starting rating given, based on {start_games or 0} "
                       "games (US Chess blends the player's other ratings by rules not all public)")
    young, adult_from, per_year, infant, adult = rules().age_start
    if age is None:
        return Initial("adult", float(adult), 0, None, f"no age given: an adult over {adult_from} assumed, {adult}")
    if age < young:
        return Initial("age", float(infant), 0, age, f"age {age:g} under {young}: {infant}")
    if age <= adult_from:
        return Initial("age", float(per_year * age), 0, age, f"age {age:g}: {per_year} x age = {per_year * age:g}")
    return Initial("age", float(adult), 0, age, f"age {age:g} over {adult_from}: {adult}")


def status_of(games: int | None) -> str:
    if games is None:
        return "unrated"
    return "established" if games > rules().established_games else "provisional"


def rate(a: dict[str, Any]) -> UscfResult:
    """One player's event; ``a`` holds the JSON door's arguments (see :mod:`elo_core.uscf.inputs`)."""
    x = parse_inputs(a)
    notes: list[str] = []
    initial = None if x.rating is not None else initial_rating(x.age, x.start, x.start_games)
    prior = x.rating if x.rating is not None else initial.rating if initial else 0.0
    n = x.games_played if x.games_played is not None else initial.games if initial else 0
    threshold = threshold_for(x.end)
    opponents = [g.opponent for g in x.games]
    score = sum(g.score for g in x.games)
    meetings = Counter(g.name for g in x.games if g.name is not None)
    most = max(meetings.values(), default=1)
    dual_regular = x.dual and x.pool == rules().dual_k_pool
    out = rate_player(prior, n, x.history, opponents, score, threshold=threshold.value, max_meetings=most,
                      dual_regular=dual_regular)
    m = len(x.games)
    peak = _peak(x, n, notes)
    floor = floor_of(x.pool, peak, sum(g.score == 1 for g in x.games), sum(g.score == 0.5 for g in x.games),
                     int(m >= rules().bonus[0]), wins_earlier=x.career[0] if x.career else None,
                     draws_earlier=x.career[1] if x.career else None, events_earlier=x.career[2] if x.career else None)
    new = max(out.value, float(floor.value))
    notes += _notes(x, initial, out, meetings, floor)
    lines = tuple(GameLine(g.opponent, g.score, g.name, e) for g, e in zip(x.games, _expectancies(out, opponents)))
    return UscfResult("uscf", x.end, x.pool, NAMES[x.pool], x.dual, x.control, x.rating,
                      n, status_of(x.games_played) if x.rating is not None else "unrated", initial, prior, x.history,
                      lines, m, score, most if meetings else 1, out.effective.value, out.effective, out.formula,
                      out.formula_reason, out.special, out.standard.k if out.standard else None,
                      out.standard.k_detail if out.standard else None, out.expected, out.bonus.value, out.bonus,
                      threshold.value, threshold, out.value, floor.value, floor, new > out.value, new, half_up(new),
                      new - prior, n + m, status_of(n + m),
                      terms(out, threshold, floor, new, x.pool), tuple(notes),
                      tuple(sources()))


def _expectancies(out: Outcome, opponents: Sequence[float]) -> list[float]:
    if out.standard:
        return list(out.standard.per_game)
    assert out.special is not None
    at = Fraction(out.special.value)
    return [float(pwe(at, Fraction(o))) for o in opponents]


def _peak(x: Inputs, n: int, notes: list[str]) -> float | None:
    """The highest established post-event rating: the one given, or at least the pre-event rating of an
    established player (itself such a rating)."""
    if x.rating is None or n <= rules().established_games:
        return None
    if x.peak is None:
        notes.append(f"peak: not given; the pre-event rating {x.rating:g}, an established rating, is taken as the peak "
                     "(give the peak: a higher one raises the floor)")
        return x.rating
    if x.peak < x.rating:
        notes.append(f"peak: {x.peak:g} is below the pre-event rating {x.rating:g}, itself an established rating: "
                     f"{x.rating:g} is the peak")
        return x.rating
    return x.peak


def _notes(x: Inputs, initial: Initial | None, out: Outcome, meetings: Counter[str], floor: Floor) -> list[str]:
    notes = []
    if initial is not None and initial.source != "given":
        notes.append("unrated: US Chess now blends a new player's other ratings (other US Chess pools, FIDE, CFC) into "
                     "his start, by formulas not public in any source read; only the age-based start is computed here "
                     "(give start and start_games to use the federation's start)")
    if initial is not None and initial.source == "adult":
        notes.append("age: not given, an adult (over 26) assumed: a start of 1300")
    if out.bonus.value > 0 and sum(meetings.values()) < len(x.games):
        notes.append(f"bonus: {len(x.games) - sum(meetings.values())} game(s) without an opponent's name are taken as "
                     "against different opponents (name them OPP:SCORE:NAME if one was met more than twice)")
    if x.dual and x.pool == "quick":
        notes.append("dual-rated, Quick rating: K not reduced (choice: US Chess reduced it to make Regular ratings "
                     "change more slowly)")
    if out.special and out.special.flat:
        low, high = out.special.flat
        notes.append(f"special formula: every rating from {low:g} to {high:g} fits the score equally; the one nearest "
                     f"the prior {out.special.prior:g} is taken")
    if x.career is None and floor.personal < rules().absolute_floor[4] and out.value < rules().absolute_floor[4]:
        notes.append("floor: the career's rated wins, draws and events are not given; the personal absolute floor counts "
                     "this event's only (it may be higher, up to 150)")
    if x.pool != rules().established_floor_pool and floor.peak is not None:
        notes.append(f"floor: no floor from the peak in the {x.pool.title()} pool (choice: US Chess's floors from a "
                     "peak are for the Regular rating)")
    return notes
