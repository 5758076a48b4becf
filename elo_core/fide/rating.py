"""Expected scores and rating changes: one game, a tournament or a rating period.

(What-if and the score needed for a target build on :func:`rate`: :mod:`elo_core.fide.planning`.)

Two methods, side by side:

* ``fide``: the FIDE Rating Regulations (Handbook B.02): expected score from
  table 8.1.2 (8.1.2), the 400-point rule as in force on the date (8.3.1),
  dR = score - PD per game and K x sum(dR) for the event (8.3.2), K x n <= 700
  (8.3.3), rounding to the nearest whole number with 0.5 away from zero
  (8.3.4). Arithmetic in :class:`~decimal.Decimal`, so ties round as FIDE's do.
* ``logistic``: the classic Elo formula E = 1 / (1 + 10^((Ropp - Rown) / 400))
  with any K, unrounded, optionally with the difference capped at 400.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from elo_core import limits, parse
from elo_core.errors import EloError
from elo_core.fide.rules import MAX_K_TIMES_GAMES, Rules, rules_in_force
from elo_core.fide.tables import expected_from_table
from elo_core.plain import Plain, spread, view

CAP = 400

Number = Decimal | float


@dataclass(frozen=True)
class GameResult(Plain):
    """One game from the player's side."""

    opponent: int
    score: float
    counted: bool
    reason: str | None
    """Why the game does not count, or how a rule changed it (``None``: nothing to say)."""
    difference: int | None
    """Own rating minus the opponent's."""
    difference_used: int | None
    """The difference the expected score was read for (after the 400-point rule)."""
    expected: Number | None
    change: Number | None
    """K x (score - expected), with the effective K; unrounded."""


@dataclass(frozen=True)
class RatingChange(Plain):
    """The result of rating a list of games for one player."""

    method: str
    rating: int
    k: int
    effective_k: int
    games_counted: int
    score: float
    expected: Number
    above_expectation: Number
    change: Number
    change_rounded: int | None
    """FIDE: the change rounded 0.5 away from zero; logistic: ``None`` (kept unrounded)."""
    new_rating: Number
    below_floor: bool
    floor_note: str | None
    rules: Rules = field(metadata=spread(lambda rules: {"rules": rules.effective, "kind": rules.kind, "rules_detail": rules}))
    games: tuple[GameResult, ...] = field()


def expected_score(rating: Any, opponent: Any, *, method: str = "fide", rules: Any = None,
                   kind: str = "standard", cap_400: bool = False) -> float:
    """Expected score of one game for the player rated ``rating``.

    >>> expected_score(1800, 1750, rules="2025-10-01")
    0.57
    >>> expected_score(1500, 2100, rules="2025-10-01")  # 400-point rule: counted as 400
    0.08
    >>> expected_score(2700, 2100, rules="2025-10-01")  # rated 2650+: the real difference
    0.98
    >>> round(expected_score(1400, 1600, method="logistic"), 4)
    0.2403
    """
    result = rate(rating, 20, [(opponent, 1)], method=method, rules=rules, kind=kind, cap_400=cap_400)
    game = result.games[0]
    if not game.counted or game.expected is None:
        raise EloError("opponent", game.reason or "this game is not rated")
    return float(game.expected)


def rate(rating: Any, k: Any, games: Iterable[Any], *, method: str = "fide", rules: Any = None,
         kind: str = "standard", cap_400: bool = False) -> RatingChange:
    """Rate one player's games of a tournament or rating period.

    ``games`` are ``(opponent rating, score)`` pairs (or ``"OPP:SCORE"`` text);
    an opponent rated 0 is unrated and skipped. ``rules`` is the date whose
    regulations apply (default today); ``cap_400`` is for the logistic method
    only (the FIDE method follows the rules of the date).

    >>> r = rate(1800, 20, [(1750, 1), (1900, 0.5)], rules="2025-10-01")
    >>> float(r.expected), float(r.change), r.change_rounded, r.new_rating
    (0.93, 11.4, 11, 1811)
    """
    rating = parse.rating(rating)
    k = parse.k_factor(k)
    games = parse.games(games)
    method = parse.choice(method, "method", limits.METHODS)
    kind = parse.choice(kind, "kind", limits.KINDS)
    rules = rules_in_force(parse.day(rules) if rules is not None else date.today(), kind)
    if method == "fide":
        return _rate_fide(rating, k, games, rules)
    return _rate_logistic(rating, k, games, rules, bool(cap_400))


