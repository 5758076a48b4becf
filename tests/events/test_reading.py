"""Reading real files: the forms of dates and time controls, team events, the checks a rating
officer makes, grouped problems, and a standard rating for an unrated rapid or blitz player."""

import json
from datetime import date
from pathlib import Path

import pytest
from eventgen import trf_line

from elo_core import EloError, rate_event, read_event
from elo_core.events.formats import dates
from elo_core.events.formats.dates import read_date
from elo_core.events.problems import MAX_LISTED
from elo_core.facade import handle

PAIR = [trf_line(1, "One", 1800, rounds=[(2, "w", "=")], points=0.5),
        trf_line(2, "Two", 1700, rounds=[(1, "b", "=")], points=0.5)]


def trf(*head, players=PAIR):
    """A small TRF: header records, then the players (two rated players who drew)."""
    return "\n".join([*head, *players]) + "\n"


def messages(problems, kind=None):
    return [p.message for p in problems if kind is None or p.kind == kind]


# --- 1. dates ---------------------------------------------------------------------------------------------------

@pytest.fixture
def in_december_2026(monkeypatch):
    """Two-digit years are read against the end of next year: pinned, so that the tests do not age."""
    monkeypatch.setattr(dates, "latest_plausible", lambda: date(2028, 1, 1))


@pytest.mark.parametrize("written", [
    "2025/10/04", "2025-10-04", "2025.10.04", "2025. 10. 04", "04.10.2025", "04. 10. 2025", "04/10/2025",
    "04-10-2025", "October 4, 2025", "Oct 4, 2025", "4 October 2025", "4. Oktober 2025", "4 octobre 2025",
    "4 de octubre de 2025", "2025/10/4", "Octubre 4, 2025", "4 oct. 2025", "4.10.2025", "Sat, 4 Oct 2025",
    "Sa, 04.10.2025", "samedi 4 octobre 2025", "sábado, 4 de octubre de 2025", "Samstag, 4. Okt. 2025",
])
def test_every_common_form_of_a_start_date_is_read(written):
    ev = read_event(trf(f"042 {written}"))
    assert ev.start.isoformat() == "2025-10-04" and not messages(ev.problems, "date"), ev.problems
    # how it was read is said, unless it is the spec's own form
    assert [n for n in ev.notes if n.startswith("042:")] == ([] if written == "2025/10/04" else [
        f"042: {written!r} read as 2025-10-04 ({read_date(written)[1]})"])


@pytest.mark.parametrize("written, day", [("28.07.25", "2025-07-28"), ("28/07/25", "2025-07-28"), ("25-07-28", "2025-07-28"),
                                          ("07/28/2025", "2025-07-28"), ("1er mai 2025", "2025-05-01"),
                                          ("1º de mayo de 2025", "2025-05-01"), ("29. März 2025", "2025-03-29"),
                                          ("29. Mai 2020", "2020-05-29"), ("3 août 2025", "2025-08-03"),
                                          ("Sept. 3rd, 2025", "2025-09-03"), ("3 juin 2025", "2025-06-03"),
                                          ("3 de septiembre de 2025", "2025-09-03"), ("3 Dezember 2025", "2025-12-03")])
def test_two_digit_years_month_first_and_accents_where_unambiguous(written, day, in_december_2026):
    assert read_event(trf(f"042 {written}")).start.isoformat() == day and read_date(written)[0].isoformat() == day


def test_a_two_digit_year_that_two_orders_make_a_date_of_is_not_guessed(in_december_2026):
    # 04.10.25 is 2025-10-04 or 2004-10-25; 28.07.25 only 2025-07-28, as 2028-07-25 is past the end of next year
    assert read_date("04.10.25") == (None, "two-digit year: 2004-10-25 or 2025-10-04")
    assert read_date("28.07.25", latest=date(2029, 1, 1))[0] is None


@pytest.mark.parametrize("written", ["28. 07. 2005", "May 29, 2020"])
def test_a_date_in_another_form_before_2022_is_refused_as_when_read(written):
    ev = read_event(trf(f"042 {written}"))
    assert ev.start.year in (2005, 2020)
    with pytest.raises(EloError, match="rules before 2022-01-01 are not modelled"):
        rate_event(ev)
    assert rate_event(ev, rules="2025-10-04").rules_note == "given"


@pytest.mark.parametrize("written, why", [("sometime in May", "'sometime' is not a month"),
                                          ("05/06/07", "two-digit year"), ("2025/02/30", "no such day")])
