"""Results as plain JSON values: the one serializer of every result.

A result is a frozen dataclass; :func:`plain` writes its fields in order, Decimals as floats (exact
for sums of table entries), dates as ISO text, containers recursively. Where the JSON's shape
differs from the fields, the field says how, in its metadata
(``field(metadata=view(how))``, :func:`spread`, :func:`renamed`, :func:`omitted`); properties named
in a class's ``PLAIN_PROPERTIES`` follow the fields. Every result gets ``to_dict()`` from :class:`Plain`.

>>> plain({"a": [Decimal("0.57"), date(2025, 10, 1)], "b": (1, None)})
{'a': [0.57, '2025-10-01'], 'b': [1, None]}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal
from functools import cache
from typing import Any

_SCALARS = (str, int, float, bool, type(None))
_KEY = "plain"


def plain(value: Any) -> Any:
    """JSON-ready: Decimals become floats, dates ISO text, dataclasses and containers recursively."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is Decimal:
        return float(value)
    if kind is dict or isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass(value)
    return value


def plain_dict(values: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`plain` of a mapping, typed as the dict it gives."""
    return {k: plain(v) for k, v in values.items()}


def _dataclass(result: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, key, how in _plan(result.__class__):
        value = getattr(result, name)
        if how is None:
            out[key] = float(value) if type(value) is Decimal else value if type(value) in _SCALARS else plain(value)
        elif how[0] == "view":
            out[key] = plain(how[1](value))
        else:  # spread
            out.update(plain(how[1](value)))
    return out


@cache
def _plan(cls: type[Any]) -> tuple[tuple[str, str, tuple[str, How] | None], ...]:
    """Per class, once: each field's name, its JSON key, and how it is written."""
    fields = tuple((f.name, f.metadata.get(_KEY, {}).get("key", f.name), f.metadata.get(_KEY, {}).get("how"))
                   for f in dataclasses.fields(cls) if not f.metadata.get(_KEY, {}).get("omit"))
    return fields + tuple((p, p, None) for p in getattr(cls, "PLAIN_PROPERTIES", ()))


How = Callable[[Any], Any]


def view(how: How) -> dict[str, Any]:
    """Metadata: the field is written as ``how(value)`` under its own name."""
    return {_KEY: {"how": ("view", how)}}


def spread(how: Callable[[Any], Mapping[str, Any]]) -> dict[str, Any]:
    """Metadata: the mapping ``how(value)`` is written in place of the field, key by key."""
    return {_KEY: {"how": ("spread", how)}}


def renamed(key: str) -> dict[str, Any]:
    """Metadata: the field is written under another key (e.g. ``from``, a Python keyword)."""
    return {_KEY: {"key": key}}


def omitted() -> dict[str, Any]:
    """Metadata: the field is left out of the JSON."""
    return {_KEY: {"omit": True}}


class Plain:
    """Gives a result dataclass ``to_dict()``: its :func:`plain` form."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = _dataclass(self)
        return out
