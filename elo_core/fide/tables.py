"""The two FIDE conversion tables, read from ``tables.json`` (the only copy).

Table 8.1.2 turns a rating difference into the expected score of a game; table
8.1.1 turns a fraction scored into a rating difference ``dp`` (performance and
first ratings). Both are identical in the standard and the rapid/blitz chapters
of the FIDE Rating Regulations (Handbook B.02, 2024 editions). Values are kept
as :class:`~decimal.Decimal` so that sums of table entries stay exact: a rating
change of exactly x.5 must round away from zero, which binary floats cannot
promise (0.57 + 0.36 is 0.9299999... as a float).
"""

from __future__ import annotations

import bisect
import json
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import Any, NamedTuple


class _Band(NamedTuple):
    d_min: int
    pd_higher: Decimal


@cache
def _raw() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("tables.json").read_text("utf-8")
    tables: dict[str, Any] = json.loads(text, parse_float=Decimal)
    return tables


@cache
def _bands() -> tuple[_Band, ...]:
    rows = _raw()["table_8_1_2_difference_to_pd"]
    return tuple(_Band(int(r["d_min"]), r["pd_higher"]) for r in rows)


@cache
def _band_starts() -> tuple[int, ...]:
    return tuple(b.d_min for b in _bands())


@cache
def _dp_by_p() -> dict[Decimal, int]:
    return {Decimal(r["p"]).quantize(Decimal("0.01")): int(r["dp"]) for r in _raw()["table_8_1_1_score_to_dp"]}


def expected_from_table(difference: int) -> Decimal:
    """Expected score (PD) of the player whose rating minus the opponent's is ``difference``.

    Table 8.1.2 lists the higher rated player's PD by band of |D|; the lower
    rated player gets ``1 - PD``.

    >>> expected_from_table(3), expected_from_table(4), expected_from_table(-4)
    (Decimal('0.5'), Decimal('0.51'), Decimal('0.49'))
    >>> expected_from_table(400), expected_from_table(735), expected_from_table(736)
    (Decimal('0.92'), Decimal('0.99'), Decimal('1.0'))
    """
    band = _bands()[bisect.bisect_right(_band_starts(), abs(difference)) - 1]
    return band.pd_higher if difference >= 0 else 1 - band.pd_higher


def dp_from_fraction(p: Decimal) -> int:
    """Rating difference ``dp`` of table 8.1.1 for a fraction scored, given to two decimals.

    >>> dp_from_fraction(Decimal("0.75")), dp_from_fraction(Decimal("0")), dp_from_fraction(Decimal("1"))
    (193, -800, 800)
    """
    return _dp_by_p()[p.quantize(Decimal("0.01"))]


def difference_bands() -> list[dict[str, Any]]:
    """Table 8.1.2 as plain rows, for explanations on the page (``d_max`` None = open-ended)."""
    return [
        {"d_min": int(r["d_min"]), "d_max": r["d_max"], "pd_higher": float(r["pd_higher"]), "pd_lower": float(r["pd_lower"])}
        for r in _raw()["table_8_1_2_difference_to_pd"]
    ]
