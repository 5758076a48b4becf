"""The limits every door applies before any work, and the closed vocabularies shared by rating systems."""

from __future__ import annotations

from typing import Final, Literal

MAX_RATING: Final = 3500
MAX_GAMES: Final = 1000
MAX_TEXT: Final = 100_000  # characters; longer text is refused before any parsing
MAX_EVENT_CHARS: Final = 20_000_000
"""A file larger than this (characters, or bytes for the CLI) is refused: about 20 MB, room for
a 500-player TRF (about 100 kB) and 10,000 PGN games with moves (about 8 MB)."""
MAX_NUMBER_CHARS: Final = 32  # a number written longer is refused as too long

System = Literal["fide", "uscf", "dwz", "ecf"]
SYSTEMS: Final[tuple[System, ...]] = ("fide", "uscf", "dwz", "ecf")
"""The rating systems, each a folder of elo_core (its own rules, facade module and CLI module)."""
Method = Literal["fide", "logistic"]
Kind = Literal["standard", "rapid", "blitz"]
METHODS: Final[tuple[Method, ...]] = ("fide", "logistic")
KINDS: Final[tuple[Kind, ...]] = ("standard", "rapid", "blitz")
