"""Planning ahead, on top of :func:`~elo_core.fide.rating.rate`: what the next game would do, and the
score the remaining games need for a target rating."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from elo_core import limits, parse
from elo_core.errors import EloError
from elo_core.fide.rating import OUTCOMES, RatingChange, rate
from elo_core.plain import Plain


def what_if(rating: Any, k: Any, games: Iterable[Any], opponent: Any, **options: Any) -> dict[str, RatingChange]:
    """The whole period's result if the next game, against ``opponent``, is a win, a draw or a loss.

    >>> w = what_if(1800, 20, [(1750, 1)], 1900, rules="2025-10-01")
    >>> [w[r].change_rounded for r in ("win", "draw", "loss")]
    [21, 11, 1]
    """
    games = list(parse.games(games))
    opponent = parse.rating(opponent, "opponent")
    return {name: rate(rating, k, games + [(opponent, s)], **options) for name, s in OUTCOMES}


@dataclass(frozen=True)
class ScoreNeeded(Plain):
    """The least score in the remaining games that reaches a target rating."""

    target: int
    points: float | None
    """Points needed in the remaining games; ``None``: the target cannot be reached."""
    of: int
    """Remaining games that count (a game that would not be rated cannot help)."""
    already: bool
    """The target is reached even with no points."""
    result: RatingChange | None
    """The whole period's result with exactly ``points`` scored."""



def score_needed(rating: Any, k: Any, games: Iterable[Any], remaining: Iterable[Any], target: Any,
                 **options: Any) -> ScoreNeeded:
    """What is needed in the remaining games (opponent ratings) to reach ``target``.

    The change depends on the total score only, not on which game is won, and
    grows with it, so a binary search over half points finds the least score.

    >>> s = score_needed(1950, 20, [(1900, 0.5)], [2000, 2050], 1970, rules="2025-10-01")
    >>> s.points, s.result.new_rating
    (2.0, 1973)
    >>> score_needed(1950, 20, [(1900, 0.5)], [2000, 2050], 2000, rules="2025-10-01").points is None
    True
    """
    games = list(parse.games(games))
    remaining = list(parse.ratings(remaining, "remaining"))
    if not remaining:
        raise EloError("remaining", "needs at least one remaining game")
    if len(games) + len(remaining) > limits.MAX_GAMES:
        raise EloError("remaining", f"at most {limits.MAX_GAMES} games in all")
    target = parse.rating(target, "target")
    base = rate(rating, k, games + [(r, 0) for r in remaining], **options)
    playable = [i for i, g in enumerate(base.games[len(games):]) if g.counted]

    def with_half_points(h: int) -> RatingChange:
        scores = [0.0] * len(remaining)
        for i in playable[: h // 2]:
            scores[i] = 1.0
        if h % 2:
            scores[playable[h // 2]] = 0.5
        return rate(rating, k, games + list(zip(remaining, scores)), **options)

    low, high = 0, 2 * len(playable)
    if with_half_points(high).new_rating < target:
        return ScoreNeeded(target, None, len(playable), False, None)
    while low < high:
        mid = (low + high) // 2
        if with_half_points(mid).new_rating >= target:
            high = mid
        else:
            low = mid + 1
    return ScoreNeeded(target, low / 2, len(playable), low == 0, with_half_points(low))
