"""The command line: ``python -m elo_core SUBCOMMAND``, for arbiters' scripts and our own checks.

Each subcommand prints a readable table, or with ``--json`` one JSON object
(the same one the page gets through :mod:`elo_core.facade`). Bad input exits
with status 2 and the message on stderr. Output to a pipe closed early
(``| head -1``) ends quietly, with status 141 as a Unix tool ended by SIGPIPE.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from datetime import date
from typing import Any

from . import __version__, cli_more
from .facade import call
from .inputs import MAX_EVENT_CHARS, EloError

SIGPIPE_STATUS = 128 + 13
"""The status a shell shows for a program ended by SIGPIPE, as ``head`` ends ``cat``."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m elo_core", description=__doc__.split("\n")[0])
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help, description=help)
        c.add_argument("--json", action="store_true", help="print one JSON object")
        return c

    def rating_options(c: argparse.ArgumentParser) -> None:
        c.add_argument("--method", default="fide", help="fide (table 8.1.2, default) or logistic")
        c.add_argument("--rules", default=date.today().isoformat(), help="date of the rules in force (YYYY-MM-DD, default today)")
        c.add_argument("--kind", default="standard", help="standard (default), rapid or blitz")
        c.add_argument("--cap-400", action="store_true", help="logistic method: cap differences at 400")

    game_help = "a game as OPPONENT:SCORE, score 1, 0.5 (or 1/2, =) or 0; repeat for each game; opponent 0 = unrated"
    c = command("rate", "rating change over a tournament or rating period")
    c.add_argument("--rating", required=True)
    c.add_argument("--k", required=True)
    c.add_argument("--game", action="append", default=[], help=game_help)
    rating_options(c)

    c = command("single", "one game from both sides: win, draw, loss")
    for name in ("--rating", "--k", "--opponent", "--opponent-k"):
        c.add_argument(name, required=True)
    rating_options(c)

    c = command("what-if", "the period's result if the next game is a win, a draw or a loss")
    for name in ("--rating", "--k", "--opponent"):
        c.add_argument(name, required=True)
    c.add_argument("--game", action="append", default=[], help="games already played; " + game_help)
    rating_options(c)

    c = command("need", "the score needed in the remaining games to reach a target rating")
    for name in ("--rating", "--k", "--target"):
        c.add_argument(name, required=True)
    c.add_argument("--game", action="append", default=[], help="games already played; " + game_help)
    c.add_argument("--remaining", action="append", default=[], help="rating of a remaining opponent; repeat")
    rating_options(c)

    for name, help in (("performance", "FIDE performance rating"), ("initial", "first rating of an unrated player (8.2)")):
        c = command(name, help)
        c.add_argument("--game", action="append", default=[], required=True, help=game_help)

    c = command("kfactor", "the K-factor that applies, and why")
    c.add_argument("--rating", required=True)
    c.add_argument("--games-played", required=True, help="rated games completed before this period")
    c.add_argument("--birth-year")
    c.add_argument("--reached-2400", action="store_true", help="the published rating has ever reached 2400")
    c.add_argument("--period-games", help="games in this rating period (K x n <= 700)")
    c.add_argument("--date", help="YYYY-MM-DD, default today")
    c.add_argument("--kind", default="standard")

    c = command("event", "rate every player of a tournament file (TRF) or a file of games (PGN)")
    c.add_argument("file", help="the TRF or PGN file ('-' for standard input)")
    c.add_argument("--format", default="auto", help="auto (default), trf or pgn")
    c.add_argument("--kind", help="standard, rapid or blitz (default: from the file's time control)")
    c.add_argument("--rules", help="date of the rules in force (YYYY-MM-DD, default the event's start)")
    c.add_argument("--k", help="K for every rated player (default: the K advisor's)")
    c.add_argument("--k-player", action="append", default=[], metavar="WHO=K",
                   help="K for one player (start rank, FIDE id or name); repeat")
    c.add_argument("--games-played", help="rated games before the event, for the K advisor (default: 30 assumed)")
    c.add_argument("--standard", action="append", default=[], metavar="WHO=RATING",
                   help="rapid or blitz: the standard rating of a player unrated in it (B.02 7.2.1); repeat")
    c.add_argument("--player", help="only this player's games, as OPPONENT:SCORE for the rate subcommand")
    c.add_argument("--csv", action="store_true", help="print the players table as CSV")
    c.add_argument("--norms", action="store_true", help="check each player's title norms (B.01; TRF)")
    cli_more.add_event_norm_options(c)
    cli_more.add_commands(command)
    return p


def _read(name: str, limit: int) -> bytes:
    """At most ``limit`` bytes of the file (``-``: standard input)."""
    try:
        if name == "-":
            return sys.stdin.buffer.read(limit)
        with open(name, "rb") as f:
            return f.read(limit)
    except OSError as e:
        raise EloError("file", f"cannot read {name}: {e.strerror or e}") from None


