"""A title-norm case read from a FIDE tournament report (TRF16: 001 lines, rounds from column 92),
elo_core/norm_event.py: the applicant, the games and their statuses from the file's result codes."""

from dataclasses import replace

import pytest
from eventgen import circle_rounds, trf_line

from elo_core.errors import EloError
from elo_core.events.read import read_event
from elo_core.norms.from_event import case_from_event
from elo_core.norms.verdicts import check_norm

FEDS = ("FRA", "ESP", "NED")


def trf_round_robin():
    players = [(1, "m", "IM", "Norm, Nora", 2450, "GER")] + [
        (k, "m", "GM" if k <= 5 else "IM", f"Opponent {k}", 2450, FEDS[k % 3]) for k in range(2, 11)]
    rounds = {}
    for r, pairs in enumerate(circle_rounds(10), 1):
        for a, b in pairs:
            rounds[(a, r)], rounds[(b, r)] = b, a
    mine = {r: ("1" if r <= 6 else "=" if r == 7 else "0") for r in range(1, 9)} | {9: "+"}
    other = {"1": "0", "0": "1", "=": "=", "+": "-"}
    lines = ["012 Norm Test", "092 Individual: Round robin"]
    for k, sex, title, name, rating, fed in players:
        text = f"001 {k:>4} {sex}{title:>3} {name:<33} {rating:>4} {fed:<3} {'':>11} {'':>10} {'':>4} {'':>4}  "
        for r in range(1, 10):
            opp = rounds[(k, r)]
            res = mine[r] if k == 1 else other[mine[r]] if opp == 1 else ("1" if k < opp else "0")
            text += f"{opp:>4} {'w' if k < opp else 'b'} {res}  "
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"


def test_case_from_a_trf_file():
    ev = read_event(trf_round_robin())
    c = case_from_event(ev, 1, "GM", pairing="roundrobin")
    assert (c.applicant.federation, c.applicant.title, c.event.rounds) == ("GER", "IM", 9)
    assert [x.status for x in c.games] == ["played"] * 8 + ["forfeit"] and c.games[8].score == 1
    assert {x.title for x in c.games} == {"GM", "IM"} and {x.rating for x in c.games} == {2450}
    v = check_norm(c)  # 6.5 of 8 and a forfeit win in round 9: 1.4.1c
    assert v.norm and v.norm_games == 9 and v.games == 8
    with pytest.raises(EloError):
        case_from_event(ev, 11)


def test_trf_result_codes_become_statuses(repo_root):
    ev = read_event((repo_root / "tests" / "data" / "codes.trf").read_text("utf-8"))
    with pytest.raises(EloError, match="no federation"):
        case_from_event(ev, 3)
    ev = replace(ev, players=tuple(replace(p, federation=p.federation or "FID") for p in ev.players))
    got = {k: [(x.round, x.status, x.score) for x in case_from_event(ev, k).games] for k in "1235"}
    assert got == {"1": [(1, "played", 1), (2, "played", 0.5), (3, "absent", 0.5)],  # H: a bye asked for
                   "2": [(1, "played", 0), (2, "forfeit", 1), (3, "absent", 0)],  # +, then Z
                   "3": [(1, "absent", 1), (2, "played", 0.5), (3, "absent", 1)],  # W (not rated), F
                   "5": [(1, "bye", 1), (2, "absent", 0), (3, "absent", 0.5)]}  # U: pairing-allocated; D


def test_a_file_of_100_rounds_says_it_is_the_rounds():
    rounds = [(2, "w", "1")] * 100
    text = "\n".join(["012 Long", "042 2025/10/04", trf_line(1, "A, a", 2400, rounds=rounds, fed="GER"),
                      trf_line(2, "B, b", 2500, rounds=[(1, "b", "0")] * 100, fed="FRA", title="GM")]) + "\n"
    with pytest.raises(EloError, match="the file has 100 rounds; a norm is checked in an event of at most 99"):
        case_from_event(read_event(text), 1)
