"""The two FIDE tables the ECF rates with, held here as the ECF's own data.

The ECF's K-method takes each game's expected score from table 8.1(b) of the FIDE Handbook's
rating regulations as they stood from 1 July 2017 (B.02, https://handbook.fide.com/chapter/B022017,
the page the ECF's own text links). The P-method's performance uses table 8.1(a) of the same
chapter, its mirror image (a choice: see :mod:`elo_core.ecf.rules`). The ECF names the 2017 tables,
so they are written out here, not borrowed from the FIDE engine of this package, whose tables follow
FIDE's later editions (the same numbers today; the ECF's would not change if FIDE's did).

Values are :class:`~decimal.Decimal`, so that a month's sum of expected scores is exact.

>>> expected(0).pd, expected(-54).pd, expected(54).pd, expected(54).band
(Decimal('0.50'), Decimal('0.58'), Decimal('0.42'), '54-61')
>>> dp(Decimal("0.75")), dp(Decimal("0.25")), dp(Decimal("0.5"))
(193, -193, 0)
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

SOURCE = "FIDE Handbook B.02 (rating regulations effective 1 July 2017), tables 8.1(a) and 8.1(b)"
URL = "https://handbook.fide.com/chapter/B022017"

# Table 8.1(b): the first rating difference of each band, and the higher rated player's PD in it.
_BAND_STARTS = (0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146,
                154, 163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329,
                345, 358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736)
_PD_HIGHER = tuple((Decimal(50 + i) / 100).quantize(Decimal("0.01")) for i in range(len(_BAND_STARTS)))

# Table 8.1(a): dp for p = 0.50, 0.51, ... 0.99 (p below 0.50 mirrors it: dp(1 - p) = -dp(p)).
_DP_FROM_HALF = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
                 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
                 383, 401, 422, 444, 470, 501, 538, 589, 677)
DP_PERFECT = 800
"""dp for p = 1.00 (-800 for 0.00). The 2017 table leaves it blank ("indeterminate"); 800 is the value
FIDE's later editions give. With the ECF's fictitious draw p reaches 1.00 only after about 100 games."""

HUNDREDTH = Decimal("0.01")


@dataclass(frozen=True)
class Expected:
    """A game's expected score from table 8.1(b): the band of |D| and the column (H or L) read."""

    pd: Decimal
    band: str
    column: str
    """``H``: the player is the higher rated (or equal); ``L``: the lower rated."""


def expected(difference: int) -> Expected:
    """The player's PD where ``difference`` is the opponent's rating minus the player's (the ECF's D)."""
    i = bisect.bisect_right(_BAND_STARTS, abs(difference)) - 1
    high = _BAND_STARTS[i + 1] - 1 if i + 1 < len(_BAND_STARTS) else None
    band = f"{_BAND_STARTS[i]}-{high}" if high is not None else f"{_BAND_STARTS[i]}+"
    if difference <= 0:
        return Expected(_PD_HIGHER[i], band, "H")
    return Expected(1 - _PD_HIGHER[i], band, "L")


def p_rounded(fraction: Decimal) -> Decimal:
    """A fraction scored to the two decimals table 8.1(a) is read at, a half rounded up (a choice)."""
    return fraction.quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def dp(p: Decimal) -> int:
    """Table 8.1(a): the rating difference for a fraction scored ``p`` (two decimals, 0 to 1)."""
    hundredths = int(p_rounded(p) * 100)
    if not 0 <= hundredths <= 100:
        raise ValueError(f"p must be between 0 and 1, not {p}")
    high = max(hundredths, 100 - hundredths)
    value = DP_PERFECT if high == 100 else _DP_FROM_HALF[high - 50]
    return value if hundredths >= 50 else -value


def bands() -> list[dict[str, Any]]:
    """Table 8.1(b) as rows, for the page's explanation (``d_max`` None: open-ended)."""
    rows = []
    for i, start in enumerate(_BAND_STARTS):
        end = _BAND_STARTS[i + 1] - 1 if i + 1 < len(_BAND_STARTS) else None
        rows.append({"d_min": start, "d_max": end, "pd_higher": float(_PD_HIGHER[i]),
                     "pd_lower": float(1 - _PD_HIGHER[i])})
    return rows
