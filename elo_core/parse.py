"""Parsing what users type, in one place, so every door (API, CLI, page) agrees.

Every problem raises :class:`~elo_core.errors.EloError` naming the field it is about. Nothing is
coerced silently: a wrong number is worse than no number.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from typing import Any

from elo_core.errors import EloError, FieldErrors, refuse, show
from elo_core.limits import MAX_GAMES, MAX_NUMBER_CHARS, MAX_RATING, MAX_TEXT

_TOO_LARGE = 10 ** MAX_NUMBER_CHARS  # a whole number this large is refused too: float() overflows on it
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)", re.ASCII)


def number(value: Any, field: str) -> float:
    """A finite real number from a number or a string; bools, NaN and infinities are refused."""
    if isinstance(value, bool) or value is None:
        raise EloError(field, "is required" if value is None else "must be a number")
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise EloError(field, "is required")
        if len(text) > MAX_NUMBER_CHARS:
            raise EloError(field, "is too long to be a number")
        if not _NUMBER.fullmatch(text):  # plain decimals only: no 1e309, NaN, 1_800 or non-ASCII digits
            raise EloError(field, f"must be a number, not {show(text)}")
        value = float(text)
    if not isinstance(value, (int, float)):
        raise EloError(field, "must be a number")
    if isinstance(value, int) and abs(value) >= _TOO_LARGE:
        raise EloError(field, "is too large to be a number")
    if not math.isfinite(value):
        raise EloError(field, "must be a finite number")
    return value


def plain_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only, so ``int(text)`` reads it.

    ``str.isdigit`` alone also admits superscripts such as ``"¹"``, which ``int`` refuses,
    and other scripts' digits, which no rating list or file column uses.

    >>> plain_digits("1800"), plain_digits("¹"), plain_digits("١٨٠٠"), plain_digits("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def whole(value: Any, field: str, low: int, high: int, bounds: str = "") -> int:
    """A whole number in ``low..high`` (inclusive); ``bounds`` words the range for the message."""
    x: float
    if type(value) is str and plain_digits(value) and len(value) <= MAX_NUMBER_CHARS:
        x = int(value)  # plain digits, as the page sends every rating: no regex
    else:
        x = number(value, field)
    if not low <= x <= high:
        raise EloError(field, f"{bounds or f'must be between {low} and {high}'}, not {x:g}")
    if x != int(x):
        raise EloError(field, f"must be a whole number, not {x:g}")
    return int(x)


def rating(value: Any, field: str = "rating", *, unrated_ok: bool = False) -> int:
    """A FIDE rating: 1..3500, or 0 meaning unrated where that is allowed."""
    r = whole(value, field, 0, MAX_RATING, f"must be between 0 (unrated) and {MAX_RATING}" if unrated_ok else f"must be between 1 and {MAX_RATING}")
    if r == 0 and not unrated_ok:
        raise EloError(field, "must be a rating between 1 and 3500 (0 means unrated, which has no rating to change)")
    return r


def k_factor(value: Any, field: str = "k") -> int:
    return whole(value, field, 1, 100)


_SCORES = {"1": 1.0, "1.0": 1.0, "w": 1.0, "win": 1.0, "+": 1.0,
           "0.5": 0.5, ".5": 0.5, "1/2": 0.5, "½": 0.5, "=": 0.5, "d": 0.5, "draw": 0.5,
           "0": 0.0, "0.0": 0.0, "l": 0.0, "loss": 0.0, "-": 0.0}
_DECIMAL_SCORE = re.compile(r"(?:1\.0*|0?\.50*|0\.0*|\.0+)", re.ASCII)


def score(value: Any, field: str = "score") -> float:
    """A game score: 1, 0.5 or 0 (also ``1/2``, ``=``, ``½``, ``w``/``d``/``l`` as text)."""
    if isinstance(value, str):
        key = value.strip().lower()
        if key in _SCORES:
            return _SCORES[key]
        if _DECIMAL_SCORE.fullmatch(key):  # "1.00", "0.50", "0.000": the same three scores written longer
            return float(key)
        if not key:
            raise EloError(field, "is required")
        raise EloError(field, f"must be 1, 0.5 or 0 (win, draw, loss), not {show(value)}")
    x = number(value, field)
    if x not in (0, 0.5, 1):
        raise EloError(field, f"must be 1, 0.5 or 0 (win, draw, loss), not {x:g}")
    return abs(float(x))  # abs: a float's negative zero, -0.0, is a loss like any 0


def flag(value: Any, field: str) -> bool:
    """A yes/no option: a bool, or 1/0, "true"/"false" (absent means no). "false" is never true."""
    if value is None or value is False or value is True:
        return bool(value)
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off", ""):
        return False
    return refuse(field, f"must be true or false, not {show(value)}")


def choice(value: Any, field: str, allowed: Iterable[str]) -> str:
    allowed = tuple(allowed)
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    return refuse(field, f"must be one of {', '.join(allowed)}, not {show(value)}")


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def day(value: Any, field: str = "rules") -> date:
    """A date as ``YYYY-MM-DD`` (or a :class:`datetime.date`)."""
    if isinstance(value, date):
        return value
    if isinstance(value, str) and not value.strip():
        return refuse(field, "is required (a date written YYYY-MM-DD)")
    if not isinstance(value, str) or not _DATE.fullmatch(value.strip()):
        return refuse(field, f"must be a date written YYYY-MM-DD, not {show(value)}")
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        return refuse(field, f"is not a real date: {show(value)}")


def game(value: Any, field: str) -> tuple[int, float]:
    """One game as ``(opponent rating, score)`` from a pair, a mapping or ``"OPP:SCORE"`` text."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and value[1] in (0.0, 0.5, 1.0) \
            and type(value[1]) is float and 0 <= value[0] <= MAX_RATING:
        return value  # a game already checked (this function's own output), as what_if and events pass them
    opp: Any
    sc: Any
    if isinstance(value, str):
        opp, sep, sc = value.strip().partition(":")
        if not sep:
            return refuse(field, f"must be written OPPONENT:SCORE, e.g. 1750:1, not {show(value)}")
    elif isinstance(value, dict):
        opp, sc = value.get("opponent"), value.get("score")
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        opp, sc = value
    else:
        return refuse(field, "must be an opponent rating and a score")
    return rating(opp, f"{field}.opponent", unrated_ok=True), score(sc, f"{field}.score")


