"""The fast start (Pyodide memory snapshot) and its fallback, through the real page.

build.py puts a snapshot of an interpreter with elo_core imported into dist/ and names
it in build.json; worker.js restores it, or starts the normal way (runtime + micropip +
elo_core wheel) when anything about it is wrong. Whichever way, the page's answers are
the same. Which way was taken shows in the worker's requests: only the normal start
downloads (GET) the micropip wheel; the snapshot start does not ask for it at all.
No timings here: see bench/startup.py.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
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
    """Open the page with the reference vector; its new rating and the (method, url) requested.

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
    if keep_open:
        return rating, requests, page
    page.close()
    return rating, requests


def wait_for_result(page, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    """Wait until the page shows the reference vector's new rating."""
    page.wait_for_function("(x) => document.querySelector('[data-testid=new-rating]').textContent.trim() === x",
                           arg=EXPECTED, timeout=timeout_ms)


def started_with(requests, info: dict) -> str:
    micropip = info["micropip"]
    if any(m == "GET" and micropip in u for m, u in requests):
        return "micropip"
    snap = info.get("snapshot")
    assert snap and any(m == "GET" and snap["path"] in u for m, u in requests), requests
    return "snapshot"


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
    # every shipped file, the snapshot included, is precached by the service worker
    assert f'"{snap["path"]}"' in (dist_dir / "sw.js").read_text()
    # the runtime script shipped, with which the snapshot was made, has build.py's patches
    runtime = (dist_dir / "pyodide" / build.RUNTIME_SCRIPT).read_text()
    assert all(new in runtime for _, new in build.RUNTIME_PATCHES)


def test_snapshot_start_gives_the_reference_result(context, site_url, dist_dir, external_requests):
    rating, requests = first_result(context, site_url)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "snapshot"
    # the files' existence is checked only when a start goes wrong (test_runtime)
    assert not any(m == "HEAD" for m, _ in requests), requests
    # it installs no package, so Pyodide's package index is not downloaded (worker.js)
    assert not any("/pyodide/pyodide-lock.json" in u for _, u in requests), requests
    assert external_requests == []


def test_a_start_that_went_wrong_looks_for_missing_files_and_may_still_use_the_snapshot(
        context, dist_dir, serve_dir):
    # The wasm's first download fails (HTTP 503): the early compile fails, so the worker
    # checks every file (all there), while Pyodide downloads the wasm again, and the snapshot
    # is restored.
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
    assert started_with(requests, build_info(dist_dir)) == "snapshot"
    checked = sorted(u.removeprefix(base) for m, u in requests if m == "HEAD")
    info = build_info(dist_dir)
    assert checked == sorted([*(f"pyodide/{f}" for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                        "python_stdlib.zip", "pyodide-lock.json")),
                              info["micropip"], info["elo_core"]]), checked


def test_a_host_serving_the_wasm_with_another_content_type_still_works(context, dist_dir, serve_dir):
    # Streaming compiles refuse a wasm not served as application/wasm (Pyodide's own too);
    # the worker compiles it from its bytes instead.
    class OtherType(Handler):
        extensions_map = {**Handler.extensions_map, ".wasm": "application/octet-stream"}
    base = serve_dir(dist_dir, OtherType)
    rating, requests = first_result(context, base)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "snapshot"
    assert not any(m == "HEAD" for m, _ in requests), requests  # nothing went wrong


def test_snapshot_start_needs_neither_wheel_nor_package_index(context, dist_dir, serve_dir, tmp_path):
    # A deploy that lost the wheels and Pyodide's package index (pyodide-lock.json) still
    # answers from the snapshot; the worker only warns that it could not put elo_core's
    # files back (after the first answers). The normal start needs all three (test_runtime).
    def drop_wheels(dist, info):
        (dist / info["micropip"]).unlink()
        (dist / info["elo_core"]).unlink()
        (dist / "pyodide" / "pyodide-lock.json").unlink()
    base = serve_dir(site_copy(dist_dir, tmp_path, drop_wheels))
    console: list[str] = []
    rating, requests, page = first_result(context, base, keep_open=True, console=console)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "snapshot"
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length > 0", timeout=30_000)
    elo_core = build_info(dist_dir)["elo_core"]
    assert any(f"elo_core's files ({elo_core}) not put back: HTTP 404" in m for m in console), console
    page.close()


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


def fell_back_because(console: list[str]) -> str:
    """Why the worker did not use the snapshot, as its warning says."""
    said = [m for m in console if "not usable" in m]
    assert len(said) == 1, console
    return said[0]


