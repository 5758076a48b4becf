"""Each FIDE rule at its edges: bands, the 400-point rule by date, 2650, 600/2600, K x n, rounding, floor."""

import json
from importlib import resources

import pytest

from elo_core import EloError, expected_score, k_factor, rate, rules_in_force, single_game
from elo_core.fide.tables import expected_from_table

NOW = "2025-10-01"
BANDS = json.loads(resources.files("elo_core.fide").joinpath("tables.json").read_text())["table_8_1_2_difference_to_pd"]


@pytest.mark.parametrize("band", BANDS, ids=lambda b: f"{b['d_min']}-{b['d_max']}")
def test_every_band_edge_of_table_8_1_2(band):
    for d in (band["d_min"], band["d_max"] if band["d_max"] is not None else 3000):
        assert float(expected_from_table(d)) == band["pd_higher"]
        assert float(expected_from_table(-d)) == band["pd_lower"]
    if band["d_max"] is not None:
        assert float(expected_from_table(band["d_max"] + 1)) > band["pd_higher"]


@pytest.mark.parametrize("d, pd", [(3, 0.50), (4, 0.51), (10, 0.51), (11, 0.52), (411, 0.92), (412, 0.93),
                                   (735, 0.99), (736, 1.0), (-735, 0.01), (-736, 0.0)])
def test_named_band_edges(d, pd):
    assert float(expected_from_table(d)) == pd


@pytest.mark.parametrize("opponent, used, pd", [(1600, 400, 0.92), (1599, 400, 0.92), (1588, 400, 0.92), (2400, -400, 0.08),
                                                (2401, -400, 0.08)])
def test_400_point_rule_at_400_and_401(opponent, used, pd):
    g = rate(2000, 20, [(opponent, 1)], rules=NOW).games[0]
    assert g.difference_used == used and float(g.expected) == pd
    assert (g.reason is not None) == (abs(2000 - opponent) > 400)


def test_2650_exemption_by_date_and_rating():
    after, before = NOW, "2025-09-30"
    assert expected_score(2650, 2200, rules=after) == 0.94     # real difference 450
    assert expected_score(2649, 2199, rules=after) == 0.92     # capped at 400
    assert expected_score(2650, 2200, rules=before) == 0.92    # before the amendment: capped
    assert expected_score(2200, 2650, rules=after) == 0.08     # the lower player keeps the cap
    assert expected_score(2650, 2200, rules=after, kind="rapid") == 0.92  # standard only


def test_2650_makes_the_two_sides_asymmetric():
    g = single_game(2700, 2200, 10, 20, rules=NOW)
    assert float(g.player.expected) + float(g.opponent.expected) == pytest.approx(1.04)
    g = single_game(2700, 2200, 10, 20, rules="2025-09-30")
    assert float(g.player.expected) + float(g.opponent.expected) == 1


@pytest.mark.parametrize("kind", ["rapid", "blitz"])
def test_600_rule_for_rapid_and_blitz_from_2024_12_01(kind):
    def counted(a, b, on):
        return rate(a, 20, [(b, 1)], rules=on, kind=kind).games[0].counted
    assert not counted(2601, 2001, "2024-12-01") and not counted(2001, 2601, "2024-12-01")  # both sides
    assert counted(2601, 2001, "2024-11-30")     # before the date
    assert counted(2600, 2000, "2024-12-01")     # nobody above 2600
    assert counted(2601, 2002, "2024-12-01")     # 599 apart
    assert not counted(2800, 2100, "2026-01-01")
    assert rate(2601, 20, [(2001, 1)], rules="2024-12-01", kind="standard").games[0].counted


def test_a_game_not_rated_changes_nothing_and_says_why():
    r = rate(2700, 10, [(2000, 1)], rules=NOW, kind="blitz")
    assert r.games_counted == 0 and r.change_rounded == 0 and r.new_rating == 2700
    assert "600" in r.games[0].reason
    g = single_game(2700, 2000, 10, 20, rules=NOW, kind="blitz")
    assert not g.rated and "600" in g.reason


def test_once_per_event_upgrade_of_the_2022_edition():
    r = rate(2000, 10, [(1500, 1), (1450, 1), (1550, 1), (1450, 1)], rules="2023-06-01")
    used = [g.difference_used for g in r.games]
    assert used == [500, 400, 450, 550]   # only the first of the greatest differences is upgraded
    assert [float(g.expected) for g in r.games] == [0.96, 0.92, 0.94, 0.97]
    low = rate(1500, 20, [(2000, 0), (2100, 0)], rules="2023-06-01")
    assert [g.difference_used for g in low.games] == [-400, -400]  # the lower rated player: every game
    assert [g.difference_used for g in rate(2000, 10, [(1500, 1), (1450, 1)], rules="2024-03-01").games] == [400, 400]


