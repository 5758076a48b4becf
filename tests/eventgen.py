"""Deterministic generators of whole events for tests and timings: a Swiss TRF, a PGN of many games.

``python tests/eventgen.py`` times parsing and rating them (and python-chess's header reader, if installed).
"""

from __future__ import annotations

import functools
import random
import time

RESULT_SCORE = {"1": 1.0, "=": 0.5, "0": 0.0}
FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def trf_line(start: int, name: str, rating: int, *, rounds=(), sex="m", title="", fed="", fide_id="",
             birth="", points: float | None = None, rank: int | None = None) -> str:
    """One 001 line at the spec's columns; ``rounds`` are (opponent, colour, code) triples."""
    line = (f"001 {start:>4} {sex:1}{title:>3} {name[:33]:<33} {rating or '':>4} {fed:<3} {fide_id:>11} {birth:<10} "
            f"{'' if points is None else f'{points:.1f}':>4} {'' if rank is None else rank:>4}")
    return line + "".join(f"  {opp:>4} {colour} {code}" for opp, colour, code in rounds)


def swiss(players: int = 500, rounds: int = 11, seed: int = 1) -> dict:
    """A Swiss event: players with ratings (some unrated) and every round's games, byes and forfeits."""
    rng = random.Random(seed)
    people = []
    for i in range(1, players + 1):
        rating = 0 if rng.random() < 0.08 else rng.randint(1400, 2700)
        people.append({"start": i, "name": f"Player{i:04d}, Test", "rating": rating, "birth": f"{rng.randint(1950, 2015)}/01/01",
                       "fide_id": str(10_000_000 + i), "rounds": [], "points": 0.0})
    people.sort(key=lambda p: -p["rating"])
    for n, p in enumerate(people, 1):
        p["start"] = n
    for _ in range(rounds):
        order = sorted(people, key=lambda p: (-p["points"], -p["rating"], p["start"]))
        if rng.random() < 0.5:  # a known absence
            absent = order.pop(rng.randrange(len(order)))
            absent["rounds"].append((0, "-", rng.choice("HZ")))
            absent["points"] += 0.5 if absent["rounds"][-1][2] == "H" else 0
        if len(order) % 2:
            bye = order.pop()
            bye["rounds"].append((0, "-", "U"))
            bye["points"] += 1
        for a, b in zip(order[::2], order[1::2]):
            x = rng.random()
            code = "+" if x < 0.01 else "1" if x < 0.45 else "=" if x < 0.7 else "0"
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            white["rounds"].append((black["start"], "w", code))
            black["rounds"].append((white["start"], "b", FLIP[code]))
            white["points"] += RESULT_SCORE.get(code, 1.0 if code == "+" else 0.0)
            black["points"] += RESULT_SCORE.get(FLIP[code], 1.0 if FLIP[code] == "+" else 0.0)
    for rank, p in enumerate(sorted(people, key=lambda p: (-p["points"], p["start"])), 1):
        p["rank"] = rank
    return {"players": sorted(people, key=lambda p: p["start"]), "rounds": rounds}


def swiss_trf(players: int = 500, rounds: int = 11, seed: int = 1) -> str:
    """The :func:`swiss` event as TRF16 text."""
    event = swiss(players, rounds, seed)
    head = ["012 Generated Open", "042 2025/10/04", "052 2025/10/12", "092 Individual: Swiss-System", "122 90 min + 30 sec"]
    lines = [trf_line(p["start"], p["name"], p["rating"], rounds=p["rounds"], fide_id=p["fide_id"], birth=p["birth"],
                      points=p["points"], rank=p["rank"]) for p in event["players"]]
    return "\n".join(head + lines) + "\n"


