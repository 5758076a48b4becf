"""One player's inputs: what is accepted, and bad input refused with every field named."""

import pytest

from elo_core.errors import EloError
from elo_core.uscf.inputs import read_control
from elo_core.uscf.pools import pools_of
from elo_core.uscf.rating import rate


def fields(**a):
    with pytest.raises(EloError) as e:
        rate(a)
    return [(x.field, x.message) for x in e.value.errors]


def test_required_end_and_games():
    assert [f for f, _ in fields(rating=1500, games_played=10)] == ["games", "end"]
    assert "picks the bonus threshold B" in dict(fields(rating=1500, games_played=10, games="1500:1"))["end"]


def test_each_bad_field_named():
    got = dict(fields(rating="abc", games_played=-1, games=["1500:2", "0:1", "x"], end="2025-13-01", pool="rapid",
                      history="some", age=200))
    assert set(got) == {"rating", "games_played", "games[0].score", "games[1].opponent", "games[2]", "end", "pool",
                        "history", "age"}
    assert "an unrated opponent's rating comes from the whole event" in got["games[1].opponent"]


def test_fields_wrong_together():
    end = {"end": "2025-06-01", "games": "1500:1"}
    assert fields(rating=1500, **end) == [("games_played", "is needed with a rating: the number of rated games it is "
                                                            "based on")]
    assert [f for f, _ in fields(rating=1500, games_played=10, age=12, start=1400, **end)] == ["age", "start"]
    assert [f for f, _ in fields(start=1400, **end)] == ["start_games"]
    assert [f for f, _ in fields(history="all-wins", **end)] == ["history"]
    assert [f for f, _ in fields(rating=1500, games_played=20, peak=1700, **end)] == ["peak"]
    assert [f for f, _ in fields(pool="blitz", dual=True, **end)] == ["dual"]
    assert [f for f, _ in fields(time_control="G/5", pool="quick", **end)] == ["pool"]
    assert [f for f, _ in fields(time_control="G/90", dual=True, **end)] == ["dual"]
    assert [f for f, _ in fields(rating=1500, games_played=5, career_wins=4, career_draws=2, **end)] == ["career_wins"]
    assert [f for f, _ in fields(start=1400, start_games=11, **end)] == ["start_games"]


def test_the_time_control_decides_pool_and_dual():
    r = rate({"time_control": "G/45;d5", "end": "2025-06-01", "games": "1500:1"})
    assert (r.pool, r.dual) == ("regular", True)
    assert rate({"time_control": "G/15+2", "end": "2025-06-01", "games": "1500:1"}).pool == "quick"
    assert rate({"time_control": "G/45;d5", "pool": "quick", "end": "2025-06-01", "games": "1500:1"}).pool == "quick"
    assert [f for f, _ in fields(time_control="G/2", end="2025-06-01", games="1500:1")] == ["time_control"]
    assert [f for f, _ in fields(time_control="whenever", end="2025-06-01", games="1500:1")] == ["time_control"]


@pytest.mark.parametrize("text, total, pools", [
    ("G/5;d0", 5, ("blitz",)), ("G/3+2", 5, ("blitz",)), ("G/7d3", 10, ("blitz",)), ("G/10+1", 11, ("quick",)),
    ("G/26d3", 29, ("quick",)), ("G/25+5", 30, ("regular", "quick")), ("G/60;d5", 65, ("regular", "quick")),
    ("G/61;d5", 66, ("regular",)), ("40/90, SD/30 d5", 125, ("regular",)), ("90 min + 30 sec", 120, ("regular",)),
    ("45'+5''", 50, ("regular", "quick")), ("5400+30", 120, ("regular",)), ("G/4", 4, ())])
def test_time_control_bands(text, total, pools):
    # The rating system (September 2020), footnote 1: Blitz 5 <= mm + ss <= 10 (G/5d0, G/3+2, G/7d3),
    # Quick 10 < mm + ss < 30 (G/20+5, G/26d3), Regular mm + ss >= 30; OTB Quick also up to 65 (dual).
    c = read_control(text)
    assert (c.total, c.pools) == (total, pools)
    assert pools_of(total) == pools


def test_pgn_time_control_in_seconds():
    assert read_control("2700+5", pgn=True).total == 50
    assert read_control("40/5400+30:1800+30", pgn=True).total == 150


def test_decimal_ratings_kept():
    r = rate({"rating": "1643.759", "games_played": 40, "games": ["1431.034:1"], "end": "2025-06-01"})
    assert r.prior == 1643.759 and r.games[0].opponent == 1431.034
    assert r.new_rating_rounded == round(r.new_rating)
