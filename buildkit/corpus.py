"""The requests the build answers with elo_core under node: the snapshot's check, and the corpus
that decides what the page's library holds (docs/performance.md, "The page's library")."""

from __future__ import annotations

import base64
import io
import zipfile

# The request the snapshot answers at build time and the worker again after restoring
# it: the restored interpreter must give exactly the same answer.
SNAPSHOT_CHECK = {"op": "rate", "args": {"rating": "1800", "k": "20",
                                         "games": "1750:1,1900:0.5", "rules": "2025-10-01"}}

# The page's library holds, as bytecode, the modules that answers to LIBRARY_CORPUS import
# (library.py): every operation of the door is asked at least once (a test checks), so that the
# standard modules each imports are there. The same corpus answered with the library alone must
# give the same answers.
_GAMES = [{"opponent": "1750", "score": "1"}, {"opponent": "1900", "score": "0.5"}, {"opponent": "2010", "score": "0"},
          {"opponent": "0", "score": "1"}, {"opponent": "1650", "score": "1"}]
_TRF = "\n".join([
    "012 Corpus Open Rapid", "042 28. 07. 2025", "052 May 29, 2025", "092 Individual: Swiss-System", "122 40/120, 60",
    "001    1 m GM Alpha, Ann                        2500 GER     1234567 1990/01/01  1.5    1     2 w 1     3 b =",
    "001    2 f WIM Beta, Bea                        2200 FRA     2345678 2001/02/03  0.0    3     1 b 0  0000 - -",
    "001    3 m    Gamma, Gus                        0000 ESP     3456789             0.5    2  0000 - +     1 w =",
]) + "\n"
_PGN = ('[Event "Corpus Blitz"]\n[UTCDate "2025.03.04"]\n[White "A, B"]\n[Black "C, D"]\n[Result "1-0"]\n'
        '[WhiteElo "2000"]\n[BlackElo "1900"]\n[TimeControl "180+2"]\n[Variant "Standard"]\n\n1. e4 e5 1-0\n\n'
        '[Event "Corpus Blitz"]\n[Date "2025.??.??"]\n[White "C, D"]\n[Black "A, B"]\n[Result "1/2-1/2"]\n'
        '[WhiteElo "1910"]\n[BlackElo "2010"]\n[TimeControl "10+0.05"]\n[Variant "Chess960"]\n\n1. d4 1/2-1/2\n')


def _fide_list() -> str:
    """A two-player combined FIDE list (TXT in a zip, as FIDE publishes it; made up, never FIDE's
    data), base64 as the door takes a file's bytes in JSON: the players of _TRF by FIDE ID."""
    widths = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6, 4)  # docs/fide-list.md, "Which files are read"
    rows = [("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "SRtng", "SGm", "SK", "RRtng", "RGm", "Rk",
             "BRtng", "BGm", "BK", "B-day", "Flag"),
            (1234567, "Alpha, Ann", "GER", "M", "GM", "", "", "", 2493, 9, 10, 2510, 0, 20, 2480, 0, 20, 1990, ""),
            (2345678, "Beta, Bea", "FRA", "F", "", "WIM", "FA", "", 2200, 0, 20, 0, 0, 0, 0, 0, 0, 2001, "w")]
    text = "".join("".join(f"{v!s:<{w}}" for v, w in zip(row, widths)).rstrip() + "\r\n" for row in rows)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("players_list_foa.txt", (2025, 7, 1, 12, 0, 0)), text.encode("ascii"))
    return base64.b64encode(out.getvalue()).decode("ascii")


_LIST = _fide_list()

