"""A whole rating period: every event of the month, rated as FIDE rates it for the next list.

FIDE Handbook B.02 (from 1 March 2024), as FIDE's published per-player calculations show it:

* **Each event from its own start** (7.1, 8.3.2): an event is rated from the rating on the list
  in force when it started (its Ro: the current list's unless given) with the rules of that day
  (the 400-point rule, once per event in the 2022 edition; the 2650 exemption; rapid and blitz
  exclusions). Per event: Rc, W, N, chg = sum of (score - PD), K and K x chg.
* **K x n <= 700 over the period** (8.3.3): n counts every rated game of the list (standard,
  rapid and blitz are separate lists) across its events; K becomes the largest whole number that
  fits, for every event.
* **One rounding** (8.3.4): the sum of the events' K x chg is rounded once, 0.5 away from zero,
  and added to the current list rating; below the floor the player is listed as unrated.

The score needed for a target list rating counts the games still to play in any event (each
event's ``remaining``): with one K for the whole list, only the total score matters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from typing import Any

from elo_core import limits, parse
from elo_core.errors import EloError, collect
from elo_core.fide.kfactor import k_factor
from elo_core.fide.performance import average_opponent
from elo_core.fide.rating import GameResult, rate
from elo_core.fide.rules import MAX_K_TIMES_GAMES, rules_in_force
from elo_core.plain import Plain, omitted, plain, renamed, spread

MAX_EVENTS = 62
"""Events in one period: two a day for a month is far more than anyone plays."""
REPORT_MONTHLY_AFTER = timedelta(days=30)
"""B.02 7.1: an event longer than this is reported (and rated) month by month."""
_EVENT_FIELDS = ("name", "start", "end", "kind", "rating", "games", "remaining")
FIELDS = ("rating", "k", "games_played", "birth_year", "reached_2400", "kind", "events", "target", *limits.KINDS)
"""A period's own fields; each kind's name holds that list's facts, for its events of that kind."""


@dataclass(frozen=True)
class PeriodGame(Plain):
    """One game of an event, in FIDE's columns."""

    opponent: int
    score: float
    counted: bool
    capped: bool
    """The 400-point rule changed the difference used."""
    reason: str | None
    pd: Decimal | None
    chg: Decimal | None
    """score - PD."""
    k_chg: Decimal | None


@dataclass(frozen=True)
class EventChange(Plain):
    """One event of the period, in FIDE's columns."""

    name: str
    start: date
    end: date | None
    kind: str
    rules: date
    """The date of the rules applied: the event's start."""
    ro: int
    rc: int | None
    """The average rating of the opponents of the games counted, rounded (FIDE shows it whole)."""
    w: float
    n: int
    chg: Decimal
    k: int
    k_chg: Decimal
    games: tuple[PeriodGame, ...]
    notes: tuple[str, ...]
    remaining: int
    """Games still to play in this event (for the score needed), not in the figures above."""


@dataclass(frozen=True)
class ListChange(Plain):
    """One list's period (standard, rapid or blitz): its events, one K, one rounding."""

    kind: str
    rating: int
    """On the current list."""
    k: int
    """After K x n <= 700."""
    base_k: int
    k_source: str
    n: int
    w: float
    """The score of the list's games counted, over its events."""
    expected: Decimal
    """The sum of the PD of the list's games counted: W - chg."""
    chg: Decimal
    """The sum of the events' chg (score - PD): the score above the expected."""
    events: tuple[EventChange, ...]
    change: Decimal
    """The sum of the events' K x chg, unrounded."""
    change_rounded: int
    new_rating: int
    below_floor: bool
    per_event_rounded: int
    """What rounding each event on its own would give (FIDE rounds once)."""
    notes: tuple[str, ...]
    score_needed: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Period(Plain):
    """A rating period: the given kind's list first; a month with events of another kind rates
    that list apart (``other_lists``)."""

    main: ListChange = field(metadata=spread(plain))
    other_lists: tuple[ListChange, ...]
    list_month: str | None
    """``YYYY-MM``: the list these events go on, from the latest date given."""
    notes: tuple[str, ...] = field(metadata=renamed("period_notes"))
    """The period's own (the JSON's ``period_notes``: ``notes`` is the main list's)."""
    lists: tuple[ListChange, ...] = field(default=(), metadata=omitted())


