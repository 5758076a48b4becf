"""One player's month as the user gives it, checked: every bad field named, all of them at once.

A game is ``OPP:SCORE``, or ``OPP:SCORE:P`` when the opponent's rating is a Partial rating (a P
after the ECF rating, e.g. 1452P); as JSON also ``{"opponent", "score", "partial"}`` or a list.
Months are written ``YYYY-MM``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from elo_core import parse
from elo_core.ecf.rules import ACTIVITY_CHOICES, JUNIOR_RULES, OTB_FROM, rules
from elo_core.errors import collect, refuse, show
from elo_core.limits import MAX_GAMES, MAX_RATING

MAX_GRADE = 370
"""7.5 x 370 + 700 = 3475: no grade was near it; a larger number is not a grade."""
_MONTH = re.compile(r"(\d{4})-(\d{2})")
_PARTIAL_MARK = re.compile(r"(.*):\s*([pP])\s*")


@dataclass(frozen=True)
class Month:
    year: int
    month: int

    @property
    def key(self) -> tuple[int, int]:
        return self.year, self.month

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"


@dataclass(frozen=True)
class Inputs:
    rating: int | None
    grade: float | None
    junior: bool
    partial: bool
    games: tuple[tuple[int, float, bool], ...]
    earlier: tuple[tuple[int, float], ...]
    nominal: float | None
    month: Month
    month_assumed: bool
    last_played: Month | None
    activity_months: int
    results_12_months: int | None
    junior_rule: str
    cap_400: bool


def month(value: Any, field: str) -> Month:
    """A month written ``YYYY-MM`` (a ``YYYY-MM-DD`` date is read as its month)."""
    if isinstance(value, date):
        return Month(value.year, value.month)
    text = value.strip() if isinstance(value, str) else ""
    m = _MONTH.fullmatch(text[:7]) if len(text) in (7, 10) else None
    if m is None or (len(text) == 10 and not re.fullmatch(r"-\d{2}", text[7:])):
        refuse(field, f"must be a month written YYYY-MM, not {show(value)}")
    assert m is not None
    if not 1 <= int(m.group(2)) <= 12:
        refuse(field, f"is not a real month: {show(value)}")
    return Month(int(m.group(1)), int(m.group(2)))


def game(value: Any, field: str) -> tuple[int, float, bool]:
    """(opponent's rating, score, the opponent's rating is Partial) from text, a mapping or a list."""
    partial: Any = False
    if isinstance(value, str) and (m := _PARTIAL_MARK.fullmatch(value.strip())) and value.count(":") == 2:
        value, partial = m.group(1), True
    elif isinstance(value, dict):
        partial = value.get("partial", False)
        value = {"opponent": value.get("opponent"), "score": value.get("score")}
    elif isinstance(value, (list, tuple)) and len(value) == 3:
        partial, value = value[2], tuple(value[:2])
    elif isinstance(value, str) and value.count(":") == 2:
        refuse(field, f"must be OPPONENT:SCORE, or OPPONENT:SCORE:P for an opponent with a Partial rating, not "
                      f"{show(value)}")
    opponent, score = parse.game(value, field)
    return opponent, score, parse.flag(partial, f"{field}.partial")


def games(values: Any, field: str) -> tuple[tuple[int, float, bool], ...]:
    if values is None or values == "":
        return ()
    if isinstance(values, str):
        values = [v for v in values.split(",") if v.strip()]
    if not isinstance(values, (list, tuple)):
        refuse(field, "must be a list of games")
    if len(values) > MAX_GAMES:
        refuse(field, f"has {len(values)} games; at most {MAX_GAMES} are allowed")
    return parse.each(values, game, field)


def parse_inputs(a: dict[str, Any]) -> Inputs:
    """Every field checked; one error naming every bad one. ``a`` maps the JSON door's names to values."""
    got: dict[str, Any] = {}

    def keep(name: str, check: Callable[[], Any]) -> Callable[[], Any]:
        def run() -> Any:
            got[name] = check()
            return got[name]
        return run

    def blank(name: str) -> bool:
        return a.get(name) in (None, "")

    collect([
        keep("rating", lambda: None if a.get("rating") in (None, "", 0, "0") else parse.rating(a["rating"], "rating")),
        keep("grade", lambda: None if blank("grade") else
             parse.number(a["grade"], "grade") if 0 <= parse.number(a["grade"], "grade") <= MAX_GRADE else
             refuse("grade", f"must be an old ECF grade between 0 and {MAX_GRADE}, not {show(a['grade'])}")),
        keep("junior", lambda: parse.flag(a.get("junior"), "junior")),
        keep("partial", lambda: parse.flag(a.get("partial"), "partial")),
        keep("games", lambda: games(a.get("games"), "games")),
        keep("earlier", lambda: parse.games(a.get("earlier") or (), "earlier")),
        keep("nominal", lambda: None if blank("nominal") else parse.whole(a["nominal"], "nominal", 1, MAX_RATING)),
        keep("month", lambda: (_this_month(), True) if blank("month") else (month(a["month"], "month"), False)),
        keep("last_played", lambda: None if blank("last_played") else month(a["last_played"], "last_played")),
        keep("activity", lambda: rules().activity_months if blank("activity_months") else
             int(parse.choice(str(a["activity_months"]), "activity_months", map(str, ACTIVITY_CHOICES)))),
        keep("results", lambda: None if blank("results_12_months") else
             parse.whole(a["results_12_months"], "results_12_months", 0, 100_000)),
        keep("junior_rule", lambda: rules().junior_rule if blank("junior_rule") else
             parse.choice(a["junior_rule"], "junior_rule", JUNIOR_RULES)),
        keep("cap_400", lambda: parse.flag(a.get("cap_400"), "cap_400")),
    ])
    _consistent(got)
    m, assumed = got["month"]
    return Inputs(got["rating"], got["grade"], got["junior"], got["partial"], got["games"], got["earlier"],
                  got["nominal"], m, assumed, got["last_played"], got["activity"], got["results"],
                  got["junior_rule"], got["cap_400"])


def _consistent(got: dict[str, Any]) -> None:
    """The fields that are right alone but wrong together, all reported at once."""
    m: Month = got["month"][0]
    first = Month(OTB_FROM.year, OTB_FROM.month)
    rated = got["rating"] is not None or got["grade"] is not None
    checks: list[Callable[[], Any]] = [
        lambda: m.key >= first.key or refuse("month", f"ECF ratings by this method start in {first} (the 3-digit "
                                                      "grades before: give --grade to convert one)"),
        lambda: not (got["rating"] is not None and got["grade"] is not None)
        or refuse("grade", "give the rating or the old grade it came from, not both"),
        lambda: rated or not got["partial"]
        or refuse("partial", "is said of a rating: give the Partial rating (--rating) with it"),
        lambda: got["partial"] or not got["earlier"]
        or refuse("earlier", "only a partially rated player's earlier games count again (P-method): give --partial"),
        lambda: len(got["earlier"]) < rules().full_games
        or refuse("earlier", f"{len(got['earlier'])} earlier games make a Full rating (10 or more): rate it as a full "
                             "rating, without --partial"),
        lambda: got["last_played"] is None or rated
        or refuse("last_played", "is said of a rating that may have lapsed: give the rating with it"),
        lambda: got["last_played"] is None or got["last_played"].key < m.key
        or refuse("last_played", f"must be a month before the month rated ({m})"),
    ]
    collect(checks)


def _this_month() -> Month:
    today = date.today()
    return Month(today.year, today.month)

