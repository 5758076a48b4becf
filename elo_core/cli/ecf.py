"""The ECF subcommand (``ecf``: one player's month for the English Chess Federation's rating, by the
K-method or the P-method) and the ECF's options of ``event FILE --system ecf`` (a whole month in three
passes): their requests to the JSON door and their tables, with the notes that say which choices were
made where the ECF's texts are silent."""

from __future__ import annotations

import argparse
from typing import Any

from elo_core.cli.common import Command, event_option_name, num, score_text

COMMANDS = {"ecf": "ecf"}
"""Subcommand -> the JSON door's operation (``ecf_event``: ``event FILE --system ecf``)."""
GAME_HELP = ("a game as OPPONENT:SCORE, score 1, 0.5 (or 1/2, =) or 0; OPPONENT:SCORE:P when the opponent's rating is "
             "a Partial rating (a P after it); repeat for each game of the month")
JUNIOR_RULE_HELP = "all (default: k 40 on every game of a junior) or gains (k 40 only on the games a junior gains)"


def add(command: Command) -> None:
    c = command("ecf", "ECF (English Chess Federation): one player's month, K-method or P-method")
    c.add_argument("--rating", help="the ECF rating at the start of the month (leave out for a new player)")
    c.add_argument("--grade", help="an old 3-digit ECF grade instead of the rating: 7.5 x grade + 700")
    c.add_argument("--junior", action="store_true", help="a junior: k 40 (the ECF does not publish who counts as one)")
    c.add_argument("--partial", action="store_true", help="the rating is a Partial rating (a P after it): the P-method")
    c.add_argument("--game", action="append", default=[], help=GAME_HELP)
    c.add_argument("--earlier", action="append", default=[], metavar="OPPONENT:SCORE",
                   help="with --partial: a game of an earlier month (fewer than 10 in all), counted again; repeat")
    c.add_argument("--nominal", help="the P-method's fictional opponent's rating (default: a returning player's last "
                                     "full rating, else the average of the real opponents)")
    c.add_argument("--month", help="the month rated, YYYY-MM (default this month)")
    c.add_argument("--last-played", help="the month of the last rated result before this one, YYYY-MM: a rating "
                                         "unused for longer than --activity-months has lapsed")
    c.add_argument("--activity-months", help="36 (default) or 60: months without a rated result after which a "
                                             "rating lapses")
    c.add_argument("--results-12-months", help="rated results in the last 12 calendar months, this month's included "
                                               "(30 or more: category A)")
    c.add_argument("--junior-rule", help=JUNIOR_RULE_HELP)
    c.add_argument("--cap-400", action="store_true", help="count a rating difference over 400 as 400 (FIDE's rule; "
                                                          "the ECF's text names only the table)")


def add_event_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--ecf-junior", action="append", default=[], metavar="WHO",
                       help="a junior (start rank, FIDE id or name): k 40; repeat")
    group.add_argument("--ecf-partial", action="append", default=[], metavar="WHO or WHO=N",
                       help="a player whose ECF rating is a Partial rating, with N earlier games (default 0); repeat")
    group.add_argument("--ratings-as-ecf", action="store_true",
                       help="take the file's ratings as ECF ratings where no national record (TRF-2026 ENG) gives one")
    group.add_argument("--ecf-nominal", help="the fictional opponent's rating of every P rating (default: the average "
                                             "of the real opponents)")
    group.add_argument("--ecf-junior-rule", help=JUNIOR_RULE_HELP)
    group.add_argument("--ecf-cap-400", action="store_true", help="count a rating difference over 400 as 400")


def event_args(ns: argparse.Namespace) -> dict[str, Any]:
    partial: dict[str, Any] = {}
    for item in ns.ecf_partial:
        who, sep, n = item.rpartition("=")
        partial[who if sep else item] = n if sep else None
    return {"juniors": list(ns.ecf_junior), "partial": partial, "ratings_as_ecf": ns.ratings_as_ecf,
            "nominal": ns.ecf_nominal, "junior_rule": ns.ecf_junior_rule, "cap_400": ns.ecf_cap_400}


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    return "ecf", {"rating": ns.rating, "grade": ns.grade, "junior": ns.junior, "partial": ns.partial,
                   "games": ns.game, "earlier": ns.earlier, "nominal": ns.nominal, "month": ns.month,
                   "last_played": ns.last_played, "activity_months": ns.activity_months,
                   "results_12_months": ns.results_12_months, "junior_rule": ns.junior_rule, "cap_400": ns.cap_400}


_EVENT_FIELDS = {"juniors": "--ecf-junior", "partial": "--ecf-partial", "nominal": "--ecf-nominal",
                 "junior_rule": "--ecf-junior-rule", "cap_400": "--ecf-cap-400", "ratings_as_ecf": "--ratings-as-ecf",
                 "rules": "--rules"}