def rate_period(data: Mapping[str, Any]) -> Period:
    """Rate a period given as JSON: ``rating``, ``k`` (or ``games_played``, ``birth_year``,
    ``reached_2400`` for the advisor), ``kind``, ``events`` (each ``start``, ``end``, ``kind``,
    ``rating``, ``games``, ``remaining``), ``target``; another kind's list facts as ``{"rapid":
    {"rating": ..., "k": ...}}``.

    >>> p = rate_period({"rating": 1953, "k": 20, "events": [
    ...     {"start": "2025-10-26", "end": "2025-11-02", "rating": 1952, "games": [[2174, 0], [1890, 0.5]]},
    ...     {"start": "2025-11-15", "games": [[1800, 1], [2000, 0.5]]}]})
    >>> [str(e.k_chg) for e in p.main.events], str(p.main.change), p.main.change_rounded, p.main.new_rating, p.list_month
    (['-6.20', '7.40'], '1.20', 1, 1954, '2025-12')
    """
    if not isinstance(data, Mapping):
        raise EloError(None, "a period is an object: rating, k, kind and events")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise EloError(str(unknown[0]), f"is not a field of a period (expected {', '.join(FIELDS)})")
    kind, events, target = collect([
        lambda: parse.choice(data.get("kind") or "standard", "kind", limits.KINDS),
        lambda: _events(data.get("events")),
        lambda: None if data.get("target") in (None, "") else parse.rating(data.get("target"), "target")])
    events = [dict(e, kind=e["kind"] or kind) for e in events]
    kinds = [kind, *sorted({e["kind"] for e in events} - {kind}, key=limits.KINDS.index)]
    first = min((e["start"] for e in events), default=None)
    facts = collect([partial(_list_facts, data if k == kind else data.get(k), "" if k == kind else f"{k}.", k, first)
                     for k in kinds])
    latest = max((e["end"] or e["start"] for e in events), default=None)
    lists = tuple(_rate_list(k, rating, k_, source, [e for e in events if e["kind"] == k], latest,
                             target if k == kind else None) for k, (rating, k_, source) in zip(kinds, facts))
    month = list_month(latest) if latest else None
    notes: tuple[str, ...] = ()
    if latest and (latest + timedelta(days=3)).month != latest.month:
        notes = (f"An event that ends in a month's last 3 days may go on the list after ({list_month(latest, 2)}), "
                 "as FIDE rates what is reported in time.",)
    return Period(lists[0], lists[1:], month, notes, lists)


