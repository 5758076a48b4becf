"""The standard formula (the rating system's section 4.2): K = 800 / (N' + m), the effective games N',
the bonus with its threshold B by the event's end date, the reduced K of dual-rated events; checked
against the K table of the rating system document and the Rating Estimator's standard-formula figures."""

import math
from datetime import date

import pytest

from elo_core.errors import EloError
from elo_core.uscf.effective import effective_games, n_star
from elo_core.uscf.rating import rate
from elo_core.uscf.rules import threshold_for
from elo_core.uscf.standard import bonus, k_factor


def one(**a):
    return rate({"end": "2025-06-01", **a})


@pytest.mark.parametrize("n, m, k", [(6, 4, 80), (6, 6, 66.67), (6, 10, 50), (20, 4, 33.33), (20, 6, 30.77),
                                     (20, 10, 26.67), (50, 4, 14.81), (50, 6, 14.29), (50, 10, 13.33)])
def test_k_as_the_rating_system_document_tabulates_it(n, m, k):
    # Glickman, "The USCF Rating System" (2004 edition, node5): example values of K = 800 / (N' + m).
    assert round(k_factor(1500, n, m, False).value, 2) == k


@pytest.mark.parametrize("rating, games, effective", [(900, 0, 0), (1200, 10, 10), (1300, 20, 14), (2400, 40, 40),
                                                      (2400, 60, 50)])
def test_effective_games_as_chessratings_tests_them(rating, games, effective):
    # RoaldSchuring/chessratings tests/test_uscf_elo.py (N' truncated to a whole number there).
    assert int(effective_games(rating, games).value) == effective


def test_n_star_at_its_bounds():
    assert n_star(2355) == pytest.approx(50 / math.sqrt(0.662 + 0.00000739 * 214 ** 2))
    assert n_star(2355) == pytest.approx(49.99, abs=0.01)  # nearly continuous at 2355
    assert n_star(2355.5) == 50 and n_star(2569) == 50


@pytest.mark.parametrize("day, b", [("2017-05-01", 14), ("2023-01-31", 14), ("2023-02-01", 12), ("2024-12-31", 12),
                                    ("2025-01-01", 10), ("2026-12-31", 10)])
def test_threshold_by_the_end_date(day, b):
    assert threshold_for(date.fromisoformat(day)).value == b


def test_no_rules_before_may_2017():
    with pytest.raises(EloError, match="before 2017-05-01 are not modelled"):
        threshold_for(date(2017, 4, 30))


@pytest.mark.parametrize("b", [14, 12, 10])
def test_bonus_just_above_and_below_the_threshold(b):
    # Four games: the bonus starts above B x sqrt(4).
    assert bonus(2 * b + 0.01, 4, b, 1).value == pytest.approx(0.01)
    assert bonus(2 * b - 0.01, 4, b, 1).value == 0
    assert bonus(2 * b + 0.01, 9, b, 1).value == 0  # nine games: B x 3


def test_bonus_by_the_events_end_date():
    # An established 1500 (N' = N* = 16.57) scores 4/4 against 1500s: K (S - E) = 800 / 20.57 x 2 = 77.79.
    gain = 800 / (n_star(1500) + 4) * 2
    for day, b in (("2023-01-31", 14), ("2023-02-01", 12), ("2025-01-01", 10)):
        r = rate({"rating": 1500, "games_played": 40, "games": ["1500:1"] * 4, "end": day})
        assert (r.threshold, r.bonus) == (b, pytest.approx(gain - 2 * b))
        assert r.new_rating == pytest.approx(1500 + 2 * gain - 2 * b)


def test_three_games_count_as_four():
    b = bonus(19, 3, 10, 1)
    assert (b.games_counted, b.threshold_points, b.value) == (4, 20, 0)  # with sqrt(3): 19 - 17.32 = 1.68
    assert bonus(25, 3, 10, 1).value == pytest.approx(5)


def test_no_bonus_under_three_games():
    b = bonus(100, 2, 10, 1)
    assert not b.applies and b.value == 0 and "needs 3 or more" in b.reason


def test_an_opponent_met_three_times_forfeits_the_bonus():
    thrice = one(rating=1500, games_played=40, games=["1500:1:Ann", "1500:1:Ann", "1500:1:Ann", "1500:1:Bob"])
    twice = one(rating=1500, games_played=40, games=["1500:1:Ann", "1500:1:Ann", "1500:1:Bob", "1500:1:Cy"])
    assert thrice.max_meetings == 3 and thrice.bonus == 0 and "met 3 times" in thrice.bonus_detail.reason
    assert twice.max_meetings == 2 and twice.bonus > 0
    assert twice.new_rating - thrice.new_rating == pytest.approx(twice.bonus)


@pytest.mark.parametrize("r0, factor", [(2200, 1), (2300, 0.75), (2400, 0.5), (2499, 0.2525), (2500, 0.25), (2600, 0.25)])
def test_dual_rated_k_of_strong_players(r0, factor):
    k = k_factor(r0, 50, 4, True)
    assert k.factor == pytest.approx(factor) and k.value == pytest.approx(800 / 54 * factor)
    assert k_factor(r0, 50, 4, False).factor == 1


def test_dual_rated_k_only_for_the_regular_rating():
    games = ["2400:1", "2400:0", "2400:1", "2400:0"]
    regular = one(rating=2400, games_played=100, games=games, dual=True)
    quick = one(rating=2400, games_played=100, games=games, dual=True, pool="quick")
    assert regular.k == pytest.approx(quick.k / 2)
    assert any("K not reduced" in n for n in quick.notes)


@pytest.mark.parametrize("r0, opponents, score, dual, estimator", [
    (1900, [1700, 1800, 1900, 2000], 2.5, False, 1907), (2300, [1700, 1800, 1900, 2000], 2.5, False, 2281),
    (2500, [2500, 2600], 0.5, False, 2494), (2100, [1700, 1800, 1900, 2000], 2.5, True, 2085),
    (2300, [1700, 1800, 1900, 2000], 2.5, True, 2285), (2600, [1700, 1800, 1900, 2000], 2.5, True, 2594)])
def test_the_rating_estimators_standard_figures(r0, opponents, score, dual, estimator):
    # Moritz72/elochess tests/data/uscf_samples.json, from US Chess's Rating Estimator (B = 10, 50 games
    # played): the estimator rounds a gain up and a loss down; the rating system rounds to the nearest.
    scores, left = [], score
    for _ in opponents:
        scores.append(min(1.0, left))
        left -= scores[-1]
    r = one(rating=r0, games_played=50, games=[f"{o}:{s}" for o, s in zip(opponents, scores)], dual=dual)
    assert r.formula == "standard"
    assert (math.ceil(r.unfloored) if r.unfloored > r0 else math.floor(r.unfloored)) == estimator
    assert abs(r.new_rating_rounded - estimator) <= 1
