"""Glicko-1, Glicko-2 and lichess's flavour: published vectors, properties and input errors.

Vectors, with their sources:

* Glickman, *Example of the Glicko-2 system* (glicko2.pdf, www.glicko.net): the worked example
  (1500/200/0.06 against 1400/30 won, 1550/100 lost, 1700/300 lost; tau 0.5).
* Glickman, *The Glicko system* (glicko.pdf, www.glicko.net): the worked example (1500/200 against
  the same three opponents).
* lichess-org/scalachess (snapshot at commit cbffc9d7e2c6f8ba33381c5403e1b4f992199626), three suites
  below, one row per player checked in a test: the test's name (its ``test("...")`` string), the
  variable it asserts on (w/b: white/black; 1/2/3: ColorAdvantage zero/standard/crazyhouse), the
  expected rating, deviation and volatility, and the tolerances that test allows:
  - CALCULATOR: test-kit/src/test/scala/rating/glicko/GlickoCalculatorTest.scala
  - COLOUR: test-kit/src/test/scala/rating/glicko/GlickoCalculatorWithColorAdvantageTest.scala
  - IMPL: test-kit/src/test/scala/rating/glicko/impl/RatingCalculatorTest.scala
  All use tau 0.75 and no deviation increase inside the game (skipDeviationIncrease).
"""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_core.errors import EloError
from elo_core.facade import handle
from elo_core.glicko import glicko1, glicko2, lichess
from elo_core.glicko import glicko2 as g2mod
from elo_core.glicko.glicko2 import SCALE, Player, new_volatility
from elo_core.glicko.lichess import (
    LICHESS,
    lichess_preview,
    live_deviation,
    settings_table,
)

PAPER_GAMES = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]

