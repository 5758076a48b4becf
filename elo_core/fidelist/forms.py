"""The forms of FIDE's rating list, as data: the TXT header's labels, the XML's element names, the
titles' letters, the month tokens, and what a file's name says of its list.

Sources: FIDE's download page (https://ratings.fide.com/download_lists.phtml, the files and their
names; archives ``standard_oct26frl.zip`` and so on since 2015) and the files themselves, as
described in docs/fide-list.md. The columns of a TXT list are found from its header line, never
from fixed positions: FIDE has changed them before (the FOA column), and the single-kind lists head
their rating column with the month (``OCT26``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from elo_core.errors import EloError, show
from elo_core.limits import KINDS, Kind

FIELDS = ("id", "name", "fed", "sex", "title", "wtitle", "otitle", "foa", "rating", "games", "k",
          "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birth", "flag")
"""A player's fields, named as FIDE's XML names them (the combined list's ``rating``, ``games`` and
``k`` are the standard ones; a single-kind list's are its kind's)."""

# The TXT header's labels (compared without case), as FIDE writes them; the older single-kind
# lists' aliases beside them.
TXT_LABELS: dict[str, str] = {
    "id number": "id", "id_number": "id", "name": "name", "fed": "fed", "sex": "sex", "tit": "title",
    "wtit": "wtitle", "otit": "otitle", "foa": "foa",
    "srtng": "rating", "sgm": "games", "sk": "k", "rrtng": "rapid_rating", "rgm": "rapid_games", "rk": "rapid_k",
    "brtng": "blitz_rating", "bgm": "blitz_games", "bk": "blitz_k",
    "gms": "games", "games": "games", "k": "k", "b-day": "birth", "bday": "birth", "born": "birth", "flag": "flag",
}
HEADER_TOKEN = re.compile(rb"ID[ _]Number|\S+", re.I)

MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
MONTH_TOKEN = re.compile(r"(?<![a-z])(" + "|".join(MONTHS) + r")[_-]?(\d{2})(?!\d)", re.I)
"""``OCT26`` (a single-kind list's rating column), ``oct26`` in an archive's name (``standard_oct26frl.zip``)."""

KIND_WORDS: tuple[tuple[str, Kind], ...] = (("standard", "standard"), ("std", "standard"), ("rapid", "rapid"),
                                            ("rpd", "rapid"), ("blitz", "blitz"), ("blz", "blitz"))
"""Words in a file's name that say which single-kind list it is (``rapid_rating_list.zip``)."""
COMBINED_WORDS = ("players_list",)

TITLE_LETTERS = {"g": "GM", "wg": "WGM", "m": "IM", "wm": "WIM", "f": "FM", "wf": "WFM", "c": "CM", "wc": "WCM"}
"""Older files write titles as letters."""

FOA_TITLE = re.compile(rb"AW?[GIFC]M")
"""The FIDE Online Arena titles (AGM, AIM, AFM, ACM) of the FOA column."""
FLAG_INACTIVE = "i"
"""The Flag column: ``i`` inactive, ``w`` woman, ``wi`` both (the XML's ``flag`` likewise)."""

LIMITS = {"rating": 3500, "games": 9999, "k": 100}
"""A value above these is not a list's: the line is reported as damaged."""
BIRTH_YEARS = (1880, 2100)


def month_text(year: int, month: int) -> str:
    """A list's month as ``YYYY-MM``."""
    return f"{year:04d}-{month:02d}"


def month_in(text: str) -> str | None:
    """The month a token such as ``OCT26`` names, as ``YYYY-MM`` (years 2000-2099), or None.

    >>> month_in("OCT26"), month_in("standard_sep15frl_xml.zip"), month_in("players_list.zip")
    ('2026-10', '2015-09', None)
    """
    m = MONTH_TOKEN.search(text)
    return month_text(2000 + int(m.group(2)), MONTHS.index(m.group(1).upper()) + 1) if m else None


def parse_month(value: object, field: str = "month") -> str:
    """A month as the user gives it: ``2026-10``, ``OCT26``, ``Oct 2026`` or ``10/2026``; as ``YYYY-MM``.

    >>> parse_month("2026-10"), parse_month("oct26"), parse_month("October 2026"), parse_month("10/2026")
    ('2026-10', '2026-10', '2026-10', '2026-10')
    """
    text = str(value or "").strip()
    m = re.fullmatch(r"(\d{4})-(\d{1,2})", text) or re.fullmatch(r"(\d{1,2})/(\d{4})", text)
    if m:
        year, month = (int(m.group(1)), int(m.group(2))) if len(m.group(1)) == 4 else (int(m.group(2)), int(m.group(1)))
    else:
        words = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s*(\d{2}|\d{4})", text)
        if not words or words.group(1).upper() not in MONTHS:
            raise EloError(field, f"must be a month such as 2026-10 or OCT26, not {show(text)}")
        year, month = int(words.group(2)) % 100 + 2000, MONTHS.index(words.group(1).upper()) + 1
    if not (1 <= month <= 12 and 2000 <= year <= date.today().year + 1):
        raise EloError(field, f"must be a month of a FIDE list (2000 to next year), not {show(text)}")
    return month_text(year, month)


def kind_in(name: str) -> Kind | None:
    """The kind a single-kind list's file name says (``rapid_rating_list.xml``), or None.

    >>> kind_in("blitz_rating_list_xml.zip"), kind_in("standard_oct26frl.txt"), kind_in("players_list_foa.txt")
    ('blitz', 'standard', None)
    """
    low = name.lower()
    for word, kind in KIND_WORDS:
        if re.search(rf"(?<![a-z]){word}(?![a-z])|(?<![a-z]){word}_", low):
            return kind
    return None


def title(text: str) -> str:
    """A title as the list writes it, in today's letters (``g`` is ``GM``)."""
    t = text.strip()
    return TITLE_LETTERS.get(t.lower(), t.upper())


@dataclass(frozen=True)
class TxtLayout:
    """What a TXT list's header says: each field's columns, the list's kinds and its month."""

    columns: dict[str, tuple[int, int | None]]
    """Field -> [start, end) on the line; the last column runs to the line's end (``None``)."""
    kinds: tuple[Kind, ...]
    """The combined list's three kinds; a single-kind list's one, or () when its header does not say."""
    month: str | None
    month_token: str
    width: int
    """The header line's length: most lines have it."""
    unknown: tuple[str, ...]
    """Header labels not known here: their columns are left unread."""

    @property
    def combined(self) -> bool:
        return len(self.kinds) == 3

    @property
    def shifted_from(self) -> int:
        """Where the columns after the other titles start: a line longer than the header carries
        the extra characters there (a long list of other titles)."""
        start, end = self.columns.get("otitle", (0, None))
        return end if end is not None else 0


def txt_layout(header: bytes) -> TxtLayout | None:
    """The layout a TXT header line describes, or None when it is not a FIDE list's header."""
    columns: dict[str, int] = {}
    unknown, month, token = [], None, ""
    for m in HEADER_TOKEN.finditer(header):
        label = m.group().decode("ascii", "replace")
        field = TXT_LABELS.get(label.lower().replace("  ", " "))
        if field is None and (found := month_in(label)) and MONTH_TOKEN.fullmatch(label):
            field, month, token = "rating", found, label.upper()
        if field is None or field in columns:
            unknown.append(label)
            continue
        columns[field] = m.start()
    if not {"id", "name", "rating"} <= set(columns):
        return None
    ordered = sorted(columns.items(), key=lambda kv: kv[1])
    spans = {f: (start, ordered[i + 1][1] if i + 1 < len(ordered) else None) for i, (f, start) in enumerate(ordered)}
    combined = {"rapid_rating", "blitz_rating"} <= set(columns)
    kinds: tuple[Kind, ...] = KINDS if combined else ()
    return TxtLayout(spans, kinds, month, token, len(header.rstrip(b"\r\n ")), tuple(unknown))
