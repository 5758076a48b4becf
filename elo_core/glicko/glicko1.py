"""Glicko (Glicko-1), as Glickman's *The Glicko system* (glicko.pdf) gives it.

* Step 1: the deviation at the start of the period is RD = min(sqrt(RD_old^2 + c^2 t), 350),
  with t the rating periods since the deviation was last updated. ``periods`` defaults to 0,
  so the deviation given is taken as already at the start of the period, as in the paper's
  example; c defaults to 34.6, the paper's illustration (RD 50 back to 350 in 100 periods).
* Step 2: with q = ln 10 / 400, g(RD) = 1 / sqrt(1 + 3 q^2 RD^2 / pi^2),
  E = 1 / (1 + 10^(-g(RD_j) (r - r_j) / 400)) and d^2 = 1 / (q^2 sum g(RD_j)^2 E (1 - E)):
  r' = r + q / (1 / RD^2 + 1 / d^2) sum g(RD_j) (s_j - E), RD' = sqrt(1 / (1 / RD^2 + 1 / d^2)).

With no games the rating stays and the deviation is step 1's.

>>> r = rate(1500, 200, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
>>> round(r.rating), round(r.deviation, 1)
(1464, 151.4)
>>> sorted(r.to_dict())
['change', 'deviation', 'deviation_before', 'expected', 'games', 'rating', 'score']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from elo_core.glicko import parse as check
from elo_core.glicko.parse import PeriodGame
from elo_core.plain import Plain

Q = math.log(10) / 400
MAX_DEVIATION = 350.0  # the paper's cap: an unrated player's deviation
DEFAULT_C = 34.6
DEFAULT_PERIODS = 0.0


@dataclass(frozen=True)
class Glicko1Result(Plain):
    rating: float
    deviation: float
    deviation_before: float
    """Step 1's deviation: the one at the start of the period, after ``periods`` of growth."""
    change: float
    games: int
    score: float
    expected: float



def g(rd: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * Q * Q * rd * rd / (math.pi * math.pi))


def expected(rating: float, opponent: float, opponent_deviation: float) -> float:
    """E of step 2.

    >>> round(expected(1500, 1400, 30), 3)
    0.639
    """
    return 1.0 / (1.0 + math.pow(10.0, -g(opponent_deviation) * (rating - opponent) / 400.0))


def onset_deviation(deviation: float, c: float, periods: float) -> float:
    """Step 1: the deviation grown over ``periods`` idle periods, never above 350.

    >>> round(onset_deviation(50, 34.6, 100), 1), onset_deviation(50, 34.6, 200)
    (349.6, 350.0)
    """
    return min(math.sqrt(deviation * deviation + c * c * periods), MAX_DEVIATION)


def rate_period(rating: float, deviation: float, games: Sequence[PeriodGame]) -> tuple[float, float]:
    """Step 2 on checked values, ``deviation`` being step 1's: the new rating and deviation."""
    if not games:
        return rating, deviation
    terms = [(g(x.deviation), expected(rating, x.rating, x.deviation), x.score) for x in games]
    d2 = 1.0 / (Q * Q * sum(gj * gj * e * (1.0 - e) for gj, e, _ in terms))
    precision = 1.0 / (deviation * deviation) + 1.0 / d2
    return rating + Q / precision * sum(gj * (s - e) for gj, e, s in terms), math.sqrt(1.0 / precision)


def rate(rating: Any, deviation: Any, games: Any, *, c: Any = DEFAULT_C,
            periods: Any = DEFAULT_PERIODS) -> Glicko1Result:
    """One rating period of Glicko-1 for one player, every input checked.

    ``games``: ``(rating, deviation, score)`` tuples, mappings or ``"R:RD:S"`` text.

    >>> rate(1500, 50, [], periods=200).deviation
    350.0
    >>> rate(1500, 400, [])
    Traceback (most recent call last):
    ...
    elo_core.errors.EloError: deviation: must be more than 0 and at most 350, not 400
    """
    r = check.rating(rating)
    rd = check.deviation(deviation, high=MAX_DEVIATION)
    played = check.period_games(games, MAX_DEVIATION)
    cc = check.between(c, "c", 0.0, MAX_DEVIATION)
    start = onset_deviation(rd, cc, check.periods(periods))
    new_rating, new_deviation = rate_period(r, start, played)
    return Glicko1Result(new_rating, new_deviation, start, new_rating - r, len(played),
                         sum(x.score for x in played), sum(expected(r, x.rating, x.deviation) for x in played))
