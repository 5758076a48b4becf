"""First ratings (Erst-DWZ) and performances: who may get one (the two stages, WO 3.4), the
simultaneous iteration that finds them (Gesamtiteration, WO Anhang 1.1), the final rule (classic:
below 800, 700 + Ri / 8; 2026: the new formula), and the performance Rh (Turnierleistung, WO 3.6).

The iteration: each new player starts at Rp = Rc + D(W / n) (Rc the average of the opponents
counted at the start, unrounded); then, for every new player at once, We from the current values
gives p' = 0.5 + (W - We) / n and Rp moves by D(p'), until no whole number changes (D(p') = 0 for
all). A player's games against another new player use that player's current value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from elo_core.dwz.coefficient import half_up
from elo_core.dwz.expected import difference, expected_milli
from elo_core.dwz.rules import Classic, Reform
from elo_core.plain import Plain

Opponent = str | Fraction
"""A new player's key (its value changes during the iteration) or a fixed rating (exact: an average may be one)."""
Game = tuple[Opponent, float]
MAX_STEPS = 1000
"""The iteration moves by whole numbers toward a fixed point; this many steps without one is reported, not hidden."""
TRACE_STEPS = 60
"""Steps kept for the page's explanation of the iteration (all of them are counted)."""


@dataclass(frozen=True)
class Iteration(Plain):
    """The iteration's result: each new player's final value Ri, and the values step by step."""

    values: Mapping[str, float]
    steps: tuple[Mapping[str, float], ...]
    """Step 0 (the start values), then each step's values, at most :data:`TRACE_STEPS` + 1."""
    iterations: int
    settled: bool
    """False: neither a fixed point nor a swing within :data:`MAX_STEPS` steps (the last values are kept)."""
    swing: bool
    """Ended where the next step would return to values already reached (the last values are kept)."""


def average(values: Iterable[Fraction | float]) -> Fraction:
    """The exact average (Rc): an average is not rounded before it is used."""
    exact = [Fraction(v) for v in values]
    return sum(exact, Fraction(0)) / len(exact)


def start_value(opponents: Sequence[Fraction | float], score: float, sigma: float) -> Fraction:
    """Rp = Rc + D(W / n): the iteration's start (Anhang 1.1.1)."""
    return average(opponents) + difference(score / len(opponents), sigma)


def iterate(start: Mapping[str, Fraction], games: Mapping[str, Sequence[Game]], sigma: float, decimals: int) -> Iteration:
    """Move every new player's value (``start``, by key) by D(0.5 + (W - We) / n) at once, until none
    moves; where a step would return to values already reached (the whole numbers swing between two
    neighbours around the solution), the values reached last are kept."""
    current = dict(start)
    steps = [_floats(current)]
    seen = {tuple(current.values())}
    for step in range(1, MAX_STEPS + 1):
        moves = {}
        for key, played in games.items():
            opponents = [current[o] if isinstance(o, str) else o for o, _ in played]
            we = Fraction(expected_milli(float(current[key]), map(float, opponents), sigma, decimals), 10 ** decimals)
            p = Fraction(1, 2) + (Fraction(sum(s for _, s in played)) - we) / len(played)
            moves[key] = difference(float(p), sigma)
        if not any(moves.values()):
            return Iteration(_floats(current), tuple(steps), step - 1, True, False)
        following = {key: value + moves[key] for key, value in current.items()}
        if tuple(following.values()) in seen:
            return Iteration(_floats(current), tuple(steps), step - 1, True, True)
        current = following
        seen.add(tuple(current.values()))
        if len(steps) <= TRACE_STEPS:
            steps.append(_floats(current))
    return Iteration(_floats(current), tuple(steps), MAX_STEPS, False, False)


def _floats(values: Mapping[str, Fraction]) -> dict[str, float]:
    return {k: float(v) for k, v in values.items()}


@dataclass(frozen=True)
class Performance(Plain):
    """Rh, the rating at which We equals W (WO 3.6): the iteration for one player against fixed opponents."""

    value: int | None
    average_opponent: float
    start: float | None
    iterations: int
    rule: str


