"""The PGN header scanner and the games it makes: comments, escapes, line ends, results, streaming."""

import io
from pathlib import Path

import pytest
from eventgen import pgn_games

from elo_core import rate_event, read_event
from elo_core.events.formats.pgn_scan import scan_headers
from elo_core.events.problems import Problems

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def edge():
    return read_event((DATA / "edge.pgn").read_bytes())


def games(text):
    return [tags for _, tags in scan_headers(text)]


def test_escapes_comments_bom_and_crlf(edge):
    tags = games((DATA / "edge.pgn").read_bytes().decode("utf-8-sig"))
    assert len(tags) == 7 and tags[0]["Event"] == 'Club Ch "Winter"' and tags[0]["Black"] == "Beta, Bob"
    assert all("Not a tag" not in t.values() for t in tags)    # a "[" line inside a {comment}
    assert edge.name == 'Club Ch "Winter"' and edge.start.isoformat() == "2025-10-04" and edge.kind == "standard"


def test_results_and_what_counts(edge):
    by = {p.name: p for p in edge.players}
    alpha = {e.round: e for e in by["Alpha, Ann"].entries}
    assert (alpha[1].code, alpha[1].points, alpha[1].rated, alpha[1].opponent_rating) == ("1-0", 1.0, True, 1900)
    assert alpha[2].rated and alpha[2].opponent_rating == 0            # Elo "-": an unrated opponent
    assert (alpha[3].code, alpha[3].points, alpha[3].rated) == ("*", None, False) and "unfinished" in alpha[3].note
    forfeit = by["Beta, Bob"].entries[-1]
    assert forfeit.points == 1.0 and not forfeit.played and "forfeit" in forfeit.note
    odd = by["<img src=x onerror=alert(1)>"].entries[0]
    assert odd.code == "2-0" and not odd.rated
    assert "Nobody" not in by
    messages = [(p.line, p.message) for p in edge.problems]
    assert any("unknown result '2-0'" in m for _, m in messages)
    assert any(n == 72 and "malformed tag line" in m for n, m in messages)
    assert any("two named players" in m for _, m in messages)
    r = {p.player.name: p for p in rate_event(edge).players}
    assert r["Beta, Bob"].rating_change.change_rounded == -10 and r["Alpha, Ann"].rating_change.games_counted == 1


def test_game_boundaries_without_moves_and_odd_line_ends():
    text = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n[White "C"]\n[Black "D"]\n[Result "*"]\n'
    assert [t["White"] for t in games(text)] == ["A", "C"]
    assert [t["White"] for t in games(text.replace("\n", "\r"))] == ["A", "C"]       # old Mac
    assert [t["White"] for t in games(text.replace("\n", "\r\n"))] == ["A", "C"]
    assert games('[White "A"]\n1. e4 {never closed [White "X"]\n') == [{"White": "A"}]
    assert games("%escape line\n[White \"A\\\\B\"]\n") == [{"White": "A\\B"}]
    assert games("no tags at all\n") == []


def test_streaming_in_blocks_gives_the_same_games(monkeypatch):
    text = pgn_games(300, seed=5)
    whole = list(scan_headers(text))
    monkeypatch.setattr("elo_core.events.formats.pgn_scan.BLOCK", 997)                # many blocks, cut anywhere
    streamed = list(scan_headers(io.StringIO(text, newline="")))
    assert streamed == whole and len(whole) == 300 and whole[1][0] == text[:text.index('[Event', 10)].count("\n") + 1


def test_same_tags_as_python_chess_where_installed():
    chess_pgn = pytest.importorskip("chess.pgn")
    text = pgn_games(200, seed=3)
    handle, theirs = io.StringIO(text), []
    while (h := chess_pgn.read_headers(handle)) is not None:
        theirs.append({k: v.replace('\\"', '"') for k, v in h.items()})   # python-chess keeps the escapes
    assert [dict(t) for t in games(text)] == theirs


def test_ten_thousand_games_are_read():
    text = pgn_games(10_000)   # timed in bench/events.py, not here
    found = Problems()
    n = sum(1 for _ in scan_headers(text, found))
    assert n == 10_000 and not found.total()


def test_one_players_season(edge):
    from elo_core import season
    s = season(rate_event(edge), "alpha, ann")
    assert s["player"] == "Alpha, Ann" and s["date"] == "2025-10-04" and s["rating"] == 2000
    assert s["games"] == [{"opponent": 1900, "score": 1.0}, {"opponent": 0, "score": 1.0}]
    assert [g["code"] for g in s["not_counted"]] == ["*"]


