"""A whole rating period (issue 51): each event from its own start and Ro, K x n <= 700 over the
list's games, one rounding; rapid and standard apart; the score needed across the period."""

import json
import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import EloError, rate
from elo_core.facade import handle
from elo_core.fide.period import list_month, rate_period


def period(*events, rating=2000, k=20, **more):
    return rate_period({"rating": rating, "k": k, "events": list(events), **more})


def event(start, games, **more):
    return {"start": start, "games": games, **more}


def test_figures_of_a_period_published_by_fide():
    # FIDE's individual calculation (June 2017, via elo-calculator.chesselo.com): Ro 1922, K 40;
    # 1798 won (0.33, 13.20), 1801 lost (-0.66, -26.40), 1897 won (0.47, 18.80); Rc 1832;
    # total change 5.60. 2017's rules are not modelled; these games' rules were the same in 2022.
    p = period(event("2022-01-01", [[1798, 1], [1801, 0], [1897, 1]]), rating=1922, k=40)
    e = p.main.events[0]
    assert [(str(g.chg), str(g.k_chg)) for g in e.games] == [("0.33", "13.20"), ("-0.66", "-26.40"), ("0.47", "18.80")]
    assert (e.rc, e.w, e.n, str(e.chg), str(e.k_chg)) == (1832, 2.0, 3, "0.14", "5.60")
    assert (p.main.change_rounded, p.main.new_rating) == (6, 1928)


def test_two_events_under_the_2022_and_the_2024_400_point_rules():
    # 2022 edition (until 29 Feb 2024): one upgrade per event, in the game of greatest difference;
    # from 1 March 2024, every game.
    games = [[2000, 1], [2050, 1]]
    p = period(event("2024-02-20", games), event("2024-03-05", games), rating=2500, k=10)
    before, after = p.main.events
    assert [g.capped for g in before.games] == [True, False]
    assert [g.capped for g in after.games] == [True, True]
    assert [str(g.pd) for g in before.games] == ["0.92", "0.94"]  # 450 apart: the table, not 400
    assert [str(g.pd) for g in after.games] == ["0.92", "0.92"]
    assert (str(before.k_chg), str(after.k_chg)) == ("1.40", "1.60")


def test_an_event_started_under_the_previous_list_is_rated_from_its_ro():
    p = period(event("2025-10-26", [[1900, 1]], end="2025-11-02", rating=1952), event("2025-11-15", [[1900, 1]]),
               rating=1953)
    old, new = p.main.events
    assert (old.ro, new.ro) == (1952, 1953)
    assert "Rated from Ro 1952" in old.notes[0] and new.notes == ()
    assert p.list_month == "2025-12"
    assert "October 2025" in period(event("2025-10-26", [[1900, 1]], end="2025-11-02"), rating=1953).main.events[0].notes[0]


@pytest.mark.parametrize("games, k", [(35, 20), (36, 19), (39, 17)])
def test_k_20_over_35_36_and_39_games_of_two_events(games, k):
    first, second = [[1900, 1]] * 20, [[1900, 1]] * (games - 20)
    p = period(event("2025-11-01", first), event("2025-11-20", second))
    assert p.main.k == k and [e.k for e in p.main.events] == [k, k] and p.main.n == games
    assert ("K 20 becomes" in " ".join(p.main.notes)) == (k != 20)


def test_k_40_over_18_games():
    p = period(event("2025-11-01", [[1900, 0.5]] * 9), event("2025-11-20", [[1900, 0.5]] * 9), k=40)
    assert p.main.k == 38 and p.main.base_k == 40


@pytest.mark.parametrize("opponent, once, apart", [(2015, 1, 0), (1985, -1, 0)])
def test_one_rounding_for_the_period_not_one_per_event(opponent, once, apart):
    # two draws a 15-point difference apart: +-0.02 each, K 10: +-0.4 an event; +-0.8 in all
    draws = [[opponent, 0.5], [opponent, 0.5]]
    p = period(event("2025-11-01", draws), event("2025-11-10", draws), k=10)
    assert [str(e.k_chg) for e in p.main.events] == (["0.40"] * 2 if once > 0 else ["-0.40"] * 2)
    assert (p.main.change_rounded, p.main.per_event_rounded) == (once, apart)
    assert "rounds the period's change once" in p.main.notes[0]


