"""The PGN header scanner: each game's tags, the moves stepped over.

Rating needs the tags, never the moves, so :func:`scan_headers` reads tag pairs
and steps over the movetext, tracking only ``{...}`` comments (which may span
lines and hold ``[``), ``;`` comments and ``%`` escape lines. It streams: any
iterable of lines (an open file) is read a block of lines at a time, about 1 MB.
It copes with escaped quotes in tag values, games without moves, CRLF and a BOM.

Why not python-chess (``chess.pgn.read_headers``), the field's own library? Measured
on CPython 3.11 here: 10,000 generated games of 40 moves (8.6 MB, clock comments
spanning lines, CRLF in every 7th game; ``python tests/eventgen.py``), best of 5:

    python-chess 1.11.2 read_headers (from io.StringIO):  0.32 s
    scan_headers, whole text:                             0.17 s   (from io.StringIO: 0.23 s)
    parse_pgn (the Event), parse_pgn + rating every one:  0.32 s, 0.64 s

Both would meet the 3 s allowed in the page (Pyodide is 2-3 times slower), so speed
alone does not decide it. What does: python-chess 1.11.2 keeps tag escapes (a name
written ``"Nick \\"The Fish\\""`` comes out with its backslashes); it is GPL-3.0+ while
this package is MIT; PyPI has only its sdist (6 MB), so the build would have to make
and ship a 148 kB wheel and the page fetch and install it the first time a PGN is
opened; and rating needs tags only, which 100 lines read twice as fast with no
dependency, the same in the CLI and the page. ``tests/test_pgn.py`` checks this
scanner's tags against python-chess's where it is installed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from elo_core.events.problems import Problems

_TAG = re.compile(r'\[\s*([A-Za-z0-9_+#=:-]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_UNESCAPE = re.compile(r"\\(.)")
_TAG_BLOCK = re.compile(r"(?:[ \t\ufeff]*\[[^\n]*(?:\n|\Z))+")
_NEXT_TAG_LINE = re.compile(r"\n[ \t]*\[")
BLOCK = 1 << 20  # characters read at a time from a stream


def _body_end(buf: str, pos: int) -> int:
    """Where the movetext (or junk) starting at ``pos`` ends: the start of the next tag line outside
    ``{...}`` and ``;`` comments; -1 if it runs to the end of ``buf``."""
    nxt = _NEXT_TAG_LINE.search(buf, pos - 1 if pos else 0)
    end = nxt.start() + 1 if nxt else len(buf)
    i = pos
    while True:
        brace = buf.find("{", i, end)
        if brace == -1:
            return end if nxt else -1
        line_start = buf.rfind("\n", 0, brace) + 1
        if buf.find(";", max(line_start, i), brace) != -1:  # the { is inside a ; comment: skip that line
            i = buf.find("\n", brace)
            if i == -1:
                return -1
            continue
        close = buf.find("}", brace + 1)
        if close == -1:
            return -1
        i = close + 1
        if close >= end:
            nxt = _NEXT_TAG_LINE.search(buf, close)
            end = nxt.start() + 1 if nxt else len(buf)


def _blocks(lines: Iterable[str]) -> Iterator[str]:
    """Whole lines joined into blocks of about :data:`BLOCK` characters."""
    part, size = [], 0
    for line in lines:
        part.append(line)
        size += len(line)
        if size >= BLOCK:
            yield "".join(part)
            part, size = [], 0
    if part:
        yield "".join(part)


def scan_headers(source: str | Iterable[str], problems: Problems | None = None) -> Iterator[tuple[int, dict[str, str]]]:
    """Each game's (first line number, tags), moves and comments skipped.

    ``source``: the whole text, or any iterable of lines (an open file), read a
    block at a time. A game is a run of tag lines and what follows up to the next
    tag line outside comments, so a game without moves is its tags alone.

    >>> text = '[White "A \\\\"Ace\\\\""]\\n[Black "B"]\\n\\n1. e4 {a\\n[%clk 0:01]} e5 ; c {\\n1-0\\n[White "C"]\\n'
    >>> [(n, t["White"]) for n, t in scan_headers(text)]
    [(1, 'A "Ace"'), (7, 'C')]
    """
    blocks = iter((source,)) if isinstance(source, str) else _blocks(source)
    carry, line = "", 1
    buf = next(blocks, "")
    while True:
        following = next(blocks, None)
        buf = carry + buf
        if "\r" in buf and "\n" not in buf:  # old Mac line ends
            buf = buf.replace("\r", "\n")
        pos, counted_to, carry = 0, 0, ""
        while pos < len(buf):
            start, tags = pos, None
            m = _TAG_BLOCK.match(buf, pos)
            if m:
                tags = _tags(m.group(), line + buf.count("\n", counted_to, pos), problems)
                pos = m.end()
            end = _body_end(buf, pos) if pos < len(buf) else -1
            if end == -1 and following is not None:
                carry = buf[start:]
                break
            line += buf.count("\n", counted_to, start)
            counted_to = start
            if tags:
                yield line, tags
            pos = len(buf) if end == -1 else end
        if following is None:
            return
        line += buf.count("\n", counted_to, len(buf) - len(carry))
        buf = following


def _tags(block: str, line: int, problems: Problems | None) -> dict[str, str]:
    pairs = _TAG.findall(block)
    if problems is not None and len(pairs) < block.count("\n") + (not block.endswith("\n")):
        for i, text in enumerate(block.splitlines()):
            if not _TAG.search(text):
                problems.add(line + i, f"malformed tag line {text.strip()[:40]!r}: skipped", "tag-line")
    return {name: _unescape(value) if "\\" in value else value for name, value in pairs}


def _unescape(value: str) -> str:
    """PGN tag escapes: backslash-quote is a quote, two backslashes one."""
    return value.replace('\\"', '"') if "\\\\" not in value else _UNESCAPE.sub(lambda m: m.group(1), value)
