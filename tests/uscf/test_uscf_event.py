"""A whole event in US Chess's five steps: initial ratings, effective games, first estimates for
players based on 0 games, intermediate ratings, final ratings against the intermediate ones, floors."""

import pytest
from uscf_files import CLUB

from elo_core.errors import EloError
from elo_core.events.read import read_event
from elo_core.uscf.event import rate_event
from elo_core.uscf.rating import rate_player
from elo_core.uscf.special import special


def rated(**options):
    return rate_event(read_event(CLUB), **options)


def by_name(report):
    return {p.player.name.split(",")[0]: p for p in report.players}


def test_who_is_who_and_the_pool():
    r = rated(games_played_by_player={"Dunn, Dora": 6})
    e = r.to_dict()["event"]
    assert (e["pool"], e["dual"], e["threshold"], e["rated_players"], e["unrated_players"]) == ("regular", True, 10, 5, 1)
    p = by_name(r)
    assert (p["Adams"].rating, p["Adams"].games_played, p["Adams"].status) == (2410, 50, "established")
    assert (p["Dunn"].games_played, p["Dunn"].games_source, p["Dunn"].status) == (6, "given for this player", "provisional")
    assert (p["Fox"].initial.source, p["Fox"].prior, p["Fox"].games_played) == ("age", 600, 0)  # 2025 - 2013 = 12
    assert any("4 rated player(s) taken as established" in a for a in e["assumptions"])


def test_step_3_first_estimate_by_hand():
    # Fox (600, N' = 1, mixed, S' = 2.5 + 0.5) against 2410, 1480, 1912, 1633, 1795, 2.5 points: the old provisional
    # formula (600 + 9230) / 6 = 1638.33 gives f = -1/3; f is linear up to the knot 1880 (1480 + 400), where
    # f = 0.875; the secant: 1638.33 + (1/3) x 241.67 / 1.2083 = 1705.
    fox = by_name(rated())["Fox"]
    assert fox.estimate == pytest.approx(1705)
    assert fox.estimate == special(600, 1, "mixed", [2410, 1480, 1912, 1633, 1795], 2.5).new_rating


def test_steps_4_and_5_use_the_right_opponents():
    r = rated(games_played_by_player={"4": 6})
    p = {q.player.key: q for q in r.players}
    step4 = {k: q.intermediate.value for k, q in p.items()}
    for key, q in p.items():
        opponents = [o for o, _ in ((e.opponent, e.points) for e in q.player.entries)]
        score = q.score
        seen4 = [p[o].prior if p[o].games_played else p[o].estimate for o in opponents]
        again4 = rate_player(q.prior, q.games_played, "mixed", seen4, score, threshold=10, max_meetings=1,
                             dual_regular=True, effective=q.effective)
        assert again4.value == pytest.approx(step4[key])
        again5 = rate_player(q.prior, q.games_played, "mixed", [step4[o] for o in opponents], score, threshold=10,
                             max_meetings=1, dual_regular=True, effective=q.effective)
        assert again5.value == pytest.approx(q.final.value)
        assert q.new_rating == max(q.final.value, q.floor.value)
        assert [(x.opponent_step4, x.opponent_step5) for x in q.rounds] == list(zip(seen4, [step4[o] for o in opponents]))


def test_unrated_players_n0_opponents_count_at_their_estimate_in_step_4():
    r = rated()
    fox = by_name(r)["Fox"]
    adams_vs_fox = next(x for x in by_name(r)["Adams"].rounds if x.opponent == "6")
    assert adams_vs_fox.opponent_step4 == fox.estimate and adams_vs_fox.opponent_step5 == fox.intermediate.value


def test_dual_rated_regular_k_and_quick():
    adams = by_name(rated())["Adams"]  # 2410 in a G/45+5 event: K x (6.5 - 0.0025 x 2410) = K x 0.475
    assert adams.final.standard.k_detail.factor == pytest.approx(0.475)
    quick = by_name(rated(pool="quick"))["Adams"]
    assert quick.final.standard.k_detail.factor == 1


def test_a_start_given_and_game_counts_for_all():
    r = rated(start_by_player={"Fox, Finn": "1450/4"}, games_played=20)
    p = by_name(r)
    assert (p["Fox"].initial.source, p["Fox"].prior, p["Fox"].games_played, p["Fox"].estimate) == ("given", 1450, 4, None)
    assert p["Adams"].games_played == 20 and p["Adams"].final.formula == "standard"


def test_the_files_ratings_as_uscf():
    text = "\n".join(line for line in CLUB.splitlines() if not line.startswith("USA")) + "\n"
    bare = rate_event(read_event(text))
    assert all(p.rating is None for p in bare.players)
    assert any("every player is taken as unrated" in a for a in bare.assumptions)
    assert by_name(bare)["Dunn"].initial.source == "adult"  # no birth year: said, not silent
    assert any("1 unrated player(s) without a birth year taken as adults" in a for a in bare.assumptions)
    as_uscf = rate_event(read_event(text), ratings_as_uscf=True)
    assert by_name(as_uscf)["Adams"].rating == 2250 and by_name(as_uscf)["Fox"].rating is None


def test_bad_options():
    with pytest.raises(EloError) as e:
        rated(pool="rapid", games_played="x", start_by_player={"6": "1450"})
    assert [x.field for x in e.value.errors] == ["games_played", "start_by_player['6']", "pool"]
    with pytest.raises(EloError, match="rates regular and quick, not blitz"):
        rated(pool="blitz")
    with pytest.raises(EloError, match="before 2017-05-01"):
        rated(rules_date="2016-12-31")
    unknown = rated(games_played_by_player={"Nobody": 3})
    assert any("no player 'Nobody'" in p.message for p in unknown.problems)


def test_a_match_of_two_players_is_said():
    two = "\n".join(line for line in CLUB.splitlines() if line[:3] in ("012", "042", "052", "122")
                     or line[4:8].strip() in ("1", "2")) + "\n"
    r = rate_event(read_event(two))
    assert len(r.players) == 2 and any("a match of two players" in a for a in r.assumptions)
    assert not any("a match" in a for a in rated().assumptions)
