"""FIDE's XML lists: ``<playerslist>`` holding one ``<player>`` element a player, whose children
(``fideid``, ``name``, ``country``, ..., ``flag``; :data:`forms.FIELDS`) hold the fields as text.

The XML is large (the combined list is about 860 MB unpacked) and flat, so it is read as text, a
player at a time, not through a general XML parser: each ``<player>`` element's children by name,
in any order, an empty one written ``<title></title>`` or ``<title/>``, the five XML entities and
character references in names. A player whose FIDE ID or a number cannot be read is reported
with its line and left out.
"""

from __future__ import annotations

import html
import re
import struct

from elo_core.fidelist import forms
from elo_core.fidelist.builder import RECORD, Builder, check

PLAYER, END = b"<player>", b"</player>"
FIELD = re.compile(rb"<(\w+)(?:\s*/>|>([^<]*)<)")
"""A child element's name and text; its end tag is not matched (the elements hold only text)."""
NUMBERS = (("rating", "games", "k"), ("rapid_rating", "rapid_games", "rapid_k"), ("blitz_rating", "blitz_games", "blitz_k"))
SAID = {"fideid": "FIDE ID", "rating": "rating", "games": "games", "k": "K", "rapid_rating": "rapid rating",
        "rapid_games": "rapid games", "rapid_k": "rapid K", "blitz_rating": "blitz rating", "blitz_games": "blitz games",
        "blitz_k": "blitz K", "birthday": "birth year"}
_LIMITS = (forms.LIMITS["rating"], forms.LIMITS["games"], forms.LIMITS["k"], *forms.BIRTH_YEARS)
PEOPLE = (b"country", b"sex", b"title", b"w_title", b"o_title", b"foa_title")


class XmlPlayers:
    """Adds the players of an XML list's text to a :class:`Builder`."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        self.people: dict[tuple[bytes | None, ...], int] = {}
        self.line = 1
        """The line the next text starts on."""

    def take(self, data: bytes) -> int:
        """The players of the whole ``<player>`` elements at the start of ``data``; how many bytes they took."""
        end = data.rfind(END)
        if end < 0:
            return 0
        end += len(END)
        parts = data[:end].split(END)
        parts.pop()
        b = self.builder
        records, ids, names, by_best, people, flags = b.records, b.ids, b.pending, b.by_best, self.people, b.raw_flags
        pack, findall, top_rating, top_games, top_k, born, died = RECORD.pack, FIELD.findall, *_LIMITS
        for part in parts:
            at = part.find(PLAYER)
            line = self.line + part.count(b"\n", 0, max(at, 0))
            self.line += part.count(b"\n")
            if at < 0:
                b.problems.add(line, f"line {line}: a </player> without its <player>: left out")
                continue
            f = dict(findall(part, at + len(PLAYER)))
            get = f.get
            try:  # the fast path: fields as FIDE writes them, federation and titles met before
                person = people[(get(b"country"), get(b"sex"), get(b"title"), get(b"w_title"), get(b"o_title"),
                                 get(b"foa_title"))]
                flag, fid, birth = flags[get(b"flag", b"")], int(f[b"fideid"]), int(b"0" + get(b"birthday", b""))
                a, c, e = int(b"0" + get(b"rating", b"")), int(b"0" + get(b"rapid_rating", b"")), int(b"0" + get(b"blitz_rating", b""))
                ga, gc, ge = int(b"0" + get(b"games", b"")), int(b"0" + get(b"rapid_games", b"")), int(b"0" + get(b"blitz_games", b""))
                ka, kc, ke = int(b"0" + get(b"k", b"")), int(b"0" + get(b"rapid_k", b"")), int(b"0" + get(b"blitz_k", b""))
                best = max(a, c, e)
                if best > top_rating or max(ga, gc, ge) > top_games or max(ka, kc, ke) > top_k \
                        or not 0 < fid <= 0xFFFFFFFF or birth and not born <= birth <= died:
                    raise ValueError
                record = pack(a, c, e, ga, gc, ge, ka, kc, ke, birth, person, flag)
                name = get(b"name", b"")
            except (KeyError, ValueError, OverflowError, struct.error):
                self._player(f, line)
                continue
            if b"&" in name:
                b.add(fid, _text(name).strip(), (a, c, e), (ga, gc, ge), (ka, kc, ke), birth, person, flag)
                continue
            records += record
            by_best[best].append(len(ids))
            ids.append(fid)
            names.append(name.strip())
        b.flush()
        return end

    def _player(self, f: dict[bytes, bytes], line: int) -> None:
        """One player read field by field; a damaged one is reported and left out."""
        b = self.builder
        try:
            fid = self._number(f, "fideid", line)
            r, g, k = (tuple(self._number(f, names[i], line) for names in NUMBERS) for i in (0, 1, 2))
            birth = self._number(f, "birthday", line)
            wrong = check(fid, r, g, k, birth)  # type: ignore[arg-type]
            if wrong:
                raise ValueError(f"line {line}: {wrong}")
            key = tuple(f.get(name) for name in PEOPLE)
            person = self.people.get(key)
            if person is None:
                person = self.people[key] = b.person(*(_text(v or b"") for v in key))
            flag = b.raw_flags[f.get(b"flag", b"")] = b.flag(_text(f.get(b"flag", b"")))
        except ValueError as e:
            b.problems.add(line, f"{e}; the player is left out")
            return
        b.add(fid, _text(f.get(b"name", b"")).strip(), r, g, k, birth, person, flag)  # type: ignore[arg-type]

    @staticmethod
    def _number(f: dict[bytes, bytes], name: str, line: int) -> int:
        text = f.get(name.encode(), b"").strip()
        if not text:
            if name == "fideid":
                raise ValueError(f"line {line}: no FIDE ID")
            return 0
        if not (text.isdigit() and text.isascii()):
            raise ValueError(f"line {line}: the {SAID[name]} {_text(text)[:20]!r} is not a number")
        return int(text)


def _text(raw: bytes) -> str:
    """An element's text: UTF-8 (Latin-1 if it is not), entities and character references resolved."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return html.unescape(text) if "&" in text else text


def combined(first_player: bytes) -> bool:
    """Whether a list's first ``<player>`` element is the combined list's (it has the rapid and blitz fields)."""
    names = {m.group(1) for m in FIELD.finditer(first_player)}
    return {b"rapid_rating", b"blitz_rating"} <= names


def looks_like(head: bytes) -> bool:
    """Whether a file's first bytes are an XML list's: ``<playerslist>`` (an XML declaration and a
    BOM before it allowed)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"<?xml"):
        text = text[text.find(b"?>") + 2:].lstrip() if b"?>" in text else b""
    return text.startswith(b"<playerslist") or (text.startswith(b"<") and b"<playerslist" in head[:4096])

