"""The index: a player by FIDE ID; players by name without case or accents, in either order, each
word typed the start of a different word of the name; best first, at most 20; checked against a
plain search of every name (the oracle) on small synthetic lists."""

from itertools import permutations

import pytest
from fidelist_files import ARBITER, CHAMPION, JUNIOR, Synth, listed, read, text
from hypothesis import given
from hypothesis import strategies as st

from elo_core.errors import EloError
from elo_core.fidelist.index import player_query
from elo_core.fidelist.names import fold_query

PEOPLE = listed(400, seed=11)
LIST = read(text("combined", PEOPLE))
RANK = {p.id: (-max(p.ratings), i) for i, p in enumerate(PEOPLE)}
"""The index's order: best rating of the kinds first, then the list's order."""


def partial_words(query: str, name: str) -> int | None:
    """The oracle: the fewest words of ``query`` that are only the start of a word of ``name`` (each
    word typed matched to a different word of the name), or None when it does not match."""
    typed, words = fold_query(query).split(), fold_query(name).split()
    if len(typed) > len(words):
        return None
    short = all(len(t) < 3 for t in typed)  # then a word of two letters is a whole word
    best = None
    for chosen in permutations(words, len(typed)):
        if all(w == t if short and len(t) == 2 else w.startswith(t) for t, w in zip(typed, chosen)):
            partial = sum(t != w for t, w in zip(typed, chosen))
            best = partial if best is None else min(best, partial)
    return best


def expected(query: str, people=PEOPLE) -> list[int]:
    found = [(tier, RANK[p.id], p.id) for p in people if (tier := partial_words(query, p.name)) is not None]
    return [fid for _, _, fid in sorted(found)]


def test_a_fide_id_finds_its_player_and_only_its_player():
    for p in PEOPLE:
        assert LIST.by_id(p.id).name == p.name
    assert LIST.by_id(1) is None and LIST.by_id(2 ** 32 - 1) is None
    found = LIST.find(f" {CHAMPION.id} ")
    assert (found.by, [p.id for p in found.matches], found.more) == ("id", [CHAMPION.id], False)
    with pytest.raises(EloError, match="no player with FIDE ID 99") as e:
        LIST.find("99")
    assert e.value.field == "query"


@pytest.mark.parametrize("query", ["Hallgrimsson, Magnus", "magnus hallgrimsson", "HALLGRÍMSSON", "Hallgrímsson M",
                                   "hallg magn", "magnus, hallgrimsson", "  hallgrimsson  "])
def test_a_name_in_either_order_any_case_or_accents(query):
    assert LIST.find(query).matches[0].id == CHAMPION.id


def test_whole_words_come_before_started_ones_then_the_best_rated():
    # "Li, Na" (whole words) comes before any name where "li" or "na" only starts a word
    found = LIST.find("li na")
    assert found.matches[0].id == JUNIOR.id
    assert [p.id for p in found.matches] == expected("li na")[:20]


def test_words_of_two_letters_alone_are_whole_words_and_with_a_longer_one_begun():
    assert [p.id for p in LIST.find("v an").matches] == expected("v an")
    assert ARBITER.id not in [p.id for p in LIST.find("v an").matches]  # "Ana" is not "an"
    assert ARBITER.id in [p.id for p in LIST.find("vuk an").matches]


def test_a_word_must_start_a_word_of_the_name_and_each_a_different_one():
    assert LIST.find("allgrimsson").matches == ()  # inside a word: not a match
    assert LIST.find("magnus magnus").matches == ()  # one "Magnus" in the name
    assert [p.id for p in LIST.find("vukovic ana").matches] == [ARBITER.id]


def test_a_common_name_gives_at_most_20_and_says_there_are_more():
    found = LIST.find("kumar")
    want = expected("kumar")
    assert len(want) > 20 and [p.id for p in found.matches] == want[:20] and found.more
    assert len(LIST.find("kumar", limit=5).matches) == 5


@pytest.mark.parametrize("query", ["ab", "a b", "  ", "x"])
def test_too_few_letters_are_not_searched_and_say_why(query):
    if not query.strip():
        with pytest.raises(EloError, match="is required"):
            player_query(query)
        return
    found = LIST.find(query)
    assert found.matches == () and "at least 3 letters" in found.note


@pytest.mark.parametrize("value, said", [(None, "must be a FIDE ID or a name"), (True, "must be a FIDE ID or a name"),
                                         ("x" * 201, "too long"), ("", "is required")])
def test_a_query_that_is_not_one_is_refused(value, said):
    with pytest.raises(EloError, match=said) as e:
        player_query(value)
    assert e.value.field == "query"


def test_accented_names_as_written_and_found_spelt_in_ascii():
    people = [Synth(5000001, "Müller, Jürgen", "GER", ratings=(2100, 0, 0)), Synth(5000002, "Muller, Jurgen", "FRA"),
              Synth(5000003, "Østergaard, Åse", "DEN", "F"), Synth(5000004, "Straße, Łukasz", "POL")]
    found = read(text("combined_xml", people))
    assert [p.name for p in found.find("muller jurgen").matches] == ["Müller, Jürgen", "Muller, Jurgen"]
    assert [p.id for p in found.find("MÜLLER").matches] == [5000001, 5000002]
    assert [p.id for p in found.find("ostergaard ase").matches] == [5000003]
    assert [p.id for p in found.find("strasse lukasz").matches] == [5000004]


WORDS = sorted({w for p in PEOPLE for w in fold_query(p.name).decode().split()})


@st.composite
def queries(draw):
    """Words typed as a user types them: the start of a name's words (any case, any order), or
    any words of the list."""
    if draw(st.booleans()):
        p = draw(st.sampled_from(PEOPLE))
        words = fold_query(p.name).decode().split()
        chosen = draw(st.lists(st.sampled_from(words), min_size=1, max_size=min(3, len(words)), unique=True))
    else:
        chosen = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=2))
    typed = [w[:draw(st.integers(1, len(w)))] for w in chosen]
    text = " ".join(w.upper() if draw(st.booleans()) else w for w in typed)
    return text if sum(map(len, typed)) >= 3 and any(len(w) >= 2 for w in typed) else text + "xyz"


@given(queries())
def test_a_name_search_finds_what_a_plain_search_of_every_name_finds_in_its_order(query):
    found = LIST.find(query)
    want = expected(query)
    assert [p.id for p in found.matches] == want[:20]
    assert found.more == (len(want) > 20)
