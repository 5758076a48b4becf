"""The CLI through a subprocess, as arbiters' scripts use it."""

import json
import os
import subprocess
import sys

import pytest
from eventgen import swiss_trf, trf_line


def cli(*args):
    return subprocess.run([sys.executable, "-m", "elo_core", *args], capture_output=True, text=True, timeout=60)


def test_rate_json_keys_and_values():
    p = cli("rate", "--rating", "1800", "--k", "20", "--game", "1750:1", "--game", "1900:1/2", "--rules", "2025-10-01", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert {"expected", "score", "k", "change", "change_rounded", "new_rating", "below_floor", "games"} <= r.keys()
    assert (r["expected"], r["change"], r["change_rounded"], r["new_rating"]) == (0.93, 11.4, 11, 1811)
    assert [set(g) >= {"opponent", "score", "counted", "expected", "change"} for g in r["games"]] == [True, True]


def test_rate_defaults_and_readable_table():
    p = cli("rate", "--rating", "1500", "--k", "40", "--game", "2100:0")
    assert p.returncode == 0 and "new rating 1497" in p.stdout and "400-point rule" in p.stdout


@pytest.mark.parametrize("args, key, value", [
    (["performance", "--game", "2000:1", "--game", "2000:1", "--game", "2000:1", "--game", "2000:0"], "performance", 2193),
    (["initial"] + sum((["--game", g] for g in ["1600:1"] * 3 + ["1600:0"] * 2), []), "initial_rating", 1707),
    (["initial", "--game", "1600:0"], "initial_rating", None),
    (["kfactor", "--rating", "1800", "--games-played", "10", "--period-games", "20"], "k", 35),
    (["single", "--rating", "2700", "--k", "10", "--opponent", "2200", "--opponent-k", "20", "--rules", "2025-10-01"],
     "rated", True),
    (["what-if", "--rating", "1800", "--k", "20", "--game", "1750:1", "--opponent", "1900", "--rules", "2025-10-01"],
     "win", None),
    (["need", "--rating", "1800", "--k", "20", "--remaining", "1800", "--remaining", "1800", "--target", "1810",
      "--rules", "2025-10-01"], "points", 1.5),
])
def test_every_subcommand(args, key, value):
    p = cli(*args, "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert key in r and (value is None or r[key] == value)
    table = cli(*args)
    assert table.returncode == 0 and table.stdout.strip() and not table.stdout.startswith("{")


def test_initial_says_published():
    r = json.loads(cli("initial", "--game", "1600:1", "--json").stdout)
    assert r["published"] is False and r["initial_rating"] is not None


@pytest.mark.parametrize("args, words", [
    (["rate", "--rating", "abc", "--k", "20"], "--rating: must be a number"),
    (["rate", "--rating", "1800", "--k", "0", "--game", "1800:2"], "--k: must be between 1 and 100"),
    (["rate", "--rating", "1800", "--k", "20", "--game", "1800:2"], "--game #1 (score):"),
    (["rate", "--rating", "1800", "--k", "20", "--rules", "tomorrow"], "--rules: must be a date"),
    (["kfactor", "--rating", "1800", "--games-played", "-3"], "--games-played:"),
    (["single", "--rating", "1800", "--k", "20", "--opponent", "1900", "--opponent-k", "x"], "--opponent-k:"),
    (["need", "--rating", "1800", "--k", "20", "--target", "1900", "--remaining", "1900", "--remaining", "x"],
     "--remaining #2: must be a number"),
    (["rate", "--k", "20"], "required"),
])
def test_bad_input_exits_2_with_the_message_on_stderr(args, words):
    p = cli(*args)
    assert p.returncode == 2 and words in p.stderr and p.stdout == ""


def test_every_bad_option_is_named_on_stderr(capsys):
    from elo_core.cli import main
    assert main(["kfactor", "--rating", "abc", "--games-played", "x"]) == 2
    err = capsys.readouterr().err
    assert "--rating:" in err and "--games-played:" in err
    assert main(["need", "--rating", "1950", "--k", "20", "--target", "abc", "--remaining", "2000"]) == 2
    err = capsys.readouterr().err
    assert "--target:" in err and "remaining" not in err


@pytest.mark.parametrize("args", [
    ["event", "{big}", "--json"], ["event", "{big}"], ["event", "{big}", "--csv"],
    ["rate", "--rating", "1800", "--k", "20", "--game", "1750:1"], ["kfactor", "--rating", "1800", "--games-played", "9"],
    ["--help"],   # argparse itself passes over a failed write: it ends with 0, as quietly
])
def test_a_closed_pipe_ends_quietly(args, tmp_path):
    # As `python -m elo_core event FILE | head -1`: the reader is gone before the output is
    # written (a pipe whose reading end is closed); no traceback, the status of SIGPIPE.
    big = tmp_path / "big.trf"
    big.write_text(swiss_trf(200, 9))
    read, write = os.pipe()
    os.close(read)
    try:
        p = subprocess.run([sys.executable, "-m", "elo_core", *[a.format(big=big) for a in args]], stdout=write,
                           stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert p.stderr == "" and p.returncode == (0 if args == ["--help"] else 141), p.stderr


def test_head_reads_the_first_line_and_the_rest_ends_quietly(tmp_path):
    big = tmp_path / "big.trf"
    big.write_text(swiss_trf(500, 11))
    p = subprocess.Popen([sys.executable, "-m", "elo_core", "event", str(big), "--json"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline() == "{\n"
    p.stdout.close()
    assert p.wait(timeout=60) in (0, 141) and "Traceback" not in p.stderr.read()
    p.stderr.close()


def test_event_standard_option_rates_an_unrated_rapid_player(tmp_path):
    f = tmp_path / "rapid.trf"
    f.write_text("\n".join(["042 2025/10/04", "222 900+10", trf_line(1, "Rated", 1800, rounds=[(2, "w", "0")], points=0.0),
                            trf_line(2, "Newcomer", 0, rounds=[(1, "b", "1")], points=1.0)]) + "\n")
    r = json.loads(cli("event", str(f), "--standard", "Newcomer=1900", "--json").stdout)
    assert r["players"][1]["rating"] == 1900 and r["players"][1]["new_rating"] is not None
    assert cli("event", str(f), "--standard", "Newcomer").returncode == 2
