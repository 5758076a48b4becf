"""Whole events: rating every player, the facade ops, the CLI, bad input, a 500-player Swiss."""

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from eventgen import pgn_games, swiss, swiss_trf, trf_line

from elo_core import EloError, event_csv, kind_from_time_control, rate, rate_event, read_event, season
from elo_core.events.problems import Problems
from elo_core.facade import handle
from elo_core.limits import MAX_EVENT_CHARS

DATA = Path(__file__).parents[1] / "data"
HOSTILE = "<img src=x onerror=alert(1)>"


def ask(op, **args):
    return json.loads(handle(json.dumps({"op": op, "args": args})))


@pytest.fixture(scope="module")
def big():
    return swiss_trf(500, 11, seed=1)


def test_500_player_swiss_matches_rate(big):
    report = rate_event(read_event(big))   # timed in bench/events.py, not here
    assert len(report.players) == 500 and report.problems == ()
    plan = {p["start"]: p for p in swiss(500, 11, seed=1)["players"]}
    checked = 0
    for start in (1, 77, 250, 499):
        p, r = plan[start], report.players[start - 1]
        if not p["rating"]:
            continue
        games = [(plan[o]["rating"], {"1": 1, "=": 0.5, "0": 0}[c]) for o, _, c in p["rounds"] if c in "1=0" and o]
        assert r.rating_change == rate(p["rating"], r.k, games, rules="2025-10-04")
        checked += 1
    assert checked >= 3
    unrated = [r for r in report.players if not r.player.rating and r.initial]
    assert all(r.rating_change is None and r.summary()["initial_rating"] == r.initial.initial_rating for r in unrated)
    assert any(r.initial.published for r in unrated)


def test_facade_event_shape(big):
    r = ask("event", text=big, rules="2025-10-05", k_by_player={"1": 15}, details=True)
    assert r["ok"], r
    res = r["result"]
    assert set(res) == {"event", "players", "problems", "problem_groups"}
    assert {"format", "name", "start", "end", "kind", "kind_note", "rules", "rules_note", "rules_detail", "players",
            "rated_players", "games", "rated_games", "rounds", "assumptions", "time_control"} <= set(res["event"])
    assert res["event"]["rules"] == "2025-10-05" and res["event"]["rounds"] == 11
    p = res["players"][0]
    assert p["k"] == 15 and p["k_source"] == "player"
    assert {"key", "name", "rating", "games", "score", "expected", "k", "change", "change_rounded", "new_rating",
            "performance", "initial_rating", "initial_published", "rounds", "breakdown", "initial"} <= set(p)
    assert len(p["rounds"]) == 11 and p["breakdown"]["new_rating"] == p["new_rating"]
    short = ask("event", text=big, details=False)["result"]["players"][0]
    assert "rounds" not in short and short["name"] == p["name"]


def test_overrides_and_assumptions():
    text = (DATA / "codes.trf").read_text()
    r = ask("event", text=text, k=30, kind="rapid", rules="2024-12-01")["result"]
    assert r["event"]["kind"] == "rapid" and r["event"]["rules"] == "2024-12-01"
    assert {p["k"] for p in r["players"] if p["rating"]} == {30} and {p["k_source"] for p in r["players"] if p["k"]} == {"default"}
    r = ask("event", text=text, games_played=10)["result"]
    assert r["players"][1]["k"] == 40 and "10 rated games" in r["event"]["assumptions"][0]
    r = ask("event", text=text, k_by_player={"Nobody": 20})["result"]
    assert any("no player 'Nobody'" in p["message"] for p in r["problems"])
    old = ask("event", text=text.replace("042 2025/10/04", "042 2019/10/04"))
    assert not old["ok"] and old["errors"][0]["field"] == "rules"
    assert ask("event", text=text.replace("042 2025/10/04", "042 2019/10/04"), rules="2025-01-01")["ok"]


def test_season_of_one_player_for_the_tournament_tab():
    r = ask("event", text=(DATA / "edge.pgn").read_text(encoding="utf-8-sig"), player="Beta, Bob")
    s = r["result"]["season"]
    assert s["games"] == [{"opponent": 2000, "score": 0.0}, {"opponent": 1800, "score": 0.5}] and s["date"] == "2025-10-04"
    tab = ask("rate", rating=s["rating"], k=s["k"], games=s["games"], rules=s["rules"])
    assert tab["result"]["change_rounded"] == -10
    missing = ask("event", text=(DATA / "edge.pgn").read_text(encoding="utf-8-sig"), player="Zed")
    assert missing["errors"][0]["field"] == "player"


