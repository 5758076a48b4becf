"""The three starts (a build's first visit: direct; a repeat visit: the kept snapshot; the
fallback: micropip), through the real page.

build.py puts into dist/ a cut standard library and a snapshot of an interpreter with elo_core
imported, both named in build.json. A first visit starts a fresh interpreter with the cut library
(the direct start), answers, then downloads the snapshot and keeps it; the next visit restores
the kept copy. Anything wrong with one start leads to the next. Whichever way, the page's answers
are the same. Which way was taken shows in the worker's `elo:ready` mark; only the micropip start
downloads (GET) the micropip wheel. No timings here: see bench/startup.py and bench/network.py.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
import zipfile
from pathlib import Path

import pytest
from conftest import assert_primer_ended, primer_outcome, site_copy

import build
from devkit.server import Handler

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


def test_build_makes_a_restorable_snapshot(dist_dir):
    snap = build_info(dist_dir).get("snapshot")
    assert snap, "build.json names no snapshot (see build.py's warning)"
    gz = dist_dir / snap["path"]
    assert gz.is_file() and gz.stat().st_size == snap["gzip_bytes"]
    assert hashlib.sha256(gz.read_bytes()).hexdigest() == snap["sha256"]
    raw = gzip.decompress(gz.read_bytes())
    assert len(raw) == snap["bytes"]
    assert snap["heap_bytes"] <= snap["heap_limit"]  # else "offset is out of bounds" on restore
    answer = json.loads(snap["check"]["response"])
    assert answer["ok"] and answer["result"]["new_rating"] == 1811
    # the package index the snapshot start hands Pyodide: the pinned lock file's own `info`
    lock = json.loads((dist_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert snap["lock_info"] == lock["info"] and snap["lock_info"]["abi_version"]
    # made with the page's library: bytecode of elo_core and of the standard modules used only
    library = build_info(dist_dir)["library"]
    zip_path = dist_dir / library["path"]
    assert zip_path.stat().st_size == library["bytes"] == snap["stdlib"]["bytes"]
    assert hashlib.sha256(zip_path.read_bytes()).hexdigest() == library["sha256"] == snap["stdlib"]["sha256"]
    with zipfile.ZipFile(zip_path) as z:
        names = z.namelist()
    modules = [n for n in names if n.endswith((".py", ".pyc"))]
    with zipfile.ZipFile(dist_dir / library["whole"]) as z:
        whole = [n for n in z.namelist() if n.endswith(".py")]
    assert modules and all(n.endswith(".pyc") for n in modules) and len(modules) < len(whole) / 2
    assert "json/__init__.pyc" in modules and "unittest/__init__.pyc" not in modules and "unittest" in library["left_out"]
    assert "elo_core/facade.pyc" in modules and "elo_core/fide_tables.json" in names
    # every shipped file, the snapshot and both libraries included, is precached by the service worker
    assert all(f'"{path}"' in (dist_dir / "sw.js").read_text() for path in (snap["path"], library["path"], library["whole"]))
    # the runtime script shipped, with which the snapshot was made, has build.py's patches
    runtime = (dist_dir / "pyodide" / build.RUNTIME_SCRIPT).read_text()
    assert all(new in runtime for _, new in build.RUNTIME_PATCHES)


def test_a_first_visit_starts_directly_and_keeps_the_snapshot_for_the_next(context, site_url, dist_dir, external_requests):
    info = build_info(dist_dir)
    rating, requests, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED
    assert started_with(requests, info) == "direct"
    # the page's library; not the whole standard library, not a wheel, not Pyodide's package
    # index (the snapshot comes after the first result: the next test); and no file checked
    # (only when a start goes wrong)
    assert downloaded(requests, info["library"]["path"])
    assert not downloaded(requests, info["library"]["whole"], "/pyodide/pyodide-lock.json", "/wheels/")
    assert not any(m == "HEAD" for m, _ in requests), requests
    wait_until_kept(page, info)  # then downloaded, and kept for the next visit
    page.close()
    rating, requests = first_result(context, site_url)
    assert rating == EXPECTED and started_with(requests, info) == "snapshot"
    assert external_requests == []


def test_the_snapshot_is_downloaded_only_after_the_first_result(context, dist_dir, held_server):
    # On a phone's network its bytes would delay the first result (docs/performance.md): the
    # page answers while the snapshot's download is held back.
    info = build_info(dist_dir)
    base, snapshot = held_server(dist_dir, info["snapshot"]["path"])
    page = context.new_page()
    page.goto(base + REFERENCE)
    wait_for_result(page)
    assert snapshot.arrived.wait(60)  # asked for once the first answers are out
    assert how_started(page) == "direct"
    snapshot.release.set()
    wait_until_kept(page, info)
    page.close()


def test_a_start_that_went_wrong_looks_for_missing_files_and_may_still_start(context, dist_dir, serve_dir):
    # The wasm's first download fails (HTTP 503): the early compile fails, so the worker
    # checks every file (all there), while Pyodide downloads the wasm again, and starts.
    failed = []

    class FailsOnce(Handler):
        def do_GET(self):
            if self.path.endswith("/pyodide.asm.wasm") and not failed:
                failed.append(self.path)
                return self.send_error(503)
            super().do_GET()
    base = serve_dir(dist_dir, FailsOnce)
    rating, requests = first_result(context, base)
    assert rating == EXPECTED and failed
    info = build_info(dist_dir)
    assert started_with(requests, info) == "direct"
    checked = sorted(u.removeprefix(base) for m, u in requests if m == "HEAD")
    assert checked == sorted([*(f"pyodide/{f}" for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                        "python_stdlib.zip", "pyodide-lock.json")),
                              info["library"]["path"], info["micropip"], info["elo_core"]]), checked


def test_a_host_serving_the_wasm_with_another_content_type_still_works(context, dist_dir, serve_dir):
    # Streaming compiles refuse a wasm not served as application/wasm (Pyodide's own too);
    # the worker compiles it from its bytes instead.
    class OtherType(Handler):
        extensions_map = {**Handler.extensions_map, ".wasm": "application/octet-stream"}
    base = serve_dir(dist_dir, OtherType)
    rating, requests = first_result(context, base)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "direct"
    assert not any(m == "HEAD" for m, _ in requests), requests  # nothing went wrong


def test_the_direct_and_snapshot_starts_need_neither_wheels_nor_package_index(context, dist_dir, serve_dir, tmp_path):
    # A deploy that lost both wheels, Pyodide's package index (pyodide-lock.json) and the whole
    # standard library still starts directly, keeps the snapshot, and then restores it: elo_core
    # is in the page's library. The micropip start needs them all (test_runtime).
    def drop(dist, info):
        for path in (info["micropip"], info["elo_core"], "pyodide/pyodide-lock.json", info["library"]["whole"]):
            (dist / path).unlink()
    base = serve_dir(site_copy(dist_dir, tmp_path, drop))
    info = build_info(dist_dir)
    console: list[str] = []
    rating, requests, page = first_result(context, base, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "direct"
    wait_until_kept(page, info)
    page.close()
    rating, requests, page = first_result(context, base, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "snapshot"
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    assert_still_answers(page)
    assert not any("HTTP 404" in m for m in console), console
    page.close()


def test_a_module_left_out_of_the_library_is_fetched_from_the_whole_one(context, dist_dir, serve_dir, tmp_path):
    # The page's library without `fractions` (which elo_core imports): the direct start finds it
    # in the whole standard library, fetched once, and says so; the answers are the same.
    def cut_out(dist, info):
        path = dist / info["library"]["path"]
        with zipfile.ZipFile(path) as z:
            entries = [(i, z.read(i.filename)) for i in z.infolist() if i.filename != "fractions.pyc"]
        with zipfile.ZipFile(path, "w") as z:
            for entry, data in entries:
                z.writestr(entry, data)
        data = path.read_bytes()
        info["library"].update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest(), left_out=[*info["library"]["left_out"], "fractions"])
        write_info(dist, info)
    base = serve_dir(site_copy(dist_dir, tmp_path, cut_out))
    console: list[str] = []
    rating, requests = first_result(context, base, console=console)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"
    assert sum(m == "GET" and u.endswith("/pyodide/python_stdlib.zip") for m, u in requests) == 1, requests
    assert any("fractions is not in the page's standard library" in m for m in console), console


def _garbage(dist, info):
    (dist / info["snapshot"]["path"]).write_bytes(b"\x1f\x8b not a snapshot at all" * 1000)


def _truncated(dist, info):
    path = dist / info["snapshot"]["path"]
    path.write_bytes(path.read_bytes()[: info["snapshot"]["gzip_bytes"] // 2])


def _missing(dist, info):
    (dist / info["snapshot"]["path"]).unlink()


def _wrong_heap(dist, info):
    # A snapshot that passes every download check (its sha256 is in build.json) but is
    # not a Pyodide heap: restoring it fails, in the same worker that then starts normally.
    data = gzip.compress(b"\0" * info["snapshot"]["bytes"], mtime=0)
    (dist / info["snapshot"]["path"]).write_bytes(data)
    info["snapshot"].update(gzip_bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
    write_info(dist, info)


def _wrong_answer(dist, info):
    # The snapshot restores, but does not answer the check request as recorded.
    info["snapshot"]["check"]["response"] = info["snapshot"]["check"]["response"].replace("1811", "1812")
    write_info(dist, info)


@pytest.mark.parametrize("damage, cause", [
    (_garbage, "bytes, expected"), (_truncated, "bytes, expected"), (_missing, "HTTP 404"),
], ids=["corrupted", "truncated", "missing"])
def test_a_bad_snapshot_download_is_not_kept(context, dist_dir, serve_dir, tmp_path, damage, cause):
    base = serve_dir(site_copy(dist_dir, tmp_path, damage))
    console: list[str] = []
    rating, requests, page = first_result(context, base, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    assert any("not kept for the next visit" in m and cause in m for m in console), console
    page.close()
    rating, requests = first_result(context, base)  # nothing kept: a direct start again
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"


@pytest.mark.parametrize("damage, cause", [
    (_wrong_heap, "invalid magic number"), (_wrong_answer, "wrong answer to the check request"),
], ids=["not-a-heap", "wrong-answer"])
def test_a_kept_snapshot_that_does_not_restore_is_dropped(context, dist_dir, serve_dir, tmp_path, damage, cause):
    # It passes every download check (its sha256 is build.json's), so it is kept; the next visit
    # cannot restore it (or it answers wrongly), drops it and starts directly. A copy whose
    # checksum is not the build's (not a heap) may have been damaged here: downloaded and kept
    # again. The build's very snapshot (its checksum the build's: the wrong answer) is not
    # downloaded again on every visit.
    info = build_info(site_copy(dist_dir, tmp_path, damage))
    base = serve_dir(tmp_path / "dist")
    _, _, page = first_result(context, base, keep_open=True)
    wait_until_kept(page, info)
    page.close()
    console: list[str] = []
    rating, requests, page = first_result(context, base, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "direct"
    said = [m for m in console if "not usable" in m]
    assert len(said) == 1 and cause in said[0], console
    if damage is _wrong_heap:
        wait_until_kept(page, info)  # dropped, then downloaded and kept again
    else:
        wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
        assert any("did not restore on an earlier visit" in m for m in console), console
        wait_until_dropped(page)
    page.close()


def test_build_without_snapshot_installs_with_micropip(context, dist_dir, serve_dir, tmp_path):
    def drop(dist, info):
        (dist / info.pop("snapshot")["path"]).unlink()
        (dist / info.pop("library")["path"]).unlink()
        write_info(dist, info)
    base = serve_dir(site_copy(dist_dir, tmp_path, drop))
    rating, requests = first_result(context, base)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "micropip"
    assert not any("/pyodide/snapshot-" in u or "/pyodide/library-" in u for _, u in requests)
    assert any(m == "GET" and "/wheels/elo_core-" in u for m, u in requests)


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


def wait_until_dropped(page) -> None:
    """Wait until the worker has dropped the kept file."""
    page.wait_for_function("""async (name) => {
        try { await (await navigator.storage.getDirectory()).getFileHandle(name); return false; }
        catch { return true; }
    }""", arg=KEPT, timeout=30_000, polling=200)



# Rewrites the kept file from the page: "zeros" (a header naming key b, then zeros for the
# snapshot and library sizes a = [snapshot, stdlib]), "old" (a zero bytes, then the key b: the
# format before the header) or "invert" (its bytes from a to b inverted, the rest kept).
REWRITE_KEPT = """async ([name, mode, a, b]) => {
    const root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle(name, { create: true });
    for (let tries = 0; ; tries++) {  // the worker may hold the file a moment longer
        try {
            const file = await handle.createWritable({ keepExistingData: mode === "invert" });
            if (mode === "invert") {
                const part = new Uint8Array(await (await handle.getFile()).slice(a, b).arrayBuffer());
                await file.write({ type: "write", position: a, data: part.map((x) => x ^ 0xff) });
            } else if (mode === "zeros") {
                const json = JSON.stringify({ format: 2, key: b, snapshot: a[0], stdlib: a[1] });
                await file.write(new TextEncoder().encode(("elo-kept\\n" + json).padEnd(512, " ")));
                await file.write(new Uint8Array(a[0] + a[1]));
            } else {
                await file.write(new Uint8Array(a));
                await file.write(new TextEncoder().encode(b));
            }
            return await file.close();
        } catch (e) {
            if (e.name !== "NoModificationAllowedError" || tries > 50) throw e;
            await new Promise((r) => setTimeout(r, 100));
        }
    }
}"""


def write_kept(page, snapshot: int, stdlib: int, key: str) -> None:
    """Replace the kept file with a header naming `key` and zeros (neither heap nor library)."""
    page.evaluate(REWRITE_KEPT, [KEPT, "zeros", [snapshot, stdlib], key])


def write_old_kept(page, size: int, key: str) -> None:
    """Replace the kept file with one in the format before the header: `size` zero bytes, then `key`."""
    page.evaluate(REWRITE_KEPT, [KEPT, "old", size, key])


def damage_kept(page, start: int, end: int) -> None:
    """Invert the kept file's bytes from `start` to `end` (of the snapshot and library after the
    header), keeping the rest as it is."""
    page.evaluate(REWRITE_KEPT, [KEPT, "invert", HEADER + start, HEADER + end])


def downloaded(requests, *paths: str) -> bool:
    """Whether any of `paths` (of build.json) was downloaded."""
    return any(m == "GET" and any(p in u for p in paths) for m, u in requests)


def test_repeat_visit_restores_the_kept_snapshot(context, site_url, dist_dir):
    info = build_info(dist_dir)
    rating, requests, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED and started_with(requests, info) == "direct"
    wait_until_kept(page, info)
    page.close()
    console: list[str] = []
    rating, requests, page = first_result(context, site_url, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "snapshot"
    # neither downloaded again nor installed another way, and the standard library kept too
    assert not downloaded(requests, info["snapshot"]["path"], info["micropip"], info["elo_core"], info["library"]["path"])
    # ... and installed: Pyodide only logs a library it could not install, and the restored
    # interpreter, which imported all it needs, would answer all the same
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    assert not any("standard library" in m or "not put back" in m for m in console), console
    page.close()


def test_damaged_kept_snapshot_falls_back_and_is_dropped(context, site_url, dist_dir):
    # A kept file with this build's key and standard library, but a snapshot that is not a
    # heap: the restore fails, the worker drops the file and starts directly, which downloads
    # and keeps the snapshot again; the visit after that restores it.
    info = build_info(dist_dir)
    _, _, page = first_result(context, site_url, keep_open=True)
    wait_until_kept(page, info)
    damage_kept(page, 0, info["snapshot"]["bytes"])
    page.close()
    console: list[str] = []
    rating, requests, page = first_result(context, site_url, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "direct"
    assert any("not usable" in m for m in console), console
    wait_until_kept(page, info)
    page.close()
    rating, requests = first_result(context, site_url)
    assert rating == EXPECTED and started_with(requests, info) == "snapshot"


@pytest.mark.parametrize("kept", ["another build", "no library", "old format"])
def test_kept_snapshot_of_another_build_or_layout_is_not_used(context, site_url, dist_dir, kept):
    info = build_info(dist_dir)
    snap = info["snapshot"]
    _, _, page = first_result(context, site_url, keep_open=True)
    wait_until_kept(page, info)
    if kept == "another build":  # right sizes, another build's key
        write_kept(page, snap["bytes"], snap["stdlib"]["bytes"], "0" * 64)
    elif kept == "no library":  # this build's key, as kept before the standard library was kept beside it
        write_kept(page, snap["bytes"], 0, snap["sha256"])
    else:  # the format before the header (bytes, then the key): dropped, never read as a snapshot
        write_old_kept(page, snap["bytes"] + snap["stdlib"]["bytes"], snap["sha256"])
    page.close()
    rating, requests, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED
    assert started_with(requests, info) == "direct"
    wait_until_kept(page, info)  # downloaded again, and this build's copy kept in its place
    page.close()


def test_damaged_kept_standard_library_is_downloaded_and_the_copy_dropped(context, site_url, dist_dir):
    # The kept snapshot is whole, one byte of the standard library after it is not: its
    # sha256 no longer matches build.json's, so Pyodide gets the downloaded file instead,
    # the snapshot kept is still restored, and the kept copy is dropped.
    info = build_info(dist_dir)
    _, _, page = first_result(context, site_url, keep_open=True)
    wait_until_kept(page, info)
    at = info["snapshot"]["bytes"] + 1000
    damage_kept(page, at, at + 1)
    page.close()
    console: list[str] = []
    rating, requests, page = first_result(context, site_url, keep_open=True, console=console)
    assert rating == EXPECTED
    assert started_with(requests, info) == "snapshot" and not downloaded(requests, info["snapshot"]["path"])
    assert downloaded(requests, info["library"]["path"]), requests
    assert any("standard library is damaged" in m for m in console), console
    wait_until_dropped(page)
    assert_still_answers(page)
    page.close()


def test_a_priming_worker_does_nothing_after_its_start(context, site_url):
    # The primer must not keep files, warm up or put files back (PRIMING in worker.js): all
    # of that is the calculator's worker's, and would compete with it. Here the page's ending
    # of the primer is stopped, and in 6 s (the calculator's own worker says "settled" about
    # 2 s after its start here) the primer says nothing after "ready".
    context.add_init_script("""(() => {
        const Base = globalThis.Worker;
        window.__primer = [];
        globalThis.Worker = class extends Base {
            constructor(url, options) {
                super(url, options);
                if (options?.name !== "prime") return;
                this.terminate = () => window.__primer.push("ended by the page");
                this.addEventListener("message", ({ data }) => window.__primer.push(data?.stage ?? data?.type ?? data));
            }
        };
    })()""")
    rating, _, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED
    page.wait_for_function("() => window.__primer.includes('ready')", timeout=30_000)
    page.wait_for_timeout(6000)
    heard = page.evaluate("window.__primer")
    assert heard[heard.index("ready") + 1:] == ["ended by the page"], heard
    assert_still_answers(page)
    page.close()


def test_a_primer_that_cannot_restore_leaves_the_kept_copy(context, site_url, dist_dir):
    # The kept snapshot is damaged after the first start (its first 64 KiB zeroed, its header
    # left): the primer's restore fails, and the primer stops there, saying so. It
    # neither drops the kept copy (the calculator's worker would, starting the normal way)
    # nor makes a normal start (no micropip download).
    micropip = build_info(dist_dir)["micropip"]
    loaded: list[str] = []
    context.on("requestfinished", lambda r: loaded.append(r.url))
    rating, _, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    size = page.evaluate("""async () => {
        const root = await navigator.storage.getDirectory();
        const handle = await root.getFileHandle("pyodide-snapshot-inflated");
        const size = (await handle.getFile()).size;
        const writable = await handle.createWritable({ keepExistingData: true });
        await writable.write({ type: "write", position: 512, data: new Uint8Array(65536) });
        await writable.close();
        return size;
    }""")
    assert size > 30_000_000
    assert primer_outcome(page, 30_000) == "failed"
    page.wait_for_timeout(1000)
    assert page.evaluate("""async () => {
        const root = await navigator.storage.getDirectory();
        return (await (await root.getFileHandle("pyodide-snapshot-inflated")).getFile()).size;
    }""") == size
    assert not any(micropip in u for u in loaded), loaded
    assert_still_answers(page)
    page.close()


def assert_still_answers(page) -> None:
    """The calculator answers a new input: rating 1900 with the reference games -> 1906."""
    page.fill("#rating", "1900")
    page.wait_for_function("() => document.querySelector('[data-testid=new-rating]').textContent.trim() === '1906'",
                           timeout=10_000)
    assert not page.evaluate("() => document.body.classList.contains('engine-failed')")


def test_without_a_service_worker_the_primer_is_a_whole_start(context, site_url, dist_dir):
    # Without a service worker, Chromium keeps the compiled code of Pyodide's runtime script
    # only for a second load by dynamic import(), written once that worker has gone idle:
    # so on a build's first visit the page starts the calculator's own worker once more,
    # named "prime", which starts as the next visit will (from the snapshot kept a moment
    # ago, asking for neither the snapshot nor the standard library again), says ready, does
    # nothing more (no keeping, no warm-up: PRIMING in worker.js) and is ended (app.js).
    # (Service workers are blocked here; the primer behind one is tested in
    # test_offline_embed.py.)
    snap = build_info(dist_dir)["snapshot"]["path"]
    cut = build_info(dist_dir)["library"]["path"]
    loaded: list[str] = []
    context.on("requestfinished", lambda r: r.method == "GET" and loaded.append(r.url))
    rating, _, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    started = len(loaded)
    assert primer_outcome(page, 30_000) == "primed"
    names = []
    for worker in page.workers:  # the primer lives on for a second after it said ready
        try:
            names.append(worker.evaluate("[self.name, location.pathname.split('/').pop(),"
                                         " performance.getEntriesByName('elo:ready')[0]?.detail ?? null]"))
        except Exception:
            pass
    assert ["prime", "worker.js", "snapshot"] in names, names
    primer = [u.split("/")[-1].split("?")[0] for u in loaded[started:]]
    assert primer.count("pyodide.asm.mjs") == 1 and primer.count("worker.js") == 1, primer
    assert not any(n in primer for n in (snap.split("/")[-1], cut.split("/")[-1], "python_stdlib.zip")), primer
    assert_primer_ended(page)
    assert page.evaluate("performance.getEntriesByName('elo:settled').length") == 1
    assert_still_answers(page)
    page.close()


def test_a_kept_copy_altered_in_place_is_not_used(context, site_url, dist_dir):
    # Same size, header kept, a few bytes of the heap changed (as a hostile page of the origin
    # could): it may restore and answer the check request, but its checksum is not build.json's.
    info = build_info(dist_dir)
    _, _, page = first_result(context, site_url, keep_open=True)
    wait_until_kept(page, info)
    middle = info["snapshot"]["bytes"] // 2
    damage_kept(page, middle, middle + 127)
    page.close()
    console: list[str] = []
    rating, requests, page = first_result(context, site_url, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "direct"
    assert any("not build.json's snapshot" in m for m in console), console
    wait_until_kept(page, info)  # dropped, downloaded again and kept
    page.close()
    rating, requests = first_result(context, site_url)
    assert rating == EXPECTED and started_with(requests, info) == "snapshot"


def test_a_directory_where_the_kept_copy_goes_is_cleared(context, site_url, dist_dir):
    info = build_info(dist_dir)
    page = context.new_page()
    page.goto(site_url + "manifest.webmanifest")
    page.evaluate("""async (name) => {
        const root = await navigator.storage.getDirectory();
        const dir = await root.getDirectoryHandle(name, { create: true });
        await dir.getFileHandle("stray", { create: true });
    }""", KEPT)
    page.close()
    _, _, page = first_result(context, site_url, keep_open=True)
    wait_until_kept(page, info)  # kept in its place, where it was never kept before
    page.close()
