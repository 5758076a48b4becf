"""The rest of the public API: inputs, what-if, score needed, performance and first ratings."""

import dataclasses
import json
from decimal import Decimal

import pytest

from elo_core import EloError, GameResult, initial_rating, parse, performance, rate, score_needed, single_game, what_if
from elo_core.facade import handle

NOW = "2025-10-01"


@pytest.mark.parametrize("kwargs, field, words", [
    (dict(rating="abc"), "rating", "number"), (dict(rating=""), "rating", "required"),
    (dict(rating=-1), "rating", "between"), (dict(rating=5000), "rating", "between"),
    (dict(rating=float("nan")), "rating", "finite"), (dict(rating="1e309"), "rating", "must be a number"),
    (dict(rating="１８００"), "rating", "must be a number"), (dict(rating="1_800"), "rating", "must be a number"),
    (dict(rating="\u202e0081"), "rating", "must be a number"),
    (dict(rating=1500.5), "rating", "whole"), (dict(rating=0), "rating", "unrated"),
    (dict(rating=True), "rating", "number"), (dict(k=0), "k", "between"), (dict(k=101), "k", "between"),
    (dict(games=[(1800, 2)]), "games[0].score", "1, 0.5 or 0"), (dict(games=[(3501, 1)]), "games[0].opponent", "between"),
    (dict(games="1800"), "games[0]", "OPPONENT:SCORE"), (dict(games=[(1800, 1)] * 1001), "games", "at most 1000"),
    (dict(method="glicko"), "method", "one of"), (dict(kind="bullet"), "kind", "one of"),
    (dict(rules="2025-13-01"), "rules", "real date"), (dict(rules="1/10/2025"), "rules", "YYYY-MM-DD"),
    (dict(rating="x" * 10_000_000), "rating", "too long"),
    # plain digits take a shorter path (parse.whole): the same checks and words
    (dict(rating="3501"), "rating", "between"), (dict(rating="0"), "rating", "unrated"),
    (dict(rating="9" * 33), "rating", "too long"), (dict(k="101"), "k", "between"),
    (dict(games="3600:1"), "games[0].opponent", "between"),
    # a whole number too large for a float (JSON has no limit): refused, not an OverflowError
    (dict(rating=10 ** 400), "rating", "too large"), (dict(k=-10 ** 400), "k", "too large"),
    (dict(games=[(10 ** 400, 1)]), "games[0].opponent", "too large"),
])
def test_bad_input_names_the_field(kwargs, field, words):
    args = dict(rating=1800, k=20, games=[(1800, 1)], rules=NOW) | kwargs
    with pytest.raises(EloError) as e:
        rate(args.pop("rating"), args.pop("k"), args.pop("games"), **args)
    assert e.value.field == field and words in e.value.message and isinstance(e.value, ValueError)
    assert len(str(e.value)) < 200   # a pasted 10 MB string is not echoed back


@pytest.mark.parametrize("text, score", [("1", 1), ("0.5", 0.5), ("1/2", 0.5), ("=", 0.5), ("½", 0.5), ("0", 0),
                                         ("w", 1), ("D", 0.5), ("loss", 0), ("1.00", 1), ("0.50", 0.5), ("0.000", 0), (".0", 0)])
def test_score_spellings(text, score):
    assert rate(1800, 20, f"1800:{text}", rules=NOW).games[0].score == score


def test_results_convert_to_plain_json():
    r = rate(1800, 20, [(1750, 1), (0, 1)], rules=NOW).to_dict()
    assert json.loads(json.dumps(r)) == r
    assert {"expected", "score", "k", "change", "change_rounded", "new_rating", "below_floor", "games"} <= r.keys()
    assert set(r["games"][0]) >= {"opponent", "score", "counted", "expected", "change", "reason"}
    assert r["games"][1]["counted"] is False and "unrated" in r["games"][1]["reason"]


