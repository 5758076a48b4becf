"""Rating floors (the rating system's section 5): the absolute floor and the personal absolute floor,
the established floor from the peak, and which pools have it."""

import pytest

from elo_core.uscf.floors import established_floor, floor_of
from elo_core.uscf.rating import rate


def one(**a):
    return rate({"end": "2025-06-01", **a})


@pytest.mark.parametrize("peak, floor", [(1399, None), (1400, 1200), (1499, 1200), (1500, 1300), (1653, 1400),
                                         (1941, 1700), (2299, 2000), (2300, 2100), (2650, 2100)])
def test_established_floor_from_the_peak(peak, floor):
    # The office's examples: peak 1653 -> 1400, 1941 -> 1700 (1741, the floor just below), 1400-1499 -> 1200.
    assert established_floor(peak) == floor


def test_personal_absolute_floor():
    assert floor_of("regular", None, 0, 0, 0).value == 100
    assert floor_of("regular", None, 2, 1, 1).personal == 100 + 8 + 2 + 1
    assert floor_of("regular", None, 1, 0, 1, wins_earlier=20, draws_earlier=5, events_earlier=3).personal == 150


def test_the_floor_holds_an_established_rating_up():
    # 1720 (100 games, peak 1941) loses four games to 1700s: the formula gives about 1665, the floor is 1700.
    r = one(rating=1720, games_played=100, peak=1941, games=["1700:0"] * 4)
    assert r.unfloored < 1700 and r.floor == 1700 and r.floor_applied and r.new_rating == 1700
    assert r.new_rating_rounded == 1700


def test_no_peak_floor_in_quick_or_blitz():
    r = one(rating=1720, games_played=100, peak=1941, games=["1700:0"] * 4, pool="quick")
    assert r.floor_detail.established is None and not r.floor_applied and r.new_rating < 1700
    assert any("no floor from the peak in the Quick pool" in n for n in r.notes)


def test_established_without_peak_uses_the_pre_event_rating():
    r = one(rating=1850, games_played=30, games=["1700:0"] * 4)
    assert r.floor_detail.peak == 1850 and r.floor == 1600
    assert any("taken as the peak" in n for n in r.notes)


def test_the_absolute_floor_holds_a_low_rating_up():
    # 120 (30 games) loses three games to 300s: K = 800 / (N' + 3), N' = N*(120) = 7.45; about -60.
    r = one(rating=120, games_played=30, games=["300:0"] * 3)
    assert r.unfloored < 101 and r.floor == 101 and r.new_rating == 101  # 100 + 1 event of 3 games
    with_career = one(rating=120, games_played=30, games=["300:0"] * 3, career_wins=5, career_draws=2, career_events=4)
    assert with_career.floor == 100 + 20 + 4 + 5 and with_career.new_rating == 129
    assert any("personal absolute floor counts this event's only" in n for n in r.notes)