# GlickoCalculatorTest.scala
CALCULATOR = [
    ("default deviation: white wins", "w", 1662.21, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: white wins", "b", 1337.79, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "w", 1337.79, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "b", 1662.21, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "w", 1500.0, 290.2305, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "b", 1500.0, 290.2305, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("mixed ratings and deviations: white wins", "w", 1422.63, 77.4956, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: white wins", "b", 1506.32, 105.8706, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "w", 1389.99, 77.4956, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "b", 1568.9, 105.8706, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "w", 1406.31, 77.4956, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "b", 1537.61, 105.8706, 0.065, (0.005, 5e-05, 1e-05)),
    ("more mixed ratings and deviations: white wins", "w", 1216.73, 59.9006, 0.053013, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: white wins", "b", 1635.99, 196.9873, 0.062028, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "w", 1199.29, 59.9006, 0.052999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "b", 1855.42, 196.9873, 0.061999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "w", 1208.01, 59.9006, 0.053002, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "b", 1745.71, 196.9873, 0.062006, (0.005, 5e-05, 1e-06)),
]

# GlickoCalculatorWithColorAdvantageTest.scala
COLOUR = [
    ("default deviation: white wins", "w1", 1662.21, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: white wins", "b1", 1337.79, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: white wins", "w2", 1658.56, 290.2538, 0.0599992, (0.005, 5e-05, 1e-07)),
    ("default deviation: white wins", "b2", 1341.44, 290.2538, 0.0599992, (0.005, 5e-05, 1e-07)),
    ("default deviation: white wins", "w3", 1655.95, 290.2998, 0.0599992, (0.005, 5e-05, 1e-07)),
    ("default deviation: white wins", "b3", 1344.05, 290.2998, 0.0599992, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "w1", 1337.79, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "b1", 1662.21, 290.2305, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "w2", 1334.08, 290.2538, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "b2", 1665.92, 290.2538, 0.0599993, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "w3", 1331.37, 290.2998, 0.0599994, (0.005, 5e-05, 1e-07)),
    ("default deviation: black wins", "b3", 1668.63, 290.2998, 0.0599994, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "w1", 1500.0, 290.2305, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "b1", 1500.0, 290.2305, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "w2", 1496.32, 290.2538, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "b2", 1503.68, 290.2538, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "w3", 1493.66, 290.2998, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("default deviation: draw", "b3", 1506.34, 290.2998, 0.0599977, (0.005, 5e-05, 1e-07)),
    ("mixed ratings and deviations: white wins", "w1", 1422.63, 77.4956, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: white wins", "b1", 1506.32, 105.8706, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: white wins", "w2", 1422.16, 77.4603, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: white wins", "b2", 1507.28, 105.7716, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: white wins", "w3", 1421.81, 77.4359, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: white wins", "b3", 1507.98, 105.7032, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "w1", 1389.99, 77.4956, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "b1", 1568.9, 105.8706, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "w2", 1389.55, 77.4603, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "b2", 1569.75, 105.7716, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "w3", 1389.22, 77.4359, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: black wins", "b3", 1570.37, 105.7032, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "w1", 1406.31, 77.4956, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "b1", 1537.61, 105.8706, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "w2", 1405.85, 77.4603, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "b2", 1538.51, 105.7716, 0.065, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "w3", 1405.52, 77.4359, 0.06, (0.005, 5e-05, 1e-05)),
    ("mixed ratings and deviations: draw", "b3", 1539.17, 105.7032, 0.065, (0.005, 5e-05, 1e-05)),
    ("more mixed ratings and deviations: white wins", "w1", 1216.73, 59.9006, 0.053013, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: white wins", "b1", 1635.99, 196.9873, 0.062028, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: white wins", "w2", 1216.68, 59.8952, 0.053013, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: white wins", "b2", 1636.77, 196.7954, 0.062028, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: white wins", "w3", 1216.65, 59.8912, 0.053013, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: white wins", "b3", 1637.36, 196.6495, 0.062028, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "w1", 1199.29, 59.9006, 0.052999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "b1", 1855.42, 196.9873, 0.061999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "w2", 1199.25, 59.8952, 0.052999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "b2", 1855.77, 196.7954, 0.061999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "w3", 1199.22, 59.8912, 0.052999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: black wins", "b3", 1856.04, 196.6495, 0.061999, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "w1", 1208.01, 59.90056, 0.053002, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "b1", 1745.71, 196.98729, 0.062006, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "w2", 1207.97, 59.8952, 0.053002, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "b2", 1746.27, 196.7954, 0.062006, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "w3", 1207.94, 59.8912, 0.053002, (0.005, 5e-05, 1e-06)),
    ("more mixed ratings and deviations: draw", "b3", 1746.7, 196.6495, 0.062006, (0.005, 5e-05, 1e-06)),
]

# impl/RatingCalculatorTest.scala
IMPL = [
    ("default deviation: white wins", "wr", 1741.0, 396.0, 0.0899983, (1.0, 1.0, 1e-08)),
    ("default deviation: white wins", "br", 1258.0, 396.0, 0.0899983, (1.0, 1.0, 1e-07)),
    ("default deviation: black wins", "wr", 1258.0, 396.0, 0.0899983, (1.0, 1.0, 1e-08)),
    ("default deviation: black wins", "br", 1741.0, 396.0, 0.0899983, (1.0, 1.0, 1e-07)),
    ("default deviation: draw", "wr", 1500.0, 396.0, 0.0899954, (1.0, 1.0, 1e-07)),
    ("default deviation: draw", "br", 1500.0, 396.0, 0.0899954, (1.0, 1.0, 1e-07)),
    ("low deviation: white wins", "wr", 1517.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("low deviation: white wins", "br", 1482.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("low deviation: black wins", "wr", 1482.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("low deviation: black wins", "br", 1517.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("low deviation: draw", "wr", 1500.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("low deviation: draw", "br", 1500.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("mixed ratings and deviations: white wins", "wr", 1422.0, 77.0, 0.06, (1.0, 1.0, 1e-05)),
    ("mixed ratings and deviations: white wins", "br", 1506.0, 105.0, 0.065, (1.0, 1.0, 1e-05)),
    ("mixed ratings and deviations: black wins", "wr", 1389.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("mixed ratings and deviations: black wins", "br", 1568.0, 105.0, 0.065, (1.0, 1.0, 1e-05)),
    ("mixed ratings and deviations: draw", "wr", 1406.0, 78.0, 0.06, (1.0, 1.0, 1e-05)),
    ("mixed ratings and deviations: draw", "br", 1537.0, 105.87, 0.065, (1.0, 0.01, 1e-05)),
    ("more mixed ratings and deviations: white wins", "wr", 1216.7, 59.9, 0.053013, (0.1, 0.1, 1e-06)),
    ("more mixed ratings and deviations: white wins", "br", 1636.0, 196.9, 0.062028, (0.1, 0.1, 1e-06)),
    ("more mixed ratings and deviations: black wins", "wr", 1199.3, 59.9, 0.052999, (0.1, 0.1, 1e-06)),
    ("more mixed ratings and deviations: black wins", "br", 1855.4, 196.9, 0.061999, (0.1, 0.1, 1e-06)),
    ("more mixed ratings and deviations: draw", "wr", 1208.0, 59.90056, 0.053002, (0.1, 0.1, 1e-06)),
    ("more mixed ratings and deviations: draw", "br", 1745.7, 196.98729, 0.062006, (0.1, 0.1, 1e-06)),
]

# The players of each suite's tests, by the test name's first words: (white, black).
PAIRS = {
    "default": ((1500, 350, 0.06), (1500, 350, 0.06)),  # the suites' R, RD, V (glicko2.pdf's new player)
    "low": ((1500, 80, 0.06), (1500, 80, 0.06)),
    "mixed": ((1400, 79, 0.06), (1550, 110, 0.065)),
    "more": ((1200, 60, 0.053), (1850, 200, 0.062)),
}
IMPL_DEFAULT = ((1500, 500, 0.09), (1500, 500, 0.09))  # RatingCalculatorTest's defaultRating: lichess's new player
ADVANTAGE = {"1": ("chess960", 0.0), "2": ("standard", 11.782457), "3": ("crazyhouse", 20.30966)}
WHITE_SCORE = {"white wins": 1.0, "black wins": 0.0, "draw": 0.5}


def _cases():
    for suite, rows in (("CALCULATOR", CALCULATOR), ("COLOUR", COLOUR), ("IMPL", IMPL)):
        for row in rows:
            yield pytest.param(suite, *row, id=f"{suite}:{row[0]}:{row[1]}")


@pytest.mark.parametrize("suite,test,var,rating,deviation,volatility,tol", _cases())
def test_scalachess_vector(suite, test, var, rating, deviation, volatility, tol):
    white, black = IMPL_DEFAULT if suite == "IMPL" and test.startswith("default") else PAIRS[test.split()[0]]
    variant, adv = ADVANTAGE.get(var[1:], ("chess960", 0.0))
    own, opp = (white, black) if var[0] == "w" else (black, white)
    score = WHITE_SCORE[test.split(": ")[1]] if var[0] == "w" else 1 - WHITE_SCORE[test.split(": ")[1]]
    colour = "white" if var[0] == "w" else "black"
    signed = adv if colour == "white" else -adv
    plain = glicko2.rate(*own, [(opp[0], opp[1], score)], tau=0.75, periods=0, advantage=signed)
    shown = lichess.rate(*own, opp, score, colour=colour, variant=variant).result
    for got in (plain, shown):
        assert abs(got.rating - rating) <= tol[0] + 1e-9
        assert abs(got.deviation - deviation) <= tol[1] + 1e-9
        assert abs(got.volatility - volatility) <= tol[2] + 1e-12


def test_glickman_glicko2_example():
    r = glicko2.rate(1500, 200, 0.06, PAPER_GAMES)
    # the paper prints 1464.06 / 151.52 / 0.05999 from rounded intermediates; unrounded: 1464.05
    assert abs(r.rating - 1464.06) < 0.02 and abs(r.rating - 1464.05) < 0.005
    assert abs(r.deviation - 151.52) < 0.005
    assert abs(r.volatility - 0.05999) < 0.00001
    # the paper's step 3-5 values: v = 1.7785, Delta = -0.4834, sigma' = 0.05999
    assert abs(new_volatility(0.06, 200 / SCALE, 1.7785, -0.4834, 0.5) - 0.05999) < 0.00001
    assert r.to_dict()["games"] == 3 and r.score == 1


def test_glickman_glicko1_example():
    r = glicko1.rate(1500, 200, PAPER_GAMES)
    assert round(r.rating) == 1464 and round(r.deviation, 1) == 151.4
    assert glicko1.rate(1500, 200, PAPER_GAMES, c=0, periods=5).rating == r.rating  # no growth with c = 0


def test_glicko1_step1_caps_at_350():
    assert glicko1.rate(1500, 300, [], c=63.2, periods=30).deviation == 350


def test_convergence_failure_is_an_error(monkeypatch):
    monkeypatch.setattr(g2mod, "MAX_ITERATIONS", 1)
    with pytest.raises(EloError) as e:
        glicko2.rate(1500, 200, 0.06, PAPER_GAMES)
    assert e.value.field == "volatility"


def test_lichess_rules():
    base = lichess.rate(1500, 80, 0.06, (1500, 80), 1)
    blitz = lichess.rate(1500, 80, 0.06, (1500, 80), 1, speed="blitz")
    assert math.isclose(blitz.result.change_exact, base.result.change_exact * 1.005)  # RatingRegulator: gains only
    assert lichess.rate(1500, 80, 0.06, (1500, 80), 0, speed="blitz").result == base.preview.loss
    bot = lichess.rate(1500, 80, 0.06, (1500, 80), 1, against_bot=True)
    assert math.isclose(bot.result.change_exact, base.result.change_exact / 2)
    assert lichess.rate(1500, 500, 0.09, (3000, 45), 1).result.change_exact == 700  # at most 700 a game
    reset = lichess.rate(3500, 500, 0.09, (3999, 45), 1).result  # past 4000: lila starts the player afresh
    assert (reset.rating, reset.deviation, reset.volatility) == (1500, 500, 0.09)
    assert lichess.rate(400, 45, 0.06, (400, 45), 0).result.rating == 400  # the floor
    assert round(live_deviation(Player(1500, 60, 0.06), 365)) == 110  # "60 -> 110 in 1 year"
    assert lichess_preview(1500, 400, 0.09, (1500, 80), days_idle=10_000).before.deviation == 500


def test_lichess_rounding_and_colour():
    g = lichess.rate(1500.9, 80, 0.06, (1400, 80), 1)  # 1500.9 shows as 1500; 1513.29 as 1513
    assert (g.result.rating_shown, g.result.change, round(g.result.change_exact, 2)) == (1513, 13, 12.39)
    assert g.preview.before.rating_shown == 1500 and g.to_dict()["before"]["display"] == "1500"
    d = lichess.rate(1500, 80, 0.06, (1500, 80), 0.5, colour="white").to_dict()
    assert d["change_exact"] < 0 and d["change"] == d["rating_shown"] - 1500  # White's draw is below par
    assert d["advantage"] == 11.782457 and d["win"]["change"] > 0 and set(d) >= {"before", "win", "draw", "loss"}
    off = lichess.rate(1500, 80, 0.06, (1500, 80), 0.5, colour="white", colour_advantage=False)
    assert off.preview.advantage == 0 and math.isclose(off.result.change_exact, 0.0, abs_tol=1e-9)
    assert lichess.rate(1500, 80, 0.06, (1500, 80), 0.5, colour="black", advantage=35).preview.advantage == -35
    assert lichess.rate(1500, 80, 0.06, (1500, 80), 0.5, variant="chess960", colour="white").preview.advantage == 0


def test_settings_table_names_a_source_for_each_setting():
    rows = settings_table()
    assert {r["name"] for r in rows} >= {"tau", "min_deviation", "colour_advantage", "gain_factors"}
    assert all(r["source"].startswith("lichess-org/") for r in rows)
    assert [r["confirmed"] for r in rows if r["name"] in ("colour_advantage", "gain_factors")] == [False, False]
    assert LICHESS.tau == 0.75


@pytest.mark.parametrize("call,field", [
    (lambda: glicko2.rate("x", 200, 0.06, []), "rating"),
    (lambda: glicko2.rate(1500, 0, 0.06, []), "deviation"),
    (lambda: glicko2.rate(1500, 200, 0, []), "volatility"),
    (lambda: glicko2.rate(1500, 200, 0.06, [], tau=0), "tau"),
    (lambda: glicko2.rate(1500, 200, 0.06, [], periods=-1), "periods"),
    (lambda: glicko2.rate(1500, 200, 0.06, [], advantage="a"), "advantage"),
    (lambda: glicko2.rate(1500, 200, 0.06, "1400:30:1,abc:30:1"), "games[1].rating"),
    (lambda: glicko2.rate(1500, 200, 0.06, [(1400, 600, 1)]), "games[0].deviation"),
    (lambda: glicko2.rate(1500, 200, 0.06, [{"rating": 1400, "deviation": 30, "score": 3}]), "games[0].score"),
    (lambda: glicko2.rate(1500, 200, 0.06, ["1400:30"]), "games[0]"),
    (lambda: glicko1.rate(1500, 200, [], c=-1), "c"),
    (lambda: glicko1.rate(1500, 351, []), "deviation"),
    (lambda: lichess.rate(1500, 80, 0.06, "1500", 1), "opponent"),
    (lambda: lichess.rate(1500, 80, 0.06, (300, 80), 1), "opponent"),
    (lambda: lichess.rate(1500, 80, 0.06, (1500, 80)), "score"),
    (lambda: lichess.rate(1500, 80, 0.06, (1500, 80), 1, colour="red"), "colour"),
    (lambda: lichess.rate(1500, 80, 0.06, (1500, 80), 1, variant="bughouse"), "variant"),
    (lambda: lichess.rate(1500, 80, 0.06, (1500, 80), 1, speed="slow"), "speed"),
    (lambda: lichess.rate(1500, 80, 0.06, (1500, 80), 1, days_idle=-1), "days_idle"),
    (lambda: lichess.rate(399, 80, 0.06, (1500, 80), 1), "rating"),
    (lambda: lichess.rate(1500, 40, 0.06, (1500, 80), 1), "deviation"),
    (lambda: lichess.rate(1500, 80, 0.2, (1500, 80), 1), "volatility"),
])
def test_bad_input_names_the_field(call, field):
    with pytest.raises(EloError) as e:
        call()
    assert e.value.field == field


ratings = st.floats(400, 3000)
deviations = st.floats(45, 500)
volatilities = st.floats(0.01, 0.1)
scores = st.sampled_from([0.0, 0.5, 1.0])
players = st.tuples(ratings, deviations, volatilities)
opponents = st.tuples(ratings, deviations)


@given(players, st.lists(st.tuples(ratings, deviations, scores), min_size=1, max_size=10), st.floats(0.2, 1.5))
def test_glicko2_deviation_never_grows_without_idle_time(player, games, tau):
    assert glicko2.rate(*player, games, tau=tau, periods=0).deviation < player[1]


@given(players, opponents, st.floats(-100, 100))
def test_a_win_never_lowers_a_rating(player, opp, adv):
    assert glicko2.rate(*player, [(*opp, 1)], advantage=adv).change > 0
    assert glicko1.rate(min(player[0], 3000), min(player[1], 350), [(opp[0], min(opp[1], 350), 1)]).change > 0


@given(players, opponents, scores, st.sampled_from([None, "white", "black"]),
       st.sampled_from(["standard", "crazyhouse", "atomic"]), st.sampled_from([None, "bullet", "blitz", "rapid"]),
       st.floats(0, 3650), st.booleans())
def test_lichess_clamps_hold(player, opp, score, colour, variant, speed, days, bot):
    g = lichess.rate(*player, opp, score, colour=colour, variant=variant, speed=speed, days_idle=days,
                     against_bot=bot)
    for r in (g.result, g.preview.win, g.preview.draw, g.preview.loss):
        assert r.rating >= 400 and 45 <= r.deviation <= 500 and 0 < r.volatility <= 0.1
        assert abs(r.change_exact) <= 700 + 1e-9 and r.change == int(r.rating) - int(player[0])
        assert r.deviation <= g.preview.before.deviation  # no increase inside the game
        assert r.provisional == (r.deviation >= 110)
    assert g.preview.win.rating >= player[0] >= g.preview.loss.rating
    assert g.preview.win.rating >= g.preview.draw.rating >= g.preview.loss.rating


@given(st.tuples(st.floats(1100, 3000), deviations, volatilities))  # away from the 400 floor
def test_equal_players_move_alike(player):
    w = lichess.rate(*player, player[:2], 1).result
    b = lichess.rate(*player, player[:2], 0).result
    assert w.deviation == b.deviation and math.isclose(w.change_exact, -b.change_exact, rel_tol=1e-9, abs_tol=1e-9)


# --- issue 50, point 10: values lichess never holds are refused, every bad field named together ----------------

@pytest.mark.parametrize("rating", ["4000", "4000.0", "5000"])
def test_a_lichess_rating_of_4000_or_more_is_refused(rating):
    with pytest.raises(EloError, match="less than 4000"):
        lichess.rate(rating, 60, None, "1500:60", "1")


def test_lichess_names_every_bad_field_at_once():
    answer = json.loads(handle(json.dumps({"op": "lichess", "args": {
        "rating": "4000", "deviation": "60", "opponent": "1500:x", "speed": "bogus", "score": "3"}})))
    assert [e["field"] for e in answer["errors"]] == ["rating", "opponent", "speed", "score"]