def test_rapid_and_standard_in_one_month_are_two_lists():
    p = period(event("2025-11-01", [[1900, 1]] * 36), event("2025-11-08", [[1700, 0]] * 10, kind="rapid"),
               rapid={"rating": 1800, "k": 20})
    assert (p.main.kind, p.main.k, p.main.n) == ("standard", 19, 36)
    (rapid,) = p.other_lists
    assert (rapid.kind, rapid.rating, rapid.k, rapid.n, rapid.new_rating) == ("rapid", 1800, 20, 10, 1800 - 128)
    assert p.to_dict()["other_lists"][0]["kind"] == "rapid"


def test_a_kind_without_its_lists_facts_is_named():
    with pytest.raises(EloError) as e:
        period(event("2025-11-08", [[1700, 0]], kind="blitz"))
    assert e.value.field == "blitz" and '"blitz": {"rating"' in e.value.message


def test_the_score_needed_across_the_period():
    p = period(event("2025-10-26", [[2174, 0], [1890, 0.5]], rating=1952),
               event("2025-11-15", [[1800, 1], [2000, 0.5]], remaining=[1900, 2100]), rating=1953, target=1960)
    assert p.main.new_rating == 1954
    assert p.main.score_needed == {"target": 1960, "points": 1.5, "of": 2, "already": False, "new_rating": 1967,
                                   "note": None}
    assert period(event("2025-11-15", [[1800, 1]], remaining=[1900]), target=1990).main.score_needed["points"] == 0
    out_of_reach = period(event("2025-11-15", [], remaining=[1900]), target=2100).main.score_needed
    assert out_of_reach["points"] is None and out_of_reach["note"] == "2100 cannot be reached in this game"


def test_the_k_advisor_sets_k_when_k_is_not_given():
    p = rate_period({"rating": 1800, "games_played": 12, "birth_year": 1990, "events": [event("2025-11-01", [[1800, 1]])]})
    assert p.main.k == 40 and "new to the list" in p.main.k_source


@pytest.mark.parametrize("data, field", [
    ({"rating": 1900, "k": 20, "events": [event("2025-11-01", [[1800, 1], [1800, 1], [1800, 1], [1800, 1], [1800, 7]])]},
     "events[0].games[4].score"),
    ({"rating": 1900, "k": 20, "events": [event("2025-11-01", []), event("x", [])]}, "events[1].start"),
    ({"rating": 1900, "k": 20, "events": [event("2025-11-05", [], end="2025-11-01")]}, "events[0].end"),
    ({"rating": 1900, "k": 20, "events": [event("2025-11-05", [], what=1)]}, "events[0].what"),
    ({"rating": 1900, "k": 20, "colour": "w", "events": []}, "colour"),
    ({"rating": 0, "k": 20, "events": [event("2025-11-05", [])]}, "rating"),
    ({"rating": 1900, "events": [event("2025-11-05", [])]}, "k"),
    ({"rating": 1900, "k": 20}, "events"),
])
def test_bad_input_names_the_field_as_the_file_writes_it(data, field):
    with pytest.raises(EloError) as e:
        rate_period(data)
    assert e.value.field == field


def test_the_door_answers_a_period_and_names_every_bad_field():
    answer = json.loads(handle(json.dumps({"op": "period", "args": {"rating": "1953", "k": "20", "events": [
        event("2025-10-26", [[2174, 0], [1890, "x"]]), {"start": "bad", "games": 5}]}})))
    assert [e["field"] for e in answer["errors"]] == ["events[0].games[1].score", "events[1].start", "events[1].games"]
    ok = json.loads(handle(json.dumps({"op": "period", "args": {"rating": 1953, "k": 20, "events": [
        event("2025-11-15", [[1800, 1]])]}})))["result"]
    assert {"events", "k", "change", "change_rounded", "new_rating", "other_lists", "list_month"} <= ok.keys()
    assert {"rc", "ro", "w", "n", "chg", "k", "k_chg", "games"} <= ok["events"][0].keys()
    assert {"opponent", "score", "capped", "chg", "k_chg"} <= ok["events"][0]["games"][0].keys()


