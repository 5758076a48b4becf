"""Reading the games of a PGN file for rating: tags only (White, Black, WhiteElo, BlackElo, Result, ...).

The tags come from :func:`~elo_core.events.formats.pgn_scan.scan_headers`, which steps over the moves.

Results: ``1-0``, ``0-1``, ``1/2-1/2`` are played and rated; ``*`` is unfinished
and not rated; a ``Termination`` tag saying forfeit makes a game not rated, except PGN's
``time forfeit``: a game lost on time was played, and is rated. A game of a ``Variant``
other than standard chess (Chess960, crazyhouse, ...) is not counted: FIDE rates standard
chess only. Nor is one whose ``TimeControl`` is faster than FIDE rates (see
:data:`~elo_core.events.formats.time_control.BLITZ_FLOOR_MINUTES`).

Ratings: each player is rated from their first rating tag (``WhiteElo``/``BlackElo``)
in the file, and that one rating stands for them on both sides of every game they
played, so that the two sides of a game use the same two ratings; tags that differ,
and games that give a player no tag, are said under problems.

Dates: ``Date``, else ``UTCDate`` (as Lichess and Chess.com export); the start is the
earliest ``EventDate``, else the earliest game. Kind: the most common ``TimeControl``,
else words in ``Event`` (``Rapid``, ``Blitz``), as a TRF's name is read.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any, TypeVar

from elo_core.events.formats.dates import parse_date, read_date
from elo_core.events.formats.pgn_scan import scan_headers
from elo_core.events.formats.time_control import Control, kind_from_name, read_control
from elo_core.events.model import Entry, Event, EventPlayer
from elo_core.events.problems import Problem, Problems
from elo_core.limits import MAX_RATING
from elo_core.parse import plain_digits

_ROUND = re.compile(r"\s*(\d+)")
# A forfeit in ``Termination`` is a game not played, but PGN's "time forfeit" (also written
# "Forfeit on time" and the like) is a game lost on time: played.
_LOST_ON_TIME = re.compile(r"time[\W_]*forfeit|\bon time\b", re.IGNORECASE)
_NO_ELO = ("", "?", "-", "0")
_SPEC_DATE = re.compile(r"\d{4}\.\d{2}\.\d{2}")  # Date as PGN writes it (YYYY.MM.DD)
RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "\u00bd-\u00bd": (0.5, 0.5)}
STANDARD_VARIANTS = frozenset(("", "standard", "chess", "normal", "orthodox", "classical", "traditional"))
"""``Variant`` values that are standard chess; any other is a variant, which FIDE does not rate."""
_CHESS960 = re.compile(r"960|fischer\s*-?\s*random|fischerandom|freestyle", re.IGNORECASE)


def variant_note(variant: str) -> str | None:
    """Why a game of ``variant`` is not counted, or ``None`` for standard chess."""
    if variant.strip().lower() in STANDARD_VARIANTS:
        return None
    why = "Chess960 has no FIDE rating" if _CHESS960.search(variant) else "FIDE rates standard chess only"
    return f"variant {variant.strip()[:30]!r}: {why}: not counted"


def _elo(value: str | None, n: int, who: str, found: Problems) -> int:
    v = (value or "").strip()
    if v in _NO_ELO:
        return 0
    if plain_digits(v) and int(v) <= MAX_RATING:
        return int(v)
    found.add(n, f"{who}: Elo {v[:20]!r} is not a rating; ignored (their first rating tag in the file stands)", "rating")
    return 0


_T = TypeVar("_T")


class _Cache(dict[str, _T]):
    """Values read once per distinct text: a file of 20,000 games has a few dozen dates and controls."""

    def __init__(self, read: Callable[[str], _T]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, key: str) -> _T:
        value = self[key] = self.read(key)
        return value


def parse_pgn(text: str | Iterable[str], problems: tuple[Problem, ...] = ()) -> Event:
    """An :class:`~elo_core.events.model.Event` from a PGN's text: one player per name, one entry per game."""
    found = Problems(problems)
    players: dict[str, dict[str, Any]] = {}
    events: Counter[str] = Counter()
    controls: Counter[str] = Counter()
    skipped: Counter[str] = Counter()  # why games are not counted (a variant, too fast) -> games
    event_dates, game_dates = [], []
    days: _Cache[date | None] = _Cache(lambda v: parse_date(v) if v and "?" not in v else None)
    timings: _Cache[Control] = _Cache(read_control)
    untagged: set[tuple[int, str]] = set()  # (game's line, player) where the game's tags give no rating
    unread = ""  # a date given but not read (not one with ?? in it: that says it is not known)
    other_form = ""  # how the first Date in another form than the spec's was read
    utc_dated = 0  # games dated by their UTCDate
    unread_controls: set[str] = set()
    count = 0
    for n, tags in scan_headers(text, found):
        count += 1
        white, black = tags.get("White", "").strip(), tags.get("Black", "").strip()
        if white in ("", "?") or black in ("", "?") or white == black:
            found.add(n, "game without two named players (White, Black): skipped" if white != black or not white
                      else f"game of {white!r} against themself: skipped", "players")
            continue
        result = tags.get("Result", "*").strip()
        scores = RESULTS.get(result)
        termination = tags.get("Termination", "")
        forfeit = "forfeit" in termination.lower() and not _LOST_ON_TIME.search(termination)
        if scores is None and result != "*":
            found.add(n, f"unknown result {result[:20]!r} ({white} - {black}): not rated", "result")
        raw_day = tags.get("Date", "").strip()
        day = days[raw_day]
        if day is None:
            day = days[tags.get("UTCDate", "").strip()]
            utc_dated += day is not None
        elif not other_form and not _SPEC_DATE.fullmatch(raw_day):
            other_form = f"Date {raw_day[:40]!r} read as {day} ({read_date(raw_day)[1]})"
        if day is None and not unread and raw_day and "?" not in raw_day:
            unread = raw_day
        control_text = tags.get("TimeControl", "").strip()
        control: Control | None = timings[control_text] if control_text not in ("", "?", "-") else None
        if control and control.kind is None and control_text not in unread_controls:  # said once per text
            unread_controls.add(control_text)
            found.add(n, f"TimeControl: {control.note}", "time-control")
        not_counted = variant_note(tags.get("Variant", "")) or (control.note if control and control.too_fast else None)
        if not_counted and scores and not forfeit:
            skipped[not_counted] += 1
        if scores:
            note = not_counted or ("forfeit (Termination tag): not rated" if forfeit else None)
        else:
            note = "unfinished (*): not rated" if result == "*" else f"unknown result {result[:20]!r}: not rated"
        rated = bool(scores) and not forfeit and not not_counted
        round_no = _ROUND.match(tags.get("Round", ""))
        ratings = (_elo(tags.get("WhiteElo"), n, white, found), _elo(tags.get("BlackElo"), n, black, found))
        for side, (me, opp) in enumerate(((white, black), (black, white))):
            p = players.get(me)
            if p is None:
                p = players[me] = dict(line=n, key=me, name=me, ratings=[], entries=[], fide_id=None, title="")
            prefix = "White" if side == 0 else "Black"
            if (tags.get(prefix + "Elo") or "").strip() in _NO_ELO:
                untagged.add((n, me))
            p["fide_id"] = p["fide_id"] or tags.get(prefix + "FideId", "").strip() or None
            p["title"] = p["title"] or tags.get(prefix + "Title", "").strip()
            if ratings[side]:
                p["ratings"].append((ratings[side], n))
            # an Entry's fields but the opponent's rating, known once the whole file is read
            p["entries"].append((int(round_no.group(1)) if round_no else None, opp, "wb"[side], result,
                                 scores[side] if scores else None, bool(scores) and not forfeit, rated, note,
                                 day.isoformat() if day else None, n))
        events[tags.get("Event", "").strip()] += 1
        if control:
            controls[control_text] += 1
        if "EventDate" in tags:
            event_dates.append(days[tags["EventDate"].strip()])
        game_dates.append(day)
    if not count:
        found.add(None, "no games (tag pairs such as [White \"...\"]) in the file", "file")
    notes = _rate_from_file(players, untagged, found)
    if utc_dated:
        notes.append(f"dates: {utc_dated} game{'s' if utc_dated > 1 else ''} without a Date (or ????.??.??) dated by "
                     "their UTCDate")
    if other_form:
        notes.append(other_form)
    notes += [f"{k} game{'s' if k > 1 else ''} not counted: {why}" for why, k in skipped.most_common(5)]
    if len(controls) > 1:
        notes.append("time controls differ: " + ", ".join(f"{c} ({k} games)" for c, k in controls.most_common(5))
                     + "; the most common is used")
    if len([e for e in events if e]) > 1:
        notes.append(f"{len(events)} events in the file, rated together as one rating period")
    name = next((e for e in events if e and e != "?"), "")
    control_text = controls.most_common(1)[0][0] if controls else ""
    kind, kind_note = _kind(timings[control_text] if control_text else None, name)
    starts = [d for d in event_dates if d] or [d for d in game_dates if d]
    ends = [d for d in game_dates if d]
    return Event("pgn", name, min(starts) if starts else None, max(ends) if ends else None, control_text, kind,
                 kind_note, tuple(_player(p) for p in players.values()), found.result(), tuple(notes),
                 found.groups(), "" if starts else unread)


