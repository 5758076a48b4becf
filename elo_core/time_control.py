"""The kind of play (standard, rapid, blitz) a time control is, by the Laws of Chess.

Appendices A.1 and B.1: the base time plus 60 times the increment (for the first 60 moves)
is 10 minutes or less: blitz; more than 10 and less than 60: rapid; 60 or more: standard.
"""

from __future__ import annotations

import re

_PERIOD = re.compile(r"(?:(\d+)/)?(\d+)(?:\+(\d+))?")
_KIND_WORDS = (("blitz", "blitz"), ("rapid", "rapid"), ("standard", "standard"), ("classical", "standard"))


def kind_of_minutes(minutes: float) -> str:
    """Laws of Chess A.1, B.1: blitz 10 minutes or less, rapid more than 10 and less than 60, else standard."""
    return "blitz" if minutes <= 10 else "rapid" if minutes < 60 else "standard"


def kind_from_time_control(text: str, *, seconds: bool = True) -> tuple[str | None, str]:
    """The kind of play a time control is, and how that was told.

    ``seconds``: the numbers of an encoded control (``5400+30``, ``40/6000+30:900+30``)
    are seconds, as in PGN ``TimeControl`` and TRF 222; otherwise (TRF 122, free text)
    numbers under 300 are read as minutes.

    >>> kind_from_time_control("5400+30")[0], kind_from_time_control("900+10")[0], kind_from_time_control("180+2")[0]
    ('standard', 'rapid', 'blitz')
    >>> kind_from_time_control("90 min + 30 sec/move", seconds=False)[0]
    'standard'
    """
    raw = (text or "").strip()
    if not raw or raw in ("?", "-"):
        return None, "no time control in the file"
    compact = re.sub(r"\s+", "", raw)
    periods = [m for p in compact.split(":") if (m := _PERIOD.fullmatch(p))]
    if len(periods) == compact.count(":") + 1:
        nums = [(int(m.group(1) or 0), int(m.group(2)), int(m.group(3) or 0)) for m in periods]
        unit = 1 if seconds or any(s >= 300 for _, s, _ in nums) else 60
        total, moves = 0.0, 0
        for n_moves, base, inc in nums:
            if moves >= 60:
                break
            counted = min(n_moves or 60, 60 - moves)
            total += base * unit + inc * counted
            moves += n_moves or 60
        minutes = total / 60
        return kind_of_minutes(minutes), (f"time control {raw!r}: {minutes:g} min for 60 moves (base plus 60 "
                                          f"increments) -> {kind_of_minutes(minutes)}")
    low = raw.lower()
    hours = sum(int(h) for h in re.findall(r"(\d+)\s*(?:h|hours?)\b", low))
    base = sum(int(m) for m in re.findall(r"(\d+)\s*(?:min|mins|minutes?|m\b|'(?!')|\u2032)", low))
    per_move = re.search(r"(\d+)\s*(?:s\b|sec|secs|seconds?|\"|''|\u2033)", low)
    if hours or base:
        minutes = hours * 60 + base + (int(per_move.group(1)) if per_move else 0)
        return kind_of_minutes(minutes), (f"time control {raw!r}: {minutes:g} min for 60 moves (base plus 60 "
                                          f"increments) -> {kind_of_minutes(minutes)}")
    for word, kind in _KIND_WORDS:
        if word in low:
            return kind, f"time control {raw!r} says {word}"
    return None, f"time control {raw!r} could not be read"
