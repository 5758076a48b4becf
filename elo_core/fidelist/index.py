"""The index of a list, and the answers it gives: a player by FIDE ID, players by name.

The players stay in the list's order; a FIDE ID finds its player through a hash table. For names
the players are ranked highest rating first (the best of their kinds; the unrated last):
:attr:`Parts.order`. A name is found without case or accents, by its words in any order
(``Carlsen, Magnus``, ``magnus carlsen``, ``carls mag``): every word typed must start a different
word of the name. Each word of two letters or more of every name is an entry (the player's rank
and where the word starts in the name), grouped by the word's first :data:`GROUP` letters, each
group in rank order, the groups sorted by their letters: the words starting with what was typed
are one group and its neighbours.

"Best first" (:meth:`FideList.find`): names where every word typed is a whole word of the name,
then those where some word typed is only the start of one; within each, by rank.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace
from heapq import nsmallest
from typing import TypeAlias

from elo_core.errors import EloError, show
from elo_core.fidelist.builder import RECORD
from elo_core.fidelist.names import FOLD, fold, fold_query
from elo_core.fidelist.player import Found, KindRating, ListInfo, Player

GROUP = 6
"""Letters of a word that name its group: a shorter word typed is one group (the names with that
word) and its neighbours (those with a longer word starting with it); a longer one is looked for
in its group."""
LIMIT = 20
"""Matches given at most."""
SCAN = 5_000
"""Names checked at most against a query of several words, in the index's order: past them the
answer says ``more`` (typing more of the name narrows the search)."""
HASH = 2654435761
"""Knuth's multiplicative hash (The Art of Computer Programming, 6.4): FIDE IDs to table slots."""
POSITION = 6
"""Bits of an entry that say where its word starts in the name (words further in are not indexed)."""
MASK = (1 << POSITION) - 1
FID = re.compile(r"\s*(\d{1,10})\s*")
MIN_LETTERS = 3


Column: TypeAlias = "array[int] | memoryview"
"""A column of whole numbers: an array as built, a view of the bytes as loaded (:mod:`~elo_core.fidelist.store`)."""


@dataclass
class Parts:
    """The index's columns: what :mod:`~elo_core.fidelist.store` keeps. A player is a position in
    the list's order (:attr:`records`, :attr:`ids`, :attr:`starts`)."""

    records: bytes | bytearray | memoryview
    ids: Column
    names: bytes | bytearray
    """Every name in ASCII, each followed by a newline."""
    starts: Column
    """Where each player's name starts in :attr:`names` (and, last, where the last ends)."""
    written: dict[int, str]
    """Player -> the name as written, where it is not ASCII."""
    people: list[tuple[str, str, str, str, str, str]]
    """Code -> federation, sex, title, women's title, other titles, FOA title."""
    order: Column
    """Rank -> player: highest rating first."""
    table: Column
    """FIDE ID -> player + 1 (0: an empty slot), at the ID's hash, or after it."""
    keys: list[bytes]
    """The groups' letters, sorted."""
    bounds: Column
    """Where each group starts in :attr:`entries` (and, last, where the last ends)."""
    entries: Column
    """Each indexed word, group by group: its player's rank, shifted left :data:`POSITION` bits, and
    where the word starts in the name."""
    slots: dict[str, int]
    """Kind -> its slot in the records."""


