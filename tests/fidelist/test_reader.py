"""Reading a list as the worker does: any chunks, bounded steps, progress; zips as FIDE makes them
and zips that are not right; files that are not lists; the limits; the list's month and kind."""

import io
import struct
import zipfile

import pytest
from fidelist_files import CHAMPION, FILES, JUNIOR, listed, read, steps, text, zipped
from hypothesis import given
from hypothesis import strategies as st

from elo_core.errors import EloError
from elo_core.fidelist.index import FideList
from elo_core.fidelist.reader import MAX_FILE_BYTES, ListReader

SMALL = text("combined", listed(40))


@pytest.mark.parametrize("form", sorted(FILES))
def test_every_form_zipped_as_fide_names_it(form):
    kind = form.removesuffix("_xml")
    people = listed(60, single=None if kind in ("combined", "legacy") else kind)
    zip_name, member = FILES[form]
    found = read(zipped({member: text(form, people)}), zip_name)
    assert found.info.zipped and found.info.member == member and found.info.file == zip_name
    assert len(found) == len(people) and found.by_id(people[0].id).name == people[0].name
    assert found.info.kinds == (("standard", "rapid", "blitz") if kind in ("combined", "legacy") else (kind,))


@pytest.mark.parametrize("stream", [False, True])
def test_a_zip_written_on_the_fly_with_sizes_after_the_data_is_read(stream):
    found = read(zipped({"players_list_foa.txt": SMALL}, stream=stream), chunk=1000)
    assert len(found) == 44


def test_a_zip64_member_is_read():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z, z.open("players_list_foa.txt", "w", force_zip64=True) as f:
        f.write(SMALL)
    assert len(read(out.getvalue())) == 44


def test_a_stored_member_is_read():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        z.writestr("players_list_foa.txt", SMALL)
    assert len(read(out.getvalue(), chunk=333)) == 44


def _read_in(data: bytes, cuts: list[int]) -> FideList:
    """``data`` fed in pieces of the sizes ``cuts`` (the rest at once), stepped after each piece; a
    reader that neither asks for more nor finishes fails here instead of looping."""
    reader = ListReader(size=len(data), step_bytes=4096)
    bound = 4 * len(data) + 100  # far more steps than any piece of work needs
    at = 0
    for cut in cuts:
        reader.feed(data[at:at + cut])
        at += cut
        for _ in range(bound):
            if (p := reader.step()).needs_input or p.done:
                break
        else:
            pytest.fail(f"the reader neither asked for more nor finished after {at} bytes")
    if at < len(data):
        reader.feed(data[at:])
    if not reader.progress().done:
        reader.end()
    for _ in range(bound):
        if reader.step().done:
            return reader.result()
    pytest.fail("the reader did not finish once the file was whole")


# The file is a few kB: pieces of 1 to 200 bytes cover the first bytes arriving one at a time (too few
# to tell a zip from a list) and pieces cut inside lines, zip headers and deflate blocks.
@given(st.lists(st.integers(1, 200), min_size=1, max_size=40), st.booleans())
def test_any_chunks_give_the_same_list(cuts, zipped_too):
    data = zipped({"players_list_foa.txt": SMALL}) if zipped_too else SMALL
    found = _read_in(data, cuts)
    assert len(found) == 44 and found.by_id(CHAMPION.id).name == CHAMPION.name


@pytest.mark.parametrize("zipped_too", [False, True])
def test_a_file_fed_a_byte_at_a_time_is_read(zipped_too):
    data = zipped({"players_list_foa.txt": SMALL}) if zipped_too else SMALL
    found = _read_in(data, [1] * len(data))
    assert len(found) == 44 and found.by_id(CHAMPION.id).name == CHAMPION.name


def test_each_step_reads_at_most_its_share_and_progress_only_grows():
    data = text("combined", listed(2000))
    reader = ListReader(size=len(data), step_bytes=8192)
    progress = steps(reader, data, 100_000)
    reading = [p for p in progress if p.stage == "reading"]
    grown = [b.players - a.players for a, b in zip(reading, reading[1:])]
    assert max(grown) <= 8192 // 162 + 1  # lines of 162 characters in 8 kB
    fractions = [p.fraction for p in progress]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and progress[-1].players == 2004
    assert any(p.stage == "indexing" for p in progress)


def test_a_zip_with_another_file_and_the_list_reads_the_list_and_names_the_other():
    found = read(zipped({"readme.txt": b"Hello, this is not a list.\n" * 300, "players_list_foa.txt": SMALL}))
    assert len(found) == 44 and found.info.ignored[0].startswith("readme.txt (it starts with 'Hello")