def test_the_list_month_and_the_last_three_days():
    assert (list_month(__import__("datetime").date(2025, 12, 15)), period(event("2025-11-28", [[1900, 1]])).notes) == \
        ("2026-01", ("An event that ends in a month's last 3 days may go on the list after (2026-01), "
                     "as FIDE rates what is reported in time.",))


ratings = st.integers(1000, 2800)
games = st.lists(st.tuples(st.integers(0, 3000), st.sampled_from([0.0, 0.5, 1.0])), max_size=40)
days = st.sampled_from(["2022-03-01", "2023-06-01", "2024-02-29", "2024-03-01", "2024-12-01", "2025-10-01"])


@settings(max_examples=150)
@given(ratings, st.sampled_from([10, 20, 40]), games, days, st.sampled_from(["standard", "rapid", "blitz"]))
def test_one_event_gives_rates_figures_exactly(rating, k, gs, day, kind):
    p = rate_period({"rating": rating, "k": k, "kind": kind, "events": [{"start": day, "games": gs}]})
    r = rate(rating, k, gs, rules=day, kind=kind)
    assert (p.main.change, p.main.change_rounded, p.main.new_rating, p.main.k) == (r.change, r.change_rounded,
                                                                                   r.new_rating, r.effective_k)
    assert p.main.events[0].n == r.games_counted and p.main.events[0].w == r.score


@settings(max_examples=100)
@given(ratings, st.lists(st.tuples(days, games), min_size=1, max_size=5), st.randoms())
def test_the_order_of_events_does_not_change_the_result(rating, evs, rnd: random.Random):
    events = [event(day, gs) for day, gs in evs]
    shuffled = events[:]
    rnd.shuffle(shuffled)
    a, b = (rate_period({"rating": rating, "k": 20, "events": e}).main for e in (events, shuffled))
    assert (a.change, a.change_rounded, a.new_rating, a.k) == (b.change, b.change_rounded, b.new_rating, b.k)
    assert a.change == sum((e.k_chg for e in a.events), Decimal(0))


def test_each_list_gives_its_score_expected_and_chg_over_its_events():
    # The page shows a list's points scored and its score above the expected without adding
    # anything up itself: W and chg summed over the events of that list only.
    p = period(event("2025-11-01", [[1800, 1], [2000, 0.5]]), event("2025-11-10", [[2100, 0]]),
               event("2025-11-12", [[1900, 1]], kind="rapid"), rapid={"rating": 1950, "k": 20})
    main, rapid = p.main, p.other_lists[0]
    assert main.w == sum(e.w for e in main.events) == 1.5
    assert main.chg == sum(e.chg for e in main.events)
    assert main.change == main.k * main.chg
    assert main.expected == sum(g.pd for e in main.events for g in e.games if g.counted)
    assert (rapid.w, rapid.chg) == (1.0, rapid.events[0].chg)
    out = json.loads(handle(json.dumps({"op": "period", "args": {"rating": 2000, "k": 20, "events": [
        {"start": "2025-11-01", "games": [[1800, 1], [2000, 0.5]]}]}})))["result"]
    assert (out["w"], out["chg"], out["expected"]) == (1.5, float(main.events[0].chg), 1.5 - float(main.events[0].chg))


def test_the_periods_notes_do_not_hide_the_lists_notes_in_the_json():
    # A period of 39 games ending on 30 November: the main list's K x n note and the period's
    # "last 3 days" note each keep their key (the list is spread into the answer's top level).
    out = json.loads(handle(json.dumps({"op": "period", "args": {"rating": 2000, "k": 20, "events": [
        {"start": "2025-11-01", "games": [[2000, 0.5]] * 20}, {"start": "2025-11-28", "end": "2025-11-30",
                                                              "games": [[2000, 0.5]] * 19}]}})))["result"]
    assert out["k"] == 17 and "K 20 becomes 17" in " ".join(out["notes"])
    assert "last 3 days" in " ".join(out["period_notes"])