class FideList:
    """A list read, indexed, ready for lookups."""

    def __init__(self, info: ListInfo, parts: Parts) -> None:
        self.info = info
        self.parts = parts

    def __len__(self) -> int:
        return len(self.parts.ids)

    def with_info(self, **changes: object) -> FideList:
        """The same index with what is known of it changed (the month or kind the user says)."""
        parts = self.parts
        kinds = changes.get("kinds", self.info.kinds)
        assert isinstance(kinds, tuple)
        if kinds != self.info.kinds:
            parts = replace(parts, slots={k: i for i, k in enumerate(kinds)})
        return FideList(replace(self.info, **changes), parts)  # type: ignore[arg-type]

    # --- by FIDE ID ------------------------------------------------------------------------------------------

    def position(self, fid: int) -> int | None:
        """The player with this FIDE ID, or None."""
        table, ids = self.parts.table, self.parts.ids
        size = len(table)
        h = fid * HASH % size
        while True:
            slot = table[h]
            if not slot:
                return None
            if ids[slot - 1] == fid:
                return slot - 1
            h = h + 1 if h + 1 < size else 0

    def by_id(self, fid: int) -> Player | None:
        at = self.position(fid)
        return None if at is None else self.player(at)

    # --- a player's record -----------------------------------------------------------------------------------

    def player(self, at: int) -> Player:
        p = self.parts
        values = RECORD.unpack_from(p.records, at * RECORD.size)
        fed, sex, title, wtitle, otitle, foa = p.people[values[10]]

        def kind(kind: str) -> KindRating | None:
            slot = p.slots.get(kind)
            if slot is None:
                return None
            return KindRating(values[slot] or None, values[3 + slot], values[6 + slot] or None)

        return Player(p.ids[at], self.name(at), fed or None, sex or None, title or None, wtitle or None, values[9] or None,
                      bool(values[11] & 1), kind("standard"), kind("rapid"), kind("blitz"),
                      tuple(t for t in otitle.split(",") if t), foa or None)

    def name(self, at: int) -> str:
        p = self.parts
        return p.written.get(at) or p.names[p.starts[at]:p.starts[at + 1] - 1].decode("ascii")

    # --- by name ---------------------------------------------------------------------------------------------

    def find(self, query: str, limit: int = LIMIT) -> Found:
        """Players by FIDE ID (the query is a number) or by name, best first, at most ``limit``."""
        number = FID.fullmatch(query)
        if number:
            fid = int(number.group(1))
            found = self.by_id(fid) if fid < 2 ** 32 else None
            if found is None:
                raise EloError("query", f"no player with FIDE ID {fid} in this list")
            return Found("id", (found,), False)
        words = fold_query(query).split()
        if sum(map(len, words)) < MIN_LETTERS or not any(len(w) >= 2 for w in words):
            return Found("name", (), False, f"type at least {MIN_LETTERS} letters of a name, or a FIDE ID")
        return self._by_name(words, limit)

    def _by_name(self, words: list[bytes], limit: int) -> Found:
        # Words of two letters start too many names to search by: with a longer word typed they are
        # checked against its names; with none, they are whole words (``li na``: "Li, Na", not "Lin, Nan").
        exact = all(len(w) < 3 for w in words)
        found = {w: self._candidates(w) for w in set(words) if len(w) >= (2 if exact else 3)}
        driver = min(found, key=lambda w: (found[w][2], -len(w)))
        whole, partial, _, cut = found[driver]
        others = list(words)
        others.remove(driver)
        tiers: dict[int, int] = {}  # rank -> how many words typed are only the start of a word of the name
        scanned, more = 0, cut
        for base, part in ((0, whole), (1, partial)):
            good = sum(1 for tier in tiers.values() if tier <= base)
            if good >= limit:
                more = more or len(part) > 0
                break
            if base == 0 or isinstance(part, list):
                candidates: Sequence[int] = part  # one group (or a list made from one): by rank
            else:  # neighbouring groups: each by rank, not together
                candidates = sorted(part) if others else nsmallest(4 * limit, part)
            for i, entry in enumerate(candidates):
                rank = entry >> POSITION
                if rank in tiers:
                    continue
                scanned += 1
                tier = self._match(rank, others, entry & MASK, exact) if others else 0
                if tier is not None:
                    tiers[rank] = base + tier
                    good += tier == 0
                if good >= limit or scanned >= SCAN:
                    more = more or i + 1 < len(part)
                    break
            if scanned >= SCAN:
                break
        ranked = sorted(tiers, key=lambda rank: (tiers[rank], rank))
        order = self.parts.order
        return Found("name", tuple(self.player(order[r]) for r in ranked[:limit]), more or len(ranked) > limit)

    def _candidates(self, word: bytes) -> tuple[Sequence[int], Sequence[int], int, bool]:
        """The entries of the names with a word equal to ``word`` and of those with one that only
        starts with it (a word of two letters: only equal ones), how many there are, and whether
        some were left unchecked (a long word's group past :data:`SCAN`: the best ranked are checked)."""
        p = self.parts
        keys, bounds, entries = p.keys, p.bounds, p.entries
        if len(word) < GROUP:
            first = bisect_left(keys, word)
            if first == len(keys) or not keys[first].startswith(word):
                return [], [], 0, False
            equal = keys[first] == word
            whole: Sequence[int] = entries[bounds[first]:bounds[first + 1]] if equal else []
            if len(word) < 3:
                return whole, [], len(whole), False
            last = bisect_left(keys, word + b"\xff", first)
            partial = entries[bounds[first + equal]:bounds[last]]
            return whole, partial, len(whole) + len(partial), False
        at = bisect_left(keys, word[:GROUP])
        if at == len(keys) or keys[at] != word[:GROUP]:
            return [], [], 0, False
        names, starts, order, n = p.names, p.starts, p.order, len(word)
        same: list[int] = []
        longer: list[int] = []
        for entry in entries[bounds[at]:min(bounds[at + 1], bounds[at] + SCAN)]:  # a long word: its group, by rank
            o = starts[order[entry >> POSITION]] + (entry & MASK)
            if names[o:o + n].translate(FOLD) == word:
                (same if FOLD[names[o + n]] == 32 else longer).append(entry)
        return same, longer, len(same) + len(longer), bounds[at + 1] - bounds[at] > SCAN

    def _match(self, rank: int, words: list[bytes], at: int, exact: bool) -> int | None:
        """How many of ``words`` are only the start of a word of the name of the player ranked
        ``rank``, each a different word and not the one found (at ``at`` in the name); None when
        one is not there. ``exact``: a word of two letters must be a whole word."""
        p = self.parts
        player = p.order[rank]
        name = fold(bytes(p.names[p.starts[player]:p.starts[player + 1] - 1]))
        left = name[:at].split() + name[at:].split()[1:]
        partial = 0
        for w in sorted(words, key=len, reverse=True):
            if w in left:
                left.remove(w)
                continue
            starting = None if exact and len(w) == 2 else next((x for x in left if x.startswith(w)), None)
            if starting is None:
                return None
            left.remove(starting)
            partial += 1
        return partial


def player_query(value: object) -> str:
    """A query as typed: text of a sane length."""
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise EloError("query", "must be a FIDE ID or a name")
    text = str(value)
    if not text.strip():
        raise EloError("query", "is required: a FIDE ID or a name")
    if len(text) > 200:
        raise EloError("query", f"is too long to be a name: {show(text)}")
    return text
