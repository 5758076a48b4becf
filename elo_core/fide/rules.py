"""Which FIDE rules were in force on a date, for a kind of game: the regulations as data.

Each :data:`AMENDMENTS` row is one change to the FIDE Rating Regulations
(Handbook B.02), with the day it took effect, the kinds of play it covers and
the settings it changes. :func:`rules_in_force` folds the rows up to a date, so
a newcomer reads the history of a rule top to bottom in one table, and adding
the next amendment is adding one row.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache
from typing import Any

from elo_core.errors import EloError
from elo_core.limits import KINDS
from elo_core.plain import Plain

FIRST_EDITION = date(2022, 1, 1)
MAX_K_TIMES_GAMES = 700
"""8.3.3: K x n (games in the rating period) may not exceed 700; K is lowered to fit."""


@dataclass(frozen=True)
class Rules(Plain):
    """The settings that decide a rating calculation on one date for one kind of play."""

    kind: str
    effective: date
    """The day the latest amendment folded in took effect."""
    cap_400: str
    """``"every_game"``: |D| over 400 counts as 400 in every game;
    ``"once_per_event"``: in each event a player gets that upgrade only in the game
    with the greatest difference (2022 edition, 8.3.1)."""
    cap_exempt_from: int | None
    """A player rated this much or more uses the real difference (standard, from 2025-10-01)."""
    unrated_gap: int | None
    """Rapid/blitz from 2024-12-01: a game between players this many points or more apart ..."""
    unrated_above: int | None
    """... is not rated when either player is rated above this."""
    floor: int
    """A rating below this is not published: the player drops off the list as unrated."""
    sources: tuple[str, ...]
    """Handbook references of the amendments folded in, oldest first."""



ALL = frozenset(KINDS)
RAPID_BLITZ = frozenset({"rapid", "blitz"})

#: (effective, kinds, settings changed, handbook reference)
AMENDMENTS: tuple[tuple[date, frozenset[str], dict[str, Any], str], ...] = (
    (date(2022, 1, 1), ALL, {"cap_400": "once_per_event", "floor": 1000},
     "B.02 2022 edition 8.3.1 (400-point rule, one upgrade per event); 7.1.4 (floor 1000)"),
    (date(2024, 3, 1), ALL, {"cap_400": "every_game", "floor": 1400},
     "B.02 2024 edition 8.3.1 (400-point rule in every game); 7.1.4 (floor 1400)"),
    (date(2024, 12, 1), RAPID_BLITZ, {"unrated_gap": 600, "unrated_above": 2600},
     "B.02 rapid & blitz, amendment of 1 Dec 2024 (600 points apart, a player above 2600: not rated)"),
    (date(2025, 10, 1), frozenset({"standard"}), {"cap_exempt_from": 2650},
     "B.02 standard, amendment of 8.3.1 effective 1 Oct 2025 (no 400 cap for players rated 2650+)"),
)


@lru_cache(maxsize=64)  # a whole event asks once per player, with the same date
def require_modelled(on: date, field: str) -> None:
    """Refuse a date before the first edition modelled: rules before it (K 25 and 15, ...) differed."""
    if on < FIRST_EDITION:
        raise EloError(field, f"rules before {FIRST_EDITION.isoformat()} are not modelled; pick a later date")


@lru_cache(maxsize=64)  # every rate() asks, twice per keystroke and once per player of an event
def rules_in_force(on: date, kind: str = "standard") -> Rules:
    """The rules for ``kind`` on the day ``on``.

    >>> r = rules_in_force(date(2025, 10, 1), "standard")
    >>> r.cap_400, r.cap_exempt_from, r.unrated_gap, r.floor
    ('every_game', 2650, None, 1400)
    >>> rules_in_force(date(2025, 9, 30)).cap_exempt_from is None
    True
    >>> rules_in_force(date(2024, 12, 1), "blitz").unrated_gap
    600
    """
    if kind not in KINDS:
        raise EloError("kind", f"must be one of {', '.join(KINDS)}, not {kind!r}")
    require_modelled(on, "rules")
    rules = Rules(kind, FIRST_EDITION, "every_game", None, None, None, 1000, ())
    for effective, kinds, settings, source in AMENDMENTS:
        if effective <= on and kind in kinds:
            rules = replace(rules, effective=effective, sources=rules.sources + (source,), **settings)
    return rules