def test_a_game_result_is_frozen_and_converts_each_field():
    game = rate(1800, 20, [(1750, 1)], rules=NOW).games[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.score = 0.5
    d = game.to_dict()
    assert list(d) == [f.name for f in dataclasses.fields(GameResult)]
    assert isinstance(game.expected, Decimal) and d["expected"] == 0.57 and type(d["expected"]) is float
    assert d["change"] == 8.6 and (d["opponent"], d["score"], d["counted"], d["reason"]) == (1750, 1.0, True, None)


def test_games_checked_once_are_passed_on_as_they_are(monkeypatch):
    checked = parse.games(["1750:1", {"opponent": "1900", "score": "1/2"}])
    assert checked == ((1750, 1.0), (1900, 0.5)) and parse.games(checked) is checked
    assert rate("1800", "20", checked, rules=NOW) == rate(1800, 20, "1750:1,1900:=", rules=NOW)
    # a plain tuple is still checked, and an empty checked list still refused where games are required
    with pytest.raises(EloError, match="1, 0.5 or 0"):
        rate(1800, 20, ((1750, 2),), rules=NOW)
    with pytest.raises(EloError, match="at least one game"):
        parse.games(parse.games([]), allow_empty=False)
    # the page's request: 30 games checked once, though both methods rate them
    seen = []
    monkeypatch.setattr(parse, "game", lambda value, field, check=parse.game: seen.append(field) or check(value, field))
    rate(1800, 20, checked, rules=NOW)
    assert seen == []
    games = [{"opponent": str(1650 + 10 * i), "score": "1"} for i in range(30)]
    answer = json.loads(handle(json.dumps({"op": "rate", "args": {"rating": "1800", "k": "20", "games": games}})))
    assert answer["ok"] and seen == [f"games[{i}]" for i in range(30)]


def test_games_come_as_any_iterable_but_not_as_a_mapping_or_a_number():
    assert rate(1800, 20, ((o, 1) for o in (1750, 1900)), rules=NOW) == rate(1800, 20, [(1750, 1), (1900, 1)], rules=NOW)
    for bad in (5, None, {"1750": 1}, b"1750:1"):
        with pytest.raises(EloError, match="must be a list of games") as e:
            rate(1800, 20, bad, rules=NOW)
        assert e.value.field == "games"
    with pytest.raises(EloError, match="must be a list of opponents' ratings"):
        score_needed(1800, 20, [(1750, 1)], 1900, 1810, rules=NOW)


def test_a_negative_zero_score_is_a_plain_loss():
    assert parse.score(-0.0) == 0.0 and str(parse.score(-0.0)) == "0.0"
    game = rate(2651, 10, [(3401, -0.0)], rules=NOW).games[0]   # exempt from the cap: expected exactly 0
    assert (game.score, game.expected, str(game.change)) == (0.0, 0, "0.0")


def test_ratings_written_with_leading_zeros_or_spaces_are_read():
    assert [parse.rating(v) for v in ("01800", " 1800 ", "1800.0", 1800, 1800.0)] == [1800] * 5


def test_an_empty_period_changes_nothing():
    r = rate(1800, 20, [], rules=NOW)
    assert (r.games_counted, r.change_rounded, r.new_rating) == (0, 0, 1800)


def test_single_game_both_sides_for_each_result():
    g = single_game(1800, 1750, 20, 40, rules=NOW)
    mine = {o.result: o.change_rounded for o in g.player.outcomes}
    theirs = {o.result: o.change_rounded for o in g.opponent.outcomes}
    assert mine == {"win": 9, "draw": -1, "loss": -11}           # 20 x (s - .57)
    assert theirs == {"win": 23, "draw": 3, "loss": -17}         # 40 x (s - .43)
    assert g.to_dict()["player"]["outcomes"]["win"]["new_rating"] == 1809


def test_what_if_is_the_whole_period_rounded_once():
    w = what_if(1800, 20, [(1750, 1)], 1900, rules=NOW)
    assert {k: v.new_rating for k, v in w.items()} == {"win": 1821, "draw": 1811, "loss": 1801}


def test_score_needed_edges():
    reached = score_needed(2000, 20, [], [1900], 1985, rules=NOW)   # a loss: 1987
    assert reached.already and reached.points == 0
    half = score_needed(1800, 20, [], [1800, 1800], 1800, rules=NOW)
    assert half.points == 1.0 and half.result.new_rating == 1800
    draw = score_needed(1800, 20, [], [1800, 1800], 1810, rules=NOW)
    assert draw.points == 1.5 and draw.result.new_rating == 1810
    excluded = score_needed(2700, 10, [], [2000, 2650], 2704, rules=NOW, kind="blitz")
    assert excluded.of == 1 and excluded.points == 1.0
    with pytest.raises(EloError, match="remaining"):
        score_needed(1800, 20, [], [], 1900)


def test_performance_rounds_ra_and_p():
    r = performance([(2001, 1), (2002, 0.5), (2002, 0)])  # Ra 2001.67 -> 2002, p .5
    assert (r.average_opponent, r.fraction, r.performance) == (2002, 0.5, 2002)
    assert performance([(1800, 1)] * 2 + [(1800, 0)]).fraction == 0.67        # 2/3 -> .67
    assert performance([(1800, 1)]).performance == 2600 and performance([(1800, 0)]).performance == 1000
    assert performance([(1800, 1), (0, 1)]).skipped == 1
    with pytest.raises(EloError, match="rated opponent"):
        performance([(0, 1)])


def test_initial_rating_conditions():
    zero = initial_rating([(1600, 0)] * 5)
    assert zero.initial_rating is None and not zero.published
    assert [c.name for c in zero.conditions if not c.met] == ["score"]
    few = initial_rating([(1600, 1)] * 4)
    assert not few.published and [c.name for c in few.conditions if not c.met] == ["games"]
    low = initial_rating([(1400, 0.5)] + [(1400, 0)] * 5)
    assert not low.published and low.initial_rating < 1400 and [c.name for c in low.conditions if not c.met] == ["minimum"]
    top = initial_rating([(2400, 1)] * 9)
    assert top.computed > 2200 and top.initial_rating == 2200 and top.published
