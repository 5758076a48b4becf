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

from elo_core import parse
from elo_core.errors import EloError
from elo_core.fide.tables import dp_from_fraction
from elo_core.plain import Plain

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


def average_opponent(total: int, n: int) -> int:
    """Ra (B.01 1.4.7): the average of ``n`` ratings summing to ``total``, rounded 0.5 up. Whole numbers
    only: x rounded 0.5 up is (2x + 1) // 2, so Ra = (2 total + n) // 2n.

    >>> average_opponent(4001, 2), average_opponent(4003, 2), average_opponent(6001, 3)
    (2001, 2002, 2000)
    """
    return (2 * total + n) // (2 * n)


def percent_scored(halves: int, n: int) -> int:
    """p (B.01 1.4.9) in whole percent, rounded 0.5 up, for a score of ``halves`` half points in ``n``
    games: (100 h + n) // 2n; 0 for no games.

    >>> percent_scored(13, 9), percent_scored(1, 8), percent_scored(0, 0)
    (72, 6, 0)
    """
    return (100 * halves + n) // (2 * n) if n else 0


def performance_from(ra: int, halves: int, n: int) -> tuple[int, int]:
    """(Rp, dp): Rp = Ra + dp(p), dp from table 8.1.1 (B.01 1.4.8, 1.4.9)."""
    dp = dp_from_fraction(Decimal(percent_scored(halves, n)).scaleb(-2))
    return ra + dp, dp


def _rated_games(games: Any) -> tuple[list[tuple[int, float]], int]:
    parsed = parse.games(games, allow_empty=False)
    rated = [(o, s) for o, s in parsed if o]
    return rated, len(parsed) - len(rated)


@dataclass(frozen=True)
class Performance(Plain):
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


def performance(games: Iterable[Any]) -> Performance:
    """FIDE performance rating Rp = Ra + dp.

    >>> performance([(2000, 1), (2000, 1), (2000, 1), (2000, 0)]).performance
    2193
    """
    rated, skipped = _rated_games(games)
    if not rated:
        raise EloError("games", "needs at least one game against a rated opponent")
    n = len(rated)
    ra = average_opponent(sum(o for o, _ in rated), n)
    halves = sum(int(2 * s) for _, s in rated)
    rp, dp = performance_from(ra, halves, n)
    return Performance(n, skipped, halves / 2, ra, percent_scored(halves, n) / 100, dp, rp)


@dataclass(frozen=True)
class Publication(Plain):
    """A condition of publication of a first rating (8.2, 7.1.4), and whether it is met."""

    name: str
    met: bool
    explanation: str


@dataclass(frozen=True)
class InitialRating(Plain):
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
    conditions: tuple[Publication, ...]


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
    return InitialRating(n, skipped, float(score), float(ra), float(p), dp, computed, rating, published,
                         tuple(Publication(*c) for c in conditions))
