"""Rating floors (the rating system's section 5): no rating falls below the player's floor.

* The absolute floor is 100; a player's personal absolute floor is min(100 + 4 NW + 2 ND + NR, 150),
  NW and ND his rated wins and draws, NR his events of 3 or more rated games.
* An established player's floor comes from his highest established post-event rating (the peak):
  peak - 200 with the last two digits set to zero, at most 2100 (a peak of 1400-1499 gives 1200; a
  peak below 1400 gives none). Over the board Regular only (a choice, :mod:`elo_core.uscf.rules`).

Floors from prizes and the Original Life Master's 2200 need facts no event file holds: not modelled.

>>> f = floor_of("regular", 1941, 2, 1, 1)
>>> f.value, f.personal, f.established
(1700, 111, 1700)
"""

from __future__ import annotations

from dataclasses import dataclass

from elo_core.plain import Plain
from elo_core.uscf.rules import rules


@dataclass(frozen=True)
class Floor(Plain):
    value: int
    """The floor that holds: the higher of the personal absolute floor and the established floor."""
    absolute: int
    personal: int
    """min(100 + 4 NW + 2 ND + NR, 150)."""
    personal_formula: str
    peak: float | None
    established: int | None
    """From the peak; None: no established peak, a peak below 1400, or not the Regular pool."""
    established_rule: str


def established_floor(peak: float) -> int | None:
    """The floor a peak established rating gives, or None below 1400.

    >>> [established_floor(p) for p in (1399, 1400, 1499.9, 1500, 1653, 2299, 2600)]
    [None, 1200, 1200, 1300, 1400, 2000, 2100]
    """
    drop, lowest_peak, lowest, highest = rules().established_floor
    if peak < lowest_peak:
        return None
    return min(highest, max(lowest, int((peak - drop) // 100) * 100))


def floor_of(pool: str, peak: float | None, wins: int, draws: int, events: int, *, wins_earlier: int | None = None,
             draws_earlier: int | None = None, events_earlier: int | None = None) -> Floor:
    """The floor after an event won ``wins``, drew ``draws`` and counted ``events`` (1 if 3 or more games
    were completed, else 0), with the career before it where known (else this event alone)."""
    base, per_win, per_draw, per_event, top = rules().absolute_floor
    nw, nd, nr = wins + (wins_earlier or 0), draws + (draws_earlier or 0), events + (events_earlier or 0)
    personal = min(base + per_win * nw + per_draw * nd + per_event * nr, top)
    formula = f"min({base} + {per_win} x {nw} + {per_draw} x {nd} + {nr}, {top}) = {personal}"
    if peak is None:
        return Floor(personal, base, personal, formula, None, None, "no established rating: no floor from a peak")
    if pool != rules().established_floor_pool:
        return Floor(personal, base, personal, formula, peak, None,
                     f"floors from the peak hold for the Regular rating only (choice), not the {pool.title()} rating")
    floor = established_floor(peak)
    if floor is None:
        return Floor(personal, base, personal, formula, peak, None,
                     f"peak {peak:g} is below {rules().established_floor[1]}: no floor from it")
    return Floor(max(personal, floor), base, personal, formula, peak, floor,
                 f"peak {peak:g} - {rules().established_floor[0]}, last two digits 00 = {floor}"
                 + (" (at most 2100)" if floor == rules().established_floor[3] else ""))
