"""The memory snapshot of an interpreter with elo_core imported (snapshot.mjs; web/worker/start.js
restores it): restoring it skips the interpreter's start-up and elo_core's import. Pyodide's API
for it is experimental; the worker starts the direct way whenever the kept snapshot is damaged
or gives a wrong answer.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from buildkit import pyodide
from buildkit.corpus import SNAPSHOT_CHECK
from buildkit.runtime import ZSTD_SCRIPT
from buildkit.tools import HERE, WEB, BuildError, cache_dir, file_sha256, node

SNAPSHOT_SCRIPT = HERE / "snapshot.mjs"
CHECKSUM_SCRIPT = WEB / "worker" / "snapshot.js"  # the kept copy's checksum: snapshot.mjs runs it too


def make_snapshot(pyodide_dir: Path, out_dir: Path, library: dict) -> dict:
    """Snapshot of an initialised interpreter with elo_core imported, gzipped into out_dir, made
    with the page's library (`library`: make_library's entry; the heap holds zipimport's index of
    that zip, so the two go together, and the worker keeps them side by side).

    Returns build.json's "snapshot" entry. Raises BuildError when no usable snapshot can be made.
    """
    check = json.dumps(SNAPSHOT_CHECK, sort_keys=True)
    entry = json.dumps(library, sort_keys=True)
    cache = cache_dir("snapshots", *pyodide.runtime_key(pyodide_dir), SNAPSHOT_SCRIPT.read_bytes(),
                      CHECKSUM_SCRIPT.read_bytes(), pyodide.ADAPTER.read_bytes(), check.encode(), entry.encode())
    gz, meta = cache / "snapshot.bin.gz", cache / "snapshot.json"
    if not (gz.is_file() and meta.is_file()):
        with tempfile.TemporaryDirectory(prefix="elo-snapshot-") as tmp:
            raw = Path(tmp) / "snapshot.bin"
            zip_path = Path(tmp) / "library.zip"
            node(ZSTD_SCRIPT, "unpack", str(pyodide_dir.parent / library["path"]), str(zip_path), what="the page's library")
            made = node(SNAPSHOT_SCRIPT, pyodide.node_runtime(pyodide_dir), str(CHECKSUM_SCRIPT), str(raw), check, str(zip_path), entry,
                        what="the Pyodide snapshot")
            data = raw.read_bytes()
        heap = pyodide.snapshot_heap_bytes(data)
        limit = pyodide.wasm_initial_memory(pyodide_dir / pyodide.WASM)
        if heap > limit:
            raise BuildError(
                f"snapshot heap is {heap} bytes, more than the runtime's initial memory "
                f"({limit} bytes): the browser would fail to restore it (\"offset is out of "
                "bounds\"). Import less in snapshot.mjs.")
        answer = json.loads(made["response"])
        if not answer.get("ok"):
            raise BuildError(f"the snapshot's interpreter answered the check request with {answer}")
        cache.mkdir(parents=True, exist_ok=True)
        gz.write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
        meta.write_text(json.dumps({
            "bytes": len(data), "heap_bytes": heap, "heap_limit": limit,
            "raw_sha256": hashlib.sha256(data).hexdigest(), "raw_checksum": made["checksum"],
            "check": {"request": check, "response": made["response"]},
        }, indent=2) + "\n")
    info = json.loads(meta.read_text())
    digest = file_sha256(gz)
    name = f"snapshot-{digest[:12]}.bin.gz"  # content-addressed: never a stale cached copy
    shutil.copy2(gz, out_dir / name)
    # A snapshot start installs no package, so the worker gives Pyodide a package index with
    # none (docs/performance.md): it then need not wait for pyodide-lock.json.
    return {"path": f"pyodide/{name}", "gzip_bytes": gz.stat().st_size, "sha256": digest, **info,
            "stdlib": {"bytes": library["bytes"], "sha256": library["sha256"]}, "lock_info": pyodide.lock_info(pyodide_dir)}