def test_a_date_that_cannot_be_read_says_so_and_so_does_the_rules_note(written, why):
    ev = read_event(trf(f"042 {written}"))
    assert ev.start is None
    [problem] = [p for p in ev.problems if p.kind == "date"]
    assert problem.line == 1 and "could not be read" in problem.message and why in problem.message
    r = rate_event(ev)
    assert "could not be read" in r.rules_note and written[:10] in r.rules_note and "no start date" not in r.rules_note
    assert any("could not be read" in a for a in r.summary()["assumptions"])


def test_the_first_round_date_stands_in_for_a_start_that_cannot_be_read():
    round_dates = "132" + " " * 88 + "25/10/04  25/10/05"
    ev = read_event(trf("042 early October", round_dates))
    assert ev.start.isoformat() == "2025-10-04" and any("first round's date" in n for n in ev.notes)


def test_a_start_and_end_that_only_make_sense_swapped_are_flagged():
    players = [trf_line(1, "One", 1800, rounds=[(2, "w", "=")] * 9), trf_line(2, "Two", 1700, rounds=[(1, "b", "=")] * 9)]
    ev = read_event(trf("042 2012-02-06", "052 2012-09-06", players=players))
    [problem] = messages(ev.problems, "date")
    assert "9 rounds" in problem and "2012-06-02 to 2012-06-09" in problem
    assert not messages(read_event(trf("042 2012-06-02", "052 2012-06-09", players=players)).problems, "date")
    assert "before the start" in messages(read_event(trf("042 2025/10/09", "052 2025/10/04")).problems, "date")[0]


# --- 6. time controls -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("head, kind, words", [
    ("122 40/120, 60", "standard", "180 min"),
    ("122 40/90; 30", "standard", "120 min"),
    ("222 600+5", "rapid", "15 min"),
    ("122 1h30 + 30''", "standard", "120 min"),
    ("122 1,5 h + 30 s", "standard", "120 min"),
    ("122 90 Minuten + 30 Sekunden", "standard", "120 min"),
    ("122 10 Minuten + 5 Sekunden", "rapid", "15 min"),
    ("122 90 minutos + 30 segundos", "standard", "120 min"),
    ("122 G/90+30", "standard", "120 min"),
    ("122 40/90, SD/30+30", "standard", "130 min"),
])
def test_a_time_control_in_minutes_per_moves_then_the_rest_is_read(head, kind, words):
    ev = read_event(trf("042 2025/10/04", head))
    assert ev.kind == kind and words in ev.kind_note and "no 222 or 122" not in ev.kind_note


def test_an_unreadable_122_is_said_not_called_missing():
    ev = read_event(trf("042 2025/10/04", "122 as agreed by the players"))
    assert ev.kind is None and "could not be read" in ev.kind_note and "no 222 or 122" not in ev.kind_note
    assert messages(ev.problems, "time-control") and "standard assumed" in rate_event(ev).kind_note


def test_a_trf_faster_than_fide_blitz_counts_no_game():
    ev = read_event(trf("042 2025/10/04", "222 60+1"))
    assert ev.kind == "blitz" and "not FIDE-rated" in ev.kind_note and messages(ev.problems, "time-control")
    r = rate_event(ev)
    assert r.summary()["rated_games"] == 0 and all(e.note and "not FIDE-rated" in e.note
                                                   for p in ev.players for e in p.entries)


# --- 7. team events and a flood of one kind of problem ------------------------------------------------------------

def test_team_board_entries_are_forfeited_boards_and_a_real_problem_stays_in_sight():
    # A team event (a 310 record): 600 boards without an opponent, then one player whose
    # opponent is not in the file.
    boards = [trf_line(i, f"Board {i}", 1500, rounds=[(0, "-", "-"), (0, "-", "+")] * 5) for i in range(3, 63)]
    lost = trf_line(63, "Lost", 1600, rounds=[(99, "w", "1")])
    ev = read_event(trf("042 2025/10/04", "310   1 Team", players=[*PAIR, *boards, lost]))
    assert [p.kind for p in ev.problems] == ["opponent-missing"], ev.problems
    assert any("600 board entries without an opponent" in n for n in ev.notes)
    assert {e.note for p in ev.players[2:-1] for e in p.entries} == {
        "team event: board lost by forfeit (no opponent on it): not rated",
        "team event: board won by forfeit (no opponent on it): not rated"}


@pytest.mark.parametrize("team_record", ["310   1 Team", "013 Team    1", "082 2", "192 FIDE_TEAM_TYPEA_MP_GP",
                                         "192 FIDE_TEAM", "192 berger_team_roundrobin"])
