"""The command line through a subprocess, on synthetic lists (scripts/fidelist_synth.py): ``list
LIST_FILE ID_OR_NAME`` and ``event FILE --list LIST_FILE``."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from eventgen import trf_line
from fidelist_files import ARBITER, CHAMPION, JUNIOR, listed, text, zipped

from scripts.fidelist_synth import write

PLAYER_KEYS = {"id", "name", "federation", "sex", "title", "women_title", "birth_year", "inactive", "standard", "rapid",
               "blitz"}


def cli(*args):
    return subprocess.run([sys.executable, "-m", "elo_core", *map(str, args)], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """FIDE's forms as FIDE names them: the combined zip (a large one for names), a blitz TXT, an XML."""
    folder = tmp_path_factory.mktemp("lists")
    made = {"combined": (folder / "players_list.zip", zipped({"players_list_foa.txt": text("combined", listed(60))})),
            "many": (folder / "big" / "players_list.zip", zipped({"players_list_foa.txt": text("combined", listed(3000))})),
            "blitz": (folder / "blitz_rating_list.txt", text("blitz", listed(30, single="blitz"))),
            "unnamed": (folder / "list.txt", text("blitz", listed(30, single="blitz"))),
            "xml": (folder / "players_list_xml_foa.xml", text("combined_xml", listed(30)))}
    for path, data in made.values():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
    return {form: path for form, (path, _) in made.items()}


def as_json(p):
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("form", ["combined", "xml"])
def test_an_id_gives_one_player_with_every_field(lists, form):
    r = as_json(cli("list", lists[form], CHAMPION.id, "--json"))
    assert PLAYER_KEYS <= r.keys()
    assert (r["id"], r["name"], r["federation"], r["sex"], r["title"], r["women_title"], r["birth_year"], r["inactive"]) \
        == (CHAMPION.id, CHAMPION.name, "NOR", "M", "GM", None, 1990, False)
    assert [r[kind] for kind in ("standard", "rapid", "blitz")] == [
        {"rating": 2830, "games": 0, "k": 10}, {"rating": 2801, "games": 12, "k": 10}, {"rating": 2860, "games": 0, "k": 10}]


def test_an_unrated_kind_a_women_title_and_the_inactive_flag(lists):
    junior = as_json(cli("list", lists["combined"], JUNIOR.id, "--json"))
    assert (junior["title"], junior["women_title"], junior["birth_year"]) == (None, "WCM", 2012)
    assert junior["rapid"] == {"rating": None, "games": 0, "k": None} and junior["blitz"]["rating"] == 1580
    arbiter = as_json(cli("list", lists["combined"], 4100026, "--json"))  # its other titles overflow their column
    assert arbiter["inactive"] is True and arbiter["birth_year"] == 1958 and arbiter["name"] == "Okafor, Tunde"


def test_the_readable_answer_for_an_id(lists):
    p = cli("list", lists["combined"], CHAMPION.id)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[:2] == [f"{CHAMPION.id}  {CHAMPION.name} (NOR, M, GM, born 1990)",
                                         "  standard    2830    0 games  K 10"]


@pytest.mark.parametrize("query", ["Hallgrimsson, Magnus", "magnus hallgrimsson", "HALLGRÍMSSON", "hallg"])
def test_a_name_in_either_order_any_case_or_accent_finds_the_player(lists, query):
    r = as_json(cli("list", lists["combined"], query, "--json"))
    assert r.keys() >= {"matches"} and r["matches"][0]["id"] == CHAMPION.id
    assert PLAYER_KEYS <= r["matches"][0].keys()


def test_a_common_name_gives_at_most_20_matches_and_says_there_are_more(lists):
    r = as_json(cli("list", lists["many"], "kumar", "--json"))
    assert len(r["matches"]) == 20 and r["more"] is True
    assert all("kumar" in m["name"].lower() for m in r["matches"])
    table = cli("list", lists["many"], "kumar").stdout.splitlines()
    assert table[0].split()[:3] == ["FIDE", "ID", "Name"] and len(table) == 22 and "more players match" in table[-1]