def _event_request(ns: argparse.Namespace) -> tuple[str, dict]:
    """The file's bytes (decoded by the engine: UTF-8, else Latin-1) and the overrides."""
    data = _read(ns.file, MAX_EVENT_CHARS + 1)
    args = {"text": data, "format": ns.format, "kind": ns.kind, "rules": ns.rules, "k": ns.k,
            "games_played": ns.games_played, "k_by_player": _pairs(ns.k_player, "k-player", "K"),
            "standard_by_player": _pairs(ns.standard, "standard", "RATING"), "player": ns.player,
            **cli_more.event_norm_args(ns)}
    return ("event_csv" if ns.csv else "event"), args


def _pairs(items: list[str], field: str, what: str) -> dict[str, str]:
    """``WHO=VALUE`` options as a map (the last ``=`` splits: a name may hold one)."""
    out = {}
    for item in items:
        who, sep, value = item.rpartition("=")
        if not sep:
            raise EloError(field, f"must be WHO={what}, not {item!r}")
        out[who] = value
    return out


_OPTION_OF = {"games": "--game", "text": "FILE", "file": "FILE", "k_by_player": "--k-player", "standard_by_player": "--standard"}


def option_name(field: str | None) -> str:
    """The command line's name for a field elo_core names (``games[2].score`` is ``--game #3``).

    >>> option_name("opponent_k"), option_name("games[2].score"), option_name("remaining[0]")
    ('--opponent-k', '--game #3 (score)', '--remaining #1')
    """
    if not field:
        return ""
    head, _, rest = field.partition("[")
    name = _OPTION_OF.get(head, "--" + head.replace("_", "-"))
    if not rest:
        return name
    index, _, part = rest.partition("]")
    if not index.isdigit():
        return f"{name} {index!r}"
    part = part.lstrip(".")
    return f"{name} #{int(index) + 1}" + (f" ({part})" if part else "")


def _request(ns: argparse.Namespace) -> tuple[str, dict]:
    """The facade operation and arguments for a parsed command line."""
    if ns.command == "event":
        return _event_request(ns)
    if ns.command in cli_more.COMMANDS:
        return cli_more.request(ns, _read)
    a = {k: v for k, v in vars(ns).items() if k not in ("command", "json") and v is not None}
    if "game" in a:
        a["games"] = a.pop("game")
    op = {"what-if": "what_if", "need": "score_needed", "performance": "performance",
          "initial": "initial", "kfactor": "kfactor", "rate": "rate", "single": "single"}[ns.command]
    return op, a


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader is gone (| head): nothing more can be said, and the interpreter's last flush
        # at exit must not say it either, so standard output goes to /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return SIGPIPE_STATUS


def _main(argv: Sequence[str] | None) -> int:
    ns = _parser().parse_args(argv)
    try:
        op, args = _request(ns)
        result = call(op, args)
    except EloError as e:
        for err in getattr(e, "errors", [e]):
            where = option_name(err.field)
            if ns.command == "norm" and err.field and err.field.split("[")[0] not in (*cli_more.NORM_OPTIONS, "file"):
                where = f"{ns.file}: {err.field}"  # a field of the case file, not an option
            print(f"error: {where}: {err.message}" if where else f"error: {err.message}", file=sys.stderr)
        return 2
    if op == "event_csv":
        sys.stdout.write(result["csv"])
    else:
        print(json.dumps(result, indent=1) if ns.json else _table(op, result))
    sys.stdout.flush()  # here, where a closed pipe is caught, not at exit
    return 0


def _num(x: Any, places: int = 2, sign: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.{places}f}" if sign else f"{x:.{places}f}"


def _score(s: float) -> str:
    return {1.0: "1", 0.5: "½", 0.0: "0"}[s]


def _rate_lines(r: dict) -> list[str]:
    logistic = r["method"] == "logistic"
    p = 4 if logistic else 2
    lines = [f"Rating {r['rating']}, K {r['k']}" + (f" (effective {r['effective_k']})" if r["effective_k"] != r["k"] else "")
             + f", {'logistic formula' if logistic else 'FIDE table 8.1.2'}, {r['kind']} rules of {r['rules']}",
             f"{'#':>3}  {'Opponent':>8}  {'Score':>5}  {'Expected':>8}  {'Change':>8}  Note"]
    for i, g in enumerate(r["games"], 1):
        lines.append(f"{i:>3}  {g['opponent']:>8}  {_score(g['score']):>5}  {_num(g['expected'], p):>8}  "
                     f"{_num(g['change'], p, True):>8}  {g['reason'] or ''}".rstrip())
    lines.append(f"Games counted {r['games_counted']}, score {r['score']:g}, expected {_num(r['expected'], p)} "
                 f"({_num(r['above_expectation'], p, True)})")
    if logistic:
        lines.append(f"Change {_num(r['change'], 4, True)}, new rating {_num(r['new_rating'], 4)}")
    else:
        lines.append(f"Change {_num(r['change'], 2, True)} -> {r['change_rounded']:+d}, new rating {r['new_rating']}")
    if r.get("floor_note"):
        lines.append(r["floor_note"])
    return lines