def performance(games: Sequence[tuple[Fraction | float, float]], rules: Classic | Reform) -> Performance:
    """The performance of ``games`` (opponent's rating, score), at least 5 of them; None below that.

    >>> from elo_core.dwz.rules import classic
    >>> performance([(1800, 1), (1800, 0.5), (1800, 0.5), (1800, 0), (1800, 0.5)], classic()).value
    1800
    """
    opponents = [o for o, _ in games]
    rc = float(average(opponents)) if opponents else 0.0
    score = sum(s for _, s in games)
    if len(games) < rules.first_min_games:
        return Performance(None, rc, None, 0, f"fewer than {rules.first_min_games} games: no performance")
    if score in (0, len(games)):
        sign = 1 if score else -1
        return Performance(int(half_up(rc + sign * rules.extreme_d)), rc, None, 0,
                           f"{'100' if score else '0'} %: the opponents' average {'+' if score else '-'} {rules.extreme_d}")
    start = start_value(opponents, score, rules.sigma)
    it = iterate({"": start}, {"": [(Fraction(o), s) for o, s in games]}, rules.sigma, rules.p_decimals)
    return Performance(int(half_up(it.values[""])), rc, float(start), it.iterations, "the rating at which We = W")


def stage_of(scores: Sequence[float], rules: Classic | Reform, against: str = "rated players") -> str | None:
    """Why the games ``against`` the stage's opponents give no first DWZ (None: they do): too few, 0 %
    or 100 % (2026: 100 % is met with a fictitious draw instead)."""
    n, w = len(scores), sum(scores)
    if n < rules.first_min_games:
        return f"{n} game{'s' if n != 1 else ''} against {against} (at least {rules.first_min_games} needed)"
    if w == 0:
        return f"0 % against {against}: no first DWZ"
    if w == n and not (isinstance(rules, Reform) and rules.perfect_draw):
        return f"100 % against {against}: no first DWZ"
    return None


@dataclass(frozen=True)
class FirstRule(Plain):
    """The final rule from the iteration's value Ri (or performance Rh) to the first DWZ Rn."""

    ri: float
    value: int
    rule: str


def first_dwz(ri: float, rules: Classic | Reform) -> FirstRule:
    """Classic: Rn = Ri, or 700 + Ri / 8 below 800 (WO 3.4). 2026: Rh from 2000; Rh + r (2000 - Rh)
    from 1100; 1100 + (9 r / 11) Rh below; never below 1100. Rounded half up.

    >>> from elo_core.dwz.rules import classic, reform
    >>> first_dwz(640, classic()).value, first_dwz(1100, reform()).value, first_dwz(2100.4, reform()).value
    (780, 1172, 2100)
    """
    if isinstance(rules, Classic):
        low, base, divisor = rules.first_low
        if ri < low:
            return FirstRule(ri, int(half_up(base + Fraction(ri) / divisor)), f"Ri < {low}: Rn = {base} + Ri / {divisor}")
        return FirstRule(ri, int(half_up(ri)), f"Ri >= {low}: Rn = Ri")
    top, r = rules.first_formula
    rate = Fraction(str(r))
    if ri >= top:
        value, rule = half_up(ri), f"Rh >= {top}: Rn = Rh"
    elif ri >= rules.floor:
        value, rule = half_up(Fraction(ri) + rate * (top - Fraction(ri))), f"{rules.floor} <= Rh < {top}: Rn = Rh + {r} ({top} - Rh)"
    else:
        value = half_up(rules.floor + 9 * rate / 11 * Fraction(max(ri, 0.0)))
        rule = f"Rh < {rules.floor}: Rn = {rules.floor} + (9 x {r} / 11) Rh"
    return FirstRule(ri, max(int(value), rules.floor), rule)


@dataclass(frozen=True)
class FirstResult(Plain):
    """A new player's way to a first DWZ, or why there is none (then the games kept as Restpartien)."""

    stage: int | None
    """1 or 2 (1. or 2. Zusatzstufe); None: no first DWZ."""
    reason: str | None
    """Why there is no first DWZ (None when there is one)."""
    games: int
    score: float
    average_opponent: float | None
    start: float | None
    """Rp at step 0: Rc + D(W / n)."""
    steps: tuple[float, ...]
    """The player's value after each step (step 0 first), at most :data:`TRACE_STEPS` + 1 of them."""
    iterations: int
    settled: bool
    swing: bool
    ri: float | None
    rule: str | None
    new_rating: int | None
    fictitious_draw: float | None
    """2026, 100 %: the fictitious draw's opponent (the opponents' average, rounded)."""
    restpartien: tuple[tuple[float, float], ...]
    """No first DWZ: the games kept for the next evaluation (opponent's DWZ, score), for 2 years (WO 4.1.1)."""
