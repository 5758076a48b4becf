"""Reading a FIDE Tournament Report File: TRF16, and TRF-2026 (approved by FIDE in May 2025) where it differs.

Columns are the spec's fixed ones (1-based, inclusive, as the spec writes them)::

    001 player:  5-8 starting rank, 10 sex, 11-13 title, 15-47 name, 49-52 FIDE rating,
                 54-56 federation, 58-68 FIDE id, 70-79 birth date (YYYY/MM/DD), 81-84 points,
                 86-89 rank; round n at 92+10(n-1): 4 columns opponent's starting rank
                 (0000 or blank: none), then colour (w, b, - or blank), then the result code
    012 name, 042 start date, 052 end date (YYYY/MM/DD), 092 type, 122 time control (free text),
    132 round dates (YY/MM/DD at the round columns), 222 encoded time control (TRF-2026: 5400+30)

Result codes (letters in either case) and what they are for rating:

    1 = 0    win, draw, loss: played, rated
    W D L    win, draw, loss: played, but not rated (TRF-2026: "game lasted less than one move")
    + -      forfeit win, forfeit loss: not played
    H F      half-point bye, full-point bye
    U        pairing-allocated bye (TRF16 "unpaired"); Z zero-point bye; blank = Z

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
from datetime import date

from .event_model import Entry, Event, EventPlayer, Problem, Problems
from .inputs import MAX_RATING, plain_digits
from .time_control import kind_from_time_control

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0}
UNRATED_PLAYED = {"W": 1.0, "D": 0.5, "L": 0.0}
FORFEITS = {"+": 1.0, "-": 0.0}
BYES = {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0, "": 0.0}
NOTES = {"W": "played, marked not rated in the file (W/D/L)", "D": "played, marked not rated in the file (W/D/L)",
         "L": "played, marked not rated in the file (W/D/L)", "+": "forfeit win: not rated",
         "-": "forfeit loss: not rated", "H": "half-point bye", "F": "full-point bye",
         "U": "pairing-allocated bye", "Z": "zero-point bye", "": "not paired (blank: zero-point bye)"}
POINTS = {**PLAYED, **UNRATED_PLAYED, **FORFEITS, **BYES}
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
FIRST_ROUND = 92  # column of round 1 (1-based)
_OLD_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}


def _col(line: str, first: int, last: int) -> str:
    """Columns ``first..last`` (1-based, inclusive, as in the spec), stripped; empty past the line's end."""
    return line[first - 1:last].strip()


def parse_date(text: str) -> date | None:
    """YYYY/MM/DD (also with - or .), DD.MM.YYYY or DD/MM/YYYY, or YY/MM/DD (the 132 round dates)."""
    t = text.strip()
    for pattern, order in ((r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", "ymd"), (r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", "dmy"),
                           (r"(\d{2})[/.-](\d{2})[/.-](\d{2})", "ymd")):
        m = re.fullmatch(pattern, t)
        if m:
            a, b, c = (int(x) for x in m.groups())
            y, mo, d = (a, b, c) if order == "ymd" else (c, b, a)
            try:
                return date(y + 2000 if y < 100 else y, mo, d)
            except ValueError:
                return None
    return None


