"""The address format's pure functions (web/address.js: parseAddress, formatAddress) run under node:
old links read as before, and the rating period's links (docs/links.md, "A rating period") read and
written back unchanged."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ADDRESS = (Path(__file__).parents[1] / "web" / "address.js").as_uri()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


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
