"""The special rating formula (the rating system's section 4.1): which players it rates, its exact
iteration, the all-wins and all-losses adjustments, its flat stretches and its 2700 cap; checked
against the approximating-formulas paper's worked example and the figures of other implementations."""

from fractions import Fraction

import pytest

from elo_core.uscf.rating import rate, uses_special
from elo_core.uscf.special import adjusted, pwe, special

END = "2025-06-01"


def one(**a):
    return rate({"end": END, **a})


def test_n_8_is_special_and_n_9_standard():
    assert one(rating=1500, games_played=8, games="1500:1").formula == "special"
    assert one(rating=1500, games_played=9, games="1500:1").formula == "standard"
    # all earlier games won or lost: the special formula at any count
    assert one(rating=1500, games_played=9, history="all-wins", games="1500:1").formula == "special"
    assert one(rating=1500, games_played=40, history="all-losses", games="1500:0").formula == "special"
    assert uses_special(0, "mixed")[0] and not uses_special(26, "mixed")[0]


def test_the_approximating_formulas_worked_example():
    # Glickman, "Approximating Formulas for the US Chess Rating System" (June 2015, April 2017): a player
    # rated 1500 on 6 games meets 1400 (win), 1550 (loss), 1650 (draw): (6 x 1500 + 3 x 1533.33 + 0) / 9
    # = 1511.111, rounded 1511. Every opponent is within 400 of the result, so the exact formula agrees.
    r = one(rating=1500, games_played=6, games=["1400:1", "1550:0", "1650:1/2"])
    assert r.formula == "special" and r.effective_games == 6
    assert r.new_rating == pytest.approx(13600 / 9) and r.new_rating_rounded == 1511
    assert [s.rule for s in r.special.steps] == ["start"]  # the old provisional formula is already the root


def test_the_issues_example_exact_not_the_estimators_shortcut():
    # A 1500 with 7 games wins against 1600 and 1200: the US Chess Rating Estimator (as Moritz72/elochess
    # replicates it, tests/data/uscf_samples.json) gives 1611; the special formula: (7 x 1500 + 2800 + 800) / 9.
    r = one(rating=1500, games_played=7, games=["1600:1", "1200:1"])
    assert r.new_rating == pytest.approx(14100 / 9) and r.new_rating_rounded == 1567
    lost = one(rating=1500, games_played=7, games=["1600:0", "1200:0"])  # the estimator: 1344
    assert lost.new_rating == pytest.approx(12500 / 9) and lost.new_rating_rounded == 1389


def test_pwe_and_the_adjustments_as_chessratings_tests_them():
    # RoaldSchuring/chessratings tests/test_uscf_elo.py: PWE 0, 0.5, 1; R0' and S' for a 1200 (N' 10) scoring 3.
    assert [pwe(Fraction(a), Fraction(b)) for a, b in ((1200, 1800), (1200, 1200), (1800, 1200))] == [0, Fraction(1, 2), 1]
    got = [adjusted(Fraction(1200), Fraction(10), h, Fraction(3)) for h in ("all-wins", "all-losses", "mixed")]
    assert got == [(800, 13), (1600, 3), (1200, 8)]


def objective(x, prior_adj, n, opponents, adjusted_score):
    """The objective written out again, in floats, to judge the module's answer."""
    def p(r, ri):
        return 0.0 if r <= ri - 400 else 1.0 if r >= ri + 400 else 0.5 + (r - ri) / 800
    return n * p(x, prior_adj) + sum(p(x, o) for o in opponents) - adjusted_score


def test_objective_of_chessratings_test_tournament():
    # chessratings: a 1200 (N' 10, mixed) with 3 points from 1300, 1250, 1200, 1200, 1250, 1300: f(1200) = -0.375
    assert objective(1200, 1200, 10, [1300, 1250, 1200, 1200, 1250, 1300], 3 + 5) == -0.375


def test_all_wins_history_puts_the_rating_400_above_the_best_beaten():
    # R0' = 1100, S' = 1 + 4: f reaches 0 only at 1600 + 400; on the way f is flat from 1500 to 1900.
    r = one(rating=1500, games_played=4, history="all-wins", games="1600:1")
    assert (r.special.adjusted_prior, r.special.adjusted_score) == (1100, 5)
    assert r.new_rating == 2000
    assert [s.rule for s in r.special.steps] == ["start", "knot", "secant"]
    assert [s.rule for s in one(rating=1500, games_played=4, history="all-wins", games="2300:1").special.steps] == \
        ["start", "knot", "flat", "secant"]


