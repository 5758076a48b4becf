"""Names as the index keeps and searches them: ASCII, folded for search without case or accents.

The index keeps every name in ASCII, one byte a letter, so that a name's search form is the same
bytes with the case and the punctuation folded (:data:`FOLD`, one ``bytes.translate``): search
positions are display positions. A name with letters outside ASCII (an XML list may have them) is
kept spelt out in ASCII (``Müller`` as ``Muller``) and, as written, beside the index.

>>> ascii_name("Kurajica, Božidar"), fold(b"O'Brien, Jean-Luc")
('Kurajica, Bozidar', b'o brien  jean luc')
"""

from __future__ import annotations

import re
import unicodedata

_LOWER = bytes(range(ord("a"), ord("z") + 1)) + bytes(range(ord("0"), ord("9") + 1))
FOLD = bytes.maketrans(bytes(range(ord("A"), ord("Z") + 1)), bytes(range(ord("a"), ord("z") + 1)))
FOLD = bytes(b if b in _LOWER else 32 for b in FOLD)
"""Bytes to search bytes: letters to lower case, digits kept, everything else a space."""
TOKEN = re.compile(rb"[a-z0-9]{2,}")
"""The parts of a folded name that are indexed: two letters or more (``Li``, ``Carlsen``)."""
SPELT = {"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d",
         "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i", "ŉ": "n", "ħ": "h", "Ħ": "H"}
"""Letters that Unicode does not decompose into a base letter and a mark."""


def ascii_name(name: str) -> str:
    """``name`` spelt in ASCII: marks dropped (``é`` is ``e``), a few letters spelt out (``ß`` is
    ``ss``); anything else outside ASCII becomes ``?``."""
    if name.isascii():
        return name
    out = []
    for c in name:
        if c.isascii():
            out.append(c)
        elif c in SPELT:
            out.append(SPELT[c])
        else:
            base = "".join(d for d in unicodedata.normalize("NFKD", c) if not unicodedata.combining(d))
            out.append(base if base.isascii() and base else "?")
    return "".join(out)


def fold(name: bytes) -> bytes:
    """The search form of an ASCII name."""
    return name.translate(FOLD)


def fold_query(text: str) -> bytes:
    """The search form of what a user typed (any letters: accents are dropped as in the names).

    >>> fold_query("  Müller, JÜRGEN ")
    b'  muller  jurgen '
    """
    return fold(ascii_name(text).encode("ascii", "replace"))


def decode(raw: bytes) -> str:
    """A name's bytes from a list that is not ASCII: UTF-8, else Latin-1 (older files)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
