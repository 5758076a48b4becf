"""A list of games pasted as text, split into rows for the page's games table.

People paste what they have: a column copied from a crosstable, a line per game
(``1750 1``, ``1900 ½``, ``2010:0``), a comma separated list, or just the
opponents' ratings. This only splits it: each opponent and score stays text,
judged later by :func:`elo_core.parse.games` like anything typed.

>>> split_games("1750 1\\n1900 ½, 2010:0")
(('1750', '1'), ('1900', '0.5'), ('2010', '0'))
>>> split_games("1750 1900\\t2010")
(('1750', '1'), ('1900', '1'), ('2010', '1'))
"""

from __future__ import annotations

import re

from elo_core.errors import EloError
from elo_core.parse import score

DEFAULT_SCORE = "1"
"""The result of a game given by its opponent alone (as the page's Add game gives it)."""

_ITEMS = re.compile(r"[\n\r,;]+")
_TOKENS = re.compile(r"[\s:]+")


def _score_text(token: str) -> str | None:
    """The score as the page's result list writes it, or None when the token is not a score."""
    try:
        return f"{score(token):g}"
    except EloError:
        return None


def _item(tokens: list[str]) -> list[tuple[str, str]]:
    scores = [_score_text(t) for t in tokens[1::2]]
    if len(tokens) % 2 == 0 and all(s is not None for s in scores):
        return [(opponent, s or DEFAULT_SCORE) for opponent, s in zip(tokens[::2], scores)]
    return [(t, DEFAULT_SCORE) for t in tokens]


def split_games(text: str) -> tuple[tuple[str, str], ...]:
    """The games in ``text``: items split by lines, commas or semicolons; in an item, an opponent
    and a score (``1750 1``, ``1750:½``), pairs of them, or opponents only (each a win)."""
    games: list[tuple[str, str]] = []
    for item in _ITEMS.split(text):
        tokens = [t for t in _TOKENS.split(item.strip()) if t]
        if tokens:
            games.extend(_item(tokens))
    return tuple(games)
