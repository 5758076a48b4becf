"""Each figure of a US Chess answer said in the rating system's own words, with its numbers and its
source: what the page shows beside the figure (the ``explain`` of an answer)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from elo_core.plain import Plain
from elo_core.uscf.floors import Floor
from elo_core.uscf.rules import GD, NEWS2013, Threshold, rules

if TYPE_CHECKING:
    from elo_core.uscf.rating import Outcome


@dataclass(frozen=True)
class Term(Plain):
    figure: str
    """The answer's key this explains (``effective_games``, ``special``, ``k``, ``bonus``, ``floor``, ...)."""
    term: str
    """US Chess's name for it."""
    says: str
    """What it is, in the rating system's words, with this answer's numbers."""
    source: str


def terms(out: Outcome, threshold: Threshold, floor: Floor, new: float, pool: str) -> tuple[Term, ...]:
    """The terms of an :class:`~elo_core.uscf.rating.Outcome` and its floor."""
    r, eff = rules(), out.effective
    found = [
        Term("effective_games", "effective number of games (N')",
             "how many games the pre-event rating is worth, never more than the games it is based on: " + eff.formula,
             f"{GD} 3"),
        Term("formula", f"{out.formula} rating formula", out.formula_reason, f"{GD} 4"),
    ]
    if out.special:
        sp = out.special
        found.append(Term(
            "special", "special rating",
            f"the rating at which the score, with the prior rating counted as N' games, equals the sum of provisional "
            f"winning expectancies (0.5 + (M - Ri) / 800 within 400 points): R0' {sp.adjusted_prior:g}, S' "
            f"{sp.adjusted_score:g}; from the old provisional formula {sp.start:.2f} the iteration reaches "
            f"{sp.value:.2f}" + (f", capped at {r.special_cap}" if sp.capped else ""), f"{GD} 4.1"))
    if out.standard:
        st = out.standard
        found.append(Term("k", "K factor", "how far one game moves the rating: " + st.k_detail.rule,
                          f"{GD} 4.2" + (f"; {NEWS2013}" if st.k_detail.factor != 1 else "")))
        found.append(Term("expected", "winning expectancy",
                          f"We = 1 / (1 + 10^(-(R0 - Ri) / 400)) for each game; E = {st.expected:.3f}", f"{GD} 4.2"))
    found.append(Term(
        "bonus", "bonus points",
        f"{out.bonus.reason}; the bonus threshold B is {threshold.value} for events ending from "
        f"{threshold.valid_from.isoformat()}" + (f" to {threshold.valid_until.isoformat()}" if threshold.valid_until
                                                   else "") + f" ({threshold.note})", threshold.source))
    found.append(Term(
        "floor", "rating floor",
        f"no rating goes below the player's floor: absolute {floor.absolute}, personal absolute floor "
        f"{floor.personal_formula}; {floor.established_rule}; the floor is {floor.value}"
        + ("" if pool == r.established_floor_pool else f" ({pool.title()} rating)"), f"{GD} 5"))
    found.append(Term("new_rating", "post-event rating",
                      f"ratings are stored as decimals ({new:.3f}); the official rating is the nearest whole number",
                      f"{GD} 1"))
    return tuple(found)
