"""The effective number of games N' (the rating system's section 3): how many games the rating is
worth, never more than the games it is based on, nor than N* (at most 50, fewer for lower ratings).

>>> e = effective_games(1500, 7)
>>> round(e.n_star, 2), e.value, e.limited_by
(16.57, 7.0, 'games')
>>> effective_games(2400, 80).value, effective_games(2400, 80).limited_by
(50.0, 'n_star')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from elo_core.plain import Plain
from elo_core.uscf.rules import rules


@dataclass(frozen=True)
class Effective(Plain):
    """N' = min(N, N*), with its parts."""

    games: int
    """N: the games the rating is based on (an unrated player's: from step 1)."""
    n_star: float
    value: float
    limited_by: str
    """``games`` (N' = N) or ``n_star`` (N' = N*)."""
    formula: str


def n_star(r0: float) -> float:
    """N* for a pre-event rating ``r0``."""
    cap, a, b, centre, top = rules().effective_games
    return float(cap) if r0 > top else cap / math.sqrt(a + b * (centre - r0) ** 2)


def effective_games(r0: float, games: int) -> Effective:
    star = n_star(r0)
    cap, a, b, centre, top = rules().effective_games
    formula = (f"N* = {cap} (R0 {r0:g} > {top})" if r0 > top else
               f"N* = {cap} / sqrt({a} + {b:.8f} x ({centre} - {r0:g})^2) = {star:.2f}")
    if games <= star:
        return Effective(games, star, float(games), "games", f"{formula}; N' = min(N {games}, N*) = {games}")
    return Effective(games, star, star, "n_star", f"{formula}; N' = min(N {games}, N*) = {star:.2f}")
