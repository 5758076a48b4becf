"""Properties that must hold for every input (hypothesis): P(D) + P(-D) = 1, and more points never
lower Rn, under both rulebooks; bad input is refused with its field named, never a crash."""

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from elo_core.dwz.expected import difference, milli, win_probability
from elo_core.dwz.rating import rate
from elo_core.errors import EloError
from elo_core.facade import handle

differences = st.integers(-3500, 3500)
scores = st.sampled_from([0.0, 0.5, 1.0])
games = st.lists(st.tuples(st.integers(1, 3500), scores), min_size=1, max_size=30)
ends = st.sampled_from(["2015-01-01", "2026-06-07", "2026-06-08", "2027-03-01"])
years = st.one_of(st.none(), st.integers(1930, 2014))


@given(differences)
def test_p_of_d_and_of_minus_d_sum_to_one(d):
    assert math.isclose(win_probability(d) + win_probability(-d), 1)
    assert milli(d) + milli(-d) == 1000  # the rounded values too


@given(st.floats(-2000, 2000))
def test_d_of_p_inverts_p_of_d_within_one(d):
    assert abs(difference(win_probability(d)) - d) <= 0.5 + 1e-9 or abs(d) > 870  # beyond p in [0.001, 0.999]


@given(st.integers(1, 3500), st.integers(1, 60), years, games, st.data(), ends)
def test_more_points_never_lower_rn(rating, index, year, gs, data, end):
    i = data.draw(st.integers(0, len(gs) - 1))
    better = [(o, min(1.0, s + 0.5)) if j == i else (o, s) for j, (o, s) in enumerate(gs)]
    low = rate(rating, index, gs, birth_year=year, end=end)
    high = rate(rating, index, better, birth_year=year, end=end)
    assert high.new_rating >= low.new_rating


@given(st.integers(1, 3500), st.integers(1, 60), years, games, ends)
def test_rn_moves_with_w_minus_we_and_2026_never_below_1100(rating, index, year, gs, end):
    r = rate(rating, index, gs, birth_year=year, end=end)
    if r.score > r.expected:
        assert r.new_rating >= rating
    if r.rulebook == "2026":
        assert r.new_rating >= 1100
    else:
        assert abs(r.new_rating - rating - r.change) <= 0.5


@given(st.one_of(st.text(max_size=8), st.integers(-5, 5000), st.none()), st.one_of(st.text(max_size=4), st.integers(-2, 3)),
       st.one_of(st.text(max_size=12), st.none()))
def test_bad_input_is_refused_by_field(rating, index, end):
    try:
        rate(rating, index, [(1800, 1)], end=end)
    except EloError as e:
        assert all(err.field in ("rating", "index", "end") for err in e.errors)
    answer = json.loads(handle(json.dumps({"op": "dwz", "args": {"rating": rating, "index": index, "games": "1800:1"}})))
    assert answer["ok"] or all(err["field"] in ("rating", "index") for err in answer["errors"])
