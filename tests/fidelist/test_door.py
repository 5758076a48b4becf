"""The JSON door's list operations, as the page's worker calls them (elo_core.facade.handle, the
file's bytes as base64): open, read in chunks, use, find, keep and bring back, forget; an event's
players filled from the list in use; every refusal names its field."""

import base64
import json

import pytest
from eventgen import trf_line
from fidelist_files import CHAMPION, JUNIOR, listed, text, zipped

from elo_core.facade import ELSEWHERE, OPS, handle, handle_binary
from elo_core.facade import fidelist as door

LIST_OPS = ("list_open", "list_read", "list_use", "list_find", "list_info", "list_export", "list_import", "list_forget")
ZIP = zipped({"players_list_foa.txt": text("combined", listed(80))})
STANDARD = text("standard", [p for p in listed(40, single="standard") if p != JUNIOR], month="SEP26")


def ask(op, **args):
    return json.loads(handle(json.dumps({"op": op, "args": args})))


def ok(op, **args):
    r = ask(op, **args)
    assert r["ok"], r
    return r["result"]


def refused(op, **args):
    r = ask(op, **args)
    assert not r["ok"], r
    return {e["field"]: e["message"] for e in r["errors"]}


def send(data, name, chunk=5000, **options):
    """The file read as the worker reads it: chunks while asked, steps until done."""
    progress = ok("list_open", size=len(data), name=name, step_bytes=4096, **options)
    at, answers = 0, [progress]
    while not progress["done"]:
        piece = data[at:at + chunk] if progress["needs_input"] else b""
        at += len(piece)
        progress = ok("list_read", chunk=base64.b64encode(piece).decode(), last=progress["needs_input"] and not piece)
        answers.append(progress)
    return answers


@pytest.fixture(autouse=True)
def no_list():
    ok("list_forget")
    yield
    ok("list_forget")


def test_every_list_operation_is_registered_on_the_door():
    assert set(ELSEWHERE["fidelist"]) == set(LIST_OPS) == set(door.OPS)
    assert all(op in OPS for op in LIST_OPS)


def test_a_list_read_in_chunks_then_used_then_found():
    answers = send(ZIP, "players_list.zip")
    fractions = [a["fraction"] for a in answers]
    assert fractions == sorted(fractions) and answers[-1]["done"] and answers[-1]["players"] == 84
    got = answers[-1]["list"]
    assert (got["players"], got["kinds"], got["month"], got["asks"]) == (84, ["standard", "rapid", "blitz"], None, ["month"])
    assert got["month_hint"] == "2026-10" and answers[-1]["current"] is None
    used = ok("list_use", month="2026-10")
    assert (used["month"], used["month_from"], used["asks"]) == ("2026-10", "given", [])
    player = ok("list_find", query=str(CHAMPION.id))
    assert {k: player[k] for k in ("id", "name", "title", "birth_year")} == \
        {"id": CHAMPION.id, "name": CHAMPION.name, "title": "GM", "birth_year": 1990}
    assert player["rapid"] == {"rating": 2801, "games": 12, "k": 10}
    names = ok("list_find", query="li na", kind="rapid", limit=3)
    assert names["matches"][0]["id"] == JUNIOR.id and len(names["matches"]) <= 3 and names["kind"] == "rapid"
    assert ok("list_find", query="ab") == {"matches": [], "more": False, "kind": None,
                                           "note": "type at least 3 letters of a name, or a FIDE ID"}


def test_a_list_of_another_month_is_not_put_in_use_unasked():
    send(STANDARD, "standard_rating_list.txt")
    ok("list_use")
    answer = send(ZIP, "players_list.zip", month="2026-10")[-1]
    assert answer["current"]["month"] == "2026-09" and answer["list"]["month"] == "2026-10"
    assert ok("list_info")["current"]["month"] == "2026-09"  # still the one in use, until list_use
    ok("list_use")
    assert ok("list_info")["current"]["month"] == "2026-10" and ok("list_info")["read"] is None


def test_kept_and_brought_back_it_answers_the_same():
    send(ZIP, "players_list.zip", month="2026-10")
    ok("list_use")
    before = ok("list_find", query="kumar")
    kept = ok("list_export")
    ok("list_forget")
    assert refused("list_find", query="kumar") == {"list": "no FIDE list is open: open the list's file first"}
    assert ok("list_import", data=kept["data"])["month"] == "2026-10"
    assert ok("list_find", query="kumar") == before


