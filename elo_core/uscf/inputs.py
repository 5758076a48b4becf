"""One player's event as the user gives it, checked: every bad field named, all of them at once.

A game is ``OPP:SCORE``, or ``OPP:SCORE:NAME`` to say who the opponent was (games with the same
name are against the same opponent: the bonus needs no opponent met more than twice); as JSON also
``{"opponent", "score", "name"}`` or a list. An opponent's rating may be a decimal (US Chess keeps
them so); an unrated opponent (0) has a rating only inside a whole event.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from elo_core import parse
from elo_core.errors import collect, refuse, show
from elo_core.limits import MAX_GAMES, MAX_RATING
from elo_core.uscf.pools import POOLS, Control, read_control
from elo_core.uscf.rules import FIRST_END, rules
from elo_core.uscf.special import HISTORIES

MIN_RATING = 100
"""No US Chess rating is below the absolute floor."""
MAX_COUNT = 100_000
_NAME = re.compile(r"[^:]{1,60}")


@dataclass(frozen=True)
class Game:
    opponent: float
    score: float
    name: str | None


@dataclass(frozen=True)
class Inputs:
    rating: float | None
    games_played: int | None
    games: tuple[Game, ...]
    end: date
    pool: str
    dual: bool
    control: Control | None
    history: str
    age: float | None
    start: float | None
    start_games: int | None
    peak: float | None
    career: tuple[int, int, int] | None
    """Rated wins, draws and events of 3 or more games before this event, for the personal floor."""


def rating_value(value: Any, field: str) -> float:
    """A US Chess rating: a number from 100 to 3500, decimals allowed (US Chess keeps ratings so)."""
    x = parse.number(value, field)
    if not MIN_RATING <= x <= MAX_RATING:
        refuse(field, f"must be a US Chess rating from {MIN_RATING} to {MAX_RATING}, not {x:g}")
    return float(x)


def game(value: Any, field: str) -> Game:
    """One game from ``OPP:SCORE[:NAME]`` text, a mapping or a list."""
    opp: Any
    score: Any
    name: Any = None
    if isinstance(value, str):
        parts = value.strip().split(":")
        if len(parts) not in (2, 3):
            refuse(field, f"must be written OPPONENT:SCORE (or OPPONENT:SCORE:NAME), e.g. 1750:1, not {show(value)}")
        opp, score = parts[0], parts[1]
        name = parts[2] if len(parts) == 3 else None
    elif isinstance(value, dict):
        opp, score, name = value.get("opponent"), value.get("score"), value.get("name")
    elif isinstance(value, (list, tuple)) and len(value) in (2, 3):
        opp, score, name = value[0], value[1], value[2] if len(value) == 3 else None
    else:
        return refuse(field, "must be an opponent's rating and a score")
    got = collect([lambda: _opponent(opp, f"{field}.opponent"), lambda: parse.score(score, f"{field}.score"),
                   lambda: _name(name, f"{field}.name")])
    return Game(*got)


def _opponent(value: Any, field: str) -> float:
    if value in (0, "0", 0.0):
        refuse(field, "is unrated: an unrated opponent's rating comes from the whole event (step 3); rate the event's "
                      "file, or give the opponent's estimate")
    return rating_value(value, field)


def _name(value: Any, field: str) -> str | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str) or not _NAME.fullmatch(value.strip()):
        refuse(field, f"must be a name of 1 to 60 characters (no ':'), not {show(value)}")
    return str(value).strip()


def games(values: Any, field: str = "games") -> tuple[Game, ...]:
    if values in (None, "", [], ()):
        refuse(field, "needs at least one game")
    if isinstance(values, str):
        values = [v for v in values.split(",") if v.strip()]
    if not isinstance(values, (list, tuple)):
        refuse(field, "must be a list of games")
    if len(values) > MAX_GAMES:
        refuse(field, f"has {len(values)} games; at most {MAX_GAMES} are allowed")
    return tuple(parse.each(values, game, field))


def _control(value: Any, field: str) -> Control | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        refuse(field, "must be a time control such as G/45;d5 or 45+5")
    control = read_control(value)
    if control is None:
        refuse(field, f"cannot be read: write it as G/45;d5, G/90+30 or 45+5 (minutes, then seconds), not {show(value)}")
    assert control is not None
    if not control.pools:
        refuse(field, f"{control.text} gives {control.total:g} minutes + seconds: under 5, no US Chess pool rates it")
    return control


def _end(value: Any) -> date:
    if value in (None, ""):
        refuse("end", "is required: the event's last day, YYYY-MM-DD (it picks the bonus threshold B)")
    day = parse.day(value, "end")
    if day < FIRST_END:
        refuse("end", f"US Chess's rules before {FIRST_END.isoformat()} are not modelled (the bonus threshold B is "
                      "traced from then); pick a later date")
    return day


def parse_inputs(a: dict[str, Any]) -> Inputs:
    """Every field checked; one error naming every bad one. ``a`` maps the JSON door's names to values."""
    got: dict[str, Any] = {}

    def keep(name: str, check: Callable[[], Any]) -> Callable[[], Any]:
        def run() -> Any:
            got[name] = check()
            return got[name]
        return run

    def optional(name: str, check: Callable[[Any, str], Any]) -> Callable[[], Any]:
        return keep(name, lambda: None if a.get(name) in (None, "") else check(a[name], name))

    def count(value: Any, field: str) -> int:
        return parse.whole(value, field, 0, MAX_COUNT)

    collect([
        optional("rating", lambda v, f: None if v in (0, "0") else rating_value(v, f)),
        optional("games_played", count),
        keep("games", lambda: games(a.get("games"))),
        keep("end", lambda: _end(a.get("end"))),
        keep("pool", lambda: None if a.get("pool") in (None, "") else parse.choice(a["pool"], "pool", POOLS)),
        keep("dual", lambda: parse.flag(a.get("dual"), "dual")),
        keep("control", lambda: _control(a.get("time_control"), "time_control")),
        keep("history", lambda: parse.choice(a.get("history") or "mixed", "history", HISTORIES)),
        optional("age", lambda v, f: parse.number(v, f) if 0 <= parse.number(v, f) <= 120 else
                 refuse(f, f"must be an age from 0 to 120, not {show(v)}")),
        optional("start", rating_value),
        optional("start_games", lambda v, f: parse.whole(v, f, 0, rules().blended_start,
                                                         f"must be from 0 to {rules().blended_start} (US Chess's adjusted "
                                                         "game count of a starting rating is at most 10)")),
        optional("peak", rating_value),
        optional("career_wins", count), optional("career_draws", count), optional("career_events", count),
    ])
    _consistent(got)
    career = tuple(got[k] for k in ("career_wins", "career_draws", "career_events"))
    pool, dual = _pool(got)
    return Inputs(got["rating"], got["games_played"], got["games"], got["end"], pool, dual, got["control"],
                  got["history"], got["age"], got["start"], got["start_games"], got["peak"],
                  (career[0] or 0, career[1] or 0, career[2] or 0) if any(c is not None for c in career) else None)


