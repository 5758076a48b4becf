"""The US Chess subcommand (``uscf``: one player's event, by the special or the standard formula, with
the bonus and the floor) and US Chess's options of ``event FILE --system uscf`` (the five steps):
their requests to the JSON door and their tables, with the notes that say which choices were made
where US Chess's texts are silent."""

from __future__ import annotations

import argparse
from typing import Any

from elo_core.cli.common import Command, event_option_name, num, score_text

COMMANDS = {"uscf": "uscf"}
"""Subcommand -> the JSON door's operation (``uscf_event``: ``event FILE --system uscf``)."""
GAME_HELP = ("a game as OPPONENT:SCORE (score 1, 0.5 or 1/2, 0; the opponent's rating may be a decimal), or "
             "OPPONENT:SCORE:NAME to say who the opponent was (the bonus needs no one met more than twice); repeat")
POOL_HELP = "regular (default), quick or blitz: the pool rated"
_ONE = ("rating", "games_played", "end", "pool", "time_control", "history", "age", "start", "start_games", "peak",
        "career_wins", "career_draws", "career_events")


def add(command: Command) -> None:
    c = command("uscf", "US Chess: one player's new rating after an event (special or standard formula, bonus, floor)")
    c.add_argument("--rating", help="the rating before the event, decimals allowed (leave out for an unrated player)")
    c.add_argument("--games-played", help="the number of rated games the rating is based on (needed with --rating)")
    c.add_argument("--game", action="append", default=[], help=GAME_HELP)
    c.add_argument("--end", help="the event's last day, YYYY-MM-DD: it picks the bonus threshold B")
    c.add_argument("--pool", help=POOL_HELP)
    c.add_argument("--dual", action="store_true", help="a dual-rated event (30 <= minutes + seconds <= 65): the Regular "
                                                       "rating of a player above 2200 moves with a smaller K")
    c.add_argument("--time-control", help="the event's time control (G/45;d5, G/90+30, 45+5): it decides the pool "
                                          "and whether the event is dual-rated")
    c.add_argument("--history", help="mixed (default), all-wins or all-losses: the player's earlier rated games")
    c.add_argument("--age", help="an unrated player's age: the age-based start (default: an adult, 1300)")
    c.add_argument("--start", help="an unrated player's starting rating from US Chess (with --start-games)")
    c.add_argument("--start-games", help="the game count of --start (at most 10)")
    c.add_argument("--peak", help="the highest established post-event rating: the floor is 200 below it")
    c.add_argument("--career-wins", help="rated wins before the event (personal absolute floor)")
    c.add_argument("--career-draws", help="rated draws before the event (personal absolute floor)")
    c.add_argument("--career-events", help="events of 3 or more rated games before this one (personal absolute floor)")


def add_event_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--ratings-as-uscf", action="store_true",
                       help="take the file's ratings as US Chess ratings where no national record (TRF-2026 USA) gives "
                            "one; --games-played gives their game counts (default: established)")
    group.add_argument("--uscf-pool", help=POOL_HELP.replace("regular (default)", "regular") + " (default: by the "
                                                                                              "file's time control)")
    group.add_argument("--uscf-dual", action="store_true", help="the event is dual-rated (where the file's time "
                                                                "control does not say)")
    group.add_argument("--uscf-start", action="append", default=[], metavar="WHO=R/N",
                       help="an unrated player's starting rating and its game count (default: by age); repeat")


def event_args(ns: argparse.Namespace) -> dict[str, Any]:
    starts = {}
    for item in ns.uscf_start:
        who, _, value = item.rpartition("=")
        starts[who or item] = value
    return {"ratings_as_uscf": ns.ratings_as_uscf, "pool": ns.uscf_pool, "dual": True if ns.uscf_dual else None,
            "start_by_player": starts}


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    return "uscf", {**{k: getattr(ns, k) for k in _ONE}, "games": ns.game, "dual": ns.dual}


_EVENT_FIELDS = {"pool": "--uscf-pool", "dual": "--uscf-dual", "start_by_player": "--uscf-start",
                 "ratings_as_uscf": "--ratings-as-uscf", "rules": "--rules", "games_played_by_player": "--games-played"}


def where(ns: argparse.Namespace, field: str | None) -> str:
    return event_option_name(ns, field, _EVENT_FIELDS)


def table(op: str, r: Any) -> str:
    return "\n".join(_event_lines(r) if op == "uscf_event" else _lines(r))


def _who(r: dict[str, Any]) -> str:
    if r["initial"]:
        i = r["initial"]
        return f"unrated, starting from {i['rating']:g} based on {i['games']} games ({i['rule']})"
    history = {"all-wins": ", every earlier game won", "all-losses": ", every earlier game lost"}.get(r["history"], "")
    return f"rating {r['rating']:g} based on {r['games_played']} games ({r['status']}){history}"