@pytest.mark.parametrize("op, args, field", [
    ("list_open", {"size": -1, "name": "x.zip"}, "size"),
    ("list_open", {"size": 3_000_000_000, "name": "x.zip"}, "file"),
    ("list_open", {"size": 10, "name": "x.zip", "month": "13/2026"}, "month"),
    ("list_open", {"size": 10, "name": "x.zip", "kind": "bullet"}, "kind"),
    ("list_read", {"chunk": "AAAA"}, "file"),
    ("list_use", {}, "list"),
    ("list_find", {"query": ""}, "query"),
    ("list_import", {"data": "not base64!"}, "data"),
    ("list_import", {"data": "AAAA"}, "data"),
    ("list_export", {}, "list"),
])
def test_bad_input_is_refused_naming_its_field(op, args, field):
    assert field in refused(op, **args)


def test_a_file_that_is_not_a_list_is_refused_and_nothing_of_it_kept():
    ok("list_open", size=5000, name="notes.txt")
    errors = refused("list_read", chunk=base64.b64encode(b"Shopping: milk, eggs\n" * 238 + b"x" * 2).decode(), last=True)
    assert "is not a FIDE list" in errors["file"] and "expected one of FIDE's rating lists" in errors["file"]
    assert ok("list_info") == {"current": None, "read": None, "reading": None}


def test_a_single_kind_list_whose_name_says_nothing_asks_which_kind():
    answer = send(text("blitz", listed(20, single="blitz")), "list.txt")[-1]
    assert answer["list"]["asks"] == ["kind"]
    assert "kind" in refused("list_use")
    assert ok("list_use", kind="blitz")["kinds"] == ["blitz"]
    assert ok("list_find", query=str(JUNIOR.id))["blitz"]["rating"] == 1580


def _trf():
    head = ["012 Door Open", "042 2026/10/04", "052 2026/10/06", "122 90 min + 30 sec"]
    rows = [trf_line(1, CHAMPION.name, 2830, fide_id=str(CHAMPION.id), rounds=[(2, "w", "1")]),
            trf_line(2, JUNIOR.name, 1600, sex="w", fide_id=str(JUNIOR.id), rounds=[(1, "b", "0")])]
    return "\n".join(head + rows) + "\n"


def test_an_events_players_filled_from_the_list_in_use_and_a_new_list_rates_it_again():
    assert "list" in refused("event", text=_trf(), fide_list=True)
    send(ZIP, "players_list.zip", month="2026-10")
    ok("list_use")
    r = ok("event", text=_trf(), fide_list=True)
    champion, junior = r["players"]
    assert (champion["k"], champion["k_source"], junior["k"], junior["title"]) == (10, "list", 40, "WCM")
    assert ok("event", text=_trf())["players"][0]["k_source"] != "list"
    send(STANDARD, "standard_rating_list.txt")
    ok("list_use")  # September's list: a junior not in it, so no K from it
    again = ok("event", text=_trf(), fide_list=True)
    assert again["players"][1]["k_source"] != "list" and "filled in for 1 of 2" in " ".join(again["event"]["assumptions"])


def test_bytes_go_beside_the_json_as_the_worker_hands_them_over():
    def binary(op, data=None, into=None, **args):
        text, out = handle_binary(json.dumps({"op": op, "args": args, **({"bytes": into} if into else {})}), data)
        return json.loads(text), out

    progress, _ = binary("list_open", size=len(ZIP), name="players_list.zip", month="2026-10")
    at = 0
    while not progress["result"]["done"]:
        chunk = ZIP[at:at + 7000] if progress["result"]["needs_input"] else None
        at += 7000
        progress, _ = binary("list_read", chunk, "chunk", last=chunk is not None and at >= len(ZIP))
        assert progress["ok"], progress
    kept_players = binary("list_use")[0]["result"]["players"]
    kept, pieces = binary("list_export", encoding="bytes")
    data = b"".join(pieces)
    assert kept["result"] == {"data": None, "bytes": len(data)} and data.startswith(b"elo_core FIDE list index")
    in_pieces, pieces = binary("list_export", encoding="pieces")  # the worker's: the columns themselves, joined there
    assert len(pieces) > 1 and b"".join(pieces) == data and in_pieces["result"] == kept["result"]
    ok("list_forget")
    back, _ = binary("list_import", data, "data")
    assert back["ok"] and back["result"]["players"] == kept_players
    assert ok("list_find", query=str(CHAMPION.id))["name"] == CHAMPION.name
    refused_, out = binary("list_import", b"not a kept list", "data")
    assert out is None and refused_["errors"][0]["field"] == "data"
    assert json.loads(handle_binary("{", None)[0])["ok"] is False