def test_hostile_names_round_trip_unchanged():
    text = "\n".join([trf_line(1, HOSTILE, 1800, rounds=[(2, "w", "1")]), trf_line(2, "=cmd|' /C calc'!A0", 1700,
                                                                                  rounds=[(1, "b", "0")])])
    r = ask("event", text=text, rules="2025-10-01")["result"]
    assert [p["name"] for p in r["players"]] == [HOSTILE, "=cmd|' /C calc'!A0"]
    assert r["players"][1]["rounds"][0]["opponent_name"] == HOSTILE
    rows = list(csv.DictReader(io.StringIO(ask("event_csv", text=text, rules="2025-10-01")["result"]["csv"])))
    assert rows[0]["name"] == HOSTILE and rows[1]["name"] == "'=cmd|' /C calc'!A0"   # not a formula in a spreadsheet


def test_csv_columns():
    report = rate_event(read_event((DATA / "codes.trf").read_bytes()))
    rows = list(csv.reader(io.StringIO(event_csv(report))))
    assert rows[0] == ["rank", "start_rank", "name", "title", "federation", "fide_id", "birth", "rating", "points",
                       "games", "score", "expected", "k", "k_source", "change", "change_rounded", "new_rating",
                       "performance", "initial_rating", "initial_published"]
    assert rows[1][:3] == ["1", "1", "Alpha, Ann"] and rows[1][16] == "2004" and len(rows) == 6
    assert ask("event_csv", text=(DATA / "codes.trf").read_text())["result"]["filename"] == "Codes-Open-b.csv"


@pytest.mark.parametrize("source, field, words", [
    ("", "text", "empty"), ("  \n\n ", "text", "empty"), (None, "text", "required"), (42, "text", "file's text"),
    (b"PK\x03\x04\x00\x00binary", "text", "binary"), ("001 ab\x00cd", "text", "binary"),
    ("x" * (MAX_EVENT_CHARS + 1), "text", "at most 20 MB"), (b"x" * (MAX_EVENT_CHARS + 1), "text", "at most 20 MB"),
    ("hello world\nthis is not chess\n", "format", "neither a TRF"),
])
def test_bad_files_get_a_clear_eloerror(source, field, words):
    with pytest.raises(EloError) as e:
        read_event(source)
    assert e.value.field == field and words in e.value.message and len(str(e.value)) < 200


def test_latin1_bytes_are_read_with_a_problem():
    data = "\n".join(["042 2025/10/04", trf_line(1, "Müller, Jürgen", 1800)]).encode("latin-1")
    ev = read_event(data)
    assert ev.players[0].name == "Müller, Jürgen" and "Latin-1" in ev.problems[0].message


def test_nothing_but_eloerror_on_garbage():
    rng = random.Random(7)
    pieces = ["001", "[", "]", '"', "{", "}", ";", "\n", "\r\n", " ", "1-0", "*", "9999", "w", "=", "012 ", "042 ",
              "[White \"", "\\", "ÿ", "+", "-", "0000", "\t"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 400)))
        try:
            out = handle(json.dumps({"op": "event", "args": {"text": text, "rules": "2025-10-01"}}))
        except Exception as e:  # pragma: no cover - the point of the test
            pytest.fail(f"{type(e).__name__} for {text[:80]!r}")
        assert json.loads(out)["ok"] in (True, False)


def test_a_big_pgn_through_the_facade():
    assert len(pgn_games(10_000)) < MAX_EVENT_CHARS / 2    # 10,000 games with moves fit, even JSON-escaped
    r = ask("event", text=pgn_games(2_000, seed=4), details=False, player='Name7, "Nick" 7')
    assert r["ok"] and r["result"]["event"]["games"] > 1_900 and r["result"]["season"]["games"]


def test_time_control_kinds():
    for control, kind in [("5400+30", "standard"), ("3600", "standard"), ("3599", "rapid"), ("900+10", "rapid"),
                          ("600", "blitz"), ("180+2", "blitz"), ("300+5", "blitz"), ("300+6", "rapid"), ("40/6000+30:900+30", "standard"),
                          ("?", None), ("", None)]:
        assert kind_from_time_control(control)[0] == kind, control


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "elo_core", "event", *args], capture_output=True, timeout=60,
                          input=stdin)


