"""The one error type of bad input: :class:`EloError` names the field at fault, so the page shows the
message next to that field and the CLI names the option; :class:`FieldErrors` holds several.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, NoReturn


class EloError(ValueError):
    """Bad input: ``field`` names what is wrong (e.g. ``"games[2].score"``), the message says why."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message

    @property
    def errors(self) -> list[EloError]:
        """Every error this one stands for (itself; several for :class:`FieldErrors`)."""
        return [self]

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "message": self.message}


class FieldErrors(EloError):
    """Several fields wrong at once: named by the first, ``errors`` holds every one, in order."""

    def __init__(self, errors: list[EloError]) -> None:
        flat = [one for e in errors for one in e.errors]
        super().__init__(flat[0].field, flat[0].message)
        self.args = ("; ".join(str(e) for e in flat),)
        self._errors = flat

    @property
    def errors(self) -> list[EloError]:
        return self._errors


def collect(checks: Iterable[Callable[[], Any]]) -> list[Any]:
    """Run every check; return their values, or raise one error naming every field at fault.

    >>> from elo_core.parse import whole
    >>> collect([lambda: whole("3", "a", 0, 9), lambda: whole("x", "b", 0, 9), lambda: whole("99", "c", 0, 9)])
    Traceback (most recent call last):
    ...
    elo_core.errors.FieldErrors: b: must be a number, not 'x'; c: must be between 0 and 9, not 99
    """
    values, errors = [], []
    for check in checks:
        try:
            values.append(check())
        except EloError as e:
            errors.append(e)
    if errors:
        raise errors[0] if len(errors) == 1 else FieldErrors(errors)
    return values


def refuse(field: str, message: str) -> NoReturn:
    """Raise the error for ``field``; for use inside expressions."""
    raise EloError(field, message)


def show(value: Any) -> str:
    """A short, safe echo of bad input: never the whole 10 MB string, and control or bidi
    characters (e.g. U+202E, which would reverse the message around it) shown escaped."""
    text = value if isinstance(value, str) else repr(value)
    text = text[:20] + "..." if len(text) > 24 else text
    text = "".join(f"\\u{ord(c):04x}" if unicodedata.category(c)[0] == "C" else c for c in text)
    return f"'{text}'" if isinstance(value, str) else text
