"""The kind of play (standard, rapid, blitz) a time control is, by the Laws of Chess.

Appendices A.1 and B.1: the base time plus 60 times the increment (for the first 60 moves)
is 10 minutes or less: blitz; more than 10 and less than 60: rapid; 60 or more: standard.
B.1 sets no lower bound, but FIDE rates blitz only above :data:`BLITZ_FLOOR_MINUTES`: a
faster game (bullet: ``60+0``, ``10+0.05``) is not FIDE-rated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BLITZ_FLOOR_MINUTES = 3
"""A game of this many minutes or fewer (base plus 60 increments) is not FIDE-rated: FIDE Rapid
and Blitz Rating Regulations (B.02, from 1 March 2024) 1.1.2: a blitz game gives each player
"more than 3 minutes but not more than 10 minutes" (the time allotted + 60 times any increment)."""

_NUMBER = r"\d{1,9}(?:\.\d{1,9})?"  # bounded: a 5,000-digit number is no time, and int() refuses it
_PERIOD = re.compile(rf"(?:(\d{{1,4}})/)?({_NUMBER})(?:\+({_NUMBER}))?")
_PERIODS = re.compile(r"[:,;]")
_WHOLE_GAME = re.compile(r"(?:^|(?<=[:,;]))(?:g|sd)/", re.IGNORECASE)  # US: G/90, 40/90,SD/30: the rest of the game
_SANDCLOCK = re.compile(rf"\*({_NUMBER})")  # PGN: this many seconds for the whole game, on a sandglass
_KIND_WORDS = (("blitz", "blitz"), ("rapid", "rapid"), ("standard", "standard"), ("classical", "standard"))
# Words in an event's name that tell its kind, in English, German, French and Spanish (relámpago is
# blitz; TRF 012 and 092, PGN Event): the name only decides where no time control does.
_NAME_WORDS = ((re.compile(r"blitz", re.IGNORECASE), "blitz"),
               (re.compile(r"rel[a\u00e1]mpago", re.IGNORECASE), "blitz"),
               (re.compile(r"rapid|r\u00e1pid|schnellschach", re.IGNORECASE), "rapid"))


@dataclass(frozen=True)
class Control:
    """A time control as read: its kind, the minutes it gives for 60 moves, and how that was told."""

    kind: str | None
    minutes: float | None
    note: str

    @property
    def too_fast(self) -> bool:
        """Faster than FIDE rates: see :data:`BLITZ_FLOOR_MINUTES`."""
        return self.minutes is not None and self.minutes <= BLITZ_FLOOR_MINUTES


def kind_of_minutes(minutes: float) -> str:
    """Laws of Chess A.1, B.1: blitz 10 minutes or less, rapid more than 10 and less than 60, else standard."""
    return "blitz" if minutes <= 10 else "rapid" if minutes < 60 else "standard"


def _encoded_minutes(compact: str, seconds: bool) -> float | None:
    """Minutes for 60 moves of periods such as ``5400+30``, ``40/6000+30:900+30``, ``10+0.05`` or,
    in a TRF 122, ``40/120,60`` (each period ``[moves/]time[+increment]``, the last for the rest)."""
    compact = _WHOLE_GAME.sub("", compact)
    sand = _SANDCLOCK.fullmatch(compact)
    if sand:
        return float(sand.group(1)) / 60
    parts = _PERIODS.split(compact)
    periods = [m for p in parts if (m := _PERIOD.fullmatch(p))]
    if len(periods) != len(parts):
        return None
    nums = [(int(m.group(1) or 0), float(m.group(2)), float(m.group(3) or 0)) for m in periods]
    unit = 1 if seconds or any(s >= 300 for _, s, _ in nums) else 60
    total, moves = 0.0, 0
    for n_moves, base, inc in nums:
        if moves >= 60:
            break
        total += base * unit + inc * min(n_moves or 60, 60 - moves)
        moves += n_moves or 60
    return total / 60


_HOURS = re.compile(r"(?<![\d.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:h|hrs?|hours?|std|stunden?|heures?|horas?)(?![a-z])"
                    r"(?:\s*(\d{1,2})(?=\s*(?:$|[+,;])))?")  # 1h30: an hour and a half
_MINUTES = re.compile(r"(?<![\d.,])(\d{1,9})\s*(?:min\w*|m\b|'(?!')|\u2032)")
_PER_MOVE = re.compile(rf"(?<![\d.,])({_NUMBER})\s*(?:s\b|sec\w*|sek\w*|seg\w*|\"|''|\u2033)")


def _text_minutes(low: str) -> float | None:
    """Minutes for 60 moves of free text: ``90 min + 30 sec/move``, ``1h30 + 30''``, ``15' + 10"``,
    ``90 Minuten + 30 Sekunden``, ``1,5 h``."""
    hours = [(float(h.replace(",", ".")), int(m or 0)) for h, m in _HOURS.findall(low)]
    base = sum(h * 60 + m for h, m in hours) + sum(int(m) for m in _MINUTES.findall(low))
    per_move = _PER_MOVE.search(low)
    if hours or base:
        return base + (float(per_move.group(1)) if per_move else 0)
    return None


def read_control(text: str, *, seconds: bool = True) -> Control:
    """A time control's kind and minutes; see :func:`kind_from_time_control`."""
    raw = (text or "").strip()
    shown = repr(raw[:40] + ("..." if len(raw) > 40 else ""))
    if not raw or raw in ("?", "-"):
        return Control(None, None, "no time control in the file")
    minutes = _encoded_minutes(re.sub(r"\s+", "", raw), seconds)
    if minutes is None:
        minutes = _text_minutes(raw.lower())
    if minutes is not None:
        kind = kind_of_minutes(minutes)
        note = f"time control {shown}: {minutes:g} minutes for 60 moves (the base time and 60 increments), so {kind}"
        if minutes <= BLITZ_FLOOR_MINUTES:
            note += f", faster than FIDE rates (blitz must be more than {BLITZ_FLOOR_MINUTES} min): not FIDE-rated"
        return Control(kind, minutes, note)
    low = raw.lower()
    for word, kind in _KIND_WORDS:
        if word in low:
            return Control(kind, None, f"time control {shown} says {word}")
    return Control(None, None, f"time control {shown} could not be read")


def kind_from_time_control(text: str, *, seconds: bool = True) -> tuple[str | None, str]:
    """The kind of play a time control is, and how that was told.

    ``seconds``: the numbers of an encoded control (``5400+30``, ``40/6000+30:900+30``)
    are seconds, as in PGN ``TimeControl`` and TRF 222; otherwise (TRF 122, free text)
    numbers under 300 are read as minutes.

    >>> kind_from_time_control("5400+30")[0], kind_from_time_control("900+10")[0], kind_from_time_control("180+2")[0]
    ('standard', 'rapid', 'blitz')
    >>> kind_from_time_control("90 min + 30 sec/move", seconds=False)[0], kind_from_time_control("40/120, 60", seconds=False)
    ('standard', ('standard', "time control '40/120, 60': 180 minutes for 60 moves (the base time and 60 increments), so standard"))
    """
    c = read_control(text, seconds=seconds)
    return c.kind, c.note


def kind_from_name(name: str) -> str | None:
    """``rapid`` or ``blitz`` where an event's name says so (``Blitz Open``, ``Schnellschach-Cup``), else ``None``."""
    for pattern, kind in _NAME_WORDS:
        if pattern.search(name or ""):
            return kind
    return None
