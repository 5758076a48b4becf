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

from .inputs import EloError, FieldErrors
from .kfactor import KAdvice, k_factor
from .performance import InitialRating, Performance, initial_rating, performance
from .planning import ScoreNeeded, score_needed, what_if
from .rating import GameResult, Outcome, RatingChange, Side, SingleGame, expected_score, rate, single_game
from .rules import Rules, rules_in_force

if TYPE_CHECKING:
    from .event import EventReport, PlayerResult, rate_event, read_event
    from .event_export import event_csv, season
    from .event_model import Entry, Event, EventPlayer, Problem
    from .time_control import kind_from_time_control

# Whole events are imported when first used: a page's first answer needs only the rating modules
# (docs/performance.md, "Operations imported when asked").
_LATER = {"EventReport": "event", "PlayerResult": "event", "rate_event": "event", "read_event": "event",
          "event_csv": "event_export", "season": "event_export", "Entry": "event_model", "Event": "event_model",
          "EventPlayer": "event_model", "Problem": "event_model", "kind_from_time_control": "time_control"}


def __dir__() -> list[str]:
    return sorted({*globals(), *_LATER})


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_LATER[name]}"), name)

__version__ = "0.1.0"

__all__ = [
    "Entry", "Event", "EventPlayer", "EventReport", "PlayerResult", "Problem", "event_csv", "kind_from_time_control",
    "rate_event", "read_event", "season",
    "EloError", "FieldErrors", "GameResult", "InitialRating", "KAdvice", "Outcome", "Performance", "RatingChange", "Rules",
    "ScoreNeeded", "Side", "SingleGame", "expected_score", "initial_rating", "k_factor", "performance", "rate",
    "rules_in_force", "score_needed", "single_game", "what_if",
]