def test_any_mark_of_a_team_event_makes_its_empty_boards_forfeited_boards(team_record):
    boards = [trf_line(i, f"Board {i}", 1500, rounds=[(0, "-", "-"), (0, "-", "+")]) for i in (3, 4)]
    ev = read_event(trf("042 2025/10/04", team_record, players=[*PAIR, *boards]))
    assert not ev.problems and any("4 board entries without an opponent" in n for n in ev.notes)
    assert messages(read_event(trf("042 2025/10/04", "192 FIDE_DUTCH_2025", players=[*PAIR, *boards])).problems,
                    "no-opponent")


def test_problems_of_one_kind_cannot_push_another_out_of_sight():
    # The same file without the team record: 600 problems of one kind, grouped; the other kind listed.
    boards = [trf_line(i, f"Board {i}", 1500, rounds=[(0, "-", "-"), (0, "-", "+")] * 5) for i in range(3, 63)]
    lost = trf_line(63, "Lost", 1600, rounds=[(99, "w", "1")])
    r = rate_event(read_event(trf("042 2025/10/04", players=[*PAIR, *boards, lost])))
    d = r.to_dict()
    assert len(d["problems"]) <= MAX_LISTED + 1 and "opponent-missing" in {p["kind"] for p in d["problems"]}
    groups = {g["kind"]: g for g in d["problem_groups"]}
    assert groups["no-opponent"]["count"] == 600 and groups["no-opponent"]["lines"] == [4, 4, 4, 4, 4]
    assert groups["opponent-missing"] == {"kind": "opponent-missing", "message": groups["opponent-missing"]["message"],
                                          "count": 1, "lines": [64],
                                          "examples": ["player 63 Lost, round 1: opponent 99 is not in the file; not rated"]}
    assert d["event"]["problem_count"] == 601 and d["problems"][-1]["kind"] == "more"


