"""The page's library (docs/performance.md, "The page's library"): one zip in place of Pyodide's
standard library, holding as bytecode the modules of python_stdlib.zip that Pyodide's own start
and elo_core's answers to LIBRARY_CORPUS["first"] import (found by library.mjs), and elo_core's
own; a second, the later part, what only LIBRARY_CORPUS["later"] imports. The same corpus
answered with them alone must give the same answers. What the first lacks is fetched when first
imported: the later part, or, for a standard module left out, the whole standard library (the
adapter's `libraryParts`).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import zipfile
from pathlib import Path

from buildkit import pyodide
from buildkit.corpus import LIBRARY_CORPUS
from buildkit.runtime import ZSTD_SCRIPT
from buildkit.tools import HERE, ROOT, BuildError, cache_dir, file_sha256, node

LIBRARY_SCRIPT = HERE / "library.mjs"
# elo_core's files the page never reads, left out of the library: its command line, and the
# type checkers' marker. A name ending in "/" is a folder. (cli.pyc and cli_more.pyc: the command
# line before it was a folder.)
NOT_FOR_THE_PAGE = ("elo_core/cli/", "elo_core/__main__.pyc", "elo_core/cli.pyc", "elo_core/cli_more.pyc",
                    "elo_core/py.typed")


def make_library(pyodide_dir: Path, elo_wheel: Path, out_dir: Path) -> dict:
    """The page's library, written content-addressed into out_dir: build.json's `library` entry
    ({path, bytes, sha256, zstd_bytes, later, whole, left_out}: `path`, the zip in zstd, `bytes` and
    `sha256` the unpacked one's; `later`, the later part, {path, bytes, sha256, names}, `names` the
    top-level names of its files; `whole`, the whole standard library;
    `left_out`, the top-level names of which some module was left out, the only names looked for
    in the whole one)."""
    corpus = json.dumps({**{part: [r if isinstance(r, str) else json.dumps(r) for r in requests]
                            for part, requests in LIBRARY_CORPUS.items()}, "not_for_the_page": NOT_FOR_THE_PAGE})
    cache = cache_dir("library", *pyodide.runtime_key(pyodide_dir), file_sha256(elo_wheel).encode(), LIBRARY_SCRIPT.read_bytes(),
                      pyodide.ADAPTER.read_bytes(), ZSTD_SCRIPT.read_bytes(), (ROOT / "package-lock.json").read_bytes(), corpus.encode())
    cut, packed, later, meta = cache / "library.zip", cache / "library.zip.zst", cache / "later.zip", cache / "library.json"
    if not (cut.is_file() and packed.is_file() and later.is_file() and meta.is_file()):
        with tempfile.TemporaryDirectory(prefix="elo-library-") as tmp:
            requests, made, made_later = Path(tmp) / "corpus.json", Path(tmp) / "library.zip", Path(tmp) / "later.zip"
            requests.write_text(corpus)
            args = (pyodide.node_runtime(pyodide_dir), str(elo_wheel), str(requests))
            used = node(LIBRARY_SCRIPT, *args, str(made), str(made_later), what="the page's library")
            again = node(LIBRARY_SCRIPT, *args, "--check", str(made), str(made_later), what="the page's library")
            if again["answers"] != used["answers"]:
                wrong = next(i for i, (a, b) in enumerate(zip(again["answers"], used["answers"])) if a != b)
                raise BuildError(f"with the page's library, request {wrong} of LIBRARY_CORPUS is answered "
                                 f"{again['answers'][wrong][:200]}")
            names = zipfile.ZipFile(pyodide_dir / pyodide.STDLIB).namelist()
            left_out = sorted({n.split("/")[0].removesuffix(".py") for n in names if n.endswith(".py") and n not in used["files"]})
            later_names = sorted({n.split("/")[0].removesuffix(".pyc") for n in zipfile.ZipFile(made_later).namelist()})
            cache.mkdir(parents=True, exist_ok=True)
            node(ZSTD_SCRIPT, "pack", str(made), str(packed), what="the page's library in zstd")
            shutil.copy2(made, cut)
            shutil.copy2(made_later, later)
            meta.write_text(json.dumps({"left_out": left_out, "later_names": later_names}) + "\n")
    info = json.loads(meta.read_text())
    # Content-addressed names: never a stale cached copy. The first zip, its entries stored, is
    # sent in zstd (Pages compresses no zip; docs/performance.md, "The library in zstd") and
    # unpacked by the worker: `bytes` and `sha256` are the unpacked zip's, which Python reads and
    # the worker keeps.
    digest, later_digest = file_sha256(cut), file_sha256(later)
    name, later_name = f"library-{digest[:12]}.zip.zst", f"library-later-{later_digest[:12]}.zip"
    shutil.copy2(packed, out_dir / name)
    shutil.copy2(later, out_dir / later_name)
    return {"path": f"pyodide/{name}", "bytes": cut.stat().st_size, "sha256": digest, "zstd_bytes": packed.stat().st_size,
            "later": {"path": f"pyodide/{later_name}", "bytes": later.stat().st_size, "sha256": later_digest, "names": info["later_names"]},
            "whole": f"pyodide/{pyodide.STDLIB}", "left_out": info["left_out"]}