def _kind(control: Control | None, name: str) -> tuple[str | None, str]:
    """The kind from the most common ``TimeControl``, else from the event's name."""
    said = f"{control.note} (TimeControl tag)" if control else "no time control in the file"
    if control and control.kind:
        return control.kind, said
    kind = kind_from_name(name)
    return (kind, f"{said}; Event {name[:60]!r} says {kind}") if kind else (None, said)


def _rate_from_file(players: dict[str, dict[str, Any]], untagged: set[tuple[int, str]], found: Problems) -> list[str]:
    """Each player's one rating (their first tag) on both sides of every game, and what that settled."""
    rated = {key: p["ratings"][0][0] for key, p in players.items() if p["ratings"]}
    missing: dict[str, list[int]] = {}
    for p in players.values():
        p["entries"] = [Entry(r, opp, rated.get(opp, 0), colour, code, points, played, counts, note, day, n)
                        for r, opp, colour, code, points, played, counts, note, day, n in p["entries"]]
        for e in p["entries"]:
            if e.rated and e.opponent in rated and (e.line, e.opponent) in untagged:
                missing.setdefault(e.opponent, []).append(e.line)
    for who, at in missing.items():
        found.add(at[0], f"{who}: no rating in the tags of {len(at)} game{'s' if len(at) > 1 else ''} (from this "
                         f"line); {rated[who]}, their rating in the file, is used", "rating-missing")
    differ = 0
    for p in players.values():
        first = p["ratings"][0] if p["ratings"] else None
        other = next(((r, n) for r, n in p["ratings"] if first and r != first[0]), None)
        if first and other:
            differ += 1
            found.add(other[1], f"{p['name']}: rating tags differ ({first[0]} on line {first[1]}, {other[0]} here); "
                                f"{first[0]}, the first, is used on both sides of every game", "rating-tags-differ")
    if not differ and not missing:
        return []
    return [f"ratings: each player is rated from their first rating tag in the file (WhiteElo/BlackElo), used on both "
            f"sides of each of their games ({differ} player{'s' if differ != 1 else ''} with tags that differ, "
            f"{len(missing)} with games that give none: see problems)"]


def _player(p: dict[str, Any]) -> EventPlayer:
    ratings = p.pop("ratings")
    source = f"first rating tag in the file (the game at line {ratings[0][1]})" if ratings else None
    return EventPlayer(**{**p, "entries": tuple(p["entries"])}, rating=ratings[0][0] if ratings else 0,
                       rating_source=source)