def _events(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise EloError("events", "is required: a list of events" if value is None else "must be a list of events")
    if len(value) > MAX_EVENTS:
        raise EloError("events", f"has {len(value)} events; at most {MAX_EVENTS} are allowed")
    events = list(parse.each(value, _event, "events"))
    if sum(len(e["games"]) + len(e["remaining"]) for e in events) > limits.MAX_GAMES:
        raise EloError("events", f"hold more than {limits.MAX_GAMES} games in all")
    return events


def _event(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise EloError(where, "must be an event: start, games, and optionally end, kind, rating, name")
    unknown = [key for key in value if key not in _EVENT_FIELDS]
    if unknown:
        raise EloError(f"{where}.{unknown[0]}", f"is not a field of an event (expected {', '.join(_EVENT_FIELDS)})")
    start, end, kind, rating, games, remaining = collect([
        lambda: parse.day(value.get("start"), f"{where}.start"),
        lambda: None if value.get("end") in (None, "") else parse.day(value.get("end"), f"{where}.end"),
        lambda: None if value.get("kind") in (None, "") else parse.choice(value.get("kind"), f"{where}.kind", limits.KINDS),
        lambda: None if value.get("rating") in (None, "") else parse.rating(value.get("rating"), f"{where}.rating"),
        lambda: parse.games(value.get("games", ()), f"{where}.games"),
        lambda: parse.ratings(value.get("remaining", ()), f"{where}.remaining")])
    if end is not None and end < start:
        raise EloError(f"{where}.end", f"is before the start ({start.isoformat()})")
    name = value.get("name")
    return {"name": str(name)[:200] if name not in (None, "") else "", "start": start, "end": end,
            "kind": kind, "rating": rating, "games": games, "remaining": remaining}


def _list_facts(facts: Any, prefix: str, kind: str, on: date | None) -> tuple[int, int, str]:
    """(list rating, K, where K came from) of one list."""
    if not isinstance(facts, Mapping):
        raise EloError(prefix.rstrip(".") or None, f"a {kind} event needs the {kind} list's facts: "
                       f'{{"{kind}": {{"rating": ..., "k": ...}}}}')
    rating = facts.get("rating")
    if rating in (0, "0"):
        raise EloError(f"{prefix}rating", "is 0 (unrated): an unrated player's games give a first rating (8.2), "
                                          "not a period's change")
    rating = parse.rating(rating, f"{prefix}rating")
    if facts.get("k") not in (None, ""):
        k = parse.k_factor(facts.get("k"), f"{prefix}k")
        return rating, k, "given"
    if facts.get("games_played") in (None, ""):
        raise EloError(f"{prefix}k", "is required (or games_played and birth_year, for the K advisor)")
    advice = k_factor(rating, facts.get("games_played"), birth_year=facts.get("birth_year"),
                      reached_2400=parse.flag(facts.get("reached_2400"), f"{prefix}reached_2400"), on=on, kind=kind)
    return rating, advice.k, f"the K advisor: {advice.reason}"


def _rate_list(kind: str, rating: int, k: int, source: str, events: list[dict[str, Any]], latest: date | None,
               target: int | None) -> ListChange:
    """The list's change from the games played; with a target, the score its games still to play need."""
    result = _list_change(kind, rating, k, source, events, latest)
    if target is None:
        return result
    return replace(result, score_needed=_score_needed(kind, rating, k, source, events, target, latest))


def _list_change(kind: str, rating: int, k: int, source: str, events: list[dict[str, Any]],
                 latest: date | None) -> ListChange:
    # Rated once at K to learn which games count (unrated opponents and the 600-point rule leave
    # some out), then at the period's K.
    n = sum(rate(e["rating"] or rating, k, e["games"], rules=e["start"], kind=kind).games_counted for e in events)
    k_eff = min(k, MAX_K_TIMES_GAMES // n) if n else k
    changes = tuple(_event_change(e, rating, k_eff, latest) for e in events)
    total = sum((c.k_chg for c in changes), Decimal(0))
    rounded = _round(total)
    new = rating + rounded
    floor = rules_in_force(max(e["start"] for e in events), kind).floor if events else 0
    per_event = sum(_round(c.k_chg) for c in changes)
    notes = []
    if k_eff < k:
        notes.append(f"K x n <= 700 (8.3.3): {_counted(n, 'game')} this period, so K {k} becomes {k_eff} for every event.")
    if per_event != rounded:
        notes.append(f"FIDE rounds the period's change once (8.3.4): {total:+.2f} gives {rounded:+d}; rounding each "
                     f"event apart would give {per_event:+d}.")
    if new < floor:
        notes.append(f"Below {floor}: the player is listed as unrated (the number is not published).")
    w = float(sum(c.w for c in changes))
    chg = sum((c.chg for c in changes), Decimal(0))
    return ListChange(kind, rating, k_eff, k, source, n, w, Decimal(str(w)) - chg, chg, changes, total, rounded, new, new < floor, per_event, tuple(notes))


def _event_change(e: dict[str, Any], rating: int, k: int, latest: date | None) -> EventChange:
    ro = e["rating"] or rating
    games = tuple(_game(g) for g in rate(ro, k, e["games"], rules=e["start"], kind=e["kind"]).games)
    counted = [g for g in games if g.counted]
    chg = sum((g.chg or Decimal(0) for g in counted), Decimal(0))
    rc = average_opponent(sum(g.opponent for g in counted), len(counted)) if counted else None
    return EventChange(e["name"], e["start"], e["end"], e["kind"], e["start"], ro, rc, float(sum(g.score for g in counted)),
                       len(counted), chg, k, k * chg, games, _event_notes(e, ro, rating, latest), len(e["remaining"]))


def _game(g: GameResult) -> PeriodGame:
    if not g.counted or g.expected is None:
        return PeriodGame(g.opponent, g.score, False, False, g.reason, None, None, None)
    pd = Decimal(g.expected)
    capped = g.difference is not None and g.difference_used != g.difference and "400-point" in (g.reason or "")
    return PeriodGame(g.opponent, g.score, True, capped, g.reason, pd, Decimal(str(g.score)) - pd,
                      Decimal(g.change) if g.change is not None else None)


def _event_notes(e: dict[str, Any], ro: int, rating: int, latest: date | None) -> tuple[str, ...]:
    notes = []
    if ro != rating:
        notes.append(f"Rated from Ro {ro}, the rating given for this event, not the current list's {rating}.")
    elif latest and e["start"] < latest.replace(day=1):
        notes.append(f"Started on {e['start'].isoformat()}, under the list of {e['start']:%B %Y}: FIDE rates it from "
                     "that list's rating; give it as this event's rating if it differs.")
    if e["end"] and e["end"] - e["start"] > REPORT_MONTHLY_AFTER:
        notes.append("Longer than 30 days: FIDE rates it month by month, each month's games from that month's list "
                     "(7.1); enter each month's games as an event of its own.")
    return tuple(notes)


def _score_needed(kind: str, rating: int, k: int, source: str, events: list[dict[str, Any]], target: int,
                  latest: date | None) -> dict[str, Any]:
    """The least total score in the games still to play that gives ``target`` on the list. With one
    K for the list, the change depends on the total score only; it grows with it: a binary search."""
    slots = [(i, j) for i, e in enumerate(events) for j in range(len(e["remaining"]))]
    if not slots:
        return {"target": target, "points": None, "of": 0, "already": None, "new_rating": None,
                "note": "no games still to play: give an event's remaining opponents"}

    def with_half_points(h: int) -> int:
        scores = [[0.0] * len(e["remaining"]) for e in events]
        for i, j in slots[: h // 2]:
            scores[i][j] = 1.0
        if h % 2:
            i, j = slots[h // 2]
            scores[i][j] = 0.5
        played = [dict(e, games=e["games"] + tuple(zip(e["remaining"], s))) for e, s in zip(events, scores)]
        return _list_change(kind, rating, k, source, played, latest).new_rating

    low, high = 0, 2 * len(slots)
    best = with_half_points(high)
    if best < target:
        return {"target": target, "points": None, "of": len(slots), "already": False, "new_rating": best,
                "note": f"{target} cannot be reached in {'this game' if len(slots) == 1 else f'these {len(slots)} games'}"}
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if with_half_points(mid) >= target else (mid + 1, high)
    return {"target": target, "points": low / 2, "of": len(slots), "already": low == 0,
            "new_rating": with_half_points(low), "note": None}


def _counted(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def list_month(day: date, months_after: int = 1) -> str:
    """``YYYY-MM`` of the list ``months_after`` the month of ``day``: FIDE publishes one on each
    month's first day.

    >>> list_month(date(2025, 11, 2)), list_month(date(2025, 12, 30), 2)
    ('2025-12', '2026-02')
    """
    month = day.year * 12 + day.month - 1 + months_after
    return f"{month // 12:04d}-{month % 12 + 1:02d}"


def _round(x: Decimal) -> int:
    """8.3.4: to the nearest whole number, 0.5 away from zero."""
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))
