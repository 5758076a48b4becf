"""Lichess's Glicko-2: one game at a time, as lila and scalachess compute it.

The settings are data, in :data:`LICHESS` (each with its source: repository and path), and
:func:`settings_table` lists them for the page. What one rated game does (lila's
``PerfsUpdater``, ``Perf``, ``Glicko``, ``RatingRegulator``; scalachess's ``glicko``):

1. Idle time: the deviation grows by 0.21436 rating periods a day since the last game
   (step 6 of glicko2.pdf with the old volatility), then is kept within 45..500; the
   rating is kept at least 400 and the volatility at most 0.1.
2. The game alone is a rating period (tau 0.75), both players from their values before it,
   with no deviation increase inside it (elapsed periods 0).
3. A rating gain is multiplied per rating category (RatingRegulator); against a BOT a
   human's new values are averaged with the old ones (the change halved).
4. The change is kept within 700 points; values failing lila's sanity check (rating
   0..4000, deviation 0..1000, volatility 0..0.2, exclusive) are reset to a new player's;
   then 400 / 45..500 / 0.1 again.

Values lichess never holds are refused, not clamped: a rating below 400 or above 4000, a
deviation outside 45..500, a volatility above 0.1 (for the player and the opponent alike).

**Rounding.** Lichess stores the rating as a float and shows it truncated to a whole number
(scalachess ``Glicko.intRating`` is ``rating.toInt``: 1523.97 shows as 1523); the change it
shows after a game is the difference of the two shown ratings, so it can differ by one from
the exact change rounded. Both are given: ``rating`` and ``change_exact`` (floats),
``rating_shown`` and ``change`` (ints). ``display`` adds lichess's "?" while provisional
(deviation 110 or more). (Lichess's JSON API gives the rating cut to two decimals.)

**Not confirmed from code that runs today**, so each is a parameter with a visible default:

* ``colour_advantage`` (default on): the first-move advantage, in rating points, is added
  inside the expected score only, White +adv/2 and Black -adv/2 (so the difference moves by
  adv): standard 11.782457, crazyhouse 20.30966, other variants 0 (scalachess's constants).
  The lila source read builds its calculator without one; lila pull request #18629
  ("Adjust Glicko-2 to account for first move advantage") is recorded as merged in
  November 2025. Whether chess960 uses the standard value is not known: 0 here.
  ``advantage`` overrides the table (rating points for White); with no ``colour`` none applies.
* ``gain_factor`` (default: the table): the gain multipliers were read hard-coded in
  RatingRegulator.scala (an earlier version took them from an admin setting); 1 turns
  them off. They apply per rating category: the speed in standard chess (none when no speed
  is given), else the variant.

>>> g = rate(1500, 500, 0.09, (1500, 500, 0.09), 1)
>>> g.result.rating_shown, g.result.change, g.result.display, round(g.result.deviation, 1)
(1741, 241, '1741?', 396.7)
>>> rate(1500, 80, 0.06, "1500:80", "0.5", colour="white").result.change
-1
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from elo_core import errors, parse
from elo_core.errors import EloError
from elo_core.glicko import parse as check
from elo_core.glicko.glicko2 import SCALE, Player, rate_period
from elo_core.glicko.parse import PeriodGame
from elo_core.plain import Plain, plain, spread

LILA = "lichess-org/lila "
SCALACHESS = "lichess-org/scalachess "
GLICKO = LILA + "modules/rating/src/main/Glicko.scala"
PERF = LILA + "modules/rating/src/main/Perf.scala"
REGULATOR = LILA + "modules/rating/src/main/RatingRegulator.scala"
UPDATER = LILA + "modules/round/src/main/PerfsUpdater.scala"
MODEL = SCALACHESS + "rating/src/main/scala/glicko/model.scala"
CALCULATOR = SCALACHESS + "rating/src/main/scala/glicko/impl/RatingCalculator.scala"
RESULTS = SCALACHESS + "rating/src/main/scala/glicko/impl/results.scala"

VARIANTS = ("standard", "chess960", "crazyhouse", "antichess", "atomic", "horde", "kingofthehill",
            "racingkings", "threecheck")
SPEEDS = ("ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence")
COLOURS = ("white", "black")
MAX_DAYS_IDLE = 36_500.0


def _setting(value: Any, source: str, note: str = "", confirmed: bool = True) -> Any:
    return field(default=value, metadata={"source": source, "note": note, "confirmed": confirmed})


def _table(values: dict[str, float], source: str, note: str, confirmed: bool) -> Any:
    return field(default_factory=lambda: MappingProxyType(values),
                 metadata={"source": source, "note": note, "confirmed": confirmed})


@dataclass(frozen=True)
class LichessSettings:
    # scalachess Tau.default, which lila's Glicko.calculator keeps
    tau: float = _setting(0.75, MODEL + "; " + GLICKO)
    # lila Glicko.default = (1500, maxDeviation, defaultVolatility)
    new_rating: float = _setting(1500.0, GLICKO)
    new_deviation: float = _setting(500.0, GLICKO)
    new_volatility: float = _setting(0.09, GLICKO)
    # PerfsUpdater calls computeGame(skipDeviationIncrease = true): elapsed periods 0
    game_periods: float = _setting(0.0, UPDATER + "; " + CALCULATOR, "no deviation increase inside a game")
    # Glicko.minDeviation / maxDeviation, applied by cap before (Perf toGlickoPlayer, liveDeviation) and after
    min_deviation: float = _setting(45.0, GLICKO + "; " + PERF, "applied before and after a game")
    max_deviation: float = _setting(500.0, GLICKO + "; " + PERF, "applied before and after a game")
    max_volatility: float = _setting(0.1, GLICKO, "past this, the comment says, it may never stabilise")
    min_rating: float = _setting(400.0, GLICKO)
    # Perf addOrReset keeps the new rating within this of the old one
    max_change: float = _setting(700.0, GLICKO + "; " + PERF)
    # scalachess provisionalDeviation: shown with "?" from here up
    provisional_deviation: float = _setting(110.0, MODEL)
    # "Chosen so a typical player's RD goes from 60 -> 110 in 1 year"
    periods_per_day: float = _setting(0.21436, GLICKO + "; " + CALCULATOR, "idle deviation growth")
    # Glicko sanityCheck bounds (exclusive); failing them, addOrReset starts the player afresh
    sane_rating: float = _setting(4000.0, GLICKO + "; " + PERF)
    sane_deviation: float = _setting(1000.0, GLICKO)
    sane_volatility: float = _setting(0.2, GLICKO)
    # ColorAdvantage.standard / crazyhouse; results.scala gives each side half
    colour_advantage: Mapping[str, float] = _table(
        {"standard": 11.782457, "crazyhouse": 20.30966}, MODEL + "; " + RESULTS,
        "other variants 0; whether lila applies it today is not confirmed", False)
    # RatingRegulator factors: a gain (never a loss) is multiplied, per rating category
    gain_factors: Mapping[str, float] = _table(
        {"rapid": 1.015, "classical": 1.015, "blitz": 1.005, "bullet": 1.015, "ultrabullet": 1.013,
         "atomic": 1.02, "antichess": 1.02}, REGULATOR + "; " + UPDATER,
        "hard-coded in the version read; once an admin setting; current values not confirmed", False)


LICHESS = LichessSettings()


def settings_table(settings: LichessSettings = LICHESS) -> list[dict[str, Any]]:
    """The settings as rows ``{name, value, source, note, confirmed}``, for the page to show.

    >>> [r["source"] for r in settings_table() if r["name"] == "tau"]
    ['lichess-org/scalachess rating/src/main/scala/glicko/model.scala; lichess-org/lila modules/rating/src/main/Glicko.scala']
    """
    rows = []
    for f in fields(settings):
        value = getattr(settings, f.name)
        rows.append({"name": f.name, "value": dict(value) if isinstance(value, Mapping) else value,
                     "source": f.metadata["source"], "note": f.metadata["note"],
                     "confirmed": f.metadata["confirmed"]})
    return rows


@dataclass(frozen=True)
class LichessRating(Plain):
    rating: float
    rating_shown: int
    """As lichess shows it: truncated to a whole number."""
    deviation: float
    volatility: float
    provisional: bool
    display: str
    """``rating_shown`` with "?" while provisional, as on lichess."""


@dataclass(frozen=True)
class LichessOutcome(LichessRating):
    change: int
    """The change lichess shows: new shown rating minus old shown rating."""
    change_exact: float


@dataclass(frozen=True)
class LichessPreview(Plain):
    """A player's values before a game, and after a win, a draw and a loss."""

    before: LichessRating
    opponent: LichessRating
    win: LichessOutcome
    draw: LichessOutcome
    loss: LichessOutcome
    advantage: float
    """Rating points added to this player's side of the difference inside E (negative for Black)."""
    gain_factor: float
    category: str | None
    """The rating category (lila's perf key) the game counts for; ``None`` when no speed is given."""
    idle_periods: float


