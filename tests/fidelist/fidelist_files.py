"""Small synthetic FIDE lists for the tests (scripts/fidelist_synth.py makes them; no real list is
ever in the repository), and reading them as the worker does: a chunk at a time, step by step."""

from __future__ import annotations

from elo_core.fidelist.index import FideList
from elo_core.fidelist.reader import ListReader, Progress
from scripts.fidelist_synth import EXAMPLES, FILES, KINDS, Synth, players, text, txt_line, zipped  # noqa: F401

# A few players with every field set, the first two arbiters whose other titles overflow their column.
ARBITER, ARBITER_2, CHAMPION, JUNIOR = EXAMPLES
NAMED = [ARBITER, ARBITER_2, CHAMPION, JUNIOR]


def listed(n: int = 300, seed: int = 5, single: str | None = None) -> list[Synth]:
    """The named players (a single-kind list: its rated ones), then ``n`` made up."""
    named = [p for p in NAMED if single is None or p.ratings[KINDS.index(single)]]
    return named + list(players(n, seed, single=single))


def read(data: bytes, name: str = "", chunk: int = 1 << 16, step_bytes: int = 1 << 16, **options: object) -> FideList:
    """The list in ``data``, fed ``chunk`` bytes at a time, stepped until done."""
    reader = ListReader(size=len(data), name=name, step_bytes=step_bytes, **options)  # type: ignore[arg-type]
    steps(reader, data, chunk)
    return reader.result()


def steps(reader: ListReader, data: bytes, chunk: int) -> list[Progress]:
    """Every step's progress while ``data`` is read."""
    out = []
    for at in range(0, len(data), chunk):
        reader.feed(data[at:at + chunk])
        while True:
            out.append(reader.step())
            if out[-1].needs_input or out[-1].done:
                break
        if out[-1].done:
            return out
    reader.end()
    while not out[-1].done:
        out.append(reader.step())
    return out