def test_a_name_no_one_has_is_an_empty_list_of_matches(lists):
    assert as_json(cli("list", lists["combined"], "Zzyzxqv", "--json"))["matches"] == []


def test_the_kind_of_a_single_kind_list_from_its_name_or_given(lists):
    named = as_json(cli("list", lists["blitz"], JUNIOR.id, "--json"))
    assert named["blitz"] == {"rating": 1580, "games": 4, "k": 40} and named["standard"] is None
    p = cli("list", lists["unnamed"], JUNIOR.id)
    assert p.returncode == 2 and p.stderr.startswith("error: --kind:") and "standard, rapid or blitz" in p.stderr
    given = as_json(cli("list", lists["unnamed"], JUNIOR.id, "--kind", "blitz", "--json"))
    assert given["blitz"]["rating"] == 1580
    names = as_json(cli("list", lists["combined"], "li na", "--kind", "rapid", "--json"))
    assert names["kind"] == "rapid" and names["matches"][0]["id"] == JUNIOR.id


@pytest.mark.parametrize("args, said", [
    (["list", "{missing}", "1503014"], "error: LIST_FILE: cannot read"),
    (["list", "{empty}", "1503014"], "error: LIST_FILE: players_list.zip is empty (0 bytes)"),
    (["list", "{not_a_list}", "1503014"], "error: LIST_FILE: notes.txt is not a FIDE list (it starts with 'Shopping: milk, eggs'): "
                                          "expected one of FIDE's rating lists"),
    (["list", "{truncated}", "1503014"], "error: LIST_FILE: the zip ends in the middle of players_list_foa.txt"),
    (["list", "{combined}", "99999999"], "error: ID_OR_NAME: no player with FIDE ID 99999999 in this list"),
    (["list", "{combined}", "ab"], "error: ID_OR_NAME: type at least 3 letters of a name"),
    (["list", "{combined}", "1503014", "--kind", "bullet"], "argument --kind: invalid choice"),
])
def test_bad_input_exits_2_naming_the_field(lists, tmp_path, args, said):
    bad = {"missing": tmp_path / "nowhere.zip", "empty": tmp_path / "players_list.zip", "not_a_list": tmp_path / "notes.txt",
           "truncated": tmp_path / "cut" / "players_list.zip"}
    bad["empty"].write_bytes(b"")
    bad["not_a_list"].write_text("Shopping: milk, eggs\n" * 400)
    bad["truncated"].parent.mkdir()
    bad["truncated"].write_bytes(lists["many"].read_bytes()[:20_000])
    p = cli(*(a.format(**{k: str(v) for k, v in {**lists, **bad}.items()}) for a in args))
    assert p.returncode == 2 and said in p.stderr and p.stdout == ""
    assert "Traceback" not in p.stderr


# --- event FILE --list LIST_FILE ----------------------------------------------------------------------------------

def _event(folder):
    """Three players by FIDE ID, without K, titles or federations: the champion (the list's rating),
    the junior (a rating that differs from the list's) and a player the list does not have."""
    head = ["012 List Open", "042 2026/10/04", "052 2026/10/06", "092 Individual: Swiss-System", "122 90 min + 30 sec"]
    lines = [trf_line(1, CHAMPION.name, 2830, fide_id=str(CHAMPION.id), rounds=[(2, "w", "1"), (3, "b", "1")]),
             trf_line(2, JUNIOR.name, 1600, sex="w", fide_id=str(JUNIOR.id), rounds=[(1, "b", "0"), (0, "-", "Z")]),
             trf_line(3, "Nobody, Known", 1700, fide_id="99999999", rounds=[(0, "-", "Z"), (1, "w", "0")])]
    path = folder / "event.trf"
    path.write_text("\n".join(head + lines) + "\n")
    return path


