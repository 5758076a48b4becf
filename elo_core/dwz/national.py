"""A TRF-2026 file's national rating records (National Rating Support, NRS): the DWZ of its players.

TRF-2026 (FIDE, approved 12 May 2025) lets a file carry, after the ``001`` player lines, one line
per player and national list, introduced by the list's 3-letter federation code instead of
``001``, in the player line's columns: 5-8 the starting rank it belongs to, 49-52 the national
rating, 58-68 the national number, 70-79 the birth date. The German list's records (``GER``)
hold the DWZ. TRF16 has no such records, and the event reader skips them; this reads them from
the file's text.

>>> text = "001    1 m    Alpha, Anna                       1900 GER    12345678 1990/01/01  0.0    1\\n" \\
...        "GER    1      Alpha, Anna                       1845 GER    M0101-123 1990/01/01\\n"
>>> records, problems = national_records(text)
>>> records["1"].rating, records["1"].line, problems
(1845, 2, [])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from elo_core.limits import MAX_RATING
from elo_core.parse import plain_digits

FEDERATION = "GER"
"""The federation whose national list is the DWZ."""


@dataclass(frozen=True)
class NationalRecord:
    start_rank: str
    rating: int
    """0: the record gives no DWZ."""
    number: str
    birth_year: int | None
    line: int


def national_records(text: str, federation: str = FEDERATION) -> tuple[dict[str, NationalRecord], list[tuple[int, str]]]:
    """The ``federation``'s records by starting rank (as the event's player keys write it), and the
    problems met (line, message): a rating or starting rank that is not a number, a player given twice."""
    records: dict[str, NationalRecord] = {}
    problems: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if line[:3] != federation or line[3:4] not in (" ", ""):
            continue
        rank, rating = line[4:8].strip(), line[48:52].strip()
        if not plain_digits(rank):
            problems.append((n, f"{federation} record: the starting rank {rank!r} is not a number (line skipped)"))
            continue
        key = str(int(rank))
        if key in records:
            problems.append((n, f"{federation} record: starting rank {key} has a record already (line {records[key].line}); "
                                "this one is skipped"))
            continue
        if rating and (not plain_digits(rating) or int(rating) > MAX_RATING):
            problems.append((n, f"{federation} record: the rating {rating!r} of starting rank {key} is not a rating "
                                "(taken as no DWZ)"))
            rating = ""
        year = re.match(r"\s*(\d{4})", line[69:79])
        birth = int(year.group(1)) if year and 1900 <= int(year.group(1)) <= 2100 else None
        records[key] = NationalRecord(key, int(rating) if rating else 0, line[57:68].strip(), birth, n)
    return records, problems
