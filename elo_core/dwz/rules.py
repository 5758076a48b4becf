"""The two DWZ rulebooks as data: each setting with its value, its meaning, its source and whether
the federation's own text confirms it; :func:`rulebook_for` picks the one in force on an event's
end date (the Wertungsordnung rates an event as a whole, by its end).

Every number the engine uses is a row of :data:`CLASSIC_SETTINGS` or :data:`REFORM_SETTINGS`; the
typed views (:class:`Classic`, :class:`Reform`) are built from those rows, so a value and its
source are written once, side by side. A later amendment is a new :class:`Rulebook` with its own
dates, rows and sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from elo_core.errors import EloError
from elo_core.plain import Plain
from elo_core.rulebook import Setting, cited

WO = "Wertungsordnung (classic)"
WO26 = "Wertungsordnung 2026"
CLM = "CLM dwz_rechner.php (2026)"
CALC = "har64 DWZ-Calc Dwz.php (2026)"
SOURCES: dict[str, str] = {
    WO: "http://www.schachbund.de/wertungsordnung.html (Stand: 30 May 2014; the chapters below are its online edition)",
    f"{WO} 3.3": "https://www.schachbund.de/index.php/wertungsordnung-3-berechnungsregeln-des-dwz-wertungssystems/"
                 "articles/wertungsordnung-33-gewinnwahrscheinlichkeit-und-erwartungswerte.html",
    f"{WO} 3.4": "https://www.schachbund.de/wertungsordnung-3-berechnungsregeln-des-dwz-wertungssystems/articles/"
                 "wertungsordnung-34-spieler-ohne-wertungszahl.html",
    f"{WO} 3.5": "https://www.schachbund.de/index.php/wertungsordnung-3-berechnungsregeln-des-dwz-wertungssystems/"
                 "articles/wertungsordnung-35-spieler-mit-vorhandener-wertungszahl.html",
    f"{WO} 3.6": "https://www.schachbund.de/index.php/wertungsordnung-3-berechnungsregeln-des-dwz-wertungssystems/"
                 "articles/wertungsordnung-36-die-turnierleistung.html",
    f"{WO} Anhang 1.1": "https://www.schachbund.de/wertungsordnung-anhang-1-besondere-berechnungsverfahren/articles/"
                        "wertungsordnung-anhang-11-gesamtiteration-fuer-die-erst-dwz-erwerber.html",
    f"{WO} Anhang 1.2": "https://www.schachbund.de/wertungsordnung-anhang-1-besondere-berechnungsverfahren/articles/"
                        "wertungsordnung-anhang-12-die-ermittlung-des-entwicklungskoeffizienten-e.html",
    f"{WO} 4.1": "https://www.schachbund.de/wertungsordnung-4-ergaenzende-bestimmungen/articles/"
                 "wertungsordnung-41-wertungszahlen.html",
    "DSB-linked DWZ calculator": "https://www.schachbund.de/bundles/contaolinkscollection/go.php?id=3706",
    "DSB published evaluations": "schachbund.de tournament pages cited in tests/dwz/test_dwz_published.py",
    CLM: "https://github.com/ChessLeagueManager/com_clm (site/clm/classes/dwz_rechner.php, August 2026)",
    CALC: "https://github.com/har64/DWZ-Calc (Dwz.php, '01.08.26 neue Wertungsordnung')",
}
"""Where each source named in a setting's ``source`` is read."""


