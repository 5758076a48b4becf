"""How much one event moves a DWZ: the classic development coefficient E (Entwicklungskoeffizient,
WO Anhang 1.2) and the 2026 factor K, each with the parts the page explains.

Both are computed exactly (fractions) where the rulebook's formula is rational, so a rounding at
a half is the rulebook's, not the float's; only the brake SBr (an exponential) is a float.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from elo_core.dwz.rules import Classic, Reform
from elo_core.plain import Plain


def age_group(age: int | None, youth: int, junior: int) -> str:
    """``youth`` (Jugendliche, up to ``youth``), ``junior`` (Junioren, to ``junior``) or ``adult``
    (older, or age unknown: the DSB-linked calculator assumes over 25)."""
    if age is not None and age <= youth:
        return "youth"
    if age is not None and age <= junior:
        return "junior"
    return "adult"


def half_up(x: Fraction | float, places: int = 0) -> Fraction:
    """``x`` rounded to ``places`` decimals, a half rounded up (exact for fractions)."""
    unit = Fraction(10) ** places
    return Fraction(math.floor(Fraction(x) * unit + Fraction(1, 2))) / unit


@dataclass(frozen=True)
class ClassicE(Plain):
    """E = E0 x fB + SBr, rounded to a whole number, then held within its limits."""

    value: int
    """E as used in Rn = R0 + 800 (W - We) / (E + n)."""
    age_group: str
    j: int
    e0: float
    """Grundwert E0 = (R0 / 1000)^4 + J."""
    fb: float
    """Beschleunigungsfaktor: R0 / 2000 within [0.5, 1] for youth with W >= We, else 1."""
    fb_applies: bool
    sbr: float
    """Bremszuschlag: e^((1300 - R0) / 150) - 1 for R0 < 1300 with W < We, else 0."""
    sbr_applies: bool
    unrounded: float
    rounded: int
    low: int
    high: int
    limit: str | None
    """The limit that changed the rounded E, in words; None when none did."""


def classic_e(r0: int, index: int, age: int | None, above: bool, below: bool, rules: Classic) -> ClassicE:
    """E for a player rated ``r0`` with ``index``; ``above``: W >= We; ``below``: W < We.

    >>> from elo_core.dwz.rules import classic
    >>> e = classic_e(1975, 43, 18, True, False, classic())
    >>> e.value, round(e.e0, 3), e.fb, e.unrounded > 19
    (20, 20.215, 0.9875, True)
    """
    group = age_group(age, rules.j_youth[0], rules.j_junior[0])
    j = {"youth": rules.j_youth[1], "junior": rules.j_junior[1], "adult": rules.j_adult}[group]
    e0 = Fraction(r0, 1000) ** 4 + j
    fb_applies = group == "youth" and above
    low_fb, high_fb = (Fraction(x).limit_denominator() for x in rules.fb_bounds)
    fb = min(max(Fraction(r0, rules.fb_divisor), low_fb), high_fb) if fb_applies else Fraction(1)
    sbr_applies = r0 < rules.sbr_below and below
    sbr = math.exp((rules.sbr_below - r0) / rules.sbr_scale) - 1 if sbr_applies else 0.0
    unrounded = e0 * fb + Fraction(sbr)
    rounded = int(half_up(unrounded))
    if sbr_applies:
        high, why = rules.e_max_brake, f"E <= {rules.e_max_brake} (with SBr)"
    elif index * rules.e_per_index < rules.e_max:
        high, why = index * rules.e_per_index, f"E <= {rules.e_per_index} x index {index} = {index * rules.e_per_index}"
    else:
        high, why = rules.e_max, f"E <= {rules.e_max}"
    value = min(max(rounded, rules.e_min), high)
    limit = None if value == rounded else (f"E >= {rules.e_min}" if value == rules.e_min else why)
    return ClassicE(value, group, j, float(e0), float(fb), fb_applies, sbr, sbr_applies, float(unrounded), rounded,
                    rules.e_min, high, limit)


@dataclass(frozen=True)
class ReformK(Plain):
    """K = K0 x b + a, rounded to one decimal, at most Kmax."""

    value: float
    """K as used in Rn = R0 + K (W - We)."""
    age_group: str
    group: str
    """The row of the K0 table, in words."""
    index_column: str
    """``1`` to ``10``, or ``>10``."""
    k0: int
    b: float
    """Bremsfaktor: (R0 + u) / (1600 + u) for R0 < 1600 with W < We, else 1."""
    b_applies: bool
    a: float
    """Erfolgsaufschlag, for W >= We: (2000 - R0) / t for youth under 2000; a1 / a2 for juniors / adults under 1600."""
    a_rule: str | None
    unrounded: float
    rounded: float
    k_max: int
    capped: bool


def reform_k(r0: int, index: int, age: int | None, above: bool, below: bool, rules: Reform) -> ReformK:
    """K for a player rated ``r0`` with ``index``; ``above``: W >= We; ``below``: W < We.

    >>> from elo_core.dwz.rules import reform
    >>> k = reform_k(1500, 12, 30, False, True, reform())
    >>> k.k0, round(k.b, 4), k.value
    (28, 0.9583, 26.8)
    """
    youth, junior = rules.group_ages
    young_limit, adult_limit = rules.group_limits
    group = age_group(age, youth, junior)
    if group != "adult" and r0 < young_limit:
        row, words = 0, f"up to {junior} years, R0 < {young_limit}"
    elif group == "adult" and r0 < adult_limit:
        row, words = 1, f"over {junior} years, R0 < {adult_limit}"
    else:
        row, words = 2, f"over {junior} years with R0 >= {adult_limit}, or up to {junior} with R0 >= {young_limit}"
    column = min(max(index, 1), len(rules.k0[row]))
    k0 = rules.k0[row][column - 1]
    b_applies = below and r0 < rules.b_below
    b = Fraction(r0 + rules.u, rules.b_below + rules.u) if b_applies else Fraction(1)
    a, a_rule = Fraction(0), None
    if above and group == "youth" and r0 < rules.a_youth_below:
        a = Fraction(rules.a_youth_below - r0, rules.t)
        a_rule = f"youth, R0 < {rules.a_youth_below}: ({rules.a_youth_below} - R0) / {rules.t}"
    elif above and group != "youth" and r0 < rules.a_limit:
        a = Fraction(rules.a1 if group == "junior" else rules.a2)
        a_rule = f"{'junior' if group == 'junior' else 'adult'}, R0 < {rules.a_limit}: {'a1' if group == 'junior' else 'a2'}"
    unrounded = k0 * b + a
    rounded = half_up(unrounded, 1)
    value = min(rounded, Fraction(rules.k_max))
    return ReformK(float(value), group, words, str(column) if column < len(rules.k0[row]) else f">{column - 1}", k0,
                   float(b), b_applies, float(a), a_rule, float(unrounded), float(rounded), rules.k_max, value < rounded)