def test_cli_table_json_csv_and_player():
    p = cli(str(DATA / "codes.trf"))
    out = p.stdout.decode()
    assert p.returncode == 0 and "Alpha, Ann" in out and "+4.00" in out and "2004" in out and HOSTILE in out
    j = json.loads(cli(str(DATA / "codes.trf"), "--json", "--k-player", "1=10").stdout)
    assert j["players"][0]["k"] == 10
    assert cli(str(DATA / "codes.trf"), "--csv").stdout.decode().startswith('"rank","start_rank","name"')
    season = cli(str(DATA / "edge.pgn"), "--player", "Beta, Bob").stdout.decode()
    assert "--game 2000:0 --game 1800:0.5" in season
    assert "Alpha, Ann" in cli("-", "--format", "trf", stdin=(DATA / "codes.trf").read_bytes()).stdout.decode()


@pytest.mark.parametrize("args, stdin, words", [(["/no/such/file.trf"], None, "cannot read"),
                                                (["-"], b"\x00\x01", "binary")])
def test_cli_bad_input_exits_2(args, stdin, words):
    p = cli(*args, stdin=stdin)
    assert p.returncode == 2 and words in p.stderr.decode() and p.stdout == b""


@pytest.mark.parametrize("content, args, words", [
    (b"", [], "empty"), (b"001    1", ["--kind", "bullet"], "kind"), (b"001    1", ["--k-player", "oops"], "WHO=K"),
    (b"001    1", ["--rules", "someday"], "rules"), (b"042 2019/01/01\n001    1", [], "rules before"),
])
def test_cli_bad_input_in_process(tmp_path, capsys, content, args, words):
    from elo_core.cli import main
    f = tmp_path / "event.trf"
    f.write_bytes(content)
    assert main(["event", str(f), *args]) == 2
    out = capsys.readouterr()
    assert words in out.err and out.out == ""


def trf(start: str, lines: list[str], control: str = "90 min + 30 sec") -> str:
    return "\n".join(["012 T", f"042 {start}", f"122 {control}", *lines]) + "\n"


def test_games_the_600_point_rule_excludes_count_nowhere():
    # Rapid, after 2024-12-01: 2650 against 2050 is not rated, so it is neither in the rated
    # games' count nor in either player's performance (which counts the games that count).
    text = trf("2025/10/04", [trf_line(1, "X", 2650, rounds=[(2, "w", "1")]),
                              trf_line(2, "Y", 2050, rounds=[(1, "b", "0")]),
                              trf_line(3, "Z", 2000, rounds=[(4, "w", "1")]),
                              trf_line(4, "W", 1900, rounds=[(3, "b", "0")])], "15 min + 10 sec")
    r = rate_event(read_event(text))
    assert r.kind == "rapid" and r.summary()["games"] == 2 and r.summary()["rated_games"] == 1
    by = {p.player.name: p for p in r.players}
    assert not by["X"].rating_change.games[0].counted and by["X"].performance is None and by["Y"].performance is None
    assert by["Z"].performance.performance == 2700 and by["Z"].rating_change.games_counted == 1


def test_a_match_with_an_unrated_player_does_not_count():
    # Two players, one unrated: the games of such a match do not count, so no first rating;
    # with a third player in the file it is a tournament, and they do.
    games = [(2, "w", "="), (2, "b", "1"), (2, "w", "1"), (2, "b", "="), (2, "w", "1")]
    unrated = trf_line(1, "U", 0, rounds=games)
    rated = trf_line(2, "R", 1800, rounds=[(1, "bw"[i % 2], {"=": "=", "1": "0"}[c]) for i, (_, _, c) in enumerate(games)])
    idle = trf_line(3, "T", 1700, rounds=[(0, "-", "Z")] * 5)       # in the file, but no game
    for lines in ([unrated, rated], [unrated, rated, idle]):
        r = rate_event(read_event(trf("2025/10/04", lines)), k=20)
        u = {p.player.name: p for p in r.players}["U"]
        assert u.initial is None and u.performance is None and u.summary()["games"] == 0
        assert r.summary()["rated_games"] == 0 and r.summary()["games"] == 5
        assert any("match" in p.message and p.line == 4 for p in r.problems)  # U's 001 line
        assert season(r, "U")["games"] == [] and len(season(r, "U")["not_counted"]) == 5
    played = trf_line(3, "T", 1700, rounds=[(4, "w", "1")] + [(0, "-", "Z")] * 4)
    fourth = trf_line(4, "F", 1600, rounds=[(3, "b", "0")] + [(0, "-", "Z")] * 4)
    r = rate_event(read_event(trf("2025/10/04", [unrated, rated, played, fourth])), k=20)
    u = {p.player.name: p for p in r.players}["U"]
    assert u.initial.published and u.initial.initial_rating == 1958  # (4 + 1) / 7 = 0.71: 1800 + 158
    assert r.summary()["rated_games"] == 6