def where(ns: argparse.Namespace, field: str | None) -> str:
    return event_option_name(ns, field, _EVENT_FIELDS)


def table(op: str, r: Any) -> str:
    return "\n".join(_event_lines(r) if op == "ecf_event" else _lines(r))


def _lines(r: dict[str, Any]) -> list[str]:
    rating = f"ECF {r['rating']}{'P' if r['status'] == 'partial' else ''}: " if r["rating"] is not None else ""
    note = r["status_note"] if rating else r["status_note"][0].upper() + r["status_note"][1:]
    lines = [f"{rating}{note}{' (junior)' if r['junior'] else ''}; month {r['month']}"]
    if r["conversion"]:
        lines.append(f"Grade {r['conversion']['grade']:g} converted: {r['conversion']['formula']}")
    lines.append(r["method_name"])
    if r["method"] == "K":
        lines.append(f"{'#':>3}  {'Opponent':>8}  {'Score':>5}  {'D':>5}  {'Band':>9}  {'PD':>4}  {'k':>2}  {'Weight':>6}"
                     f"  {'Change':>7}  Note")
        for i, g in enumerate(r["games"], 1):
            opp = f"{g['opponent'] or '-'}{'P' if g['opponent_partial'] else ''}"
            lines.append(f"{i:>3}  {opp:>8}  {score_text(g['score']):>5}  " + (
                f"{g['difference'] if not g['difference'] else format(g['difference'], '+'):>5}  {g['band'] + ' ' + g['column']:>9}  {g['expected']:.2f}  {g['k']:>2}  "
                f"{g['weight']:>6g}  {num(g['change'], 2, True):>7}" if g["counted"] else
                f"{'-':>5}  {'-':>9}  {'-':>4}  {'-':>2}  {'-':>6}  {'-':>7}  {g['reason']}").rstrip())
        lines.append(f"Games counted {r['n']}, score {r['score']:g}, expected (We) "
                     f"{num(r['expected']) if r['expected'] is not None else '-'}, k {r['k']}")
    else:
        lines.append(f"{'#':>3}  {'Opponent':>8}   {'Score':>5}  Note")
        lines += [f"{i:>3}  {str(g['opponent'] or '-') + ('P' if g['opponent_partial'] else ''):>8}   {score_text(g['score']):>5}"
                  + ("" if g["counted"] else f"  {g['reason']}") for i, g in enumerate(r["games"], 1)]
        if r["earlier"]:
            lines.append("Earlier games, counted again: " + ", ".join(f"{o}:{s:g}" for o, s in r["earlier"]))
        if r["performance"]:
            p = r["performance"]
            lines.append(f"Fictional draw against {p['nominal']:g}: {p['nominal_rule']}")
    if r["formula"]:
        lines.append(r["formula"])
    elif r["rating"] is not None:
        lines.append(f"The rating stays {r['rating']}")
    if r["category"]:
        lines.append(f"Category {r['category']['code']}: {r['category']['why']}")
    return lines + [f"Note: {n}" for n in r["notes"]]


def _event_lines(r: dict[str, Any]) -> list[str]:
    e = r["event"]
    when = e["start"] or "no date" if e["start"] == e["end"] or not e["end"] else f"{e['start']} to {e['end']}"
    lines = [f"{e['name'] or '(no name)'} ({e['format'].upper()}, {when}): {e['players']} players, {e['games']} games, "
             f"{e['rated_games']} rated; ECF month {e['month']}", f"ECF ratings from {e['rating_source']}"]
    lines += [f"Assumed: {a}" for a in e["assumptions"]]
    lines.append(f"{'No':>4}  {'Name':<26} {'ECF':>5} {'Status':<8} {'Gms':>3} {'Score':>5} {'We':>5} {'k':>2} "
                 f"{'Pass1':>5} {'New':>5}  Cat")
    for p in r["players"]:
        ecf = f"{p['rating']}{'P' if p['status'] == 'partial' else ''}" if p["rating"] else "-"
        status = p["status"] + ("*" if p["junior"] else "")
        lines.append(f"{p['start_rank'] or p['key']:>4}  {p['name'][:26]:<26} {ecf:>5} {status:<8} {p['games']:>3} "
                     f"{p['score']:>5g} {num(p['expected']) if p['expected'] is not None else '-':>5} "
                     f"{p['k'] or '-':>2} {p['pass1'] or '-':>5} {p['new_rating'] or '-':>5}  {p['category'] or '-'}")
    lines.append("(*: junior. Pass1: a new or partially rated player's Pass-1 P rating; New: Pass 2's, or the K-method's)")
    lines += [f"Note: {n}" for n in e["notes"]]
    groups = r.get("problem_groups") or []
    if groups:
        lines.append(f"Problems ({e['problem_count']}, by kind):")
        for g in groups:
            lines += [f"  {'line ' + str(n) if n else 'file'}: {m}" for n, m in zip(g["lines"], g["examples"])]
    return lines

