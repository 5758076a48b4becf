"""The FIDE calculators' subcommands (``rate``, ``single``, ``what-if``, ``need``, ``performance``,
``initial``, ``kfactor``): their options, their requests to the JSON door, their tables."""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

from elo_core.cli.common import GAME_HELP, Command, given, num, option_name, read_json_object, score_text

COMMANDS = {"rate": "rate", "single": "single", "what-if": "what_if", "need": "score_needed",
            "performance": "performance", "initial": "initial", "kfactor": "kfactor", "period": "period"}
"""Subcommand -> the JSON door's operation."""


def _rating_options(c: argparse.ArgumentParser) -> None:
    c.add_argument("--method", default="fide", help="fide (table 8.1.2, default) or logistic")
    c.add_argument("--rules", default=date.today().isoformat(), help="date of the rules in force (YYYY-MM-DD, default today)")
    c.add_argument("--kind", default="standard", help="standard (default), rapid or blitz")
    c.add_argument("--cap-400", action="store_true", help="logistic method: cap differences at 400")


def add(command: Command) -> None:
    c = command("rate", "rating change over a tournament or rating period")
    c.add_argument("--rating", required=True)
    c.add_argument("--k", required=True)
    c.add_argument("--game", action="append", default=[], help=GAME_HELP)
    _rating_options(c)

    c = command("single", "one game from both sides: win, draw, loss")
    for name in ("--rating", "--k", "--opponent", "--opponent-k"):
        c.add_argument(name, required=True)
    _rating_options(c)

    c = command("what-if", "the period's result if the next game is a win, a draw or a loss")
    for name in ("--rating", "--k", "--opponent"):
        c.add_argument(name, required=True)
    c.add_argument("--game", action="append", default=[], help="games already played; " + GAME_HELP)
    _rating_options(c)

    c = command("need", "the score needed in the remaining games to reach a target rating")
    for name in ("--rating", "--k", "--target"):
        c.add_argument(name, required=True)
    c.add_argument("--game", action="append", default=[], help="games already played; " + GAME_HELP)
    c.add_argument("--remaining", action="append", default=[], help="rating of a remaining opponent; repeat")
    _rating_options(c)

    for name, help in (("performance", "FIDE performance rating"), ("initial", "first rating of an unrated player (8.2)")):
        c = command(name, help)
        c.add_argument("--game", action="append", default=[], required=True, help=GAME_HELP)

    c = command("kfactor", "the K-factor that applies, and why")
    c.add_argument("--rating", required=True)
    c.add_argument("--games-played", required=True, help="rated games completed before this period")
    c.add_argument("--birth-year")
    c.add_argument("--reached-2400", action="store_true", help="the published rating has ever reached 2400")
    c.add_argument("--period-games", help="games in this rating period (K x n <= 700)")
    c.add_argument("--date", help="YYYY-MM-DD, default today")
    c.add_argument("--kind", default="standard")

    c = command("period", "the next list: every event of a rating period, as FIDE rates them (docs/cli.md)")
    c.add_argument("file", help="PERIOD.json: rating, k, kind, events ('-' for standard input)")


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    if ns.command == "period":
        return "period", read_json_object(ns.file, "a period (rating, k, kind, events)")
    return COMMANDS[ns.command], given(ns)


def where(ns: argparse.Namespace, field: str | None) -> str:
    """An option's name; for ``period``, the file's own field (``events[2].games[4]``), with the file."""
    if ns.command == "period" and field and field != "file":
        return f"{ns.file}: {field}"
    return option_name(field)


def _rate_lines(r: dict[str, Any]) -> list[str]:
    logistic = r["method"] == "logistic"
    p = 4 if logistic else 2
    lines = [f"Rating {r['rating']}, K {r['k']}" + (f" (effective {r['effective_k']})" if r["effective_k"] != r["k"] else "")
             + f", {'logistic formula' if logistic else 'FIDE table 8.1.2'}, {r['kind']} rules of {r['rules']}",
             f"{'#':>3}  {'Opponent':>8}  {'Score':>5}  {'Expected':>8}  {'Change':>8}  Note"]
    for i, g in enumerate(r["games"], 1):
        lines.append(f"{i:>3}  {g['opponent']:>8}  {score_text(g['score']):>5}  {num(g['expected'], p):>8}  "
                     f"{num(g['change'], p, True):>8}  {g['reason'] or ''}".rstrip())
    lines.append(f"Games counted {r['games_counted']}, score {r['score']:g}, expected {num(r['expected'], p)} "
                 f"({num(r['above_expectation'], p, True)})")
    if logistic:
        lines.append(f"Change {num(r['change'], 4, True)}, new rating {num(r['new_rating'], 4)}")
    else:
        lines.append(f"Change {num(r['change'], 2, True)} -> {r['change_rounded']:+d}, new rating {r['new_rating']}")
    if r.get("floor_note"):
        lines.append(r["floor_note"])
    return lines


