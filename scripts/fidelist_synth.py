"""Synthetic FIDE rating lists in FIDE's exact forms, for the tests and the benchmark.

FIDE reserves its rights to its lists, so the repository holds none: every list the tests and
bench/fidelist.py read is made here, of any size, from a seed. The forms follow
docs/fide-list.md: the combined TXT list with and without the FOA column (162 and 158
characters a line, CRLF), the single-kind TXT lists (136 characters; the rating column headed by
the month, e.g. ``OCT26``), the XML lists, and the zips FIDE names them in. A few players of a
large list are arbiters whose other titles overflow their column, as in FIDE's files.

    python scripts/fidelist_synth.py combined 1930000 /tmp/players_list.zip
    python scripts/fidelist_synth.py standard 570000 /tmp/standard_rating_list.zip
    python scripts/fidelist_synth.py combined 60 tests/fidelist/data/players_list.zip --examples  # docs/cli.md's
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

KINDS = ("standard", "rapid", "blitz")
# FIDE's names for its files: form -> (the zip, the file inside it)
FILES = {
    "combined": ("players_list.zip", "players_list_foa.txt"),
    "legacy": ("players_list_legacy.zip", "players_list.txt"),
    "combined_xml": ("players_list_xml.zip", "players_list_xml_foa.xml"),
    **{kind: (f"{kind}_rating_list.zip", f"{kind}_rating_list.txt") for kind in KINDS},
    **{f"{kind}_xml": (f"{kind}_rating_list_xml.zip", f"{kind}_rating_list.xml") for kind in KINDS},
}
HEADERS = {
    "combined": "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
                "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag",
    "legacy": "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
              "SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag",
    "single": "ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
              "FOA {month} Gms K  B-day Flag",
}
XML_FIELDS = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating", "games", "k",
              "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birthday", "flag")

COMMON_SURNAMES = ("Kumar", "Singh", "Wang", "Li", "Zhang", "Nguyen", "Ivanov", "Smirnov", "Mohammed", "Garcia", "Martinez",
                   "Rodriguez", "Lopez", "Hernandez", "Gonzalez", "Perez", "Kim", "Lee", "Park", "Mueller", "Schmidt",
                   "Rossi", "Russo", "Popov", "Petrov", "Sharma", "Patel", "Das", "Ali", "Khan", "Hosseini", "Yilmaz",
                   "Kaya", "Novak", "Horvat", "Kovacs", "Nagy", "Silva", "Santos", "Pereira", "Dubois", "Martin",
                   "Bernard", "Smith", "Jones", "Brown", "Chen", "Liu", "Yang", "Huang", "Zhao", "Wu", "Xu", "Sun",
                   "Ahmed", "Hassan", "Ibrahim", "Tran", "Le", "Pham", "Kowalski", "Nowak", "Jensen", "Hansen")
COMMON_FIRST = ("Alexander", "Maria", "Mohammed", "Ivan", "Anna", "David", "Daniel", "Andrei", "Elena", "Sergey",
                "Aditya", "Arjun", "Wei", "Jose", "Juan", "Carlos", "Luis", "Ali", "Ahmed", "Olga", "Natalia",
                "Michael", "Thomas", "Peter", "Paul", "Magnus", "Li", "Yi", "Na", "Jan", "Marco", "Luca", "Sofia",
                "Fatima", "Omar", "Hamid", "Reza", "Mehmet", "Emre", "Vladimir", "Dmitry", "Mikhail", "Nikolai")
SYLLABLES = ("ka", "ri", "mo", "ta", "len", "sa", "vi", "ro", "na", "ber", "ko", "dan", "mi", "sen", "tor", "lu", "ga",
             "shi", "an", "el", "zu", "per", "ov", "ich", "ez", "son", "berg", "ma", "ni", "dze", "yan", "hu", "qi")
FEDERATIONS = ("IND", "RUS", "ESP", "FRA", "GER", "USA", "ITA", "POL", "TUR", "IRI", "BRA", "ARG", "CHN", "UKR", "SRB",
               "CZE", "HUN", "NED", "ENG", "GRE", "COL", "PER", "MEX", "KAZ", "UZB", "BAN", "SRI", "VIE", "PHI", "INA")
OTHER_TITLES = ("IA", "FA", "NA", "FT", "FST", "DI", "NI", "IA,FT", "FA,NI", "IO", "SI", "FI")
OVERFLOW = ("SI,FI,LSI,SLI,NA", "IA,FA,IO,FST,DIX")
"""Other titles one character too long for their column (15): the rest of the line moves right."""


@dataclass(frozen=True)
class Synth:
    id: int
    name: str
    fed: str = "ENG"
    sex: str = "M"
    title: str = ""
    wtitle: str = ""
    otitle: str = ""
    foa: str = ""
    ratings: tuple[int, int, int] = (0, 0, 0)
    games: tuple[int, int, int] = (0, 0, 0)
    k: tuple[int, int, int] = (0, 0, 0)
    birth: int = 0
    flag: str = ""


# Made-up players with every field set, first in the tests' lists and in the docs' examples (--examples):
# two arbiters whose other titles overflow their column, a champion, a junior.
EXAMPLES = (
    Synth(4100018, "Vukovic, Ana", "SRB", "F", "WFM", "WFM", "SI,FI,LSI,SLI,NA", "AFM", (1905, 1888, 1900), (3, 0, 11),
          (20, 20, 20), 1971, "w"),
    Synth(4100026, "Okafor, Tunde", "NGR", "M", "", "", "IA,FA,IO,FST,DIX", "", (0, 0, 0), (0, 0, 0), (0, 0, 0), 1958, "i"),
    Synth(1503014, "Hallgrimsson, Magnus", "NOR", "M", "GM", "", "", "", (2830, 2801, 2860), (0, 12, 0), (10, 10, 10),
          1990, ""),
    Synth(34100999, "Li, Na", "CHN", "F", "", "WCM", "", "", (1650, 0, 1580), (9, 0, 4), (40, 0, 40), 2012, "w"),
)


def examples(single: str | None = None) -> list[Synth]:
    """:data:`EXAMPLES` (a single-kind list's: those rated in its kind)."""
    return [p for p in EXAMPLES if single is None or p.ratings[KINDS.index(single)]]


def _zipf(rng: random.Random, pool: tuple[str, ...]) -> str:
    """A common name, the first of ``pool`` the most common (Zipf's law, exponent 0.8)."""
    return rng.choices(pool, cum_weights=_WEIGHTS[len(pool)])[0]


_WEIGHTS = {n: list(accumulate(1 / (k + 1) ** 0.8 for k in range(n))) for n in (len(COMMON_SURNAMES), len(COMMON_FIRST))}


def _made_up(rng: random.Random, parts: int) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()


def _name(rng: random.Random) -> str:
    last = _zipf(rng, COMMON_SURNAMES) if rng.random() < 0.35 else _made_up(rng, rng.choice((2, 3, 3, 4)))
    first = _zipf(rng, COMMON_FIRST) if rng.random() < 0.4 else _made_up(rng, rng.choice((2, 2, 3)))
    shape = rng.random()
    if shape < 0.05:
        return f"{last}, {first} {_made_up(rng, 2)}"
    if shape < 0.09:
        return f"{last}, {first[0]}"
    if shape < 0.12:
        return f"{first} {last[0]}"  # names as India writes them (``Aadhira V``)
    if shape < 0.13:
        return f"van der {last}, {first}"
    if shape < 0.135:
        return f"O'{last}, {first}"
    return f"{last}, {first}"


def players(n: int, seed: int = 1, unrated_share: float = 0.6, single: str | None = None) -> Iterator[Synth]:
    """``n`` players; a single-kind list's (``single``) are all rated in that kind."""
    rng = random.Random(seed)
    ids = rng.sample(range(100_000, 700_000_000), n)
    for i, fid in enumerate(ids):
        sex = "F" if rng.random() < 0.15 else "M"
        ratings, games, ks = [0, 0, 0], [0, 0, 0], [0, 0, 0]
        rated = single is not None or rng.random() >= unrated_share
        birth = 0 if rng.random() < 0.02 else rng.randint(1935, 2019)
        for slot, share in enumerate((0.75, 0.55, 0.5)):
            if single is not None and KINDS[slot] != single or single is None and (not rated or rng.random() > share):
                continue
            r = max(1400, min(2850, int(rng.gauss(1700, 260))))
            ratings[slot] = r
            games[slot] = 0 if rng.random() < 0.7 else rng.randint(1, 14)
            ks[slot] = 10 if r >= 2400 else 40 if birth >= 2008 else 20
        if single is None and rated and not any(ratings):
            ratings[0], ks[0] = 1500, 20
        title = wtitle = otitle = foa = ""
        best = max(ratings)
        if best >= 2500 and rng.random() < 0.6:
            title = "GM"
        elif best >= 2350 and rng.random() < 0.5:
            title = "IM"
        elif best >= 2250 and rng.random() < 0.4:
            title = "FM"
        if sex == "F" and best >= 2100 and rng.random() < 0.5:
            wtitle = rng.choice(("WGM", "WIM", "WFM", "WCM"))
        if rng.random() < 0.015:
            otitle = rng.choice(OTHER_TITLES)
        if i % 200_000 == 7:
            otitle, foa = OVERFLOW[0], "AFM"
        elif i % 200_000 == 11:
            otitle = OVERFLOW[1]
        elif rng.random() < 0.001:
            foa = "AGM"
        flag = ("w" if sex == "F" else "") + ("i" if rated and rng.random() < 0.35 else "")
        yield Synth(fid, _name(rng)[:60], rng.choice(FEDERATIONS), sex, title, wtitle, otitle, foa, tuple(ratings),
                    tuple(games), tuple(ks), birth, flag)  # type: ignore[arg-type]


def _cell(value: object, width: int) -> str:
    """A value left-aligned in its column, as FIDE writes them (a longer one is written whole)."""
    return f"{value!s:<{width}}"


def txt_line(p: Synth, form: str = "combined", unrated: str = "zero") -> str:
    """One player as FIDE writes them: ``form`` is ``combined``, ``legacy`` or a kind (a single-kind list).
    ``unrated``: ``zero`` writes an unrated kind's figures as 0, ``blank`` leaves them blank."""
    line = (f"{p.id:<15}{p.name:<61}{p.fed:<4}{p.sex:<4}{p.title:<5}{p.wtitle:<5}{p.otitle:<15}"
            + ("" if form == "legacy" else _cell(p.foa, 4)))
    if form in KINDS:
        s = KINDS.index(form)
        return line + f"{_cell(p.ratings[s], 6)}{_cell(p.games[s], 4)}{_cell(p.k[s], 3)}{_cell(p.birth, 6)}{p.flag:<4}"
    for s in range(3):
        shown = bool(p.ratings[s]) or unrated == "zero"
        line += "".join(_cell(v if shown else "", w) for v, w in ((p.ratings[s], 6), (p.games[s], 4), (p.k[s], 3)))
    return line + f"{_cell(p.birth, 6)}{p.flag:<4}"


def txt_list(people: Iterable[Synth], form: str = "combined", month: str = "OCT26", unrated: str = "zero",
             newline: str = "\r\n") -> Iterator[str]:
    """The lines of a TXT list (its header first), each with its line end."""
    yield HEADERS["single" if form in KINDS else form].format(month=month) + newline
    for p in people:
        yield txt_line(p, form, unrated) + newline


def xml_list(people: Iterable[Synth], kind: str | None = None, unrated: str = "zero") -> Iterator[str]:
    """The text of an XML list, a player at a time (``kind``: a single-kind list's)."""
    yield "<playerslist>\n"
    for p in people:
        values: dict[str, object] = {"fideid": p.id, "name": _xml(p.name), "country": p.fed, "sex": p.sex, "title": p.title,
                                     "w_title": p.wtitle, "o_title": p.otitle, "foa_title": p.foa, "birthday": p.birth,
                                     "flag": p.flag}
        for s, prefix in enumerate(("", "rapid_", "blitz_")):
            if kind is not None and KINDS[s] != kind:
                continue
            rated = bool(p.ratings[s]) or unrated == "zero"
            for field, value in (("rating", p.ratings[s]), ("games", p.games[s]), ("k", p.k[s])):
                values[(prefix if kind is None else "") + field] = value if rated else ""
        fields = [f for f in XML_FIELDS if f in values]
        yield "<player>\n" + "".join(f"<{f}>{values[f]}</{f}>\n" for f in fields) + "</player>\n"
    yield "</playerslist>\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("'", "&apos;")


def text(form: str, people: Iterable[Synth], **options: str) -> bytes:
    """A whole list's bytes (TXT or XML by ``form``, a key of :data:`FILES`)."""
    if form.endswith("_xml"):
        kind = form.removesuffix("_xml")
        return "".join(xml_list(people, None if kind == "combined" else kind, **options)).encode("utf-8")
    return "".join(txt_list(people, form, **options)).encode("ascii")


def zipped(files: dict[str, bytes], stream: bool = False) -> bytes:
    """A zip of ``files`` (``stream``: sizes after the data, as a zip written on the fly has them)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            if stream:
                with z.open(zipfile.ZipInfo(name, (2026, 10, 9, 12, 0, 0)), "w", force_zip64=False) as f:
                    f.write(data)
            else:
                z.writestr(zipfile.ZipInfo(name, (2026, 10, 9, 12, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def write(form: str, n: int, path: Path, seed: int = 1, unrated: str = "zero", named: bool = False) -> Path:
    """A list of ``n`` players zipped as FIDE names it, written a piece at a time (a large one fits no
    string); ``named``: :data:`EXAMPLES` first."""
    kind = form.removesuffix("_xml")
    single = kind if kind in KINDS else None
    people: Iterable[Synth] = players(n, seed, single=single)
    if named:
        people = [*examples(single), *people]
    lines = xml_list(people, single, unrated) if form.endswith("_xml") else txt_list(people, form, unrated=unrated)
    info = zipfile.ZipInfo(FILES[form][1], (2026, 10, 9, 12, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(path, "w") as z, z.open(info, "w", force_zip64=True) as f:
        batch: list[str] = []
        for line in lines:
            batch.append(line)
            if len(batch) >= 10_000:
                f.write("".join(batch).encode("utf-8"))
                batch.clear()
        f.write("".join(batch).encode("utf-8"))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("form", choices=sorted(FILES))
    parser.add_argument("players", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", action="store_true", help="the made-up players of the docs' examples first")
    a = parser.parse_args()
    write(a.form, a.players, a.out, a.seed, named=a.examples)
    print(f"{a.out}: {a.out.stat().st_size / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
