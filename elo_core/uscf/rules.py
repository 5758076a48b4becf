"""US Chess's rating rules as data: each setting with its value, its meaning, its source and whether
US Chess's own text confirms it, and the bonus threshold B by the event's end date.

Every number the engine uses is a row here, read through :func:`rules` (typed) or
:func:`threshold_for` (B of an end date). Where no source settles a rule, the row says which
choice is made, ``confirmed`` is False, and the answers repeat the choice in their ``notes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache

from elo_core.errors import EloError
from elo_core.plain import Plain
from elo_core.rulebook import Setting, cited

GD = "Glickman & Doan, The US Chess Rating System"
GD2004 = "Glickman, The USCF Rating System (2004 edition)"
APPROX = "Glickman, Approximating Formulas for the US Chess Rating System"
NEWS2013 = "US Chess news, 13 May 2013 (ratings changes)"
NEWS2017 = "US Chess news: Rating Bonus Formula Change (2017)"
NEWS2023 = "US Chess news: Bonus Threshold Lowered (2023)"
FORUM2025 = "US Chess forum: 2025 rerate with lowered bonus threshold"
FORUM_COUNTS = "US Chess forum: game counts for provisional ratings (2023)"
FORUM_FLOORS = "US Chess forum: rating floors"
EXPLAINER = "Innovative Chess Solutions: rating floors explained"
CHESSRATINGS = "RoaldSchuring/chessratings"
ELOCHESS = "Moritz72/elochess"
SOURCES: dict[str, str] = {
    GD: "http://www.glicko.net/ratings/rating.system.pdf (revised 1 March 2024); the September 2020 text: "
        "https://new.uschess.org/sites/default/files/media/documents/the-us-chess-rating-system-revised-september-2020.pdf "
        "(copy: https://docslib.org/doc/1308419/the-us-chess-rating-system)",
    GD2004: "http://math.bu.edu/people/mg/uscf/rs/node5.html (standard formula, the table of K) and its sibling pages",
    APPROX: "https://www.glicko.net/ratings/approx.pdf (June 2015, April 2017; copy: https://studylib.net/doc/18354842)",
    NEWS2013: "http://www.uschess.org/content/view/12202/5/ (tournaments ending from 18 May 2013: effective games "
              "lowered, K of higher rated players lowered in dual-rated events)",
    NEWS2017: "https://new.uschess.org/news/us-chess-rating-bonus-formula-change (B from 12 to 14, tournaments ending "
              "on May 1 or later)",
    NEWS2023: "https://new.uschess.org/news/change-us-chess-ratings-bonus-threshold-lowered (B from 14 to 12, tournaments "
              "ending on or after 1 February 2023; 'the first change since 2017'); "
              "https://uschess.discourse.group/t/ratings-bonus-threshold-changing/53551 (OTB and online alike)",
    FORUM2025: "https://forum.uschess.org/t/2025-rerate-with-lowered-bonus-threshold/58574 (B from 12 to 10, "
               "retroactive to all 2025 events; the ratings office: the rerate ran the week of 3 June 2025)",
    FORUM_COUNTS: "https://uschess.discourse.group/t/clarification-on-game-counts-for-provisional-ratings/53376",
    FORUM_FLOORS: "https://uschess.discourse.group/t/rules-adm-chapter-8-section-5-rating-floors/20678 ; "
                  "https://uschess.discourse.group/t/rating-floors/19258 ; "
                  "https://uschess.discourse.group/t/ratings-floor-question/8761 ; "
                  "https://forum.uschess.org/t/minimum-rating-floor-in-the-online-rating-systems/24398",
    EXPLAINER: "https://innovativechesssolutions.com/?p=749",
    CHESSRATINGS: "https://github.com/RoaldSchuring/chessratings (src/chessratings/uscf_elo.py, tests/test_uscf_elo.py)",
    ELOCHESS: "https://github.com/Moritz72/elochess (src/elochess/uscf/uscf_calculator.py, tests/data/uscf_samples.json: "
              "the Rating Estimator's shortcuts)",
}
"""Where each source named in a setting is read."""

FIRST_END = date(2017, 5, 1)
"""The earliest end date modelled: B is traced from here (14 from 1 May 2017); the effective games
and the dual-rated K in use were set for events ending from 18 May 2013."""


SETTINGS: tuple[Setting, ...] = (
    Setting("established_games", 25, "a rating is established if based on more than 25 games, provisional otherwise",
            f"{GD} 1", True),
    Setting("special_games", 8, "the special formula rates a player whose rating is based on 8 games or fewer, or whose "
            "earlier games were all wins or all losses; the standard formula rates everyone else", f"{GD} 4; {APPROX}", True),
    Setting("effective_games", (50, 0.662, 0.00000739, 2569, 2355),
            "effective number of games N' = min(N, N*), N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2) for "
            "R0 <= 2355, else 50. US Chess's news confirms that the formula changed for events ending from 18 May 2013; "
            "its numbers were read in three implementations, not in US Chess's text", f"{NEWS2013}; {CHESSRATINGS}; "
            f"{ELOCHESS}", False),
    Setting("pwe_width", 400, "provisional winning expectancy PWE(R, Ri): 0 if R <= Ri - 400, 1 if R >= Ri + 400, "
            "else 0.5 + (R - Ri) / 800", f"{GD} 4.1", True),
    Setting("special_adjustment", 400, "all earlier games won: R0' = R0 - 400, S' = S + N'; all lost: R0' = R0 + 400, "
            "S' = S; otherwise R0' = R0, S' = S + N'/2", f"{GD} 4.1", True),
    Setting("special_epsilon", 1e-7, "the special rating is the M with |N' PWE(M, R0') + sum PWE(M, Ri) - S'| <= epsilon, "
            "found from the old provisional formula M = (N' R0' + sum Ri + 400 (2S - m)) / (N' + m) by the iteration "
            "between the knots Ri +- 400 and R0' +- 400", f"{GD} 4.1", True),
    Setting("special_flat", "prior", "where the objective is flat at zero around M (no opponent, nor R0', within 400), "
            "the special rating is the point of that flat stretch nearest the prior R0. Whether 'within 400' counts a "
            "distance of exactly 400 differs between two implementations; both readings give the same rating (at a knot "
            "the stretch found is the knot itself)", f"{GD} 4.1; {CHESSRATINGS}", True),
    Setting("special_cap", 2700, "a special rating above 2700 is 2700", f"{CHESSRATINGS}", False),
    Setting("step3_effective_games", 1, "step 3: an unrated player with N = 0 gets a first estimate by the special "
            "formula with N' set to 1", f"{GD} 1", True),
    Setting("k_numerator", 800, "standard formula: K = 800 / (N' + m), m the games completed in the event", f"{GD} 4.2; "
            f"{GD2004}", True),
    Setting("dual_k", (2200, 2500, 6.5, 0.0025, 200),
            "dual-rated events (30 <= minutes + seconds <= 65), the Regular rating: K x (6.5 - 0.0025 R0) for "
            "2200 < R0 < 2500, K = 200 / (N' + m) from 2500 (events ending from 18 May 2013). The numbers are "
            "from two implementations; US Chess's news names the change", f"{NEWS2013}; {CHESSRATINGS}; {ELOCHESS}", False),
    Setting("dual_k_pool", "regular", "the reduced K applies to the Regular rating of a dual-rated event, not to its "
            "Quick rating (choice: the news says it is meant to make Master Regular ratings change more slowly; one "
            "implementation applies it to any dual-rated computation)", f"{NEWS2013}; {ELOCHESS}", False),
    Setting("expectancy", 400, "standard winning expectancy We = 1 / (1 + 10^(-(R0 - Ri) / 400)); E = sum We", f"{GD} 4.2",
            True),
    Setting("bonus", (3, 2, 4), "bonus: only if m >= 3 and no opponent was met more than twice: "
            "max(0, K (S - E) - B sqrt(max(m, 4))), so a 3-game event counts as 4", f"{GD} 4.2; {GD2004}", True),
    Setting("bonus_unnamed_opponents", "different", "games given without an opponent's name count as games against "
            "different opponents (choice: a game's rating does not say who the opponent was)", GD, False),
    Setting("rounding", "nearest", "ratings are kept as decimals; the official rating is the nearest whole number "
            "(a half rounded up: choice)", f"{GD} 1", True),
    Setting("absolute_floor", (100, 4, 2, 1, 150), "absolute floor 100; the personal absolute floor is "
            "min(100 + 4 NW + 2 ND + NR, 150), NW and ND the rated wins and draws, NR the events with 3 or more rated "
            "games, this event's included (choice: the office applies only 100 in the online systems)",
            f"{GD} 5; {FORUM_FLOORS}", True),
    Setting("established_floor", (200, 1400, 1200, 2100), "an established player's floor: the highest established "
            "post-event rating minus 200, its last two digits set to zero (peak 1400-1499: 1200), at most 2100; "
            "none for a peak below 1400", f"{GD} 5; {FORUM_FLOORS}", True),
    Setting("established_floor_pool", "regular", "floors from the peak apply to the over-the-board Regular rating "
            "only; Quick and Blitz keep the absolute floor (choice: a player's explainer says so, the rating system "
            "document's text on this was not read)", EXPLAINER, False),
    Setting("age_start", (2, 26, 50, 100, 1300), "an unrated player started from age: 100 under 2, 50 x age from 2 to "
            "26, 1300 over 26 or age unknown (an adult), based on 0 games (read in one implementation citing the "
            "rating system document)", f"{CHESSRATINGS}; {FORUM_COUNTS}", False),
    Setting("blended_start", 10, "since 2020-21 an unrated player's start blends his other ratings (other US Chess "
            "pools, FIDE, CFC) by their staleness, with an adjusted game count of at most 10; the formulas are not "
            "public in any source read, so the start and its count are the user's to give", FORUM_COUNTS, True),
    Setting("pools", (5, 10, 30, 65), "with mm the main time in minutes and ss the delay or increment in seconds: "
            "Blitz 5 <= mm + ss <= 10, Quick 10 < mm + ss < 30, Regular mm + ss >= 30; over the board, Quick also "
            "rates 30 <= mm + ss <= 65, so those events are dual-rated", f"{GD} 1", True),
    Setting("floors_in_steps", "final", "floors apply to the final ratings of step 5 only, not to the estimates of "
            "steps 3 and 4 (choice: the texts read place floors after the formulas)", GD, False),
)


@dataclass(frozen=True)
class Threshold(Plain):
    """The bonus threshold B for events ending from ``valid_from`` to ``valid_until``."""

    value: int
    valid_from: date
    valid_until: date | None
    source: str
    note: str


THRESHOLDS: tuple[Threshold, ...] = (
    Threshold(14, date(2017, 5, 1), date(2023, 1, 31), NEWS2017,
              "raised from 12 to 14 for tournaments ending on May 1 (2017) or later"),
    Threshold(12, date(2023, 2, 1), date(2024, 12, 31), NEWS2023,
              "lowered from 14 to 12 on 30 October 2023, retroactive to events ending on or after 1 February 2023"),
    Threshold(10, date(2025, 1, 1), None, FORUM2025,
              "lowered from 12 to 10 in late May 2025, retroactive to all 2025 events"),
)


def threshold_for(end: date, field: str = "end") -> Threshold:
    """B for an event ending on ``end``.

    >>> [threshold_for(date(*d)).value for d in ((2017, 5, 1), (2023, 1, 31), (2023, 2, 1), (2024, 12, 31), (2025, 1, 1))]
    [14, 14, 12, 12, 10]
    """
    if end < FIRST_END:
        raise EloError(field, f"US Chess's rules before {FIRST_END.isoformat()} are not modelled (the bonus threshold "
                              "B is traced from then); pick a later date")
    return next(t for t in reversed(THRESHOLDS) if t.valid_from <= end)


@dataclass(frozen=True)
class Rules:
    """The settings, typed (built from :data:`SETTINGS`)."""

    established_games: int
    special_games: int
    effective_games: tuple[int, float, float, int, int]
    pwe_width: int
    special_adjustment: int
    special_epsilon: float
    special_flat: str
    special_cap: int
    step3_effective_games: int
    k_numerator: int
    dual_k: tuple[int, int, float, float, int]
    dual_k_pool: str
    expectancy: int
    bonus: tuple[int, int, int]
    bonus_unnamed_opponents: str
    rounding: str
    absolute_floor: tuple[int, int, int, int, int]
    established_floor: tuple[int, int, int, int]
    established_floor_pool: str
    age_start: tuple[int, int, int, int, int]
    blended_start: int
    pools: tuple[int, int, int, int]
    floors_in_steps: str


@cache
def rules() -> Rules:
    return Rules(**{s.name: s.value for s in SETTINGS})


def setting(name: str) -> Setting:
    return next(s for s in SETTINGS if s.name == name)


def sources(names: tuple[str, ...] | None = None) -> list[dict[str, str]]:
    """The sources named by the settings (all, or those of ``names``) and the thresholds, with where to read them."""
    chosen = [s.source for s in SETTINGS if names is None or s.name in names]
    if names is None or "bonus" in names:
        chosen += [t.source for t in THRESHOLDS]
    return cited(chosen, SOURCES)


def half_up(x: float) -> int:
    """The official rating: the nearest whole number, a half up."""
    whole = int(x // 1)
    return whole + 1 if x - whole >= 0.5 else whole
