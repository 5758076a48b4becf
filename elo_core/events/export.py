"""A rated event as other programs and tabs take it: the players table as CSV, one player's season."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from elo_core.errors import EloError
from elo_core.events.report import EventReport
from elo_core.fide.performance import INITIAL_RATING_FROM
from elo_core.plain import plain_dict

CSV_COLUMNS = ("rank", "start_rank", "name", "title", "federation", "fide_id", "birth", "rating", "points", "games",
               "score", "expected", "k", "k_source", "change", "change_rounded", "new_rating", "performance",
               "initial_rating", "initial_published")
_TEXT_COLUMNS = ("name", "title", "federation", "fide_id", "birth")


def event_csv(report: EventReport) -> str:
    """The players table as CSV text (comma separated, a header row, CRLF line ends as RFC 4180).

    Every text cell is quoted; a text cell starting with ``= + - @`` gets a leading apostrophe,
    so that a name like ``=HYPERLINK(...)`` shows as text instead of running; and so does such a
    character right after a ``;`` or a tab inside a cell: a spreadsheet splitting on another
    separator (``;`` in many locales) would start a cell there.

    >>> _guard("x;=1+1;y"), _guard("=HYPERLINK(1)"), _guard("Smith-Jones, Ann")
    ("x;'=1+1;y", "'=HYPERLINK(1)", 'Smith-Jones, Ann')
    """
    out = io.StringIO()
    w = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC)
    w.writerow(CSV_COLUMNS)
    for p in report.players:
        row = p.summary()
        for c in _TEXT_COLUMNS:
            if isinstance(row[c], str):
                row[c] = _guard(row[c])
        w.writerow(["" if row[c] is None else row[c] for c in CSV_COLUMNS])
    return out.getvalue()


_FORMULA_START = re.compile(r"(^|[;\t])(?=[=+\-@\t\r])")


def _guard(text: str) -> str:
    return _FORMULA_START.sub(lambda m: m.group(1) + "'", text)


def season(report: EventReport, name: Any) -> dict[str, Any]:
    """One player's games, as the page's tournament tab takes them: ``[{opponent, score}]`` plus the date.

    Every finished game played over the board is listed (an opponent rated 0 is
    unrated, and the tab shows it skipped); games that do not count are listed
    apart in ``not_counted`` with the reason. An unrated player's games go to the first
    rating, so for an event whose rules date is before 8.2's (the method then differed)
    they are refused, as the event's report gives no first rating either.
    """
    r = report.find(name)
    p = r.player
    if not p.rating and report.rules_date < INITIAL_RATING_FROM:
        raise EloError("player", f"{p.name} is unrated, and first ratings before {INITIAL_RATING_FROM.isoformat()} "
                                 "were made another way, not modelled here")
    dates = sorted(e.date for e in p.entries if e.date)
    return plain_dict({
        "player": p.name, "key": p.key, "rating": p.rating, "k": r.k, "k_source": r.k_source, "k_note": r.k_note,
        "kind": report.kind, "rules": report.rules_date,
        "date": dates[0] if dates else report.event.start or report.rules_date,
        "games": [{"opponent": e.opponent_rating, "score": e.points} for e in p.entries if e.rated],
        "not_counted": [{"round": e.round, "opponent": r.names.get(e.opponent) if e.opponent else None,
                         "code": e.code, "note": e.note} for e in p.entries if not e.rated],
    })
