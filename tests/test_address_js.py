"""The address format's pure functions (web/address.js: parseAddress, formatAddress; web/systems.js)
run under node: old links read as before (FIDE's; an old lichess link lichess's), the rating period's
links (docs/links.md, "A rating period") read and written back unchanged, a rating system's own
parameters written only under it, and the requests a national system makes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ADDRESS = (Path(__file__).parents[1] / "web" / "address.js").as_uri()
NODE = shutil.which("node")
WEB = Path(__file__).resolve().parents[1] / "web"


@pytest.fixture(autouse=True)
def node_needed():
    # node builds the site: without it the run fails here, never skips
    assert NODE, "node is needed to build the site (and for this test)"


def run(script: str) -> object:
    """The JSON that `script` (with parseAddress, formatAddress in scope) writes with out(value)."""
    code = f'import {{ parseAddress, formatAddress }} from "{ADDRESS}";\nconst out = (v) => console.log(JSON.stringify(v));\n{script}'
    done = subprocess.run([NODE, "--input-type=module", "-e", code], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


STATE = {"tab": "tournament", "rating": "1953", "k": "20", "method": "fide", "rules": "2025-10-26", "kind": "standard",
         "opponent": "1900", "opponent_k": "20", "games": [{"opponent": "2174", "score": "0"}, {"opponent": "1890", "score": "0.5"}]}


def test_an_old_link_reads_as_before_with_no_period():
    a = run('out(parseAddress("?tab=tournament&rating=1800&k=20&rules=2025-10-01&games=1750%3A1%2C1900%3A0.5"))')
    assert a["period"] is None
    assert a["games"] == [["1750", "1"], ["1900", "0.5"]] and a["values"]["rules"] == "2025-10-01"
    # event1 alone is not a period: one event is the plain form
    assert run('out(parseAddress("?games=1750:1&event1=2025-10-01,2025-10-05").period)') is None


def test_a_one_event_state_writes_todays_link():
    query = run(f"out(formatAddress({json.dumps(STATE)}).query)")
    assert query == ("tab=tournament&rating=1953&k=20&method=fide&rules=2025-10-26&kind=standard&opponent=1900"
                     "&opponent_k=20&games=2174%3A0%2C1890%3A0.5")


PERIOD = {"events": [
    {"start": "2025-10-26", "end": "2025-11-02", "kind": "standard", "rating": "1952", "name": "",
     "games": STATE["games"]},
    {"start": "2025-11-15", "end": "", "kind": "rapid", "rating": "", "name": "Club, rapid",
     "games": [{"opponent": "1800", "score": "1"}]},
    {"start": "2025-11-20", "end": "", "kind": "standard", "rating": "", "name": "", "games": []}],
    "lists": {"rapid": {"rating": "1900", "k": "20"}}}


def test_a_period_is_written_and_read_back():
    out = run(f"""const {{ query }} = formatAddress({json.dumps({**STATE, "period": PERIOD})});
        out({{ query, back: parseAddress("?" + query) }})""")
    q = out["query"]
    # event 1 is also the plain form's rules, kind and games; empty fields at an event's end are left out
    assert "rules=2025-10-26&kind=standard" in q and "games=2174%3A0%2C1890%3A0.5" in q
    assert "event1=2025-10-26%2C2025-11-02%2Cstandard%2C1952&" in q
    assert "event2=2025-11-15%2C%2Crapid%2C%2CClub%2C+rapid&games2=1800%3A1" in q
    assert "event3=2025-11-20%2C%2Cstandard&games3=&" in q and "rapid_rating=1900&rapid_k=20" in q
    back = out["back"]["period"]
    assert back["lists"] == PERIOD["lists"]
    assert [e["games"] for e in back["events"]] == [None, [["1800", "1"]], []]  # event 1's: `games`
    fields = ["start", "end", "kind", "rating", "name"]
    assert [{f: e[f] for f in fields} for e in back["events"]] == [{f: e[f] for f in fields} for e in PERIOD["events"]]


def test_event_1_defaults_to_rules_and_kind_and_events_stop_at_a_gap():
    p = run('out(parseAddress("?rules=2025-11-01&kind=rapid&games=1800:1&event2=2025-11-10&games2=1900:0&event4=2025-11-20").period)')
    assert [(e["start"], e["kind"]) for e in p["events"]] == [("2025-11-01", "rapid"), ("2025-11-10", "")]
    assert p["events"][1]["games"] == [["1900", "0"]] and p["lists"] == {}


def test_at_most_62_events_are_read():
    p = run("""const q = new URLSearchParams({ games: "" });
        for (let n = 2; n <= 70; n += 1) q.set(`event${n}`, "2025-11-01");
        out(parseAddress("?" + q).period.events.length)""")
    assert p == 62


# ---------- rating systems (web/systems.js) ----------

SCRIPT = """
import { parseAddress, formatAddress } from "%(web)s/address.js";
import { nationalRequests, tabFor } from "%(web)s/systems.js";
const cases = JSON.parse(process.argv[2]);
const out = cases.map(([kind, arg]) => kind === "parse" ? parseAddress(arg)
  : kind === "format" ? formatAddress(arg).query
  : kind === "requests" ? nationalRequests(arg) : tabFor(...arg));