def test_an_elo_in_superscript_digits_is_reported_not_read():
    # "¹" is a digit to str.isdigit but not to int (found by test_fuzz)
    text = '[White "A"]\n[Black "B"]\n[WhiteElo "\u00b9800"]\n[BlackElo "1700"]\n[Result "1-0"]\n\n1-0\n'
    ev = read_event(text)
    assert ev.players[0].rating == 0
    assert any("is not a rating" in p.message for p in ev.problems), ev.problems


@pytest.mark.parametrize("termination, rated", [("Time forfeit", True), ("time-forfeit", True), ("Time  forfeit", True),
                                                ("Black forfeits on time", True), ("Normal", True),
                                                ("forfeit", False), ("Black forfeits", False), ("Forfeit win", False)])
def test_a_game_lost_on_time_is_played_and_rated(termination, rated):
    # PGN's "time forfeit" (as Lichess writes it) is a game lost on time: played, so rated;
    # any other forfeit is a game not played.
    text = ('[White "A"]\n[Black "B"]\n[WhiteElo "1800"]\n[BlackElo "1750"]\n[Date "2025.10.04"]\n'
            f'[Result "1-0"]\n[Termination "{termination}"]\n\n1. e4 1-0\n')
    r = {p.player.name: p for p in rate_event(read_event(text), k=20).players}
    assert r["A"].rating_change.change_rounded == (9 if rated else 0)
    assert r["B"].rating_change.change_rounded == (-9 if rated else 0)


def test_a_missing_elo_tag_takes_the_players_rating_in_the_file():
    # B beats A in a game whose tags give no rating for A, whom the file rates 1800 elsewhere:
    # the game counts for both players, not only for A.
    text = ('[Date "2025.10.04"]\n[White "A"]\n[Black "B"]\n[WhiteElo "1800"]\n[BlackElo "2000"]\n[Result "1-0"]\n\n'
            '[Date "2025.10.05"]\n[White "B"]\n[Black "A"]\n[WhiteElo "2000"]\n[Result "1-0"]\n')
    event = read_event(text)
    r = {p.player.name: p for p in rate_event(event, k=20).players}
    assert r["B"].rating_change.games_counted == 2 and r["A"].rating_change.games_counted == 2
    assert [g.opponent for g in r["B"].rating_change.games] == [1800, 1800]
    assert [p.message for p in event.problems if p.line == 8] == [
        "A: no rating in the tags of 1 game (from this line); 1800, their rating in the file, is used"]


def test_the_file_rating_stands_in_only_for_a_rated_game_without_a_rating_tag():
    # An Elo tag that is not a rating is ignored: A is rated 1800 (their first tag) on both sides of
    # that game too, as in A's own change; an unfinished game needs no rating, and the games of one
    # player are said once.
    game = '[Date "2025.10.0{d}"]\n[White "B"]\n[Black "A"]\n[WhiteElo "2000"]\n{tag}[Result "{res}"]\n\n'
    text = ('[Date "2025.10.04"]\n[White "A"]\n[Black "B"]\n[WhiteElo "1800"]\n[BlackElo "2000"]\n[Result "1-0"]\n\n'
            + game.format(d=5, tag='[BlackElo "abc"]\n', res="1-0") + game.format(d=6, tag="", res="*")
            + game.format(d=7, tag="", res="0-1") + game.format(d=8, tag='[BlackElo "?"]\n', res="1/2-1/2"))
    event = read_event(text)
    b = {p.player.name: p for p in rate_event(event, k=20).players}["B"]
    assert [g.opponent for g in b.rating_change.games] == [1800, 1800, 1800, 1800]
    said = [p.message for p in event.problems if "their rating in the file" in p.message]
    assert said == ["A: no rating in the tags of 2 games (from this line); 1800, their rating in the file, is used"]


def pgn(*games, head='[Date "2025.10.04"]\n'):
    """Games as (white, white Elo, black, black Elo, result, more tags)."""
    out = []
    for w, we, b, be, res, more in games:
        out.append(f'{head}[White "{w}"]\n[Black "{b}"]\n[WhiteElo "{we}"]\n[BlackElo "{be}"]\n[Result "{res}"]\n{more}\n1-0\n\n')
    return "".join(out)


def test_both_sides_of_a_game_use_the_same_two_ratings():
    # A's tags differ (2000, then 2100): A is rated from 2000, their first tag, on both sides of
    # both games, so that A's and B's expected scores in their game add up to one.
    event = read_event(pgn(("A", 2000, "C", 2000, "1/2-1/2", ""), ("A", 2100, "B", 1900, "1-0", "")))
    r = {p.player.name: p for p in rate_event(event, k=20).players}
    a_vs_b, b_vs_a = r["A"].rating_change.games[1], r["B"].rating_change.games[0]
    assert (a_vs_b.opponent, b_vs_a.opponent) == (1900, 2000)
    assert a_vs_b.expected + b_vs_a.expected == 1 and (float(a_vs_b.expected), float(b_vs_a.expected)) == (0.64, 0.36)
    assert r["A"].summary()["rating_source"] == "first rating tag in the file (the game at line 1)"
    assert any("used on both sides of every game" in p.message and p.kind == "rating-tags-differ" for p in event.problems)
    assert any("each player is rated from their first rating tag" in n for n in event.notes)


