"""The index as bytes, to keep across visits (the page stores them in the browser: OPFS or
IndexedDB) and to load again without reading the list: no parsing, the columns taken as they are.

The bytes: :data:`MAGIC`, the format's version and the length of a JSON head (what is known of
the list, the small tables, each column's length, type, kept length and packing), the head, then
each column, and last a checksum (Adler-32) of everything before it. Every column starts on a
multiple of 4 bytes (zeros pad the piece before it) and is kept as it is in memory
(little-endian): loading it is then no work, where inflating compressed columns took most of the
next visit's time, more than reading the bytes compression saved (bench/RESULTS.md). Format 2
(an unreleased build of 0.3.0) compressed each column, as its byte planes (every value's first byte, then every
second byte, ...) with zlib; a column packed so (``z``) is still read.

:func:`parts` gives the pieces (the worker writes them one by one); :func:`load` takes each column
as a read-only view of the bytes given when those are ``bytes`` (no copy), else of a copy of them.
"""

from __future__ import annotations

import json
import struct
import sys
import zlib
from array import array
from typing import Any

from elo_core.errors import EloError
from elo_core.fidelist.builder import RECORD
from elo_core.fidelist.index import FideList, Parts
from elo_core.fidelist.player import ListInfo

MAGIC = b"elo_core FIDE list index\n"
FORMAT = 3
"""Bumped whenever the bytes change meaning: a kept index of another format is read again from the list."""
READS = (2, FORMAT)
"""Formats :func:`load` reads: 2 had every column packed, and no padding."""
COLUMNS = ("ids", "starts", "order", "table", "bounds", "entries", "records", "names")
ZLIB, AS_IS = "z", "-"
"""A column's packing, in the head: byte planes compressed with zlib (format 2), or as it is."""
_HEAD = struct.Struct("<II")
_TAIL = struct.Struct("<I")


def _refuse(why: str) -> EloError:
    return EloError("data", f"the kept list cannot be used ({why}): open the list's file again")


def parts(fide_list: FideList) -> list[bytes | memoryview]:
    """The bytes of ``fide_list``'s index, as pieces to write one after the other."""
    p = fide_list.parts
    columns = {name: getattr(p, name) for name in COLUMNS}
    views = [memoryview(columns[name]).cast("B") for name in COLUMNS]
    if sys.byteorder != "little":
        views = [memoryview(_swapped(columns[name])).cast("B") if isinstance(columns[name], array) else v
                 for name, v in zip(COLUMNS, views)]
    head = json.dumps({
        "info": fide_list.info.to_dict(), "people": p.people, "written": {str(k): v for k, v in p.written.items()},
        "slots": p.slots, "keys": b"\n".join(p.keys).decode("ascii"),
        "columns": [[name, _type(columns[name]), len(v), len(v), AS_IS] for name, v in zip(COLUMNS, views)],
    }, separators=(",", ":")).encode("utf-8")
    out: list[bytes | memoryview] = [MAGIC + _HEAD.pack(FORMAT, len(head)) + head]
    for view in views:
        out += [_padding(out), view]
    out = [piece for piece in out if len(piece)]
    checksum = 1
    for piece in out:
        checksum = zlib.adler32(piece, checksum)
    out.append(_TAIL.pack(checksum))
    return out


def _width(name: str) -> int:
    """Bytes of one value of a column: its planes (format 2)."""
    return RECORD.size if name == "records" else 1 if name == "names" else 4


def _padding(pieces: list[bytes | memoryview]) -> bytes:
    """Zeros that bring the pieces so far to a multiple of 4 bytes."""
    return bytes(-sum(len(piece) for piece in pieces) % 4)


def _unpack(packed: memoryview, length: int, width: int) -> bytes | bytearray:
    planes = zlib.decompress(packed, bufsize=max(length, 1))
    if len(planes) != length or length % width:
        raise ValueError("a column's length")
    if width == 1:
        return planes
    out = bytearray(length)
    size = length // width
    for i in range(width):
        out[i::width] = planes[i * size:(i + 1) * size]
    return out


