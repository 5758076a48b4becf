"""Reading the dates event files write: numbers in any common order, or a month's name.

TRF wants ``YYYY/MM/DD`` (042, 052) and ``YY/MM/DD`` (132), PGN ``YYYY.MM.DD``; real files
also hold ``28. 07. 2005``, ``28/07/2005``, ``2005-07-28``, ``May 29, 2020``, ``29. Mai 2020``,
``29 de mayo de 2020``. :func:`read_date` reads them all and, when it cannot, says why: a
date that is not read is never taken as no date, and never guessed.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

# Month names, and their usual short forms, in English, German, French and Spanish (accents dropped).
MONTHS: dict[str, int] = {}
for _number, _names in enumerate((
        "january jan januar janner janvier janv enero ene",
        "february feb februar fevrier fevr fev febrero",
        "march mar maerz marz mrz mars marzo",
        "april apr avril avr abril abr",
        "may mai mayo",
        "june jun juni juin junio",
        "july jul juli juillet juil julio",
        "august aug aout agosto ago",
        "september sep sept septembre septiembre setiembre set",
        "october oct oktober okt octobre octubre",
        "november nov novembre noviembre",
        "december dec dezember dez decembre diciembre dic"), 1):
    for _name in _names.split():
        MONTHS[_name] = _number
# Days of the week, which may come first ("Sat, 4 Oct 2025", "Sa, 04.10.2025", "samedi 4 octobre 2025"):
# not "mar" (mardi, martes), which is March.
WEEKDAYS = frozenset((
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag mo di mi do fr sa so "
    "lundi mardi mercredi jeudi vendredi samedi dimanche lun jeu ven sam dim "
    "lunes martes miercoles jueves viernes sabado domingo mie jue vie sab dom").split())
# Words that may stand between a date's parts: "29 de mayo de 2020", "May 29th", "1er mai", "1º de mayo"
# (º is o once accents are dropped), "the 3rd of May".
FILLERS = frozenset("de del of the st nd rd th er le el am o a".split()) | WEEKDAYS
_WEEKDAY = re.compile(r"([^\W\d_]+)\.?,?\s+")
NUMERIC = re.compile(r"(\d{1,4})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{1,4})\.?")
_TOKEN = re.compile(r"[^\W\d_]+|\d+")
ORDERS = {"ymd": (0, 1, 2), "dmy": (2, 1, 0), "mdy": (2, 0, 1)}
"""Where year, month and day stand among three numbers."""


def _plain(text: str) -> str:
    """Lower case, accents dropped (``März`` -> ``marz``, ``février`` -> ``fevrier``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def _year(y: int, digits: int) -> int:
    """A two-digit year is 20YY up to 69, 19YY from 70 (no rated event is older than 1970)."""
    return y if digits > 2 else (2000 + y if y < 70 else 1900 + y)


def latest_plausible() -> date:
    """The end of next year: a two-digit year read as a later date is no event's (a seam for tests)."""
    return date(date.today().year + 2, 1, 1)


def _make(y: int, m: int, d: int) -> date | None:
    """The date, or None when it is no date, or none a tournament file could mean (before 1900)."""
    if y < 1900:
        return None
    try:
        return date(y, m, d)
    except ValueError:
        return None


def read_date(text: str, two_digit_order: str | None = None, latest: date | None = None) -> tuple[date | None, str]:
    """The date ``text`` writes, and how it was read or, for ``None``, why it was not.

    ``two_digit_order`` (``"ymd"``): the order to take when all three numbers have two digits
    (TRF 132 writes YY/MM/DD); without it such a date is read only when one order alone is a date
    before ``latest`` (default: the end of next year), as ``28.07.25`` (2025, not 2028).

    >>> [read_date(t)[0].isoformat() for t in ("2005/07/28", "28. 07. 2005", "07/28/2005", "July 28, 2005", "28 juillet 2005")]
    ['2005-07-28', '2005-07-28', '2005-07-28', '2005-07-28', '2005-07-28']
    >>> read_date("05/06/07")
    (None, 'two-digit year: 2005-06-07 or 2007-06-05')
    """
    t = (text or "").strip()
    if not t:
        return None, "empty"
    day_name = _WEEKDAY.match(t)
    if day_name and _plain(day_name.group(1)) in WEEKDAYS:  # "Sa, 04.10.2025": the numbers after it
        t = t[day_name.end():]
    m = NUMERIC.fullmatch(t)
    if m:
        a, _, b, c = m.groups()
        return _numeric((a, b, c), two_digit_order, latest)
    return _named(t)


def parse_date(text: str, two_digit_order: str | None = None) -> date | None:
    """:func:`read_date`'s date alone."""
    return read_date(text, two_digit_order)[0]


def _numeric(parts: tuple[str, str, str], two_digit_order: str | None, latest: date | None) -> tuple[date | None, str]:
    nums = [int(p) for p in parts]
    if len(parts[0]) == 4:
        orders = ["ymd"]
    elif len(parts[2]) == 4:
        orders = ["dmy", "mdy"]   # day first as FIDE and Europe write it; month first only when that alone is a date
    elif len(parts[0]) <= 2 and len(parts[2]) <= 2:
        orders = [two_digit_order] if two_digit_order else ["ymd", "dmy"]
    else:
        return None, "the year must be the first or the last number"
    found = []
    for order in orders:
        iy, im, id_ = ORDERS[order]
        d = _make(_year(nums[iy], len(parts[iy])), nums[im], nums[id_])
        if d:
            found.append((order, d))
    if not found:
        return None, "no such day"
    if len(parts[0]) <= 2 and len(parts[2]) <= 2 and not two_digit_order:
        last = latest or latest_plausible()
        found = [(o, d) for o, d in found if d < last] or found
        if len(found) > 1:
            return None, "two-digit year: " + " or ".join(d.isoformat() for _, d in found)
    order, d = found[0]
    return d, {"ymd": "year, month, day", "dmy": "day, month, year", "mdy": "month, day, year"}[order]


def _named(text: str) -> tuple[date | None, str]:
    """A date with the month's name: ``May 29, 2020``, ``29. Mai 2020``, ``29 de mayo de 2020``."""
    months, numbers = [], []
    for token in _TOKEN.findall(_plain(text)):
        if token.isdigit():
            if len(token) > 4:
                return None, "a number too long for a date"
            numbers.append(token)
        elif token.rstrip(".") in MONTHS:
            months.append(MONTHS[token.rstrip(".")])
        elif token not in FILLERS:
            return None, f"{token[:20]!r} is not a month"
    if len(months) != 1 or len(numbers) != 2:
        return None, "not a date"
    years = [n for n in numbers if len(n) == 4 or int(n) > 31]
    if len(years) != 1:
        return None, "the year cannot be told from the day"
    day = next(n for n in numbers if n is not years[0])
    d = _make(_year(int(years[0]), len(years[0])), months[0], int(day))
    return (d, "month by name") if d else (None, "no such day")


def swapped(start: date, end: date, rounds: int) -> tuple[date, date] | None:
    """The pair with day and month swapped, when only that pair makes sense for ``rounds`` rounds:
    as read it runs backwards or far longer than the rounds need (a week a round at most), and
    swapped it runs forwards within that span."""
    span = max(rounds, 1) * 7

    def turn(d: date) -> date | None:
        return _make(d.year, d.day, d.month) if d.day <= 12 else None

    if 0 <= (end - start).days <= span:
        return None
    a, b = turn(start), turn(end)
    if a and b and (a, b) != (start, end) and 0 <= (b - a).days <= span:
        return a, b
    return None
