"""The rules of title norms as data: FIDE Title Regulations (Handbook B.01, effective 1 January 2024), 1.4.

Read from the Handbook page https://handbook.fide.com/chapter/B012024. Articles 0.5, 1.4.6 to
1.4.9 and 1.7 were read in a verbatim transcription of that page; 1.4.1 to 1.4.5 in readings of it
(the page's own wording of them could not be had here). Where the text leaves a choice, the
choice made is written next to the rule, marked READING.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

NormType = Literal["GM", "IM", "WGM", "WIM"]
Title = Literal["GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM", ""]
Status = Literal["played", "forfeit", "bye", "absent"]
Pairing = Literal["swiss", "roundrobin", "doubleroundrobin"]
Exemption = Literal["1.4.3a", "1.4.3b", "1.4.3c", "1.4.3d"]

NORM_TYPES: tuple[NormType, ...] = ("GM", "IM", "WGM", "WIM")
TITLES: tuple[Title, ...] = ("GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM", "")
STATUSES: tuple[Status, ...] = ("played", "forfeit", "bye", "absent")
PAIRINGS: tuple[Pairing, ...] = ("swiss", "roundrobin", "doubleroundrobin")
EXEMPTIONS: tuple[Exemption, ...] = ("1.4.3a", "1.4.3b", "1.4.3c", "1.4.3d")
WOMEN_NORMS: frozenset[NormType] = frozenset({"WGM", "WIM"})


@dataclass(frozen=True)
class NormRule:
    norm: NormType
    rp: int
    """1.4.8: the least performance rating, after rounding (2599.5 before it is the same as 2600)."""
    ra: int
    """1.4.8a: the least average rating of the opponents, after rounding (1.4.7b)."""
    floor: int
    """1.4.6b: the adjusted rating floor, to which one opponent at most is raised (1.4.6c)."""
    holders: tuple[Title, ...]
    """1.4.5b-e: the titles that count as the norm's title or higher."""


RULES: dict[NormType, NormRule] = {
    "GM": NormRule("GM", 2600, 2380, 2200, ("GM",)),
    "IM": NormRule("IM", 2450, 2230, 2050, ("GM", "IM")),
    "WGM": NormRule("WGM", 2400, 2180, 2000, ("GM", "IM", "WGM")),
    "WIM": NormRule("WIM", 2250, 2030, 1850, ("GM", "IM", "WGM", "WIM")),
}

# 1.4.5a: title-holders "as in 0.3, excluding CM and WCM".
TITLE_HOLDERS: frozenset[Title] = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
# Order of precedence when an event column names the best norm made.
TITLE_ORDER: tuple[Title, ...] = ("GM", "IM", "WGM", "WIM")

UNRATED_AS = 1400  # 1.4.6d: unrated opponents not raised to the floor count as 1400
MIN_SCORE_PERCENT = 35  # 1.4.8b
# READING (1.4.8b): 35 % is checked on the exact score (4.5 of 13 = 34.6 % fails), not on the
# percentage rounded for table 1.4.9, whose rounding sentence stands under that table.
MIN_SCORE_ON_EXACT_SCORE = True

MIN_GAMES = 9  # 1.4.1a
ALLOWED_MIN_GAMES = (7, 8, 9)  # 1.4.1b: 7 for some team championships, 8 for the World Cups
WORLD_CUP_GAMES = 8  # 1.4.1b: such an 8-game norm counts as 9 games
NINE_ROUNDS = 9  # 1.4.1c: 8 games plus a forfeit win or a pairing-allocated bye count as 9
MAX_NORM_GAMES = 13  # 1.7: a norm from an event of more than 13 rounds counts as 13 games

