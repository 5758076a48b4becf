"""From a tournament file to a title-norm case: one player's rounds, with each opponent's rating,
title and federation from the TRF player lines (001).

Result codes (TRF16): ``1 = 0`` played; ``+ -`` forfeits; ``U`` a pairing-allocated bye; ``H F Z``
and blank other byes (``absent`` here: 1.4.1c credits only a forfeit win or a pairing-allocated
bye); ``W D L`` (played but not rated; TRF-2026: "lasted less than one move") are not games for a
norm, and not forfeits either, so ``absent`` too.
"""

from __future__ import annotations

from typing import Any

from elo_core.errors import EloError
from elo_core.events.model import Entry, Event, EventPlayer
from elo_core.norms.case import MAX_ROUNDS, Case, parse_case
from elo_core.norms.rules import TITLES, Pairing

_BYE_STATUS = {"U": "bye", "H": "absent", "F": "absent", "Z": "absent", "": "absent"}
_PLAYED = ("1", "=", "0")


def case_from_event(event: Event, start_rank: int | str, norm: str | None = None, *, pairing: Pairing = "swiss",
                    exemption: str | None = None, host_federation: str | None = None, min_games: int = 9,
                    rounds: int | None = None) -> Case:
    """The case of the player with this starting rank (TRF columns 5-8), for ``norm`` (None: any).

    ``rounds`` defaults to the last round in the file; neither TRF nor :class:`Event` says whether
    the pairings were predetermined, so ``pairing`` is the caller's.
    """
    players = {p.key: p for p in event.players}
    me = players.get(str(start_rank).strip())
    if me is None:
        raise EloError("player", f"no player with starting rank {str(start_rank)[:12]!r} in the file")
    if not me.federation:
        who = me.name if me.key == me.name else f"{me.key} {me.name}"  # a PGN's player is keyed by name
        where = "001 columns 54-56" if event.format == "trf" else "a PGN has no federation tag: use a TRF"
        raise EloError("player", f"{who}: no federation in the file ({where}), which a norm's federation rules need")
    last = rounds or last_round(event)
    if last > MAX_ROUNDS:
        raise EloError("text", f"the file has {last} rounds; a norm is checked in an event of at most {MAX_ROUNDS}")
    games = [_game(e, players) for e in me.entries if e.round]
    return parse_case({
        "norm": norm, "applicant": {"federation": me.federation or None, "title": _title(me), "rating": me.rating},
        "event": {"rounds": last, "pairing": pairing, "exemption": exemption, "host_federation": host_federation,
                  "min_games": min_games},
        "games": [g for g in games if g["round"] <= last],
    })


def last_round(event: Event) -> int:
    """The last round any player of the file has an entry for."""
    return max((e.round or 0 for p in event.players for e in p.entries), default=0)


def _game(e: Entry, players: dict[str, EventPlayer]) -> dict[str, Any]:
    opp = players.get(e.opponent) if e.opponent else None
    code = e.code
    if opp is None:
        status = "forfeit" if code in ("+", "-") else _BYE_STATUS.get(code, "absent")
        return {"round": e.round, "status": status, "rating": 0, "score": e.points or 0}
    status = "played" if code in _PLAYED else "forfeit" if code in ("+", "-") else "absent"
    return {"round": e.round, "rating": opp.rating, "title": _title(opp), "federation": opp.federation or None,
            "score": e.points or 0, "status": status,
            "zero_vs_rated": not opp.rating and _zero_vs_rated(opp, players)}


def _title(p: EventPlayer) -> str:
    return p.title if p.title in TITLES else ""


def _zero_vs_rated(p: EventPlayer, players: dict[str, EventPlayer]) -> bool:
    """1.4.2b: an unrated player who scored nothing in games played against rated opponents."""
    rated = [e for e in p.entries if e.code in _PLAYED and e.opponent and players[e.opponent].rating]
    return bool(rated) and all(e.points == 0 for e in rated)
