"""Reading a FIDE Tournament Report File: TRF16, and TRF-2026 (approved by FIDE in May 2025) where it differs.

Columns are the spec's fixed ones (1-based, inclusive, as the spec writes them)::

    001 player:  5-8 starting rank, 10 sex, 11-13 title, 15-47 name, 49-52 FIDE rating,
                 54-56 federation, 58-68 FIDE id, 70-79 birth date (YYYY/MM/DD), 81-84 points,
                 86-89 rank; round n at 92+10(n-1): 4 columns opponent's starting rank
                 (0000 or blank: none), then colour (w, b, - or blank), then the result code
    012 name, 042 start date, 052 end date (YYYY/MM/DD; any common form is read), 062 players,
    072 rated players (both checked against the 001 lines), 092 type, 122 time control (free
    text, or minutes: 40/120, 60), 132 round dates (YY/MM/DD at the round columns), 222
    encoded time control (TRF-2026: 5400+30); 013 or 310 (teams), 082 (a number of teams) or a
    TRF-2026 192 team code (FIDE_TEAM_..., BERGER_TEAM_...) make it a team event

Result codes (letters in either case) and what they are for rating:

    1 = 0    win, draw, loss: played, rated
    W D L    win, draw, loss: played, but not rated (TRF-2026: "game lasted less than one move")
    + -      forfeit win, forfeit loss: not played
    H F      half-point bye, full-point bye
    U        pairing-allocated bye (TRF16 "unpaired"); Z zero-point bye; blank = Z
             (with an opponent: paired, no result yet; not played yet)

In a team event a board entry without an opponent (``0000 - +``, ``0000 - -``) is a board won
or lost by forfeit: counted in one note, not a problem per line. Each player's points column
is checked against the sum of their rounds (unless 162 or 299 change the points a result gives).

Neither TRF16 nor TRF-2026 has a K field: K comes from the caller or the K advisor.
TRF-2026 differs for rating only by record 222 (an encoded time control, read for the kind
of play); its other new records (240 byes, 250, 260, 299, 3xx, 8xx) concern pairing,
tie-breaks and teams and are skipped, like national rating records and comments (###).

Why not the ``trf`` package on PyPI (1.1.1, read for this): it is GPL-3.0-or-later (this
package is MIT and ships inside the page); one regular expression per 001 line rejects the
whole file at the first deviation (a three-letter title such as WGM in its two-character
group, a name over 33 characters, a stray character), with ``ValueError`` from ``int()`` and
no line numbers; it does not know which results are rated, nor record 222. What rating needs
of the format is the short reader below, which keeps going and lists each problem with its line.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import Any

from elo_core.events.formats.dates import parse_date as _parse_date
from elo_core.events.formats.trf_header import HEADER_TAGS, Head, check_counts, read_dates, read_kind
from elo_core.events.model import Entry, Event, EventPlayer, NationalRating
from elo_core.events.problems import Problem, Problems
from elo_core.limits import MAX_RATING
from elo_core.parse import plain_digits

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0}
UNRATED_PLAYED = {"W": 1.0, "D": 0.5, "L": 0.0}
FORFEITS = {"+": 1.0, "-": 0.0}
BYES = {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0, "": 0.0}
NOTES = {"W": "played, marked not rated in the file (W/D/L)", "D": "played, marked not rated in the file (W/D/L)",
         "L": "played, marked not rated in the file (W/D/L)", "+": "forfeit win: not rated",
         "-": "forfeit loss: not rated", "H": "half-point bye", "F": "full-point bye",
         "U": "pairing-allocated bye", "Z": "zero-point bye", "": "not paired (blank: zero-point bye)"}
PENDING = "paired, no result yet: not played yet"
TEAM_BOARD = {"+": "team event: board won by forfeit (no opponent on it): not rated",
              "-": "team event: board lost by forfeit (no opponent on it): not rated"}
POINTS = {**PLAYED, **UNRATED_PLAYED, **FORFEITS, **BYES}
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
# Points as the spec writes them: plain ASCII decimals.
_POINTS = re.compile(r"\d{1,3}(?:\.\d)?|\.\d", re.ASCII)
FIRST_ROUND = 92  # column of round 1 (1-based)
_OLD_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}
TEAM_RECORDS = ("013", "310")
# Records that change the points a result gives (162 the scoring system, 299 abnormal points,
# TRFx's BB? bye values): with one of them the points column cannot be checked by the defaults.
SCORING_RECORDS = ("162", "299", "BBF", "BBH", "BBU", "BBW", "BBD", "BBL", "BBZ")


def _col(line: str, first: int, last: int) -> str:
    """Columns ``first..last`` (1-based, inclusive, as in the spec), stripped; empty past the line's end."""
    return line[first - 1:last].strip()


