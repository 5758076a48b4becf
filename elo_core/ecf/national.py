"""The ECF ratings a TRF-2026 file may carry: its national rating records of the English list.

TRF-2026's National Rating Support puts, after the ``001`` lines, a line per player and national
list that starts with the list's federation code (``ENG``) where ``001`` stood, in the same columns:
5-8 the player's starting rank, 49-52 the national rating. The event reader skips such lines, so
they are read here from the file's text.

>>> found, problems = eng_ratings("ENG    3      Smith, Sam                        1452\\nENG   x9")
>>> found, problems
({'3': (1452, 1)}, [(2, "ENG record: starting rank 'x9' is not a number (line skipped)")])
"""

from __future__ import annotations

from elo_core.limits import MAX_RATING
from elo_core.parse import plain_digits

FEDERATION = "ENG"


def eng_ratings(text: str) -> tuple[dict[str, tuple[int, int]], list[tuple[int, str]]]:
    """{starting rank: (ECF rating, line)} of the file's ENG records (a rating of 0: none given), and
    the problems met, each with its line."""
    found: dict[str, tuple[int, int]] = {}
    problems: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith(FEDERATION) or line[3:4].strip():
            continue
        rank, value = line[4:8].strip(), line[48:52].strip()
        if not plain_digits(rank):
            problems.append((number, f"{FEDERATION} record: starting rank {rank!r} is not a number (line skipped)"))
        elif str(int(rank)) in found:
            problems.append((number, f"{FEDERATION} record: starting rank {int(rank)} is given twice (the first, line "
                                     f"{found[str(int(rank))][1]}, is used)"))
        elif value and not (plain_digits(value) and 0 < int(value) <= MAX_RATING):
            problems.append((number, f"{FEDERATION} record: {value!r} is not a rating (starting rank {int(rank)}: "
                                     "no ECF rating)"))
            found[str(int(rank))] = (0, number)
        else:
            found[str(int(rank))] = (int(value) if value else 0, number)
    return found, problems
