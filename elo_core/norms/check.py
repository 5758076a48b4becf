"""One norm checked on one selection of games: every condition of B.01 1.4, met or not, and by how much.

Whole numbers throughout: x rounded 0.5 up is ``(2x + 1) // 2``, so Ra (1.4.7b) is
``(2 sum + n) // 2n`` and p, in half points h, is ``(100 h + n) // 2n`` (1.4.9), as
:func:`elo_core.fide.performance.performance` computes them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from elo_core.fide.performance import average_opponent, percent_scored, performance_from
from elo_core.norms.case import Case, Game
from elo_core.norms.rules import (
    EXEMPTION_HOST_ONLY,
    EXEMPTION_LABELS,
    FOREIGN_FEDERATIONS_MIN,
    HOLDERS_AT_LEAST,
    HOLDERS_MIN,
    HOLDERS_MIN_DOUBLE_RR,
    MAX_NORM_GAMES,
    MIN_SCORE_PERCENT,
    NINE_ROUNDS,
    NO_FEDERATION,
    ONE_FEDERATION_MAX,
    OWN_FEDERATION_MAX,
    RULES,
    TITLE_HOLDERS,
    TITLED_MIN,
    UNRATED_AS,
    WORLD_CUP_GAMES,
    Exemption,
    NormRule,
    NormType,
    at_least,
    at_most,
    holders_label,
    min_score_halves,
)
from elo_core.plain import Plain, view


@dataclass(frozen=True)
class Condition(Plain):
    article: str
    """The condition's code, as in ``reasons_failed``: ``1.4.1``, ``1.4.4-own``, ``1.4.8``..."""
    met: bool
    explanation: str
    short: str
    """A few words for a table cell, e.g. ``Rp 2594 (6 short)``."""


@dataclass(frozen=True)
class LeftOut(Plain):
    round: int
    article: str
    """``1.4.1e`` (after the norm, not in round-robins), ``1.4.1f`` (a win) or ``1.4.2b``."""
    reason: str


@dataclass(frozen=True)
class NormVerdict(Plain):
    PLAIN_PROPERTIES = ("reasons_failed",)

    norm_type: NormType
    norm: bool
    ra: int
    rp: int
    p: int
    """The percentage scored, rounded to a whole percent (0.5 up) for table 1.4.9."""
    dp: int
    score: float
    games: int
    """Games counted (Ra, Rp and the opponent mix are of these)."""
    norm_games: int
    """What the norm counts for in a title application (1.4.1b-d, 1.7); 0 when no norm."""
    required_score: float | None
    """The least score that would do against this Ra (None: none would)."""
    titled: int
    holders: int
    federations: int
    """Federations of the opponents other than the applicant's (FID and unknown not counted)."""
    own_federation: int
    top_federation: tuple[str, int] | None = field(metadata=view(lambda top: top and {"federation": top[0], "games": top[1]}))
    raised: tuple[int, int, int] | None = field(metadata=view(lambda r: r and {"round": r[0], "from": r[1], "to": r[2]}))
    """(round, rating counted before, floor) of the opponent raised to the floor (1.4.6c)."""
    counted_rounds: tuple[int, ...]
    conditions: tuple[Condition, ...]
    left_out: tuple[LeftOut, ...] = ()
    notes: tuple[str, ...] = ()
    searched: tuple[int, bool] | None = field(default=None, metadata=view(lambda s: s and {"selections": s[0], "bounded": s[1]}))
    """With find: (selections tried, whether the search stopped at its bound)."""

    @property
    def reasons_failed(self) -> tuple[str, ...]:
        return tuple(c.article for c in self.conditions if not c.met)


@dataclass(frozen=True)
class _Mix:
    n: int
    foreign: tuple[str, ...]
    uncounted: int
    own: int
    top: tuple[str, int] | None
    titled: int
    holders: int


