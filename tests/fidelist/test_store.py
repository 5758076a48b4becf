"""The index kept as bytes across visits: loaded back it answers as the list read did; bytes that
are not whole, damaged or of another format are refused, asking for the list's file again."""

import json
import re
import struct
import zlib
from pathlib import Path

import pytest
from fidelist_files import ARBITER, CHAMPION, listed, read, text, zipped
from hypothesis import given
from hypothesis import strategies as st

from elo_core.errors import EloError
from elo_core.fidelist import store

DATA = Path(__file__).parent / "data"
PEOPLE = listed(200, seed=3)
READ = read(zipped({"players_list_foa.txt": text("combined", PEOPLE)}), "players_list.zip", month="2026-10")
KEPT = store.dumps(READ)


def test_a_kept_list_answers_as_the_list_read():
    back = store.load(KEPT)
    assert back.info == READ.info and len(back) == len(READ)
    assert [back.by_id(p.id) for p in PEOPLE] == [READ.by_id(p.id) for p in PEOPLE]
    for query in ("kumar", "hallgrimsson magnus", "vuk an", "li na"):
        assert back.find(query) == READ.find(query)
    assert back.by_id(ARBITER.id).other_titles == ("SI", "FI", "LSI", "SLI", "NA")
    assert store.dumps(back) == KEPT  # kept again, the same bytes


def head(data):
    length = struct.unpack_from("<I", data, len(store.MAGIC) + 4)[0]
    return json.loads(data[len(store.MAGIC) + 8:len(store.MAGIC) + 8 + length])


def test_the_pieces_are_the_bytes_and_the_columns_are_kept_as_in_memory_each_on_4_bytes():
    pieces = store.parts(READ)
    assert b"".join(pieces) == KEPT
    p = READ.parts
    columns = head(KEPT)["columns"]
    assert [c[0] for c in columns] == list(store.COLUMNS)
    assert all(packing == store.AS_IS and size == length == memoryview(getattr(p, name)).nbytes
               for name, _, length, size, packing in columns)
    at = len(store.MAGIC) + 8 + struct.unpack_from("<I", KEPT, len(store.MAGIC) + 4)[0]
    for name, _, _, size, _ in columns:
        at += -at % 4
        assert KEPT[at:at + size] == memoryview(getattr(p, name)).cast("B").tobytes(), name
        at += size
    assert at == len(KEPT) - 4


def test_a_list_loaded_from_bytes_views_them_without_a_copy():
    back = store.load(KEPT)
    p = back.parts
    assert all(getattr(p, name).obj is KEPT for name in store.COLUMNS if name != "names")
    assert p.ids.format == "I" and p.ids.readonly


def test_a_list_kept_by_elo_core_0_3_0_still_loads():
    # format 2: every column's byte planes compressed with zlib, no padding (made by 0.3.0's store.py)
    old = (DATA / "kept_format2.bin").read_bytes()
    assert head(old)["columns"][0][:2] == ["ids", "I"] and len(head(old)["columns"][0]) == 4
    back = store.load(old)
    assert back.info == READ.info and len(back) == len(READ)
    assert [back.by_id(p.id) for p in PEOPLE] == [READ.by_id(p.id) for p in PEOPLE]
    for query in ("kumar", "hallgrimsson magnus", "vuk an", "li na"):
        assert back.find(query) == READ.find(query)
    assert store.dumps(back) == KEPT  # kept again, in this format


def test_a_column_of_a_packing_not_known_is_refused():
    at = len(store.MAGIC) + 8
    length = struct.unpack_from("<I", KEPT, len(store.MAGIC) + 4)[0]
    changed = KEPT[at:at + length].replace(b'"-"]', b'"q"]', 1)
    assert len(changed) == length
    data = KEPT[:at] + changed + KEPT[at + length:-4]
    with pytest.raises(EloError, match="not whole"):
        store.load(data + struct.pack("<I", zlib.adler32(data)))


def test_a_loaded_list_holds_its_own_columns_so_the_kept_bytes_can_go():
    data = bytearray(KEPT)
    back = store.load(data)
    data[:] = bytes(len(data))  # the bytes given, wiped: the list answers as before
    assert [back.by_id(p.id) for p in PEOPLE] == [READ.by_id(p.id) for p in PEOPLE]
    assert back.find("kumar") == READ.find("kumar")


def test_a_column_that_unpacks_to_another_length_is_refused():
    head_at = len(store.MAGIC) + 8
    length = struct.unpack_from("<I", KEPT, len(store.MAGIC) + 4)[0]
    head = re.sub(rb'"ids","I",(\d+),', lambda m: b'"ids","I",%d,' % (int(m.group(1)) + 4), KEPT[head_at:head_at + length])
    assert head != KEPT[head_at:head_at + length]
    data = KEPT[:head_at] + head + KEPT[head_at + length:-4]
    data += struct.pack("<I", zlib.adler32(data))
    with pytest.raises(EloError, match="not whole"):
        store.load(data)


def test_an_accented_name_is_kept_as_written():
    found = read(text("combined_xml", [CHAMPION.__class__(7000001, "Ødegård, Åse", "NOR", "F")]))
    assert store.load(store.dumps(found)).by_id(7000001).name == "Ødegård, Åse"


@pytest.mark.parametrize("data, said", [
    (b"", "not the bytes of a kept list"),
    (b"PK\x03\x04 a zip", "not the bytes of a kept list"),
    (KEPT[:len(KEPT) // 2], "checksum"),
    (KEPT[:-1] + bytes([KEPT[-1] ^ 1]), "checksum"),
    (store.MAGIC + struct.pack("<II", store.FORMAT + 1, 0) + KEPT[len(store.MAGIC) + 8:], "another version"),
])
def test_bytes_that_are_not_a_whole_kept_list_are_refused(data, said):
    with pytest.raises(EloError, match=said) as e:
        store.load(data)
    assert e.value.field == "data" and "open the list's file again" in e.value.message


@given(st.integers(len(store.MAGIC) + 8, len(KEPT) - 5), st.integers(1, 255))
def test_any_byte_changed_is_refused_never_a_wrong_answer(at, flip):
    damaged = bytearray(KEPT)
    damaged[at] ^= flip
    with pytest.raises(EloError):
        store.load(bytes(damaged))
