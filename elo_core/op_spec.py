"""What an operation of the JSON door is: its parameters and the function that computes its answer.

An :class:`Op` lists its parameters (:class:`Param`: the name a request uses, the parser
that checks the value and names the field, the value used when the name is absent) and
the function that computes its answer from the parsed values. Every parameter is parsed,
every bad one reported together, before anything is computed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from . import inputs

Parser = Callable[..., Any]  # (value, field) -> value; with Param.sees_args, (value, field, args)


@dataclass(frozen=True)
class Param:
    name: str
    parse: Parser
    """``parse(value, field)``: the checked value, or an :class:`EloError` naming ``field``."""
    default: Any = None
    """The raw value used when the request does not name this parameter."""
    sees_args: bool = False
    """``parse(value, field, args)`` instead: its bounds depend on another argument (as given)."""


@dataclass(frozen=True)
class Op:
    params: tuple[Param, ...]
    run: Callable[[dict[str, Any]], Any]
    """The answer, from the parsed values keyed by parameter name."""


def parse_args(params: tuple[Param, ...], args: Mapping[str, Any]) -> dict[str, Any]:
    """Every parameter parsed; one :class:`EloError` naming every bad field, in ``params`` order."""
    values = inputs.collect([partial(p.parse, args.get(p.name, p.default), p.name, *((args,) if p.sees_args else ()))
                             for p in params])
    return {p.name: v for p, v in zip(params, values)}


def given(value: Any, field: str) -> Any:
    """A value passed on as it is, to a function that checks its own inputs and names the field."""
    return value