def test_an_events_k_titles_and_federations_come_from_the_list_by_fide_id(lists, tmp_path):
    r = as_json(cli("event", _event(tmp_path), "--list", lists["combined"], "--json"))
    champion, junior, nobody = r["players"]
    assert (champion["k"], champion["k_source"], champion["title"], champion["federation"]) == (10, "list", "GM", "NOR")
    assert "K from the FIDE list" in champion["k_note"]
    assert (junior["k"], junior["k_source"], junior["title"], junior["federation"]) == (40, "list", "WCM", "CHN")
    assert nobody["k_source"] != "list" and nobody["federation"] in (None, "")
    assert junior["rating"] == 1600  # the file's rating is used, the list's is noted
    said = {p["kind"]: p["message"] for p in r["problems"]}
    assert "1600 in the file, 1650 in the FIDE list" in said["list-rating"] and "the file's is used" in said["list-rating"]
    assert "99999999" in said["list"] and "not in the FIDE list" in said["list"]
    assert not any(CHAMPION.name in p["message"] for p in r["problems"])  # the same rating: nothing to say
    assert any("filled in for 2 of 3 players with a FIDE ID" in a for a in r["event"]["assumptions"])


def test_without_the_list_nothing_is_filled_and_a_k_given_wins(lists, tmp_path):
    event = _event(tmp_path)
    plain = as_json(cli("event", event, "--json"))
    assert [p["k_source"] for p in plain["players"]].count("list") == 0 and plain["players"][0]["title"] in (None, "")
    given = as_json(cli("event", event, "--list", lists["combined"], "--k", "20", "--json"))
    assert [p["k"] for p in given["players"]] == [20, 20, 20] and given["players"][0]["title"] == "GM"


def test_an_event_with_a_file_that_is_not_a_list_exits_2_naming_the_option(lists, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("Shopping: milk, eggs\n" * 400)
    p = cli("event", _event(tmp_path), "--list", notes)
    assert p.returncode == 2 and p.stderr.startswith("error: --list: notes.txt is not a FIDE list")
    p = cli("event", _event(tmp_path), "--list", lists["combined"], "--system", "dwz")
    assert p.returncode == 2 and p.stderr.startswith("error: --list:")


def test_the_other_titles_of_an_arbiter_do_not_shift_the_figures(lists):
    r = as_json(cli("list", lists["combined"], ARBITER.id, "--json"))
    assert (r["federation"], r["title"], r["women_title"]) == ("SRB", "WFM", "WFM")
    assert r["standard"] == {"rating": 1905, "games": 3, "k": 20} and r["birth_year"] == 1971


def test_the_docs_list_is_the_one_the_script_makes(tmp_path):
    """docs/cli.md's examples read tests/fidelist/data/players_list.zip: made by the script, as its
    docstring says, and made again the same."""
    kept = Path(__file__).parent / "data" / "players_list.zip"
    made = write("combined", 300, tmp_path / "players_list.zip", named=True)
    with zipfile.ZipFile(kept) as a, zipfile.ZipFile(made) as b:
        assert a.namelist() == b.namelist() == ["players_list_foa.txt"]
        assert a.read("players_list_foa.txt") == b.read("players_list_foa.txt")


def test_an_events_list_month_is_given_where_the_list_does_not_say_it(lists, tmp_path):
    event = _event(tmp_path)
    unstated = as_json(cli("event", event, "--list", lists["combined"], "--json"))
    assert any("(its month not stated)" in p["message"] for p in unstated["problems"])
    dated = as_json(cli("event", event, "--list", lists["combined"], "--list-month", "2026-10", "--json"))
    assert any("in the FIDE list of 2026-10" in p["message"] for p in dated["problems"])
    for args, said in ((["--list-month", "2026-10"], "error: --list-month: is the month of the list given with --list"),
                       (["--list", lists["combined"], "--list-month", "2026-13"], "error: --list-month: must be a month")):
        p = cli("event", event, *args)
        assert p.returncode == 2 and p.stderr.startswith(said)
