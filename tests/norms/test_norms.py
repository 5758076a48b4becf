"""Title norms, FIDE Handbook B.01 effective 1 January 2024 (https://handbook.fide.com/chapter/B012024):
0.5, 1.4.6-1.4.9 and 1.7 as the page words them, 1.4.1-1.4.5 as read (see elo_core/norm_rules.py).
Every case sits at an edge of one rule, the rest of the case meeting the others. A case read from a
tournament file: test_norm_event.py."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.errors import EloError
from elo_core.norms.rules import RULES
from elo_core.norms.verdicts import (
    annex,
    check_all,
    check_norm,
    mix_minima,
    norm_column,
    required_score,
)

FEDS = ("FRA", "ESP", "NED")


def g(r, rating=2450, title="GM", fed=None, score=0.5, status="played"):
    return {"round": r, "rating": rating, "title": title, "federation": fed or FEDS[r % 3], "score": score,
            "status": status}


def case(games, norm="GM", fed="GER", rounds=None, **event):
    return {"norm": norm, "applicant": {"federation": fed, "title": "IM", "rating": 2450},
            "event": {"rounds": rounds or max(x["round"] for x in games), **event}, "games": games}


def field(ratings, scores, **kw):
    return [g(r, rating=x, score=s, **kw) for r, (x, s) in enumerate(zip(ratings, scores), 1)]


def seven_of_nine(rating=2450):
    return field([rating] * 9, [1] * 7 + [0] * 2)


def failed(c, find=False):
    return check_norm(c, find=find).reasons_failed


# --- 1.4.7-1.4.9: Ra and Rp, exactly at and one below each threshold ------------------------------------------

@pytest.mark.parametrize("norm", ["GM", "IM", "WGM", "WIM"])
def test_rp_at_and_one_below_the_threshold(norm):
    rule = RULES[norm]  # 1.4.8: 6.5 of 9 is 72 %, dp 166 (1.4.9)
    at = check_norm(case(field([rule.rp - 166] * 9, [1] * 6 + [0.5] + [0] * 2), norm))
    below = check_norm(case(field([rule.rp - 167] * 9, [1] * 6 + [0.5] + [0] * 2), norm))
    assert (at.norm, at.rp, at.p, at.dp) == (True, rule.rp, 72, 166)
    assert (below.norm, below.rp, below.reasons_failed) == (False, rule.rp - 1, ("1.4.8",))
    assert "1 points short; 7 of 9 would do" in below.conditions[-1].explanation


@pytest.mark.parametrize("norm", ["GM", "IM", "WGM", "WIM"])
def test_ra_at_and_one_below_the_threshold_after_rounding(norm):
    ra = RULES[norm].ra  # 1.4.7b: x.5 rounds up; 8 of 10 is 80 %, dp 240
    at = check_norm(case(field([ra] * 5 + [ra - 1] * 5, [1] * 8 + [0] * 2), norm))
    below = check_norm(case(field([ra] * 4 + [ra - 1] * 6, [1] * 8 + [0] * 2), norm))
    assert (at.norm, at.ra) == (True, ra)
    assert (below.norm, below.ra, below.reasons_failed) == (False, ra - 1, ("1.4.8a",))


def test_35_percent_is_checked_on_the_exact_score():
    # 1.4.8b: 4.5 of 13 is 34.6 %, which rounds to 35 %: refused (the reading in norm_rules.py)
    v = check_norm(case(field([2720] * 13, [1] * 4 + [0.5] + [0] * 8)))
    assert v.p == 35 and "1.4.8b" in v.reasons_failed
    assert "1.4.8b" not in failed(case(field([2720] * 13, [1] * 5 + [0] * 8)))


# --- 1.4.6: the rating floor and unrated opponents ----------------------------------------------------------

def test_one_unrated_opponent_is_raised_to_the_floor():
    v = check_norm(case(field([2500] * 8 + [0], [1] * 7 + [0] * 2)))
    assert v.raised == (9, 1400, 2200) and v.ra == (2 * (8 * 2500 + 2200) + 9) // 18 == 2467


def test_two_unrated_opponents_one_at_the_floor_one_at_1400():
    v = check_norm(case(field([2500] * 7 + [0, 0], [1] * 7 + [0] * 2)))
    assert v.raised == (8, 1400, 2200) and v.ra == round((7 * 2500 + 2200 + 1400) / 9)  # 2344
    assert "1 unrated counted as 1400" in v.conditions[6].explanation


def test_only_the_lowest_opponent_is_raised():
    v = check_norm(case(field([2500] * 7 + [2100, 0], [1] * 7 + [0] * 2)))
    assert v.raised == (9, 1400, 2200) and v.ra == round((7 * 2500 + 2100 + 2200) / 9)


# --- 1.4.3, 1.4.4: federations, at 9 and at 10 games ---------------------------------------------------------

@pytest.mark.parametrize("n, own_ok", [(9, 5), (10, 6)])
def test_own_federation_cap(n, own_ok):
    for own, ok in ((own_ok, True), (own_ok + 1, False)):
        feds = ["GER"] * own + ["FRA", "ESP"] * n
        v = check_norm(case([g(r, fed=feds[r - 1], score=1 if r <= 8 else 0) for r in range(1, n + 1)]))
        assert ("1.4.4-own" not in v.reasons_failed) is ok, (n, own)


@pytest.mark.parametrize("n, one_ok", [(9, 6), (10, 6)])
def test_one_federation_cap(n, one_ok):
    for most, ok in ((one_ok, True), (one_ok + 1, False)):
        feds = ["FRA"] * most + ["ESP", "NED"] * n
        v = check_norm(case([g(r, fed=feds[r - 1], score=1 if r <= 8 else 0) for r in range(1, n + 1)]))
        assert ("1.4.4-one" not in v.reasons_failed) is ok and v.top_federation == ("FRA", most)


def test_fid_opponents_are_games_but_no_federation():
    feds = ["FID"] * 7 + ["FRA", "ESP"]
    v = check_norm(case([g(r, fed=f, score=1 if r <= 7 else 0) for r, f in enumerate(feds, 1)]))
    assert v.norm and v.federations == 2 and v.top_federation[1] == 1
    assert "1.4.3" in failed(case([g(r, fed=f) for r, f in enumerate(["FID"] * 8 + ["FRA"], 1)]))


def test_an_exemption_lifts_the_federation_rules_and_1_4_3b_is_for_the_host_only():
    home = [g(r, fed="GER", score=1 if r <= 7 else 0) for r in range(1, 10)]
    assert set(failed(case(home))) == {"1.4.3", "1.4.4-own", "1.4.4-one"}
    assert check_norm(case(home, exemption="1.4.3a")).norm
    assert check_norm(case(home, exemption="1.4.3b", host_federation="GER")).norm
    away = check_norm(case([dict(x, federation="FRA") for x in home], exemption="1.4.3b", host_federation="ESP"))
    assert not away.norm and "not applied" in away.notes[0]


# --- 1.4.5: title-holders and holders of the norm's title -----------------------------------------------------

def test_titled_opponents_and_holders_for_each_norm_type():
    titles = ["GM", "GM", "IM", "WGM", "WIM", "FM", "CM", "WCM", ""]
    games = [g(r, rating=2450, title=t, score=1 if r <= 7 else 0) for r, t in enumerate(titles, 1)]
    v = check_all(case(games))
    assert {t: (x.titled, x.holders) for t, x in v.items()} == {"GM": (6, 2), "IM": (6, 3), "WGM": (6, 4),
                                                               "WIM": (6, 5)}
    assert v["GM"].reasons_failed == ("1.4.5b-e",) and v["IM"].norm and v["WIM"].norm
    five = [dict(x, title="CM") if x["title"] == "FM" else x for x in games]  # CM and WCM are not title-holders
    assert "1.4.5a" not in failed(case(games, "IM")) and "1.4.5a" not in failed(case(five, "IM"))
    four = [dict(x, title="") if x["title"] in ("FM", "WIM") else x for x in games]
    assert "1.4.5a" in failed(case(four, "IM"))


def test_double_round_robin_needs_half_holders():
    ten = [g(r, title="GM" if r <= 4 else "IM", score=1 if r <= 8 else 0) for r in range(1, 11)]
    assert check_norm(case(ten, pairing="roundrobin")).norm  # 4 GMs >= 10/3 rounded up
    assert failed(case(ten, pairing="doubleroundrobin")) == ("1.4.5b-e",)  # 5 needed (1.4.5f)


# --- 1.4.1, 1.7: games ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("status, score, ok", [("forfeit", 1, True), ("bye", 1, True), ("forfeit", 0, False),
                                               ("absent", 0.5, False)])
def test_eight_games_and_a_forfeit_win_or_pairing_bye_count_as_nine(status, score, ok):
    games = field([2450] * 8, [1] * 6 + [0.5] + [0]) + [g(9, status=status, score=score)]
    v = check_norm(case(games))
    assert (v.norm, v.games, v.norm_games) == (ok, 8, 9 if ok else 0)
    ten_rounds = check_norm(case(games, rounds=10))
    assert not ten_rounds.norm and "1.4.1" in ten_rounds.reasons_failed


def test_a_last_round_forfeit_counts_as_a_game_lost_when_the_norm_needs_it():
    games = field([2450] * 8, [1] * 7 + [0]) + [g(9, status="absent"), g(10, status="forfeit", score=1)]
    v = check_norm(case(games))  # 8 games, but with the last round lost 7 of 9 (1.4.2c)
    assert v.norm and v.games == 9 and v.counted_rounds[-1] == 10 and "1.4.2c" in v.notes[-1]
    assert not check_norm(case(games[:8] + [g(9, status="forfeit", score=1), g(10, status="absent")])).norm


def test_a_fourteen_round_event_counts_as_thirteen():
    v = check_norm(case(field([2450] * 14, [1] * 10 + [0] * 4)))
    assert v.norm and v.games == 14 and v.norm_games == 13  # 1.7


def test_full_points_above_the_requirement_count_as_games():
    v = check_norm(case(field([2450] * 9, [1] * 8 + [0])))  # 6.5 needed at 2450: 1.5 over, 1 full point
    assert v.norm and v.required_score == 6.5 and v.norm_games == 10  # 1.4.1d


def test_too_few_games_says_how_many_more():
    v = check_norm(case(field([2450] * 8, [1] * 8), rounds=9))
    assert v.reasons_failed == ("1.4.1",) and "(1 more)" in v.conditions[0].explanation


def test_seven_games_where_the_event_allows_them():
    games = field([2450] * 7, [1] * 6 + [0])
    assert failed(case(games)) == ("1.4.1",) and check_norm(case(games, min_games=7)).norm


# --- find: games left out (1.4.1e, 1.4.1f) --------------------------------------------------------------------

def test_find_leaves_out_the_rounds_after_the_norm_in_a_swiss():
    games = seven_of_nine() + field([2450] * 2, [0, 0])
    games[9:] = [dict(x, round=r) for r, x in zip((10, 11), games[9:])]
    assert "1.4.8" in failed(case(games))
    v = check_norm(case(games), find=True)
    assert v.norm and [(x.round, x.article) for x in v.left_out] == [(10, "1.4.1e"), (11, "1.4.1e")]
    assert not check_norm(case(games, pairing="roundrobin"), find=True).norm  # predetermined pairings


def weak_pair(feds=None):
    """Two wins over 1900s: the floor lifts one (1.4.6c), the other keeps Ra under 2380 until left out."""
    games = field([2450] * 9 + [1900, 1900], [1] * 6 + [0.5] + [0] * 2 + [1, 1])
    return [dict(x, federation=f) for x, f in zip(games, feds)] if feds else games


def test_find_leaves_out_a_win_against_a_weak_opponent():
    assert "1.4.8a" in failed(case(weak_pair()))
    v = check_norm(case(weak_pair(), pairing="roundrobin"), find=True)
    assert v.norm and [(x.round, x.article) for x in v.left_out] == [(10, "1.4.1f")] and v.searched[1] is False
    assert (v.ra, v.games, v.score) == (2425, 10, 7.5)


def test_find_in_a_round_robin_keeps_the_mix_of_the_complete_event():
    feds = ["FRA", "ESP", "NED", "FRA"] + ["GER"] * 7  # 7 of 11 from GER, 6 of 10 once round 10 is left out
    swiss = check_norm(case(weak_pair(feds)), find=True)
    robin = check_norm(case(weak_pair(feds), pairing="roundrobin"), find=True)
    assert swiss.norm and swiss.left_out[0].round == 10
    assert not robin.norm and "1.4.4-own" in robin.reasons_failed and robin.searched[0] > 0


# --- the Annex of B.01: least score per band of Ra ------------------------------------------------------------

ANNEX_9 = {  # worked out by hand from 1.4.8 and table 1.4.9; 0.5 (2017 edition) gives 7 of 9 for GM at 2380
    "GM": [(7, 2380, 2433), (6.5, 2434, 2474), (6, 2475, 2519), (5.5, 2520, 2556), (5, 2557, 2599),
           (4.5, 2600, 2642), (4, 2643, 2679), (3.5, 2680, None)],
    "IM": [(7, 2230, 2283), (6.5, 2284, 2324), (6, 2325, 2369), (5.5, 2370, 2406), (5, 2407, 2449),
           (4.5, 2450, 2492), (4, 2493, 2529), (3.5, 2530, None)],
}


SHIFTED = {"WGM": ("IM", 50), "WIM": ("GM", 350)}  # thresholds 50 and 350 lower than IM's and GM's (1.4.8)


@pytest.mark.parametrize("norm", ["GM", "IM", "WGM", "WIM"])
def test_annex_for_nine_games(norm):
    base, shift = SHIFTED.get(norm, (norm, 0))
    rows = [(s, a - shift, b and b - shift) for s, a, b in ANNEX_9[base]]
    assert [(r.score, r.ra_from, r.ra_to) for r in annex(norm, 9)] == rows


@pytest.mark.parametrize("games", range(9, 14))
@pytest.mark.parametrize("norm", ["GM", "IM", "WGM", "WIM"])
def test_annex_is_what_the_checker_does(norm, games):
    for row in annex(norm, games):  # each band's edges: its score is the least that makes the norm
        for ra in {row.ra_from, row.ra_to or row.ra_from + 40}:
            halves = int(2 * row.score)
            top = [1.0] * (halves // 2) + [0.5] * (halves % 2)
            assert check_norm(case(field([ra] * games, top + [0.0] * (games - len(top))), norm)).norm, (row, ra)
            assert required_score(norm, ra, games) == row.score
            low = top[:-1] + [0.0] if top[-1] == 1 else top[:-1]
            miss = check_norm(case(field([ra] * games, low + [0.0] * (games - len(low))), norm))
            assert not miss.norm and set(miss.reasons_failed) <= {"1.4.8", "1.4.8b"}


def test_opponent_counts_for_nine_to_thirteen_games():
    got = {n: tuple(mix_minima(n).values()) for n in range(9, 14)}
    assert got == {9: (5, 6, 5, 3), 10: (6, 6, 5, 4), 11: (6, 7, 6, 4), 12: (7, 8, 6, 4), 13: (7, 8, 7, 5)}


# --- input, output, the event column --------------------------------------------------------------------------

@pytest.mark.parametrize("change, where", [
    (lambda c: c["games"][3].update(rating=4000), "games[3].rating"),
    (lambda c: c["event"].update(rounds=0), "event.rounds"),
    (lambda c: c.update(norm="FM"), "norm"),
    (lambda c: c["games"][1].update(round=1), "games[1].round"),
    (lambda c: c["games"][2].update(status="lost"), "games[2].status"),
    (lambda c: c["games"][0].update(federation="Germany"), "games[0].federation"),
    (lambda c: c["games"][0].update(scor=1), "games[0].scor"),
    (lambda c: c["event"].update(exemption="1.4.3e"), "event.exemption"),
    (lambda c: c["applicant"].pop("federation"), "applicant.federation"),
])
def test_bad_input_names_the_field(change, where):
    c = case(seven_of_nine())
    change(c)
    with pytest.raises(EloError) as e:
        check_norm(c)
    assert e.value.field == where


def test_verdict_dict_and_column():
    d = check_norm(case(seven_of_nine()), find=True).to_dict()
    assert {"norm", "ra", "rp", "p", "games", "titled", "holders", "federations", "norm_games", "reasons_failed",
            "conditions", "left_out"} <= set(d) and d["norm"] and d["left_out"] == []
    assert [c["article"] for c in d["conditions"]] == ["1.4.1", "1.4.3", "1.4.4-own", "1.4.4-one", "1.4.5a",
                                                       "1.4.5b-e", "1.4.8a", "1.4.8b", "1.4.8"]
    assert norm_column(case(seven_of_nine())).text == "GM norm (Rp 2670, 9 games)"
    six = case(field([2300] * 9, [1] * 6 + [0] * 3), norm=None)
    assert norm_column(six).text == "WGM norm (Rp 2425, 9 games)"
    assert norm_column(six, norms=("GM", "IM")).text == "IM missed: Rp 2425 (25 short)"


# --- properties -----------------------------------------------------------------------------------------------

opponent = st.fixed_dictionaries({"rating": st.sampled_from([0, 2150, 2300, 2400, 2480, 2550, 2650]),
                                  "title": st.sampled_from(["GM", "GM", "IM", "WGM", "FM", ""]),
                                  "federation": st.sampled_from(["GER", "FRA", "ESP", "NED", "FID"]),
                                  "score": st.sampled_from([0, 0.5, 1, 1]),
                                  "status": st.sampled_from(["played"] * 8 + ["forfeit", "bye", "absent"])})
cases = st.builds(lambda norm, pairing, ops: case([dict(o, round=r, score=o["score"] if o["status"] != "forfeit"
                                                       else o["score"] // 1) for r, o in enumerate(ops, 1)], norm,
                                                  pairing=pairing),
                  st.sampled_from(["GM", "IM", "WGM", "WIM"]), st.sampled_from(["swiss", "roundrobin"]),
                  st.lists(opponent, min_size=9, max_size=12))


@settings(max_examples=150, deadline=None)
@given(cases)
def test_a_norm_found_holds_when_checked_on_its_own(c):
    v = check_norm(c, find=True)
    if v.norm:
        out = {x.round for x in v.left_out}
        alone = dict(c, games=[dict(x, status="absent") if x["round"] in out else x for x in c["games"]])
        assert check_norm(alone).norm


@settings(max_examples=150, deadline=None)
@given(cases, st.data())
def test_raising_a_score_never_loses_a_norm(c, data):
    played = [i for i, x in enumerate(c["games"]) if x["status"] == "played" and x["score"] < 1]
    if not played:
        return
    i = data.draw(st.sampled_from(played))
    better = dict(c, games=[dict(x, score=x["score"] + 0.5) if j == i else x for j, x in enumerate(c["games"])])
    for find in (False, True):
        if check_norm(c, find=find).norm:
            assert check_norm(better, find=find).norm