def circle_rounds(n: int) -> list[list[tuple[int, int]]]:
    """An all-play-all of start ranks 1..n (n even) by the circle method: each round's pairs, the
    lower start rank first."""
    ring, rounds = list(range(1, n + 1)), []
    for _ in range(n - 1):
        rounds.append([(min(a, b), max(a, b)) for a, b in zip(ring[: n // 2], reversed(ring[n // 2:]))])
        ring = [ring[0], ring[-1]] + ring[1:-1]
    return rounds


def home_norm_trf() -> str:
    """A 7-round all-play-all of eight players of one federation (GER), for the norm options: the FM
    of start rank 1 scores 4.5 against three GMs and four IMs rated 2450 (Rp 2552: an IM result, a GM
    miss), which makes an IM norm only with 7 games allowed (1.4.1b) and an exemption of 1.4.3."""
    people = [(1, "Norm, Nils", 2400, "FM")] + [(k, f"Home, Player {k}", 2450, "GM" if k <= 4 else "IM")
                                                for k in range(2, 9)]
    mine = dict(zip(range(1, 8), "1111=00"))
    rounds = {k: [] for k in range(1, 9)}
    for r, pairs in enumerate(circle_rounds(8), 1):
        for lo, hi in pairs:
            code = mine[r] if lo == 1 else "="
            rounds[lo].append((hi, "w", code))
            rounds[hi].append((lo, "b", FLIP[code]))
    points = {k: sum(RESULT_SCORE[code] for _, _, code in games) for k, games in rounds.items()}
    head = ["012 Home Championship", "042 2025/10/04", "092 Individual: Round robin", "122 90 min + 30 sec"]
    lines = [trf_line(k, name, rating, title=title, fed="GER", rounds=rounds[k], points=points[k])
             for k, name, rating, title in people]
    return "\n".join(head + lines) + "\n"


MOVES = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7".split()


@functools.lru_cache(maxsize=4)
def pgn_games(games: int = 10_000, seed: int = 2, moves: int = 40, players: int = 300) -> str:
    """Many games with moves, comments and clocks in places, some with CRLF line ends."""
    rng = random.Random(seed)
    names = [(f'Name{i}, "Nick" {i}', rng.randint(1400, 2600)) for i in range(players)]
    bodies = []
    for _ in range(64):  # movetexts to pick from: building one per game would be most of the time
        body = []
        for m in range(1, moves + 1):
            body.append(f"{m}. {rng.choice(MOVES)} {rng.choice(MOVES)}")
            if m % 10 == 0:
                body.append("{[%clk 0:5" + str(m % 10) + ":00] a comment\nthat spans lines}")
        bodies.append(" ".join(body))
    out = []
    for g in range(games):
        (w, we), (b, be) = rng.sample(names, 2)
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "*"] if g % 50 == 0 else ["1-0", "0-1", "1/2-1/2"])
        tags = [("Event", "Generated League"), ("Site", "Here"), ("Date", f"2025.{1 + g % 12:02d}.{1 + g % 28:02d}"),
                ("Round", str(1 + g % 9)), ("White", w), ("Black", b), ("Result", result), ("WhiteElo", str(we)),
                ("BlackElo", str(be)), ("TimeControl", "5400+30"), ("ECO", "C90")]
        head = "".join('[%s "%s"]\n' % (k, v.replace("\\", "\\\\").replace('"', '\\"')) for k, v in tags)
        text = head + "\n" + _wrap(rng.choice(bodies) + " " + result) + "\n\n"
        out.append(text.replace("\n", "\r\n") if g % 7 == 0 else text)
    return "".join(out)


def _wrap(text: str, width: int = 79) -> str:
    lines, cur = [], ""
    for word in text.split(" "):
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    return "\n".join(lines + [cur])


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


if __name__ == "__main__":
    import io
    import sys

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
    from elo_core.events.formats.pgn_scan import scan_headers
    from elo_core.events.rate import rate_event
    from elo_core.events.read import read_event

    trf = swiss_trf()
    print(f"TRF 500 players x 11 rounds ({len(trf) / 1e3:.0f} kB): parse {best_of(5, lambda: read_event(trf)):.3f} s, "
          f"parse+rate {best_of(5, lambda: rate_event(read_event(trf))):.3f} s")
    pgn = pgn_games()
    print(f"PGN 10,000 games ({len(pgn) / 1e6:.1f} MB): scan_headers "
          f"{best_of(5, lambda: sum(1 for _ in scan_headers(pgn))):.3f} s (from io.StringIO "
          f"{best_of(5, lambda: sum(1 for _ in scan_headers(io.StringIO(pgn)))):.3f} s), "
          f"read_event {best_of(3, lambda: read_event(pgn)):.3f} s, "
          f"read+rate {best_of(3, lambda: rate_event(read_event(pgn))):.3f} s")
    try:
        import chess.pgn
    except ImportError:
        print("python-chess not installed: not compared")
    else:
        def with_chess():
            handle = io.StringIO(pgn)
            while chess.pgn.read_headers(handle) is not None:
                pass
        print(f"python-chess {chess.__version__} read_headers (from io.StringIO): {best_of(5, with_chess):.3f} s")
