"""The JSON door the page uses: every field checked at once, never an exception."""

import json

import pytest

from elo_core.facade import handle


def ask(op, **args):
    return json.loads(handle(json.dumps({"op": op, "args": args})))


def test_rate_with_the_other_method_side_by_side():
    r = ask("rate", rating="1800", k="20", games="1750:1,1900:0.5", rules="2025-10-01")
    assert r["ok"] and r["result"]["new_rating"] == 1811
    alt = r["result"]["alternative"]
    assert alt["method"] == "logistic" and alt["change_rounded"] is None and abs(alt["change"] - 11.4) < 0.5


def test_all_bad_fields_are_reported_together():
    r = ask("rate", rating="", k="0", games=["1800:1", "1800:7", "x:1"], rules="2025-10-01", kind="bullet")
    assert not r["ok"]
    assert [e["field"] for e in r["errors"]] == ["rating", "k", "games[1].score", "games[2].opponent", "kind"]


def test_every_operation_answers():
    base = dict(rating=1800, k=20, games="1750:1", rules="2025-10-01")
    for op, args in [("rate", base), ("single", dict(base, opponent=1900, opponent_k=20)),
                     ("performance", dict(games="2000:1")), ("initial", dict(games="1600:1")),
                     ("kfactor", dict(rating=1800, games_played=3)), ("what_if", dict(base, opponent=1900)),
                     ("score_needed", dict(base, remaining="1900,1950", target=1820)), ("table", {}), ("ping", {})]:
        assert ask(op, **args)["ok"], op


def test_malformed_requests_get_an_answer():
    for request in ["", "{", "[]", '{"op": "nope"}', '{"op": "rate", "args": 3}', "x" * 13_000_000,
                    '{"op": "rate", "args": {"rating": "' + "9" * 5_000_000 + '"}}']:
        r = json.loads(handle(request))
        assert r["ok"] is False and r["errors"][0]["message"]


def test_lists_given_as_something_else_get_an_answer_naming_the_field():
    args = dict(rating="1800", k="20", games="1750:1", opponent="1900", remaining="1900", target="1810")
    lists = [(op, "games") for op in ("rate", "performance", "initial", "what_if", "score_needed")]
    for op, key in [*lists, ("score_needed", "remaining")]:
        for value in (5, None, True, {"a": 1}):
            r = ask(op, **(args | {key: value}))
            assert r["ok"] is False and r["errors"][0]["field"] == key, (op, key, value, r)


def test_no_nan_ever_reaches_the_page():
    text = handle(json.dumps({"op": "rate", "args": {"rating": "NaN", "k": "Infinity", "games": "1e309:1"}}))
    assert "NaN" not in text.replace("'NaN'", "") and json.loads(text)["ok"] is False


def test_event_table_then_one_players_games():
    text = open(__import__("pathlib").Path(__file__).parents[1] / "data" / "codes.trf", encoding="utf-8").read()
    table = ask("event", text=text, details=False)["result"]
    assert "rounds" not in table["players"][0] and "detail" not in table
    opened = ask("event", text=text, details=False, detail="1")["result"]
    assert opened["players"] == table["players"] and opened["detail"]["name"] == "Alpha, Ann"
    assert opened["detail"]["rounds"][2]["code"] == "H"
    changed = ask("event", text=text, details=False, detail="1", k=10)["result"]   # the kept event is not reused
    assert changed["detail"]["k"] == 10 and changed["players"] != table["players"]


def test_missing_fields_and_yes_no_options_are_checked():
    r = ask("single", rating="1800")
    assert not r["ok"] and {e["field"] for e in r["errors"]} >= {"k", "opponent", "opponent_k"}
    assert ask("kfactor", rating=1800, games_played=100, reached_2400="false")["result"]["k"] == 20
    assert ask("kfactor", rating=1800, games_played=100, reached_2400="true")["result"]["k"] == 10
    assert ask("kfactor", rating=1800, games_played=100, reached_2400="maybe")["errors"][0]["field"] == "reached_2400"
    batch = ask("batch", requests=[{"op": "ping"}, {"op": "rate", "args": {"rating": 1800, "k": 20, "games": [[1]]}}])
    assert [a["ok"] for a in batch["result"]] == [True, False]


