"""The address format's pure functions (web/address.js, web/systems.js), run by node: which rating
system a link opens (older links stay FIDE, an older lichess link lichess), each national system's
parameters written only under it, and a round trip."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"

SCRIPT = """
import { parseAddress, formatAddress } from "%(web)s/address.js";
import { nationalRequests, tabFor } from "%(web)s/systems.js";
const cases = JSON.parse(process.argv[2]);
const out = cases.map(([kind, arg]) => kind === "parse" ? parseAddress(arg)
  : kind === "format" ? formatAddress(arg).query
  : kind === "requests" ? nationalRequests(arg) : tabFor(...arg));
console.log(JSON.stringify(out));
"""


def run(cases, tmp_path):
    node = shutil.which("node")
    if not node:
        pytest.fail("node is needed to build the site (and for this test)")
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"web": WEB.as_posix()})
    done = subprocess.run([node, str(script), json.dumps(cases)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


NATIONAL = {"uscf_rating": "1500", "uscf_games_played": "7", "uscf_history": "mixed", "uscf_peak": "", "uscf_age": "",
            "uscf_start": "", "uscf_start_games": "", "uscf_end": "2025-06-01", "uscf_pool": "regular",
            "uscf_dual": False, "dwz_rating": "1600", "dwz_index": "10", "dwz_birth_year": "1990", "dwz_end": "",
            "dwz_rulebook": "auto", "ecf_rating": "1600", "ecf_grade": "", "ecf_month": "", "ecf_junior": True}
STATE = {"tab": "tournament", "rating": "1800", "k": "20", "method": "fide", "rules": "", "kind": "standard",
         "opponent": "1900", "opponent_k": "20", "games": [{"opponent": "1600", "score": "1"}], "national": NATIONAL}


def test_older_links_stay_fide_and_lichess(tmp_path):
    fide, lichess, bogus, uscf = run([["parse", "?tab=tournament&rating=1800"], ["parse", "?tab=lichess"],
                                      ["parse", "?system=elo&tab=single"], ["parse", "?system=uscf&uscf_rating=1500"
                                                                             "&dwz_rating=1600"]], tmp_path)
    assert fide["system"] == "fide" and lichess["system"] == "lichess" and bogus["system"] == "fide"
    assert uscf["system"] == "uscf"
    assert uscf["values"] == {"uscf_rating": "1500"}  # another system's parameter is not read


def test_a_national_system_is_written_with_its_own_parameters_only(tmp_path):
    fide, uscf, ecf = run([["format", {**STATE, "system": "fide"}], ["format", {**STATE, "system": "uscf"}],
                           ["format", {**STATE, "system": "ecf"}]], tmp_path)
    assert "system=" not in fide and "uscf_" not in fide
    assert uscf.startswith("system=uscf&tab=tournament") and "uscf_rating=1500" in uscf and "uscf_dual=false" in uscf
    assert "dwz_" not in uscf and "ecf_" not in uscf
    assert "ecf_junior=true" in ecf
    (back,) = run([["parse", "?" + uscf]], tmp_path)
    assert back["system"] == "uscf" and back["values"]["uscf_games_played"] == "7"
    assert back["values"]["uscf_end"] == "2025-06-01" and back["games"] == [["1600", "1"]]


def test_requests_leave_empty_boxes_out_and_the_rating_on_the_first_rating_tab(tmp_path):
    tournament, initial, event, tabs = run([
        ["requests", {**STATE, "system": "uscf"}],
        ["requests", {**STATE, "system": "uscf", "tab": "initial"}],
        ["requests", {**STATE, "system": "dwz", "tab": "event", "eventRatingsAs": True,
                      "event": {"text": "x", "format": "", "kind": "rapid", "k": "20", "details": False}}],
        ["tab", ["dwz", "single"]]], tmp_path)
    assert tournament == [{"op": "uscf", "args": {"games": [["1600", "1"]], "end": "2025-06-01", "pool": "regular",
                                                  "dual": False, "rating": "1500", "games_played": "7",
                                                  "history": "mixed"}}]
    assert "rating" not in initial[0]["args"] and "games_played" not in initial[0]["args"]
    # FIDE's own event options are not sent: a national system refuses them.
    assert event == [{"op": "dwz_event", "args": {"text": "x", "format": "", "details": False, "ratings_as_dwz": True}}]
    assert tabs == "tournament"
