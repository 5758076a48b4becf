"""The K-factor advisor: which K applies to a player, and which rule of 8.3.3 set it.

FIDE Rating Regulations B.02 (2024) 8.3.3, the same in the rapid/blitz chapter
since 1 October 2022 (before that rapid and blitz used K = 20 for everyone).
The Handbook lists the rules without an order; where two could apply this
follows FIDE's published lists: reached 2400 -> 10, then a junior under 2300
-> 40, then a new player (under 30 games) -> 40, else 20. Last, K x n <= 700.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from elo_core import limits, parse
from elo_core.fide.rules import MAX_K_TIMES_GAMES, require_modelled
from elo_core.plain import Plain

RAPID_BLITZ_OWN_K_UNTIL = date(2022, 10, 1)


@dataclass(frozen=True)
class KAdvice(Plain):
    k: int
    base_k: int
    """K before the K x n <= 700 rule."""
    rule: str
    """Short name of the rule that set K: reached-2400, junior, new-player, standard, rapid-blitz-2022, k-times-n."""
    reason: str



def k_factor(rating: Any, games_played: Any, *, birth_year: Any = None, reached_2400: bool = False,
             period_games: Any = None, on: Any = None, kind: str = "standard") -> KAdvice:
    """The K for a player on the date ``on`` (default today).

    ``games_played``: rated games completed before this period; ``period_games``:
    games in this rating period (for K x n <= 700).

    >>> k_factor(1800, 12).k, k_factor(1800, 50).k, k_factor(2350, 200, reached_2400=True).k
    (40, 20, 10)
    >>> a = k_factor(1800, 10, period_games=20)
    >>> a.k, a.rule
    (35, 'k-times-n')
    """
    rating = parse.rating(rating)
    games_played = parse.whole(games_played, "games_played", 0, 100_000)
    kind = parse.choice(kind, "kind", limits.KINDS)
    on = parse.day(on, "date") if on is not None else date.today()
    require_modelled(on, "date")  # as rate() does
    year = parse.whole(birth_year, "birth_year", 1900, on.year) if birth_year not in (None, "") else None
    reached = bool(reached_2400) or rating >= 2400

    if kind != "standard" and on < RAPID_BLITZ_OWN_K_UNTIL:
        base, rule, why = 20, "rapid-blitz-2022", "before 1 October 2022, rapid and blitz used K = 20 for every player"
    elif reached:
        base, rule, why = 10, "reached-2400", "the published rating has reached 2400: K = 10 for good, even if it drops"
    elif year is not None and on.year <= year + 18 and rating < 2300:
        base, rule, why = 40, "junior", f"a junior (born {year}) until the end of {year + 18}, rated under 2300"
    elif games_played < 30:
        base, rule, why = 40, "new-player", f"new to the list: {games_played} of 30 games completed"
    else:
        base, rule, why = 20, "standard", "rated under 2400 with at least 30 games"
    k, reason = base, f"K = {base}: {why}"
    if period_games not in (None, ""):
        n = parse.whole(period_games, "period_games", 0, limits.MAX_GAMES)
        if n and base * n > MAX_K_TIMES_GAMES:
            k, rule = MAX_K_TIMES_GAMES // n, "k-times-n"
            reason += f". With {n} games in the period K x n may not exceed 700, so K = {k}"
    return KAdvice(k, base, rule, reason)