def dumps(fide_list: FideList) -> bytes:
    """The bytes of the index in one piece."""
    return b"".join(parts(fide_list))


def load(data: bytes | bytearray | memoryview) -> FideList:
    """An index from :func:`parts`' bytes; :class:`EloError` naming ``data`` if they are not those.
    The columns kept as they are stay views of ``data`` if it is ``bytes`` (which cannot change),
    else of a copy."""
    view = memoryview(data if isinstance(data, bytes) else bytes(data)).cast("B")
    if bytes(view[:len(MAGIC)]) != MAGIC:
        raise _refuse("these are not the bytes of a kept list")
    if len(view) < len(MAGIC) + _HEAD.size + _TAIL.size:
        raise _refuse("they are cut short")
    version, head_length = _HEAD.unpack_from(view, len(MAGIC))
    if version not in READS:
        raise _refuse(f"it was kept by another version of the calculator (format {version}, this one reads {FORMAT})")
    if zlib.adler32(view[:-_TAIL.size]) != _TAIL.unpack_from(view, len(view) - _TAIL.size)[0]:
        raise _refuse("they are damaged: their checksum is wrong")
    at = len(MAGIC) + _HEAD.size
    try:
        head = json.loads(bytes(view[at:at + head_length]))
        at += head_length
        columns: dict[str, Any] = {}
        for name, kind, length, size, *packing in head["columns"]:
            if version > 2:
                at += -at % 4
            if at + size > len(view) - _TAIL.size:
                raise ValueError("a column past the end")
            if packing == [AS_IS]:
                if size != length:
                    raise ValueError("a column's length")
                piece: bytes | bytearray | memoryview = view[at:at + size]
            elif packing in ([], [ZLIB]):
                piece = _unpack(view[at:at + size], length, _width(name))
            else:
                raise ValueError("a column's packing")
            at += size
            columns[name] = bytes(piece) if name == "names" else _column(memoryview(piece), kind)
        info = _info(head["info"])
        keys = head["keys"].encode("ascii").split(b"\n") if head["keys"] else []
        result = Parts(columns["records"], columns["ids"], columns["names"], columns["starts"],
                       {int(k): v for k, v in head["written"].items()}, [tuple(p) for p in head["people"]],
                       columns["order"], columns["table"], keys, columns["bounds"], columns["entries"], dict(head["slots"]))
    except (KeyError, TypeError, ValueError, zlib.error) as e:
        raise _refuse(f"they are not whole ({type(e).__name__})") from None
    _check(result, info)
    return FideList(info, result)


def _type(column: object) -> str:
    """``I`` for a column of 4-byte numbers, as built (an array) or as loaded (a view): a list
    loaded and kept again keeps its columns' types."""
    if isinstance(column, array):
        return column.typecode
    return "I" if isinstance(column, memoryview) and column.format == "I" else "B"


def _swapped(column: array[int]) -> array[int]:
    copy = array(column.typecode, column)
    copy.byteswap()
    return copy


def _column(piece: memoryview, kind: str) -> Any:
    if sys.byteorder != "little":
        column = array("I" if kind == "I" else "B")
        column.frombytes(piece)
        column.byteswap()
        return column
    return piece.cast("I" if kind == "I" else "B")


def _info(d: dict[str, Any]) -> ListInfo:
    values = {**d, "kinds": tuple(d["kinds"]), "problems": tuple((p[0], p[1]) for p in d["problems"]),
              "ignored": tuple(d["ignored"]), "asks": tuple(d["asks"])}
    return ListInfo(**values)


def _check(p: Parts, info: ListInfo) -> None:
    """The columns fit together (a kept index is read back only if it is whole)."""
    n = len(p.ids)
    fits = (len(p.records) == n * RECORD.size and len(p.starts) == n + 1 and n == info.players
            and len(p.order) == n and len(p.table) > n and len(p.bounds) == len(p.keys) + 1
            and (not n or p.starts[n] == len(p.names)) and (not len(p.bounds) or p.bounds[-1] == len(p.entries))
            and all(0 <= s < 3 for s in p.slots.values()))
    if not fits:
        raise _refuse("their columns do not fit together")
