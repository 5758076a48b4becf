"""Reading FIDE's rating list, in CPython: a synthetic list of the real size (made by
scripts/fidelist_synth.py, never a real list), read through the JSON door as the CLI and the worker
read it (list_open, list_read in chunks, list_use), then looked up by ID and by name, then kept
(list_export) and brought back (list_import).

    python bench/fidelist.py                      # the combined list, 1,930,000 players
    python bench/fidelist.py --form standard --players 570000

Prints the file's size, the read's time, the kept index's size and the lookups' times. Results:
bench/RESULTS.md, "A FIDE list opened by the user". In the page the worker runs the same code under
Pyodide, a few times slower.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from elo_core.facade import call  # noqa: E402
from scripts.fidelist_synth import players  # noqa: E402

CHUNK = 1 << 20


def read(path: Path) -> tuple[float, dict]:
    start = time.perf_counter()
    progress = call("list_open", {"size": path.stat().st_size, "name": path.name})
    with path.open("rb") as f:
        while not progress["done"]:
            chunk = f.read(CHUNK) if progress["needs_input"] else b""
            progress = call("list_read", {"chunk": chunk or None, "last": progress["needs_input"] and not chunk})
    info = call("list_use", {})
    return time.perf_counter() - start, info


def timed(op: str, args: dict, n: int = 20) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        call(op, args)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--form", default="combined")
    ap.add_argument("--players", type=int, default=1_930_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "list.zip"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "fidelist_synth.py"), args.form, str(args.players), str(path)],
                       check=True)
        seconds, info = read(path)
        print(f"file {path.stat().st_size / 1e6:.1f} MB ({args.form}, {args.players:,} players)")
        print(f"read and indexed in {seconds:.1f} s: {info['players']:,} players, {info['form']}")
        print(f"find by ID (median of 20): {timed('list_find', {'query': str(next(players(args.players)).id)}):.2f} ms")
        print(f"find by name, 'Kum' (median of 20): {timed('list_find', {'query': 'Kum'}):.2f} ms")
        start = time.perf_counter()
        kept = call("list_export", {"encoding": "bytes"})
        size = len(kept["data"]) if isinstance(kept, dict) and "data" in kept else None
        print(f"kept form made in {time.perf_counter() - start:.2f} s"
              + (f", {size / 1e6:.1f} MB" if size else f": {type(kept).__name__}"))


if __name__ == "__main__":
    main()
