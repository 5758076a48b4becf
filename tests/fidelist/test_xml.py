"""FIDE's XML lists: the combined one and the single-kind ones, elements in any order, empty or
self-closing ones, entities and accented names, a damaged player reported, a list cut short."""

import pytest
from fidelist_files import ARBITER, CHAMPION, KINDS, listed, read, text
from test_txt import record

from elo_core.errors import EloError


def test_every_field_of_the_combined_xml():
    people = listed()
    found = read(text("combined_xml", people), "players_list_xml_foa.xml")
    assert found.info.form == "combined list (XML)" and found.info.month is None and found.info.asks == ("month",)
    for p in people:
        assert found.by_id(p.id).to_dict() == record(p)


@pytest.mark.parametrize("kind", KINDS)
def test_a_single_kind_xml_takes_its_kind_from_the_files_name(kind):
    people = listed(single=kind)
    found = read(text(f"{kind}_xml", people), f"{kind}_rating_list.xml")
    assert found.info.kinds == (kind,)
    assert [found.by_id(p.id).to_dict() for p in people] == [record(p, (kind,)) for p in people]


def test_a_single_kind_xml_whose_name_says_nothing_asks_which_it_is():
    found = read(text("rapid_xml", listed(single="rapid")), "list.xml")
    assert found.info.kinds == () and found.info.asks == ("kind", "month") and found.info.form == "single-kind list (XML)"
    assert read(text("rapid_xml", listed(single="rapid")), "list.xml", kind="rapid").info.kinds == ("rapid",)


def test_elements_in_another_order_empty_or_self_closing_entities_and_accents():
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'
           '<player><name>M&#252;ller, J&#xFC;rgen &amp; Co</name><fideid>4600000</fideid><country>GER</country>'
           '<sex>M</sex><title/><w_title></w_title><o_title>FA</o_title><foa_title/><rating>2105</rating>'
           '<games>2</games><k>20</k><rapid_rating></rapid_rating><rapid_games/><rapid_k/><blitz_rating>0</blitz_rating>'
           '<blitz_games>0</blitz_games><blitz_k>0</blitz_k><birthday>1977</birthday><flag>i</flag></player>\n'
           '<player><fideid>4600001</fideid><name>Ødegård, Åse</name><country>NOR</country><sex>F</sex><title>WFM</title>'
           '<w_title>WFM</w_title><o_title></o_title><foa_title></foa_title><rating>1990</rating><games>0</games>'
           '<k>20</k><rapid_rating>0</rapid_rating><rapid_games>0</rapid_games><rapid_k>0</rapid_k>'
           '<blitz_rating>0</blitz_rating><blitz_games>0</blitz_games><blitz_k>0</blitz_k><birthday>2001</birthday>'
           '<flag>w</flag></player>\n</playerslist>\n').encode()
    found = read(xml, chunk=7)
    m = found.by_id(4600000)
    assert (m.name, m.title, m.other_titles, m.standard.rating, m.rapid.rating, m.inactive) == \
        ("Müller, Jürgen & Co", None, ("FA",), 2105, None, True)
    assert found.by_id(4600001).name == "Ødegård, Åse"
    assert [p.id for p in found.find("muller jurgen").matches] == [4600000]
    assert [p.id for p in found.find("odegard").matches] == [4600001]


def test_a_damaged_player_is_reported_with_its_line_and_the_rest_is_read():
    xml = text("combined_xml", [CHAMPION, ARBITER]).decode().replace("<rating>2830</rating>", "<rating>28x0</rating>")
    found = read(xml.encode())
    assert len(found) == 1 and found.by_id(ARBITER.id)
    line, message = found.info.problems[0]
    assert line == 2 and "the rating '28x0' is not a number" in message


def test_an_xml_list_cut_short_is_refused():
    xml = text("combined_xml", listed(5))
    with pytest.raises(EloError, match="cut short"):
        read(xml[:len(xml) * 2 // 3])


def test_xml_that_is_not_a_list_says_what_was_expected():
    with pytest.raises(EloError, match="not a FIDE list .*XML, but not a list of players"):
        read(b"<?xml version='1.0'?><rss><channel></channel></rss>" + b" " * 5000)
