"""The operations of the JSON door (:mod:`elo_core.facade`), each declared once: the FIDE ones
for games here, whole events in :mod:`elo_core.ops_event`, online ratings in
:mod:`elo_core.ops_online`, title norms in :mod:`elo_core.ops_norms` (those three imported when
first asked for). What an operation is (:class:`Op`, :class:`Param`) lives in :mod:`elo_core.op_spec`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from . import __version__, inputs
from .games_text import split_games
from .kfactor import k_factor
from .op_spec import Op, Operations, Param, choice, optional, parse_args, whole
from .performance import initial_rating, performance
from .plain import plain
from .planning import score_needed, what_if
from .rating import rate, single_game
from .tables import difference_bands, expected_from_table

__all__ = ["OPS", "Op", "Param", "parse_args"]


# --- parsers of these operations: (value, field) -> value -------------------------------------------------------

def _rules_day(value: Any, field: str) -> date:
    return date.today() if value is None else inputs.day(value, field)


PASTE_LIMIT = 100_000
"""Characters of pasted games read: far more than the most games rated (inputs.MAX_GAMES)."""


def _pasted(value: Any, field: str) -> str:
    if not isinstance(value, str):
        return inputs.refuse(field, "must be text")
    if len(value) > PASTE_LIMIT:
        return inputs.refuse(field, f"is too long: at most {PASTE_LIMIT:,} characters are read")
    return value


def _birth_year(value: Any, field: str, args: Mapping[str, Any]) -> int | None:
    """1900 up to the year of the advice's date (today when it is not a date)."""
    if value is None or value == "":
        return None
    try:
        year = inputs.day(args["date"], "date").year if args.get("date") not in (None, "") else date.today().year
    except inputs.EloError:
        year = date.today().year
    return inputs.whole(value, field, 1900, year)


RATING = Param("rating", inputs.rating)
K = Param("k", inputs.k_factor)
GAMES = Param("games", inputs.games, ())
OPTIONS = (Param("method", choice(inputs.METHODS), "fide"), Param("rules", _rules_day),
           Param("kind", choice(inputs.KINDS), "standard"), Param("cap_400", inputs.flag))


def _options(a: dict[str, Any]) -> dict[str, Any]:
    return {name: a[name] for name in ("method", "rules", "kind", "cap_400")}


# --- the operations ---------------------------------------------------------------------------------------------

def _rate(a: dict[str, Any]) -> dict:
    """The chosen method's result, plus the other method's totals for a side-by-side view."""
    options = _options(a)
    result = rate(a["rating"], a["k"], a["games"], **options)
    other = "logistic" if options["method"] == "fide" else "fide"
    alt = rate(result.rating, result.k, a["games"], **{**options, "method": other})
    out = result.to_dict()
    out["alternative"] = {key: plain(getattr(alt, key)) for key in
                          ("method", "effective_k", "expected", "change", "change_rounded", "new_rating")}
    return out


def _curve(a: dict[str, Any]) -> dict:
    """Expected score against rating difference, both methods, for the page's chart."""
    return {"fide": [[d, float(expected_from_table(d))] for d in range(-800, 801)
                     if d in (-800, 800) or expected_from_table(d) != expected_from_table(d - 1)],
            "logistic": [[d, 1 / (1 + 10 ** (-d / 400))] for d in range(-800, 801, 20)]}


_HERE: dict[str, Op] = {
    "rate": Op((RATING, K, GAMES, *OPTIONS), _rate),
    "single": Op((RATING, K, Param("opponent", inputs.rating), Param("opponent_k", inputs.k_factor), *OPTIONS),
                 lambda a: single_game(a["rating"], a["opponent"], a["k"], a["opponent_k"], **_options(a)).to_dict()),
    "performance": Op((GAMES,), lambda a: performance(a["games"]).to_dict()),
    "initial": Op((GAMES,), lambda a: initial_rating(a["games"]).to_dict()),
    "kfactor": Op((RATING, Param("games_played", whole(0, 100_000)), Param("birth_year", _birth_year, sees_args=True),
                   Param("reached_2400", inputs.flag), Param("period_games", optional(whole(0, inputs.MAX_GAMES))),
                   Param("date", optional(inputs.day)), Param("kind", choice(inputs.KINDS), "standard")),
                  lambda a: k_factor(a["rating"], a["games_played"], birth_year=a["birth_year"],
                                     reached_2400=a["reached_2400"], period_games=a["period_games"], on=a["date"],
                                     kind=a["kind"]).to_dict()),
    "what_if": Op((RATING, K, GAMES, *OPTIONS, Param("opponent", inputs.rating)),
                  lambda a: {name: r.to_dict() for name, r in
                             what_if(a["rating"], a["k"], a["games"], a["opponent"], **_options(a)).items()}),
    "score_needed": Op((RATING, K, GAMES, *OPTIONS, Param("remaining", inputs.ratings, ()),
                        Param("target", inputs.rating)),
                       lambda a: score_needed(a["rating"], a["k"], a["games"], a["remaining"], a["target"],
                                              **_options(a)).to_dict()),
    "games_text": Op((Param("text", _pasted),), lambda a: {"games": [list(g) for g in split_games(a["text"])]}),
    "table": Op((), lambda a: difference_bands()),
    "curve": Op((), _curve),
    "ping": Op((), lambda a: {"version": __version__}),
}

# Each module's operations, by name: a test checks these names against the modules' own tables.
ELSEWHERE = {
    "ops_event": ("event", "event_csv"),
    "ops_online": ("glicko2", "glicko1", "lichess", "lichess_settings"),
    "ops_norms": ("norm",),
}

OPS = Operations(_HERE, ELSEWHERE)
