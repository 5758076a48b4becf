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
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from elo_core.facade import call  # noqa: E402
from elo_core.facade.fidelist import SHELF  # noqa: E402
from scripts.fidelist_synth import players  # noqa: E402

CHUNK = 1 << 20


def read(path: Path) -> tuple[float, float, dict]:
    """The list read through the door: the seconds reading, the seconds indexing, what is known of it."""
    start = time.perf_counter()
    indexing = None
    progress = call("list_open", {"size": path.stat().st_size, "name": path.name})
    with path.open("rb") as f:
        while not progress["done"]:
            chunk = f.read(CHUNK) if progress["needs_input"] else b""
            progress = call("list_read", {"chunk": chunk or None, "last": progress["needs_input"] and not chunk})
            if indexing is None and progress["stage"] != "reading":
                indexing = time.perf_counter()
    info = call("list_use", {})
    end = time.perf_counter()
    return (indexing or end) - start, end - (indexing or end), info


def index_bytes() -> int:
    """The bytes of the index's columns in memory (the names' table and the small tables left out)."""
    p = SHELF.in_use().parts
    columns = (p.records, p.ids, p.names, p.starts, p.order, p.table, p.bounds, p.entries)
    return sum(memoryview(c).nbytes for c in columns) + sum(len(k) for k in p.keys)


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
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        reading, indexing, info = read(path)
        print(f"file {path.stat().st_size / 1e6:.1f} MB ({args.form}, {args.players:,} players)")
        print(f"read and indexed in {reading + indexing:.1f} s (reading {reading:.1f} s, indexing {indexing:.1f} s): "
              f"{info['players']:,} players, {info['form']}")
        print(f"index in memory: {index_bytes() / 1e6:.1f} MB; the process's peak memory: "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3:.0f} MB (before reading {before / 1e3:.0f} MB)")
        print(f"find by ID (median of 20): {timed('list_find', {'query': str(next(players(args.players)).id)}):.2f} ms")
        print(f"find by name, 'Kum' (median of 20): {timed('list_find', {'query': 'Kum'}):.2f} ms")
        start = time.perf_counter()
        kept = call("list_export", {"encoding": "bytes"})
        size = len(kept["data"]) if isinstance(kept, dict) and "data" in kept else None
        print(f"kept form made in {time.perf_counter() - start:.2f} s"
              + (f", {size / 1e6:.1f} MB" if size else f": {type(kept).__name__}")
              + f" (format 1, the columns as in memory, was {index_bytes() / 1e6:.1f} MB)")
        start = time.perf_counter()
        call("list_import", {"data": kept["data"]})
        print(f"kept form loaded back (list_import) in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
