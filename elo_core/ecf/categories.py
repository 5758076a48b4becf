"""The ECF's rating categories (the letter after a rating: 1754K), the conversion of old grades, and
the months of activity that keep a rating alive.

Categories as the ECF defines them (version of 8 December 2021, in force from 1 June 2022; H
ratings still held on 1 December 2022 became unrated):

* **A**: 30 or more rated results in the previous 12 calendar months;
* **K**: every other full, active rating, updated by the K-method;
* **P**: an active rating updated by the P-method (a Partial rating: fewer than 10 games);
* **H**: inherited in 2020 (OTB) or 2021 (online) from too few results and not played since;
* **unrated**: no rated result in the previous 36 calendar months (see ``activity_months``).

>>> grade_to_rating(150).rating, grade_to_rating(0).rating
(1825, 700)
>>> category(full=True, results_12_months=30).code, category(full=True, results_12_months=29).code
('A', 'K')
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from elo_core.ecf.rules import CATEGORIES, MONTHLY, rules
from elo_core.plain import Plain


@dataclass(frozen=True)
class Category(Plain):
    code: str
    name: str
    meaning: str
    method: str | None
    """How the rating is updated next month: ``K`` or ``P`` (None: not updated, or not rated)."""
    source: str


CATEGORY_TABLE: tuple[Category, ...] = (
    Category("A", "A: active", "30 or more rated results in the previous 12 calendar months", "K", CATEGORIES),
    Category("K", "K: K-method", "every other full, active rating: it is updated by the K-method", "K", CATEGORIES),
    Category("P", "P: P-method", "an active rating updated by the P-method (a Partial rating, from fewer than 10 "
             "games); published, but the player's strength is better judged with wider evidence", "P", CATEGORIES),
    Category("H", "H: inherited", "a rating inherited on 1 July 2020 (OTB) or 1 September 2021 (online) from fewer than "
             "9 results in the 60 months before and not played since; it becomes K when the player plays, and every H "
             "rating still held on 1 December 2022 became unrated", "K", CATEGORIES),
    Category("unrated", "unrated", "no rated result in the previous 36 calendar months: on return the player is a new "
             "player, with one fictional draw against an opponent of the player's last full rating", "P", CATEGORIES),
)


def explained(code: str) -> Category:
    return next(c for c in CATEGORY_TABLE if c.code == code)


@dataclass(frozen=True)
class CategoryResult(Plain):
    code: str
    why: str


def category(full: bool, results_12_months: int) -> CategoryResult:
    """The category of the rating published after the month: P for a Partial rating, else A or K."""
    if not full:
        return CategoryResult("P", "a Partial rating (P-method on fewer than 10 games): updated by the P-method")
    a = rules().category_a
    if results_12_months >= a:
        return CategoryResult("A", f"{results_12_months} rated results in the last 12 calendar months (A: {a} or more)")
    results = f"{results_12_months} rated result{'' if results_12_months == 1 else 's'}"
    return CategoryResult("K", f"a full rating with {results} in the last 12 calendar months (fewer than {a}: K)")


@dataclass(frozen=True)
class Conversion(Plain):
    """An old 3-digit ECF grade as the rating it became in 2020."""

    grade: float
    rating: int
    exact: float
    formula: str
    source: str


def grade_to_rating(grade: float | int) -> Conversion:
    """rating = 7.5 x grade + 700, rounded to a whole number (a half up: the grades were whole, and
    7.5 x a whole grade ends in .0 or .5)."""
    factor, offset = rules().grade_conversion
    exact = Decimal(str(factor)) * Decimal(str(grade)) + offset
    whole = int(exact.to_integral_value(rounding="ROUND_HALF_UP"))
    return Conversion(float(grade), whole, float(exact), f"7.5 x {Decimal(str(grade)).normalize():f} + 700 = "
                      f"{exact.normalize():f}" + ("" if exact == whole else f" -> {whole}"), f"{MONTHLY} 1")


def months_between(earlier: tuple[int, int], later: tuple[int, int]) -> int:
    """Calendar months from ``earlier`` (year, month) to ``later``: 2024-01 to 2024-03 is 2."""
    return (later[0] - earlier[0]) * 12 + later[1] - earlier[1]
