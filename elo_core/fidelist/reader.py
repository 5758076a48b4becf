"""Reading a list a chunk at a time: :class:`ListReader`, the one way in for every form.

The page's worker holds the file, not Python: it feeds the reader the file's bytes a chunk at a
time (:meth:`ListReader.feed`), and calls :meth:`ListReader.step` until the step says it needs the
next chunk; after the last, :meth:`ListReader.end`, and steps again until done. Each step does a
bounded amount of work (about ``step_bytes`` of the list's text, or a share of the index), so the
worker can post progress between steps and answer other requests; :meth:`ListReader.result` is
the index once done. The command line does the same in a loop.

    reader = ListReader(size=len(data), name="players_list.zip")
    for chunk in chunks:
        reader.feed(chunk)
        while not (progress := reader.step()).needs_input: ...
    reader.end()
    while not (progress := reader.step()).done: ...
    fide_list = reader.result()

What the file is, is told from its bytes, not its name: a zip (its first member that is a list is
read, the others are named in :attr:`ListInfo.ignored`), a TXT list (its header line), an XML list
(``<playerslist>``). Anything else is refused, saying what was expected and what the file seems to be.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from elo_core.errors import EloError
from elo_core.fidelist import forms
from elo_core.fidelist.builder import Builder
from elo_core.fidelist.index import FideList, Parts
from elo_core.fidelist.indexing import index
from elo_core.fidelist.player import ListInfo
from elo_core.fidelist.sniff import NOT_A_LIST, looks_like, not_a_list
from elo_core.fidelist.txt import TxtPlayers
from elo_core.fidelist.unzip import LOCAL, Member, Unzip
from elo_core.fidelist.xml import XmlPlayers, combined
from elo_core.limits import KINDS
from elo_core.plain import Plain

MAX_FILE_BYTES = 1_200_000_000
"""A larger file is refused before it is read: FIDE's largest, the combined list's XML, is about
0.86 GB unpacked (docs/fide-list.md)."""
MAX_TEXT_BYTES = MAX_FILE_BYTES
"""The list's text (unpacked) read at most: a zip that unpacks to more is refused."""
STEP_BYTES = 1 << 20
"""The list's text a step reads, by default."""
READ_SHARE = 0.6
"""Reading's share of the time (the index's is the rest), for the progress bar."""
SNIFF = 4096
MAX_LINE = 1 << 16


@dataclass(frozen=True)
class Progress(Plain):
    stage: str
    """``reading``, ``indexing`` or ``done``."""
    fraction: float
    """Of the whole work, 0 to 1 (a bar's width)."""
    read: int
    """Bytes of the file read."""
    total: int | None
    players: int
    needs_input: bool
    """The next chunk of the file, please (or :meth:`ListReader.end`)."""
    done: bool


