"""The index built from the players read (:class:`~elo_core.fidelist.builder.Builder`), in steps.

Each step does a bounded share of the work (about :data:`STEP` players), so that the page's
worker, which runs them one by one, stays free to answer between them and to report progress.
The players stay where they are (no copy of the columns: the worker's memory holds each once);
the steps add the rank order, the FIDE IDs' hash table, and the names' words in groups.
"""

from __future__ import annotations

from array import array
from collections.abc import Generator
from itertools import accumulate

from elo_core.fidelist.builder import Builder
from elo_core.fidelist.index import GROUP, HASH, MASK, POSITION, Parts
from elo_core.fidelist.names import FOLD, TOKEN

STEP = 20_000
"""Players a step handles."""
SHARES = (0.3, 0.7)
"""The steps' shares of the time, for the progress bar: FIDE IDs, words."""
LOAD = 0.7
"""The hash table's slots are filled at most this much."""


def table_size(players: int) -> int:
    """Slots of the FIDE ID table (odd, so that the hash spreads over them all)."""
    return max(int(players / LOAD), 64) | 1


def index(b: Builder, slots: dict[str, int]) -> Generator[float, None, Parts]:
    """The steps (each yields the share done, 0 to 1), then the index's parts."""
    names, starts = b.names_blob(), b.starts
    ids, n = b.ids, len(b.ids)
    order = array("I")
    for best in range(len(b.by_best) - 1, -1, -1):
        order.extend(b.by_best[best])
    b.by_best = []

    size = table_size(n)
    table = array("I", bytes(4 * size))
    for a in range(0, n, STEP):
        for i in range(a, min(n, a + STEP)):
            fid = ids[i]
            h = fid * HASH % size
            while table[h]:
                if ids[table[h] - 1] == fid:
                    b.problems.add(None, f"FIDE ID {fid} is in the list twice ({_name(names, starts, table[h] - 1)!r} and "
                                         f"{_name(names, starts, i)!r}): the first is found by this ID")
                    break
                h = h + 1 if h + 1 < size else 0
            else:
                table[h] = i + 1
        yield SHARES[0] * min(1.0, (a + STEP) / max(n, 1))

    groups: dict[bytes, array[int]] = {}
    for a in range(0, n, STEP):
        # a block of names in rank order, searched at once; where each name starts in it
        parts = [names[starts[i]:starts[i + 1]] for i in order[a:a + STEP]]
        begins = list(accumulate(map(len, parts), initial=0))
        j, following = 0, begins[1] if parts else 0
        for m in TOKEN.finditer(b"".join(parts).translate(FOLD)):
            at = m.start()
            while at >= following:
                j += 1
                following = begins[j + 1]
            at -= begins[j]
            if at <= MASK:
                key = m.group()[:GROUP]
                group = groups.get(key)
                if group is None:
                    group = groups[key] = array("I")
                group.append((a + j) << POSITION | at)
        yield SHARES[0] + SHARES[1] * min(1.0, (a + STEP) / max(n, 1))

    keys = sorted(groups)
    entries, bounds = array("I"), array("I", [0])
    for key in keys:
        entries.extend(groups.pop(key))
        bounds.append(len(entries))
    return Parts(b.records, ids, names, starts, b.written, list(b.people), order, table, keys, bounds, entries, slots)


def _name(names: bytearray, starts: array[int], at: int) -> str:
    return names[starts[at]:starts[at + 1] - 1].decode("ascii")
