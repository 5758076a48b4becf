"""Event files for the DWZ tests: a round robin as a TRF-2026 with the German list's national records."""

from __future__ import annotations

from itertools import combinations

from eventgen import trf_line

CODE = {1.0: "1", 0.5: "=", 0.0: "0"}

# A round robin of five rated players and three new ones (TRF-2026, GER records):
PLAYERS = [("Anton, A", 1900, 1850, "1980/01/01"), ("Berta, B", 1800, 1750, "2008/01/01"), ("Carl, C", 1700, 1650, "1990"),
           ("Dora, D", 0, 1550, ""), ("Emil, E", 1600, 1500, "2000"),
           ("Xaver, X", 0, None, "2010"), ("Yvonne, Y", 0, None, "1970"), ("Zeno, Z", 0, None, "1999")]
# X: mixed against the rated (stage 1); Y: 100 % against the rated, a draw with X (stage 2);
# Z: 0 % against the rated and X, a draw with Y (stays unrated).
RESULTS = {(6, 1): 0, (6, 2): 1, (6, 3): 0.5, (6, 4): 0, (6, 5): 1,
           (7, 1): 1, (7, 2): 1, (7, 3): 1, (7, 4): 1, (7, 5): 1, (7, 6): 0.5,
           **{(8, j): 0 for j in range(1, 7)}, (8, 7): 0.5}


def ger_line(start: int, name: str, dwz: int, birth: str = "", number: str = "") -> str:
    """A TRF-2026 national record (NRS) of the German list, at the 001 line's columns."""
    return f"GER {start:>4} {'':1}{'':>3} {name[:33]:<33} {dwz:>4} {'':<3} {number:>11} {birth:<10}"


def round_robin(players: list[tuple[str, int, int | None, str]], results: dict[tuple[int, int], float],
                end: str = "2025/10/06", start: str = "2025/10/01") -> str:
    """``players``: (name, FIDE rating, DWZ or None, birth date); ``results``: (i, j) -> i's score
    (1-based starting ranks); a pair not given is a draw. Every pair meets once."""
    n = len(players)
    pending = list(combinations(range(1, n + 1), 2))
    rounds: list[list[tuple[int, str, str]]] = [[] for _ in range(n)]
    while pending:
        busy: set[int] = set()
        seated = {}
        for a, b in list(pending):
            if a in busy or b in busy:
                continue
            score = results[(a, b)] if (a, b) in results else 1 - results[(b, a)] if (b, a) in results else 0.5
            seated[a], seated[b] = (b, "w", CODE[score]), (a, "b", CODE[1 - score])
            busy |= {a, b}
            pending.remove((a, b))
        for i in range(1, n + 1):
            rounds[i - 1].append(seated.get(i, (0, "-", "Z")))
    lines = ["012 DWZ test round robin", "022 Testhausen", "032 GER", f"042 {start}", f"052 {end}", "122 90 min + 30 sec"]
    for i, (name, rating, _, birth) in enumerate(players, 1):
        points = sum({"1": 1.0, "=": 0.5}.get(code, 0.0) for _, _, code in rounds[i - 1])
        lines.append(trf_line(i, name, rating, rounds=rounds[i - 1], birth=birth, points=points))
    lines += [ger_line(i, name, dwz, birth) for i, (name, _, dwz, birth) in enumerate(players, 1) if dwz]
    return "\n".join(lines) + "\n"
