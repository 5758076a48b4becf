"""``python -m elo_core period PERIOD.json`` (issue 51) through a subprocess."""

import json
import subprocess
import sys

PERIOD = {"rating": 1953, "k": 20, "kind": "standard", "target": 1960, "events": [
    {"name": "Autumn Open", "start": "2025-10-26", "end": "2025-11-02", "rating": 1952, "games": [[2174, 0], [1890, 0.5]]},
    {"name": "Club league", "start": "2025-11-15", "games": [[1800, 1], [2000, 0.5]], "remaining": [1900, 2100]}]}


def cli(*args, **run):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60, **run)


def test_period_json_has_fides_columns(tmp_path):
    path = tmp_path / "period.json"
    path.write_text(json.dumps(PERIOD))
    p = cli("period", str(path), "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["k"], r["change"], r["change_rounded"], r["new_rating"], r["list_month"]) == (20, 1.2, 1, 1954, "2025-12")
    first = r["events"][0]
    assert (first["ro"], first["rc"], first["w"], first["n"], first["chg"], first["k"], first["k_chg"]) == \
        (1952, 2032, 0.5, 2, -0.31, 20, -6.2)
    assert [(g["opponent"], g["score"], g["capped"], g["chg"], g["k_chg"]) for g in first["games"]] == \
        [(2174, 0.0, False, -0.22, -4.4), (1890, 0.5, False, -0.09, -1.8)]
    assert r["score_needed"]["points"] == 1.5


def test_period_table_reads_as_fides_page(tmp_path):
    path = tmp_path / "period.json"
    path.write_text(json.dumps(PERIOD))
    p = cli("period", str(path))
    assert p.returncode == 0
    assert "Standard list of 2025-12: rating 1953, K 20, 4 games" in p.stdout
    assert "Change +1.20 -> +1, new rating 1954" in p.stdout and "Target 1960: 1.5 of 2 points needed" in p.stdout


def test_period_from_standard_input():
    p = cli("period", "-", "--json", input=json.dumps(PERIOD))
    assert p.returncode == 0 and json.loads(p.stdout)["new_rating"] == 1954


def test_a_bad_period_names_the_field_as_in_the_file(tmp_path):
    bad = dict(PERIOD, events=[{"start": "2025-10-26", "games": [[2174, 0], [1890, "x"]]}, {"start": "2025-13-01"}])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    p = cli("period", str(path))
    assert p.returncode == 2
    assert p.stderr.splitlines() == [f"error: {path}: events[0].games[1].score: must be 1, 0.5 or 0 (win, draw, loss), not 'x'",
                                     f"error: {path}: events[1].start: is not a real date: '2025-13-01'"]


def test_a_period_file_that_is_not_an_object(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    p = cli("period", str(path))
    assert p.returncode == 2 and "must hold one JSON object, a period" in p.stderr
