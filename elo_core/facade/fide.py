"""The JSON door's operations on FIDE games (one game, a tournament, what-if, score needed,
performance, first rating, the K advisor, the tables) and the door's own (``games_text``, ``ping``).
What an operation is (:class:`Op`, :class:`Param`) lives in :mod:`elo_core.facade.spec`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from elo_core import __version__, errors, limits, parse
from elo_core.facade.pasted import split_games
from elo_core.facade.spec import Op, Param, choice, given, optional, whole
from elo_core.fide.kfactor import k_factor
from elo_core.fide.performance import initial_rating, performance
from elo_core.fide.period import FIELDS as PERIOD_FIELDS
from elo_core.fide.period import rate_period
from elo_core.fide.planning import score_needed, what_if
from elo_core.fide.rating import rate, single_game
from elo_core.fide.tables import difference_bands, expected_from_table
from elo_core.plain import plain

# --- parsers of these operations: (value, field) -> value -------------------------------------------------------

def _rules_day(value: Any, field: str) -> date:
    return date.today() if value is None else parse.day(value, field)


PASTE_LIMIT = 100_000
"""Characters of pasted games read: far more than the most games rated (limits.MAX_GAMES)."""


def _pasted(value: Any, field: str) -> str:
    if not isinstance(value, str):
        return errors.refuse(field, "must be text")
    if len(value) > PASTE_LIMIT:
        return errors.refuse(field, f"is too long: at most {PASTE_LIMIT:,} characters are read")
    return value


def _birth_year(value: Any, field: str, args: Mapping[str, Any]) -> int | None:
    """1900 up to the year of the advice's date (today when it is not a date)."""
    if value is None or value == "":
        return None
    try:
        year = parse.day(args["date"], "date").year if args.get("date") not in (None, "") else date.today().year
    except errors.EloError:
        year = date.today().year
    return parse.whole(value, field, 1900, year)


RATING = Param("rating", parse.rating)
K = Param("k", parse.k_factor)
GAMES = Param("games", parse.games, ())
OPTIONS = (Param("method", choice(limits.METHODS), "fide"), Param("rules", _rules_day),
           Param("kind", choice(limits.KINDS), "standard"), Param("cap_400", parse.flag))


def _options(a: dict[str, Any]) -> dict[str, Any]:
    return {name: a[name] for name in ("method", "rules", "kind", "cap_400")}


# --- the operations ---------------------------------------------------------------------------------------------

def _rate(a: dict[str, Any]) -> dict[str, Any]:
    """The chosen method's result, plus the other method's totals for a side-by-side view."""
    options = _options(a)
    result = rate(a["rating"], a["k"], a["games"], **options)
    other = "logistic" if options["method"] == "fide" else "fide"
    alt = rate(result.rating, result.k, a["games"], **{**options, "method": other})
    out = result.to_dict()
    out["alternative"] = {key: plain(getattr(alt, key)) for key in
                          ("method", "effective_k", "expected", "change", "change_rounded", "new_rating")}
    return out


def _curve(a: dict[str, Any]) -> dict[str, Any]:
    """Expected score against rating difference, both methods, for the page's chart."""
    return {"fide": [[d, float(expected_from_table(d))] for d in range(-800, 801)
                     if d in (-800, 800) or expected_from_table(d) != expected_from_table(d - 1)],
            "logistic": [[d, 1 / (1 + 10 ** (-d / 400))] for d in range(-800, 801, 20)]}


OPS: dict[str, Op] = {
    "rate": Op((RATING, K, GAMES, *OPTIONS), _rate),
    "single": Op((RATING, K, Param("opponent", parse.rating), Param("opponent_k", parse.k_factor), *OPTIONS),
                 lambda a: single_game(a["rating"], a["opponent"], a["k"], a["opponent_k"], **_options(a)).to_dict()),
    "performance": Op((GAMES,), lambda a: performance(a["games"]).to_dict()),
    "initial": Op((GAMES,), lambda a: initial_rating(a["games"]).to_dict()),
    "kfactor": Op((RATING, Param("games_played", whole(0, 100_000)), Param("birth_year", _birth_year, sees_args=True),
                   Param("reached_2400", parse.flag), Param("period_games", optional(whole(0, limits.MAX_GAMES))),
                   Param("date", optional(parse.day)), Param("kind", choice(limits.KINDS), "standard")),
                  lambda a: k_factor(a["rating"], a["games_played"], birth_year=a["birth_year"],
                                     reached_2400=a["reached_2400"], period_games=a["period_games"], on=a["date"],
                                     kind=a["kind"]).to_dict()),
    "what_if": Op((RATING, K, GAMES, *OPTIONS, Param("opponent", parse.rating)),
                  lambda a: {name: r.to_dict() for name, r in
                             what_if(a["rating"], a["k"], a["games"], a["opponent"], **_options(a)).items()}),
    "score_needed": Op((RATING, K, GAMES, *OPTIONS, Param("remaining", parse.ratings, ()),
                        Param("target", parse.rating)),
                       lambda a: score_needed(a["rating"], a["k"], a["games"], a["remaining"], a["target"],
                                              **_options(a)).to_dict()),
    "period": Op(tuple(Param(name, given) for name in PERIOD_FIELDS),
                  lambda a: rate_period({k: v for k, v in a.items() if v is not None}).to_dict()),
    "games_text": Op((Param("text", _pasted),), lambda a: {"games": [list(g) for g in split_games(a["text"])]}),
    "table": Op((), lambda a: difference_bands()),
    "curve": Op((), _curve),
    "ping": Op((), lambda a: {"version": __version__}),
}