CLASSIC_SETTINGS: tuple[Setting, ...] = (
    Setting("sigma", 200 * 2 ** 0.5, "P(D) is the normal distribution of D with this standard deviation "
            "(the logistic formula is only the rulebook's approximation)", f"{WO} 3.3", True),
    Setting("p_decimals", 3, "each game's P(D) is rounded to 3 decimals before We is summed (choice: the DSB's "
            "published We match this in every case checked; the text does not say)", "DSB published evaluations", False),
    Setting("j_youth", (20, 5), "J = 5 up to age 20 (Jugendliche)", f"{WO} Anhang 1.2", True),
    Setting("j_junior", (25, 10), "J = 10 from 21 to 25 (Junioren)", f"{WO} Anhang 1.2", True),
    Setting("j_adult", 15, "J = 15 over 25, or age unknown", f"{WO} Anhang 1.2; DSB-linked DWZ calculator", True),
    Setting("fb_divisor", 2000, "fB = R0 / 2000, for age 20 or less with W >= We", f"{WO} Anhang 1.2", True),
    Setting("fb_bounds", (0.5, 1.0), "0.5 <= fB <= 1.0", f"{WO} Anhang 1.2", True),
    Setting("sbr_below", 1300, "SBr = e^((1300 - R0) / 150) - 1, only if R0 < 1300 and W < We", f"{WO} Anhang 1.2", True),
    Setting("sbr_scale", 150, "the divisor in SBr's exponent", f"{WO} Anhang 1.2", True),
    Setting("e_min", 5, "E >= 5", f"{WO} Anhang 1.2", True),
    Setting("e_per_index", 5, "without SBr, E <= 5 x index while the index is 5 or less", f"{WO} Anhang 1.2", True),
    Setting("e_max", 30, "without SBr, E <= 30", f"{WO} Anhang 1.2", True),
    Setting("e_max_brake", 150, "with SBr, E <= 150", f"{WO} Anhang 1.2", True),
    Setting("e_rounding", "half up", "E is rounded to a whole number (the text says rounded; half up is a choice)",
            f"{WO} Anhang 1.2", False),
    Setting("change_factor", 800, "Rn = R0 + 800 (W - We) / (E + n), rounded to a whole number", f"{WO} 3.5", True),
    Setting("first_min_games", 5, "a first DWZ needs at least 5 games against Auswahl I (stored Restpartien count), "
            "not 0 % nor 100 % of the points", f"{WO} 3.4", True),
    Setting("first_stages", 2, "stages 1 and 2 (1. und 2. Zusatzstufe); no further stage", f"{WO} 3.4", True),
    Setting("first_low", (800, 700, 8), "a first DWZ Ri below 800 becomes 700 + Ri / 8", f"{WO} 3.4", True),
    Setting("iteration", "simultaneous", "first DWZ: Rp = Rc + D(W / n), then Rp + D(0.5 + (W - We) / n) for every new "
            "player at once, until no whole number changes", f"{WO} Anhang 1.1", True),
    Setting("d_rounding", "nearest", "D(p) is a whole difference; the nearest one, from the unrounded average Rc, and "
            "where a step would return to values already reached, the values reached last: choices (they give the DSB's "
            "published performances and the first DWZ of B431-636-C4F)", "DSB published evaluations", False),
    Setting("extreme_d", 677, "a performance of 100 % (0 %) is the opponents' average + (-) 677", f"{CLM}; {CALC}", False),
    Setting("exceptional_margin", 300, "an Ausnahmespieler (performance more than 300 above R0) counts for his "
            "opponents with his performance, after a new iteration", f"{WO} 3.6", True),
    Setting("restpartien_years", 2, "stored Restpartien expire 2 years after their event's end", f"{WO} 4.1", True),
)

