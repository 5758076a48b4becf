"""FIDE's TXT lists: fixed-width lines, their columns found from the header (:func:`forms.txt_layout`).

Most lines have the header's width and are read on a fast path: slices, and the federation-to-FOA
columns looked up as they stand (a few thousand different ones in two million lines). Any other
line takes the careful path (:meth:`TxtPlayers.careful`), which

* reads a line longer than the header where the other titles overflow their column (a few lines in
  FIDE's combined list, such as ``SI,FI,LSI,SLI,NA`` followed at once by the FOA title ``AFM``): the
  extra characters belong to the other titles, and every column after them is read that much
  further right;
* reads a line whose trailing blanks were trimmed (a re-saved file) as if they were there;
* reports a damaged line (a FIDE ID or a number that is not one) with its number, and goes on.
"""

from __future__ import annotations

import re
import struct

from elo_core.fidelist import forms
from elo_core.fidelist.builder import RECORD, Builder, check

NUMBERS = (("rating", "games", "k"), ("rapid_rating", "rapid_games", "rapid_k"), ("blitz_rating", "blitz_games", "blitz_k"))
PEOPLE = ("fed", "sex", "title", "wtitle", "otitle", "foa")
SAID = {"rating": "rating", "games": "games", "k": "K", "rapid_rating": "rapid rating", "rapid_games": "rapid games",
        "rapid_k": "rapid K", "blitz_rating": "blitz rating", "blitz_games": "blitz games", "blitz_k": "blitz K",
        "birth": "birth year", "id": "FIDE ID"}
ALIGNED = re.compile(rb"\d+ *| *")
"""A number column as FIDE writes it: left-aligned, or blank."""
MAX_SHIFT = 8
"""Characters the other titles may run over their column by."""
_LIMITS = (forms.LIMITS["rating"], forms.LIMITS["games"], forms.LIMITS["k"], *forms.BIRTH_YEARS)
_FAULTS = (KeyError, ValueError, OverflowError, struct.error)


