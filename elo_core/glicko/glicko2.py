"""Glicko-2, as Glickman's *Example of the Glicko-2 system* (glicko2.pdf) gives it.

A player has a rating r, a deviation RD and a volatility sigma. One rating period's games
(each opponent's rating, deviation and the score) give the new values:

* step 2: mu = (r - 1500) / 173.7178, phi = RD / 173.7178;
* step 3: v = 1 / sum g(phi_j)^2 E (1 - E), with g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2) and
  E = 1 / (1 + exp(-g(phi_j) (mu - mu_j)));
* step 4: Delta = v sum g(phi_j) (s_j - E);
* step 5: the new volatility sigma' by the Illinois iteration on f (tolerance 1e-6); after
  1000 iterations without converging it stops with an error, as lichess's does;
* step 6: phi* = sqrt(phi^2 + t sigma'^2), where the paper has t = 1 (one period); ``periods``
  gives any t, fractions included (lichess uses 0 inside a game and a fraction per idle day);
* steps 7-8: phi' = 1 / sqrt(1 / phi*^2 + 1 / v), mu' = mu + phi'^2 sum g(phi_j) (s_j - E),
  back to r' = 173.7178 mu' + 1500, RD' = 173.7178 phi'.

``advantage`` (rating points, default 0) is added to the player's side of the rating
difference inside E only, as Glickman's *glicko-boost* suggests for the first move and as
lichess does for White; the rating itself is not moved. With no games only step 6 applies,
with the old volatility. tau (the system constant) is 0.5 unless given.

>>> r = rate(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
>>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)
>>> sorted(r.to_dict())
['change', 'deviation', 'expected', 'games', 'rating', 'score', 'volatility']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from elo_core.errors import EloError
from elo_core.glicko import parse as check
from elo_core.glicko.parse import PeriodGame
from elo_core.plain import Plain

SCALE = 173.7178  # step 2's factor (400 / ln 10, as the paper rounds it)
CENTRE = 1500.0
TOLERANCE = 1e-6  # step 5's epsilon
MAX_ITERATIONS = 1000  # lichess (scalachess RatingCalculator) gives up here
DEFAULT_TAU = 0.5
DEFAULT_PERIODS = 1.0
MAX_DEVIATION = 500.0  # lichess's new players' deviation; the paper starts players at 350
MAX_TAU = 5.0  # the paper: "reasonable choices are between 0.3 and 1.2"
MAX_ADVANTAGE = 1000.0


@dataclass(frozen=True)
class Player(Plain):
    """A rating, its deviation and its volatility (all on the rating scale, r and RD)."""

    rating: float
    deviation: float
    volatility: float



@dataclass(frozen=True)
class Glicko2Result(Plain):
    rating: float
    deviation: float
    volatility: float
    change: float
    """New rating minus the old one."""
    games: int
    score: float
    expected: float
    """Sum of the expected scores (with the advantage), the E of step 3."""



def g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    """E(mu, mu_j, phi_j) of step 3, on the Glicko-2 scale.

    >>> expected(0.0, 0.0, 1.0)
    0.5
    """
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: sigma' by the Illinois algorithm, as the paper and lichess iterate it.

    >>> round(new_volatility(0.06, 200 / SCALE, 1.7785, -0.4834, 0.5), 5)
    0.06
    """
    a = math.log(sigma * sigma)
    spread = delta * delta - phi * phi - v

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (spread - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:  # the paper's test, as lichess writes it
        high = math.log(spread)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(MAX_ITERATIONS):
        if abs(high - low) <= TOLERANCE:
            return math.exp(low / 2.0)
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0  # the Illinois step: halve the stale end's value
        high, f_high = c, f_c
    # lichess counts 1000 iterations as a failure even when the last one converged
    raise EloError("volatility", f"the volatility iteration did not converge in {MAX_ITERATIONS} steps "
                                 "(lichess rejects such a game)")


def rate_period(player: Player, games: Sequence[PeriodGame], *, tau: float = DEFAULT_TAU,
                periods: float = DEFAULT_PERIODS, advantage: float = 0.0) -> Player:
    """Steps 2-8 on values already checked; ``games`` may be empty (step 6 alone)."""
    mu = (player.rating - CENTRE) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Player(player.rating, math.sqrt(phi * phi + periods * sigma * sigma) * SCALE, sigma)
    mu_own = mu + advantage / SCALE  # inside E only: mu itself is updated without it
    terms = []
    for game in games:
        phi_j = game.deviation / SCALE
        terms.append((g(phi_j), expected(mu_own, (game.rating - CENTRE) / SCALE, phi_j), game.score))
    v = 1.0 / sum(gj * gj * e * (1.0 - e) for gj, e, _ in terms)
    total = sum(gj * (s - e) for gj, e, s in terms)
    sigma_new = new_volatility(sigma, phi, v, v * total, tau)
    phi_star = math.sqrt(phi * phi + periods * sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Player(SCALE * mu_new + CENTRE, SCALE * phi_new, sigma_new)


def expected_total(player: Player, games: Sequence[PeriodGame], advantage: float = 0.0) -> float:
    mu = (player.rating + advantage - CENTRE) / SCALE
    return sum(expected(mu, (x.rating - CENTRE) / SCALE, x.deviation / SCALE) for x in games)


def rate(rating: Any, deviation: Any, volatility: Any, games: Any, *, tau: Any = DEFAULT_TAU,
            periods: Any = DEFAULT_PERIODS, advantage: Any = 0.0) -> Glicko2Result:
    """One rating period of Glicko-2 for one player, every input checked.

    ``games``: ``(rating, deviation, score)`` tuples, mappings or ``"R:RD:S"`` text.

    >>> rate(1500, 350, 0.06, [], periods=0).deviation
    350.0
    >>> rate(1500, 350, 0.06, [(1500, 350, 2)])
    Traceback (most recent call last):
    ...
    elo_core.errors.EloError: games[0].score: must be 1, 0.5 or 0 (win, draw, loss), not 2
    """
    player = Player(check.rating(rating), check.deviation(deviation, high=MAX_DEVIATION), check.volatility(volatility))
    played = check.period_games(games, MAX_DEVIATION)
    t = check.between(tau, "tau", 0.0, MAX_TAU, low_open=True)
    p = check.periods(periods)
    adv = check.between(advantage, "advantage", -MAX_ADVANTAGE, MAX_ADVANTAGE)
    new = rate_period(player, played, tau=t, periods=p, advantage=adv)
    return Glicko2Result(new.rating, new.deviation, new.volatility, new.rating - player.rating, len(played),
                         sum(x.score for x in played), expected_total(player, played, adv))
