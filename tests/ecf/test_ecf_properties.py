"""Properties for every input (hypothesis): the table's two columns sum to one; the K-method moves a
rating with W - We, a junior's twice an adult's; a game is zero-sum between two full ratings of the same
k; more points never lower a P rating; bad input is refused with its field named, never a crash."""

import json

from hypothesis import given
from hypothesis import strategies as st

from elo_core.ecf import table
from elo_core.ecf.kmethod import k_method
from elo_core.ecf.pmethod import p_method
from elo_core.facade import handle

ratings = st.integers(100, 3500)
scores = st.sampled_from([0.0, 0.5, 1.0])
games = st.lists(st.tuples(ratings, scores, st.booleans()), min_size=1, max_size=40)


@given(st.integers(-4000, 4000))
def test_the_columns_sum_to_one(d):
    assert table.expected(d).pd + table.expected(-d).pd == 1


@given(ratings, games, st.booleans())
def test_the_change_follows_w_minus_we(r0, gs, cap):
    r = k_method(r0, gs, junior=False, cap_400=cap)
    plain = k_method(r0, [(o, s, False) for o, s, _ in gs], junior=False, cap_400=cap)
    assert abs(plain.change - 20 * (plain.score - plain.expected)) < 1e-9
    assert (r.change > 0) == (sum(g.weight * (g.score - g.expected) for g in r.games) > 1e-12)
    assert abs(r.change) <= 20 * len(gs)


@given(ratings, games)
def test_a_juniors_change_is_twice_an_adults(r0, gs):
    assert abs(k_method(r0, gs, junior=True).change - 2 * k_method(r0, gs, junior=False).change) < 1e-9


@given(ratings, ratings, scores)
def test_a_game_between_two_full_ratings_is_zero_sum(a, b, s):
    assert abs(k_method(a, [(b, s, False)], False).change + k_method(b, [(a, 1 - s, False)], False).change) < 1e-9


@given(st.lists(st.tuples(ratings, scores), min_size=1, max_size=30), st.data(), st.integers(100, 3500))
def test_more_points_never_lower_a_p_rating(gs, data, nominal):
    i = data.draw(st.integers(0, len(gs) - 1))
    better = [(o, min(1.0, s + 0.5)) if j == i else (o, s) for j, (o, s) in enumerate(gs)]
    assert p_method(better, nominal).value >= p_method(gs, nominal).value


@given(st.dictionaries(st.sampled_from(["rating", "grade", "junior", "partial", "games", "earlier", "nominal", "month",
                                        "last_played", "activity_months", "results_12_months", "junior_rule", "cap_400"]),
                       st.one_of(st.text(max_size=12), st.integers(-5, 4000), st.booleans(), st.none(),
                                 st.lists(st.text(max_size=10), max_size=3))))
def test_any_input_is_answered(args):
    a = json.loads(handle(json.dumps({"op": "ecf", "args": args})))
    assert a["ok"] or all(e["field"] and e["message"] for e in a["errors"])
