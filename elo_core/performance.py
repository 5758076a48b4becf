"""Performance rating and the first rating of an unrated player: both are Ra + dp (table 8.1.1).

* Performance (FIDE Title Regulations B.01, 1.4.7-1.4.9): Ra is the average
  opponent rating rounded to a whole number (0.5 up), p the fraction scored
  rounded to two decimals (0.5 % up), Rp = Ra + dp(p).
* First rating (Rating Regulations B.02, 8.2, from 1 March 2024): Ra averages
  the rated opponents plus two hypothetical opponents rated 1800, both games
  drawn; Ru = Ra + dp, rounded to a whole number, at most 2200; published when
  based on at least 5 games against rated opponents (7.1.4) and at least 1400;
  a zero score in the player's first event is disregarded (8.2.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from . import inputs
from .inputs import EloError
from .tables import dp_from_fraction

HYPOTHETICAL_OPPONENT = 1800
HYPOTHETICAL_GAMES = 2
MAX_INITIAL = 2200
MIN_GAMES_FOR_PUBLICATION = 5
MIN_PUBLISHED = 1400
#: The first rating above is 8.2 as it stands from this day; the method before it is not modelled.
INITIAL_RATING_FROM = date(2024, 3, 1)


def _half_up(x: Fraction, places: int = 0) -> Decimal:
    """Round an exact fraction to ``places`` decimals, 0.5 up (away from zero)."""
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _rated_games(games: Any) -> tuple[list[tuple[int, float]], int]:
    parsed = inputs.games(games, allow_empty=False)
    rated = [(o, s) for o, s in parsed if o]
    return rated, len(parsed) - len(rated)


@dataclass(frozen=True)
class Performance:
    games: int
    """Games against rated opponents (unrated ones, 0, are skipped)."""
    skipped: int
    score: float
    average_opponent: int
    """Ra, rounded to a whole number."""
    fraction: float
    """p, rounded to two decimals."""
    dp: int
    performance: int

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def performance(games: Iterable[Any]) -> Performance:
    """FIDE performance rating Rp = Ra + dp.

    >>> performance([(2000, 1), (2000, 1), (2000, 1), (2000, 0)]).performance
    2193
    """
    rated, skipped = _rated_games(games)
    if not rated:
        raise EloError("games", "needs at least one game against a rated opponent")
    # Whole numbers only (a whole event calls this once a player): x rounded 0.5 up is
    # (2x + 1) // 2, so Ra = (2 sum + n) // 2n and, in half points h, p % = (100 h + n) // 2n.
    n = len(rated)
    ra = (2 * sum(o for o, _ in rated) + n) // (2 * n)
    halves = sum(int(2 * s) for _, s in rated)
    percent = (100 * halves + n) // (2 * n)
    dp = dp_from_fraction(Decimal(percent).scaleb(-2))
    return Performance(n, skipped, halves / 2, ra, percent / 100, dp, ra + dp)


@dataclass(frozen=True)
class InitialRating:
    games: int
    """Games against rated opponents."""
    skipped: int
    score: float
    average_opponent: float
    """Ra with the two hypothetical 1800 opponents, unrounded."""
    fraction: float
    """p with the two hypothetical draws, rounded to two decimals."""
    dp: int
    computed: int | None
    """Ra + dp rounded (before the 2200 cap); ``None`` when a zero score is disregarded."""
    initial_rating: int | None
    """What the rating would be (at most 2200); ``None`` when there is none."""
    published: bool
    conditions: tuple[tuple[str, bool, str], ...]
    """(name, met, explanation) for each condition of publication."""

    def to_dict(self) -> dict:
        d = dict(self.__dict__)
        d["conditions"] = [{"name": n, "met": m, "explanation": e} for n, m, e in self.conditions]
        return d


def initial_rating(games: Iterable[Any]) -> InitialRating:
    """First rating of an unrated player from all their games against rated opponents.

    >>> r = initial_rating([(1600, 1)] * 3 + [(1600, 0)] * 2)
    >>> r.initial_rating, r.published, round(r.average_opponent, 1), r.fraction, r.dp
    (1707, True, 1657.1, 0.57, 50)
    """
    rated, skipped = _rated_games(games)
    n = len(rated)
    score = sum(Fraction(s) for _, s in rated)
    conditions = [
        ("score", score > 0, "scored at least half a point (a zero score in the first event is disregarded, 8.2.1)"
         if score > 0 else "a zero score in the first event is disregarded (8.2.1): no rating yet"),
        ("games", n >= MIN_GAMES_FOR_PUBLICATION,
         f"{n} game{'s' if n != 1 else ''} against rated opponents; at least {MIN_GAMES_FOR_PUBLICATION} needed "
         "(may be pooled from events within 26 months, 7.1.4)"),
    ]
    if n == 0:
        raise EloError("games", "needs at least one game against a rated opponent")
    total = n + HYPOTHETICAL_GAMES
    ra = Fraction(sum(o for o, _ in rated) + HYPOTHETICAL_GAMES * HYPOTHETICAL_OPPONENT, total)
    p = _half_up((score + Fraction(HYPOTHETICAL_GAMES, 2)) / total, 2)
    dp = dp_from_fraction(p)
    computed = int(_half_up(ra + dp)) if score > 0 else None
    rating = min(computed, MAX_INITIAL) if computed is not None else None
    if computed is not None and computed > MAX_INITIAL:
        conditions.append(("maximum", True, f"{computed} is above the maximum first rating: capped at {MAX_INITIAL} (8.2.3)"))
    if rating is not None:
        conditions.append(("minimum", rating >= MIN_PUBLISHED,
                           f"{rating} is {'at least' if rating >= MIN_PUBLISHED else 'below'} {MIN_PUBLISHED}, "
                           f"the lowest rating published (7.1.4)"))
    published = rating is not None and all(met for _, met, _ in conditions)
    return InitialRating(n, skipped, float(score), float(ra), float(p), dp, computed, rating, published, tuple(conditions))