@dataclass(frozen=True)
class LichessGame(Plain):
    """One game's result; its JSON puts the result's keys first, then ``score`` and the preview's."""

    result: LichessOutcome = field(metadata=spread(plain))
    score: float = field()
    preview: LichessPreview = field(metadata=spread(plain))


def shown(p: Player, settings: LichessSettings = LICHESS) -> LichessRating:
    provisional = p.deviation >= settings.provisional_deviation
    whole = int(p.rating)  # Scala's Double.toInt truncates, as Python's int() does
    mark = "?" if provisional else ""
    return LichessRating(p.rating, whole, p.deviation, p.volatility, provisional, f"{whole}{mark}")


def cap(p: Player, s: LichessSettings = LICHESS) -> Player:
    """lila's ``Glicko.cap``: rating at least 400, deviation 45..500, volatility at most 0.1."""
    return Player(max(p.rating, s.min_rating), min(max(p.deviation, s.min_deviation), s.max_deviation),
                  min(p.volatility, s.max_volatility))


def live_deviation(p: Player, days: float, s: LichessSettings = LICHESS) -> float:
    """The deviation after ``days`` idle (lila ``Glicko.liveDeviation``): step 6, then 45..500.

    >>> round(live_deviation(Player(1500, 60, 0.06), 365))
    110
    """
    c = cap(p, s)
    phi = c.deviation / SCALE
    grown = math.sqrt(phi * phi + days * s.periods_per_day * c.volatility * c.volatility) * SCALE
    return min(max(grown, s.min_deviation), s.max_deviation)


