"""The index kept as bytes across visits: loaded back it answers as the list read did; bytes that
are not whole, damaged or of another format are refused, asking for the list's file again."""

import re
import struct
import zlib

import pytest
from fidelist_files import ARBITER, CHAMPION, listed, read, text, zipped
from hypothesis import given
from hypothesis import strategies as st

from elo_core.errors import EloError
from elo_core.fidelist import store

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


def test_the_pieces_are_the_bytes_and_the_columns_are_packed_smaller():
    pieces = store.parts(READ)
    assert b"".join(pieces) == KEPT
    p = READ.parts
    in_memory = sum(memoryview(getattr(p, name)).nbytes for name in store.COLUMNS)
    assert sum(map(len, pieces[1:-1])) < in_memory * 0.6  # the columns; the head's tables are as before


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