class ListReader:
    """One list read from its bytes; see the module's docstring."""

    def __init__(self, size: int | None = None, name: str = "", month: str | None = None, kind: str | None = None,
                 step_bytes: int = STEP_BYTES) -> None:
        if size is not None and size > MAX_FILE_BYTES:
            raise EloError("file", f"{name or 'the file'} is {size / 1e9:.1f} GB; a FIDE list is read up to "
                                   f"{MAX_FILE_BYTES / 1e9:.1f} GB (FIDE's largest, the combined list's XML, is about "
                                   "0.86 GB unpacked, and its zip 51 MB): is this the right file?")
        if size == 0:
            raise EloError("file", f"{name or 'the file'} is empty (0 bytes): {NOT_A_LIST}")
        self.size, self.name, self.month, self.kind, self.step_bytes = size, name, month, kind, max(step_bytes, SNIFF)
        self.inbox = b""
        self.at = 0
        """Where the bytes fed and not yet read start in :attr:`inbox`."""
        self.fed = self.text_bytes = 0
        self.waiting = False
        """The zip wants more bytes."""
        self.ended = False
        self.zip: Unzip | None = None
        self.plain = False
        self.member: Member | None = None
        self.skipping = False
        self.ignored: list[str] = []
        self.text = b""
        self.form: TxtPlayers | XmlPlayers | None = None
        self.lines = 1
        self.builder = Builder()
        self.kinds: tuple[str, ...] = ()
        self.month_from: str | None = None
        self.file_month: str | None = None
        self.form_name = ""
        self.list_member: str | None = None
        self.indexing: Generator[float, None, Parts] | None = None
        self.players = 0
        """Players read, once the list is whole."""
        self.index_done = 0.0
        self._result: FideList | None = None

    # --- the worker's calls --------------------------------------------------------------------------------

    def feed(self, data: bytes | bytearray | memoryview) -> None:
        """The next chunk of the file (no work is done until :meth:`step`)."""
        if self.ended:
            raise EloError("file", "the file was already read to its end")
        self.fed += len(data)
        if self.size is not None and self.fed > self.size:
            raise EloError("file", f"more bytes came than the file's size ({self.size:,})")
        if self.size is None and self.fed > MAX_FILE_BYTES:
            raise EloError("file", f"the file is larger than {MAX_FILE_BYTES / 1e9:.1f} GB: not a FIDE list")
        self.inbox = self.inbox[self.at:] + bytes(data) if self.at < len(self.inbox) else bytes(data)
        self.at = 0
        self.waiting = False

    def end(self) -> None:
        """No more bytes: the file is whole."""
        if self.fed == 0:
            raise EloError("file", f"{self.name or 'the file'} is empty (0 bytes): {NOT_A_LIST}")
        if self.size is not None and self.fed < self.size:
            raise EloError("file", f"only {self.fed:,} of the file's {self.size:,} bytes came: read it again")
        self.ended = True

    def step(self) -> Progress:
        """A bounded share of the work; what is done so far."""
        if self._result is None:
            if self.indexing is not None:
                self._index()
            elif self.zip is None and not self.plain:
                self._start()
            else:
                self._read()
        return self.progress()

    def result(self) -> FideList:
        if self._result is None:
            raise EloError("file", "the list is not read yet")
        return self._result

    def progress(self) -> Progress:
        total = self.size or (self.fed if self.ended else None)
        read = self.fed - (len(self.inbox) - self.at) - (self.zip.left() if self.zip else 0)
        reading = min(1.0, read / total) if total else 0.0
        stage = "done" if self._result else "indexing" if self.indexing else "reading"
        fraction = 1.0 if self._result else READ_SHARE * reading + (1 - READ_SHARE) * self.index_done
        unread = self.at < len(self.inbox)
        # Waiting means the bytes held are too few to go on (a zip's next piece, or a file's first four
        # bytes before its form is told): more are needed even though some are unread.
        needs = stage == "reading" and not self.ended and (self.waiting or (not unread and self.zip is None))
        return Progress(stage, round(fraction, 4), read, total, self.players or len(self.builder), needs,
                        self._result is not None)

    # --- reading -------------------------------------------------------------------------------------------

    def _start(self) -> None:
        if len(self.inbox) < 4 and not self.ended:
            self.waiting = True
            return
        if self.inbox.startswith(LOCAL) or self.inbox.startswith(b"PK\x05\x06"):
            self.zip = Unzip()
        else:
            self.plain = True
        self._read()

    def _read(self) -> None:
        if self.zip is not None:
            self._read_zip()
            return
        take = self.inbox[self.at:self.at + self.step_bytes]
        self.at += len(take)
        if take:
            self._text(take)
        if self.at >= len(self.inbox) and self.ended and self.indexing is None:
            self._list_end()

    def _read_zip(self) -> None:
        z = self.zip
        assert z is not None
        if self.at < len(self.inbox):
            z.feed(self.inbox[self.at:])
            self.inbox, self.at = b"", 0
        budget = self.step_bytes
        while budget > 0:
            kind, piece = z.pull(budget)
            if kind == "member":
                assert isinstance(piece, Member)
                self.member = piece
                self.skipping = self.form is not None or piece.name.endswith("/")
                if self.form is not None:
                    self.ignored.append(piece.name)
            elif kind == "data":
                assert isinstance(piece, bytes)
                budget -= len(piece)
                if not self.skipping:
                    self._text(piece)
                else:
                    self._count(len(piece))
            elif kind == "end":
                if not self.skipping:
                    self._list_end()
                self.skipping = False
            else:
                if kind == "done" or self.ended:
                    self._zip_end()
                self.waiting = kind == "need"
                break

    def _zip_end(self) -> None:
        z = self.zip
        assert z is not None
        if self.indexing is not None or self._result is not None:
            return
        missing = z.cut_short()
        if missing:
            raise EloError("file", missing)
        if self.form is None:
            held = ", ".join(z.members[:5]) + (", ..." if len(z.members) > 5 else "")
            raise EloError("file", f"the zip holds {held or 'nothing'}, not a FIDE list: {NOT_A_LIST}")
        raise EloError("file", "the zip ends before the list is whole: it is cut short (truncated); download it again")

    def _count(self, n: int) -> None:
        self.text_bytes += n
        if self.text_bytes > MAX_TEXT_BYTES:
            raise EloError("file", f"the list unpacks to more than {MAX_TEXT_BYTES / 1e9:.1f} GB: not a FIDE list")

    def _text(self, data: bytes) -> None:
        """More of the list's text: the whole lines or players in it read."""
        self._count(len(data))
        self.text = self.text + data if self.text else data
        if self.form is None and not self._sniff(final=False):
            return
        self._parse()

    def _parse(self, final: bool = False) -> None:
        form = self.form
        if isinstance(form, TxtPlayers):
            cut = len(self.text) if final else self.text.rfind(b"\n") + 1
            if cut:
                block, self.text = self.text[:cut], self.text[cut:]
                self.lines += form.lines(block + (b"\n" if final and not block.endswith(b"\n") else b""), self.lines)
            elif len(self.text) > MAX_LINE:
                raise EloError("file", f"line {self.lines} of the list is longer than {MAX_LINE:,} characters: "
                                       "the list is damaged, or not a FIDE list")
        elif isinstance(form, XmlPlayers):
            taken = form.take(self.text)
            self.text = self.text[taken:]
            if not taken and len(self.text) > MAX_LINE:
                raise EloError("file", f"the XML has no </player> after line {form.line}: it is damaged")

    def _sniff(self, final: bool) -> bool:
        """Tell the list's form from its first bytes; False while too few have come."""
        head = self.text[:SNIFF]
        where = self.member.name if self.member else self.name
        if not final and len(head) < SNIFF:
            return False
        seen = looks_like(head)
        if seen == "xml":
            end = self.text.find(b"</player>")
            if end < 0 and not final and len(self.text) < MAX_LINE:
                return False
            is_combined = end >= 0 and combined(self.text[:end])
            self.form = XmlPlayers(self.builder)
            self.list_member = self.member.name if self.member else None
            self._kinds(is_combined, "(XML)", None, "")
            return True
        if seen == "txt":
            first = self.text.find(b"\n")
            header = self.text[:first if first >= 0 else len(self.text)].lstrip(b"\xef\xbb\xbf")
            layout = forms.txt_layout(header)
            if layout is not None:
                self.form = TxtPlayers(layout, self.builder)
                self.list_member = self.member.name if self.member else None
                self.text = self.text[first + 1:] if first >= 0 else b""
                self.lines = 2
                legacy = layout.combined and "foa" not in layout.columns
                self._kinds(layout.combined, "without FOA (TXT)" if legacy else "(TXT)", layout.month, layout.month_token)
                return True
        reason = not_a_list(head, where)
        if self.zip is not None and self.member is not None:
            self.ignored.append(f"{self.member.name} ({reason})")
            self.skipping, self.text = True, b""
            return False
        raise EloError("file", f"{where or 'the file'} is not a FIDE list ({reason}): {NOT_A_LIST}")

    def _kinds(self, is_combined: bool, form: str, month: str | None, token: str) -> None:
        names = [n for n in (self.member.name if self.member else "", self.name) if n]
        if is_combined:
            self.kinds = KINDS
        else:
            said = next((k for k in map(forms.kind_in, names) if k), None)
            kind = said or (self.kind if self.kind in KINDS else None)
            self.kinds = (kind,) if kind else ()
        self.form_name = f"{'combined' if is_combined else self.kinds[0] if self.kinds else 'single-kind'} list {form}"
        named = next((m for m in map(forms.month_in, names) if m), None)
        if month:
            self.file_month, self.month_from = month, f"the list's header ({token})"
        elif named:
            self.file_month, self.month_from = named, "the file's name"
        else:
            self.file_month = None

    def _list_end(self) -> None:
        if self.form is None and self.text:
            self._sniff(final=True)
        if self.form is None:
            if self.zip is not None:
                return
            raise EloError("file", f"{self.name or 'the file'} is not a FIDE list: {NOT_A_LIST}")
        self._parse(final=True)
        if isinstance(self.form, XmlPlayers) and b"<player" in self.text:
            raise EloError("file", f"the XML ends inside a player (line {self.form.line}): it is cut short (truncated)")
        if not len(self.builder):
            raise EloError("file", f"{self.name or 'the list'} has a FIDE list's header but no player: "
                                   "it is cut short, or not the whole list")
        slots = {k: i for i, k in enumerate(self.kinds)}
        self.players = len(self.builder)
        self.indexing = index(self.builder, slots)

    def _index(self) -> None:
        assert self.indexing is not None
        try:
            self.index_done = next(self.indexing)
        except StopIteration as done:
            self._result = FideList(self._info(), done.value)
            self.indexing = None

    def _info(self) -> ListInfo:
        month, month_from, problems = self.file_month, self.month_from, self.builder.problems
        given = forms.parse_month(self.month) if self.month else None
        if given and month and given != month:
            problems.add(None, f"the month given ({given}) is not the list's ({month}, from {month_from}): the list's is used")
        elif given and not month:
            month, month_from = given, "given"
        made = self.member.made if self.member and self.zip else None
        hint = forms.month_text(*made) if made and not month and made[0] >= 2000 and 1 <= made[1] <= 12 else None
        asks = tuple(a for a, missing in (("kind", not self.kinds), ("month", not month)) if missing)
        return ListInfo(month, month_from if month else None, hint, self.kinds, self.form_name, self.zip is not None,
                        self.name, self.list_member, self.players,
                        self.lines - 1, tuple(problems.kept), problems.count, tuple(self.ignored), asks)