def after_game(before: Player, opponent: Player, score: float, *, advantage: float = 0.0, gain_factor: float = 1.0,
               against_bot: bool = False, s: LichessSettings = LICHESS) -> Player:
    """Steps 2-4 of the module's list, for one player, on values already checked and capped."""
    game = PeriodGame(opponent.rating, opponent.deviation, score)
    new = rate_period(before, (game,), tau=s.tau, periods=s.game_periods, advantage=advantage)
    if gain_factor != 1 and new.rating > before.rating:
        new = replace(new, rating=new.rating + (new.rating - before.rating) * (gain_factor - 1))
    if against_bot:  # Glicko.average with weight 0.5
        new = Player(*((a + b) / 2 for a, b in zip((new.rating, new.deviation, new.volatility),
                                                    (before.rating, before.deviation, before.volatility))))
    new = replace(new, rating=min(max(new.rating, before.rating - s.max_change), before.rating + s.max_change))
    sane = (0 < new.rating < s.sane_rating and 0 < new.deviation < s.sane_deviation
            and 0 < new.volatility < s.sane_volatility)
    return cap(new if sane else Player(s.new_rating, s.new_deviation, s.new_volatility), s)


def category(variant: str, speed: str | None) -> str | None:
    """lila's perf key: the speed in standard chess, else the variant."""
    return speed if variant == "standard" else variant


def _glicko(rating: Any, deviation: Any, volatility: Any, field: str, s: LichessSettings) -> Player:
    try:
        # lila's sanity check is exclusive: a rating of 4000 is reset, so lichess never holds it
        return Player(check.between(rating, "rating", s.min_rating, s.sane_rating, high_open=True),
                      check.between(deviation, "deviation", s.min_deviation, s.max_deviation),
                      s.new_volatility if volatility is None or volatility == "" else
                      check.volatility(volatility, "volatility", s.max_volatility))
    except EloError as e:
        if field == "rating":
            raise
        raise EloError(field, f"{e.field} {e.message}") from None


def _opponent(value: Any, s: LichessSettings) -> Player:
    if value is None or value == "":
        raise EloError("opponent", "is required (RATING:DEVIATION, optionally :VOLATILITY)")
    r, rd, *v = check.parts(value, "opponent", ("rating", "deviation", "volatility"), 2,
                            "RATING:DEVIATION or RATING:DEVIATION:VOLATILITY, e.g. 1500:80")
    return _glicko(r, rd, v[0] if v else None, "opponent", s)


