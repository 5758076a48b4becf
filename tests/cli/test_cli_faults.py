"""The command line given what breaks tools: malformed norm cases, closed or full streams, far too
many options (issue 50, points 7, 8 and 11). Each ends with a message and a status, never a traceback."""

import json
import subprocess
import sys

import pytest

import elo_core.cli
from elo_core.limits import MAX_EVENT_CHARS


def cli(*args, **run):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60, **run)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


APPLICANT = {"federation": "GER", "title": "IM", "rating": 2450}


@pytest.mark.parametrize("case, status, said", [
    ({"applicant": APPLICANT, "event": {"rounds": 9}, "games": []}, 0, "GM norm not made"),  # norm is optional
    ({"norm": "GM", "applicant": 5, "event": {"rounds": 9}, "games": []}, 2, "applicant: must be an object"),
    ({"norm": "GM", "event": {"rounds": 9}, "games": []}, 2, "applicant: is required"),
    ([1, 2], 2, "must hold one JSON object, a case"),
    ("GM", 2, "must hold one JSON object, a case"),
])
def test_a_malformed_norm_case_is_named_not_a_traceback(tmp_path, case, status, said):
    p = cli("norm", write(tmp_path, "case.json", json.dumps(case)))
    assert "Traceback" not in p.stderr
    assert p.returncode == status, p.stderr
    assert said in (p.stdout if status == 0 else p.stderr)


@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000])
def test_a_case_nested_1000_deep_is_refused(tmp_path, text):
    p = cli("norm", write(tmp_path, "deep.json", text))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "nested too deeply" in p.stderr


def test_a_case_over_the_size_limit_says_too_large_not_invalid(tmp_path):
    p = cli("norm", write(tmp_path, "big.json", '{"games": [' + " " * MAX_EVENT_CHARS + "]}"))
    assert p.returncode == 2 and "too large" in p.stderr and "not valid JSON" not in p.stderr


def test_closed_standard_output_ends_with_a_message():
    p = subprocess.run(f"{sys.executable} -m elo_core rate --rating 1800 --k 20 --game 1750:1 >&-", shell=True,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.strip() == "error: the answer could not be written: standard output is closed"


def test_a_full_standard_output_ends_with_a_message():
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "elo_core", "rate", "--rating", "1800", "--k", "20", "--game", "1750:1"],
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 1
    assert p.stderr.strip() == "error: the answer could not be written: No space left on device"


def test_closed_standard_input_is_named():
    p = subprocess.run(f"{sys.executable} -m elo_core event - <&-", shell=True, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "standard input is closed" in p.stderr


def test_closed_standard_error_and_output_end_quietly():
    p = subprocess.run(f"{sys.executable} -m elo_core rate --rating x --k 20 2>&- >&-", shell=True, timeout=60)
    assert p.returncode == 2


def test_20000_games_are_refused_before_argparse_reads_them(monkeypatch, capsys):
    def never():
        raise AssertionError("argparse was asked to read 20,000 options")
    monkeypatch.setattr(elo_core.cli, "_parser", never)
    argv = ["rate", "--rating", "1800", "--k", "20", *("--game", "1500:1") * 20_000]
    assert elo_core.cli.main(argv) == 2
    assert capsys.readouterr().err == "error: --game: has 20000 games; at most 1000 are allowed\n"


def test_the_most_games_allowed_still_reach_argparse(capsys):
    argv = ["performance", *("--game", "1500:1") * 1000]
    assert elo_core.cli.main(argv) == 0
    assert capsys.readouterr().out.startswith("Performance 2300")


def test_a_pgn_players_norm_names_them_once_and_not_by_trf_columns(tmp_path):
    pgn = ('[White "Alpha, Ann"]\n[Black "Beta, Bob"]\n[Result "1-0"]\n[WhiteElo "2400"]\n[BlackElo "2500"]\n'
           '[Date "2025.10.04"]\n\n1. e4 1-0\n')
    p = cli("event", write(tmp_path, "g.pgn", pgn), "--norms")
    line = next(x for x in p.stdout.splitlines() if x.startswith("  norm, Alpha"))
    assert line.count("Alpha, Ann") == 2  # the table's own name, then the message's once
    assert "001 columns" not in line and "a PGN has no federation tag" in line


def test_need_words_one_game_as_one(tmp_path):
    p = cli("need", "--rating", "1800", "--k", "20", "--target", "2500", "--remaining", "1800", "--rules", "2025-10-01")
    assert p.stdout.strip() == "2500 cannot be reached in this game"


def test_another_systems_event_option_is_refused_not_ignored():
    p = cli("event", "tests/data/codes.trf", "--dwz-index", "3")
    assert p.returncode == 2 and p.stderr == "error: --system: is fide; --dwz-index is an option of --system dwz\n"
    p = cli("event", "tests/data/codes.trf", "--system", "dwz", "--csv")
    assert p.returncode == 2 and "--csv: is the FIDE players table" in p.stderr