REFORM_SETTINGS: tuple[Setting, ...] = (
    Setting("iteration", "simultaneous", "first DWZ by the classic iteration (choice)", f"{WO} Anhang 1.1", False),
    Setting("d_rounding", "nearest", "D(p) as in the classic rulebook (choice)", "DSB published evaluations", False),
    Setting("sigma", 200 * 2 ** 0.5, "P(D) as in the classic rulebook, the normal distribution (choice: the 2026 text "
            "was not read; two of three implementations keep it, userscripts use the logistic)", CALC, False),
    Setting("p_decimals", 3, "each game's P(D) rounded to 3 decimals, as in the classic rulebook (choice)", CALC, False),
    Setting("k0", ((60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32),
                   (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28),
                   (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25)),
            "K0 by index 1 to 10 and more than 10, for three groups: up to 25 with R0 < 2200; over 25 with R0 < 2000; "
            "the rest", f"{CLM}; {CALC}", False),
    Setting("group_ages", (20, 25), "youth up to 20 (Jugendliche), juniors 21 to 25 (Junioren), adults over 25",
            f"{CLM}; {CALC}", False),
    Setting("group_limits", (2200, 2000), "the young group's R0 limit, the adults' R0 limit", f"{CLM}; {CALC}", False),
    Setting("a_youth_below", 2000, "youth (20 or less) get a success surcharge if R0 < 2000 and W >= We: "
            "a = (2000 - R0) / t", f"{CLM}; {CALC}", False),
    Setting("t", 30, "the divisor of the youth's success surcharge", f"{CLM}; {CALC}", False),
    Setting("a_limit", 1600, "for age 21 or more, a = a1 (juniors) or a2 (adults) only if R0 < 1600 and W >= We",
            f"{CLM}; {CALC}", False),
    Setting("a1", 4, "success surcharge of juniors (21 to 25)", f"{CLM}; {CALC}", False),
    Setting("a2", 4, "success surcharge of adults (over 25)", f"{CLM}; {CALC}", False),
    Setting("u", 800, "brake factor b = (R0 + u) / (1600 + u) if W < We and R0 < 1600, else 1", f"{CLM}; {CALC}", False),
    Setting("b_below", 1600, "the brake factor applies below this R0", f"{CLM}; {CALC}", False),
    Setting("k_max", 80, "K = K0 x b + a, rounded to one decimal (half up: a choice), at most 80", f"{CLM}; {CALC}", False),
    Setting("floor", 1100, "Rn = R0 + K (W - We), rounded, and never below 1100 (also a first DWZ)", f"{CLM}; {CALC}", False),
    Setting("first_min_games", 5, "a first DWZ needs 5 games, as in the classic rulebook (choice: stages kept)",
            f"{CALC}", False),
    Setting("first_stages", 2, "stages 1 and 2 as in the classic rulebook (choice)", f"{CLM}", False),
    Setting("perfect_draw", True, "a new player with 100 % gets a fictitious draw against the opponents' average "
            "(3.6.2 as cited by the implementation); 0 % gives no first DWZ", CALC, False),
    Setting("first_formula", (2000, 0.08), "first DWZ from the performance Rh: Rh if Rh >= 2000; Rh + r (2000 - Rh) "
            "from 1100; 1100 + (9 r / 11) Rh below 1100; r = 0.08; rounded half up (a choice)", CALC, False),
    Setting("extreme_d", 677, "an established player's 100 % (0 %) performance: the opponents' average + (-) 677, "
            "as classic (choice)", f"{CLM}; {CALC}", False),
    Setting("exceptional_margin", 300, "Ausnahmespieler as in the classic rulebook (choice)", f"{WO} 3.6", False),
    Setting("restpartien_years", 2, "as in the classic rulebook (choice)", f"{WO} 4.1", False),
)