def _pool(got: dict[str, Any]) -> tuple[str, bool]:
    control: Control | None = got["control"]
    if control is None:
        return got["pool"] or "regular", got["dual"]
    return got["pool"] or control.pools[0], control.dual


def _consistent(got: dict[str, Any]) -> None:
    """The fields that are right alone but wrong together, all reported at once."""
    rated = got["rating"] is not None
    n = got["games_played"] if rated else got["start_games"] or 0
    control: Control | None = got["control"]
    pool = got["pool"] or (control.pools[0] if control else "regular")
    checks: list[Callable[[], Any]] = [
        lambda: not rated or got["games_played"] is not None
        or refuse("games_played", "is needed with a rating: the number of rated games it is based on"),
        lambda: rated or got["games_played"] is None
        or refuse("games_played", "is said of a rating: give the rating, or for an unrated player's starting rating "
                                  "give start and start_games"),
        lambda: not rated or got["age"] is None or refuse("age", "is for an unrated player: leave it out with a rating"),
        lambda: not rated or (got["start"], got["start_games"]) == (None, None)
        or refuse("start" if got["start"] is not None else "start_games",
                  "is for an unrated player: leave it out with a rating"),
        lambda: rated or got["age"] is None or got["start"] is None
        or refuse("age", "give the age (an age-based start) or a starting rating, not both"),
        lambda: rated or (got["start"] is None) == (got["start_games"] is None)
        or refuse("start_games" if got["start"] is not None else "start",
                  "a starting rating and its game count go together: give both"),
        lambda: got["history"] == "mixed" or n > 0
        or refuse("history", "a player with no earlier games has no history: leave it out"),
        lambda: got["peak"] is None or n > rules().established_games
        or refuse("peak", f"a rating based on {n} games is provisional: it has no established peak (more than "
                          f"{rules().established_games} games)"),
        lambda: not (got["dual"] and pool == "blitz") or refuse("dual", "a blitz event is never dual-rated"),
        lambda: control is None or got["pool"] is None or got["pool"] in control.pools
        or refuse("pool", f"the time control {control.text} ({control.total:g} minutes + seconds) rates "
                          f"{' and '.join(control.pools)}, not {got['pool']}"),
        lambda: control is None or not got["dual"] or control.dual
        or refuse("dual", f"the time control {control.text} ({control.total:g} minutes + seconds) is not dual-rated "
                          "(30 to 65)"),
        lambda: got["career_wins"] is None or not rated or (got["career_wins"] + (got["career_draws"] or 0)) <= n
        or refuse("career_wins", f"wins and draws before the event are more than the {n} games the rating is based on"),
    ]
    collect(checks)