# FIDE's arithmetic is in Decimal: each checked score's Decimal is made once, here, rather
# than from a string for every game of every request.
_DECIMAL_SCORE = {s: Decimal(str(s)) for s in (1.0, 0.5, 0.0)}


def _rate_fide(rating: int, k: int, games: tuple[tuple[int, float], ...], rules: Rules) -> RatingChange:
    why_not = [_not_rated_because(rating, opp, rules) for opp, _ in games]
    counted = [i for i, why in enumerate(why_not) if why is None]
    effective_k = min(k, MAX_K_TIMES_GAMES // len(counted)) if counted else k
    upgrade = _once_per_event_game(rating, games, counted, rules)
    results = []
    score = expected = Decimal(0)
    for i, (opp, points) in enumerate(games):
        if why_not[i]:
            results.append(GameResult(opp, points, False, why_not[i], rating - opp if opp else None, None, None, None))
            continue
        d = rating - opp
        used, note = _apply_400_rule(rating, d, rules, i, upgrade)
        pd = expected_from_table(used)
        results.append(GameResult(opp, points, True, note, d, used, pd, effective_k * (_DECIMAL_SCORE[points] - pd)))
        score += _DECIMAL_SCORE[points]
        expected += pd
    change = effective_k * (score - expected)
    rounded = int(change.quantize(Decimal(1), rounding=ROUND_HALF_UP))  # ROUND_HALF_UP = 0.5 away from zero
    new_rating = rating + rounded
    below = new_rating < rules.floor
    return RatingChange("fide", rating, k, effective_k, len(counted), float(score), expected, score - expected, change,
                        rounded, new_rating, below, _floor_note(rules) if below else None, rules, tuple(results))


def _rate_logistic(rating: int, k: int, games: tuple[tuple[int, float], ...], rules: Rules, cap_400: bool) -> RatingChange:
    results = []
    score = expected = 0.0
    for opp, points in games:
        if not opp:
            results.append(GameResult(opp, points, False, "opponent unrated (0): skipped", None, None, None, None))
            continue
        d = rating - opp
        used = max(-CAP, min(CAP, d)) if cap_400 else d
        e = 1 / (1 + 10 ** (-used / 400))
        note = f"400-point cap: difference {d:+d} counted as {used:+d}" if used != d else None
        results.append(GameResult(opp, points, True, note, d, used, e, k * (points - e)))
        score += points
        expected += e
    counted = sum(1 for g in results if g.counted)
    change = k * (score - expected)
    return RatingChange("logistic", rating, k, k, counted, score, expected, score - expected, change, None,
                        rating + change, False, None, rules, tuple(results))


def _not_rated_because(rating: int, opponent: int, rules: Rules) -> str | None:
    """Why a game does not count for rating, or ``None`` when it counts."""
    if opponent == 0:
        return "opponent unrated (0): skipped"
    if (rules.unrated_gap is not None and rules.unrated_above is not None
            and abs(rating - opponent) >= rules.unrated_gap and max(rating, opponent) > rules.unrated_above):
        return (f"not rated: players {abs(rating - opponent)} points apart (>= {rules.unrated_gap}) "
                f"and one rated above {rules.unrated_above} ({rules.kind}, from 2024-12-01)")
    return None


def _capped_for(rating: int, rules: Rules) -> bool:
    return rules.cap_exempt_from is None or rating < rules.cap_exempt_from


def _once_per_event_game(rating: int, games: tuple[tuple[int, float], ...], counted: list[int], rules: Rules) -> int | None:
    """2022 edition: the one game of the event where the higher rated player gets the upgrade.

    8.3.1 (2022): "In any tournament, a player may benefit from only one upgrade
    under this rule, for the game in which the rating difference is greatest."
    Only the higher rated player benefits from the cap (it lowers their PD), so
    the limit is theirs; a lower rated player is capped in every game. The first
    of several equally great differences is the one upgraded.
    """
    if rules.cap_400 != "once_per_event":
        return None
    over = [i for i in counted if rating - games[i][0] > CAP]
    return max(over, key=lambda i: rating - games[i][0]) if over else None


def _apply_400_rule(rating: int, d: int, rules: Rules, index: int, upgrade: int | None) -> tuple[int, str | None]:
    """The difference used for the table, and a note when the 400-point rule changed or spared it."""
    if abs(d) <= CAP:
        return d, None
    if not _capped_for(rating, rules):
        return d, f"rated {rules.cap_exempt_from}+: real difference {d:+d} used, no 400-point cap"
    if rules.cap_400 == "once_per_event" and d > 0 and index != upgrade:
        return d, "400-point rule already used in this event (greatest difference): real difference used"
    used = CAP if d > 0 else -CAP
    return used, f"400-point rule: difference {d:+d} counted as {used:+d}"


def _floor_note(rules: Rules) -> str:
    since = "from 1 March 2024" if rules.floor == 1400 else "before 1 March 2024"
    return (f"Below {rules.floor}: {since} a player whose rating falls below {rules.floor} is shown as "
            f"unrated on the next list. The number is not clamped; it is simply not published.")


OUTCOMES = (("win", 1.0), ("draw", 0.5), ("loss", 0.0))


@dataclass(frozen=True)
class Outcome(Plain):
    """What one result of one game does to one player's rating."""

    result: str
    change: Number
    change_rounded: int | None
    new_rating: Number


@dataclass(frozen=True)
class Side(Plain):
    """One player's view of a single game: their expected score and the three outcomes."""

    rating: int
    k: int
    expected: Number | None
    difference_used: int | None
    note: str | None
    outcomes: tuple[Outcome, ...] = field(metadata=view(lambda outcomes: {o.result: o for o in outcomes}))
    """Win, draw, loss; in JSON keyed by this player's own result."""


@dataclass(frozen=True)
class SingleGame(Plain):
    """One game seen from both sides; each side has its own K and its own 400-point rule."""

    rated: bool
    reason: str | None
    player: Side
    opponent: Side


def single_game(rating: Any, opponent: Any, k: Any, opponent_k: Any, *, method: str = "fide",
                rules: Any = None, kind: str = "standard", cap_400: bool = False) -> SingleGame:
    """Both players' expected scores and changes for a win, a draw and a loss.

    >>> g = single_game(2700, 2200, 10, 20, rules="2025-10-01")
    >>> float(g.player.expected), float(g.opponent.expected)   # 2650+: no cap for the 2700
    (0.96, 0.08)
    >>> g.player.outcomes[0].change_rounded, g.opponent.outcomes[2].change_rounded
    (0, -2)
    """
    parse.rating(opponent, "opponent")
    parse.k_factor(opponent_k, "opponent_k")
    options = dict(method=method, rules=rules, kind=kind, cap_400=cap_400)
    mine = [rate(rating, k, [(opponent, s)], **options) for _, s in OUTCOMES]
    theirs = [rate(opponent, opponent_k, [(rating, 1 - s)], **options) for _, s in OUTCOMES]
    first = mine[0].games[0]
    return SingleGame(first.counted, first.reason if not first.counted else None,
                      _side(mine, [name for name, _ in OUTCOMES]),
                      _side(theirs, [name for name, _ in reversed(OUTCOMES)]))


def _side(results: list[RatingChange], names: list[str]) -> Side:
    game = results[0].games[0]
    outcomes = tuple(Outcome(name, r.change, r.change_rounded, r.new_rating) for name, r in zip(names, results))
    order = {name: i for i, (name, _) in enumerate(OUTCOMES)}
    return Side(results[0].rating, results[0].k, game.expected, game.difference_used,
                game.reason if game.counted else None, tuple(sorted(outcomes, key=lambda o: order[o.result])))
