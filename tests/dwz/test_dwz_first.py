"""First ratings (Erst-DWZ) of one player: who gets one, the iteration, the rule below 800 (classic)
and the 2026 formula, the games kept as Restpartien by those who stay unrated."""

from fractions import Fraction

import pytest

from elo_core.dwz.expected import difference, expected_milli
from elo_core.dwz.first import first_dwz, iterate
from elo_core.dwz.rating import rate
from elo_core.dwz.rules import classic, reform

OLD, NEW = "2025-10-04", "2026-07-01"
MIXED = [(1500, 1), (1600, 0.5), (1400, 1), (1700, 0), (1550, 0.5)]


def test_first_dwz_is_where_the_iteration_stops():
    r = rate(None, None, MIXED, end=OLD)
    f = r.first
    assert (f.stage, f.reason, f.games, f.score, f.average_opponent) == (1, None, 5, 3.0, 1550.0)
    assert f.start == 1550 + difference(3 / 5) and f.steps[0] == f.start and f.steps[-1] == f.ri
    we = expected_milli(f.ri, [o for o, _ in MIXED]) / 1000
    assert difference(0.5 + (3 - we) / 5) == 0  # no further step
    assert (r.new_rating, r.new_index, f.rule) == (round(f.ri), 1, "Ri >= 800: Rn = Ri")
    assert r.index is None and r.e is None and r.k is None


@pytest.mark.parametrize("games, reason", [
    ([(1500, 1)] * 5, "100 %"), ([(1500, 0)] * 5, "0 %"), (MIXED[:4], "4 games")])
def test_classic_no_first_dwz_keeps_restpartien(games, reason):
    r = rate(None, None, games, end=OLD)
    assert r.first.stage is None and reason in r.first.reason and r.new_rating is None and r.new_index is None
    assert r.first.restpartien == tuple((float(o), float(s)) for o, s in games)


def test_unrated_opponents_of_a_new_player_do_not_count():
    r = rate(None, None, [*MIXED, (0, 1)], end=OLD)
    assert r.n == 5 and not r.games[-1].counted and r.first.stage == 1


def test_below_800_the_rule_700_plus_ri_over_8():
    r = rate(None, None, [(900, 0.5)] + [(900, 0)] * 4, end=OLD)
    f = r.first
    assert f.ri < 800 and f.rule == "Ri < 800: Rn = 700 + Ri / 8"
    assert r.new_rating == int(700 + f.ri / 8 + 0.5)


@pytest.mark.parametrize("ri, rn", [(2300, 2300), (2000, 2000), (1999, 1999), (1500, 1540), (1100, 1172),
                                    (1099, 1172), (550, 1136), (0, 1100)])
def test_2026_first_dwz_formula(ri, rn):
    # Rh; Rh + 0.08 (2000 - Rh) from 1100; 1100 + (9 x 0.08 / 11) Rh below 1100
    assert first_dwz(ri, reform()).value == rn


def test_2026_first_dwz_from_games():
    r = rate(None, None, MIXED, end=NEW)
    assert r.rulebook == "2026" and r.first.stage == 1
    assert r.new_rating == int(r.first.ri + 0.08 * (2000 - r.first.ri) + 0.5)


def test_2026_a_perfect_score_gets_a_fictitious_draw():
    r = rate(None, None, [(1500, 1), (1600, 1), (1400, 1), (1700, 1), (1550, 1)], end=NEW)
    f = r.first
    assert (f.stage, f.fictitious_draw) == (1, 1550.0) and f.ri > 1550 and r.new_rating >= 1100
    assert any("not found" in n for n in r.notes)


def test_2026_a_zero_score_stays_unrated():
    r = rate(None, None, [(1500, 0)] * 5, end=NEW)
    assert r.first.stage is None and "0 %" in r.first.reason and len(r.first.restpartien) == 5


def test_the_iteration_keeps_the_last_values_where_it_would_swing():
    # 8 games against four opponents twice, 5 points (the DSB's A625-E03-VMA, tests/dwz/test_dwz_published.py):
    # the whole numbers swing between 2124 and 2125; the DSB published 2125.
    games = [(Fraction(o), s) for o, s in zip([1934, 2052, 2051, 2091] * 2, [1, 0, 0.5, 0.5, 0.5, 1, 1, 0.5])]
    it = iterate({"x": Fraction(2122)}, {"x": games}, classic().sigma, 3)
    assert (it.values["x"], it.settled, it.swing) == (2125.0, True, True)
