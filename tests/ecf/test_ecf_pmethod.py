"""The P-method at each edge: the fictional draw (against the opponents' average, a returning
player's last full rating, or a given nominal rating), 9 and 10 games, a partially rated player's
earlier games counted again, a lapsed rating."""

import pytest

from elo_core.ecf.pmethod import p_method
from elo_core.ecf.rating import rate
from elo_core.errors import EloError


def one(**args):
    return rate({"month": "2025-10", **args})


def test_a_new_player_gets_a_performance_with_one_fictional_draw():
    # Opponents 1500, 1600, 1700 (sum 4800), score 1.5; the fictional opponent is their average 1600:
    # Ra = 6400 / 4 = 1600, p = 2 / 4 = 0.50, dp 0 -> 1600, a Partial rating (3 games).
    r = one(games=["1500:1", "1600:=", "1700:0"])
    assert (r.status, r.method, r.new_rating, r.rating_kind, r.category.code) == ("new", "P", 1600, "Partial", "P")
    assert (r.expected, r.k, r.change) == (None, None, None)
    assert r.performance.formula == ("Ra = (4800 + nominal 1600) / (3 + 1) = 1600; p = (1.5 + 0.5) / (3 + 1) = 0.50; "
                                     "dp(0.50) = 0; P = Ra + dp = 1600 (Partial rating: 3 games)")


def test_the_fictional_draw_rates_a_perfect_and_a_zero_score():
    # 3 wins v 1500: p = 3.5 / 4 = 0.875 -> 0.88 -> dp 336: 1836. 3 losses: 0.5 / 4 = 0.125 -> 0.13 -> -322: 1178.
    assert one(games=["1500:1"] * 3).new_rating == 1836
    assert one(games=["1500:0"] * 3).new_rating == 1178


def test_a_given_nominal_rating_is_used():
    # v 1500 won, nominal 1300: Ra = 2800 / 2 = 1400, p = 1.5 / 2 = 0.75 -> 193: 1593.
    r = one(games=["1500:1"], nominal=1300)
    assert (r.new_rating, r.performance.nominal_rule) == (1593, "given")


def test_nine_games_make_a_partial_rating_and_ten_a_full_one():
    nine = one(games=["1600:=" ] * 9)
    ten = one(games=["1600:="] * 10)
    assert (nine.rating_kind, nine.category.code, ten.rating_kind, ten.category.code) == ("Partial", "P", "Full", "K")
    assert nine.new_rating == ten.new_rating == 1600


def test_a_partially_rated_player_counts_his_earlier_games_again():
    # Earlier 1400:1, 1500:0; this month 1500:1, 1600:=: four games (sum 6000) + nominal = their average 1500:
    # Ra 7500 / 5 = 1500, p = 3 / 5 = 0.60 -> 72: 1572, up 120 from the Partial rating 1452.
    r = one(rating=1452, partial=True, earlier=["1400:1", "1500:0"], games=["1500:1", "1600:="])
    assert (r.status, r.new_rating, r.change, r.performance.earlier_games, r.performance.games) == \
           ("partial", 1572, 120.0, 2, 4)
    assert any("earlier ones again" in n for n in r.notes)


def test_earlier_games_reaching_ten_make_a_full_rating():
    r = one(rating=1452, partial=True, earlier=["1500:="] * 7, games=["1500:="] * 3)
    assert (r.rating_kind, r.category.code) == ("Full", "K")


def test_ten_earlier_games_are_refused():
    with pytest.raises(EloError) as e:
        one(rating=1452, partial=True, earlier=["1500:="] * 10, games=["1500:1"])
    assert e.value.field == "earlier" and "Full rating" in e.value.message


def test_a_lapsed_rating_returns_with_the_draw_against_it():
    # Last played 2021-06, rated 2025-10: 52 months > 36: returning; v 1750 won with the draw v 1800:
    # Ra = 3550 / 2 = 1775, p = 0.75 -> 193: 1968.
    r = one(rating=1800, last_played="2021-06", games=["1750:1"])
    assert (r.status, r.method, r.new_rating, r.performance.nominal) == ("returning", "P", 1968, 1800.0)
    # With the 60-month reading the rating is still alive: the K-method.
    alive = one(rating=1800, last_played="2021-06", activity_months=60, games=["1750:1"])
    assert (alive.status, alive.method) == ("full", "K")
    # 36 months exactly is still within the window.
    assert one(rating=1800, last_played="2022-10", games=["1750:1"]).method == "K"


def test_a_lapsed_partial_rating_returns_as_a_new_player():
    r = one(rating=1452, partial=True, last_played="2020-09", games=["1500:1"])
    assert (r.status, r.performance.nominal) == ("new", 1500.0)


def test_no_rated_game_gives_no_p_rating():
    r = one(games=["0:1"])
    assert (r.method, r.new_rating, r.performance) == ("P", None, None)


def test_the_average_is_rounded_half_up():
    # Opponents 1500 and 1501 with the nominal 1500: Ra = 4501 / 3 = 1500.33 -> 1500; with 1501 and 1502 and
    # nominal 1500: 4503 / 3 = 1501.
    assert p_method([(1500, 0.5), (1501, 0.5)], 1500).average == 1500
    assert p_method([(1500, 0.5), (1501, 0.5)], 1502).average == 1501
    assert p_method([(1500, 0.5)], 1501).average == 1501  # 3001 / 2 = 1500.5 -> 1501
