"""The DWZ subcommand (``dwz``: one player's evaluation under the Deutscher Schachbund's rulebook of
the event's end date) and DWZ's options of ``event FILE --system dwz``: their requests to the JSON
door, their tables (with the notes that say which choices were made where the rulebook is silent)."""

from __future__ import annotations

import argparse
from typing import Any

from elo_core.cli.common import GAME_HELP, Command, event_option_name, num, score_text
from elo_core.errors import EloError

COMMANDS = {"dwz": "dwz"}
"""Subcommand -> the JSON door's operation (``dwz_event``: ``event FILE --system dwz``)."""
RULEBOOK_HELP = "auto (default: by the end date; classic before 2026-06-08, 2026 from then), classic or 2026"


def add(command: Command) -> None:
    c = command("dwz", "DWZ (Deutscher Schachbund): one player's new DWZ, or first DWZ, after an event")
    c.add_argument("--rating", help="the DWZ before the event (leave out for an unrated player: a first DWZ)")
    c.add_argument("--index", help="the DWZ's index, the number after the dash (1654-23: 23); needed with --rating")
    c.add_argument("--birth-year", help="decides the age group (default: over 25)")
    c.add_argument("--game", action="append", default=[], help=GAME_HELP + "; an unrated player's stored "
                   "Restpartien are games too")
    c.add_argument("--end", help="the event's last day, YYYY-MM-DD (default today): it chooses the rulebook")
    c.add_argument("--rulebook", help=RULEBOOK_HELP)


def add_event_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--dwz-index", action="append", default=[], metavar="N or WHO=N",
                       help="the DWZ index: N for every rated player, WHO=N for one (repeat); default: more than 10, "
                            "said in the assumptions")
    group.add_argument("--ratings-as-dwz", action="store_true",
                       help="take the file's ratings as DWZ where no national record (TRF-2026 GER) gives one")
    group.add_argument("--dwz-rulebook", help=RULEBOOK_HELP)


def event_args(ns: argparse.Namespace) -> dict[str, Any]:
    every = [n for n in ns.dwz_index if "=" not in n]
    if len(every) > 1:
        raise EloError("dwz_index", "is given twice for every player: give N once, or WHO=N for each player")
    by_player = {}
    for item in (n for n in ns.dwz_index if "=" in n):
        who, _, value = item.rpartition("=")
        by_player[who] = value
    return {"index": every[0] if every else None, "index_by_player": by_player,
            "ratings_as_dwz": ns.ratings_as_dwz, "rulebook": ns.dwz_rulebook}


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    return "dwz", {"rating": ns.rating, "index": ns.index, "birth_year": ns.birth_year, "games": ns.game,
                   "end": ns.end, "rulebook": ns.rulebook}


_EVENT_FIELDS = {"index": "--dwz-index", "index_by_player": "--dwz-index", "dwz_index": "--dwz-index", "rulebook": "--dwz-rulebook",
                 "ratings_as_dwz": "--ratings-as-dwz", "rules": "--rules"}


def where(ns: argparse.Namespace, field: str | None) -> str:
    return event_option_name(ns, field, _EVENT_FIELDS)


def table(op: str, r: Any) -> str:
    return "\n".join(_event_lines(r) if op == "dwz_event" else _lines(r))


def _lines(r: dict[str, Any]) -> list[str]:
    age = f"age {r['age']}" if r["age"] is not None else "age unknown"
    who = f"DWZ {r['rating']}-{r['index']}, {age} ({r['age_group']})" if r["rating"] else "Unrated (a first DWZ is sought)"
    lines = [f"{who}; {r['rulebook_name']}", f"Rulebook {r['rulebook']}: {r['rulebook_note']}",
             f"{'#':>3}  {'Opponent':>8}  {'Score':>5}  {'D':>7}  {'P(D)':>5}  Note"]
    for i, g in enumerate(r["games"], 1):
        lines.append(f"{i:>3}  {g['opponent'] or '-':>8}  {score_text(g['score']):>5}  "
                     f"{num(g['difference'], 0) if g['difference'] is not None else '-':>7}  "
                     f"{num(g['expected'], 3) if g['expected'] is not None else '-':>5}  {g['reason'] or ''}".rstrip())
    lines.append(f"Games counted {r['n']}, score {r['score']:g}, expected (We) "
                 + (num(r["expected"], 3) if r["expected"] is not None else "-"))
    c = r["coefficient"]
    if c and r["e"] is not None:
        lines.append(f"E = {c['value']}: E0 = (R0/1000)^4 + J {c['j']} = {c['e0']:.3f}; fB {c['fb']:g}"
                     f"{'' if c['fb_applies'] else ' (not applied)'}; SBr {c['sbr']:.3f}"
                     f"{'' if c['sbr_applies'] else ' (not applied)'}; E0 x fB + SBr = {c['unrounded']:.3f} -> "
                     f"{c['rounded']}" + (f"; {c['limit']}" if c["limit"] else f" (within {c['low']} to {c['high']})"))
    elif c:
        lines.append(f"K = {c['value']:g}: K0 {c['k0']} ({c['group']}, index column {c['index_column']}) x b {c['b']:.4f}"
                     f" + a {c['a']:.3f}{' (' + c['a_rule'] + ')' if c['a_rule'] else ''} = {c['unrounded']:.3f} -> "
                     f"{c['rounded']:g}" + (f", capped at {c['k_max']}" if c["capped"] else ""))
    if r["formula"]:
        lines.append(r["formula"] + f" (index {r['new_index']})")
    elif r["rating"]:
        lines.append(f"DWZ stays {r['rating']}-{r['index']}")
    lines += _first_lines(r["first"])
    if r["performance"]:
        lines.append(f"Performance (Rh) {r['performance']['value']}")
    return lines + [f"Note: {n}" for n in r["notes"]]


