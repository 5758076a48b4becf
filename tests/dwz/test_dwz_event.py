"""Whole events: DWZ from the TRF-2026 national records (or the file's ratings, by option), the two
stages and the iteration, Restpartien, the Ausnahmespieler, the index and the assumptions said."""

import pytest
from dwz_files import PLAYERS, RESULTS, ger_line, round_robin

from elo_core.dwz.event import rate_event
from elo_core.dwz.expected import difference
from elo_core.dwz.rating import rate
from elo_core.errors import EloError
from elo_core.events.read import read_event


def evaluate(players=PLAYERS, results=RESULTS, end="2025/10/06", **options):
    text = round_robin(players, results, end=end)
    return rate_event(read_event(text), **options)


def rows(report):
    return {r.player.name.split(",")[0]: r for r in report.players}


def test_two_stages_and_a_player_who_stays_unrated():
    report = evaluate()
    by = rows(report)
    assert [by[n].status for n in ("Anton", "Xaver", "Yvonne", "Zeno")] == ["rated", "first", "first", "unrated"]
    assert (by["Xaver"].first.stage, by["Yvonne"].first.stage) == (1, 2)
    assert "0 % against rated players and stage-1 players" in by["Zeno"].first.reason
    assert report.iteration.players == ("6", "7") and report.iteration.settled
    summary = report.summary()
    assert (summary["first_ratings"], summary["staying_unrated"], summary["rulebook"]) == (2, 1, "classic")


def test_restpartien_are_the_games_against_auswahl_i_with_first_dwz():
    by = rows(evaluate())
    kept = by["Zeno"].first.restpartien
    assert len(kept) == 6 and by["Xaver"].first.new_rating in [o for o, _ in kept]  # X (stage 1) by his first DWZ
    assert by["Yvonne"].first.new_rating not in [o for o, _ in kept]  # Y is stage 2: not a Restpartie
    zeno_vs_y = [r for r in by["Zeno"].rounds if r.opponent == "7"][0]
    assert not zeno_vs_y.counted and "stage 2" in zeno_vs_y.reason
    assert any("Restpartien of earlier events" in a for a in evaluate().assumptions)


def test_rated_players_count_new_players_with_their_first_dwz_and_not_the_unrated():
    by = rows(evaluate())
    anton = {r.opponent: r for r in by["Anton"].rounds}
    assert anton["6"].opponent_value == by["Xaver"].first.new_rating and anton["6"].counted
    assert not anton["8"].counted and "Restpartie" in anton["8"].reason
    assert by["Anton"].evaluation.n == 6
    # the same as rating Anton alone against those values
    alone = rate(1850, 11, [(int(r.opponent_value), r.score) for r in by["Anton"].rounds if r.counted],
                 birth_year=1980, end="2025-10-06")
    assert by["Anton"].evaluation.new_rating == alone.new_rating


def test_an_ausnahmespieler_counts_with_his_performance_and_the_iteration_runs_again():
    players = [("Anton, A", 0, 1850, "1980"), ("Berta, B", 0, 1800, "1980"), ("Carl, C", 0, 1750, "1990"),
               ("Dora, D", 0, 1800, "1970"), ("Lutz, L", 0, 1200, "1970"), ("Xaver, X", 0, None, "1990")]
    results = {(5, 1): 1, (5, 2): 1, (5, 3): 1, (5, 4): 1, (5, 6): 1, (6, 1): 0, (6, 2): 0.5, (6, 3): 1, (6, 4): 0}
    report = evaluate(players, results)
    by = rows(report)
    assert by["Lutz"].exceptional and by["Lutz"].performance.value > 1200 + 300
    assert report.iteration.rerun_for == ("5",)
    for name in ("Anton", "Xaver"):
        assert [r.opponent_value for r in by[name].rounds if r.opponent == "5"] == [by["Lutz"].performance.value]


def test_2026_event_by_its_end_date():
    report = evaluate(end="2026/07/01")
    by = rows(report)
    assert report.book.key == "2026" and by["Anton"].evaluation.k is not None and by["Anton"].evaluation.e is None
    assert by["Yvonne"].first.stage == 1  # 100 % against the rated: a fictitious draw, not stage 2
    assert all(r.new_rating >= 1100 for r in report.players if r.status in ("rated", "first"))


def test_the_end_date_can_be_given():
    assert evaluate(rules="2026-06-08").book.key == "2026"
    assert evaluate(end="2026/07/01", rulebook="classic").book.key == "classic"


