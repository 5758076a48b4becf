"""The ``ecf`` subcommand and ``event FILE --system ecf`` end to end, through a subprocess."""

import json
import subprocess
import sys

from ecf_files import CLUB


def cli(*args):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60)


def test_ecf_json_has_the_issues_keys():
    p = cli("ecf", "--rating", "1800", "--junior", "--game", "1750:1", "--game", "1900:1/2", "--month", "2025-10", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["expected"], r["k"], r["change"], r["new_rating"], r["method"]) == (0.93, 40, 22.8, 1823, "K")


def test_ecf_table_explains_each_game():
    p = cli("ecf", "--rating", "1800", "--game", "1750:1", "--game", "1900:1/2:P", "--month", "2025-10")
    assert p.returncode == 0
    assert "  2     1900P      ½   +100   99-106 L  0.36  20     0.5    +1.40" in p.stdout
    assert "Category K: a full rating with 2 rated results" in p.stdout
    assert "Note: the whole of table 8.1(b) is read, no 400-point cap" in p.stdout


def test_ecf_new_player_and_grade():
    p = cli("ecf", "--game", "1500:1", "--game", "1600:=", "--game", "1700:0", "--month", "2025-10")
    assert "P = Ra + dp = 1600 (Partial rating: 3 games)" in p.stdout and "Category P" in p.stdout
    p = cli("ecf", "--grade", "150", "--game", "1825:1", "--month", "2025-10", "--json")
    assert json.loads(p.stdout)["new_rating"] == 1835


def test_ecf_bad_input_exits_2_naming_the_options():
    p = cli("ecf", "--rating", "1800", "--game", "1700:3", "--month", "2025-13", "--earlier", "1500:1")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.splitlines() == ["error: --game #1 (score): must be 1, 0.5 or 0 (win, draw, loss), not '3'",
                                     "error: --month: is not a real month: '2025-13'"]
    p = cli("ecf", "--rating", "1800", "--earlier", "1500:1", "--month", "2025-10")
    assert p.stderr.strip() == ("error: --earlier: only a partially rated player's earlier games count again "
                                "(P-method): give --partial")


def test_event_system_ecf(tmp_path):
    f = tmp_path / "club.trf"
    f.write_text(CLUB)
    p = cli("event", str(f), "--system", "ecf", "--ecf-partial", "5=3", "--ecf-junior", "Brown, Beth")
    assert p.returncode == 0, p.stderr
    assert "ECF ratings from national records of the English list (ENG, TRF-2026)" in p.stdout
    assert "   4  Dunn, Dora                     - new        5   3.5     -  -  1776  1872  P" in p.stdout
    assert "   2  Brown, Beth                 1705 full*      5   1.5  2.10 40     -  1689  K" in p.stdout
    j = json.loads(cli("event", str(f), "--system", "ecf", "--json", "--ecf-cap-400").stdout)
    assert "D over 400 counted as 400" in j["event"]["notes"][2]


def test_event_system_ecf_refuses_other_options(tmp_path):
    f = tmp_path / "club.trf"
    f.write_text(CLUB)
    p = cli("event", str(f), "--system", "ecf", "--k", "20")
    assert p.returncode == 2 and p.stderr.strip() == "error: --k: is not used by ECF rating (an option of FIDE rating)"
    p = cli("event", str(f), "--ecf-junior", "2")
    assert p.returncode == 2 and p.stderr.strip() == "error: --system: is fide; --ecf-junior is an option of --system ecf"
    p = cli("event", str(f), "--system", "ecf", "--dwz-index", "3")
    assert p.returncode == 2 and "--dwz-index is an option of --system dwz" in p.stderr
    p = cli("event", str(f), "--system", "ecf", "--ecf-partial", "5=x", "--ecf-nominal", "abc")
    assert p.stderr.splitlines() == ["error: --ecf-nominal: must be a number, not 'abc'",
                                     "error: --ecf-partial '5': must be a number, not 'x'"]
