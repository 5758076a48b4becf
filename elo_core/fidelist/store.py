"""The index as bytes, to keep across visits (the page stores them in the browser: OPFS or
IndexedDB) and to load again without reading the list: no parsing, the columns taken as they are.

The bytes: :data:`MAGIC`, the format's version and the length of a JSON head (what is known of
the list, the small tables, each column's length, type and packed length), the head, then each
column packed, and last a checksum (Adler-32) of everything before it. A column is packed as its
byte planes (every value's first byte, then every second byte, ...; little-endian), compressed
with zlib: the high bytes of the numbers are alike and the records' fields repeat, so the planes
compress well and fast (bench/RESULTS.md). :func:`parts` gives the pieces (the worker writes them
one by one); :func:`load` unpacks each column into its own buffer, so the bytes given can be let go.
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
FORMAT = 2
"""Bumped whenever the bytes change meaning: a kept index of another format is read again from the list."""
COLUMNS = ("ids", "starts", "order", "table", "bounds", "entries", "records", "names")
LEVEL = 1
"""zlib's level: the higher levels take several times as long for a few per cent less."""
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
    packed = [_pack(v, _width(name)) for name, v in zip(COLUMNS, views)]
    head = json.dumps({
        "info": fide_list.info.to_dict(), "people": p.people, "written": {str(k): v for k, v in p.written.items()},
        "slots": p.slots, "keys": b"\n".join(p.keys).decode("ascii"),
        "columns": [[name, _type(columns[name]), len(v), len(z)] for name, v, z in zip(COLUMNS, views, packed)],
    }, separators=(",", ":")).encode("utf-8")
    out: list[bytes | memoryview] = [MAGIC + _HEAD.pack(FORMAT, len(head)) + head, *packed]
    checksum = 1
    for piece in out:
        checksum = zlib.adler32(piece, checksum)
    out.append(_TAIL.pack(checksum))
    return out


def _width(name: str) -> int:
    """Bytes of one value of a column: its planes."""
    return RECORD.size if name == "records" else 1 if name == "names" else 4


def _pack(view: memoryview, width: int) -> bytes:
    planes = view if width == 1 else b"".join(bytes(view[i::width]) for i in range(width))
    return zlib.compress(planes, LEVEL)


def _unpack(packed: memoryview, length: int, width: int) -> bytearray:
    planes = zlib.decompress(packed, bufsize=max(length, 1))
    if len(planes) != length or length % width:
        raise ValueError("a column's length")
    if width == 1:
        return bytearray(planes)
    out = bytearray(length)
    size = length // width
    for i in range(width):
        out[i::width] = planes[i * size:(i + 1) * size]
    return out


def dumps(fide_list: FideList) -> bytes:
    """The bytes of the index in one piece."""
    return b"".join(parts(fide_list))


def load(data: bytes | bytearray | memoryview) -> FideList:
    """An index from :func:`parts`' bytes; :class:`EloError` naming ``data`` if they are not those."""
    view = memoryview(data).cast("B")
    if bytes(view[:len(MAGIC)]) != MAGIC:
        raise _refuse("these are not the bytes of a kept list")
    if len(view) < len(MAGIC) + _HEAD.size + _TAIL.size:
        raise _refuse("they are cut short")
    version, head_length = _HEAD.unpack_from(view, len(MAGIC))
    if version != FORMAT:
        raise _refuse(f"it was kept by another version of the calculator (format {version}, this one reads {FORMAT})")
    if zlib.adler32(view[:-_TAIL.size]) != _TAIL.unpack_from(view, len(view) - _TAIL.size)[0]:
        raise _refuse("they are damaged: their checksum is wrong")
    at = len(MAGIC) + _HEAD.size
    try:
        head = json.loads(bytes(view[at:at + head_length]))
        at += head_length
        columns: dict[str, Any] = {}
        for name, kind, length, size in head["columns"]:
            piece = _unpack(view[at:at + size], length, _width(name))
            at += size
            columns[name] = bytes(piece) if name == "names" else piece if kind == "B" else _column(memoryview(piece), kind)
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
