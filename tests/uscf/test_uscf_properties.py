"""Properties of the US Chess engine over many inputs: the special formula's answer makes its
objective zero, and more points never lower the new rating."""

from hypothesis import assume, given
from hypothesis import strategies as st

from elo_core.uscf.rating import rate
from elo_core.uscf.special import special

ratings = st.integers(100, 2700)
scores = st.sampled_from([0.0, 0.5, 1.0])


def objective(x, prior_adj, n, opponents, adjusted_score):
    """The objective written out again, in floats."""
    def p(r, ri):
        return 0.0 if r <= ri - 400 else 1.0 if r >= ri + 400 else 0.5 + (r - ri) / 800
    return n * p(x, prior_adj) + sum(p(x, o) for o in opponents) - adjusted_score


@given(prior=ratings, n=st.floats(0, 8), history=st.sampled_from(["mixed", "all-wins", "all-losses"]),
       games=st.lists(st.tuples(ratings, scores), min_size=1, max_size=9))
def test_the_special_rating_makes_its_objective_zero(prior, n, history, games):
    assume(history == "mixed" or n > 0)
    opponents = [o for o, _ in games]
    r = special(prior, n, history, opponents, sum(s for _, s in games))
    assert abs(objective(r.value, r.adjusted_prior, n, opponents, r.adjusted_score)) < 1e-6
    assert r.new_rating == min(r.value, 2700)


@given(rating=ratings, played=st.integers(0, 60), games=st.lists(st.tuples(ratings, scores), min_size=1, max_size=9),
       which=st.integers(0, 8), dual=st.booleans(), day=st.sampled_from(["2020-01-01", "2024-01-01", "2025-06-01"]))
def test_more_points_never_lower_the_rating(rating, played, games, which, dual, day):
    i = which % len(games)
    assume(games[i][1] < 1)
    better = [*games[:i], (games[i][0], games[i][1] + 0.5), *games[i + 1:]]
    args = {"rating": rating, "games_played": played, "end": day, "dual": dual} if played else {"end": day, "dual": dual}
    before = rate({**args, "games": [f"{o}:{s}" for o, s in games]})
    after = rate({**args, "games": [f"{o}:{s}" for o, s in better]})
    assert after.new_rating >= before.new_rating - 1e-9


@given(prior=ratings, n=st.floats(0, 8), games=st.lists(st.tuples(ratings, scores), min_size=10, max_size=80))
def test_the_special_rating_of_a_long_event_makes_its_objective_zero(prior, n, games):
    opponents = [o for o, _ in games]
    r = special(prior, n, "mixed", opponents, sum(s for _, s in games))
    assert abs(objective(r.value, r.adjusted_prior, n, opponents, r.adjusted_score)) < 1e-6