def test_a_zip_with_another_file_only_says_what_it_holds():
    with pytest.raises(EloError, match=r"the zip holds report\.pdf, not a FIDE list"):
        read(zipped({"report.pdf": b"%PDF-1.7\n" + bytes(range(256)) * 40}))


@pytest.mark.parametrize("keep", [0.1, 0.5, 0.99])
def test_a_truncated_zip_is_refused(keep):
    data = zipped({"players_list_foa.txt": text("combined", listed(400))})
    cut = data[:int(len(data) * keep)]
    with pytest.raises(EloError, match="cut short"):
        read(cut)


def test_a_damaged_zip_is_refused():
    data = bytearray(zipped({"players_list_foa.txt": text("combined", listed(400))}))
    data[len(data) // 2] ^= 0xFF
    with pytest.raises(EloError, match="damaged"):
        read(bytes(data))


def test_an_encrypted_or_otherwise_compressed_member_is_refused():
    data = bytearray(zipped({"players_list_foa.txt": SMALL}))
    encrypted, other = bytearray(data), bytearray(data)
    struct.pack_into("<H", encrypted, 6, 1)
    struct.pack_into("<H", other, 8, 12)  # bzip2
    with pytest.raises(EloError, match="encrypted"):
        read(bytes(encrypted))
    with pytest.raises(EloError, match="method 12"):
        read(bytes(other))


@pytest.mark.parametrize("data, said", [
    (b"%PDF-1.4\n" + b"x" * 5000, "a PDF document"),
    (b"<!DOCTYPE html><html><head><title>Download</title></head>" + b" " * 5000, "a web page"),
    (b"012 Club Open\n001    1 m    Doe, John\n" * 200, "a tournament file (TRF)"),
    (b'[Event "Club"]\n[White "A"]\n' * 300, "games (PGN)"),
    (b"Name;Rating\nDoe;1800\n" * 300, "it starts with 'Name;Rating'"),
    (b"\x1f\x8b\x08" + bytes(5000), "gzip"),
    (b"PK\x05\x06" + bytes(18), "the zip holds nothing"),
])
def test_a_file_that_is_not_a_list_says_what_was_expected_and_what_it_seems(data, said):
    with pytest.raises(EloError) as e:
        read(data, "file.bin")
    assert said in str(e.value) and "expected one of FIDE's rating lists" in str(e.value) and e.value.field == "file"


def test_an_empty_file_and_a_2_gb_file_are_refused_before_reading():
    with pytest.raises(EloError, match=r"empty \(0 bytes\)"):
        ListReader(size=0, name="players_list.zip")
    with pytest.raises(EloError, match="is 2.0 GB; a FIDE list is read up to 1.2 GB"):
        ListReader(size=2_000_000_000, name="players_list.zip")
    assert MAX_FILE_BYTES > 860_000_000  # FIDE's largest file, the combined XML unpacked
    reader = ListReader()
    with pytest.raises(EloError, match="empty"):
        reader.end()


def test_more_bytes_than_the_size_said_are_refused():
    reader = ListReader(size=10)
    with pytest.raises(EloError, match="more bytes"):
        reader.feed(b"x" * 11)


@pytest.mark.parametrize("name, given, month, source, hint", [
    ("standard_sep26frl.zip", None, "2026-09", "the file's name", None),
    ("players_list.zip", None, None, None, "2026-10"),
    ("players_list.zip", "2026-09", "2026-09", "given", None),
])
def test_the_lists_month_from_its_name_or_given_or_asked(name, given, month, source, hint):
    found = read(zipped({"players_list_foa.txt": SMALL}), name, month=given)
    assert (found.info.month, found.info.month_from, found.info.month_hint) == (month, source, hint)
    assert ("month" in found.info.asks) == (month is None)


def test_a_month_given_that_is_not_the_lists_is_said_and_the_lists_used():
    found = read(text("standard", listed(single="standard"), month="OCT26"), month="2026-09")
    assert found.info.month == "2026-10" and "the month given (2026-09) is not the list's" in found.info.problems[0][1]


def test_a_single_kind_txt_whose_name_says_nothing_asks_which_kind_it_is():
    found = read(text("blitz", [JUNIOR]), "list.txt")
    assert found.info.kinds == () and found.info.asks == ("kind",) and found.info.month == "2026-10"