@pytest.mark.parametrize("damage, cause", [
    (_garbage, "bytes, expected"), (_truncated, "bytes, expected"), (_missing, "HTTP 404"),
    (_wrong_heap, "invalid magic number"), (_wrong_answer, "wrong answer to the check request"),
], ids=["corrupted", "truncated", "missing", "not-a-heap", "wrong-answer"])
def test_bad_snapshot_falls_back_to_micropip(context, dist_dir, serve_dir, tmp_path, damage, cause):
    base = serve_dir(site_copy(dist_dir, tmp_path, damage))
    console: list[str] = []
    rating, requests = first_result(context, base, console=console)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "micropip"
    assert cause in fell_back_because(console)


@pytest.mark.parametrize("download", ["intact", "truncated"])
def test_the_runtime_starts_while_the_snapshot_downloads(context, dist_dir, tmp_path, held_server, download):
    # Pyodide gets the snapshot's size at once and its bytes once they are in: its runtime
    # (script, wasm instance, dynamic linking) is up while the download is still held back.
    # A download that then fails its checks leaves the array handed to Pyodide zeros: the
    # restore fails, and the normal start follows, reporting the download's fault.
    info = build_info(dist_dir)
    site = dist_dir if download == "intact" else site_copy(dist_dir, tmp_path, _truncated)
    base, snapshot = held_server(site, info["snapshot"]["path"])
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.goto(base + REFERENCE)
    assert snapshot.arrived.wait(60)
    wait_for_mark(page, "elo:runtime", "the runtime waited for the snapshot's bytes")
    assert not page.evaluate("() => document.body.classList.contains('engine-ready')")
    snapshot.release.set()
    wait_for_result(page)
    if download == "intact":
        wait_for_mark(page, "elo:restored", "the snapshot was not restored")
    else:
        assert "bytes, expected" in fell_back_because(console)
        assert not any(w.evaluate("() => performance.getEntriesByName('elo:restored').length") for w in page.workers)
    page.close()


def test_build_without_snapshot_installs_with_micropip(context, dist_dir, serve_dir, tmp_path):
    def drop(dist, info):
        (dist / info.pop("snapshot")["path"]).unlink()
        write_info(dist, info)
    base = serve_dir(site_copy(dist_dir, tmp_path, drop))
    rating, requests = first_result(context, base)
    assert rating == EXPECTED
    assert started_with(requests, build_info(dist_dir)) == "micropip"
    assert not any("/pyodide/snapshot-" in u for _, u in requests)  # no snapshot file
    assert any(m == "GET" and "/wheels/elo_core-" in u for m, u in requests)


# ---- the kept copy: a repeat visit restores the snapshot kept by the first one ----

KEPT = "pyodide-snapshot-inflated"  # worker/kept.js: one file in the origin private file system
STDLIB = "/pyodide/python_stdlib.zip"
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
    assert rating == EXPECTED and started_with(requests, info) == "snapshot"
    wait_until_kept(page, info)
    page.close()
    console: list[str] = []
    rating, requests, page = first_result(context, site_url, keep_open=True, console=console)
    assert rating == EXPECTED
    # neither downloaded again nor installed the normal way, and the standard library kept too
    assert not downloaded(requests, info["snapshot"]["path"], info["micropip"])
    assert not any(u.endswith(STDLIB) for _, u in requests), requests
    # ... and installed: Pyodide only logs a library it could not install, and the restored
    # interpreter, which imported all it needs, would answer all the same
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    assert not any("standard library" in m or "not put back" in m for m in console), console
    page.close()


def test_damaged_kept_snapshot_falls_back_and_is_dropped(context, site_url, dist_dir):
    # A kept file with this build's key and standard library, but a snapshot that is not a
    # heap: the restore fails, the worker starts the normal way and drops the file; the
    # visit after that downloads the snapshot again.
    info = build_info(dist_dir)
    _, _, page = first_result(context, site_url, keep_open=True)
    wait_until_kept(page, info)
    damage_kept(page, 0, info["snapshot"]["bytes"])
    page.close()
    rating, requests, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED and started_with(requests, info) == "micropip"
    wait_until_dropped(page)
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
    assert started_with(requests, info) == "snapshot"  # downloaded again, and restored
    assert downloaded(requests, info["snapshot"]["path"])
    wait_until_kept(page, info)  # and this build's copy is kept in its place
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
    assert not downloaded(requests, info["snapshot"]["path"], info["micropip"])
    assert any(m == "GET" and u.endswith(STDLIB) for m, u in requests), requests
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
    assert not any(n in primer for n in (snap.split("/")[-1], "python_stdlib.zip")), primer
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
    assert rating == EXPECTED
    assert any("not build.json's snapshot" in m for m in console), console
    wait_until_dropped(page)
    page.close()
    rating, requests = first_result(context, site_url)  # downloaded again, and restored
    assert rating == EXPECTED and started_with(requests, info) == "snapshot" and downloaded(requests, info["snapshot"]["path"])


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