FOREIGN_FEDERATIONS_MIN = 2  # 1.4.3
NO_FEDERATION = "FID"  # 1.4.2a: FID opponents count as games, not as a federation
OWN_FEDERATION_MAX = (3, 5)  # 1.4.4: at most 3/5 of the opponents, rounded down
ONE_FEDERATION_MAX = (2, 3)  # 1.4.4: at most 2/3 from one federation, rounded down
TITLED_MIN = (1, 2)  # 1.4.5a: at least 50 %, rounded up
HOLDERS_MIN = (1, 3)  # 1.4.5b-e: at least one third, rounded up ...
HOLDERS_MIN_DOUBLE_RR = (1, 2)  # ... half, rounded up, in a double round-robin (1.4.5f)
HOLDERS_AT_LEAST = 3  # ... and never fewer than 3
# READING (1.4.3-1.4.5): the fractions are of the games counted (one opponent a game), also for
# 8 games under 1.4.1c; minima round up, maxima down.
# READING (1.4.3): an exemption lifts 1.4.4's caps too: 1.4.3e calls 1.4.3 with 1.4.4 "the normal
# foreigner requirement", and 1.4.3d ends "Otherwise, 1.4.4 applies".
EXEMPTION_HOST_ONLY: frozenset[Exemption] = frozenset({"1.4.3b"})  # for the registering federation's players
# 1.4.3a-d, as the page's options name them (web/index.html holds the same words; a test compares them).
# The facts behind each are the arbiter's to assert: a TRF does not say what kind of event it is,
# and 1.4.3d's count of players in every round is not made here.
EXEMPTION_LABELS: dict[Exemption, str] = {
    "1.4.3a": "national championship",
    "1.4.3b": "national team championship",
    "1.4.3c": "zonal or sub-zonal tournament",
    "1.4.3d": "Swiss, 20+ rated foreigners",
}
MIN_GAMES_LABELS: dict[int, str] = {
    9: "1.4.1a", 8: "1.4.1b: World Cup, Women's World Cup", 7: "1.4.1b: World or Continental Team or Club Championship",
}
# READING (1.4.1c): the 8 games are checked as they are (Rp, 35 % and the mix of 8 opponents),
# "a title result in those 8 games"; the norm then counts as 9 games.
# READING (1.4.2c): a last-round forfeit win is counted as a game lost only when without it the
# games are too few ("must play to have the required number of games"), and its opponent is known.
# READING (1.4.1d, 1.7): full points above the requirement add games, 13 in all at most.

MAX_WIN_DROPS = 3  # find: at most this many wins left out (1.4.1f) in one selection
MAX_SELECTIONS = 5000  # find: selections tried at most; the answer says when it stopped there

CONDITION_NAMES: dict[str, str] = {
    "1.4.1": "number of games",
    "1.4.3": "federations other than the applicant's",
    "1.4.4-own": "opponents from the applicant's federation",
    "1.4.4-one": "opponents from any one federation",
    "1.4.5a": "title-holders",
    "1.4.5b-e": "holders of the norm's title or higher",
    "1.4.8a": "average rating of the opponents",
    "1.4.8b": "minimum score",
    "1.4.8": "performance rating",
}


def at_most(fraction: tuple[int, int], n: int) -> int:
    """A maximum share of ``n``, rounded down (1.4.4). ``at_most((3, 5), 9)`` is 5."""
    num, den = fraction
    return num * n // den


def at_least(fraction: tuple[int, int], n: int) -> int:
    """A minimum share of ``n``, rounded up (1.4.5). ``at_least((1, 3), 10)`` is 4."""
    num, den = fraction
    return -(-num * n // den)


def holders_label(norm: NormType) -> str:
    """How 1.4.5b-e names the titles counted for a norm, e.g. ``GM/IM`` for an IM norm."""
    return "/".join(RULES[norm].holders)


def min_score_halves(games: int) -> int:
    """1.4.8b: the least score, in half points, that is 35 % of ``games`` or more (exact score)."""
    if MIN_SCORE_ON_EXACT_SCORE:
        return -(-2 * MIN_SCORE_PERCENT * games // 100)
    return min(h for h in range(2 * games + 1) if (100 * h + games) // (2 * games) >= MIN_SCORE_PERCENT)