def test_rules_before_2022_are_refused():
    with pytest.raises(EloError, match="not modelled"):
        rate(2000, 20, [(1900, 1)], rules="2021-12-31")


@pytest.mark.parametrize("k, n, effective", [(35, 20, 35), (35, 21, 33), (40, 17, 40), (40, 18, 38), (10, 70, 10),
                                             (10, 71, 9)])
def test_k_times_n_at_most_700(k, n, effective):
    r = rate(1800, k, [(1800, 0.5)] * n, rules=NOW)
    assert r.effective_k == effective and r.effective_k * n <= 700
    assert k_factor(1800, 100, period_games=n).k == min(20, 700 // n)


def test_unrated_opponents_do_not_count_towards_n():
    r = rate(1800, 40, [(1800, 0.5)] * 17 + [(0, 1)] * 5, rules=NOW)
    assert r.games_counted == 17 and r.effective_k == 40


@pytest.mark.parametrize("k, games, unrounded, rounded", [
    (25, [(1800, 1)], 12.5, 13), (25, [(1800, 0)], -12.5, -13),       # exactly .5: away from zero
    (10, [(1765, 1)], 4.5, 5), (10, [(1765, 0)], -5.5, -6),           # PD .55
    (20, [(1800, 1), (1800, 0.5), (1770, 0)], -0.8, -1), (20, [(1750, 1), (1900, 0.5)], 11.4, 11),  # exact sums
])
def test_rounding_half_away_from_zero(k, games, unrounded, rounded):
    r = rate(1800, k, games, rules=NOW)
    assert float(r.change) == pytest.approx(unrounded) and r.change_rounded == rounded


def test_floor_1400_from_2024_03_01_and_1000_before():
    new = rate(1410, 40, [(1400, 0)], rules="2024-03-01")
    assert new.new_rating == 1390 and new.below_floor and "unrated" in new.floor_note
    old = rate(1410, 40, [(1400, 0)], rules="2024-02-29")
    assert old.new_rating == 1390 and not old.below_floor and old.floor_note is None
    assert rate(1010, 40, [(1000, 0)], rules="2024-02-29").below_floor
    assert rules_in_force(__import__("datetime").date(2024, 2, 29)).floor == 1000


@pytest.mark.parametrize("kwargs, k, rule", [
    (dict(rating=1800, games_played=12), 40, "new-player"),
    (dict(rating=2250, games_played=200, birth_year=2008, on="2026-12-31"), 40, "junior"),
    (dict(rating=2250, games_played=200, birth_year=2008, on="2027-01-01"), 20, "standard"),
    (dict(rating=2300, games_played=200, birth_year=2010, on="2026-06-01"), 20, "standard"),
    (dict(rating=2350, games_played=200, reached_2400=True), 10, "reached-2400"),
    (dict(rating=2400, games_played=10), 10, "reached-2400"),
    (dict(rating=1800, games_played=10, period_games=20), 35, "k-times-n"),
    (dict(rating=1800, games_played=10, kind="blitz", on="2022-09-30"), 20, "rapid-blitz-2022"),
    (dict(rating=1800, games_played=10, kind="blitz", on="2022-10-01"), 40, "new-player"),
])
def test_k_factor_advisor(kwargs, k, rule):
    advice = k_factor(**kwargs)
    assert (advice.k, advice.rule) == (k, rule) and advice.reason


def test_k_factor_advisor_refuses_dates_before_the_rules_it_models():
    # as rate() does: before 2022 K followed other rules, so no answer rather than today's
    assert k_factor(1800, 100, on="2022-01-01").k == 20
    with pytest.raises(EloError) as e:
        k_factor(1800, 100, on="2021-12-31")
    assert e.value.field == "date" and "not modelled" in e.value.message


def test_the_rules_of_a_date_are_folded_once():
    # each rate() asks for them (twice per keystroke, once per player of an event): kept, not refolded
    from elo_core import rate
    from elo_core.fide.rules import rules_in_force
    rate(1800, 20, "1750:1", rules="2025-10-02")
    before = rules_in_force.cache_info()
    rate(1800, 20, "1750:1", rules="2025-10-02")
    after = rules_in_force.cache_info()
    assert after.hits > before.hits and after.misses == before.misses