console.log(JSON.stringify(out));
"""


def run_cases(cases, tmp_path):
    """Each case's answer: ["parse", search], ["format", state], ["requests", state], ["tab", [system, tab]]."""
    script = tmp_path / "run.mjs"
    script.write_text(SCRIPT % {"web": WEB.as_posix()})
    done = subprocess.run([NODE, str(script), json.dumps(cases)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


NATIONAL = {"uscf_rating": "1500", "uscf_games_played": "7", "uscf_history": "mixed", "uscf_peak": "", "uscf_age": "",
            "uscf_start": "", "uscf_start_games": "", "uscf_end": "2025-06-01", "uscf_pool": "regular",
            "uscf_dual": False, "dwz_rating": "1600", "dwz_index": "10", "dwz_birth_year": "1990", "dwz_end": "",
            "dwz_rulebook": "auto", "ecf_rating": "1600", "ecf_grade": "", "ecf_month": "", "ecf_junior": True}
SYSTEM_STATE = {"tab": "tournament", "rating": "1800", "k": "20", "method": "fide", "rules": "", "kind": "standard",
         "opponent": "1900", "opponent_k": "20", "games": [{"opponent": "1600", "score": "1"}], "national": NATIONAL}


def test_older_links_stay_fide_and_lichess(tmp_path):
    fide, lichess, bogus, uscf = run_cases([["parse", "?tab=tournament&rating=1800"], ["parse", "?tab=lichess"],
                                      ["parse", "?system=elo&tab=single"], ["parse", "?system=uscf&uscf_rating=1500"
                                                                             "&dwz_rating=1600"]], tmp_path)
    assert fide["system"] == "fide" and lichess["system"] == "lichess" and bogus["system"] == "fide"
    assert uscf["system"] == "uscf"
    assert uscf["values"] == {"uscf_rating": "1500"}  # another system's parameter is not read


def test_a_national_system_is_written_with_its_own_parameters_only(tmp_path):
    fide, uscf, ecf = run_cases([["format", {**SYSTEM_STATE, "system": "fide"}], ["format", {**SYSTEM_STATE, "system": "uscf"}],
                           ["format", {**SYSTEM_STATE, "system": "ecf"}]], tmp_path)
    assert "system=" not in fide and "uscf_" not in fide
    assert uscf.startswith("system=uscf&tab=tournament") and "uscf_rating=1500" in uscf and "uscf_dual=false" in uscf
    assert "dwz_" not in uscf and "ecf_" not in uscf
    assert "ecf_junior=true" in ecf
    (back,) = run_cases([["parse", "?" + uscf]], tmp_path)
    assert back["system"] == "uscf" and back["values"]["uscf_games_played"] == "7"
    assert back["values"]["uscf_end"] == "2025-06-01" and back["games"] == [["1600", "1"]]


def test_requests_leave_empty_boxes_out_and_the_rating_on_the_first_rating_tab(tmp_path):
    tournament, initial, event, tabs = run_cases([
        ["requests", {**SYSTEM_STATE, "system": "uscf"}],
        ["requests", {**SYSTEM_STATE, "system": "uscf", "tab": "initial"}],
        ["requests", {**SYSTEM_STATE, "system": "dwz", "tab": "event", "eventRatingsAs": True,
                      "event": {"text": "x", "format": "", "kind": "rapid", "k": "20", "details": False}}],
        ["tab", ["dwz", "single"]]], tmp_path)
    assert tournament == [{"op": "uscf", "args": {"games": [["1600", "1"]], "end": "2025-06-01", "pool": "regular",
                                                  "dual": False, "rating": "1500", "games_played": "7",
                                                  "history": "mixed"}}]
    assert "rating" not in initial[0]["args"] and "games_played" not in initial[0]["args"]
    # FIDE's own event options are not sent: a national system refuses them.
    assert event == [{"op": "dwz_event", "args": {"text": "x", "format": "", "details": False, "ratings_as_dwz": True}}]
    assert tabs == "tournament"
