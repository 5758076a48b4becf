"""Checking what users type for the Glicko models (Glicko-1, Glicko-2, lichess), in one place.

Built on :mod:`elo_core.parse`, so a bad value raises :class:`~elo_core.errors.EloError`
naming its field, as everywhere else. A game of a rating period is an opponent's rating,
deviation and the score against them, given as a tuple ``(R, RD, S)``, a mapping
``{"rating", "deviation", "score"}`` or the text ``"R:RD:S"``; a whole list may also be
text, comma separated (the page's and the CLI's form).

>>> period_games("1400:30:1, 1550:100:0", 350)
(PeriodGame(rating=1400.0, deviation=30.0, score=1.0), PeriodGame(rating=1550.0, deviation=100.0, score=0.0))
>>> period_games([(1400, 30, "w")], 350)[0].score
1.0
>>> period_games(["1400:0:1"], 350)
Traceback (most recent call last):
...
elo_core.errors.EloError: games[0].deviation: must be more than 0 and at most 350, not 0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from elo_core import limits, parse
from elo_core.errors import EloError
from elo_core.plain import Plain

MIN_RATING = 0.0
MAX_RATING = 4000.0  # far above any chess rating yet, and where lichess's sanity check stops
MAX_VOLATILITY = 1.0  # Glickman suggests 0.06 to start; lichess never goes past 0.1
MAX_PERIODS = 10_000.0  # rating periods: lichess's idle growth gives about 78 a year


@dataclass(frozen=True)
class PeriodGame(Plain):
    """One game of a rating period: the opponent's rating and deviation, and the score (1, 0.5, 0)."""

    rating: float
    deviation: float
    score: float



def between(value: Any, field: str, low: float, high: float, *, low_open: bool = False,
            high_open: bool = False) -> float:
    """A number in ``low..high``, as a float; ``low`` or ``high`` itself excluded when ``low_open`` or
    ``high_open``."""
    x = float(parse.number(value, field))
    if x > high or x < low or (low_open and x == low) or (high_open and x == high):
        lower = f"more than {low:g}" if low_open else f"at least {low:g}"
        upper = f"less than {high:g}" if high_open else f"at most {high:g}"
        raise EloError(field, f"must be {lower} and {upper}, not {x:g}")
    return x


def rating(value: Any, field: str = "rating") -> float:
    return between(value, field, MIN_RATING, MAX_RATING)


def deviation(value: Any, field: str = "deviation", high: float = 500.0) -> float:
    return between(value, field, 0.0, high, low_open=True)


def volatility(value: Any, field: str = "volatility", high: float = MAX_VOLATILITY) -> float:
    return between(value, field, 0.0, high, low_open=True)


def periods(value: Any, field: str = "periods") -> float:
    """Elapsed rating periods: any fraction, 0 included (no deviation growth)."""
    return between(value, field, 0.0, MAX_PERIODS)


def parts(value: Any, field: str, names: tuple[str, ...], least: int, form: str) -> list[Any]:
    """Split ``"a:b:c"``, a tuple/list or a mapping into ``least..len(names)`` raw parts."""
    if isinstance(value, str):
        raw: list[Any] = [p.strip() for p in value.strip().split(":")]
    elif isinstance(value, Mapping):
        raw = [value.get(n) for n in names]
        while len(raw) > least and raw[-1] is None:
            raw.pop()  # a trailing optional part left out
    elif isinstance(value, (list, tuple)):
        raw = list(value)
    else:
        raise EloError(field, f"must be written {form}")
    if not least <= len(raw) <= len(names):
        raise EloError(field, f"must be written {form}, not {len(raw)} part{'s' if len(raw) != 1 else ''}")
    return raw


def period_game(value: Any, field: str, max_deviation: float) -> PeriodGame:
    if type(value) is PeriodGame:
        return value  # already checked (this module's own output)
    r, rd, s = parts(value, field, ("rating", "deviation", "score"), 3, "RATING:DEVIATION:SCORE, e.g. 1400:30:1")
    return PeriodGame(rating(r, f"{field}.rating"), deviation(rd, f"{field}.deviation", max_deviation),
                      parse.score(s, f"{field}.score"))


def period_games(values: Any, max_deviation: float, field: str = "games") -> tuple[PeriodGame, ...]:
    """A rating period's games (none is allowed: then only the deviation changes)."""
    if isinstance(values, str):
        if len(values) > limits.MAX_TEXT:
            raise EloError(field, "is far too long")
        values = [v for v in values.split(",") if v.strip()]
    elif values is None:
        values = []
    elif isinstance(values, (Mapping, bytes, bytearray)) or not isinstance(values, Iterable):
        raise EloError(field, "must be a list of games")
    values = list(values)
    if len(values) > limits.MAX_GAMES:
        raise EloError(field, f"has {len(values)} games; at most {limits.MAX_GAMES} are allowed")
    return tuple(period_game(v, f"{field}[{i}]", max_deviation) for i, v in enumerate(values))