def _table(op: str, r: Any) -> str:
    more = cli_more.table(op, r)
    if more is not None:
        return more
    if op == "rate":
        return "\n".join(_rate_lines(r))
    if op == "single":
        lines = [f"{'Player':>8}  {'Rating':>6}  {'K':>3}  {'Expected':>8}  {'Win':>8}  {'Draw':>8}  {'Loss':>8}"]
        for who in ("player", "opponent"):
            s = r[who]
            changes = [s["outcomes"][o] for o in ("win", "draw", "loss")]
            fide = changes[0]["change_rounded"] is not None
            shown = [f"{c['change_rounded']:+d}" if fide else _num(c["change"], 4, True) for c in changes]
            lines.append(f"{who:>8}  {s['rating']:>6}  {s['k']:>3}  {_num(s['expected'], 2 if fide else 4):>8}  "
                         + "  ".join(f"{x:>8}" for x in shown))
        if not r["rated"]:
            lines.append(r["reason"])
        return "\n".join(lines)
    if op == "what_if":
        return "\n".join(f"{name:>4}: change {_num(x['change'], 2, True)}"
                         + (f" -> {x['change_rounded']:+d}" if x["change_rounded"] is not None else "")
                         + f", new rating {x['new_rating']:g}" for name, x in r.items())
    if op == "score_needed":
        if r["points"] is None:
            return f"{r['target']} cannot be reached in these {r['of']} games"
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
    if op == "kfactor":
        return f"K = {r['k']} ({r['rule']}): {r['reason']}"
    if op == "event":
        return "\n".join(_event_lines(r))
    return json.dumps(r)


def _event_lines(r: dict) -> list[str]:
    e = r["event"]
    when = e["start"] or "no date" if e["start"] == e["end"] or not e["end"] else f"{e['start']} to {e['end']}"
    lines = [f"{e['name'] or '(no name)'} ({e['format'].upper()}, {when}): {e['players']} players, {e['games']} games, "
             f"{e['rated_games']} rated", f"{e['kind']} ({e['kind_note']}), rules of {e['rules']} ({e['rules_note']})"]
    lines += [f"Assumed: {a}" for a in e["assumptions"]]
    if "season" in r:
        s = r["season"]
        lines += [f"{s['player']}: rating {s['rating']}, K {s['k']}, first game {s['date']}",
                  "  " + " ".join(f"--game {g['opponent']}:{g['score']:g}" for g in s["games"])]
        lines += [f"  not counted: round {g['round']} {g['opponent'] or ''} {g['note']}" for g in s["not_counted"]]
    else:
        lines.append(f"{'Rk':>4} {'No':>4}  {'Name':<28} {'Rtg':>4} {'Gms':>3} {'Score':>5} {'Exp':>6} {'K':>3} "
                     f"{'Change':>7} {'New':>5} {'Perf':>5}")
        for p in r["players"]:
            rated = p["new_rating"] is not None
            new = p["new_rating"] if rated else (f"({p['initial_rating']})" if p["initial_rating"] else "-")
            lines.append(f"{p['rank'] or '':>4} {p['start_rank'] or '':>4}  {p['name'][:28]:<28} {p['rating'] or '-':>4} "
                         f"{p['games']:>3} {p['score']:>5g} {_num(p['expected']):>6} {p['effective_k'] or '-':>3} "
                         f"{_num(p['change'], 2, True) if rated else '-':>7} {new:>5} {p['performance'] or '-':>5}")
        if "norm_options" in r:
            lines.append(f"Title norms ({', '.join(r['norm_options']['norm_types'])}): {r['norm_options']['text']}")
        lines += [f"  norm, {p['name'][:28]}: {p['norm']['text']}" for p in r["players"] if p.get("norm")]
        if any(p["initial_rating"] for p in r["players"]):
            lines.append("(N): first rating of an unrated player (8.2), published or not: see --json")
    groups = r.get("problem_groups") or []
    if groups:
        lines.append(f"Problems ({e.get('problem_count', len(r['problems']))}, by kind):")
        for g in groups:
            at = ", ".join(str(n) if n else "file" for n in g["lines"]) + (", ..." if g["count"] > len(g["lines"]) else "")
            lines.append(f"  {g['count']} x {g['message']} (lines {at})")
            lines += [f"    {'line ' + str(n) if n else 'file'}: {m}" for n, m in zip(g["lines"], g["examples"])]
    return lines