def _single_lines(r: dict[str, Any]) -> list[str]:
    lines = [f"{'Player':>8}  {'Rating':>6}  {'K':>3}  {'Expected':>8}  {'Win':>8}  {'Draw':>8}  {'Loss':>8}"]
    for who in ("player", "opponent"):
        s = r[who]
        changes = [s["outcomes"][o] for o in ("win", "draw", "loss")]
        fide = changes[0]["change_rounded"] is not None
        shown = [f"{c['change_rounded']:+d}" if fide else num(c["change"], 4, True) for c in changes]
        lines.append(f"{who:>8}  {s['rating']:>6}  {s['k']:>3}  {num(s['expected'], 2 if fide else 4):>8}  "
                     + "  ".join(f"{x:>8}" for x in shown))
    if not r["rated"]:
        lines.append(r["reason"])
    return lines


def table(op: str, r: Any) -> str:
    """The readable form of an answer of these commands."""
    if op == "rate":
        return "\n".join(_rate_lines(r))
    if op == "single":
        return "\n".join(_single_lines(r))
    if op == "what_if":
        return "\n".join(f"{name:>4}: change {num(x['change'], 2, True)}"
                         + (f" -> {x['change_rounded']:+d}" if x["change_rounded"] is not None else "")
                         + f", new rating {x['new_rating']:g}" for name, x in r.items())
    if op == "score_needed":
        if r["points"] is None:
            return f"{r['target']} cannot be reached in " + ("this game" if r["of"] == 1 else f"these {r['of']} games")
        return (f"{r['target']}: already reached" if r["already"] else
                f"{r['target']}: {r['points']:g} of {r['of']} points needed, new rating {r['result']['new_rating']:g}")
    if op == "performance":
        return (f"Performance {r['performance']} = Ra {r['average_opponent']} + dp {r['dp']:+d} "
                f"(score {r['score']:g}/{r['games']}, p = {r['fraction']:.2f})")
    if op == "initial":
        head = (f"First rating {r['initial_rating']}" if r["initial_rating"] is not None else "No first rating")
        lines = [head + f" ({'published' if r['published'] else 'not published'}): Ra {r['average_opponent']:.2f} "
                 f"+ dp {r['dp']:+d}, p = {r['fraction']:.2f}"]
        lines += [f"  [{'x' if c['met'] else ' '}] {c['explanation']}" for c in r["conditions"]]
        return "\n".join(lines)
    if op == "period":
        return "\n".join(_period_lines(r))
    return f"K = {r['k']} ({r['rule']}): {r['reason']}"  # kfactor


def _period_lines(r: dict[str, Any]) -> list[str]:
    month = f" of {r['list_month']}" if r["list_month"] else ""
    lines = []
    for one in (r, *r["other_lists"]):
        lines.append(f"{one['kind'].capitalize()} list{month}: rating {one['rating']}, K {one['k']}"
                     + (f" (from {one['base_k']})" if one["k"] != one["base_k"] else "") + f", {one['n']} games")
        lines.append(f"  {'Event':<24} {'Start':<10} {'Ro':>4} {'Rc':>4} {'W':>4} {'N':>3} {'chg':>6} {'K':>3} {'K*chg':>7}")
        for e in one["events"]:
            lines.append(f"  {(e['name'] or '-')[:24]:<24} {e['start']:<10} {e['ro']:>4} {e['rc'] or '-':>4} {e['w']:>4g} "
                         f"{e['n']:>3} {num(e['chg'], 2, True):>6} {e['k']:>3} {num(e['k_chg'], 2, True):>7}")
            lines += [f"    {note}" for note in e["notes"]]
        lines.append(f"  Change {num(one['change'], 2, True)} -> {one['change_rounded']:+d}, new rating {one['new_rating']}")
        lines += [f"  {note}" for note in one["notes"]]
        if one["score_needed"]:
            s = one["score_needed"]
            lines.append(f"  Target {s['target']}: " + (s["note"] or f"{s['points']:g} of {s['of']} points needed"))
    return lines + [str(note) for note in r["period_notes"]]