def test_the_command_line_table_lists_problems_by_kind(tmp_path, capsys):
    from elo_core.cli import main
    boards = [trf_line(i, f"Board {i}", 1500, rounds=[(0, "-", "-"), (0, "-", "+")] * 5) for i in range(3, 63)]
    f = tmp_path / "flood.trf"
    f.write_text(trf("042 2025/10/04", players=[*PAIR, *boards, trf_line(63, "Lost", 1600, rounds=[(99, "w", "1")])]))
    assert main(["event", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Problems (601, by kind):" in out and "  600 x a game result without an opponent (not rated) (lines 4, 4, 4, 4, " \
        "4, ...)" in out and "  1 x an opponent who is not in the file (not rated) (lines 64)" in out
    assert out.count("    line ") == 6   # the first five of the flood, the one other


# --- 9. a game paired, no result yet ------------------------------------------------------------------------------

def test_a_paired_game_without_a_result_is_not_played_yet():
    players = [trf_line(1, "One", 1800, rounds=[(2, "w", "1"), (2, "b", " ")], points=1.0),
               trf_line(2, "Two", 1700, rounds=[(1, "b", "0"), (1, "w", " ")], points=0.0)]
    ev = read_event(trf("042 2025/10/04", players=players))
    pending = ev.players[0].entries[1]
    assert pending.note == "paired, no result yet: not played yet" and pending.opponent == "2"
    assert pending.points is None and not pending.played and not pending.rated and not ev.problems
    assert "zero-point bye" in read_event(trf("042 2025/10/04", players=[trf_line(1, "A", 1800, rounds=[(0, " ", " ")])])
                                          ).players[0].entries[0].note


# --- 10. a rating officer's cross-checks --------------------------------------------------------------------------

def test_the_072_count_and_each_points_column_are_checked_against_the_player_lines():
    players = [trf_line(1, "One", 1800, rounds=[(2, "w", "1")], points=1.0),
               trf_line(2, "Two", 1700, rounds=[(1, "b", "0")], points=0.5),
               trf_line(3, "Three", 0, rounds=[(0, "-", "H")], points=0.5)]
    ev = read_event(trf("062 3", "072 3", players=players))
    assert [(p.line, p.kind) for p in ev.problems] == [(2, "count"), (4, "points")]
    assert "072: 3 rated players, but the file has 2 player lines (001) with a FIDE rating" == ev.problems[0].message
    assert "say 0.5, but the rounds give 0" in ev.problems[1].message
    assert not read_event(trf("062 3", "072 2", players=players[:1] + [players[2]] + [
        trf_line(2, "Two", 1700, rounds=[(1, "b", "0")], points=0.0)])).problems
    # 162 changes the points a result gives: the column is not checked by the defaults then
    assert not messages(read_event(trf("162     W 3.0", players=players)).problems, "points")


# --- 11. rapid and blitz: the standard rating of a player unrated in them -----------------------------------------

RAPID = ["042 2025/10/04", "222 900+10"]
PLAYERS = [trf_line(1, "Rated", 1800, rounds=[(2, "w", "1"), (3, "b", "="), (0, "-", "H")], points=2.0),
           trf_line(2, "Newcomer", 0, fide_id="2002", rounds=[(1, "b", "0"), (0, "-", "H"), (3, "w", "1")], points=1.5),
           trf_line(3, "Other", 1700, rounds=[(0, "-", "H"), (1, "w", "="), (2, "b", "0")], points=1.0)]


def test_an_unrated_player_with_a_standard_rating_is_rated_with_it_in_rapid():
    ev = read_event(trf(*RAPID, players=PLAYERS))
    r = {p.player.key: p for p in rate_event(ev, standard_by_player={"2002": 1900}).players}
    assert r["2"].rating_change is not None and r["2"].rating_change.rating == 1900 and r["2"].initial is None
    assert "7.2.1" in r["2"].summary()["rating_source"]
    assert [g.opponent for g in r["1"].rating_change.games] == [1900, 1700]
    assert [g.opponent for g in r["3"].rating_change.games] == [1800, 1900]
    unrated = {p.player.key: p for p in rate_event(ev).players}
    assert unrated["2"].rating_change is None and unrated["1"].rating_change.games_counted == 1


def test_a_player_rated_from_their_standard_rating_is_new_to_the_rapid_list():
    # 7.2.1: considered rated, with no rated game in the rapid list yet, so K = 40 (8.3.3, the same
    # in the rapid and blitz chapter) unless their games are given; the others keep the assumed 30.
    ev = read_event(trf(*RAPID, players=PLAYERS))
    r = rate_event(ev, standard_by_player={"2002": 1900})
    assert [p.k for p in r.players] == [20, 40, 20] and "new to the list: 0 of 30" in r.players[1].k_note
    assert r.players[1].rating_change.change == -16   # 40 x (0 - 0.64 + 1 - 0.76): 1900 against 1800, 1700
    assert "new to the rapid list" in r.assumptions[0]
    assert rate_event(ev, standard_by_player={"2002": 1900}, games_played_by_player={"2": 40}).players[1].k == 20


def test_a_standard_rating_is_not_used_for_a_standard_event_nor_for_a_rated_player():
    ev = read_event(trf("042 2025/10/04", "222 5400+30", players=PLAYERS))
    r = rate_event(ev, standard_by_player={"Newcomer": 1900, "1": 2000})
    assert r.players[1].rating_change is None and "standard event" in messages(r.problems, "option")[0]
    r = rate_event(read_event(trf(*RAPID, players=PLAYERS)), standard_by_player={"1": 2000, "Nobody": 1500})
    assert r.players[0].rating_change.rating == 1800
    assert len(messages(r.problems, "option")) == 2


def test_standard_by_player_through_the_facade():
    text = trf(*RAPID, players=PLAYERS)
    answer = json.loads(handle(json.dumps({"op": "event", "args": {"text": text, "standard_by_player": {"2": "1900"}}})))
    assert answer["ok"] and answer["result"]["players"][1]["rating"] == 1900
    bad = json.loads(handle(json.dumps({"op": "event", "args": {"text": text, "standard_by_player": {"2": "x"}}})))
    assert not bad["ok"] and bad["errors"][0]["field"] == "standard_by_player['2']"


# --- issue 50: counts that cannot contradict each other; a Windows "Unicode" (UTF-16) file ---------------------

def test_the_games_of_an_inconsistent_trf_include_every_rated_one():
    lines = ["012 Inconsistent", "042 2025/10/04",
             trf_line(1, "A, a", 2000, rounds=[(2, "w", "1"), (3, "b", "1")]),
             trf_line(2, "B, b", 1900, rounds=[(3, "w", "1"), (4, "b", "0")]),
             trf_line(3, "C, c", 1800, rounds=[(4, "w", "=")]),
             trf_line(4, "D, d", 1700, rounds=[(1, "w", "0")])]
    summary = rate_event(read_event("\n".join(lines) + "\n")).summary()
    assert (summary["games"], summary["rated_games"]) == (6, 6)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_trf_is_read_like_its_utf8_twin(encoding):
    text = (Path(__file__).parents[1] / "data" / "codes.trf").read_text("utf-8")
    twin, utf16 = read_event(text.encode("utf-8")), read_event(text.encode(encoding))
    assert utf16.players == twin.players and utf16.name == twin.name