class _Checked(tuple[tuple[int, float], ...]):
    """What :func:`games` returns, and the only way to make one: games already checked.

    The page's main request parses its games once and rates them twice (both methods): given
    back to :func:`games`, they are passed on as they are, not checked again game by game.
    (A list that adds games to checked ones, as what_if's, goes through :func:`game`, whose
    own shortcut lets each checked game through.)
    """

    __slots__ = ()


def games(values: Any, field: str = "games", *, allow_empty: bool = True) -> tuple[tuple[int, float], ...]:
    """A list of games (or any iterable of them); text is comma separated ``OPP:SCORE``
    (the page's URL format)."""
    if type(values) is _Checked and (values or allow_empty):
        return values
    values = _items(values, field, "games")
    if not values and not allow_empty:
        raise EloError(field, "needs at least one game")
    return _Checked(each(values, game, field))


def ratings(values: Any, field: str) -> tuple[int, ...]:
    """Opponents' ratings (1..3500), a list or comma separated text; each bad one named ``field[i]``."""
    return each(_items(values, field, "opponents' ratings"), rating, field)


def _items(values: Any, field: str, what: str) -> list[Any] | tuple[Any, ...]:
    """The items of a list, or of comma separated text, at most :data:`MAX_GAMES` of them."""
    items: list[Any] | tuple[Any, ...]
    if isinstance(values, str):
        if len(values) > MAX_TEXT:
            raise EloError(field, "is far too long")
        items = [v for v in values.split(",") if v.strip()]
    elif isinstance(values, (list, tuple)):
        items = values
    elif isinstance(values, (Mapping, bytes, bytearray)) or not isinstance(values, Iterable):
        raise EloError(field, f"must be a list of {what}")
    else:
        items = list(values)  # e.g. a generator
    if len(items) > MAX_GAMES:
        raise EloError(field, f"has {len(items)} {what.split()[-1]}; at most {MAX_GAMES} are allowed")
    return items


def each(values: Iterable[Any], parse: Callable[[Any, str], Any], field: str) -> tuple[Any, ...]:
    """``parse`` applied to every item, named ``field[i]``; every bad item reported together."""
    parsed, errors = [], []
    for i, value in enumerate(values):
        try:
            parsed.append(parse(value, f"{field}[{i}]"))
        except EloError as e:
            errors.append(e)
    if errors:
        raise errors[0] if len(errors) == 1 else FieldErrors(errors)
    return tuple(parsed)
