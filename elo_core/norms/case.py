"""A title-norm case as the CLI reads it from JSON, checked field by field into frozen values.

A case is::

    {"norm": "GM" | "IM" | "WGM" | "WIM",
     "applicant": {"federation": "GER", "title": "IM", "rating": 2480},
     "event": {"rounds": 9, "pairing": "swiss" | "roundrobin" | "doubleroundrobin",
               "exemption": null | "1.4.3a" | "1.4.3b" | "1.4.3c" | "1.4.3d",
               "host_federation": "GER", "min_games": 9},
     "games": [{"round": 1, "rating": 2510, "title": "GM", "federation": "FRA", "score": 0.5,
                "status": "played" | "forfeit" | "bye" | "absent", "zero_vs_rated": false}]}

``status``: ``forfeit`` is a game not played over the board (its score 1 a forfeit win, 0 a
loss); ``bye`` a pairing-allocated bye; ``absent`` any other round without a game (a requested
bye, a zero-point bye, not paired). Rounds not listed are absent. ``rating`` 0 is unrated.
``zero_vs_rated``: an unrated opponent who scored nothing against rated opponents (1.4.2b
leaves such games out in round-robins). Every problem raises :class:`EloError` naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from elo_core import errors, parse
from elo_core.errors import EloError
from elo_core.norms.rules import (
    ALLOWED_MIN_GAMES,
    EXEMPTION_HOST_ONLY,
    EXEMPTIONS,
    MIN_GAMES,
    NO_FEDERATION,
    NORM_TYPES,
    PAIRINGS,
    STATUSES,
    TITLES,
    Exemption,
    NormType,
    Pairing,
    Status,
    Title,
)

MAX_ROUNDS = 99
HOST_NEEDED = "the federation that registered the event, whose players alone it exempts"
_CODE = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class Applicant:
    federation: str
    title: Title = ""
    rating: int = 0


@dataclass(frozen=True)
class EventInfo:
    rounds: int
    pairing: Pairing = "swiss"
    exemption: Exemption | None = None
    host_federation: str = ""
    min_games: int = MIN_GAMES


@dataclass(frozen=True)
class Game:
    round: int
    rating: int
    """0: unrated."""
    title: Title = ""
    federation: str = ""
    """A FIDE code; ``FID`` (no federation) or ``""`` (not known) count for no federation."""
    score: float = 0.0
    status: Status = "played"
    zero_vs_rated: bool = False


@dataclass(frozen=True)
class Case:
    norm: NormType | None
    applicant: Applicant
    event: EventInfo
    games: tuple[Game, ...]


_FIELDS = {
    "case": ("norm", "applicant", "event", "games"),
    "applicant": ("federation", "title", "rating"),
    "event": ("rounds", "pairing", "exemption", "host_federation", "min_games"),
    "game": ("round", "rating", "title", "federation", "score", "status", "zero_vs_rated"),
}


def parse_case(data: Any) -> Case:
    """A :class:`Case` from a mapping (as read from JSON), or the case itself if already one.

    >>> c = parse_case({"norm": "im", "applicant": {"federation": "ger"}, "event": {"rounds": 9},
    ...                 "games": [{"round": 1, "rating": 2400, "title": "GM", "federation": "FRA", "score": "1/2"}]})
    >>> c.norm, c.applicant.federation, c.games[0].score, c.event.pairing
    ('IM', 'GER', 0.5, 'swiss')
    >>> parse_case({"norm": "XM", "applicant": {}, "event": {}, "games": []})
    Traceback (most recent call last):
    ...
    elo_core.errors.EloError: norm: must be one of gm, im, wgm, wim, not 'XM'
    """
    if isinstance(data, Case):
        return data
    d = _mapping(data, "case", "case")
    norm_value = d.get("norm")
    norm = None if norm_value in (None, "") else cast(NormType, parse.choice(
        norm_value, "norm", [n.lower() for n in NORM_TYPES]).upper())
    applicant = _applicant(d.get("applicant"))
    event = _event(d.get("event"))
    return Case(norm, applicant, event, _games(d.get("games"), event.rounds))


def _mapping(value: Any, field: str, kind: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EloError(field, "is required" if value is None else "must be an object")
    for key in value:
        if key not in _FIELDS[kind]:
            raise EloError(f"{field}.{key}" if field != "case" else str(key),
                           f"is not a field of {'a ' + kind if kind != 'case' else 'a case'} "
                           f"(expected {', '.join(_FIELDS[kind])})")
    return value


def _applicant(value: Any) -> Applicant:
    d = _mapping(value, "applicant", "applicant")
    return Applicant(federation(d.get("federation"), "applicant.federation"),
                     title(d.get("title"), "applicant.title"),
                     parse.rating(d.get("rating", 0), "applicant.rating", unrated_ok=True))


def _event(value: Any) -> EventInfo:
    d = _mapping(value, "event", "event")
    rounds = parse.whole(d.get("rounds"), "event.rounds", 1, MAX_ROUNDS)
    pairing = cast(Pairing, parse.choice(d.get("pairing") or "swiss", "event.pairing", PAIRINGS))
    ex = exemption(d.get("exemption"), "event.exemption")
    host = host_federation(d.get("host_federation"), "event.host_federation", ex)
    return EventInfo(rounds, pairing, ex, host, min_games(d.get("min_games"), "event.min_games"))


# The event-level inputs, parsed alike from a case file and from the event and norm operations.

def exemption(value: Any, field: str) -> Exemption | None:
    """An exemption of 1.4.3 (``1.4.3a`` to ``1.4.3d``), or None (also ``none``)."""
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
        return None
    if isinstance(value, str) and value.strip().lower() in EXEMPTIONS:
        return cast(Exemption, value.strip().lower())
    raise EloError(field, f"must be none or one of {', '.join(EXEMPTIONS)}, not {errors.show(value)}")


def host_federation(value: Any, field: str, exemption: str | None) -> str:
    """The host federation (three letters); required with 1.4.3b, which exempts its players only
    (applied to every player, it would give norms to the players 1.4.3b leaves out)."""
    code = "" if value is None or (isinstance(value, str) and not value.strip()) else federation(value, field)
    if not code and exemption in EXEMPTION_HOST_ONLY:
        raise EloError(field, f"is required with {exemption}: {HOST_NEEDED}")
    return code


def min_games(value: Any, field: str) -> int:
    """The least games for a norm: 9, or 8 and 7 where 1.4.1b allows them."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return MIN_GAMES
    low, high = ALLOWED_MIN_GAMES[0], ALLOWED_MIN_GAMES[-1]
    return parse.whole(value, field, low, high, f"must be {low}, 8 or {high} (7 and 8 only where 1.4.1b allows them)")


