"""Title norms (FIDE Handbook B.01, effective 1 January 2024, article 1.4): did a player of an event
make a GM, IM, WGM or WIM norm, and if not, by how much was it missed.

* :func:`check_norm` checks one norm on a case (a mapping as read from JSON, see
  :mod:`elo_core.norms.case`, or a :class:`~elo_core.norms.case.Case`); with ``find`` it also
  searches the games 1.4.1 lets a player leave out (games after the norm was reached, in events
  without predetermined pairings, 1.4.1e; games won, 1.4.1f) for a selection that makes it.
* :func:`check_all` checks every norm type; :func:`norm_column` gives an event table's cell:
  the best norm made, or the closest miss.
* :func:`annex` derives, from the rules, the least score for each band of Ra (the tables of the
  Annex of B.01); :func:`mix_minima` the opponent counts for a number of games.

Verdicts are frozen dataclasses with ``to_dict()``; every condition names its article and, when
missed, by how much.

>>> case = {"norm": "GM", "applicant": {"federation": "GER"}, "event": {"rounds": 9},
...         "games": [{"round": r, "rating": 2450, "title": "GM", "federation": f, "score": s}
...                   for r, f, s in zip(range(1, 10), ["FRA", "ESP", "NED"] * 3, [1, 1, 1, 1, 1, .5, .5, 0, 0])]}
>>> v = check_norm(case)
>>> v.norm, v.ra, v.rp, v.p, v.required_score
(False, 2450, 2575, 67, 6.5)
>>> [c.explanation for c in v.conditions if not c.met]
['Rp 2575 = Ra 2450 + dp 125 for 67 %; at least 2600: 25 points short; 6.5 of 9 would do']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from elo_core.errors import EloError
from elo_core.fide.performance import performance_from
from elo_core.norms.case import Case, Game, parse_case
from elo_core.norms.check import (
    LeftOut,
    NormVerdict,
    evaluate,
    required_halves,
    with_search,
)
from elo_core.norms.rules import (
    HOLDERS_AT_LEAST,
    HOLDERS_MIN,
    HOLDERS_MIN_DOUBLE_RR,
    MAX_SELECTIONS,
    MAX_WIN_DROPS,
    NORM_TYPES,
    ONE_FEDERATION_MAX,
    OWN_FEDERATION_MAX,
    RULES,
    TITLE_ORDER,
    TITLED_MIN,
    WOMEN_NORMS,
    NormType,
    Pairing,
    at_least,
    at_most,
    min_score_halves,
)
from elo_core.plain import Plain


def check_norm(case: Any, find: bool = False) -> NormVerdict:
    """The verdict on the case's norm (``case["norm"]``); ``find`` also tries leaving games out (1.4.1e-f).

    >>> wins = [{"round": r, "rating": 2300, "title": "IM", "federation": "FRA", "score": 1} for r in range(1, 10)]
    >>> check_norm({"norm": "GM", "applicant": {"federation": "GER"}, "event": {"rounds": 9},
    ...             "games": wins}).reasons_failed
    ('1.4.3', '1.4.4-one', '1.4.5b-e', '1.4.8a')
    """
    c = parse_case(case)
    if c.norm is None:
        raise EloError("norm", "is required: GM, IM, WGM or WIM")
    return _check(c, c.norm, find)


def check_all(case: Any, find: bool = False, norms: tuple[NormType, ...] = NORM_TYPES) -> dict[NormType, NormVerdict]:
    """Every norm type of ``norms`` checked on the case (its own ``norm`` is not needed)."""
    c = parse_case(case)
    return {t: _check(c, t, find) for t in norms}


def _check(c: Case, norm: NormType, find: bool) -> NormVerdict:
    base, out = _counted(c)
    verdict = evaluate(c, norm, base, left_out=out, complete=_complete(c, base))
    loss = _last_round_forfeit(c) if len(base) < c.event.min_games else None
    if not verdict.norm and loss is not None:
        # 1.4.2c: a last-round opponent's forfeit still gives a norm that holds with the game lost.
        alt = evaluate(c, norm, _with(base, loss), left_out=out, as_loss=loss, complete=_complete(c, _with(base, loss)))
        if alt.norm:
            return alt
    if find and not verdict.norm:
        return _find(c, norm, base, out, verdict)
    return verdict


def _counted(c: Case) -> tuple[tuple[Game, ...], tuple[LeftOut, ...]]:
    """The played games, less those 1.4.2b leaves out in round-robins."""
    robin = c.event.pairing != "swiss"
    dropped = tuple(g for g in c.games if g.status == "played" and robin and not g.rating and g.zero_vs_rated)
    kept = tuple(g for g in c.games if g.status == "played" and g not in dropped)
    out = tuple(LeftOut(g.round, "1.4.2b", "an unrated opponent who scored nothing against rated ones")
                for g in dropped)
    return kept, out


def _complete(c: Case, games: tuple[Game, ...]) -> tuple[Game, ...] | None:
    return games if c.event.pairing != "swiss" else None


def _last_round_forfeit(c: Case) -> Game | None:
    g = next((g for g in c.games if g.round == c.event.rounds), None)
    if g is None or g.status != "forfeit" or g.score != 1 or not (g.rating or g.federation):
        return None  # the opponent must be known to count the game
    return replace(g, status="played", score=0.0)


def _with(games: tuple[Game, ...], g: Game) -> tuple[Game, ...]:
    return tuple(sorted(games + (g,), key=lambda x: x.round))


def _find(c: Case, norm: NormType, base: tuple[Game, ...], out: tuple[LeftOut, ...],
          plain: NormVerdict) -> NormVerdict:
    """The selection leaving out fewest games that makes the norm, tried in that order, within a bound."""
    tried = 0
    for kept, left in _selections(base, c.event.pairing == "swiss", c.event.min_games):
        if tried >= MAX_SELECTIONS:
            return with_search(plain, tried, True, f"find: stopped after {tried} selections (the bound), "
                                                   "none made the norm")
        tried += 1
        v = evaluate(c, norm, kept, left_out=out + left, complete=_complete(c, base))
        if v.norm:
            return with_search(v, tried, False)
    if not tried:
        return with_search(plain, 0, False, f"find: no game can be left out ({len(base)} games, "
                                            f"{c.event.min_games} needed)")
    return with_search(plain, tried, False, f"find: none of the {tried} selections allowed by 1.4.1e-f "
                                            f"(at most {MAX_WIN_DROPS} wins left out) made the norm")


def _selections(games: tuple[Game, ...], tails: bool, min_games: int
                ) -> Iterator[tuple[tuple[Game, ...], tuple[LeftOut, ...]]]:
    """Subsets of ``games`` by the number left out: the last rounds (``tails``: 1.4.1e), then wins (1.4.1f)."""
    n, seen = len(games), set()
    for total in range(1, n - min_games + 1):
        for tail in range(total + 1) if tails else (0,):
            wins_out = total - tail
            if wins_out > MAX_WIN_DROPS:
                continue
            head = games[:n - tail]
            wins = [i for i, g in enumerate(head) if g.score == 1]
            for combo in combinations(wins, wins_out):
                dropped = frozenset(combo) | frozenset(range(n - tail, n))
                if dropped in seen:
                    continue
                seen.add(dropped)
                left = tuple(sorted(
                    [LeftOut(games[i].round, "1.4.1e", "after the norm was reached") for i in range(n - tail, n)]
                    + [LeftOut(games[i].round, "1.4.1f", "a game won") for i in combo], key=lambda x: x.round))
                yield tuple(g for i, g in enumerate(games) if i not in dropped), left


# --- an event table's column ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class NormColumn(Plain):
    norm_type: NormType
    made: bool
    text: str
    """E.g. ``GM norm (Rp 2611, 9 games)`` or ``IM missed: Rp 2441 (9 short)``."""
    verdict: NormVerdict



def wanted_norms(title: str = "", sex: str = "") -> tuple[NormType, ...]:
    """The norms a player may still want: those whose title (or a higher one) they do not hold,
    and the women's norms only for a player not marked ``m`` (TRF column 10).

    >>> wanted_norms("IM"), wanted_norms("WIM", "w"), wanted_norms("FM", "m")
    (('GM',), ('GM', 'IM', 'WGM'), ('GM', 'IM'))
    """
    return tuple(t for t in NORM_TYPES if title not in RULES[t].holders
                 and not (t in WOMEN_NORMS and sex.strip().lower() == "m"))


def closest(verdicts: dict[NormType, NormVerdict]) -> NormVerdict:
    """The best norm made (GM, IM, WGM, WIM in that order), else the miss with fewest conditions failed,
    then the smallest Rp shortfall."""
    if not verdicts:
        raise EloError("norms", "no norm type to check")
    made = [verdicts[t] for t in TITLE_ORDER if t in verdicts and verdicts[t].norm]
    if made:
        return made[0]
    return min(verdicts.values(), key=lambda v: (len(v.reasons_failed), RULES[v.norm_type].rp - v.rp,
                                                 TITLE_ORDER.index(v.norm_type)))


def norm_column(case: Any, find: bool = False, norms: tuple[NormType, ...] = NORM_TYPES) -> NormColumn:
    """An event table's cell for one player: the norm made, or the closest miss and why."""
    v = closest(check_all(case, find, norms))
    if v.norm:
        text = f"{v.norm_type} norm (Rp {v.rp}, {v.norm_games} games)"
    else:
        text = f"{v.norm_type} missed: " + "; ".join(c.short for c in v.conditions if not c.met)
    return NormColumn(v.norm_type, v.norm, text, v)


