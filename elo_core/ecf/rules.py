"""The ECF's rating rules as data: each setting with its value, its meaning, its source and whether
the federation's own text settles it. Where it does not, the setting says which choice is made; the
answers name those choices in their ``notes``, and docs/ecf.md lists them.

Every number the engine uses is a row of :data:`SETTINGS`; :func:`rules` gives them typed. The
options a user may change (``junior_rule``, ``cap_400``, ``activity_months``, ``nominal``) are
exactly the unsettled ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache

from elo_core.ecf import table
from elo_core.rulebook import Setting, cited

HELP = "ECF rating help (help_rating)"
MONTHLY = "ECF: The calculation of ECF Grades on a monthly basis"
CATEGORIES = "ECF rating categories"
FAQ = "ECF rating FAQs"
FIDE = "FIDE Handbook B.02 (2017)"
LOCAL = "local associations' explainers"
CALCULATOR = "genctasbasi/ecf-rating-calculator"
FORUM = "English Chess Forum (2024)"
SOURCES: dict[str, str] = {
    HELP: "https://www.ecfrating.org.uk/v2/help/help_rating.php (copy: "
          "https://rating.englishchess.org.uk/sandbox/help/help_rating.php)",
    MONTHLY: "https://www.englishchess.org.uk/the-calculation-of-ecf-grades-on-a-monthly-basis/",
    CATEGORIES: "https://www.englishchess.org.uk/ecf-rating-categories/ (version 8 Dec 2021); as in force from "
                "1 June 2022: https://www.dorsetchess.co.uk/new-rating-categories/",
    FAQ: "https://www.englishchess.org.uk/rating-faqs/",
    FIDE: table.URL,
    LOCAL: "https://www.dorsetchess.co.uk/your-new-monthly-ecf-rating-explained/ ; "
           "https://www.mscl.crowborough.org/ECF-Ratings.html ; "
           "https://englishchessonline.org.uk/ecf-online-rating-calculation/",
    CALCULATOR: "https://github.com/genctasbasi/ecf-rating-calculator (index.html): a player's own calculator",
    FORUM: "https://ecforum.org.uk/viewtopic.php?f=2&t=13887 (quotes the ECF rating help: 36 calendar months)",
}
"""Where each source named in a setting is read."""

OTB_FROM = date(2020, 7, 1)
"""The first month rated by this method for over-the-board lists (the help page: effective for OTB on
1 July 2020; online lists from 1 September 2021)."""
JUNIOR_RULES = ("all", "gains")
ACTIVITY_CHOICES = (36, 60)


SETTINGS: tuple[Setting, ...] = (
    Setting("period", "month", "all results dated in a month are rated together, each against the opponent's "
            "rating at the start of the month", f"{MONTHLY} 3", True),
    Setting("k_adult", 20, "k = 20: R1 = R0 + k (W - We)", f"{MONTHLY} 4; {LOCAL}", True),
    Setting("k_junior", 40, "k = 40 for a junior (the text: k is 20 or 40; local explainers: 40 for juniors). Who "
            "counts as a junior (age, cut-off date) is not said: the user says it", f"{MONTHLY} 4; {LOCAL}", True),
    Setting("junior_rule", "all", "a junior's k is 40 for the whole month (choice; 'gains': 40 only on the games where "
            "the junior gains points, 20 on the others, as one player's calculator does)", f"{MONTHLY} 4; {CALCULATOR}",
            False),
    Setting("expected_table", "8.1(b)", "each game's expected score PD from FIDE's 2017 table 8.1(b), by the band of "
            "the rating difference; We is their sum", f"{MONTHLY} 4; {FIDE}", True),
    Setting("cap_400", False, "the whole table is read (choice: the ECF's text names only the table; FIDE's own 400-point "
            "rule and one player's calculator count a difference over 400 as 400)", f"{MONTHLY} 4; {CALCULATOR}", False),
    Setting("partial_opponent_k", 40, "against an opponent whose rating is a Partial rating, the game counts with that "
            "opponent's K of 40, which 'has the effect of reducing any rating adjustment by 50%': the game's adjustment "
            "is halved (the arithmetic is that stated effect)", HELP, False),
    Setting("new_rating_rounding", "half up", "R1 is rounded to a whole number, a half up (choice: lists show whole "
            "numbers; the text does not say how they are rounded)", MONTHLY, False),
    Setting("fictitious_draw", 0.5, "the P-method adds one fictional draw against a fictional opponent of nominal "
            "rating (it stabilises averages, softens extreme results, and lets every result be rated)",
            f"{HELP}; {FAQ}", True),
    Setting("nominal_returning", "last full rating", "a returning (unrated) player's fictional opponent has the "
            "player's last full rating", CATEGORIES, True),
    Setting("nominal_new", "opponents' average", "a new player's nominal rating is not published: the average of the "
            "real opponents' ratings is used (choice; give the nominal rating to change it)", HELP, False),
    Setting("performance", "Ra + dp", "the P rating is Ra + dp: Ra the average rating of the opponents (the fictional "
            "one included), dp from FIDE's table 8.1(a) for p = score / games (choice: the text says 'an Elo "
            "performance rating')", f"{HELP}; {FIDE}", False),
    Setting("performance_rounding", "Ra whole, p to 0.01", "Ra rounded to a whole number and p to two decimals, a "
            "half up, as FIDE's performance does (choice)", FIDE, False),
    Setting("cumulative", True, "a Partial rating is a P rating over every rated game so far (fewer than 10), so a "
            "partially rated player's earlier games count again (read from the definitions of Partial and Full)",
            HELP, False),
    Setting("full_games", 10, "a P rating on at least 10 games is a Full rating, on fewer a Partial rating (the "
            "fictional draw not counted: choice)", HELP, True),
    Setting("passes", 3, "Pass 1: P ratings of new and partially rated players; Pass 2: again, their new or partially "
            "rated opponents at Pass-1 values; Pass 3: K ratings of the rated players, such opponents at Pass-2 values",
            HELP, True),
    Setting("pass1_new_opponents", "left out", "in Pass 1 a game against a new player (no rating yet) is left out "
            "(choice: the text does not say)", HELP, False),
    Setting("grade_conversion", (7.5, 700), "an old 3-digit ECF grade became the rating 7.5 x grade + 700 "
            "(seed of 2020)", f"{MONTHLY} 1; {LOCAL}", True),
    Setting("activity_months", 36, "a K or P rating with no rated result in the previous 36 calendar months is "
            "unrated; the player returns as a new player (choice: the categories and the help as quoted in 2024 say "
            "36, the help page's definitions of the passes say 60)", f"{CATEGORIES}; {FORUM}; {HELP}", False),
    Setting("category_a", 30, "category A: 30 or more rated results in the previous 12 calendar months",
            CATEGORIES, True),
)


@dataclass(frozen=True)
class Rules:
    """The settings, typed (built from :data:`SETTINGS`)."""

    period: str
    k_adult: int
    k_junior: int
    junior_rule: str
    expected_table: str
    cap_400: bool
    partial_opponent_k: int
    new_rating_rounding: str
    fictitious_draw: float
    nominal_returning: str
    nominal_new: str
    performance: str
    performance_rounding: str
    cumulative: bool
    full_games: int
    passes: int
    pass1_new_opponents: str
    grade_conversion: tuple[float, int]
    activity_months: int
    category_a: int


@cache
def rules() -> Rules:
    return Rules(**{s.name: s.value for s in SETTINGS})


def setting(name: str) -> Setting:
    return next(s for s in SETTINGS if s.name == name)


def sources(names: tuple[str, ...] | None = None) -> list[dict[str, str]]:
    """The sources named by the settings (all, or those of ``names``), each with where to read it."""
    return cited([s.source for s in SETTINGS if names is None or s.name in names], SOURCES)
