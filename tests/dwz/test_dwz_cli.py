"""The ``dwz`` subcommand and ``event FILE --system dwz`` end to end, through a subprocess."""

import json
import subprocess
import sys

from dwz_files import PLAYERS, RESULTS, round_robin


def cli(*args):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60)


def test_dwz_json_has_the_issues_keys():
    p = cli("dwz", "--rating", "1800", "--index", "12", "--birth-year", "1980", "--game", "1750:1", "--game", "1900:1/2",
            "--end", "2025-10-04", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["expected"], r["e"], r["k"], r["new_rating"], r["rulebook"]) == (0.932, 25, None, 1817, "classic")


def test_dwz_2026_json_gives_k():
    p = cli("dwz", "--rating", "1500", "--index", "12", "--birth-year", "1996", "--game", "1600:0", "--game", "1500:0",
            "--end", "2026-07-01", "--json")
    r = json.loads(p.stdout)
    assert (r["expected"], r["e"], r["k"], r["new_rating"], r["rulebook"]) == (0.862, None, 26.8, 1477, "2026")


def test_dwz_table_explains_e_and_the_notes():
    p = cli("dwz", "--rating", "1800", "--index", "12", "--birth-year", "1980", "--game", "1750:1", "--game", "1900:0.5",
            "--end", "2025-10-04")
    assert p.returncode == 0
    assert "E = 25: E0 = (R0/1000)^4 + J 15 = 25.498" in p.stdout
    assert "Rn = 1800 + 800 x (1.5 - 0.932) / (25 + 2) = 1816.83 -> 1817 (index 13)" in p.stdout
    assert "Note: P(D) of each game rounded to 3 decimals" in p.stdout


def test_dwz_unrated_first_dwz_table():
    p = cli("dwz", "--game", "1177:0", "--game", "894:1", "--game", "1087:0", "--game", "905:1", "--game", "1255:0",
            "--end", "2014-08-01")
    assert "Iteration: 991.6 -> 983.6 -> 982.6 (2 steps); Ri >= 800: Rn = Ri -> 983 (index 1)" in p.stdout


def test_dwz_unrated_perfect_score_stays_unrated_with_restpartien():
    p = cli("dwz", *[a for o in (1500, 1600, 1400, 1700, 1550) for a in ("--game", f"{o}:1")], "--end", "2025-01-01")
    assert "No first DWZ: 100 % against rated players" in p.stdout
    assert "Restpartien kept for 2 years: 1500:1, 1600:1, 1400:1, 1700:1, 1550:1" in p.stdout


def test_dwz_bad_input_exits_2_naming_the_option():
    p = cli("dwz", "--rating", "1800", "--game", "1700:3", "--end", "2025-13-01")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.splitlines() == ["error: --end: is not a real date: '2025-13-01'",
                                     "error: --game #1 (score): must be 1, 0.5 or 0 (win, draw, loss), not '3'",
                                     "error: --index: is needed with a rating: the DWZ's index, the number after the "
                                     "dash (1654-23 has index 23)"]


def test_event_system_dwz(tmp_path):
    f = tmp_path / "rr.trf"
    f.write_text(round_robin(PLAYERS, RESULTS))
    p = cli("event", str(f), "--system", "dwz", "--dwz-index", "Berta, B=4")
    assert p.returncode == 0, p.stderr
    assert "DWZ from national records of the German list (GER, TRF-2026)" in p.stdout
    assert "first DWZ, stage 2" in p.stdout and "stays unrated (6 Restpartien)" in p.stdout
    j = json.loads(cli("event", str(f), "--system", "dwz", "--json", "--dwz-rulebook", "2026").stdout)
    assert j["event"]["rulebook"] == "2026"


def test_event_system_dwz_refuses_fide_options_and_bad_index(tmp_path):
    f = tmp_path / "rr.trf"
    f.write_text(round_robin(PLAYERS, RESULTS))
    p = cli("event", str(f), "--system", "dwz", "--k", "20")
    assert p.returncode == 2 and p.stderr.strip() == "error: --k: is not used by DWZ (an option of FIDE rating)"
    p = cli("event", str(f), "--system", "dwz", "--dwz-index", "Anton, A=x")
    assert p.returncode == 2 and p.stderr.startswith("error: --dwz-index 'Anton, A': must be a number")
    p = cli("event", str(f), "--system", "dwz", "--dwz-index", "3", "--dwz-index", "4")
    assert p.returncode == 2 and "--dwz-index: is given twice" in p.stderr