def test_index_given_for_all_or_by_player_else_assumed_and_said():
    report = evaluate(index=3, index_by_player={"Anton, A": 20, "2": 4, "Nobody": 5})
    by = rows(report)
    assert (by["Anton"].index, by["Berta"].index, by["Carl"].index) == (20, 4, 3)
    assert by["Carl"].index_source == "given for every player" and by["Carl"].evaluation.coefficient.high == 15
    assert any("Nobody" in p.message for p in report.problems)
    assumed = evaluate()
    assert rows(assumed)["Carl"].index == 11 and any("more than 10" in a for a in assumed.assumptions)


def test_a_bad_index_names_its_player():
    with pytest.raises(EloError) as e:
        evaluate(index_by_player={"Anton, A": "x"})
    assert e.value.field == "index['Anton, A']"


def test_without_national_records_every_player_is_unrated_unless_the_ratings_are_taken():
    players = [(n, fide, None, birth) for n, fide, _, birth in PLAYERS]
    report = evaluate(players)
    assert all(r.status in ("unrated",) for r in report.players)
    assert any("no TRF-2026 GER records" in a for a in report.assumptions)
    taken = evaluate(players, ratings_as_dwz=True)
    by = rows(taken)
    assert (by["Anton"].rating, by["Anton"].rating_source) == (1900, "the file's rating, taken as DWZ")
    # Dora has no FIDE rating in the file: 4 games against the rated, X too: nobody reaches stage 1 or 2
    assert by["Dora"].status == "unrated" and "4 games against rated players and stage-1" in by["Dora"].first.reason


def test_national_records_win_over_the_file_ratings():
    by = rows(evaluate(ratings_as_dwz=True))
    assert by["Anton"].rating == 1850 and by["Anton"].rating_source.startswith("national record GER")


def test_bad_national_records_are_problems():
    text = round_robin(PLAYERS, RESULTS) + ger_line(1, "Anton, A", 1850) + "\n" + \
        "GER    9      Ghost                             12x4\n" + "GER   xx      Nobody                            1500\n"
    report = rate_event(read_event(text))
    messages = [p.message for p in report.problems]
    assert any("has a record already" in m for m in messages)
    assert any("'12x4' of starting rank 9 is not a rating" in m for m in messages)
    assert any("starting rank 'xx'" in m for m in messages)


def test_a_pgn_with_ratings_taken_as_dwz():
    pgn = "".join(f'[Event "Club"]\n[Date "2025.10.0{i}"]\n[White "{w}"]\n[Black "{b}"]\n[WhiteElo "{we}"]\n'
                  f'[BlackElo "{be}"]\n[Result "{res}"]\n\n{res}\n\n'
                  for i, (w, b, we, be, res) in enumerate([("A", "B", 1800, 1700, "1-0"), ("B", "A", 1700, 1800, "1/2-1/2")], 1))
    report = rate_event(read_event(pgn), ratings_as_dwz=True, index=12)
    by = {r.player.name: r for r in report.players}
    assert by["A"].evaluation.n == 2 and by["A"].new_rating > 1800 and by["B"].new_rating < 1700
    assert report.summary()["rating_source"] == "the file's ratings, taken as DWZ"


def test_start_values_count_only_the_stage_before_and_do_not_depend_on_the_order():
    rated = PLAYERS[:5]
    new = [("Xaver, X", 0, None, "2010"), ("Yvo, Y", 0, None, "1970")]
    mixed = {(6, 1): 0, (6, 2): 1, (6, 3): 0.5, (6, 4): 0, (6, 5): 1, (7, 1): 1, (7, 2): 0, (7, 3): 0.5, (7, 4): 1,
             (7, 5): 0, (6, 7): 1}
    by = rows(evaluate(rated + new, mixed))
    x_rated = [(r.opponent_value, r.score) for r in by["Xaver"].rounds if r.opponent in {"1", "2", "3", "4", "5"}]
    assert (by["Xaver"].first.stage, by["Yvo"].first.stage) == (1, 1)
    expected_start = sum(o for o, _ in x_rated) / 5 + difference(sum(s for _, s in x_rated) / 5)
    assert by["Xaver"].first.start == expected_start  # step 0: the rated opponents only
    swapped = rows(evaluate(rated + new[::-1], {((13 - a) if a > 5 else a, (13 - b) if b > 5 else b): s
                                                for (a, b), s in mixed.items()}))
    assert swapped["Xaver"].first.start == expected_start
    assert (swapped["Xaver"].first.new_rating, swapped["Yvo"].first.new_rating) == \
        (by["Xaver"].first.new_rating, by["Yvo"].first.new_rating)
