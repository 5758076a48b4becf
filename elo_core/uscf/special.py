"""The special rating formula (the rating system's section 4.1), by its own iteration.

The special rating is the M at which the player's score, with the prior counted as N' games,
equals the sum of the provisional winning expectancies:

    f(M) = N' PWE(M, R0') + sum_i PWE(M, Ri) - S' = 0,   PWE(R, Ri) = 0.5 + (R - Ri) / 800 within 400.

f is piecewise linear and never decreases. The iteration starts from the "old provisional
formula" M = (N' R0' + sum Ri + 400 (2S - m)) / (N' + m) and walks down (f > epsilon) or up
(f < -epsilon) between the knots Ri +- 400 and R0' +- 400, by the secant on each linear piece.
Where f is flat at zero around M, the special rating is the point of that flat stretch nearest the
prior R0. Above 2700 it is 2700. Arithmetic is exact (fractions): the secant on a linear piece lands
on its zero, so the answer does not hang on rounding.

>>> r = special(1500, 7, "mixed", [1600, 1200], 2)
>>> round(r.start, 2), round(r.value, 2), r.objective, r.flat
(1566.67, 1566.67, 0.0, None)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from elo_core.plain import Plain
from elo_core.uscf.rules import rules

HISTORIES = ("mixed", "all-wins", "all-losses")


@dataclass(frozen=True)
class Step(Plain):
    """One move of the iteration: where M went, why, and f there."""

    rule: str
    """``start`` (the old provisional formula), ``secant`` (the zero of f on a linear piece), ``knot`` (the
    next knot: the zero lies beyond it), ``flat`` (f is flat to the next knot), ``nearest the prior``."""
    m: float
    f: float


@dataclass(frozen=True)
class SpecialResult(Plain):
    prior: float
    """R0: the pre-event rating, or an unrated player's start."""
    effective_games: float
    history: str
    adjusted_prior: float
    """R0' (R0 - 400 after all wins, R0 + 400 after all losses, else R0)."""
    adjusted_score: float
    """S' (S + N' after all wins, S after all losses, else S + N'/2)."""
    score: float
    games: int
    start: float
    """The old provisional formula, the iteration's first M."""
    steps: tuple[Step, ...]
    value: float
    """The M that makes f zero (before the cap)."""
    objective: float
    """f at ``value``: zero within epsilon."""
    prior_part: float
    """N' PWE(M, R0'): the prior's share of S'."""
    expected: float
    """sum PWE(M, Ri): the score the event's games are worth at M."""
    near: int
    """p: the opponents (and R0') within 400 of M; 0 means M is on a flat stretch of f."""
    flat: tuple[float, float] | None
    """The flat stretch [za, zb] on which the prior chose M, where there was one."""
    capped: bool
    new_rating: float
    formula: str


def pwe(r: Fraction, ri: Fraction) -> Fraction:
    """Provisional winning expectancy."""
    width = rules().pwe_width
    if r <= ri - width:
        return Fraction(0)
    if r >= ri + width:
        return Fraction(1)
    return Fraction(1, 2) + (r - ri) / (2 * width)


def adjusted(prior: Fraction, n: Fraction, history: str, score: Fraction) -> tuple[Fraction, Fraction]:
    """R0' and S' after the player's earlier games (all wins, all losses, or mixed)."""
    shift = rules().special_adjustment
    if history == "all-wins":
        return prior - shift, score + n
    if history == "all-losses":
        return prior + shift, score
    return prior, score + n / 2


def _objective_at_knots(terms: list[tuple[Fraction, Fraction]], adjusted_score: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """The knots (each centre +- 400) and f at each, in one sweep: between knots f is linear, its slope
    the weights of the terms whose centre is within 400, over 800. So a long event costs one pass,
    not one pass over its games per step of the iteration."""
    width = rules().pwe_width
    change: dict[Fraction, Fraction] = {}
    for weight, centre in terms:
        change[centre - width] = change.get(centre - width, Fraction(0)) + weight / (2 * width)
        change[centre + width] = change.get(centre + width, Fraction(0)) - weight / (2 * width)
    knots = sorted(change)
    values, slope = [-adjusted_score], Fraction(0)  # below every knot each PWE is 0
    for here, there in zip(knots, knots[1:]):
        slope += change[here]
        values.append(values[-1] + slope * (there - here))
    return knots, values


def special(prior: float, effective_games: float, history: str, opponents: Sequence[float], score: float) -> SpecialResult:
    """The special rating of a player (prior ``prior``, worth ``effective_games`` games, earlier games
    ``history``) who scored ``score`` against ``opponents`` (at least one)."""
    r = rules()
    r0, n, s = Fraction(prior), Fraction(effective_games), Fraction(score)
    ratings = [Fraction(o) for o in opponents]
    m = len(ratings)
    r0a, sa = adjusted(r0, n, history, s)
    eps = Fraction(r.special_epsilon)

    knots, at_knots = _objective_at_knots([(n, r0a), *((Fraction(1), ri) for ri in ratings)], sa)

    def f(x: Fraction) -> Fraction:
        """f is linear between knots: its value anywhere from its values at the two knots around."""
        i = bisect_right(knots, x)
        if i == 0 or i == len(knots):
            return at_knots[min(i, len(knots) - 1)]
        low, high = knots[i - 1], knots[i]
        return at_knots[i - 1] + (at_knots[i] - at_knots[i - 1]) * (x - low) / (high - low)

    start = (n * r0a + sum(ratings, Fraction(0)) + r.pwe_width * (2 * s - m)) / (n + m)
    x, fx = start, f(start)
    steps = [Step("start", float(x), float(fx))]
    for _ in range(4 * len(knots) + 8):  # each knot is passed at most once each way; the rest is one secant
        if abs(fx) <= eps:
            break
        down = fx > 0
        i = bisect_left(knots, x) - 1 if down else bisect_right(knots, x)
        if not 0 <= i < len(knots):
            break
        z = knots[i]
        fz = f(z)
        if abs(fx - fz) < eps:
            x, fx, rule = z, fz, "flat"
        else:
            guess = x - fx * (x - z) / (fx - fz)
            if (guess < z) if down else (guess > z):
                x, fx, rule = z, fz, "knot"
            elif (z <= guess < x) if down else (x < guess <= z):
                x, fx, rule = guess, f(guess), "secant"
            else:
                break
        steps.append(Step(rule, float(x), float(fx)))
    near = sum(1 for ri in ratings if abs(x - ri) <= r.pwe_width) + (abs(x - r0a) <= r.pwe_width)
    flat = None
    if abs(fx) <= eps and near == 0:
        za = knots[bisect_right(knots, x) - 1] if knots[0] <= x else x
        zb = knots[bisect_left(knots, x)] if x <= knots[-1] else x
        flat = (float(za), float(zb))
        x = min(max(r0, za), zb)
        fx = f(x)
        steps.append(Step("nearest the prior", float(x), float(fx)))
    capped = x > r.special_cap
    new = Fraction(r.special_cap) if capped else x
    prior_part = n * pwe(x, r0a)
    formula = (f"{float(n):.2f} x PWE(M, {float(r0a):g}) + sum PWE(M, Ri) = S' {float(sa):g} at M = {float(x):.2f}"
               + (f"; capped at {r.special_cap}" if capped else ""))
    return SpecialResult(float(r0), float(n), history, float(r0a), float(sa), float(s), m, float(start), tuple(steps),
                         float(x), float(fx), float(prior_part), float(sum((pwe(x, ri) for ri in ratings), Fraction(0))),
                         near, flat, capped, float(new), formula)
