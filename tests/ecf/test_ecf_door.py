"""The JSON door's ECF operations: ``ecf`` (one player's month), ``ecf_event`` (a whole file) and
``ecf_rules`` (what the page explains the figures with): their shapes, and bad input refused with
every field named."""

import json

from ecf_files import CLUB

from elo_core.facade import handle


def ask(op, **args):
    return json.loads(handle(json.dumps({"op": op, "args": args})))


def test_ecf_k_method_shape():
    a = ask("ecf", rating="1800", games="1750:1,1900:1/2:P", month="2025-10", junior="false")
    assert a["ok"], a
    r = a["result"]
    assert {"expected", "k", "change", "new_rating", "method", "method_name", "status", "games", "category",
            "category_meaning", "formula", "notes", "sources", "choices", "performance", "rating_kind"} <= r.keys()
    assert (r["method"], r["expected"], r["k"], r["change"], r["new_rating"]) == ("K", 0.93, 20, 10.0, 1810)
    assert {"difference", "counted_difference", "band", "column", "expected", "k", "weight", "change"} <= r["games"][0].keys()
    assert r["games"][1]["opponent_partial"] and r["category"] == {"code": "K", "why": r["category"]["why"]}
    assert all(s["name"] and s["url"] for s in r["sources"])


def test_ecf_p_method_shape():
    r = ask("ecf", games=[[1500, 1], {"opponent": 1600, "score": "="}, "1700:0"], month="2025-10")["result"]
    assert (r["method"], r["status"], r["new_rating"], r["rating_kind"], r["expected"], r["k"]) == \
           ("P", "new", 1600, "Partial", None, None)
    assert {"nominal", "nominal_rule", "average", "fraction", "p", "dp", "value", "full", "kind", "formula"} <= \
        r["performance"].keys()


def test_ecf_bad_input_names_every_field():
    a = ask("ecf", rating="x", games=["1500:5"], month="1999-01", cap_400="maybe")
    assert not a["ok"]
    assert [e["field"] for e in a["errors"]] == ["rating", "games[0].score", "cap_400"]


def test_ecf_rules_explains_methods_categories_and_the_table():
    r = ask("ecf_rules")["result"]
    assert set(r["methods"]) == {"K", "P"} and [c["code"] for c in r["categories"]][:3] == ["A", "K", "P"]
    assert len(r["expected_table"]["bands"]) == 51 and r["expected_table"]["url"].endswith("B022017")
    unsettled = {s["name"] for s in r["settings"] if not s["confirmed"]}
    assert {"junior_rule", "cap_400", "nominal_new", "performance", "activity_months", "partial_opponent_k"} <= unsettled


def test_ecf_event_shape_and_fide_options_refused():
    r = ask("ecf_event", text=CLUB, partial={"5": 3}, juniors=["2"])
    assert r["ok"], r
    e = r["result"]["event"]
    assert (e["month"], e["k_method"], e["p_method"]) == ("2025-11", 3, 3)
    p = r["result"]["players"][3]
    assert {"status", "method", "pass1", "new_rating", "rating_kind", "category", "performance", "rounds"} <= p.keys()
    bad = ask("ecf_event", text=CLUB, k=20, norms=True, nominal="x")
    assert [x["field"] for x in bad["errors"]] == ["k", "norms"]  # the door's own checks come first
    assert ask("ecf_event", text=CLUB, nominal="x")["errors"] == [{"field": "nominal", "message": "must be a number, not 'x'"}]


def test_ecf_event_summary_only():
    r = ask("ecf_event", text=CLUB, details=False, limit=2)["result"]
    assert len(r["players"]) == 2 and "rounds" not in r["players"][0] and r["event"]["players_listed"] == 2
