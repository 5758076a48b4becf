"""Pyodide's runtime as dist/ ships it: its core files, its script patched, the wasm also in zstd."""

from __future__ import annotations

import shutil
from pathlib import Path

from buildkit import pyodide
from buildkit.tools import HERE, ROOT, cache_dir, file_sha256, node

ZSTD_SCRIPT = HERE / "zstd.mjs"  # the library and the wasm sent in zstd, checked with the page's decoder


def copy_runtime(pyodide_dir: Path, dest: Path) -> None:
    """Pyodide's core files into the new folder `dest`, its runtime script patched, and the wasm
    also in zstd (pyodide.WASM_ZSTD)."""
    dest.mkdir()
    for name in pyodide.PYODIDE_CORE:
        shutil.copy2(pyodide_dir / name, dest / name)
    script = dest / pyodide.RUNTIME_SCRIPT
    script.write_bytes(pyodide.patch_runtime(script.read_bytes().decode("utf-8")).encode("utf-8"))
    shutil.copy2(pack_wasm(dest / pyodide.WASM), dest / pyodide.WASM_ZSTD)


def pack_wasm(wasm: Path) -> Path:
    """The wasm in zstd, made once per wasm and encoder (cached: level 22 is slow), checked to
    unpack with the page's decoder. Pages gzips the wasm; zstd at level 22 makes it smaller
    (the figures: docs/performance.md, "The wasm in zstd")."""
    cache = cache_dir("wasm", file_sha256(wasm).encode(), ZSTD_SCRIPT.read_bytes(), (ROOT / "package-lock.json").read_bytes())
    packed = cache / pyodide.WASM_ZSTD
    if not packed.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        node(ZSTD_SCRIPT, "pack", str(wasm), str(cache / "partial"), what="the wasm in zstd")
        (cache / "partial").rename(packed)
    return packed
