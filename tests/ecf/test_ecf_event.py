"""A whole month in three passes: new players' opponents at their fresh ratings, Partial ratings
halving the adjustment, juniors, where the ECF ratings come from, and what is assumed."""

import pytest
from ecf_files import CLUB

from elo_core.ecf.event import rate_event
from elo_core.errors import EloError
from elo_core.events.read import parse_event, source_text


def month(text=CLUB, **options):
    text, problems = source_text(text)
    return rate_event(parse_event(text, problems), **options).to_dict()


def player(report, name):
    return next(p for p in report["players"] if p["name"].startswith(name))


def test_pass_1_leaves_out_new_opponents_and_pass_2_counts_them():
    r = month(partial={"5": 3})
    dunn, fox, ellis = player(r, "Dunn"), player(r, "Fox"), player(r, "Ellis")
    # Pass 1, Dunn: v 1650 (1), 1452P (=), 2010 (=), 1705 (=); Fox left out. 2.5 of 4, nominal 6817 / 4:
    # Ra = 8521.25 / 5 = 1704, p = 3 / 5 = 0.60, dp 72: 1776. Fox has the same games and values: 1776.
    # Ellis: v 1705 (=), 1650 (0), 2010 (0): Ra 1788, p = 1 / 4 = 0.25, dp -193: 1595.
    assert (dunn["pass1"], fox["pass1"], ellis["pass1"]) == (1776, 1776, 1595)
    # Pass 2, Dunn: Fox at 1776 and Ellis at 1595 now; 3.5 of 5, opponents 8736, nominal 1747.2:
    # Ra = 10483.2 / 6 = 1747, p = 4 / 6 = 0.67, dp 125: 1872.
    assert (dunn["new_rating"], dunn["rating_kind"], dunn["category"], dunn["games"]) == (1872, "Partial", "P", 5)
    assert dunn["performance"]["formula"].endswith("P = Ra + dp = 1872 (Partial rating: 5 games)")
    assert ellis["performance"]["unseen_earlier"] == 3 and ellis["change"] == ellis["new_rating"] - 1452


def test_pass_3_rates_the_rated_players_against_the_pass_2_values():
    r = month(partial={"5": 3})
    adams, fox, ellis = player(r, "Adams"), player(r, "Fox"), player(r, "Ellis")
    rounds = {x["opponent_name"]: x for x in adams["rounds"]}
    assert rounds["Fox, Fay"]["opponent_value"] == fox["new_rating"] and rounds["Fox, Fay"]["opponent_partial"]
    assert rounds["Fox, Fay"]["weight"] == 0.5 and rounds["Brown, Beth"]["weight"] == 1.0
    assert rounds["Ellis, Ed"]["opponent_value"] == ellis["new_rating"]
    assert adams["method"] == "K" and adams["k"] == 20 and adams["new_rating"] == round(2010 + adams["change"])


def test_a_new_player_with_ten_games_becomes_an_opponents_full_rating():
    # No halving once the new player's Pass-2 value is a Full rating (10 games or more).
    r = month(partial={"Ellis, Ed": 9})
    ellis = player(r, "Ellis")
    assert (ellis["rating_kind"], ellis["category"]) == ("Full", "K")
    rounds = {x["opponent_name"]: x for x in player(r, "Adams")["rounds"]}
    assert rounds["Ellis, Ed"]["opponent_partial"] is False and rounds["Ellis, Ed"]["weight"] == 1.0


def test_juniors_are_named_and_get_k_40():
    r = month(juniors=["Brown, Beth"])
    brown = player(r, "Brown")
    assert (brown["junior"], brown["k"]) == (True, 40)
    assert not any(a.startswith("juniors:") for a in r["event"]["assumptions"])
    assert any(a.startswith("juniors:") for a in month()["event"]["assumptions"])


def test_without_records_everyone_is_new_unless_the_files_ratings_are_taken():
    plain = "\n".join(line for line in CLUB.splitlines() if not line.startswith("ENG")) + "\n"
    r = month(plain)
    assert r["event"]["k_method"] == 0 and "every player is taken as new" in " ".join(r["event"]["assumptions"])
    r = month(plain, ratings_as_ecf=True)
    assert player(r, "Adams")["rating"] == 2100 and r["event"]["rating_source"] == "the file's ratings, taken as ECF ratings"


def test_bad_records_and_unknown_names_are_problems_not_crashes():
    text = CLUB + "ENG    2      Brown, Beth                       17x5\nENG   zz\n"
    r = month(text, partial={"Nobody": 2}, juniors=["9"])
    messages = [p["message"] for p in r["problems"]]
    assert any("has a record already" in m for m in messages) and any("'zz' is not a number" in m for m in messages)
    assert any("partial: no player 'Nobody'" in m for m in messages) and any("juniors: no player '9'" in m for m in messages)


def test_a_partial_count_of_ten_is_refused():
    with pytest.raises(EloError) as e:
        month(partial={"5": 10})
    assert e.value.field == "partial['5']"


def test_a_month_before_july_2020_is_refused_and_a_file_over_two_months_is_said():
    with pytest.raises(EloError) as e:
        month(rules_month="2020-06")
    assert e.value.field == "rules"
    spread = month(CLUB.replace("052 2025/11/25", "052 2025/12/02"))
    assert spread["event"]["month"] == "2025-12"
    assert any("rated together as the month 2025-12" in a for a in spread["event"]["assumptions"])


def test_the_summary_counts():
    e = month(partial={"5": 3})["event"]
    assert (e["players"], e["k_method"], e["p_method"], e["games"], e["rated_games"]) == (6, 3, 3, 15, 15)
    assert len(e["passes"]) == 3 and e["sources"]