LIBRARY_CORPUS: list = [
    SNAPSHOT_CHECK,
    {"op": "batch", "args": {"requests": [
        {"op": "rate", "args": {"rating": "1800", "k": "20", "method": "fide", "rules": "2025-10-01", "kind": "standard", "games": _GAMES}},
        {"op": "kfactor", "args": {"rating": "1800", "games_played": "12", "birth_year": "2010", "reached_2400": False,
                                   "date": "2025-10-01", "kind": "standard"}},
        {"op": "what_if", "args": {"rating": "1800", "k": "20", "games": _GAMES, "opponent": "1900"}},
        {"op": "score_needed", "args": {"rating": "1800", "k": "20", "games": _GAMES, "target": "1830", "remaining": "1900, 2000"}}]}},
    {"op": "rate", "args": {"rating": "1800", "k": "20", "method": "logistic", "rules": "", "kind": "rapid", "games": _GAMES}},
    {"op": "rate", "args": {"rating": "18o0", "k": "x", "rules": "2021-13-40", "games": [{"opponent": "", "score": "7"}]}},
    {"op": "single", "args": {"rating": "2700", "k": "10", "opponent": "1900", "opponent_k": "40", "rules": "2024-03-01", "kind": "blitz"}},
    {"op": "performance", "args": {"games": _GAMES}}, {"op": "initial", "args": {"games": _GAMES}},
    {"op": "games_text", "args": {"text": "1750 1\n1900 \u00bd; 2010:0\n2100\t="}},
    {"op": "table", "args": {}}, {"op": "curve", "args": {}}, {"op": "ping", "args": {}},
    {"op": "no such operation", "args": {}}, "not JSON",
    {"op": "lichess_settings", "args": {}},
    {"op": "lichess", "args": {"rating": "1500", "deviation": "350", "volatility": None, "days_idle": "3",
                               "opponent": {"rating": "1600", "deviation": "80"}, "speed": "blitz", "variant": "standard",
                               "colour": None, "colour_advantage": True, "gain_factor": None}},
    {"op": "glicko2", "args": {"rating": 1500, "deviation": 200, "volatility": 0.06, "games": [{"rating": 1400, "deviation": 30, "score": 1}]}},
    {"op": "glicko1", "args": {"rating": 1500, "deviation": 200, "games": [{"rating": 1400, "deviation": 30, "score": 1}]}},
    *({"op": op, "args": {"text": text, "norms": True, "details": True}} for op in ("event", "event_csv") for text in (_TRF, _PGN)),
    {"op": "event", "args": {"text": _PGN, "player": "A, B"}},
    {"op": "norm", "args": {"text": _TRF, "player": "1", "find": True}},
    {"op": "dwz", "args": {"rating": "1600", "index": "5", "birth_year": "1990", "games": ["1700:1", "1500:0.5"],
                           "end": "2025-10-06"}},
    {"op": "dwz_event", "args": {"text": _TRF, "ratings_as_dwz": True}},
    {"op": "ecf", "args": {"rating": "1600", "games": ["1700:1", "1500:0.5"]}},
    {"op": "ecf_event", "args": {"text": _TRF}}, {"op": "ecf_rules", "args": {}},
    {"op": "uscf", "args": {"rating": "1600", "games_played": "30", "games": ["1700:1", "1500:0.5"], "end": "2025-10-06"}},
    {"op": "uscf_event", "args": {"text": _TRF, "ratings_as_uscf": True}}, {"op": "uscf_rules", "args": {}},
    {"op": "period", "args": {"rating": "1953", "k": "20", "target": "1960", "events": [
        {"start": "2025-10-26", "end": "2025-11-02", "rating": "1952", "games": [[2174, 0], [1890, 0.5]]},
        {"start": "2025-11-15", "games": [[1800, 1]], "remaining": [1900]}]}},
    # The FIDE list the user opens, read as the worker reads it, a step at a time (more steps than
    # it needs: the last answer that no list is being read), then used; first asked with none open.
    {"op": "list_find", "args": {"query": "1234567"}}, {"op": "list_info", "args": {}},
    {"op": "list_open", "args": {"size": len(base64.b64decode(_LIST)), "name": "players_list.zip", "month": "2025-07"}},
    {"op": "list_read", "args": {"chunk": _LIST, "last": True}}, *({"op": "list_read", "args": {}} for _ in range(5)),
    {"op": "list_use", "args": {}}, {"op": "list_info", "args": {}},
    {"op": "list_find", "args": {"query": "1234567"}}, {"op": "list_find", "args": {"query": "beta bea", "kind": "rapid"}},
    {"op": "event", "args": {"text": _TRF, "fide_list": True}},
    {"op": "list_export", "args": {}}, {"op": "list_import", "args": {"data": "AAAA"}}, {"op": "list_forget", "args": {}},
]

