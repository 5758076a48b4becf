"""The classic Wertungsordnung at each edge: E's limits, the index, the brake SBr at 1299 and 1300,
the acceleration fB at ages 20 and 21, W = We, and Rn's arithmetic (WO 3.5, Anhang 1.2)."""

import math

import pytest

from elo_core.dwz.coefficient import classic_e
from elo_core.dwz.rating import rate
from elo_core.dwz.rules import classic

END = "2025-10-04"
C = classic()


def test_e_lower_limit_is_5():
    e = classic_e(800, 30, 15, True, False, C)  # E0 = 5.41, fB 0.5 (800 / 2000 = 0.4, raised to 0.5)
    assert (e.fb, e.rounded, e.value, e.limit) == (0.5, 3, 5, "E >= 5")


def test_e_upper_limit_is_30():
    e = classic_e(2200, 10, 40, False, True, C)  # E0 = 2.2^4 + 15 = 38.43
    assert (e.rounded, e.value, e.limit) == (38, 30, "E <= 30")


@pytest.mark.parametrize("index, cap", [(1, 5), (2, 10), (3, 15), (4, 20), (5, 25), (6, 30), (7, 30)])
def test_index_caps_e_at_5_times_the_index_up_to_5(index, cap):
    e = classic_e(2000, index, 40, True, False, C)  # E0 = 16 + 15 = 31
    assert (e.rounded, e.value, e.high) == (31, cap, cap)


def test_brake_applies_at_1299_not_at_1300():
    below = classic_e(1299, 1, 40, False, True, C)
    at = classic_e(1300, 1, 40, False, True, C)
    assert below.sbr_applies and math.isclose(below.sbr, math.exp(1 / 150) - 1)
    assert (below.rounded, below.value, below.high) == (18, 18, 150)  # with SBr only E <= 150 limits it
    assert not at.sbr_applies and at.sbr == 0 and (at.rounded, at.value, at.high) == (18, 5, 5)  # 5 x index 1


def test_brake_only_below_expectation():
    assert not classic_e(1000, 10, 40, True, False, C).sbr_applies


def test_brake_is_capped_at_150():
    e = classic_e(500, 10, 40, False, True, C)  # SBr = e^(800/150) - 1 = 206
    assert e.sbr > 200 and (e.value, e.limit) == (150, "E <= 150 (with SBr)")


@pytest.mark.parametrize("age, j, fb, value", [(20, 5, 0.8, 9), (21, 10, 1.0, 17), (25, 10, 1.0, 17), (26, 15, 1.0, 22)])
def test_acceleration_up_to_20_and_j_by_age(age, j, fb, value):
    e = classic_e(1600, 30, age, True, False, C)  # E0 = 6.55 + J
    assert (e.j, e.fb, e.fb_applies, e.value) == (j, fb, age == 20, value)


def test_acceleration_only_at_or_above_expectation():
    assert not classic_e(1600, 30, 15, False, True, C).fb_applies


def test_age_unknown_is_over_25():
    assert classic_e(1600, 30, None, True, False, C).j == 15


def test_w_equal_to_we_leaves_the_rating_and_accelerates_the_youth():
    # a draw against an equal rating: W = We = 0.5
    r = rate(1200, 3, [(1200, 0.5)], birth_year=2010, end=END)
    assert (r.score, r.expected, r.change, r.new_rating, r.new_index) == (0.5, 0.5, 0.0, 1200, 4)
    assert r.coefficient.fb_applies and not r.coefficient.sbr_applies  # W >= We, not W < We


def test_rn_by_hand():
    # We = 0.570 + 0.362; E0 = 1.8^4 + 15 = 25.50 -> 25; Rn = 1800 + 800 x 0.568 / 27 = 1816.83
    r = rate(1800, 12, [(1750, 1), (1900, 0.5)], birth_year=1980, end=END)
    assert [g.expected for g in r.games] == [0.57, 0.362]
    assert (r.expected, r.e, r.k, r.new_rating, r.new_index) == (0.932, 25, None, 1817, 13)
    assert r.formula == "Rn = 1800 + 800 x (1.5 - 0.932) / (25 + 2) = 1816.83 -> 1817"


def test_games_against_unrated_opponents_do_not_count():
    r = rate(1800, 12, [(1750, 1), (0, 1)], birth_year=1980, end=END)
    assert (r.n, r.score, [g.counted for g in r.games]) == (1, 1.0, [True, False])
    assert "Restpartie" in r.games[1].reason


def test_no_rated_game_leaves_rating_and_index():
    r = rate(1800, 12, [(0, 1)], end=END)
    assert (r.new_rating, r.new_index, r.expected) == (1800, 12, None)


def test_performance_needs_five_games():
    assert rate(1800, 12, [(1800, 1)] * 4, end=END).performance is None
    five = rate(1800, 12, [(1800, 1), (1800, 0), (1800, 0.5), (1800, 0.5), (1800, 0.5)], end=END)
    assert five.performance.value == 1800
