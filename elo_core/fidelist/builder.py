"""The players of a list as they are read: compact columns, not one object per player.

A list of two million people must fit a browser tab's worker, so each player is a fixed record of
bytes (:data:`RECORD`), its FIDE ID in an array, its name in one block of ASCII text; the fields
that repeat (federation, sex, titles; the flag) are codes into small tables. The readers of each
form (:mod:`~elo_core.fidelist.txt`, :mod:`~elo_core.fidelist.xml`) add players here;
:mod:`~elo_core.fidelist.indexing` turns the columns into the index.
"""

from __future__ import annotations

import struct
from array import array
from itertools import accumulate, islice

from elo_core.fidelist import forms
from elo_core.fidelist.names import ascii_name, decode

RECORD = struct.Struct("<3H3H3BHHB")
"""Per player: rating, games and K of each of three slots (the kinds a list has, in order),
birth year (0: not known), the code of its federation, sex and titles (:attr:`Builder.people`),
the flag's code (:attr:`Builder.flags`)."""
MAX_CODES = 65_535
"""Codes of federation, sex and titles a record can hold."""
MAX_PROBLEMS_KEPT = 20


class Problems:
    """The damaged lines of a list: each counted, the first :data:`MAX_PROBLEMS_KEPT` kept."""

    def __init__(self) -> None:
        self.count = 0
        self.kept: list[tuple[int | None, str]] = []

    def add(self, line: int | None, message: str) -> None:
        self.count += 1
        if len(self.kept) < MAX_PROBLEMS_KEPT:
            self.kept.append((line, message))


class Builder:
    """The columns of the players read so far (in the file's order)."""

    def __init__(self) -> None:
        self.records = bytearray()
        self.ids = array("I")
        self.pending: list[bytes] = []
        """Names of the players added since the last :meth:`flush`, ASCII."""
        self.blob = bytearray()
        self.starts = array("I", [0])
        self.written: dict[int, str] = {}
        """Player (file order) -> its name as written, where that is not ASCII."""
        self.by_best = [array("I") for _ in range(forms.LIMITS["rating"] + 1)]
        """Players by their best rating of the list's kinds: the order names are searched in."""
        self.people: dict[tuple[str, str, str, str, str, str], int] = {}
        self.raw_people: dict[bytes, int] = {}
        """A TXT list's federation-to-FOA columns as they stand -> the code: most lines are one lookup."""
        self.flags: dict[str, int] = {"": 0}
        self.raw_flags: dict[bytes, int] = {}
        self.problems = Problems()

    def __len__(self) -> int:
        return len(self.ids)

    def person(self, fed: str, sex: str, title: str, wtitle: str, otitle: str, foa: str) -> int:
        """The code of a federation, sex and titles (new ones get the next code)."""
        key = (fed.strip().upper(), sex.strip().upper(), forms.title(title), forms.title(wtitle),
               ",".join(t for t in otitle.replace(" ", "").split(",") if t), foa.strip().upper())
        code = self.people.get(key)
        if code is None:
            if len(self.people) >= MAX_CODES:
                raise ValueError("more different federations and titles than any FIDE list has")
            code = self.people[key] = len(self.people)
        return code

    def flag(self, text: str) -> int:
        """The code of a flag: bit 0 inactive, bit 1 woman (``i``, ``w``, ``wi``)."""
        t = text.strip().lower()
        code = self.flags.get(t)
        if code is None:
            if t.strip("iw"):
                raise ValueError(f"the flag {t!r} is not i, w or wi")
            code = self.flags[t] = (forms.FLAG_INACTIVE in t) | ("w" in t) << 1
        return code

    def add(self, fid: int, name: bytes | str, ratings: tuple[int, int, int], games: tuple[int, int, int],
            ks: tuple[int, int, int], birth: int, person: int, flag: int) -> None:
        """One player whose fields are checked (:func:`check`)."""
        self.records += RECORD.pack(*ratings, *games, *ks, birth, person, flag)
        self.ids.append(fid)
        self.by_best[max(ratings)].append(len(self.ids) - 1)
        if isinstance(name, str):
            spelt = ascii_name(name)
            if spelt != name:
                self.written[len(self.ids) - 1] = name
            name = spelt.encode("ascii")
        self.pending.append(name)

    def flush(self) -> None:
        """The pending names into the block of names (a name's bytes outside ASCII: decoded and spelt out)."""
        if not self.pending:
            return
        joined = b"\n".join(self.pending)
        if not joined.isascii():
            first = len(self.ids) - len(self.pending)
            for i, raw in enumerate(self.pending):
                if not raw.isascii():
                    self.written[first + i] = decode(raw)
                    self.pending[i] = ascii_name(self.written[first + i]).encode("ascii", "replace")
            joined = b"\n".join(self.pending)
        self.blob += joined + b"\n"
        self.starts.extend(islice(accumulate((len(n) + 1 for n in self.pending), initial=self.starts[-1]), 1, None))
        self.pending.clear()


    def names_blob(self) -> bytearray:
        """Every name, each followed by a newline; :attr:`starts` holds where each begins."""
        self.flush()
        return self.blob


def check(fid: int, ratings: tuple[int, int, int], games: tuple[int, int, int], ks: tuple[int, int, int],
          birth: int) -> str | None:
    """Why these fields are not a list's, or None."""
    if not 0 < fid < 2 ** 32:
        return f"the FIDE ID {fid} is not one"
    for what, values in (("rating", ratings), ("games", games), ("k", ks)):
        if max(values) > forms.LIMITS[what] or min(values) < 0:
            return f"a {'K' if what == 'k' else what} of {max(values)} is not a FIDE list's"
    if birth and not forms.BIRTH_YEARS[0] <= birth <= forms.BIRTH_YEARS[1]:
        return f"the birth year {birth} is not one"
    return None