@dataclass(frozen=True)
class Rulebook(Plain):
    """A rulebook and the end dates it rates: ``valid_from`` <= end <= ``valid_until``."""

    key: str
    """``classic`` or ``2026``: the JSON's ``rulebook``."""
    name: str
    coefficient: str
    """``E`` (classic: Rn = R0 + 800 (W - We) / (E + n)) or ``K`` (2026: Rn = R0 + K (W - We))."""
    valid_from: date
    valid_until: date | None
    validity_source: str
    validity_note: str
    settings: tuple[Setting, ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return {s.name: s.value for s in self.settings}

    def sources(self) -> list[dict[str, str]]:
        """Every source the rulebook's settings name, with where to read it."""
        return cited([*(s.source for s in self.settings), self.validity_source], SOURCES)


@dataclass(frozen=True)
class Classic:
    """The classic rulebook's settings, typed (built from :data:`CLASSIC_SETTINGS`)."""

    sigma: float
    p_decimals: int
    j_youth: tuple[int, int]
    j_junior: tuple[int, int]
    j_adult: int
    fb_divisor: int
    fb_bounds: tuple[float, float]
    sbr_below: int
    sbr_scale: int
    e_min: int
    e_per_index: int
    e_max: int
    e_max_brake: int
    e_rounding: str
    change_factor: int
    first_min_games: int
    first_stages: int
    first_low: tuple[int, int, int]
    iteration: str
    d_rounding: str
    extreme_d: int
    exceptional_margin: int
    restpartien_years: int


@dataclass(frozen=True)
class Reform:
    """The 2026 rulebook's settings, typed (built from :data:`REFORM_SETTINGS`)."""

    iteration: str
    d_rounding: str
    sigma: float
    p_decimals: int
    k0: tuple[tuple[int, ...], ...]
    group_ages: tuple[int, int]
    group_limits: tuple[int, int]
    a_youth_below: int
    t: int
    a_limit: int
    a1: int
    a2: int
    u: int
    b_below: int
    k_max: int
    floor: int
    first_min_games: int
    first_stages: int
    perfect_draw: bool
    first_formula: tuple[int, float]
    extreme_d: int
    exceptional_margin: int
    restpartien_years: int


CLASSIC = Rulebook("classic", "Wertungsordnung (classic): E, Rn = R0 + 800 (W - We) / (E + n)", "E",
                   date(2014, 5, 30), date(2026, 6, 7), f"{WO}; {CLM}",
                   "from the edition of 30 May 2014 (the oldest read) to the day before the 2026 rulebook",
                   CLASSIC_SETTINGS)
REFORM = Rulebook("2026", "Wertungsordnung 2026: K, Rn = R0 + K (W - We), at least 1100", "K",
                  date(2026, 6, 8), None, f"{CLM}; {CALC}",
                  "events ending from 8 June 2026, as both implementations say; the DSB's own text was not found, "
                  "so the date is unconfirmed", REFORM_SETTINGS)
RULEBOOKS = {CLASSIC.key: CLASSIC, REFORM.key: REFORM}
CHOICES = ("auto", *RULEBOOKS)


@dataclass(frozen=True)
class InForce:
    """The rulebook that rates an event, and why (``note``: by the end date, or chosen)."""

    book: Rulebook
    end: date
    note: str

    @property
    def key(self) -> str:
        return self.book.key


@lru_cache(maxsize=8)
def classic() -> Classic:
    return Classic(**CLASSIC.values)


@lru_cache(maxsize=8)
def reform() -> Reform:
    return Reform(**REFORM.values)


def rulebook_for(end: date, chosen: str = "auto", field: str = "end") -> InForce:
    """The rulebook for an event ending on ``end``, or the one ``chosen`` (``classic`` or ``2026``).

    >>> rulebook_for(date(2026, 6, 7)).key, rulebook_for(date(2026, 6, 8)).key
    ('classic', '2026')
    """
    if chosen != "auto":
        book = RULEBOOKS[chosen]
        return InForce(book, end, f"{book.key} chosen (the end date {end.isoformat()} would choose "
                                  f"{_by_date(end, field).key})")
    book = _by_date(end, field)
    span = f"from {book.valid_from.isoformat()}" + (f" to {book.valid_until.isoformat()}" if book.valid_until else "")
    return InForce(book, end, f"by the end date {end.isoformat()} (this rulebook rates events ending {span})")


def _by_date(end: date, field: str) -> Rulebook:
    if end < CLASSIC.valid_from:
        raise EloError(field, f"DWZ rules before {CLASSIC.valid_from.isoformat()} are not modelled (the Wertungsordnung "
                              "of 30 May 2014 is the oldest edition read); pick a later date")
    return REFORM if end >= REFORM.valid_from else CLASSIC