def test_all_losses_history_puts_the_rating_400_below_the_worst_lost_to():
    r = one(rating=1500, games_played=4, history="all-losses", games="1400:0")
    assert (r.special.adjusted_prior, r.special.adjusted_score) == (1900, 0)
    assert r.new_rating == 1000
    mixed = one(rating=1500, games_played=4, games="1400:0")  # the same loss after mixed results: 1400
    assert mixed.new_rating == 1400


def test_a_win_never_lowers_and_a_loss_never_raises_a_special_rating():
    # The old provisional formula would lose points for beating a much weaker player: (4 x 1500 + 800 + 400) / 5 = 1440.
    win = one(rating=1500, games_played=4, games="800:1")
    assert win.special.start == 1440 and win.new_rating == 1500
    loss = one(rating=1500, games_played=4, games="2400:0")
    assert loss.new_rating == 1500


def test_flat_stretch_prior_below_it():
    # Unrated adult (1300, N' 0): beats 1800, loses to 2800. Every M in [2200, 2400] fits; the nearest to 1300 is 2200.
    r = one(games=["1800:1", "2800:0"])
    assert r.special.start == 2300 and r.special.near == 0
    assert r.special.flat == (2200, 2400) and r.new_rating == 2200
    assert r.special.steps[-1].rule == "nearest the prior"
    assert any("fits the score equally" in n for n in r.notes)


def test_flat_stretch_prior_above_it():
    r = one(start=2600, start_games=0, games=["1000:1", "2000:0"])
    assert r.special.flat == (1400, 1600) and r.new_rating == 1600


def test_flat_stretch_bounded_by_the_priors_own_knots():
    # The document's knot set holds R0' +- 400 even when N' = 0 gives the prior no weight: with the prior
    # 1450, the stretch [1400, 2400] is cut at 1850, and M = 1900 lies in [1850, 2400] (chessratings, which
    # leaves the prior's knots out, would give 1450).
    r = one(start=1450, start_games=0, games=["1000:1", "2800:0"])
    assert r.special.start == 1900 and r.special.flat == (1850, 2400) and r.new_rating == 1850


def test_no_flat_stretch_when_an_opponent_sits_at_400():
    # Unrated adult loses twice to 2000: f = 0 for every M <= 1600; M = 1600 is exactly 400 below the
    # opponents (and 300 above the prior), so it counts as near (p > 0) and stays (both readings of 'within
    # 400' give 1600).
    r = one(games=["2000:0", "2000:0"])
    assert r.special.near == 3 and r.special.flat is None and r.new_rating == 1600


def test_the_2700_cap():
    at = one(rating=1500, games_played=4, history="all-wins", games="2300:1")
    assert at.special.value == 2700 and not at.special.capped and at.new_rating == 2700
    over = one(rating=1500, games_played=4, history="all-wins", games="2400:1")
    assert over.special.value == 2800 and over.special.capped and over.new_rating == 2700
    assert "capped at 2700" in over.special.formula


def test_unrated_by_age():
    # chessratings tests: ages 31, 20 and 1 start at 1300, 1000 and 100.
    assert [one(age=a, games="1000:1").initial.rating for a in (31, 20, 1)] == [1300, 1000, 100]
    r = one(age=10, games=["800:1", "900:1", "700:1"])
    assert r.initial.rating == 500 and r.effective_games == 0
    assert r.new_rating == 1300  # 400 above the best beaten


def test_special_direct_call():
    r = special(1500, 0, "mixed", [1500], 0.5)
    assert r.value == 1500 and r.objective == 0


def test_a_long_event_walks_every_knot():
    # 1000 wins by an unrated adult (N' = 0): f < 0 until every PWE is 1, so the walk up from the old
    # provisional formula (1449.05) passes every knot to 2398.1, 400 above the best opponent beaten.
    opponents = [100 + 1.9 * i for i in range(1000)]
    r = special(1300, 0, "mixed", opponents, 1000)
    assert r.value == pytest.approx(max(opponents) + 400) and r.objective == 0
    assert len(r.steps) > 500 and r.near == 1