def test_every_bad_field_of_every_operation_is_reported_together():
    # one validation path: each op's parameters are parsed before anything is computed
    r = ask("kfactor", rating="abc", games_played="x", birth_year="y", period_games="-1", date="soon", kind="bullet")
    assert [e["field"] for e in r["errors"]] == ["rating", "games_played", "birth_year", "period_games", "date", "kind"]
    r = ask("single", rating="", k="0", opponent="x", opponent_k="", rules="2025-10-01")
    assert [e["field"] for e in r["errors"]] == ["rating", "k", "opponent", "opponent_k"]
    r = ask("event", text=None, format="docx", kind="bullet", rules="x", k="0", games_played="-1",
            k_by_player={"1": "0", "2": "x"}, player=3, details="maybe")
    assert [e["field"] for e in r["errors"]] == ["text", "format", "kind", "rules", "k", "games_played",
                                                 "k_by_player['1']", "k_by_player['2']", "player", "details"]


def test_remaining_opponents_are_ratings_not_games():
    # a bad target names the target alone; the remaining opponents are ratings (not OPPONENT:SCORE)
    r = ask("score_needed", rating=1950, k=20, games="1900:0.5", remaining="1950, 2010", target="abc", rules="2025-10-01")
    assert [e["field"] for e in r["errors"]] == ["target"]
    r = ask("score_needed", rating=1950, k=20, games="", remaining="1950, x, 4000", target="1970", rules="2025-10-01")
    assert [e["field"] for e in r["errors"]] == ["remaining[1]", "remaining[2]"]
    assert ask("score_needed", rating=1950, k=20, games="1900:=", remaining=[2000, "2050"], target=1970,
               rules="2025-10-01")["result"]["points"] == 2.0


def test_a_birth_year_is_bounded_by_the_advices_date_while_it_is_typed():
    # typing "19" says the real range, and a year after the date is reported with the other bad fields
    r = ask("kfactor", rating=1800, games_played=10, birth_year="19", date="2025-10-01")
    assert r["errors"] == [{"field": "birth_year", "message": "must be between 1900 and 2025, not 19"}]
    r = ask("kfactor", rating="x", games_played=10, birth_year="2030", date="2025-10-01")
    assert [e["field"] for e in r["errors"]] == ["rating", "birth_year"]


def test_a_pasted_list_of_games_is_split_into_rows():
    answer = json.loads(handle(json.dumps({"op": "games_text", "args": {"text": "1750 1\n1900 ½; 2010:0\n2100\t="}})))
    assert answer == {"ok": True, "result": {"games": [["1750", "1"], ["1900", "0.5"], ["2010", "0"], ["2100", "0.5"]]}}
    row = json.loads(handle(json.dumps({"op": "games_text", "args": {"text": "1750 1900 2010"}})))
    assert row["result"]["games"] == [["1750", "1"], ["1900", "1"], ["2010", "1"]]
    bad = json.loads(handle(json.dumps({"op": "games_text", "args": {"text": "1" * 100_001}})))
    assert bad["ok"] is False and bad["errors"][0]["field"] == "text"


@pytest.mark.parametrize("case", [{"norm": "", "applicant": 5}, {"norm": "GM"}, [1, 2], "GM", {"applicant": None}])
def test_a_malformed_norm_case_is_an_answer_naming_its_field(case):
    # issue 50, point 7: the door promises never to raise
    answer = json.loads(handle(json.dumps({"op": "norm", "args": {"case": case}})))
    assert answer["ok"] is False and answer["errors"][0]["field"] in ("applicant", "case")