@pytest.mark.parametrize("start, given", [("2024/02/29", False), ("2024/03/01", True)])
def test_a_first_rating_only_by_the_rules_it_models(start, given):
    # 8.2 as summarised applies from 1 March 2024; before, FIDE made first ratings another way.
    lines = [trf_line(1, "U", 0, rounds=[(n, "w", "1") for n in range(2, 7)])]
    lines += [trf_line(n, f"R{n}", 1600, rounds=[(0, "-", "Z")] * (n - 2) + [(1, "b", "0")]) for n in range(2, 7)]
    r = rate_event(read_event(trf(start, lines)))
    u = {p.player.name: p for p in r.players}["U"]
    assert (u.initial is not None) == given and u.performance.performance == 2400
    assert any("before 2024-03-01" in p.message for p in r.problems) != given
    # the games of such a player are not handed to the first-rating tab either
    if given:
        assert len(season(r, "U")["games"]) == 5
    else:
        with pytest.raises(EloError, match="before 2024-03-01"):
            season(r, "U")
    assert r.summary()["rated_games"] == (5 if given else 0)    # they count for no one then


def test_rated_games_count_each_game_that_counts_for_someone_once():
    # PGN, rapid: A is 2610 in the file (the first tag) but 2590 in two games with B (1990): A is
    # rated from 2610 on both sides of those games, 620 points from B: not rated for either (the
    # 600-point rule); A-C counts for both, once; a game between two unrated players for no one.
    head = '[Date "2025.10.04"]\n[TimeControl "900+10"]\n'
    game = head + '[White "{w}"]\n[Black "{b}"]\n{elo}[Result "1-0"]\n\n'
    text = (game.format(w="A", b="C", elo='[WhiteElo "2610"]\n[BlackElo "2500"]\n')
            + game.format(w="A", b="B", elo='[WhiteElo "2590"]\n[BlackElo "1990"]\n') * 2
            + game.format(w="X", b="Y", elo=""))
    r = rate_event(read_event(text))
    by = {p.player.name: p for p in r.players}
    assert r.kind == "rapid" and by["A"].rating_change.games_counted == 1 and by["B"].rating_change.games_counted == 0
    assert [g.opponent for g in by["B"].rating_change.games] == [2610, 2610]
    assert r.summary()["games"] == 4 and r.summary()["rated_games"] == 1


def test_problems_are_grouped_by_kind_and_every_kind_stays_listed():
    # 250 games with an unknown result: the first few listed, all counted in problem_groups, and
    # a problem of another kind added by rating (a K for a player not in the file) is listed too.
    text = "".join(f'[White "A{i}"]\n[Black "B{i}"]\n[Result "2-0"]\n\n' for i in range(250))
    event = read_event(text)
    r = rate_event(event, rules="2025-10-01", k_by_player={"Nobody": 20})
    assert [(g.kind, g.count) for g in event.problem_groups] == [("result", 250)]
    assert [(g.kind, g.count) for g in r.problem_groups] == [("result", 250), ("option", 1)]
    for problems, left in ((event.problems, 245), (r.problems, 245)):
        assert problems[-1].kind == "more" and problems[-1].message.startswith(f"... and {left} more problems")
    assert any("no player 'Nobody'" in p.message for p in r.problems)
    groups = r.to_dict()["problem_groups"]
    assert groups[0]["lines"] == [1, 5, 9, 13, 17] and groups[0]["count"] == 250 and groups[0]["message"]
    assert r.summary()["problem_count"] == 251
    assert Problems.resume(r.problems, r.problem_groups).result() == r.problems


def test_csv_quotes_every_text_cell_so_another_separator_keeps_names_whole():
    # spreadsheets in many locales split on ";": a quoted name stays one cell, and the formula guard stays
    rows = [trf_line(1, "x;=1+1;y", 1800, rounds=[(2, "w", "1")]), trf_line(2, "=HYPERLINK(1)", 1750, rounds=[(1, "b", "0")])]
    text = event_csv(rate_event(read_event("012 T\n042 2025/10/04\n" + "\n".join(rows) + "\n"), k=20))
    lines = text.splitlines()
    assert '"x;\'=1+1;y"' in lines[1] and "\"'=HYPERLINK(1)\"" in lines[2]  # quoted, and guarded
    for delimiter in (",", ";"):  # what a reader splitting on either sees: no cell starts a formula
        for cells in csv.reader(lines[1:], delimiter=delimiter):
            assert not any(c.startswith(("=", "+", "@")) for c in cells), cells
    assert [r["name"] for r in csv.DictReader(io.StringIO(text))] == ["x;'=1+1;y", "'=HYPERLINK(1)"]