def parse_date(text: str) -> date | None:
    """A 132 round date, YY/MM/DD as the spec writes it, or any form :mod:`elo_core.events.formats.dates` reads:
    YYYY/MM/DD (also with - or .), DD.MM.YYYY, DD/MM/YYYY, a month's name, or YY/MM/DD (the 132 round dates)."""
    return _parse_date(text, "ymd")


# TRF-2026 national rating records: a federation's code where "001" stands (not TRFx's XX?, BB?)
_NATIONAL = re.compile(r"(?!XX|BB)[A-Z]{3}(?: |$)")


def _read_national(n: int, line: str, kept: dict[tuple[str, str], NationalRating], found: Problems) -> None:
    fed, rank, rating = line[:3], _col(line, 5, 8), _col(line, 49, 52)
    if not plain_digits(rank):
        found.add(n, f"{fed} record: the starting rank {rank!r} is not a number (line skipped)", "national")
        return
    key = str(int(rank))
    if (fed, key) in kept:
        found.add(n, f"{fed} record: starting rank {key} has a record already (line {kept[fed, key].line}); this one is "
                     "skipped", "national")
        return
    if rating and (not plain_digits(rating) or int(rating) > MAX_RATING):
        found.add(n, f"{fed} record: the rating {rating!r} of starting rank {key} is not a rating (taken as none)",
                  "national")
        rating = ""
    year = re.match(r"\s*(\d{4})", _col(line, 70, 79))
    birth = int(year.group(1)) if year and 1900 <= int(year.group(1)) <= 2100 else None
    kept[fed, key] = NationalRating(fed, key, int(rating) if rating else 0, _col(line, 58, 68), birth, n)