# --- the Annex: the least score for each band of Ra ------------------------------------------------------------

@dataclass(frozen=True)
class AnnexRow:
    score: float
    ra_from: int
    ra_to: int | None
    """None: and above."""


def annex(norm: NormType, games: int) -> tuple[AnnexRow, ...]:
    """The least score for a norm in ``games`` games against each band of Ra, from 1.4.8 and 1.4.9.

    >>> [(r.score, r.ra_from, r.ra_to) for r in annex("GM", 9)][:3]
    [(7.0, 2380, 2433), (6.5, 2434, 2474), (6.0, 2475, 2519)]
    """
    rule, rows = RULES[norm], []
    previous: int | None = None  # the Ra from which the next lower score would do
    for h in range(min_score_halves(games), 2 * games + 1):
        _, dp = performance_from(0, h, games)
        start = max(rule.ra, rule.rp - dp)
        end = previous - 1 if previous is not None else None
        if end is None or start <= end:
            rows.append(AnnexRow(h / 2, start, end))
        previous = start if previous is None else min(previous, start)
        if start == rule.ra:
            break
    return tuple(reversed(rows))


def mix_minima(games: int, pairing: Pairing = "swiss") -> dict[str, int]:
    """The opponent counts for ``games`` games (1.4.4, 1.4.5): maxima rounded down, minima up."""
    share = HOLDERS_MIN_DOUBLE_RR if pairing == "doubleroundrobin" else HOLDERS_MIN
    return {"own_federation_max": at_most(OWN_FEDERATION_MAX, games),
            "one_federation_max": at_most(ONE_FEDERATION_MAX, games),
            "titled_min": at_least(TITLED_MIN, games), "holders_min": max(HOLDERS_AT_LEAST, at_least(share, games))}


def required_score(norm: NormType, ra: int, games: int) -> float | None:
    """The least score for the norm against ``ra`` in ``games`` games (None: none would do).

    >>> required_score("GM", 2380, 9), required_score("GM", 2433, 9), required_score("GM", 2434, 9)
    (7.0, 7.0, 6.5)
    """
    h = required_halves(RULES[norm], ra, games)
    return None if h is None else h / 2
