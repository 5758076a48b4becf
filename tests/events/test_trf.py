"""The TRF reader: fixed columns, every result code and bye, tolerance, problems with their lines."""

from pathlib import Path

import pytest
from eventgen import trf_line

from elo_core import event_csv, rate, rate_event, read_event
from elo_core.events.formats.trf import parse_date

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def codes():
    return read_event((DATA / "codes.trf").read_bytes())


def entries(event, key):
    return {e.round: e for e in next(p for p in event.players if p.key == key).entries}


def test_header_and_player_columns(codes):
    assert (codes.format, codes.name, codes.start.isoformat(), codes.end.isoformat()) == \
        ("trf", "Codes Open <b>", "2025-10-04", "2025-10-06")
    assert codes.kind == "standard" and "150 min" in codes.kind_note
    a = codes.players[0]
    assert (a.key, a.start_rank, a.sex, a.title, a.name, a.rating, a.federation, a.fide_id, a.birth, a.points, a.rank) \
        == ("1", 1, "w", "WGM", "Alpha, Ann", 2000, "ENG", "1001", "2012/05/01", 2.0, 1)
    assert a.birth_year == 2012 and codes.players[2].birth_year == 1985 and codes.players[3].rating == 0
    assert entries(codes, "1")[1].date == "2025-10-04" and entries(codes, "1")[3].date == "2025-10-06"
    assert codes.problems == ()


@pytest.mark.parametrize("key, rnd, code, points, played, rated, opponent", [
    ("1", 1, "1", 1.0, True, True, "2"), ("2", 1, "0", 0.0, True, True, "1"), ("1", 2, "=", 0.5, True, True, "3"),
    ("3", 1, "W", 1.0, True, False, "4"), ("4", 1, "L", 0.0, True, False, "3"), ("4", 3, "D", 0.5, True, False, "5"),
    ("2", 2, "+", 1.0, False, False, "4"), ("4", 2, "-", 0.0, False, False, "2"),
    ("1", 3, "H", 0.5, False, False, None), ("3", 3, "F", 1.0, False, False, None),
    ("5", 1, "U", 1.0, False, False, None), ("2", 3, "Z", 0.0, False, False, None),
])
def test_every_result_code(codes, key, rnd, code, points, played, rated, opponent):
    e = entries(codes, key)[rnd]
    assert (e.code, e.points, e.played, e.rated, e.opponent) == (code, points, played, rated, opponent)
    assert rated or e.note


def test_only_rated_games_count_and_match_rate(codes):
    r = rate_event(codes)
    by = {p.player.key: p for p in r.players}
    alpha = by["1"]
    assert alpha.k == 40 and alpha.k_source == "advisor" and "junior" in alpha.k_note   # born 2012
    direct = rate(2000, 40, [(1900, 1), (1800, 0.5)], rules="2025-10-04")
    assert alpha.rating_change == direct and alpha.summary()["new_rating"] == direct.new_rating
    assert by["3"].rating_change.games_counted == 1     # the W game is not rated
    assert by["4"].rating_change is None and by["4"].initial is None   # unrated, no rated game
    assert by["5"].summary()["games"] == 0 and by["5"].summary()["points"] == 1.5


def test_blank_rounds_and_short_lines_are_tolerated():
    text = "\n".join(["012 Short", "042 2025/01/10", trf_line(1, "A", 1800, rounds=[(2, "w", "1")]),
                      trf_line(2, "B", 1700, rounds=[(1, "b", "0")]).rstrip() + "   ",
                      "001    3      C", trf_line(4, "D", 1600, rounds=[(0, " ", " "), (3, "b", " ")])])
    ev = read_event(text)
    assert [p.name for p in ev.players] == ["A", "B", "C", "D"] and ev.players[2].entries == ()
    d = ev.players[3].entries
    assert d[0].code == "" and d[0].points == 0.0 and not d[0].played
    assert rate_event(ev).players[0].rating_change.change_rounded == 7


@pytest.mark.parametrize("line, words", [
    (trf_line(1, "Again", 1800), "starting rank 1 again"),
    ("001 xx   m    Bad rank", "starting rank"),
    (trf_line(3, "Rating", 0)[:48] + "9x9a", "not a rating"),
    (trf_line(3, "Code", 1800, rounds=[(1, "w", "Q")]), "unknown result code 'Q'"),
    (trf_line(3, "Ghost", 1800, rounds=[(99, "w", "1")]), "opponent 99 is not in the file"),
    (trf_line(3, "Nobody", 1800, rounds=[(0, "w", "1")]), "without an opponent"),
    (trf_line(3, "Self", 1800, rounds=[(3, "w", "1")]), "against themself"),
    (trf_line(3, "Mismatch", 1800, rounds=[(1, "w", "1")]), "each player's own line is used"),
    (trf_line(3, "Letters", 1800, rounds=[("x1", "w", "1")]), "is not a starting rank"),
    # digits to str.isdigit, not to int (found by test_fuzz): reported, never a crash
    (trf_line(3, "Superscript", 1800, rounds=[("\u00b9", "w", "1")]), "is not a starting rank"),
    (trf_line(3, "Superscript", 0)[:48] + "18\u00b90", "not a rating"),
])
def test_problems_name_their_line_and_the_rest_is_rated(line, words):
    text = "\n".join(["042 2025/10/04", trf_line(1, "One", 1800, rounds=[(2, "w", "1")]),
                      trf_line(2, "Two", 1700, rounds=[(1, "b", "0")]), line])
    r = rate_event(read_event(text))
    assert any(words in p.message and p.line == 4 for p in r.problems), r.problems
    assert r.players[0].rating_change.games_counted == 1


def test_dates_and_kind_sources():
    assert parse_date("2025/10/04").isoformat() == parse_date("04.10.2025").isoformat() == "2025-10-04"
    assert parse_date("25/10/04").isoformat() == "2025-10-04" and parse_date("2025/13/40") is None
    base = [trf_line(1, "A", 1800)]
    assert read_event("\n".join(["222 180+2", "122 90 min"] + base)).kind == "blitz"       # TRF-2026 222 first
    assert read_event("\n".join(["122 15 min + 10 sec"] + base)).kind == "rapid"
    assert read_event("\n".join(["092 Swiss, Blitz"] + base)).kind == "blitz"
    ev = read_event("\n".join(["042 2025-13-01"] + base))
    assert ev.kind is None and ev.start is None and ev.problems[0].line == 1


@pytest.mark.parametrize("column", ["nan", "inf", "-inf", "1_0", "\u0661\u0660", "1e1", "+1"])
def test_a_points_column_that_is_not_plain_decimals_is_a_problem_not_a_refusal(column):
    # float() reads all of these (nan, 10, ...): the column must be plain ASCII decimals; the player
    # is still rated from the round results, and nothing non-finite reaches the CSV
    line = trf_line(1, "Alpha, Ann", 1800, points=1.0, rank=1, rounds=[(2, "w", "1")])
    line = line[:80] + f"{column:>4}" + line[84:]
    other = trf_line(2, "Beta, Bob", 1750, points=0.0, rank=2, rounds=[(1, "b", "0")])
    text = "012 Test\n042 2025/10/04\n" + line + "\n" + other + "\n"
    report = rate_event(read_event(text), k=20)
    alpha = report.players[0]
    assert alpha.player.points is None and alpha.rating_change.change_rounded == 9
    assert any("points (columns 81-84)" in p.message and p.line == 3 for p in report.problems)
    assert "nan" not in event_csv(report) and "inf" not in event_csv(report)