def _lines(r: dict[str, Any]) -> list[str]:
    dual = ", dual-rated" if r["dual"] else ""
    lines = [f"US Chess {r['pool_name']}{dual}, event ending {r['end']}: {_who(r)}",
             f"{'#':>3}  {'Opponent':>8}  {'Score':>5}  {'We' if r['formula'] == 'standard' else 'PWE':>5}  Opponent's name"]
    for i, g in enumerate(r["games"], 1):
        lines.append(f"{i:>3}  {g['opponent']:>8g}  {score_text(g['score']):>5}  {g['expectancy']:.3f}  "
                     f"{g['name'] or ''}".rstrip())
    lines.append(f"Games {r['m']}, score {r['score']:g}")
    lines.append(f"Effective games N' {r['effective_games']:.2f}: {r['effective']['formula']}")
    lines.append(f"{r['formula'].title()} formula: {r['formula_reason']}")
    sp = r["special"]
    if sp:
        steps = " -> ".join(f"{s['m']:.2f} ({s['rule']})" for s in sp["steps"])
        lines += [f"R0' {sp['adjusted_prior']:g}, S' {sp['adjusted_score']:g}; old provisional formula {sp['start']:.2f}",
                  f"Iteration: {steps}", sp["formula"]]
    else:
        lines += [r["k_detail"]["rule"], f"Expected (E) {r['expected']:.3f}", r_formula(r)]
    b, t = r["bonus_detail"], r["threshold_detail"]
    lines.append(f"Bonus {r['bonus']:.2f}: {b['reason']}; B {t['value']} for events ending from {t['valid_from']}")
    f = r["floor_detail"]
    lines.append(f"Floor {r['floor']}: personal absolute floor {f['personal_formula']}; {f['established_rule']}"
                 + (" (applied)" if r["floor_applied"] else ""))
    lines.append(f"New rating {r['new_rating']:.2f} -> {r['new_rating_rounded']} (change {num(r['change'], 2, True)}; "
                 f"based on {r['new_games']} games, {r['new_status']})")
    return lines + [f"Note: {n}" for n in r["notes"]]


def r_formula(r: dict[str, Any]) -> str:
    """The standard formula's arithmetic, with the bonus."""
    k, e = r["k"], r["expected"]
    bonus = f" + {r['bonus']:.2f}" if r["bonus"] else ""
    return f"R = R0 + K (S - E) + bonus = {r['prior']:g} + {k:.2f} x ({r['score']:g} - {e:.3f}){bonus} = {r['unfloored']:.2f}"


def _event_lines(r: dict[str, Any]) -> list[str]:
    e = r["event"]
    when = e["start"] or "no date" if e["start"] == e["end"] or not e["end"] else f"{e['start']} to {e['end']}"
    t = e["threshold_detail"]
    lines = [f"{e['name'] or '(no name)'} ({e['format'].upper()}, {when}): {e['players']} players, {e['games']} games, "
             f"{e['rated_games']} rated",
             f"US Chess {e['pool_name']} ({e['pool_note']}); B {t['value']} for "
             f"events ending from {t['valid_from']}", f"Ratings from {e['rating_source']}"]
    lines += [f"Assumed: {a}" for a in e["assumptions"]]
    lines.append(f"{'No':>4}  {'Name':<24} {'Rating':>7} {'N':>3} {'Gms':>3} {'Score':>5} {'Step3':>7} {'Step4':>7} "
                 f"{'F':>2} {'K':>5} {'Bonus':>5} {'Floor':>5} {'New':>8} {'Rtd':>5}")
    for p in r["players"]:
        rating = f"{p['rating']:g}" if p["rating"] is not None else f"({p['initial_rating']:g})"
        form = {"special": "Sp", "standard": "St"}.get(p["formula"] or "", "-")
        lines.append(f"{p['start_rank'] or p['key']:>4}  {p['name'][:24]:<24} {rating:>7} {p['games_played']:>3} "
                     f"{p['games']:>3} {p['score']:>5g} {num(p['estimate'], 1) if p['estimate'] is not None else '-':>7} "
                     f"{num(p['intermediate'], 1) if p['intermediate'] is not None else '-':>7} {form:>2} "
                     f"{num(p['k'], 1) if p['k'] is not None else '-':>5} "
                     f"{num(p['bonus'], 1) if p['bonus'] else '-':>5} {p['floor'] or '-':>5} "
                     f"{num(p['new_rating'], 2) if p['new_rating'] is not None else '-':>8} "
                     f"{p['new_rating_rounded'] or '-':>5}")
    lines.append("(Rating in brackets: an unrated player's start. F: Sp special, St standard formula. Step3: first "
                 "estimate; Step4: intermediate rating; New: the final rating, kept as a decimal; Rtd: rounded)")
    lines += [f"Note: {n}" for n in e["notes"]]
    groups = r.get("problem_groups") or []
    if groups:
        lines.append(f"Problems ({e['problem_count']}, by kind):")
        for g in groups:
            lines += [f"  {'line ' + str(n) if n else 'file'}: {m}" for n, m in zip(g["lines"], g["examples"])]
    return lines
