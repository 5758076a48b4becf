"""What a file seems to be, from its first bytes: a list's form, or why it is not a list.

A user who opens the wrong file (the download page saved as HTML, a tournament file, a PDF) is
told what was expected and what the file seems to be, so they can fetch the right one.
"""

from __future__ import annotations

import re

from elo_core.fidelist.xml import looks_like as xml_like

NOT_A_LIST = ("expected one of FIDE's rating lists as downloaded from ratings.fide.com: the zip "
              "(players_list.zip, standard_rating_list.zip, ...) or the TXT or XML file inside it "
              "(a TXT list starts with the header line 'ID Number  Name ... Fed Sex Tit ...', an XML list with "
              "<playerslist>)")

SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", "a PDF document"),
    (b"\x1f\x8b", "a gzip file: unpack it first"),
    (b"Rar!", "a RAR archive"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"\xd0\xcf\x11\xe0", "an Office document"),
    (b"PK", "a zip file the reader does not recognise"),
)


def looks_like(head: bytes) -> str | None:
    """``"xml"``, ``"txt"`` (a first line with the labels ``ID`` and ``Name``), or None."""
    if xml_like(head):
        return "xml"
    first = head.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    if re.match(rb"\s*ID[ _]Number\b", first, re.I) and re.search(rb"\bName\b", first, re.I):
        return "txt"
    return None


def not_a_list(head: bytes, name: str = "") -> str:
    """What the file seems to be, for the message that refuses it."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    for signature, what in SIGNATURES:
        if text.startswith(signature):
            return f"it is {what}"
    low = text[:200].lower()
    if low.startswith(b"<!doctype html") or low.startswith(b"<html") or b"<head" in low:
        return "it is a web page (HTML): save the file the download page links to, not the page itself"
    if name.lower().endswith((".xlsx", ".docx", ".ods")) or b"[content_types].xml" in low:
        return "it is an Office document"
    if text.startswith(b"<"):
        return "it is XML, but not a list of players (<playerslist>)"
    if re.match(rb"(?:0[0-9][0-9] |XX)", text):
        return "it is a tournament file (TRF): open it as an event"
    if re.match(rb"\[\w+ \"", text):
        return "it holds games (PGN): open it as an event"
    if b"\x00" in head:
        return "it is a binary file"
    if re.match(rb"\s*ID[ _]Number", text, re.I):
        return "its header line lacks the columns of a list (a FIDE ID, a name and a rating)"
    first = text.split(b"\n", 1)[0][:40].decode("utf-8", "replace").strip()
    return f"it starts with {first!r}" if first else "it holds no text"
