"""What the national systems share about their rules as data: a setting with its source, and the
sources a set of settings cites. Each system keeps its own settings and its own table of sources
(where each is read); this module only gives them one shape."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from elo_core.plain import Plain


@dataclass(frozen=True)
class Setting(Plain):
    """One number or rule of a rulebook, with where it comes from."""

    name: str
    value: Any
    meaning: str
    source: str
    """The sources' names, separated by ";", each as its system's table of sources names it (a
    name may be followed by where in the source: "Glickman & Doan 4.1")."""
    confirmed: bool
    """True: read in the federation's own text (or its published results); False: only in other
    implementations, or a choice where the texts are silent (said in ``meaning``)."""


def cited(sources: Iterable[str], known: Mapping[str, str]) -> list[dict[str, str]]:
    """Each source named in ``sources`` once, in order, with where to read it (``known``: name ->
    where). A part is taken for the longest name of ``known`` it starts with.

    >>> cited(["Paper 4.1; Forum", "Paper 5"], {"Paper": "https://a", "Forum": "https://b"})
    [{'name': 'Paper', 'url': 'https://a'}, {'name': 'Forum', 'url': 'https://b'}]
    """
    parts = dict.fromkeys(p.strip() for source in sources for p in source.split(";"))
    names = dict.fromkeys(max((k for k in known if p.startswith(k)), key=len, default=p) for p in parts)
    return [{"name": n, "url": known.get(n, "")} for n in names]