def pts(halves: int) -> str:
    return f"{halves // 2}.5" if halves % 2 else str(halves // 2)


def counted(n: int, noun: str) -> str:
    """``1 game``, ``2 games``: a table cell reads as words."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def ra_and_floor(rule: NormRule, games: tuple[Game, ...]) -> tuple[int, tuple[int, int, int] | None, int]:
    """Ra (1.4.7) with unrated opponents at 1400 (1.4.6d) and the lowest one raised to the floor (1.4.6c)."""
    if not games:
        return 0, None, 0
    ratings = [g.rating or UNRATED_AS for g in games]
    low = min(range(len(ratings)), key=ratings.__getitem__)
    raised = None
    if ratings[low] < rule.floor:
        raised = (games[low].round, ratings[low], rule.floor)
        ratings[low] = rule.floor
    return average_opponent(sum(ratings), len(ratings)), raised, sum(1 for g in games if not g.rating)


def required_halves(rule: NormRule, ra: int, n: int) -> int | None:
    """The least score (half points) giving Rp >= the norm's and at least 35 % (1.4.8, 1.4.8b)."""
    return next((h for h in range(min_score_halves(n), 2 * n + 1) if performance_from(ra, h, n)[0] >= rule.rp), None)


def _mix(case: Case, rule: NormRule, games: tuple[Game, ...]) -> _Mix:
    own_fed = case.applicant.federation
    feds = Counter(g.federation for g in games if g.federation not in ("", NO_FEDERATION))
    own = feds.get(own_fed, 0) if own_fed != NO_FEDERATION else 0
    top = max(feds.items(), key=lambda kv: (kv[1], kv[0] == own_fed)) if feds else None
    return _Mix(len(games), tuple(sorted(f for f in feds if f != own_fed)), len(games) - sum(feds.values()), own,
                top, sum(1 for g in games if g.title in TITLE_HOLDERS),
                sum(1 for g in games if g.title in rule.holders))


def _mix_conditions(case: Case, rule: NormRule, mix: _Mix, exempt: Exemption | None) -> list[Condition]:
    n, own_fed = mix.n, case.applicant.federation
    waived = f"; exempt under {exempt} ({EXEMPTION_LABELS[exempt]})" if exempt else ""
    uncounted = f"; {mix.uncounted} of FID or unknown federation count for none (1.4.2a)" if mix.uncounted else ""
    listed = f" ({', '.join(mix.foreign)})" if mix.foreign else ""
    own_max, one_max = at_most(OWN_FEDERATION_MAX, n), at_most(ONE_FEDERATION_MAX, n)
    titled_min = at_least(TITLED_MIN, n)
    share = HOLDERS_MIN_DOUBLE_RR if case.event.pairing == "doubleroundrobin" else HOLDERS_MIN
    holders_min = max(HOLDERS_AT_LEAST, at_least(share, n))
    share_word = "half" if share == HOLDERS_MIN_DOUBLE_RR else "one third"
    top_fed, top_n = mix.top or ("", 0)
    label = holders_label(rule.norm)
    return [
        Condition("1.4.3", len(mix.foreign) >= FOREIGN_FEDERATIONS_MIN or bool(exempt),
                  f"{len(mix.foreign)} federations other than {own_fed}{listed}; at least "
                  f"{FOREIGN_FEDERATIONS_MIN}{uncounted}{waived}",
                  f"{counted(len(mix.foreign), 'foreign federation')} ({FOREIGN_FEDERATIONS_MIN} needed)"),
        Condition("1.4.4-own", mix.own <= own_max or bool(exempt),
                  f"{mix.own} of {n} opponents from {own_fed}; at most {own_max} (3/5, rounded down){waived}",
                  f"{mix.own} from own federation {own_fed} (at most {own_max})"),
        Condition("1.4.4-one", top_n <= one_max or bool(exempt),
                  (f"{top_n} of {n} opponents from {top_fed}, the most from one federation" if top_fed else
                   "no opponent of a federation") + f"; at most {one_max} (2/3, rounded down){waived}",
                  f"{top_n} from {top_fed} (at most {one_max})"),
        Condition("1.4.5a", mix.titled >= titled_min,
                  f"{mix.titled} title-holders among {n} opponents; at least {titled_min} (50 %, rounded up; "
                  "CM and WCM are not counted)", f"{mix.titled} title-holders ({titled_min} needed)"),
        Condition("1.4.5b-e", mix.holders >= holders_min,
                  f"{mix.holders} of {n} opponents hold {label}; at least {holders_min} ({share_word}, rounded "
                  f"up, and at least {HOLDERS_AT_LEAST})", f"{mix.holders} {label} ({holders_min} needed)"),
    ]


def _joined(part: Condition, whole: Condition) -> Condition:
    """A round-robin's mix must allow a norm for the complete event too (1.4.1f)."""
    if part.explanation == whole.explanation:
        return part
    return Condition(part.article, part.met and whole.met,
                     f"{part.explanation}. The complete event (1.4.1f): {whole.explanation}",
                     part.short if not part.met else whole.short)


def exemption_applies(case: Case) -> tuple[Exemption | None, str | None]:
    """(the exemption that applies, a note when one was given but does not apply)."""
    ex, host, own = case.event.exemption, case.event.host_federation, case.applicant.federation
    if ex in EXEMPTION_HOST_ONLY and not host:
        return None, f"{ex} is for players of the registering federation, which was not given: not applied"
    if ex in EXEMPTION_HOST_ONLY and own != host:
        return None, f"{ex} is for players of the registering federation ({host}), not {own}: not applied"
    return ex, None


def credit(case: Case, games: tuple[Game, ...], left_out: tuple[LeftOut, ...]) -> Game | None:
    """1.4.1c: in a 9-round event, 8 games and one forfeit win or pairing-allocated bye count as 9."""
    if case.event.rounds != NINE_ROUNDS or case.event.min_games != NINE_ROUNDS or len(games) != 8 or left_out:
        return None
    others = [g for g in case.games if g.round not in {x.round for x in games}]
    ok = [g for g in others if g.status == "bye" or (g.status == "forfeit" and g.score == 1)]
    return ok[0] if len(others) == 1 and ok else None


def evaluate(case: Case, norm: NormType, games: tuple[Game, ...], *, left_out: tuple[LeftOut, ...] = (),
             as_loss: Game | None = None, complete: tuple[Game, ...] | None = None) -> NormVerdict:
    """The verdict on ``games`` (the played games counted, in round order) for a ``norm``;
    ``complete``: a round-robin's games before any were left out, whose mix must allow the norm too."""
    rule, n = RULES[norm], len(games)
    halves = sum(int(2 * g.score) for g in games)
    ra, raised, unrated = ra_and_floor(rule, games)
    rp, dp = performance_from(ra, halves, n) if n else (0, 0)
    req = required_halves(rule, ra, n) if n else None
    credited = credit(case, games, left_out)
    exempt, ex_note = exemption_applies(case)
    m = _mix(case, rule, games)
    mix = _mix_conditions(case, rule, m, exempt)
    if complete is not None and complete != games:
        whole = _mix_conditions(case, rule, _mix(case, rule, complete), exempt)
        mix = [_joined(a, b) for a, b in zip(mix, whole)]
    conditions = (_games_condition(case, n, credited), *mix, _ra_condition(rule, games, ra, raised, unrated),
                  _score_condition(halves, n), _rp_condition(rule, ra, rp, dp, halves, n, req))
    made = all(c.met for c in conditions)
    notes = [ex_note] if ex_note else []
    norm_games = _norm_games(case, n, halves, req, credited, notes) if made else 0
    if as_loss is not None:
        notes.append(f"round {as_loss.round}, a last-round forfeit win, counted as a game lost (1.4.2c): "
                     "without it the games are too few")
    return NormVerdict(norm, made, ra, rp, percent_scored(halves, n), dp, halves / 2, n, norm_games,
                       req / 2 if req is not None else None, m.titled, m.holders, len(m.foreign), m.own, m.top,
                       raised, tuple(g.round for g in games), conditions, left_out, tuple(notes))


def _games_condition(case: Case, n: int, credited: Game | None) -> Condition:
    need = case.event.min_games
    if credited:
        how = "pairing-allocated bye" if credited.status == "bye" else "forfeit win"
        text = (f"8 games and a {how} (round {credited.round}) in a 9-round event count as 9 (1.4.1c; one "
                "such norm at most in a title application)")
    else:
        kind = " (allowed for this event, 1.4.1b)" if need < NINE_ROUNDS else ""
        text = f"{n} games counted; at least {need}{kind}" + (f" ({need - n} more)" if n < need else "")
        if n < need and any(g.status == "forfeit" for g in case.games):
            text += "; forfeits are not games (1.4.2c)"
    return Condition("1.4.1", n >= need or credited is not None, text, f"{counted(n, 'game')} ({need} needed)")


def _ra_condition(rule: NormRule, games: tuple[Game, ...], ra: int, raised: tuple[int, int, int] | None,
                  unrated: int) -> Condition:
    how = ""
    raised_unrated = raised is not None and not _rated_at(games, raised[0])
    if raised:
        who = f"unrated ({UNRATED_AS})" if raised_unrated else str(raised[1])
        how = f"; round {raised[0]}: {who} raised to the floor {raised[2]} (1.4.6c)"
    if unrated - raised_unrated:
        how += f"; {unrated - raised_unrated} unrated counted as {UNRATED_AS} (1.4.6d)"
    short = rule.ra - ra
    return Condition("1.4.8a", bool(games) and ra >= rule.ra,
                     f"Ra {ra} (average of {len(games)} opponents, rounded{how}); at least {rule.ra}"
                     + (f": {short} short" if short > 0 else ""), f"Ra {ra} ({max(short, 0)} short)")


def _score_condition(halves: int, n: int) -> Condition:
    least = min_score_halves(n)
    tenths = (1000 * halves + n) // (2 * n) if n else 0
    return Condition("1.4.8b", n > 0 and halves >= least,
                     f"{pts(halves)} of {n} = {tenths // 10}.{tenths % 10} %; at least {MIN_SCORE_PERCENT} % "
                     f"({pts(least)} of {n})", f"{pts(halves)} of {n} (35 %: {pts(least)})")


def _rp_condition(rule: NormRule, ra: int, rp: int, dp: int, halves: int, n: int, req: int | None) -> Condition:
    gap = rule.rp - rp
    text = f"Rp {rp} = Ra {ra} + dp {dp} for {percent_scored(halves, n)} %; at least {rule.rp}"
    if gap > 0:
        text += f": {gap} points short; " + (f"{pts(req)} of {n} would do" if req is not None else
                                             f"no score in {n} games would do against Ra {ra}")
    elif req is not None and req <= halves:
        text += f"; {pts(req)} of {n} was enough"
    return Condition("1.4.8", n > 0 and rp >= rule.rp, text, f"Rp {rp} ({max(gap, 0)} short)")


def _norm_games(case: Case, n: int, halves: int, req: int | None, credited: Game | None, notes: list[str]) -> int:
    """What the norm counts for: 9 for 1.4.1c and World Cup norms (1.4.1b), a game more for each full
    point above the requirement (1.4.1d), 13 at most (1.7)."""
    world_cup = case.event.min_games == WORLD_CUP_GAMES and n == WORLD_CUP_GAMES
    base = NINE_ROUNDS if credited or world_cup else n
    over = (halves - (req if req is not None else halves)) // 2
    if base + over > MAX_NORM_GAMES:
        notes.append(f"the norm counts as {MAX_NORM_GAMES} games at most (1.7)")
    elif over:
        notes.append(f"{over} point{'s' if over > 1 else ''} above the requirement: counts as {base + over} "
                     "games (1.4.1d)")
    return min(MAX_NORM_GAMES, base + over)


def _rated_at(games: tuple[Game, ...], rnd: int) -> bool:
    return any(g.round == rnd and g.rating for g in games)


def with_search(v: NormVerdict, tried: int, bounded: bool, note: str | None = None) -> NormVerdict:
    return replace(v, searched=(tried, bounded), notes=v.notes + ((note,) if note else ()))

