"""The JSON door's US Chess operations: ``uscf`` (one player's event), ``uscf_event`` (a whole file)
and ``uscf_rules`` (what the page explains the figures with): their shapes, and bad input refused
with every field named."""

import json

from uscf_files import CLUB

from elo_core.facade import handle


def ask(op, **args):
    return json.loads(handle(json.dumps({"op": op, "args": args})))


def test_uscf_has_the_issues_keys():
    a = ask("uscf", rating="1500", games_played="7", games="1600:1,1200:1", end="2025-06-01")
    assert a["ok"], a
    r = a["result"]
    assert {"formula", "effective_games", "k", "expected", "bonus", "threshold", "new_rating", "new_rating_rounded",
            "floor"} <= r.keys()
    assert (r["formula"], r["effective_games"], r["k"], r["bonus"], r["threshold"], r["new_rating_rounded"], r["floor"]) == \
           ("special", 7.0, None, 0.0, 10, 1567, 108)
    assert abs(r["new_rating"] - 1566.6667) < 1e-4
    assert [s["rule"] for s in r["special"]["steps"]] == ["start"]
    assert {t["figure"] for t in r["explain"]} >= {"effective_games", "formula", "special", "bonus", "floor", "new_rating"}
    assert all(s["name"] and s["url"] for s in r["sources"])


def test_uscf_standard_shape():
    r = ask("uscf", rating=1900, games_played=50, games=[[1700, 1], {"opponent": 1800, "score": "1"}, "1900:1", "2000:="],
            end="2025-06-01")["result"]
    assert r["formula"] == "standard" and r["special"] is None
    assert {"base", "factor", "value", "rule"} <= r["k_detail"].keys()
    assert {"applies", "reason", "threshold", "games_counted", "threshold_points", "value"} <= r["bonus_detail"].keys()
    assert r["bonus"] > 0 and r["k"] == r["k_detail"]["value"]
    assert {t["figure"] for t in r["explain"]} >= {"k", "expected", "bonus"}


def test_uscf_bad_input_names_every_field():
    a = ask("uscf", rating="x", games=["1500:5"], end="", pool="fast")
    assert not a["ok"]
    assert [e["field"] for e in a["errors"]] == ["rating", "games[0].score", "end", "pool"]


def test_uscf_rules_for_the_page():
    r = ask("uscf_rules")["result"]
    assert [t["value"] for t in r["thresholds"]] == [14, 12, 10]
    unsettled = {s["name"] for s in r["settings"] if not s["confirmed"]}
    assert {"special_cap", "dual_k_pool", "age_start", "effective_games", "floors_in_steps"} <= unsettled
    assert set(r["pools"]) == {"regular", "quick", "blitz"} and all(s["url"] for s in r["sources"])


def test_uscf_event_shape_and_fide_options_refused():
    r = ask("uscf_event", text=CLUB, games_played_by_player={"4": 6}, start_by_player={"Fox, Finn": "1450/4"})
    assert r["ok"], r
    e, players = r["result"]["event"], r["result"]["players"]
    assert (e["pool"], e["dual"], e["threshold"]) == ("regular", True, 10) and len(e["steps"]) == 5
    p = players[3]
    assert {"status", "effective_games", "estimate", "intermediate", "formula", "new_rating", "new_rating_rounded",
            "step4", "step5", "floor_detail", "rounds"} <= p.keys()
    assert {"opponent_step4", "opponent_step5"} <= p["rounds"][0].keys()
    bad = ask("uscf_event", text=CLUB, k=20, norms=True, pool="x")
    assert [x["field"] for x in bad["errors"]] == ["k", "norms"]  # the door's own checks come first
    assert ask("uscf_event", text=CLUB, pool="x")["errors"][0]["field"] == "pool"


def test_uscf_event_summary_only():
    r = ask("uscf_event", text=CLUB, details=False, limit=2)["result"]
    assert len(r["players"]) == 2 and "rounds" not in r["players"][0] and r["event"]["players_listed"] == 2
