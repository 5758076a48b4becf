"""Helpers shared by the startup tests (test_startup*.py): open the page with the reference
vector, tell how the calculator's worker started, and wait for the snapshot's kept copy.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from buildkit.runtime import ZSTD_SCRIPT

LOAD_TIMEOUT_MS = 90_000
# Reference vector: rating 1800, K 20, games 1750:1 and 1900:½, rules of 2025-10-01.
REFERENCE = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01"
EXPECTED = "1811"


@pytest.fixture
def browser_context_args(browser_context_args):
    # The page registers sw.js, whose precache downloads every file (the micropip wheel
    # too) and would blur which way the worker started. Its own tests live elsewhere.
    return {**browser_context_args, "service_workers": "block"}


def build_info(dist: Path) -> dict:
    return json.loads((dist / "build.json").read_text())


def write_info(dist: Path, info: dict) -> None:
    (dist / "build.json").write_text(json.dumps(info, indent=2) + "\n")


def zstd(verb: str, data: bytes, tmp_path: Path) -> bytes:
    """`data` packed or unpacked ("pack", "unpack") by zstd.mjs, as the build does."""
    source, out = tmp_path / f"zstd-{verb}.in", tmp_path / f"zstd-{verb}.out"
    source.write_bytes(data)
    subprocess.run([shutil.which("node") or "node", str(ZSTD_SCRIPT), verb, str(source), str(out)],
                   check=True, capture_output=True, timeout=120)
    return out.read_bytes()


def library_zip(dist: Path, tmp_path: Path) -> bytes:
    """The page's library as Python reads it: build.json's `library` unpacked."""
    return zstd("unpack", (dist / build_info(dist)["library"]["path"]).read_bytes(), tmp_path)


def first_result(context, base: str, keep_open: bool = False, console: list[str] | None = None):
    """Open the page with the reference vector; its new rating and the (method, url) requested
    until then, with ("READY", how the worker started) last.

    keep_open=True also returns the page (else it is closed); `console` collects the page's
    console messages (the worker's included).
    """
    requests: list[tuple[str, str]] = []
    record = lambda r: requests.append((r.method, r.url))  # noqa: E731
    context.on("request", record)
    page = context.new_page()
    if console is not None:
        page.on("console", lambda m: console.append(m.text))
    page.goto(base + REFERENCE)
    page.wait_for_function(
        "() => document.body.classList.contains('engine-ready')"
        " || document.body.classList.contains('engine-failed')", timeout=LOAD_TIMEOUT_MS)
    assert not page.evaluate("() => document.body.classList.contains('engine-failed')"), \
        page.text_content("[data-testid=load-status]")
    wait_for_result(page, timeout_ms=30_000)
    rating = page.text_content("[data-testid=new-rating]").strip()
    context.remove_listener("request", record)
    requests.append(("READY", how_started(page)))
    if keep_open:
        return rating, requests, page
    page.close()
    return rating, requests


def wait_for_result(page, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    """Wait until the page shows the reference vector's new rating."""
    page.wait_for_function("(x) => document.querySelector('[data-testid=new-rating]').textContent.trim() === x",
                           arg=EXPECTED, timeout=timeout_ms)


def how_started(page) -> str | None:
    """How the calculator's worker started: "direct", "snapshot" or "micropip" (its elo:ready mark)."""
    for worker in page.workers:
        try:
            how = worker.evaluate("self.name !== 'prime' && performance.getEntriesByName('elo:ready')[0]?.detail")
        except Exception:
            continue
        if how:
            return how
    return None


def started_with(requests, info: dict) -> str:
    how = dict(requests)["READY"]
    micropip = any(m == "GET" and info["micropip"] in u for m, u in requests)
    assert micropip == (how == "micropip"), requests  # only the micropip start asks for micropip
    return how


# ---- the kept copy: a repeat visit restores the snapshot kept by the first one ----

KEPT = "pyodide-snapshot-inflated"  # worker/kept.js: one file in the origin private file system
HEADER = 512  # worker/kept.js, HEADER_BYTES: the header, then the snapshot, then the standard library


def kept_size(info: dict) -> int:
    """The kept file's size: its header, the inflated snapshot, then the standard library."""
    return HEADER + info["snapshot"]["bytes"] + info["snapshot"]["stdlib"]["bytes"]


def wait_for_mark(page, name: str, failure: str, timeout_s: float = 30) -> None:
    """Wait until the page or one of its workers has made the User Timing mark `name`."""
    def marked(scope) -> bool:
        try:
            return bool(scope.evaluate("(name) => performance.getEntriesByName(name).length", name))
        except Exception:  # e.g. a worker that ended meanwhile
            return False
    deadline = time.monotonic() + timeout_s
    while not any(marked(s) for s in [page, *page.workers]):
        assert time.monotonic() < deadline, failure
        page.wait_for_timeout(100)


def wait_until_kept(page, info: dict) -> None:
    """Wait until this build's snapshot is kept: a header naming it by the sha256 (hex) of its
    download, its bytes and the standard library's, and the worker has let go of the file (its
    "elo:kept" mark)."""
    wait_for_mark(page, "elo:kept", "the worker did not keep the snapshot")
    page.wait_for_function("""async ([name, size, key, header]) => {
        try {
            const root = await navigator.storage.getDirectory();
            const file = await (await root.getFileHandle(name)).getFile();
            const head = await file.slice(0, header).text();
            return file.size === size && head.startsWith("elo-kept\\n") && JSON.parse(head.slice(9)).key === key;
        } catch { return false; }
    }""", arg=[KEPT, kept_size(info), info["snapshot"]["sha256"], HEADER], timeout=30_000, polling=200)


def downloaded(requests, *paths: str) -> bool:
    """Whether any of `paths` (of build.json) was downloaded."""
    return any(m == "GET" and any(p in u for p in paths) for m, u in requests)


def assert_still_answers(page) -> None:
    """The calculator answers a new input: rating 1900 with the reference games -> 1906."""
    page.fill("#rating", "1900")
    page.wait_for_function("() => document.querySelector('[data-testid=new-rating]').textContent.trim() === '1906'",
                           timeout=10_000)
    assert not page.evaluate("() => document.body.classList.contains('engine-failed')")