def parse_trf(text: str, problems: tuple[Problem, ...] = ()) -> Event:
    """An :class:`~elo_core.event.Event` from a TRF's text; every problem is listed, never raised."""
    found = Problems(problems)
    head: dict[str, tuple[int, str]] = {}
    round_dates: dict[int, str] = {}
    players: dict[int, dict] = {}
    for n, line in enumerate(text.splitlines(), 1):
        tag = line[:3]
        if tag == "001":
            _read_player(n, line, players, found)
        elif tag == "132":
            for r in range(1, (len(line) - FIRST_ROUND + 10) // 10 + 1):
                d = parse_date(_col(line, FIRST_ROUND + 10 * (r - 1), FIRST_ROUND + 10 * (r - 1) + 7))
                if d:
                    round_dates[r] = d.isoformat()
        elif tag in ("012", "042", "052", "092", "122", "222") and tag not in head:
            head[tag] = (n, line[4:].strip())
    if not players:
        found.add(None, "no player lines (001) in the file")
    dates = {}
    for tag in ("042", "052"):
        if tag in head:
            dates[tag] = parse_date(head[tag][1])
            if dates[tag] is None and head[tag][1]:
                found.add(head[tag][0], f"{tag}: date {head[tag][1]!r} is not YYYY/MM/DD")
    kind, kind_note, control = _kind(head)
    return Event("trf", head.get("012", (0, ""))[1], dates.get("042"), dates.get("052"), control, kind, kind_note,
                 _link(players, round_dates, found), found.result())


def _kind(head: dict[str, tuple[int, str]]) -> tuple[str | None, str, str]:
    """The kind of play from 222 (seconds), else 122 (free text), else words in 092/012."""
    for tag, seconds in (("222", True), ("122", False)):
        if head.get(tag, (0, ""))[1]:
            kind, note = kind_from_time_control(head[tag][1], seconds=seconds)
            if kind:
                return kind, f"{tag}: {note}", head[tag][1]
    control = head.get("222", head.get("122", (0, "")))[1]
    for tag in ("092", "012"):
        words = head.get(tag, (0, ""))[1].lower()
        for word in ("blitz", "rapid"):
            if word in words:
                return word, f"{tag} says {word}", control
    return None, "the time control cannot be told from the file (no 222 or 122)", control


def _read_player(n: int, line: str, players: dict[int, dict], found: Problems) -> None:
    start = _col(line, 5, 8)
    if not plain_digits(start) or int(start) == 0:
        found.add(n, f"001: starting rank (columns 5-8) {start!r} is not a number 1-9999; line skipped")
        return
    rank_no = int(start)
    if rank_no in players:
        found.add(n, f"001: starting rank {rank_no} again (first on line {players[rank_no]['line']}); line skipped")
        return
    name = _col(line, 15, 47)
    who = f"{rank_no} {name}".strip()
    rating_text = _col(line, 49, 52)
    rating = int(rating_text) if plain_digits(rating_text) else 0
    if rating_text and (not plain_digits(rating_text) or rating > MAX_RATING):
        found.add(n, f"player {who}: rating (columns 49-52) {rating_text!r} is not a rating; treated as unrated")
        rating = 0
    points_text = _col(line, 81, 84)
    try:
        points = float(points_text) if points_text else None
    except ValueError:
        found.add(n, f"player {who}: points (columns 81-84) {points_text!r} is not a number")
        points = None
    rank_text = _col(line, 86, 89)
    title = _col(line, 11, 13)
    rounds = []
    for r in range(1, (len(line.rstrip()) - FIRST_ROUND + 10) // 10 + 1):
        c = FIRST_ROUND + 10 * (r - 1)
        opp, colour, code = _col(line, c, c + 3), _col(line, c + 5, c + 5).lower(), _col(line, c + 7, c + 7).upper()
        if opp and not plain_digits(opp):
            found.add(n, f"player {who}, round {r}: opponent (columns {c}-{c + 3}) {opp!r} is not a starting rank")
            opp = ""
        if code not in POINTS:
            found.add(n, f"player {who}, round {r}: unknown result code {code!r} (column {c + 7}); not rated")
        if colour not in ("w", "b", "-", ""):
            found.add(n, f"player {who}, round {r}: colour {colour!r} (column {c + 5}) is not w, b or -")
        rounds.append((r, int(opp) if opp else 0, colour if colour in ("w", "b") else None, code))
    players[rank_no] = dict(line=n, key=str(rank_no), name=name, rating=rating, start_rank=rank_no,
                            fide_id=_col(line, 58, 68) or None, title=_OLD_TITLES.get(title, title),
                            federation=_col(line, 54, 56), sex=_col(line, 10, 10), birth=_col(line, 70, 79),
                            points=points, rank=int(rank_text) if plain_digits(rank_text) else None, rounds=rounds)


def _link(players: dict[int, dict], round_dates: dict[int, str], found: Problems) -> tuple[EventPlayer, ...]:
    """Turn each player's rounds into entries naming their opponents, and check both sides agree."""
    out = []
    by_round = {(s, r): (opp, colour, code) for s, p in players.items() for r, opp, colour, code in p["rounds"]}
    for s, p in players.items():
        entries = []
        for r, opp, colour, code in p.pop("rounds"):
            entries.append(_entry(s, p, r, opp, colour, code, players, by_round, found, round_dates.get(r)))
        out.append(EventPlayer(**p, entries=tuple(entries)))
    return tuple(out)


def _entry(s: int, p: dict, r: int, opp: int, colour: str | None, code: str, players: dict, by_round: dict,
           found: Problems, day: str | None) -> Entry:
    who, n = f"{s} {p['name']}".strip(), p["line"]
    game = code in OTHER_SIDE
    points = POINTS.get(code)
    note = NOTES.get(code) if code in NOTES else f"unknown result code {code!r}: not rated"
    opponent = players.get(opp)
    if game and not opp:
        found.add(n, f"player {who}, round {r}: result {code!r} without an opponent; not rated")
        return Entry(r, None, 0, colour, code, points, False, False, "no opponent: not rated", day, n)
    if opp and opponent is None:
        found.add(n, f"player {who}, round {r}: opponent {opp} is not in the file; not rated")
        return Entry(r, None, 0, colour, code, points, code in PLAYED, False, f"opponent {opp} not in the file", day, n)
    if opp == s:
        found.add(n, f"player {who}, round {r}: paired against themself; not rated")
        return Entry(r, None, 0, colour, code, points, False, False, "paired against themself: not rated", day, n)
    other = by_round.get((opp, r)) if game else None
    if game and (other is None or other[0] != s or other[2] != OTHER_SIDE[code] or (colour and colour == other[1])):
        if s < opp or other is None or other[0] != s or other[2] not in OTHER_SIDE:  # said once per pair
            theirs = f"{other[0]} {other[1] or '-'} {other[2] or ' '}" if other else "nothing"
            found.add(n, f"round {r}: {who} has {opp} {colour or '-'} {code} but {opp} has {theirs}; "
                         "each player's own line is used")
    return Entry(r, str(opp) if opponent else None, opponent["rating"] if opponent else 0, colour, code, points,
                 code in PLAYED or code in UNRATED_PLAYED, code in PLAYED, None if code in PLAYED else note, day, n)
