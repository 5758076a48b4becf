"""The JSON door's DWZ operations: ``dwz`` (one player) and ``dwz_event`` (a whole file), their
shapes, and bad input refused with every field named."""

import json

from dwz_files import PLAYERS, RESULTS, round_robin

from elo_core.facade import handle


def ask(op, **args):
    return json.loads(handle(json.dumps({"op": op, "args": args})))


def test_dwz_classic_shape():
    a = ask("dwz", rating="1800", index="12", birth_year="1980", games="1750:1,1900:1/2", end="2025-10-04")
    assert a["ok"], a
    r = a["result"]
    assert {"expected", "e", "k", "new_rating", "rulebook", "coefficient", "games", "first", "notes", "sources"} <= r.keys()
    assert (r["rulebook"], r["expected"], r["e"], r["k"], r["new_rating"], r["new_index"]) == ("classic", 0.932, 25, None, 1817, 13)
    assert {"value", "j", "e0", "fb", "fb_applies", "sbr", "sbr_applies", "unrounded", "rounded", "low", "high",
            "limit"} <= r["coefficient"].keys()
    assert r["first"] is None and all(s["name"] for s in r["sources"])


def test_dwz_2026_shape():
    r = ask("dwz", rating=1500, index=12, birth_year=1996, games=[[1600, 0], [1500, 0]], end="2026-07-01")["result"]
    assert (r["rulebook"], r["e"], r["k"], r["new_rating"]) == ("2026", None, 26.8, 1477)
    assert {"value", "k0", "group", "index_column", "b", "b_applies", "a", "a_rule", "unrounded", "rounded", "k_max",
            "capped"} <= r["coefficient"].keys()


def test_dwz_first_shape():
    r = ask("dwz", games="1177:0,894:1,1087:0,905:1,1255:0", end="2014-08-01")["result"]
    f = r["first"]
    assert (r["rating"], r["new_rating"], r["new_index"], f["stage"], f["steps"], f["ri"]) == \
        (None, 983, 1, 1, [991.6, 983.6, 982.6], 982.6)
    assert {"average_opponent", "start", "iterations", "settled", "swing", "rule", "restpartien", "fictitious_draw"} <= f.keys()


def test_dwz_every_bad_field_together():
    a = ask("dwz", rating="abc", index="0", games="1800:2", birth_year="1800", end="2025-02-30", rulebook="1999")
    assert not a["ok"]
    assert [e["field"] for e in a["errors"]] == ["rating", "end", "rulebook", "games[0].score", "index", "birth_year"]


def test_dwz_index_needed_with_a_rating_and_refused_without():
    assert ask("dwz", rating=1800, games="1700:1")["errors"][0]["field"] == "index"
    assert ask("dwz", index=3, games="1700:1")["errors"][0]["field"] == "index"


def test_dwz_event_shape():
    text = round_robin(PLAYERS, RESULTS)
    a = ask("dwz_event", text=text)
    assert a["ok"], a
    r = a["result"]
    e = r["event"]
    assert (e["rulebook"], e["first_ratings"], e["staying_unrated"], e["players_listed"]) == ("classic", 2, 1, 8)
    assert {"assumptions", "notes", "sources", "iteration", "rating_source", "rules", "rules_note"} <= e.keys()
    row = r["players"][0]
    assert {"status", "rating", "index", "index_source", "expected", "e", "k", "new_rating", "performance", "rounds",
            "coefficient", "formula", "first"} <= row.keys()
    assert {"opponent_value", "expected", "counted", "reason"} <= row["rounds"][0].keys()
    z = r["players"][7]
    assert z["status"] == "unrated" and len(z["first"]["restpartien"]) == 6


def test_dwz_event_refuses_fide_only_options():
    a = ask("dwz_event", text=round_robin(PLAYERS, RESULTS), k=20, norms=True, kind="rapid")
    assert [e["field"] for e in a["errors"]] == ["kind", "k", "norms"]


def test_dwz_event_options_and_limit():
    a = ask("dwz_event", text=round_robin(PLAYERS, RESULTS), index="4", rulebook="2026", details=False, limit=2)
    r = a["result"]
    assert r["event"]["rulebook"] == "2026" and len(r["players"]) == 2 and "rounds" not in r["players"][0]
    assert r["players"][0]["index"] == 4
