"""A zip read as its bytes arrive, a bounded piece at a time: the members' names and contents.

FIDE's lists come zipped, one file in each zip. The page reads the zip a chunk at a time (it
never holds the whole of it), so the members are read from their local headers, in order, as the
bytes come (PKWARE's APPNOTE.TXT, sections 4.3.7 and 4.3.9: local file header, data, data
descriptor), not from the central directory at the end. Stored and deflated members are read;
the checksum and size of each are checked at its end. A zip cut short, damaged, encrypted, or
compressed another way is refused with a message saying so.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from elo_core.errors import EloError

LOCAL, CENTRAL, END, DESCRIPTOR = b"PK\x03\x04", b"PK\x01\x02", b"PK\x05\x06", b"PK\x07\x08"
HEADER = struct.Struct("<4sHHHHHIIIHH")
ZIP64_EXTRA = 0x0001
INPUT = 1 << 18
"""Packed bytes given to zlib at a time: a piece's work stays bounded however much was fed."""


def _refuse(message: str) -> EloError:
    return EloError("file", message)


@dataclass
class Member:
    name: str
    method: int
    flags: int
    crc: int
    compressed: int
    size: int
    zip64: bool
    made: tuple[int, int]
    """Year and month of the member's date in the zip (the day FIDE made the file)."""
    produced: int = 0
    checksum: int = 0


class Unzip:
    """Fed a zip's bytes; :meth:`pull` gives the members a piece at a time."""

    def __init__(self) -> None:
        self.buf = b""
        self.at = 0
        """Where the bytes not yet read start in :attr:`buf`."""
        self.member: Member | None = None
        self.inflate: zlib._Decompress | None = None
        self.stored_left = 0
        self.done = False
        self.members: list[str] = []

    def feed(self, data: bytes) -> None:
        self.buf = self.buf[self.at:] + data if self.at < len(self.buf) else bytes(data)
        self.at = 0

    def left(self) -> int:
        """Bytes fed and not read yet."""
        return len(self.buf) - self.at

    def pull(self, limit: int) -> tuple[str, object]:
        """The next piece: ``("member", Member)`` as one starts, ``("data", bytes)`` of at most
        ``limit`` bytes of its content, ``("end", Member)`` once it is whole and checked,
        ``("need", None)`` for more bytes, ``("done", None)`` at the central directory."""
        if self.done:
            return "done", None
        if self.member is None:
            return self._header()
        m = self.member
        if self.inflate is not None:
            given = memoryview(self.buf)[self.at:self.at + INPUT]
            try:
                out = self.inflate.decompress(given, limit)
            except zlib.error:
                raise _refuse(f"{m.name} in the zip is damaged (it cannot be unpacked): download the list again") from None
            if self.inflate.eof:  # what follows the member is in unused_data (and, in some versions, the tail too)
                self.at += len(given) - len(self.inflate.unused_data)
                self.inflate = None
            else:
                self.at += len(given) - len(self.inflate.unconsumed_tail)
                if not out and not self.left():
                    return "need", None
        elif self.stored_left:
            out = self.buf[self.at:self.at + min(limit, self.stored_left)]
            self.at += len(out)
            self.stored_left -= len(out)
            if not out:
                return "need", None
        else:
            return self._end(m)
        m.produced += len(out)
        m.checksum = zlib.crc32(out, m.checksum)
        return "data", out

    def _header(self) -> tuple[str, object]:
        sig = self.buf[self.at:self.at + 4]
        if len(sig) < 4:
            return "need", None
        if sig in (CENTRAL, END):
            self.done = True
            return "done", None
        if sig != LOCAL:
            raise _refuse("the zip is damaged: a member's header is not where it should be")
        if self.left() < HEADER.size:
            return "need", None
        _, _, flags, method, time, day, crc, compressed, size, name_len, extra_len = HEADER.unpack_from(self.buf, self.at)
        start = self.at + HEADER.size
        if len(self.buf) < start + name_len + extra_len:
            return "need", None
        name = self.buf[start:start + name_len].decode("utf-8" if flags & 0x800 else "cp437", "replace")
        zip64 = False
        extra = self.buf[start + name_len:start + name_len + extra_len]
        while len(extra) >= 4:
            tag, length = struct.unpack_from("<HH", extra)
            if tag == ZIP64_EXTRA and length >= 16:
                size, compressed = struct.unpack_from("<QQ", extra, 4)
                zip64 = True
            extra = extra[4 + length:]
        self.at = start + name_len + extra_len
        if flags & 1:
            raise _refuse(f"{name} in the zip is encrypted: FIDE's lists are not; download the list again")
        if method not in (0, 8):
            raise _refuse(f"{name} in the zip is compressed with method {method}, which is not read here "
                          "(FIDE's zips use deflate): unzip it and open the .txt or .xml")
        if method == 0 and flags & 8:
            raise _refuse(f"{name} in the zip is stored without its size: unzip it and open the .txt or .xml")
        m = self.member = Member(name, method, flags, crc, compressed, size, zip64, (1980 + (day >> 9), day >> 5 & 15))
        self.members.append(name)
        if method == 8:
            self.inflate = zlib.decompressobj(-15)
        else:
            self.stored_left = compressed
        return "member", m

    def _end(self, m: Member) -> tuple[str, object]:
        if m.flags & 8:  # the checksum and sizes follow the data
            sizes = 16 if m.zip64 else 8
            skip = 4 if self.buf[self.at:self.at + 4] == DESCRIPTOR else 0
            if self.left() < skip + 4 + sizes:
                return "need", None
            m.crc = struct.unpack_from("<I", self.buf, self.at + skip)[0]
            m.size = struct.unpack_from("<Q" if m.zip64 else "<I", self.buf, self.at + skip + 4 + sizes // 2)[0]
            self.at += skip + 4 + sizes
        if m.checksum != m.crc or m.produced % 2 ** 32 != m.size % 2 ** 32:
            raise _refuse(f"{m.name} in the zip is damaged (its checksum or size is wrong): download the list again")
        self.member = None
        return "end", m

    def cut_short(self) -> str | None:
        """At the end of the bytes: what is missing, or None (a zip whose directory is missing
        after whole members is read: every member was checked)."""
        if self.member is not None:
            return f"the zip ends in the middle of {self.member.name}: it is cut short (truncated); download it again"
        if not self.members and not self.done:  # a directory with no member is an empty zip, said by the reader
            return "the zip ends before its first member: it is cut short (truncated) or empty"
        return None
