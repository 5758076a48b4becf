"""The whole-event subcommand (``event``: a TRF or PGN file, every player rated, or one player's
games; ``--csv``; ``--norms`` with its options): its options, its request, its table."""

from __future__ import annotations

import argparse
from typing import Any

from elo_core import parse
from elo_core.cli.common import Command, num, option_name, read_file
from elo_core.cli.fidelist import load as load_list
from elo_core.cli.norms import EXEMPTION_HELP, HOST_HELP, MIN_GAMES_HELP
from elo_core.errors import EloError
from elo_core.facade import OPS
from elo_core.limits import MAX_EVENT_CHARS, SYSTEMS

COMMANDS = {"event": "event"}
"""Subcommand -> the JSON door's operation (``event_csv`` with ``--csv``)."""
NORM_OPTIONS = ("pairing", "norm_types", "exemption", "host_federation", "min_games")
"""``--norms``'s options (refused without it)."""


def add(command: Command) -> None:
    c = command("event", "rate every player of a tournament file (TRF) or a file of games (PGN)")
    c.add_argument("file", help="the TRF or PGN file ('-' for standard input)")
    c.add_argument("--format", default="auto", help="auto (default), trf or pgn")
    c.add_argument("--system", default="fide", help="the rating system: " + ", ".join(SYSTEMS) + " (default fide); "
                   "another system's own event options are listed below")
    c.add_argument("--kind", help="standard, rapid or blitz (default: from the file's time control)")
    c.add_argument("--rules", help="date of the rules in force (YYYY-MM-DD, default the event's start)")
    c.add_argument("--k", help="K for every rated player (default: the K advisor's)")
    c.add_argument("--k-player", action="append", default=[], metavar="WHO=K",
                   help="K for one player (start rank, FIDE id or name); repeat")
    c.add_argument("--games-played", action="append", default=[], metavar="N or WHO=N",
                   help="rated games before the event: N for every player, WHO=N for one (repeat); FIDE: for the K "
                        "advisor (default: 30 assumed)")
    c.add_argument("--standard", action="append", default=[], metavar="WHO=RATING",
                   help="rapid or blitz: the standard rating of a player unrated in it (B.02 7.2.1); repeat")
    c.add_argument("--player", help="only this player's games, as OPPONENT:SCORE for the rate subcommand")
    c.add_argument("--list", metavar="LIST_FILE", help="FIDE's rating list (zip, TXT or XML as downloaded): K, titles, "
                   "federations, sex and birth years the file lacks, by FIDE ID; ratings that differ are said")
    c.add_argument("--list-month", metavar="YYYY-MM", help="with --list: the list's month, where its file does not say "
                   "it (the combined list does not)")
    c.add_argument("--csv", action="store_true", help="print the players table as CSV")
    c.add_argument("--norms", action="store_true", help="check each player's title norms (B.01; TRF)")
    c.add_argument("--pairing", help="with --norms: swiss (default) or roundrobin")
    c.add_argument("--norm-types", metavar="TYPES", help="with --norms: the norm types to check, e.g. GM,IM (default "
                   "all four; each player is checked for those of them they may still want)")
    c.add_argument("--exemption", help="with --norms: " + EXEMPTION_HELP)
    c.add_argument("--host-federation", help="with --norms: " + HOST_HELP)
    c.add_argument("--min-games", help="with --norms: " + MIN_GAMES_HELP)


def request(ns: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The file's bytes (decoded by the engine: UTF-8, else Latin-1) and the overrides. Another
    system's whole event is its own operation (``uscf_event``); cli/__init__.py adds that system's
    own options (its module's ``event_args``) and words its answer."""
    system = parse.choice(ns.system, "system", SYSTEMS)
    if system != "fide" and f"{system}_event" not in OPS:
        raise EloError("system", f"{system}: whole events are not rated in this version")
    if system != "fide" and ns.csv:
        raise EloError("csv", f"is the FIDE players table; with --system {system} leave it out (--json gives every figure)")
    if ns.list and system != "fide":
        raise EloError("list", f"fills a FIDE event's players; with --system {system} leave it out")
    data = read_file(ns.file, MAX_EVENT_CHARS + 1)
    if ns.list_month and not ns.list:
        raise EloError("list_month", "is the month of the list given with --list: give --list LIST_FILE too")
    if ns.list:
        load_list(ns.list, ns.list_month, field="list")
    every = [n for n in ns.games_played if "=" not in n]
    if len(every) > 1:
        raise EloError("games_played", "is given twice for every player: give N once, or WHO=N for each player")
    args = {"text": data, "format": ns.format, "kind": ns.kind, "rules": ns.rules, "k": ns.k,
            "games_played": every[0] if every else None,
            "games_played_by_player": _pairs([n for n in ns.games_played if "=" in n], "games-played", "N"),
            "k_by_player": _pairs(ns.k_player, "k-player", "K"),
            "standard_by_player": _pairs(ns.standard, "standard", "RATING"), "player": ns.player,
            **_norm_args(ns), **({"fide_list": True} if ns.list else {})}
    return (f"{system}_event" if system != "fide" else "event_csv" if ns.csv else "event"), args


def where(ns: argparse.Namespace, field: str | None) -> str:
    return option_name(field)


def _pairs(items: list[str], field: str, what: str) -> dict[str, str]:
    """``WHO=VALUE`` options as a map (the last ``=`` splits: a name may hold one)."""
    out = {}
    for item in items:
        who, sep, value = item.rpartition("=")
        if not sep:
            raise EloError(field, f"must be WHO={what}, not {item!r}")
        out[who] = value
    return out


def _norm_args(ns: argparse.Namespace) -> dict[str, Any]:
    """The norm options given; refused without ``--norms``, where they would do nothing, and
    ``--norms`` with ``--csv``, whose table has no norms column."""
    chosen = {k: getattr(ns, k) for k in NORM_OPTIONS if getattr(ns, k) is not None}
    if chosen and not ns.norms:
        raise EloError("norms", f"is needed with --{next(iter(chosen)).replace('_', '-')} (a norm option)")
    if ns.norms and ns.csv:
        raise EloError("norms", "is not in the CSV: leave out --csv to see each player's norms")
    return {"norms": ns.norms, **chosen}


def table(op: str, r: Any) -> str:
    """The readable form of an answer of this command."""
    return "\n".join(_lines(r))


def _lines(r: dict[str, Any]) -> list[str]:
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
                         f"{p['games']:>3} {p['score']:>5g} {num(p['expected']):>6} {p['effective_k'] or '-':>3} "
                         f"{num(p['change'], 2, True) if rated else '-':>7} {new:>5} {p['performance'] or '-':>5}")
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
