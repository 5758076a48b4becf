"""The ``uscf`` subcommand and ``event FILE --system uscf`` end to end, through a subprocess."""

import json
import subprocess
import sys

from uscf_files import CLUB


def cli(*args):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60)


def test_uscf_json_has_the_issues_keys():
    p = cli("uscf", "--rating", "1500", "--games-played", "7", "--game", "1600:1", "--game", "1200:1", "--end",
            "2025-06-01", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["formula"], r["effective_games"], r["k"], r["threshold"], r["new_rating_rounded"]) == \
           ("special", 7.0, None, 10, 1567)


def test_uscf_table_explains_the_standard_formula():
    p = cli("uscf", "--rating", "1900", "--games-played", "50", "--game", "1700:1", "--game", "1800:1", "--game",
            "1900:1", "--game", "2000:1/2", "--end", "2023-03-01", "--peak", "2010")
    assert p.returncode == 0, p.stderr
    assert "K = 800 / (N' + m) = 800 / (25.10 + 4) = 27.50" in p.stdout
    assert "Bonus 10.10: K (S - E) 34.10 - B 12 x sqrt(4) 24.00 > 0; B 12 for events ending from 2023-02-01" in p.stdout
    assert "Floor 1800: " in p.stdout


def test_uscf_unrated_and_dual():
    p = cli("uscf", "--age", "12", "--game", "1200:1", "--game", "900:0", "--end", "2025-06-01", "--time-control",
            "G/45;d5")
    assert "US Chess Regular (OTB), dual-rated, event ending 2025-06-01: unrated, starting from 600" in p.stdout
    assert "Note: unrated: US Chess now blends" in p.stdout


def test_uscf_bad_input_exits_2_naming_the_options():
    p = cli("uscf", "--rating", "1800", "--game", "1700:3", "--end", "2025-13-01", "--start-games", "4")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.splitlines() == ["error: --game #1 (score): must be 1, 0.5 or 0 (win, draw, loss), not '3'",
                                     "error: --end: is not a real date: '2025-13-01'"]
    p = cli("uscf", "--rating", "1800", "--game", "1700:1", "--end", "2025-06-01")
    assert p.stderr.strip() == "error: --games-played: is needed with a rating: the number of rated games it is based on"


def test_event_system_uscf(tmp_path):
    f = tmp_path / "club.trf"
    f.write_text(CLUB)
    p = cli("event", str(f), "--system", "uscf", "--games-played", "4=6", "--uscf-start", "Fox, Finn=1450/4")
    assert p.returncode == 0, p.stderr
    assert "US Chess Regular (OTB) (time control G/45+5: 50 minutes + seconds, dual-rated" in p.stdout
    assert "Ratings from national records of the US list (USA, TRF-2026)" in p.stdout
    lines = {line.split()[0]: line for line in p.stdout.splitlines() if line[:4].strip().isdigit()}
    assert lines["4"].split()[3:5] == ["1480", "6"] and " Sp " in lines["4"]
    assert lines["6"].split()[3:5] == ["(1450)", "4"]
    j = json.loads(cli("event", str(f), "--system", "uscf", "--json", "--uscf-pool", "quick").stdout)
    assert j["event"]["pool"] == "quick" and j["players"][0]["step5"]["standard"]["k_detail"]["factor"] == 1


def test_event_system_uscf_refuses_other_options(tmp_path):
    f = tmp_path / "club.trf"
    f.write_text(CLUB)
    p = cli("event", str(f), "--system", "uscf", "--k", "20")
    assert p.returncode == 2 and p.stderr.strip() == "error: --k: is not used by US Chess rating (an option of FIDE rating)"
    p = cli("event", str(f), "--uscf-pool", "quick")
    assert p.returncode == 2 and p.stderr.strip() == "error: --system: is fide; --uscf-pool is an option of --system uscf"
    p = cli("event", str(f), "--system", "uscf", "--uscf-start", "6=1450/x", "--uscf-pool", "blitz")
    assert p.stderr.splitlines() == ["error: --uscf-start '6': must be a number, not 'x'"]
    p = cli("event", str(f), "--system", "uscf", "--uscf-pool", "blitz")
    assert p.stderr.strip().startswith("error: --uscf-pool: the file's time control G/45+5")