class TxtPlayers:
    """Adds the players of a TXT list's lines to a :class:`Builder`."""

    def __init__(self, layout: forms.TxtLayout, builder: Builder) -> None:
        self.layout = layout
        self.builder = builder
        self.width = layout.width
        cols = layout.columns
        self.span = {f: slice(a, b if b is not None else self.width) for f, (a, b) in cols.items()}
        self.people = slice(cols["fed"][0] if "fed" in cols else cols["name"][1] or self.width, cols["rating"][0])
        numbers = [cols[f] for names in NUMBERS for f in names if f in cols]
        self.numbers = slice(min(a for a, _ in numbers), max(b or self.width for _, b in numbers))
        self.blank = b" " * (self.numbers.stop - self.numbers.start)
        self.zeros = b"".join(b"0".ljust((b or self.width) - a) for f, (a, b) in sorted(cols.items(), key=lambda c: c[1][0])
                              if self.numbers.start <= a < self.numbers.stop)
        """The number columns of a player unrated in every kind, where the list writes 0s."""
        self.last = cols["birth"][0] if "birth" in cols else cols["fed"][0] if "fed" in cols else cols["name"][0]
        """A line must reach this column (the birth year, written 0 when not known)."""
        self.fast = self._combined if all(f in cols for names in NUMBERS for f in names) else self._single
        self.lengths: dict[int, int] = {}
        """Line lengths met on the careful path: if most lines are not the header's width, it is learnt."""
        standard = "standard " if layout.combined else ""
        self.said = {**SAID, "rating": standard + "rating", "games": standard + "games", "k": standard + "K"}

    def lines(self, block: bytes, first: int) -> int:
        """The players of ``block`` (whole lines, the first numbered ``first``); the number of lines."""
        lines = block.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        self.fast(lines, first)
        self.builder.flush()
        self._learn()
        return len(lines)

    def _combined(self, lines: list[bytes], first: int) -> None:
        """The fast path of the combined lists (with or without FOA)."""
        b = self.builder
        records, ids, names, by_best, raw_people, raw_flags = b.records, b.ids, b.pending, b.by_best, b.raw_people, b.raw_flags
        pack, width, blank, zeros, top_rating, top_games, top_k, born, died = (RECORD.pack, self.width, self.blank,
                                                                               self.zeros, *_LIMITS)
        sp = self.span
        s_id, s_name, s_people, s_num, s_birth, s_flag = sp["id"], sp["name"], self.people, self.numbers, sp["birth"], sp["flag"]
        sr, sg, sk, rr, rg, rk, br, bg, bk = (sp[f] for names in NUMBERS for f in names)
        for n, line in enumerate(lines, first):
            if len(line) != width and (len(line) != width + 1 or line[width] != 13):  # 13: the \r of CRLF
                self.careful(line, n)
                continue
            try:
                person, flag, fid = raw_people[line[s_people]], raw_flags[line[s_flag]], int(line[s_id])
                birth = int(b"0" + line[s_birth])
                numbers = line[s_num]
                if numbers == blank or numbers == zeros:
                    best, record = 0, pack(0, 0, 0, 0, 0, 0, 0, 0, 0, birth, person, flag)
                else:
                    a, c, e = int(b"0" + line[sr]), int(b"0" + line[rr]), int(b"0" + line[br])
                    ga, gc, ge = int(b"0" + line[sg]), int(b"0" + line[rg]), int(b"0" + line[bg])
                    ka, kc, ke = int(b"0" + line[sk]), int(b"0" + line[rk]), int(b"0" + line[bk])
                    best = max(a, c, e)
                    if best > top_rating or max(ga, gc, ge) > top_games or max(ka, kc, ke) > top_k:
                        raise ValueError
                    record = pack(a, c, e, ga, gc, ge, ka, kc, ke, birth, person, flag)
                if not 0 < fid <= 0xFFFFFFFF or birth and not born <= birth <= died:
                    raise ValueError
            except _FAULTS:
                self.careful(line, n)
                continue
            records += record
            by_best[best].append(len(ids))
            ids.append(fid)
            names.append(line[s_name].rstrip())

    def _single(self, lines: list[bytes], first: int) -> None:
        """The fast path of a single-kind list (one rating, games and K)."""
        b = self.builder
        records, ids, names, by_best, raw_people, raw_flags = b.records, b.ids, b.pending, b.by_best, b.raw_people, b.raw_flags
        pack, width, top_rating, top_games, top_k, born, died = RECORD.pack, self.width, *_LIMITS
        sp = self.span
        s_id, s_name, s_people, s_birth = sp["id"], sp["name"], self.people, sp.get("birth", slice(0, 0))
        s_flag, sr, sg, sk = sp.get("flag", slice(0, 0)), sp["rating"], sp.get("games", slice(0, 0)), sp.get("k", slice(0, 0))
        for n, line in enumerate(lines, first):
            if len(line) != width and (len(line) != width + 1 or line[width] != 13):
                self.careful(line, n)
                continue
            try:
                person, flag, fid = raw_people[line[s_people]], raw_flags[line[s_flag]], int(line[s_id])
                birth, a = int(b"0" + line[s_birth]), int(b"0" + line[sr])
                g, k = int(b"0" + line[sg]), int(b"0" + line[sk])
                if a > top_rating or g > top_games or k > top_k or not 0 < fid <= 0xFFFFFFFF \
                        or birth and not born <= birth <= died:
                    raise ValueError
                record = pack(a, 0, 0, g, 0, 0, k, 0, 0, birth, person, flag)
            except _FAULTS:
                self.careful(line, n)
                continue
            records += record
            by_best[a].append(len(ids))
            ids.append(fid)
            names.append(line[s_name].rstrip())

    def careful(self, line: bytes, n: int) -> None:
        """One line read column by column; a damaged one is reported and left out."""
        line = line.rstrip(b"\r\n")
        if not line.strip():
            return
        self.lengths[len(line)] = self.lengths.get(len(line), 0) + 1
        fields = self._fields(line)
        b = self.builder
        try:
            if len(line) <= self.last:
                raise ValueError(f"line {n}: cut short (it ends at character {len(line)})")
            fid = self._number(fields, "id", n)
            slots = [[self._number(fields, f, n) if f in fields else 0 for f in names] for names in NUMBERS]
            ratings, games, ks = ((slots[0][i], slots[1][i], slots[2][i]) for i in range(3))
            birth = self._number(fields, "birth", n) if "birth" in fields else 0
            wrong = check(fid, ratings, games, ks, birth)
            if wrong:
                raise ValueError(f"line {n}: {wrong}")
            person = b.person(*(fields.get(f, b"").decode("latin-1") for f in PEOPLE))
            flag = b.flag(fields.get("flag", b"").decode("latin-1"))
        except ValueError as e:
            b.problems.add(n, f"{e}; the line is left out: {line[:40].decode('latin-1').rstrip()!r}")
            return
        b.add(fid, fields["name"].strip(), ratings, games, ks, birth, person, flag)
        if len(line) == self.width:  # the next line like it takes the fast path
            b.raw_people.setdefault(line[self.people], person)
            b.raw_flags.setdefault(line[self.span["flag"]] if "flag" in self.span else b"", flag)

    def _fields(self, line: bytes) -> dict[str, bytes]:
        """Each column's text; where the other titles run over their column, the columns after
        them read as far right as they have moved."""
        width, after = self.width, self.layout.shifted_from
        extra = self._shift(line) if after and line[after - 1:after] not in (b" ", b"") else 0
        line = line[:width + extra].ljust(width + extra)
        out = {}
        for field, (a, b) in self.layout.columns.items():
            shift = extra if after and a >= after and field != "foa" else 0
            out[field] = line[a + shift:(b if b is not None else width) + shift]
        if extra:
            self._titles(line, extra, out)
        return out

    def _shift(self, line: bytes) -> int:
        """How far right the number columns of a line stand whose other titles fill their column:
        where the most of them are as FIDE writes them (left-aligned after a blank); on a tie, by
        the line's length (its trailing blanks may have been trimmed)."""
        padded = line.ljust(self.width + MAX_SHIFT)

        def aligned(shift: int) -> int:
            return sum(1 for f, (a, b) in self.layout.columns.items() if f in SAID and f != "id"
                       and ALIGNED.fullmatch(padded[a + shift:(b or self.width) + shift]) and padded[a + shift - 1] == 32)
        return max(range(MAX_SHIFT + 1), key=lambda d: (aligned(d), d == len(line) - self.width, -d))

    def _titles(self, line: bytes, extra: int, out: dict[str, bytes]) -> None:
        """The other titles and FOA of a line whose other titles overflow: the words between the
        women's title and the first rating; FOA is the one that stands in FOA's columns."""
        cols = self.layout.columns
        start = cols["otitle"][0]
        text = line[start:cols["rating"][0] + extra]
        out["foa"] = b""
        if "foa" in cols:
            at = cols["foa"][0] + extra - start
            head, tail = text[:at].rstrip(), text[at:].strip()
            if forms.FOA_TITLE.fullmatch(tail):
                out["foa"], text = tail, head
        out["otitle"] = b"".join(text.split())

    def _number(self, fields: dict[str, bytes], field: str, n: int) -> int:
        text = fields[field].strip()
        if not text:
            if field == "id":
                raise ValueError(f"line {n}: no FIDE ID")
            return 0
        if not (text.isdigit() and text.isascii()):
            raise ValueError(f"line {n}: the {self.said[field]} {text.decode('latin-1')!r} is not a number")
        return int(text)

    def _learn(self) -> None:
        """A file whose lines all have another width than its header (trailing blanks trimmed or
        added): that width is the fast path's from then on."""
        seen = sum(self.lengths.values())
        if seen >= 200:
            length, count = max(self.lengths.items(), key=lambda kv: kv[1])
            if count > 0.9 * seen and length >= self.numbers.stop:
                self.width = length
                if "flag" in self.span:
                    self.span["flag"] = slice(self.span["flag"].start, length)
            self.lengths.clear()