def _optional(value: Any, field: str, allowed: tuple[str, ...]) -> str | None:
    return None if value is None or value == "" else parse.choice(value, field, allowed)


def lichess_preview(rating: Any, deviation: Any, volatility: Any = None, opponent: Any = None, *,
                    colour: Any = None, variant: Any = "standard", speed: Any = None, days_idle: Any = 0,
                    colour_advantage: Any = True, advantage: Any = None, gain_factor: Any = None,
                    against_bot: Any = False, settings: LichessSettings = LICHESS) -> LichessPreview:
    """What a win, a draw and a loss would do, from the values before the game.

    ``deviation`` is the one after the player's last game and ``days_idle`` the days since
    (lichess itself shows the grown one: given that, leave ``days_idle`` at 0).
    ``opponent``: ``(rating, deviation[, volatility])``, a mapping or ``"R:RD[:V]"``, as
    lichess shows them now; the volatility is optional (0.09) and does not change this
    player's result.

    >>> p = lichess_preview(1500, 60, 0.06, "1600:60", speed="blitz", days_idle=365)
    >>> round(p.before.deviation), p.win.change, p.draw.change, p.loss.change
    (110, 40, 8, -23)
    """
    s = settings
    # Every field checked, every bad one named together, before anything is computed.
    own, opponent_values, side, kind, pace, days, given_advantage, given_factor, white_too, bot = errors.collect([
        lambda: _glicko(rating, deviation, volatility, "rating", s), lambda: _opponent(opponent, s),
        lambda: _optional(colour, "colour", COLOURS), lambda: _optional(variant, "variant", VARIANTS) or "standard",
        lambda: _optional(speed, "speed", SPEEDS),
        lambda: check.between(days_idle if days_idle not in (None, "") else 0, "days_idle", 0.0, MAX_DAYS_IDLE),
        lambda: None if advantage in (None, "") else check.between(advantage, "advantage", -1000.0, 1000.0),
        lambda: None if gain_factor in (None, "") else check.between(gain_factor, "gain_factor", 1.0, 2.0),
        lambda: parse.flag(colour_advantage, "colour_advantage"), lambda: parse.flag(against_bot, "against_bot")])
    opp = cap(opponent_values, s)
    white = (s.colour_advantage.get(kind, 0.0) if white_too else 0.0) if given_advantage is None else given_advantage
    adv = 0.0 if side is None else (white if side == "white" else -white)
    key = category(kind, pace)
    factor = (s.gain_factors.get(key, 1.0) if key else 1.0) if given_factor is None else given_factor
    before = cap(replace(own, deviation=live_deviation(own, days, s)), s)

    def outcome(score: float) -> LichessOutcome:
        new = after_game(before, opp, score, advantage=adv, gain_factor=factor, against_bot=bot, s=s)
        view = shown(new, s)
        return LichessOutcome(**view.__dict__, change=view.rating_shown - int(own.rating),
                              change_exact=new.rating - own.rating)

    return LichessPreview(shown(before, s), shown(opp, s), outcome(1.0), outcome(0.5), outcome(0.0), adv, factor,
                          key, days * s.periods_per_day)


def rate(rating: Any, deviation: Any, volatility: Any = None, opponent: Any = None, score: Any = None, *,
                 colour: Any = None, variant: Any = "standard", speed: Any = None, days_idle: Any = 0,
                 colour_advantage: Any = True, advantage: Any = None, gain_factor: Any = None,
                 against_bot: Any = False, settings: LichessSettings = LICHESS) -> LichessGame:
    """One rated lichess game for the player: the new values, and the what-if of a win, draw and loss.

    The arguments are :func:`lichess_preview`'s, and the ``score`` (1, 0.5, 0 or as text).

    >>> rate(1500, 500, None, (1500, 500), "1").to_dict()["rating_shown"]
    1741
    """
    preview, s = errors.collect([
        lambda: lichess_preview(rating, deviation, volatility, opponent, colour=colour, variant=variant, speed=speed,
                                days_idle=days_idle, colour_advantage=colour_advantage, advantage=advantage,
                                gain_factor=gain_factor, against_bot=against_bot, settings=settings),
        lambda: parse.score(score, "score")])
    return LichessGame({1.0: preview.win, 0.5: preview.draw, 0.0: preview.loss}[s], s, preview)
