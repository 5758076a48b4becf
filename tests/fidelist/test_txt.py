"""FIDE's TXT lists, every form: columns from the header, every field read, the lines where the
other titles overflow their column, damaged lines reported while the rest is read."""

import pytest
from fidelist_files import ARBITER, ARBITER_2, CHAMPION, JUNIOR, KINDS, listed, read, text, txt_line

from elo_core.errors import EloError
from elo_core.fidelist import forms

COMBINED = "combined"


def record(p, kinds=KINDS):
    """What the index should say of a synthetic player."""
    def kind(k):
        s = KINDS.index(k)
        return None if k not in kinds else {"rating": p.ratings[s] or None, "games": p.games[s] if p.ratings[s] else 0,
                                            "k": p.k[s] or None}
    return {"id": p.id, "name": p.name, "federation": p.fed, "sex": p.sex, "title": p.title or None,
            "women_title": p.wtitle or None, "birth_year": p.birth or None, "inactive": "i" in p.flag,
            "standard": kind("standard"), "rapid": kind("rapid"), "blitz": kind("blitz"),
            "other_titles": [t for t in p.otitle.split(",") if t], "foa_title": p.foa or None}


def test_the_synthetic_lines_have_fides_widths_and_columns():
    # docs/fide-list.md: 162 characters (combined with FOA), 158 (without), 136 (single kind); SRtng at 113
    assert {len(txt_line(CHAMPION, f)) for f in ("combined", "legacy", "standard")} == {162, 158, 136}
    assert txt_line(CHAMPION)[113:119] == "2830  " and txt_line(CHAMPION, "legacy")[109:115] == "2830  "
    assert len(txt_line(ARBITER)) == 163  # the other titles one character too long: the rest moves right


@pytest.mark.parametrize("form", ["combined", "legacy"])
def test_every_field_of_the_combined_lists(form):
    people = listed()
    found = read(text(form, people), f"{form}.txt")
    assert len(found) == len(people)
    for p in people:
        want = record(p)
        if form == "legacy":
            want["foa_title"] = None  # no FOA column
        assert found.by_id(p.id).to_dict() == want


@pytest.mark.parametrize("kind", KINDS)
def test_every_field_of_a_single_kind_list(kind):
    people = listed(single=kind)
    found = read(text(kind, people, month="OCT26"), f"{kind}_rating_list.txt")
    assert (found.info.kinds, found.info.month, found.info.month_from) == ((kind,), "2026-10", "the list's header (OCT26)")
    for p in people:
        assert found.by_id(p.id).to_dict() == record(p, (kind,))


def test_the_overflowing_other_titles_are_read_and_nothing_after_them_shifts():
    found = read(text(COMBINED, [ARBITER, ARBITER_2, CHAMPION]))
    a = found.by_id(ARBITER.id)
    assert a.other_titles == ("SI", "FI", "LSI", "SLI", "NA") and a.foa_title == "AFM"  # written SI,FI,LSI,SLI,NAAFM
    assert (a.standard.rating, a.standard.k, a.blitz.games, a.birth_year, a.inactive) == (1905, 20, 11, 1971, False)
    b = found.by_id(ARBITER_2.id)
    assert b.other_titles == ("IA", "FA", "IO", "FST", "DIX") and b.foa_title is None and b.inactive
    assert found.info.problem_count == 0


def test_unrated_figures_written_blank_or_zero_read_alike():
    people = listed(50)
    zero, blank = (read(text(COMBINED, people, unrated=u)) for u in ("zero", "blank"))
    assert [zero.by_id(p.id) for p in people] == [blank.by_id(p.id) for p in people]


def test_lines_ending_in_lf_and_trailing_blanks_trimmed_read_alike():
    people = listed(50)
    crlf = read(text(COMBINED, people))
    lf = read("".join(line.rstrip() + "\n" for line in text(COMBINED, people).decode().splitlines()).encode())
    assert [crlf.by_id(p.id) for p in people] == [lf.by_id(p.id) for p in people]


def test_a_damaged_line_is_reported_with_its_number_and_the_rest_is_read():
    lines = text(COMBINED, listed(20)).decode().splitlines(keepends=True)
    lines[3] = lines[3][:113] + "2x00" + lines[3][117:]  # a rating that is not a number
    lines[5] = "12a4567" + lines[5][7:]  # an ID that is not one
    lines[7] = lines[7][:30] + "\r\n"  # cut short
    found = read("".join(lines).encode())
    assert len(found) == 24 - 3 and found.info.problem_count == 3
    (l1, m1), (l2, m2), (l3, m3) = found.info.problems
    assert (l1, l2, l3) == (4, 6, 8)
    assert "the standard rating '2x00' is not a number" in m1 and "FIDE ID" in m2 and "the line is left out" in m3


def test_a_rating_past_3500_is_damage_not_a_rating():
    lines = text(COMBINED, [CHAMPION, JUNIOR]).decode().splitlines(keepends=True)
    lines[1] = lines[1][:113] + "9830  " + lines[1][119:]
    found = read("".join(lines).encode())
    assert found.by_id(CHAMPION.id) is None and found.info.problems[0][0] == 2


def test_older_title_letters_are_todays_titles():
    line = txt_line(CHAMPION)
    old = line[:84] + "g    wg   " + line[94:]
    found = read((text(COMBINED, []).decode() + old + "\r\n").encode())
    assert (found.by_id(CHAMPION.id).title, found.by_id(CHAMPION.id).women_title) == ("GM", "WGM")


def test_a_header_is_recognised_by_its_labels_wherever_they_stand():
    layout = forms.txt_layout(text("legacy", []).splitlines()[0])
    assert layout.columns["rating"] == (109, 115) and layout.combined and "foa" not in layout.columns
    single = forms.txt_layout(text("blitz", [], month="MAR24").splitlines()[0])
    assert (single.month, single.kinds, single.columns["rating"]) == ("2024-03", (), (113, 119))
    assert forms.txt_layout(b"Name Fed Rating") is None


def test_a_list_with_a_header_and_no_player_is_refused():
    with pytest.raises(EloError, match="no player"):
        read(text(COMBINED, []))


def test_a_fide_id_twice_is_said_and_the_first_is_found():
    twin = CHAMPION.__class__(**{**CHAMPION.__dict__, "name": "Twin, Other"})
    found = read(text(COMBINED, [CHAMPION, twin]))
    assert found.by_id(CHAMPION.id).name == CHAMPION.name
    assert "is in the list twice" in found.info.problems[0][1]
