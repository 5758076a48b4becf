"""Old grades converted, categories A/K/P, and bad input refused with every field named at once."""

import pytest

from elo_core.ecf.categories import CATEGORY_TABLE, category, grade_to_rating
from elo_core.ecf.rating import rate
from elo_core.errors import EloError


@pytest.mark.parametrize("grade, rating, formula", [
    (150, 1825, "7.5 x 150 + 700 = 1825"), (0, 700, "7.5 x 0 + 700 = 700"),
    (123, 1623, "7.5 x 123 + 700 = 1622.5 -> 1623"), (240, 2500, "7.5 x 240 + 700 = 2500"),
    (370, 3475, "7.5 x 370 + 700 = 3475"),
])
def test_grade_conversion(grade, rating, formula):
    # "new = 7.5*old + 700" (The calculation of ECF Grades on a monthly basis, step 1).
    c = grade_to_rating(grade)
    assert (c.rating, c.formula) == (rating, formula)


def test_category_a_needs_30_results_in_12_months():
    assert category(True, 30).code == "A" and category(True, 29).code == "K" and category(False, 40).code == "P"
    r = rate({"rating": 1800, "games": ["1750:1"] * 5, "results_12_months": 30, "month": "2025-10"})
    assert (r.category.code, r.category_meaning) == ("A", "30 or more rated results in the previous 12 calendar months")
    # Without the count, the month's own results are all that is known.
    assert rate({"rating": 1800, "games": ["1750:1"] * 30, "month": "2025-10"}).category.code == "A"


def test_every_category_is_explained():
    assert [c.code for c in CATEGORY_TABLE] == ["A", "K", "P", "H", "unrated"]
    assert all(c.meaning and c.source for c in CATEGORY_TABLE)


def refused(**args):
    with pytest.raises(EloError) as e:
        rate(args)
    return [(x.field, x.message) for x in e.value.errors]


def test_several_bad_fields_are_reported_together():
    errors = refused(rating="abc", games=["1500:2", "x"], month="2025-13", junior_rule="sometimes", activity_months=48)
    assert [f for f, _ in errors] == ["rating", "games[0].score", "games[1]", "month", "activity_months", "junior_rule"]


@pytest.mark.parametrize("args, field, words", [
    ({"month": "2020-06"}, "month", "start in 2020-07"),
    ({"rating": 1800, "grade": 150, "month": "2025-10"}, "grade", "not both"),
    ({"partial": True, "month": "2025-10"}, "partial", "give the Partial rating"),
    ({"rating": 1800, "earlier": ["1500:1"], "month": "2025-10"}, "earlier", "give --partial"),
    ({"rating": 1800, "last_played": "2025-10", "month": "2025-10"}, "last_played", "before the month rated"),
    ({"last_played": "2024-01", "month": "2025-10"}, "last_played", "give the rating"),
    ({"grade": 400, "month": "2025-10"}, "grade", "between 0 and 370"),
    ({"rating": 1800, "games": ["1500:1:X"], "month": "2025-10"}, "games[0]", "OPPONENT:SCORE:P"),
    ({"rating": 1800, "month": "2025-1"}, "month", "YYYY-MM"),
])
def test_inconsistent_or_bad_input_is_refused(args, field, words):
    errors = refused(**args)
    assert errors[0][0] == field and words in errors[0][1], errors


def test_a_date_is_read_as_its_month():
    assert rate({"rating": 1800, "month": "2025-10-31"}).month == "2025-10"


def test_the_month_defaults_to_this_one_and_says_so():
    assert any(n.startswith("month: not given") for n in rate({"rating": 1800}).notes)
