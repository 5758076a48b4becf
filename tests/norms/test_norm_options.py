"""The event operation's norm options (``norm_types``, ``exemption``, ``host_federation``,
``min_games``): what each changes in the norms column, how bad values are named, and that the page
offers what elo_core takes."""

import re
from dataclasses import replace
from pathlib import Path

import pytest
from eventgen import home_norm_trf

from elo_core.errors import EloError
from elo_core.facade import call
from elo_core.norms.case import parse_case
from elo_core.norms.rules import ALLOWED_MIN_GAMES, EXEMPTION_LABELS
from elo_core.norms.verdicts import check_norm

WEB = Path(__file__).parents[2] / "web"


def norms(**options):
    """Each player's norm cell (None: no norm checked for them) and the options as applied."""
    r = call("event", {"text": home_norm_trf(), "norms": True, **options})
    return {p["start_rank"]: p["norm"] for p in r["players"]}, r["norm_options"]


def nils(**options):
    return norms(**options)[0][1]


def test_the_defaults_check_every_norm_the_player_may_want():
    cells, applied = norms()
    assert cells[1]["checked"] == ["GM", "IM"]  # a man, FM: no women's norms
    assert cells[1]["text"].startswith("IM missed: 7 games (9 needed); 0 foreign federations (2 needed)")
    assert cells[2] is None  # a GM wants no norm
    assert applied == {"norm_types": ["GM", "IM", "WGM", "WIM"], "pairing": "swiss", "exemption": None,
                       "host_federation": None, "min_games": 9,
                       "text": "Swiss pairings; no exemption of 1.4.3; at least 9 games (1.4.1a)"}


def test_seven_games_where_1_4_1b_allows_them():
    v = nils(min_games=7)["verdict"]
    assert v["reasons_failed"] == ["1.4.3", "1.4.4-own", "1.4.4-one"]  # the games now count
    assert "at least 7 (allowed for this event, 1.4.1b)" in v["conditions"][0]["explanation"]
    assert nils(min_games="8")["verdict"]["reasons_failed"][0] == "1.4.1"


@pytest.mark.parametrize("exemption", ["1.4.3a", "1.4.3c", "1.4.3d"])
def test_an_exemption_turns_the_federation_failures_into_a_norm(exemption):
    cell = nils(min_games=7, exemption=exemption)
    assert cell["made"] and cell["text"] == "IM norm (Rp 2552, 8 games)"  # 1 point over: 8 games (1.4.1d)
    assert f"exempt under {exemption} ({EXEMPTION_LABELS[exemption]})" in cell["verdict"]["conditions"][1]["explanation"]


def test_1_4_3b_exempts_the_host_federations_players_only():
    assert nils(min_games=7, exemption="1.4.3b", host_federation="ger")["made"]
    away, applied = norms(min_games=7, exemption="1.4.3b", host_federation="FRA")
    assert not away[1]["made"] and "not applied" in away[1]["verdict"]["notes"][0]
    assert applied["text"].startswith("Swiss pairings; exemption 1.4.3b (national team championship), for players of FRA")


def test_the_norm_types_filter_what_each_player_is_checked_for():
    made = dict(min_games=7, exemption="1.4.3a")
    assert nils(**made, norm_types=["GM", "IM"])["norm_type"] == "IM"
    gm = nils(**made, norm_types=["GM"])
    assert gm["checked"] == ["GM"] and gm["text"] == "GM missed: Rp 2552 (48 short)"
    assert nils(**made, norm_types="wgm, WIM") is None  # none he may want: no cell
    cells, applied = norms(**made, norm_types="IM")
    assert applied["norm_types"] == ["IM"] and cells[5] is None  # an IM: the GM norm was not chosen


@pytest.mark.parametrize("options, field, words", [
    ({"norm_types": []}, "norm_types", "choose at least one"),
    ({"norm_types": ["GM", "XM"]}, "norm_types", "must be GM, IM, WGM or WIM, not 'XM'"),
    ({"norm_types": 7}, "norm_types", "must be a list"),
    ({"exemption": "1.4.3e"}, "exemption", "must be none or one of 1.4.3a"),
    ({"exemption": "1.4.3b"}, "host_federation", "is required with 1.4.3b"),
    ({"exemption": "1.4.3b", "host_federation": "Germany"}, "host_federation", "three letters"),
    ({"min_games": 6}, "min_games", "must be 7, 8 or 9"),
    ({"min_games": "nine"}, "min_games", "must be a number"),
    ({"pairing": "knockout"}, "pairing", "must be one of swiss, roundrobin"),
])
def test_bad_options_name_the_field(options, field, words):
    with pytest.raises(EloError) as e:
        norms(**options)
    assert e.value.field == field and words in e.value.message


def test_the_norm_operation_takes_the_same_options_from_a_trf():
    v = call("norm", {"text": home_norm_trf(), "player": "1", "norm": "IM", "exemption": "1.4.3c", "min_games": "7"})
    assert v["norm"] and v["norm_games"] == 8
    with pytest.raises(EloError) as e:
        call("norm", {"text": home_norm_trf(), "player": "1", "exemption": "1.4.3b"})
    assert e.value.field == "host_federation"


def test_a_case_with_1_4_3b_needs_the_host_federation():
    games = [{"round": r, "rating": 2450, "title": "GM", "federation": "GER", "score": 1} for r in range(1, 10)]
    case = {"norm": "IM", "applicant": {"federation": "GER"}, "event": {"rounds": 9, "exemption": "1.4.3b"},
            "games": games}
    with pytest.raises(EloError) as e:
        call("norm", {"case": case})
    assert e.value.field == "event.host_federation"


def test_the_page_offers_what_elo_core_takes():
    html = (WEB / "index.html").read_text("utf-8")
    exemptions = dict(re.findall(r'<option value="(1\.4\.3[a-d])">(.*?)</option>', html))
    assert exemptions == {code: f"{code[-1]}: {label}" for code, label in EXEMPTION_LABELS.items()}
    box = html[html.index('id="event-min-games"'):]
    assert [int(v) for v in re.findall(r'<option value="(\d)"', box[:box.index("</select>")])] == \
        sorted(ALLOWED_MIN_GAMES, reverse=True)
    view = (WEB / "event-view.js").read_text("utf-8")
    for field, label in (("norm_types", "Norm types"), ("exemption", "Exemption"), ("host_federation", "Host federation"),
                         ("min_games", "Minimum games")):
        assert f'{field}: "{label}"' in view and f">{label}" in html  # the message names the field as labelled


def test_1_4_3b_without_a_host_federation_exempts_nobody():
    # A Case built in code (not parsed) can lack the host: the rule then exempts no one.
    games = [{"round": r, "rating": 2450, "title": "GM", "federation": "GER", "score": 1} for r in range(1, 10)]
    case = parse_case({"norm": "IM", "applicant": {"federation": "GER"}, "event": {"rounds": 9}, "games": games})
    exempted = replace(case, event=replace(case.event, exemption="1.4.3b"))
    v = check_norm(exempted)
    assert not v.norm and any("was not given: not applied" in n for n in v.notes)
