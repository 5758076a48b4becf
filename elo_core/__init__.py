"""FIDE-exact chess rating calculations: expected scores, rating changes, performance,
first ratings and K-factors, by the FIDE Rating Regulations as in force on a date,
beside the classic logistic Elo formula.

>>> from elo_core import rate
>>> r = rate(1800, 20, [(1750, 1), (1900, 0.5)], rules="2025-10-01")
>>> r.change_rounded, r.new_rating
(11, 1811)

Every function checks its input and raises :class:`EloError` (a ``ValueError``)
naming the field at fault; results are frozen dataclasses with ``to_dict()``.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from elo_core.errors import EloError, FieldErrors
from elo_core.fide.kfactor import KAdvice, k_factor
from elo_core.fide.performance import InitialRating, Performance, initial_rating, performance
from elo_core.fide.planning import ScoreNeeded, score_needed, what_if
from elo_core.fide.rating import GameResult, Outcome, RatingChange, Side, SingleGame, expected_score, rate, single_game
from elo_core.fide.rules import Rules, rules_in_force

if TYPE_CHECKING:
    from elo_core.events.export import event_csv, season
    from elo_core.events.formats.time_control import kind_from_time_control
    from elo_core.events.model import Entry, Event, EventPlayer
    from elo_core.events.problems import Problem
    from elo_core.events.rate import rate_event
    from elo_core.events.read import read_event
    from elo_core.events.report import EventReport, PlayerResult

# Whole events are imported when first used: a page's first answer needs only the rating modules
# (docs/performance.md, "Operations imported when asked").
_LATER = {"EventReport": "events.report", "PlayerResult": "events.report", "rate_event": "events.rate",
          "read_event": "events.read", "event_csv": "events.export", "season": "events.export",
          "Entry": "events.model", "Event": "events.model", "EventPlayer": "events.model", "Problem": "events.problems",
          "kind_from_time_control": "events.formats.time_control"}


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_LATER[name]}"), name)

__version__ = "0.3.0"

__all__ = [
    "Entry", "Event", "EventPlayer", "EventReport", "PlayerResult", "Problem", "event_csv", "kind_from_time_control",
    "rate_event", "read_event", "season",
    "EloError", "FieldErrors", "GameResult", "InitialRating", "KAdvice", "Outcome", "Performance", "RatingChange", "Rules",
    "ScoreNeeded", "Side", "SingleGame", "expected_score", "initial_rating", "k_factor", "performance", "rate",
    "rules_in_force", "score_needed", "single_game", "what_if",
]
