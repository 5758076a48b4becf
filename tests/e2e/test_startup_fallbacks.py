"""Starts where something is wrong, through the real page: a file that fails, is missing or is
damaged (the snapshot, the page's library), and a kept copy that is damaged, of another build or
layout, or in the way. Each leads to the next start, and the answers are the same.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import zipfile

import pytest
from conftest import site_copy
from startup_helpers import (
    EXPECTED,
    HEADER,
    KEPT,
    assert_still_answers,
    browser_context_args,  # noqa: F401 (a fixture: no service worker)
    build_info,
    downloaded,
    first_result,
    library_zip,
    started_with,
    wait_for_mark,
    wait_until_kept,
    write_info,
    zstd,
)

from devkit.server import Handler


def test_a_start_that_went_wrong_looks_for_missing_files_and_may_still_start(context, dist_dir, serve_dir):
    # The wasm's download (in zstd) fails (HTTP 503): the early compile fails, so the worker
    # checks every file (all there), while Pyodide downloads the plain wasm, and starts.
    failed = []

    class FailsOnce(Handler):
        def do_GET(self):
            if self.path.endswith("/pyodide.asm.wasm.zst") and not failed:
                failed.append(self.path)
                return self.send_error(503)
            super().do_GET()
    base = serve_dir(dist_dir, FailsOnce)
    rating, requests = first_result(context, base)
    assert rating == EXPECTED and failed
    info = build_info(dist_dir)
    assert started_with(requests, info) == "direct"
    checked = sorted(u.removeprefix(base) for m, u in requests if m == "HEAD")
    assert any(m == "GET" and u.endswith("/pyodide/pyodide.asm.wasm") for m, u in requests), requests
    assert checked == sorted([*(f"pyodide/{f}" for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.asm.wasm.zst",
                                                        "python_stdlib.zip", "pyodide-lock.json")),
                              info["library"]["path"], "worker/fzstd.mjs", info["micropip"], info["elo_core"]]), checked


@pytest.mark.parametrize("damage", ["truncated", "garbled"])
def test_a_wasm_that_does_not_unpack_leads_to_the_plain_one(context, dist_dir, serve_dir, tmp_path, damage):
    # The wasm sent in zstd is cut short or is not zstd (a damaged copy, a host that changed it):
    # the early compile fails, every file is there, and Pyodide downloads the plain wasm.
    def damaged(dist, info):
        path = dist / "pyodide" / "pyodide.asm.wasm.zst"
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if damage == "truncated" else b"not zstd at all" * 1000)
    base = serve_dir(site_copy(dist_dir, tmp_path, damaged))
    rating, requests = first_result(context, base)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"
    assert any(m == "GET" and u.endswith("/pyodide/pyodide.asm.wasm") for m, u in requests), requests


def test_a_module_left_out_of_the_library_is_fetched_from_the_whole_one(context, dist_dir, serve_dir, tmp_path):
    # The page's library without `fractions` (which elo_core imports): the direct start finds it
    # in the whole standard library, fetched once, and says so; the answers are the same.
    def cut_out(dist, info):
        path = dist / info["library"]["path"]
        with zipfile.ZipFile(io.BytesIO(library_zip(dist, tmp_path))) as z:
            entries = [(i, z.read(i.filename)) for i in z.infolist() if i.filename != "fractions.pyc"]
        cut = io.BytesIO()
        with zipfile.ZipFile(cut, "w") as z:
            for entry, data in entries:
                z.writestr(entry, data)
        data, packed = cut.getvalue(), zstd("pack", cut.getvalue(), tmp_path)
        path.write_bytes(packed)
        info["library"].update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest(), zstd_bytes=len(packed),
                               left_out=[*info["library"]["left_out"], "fractions"])
        write_info(dist, info)
    base = serve_dir(site_copy(dist_dir, tmp_path, cut_out))
    console: list[str] = []
    rating, requests = first_result(context, base, console=console)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"
    assert sum(m == "GET" and u.endswith("/pyodide/python_stdlib.zip") for m, u in requests) == 1, requests
    assert any("fractions is not in the page's library; pyodide/python_stdlib.zip was fetched" in m for m in console), console


def test_a_worker_without_decompression_stream_starts_directly_and_keeps_nothing(context, dist_dir, serve_dir, tmp_path):
    # The page's library comes in zstd, unpacked by the worker's own decoder: a browser without
    # DecompressionStream starts directly all the same; the snapshot, gzipped, it cannot keep, and
    # does not download (each visit then starts directly).
    def no_decompression(dist, info):
        worker = dist / "worker.js"
        worker.write_text("delete self.DecompressionStream;\n" + worker.read_text())
    base = serve_dir(site_copy(dist_dir, tmp_path, no_decompression))
    console: list[str] = []
    everything: list[tuple[str, str]] = []
    context.on("request", lambda r: everything.append((r.method, r.url)))
    rating, requests, page = first_result(context, base, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length > 0", timeout=60_000)
    page.close()
    assert any("snapshot was not kept for the next visit: no DecompressionStream" in m for m in console), console
    assert not downloaded(everything, build_info(dist_dir)["snapshot"]["path"]), everything
    rating, requests = first_result(context, base)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "direct"


def test_a_library_that_does_not_unpack_leads_to_the_micropip_start(context, dist_dir, serve_dir, tmp_path):
    # The page's library's download is not zstd (a host that changed it, a damaged copy): the
    # direct start fails, and the micropip one answers the same.
    def garbled(dist, info):
        (dist / info["library"]["path"]).write_bytes(b"not zstd at all" * 1000)
    base = serve_dir(site_copy(dist_dir, tmp_path, garbled))
    console: list[str] = []
    rating, requests = first_result(context, base, console=console)
    assert rating == EXPECTED and started_with(requests, build_info(dist_dir)) == "micropip"
    assert any("The direct start failed" in m for m in console), console


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


# ---- the kept copy: damaged, of another build or layout, or in the way ----

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