@pytest.mark.parametrize("variant, counted, words", [
    ("Standard", True, None), ("chess", True, None), ("Chess960", False, "Chess960 has no FIDE rating"),
    ("chess 960", False, "Chess960"), ("fischerandom", False, "Chess960"), ("Fischer Random", False, "Chess960"),
    ("Crazyhouse", False, "FIDE rates standard chess only"), ("Atomic", False, "FIDE rates standard chess only"),
])
def test_variants_are_not_counted(variant, counted, words):
    event = read_event(pgn(("A", 2000, "B", 1900, "1-0", f'[Variant "{variant}"]\n')))
    e = event.players[0].entries[0]
    assert e.rated == counted and e.played
    if words:
        assert words in e.note and any("not counted" in n and words in n for n in event.notes)
    assert rate_event(event).summary()["rated_games"] == (1 if counted else 0)


def test_utcdate_stands_in_for_a_missing_or_unknown_date():
    for head in ('[Date "????.??.??"]\n[UTCDate "2025.10.04"]\n', '[UTCDate "2025.10.04"]\n'):
        event = read_event(pgn(("A", 2000, "B", 1900, "1-0", ""), head=head))
        assert event.start.isoformat() == "2025-10-04" and event.players[0].entries[0].date == "2025-10-04"
        assert rate_event(event).rules_note == "the event's start date"
        assert "dates: 1 game without a Date (or ????.??.??) dated by their UTCDate" in event.notes
    # A Date in another form than PGN's is read, and how it was read is said
    event = read_event(pgn(("A", 2000, "B", 1900, "1-0", ""), head='[Date "4 Oct 2025"]\n'))
    assert event.start.isoformat() == "2025-10-04" and "Date '4 Oct 2025' read as 2025-10-04 (month by name)" in event.notes


def test_an_unreadable_date_is_named_in_the_rules_note():
    r = rate_event(read_event(pgn(("A", 2000, "B", 1900, "1-0", ""), head='[Date "the 4th"]\n')))
    assert "could not be read" in r.rules_note and "the 4th" in r.rules_note


@pytest.mark.parametrize("event_name, kind", [("Club Rapid Open", "rapid"), ("Blitz night", "blitz"),
                                              ("Schnellschach-Cup", "rapid"), ("Open rapide", "rapid"),
                                              ("Torneo rápido", "rapid"), ("Torneo Relámpago", "blitz"),
                                              ("Autumn Open", None)])
def test_the_kind_is_read_from_the_event_name_as_in_a_trf(event_name, kind):
    event = read_event(pgn(("A", 2000, "B", 1900, "1-0", f'[Event "{event_name}"]\n')))
    assert event.kind == kind
    trf = read_event(f"012 {event_name}\n001    1 m    One\n")
    assert trf.kind == kind
    if kind:
        assert f"says {kind}" in event.kind_note


@pytest.mark.parametrize("control, kind, counted", [
    ("10+0.05", "blitz", False), ("60+0.6", "blitz", False), ("120+1", "blitz", False), ("180+2", "blitz", True),
    ("300", "blitz", True), ("600+0.5", "rapid", True), ("*180", "blitz", False), ("40/9000:1800+30", "standard", True),
])
def test_a_time_control_with_a_fractional_increment_is_read_and_bullet_is_not_counted(control, kind, counted):
    event = read_event(pgn(("A", 2000, "B", 1900, "1-0", f'[TimeControl "{control}"]\n')))
    assert event.kind == kind and "could not be read" not in event.kind_note
    e = event.players[0].entries[0]
    assert e.rated == counted
    if not counted:
        assert "not FIDE-rated" in e.note and "not FIDE-rated" in event.kind_note


def test_a_time_control_that_cannot_be_read_is_a_problem_and_standard_is_assumed():
    event = read_event(pgn(("A", 2000, "B", 1900, "1-0", '[TimeControl "as agreed"]\n'),
                           ("B", 1900, "A", 2000, "1-0", '[TimeControl "as agreed"]\n')))
    assert [(p.line, p.kind, p.message) for p in event.problems] == [
        (1, "time-control", "TimeControl: time control 'as agreed' could not be read")]
    assert "could not be read" in rate_event(event).kind_note and "standard assumed" in rate_event(event).kind_note


def test_twenty_thousand_games_are_read():
    event = read_event(pgn_games(20_000, seed=7))   # timed by hand (tests/eventgen.py), not here
    assert sum(len(p.entries) for p in event.players) == 40_000 and event.kind == "standard"
