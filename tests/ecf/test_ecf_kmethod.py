"""The K-method at each edge: adult and junior k, the junior rule, an opponent's Partial rating, the
400-point choice, rounding, games that do not count. Every figure is worked by hand in the comment."""

import pytest

from elo_core.ecf.kmethod import k_method
from elo_core.ecf.rating import rate


def one(**args):
    return rate({"month": "2025-10", **args})


def test_adult_k_is_20_and_junior_k_is_40():
    # 1800 v 1750 (D -50: band 47-53, H 0.57) won; v 1900 (D +100: band 99-106, L 0.36) drawn. W - We = 1.5 - 0.93.
    adult = one(rating=1800, games=["1750:1", "1900:1/2"])
    junior = one(rating=1800, junior=True, games=["1750:1", "1900:1/2"])
    assert (adult.k, adult.expected, adult.change, adult.new_rating) == (20, 0.93, 11.4, 1811)
    assert (junior.k, junior.expected, junior.change, junior.new_rating) == (40, 0.93, 22.8, 1823)
    assert adult.formula == "R1 = R0 + k (W - We) = 1800 + 20 x (1.5 - 0.93) = 1811.4 -> 1811"


def test_a_win_against_an_equal_opponent_is_plus_10_for_an_adult():
    # "on winning against a player of an equal rating the expected score is 0.5 ... if an adult the live
    # rating will increase by 10" (https://www.mscl.crowborough.org/ECF-Ratings.html); a junior: 20.
    assert one(rating=1500, games=["1500:1"]).change == 10
    assert one(rating=1500, junior=True, games=["1500:1"]).change == 20


def test_junior_rule_gains_gives_40_only_on_the_games_gained():
    # Won v 1750 (+0.43, k 40), drawn v 1900 (+0.14, k 40), lost v 1600 (D -200: 198-206 H 0.76, -0.76, k 20).
    r = one(rating=1800, junior=True, junior_rule="gains", games=["1750:1", "1900:1/2", "1600:0"])
    assert [g.k for g in r.games] == [40, 40, 20]
    assert r.change == pytest.approx(40 * 0.43 + 40 * 0.14 - 20 * 0.76)
    assert "only on the games the junior gains" in " ".join(r.notes)
    every = one(rating=1800, junior=True, games=["1750:1", "1900:1/2", "1600:0"])
    assert every.change == pytest.approx(40 * (1.5 - 1.69)) and "k 40 on every game" in " ".join(every.notes)


def test_an_opponents_partial_rating_halves_the_game():
    # v 1900P drawn: 20 x 0.5 x (0.5 - 0.36) = 1.4; v 1750 won: 20 x 1 x 0.43 = 8.6.
    r = one(rating=1800, games=["1750:1", "1900:0.5:P"])
    assert [(g.opponent_partial, g.weight, g.change) for g in r.games] == [(False, 1.0, 8.6), (True, 0.5, 1.4)]
    assert r.change == 10.0 and r.new_rating == 1810
    assert r.formula.startswith("R1 = R0 + sum of k x weight x (score - PD) = 1800 + 20 x 1 x (1 - 0.57)")


@pytest.mark.parametrize("game", ["1900:0.5:p", {"opponent": 1900, "score": "=", "partial": True}, [1900, 0.5, "yes"]])
def test_a_partial_opponent_is_written_three_ways(game):
    assert one(rating=1800, games=[game]).games[0].weight == 0.5


def test_the_whole_table_is_read_unless_the_400_cap_is_chosen():
    # 2300 v 1800 won: D -500, band 485-517, H 0.96 -> +0.8; with the cap D counts as -400, 392-411, 0.92 -> +1.6.
    whole = one(rating=2300, games=["1800:1"])
    capped = one(rating=2300, games=["1800:1"], cap_400=True)
    assert (whole.games[0].band, whole.change) == ("485-517", 0.8)
    assert (whole.games[0].difference, whole.games[0].counted_difference) == (-500, -500)
    g = capped.games[0]
    assert (g.band, g.difference, g.counted_difference, capped.change) == ("392-411", -500, -400, 1.6)


def test_the_new_rating_is_rounded_half_up():
    # v 1500 drawn, v 1521 won (D +21: 18-25, L 0.47): 20 x (1.5 - 0.97) = 10.6 -> 1510.6 -> 1511.
    assert one(rating=1500, games=["1500:=", "1521:1"]).new_rating == 1511
    # v 1496 lost (D -4: 4-10, H 0.51): 20 x -0.51 = -10.2 -> 1489.8 -> 1490.
    assert one(rating=1500, games=["1496:0"]).new_rating == 1490
    # Exactly a half: v 1535P drawn (D +35: 33-39, L 0.45): 20 x 0.5 x 0.05 = 0.5 -> 1500.5 -> 1501; and below: -> 1500.
    up = k_method(1500, [(1535, 0.5, True)], False)
    down = k_method(1500, [(1465, 0.5, True)], False)
    assert (up.new_rating_exact, up.new_rating, down.new_rating_exact, down.new_rating) == (1500.5, 1501, 1499.5, 1500)


def test_games_against_unrated_opponents_do_not_count():
    r = one(rating=1800, games=["0:1", "1750:1"])
    assert [g.counted for g in r.games] == [False, True] and r.n == 1
    assert "fresh rating" in r.games[0].reason


def test_no_counted_game_keeps_the_rating():
    r = one(rating=1800, games=["0:1"])
    assert (r.method, r.change, r.new_rating, r.formula) == ("K", 0.0, 1800, None)
    assert "the rating stays" in " ".join(r.notes)


def test_an_old_grade_is_converted_then_rated():
    # Grade 150 -> 7.5 x 150 + 700 = 1825; v 1825 won: +10.
    r = one(grade=150, games=["1825:1"])
    assert (r.rating, r.conversion.formula, r.new_rating) == (1825, "7.5 x 150 + 700 = 1825", 1835)
