"""Reading an event file: its text from text or bytes (refusing what is not a text file), its format, its reader.

:func:`read_event` turns a file into an :class:`~elo_core.events.model.Event`; the readers
are :mod:`elo_core.events.formats.trf` and :mod:`elo_core.events.formats.pgn`, and :mod:`elo_core.events.rate` rates what they read.
"""

from __future__ import annotations

import io
import re
from typing import Any

from elo_core import parse
from elo_core.errors import EloError
from elo_core.events.formats import pgn, trf
from elo_core.events.model import Event
from elo_core.events.problems import Problem
from elo_core.limits import MAX_EVENT_CHARS

FORMATS = ("auto", "trf", "pgn")


def source_text(source: Any, field: str = "text") -> tuple[str, tuple[Problem, ...]]:
    """The text of a file from its text or its bytes, refusing what is not a text file of a sane size.

    Bytes are decoded as UTF-8 (a BOM is dropped), else as Latin-1 with a problem saying so.
    """
    problems: tuple[Problem, ...] = ()
    if isinstance(source, (bytes, bytearray)):
        if len(source) > MAX_EVENT_CHARS:
            raise EloError(field, f"the file is {len(source) / 1e6:.1f} MB; at most {MAX_EVENT_CHARS // 1_000_000} MB is read")
        utf16 = _utf16(bytes(source))
        if utf16:  # a Windows "Unicode" export
            try:
                text = bytes(source).decode(utf16)
            except UnicodeDecodeError:
                raise EloError(field, "the file looks like UTF-16 text but is not: it cannot be read") from None
            text = text.removeprefix("\ufeff")
        elif b"\x00" in source:
            raise EloError(field, "this is a binary file (it has NUL bytes), not a TRF or PGN text file")
        else:
            try:
                text = bytes(source).decode("utf-8-sig")
            except UnicodeDecodeError as e:
                text = bytes(source).decode("latin-1")
                problems = (Problem(None, f"the file is not UTF-8 (byte {e.start}): read as Latin-1; check accented names"),)
    elif isinstance(source, str):
        if len(source) > MAX_EVENT_CHARS:
            raise EloError(field, f"the file is {len(source) / 1e6:.1f} MB; at most {MAX_EVENT_CHARS // 1_000_000} MB is read")
        if "\x00" in source:
            raise EloError(field, "this is a binary file (it has NUL bytes), not a TRF or PGN text file")
        text = source[1:] if source.startswith("\ufeff") else source
    else:
        raise EloError(field, "is required: the file's text" if source is None else "must be the file's text")
    if not text or text.isspace():
        raise EloError(field, "the file is empty")
    return text, problems


def _utf16(data: bytes) -> str | None:
    """The codec of a UTF-16 text file, by its byte order mark, else by the NUL byte beside every
    character of its first line; None for any other file.

    >>> _utf16("012 x".encode("utf-16")), _utf16("012 x".encode("utf-16-be")), _utf16(b"012 x")
    ('utf-16', 'utf-16-be', None)
    """
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "utf-16"
    head = data[:200] if len(data) % 2 == 0 else b""
    if len(head) >= 4 and all(b == 0 for b in head[1::2]) and all(head[0::2]):
        return "utf-16-le"
    if len(head) >= 4 and all(b == 0 for b in head[0::2]) and all(head[1::2]):
        return "utf-16-be"
    return None


def detect_format(text: str) -> str:
    """``"trf"`` or ``"pgn"`` from the first meaningful lines, or an :class:`EloError` naming ``format``."""
    for seen, line in enumerate(io.StringIO(text)):
        s = line.strip()
        if s.startswith("[") and re.match(r'\[\s*\w+\s+"', s):
            return "pgn"
        if re.match(r"\d{3}(?:\s|$)", s) or s.startswith("XX"):
            return "trf"
        if seen > 200:
            break
    raise EloError("format", "neither a TRF (lines such as '012 name', '001 ...') nor a PGN (tags such as "
                             "[White \"...\"]); choose the format")


READERS = {"trf": trf.parse_trf, "pgn": pgn.parse_pgn}


def read_event(source: Any, format: str = "auto") -> Event:
    """Read a TRF or PGN file (text or bytes) into an :class:`Event`."""
    format = parse.choice(format or "auto", "format", FORMATS)
    text, problems = source_text(source)
    return parse_event(text, problems, format)


def parse_event(text: str, problems: tuple[Problem, ...] = (), format: str = "auto") -> Event:
    """An :class:`Event` from text already checked by :func:`source_text`, in a format of :data:`FORMATS`."""
    return READERS[detect_format(text) if format == "auto" else format](text, problems)