def _games(value: Any, rounds: int) -> tuple[Game, ...]:
    if value is None:
        raise EloError("games", "is required: a list of the applicant's rounds")
    if not isinstance(value, (list, tuple)):
        raise EloError("games", "must be a list of rounds")
    if len(value) > rounds:
        raise EloError("games", f"has {len(value)} rounds but the event has {rounds}")
    out: list[Game] = []
    seen: dict[int, int] = {}
    for i, item in enumerate(value):
        g = _game(item, f"games[{i}]", rounds)
        if g.round in seen:
            raise EloError(f"games[{i}].round", f"round {g.round} is given twice (also games[{seen[g.round]}])")
        seen[g.round] = i
        out.append(g)
    return tuple(sorted(out, key=lambda g: g.round))


def _game(value: Any, field: str, rounds: int) -> Game:
    d = _mapping(value, field, "game")
    rnd = parse.whole(d.get("round"), f"{field}.round", 1, rounds, f"must be a round of the event, 1 to {rounds}")
    status = cast(Status, parse.choice(d.get("status") or "played", f"{field}.status", STATUSES))
    with_opponent = status in ("played", "forfeit")
    if with_opponent or d.get("rating") is not None:
        rating = parse.rating(d.get("rating"), f"{field}.rating", unrated_ok=True)
    else:
        rating = 0
    default_score = {"played": None, "forfeit": None, "bye": 1.0, "absent": 0.0}[status]
    raw = d.get("score", default_score)
    sc = parse.score(raw, f"{field}.score")
    if status == "forfeit" and sc == 0.5:
        raise EloError(f"{field}.score", "a forfeit is won (1) or lost (0), not drawn")
    flag = d.get("zero_vs_rated", False)
    if not isinstance(flag, bool):
        raise EloError(f"{field}.zero_vs_rated", "must be true or false")
    return Game(rnd, rating, title(d.get("title"), f"{field}.title"),
                federation(d.get("federation"), f"{field}.federation", required=False), sc, status, flag)


def title(value: Any, field: str) -> Title:
    """A FIDE title (``""`` for none); CM and WCM are titles, but not title-holders for 1.4.5a."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return ""
    return cast(Title, parse.choice(value, field, [t.lower() for t in TITLES if t]).upper())


def federation(value: Any, field: str, *, required: bool = True) -> str:
    """A FIDE federation code, three letters (``FID``: a player of no federation)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise EloError(field, "is required: a FIDE federation code such as GER (FID for none)")
        return ""
    code = value.strip().upper() if isinstance(value, str) else ""
    if not _CODE.fullmatch(code):
        shown = repr(value)[:24]
        raise EloError(field, f"must be a FIDE federation code of three letters, such as GER or {NO_FEDERATION}, "
                              f"not {shown}")
    return code
