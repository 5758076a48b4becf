"""Reading the games of a PGN file for rating: tags only (White, Black, WhiteElo, BlackElo, Result, ...).

Rating needs the tags, never the moves, so :func:`scan_headers` reads tag pairs
and steps over the movetext, tracking only ``{...}`` comments (which may span
lines and hold ``[``), ``;`` comments and ``%`` escape lines. It streams: any
iterable of lines (an open file) is read a block of lines at a time, about 1 MB.
It copes with escaped quotes in tag values, games without moves, CRLF and a BOM.

Why not python-chess (``chess.pgn.read_headers``), the field's own library? Measured
on CPython 3.11 here: 10,000 generated games of 40 moves (8.6 MB, clock comments
spanning lines, CRLF in every 7th game; ``python tests/eventgen.py``), best of 5:

    python-chess 1.11.2 read_headers (from io.StringIO):  0.32 s
    scan_headers, whole text:                             0.17 s   (from io.StringIO: 0.23 s)
    parse_pgn (the Event), parse_pgn + rating every one:  0.32 s, 0.64 s

Both would meet the 3 s allowed in the page (Pyodide is 2-3 times slower), so speed
alone does not decide it. What does: python-chess 1.11.2 keeps tag escapes (a name
written ``"Nick \\"The Fish\\""`` comes out with its backslashes); it is GPL-3.0+ while
this package is MIT; PyPI has only its sdist (6 MB), so the build would have to make
and ship a 148 kB wheel and the page fetch and install it the first time a PGN is
opened; and rating needs tags only, which 100 lines read twice as fast with no
dependency, the same in the CLI and the page. ``tests/test_pgn.py`` checks this
scanner's tags against python-chess's where it is installed.

Results: ``1-0``, ``0-1``, ``1/2-1/2`` are played and rated; ``*`` is unfinished
and not rated; a ``Termination`` tag saying forfeit makes a game not rated, except PGN's
``time forfeit``: a game lost on time was played, and is rated.
A player's rating is their first non-zero ``WhiteElo``/``BlackElo`` in the file;
an opponent's rating for a game is their tag in that game, or, where that game gives
none, their rating in the file: a game between two players rated in the file counts
for both of them, never for one side only.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import replace
from datetime import date

from .event_model import Entry, Event, EventPlayer, Problem, Problems
from .inputs import MAX_RATING, plain_digits
from .time_control import kind_from_time_control

_TAG = re.compile(r'\[\s*([A-Za-z0-9_+#=:-]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ROUND = re.compile(r"\s*(\d+)")
_UNESCAPE = re.compile(r"\\(.)")
# A forfeit in ``Termination`` is a game not played, but PGN's "time forfeit" (also written
# "Forfeit on time" and the like) is a game lost on time: played.
_LOST_ON_TIME = re.compile(r"time[\W_]*forfeit|\bon time\b", re.IGNORECASE)
_NO_ELO = ("", "?", "-", "0")
RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "\u00bd-\u00bd": (0.5, 0.5)}


_TAG_BLOCK = re.compile(r"(?:[ \t\ufeff]*\[[^\n]*(?:\n|\Z))+")
_NEXT_TAG_LINE = re.compile(r"\n[ \t]*\[")
BLOCK = 1 << 20  # characters read at a time from a stream


def _body_end(buf: str, pos: int) -> int:
    """Where the movetext (or junk) starting at ``pos`` ends: the start of the next tag line outside
    ``{...}`` and ``;`` comments; -1 if it runs to the end of ``buf``."""
    nxt = _NEXT_TAG_LINE.search(buf, pos - 1 if pos else 0)
    end = nxt.start() + 1 if nxt else len(buf)
    i = pos
    while True:
        brace = buf.find("{", i, end)
        if brace == -1:
            return end if nxt else -1
        line_start = buf.rfind("\n", 0, brace) + 1
        if buf.find(";", max(line_start, i), brace) != -1:  # the { is inside a ; comment: skip that line
            i = buf.find("\n", brace)
            if i == -1:
                return -1
            continue
        close = buf.find("}", brace + 1)
        if close == -1:
            return -1
        i = close + 1
        if close >= end:
            nxt = _NEXT_TAG_LINE.search(buf, close)
            end = nxt.start() + 1 if nxt else len(buf)


def _blocks(lines: Iterable[str]) -> Iterator[str]:
    """Whole lines joined into blocks of about :data:`BLOCK` characters."""
    part, size = [], 0
    for line in lines:
        part.append(line)
        size += len(line)
        if size >= BLOCK:
            yield "".join(part)
            part, size = [], 0
    if part:
        yield "".join(part)


def scan_headers(source: str | Iterable[str], problems: Problems | None = None) -> Iterator[tuple[int, dict[str, str]]]:
    """Each game's (first line number, tags), moves and comments skipped.

    ``source``: the whole text, or any iterable of lines (an open file), read a
    block at a time. A game is a run of tag lines and what follows up to the next
    tag line outside comments, so a game without moves is its tags alone.

    >>> text = '[White "A \\\\"Ace\\\\""]\\n[Black "B"]\\n\\n1. e4 {a\\n[%clk 0:01]} e5 ; c {\\n1-0\\n[White "C"]\\n'
    >>> [(n, t["White"]) for n, t in scan_headers(text)]
    [(1, 'A "Ace"'), (7, 'C')]
    """
    blocks = iter((source,)) if isinstance(source, str) else _blocks(source)
    carry, line = "", 1
    buf = next(blocks, "")
    while True:
        following = next(blocks, None)
        buf = carry + buf
        if "\r" in buf and "\n" not in buf:  # old Mac line ends
            buf = buf.replace("\r", "\n")
        pos, counted_to, carry = 0, 0, ""
        while pos < len(buf):
            start, tags = pos, None
            m = _TAG_BLOCK.match(buf, pos)
            if m:
                tags = _tags(m.group(), line + buf.count("\n", counted_to, pos), problems)
                pos = m.end()
            end = _body_end(buf, pos) if pos < len(buf) else -1
            if end == -1 and following is not None:
                carry = buf[start:]
                break
            line += buf.count("\n", counted_to, start)
            counted_to = start
            if tags:
                yield line, tags
            pos = len(buf) if end == -1 else end
        if following is None:
            return
        line += buf.count("\n", counted_to, len(buf) - len(carry))
        buf = following


def _tags(block: str, line: int, problems: Problems | None) -> dict[str, str]:
    pairs = _TAG.findall(block)
    if problems is not None and len(pairs) < block.count("\n") + (not block.endswith("\n")):
        for i, text in enumerate(block.splitlines()):
            if not _TAG.search(text):
                problems.add(line + i, f"malformed tag line {text.strip()[:40]!r}: skipped")
    return {name: _unescape(value) if "\\" in value else value for name, value in pairs}


def _unescape(value: str) -> str:
    """PGN tag escapes: backslash-quote is a quote, two backslashes one."""
    return value.replace('\\"', '"') if "\\\\" not in value else _UNESCAPE.sub(lambda m: m.group(1), value)


def _date(value: str | None) -> date | None:
    m = re.fullmatch(r"(\d{4})[.\-/](\d{2})[.\-/](\d{2})", (value or "").strip())
    if not m:
        return None
    try:
        return date(*(int(x) for x in m.groups()))
    except ValueError:
        return None


def _elo(value: str | None, n: int, who: str, found: Problems) -> int:
    v = (value or "").strip()
    if v in _NO_ELO:
        return 0
    if plain_digits(v) and int(v) <= MAX_RATING:
        return int(v)
    found.add(n, f"{who}: Elo {v[:20]!r} is not a rating; treated as unrated")
    return 0


def parse_pgn(text: str, problems: tuple[Problem, ...] = ()) -> Event:
    """An :class:`~elo_core.event.Event` from a PGN's text: one player per name, one entry per game."""
    found = Problems(problems)
    players: dict[str, dict] = {}
    events: Counter = Counter()
    controls: Counter = Counter()
    event_dates, game_dates = [], []
    days: dict[str | None, date | None] = {}
    untagged: set[tuple[int, str]] = set()  # (game's line, player) where the game's tags give no rating
    count = 0
    for n, tags in scan_headers(text, found):
        count += 1
        white, black = tags.get("White", "").strip(), tags.get("Black", "").strip()
        if white in ("", "?") or black in ("", "?") or white == black:
            found.add(n, "game without two named players (White, Black): skipped" if white != black or not white
                      else f"game of {white!r} against themself: skipped")
            continue
        result = tags.get("Result", "*").strip()
        scores = RESULTS.get(result)
        termination = tags.get("Termination", "")
        forfeit = "forfeit" in termination.lower() and not _LOST_ON_TIME.search(termination)
        if scores is None and result != "*":
            found.add(n, f"unknown result {result[:20]!r} ({white} - {black}): not rated")
        note = ("forfeit (Termination tag): not rated" if forfeit else None) if scores else \
            "unfinished (*): not rated" if result == "*" else f"unknown result {result[:20]!r}: not rated"
        raw_day = tags.get("Date")
        day = days[raw_day] if raw_day in days else days.setdefault(raw_day, _date(raw_day))
        round_no = _ROUND.match(tags.get("Round", ""))
        ratings = (_elo(tags.get("WhiteElo"), n, white, found), _elo(tags.get("BlackElo"), n, black, found))
        for name, tag in ((white, "WhiteElo"), (black, "BlackElo")):
            if (tags.get(tag) or "").strip() in _NO_ELO:
                untagged.add((n, name))
        for side, (me, opp) in enumerate(((white, black), (black, white))):
            p = players.get(me)
            if p is None:
                p = players[me] = dict(line=n, key=me, name=me, ratings=[], entries=[], fide_id=None, title="")
            colour = "wb"[side]
            prefix = "White" if side == 0 else "Black"
            p["fide_id"] = p["fide_id"] or tags.get(prefix + "FideId", "").strip() or None
            p["title"] = p["title"] or tags.get(prefix + "Title", "").strip()
            if ratings[side]:
                p["ratings"].append((ratings[side], n))
            p["entries"].append(Entry(int(round_no.group(1)) if round_no else None, opp, ratings[1 - side], colour,
                                      result, scores[side] if scores else None, bool(scores) and not forfeit,
                                      bool(scores) and not forfeit, note, day.isoformat() if day else None, n))
        events[tags.get("Event", "").strip()] += 1
        if tags.get("TimeControl", "").strip() not in ("", "?", "-"):
            controls[tags["TimeControl"].strip()] += 1
        if "EventDate" in tags:
            event_dates.append(_date(tags["EventDate"]))
        game_dates.append(day)
    if not count:
        found.add(None, "no games (tag pairs such as [White \"...\"]) in the file")
    notes = []
    if len(controls) > 1:
        notes.append("time controls differ: " + ", ".join(f"{c} ({k} games)" for c, k in controls.most_common(5))
                     + "; the most common is used")
    if len([e for e in events if e]) > 1:
        notes.append(f"{len(events)} events in the file, rated together as one rating period")
    control = controls.most_common(1)[0][0] if controls else ""
    kind, kind_note = kind_from_time_control(control)
    starts = [d for d in event_dates if d] or [d for d in game_dates if d]
    ends = [d for d in game_dates if d]
    name = next((e for e in events if e and e != "?"), "")
    _file_ratings(players, untagged, found)
    return Event("pgn", name, min(starts) if starts else None, max(ends) if ends else None, control, kind,
                 f"TimeControl: {kind_note}" if control else kind_note,
                 tuple(_player(p, found) for p in players.values()), found.result(), tuple(notes))


