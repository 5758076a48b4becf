"""The expected score P(D) (Gewinnerwartung) and its inverse D(p), as the Wertungsordnung defines them.

P(D) is the normal distribution of the rating difference D (own DWZ minus the opponent's) with
standard deviation 200 x sqrt(2): P(D) = (1 + erf(D / 400)) / 2 (WO 3.3). The logistic formula
1 / (1 + 10^(-D/400)) is only the rulebook's approximation and gets real results wrong. Each game's
P(D) is rounded to 3 decimals and We is their sum: this reproduces every We the DSB published in
the evaluations checked (tests/dwz/test_dwz_published.py); it is kept in thousandths, so a sum is exact.

D(p), the inverse, is a whole number (WO 3.2: "ganzzahlige Wertungsdifferenz"): the nearest one.

>>> milli(0), milli(100), milli(-100), milli(400)
(500, 638, 362, 921)
>>> difference(0.638), difference(0.5)
(100, 0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from statistics import NormalDist

SIGMA = 200 * math.sqrt(2)
P_LIMIT = 0.001
"""D(p) is asked for p within [0.001, 0.999]: an iteration step of 0 % or 100 % would be infinite."""


def win_probability(d: float, sigma: float = SIGMA) -> float:
    """P(D), unrounded: the normal distribution at ``d`` (own rating minus the opponent's)."""
    return 0.5 * (1 + math.erf(d / (sigma * math.sqrt(2))))


def milli(d: float, sigma: float = SIGMA, decimals: int = 3) -> int:
    """P(D) rounded to ``decimals`` places (half up), in units of 10^-decimals (thousandths)."""
    unit = 10 ** decimals
    return int(math.floor(win_probability(d, sigma) * unit + 0.5))


def expected_milli(own: float, opponents: Iterable[float], sigma: float = SIGMA, decimals: int = 3) -> int:
    """We in thousandths: the sum of each game's rounded P(D)."""
    return sum(milli(own - opp, sigma, decimals) for opp in opponents)


def difference(p: float, sigma: float = SIGMA) -> int:
    """D(p): the whole rating difference whose P(D) is ``p`` (nearest), ``p`` held within ``P_LIMIT``."""
    p = min(max(p, P_LIMIT), 1 - P_LIMIT)
    return math.floor(NormalDist(0, sigma).inv_cdf(p) + 0.5)
