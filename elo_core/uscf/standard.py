"""The standard rating formula (the rating system's section 4.2):

    R = R0 + K (S - E) + bonus,   K = 800 / (N' + m),   E = sum 1 / (1 + 10^(-(R0 - Ri) / 400)),
    bonus = max(0, K (S - E) - B sqrt(max(m, 4)))  if m >= 3 and no opponent was met more than twice.

In a dual-rated event the Regular rating of a player above 2200 moves with a smaller K.

>>> r = standard(1900, 50, [1700, 1800, 1900, 2000], 2.5, 10, max_meetings=1)
>>> round(r.k, 2), round(r.expected, 3), round(r.change, 2), round(r.bonus.value, 2)
(14.81, 2.26, 3.56, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from elo_core.plain import Plain
from elo_core.uscf.rules import rules


@dataclass(frozen=True)
class KFactor(Plain):
    """K with its parts: 800 / (N' + m), and the dual-rated reduction where it applies."""

    base: float
    """800 / (N' + m)."""
    factor: float
    """1, or the dual-rated reduction (6.5 - 0.0025 R0, or 0.25 from 2500)."""
    value: float
    rule: str


@dataclass(frozen=True)
class Bonus(Plain):
    applies: bool
    reason: str
    threshold: int
    """B, by the event's end date."""
    games_counted: int
    """max(m, 4): a 3-game event counts as 4."""
    threshold_points: float
    """B sqrt(max(m, 4)): the gain K (S - E) above which the bonus starts."""
    value: float


@dataclass(frozen=True)
class StandardResult(Plain):
    k: float
    k_detail: KFactor
    expected: float
    """E = sum We(R0, Ri)."""
    per_game: tuple[float, ...]
    """Each game's We."""
    change: float
    """K (S - E), before the bonus."""
    bonus: Bonus
    value: float
    formula: str


def we(r0: float, ri: float) -> float:
    """Standard winning expectancy."""
    return 1 / (1 + 10 ** (-(r0 - ri) / rules().expectancy))


def k_factor(r0: float, effective_games: float, m: int, dual_regular: bool) -> KFactor:
    """K of a player rated ``r0`` (N' ``effective_games``) over ``m`` games; ``dual_regular``: the Regular
    rating of a dual-rated event, where a player above 2200 moves more slowly."""
    r = rules()
    base = r.k_numerator / (effective_games + m)
    low, high, a, b, top = r.dual_k
    if not dual_regular:
        return KFactor(base, 1.0, base, f"K = {r.k_numerator} / (N' + m) = {r.k_numerator} / "
                                        f"({effective_games:.2f} + {m}) = {base:.2f}")
    if r0 <= low:
        factor, why = 1.0, f"dual-rated, R0 {r0:g} <= {low}: K not reduced"
    elif r0 < high:
        factor, why = a - b * r0, f"dual-rated, {low} < R0 < {high}: K x ({a} - {b} x {r0:g})"
    else:
        factor, why = top / r.k_numerator, f"dual-rated, R0 >= {high}: K = {top} / (N' + m)"
    return KFactor(base, factor, base * factor, f"{why} = {base:.2f} x {factor:.4f} = {base * factor:.2f}")


def bonus(gain: float, m: int, threshold: int, max_meetings: int) -> Bonus:
    """The bonus for a gain ``gain`` = K (S - E) over ``m`` games, ``max_meetings`` the most games
    against one opponent, ``threshold`` B of the event's end date."""
    least, most_meetings, counted_min = rules().bonus
    counted = max(m, counted_min)
    points = threshold * math.sqrt(counted)
    if m < least:
        return Bonus(False, f"{m} game{'' if m == 1 else 's'}: a bonus needs {least} or more", threshold, counted, points,
                     0.0)
    if max_meetings > most_meetings:
        return Bonus(False, f"an opponent met {max_meetings} times: no bonus when one is met more than {most_meetings} "
                            "times", threshold, counted, points, 0.0)
    value = max(0.0, gain - points)
    return Bonus(True, f"K (S - E) {gain:.2f} - B {threshold} x sqrt({counted}) {points:.2f}"
                       + (" > 0" if value > 0 else " <= 0: no bonus"), threshold, counted, points, value)


def standard(r0: float, effective_games: float, opponents: Sequence[float], score: float, threshold: int, *,
             max_meetings: int, dual_regular: bool = False) -> StandardResult:
    m = len(opponents)
    k = k_factor(r0, effective_games, m, dual_regular)
    per_game = tuple(we(r0, o) for o in opponents)
    expected = sum(per_game)
    change = k.value * (score - expected)
    b = bonus(change, m, threshold, max_meetings)
    value = r0 + change + b.value
    formula = (f"R = R0 + K (S - E) + bonus = {r0:g} + {k.value:.2f} x ({score:g} - {expected:.3f})"
               + (f" + {b.value:.2f}" if b.value else "") + f" = {value:.2f}")
    return StandardResult(k.value, k, expected, per_game, change, b, value, formula)
