"""Settling who is rated, and with what, before an event is rated: per-player inputs and matches.

* ``k_by_player`` and ``standard_by_player`` name players by start rank, FIDE id or name.
* A standard rating for a rapid or blitz event: FIDE Rapid and Blitz Rating Regulations
  (Handbook B.02, applied from 1 March 2024), article 7.2.1: "If an unrated player has a
  standard rating at the beginning of a rapid or blitz tournament, their standard rating is
  used for rating calculation. Such a player is considered to be rated, and 7.2.2 to 7.2.5
  below do not apply" (7.2.2-7.2.5: the first rating). Neither TRF16 nor TRF-2026 has a column
  for it (001 has one FIDE rating, 49-52, the same in both; TRF-2026's national records hold
  national ratings), nor PGN a tag, so it is an input. Rated, such a player is new to the
  rapid or blitz list: the K advisor counts no games before the event for them (events/rate.py).
* A match (two players) in which one player is unrated does not count (B.02).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from elo_core import errors
from elo_core.errors import EloError
from elo_core.events.model import Event, EventPlayer
from elo_core.events.problems import Problems

STANDARD_RULE = "B.02 rapid and blitz 7.2.1: an unrated player who has a standard rating is rated with it"


def by_player(event: Event, given: Mapping[str, Any] | None, field: str, what: str, parse: Callable[[Any, str], int],
              problems: Problems) -> dict[str, int]:
    """``given`` keyed by player key; each name may be a key (TRF start rank), a FIDE id or a name."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise EloError(field, f"must map players (start rank, FIDE id or name) to {what}")
    by = {}
    for p in event.players:
        for ident in (p.name.casefold(), p.fide_id, p.key):
            if ident:
                by[ident] = p.key
    out = {}
    for who, value in given.items():
        key = by.get(str(who).strip()) or by.get(str(who).strip().casefold())
        number = parse(value, f"{field}[{errors.show(str(who))}]")
        if key is None:
            problems.add(None, f"{field}: no player {errors.show(str(who))} in the file", "option")
        else:
            out[key] = number
    return out


def with_standard_ratings(event: Event, standard: dict[str, int], kind: str,
                          problems: Problems) -> tuple[Event, frozenset[str]]:
    """The event with each unrated player whose standard rating is given rated with it (7.2.1), on
    their own side and on their opponents', and those players' keys; for a standard event nothing
    changes (said)."""
    if not standard:
        return event, frozenset()
    if kind == "standard":
        problems.add(None, "standard_by_player: this is a standard event; standard ratings given for players "
                           "are for rapid and blitz only (7.2.1): not used", "option")
        return event, frozenset()
    use = {}
    for p in event.players:
        if p.key not in standard:
            continue
        if p.rating:
            problems.add(p.line, f"standard_by_player: {p.name} is rated {p.rating} in the file; a standard rating is "
                                 "used only for a player unrated in rapid or blitz (7.2.1): not used", "option")
        else:
            use[p.key] = standard[p.key]
    if not use:
        return event, frozenset()
    players = []
    for p in event.players:
        entries = tuple(replace(e, opponent_rating=use[e.opponent]) if e.opponent in use else e for e in p.entries)
        if p.key in use:
            p = replace(p, rating=use[p.key], rating_source=f"standard rating {use[p.key]} (given): {STANDARD_RULE}")
        players.append(replace(p, entries=entries))
    return replace(event, players=tuple(players)), frozenset(use)


def unrated_match(event: Event) -> bool:
    """Two players with games that would count, one of them unrated: a match (B.02: its games do not count)."""
    playing = [p for p in event.players if any(e.rated for e in p.entries)]
    return len(playing) == 2 and sum(1 for p in playing if p.rating) == 1


def match_not_rated(event: Event, problems: Problems) -> Event:
    """The event with its match games marked not rated, so that nothing counts them."""
    note = "a match in which one player is unrated: not rated"
    players: list[EventPlayer] = []
    for p in event.players:
        if any(e.rated for e in p.entries) and not p.rating:
            problems.add(p.line, f"{p.name}: no first rating: the games of a match in which one player is unrated "
                                 "do not count", "first-rating")
        players.append(replace(p, entries=tuple(replace(e, rated=False, note=note) if e.rated else e
                                                for e in p.entries)))
    return replace(event, players=tuple(players))
