"""The P-method: a rating from performance alone, for new, returning and partially rated players.

The games counted (a partially rated player's earlier games too) plus one fictional draw against
a fictional opponent of nominal rating (the help page; the rating FAQ gives the reasons). The
performance is Ra + dp: Ra the opponents' average (the fictional one included) rounded to a whole
number, dp from FIDE's 2017 table 8.1(a) at p = score / games rounded to two decimals (the choices
of :mod:`elo_core.ecf.rules`). On 10 or more real games it is a Full rating, else a Partial one.

>>> p = p_method([(1500, 1.0), (1600, 0.5), (1700, 0.0)], nominal=1600)
>>> p.average, p.p, p.dp, p.rating, p.full
(1600, 0.5, 0, 1600, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from elo_core.ecf import table
from elo_core.ecf.rules import rules
from elo_core.plain import Plain


@dataclass(frozen=True)
class Performance(Plain):
    """A P rating and its parts, each as the page explains it."""

    games: int
    """Real games counted (this month's and earlier ones; the fictional draw not included)."""
    earlier_games: int
    unseen_earlier: int
    """Earlier games known only by their number (a whole month's partially rated player): they count
    towards the 10 of a Full rating, not in the performance."""
    score: float
    """Points in the real games."""
    nominal: float
    nominal_rule: str
    """Why the fictional opponent has this rating."""
    total_opponents: float
    """The real opponents' ratings and the fictional one, summed."""
    average: int
    """Ra: their average over games + 1, rounded to a whole number."""
    fraction: float
    """(score + 0.5) / (games + 1), unrounded."""
    p: float
    """The fraction to two decimals, as table 8.1(a) is read."""
    dp: int
    value: int
    """Ra + dp: the P rating."""
    full: bool
    """10 or more real games: a Full rating; else a Partial rating."""
    kind: str
    """``Full`` or ``Partial``."""
    formula: str

    @property
    def rating(self) -> int:
        return self.value


def average_of(opponents: Sequence[int | float]) -> float:
    """The real opponents' average: a new player's nominal rating (a choice)."""
    return float(sum(Fraction(str(o)) for o in opponents) / len(opponents)) if opponents else 0.0


def p_method(games: Sequence[tuple[int | float, float]], nominal: float, nominal_rule: str = "",
             earlier: int = 0, unseen: int = 0) -> Performance:
    """The P rating from ``games`` (opponent's rating, score; earlier games included, ``earlier`` of
    them) and one fictional draw against ``nominal``; ``unseen`` earlier games count only towards 10."""
    r = rules()
    draw = Fraction(str(r.fictitious_draw))
    n = len(games)
    score = sum((Fraction(str(s)) for _, s in games), Fraction(0))
    total = sum((Fraction(str(o)) for o, _ in games), Fraction(0)) + Fraction(str(nominal))
    average = _half_up(total / (n + 1))
    fraction = (score + draw) / (n + 1)
    p = table.p_rounded(Decimal(fraction.numerator) / Decimal(fraction.denominator))
    dp = table.dp(p)
    full = n + unseen >= r.full_games
    kind = "Full" if full else "Partial"
    formula = (f"Ra = ({_num(total - Fraction(str(nominal)))} + nominal {_num(Fraction(str(nominal)))}) / ({n} + 1) = "
               f"{average}; p = ({_num(score)} + 0.5) / ({n} + 1) = {p:.2f}; dp({p:.2f}) = {dp}; "
               f"P = Ra + dp = {average + dp} ({kind} rating: {n} game{'s' if n != 1 else ''}"
               + (f" and {unseen} earlier" if unseen else "") + ")")
    return Performance(n, earlier, unseen, float(score), float(nominal), nominal_rule, float(total), average, float(fraction),
                       float(p), dp, average + dp, full, kind, formula)


def _half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.1f}"
