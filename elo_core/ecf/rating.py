"""One player's month for the ECF rating: :func:`rate` (the JSON door's ``ecf`` and the CLI's ``ecf``).

Who the player is decides the method (the help page's definitions):

* **fully rated** (a rating, not Partial, played within the activity window): the K-method,
  R1 = R0 + k (W - We) (:mod:`elo_core.ecf.kmethod`);
* **partially rated** (a Partial rating, a P after it): the P-method over every game so far, the
  earlier ones given (:mod:`elo_core.ecf.pmethod`);
* **new** (no rating): the P-method over the month's games;
* **returning** (a rating whose last rated result is older than the activity window): a new
  player whose fictional draw is against the last full rating.

An old 3-digit grade may be given instead of the rating: it is converted (7.5 x grade + 700).

>>> r = rate({"rating": 1800, "games": ["1750:1", "1900:1/2"], "month": "2025-10"})
>>> r.method, r.expected, r.k, r.change, r.new_rating, r.category.code
('K', 0.93, 20, 11.4, 1811, 'K')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elo_core.ecf import rules as ecf_rules
from elo_core.ecf.categories import CategoryResult, Conversion, category, explained, grade_to_rating, months_between
from elo_core.ecf.inputs import Inputs, parse_inputs
from elo_core.ecf.kmethod import KGame, k_method
from elo_core.ecf.pmethod import Performance, average_of, p_method
from elo_core.plain import Plain

METHODS = {"K": "K-method: an Elo current rating, R1 = R0 + k (W - We)",
           "P": "P-method: an Elo performance rating, with one fictional draw against a fictional opponent"}
NOT_RATED_OPPONENT = ("opponent unrated: a new player counts at his fresh rating from the month's passes "
                      "(give that rating, with :P if it is Partial)")


@dataclass(frozen=True)
class GameLine(Plain):
    """A game of the month: its K-method figures, or why it does not count."""

    opponent: int
    score: float
    opponent_partial: bool
    counted: bool
    difference: int | None
    """D = the opponent's rating - the player's (the ECF's sign)."""
    counted_difference: int | None
    """D as the table is read: +-400 where the 400-point cap is chosen."""
    band: str | None
    column: str | None
    expected: float | None
    k: int | None
    weight: float | None
    change: float | None
    reason: str | None


@dataclass(frozen=True)
class EcfResult(Plain):
    """One player's month (the ``ecf`` answer)."""

    month: str
    status: str
    """``full``, ``partial``, ``new`` or ``returning``."""
    status_note: str
    rating: int | None
    """R0 (from the grade if one was given); None: a new player."""
    conversion: Conversion | None
    junior: bool
    method: str
    """``K`` or ``P``."""
    method_name: str
    games: tuple[GameLine, ...]
    earlier: tuple[tuple[int, float], ...]
    n: int
    score: float
    expected: float | None
    """We (K-method); None for the P-method, which has no expected score."""
    k: int | None
    change: float | None
    """R1 - R0 unrounded (K-method), or the P rating minus the rating held before (P-method)."""
    new_rating: int | None
    formula: str | None
    performance: Performance | None
    rating_kind: str | None
    """``Full`` or ``Partial``: what the new rating is."""
    category: CategoryResult | None
    category_meaning: str | None
    choices: dict[str, Any]
    """The settings where the ECF's text is silent, as used (see ``notes``)."""
    notes: tuple[str, ...]
    sources: tuple[dict[str, str], ...]


def rate(args: dict[str, Any]) -> EcfResult:
    """One player's month from the JSON door's arguments (see :mod:`elo_core.ecf.inputs`)."""
    a = parse_inputs(args)
    conversion = grade_to_rating(a.grade) if a.grade is not None else None
    r0 = conversion.rating if conversion else a.rating
    status, status_note = _status(a, r0)
    notes = _notes(a, status)
    if status == "full" and r0 is not None:
        return _k(a, r0, conversion, status_note, notes)
    return _p(a, r0, conversion, status, status_note, notes)


def _status(a: Inputs, r0: int | None) -> tuple[str, str]:
    if r0 is None:
        return "new", "no rating: a new player, rated by the P-method"
    if a.last_played is not None:
        gap = months_between(a.last_played.key, a.month.key)
        if gap > a.activity_months:
            if a.partial:
                return "new", (f"last rated result {gap} months before {a.month} (more than {a.activity_months}): "
                               "unrated; a Partial rating is no full rating, so the return is a new player's")
            return "returning", (f"last rated result {gap} months before {a.month} (more than {a.activity_months}): "
                                 "unrated, so a returning player, rated as a new one with the fictional draw against "
                                 "the last full rating")
    if a.partial:
        return "partial", "a Partial rating: the P-method over every game so far"
    return "full", "a full rating: the K-method"


def _k(a: Inputs, r0: int, conversion: Conversion | None, status_note: str, notes: list[str]) -> EcfResult:
    counted = [g for g in a.games if g[0]]
    result = k_method(r0, counted, a.junior, a.junior_rule, a.cap_400) if counted else None
    by_game = iter(result.games if result else ())
    lines = tuple(_k_line(next(by_game)) if g[0] else _not_counted(g) for g in a.games)
    if result is None:
        notes.append("no game against a rated opponent: the rating stays")
    cat = category(True, _results(a, len(counted)))
    return EcfResult(str(a.month), "full", status_note, r0, conversion, a.junior, "K", METHODS["K"], lines, (),
                     len(counted), result.score if result else 0.0, result.expected if result else None,
                     result.k if result else (40 if a.junior else 20), result.change if result else 0.0,
                     result.new_rating if result else r0, result.formula if result else None, None, "Full", cat,
                     explained(cat.code).meaning, _choices(a, "K"), tuple(notes), tuple(_sources("K")))


def _p(a: Inputs, r0: int | None, conversion: Conversion | None, status: str, status_note: str,
       notes: list[str]) -> EcfResult:
    counted = [(o, s) for o, s, _ in a.games if o]
    played = [*a.earlier, *counted]
    lines = tuple(_plain_line(g) if g[0] else _not_counted(g) for g in a.games)
    nominal, rule = _nominal(a, status, r0, played)
    if not played or nominal is None:
        notes.append("no game against a rated opponent: no P rating this month")
        return EcfResult(str(a.month), status, status_note, r0, conversion, a.junior, "P", METHODS["P"], lines, a.earlier,
                         0, 0.0, None, None, None, r0, None, None, None, None, None, _choices(a, "P"), tuple(notes),
                         tuple(_sources("P")))
    perf = p_method(played, nominal, rule, len(a.earlier))
    cat = category(perf.full, _results(a, len(counted)))
    change = float(perf.value - r0) if r0 is not None else None
    return EcfResult(str(a.month), status, status_note, r0, conversion, a.junior, "P", METHODS["P"], lines, a.earlier,
                     len(counted), float(sum(s for _, s in counted)), None, None, change, perf.value, perf.formula, perf,
                     perf.kind, cat, explained(cat.code).meaning, _choices(a, "P"), tuple(notes), tuple(_sources("P")))


def _nominal(a: Inputs, status: str, r0: int | None, played: list[tuple[int, float]]) -> tuple[float | None, str]:
    if a.nominal is not None:
        return float(a.nominal), "given"
    if status == "returning" and r0 is not None:
        return float(r0), "the player's last full rating (a returning player)"
    if not played:
        return None, ""
    return average_of([o for o, _ in played]), "the average of the real opponents' ratings (a choice: the ECF does " \
                                                "not publish a new player's nominal rating)"


def _results(a: Inputs, counted: int) -> int:
    return max(a.results_12_months or 0, counted)


def _k_line(g: KGame) -> GameLine:
    return GameLine(g.opponent, g.score, g.opponent_partial, True, g.difference, g.counted_difference, g.band, g.column, g.expected, g.k,
                    g.weight, g.change, None)


def _plain_line(g: tuple[int, float, bool]) -> GameLine:
    return GameLine(g[0], g[1], g[2], True, None, None, None, None, None, None, None, None, None)


def _not_counted(g: tuple[int, float, bool]) -> GameLine:
    return GameLine(g[0], g[1], g[2], False, None, None, None, None, None, None, None, None, NOT_RATED_OPPONENT)


def _choices(a: Inputs, method: str) -> dict[str, Any]:
    if method == "K":
        return {"junior_rule": a.junior_rule, "cap_400": a.cap_400, "activity_months": a.activity_months}
    return {"nominal": a.nominal, "performance": ecf_rules.rules().performance, "activity_months": a.activity_months}


def _notes(a: Inputs, status: str) -> list[str]:
    notes = []
    if a.month_assumed:
        notes.append(f"month: not given, this month ({a.month}) assumed")
    if a.junior:
        notes.append("junior: the ECF's text does not say who counts as a junior (age, cut-off date): --junior says it")
    if status == "full":
        if a.junior:
            notes.append("junior k 40 on every game (choice; 'gains': 40 only where the junior gains, as one player's "
                         "calculator does)" if a.junior_rule == "all" else
                         "junior k 40 only on the games the junior gains, 20 on the others (chosen; the ECF's text "
                         "says only 'k is 20 or 40')")
        notes.append("D over 400 counted as 400 (chosen: FIDE's rule; the ECF's text names only the table)"
                     if a.cap_400 else "the whole of table 8.1(b) is read, no 400-point cap (choice: the ECF's text names "
                                       "only the table)")
        if any(g[2] for g in a.games):
            notes.append("an opponent with a Partial rating counts with his K of 40: the game's adjustment is halved "
                         "(the help page's stated effect)")
        notes.append("R1 rounded to a whole number, a half up (choice)")
    else:
        notes.append("P rating = Ra + dp from FIDE's table 8.1(a), Ra rounded to a whole number and p to two decimals "
                     "(choice: the ECF's text says 'an Elo performance rating')")
        if status == "partial":
            notes.append("a partially rated player's P rating counts every game so far, the earlier ones again "
                         "(read from the definitions of Partial and Full ratings)")
    if a.last_played is not None:
        notes.append(f"a rating lapses after {a.activity_months} months without a rated result (choice: the categories "
                     "say 36, the help page's definitions 60)")
    return notes


def _sources(method: str) -> list[dict[str, str]]:
    names = ("period", "k_adult", "k_junior", "junior_rule", "expected_table", "cap_400", "partial_opponent_k",
             "category_a") if method == "K" else \
        ("fictitious_draw", "nominal_returning", "nominal_new", "performance", "cumulative", "full_games", "category_a")
    return ecf_rules.sources(names)
