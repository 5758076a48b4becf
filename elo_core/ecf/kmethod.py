"""The K-method: a fully rated player's month, R1 = R0 + k (W - We).

W is the month's score, We the sum of each game's expected score PD from FIDE's 2017 table 8.1(b)
(the ECF's D is the opponent's rating minus the player's), k is 20, or 40 for a junior. A game
against an opponent whose rating is a Partial rating counts with that opponent's K of 40, which
halves its adjustment (the help page's stated effect). Sums are exact (:class:`~decimal.Decimal`).

>>> r = k_method(1800, [(1750, 1.0, False), (1900, 0.5, False)], junior=False)
>>> r.expected, r.k, r.change, r.new_rating
(0.93, 20, 11.4, 1811)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from elo_core.ecf import table
from elo_core.ecf.rules import rules
from elo_core.plain import Plain

CAP = 400
HALF = Decimal("0.5")


@dataclass(frozen=True)
class KGame(Plain):
    """One game of the month as the K-method counts it."""

    opponent: int
    score: float
    opponent_partial: bool
    """The opponent's rating is a Partial rating: this game's adjustment is halved."""
    difference: int
    """D = the opponent's rating - the player's (the ECF's sign: positive if the opponent is higher rated)."""
    counted_difference: int
    """D as read in the table: the same, or +-400 where the 400-point cap is chosen."""
    band: str
    column: str
    """Table 8.1(b)'s column read: ``H`` (the player is higher rated or equal) or ``L``."""
    expected: float
    k: int
    weight: float
    change: float
    """k x weight x (score - PD): this game's part of the change."""


@dataclass(frozen=True)
class KResult(Plain):
    games: tuple[KGame, ...]
    n: int
    score: float
    expected: float
    """We: the sum of the games' PD."""
    k: int
    """The player's k (20, or 40 for a junior); a game's own k may differ (``junior_rule`` gains)."""
    change: float
    new_rating_exact: float
    new_rating: int
    formula: str


def k_method(r0: int, games: Sequence[tuple[int, float, bool]], junior: bool, junior_rule: str = "all",
             cap_400: bool = False) -> KResult:
    """R0 and the month's games (opponent's rating, score, opponent's rating Partial?), at least one."""
    r = rules()
    k = r.k_junior if junior else r.k_adult
    lines = []
    for opponent, score, partial in games:
        d = opponent - r0
        read = max(-CAP, min(CAP, d)) if cap_400 else d
        e = table.expected(read)
        gained = Decimal(str(score)) - e.pd
        k_game = r.k_adult if junior and junior_rule == "gains" and gained <= 0 else k
        weight = Decimal(r.k_adult) / r.partial_opponent_k if partial else Decimal(1)
        lines.append((KGame(opponent, score, partial, d, read, e.band, e.column, float(e.pd), k_game, float(weight),
                            float(k_game * weight * gained)), k_game * weight * gained, e.pd))
    w = sum((Decimal(str(g.score)) for g, _, _ in lines), Decimal(0))
    we = sum((pd for _, _, pd in lines), Decimal(0))
    change = sum((c for _, c, _ in lines), Decimal(0))
    exact = r0 + change
    new = int(exact.to_integral_value(rounding=ROUND_HALF_UP))
    plain_k = all(g.k == k and g.weight == 1 for g, _, _ in lines)
    if plain_k:
        formula = f"R1 = R0 + k (W - We) = {r0} + {k} x ({_num(w)} - {_num(we)}) = {_num(exact)}"
    else:
        parts = " + ".join(f"{g.k} x {g.weight:g} x ({g.score:g} - {g.expected:.2f})" for g, _, _ in lines)
        formula = f"R1 = R0 + sum of k x weight x (score - PD) = {r0} + {parts} = {_num(exact)}"
    formula += "" if exact == new else f" -> {new}"
    return KResult(tuple(g for g, _, _ in lines), len(lines), float(w), float(we), k, float(change), float(exact), new,
                   formula)


def _num(x: Decimal) -> str:
    return f"{x.normalize():f}" if x == x.to_integral_value() else f"{x:f}".rstrip("0")
