"""The page's library (docs/performance.md, "The page's library"): one zip in place of Pyodide's
standard library, holding as bytecode the modules of python_stdlib.zip that Pyodide's own start
and elo_core's answers to LIBRARY_CORPUS import (found by library.mjs), and elo_core's own. The
same corpus answered with it alone must give the same answers. A standard module it left out is
fetched from the whole standard library when first imported (the adapter's `libraryParts`).
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
    ({path, bytes, sha256, zstd_bytes, whole, left_out}: `path`, the zip in zstd, `bytes` and
    `sha256` the unpacked one's; `whole`, the whole standard library; `left_out`, the top-level
    names of which some module was left out, the only names looked for in the whole one)."""
    corpus = json.dumps({"requests": [r if isinstance(r, str) else json.dumps(r) for r in LIBRARY_CORPUS],
                         "not_for_the_page": NOT_FOR_THE_PAGE})
    cache = cache_dir("library", *pyodide.runtime_key(pyodide_dir), file_sha256(elo_wheel).encode(), LIBRARY_SCRIPT.read_bytes(),
                      ZSTD_SCRIPT.read_bytes(), (ROOT / "package-lock.json").read_bytes(), corpus.encode())
    cut, packed, meta = cache / "library.zip", cache / "library.zip.zst", cache / "library.json"
    if not (cut.is_file() and packed.is_file() and meta.is_file()):
        with tempfile.TemporaryDirectory(prefix="elo-library-") as tmp:
            requests, made = Path(tmp) / "corpus.json", Path(tmp) / "library.zip"
            requests.write_text(corpus)
            args = (pyodide.node_runtime(pyodide_dir), str(elo_wheel), str(requests))
            used = node(LIBRARY_SCRIPT, *args, str(made), what="the page's library")
            again = node(LIBRARY_SCRIPT, *args, "--check", str(made), what="the page's library")
            if again["answers"] != used["answers"]:
                wrong = next(i for i, (a, b) in enumerate(zip(again["answers"], used["answers"])) if a != b)
                raise BuildError(f"with the page's library, request {wrong} of LIBRARY_CORPUS is answered "
                                 f"{again['answers'][wrong][:200]}")
            names = zipfile.ZipFile(pyodide_dir / pyodide.STDLIB).namelist()
            left_out = sorted({n.split("/")[0].removesuffix(".py") for n in names if n.endswith(".py") and n not in used["files"]})
            cache.mkdir(parents=True, exist_ok=True)
            node(ZSTD_SCRIPT, "pack", str(made), str(packed), what="the page's library in zstd")
            shutil.copy2(made, cut)
            meta.write_text(json.dumps({"left_out": left_out}) + "\n")
    info = json.loads(meta.read_text())
    # A content-addressed name: never a stale cached copy. The zip, its entries stored, is
    # sent in zstd (Pages compresses no zip; docs/performance.md, "The library in zstd") and
    # unpacked by the worker: `bytes` and `sha256` are the unpacked zip's, which Python reads and
    # the worker keeps.
    digest = file_sha256(cut)
    name = f"library-{digest[:12]}.zip.zst"
    shutil.copy2(packed, out_dir / name)
    return {"path": f"pyodide/{name}", "bytes": cut.stat().st_size, "sha256": digest, "zstd_bytes": packed.stat().st_size,
            "whole": f"pyodide/{pyodide.STDLIB}", "left_out": info["left_out"]}
