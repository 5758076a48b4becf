"""US Chess's over-the-board rating pools (Regular, Quick, Blitz) and the time control that decides
them (the rating system's section 1): with mm the total main time in minutes and ss the delay or
increment in seconds, Blitz 5 <= mm + ss <= 10, Quick 10 < mm + ss < 30, Regular mm + ss >= 30;
Quick also rates 30 <= mm + ss <= 65, so such an event is dual-rated (Regular and Quick).

>>> [(c.total, c.pools) for c in map(read_control, ("G/45;d5", "G/90+30", "G/25+5", "G/3+2", "40/90, SD/30 d5"))]
[(50.0, ('regular', 'quick')), (120.0, ('regular',)), (30.0, ('regular', 'quick')), (5.0, ('blitz',)), (125.0, ('regular',))]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from elo_core.plain import Plain
from elo_core.uscf.rules import rules

POOLS = ("regular", "quick", "blitz")
NAMES = {"regular": "Regular (OTB)", "quick": "Quick (OTB)", "blitz": "Blitz (OTB)"}

_NUMBER = r"\d{1,5}(?:\.\d{1,3})?"
_WORDS_MINUTES = re.compile(rf"({_NUMBER})\s*(?:min\w*|'(?!')|\u2032)")
_WORDS_SECONDS = re.compile(rf"({_NUMBER})\s*(?:sec\w*|s\b|''|\"|\u2033)")
_DELAY = re.compile(rf"[\s,;]*(?:(?<=\d)d|\bd|\binc\w*|\+)\s*({_NUMBER})")
_PERIOD = re.compile(rf"(?:(?:\d{{1,3}}|g|sd|game)\s*/\s*)?({_NUMBER})")
_PGN_PERIOD = re.compile(rf"(?:\d{{1,3}}/)?({_NUMBER})(?:\+({_NUMBER}))?")
SECONDS_FROM = 300
"""In a time control written without units, a main time this large is in seconds (5400+30)."""


@dataclass(frozen=True)
class Control(Plain):
    """A time control as read: mm + ss, and the pools it rates."""

    text: str
    minutes: float
    seconds: float
    total: float
    pools: tuple[str, ...]
    """Empty: too fast to be rated (mm + ss < 5)."""

    @property
    def dual(self) -> bool:
        return len(self.pools) == 2


def pools_of(total: float) -> tuple[str, ...]:
    """The pools that rate an event whose mm + ss is ``total``."""
    blitz_from, blitz_to, regular_from, quick_to = rules().pools
    if total < blitz_from:
        return ()
    if total <= blitz_to:
        return ("blitz",)
    if total < regular_from:
        return ("quick",)
    return ("regular", "quick") if total <= quick_to else ("regular",)


def read_control(text: str, pgn: bool = False) -> Control | None:
    """mm + ss of a time control: US Chess's notation (G/45;d5, G/90+30, 40/90, SD/30 d5), words
    (90 min + 30 sec), or PGN's seconds (``pgn``: 2700+5, 40/5400+30:1800+30); None if not read."""
    low = text.strip().lower()
    if not low or len(low) > 100:
        return None
    if pgn:
        parts = [_PGN_PERIOD.fullmatch(p) for p in low.split(":")]
        if not all(parts):
            return None
        minutes = sum(float(p.group(1)) for p in parts if p) / 60
        seconds = next((float(p.group(2)) for p in parts if p and p.group(2)), 0.0)
        return _control(text, minutes, seconds)
    words_min, words_sec = _WORDS_MINUTES.findall(low), _WORDS_SECONDS.findall(low)
    if words_min:
        return _control(text, sum(map(float, words_min)), float(words_sec[0]) if words_sec else 0.0)
    delay = _DELAY.search(low)
    rest = _DELAY.sub("", low) if delay else low
    periods = [p.strip() for p in re.split(r"[,;]", rest) if p.strip()]
    found = [_PERIOD.fullmatch(p) for p in periods]
    if not periods or not all(found):
        return None
    times = [float(p.group(1)) for p in found if p]
    seconds = float(delay.group(1)) if delay else 0.0
    if any(t >= SECONDS_FROM for t in times):
        return _control(text, sum(times) / 60, seconds)
    return _control(text, sum(times), seconds)


def _control(text: str, minutes: float, seconds: float) -> Control:
    total = minutes + seconds
    return Control(text.strip(), minutes, seconds, total, pools_of(total))