def parse_trf(text: str, problems: tuple[Problem, ...] = ()) -> Event:
    """An :class:`~elo_core.events.model.Event` from a TRF's text; every problem is listed, never raised."""
    found = Problems(problems)
    head: Head = {}
    round_dates: dict[int, str] = {}
    players: dict[int, dict[str, Any]] = {}
    records: set[str] = set()
    national: dict[tuple[str, str], NationalRating] = {}
    for n, line in enumerate(text.splitlines(), 1):
        tag = line[:3]
        records.add(tag)
        if tag == "001":
            _read_player(n, line, players, found)
        elif tag == "132":
            for r in range(1, (len(line) - FIRST_ROUND + 10) // 10 + 1):
                d = parse_date(_col(line, FIRST_ROUND + 10 * (r - 1), FIRST_ROUND + 10 * (r - 1) + 7))
                if d:
                    round_dates[r] = d.isoformat()
        elif tag in HEADER_TAGS and tag not in head:
            head[tag] = (n, line[4:].strip())
        elif _NATIONAL.match(line):
            _read_national(n, line, national, found)
    if not players:
        found.add(None, "no player lines (001) in the file", "file")
    teams = head.get("082", (0, ""))[1]
    code = head.get("192", (0, ""))[1].upper()  # TRF-2026's tournament type: FIDE_TEAM, BERGER_TEAM_ROUNDROBIN, ...
    team = any(t in records for t in TEAM_RECORDS) or (plain_digits(teams) and int(teams) > 0) \
        or "TEAM" in re.split(r"[\W_]+", code)
    rounds = max((len(p["rounds"]) for p in players.values()), default=0)
    dates = read_dates(head, round_dates, rounds, found)
    kind = read_kind(head, found)
    check_counts(head, len(players), sum(1 for p in players.values() if p["rating"]), found)
    unrated = "time control faster than FIDE rates: not FIDE-rated" if kind.control.too_fast else None
    linked, boards = _link(players, round_dates, found, team, unrated)
    if not any(t in records for t in SCORING_RECORDS):
        _check_points(linked, found)
    notes = list(dates.notes)
    if boards:
        notes.append(f"team event: {boards} board entries without an opponent (0000 with + or -) are boards won or "
                     "lost by forfeit: not rated" if boards > 1 else "team event: 1 board entry without an opponent "
                     "(0000 with + or -) is a board won or lost by forfeit: not rated")
    return Event("trf", head.get("012", (0, ""))[1], dates.start, dates.end, kind.written, kind.control.kind,
                 kind.note, linked, found.result(), tuple(notes), found.groups(), dates.start_text,
                 tuple(national.values()))


def _read_player(n: int, line: str, players: dict[int, dict[str, Any]], found: Problems) -> None:
    start = _col(line, 5, 8)
    if not plain_digits(start) or int(start) == 0:
        found.add(n, f"001: starting rank (columns 5-8) {start!r} is not a number 1-9999; line skipped", "start-rank")
        return
    rank_no = int(start)
    if rank_no in players:
        found.add(n, f"001: starting rank {rank_no} again (first on line {players[rank_no]['line']}); line skipped",
                  "start-rank")
        return
    name = _col(line, 15, 47)
    who = f"{rank_no} {name}".strip()
    rating_text = _col(line, 49, 52)
    rating = int(rating_text) if plain_digits(rating_text) else 0
    if rating_text and (not plain_digits(rating_text) or rating > MAX_RATING):
        found.add(n, f"player {who}: rating (columns 49-52) {rating_text!r} is not a rating; treated as unrated",
                  "rating")
        rating = 0
    points_text = _col(line, 81, 84)
    points = float(points_text) if _POINTS.fullmatch(points_text) else None
    if points_text and points is None:  # float() also reads nan, inf, 1_0 and other scripts' digits
        found.add(n, f"player {who}: points (columns 81-84) {points_text!r} is not a number of points; "
                     "the player is rated from the round results", "column")
    rank_text = _col(line, 86, 89)
    title = _col(line, 11, 13)
    rounds = []
    for r in range(1, (len(line.rstrip()) - FIRST_ROUND + 10) // 10 + 1):
        c = FIRST_ROUND + 10 * (r - 1)
        opp, colour, code = _col(line, c, c + 3), _col(line, c + 5, c + 5).lower(), _col(line, c + 7, c + 7).upper()
        if opp and not plain_digits(opp):
            found.add(n, f"player {who}, round {r}: opponent (columns {c}-{c + 3}) {opp!r} is not a starting rank",
                      "column")
            opp = ""
        if code not in POINTS:
            found.add(n, f"player {who}, round {r}: unknown result code {code!r} (column {c + 7}); not rated", "result")
        if colour not in ("w", "b", "-", ""):
            found.add(n, f"player {who}, round {r}: colour {colour!r} (column {c + 5}) is not w, b or -", "column")
        rounds.append((r, int(opp) if opp else 0, colour if colour in ("w", "b") else None, code))
    players[rank_no] = dict(line=n, key=str(rank_no), name=name, rating=rating, start_rank=rank_no,
                            fide_id=_col(line, 58, 68) or None, title=_OLD_TITLES.get(title, title),
                            federation=_col(line, 54, 56), sex=_col(line, 10, 10), birth=_col(line, 70, 79),
                            points=points, rank=int(rank_text) if plain_digits(rank_text) else None, rounds=rounds)


def _link(players: dict[int, dict[str, Any]], round_dates: dict[int, str], found: Problems, team: bool,
          unrated: str | None) -> tuple[tuple[EventPlayer, ...], int]:
    """Each player's rounds as entries naming their opponents, both sides checked to agree; and the
    number of team-event boards without an opponent."""
    out, boards = [], 0
    by_round = {(s, r): (opp, colour, code) for s, p in players.items() for r, opp, colour, code in p["rounds"]}
    for s, p in players.items():
        entries = []
        for r, opp, colour, code in p.pop("rounds"):
            if team and not opp and code in TEAM_BOARD:
                boards += 1
                entries.append(Entry(r, None, 0, colour, code, POINTS[code], False, False, TEAM_BOARD[code],
                                     round_dates.get(r), p["line"]))
                continue
            e = _entry(s, p, r, opp, colour, code, players, by_round, found, round_dates.get(r))
            entries.append(replace(e, rated=False, note=unrated) if unrated and e.rated else e)
        out.append(EventPlayer(**p, entries=tuple(entries)))
    return tuple(out), boards


def _entry(s: int, p: dict[str, Any], r: int, opp: int, colour: str | None, code: str, players: dict[int, dict[str, Any]],
           by_round: dict[tuple[int, int], tuple[Any, Any, Any]],
           found: Problems, day: str | None) -> Entry:
    who, n = f"{s} {p['name']}".strip(), p["line"]
    game = code in OTHER_SIDE
    points = POINTS.get(code)
    note = NOTES.get(code) if code in NOTES else f"unknown result code {code!r}: not rated"
    opponent = players.get(opp)
    if game and not opp:
        found.add(n, f"player {who}, round {r}: result {code!r} without an opponent; not rated", "no-opponent")
        return Entry(r, None, 0, colour, code, points, False, False, "no opponent: not rated", day, n)
    if opp and opponent is None:
        found.add(n, f"player {who}, round {r}: opponent {opp} is not in the file; not rated", "opponent-missing")
        return Entry(r, None, 0, colour, code, points, code in PLAYED, False, f"opponent {opp} not in the file", day, n)
    if opp == s:
        found.add(n, f"player {who}, round {r}: paired against themself; not rated", "self")
        return Entry(r, None, 0, colour, code, points, False, False, "paired against themself: not rated", day, n)
    if opp and code == "":  # paired, and the result not in yet
        return Entry(r, str(opp), opponent["rating"] if opponent else 0, colour, code, None, False, False, PENDING, day, n)
    other = by_round.get((opp, r)) if game else None
    if game and (other is None or other[0] != s or other[2] != OTHER_SIDE[code] or (colour and colour == other[1])):
        if s < opp or other is None or other[0] != s or other[2] not in OTHER_SIDE:  # said once per pair
            theirs = f"{other[0]} {other[1] or '-'} {other[2] or ' '}" if other else "nothing"
            found.add(n, f"round {r}: {who} has {opp} {colour or '-'} {code} but {opp} has {theirs}; "
                         "each player's own line is used", "pairing")
    return Entry(r, str(opp) if opponent else None, opponent["rating"] if opponent else 0, colour, code, points,
                 code in PLAYED or code in UNRATED_PLAYED, code in PLAYED, None if code in PLAYED else note, day, n)


def _check_points(players: tuple[EventPlayer, ...], found: Problems) -> None:
    """Each player's points column (81-84) against the sum of their rounds, by the spec's default points."""
    for p in players:
        if p.points is None:
            continue
        total = sum(e.points for e in p.entries if e.points is not None)
        if abs(total - p.points) > 1e-9:
            found.add(p.line, f"player {f'{p.start_rank} {p.name}'.strip()}: points (columns 81-84) say {p.points:g}, "
                              f"but the rounds give {total:g}", "points")
