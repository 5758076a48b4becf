"""What the index answers: a player's record, a search's matches, and what is known of the list."""

from __future__ import annotations

from dataclasses import dataclass

from elo_core.plain import Plain


@dataclass(frozen=True)
class KindRating(Plain):
    """A player's figures of one kind, as the list gives them."""

    rating: int | None
    """``None``: not rated in this kind."""
    games: int
    """Rated games of the last rating period (only that period's: a career count is not in the list)."""
    k: int | None
    """FIDE's K for the player's next rating period in this kind, as the list gives it (``None``: none given)."""


@dataclass(frozen=True)
class Player(Plain):
    """One player of the list. ``standard``, ``rapid`` and ``blitz`` are ``None`` for a kind the list
    does not carry (a single-kind list carries one)."""

    id: int
    name: str
    federation: str | None
    sex: str | None
    """``M`` or ``F``, as the list writes it."""
    title: str | None
    women_title: str | None
    birth_year: int | None
    inactive: bool
    standard: KindRating | None
    rapid: KindRating | None
    blitz: KindRating | None
    other_titles: tuple[str, ...] = ()
    """Arbiters', trainers' and organisers' titles (``IA``, ``FA``, ``FT``, ...)."""
    foa_title: str | None = None
    """FIDE Online Arena title (``AGM``, ...)."""

    def of(self, kind: str) -> KindRating | None:
        found: KindRating | None = getattr(self, kind)
        return found


@dataclass(frozen=True)
class Found(Plain):
    """A search's answer: the matches, best first."""

    by: str
    """``"id"`` (the query is a FIDE ID) or ``"name"``."""
    matches: tuple[Player, ...]
    more: bool
    """More players match than are listed: typing more of the name narrows them."""
    note: str | None = None
    """Why nothing is searched yet (too few letters), or what the order is."""


@dataclass(frozen=True)
class ListInfo(Plain):
    """What is known of a list once read: shown on the page (its month and players) and kept with it."""

    month: str | None
    """``YYYY-MM``; ``None``: the file does not say (the page asks)."""
    month_from: str | None
    """Where the month comes from: the header's month token, the file's name, or the user."""
    month_hint: str | None
    """The month of the zip's date, where the file does not say its month: a guess to offer, never used as is."""
    kinds: tuple[str, ...]
    """The kinds the list carries; () until the user says which a single-kind list is."""
    form: str
    """E.g. ``combined list (TXT)``, ``combined list without FOA (TXT)``, ``standard list (XML)``."""
    zipped: bool
    file: str
    """The file's name as given, and the list's within the zip."""
    member: str | None
    players: int
    lines: int
    """Lines read (TXT) or players' elements (XML), the damaged ones too."""
    problems: tuple[tuple[int | None, str], ...]
    """The first damaged lines, each with its number; ``problem_count`` counts them all."""
    problem_count: int
    ignored: tuple[str, ...]
    """Other files in the zip, left unread."""
    asks: tuple[str, ...]
    """What the user must say before the list is used: ``kind`` (a single-kind list whose file does
    not say which), ``month`` (a list that does not say its month)."""
