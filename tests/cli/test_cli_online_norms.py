"""The online-rating and norm subcommands through a subprocess, and their facade operations.

Reference figures: Glickman's worked examples (glicko2.pdf, "Example calculation": 1464.06,
151.52, 0.05999; glicko.pdf: 1464, 151.4) and lichess's own (scalachess
RatingCalculatorTest: a new player's win against a new player gives 1741, deviation 396.7).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from eventgen import home_norm_trf

from elo_core.facade import handle

DATA = Path(__file__).parents[1] / "data"
PAPER_GAMES = ["--game", "1400:30:1", "--game", "1550:100:0", "--game", "1700:300:0"]


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60,
                          input=stdin)


def test_glicko2_gives_glickmans_example():
    p = cli("glicko2", "--rating", "1500", "--deviation", "200", *PAPER_GAMES, "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (round(r["rating"], 2), round(r["deviation"], 2), round(r["volatility"], 5)) == (1464.05, 151.52, 0.06)
    assert "Rating 1464.05" in cli("glicko2", "--rating", "1500", "--deviation", "200", *PAPER_GAMES).stdout


def test_glicko1_gives_glickmans_example():
    r = json.loads(cli("glicko1", "--rating", "1500", "--deviation", "200", *PAPER_GAMES, "--json").stdout)
    assert (round(r["rating"]), round(r["deviation"], 1)) == (1464, 151.4)


def test_lichess_game_as_lichess_rates_it():
    r = json.loads(cli("lichess", "--rating", "1500", "--deviation", "500", "--opponent", "1500:500", "--score", "1",
                       "--json").stdout)
    assert r["rating_shown"] == 1741 and round(r["deviation"], 1) == 396.7 and r["provisional"] is True
    preview = cli("lichess", "--rating", "1500", "--deviation", "60", "--volatility", "0.06", "--opponent", "1600:60",
                  "--speed", "blitz", "--days-idle", "365")
    assert preview.returncode == 0 and "win:   1540 (+40)" in preview.stdout, preview.stdout


@pytest.mark.parametrize("args, words", [
    (["glicko2", "--rating", "x", "--deviation", "200"], "--rating: must be a number"),
    (["glicko2", "--rating", "1500", "--deviation", "200", "--game", "1400:30:2"], "--game #1 (score):"),
    (["lichess", "--rating", "1500", "--deviation", "60", "--opponent", "1600"], "--opponent: must be written"),
    (["lichess", "--rating", "1500", "--deviation", "60", "--opponent", "1600:60", "--days-idle", "-1"], "--days-idle:"),
    (["norm", str(DATA / "codes.trf")], "--player: is required"),
    (["norm", "/no/such/file.json"], "FILE: cannot read"),
])
def test_bad_input_exits_2_naming_the_option(args, words):
    p = cli(*args)
    assert p.returncode == 2 and words in p.stderr and p.stdout == "", p.stderr


def test_norm_from_a_trf_and_from_a_case():
    p = cli("norm", str(DATA / "codes.trf"), "--player", "1", "--norm", "IM", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["norm"] is False and "1.4.1" in r["reasons_failed"] and r["games"] == 2
    wins = [{"round": n, "rating": 2300, "title": "IM", "federation": "FRA", "score": 1} for n in range(1, 10)]
    case = {"norm": "GM", "applicant": {"federation": "GER"}, "event": {"rounds": 9}, "games": wins}
    r = json.loads(cli("norm", "-", "--json", stdin=json.dumps(case)).stdout)
    assert r["reasons_failed"] == ["1.4.3", "1.4.4-one", "1.4.5b-e", "1.4.8a"]
    bad = cli("norm", "-", stdin=json.dumps({**case, "games": [{"round": 1, "rating": "x"}]}))
    assert bad.returncode == 2 and "-: games[0].rating" in bad.stderr


def test_every_norm_the_player_may_want_and_the_closest():
    r = json.loads(handle(json.dumps({"op": "norm", "args": {"text": (DATA / "codes.trf").read_text(), "player": "1"}})))
    assert r["ok"] and r["result"]["closest"]["norm_type"] in r["result"]["verdicts"]


def test_online_operations_report_the_field_at_fault():
    r = json.loads(handle(json.dumps({"op": "glicko1", "args": {"rating": 1500, "deviation": 400}})))
    assert r == {"ok": False, "errors": [{"field": "deviation", "message": "must be more than 0 and at most 350, not 400"}]}
    settings = json.loads(handle(json.dumps({"op": "lichess_settings"})))["result"]
    assert settings and all("source" in row for row in settings)


def test_the_event_table_checks_norms_when_asked():
    p = cli("event", str(DATA / "codes.trf"), "--norms", "--json")
    assert p.returncode == 0, p.stderr
    players = {x["name"]: x for x in json.loads(p.stdout)["players"]}
    assert players["Alpha, Ann"]["norm"]["text"].startswith("IM missed")  # a WGM may still want the IM norm
    assert players["Gamma, Gil"]["norm"]["text"].startswith("not checked: ")  # no federation in the file
    assert "norm" not in json.loads(cli("event", str(DATA / "codes.trf"), "--json").stdout)["players"][0]


def test_the_event_tables_norm_options(tmp_path):
    trf = tmp_path / "home.trf"
    trf.write_text(home_norm_trf())
    options = ["--norms", "--min-games", "7", "--exemption", "1.4.3b", "--host-federation", "GER"]
    r = json.loads(cli("event", str(trf), *options, "--norm-types", "gm,IM", "--json").stdout)
    assert r["players"][0]["norm"]["text"] == "IM norm (Rp 2552, 8 games)"
    assert r["norm_options"]["norm_types"] == ["GM", "IM"] and r["norm_options"]["host_federation"] == "GER"
    table = cli("event", str(trf), *options, "--norm-types", "GM").stdout
    assert "Title norms (GM): Swiss pairings; exemption 1.4.3b (national team championship), for players of GER" in table
    assert "norm, Norm, Nils: GM missed: Rp 2552 (48 short)" in table
    for args, words in ((["--exemption", "1.4.3a"], "error: --norms: is needed with --exemption"),
                        (["--norms", "--exemption", "1.4.3b"], "error: --host-federation: is required with 1.4.3b"),
                        (["--norms", "--norm-types", "FM"], "error: --norm-types: must be GM, IM, WGM or WIM, not 'FM'"),
                        (["--norms", "--min-games", "10"], "error: --min-games: must be 7, 8 or 9"),
                        (["--pairing", "roundrobin"], "error: --norms: is needed with --pairing"),
                        (["--norms", "--csv"], "error: --norms: is not in the CSV")):
        p = cli("event", str(trf), *args)
        assert p.returncode == 2 and words in p.stderr and p.stdout == "", (args, p.stderr)