def _first_lines(f: dict[str, Any] | None) -> list[str]:
    if not f:
        return []
    if f["stage"] is None:
        kept = ", ".join(f"{o:g}:{s:g}" for o, s in f["restpartien"])
        return [f"No first DWZ: {f['reason']}", f"Restpartien kept for 2 years: {kept or 'none'}"]
    steps = " -> ".join(f"{s:g}" for s in f["steps"])
    draw = f"; with a fictitious draw against {f['fictitious_draw']:g}" if f["fictitious_draw"] is not None else ""
    return [f"First DWZ (stage {f['stage']}): {f['games']} games, score {f['score']:g}, average opponent "
            f"{f['average_opponent']:.1f}{draw}",
            f"Iteration: {steps} ({_count(f['iterations'], 'step')}{', ended in a swing' if f['swing'] else ''}); "
            f"{f['rule']} -> {f['new_rating']} (index 1)"]


def _event_lines(r: dict[str, Any]) -> list[str]:
    e = r["event"]
    when = e["start"] or "no date" if e["start"] == e["end"] or not e["end"] else f"{e['start']} to {e['end']}"
    lines = [f"{e['name'] or '(no name)'} ({e['format'].upper()}, {when}): {e['players']} players, {e['games']} games, "
             f"{e['rated_games']} evaluated",
             f"{e['rulebook_name']}; {e['rulebook_note']}", f"DWZ from {e['rating_source']}"]
    lines += [f"Assumed: {a}" for a in e["assumptions"]]
    lines.append(f"{'No':>4}  {'Name':<26} {'DWZ':>5} {'Idx':>4} {'Gms':>3} {'Score':>5} {'We':>6} {'E/K':>5} "
                 f"{'New':>5} {'Perf':>5}  Status")
    for p in r["players"]:
        coefficient = p["e"] if p["e"] is not None else p["k"]
        status = {"rated": "", "no games": "no game counts", "first": f"first DWZ, stage {p['stage']}",
                  "unrated": f"stays unrated ({p['restpartien']} Restpartien)"}[p["status"]]
        status += ", Ausnahmespieler" if p["exceptional"] else ""
        index = ">10" if (p["index_source"] or "").startswith("assumed") else p["index"] or "-"
        lines.append(f"{p['start_rank'] or p['key']:>4}  {p['name'][:26]:<26} {p['rating'] or '-':>5} {index:>4} "
                     f"{p['games']:>3} {p['score']:>5g} {num(p['expected'], 3) if p['expected'] is not None else '-':>6} "
                     f"{coefficient if coefficient is not None else '-':>5} {p['new_rating'] or '-':>5} "
                     f"{p['performance'] or '-':>5}  {status}".rstrip())
    it = e["iteration"]
    if it["players"]:
        lines.append(f"Iteration of {_count(len(it['players']), 'new player')}: {_count(it['iterations'], 'step')}"
                     + (", ended in a swing" if it["swing"] else "") + ("" if it["settled"] else ", not settled")
                     + (f"; run again for the Ausnahmespieler {', '.join(it['rerun_for'])}" if it["rerun_for"] else ""))
    lines += [f"Note: {n}" for n in e["notes"]]
    groups = r.get("problem_groups") or []
    if groups:
        lines.append(f"Problems ({e['problem_count']}, by kind):")
        for g in groups:
            lines += [f"  {'line ' + str(n) if n else 'file'}: {m}" for n, m in zip(g["lines"], g["examples"])]
    return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"
