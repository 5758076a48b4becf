"""The 2026 rulebook at each edge: K0 by index 1 to >10 and group, the brake factor b, the success
surcharge a, the cap 80, the minimum 1100, and which rulebook rates an event either side of the change."""

import pytest

from elo_core.dwz.coefficient import reform_k
from elo_core.dwz.rating import rate
from elo_core.dwz.rules import reform
from elo_core.errors import EloError

R = reform()
NEW = "2026-07-01"


@pytest.mark.parametrize("index, young, adult, strong", [
    (1, 60, 60, 60), (2, 60, 60, 60), (3, 48, 44, 41), (4, 46, 42, 39), (5, 44, 40, 37), (6, 42, 38, 35),
    (10, 34, 30, 27), (11, 32, 28, 25), (400, 32, 28, 25)])
def test_k0_by_index_and_group(index, young, adult, strong):
    # W >= We with R0 >= 2000 (no surcharge for any age): K = K0
    assert reform_k(2100, index, 22, True, False, R).k0 == young  # up to 25, R0 < 2200
    assert reform_k(1900, index, 40, False, False, R).k0 == adult  # over 25, R0 < 2000
    assert reform_k(2000, index, 40, True, False, R).k0 == strong  # over 25, R0 >= 2000
    assert reform_k(2200, index, 22, True, False, R).k0 == strong  # up to 25, R0 >= 2200


def test_index_column_is_named():
    assert reform_k(2100, 10, 40, True, False, R).index_column == "10"
    assert reform_k(2100, 11, 40, True, False, R).index_column == ">10"


def test_brake_factor_below_1600_and_expectation():
    k = reform_k(1200, 20, 40, False, True, R)  # b = (1200 + 800) / 2400
    assert (k.b_applies, round(k.b, 4), k.value) == (True, 0.8333, 23.3)  # 28 x 0.8333 = 23.33
    assert not reform_k(1600, 20, 40, False, True, R).b_applies
    assert not reform_k(1200, 20, 40, True, False, R).b_applies


@pytest.mark.parametrize("age, r0, a", [(20, 1700, 10.0), (20, 2000, 0.0), (21, 1500, 4.0), (25, 1599, 4.0),
                                        (26, 1500, 4.0), (26, 1600, 0.0), (None, 1500, 4.0)])
def test_success_surcharge(age, r0, a):
    assert reform_k(r0, 20, age, True, False, R).a == a
    assert reform_k(r0, 20, age, False, True, R).a == 0  # only at or above expectation


def test_k_is_capped_at_80():
    k = reform_k(800, 1, 10, True, False, R)  # 60 + (2000 - 800) / 30 = 100
    assert (k.unrounded, k.value, k.capped) == (100.0, 80.0, True)


def test_k_rounds_to_one_decimal_half_up():
    k = reform_k(1985, 20, 15, True, False, R)  # 32 + 15 / 30 = 32.5
    assert k.value == 32.5
    k = reform_k(1999, 20, 15, True, False, R)  # 32 + 1 / 30 = 32.0333
    assert k.value == 32.0


def test_rn_by_hand():
    # We = 0.362 + 0.5; K = 28 x 2300 / 2400 = 26.83 -> 26.8; Rn = 1500 - 26.8 x 0.862 = 1476.90
    r = rate(1500, 12, [(1600, 0), (1500, 0)], birth_year=1996, end=NEW)
    assert (r.rulebook, r.expected, r.e, r.k, r.new_rating, r.new_index) == ("2026", 0.862, None, 26.8, 1477, 13)


def test_minimum_dwz_1100():
    r = rate(1120, 20, [(1120, 0)] * 4, end=NEW)  # 1120 - 22.4 x 2 = 1075.2
    assert r.new_rating == 1100 and r.floor_applied and r.change < -20
    r = rate(1000, 20, [(1000, 0.5)], end=NEW)  # a DWZ below 1100 from before: raised to 1100
    assert (r.change, r.new_rating, r.floor_applied) == (0.0, 1100, True)
    assert not rate(1500, 20, [(1500, 0)], end=NEW).floor_applied


@pytest.mark.parametrize("end, rulebook", [("2026-06-07", "classic"), ("2026-06-08", "2026"), ("2014-05-30", "classic")])
def test_rulebook_by_end_date(end, rulebook):
    r = rate(1800, 12, [(1750, 1), (1900, 0.5)], birth_year=1980, end=end)
    assert r.rulebook == rulebook
    assert (r.e is not None, r.k is not None) == (rulebook == "classic", rulebook == "2026")


def test_either_side_of_the_change_the_same_games_give_each_rulebooks_number():
    games = [(1750, 1), (1900, 0.5)]
    before = rate(1800, 12, games, birth_year=1980, end="2026-06-07")
    after = rate(1800, 12, games, birth_year=1980, end="2026-06-08")
    assert (before.e, before.new_rating) == (25, 1817)
    assert (after.k, after.new_rating) == (28.0, 1816)  # 1800 + 28 x 0.568 = 1815.90


def test_a_rulebook_can_be_chosen_and_says_so():
    r = rate(1800, 12, [(1750, 1)], end="2025-10-04", rulebook="2026")
    assert r.rulebook == "2026" and "chosen" in r.rulebook_note and "classic" in r.rulebook_note


def test_dates_before_the_oldest_edition_read_are_refused():
    with pytest.raises(EloError) as e:
        rate(1800, 12, [(1750, 1)], end="2014-05-29")
    assert e.value.field == "end"


def test_2026_notes_say_the_text_was_not_found():
    r = rate(1800, 12, [(1750, 1)], end=NEW)
    assert any("not found" in n and "8 June 2026" in n for n in r.notes)
