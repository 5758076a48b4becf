"""Results as plain JSON values: Decimals become floats (exact for sums of table entries), dates text."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any


def plain(value: Any) -> Any:
    """JSON-ready: Decimals become floats, dates ISO text, containers recursively.

    >>> plain({"a": [Decimal("0.57"), date(2025, 10, 1)], "b": (1, None)})
    {'a': [0.57, '2025-10-01'], 'b': [1, None]}
    """
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


def scalars(result: Any) -> dict:
    """JSON-ready, for a dataclass whose fields are numbers, text, bools or None: only its
    Decimals need converting, so it skips :func:`plain`'s walk (it runs per game, per keystroke)."""
    d = {}
    for name in result.__dataclass_fields__:
        value = getattr(result, name)
        d[name] = float(value) if type(value) is Decimal else value
    return d