def _file_ratings(players: dict[str, dict], untagged: set[tuple[int, str]], found: Problems) -> None:
    """Where a rated game's tags give no rating for a player whom the file rates elsewhere, that rating."""
    rated = {key: p["ratings"][0][0] for key, p in players.items() if p["ratings"]}
    lines: dict[str, list[int]] = {}
    for p in players.values():
        for i, e in enumerate(p["entries"]):
            if e.rated and rated.get(e.opponent) and (e.line, e.opponent) in untagged:
                p["entries"][i] = replace(e, opponent_rating=rated[e.opponent])
                lines.setdefault(e.opponent, []).append(e.line)
    for who, at in lines.items():
        found.add(at[0], f"{who}: no rating in the tags of {len(at)} game{'s' if len(at) > 1 else ''} (from this "
                         f"line); {rated[who]}, their rating in the file, is used")


def _player(p: dict, found: Problems) -> EventPlayer:
    ratings = p.pop("ratings")
    rating = ratings[0][0] if ratings else 0
    other = next(((r, n) for r, n in ratings if r != rating), None)
    if other:
        found.add(other[1], f"{p['name']}: rating tags differ ({rating} on line {ratings[0][1]}, {other[0]} here); "
                            f"{rating}, the first, is used")
    return EventPlayer(**{**p, "entries": tuple(p["entries"])}, rating=rating)
