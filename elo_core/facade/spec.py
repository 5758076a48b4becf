"""What an operation of the JSON door is: its parameters and the function that computes its answer.

An :class:`Op` lists its parameters (:class:`Param`: the name a request uses, the parser
that checks the value and names the field, the value used when the name is absent) and
the function that computes its answer from the parsed values. Every parameter is parsed,
every bad one reported together, before anything is computed. :class:`Operations` is the
table of every operation by name, and the parsers at the end are those the operation
modules share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import Any

from elo_core import errors, parse

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
    values = errors.collect([partial(p.parse, args.get(p.name, p.default), p.name, *((args,) if p.sees_args else ()))
                             for p in params])
    return {p.name: v for p, v in zip(params, values)}


def given(value: Any, field: str) -> Any:
    """A value passed on as it is, to a function that checks its own inputs and names the field."""
    return value


class Operations(Mapping[str, Op]):
    """Every operation by name: those of ``here``, then those of the modules named in
    ``elsewhere`` ({module of this package: its operations' names}), each module imported when
    one of its operations is first asked for. A page's first answer then waits only for the
    rating modules, not for the event readers, norms or online ratings
    (docs/performance.md, "Operations imported when asked").
    """

    def __init__(self, here: Mapping[str, Op], elsewhere: Mapping[str, tuple[str, ...]]) -> None:
        names = [*here, *(name for names in elsewhere.values() for name in names)]
        if twice := sorted({name for name in names if names.count(name) > 1}):
            raise ValueError(f"operations named twice: {', '.join(twice)}")
        self._here = dict(here)
        self._module = {name: module for module, names in elsewhere.items() for name in names}
        self._modules = tuple(elsewhere)

    def __getitem__(self, name: str) -> Op:
        if name in self._here:
            return self._here[name]
        op: Op = import_module(f"{__package__}.{self._module[name]}").OPS[name]
        return op

    def __iter__(self) -> Iterator[str]:
        yield from self._here
        yield from self._module

    def __len__(self) -> int:
        return len(self._here) + len(self._module)

    def import_all(self) -> None:
        """Every operation's module imported now (the build's memory snapshot holds them all)."""
        for module in self._modules:
            import_module(f"{__package__}.{module}")


# --- parsers shared by the operations: elo_core.parse's checks, as (value, field) -> value -------------------

def optional(parse: Parser) -> Parser:
    """Absent, null or empty means not given (None); anything else is parsed."""
    return lambda v, field: None if v is None or v == "" else parse(v, field)


def choice(allowed: tuple[str, ...]) -> Parser:
    return lambda v, field: parse.choice(v, field, allowed)


def whole(low: int, high: int) -> Parser:
    return lambda v, field: parse.whole(v, field, low, high)
