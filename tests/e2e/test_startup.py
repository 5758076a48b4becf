"""The three starts (a build's first visit: direct; a repeat visit: the kept snapshot; the
fallback: micropip), through the real page.

build.py puts into dist/ a cut standard library and a snapshot of an interpreter with elo_core
imported, both named in build.json. A first visit starts a fresh interpreter with the cut library
(the direct start), answers, then downloads the snapshot and keeps it; the next visit restores
the kept copy. Anything wrong with one start leads to the next. Whichever way, the page's answers
are the same. Which way was taken shows in the worker's `elo:ready` mark; only the micropip start
downloads (GET) the micropip wheel. No timings here: see bench/startup.py and bench/network.py.
A start that goes wrong, a file damaged or missing, a kept copy not to be used:
test_startup_fallbacks.py; the code-cache primer: test_startup_primer.py; shared helpers:
startup_helpers.py.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import shutil
import subprocess
import zipfile

import pytest
from conftest import site_copy
from eventgen import trf_line
from startup_helpers import (
    EXPECTED,
    REFERENCE,
    assert_still_answers,
    browser_context_args,  # noqa: F401 (a fixture: no service worker)
    build_info,
    downloaded,
    first_result,
    how_started,
    library_zip,
    started_with,
    wait_for_mark,
    wait_for_result,
    wait_until_kept,
    write_info,
    zstd,
)

import build
from buildkit import pyodide
from devkit.server import Handler

# Run by node with the page's library alone: the distinct lines of a standard module's function and
# of an elo_core one, and the line a traceback through elo_core names.
LINES = """
import { pathToFileURL } from "node:url";
const [pyodide, library] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodide + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodide + "/", stdLibURL: library });
console.log(py.runPython(`
import json, traceback, elo_core.parse
lines = lambda f: len({line for *_, line in f.__code__.co_lines()})
try:
    elo_core.parse.rating("abc", "rating")
except Exception as e:
    where = traceback.extract_tb(e.__traceback__)[-1]
first = getattr(elo_core.parse, where.name).__code__.co_firstlineno
json.dumps([lines(json.dumps), lines(elo_core.parse.rating), where.name, where.lineno, first])
`));
"""


def test_the_library_keeps_elo_cores_line_numbers_and_drops_the_standard_librarys(dist_dir, tmp_path):
    script = tmp_path / "lines.mjs"
    script.write_text(LINES)
    library = tmp_path / "library.zip"
    library.write_bytes(library_zip(dist_dir, tmp_path))
    out = subprocess.run([shutil.which("node") or "node", str(script), str(dist_dir / "pyodide"), str(library)],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    stdlib_lines, elo_lines, function, line, first = json.loads(out.strip().splitlines()[-1])
    assert stdlib_lines == 1 and elo_lines > 3
    # the raising line itself, not the first line of its function
    source = (build.ROOT / "elo_core" / "parse.py").read_text().splitlines()
    assert line != first and "raise" in source[line - 1], (function, line, source[line - 1])


def test_build_makes_a_restorable_snapshot(dist_dir, tmp_path):
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
    # (sent in zstd, its entries stored: compressed whole, they pack tighter across files)
    library = build_info(dist_dir)["library"]
    packed = dist_dir / library["path"]
    assert packed.name.endswith(".zip.zst") and packed.stat().st_size == library["zstd_bytes"]
    unpacked = library_zip(dist_dir, tmp_path)
    assert len(unpacked) == library["bytes"] == snap["stdlib"]["bytes"]
    assert hashlib.sha256(unpacked).hexdigest() == library["sha256"] == snap["stdlib"]["sha256"]
    with zipfile.ZipFile(io.BytesIO(unpacked)) as z:
        names = z.namelist()
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
    modules = [n for n in names if n.endswith((".py", ".pyc"))]
    with zipfile.ZipFile(dist_dir / library["whole"]) as z:
        whole = [n for n in z.namelist() if n.endswith(".py")]
    assert modules and all(n.endswith(".pyc") for n in modules) and len(modules) < len(whole) / 2
    assert "json/__init__.pyc" in modules and "unittest/__init__.pyc" not in modules and "unittest" in library["left_out"]
    assert "elo_core/facade/__init__.pyc" in modules and "elo_core/fide/tables.json" in names
    # every domain's modules, events, norms and online ratings too: nothing more is fetched later
    assert {"elo_core/fide/rating.pyc", "elo_core/events/rate.pyc", "elo_core/norms/verdicts.pyc",
            "elo_core/glicko/lichess.pyc", "elo_core/events/formats/trf.pyc"} <= set(modules)
    assert set(library) == {"path", "bytes", "sha256", "zstd_bytes", "whole", "left_out"}
    # neither the frozen modules (never read from a zip) nor the command line (never run by the page)
    assert not {"os.pyc", "site.pyc", "codecs.pyc", "importlib/_bootstrap.pyc", "elo_core/cli/__init__.pyc"} & set(names)
    # every shipped file, the snapshot and both libraries included, is precached by the service worker
    assert all(f'"{path}"' in (dist_dir / "sw.js").read_text() for path in (snap["path"], library["path"], library["whole"]))
    # the runtime script shipped, with which the snapshot was made, has the build's patches
    runtime = (dist_dir / "pyodide" / pyodide.RUNTIME_SCRIPT).read_text()
    assert all(new in runtime for _, new in pyodide.RUNTIME_PATCHES)


def test_the_wasm_sent_in_zstd_is_the_plain_one(dist_dir, tmp_path):
    # The worker downloads the wasm in zstd (worker/wasm.js); sw.js checks the copy it unpacked
    # against the plain file's hash, which the falling-back starts download.
    wasm = (dist_dir / "pyodide" / "pyodide.asm.wasm").read_bytes()
    packed = (dist_dir / "pyodide" / pyodide.WASM_ZSTD).read_bytes()
    assert len(packed) < len(wasm) / 3 and zstd("unpack", packed, tmp_path) == wasm
    sw = (dist_dir / "sw.js").read_text()
    assert f'"pyodide/pyodide.asm.wasm": "{hashlib.sha256(wasm).hexdigest()}"' in sw
    assert f'"pyodide/{pyodide.WASM_ZSTD}"' not in sw  # offline, the plain one is compiled
    # and build.json names it, for the copy the worker keeps where no sw.js serves
    assert build_info(dist_dir)["wasm"] == {"path": "pyodide/pyodide.asm.wasm", "bytes": len(wasm),
                                             "sha256": hashlib.sha256(wasm).hexdigest()}


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
    # nor the wasm: the copy the first visit kept is compiled (no sw.js here)
    assert not any(m == "GET" and u.split("?")[0].endswith(("/pyodide.asm.wasm", ".wasm.zst")) and "?offline-copy" not in u
                   for m, u in requests), requests
    # ... and installed: Pyodide only logs a library it could not install, and the restored
    # interpreter, which imported all it needs, would answer all the same
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    assert not any("standard library" in m or "not put back" in m for m in console), console
    # the restored interpreter has the online ratings' code already: no library is fetched
    requests = []
    page.on("request", lambda r: requests.append((r.method, r.url)))
    lichess_settings_shown(page)
    assert not downloaded(requests, info["library"]["path"], info["library"]["whole"]), requests
    assert not any("not in the page's library" in m for m in console), console
    page.close()


KEPT_LABEL = """async () => (await caches.match("pyodide/pyodide.asm.wasm", { cacheName: "elo-unpacked" }))?.headers.get("X-Elo-Sha256")"""


@pytest.mark.parametrize("damage", ["another build's", "does not compile"])
def test_a_kept_wasm_that_is_not_this_builds_is_replaced(context, site_url, dist_dir, damage):
    # Where no sw.js serves, the worker compiles the wasm it kept (Cache Storage, labelled with
    # its sha256) at once, and uses that compile only when build.json names the label and it
    # compiles: here the copy is another build's (a valid wasm, but not the runtime's), or bytes
    # that do not compile under this build's label. The next start downloads the .zst, starts
    # from the kept snapshot all the same, and keeps this build's copy in its place.
    info = build_info(dist_dir)
    rating, _, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED
    wait_until_kept(page, info)
    page.wait_for_function(KEPT_LABEL, timeout=30_000)
    assert page.evaluate(KEPT_LABEL) == info["wasm"]["sha256"]
    label, body = ("0" * 64, "[0, 97, 115, 109, 1, 0, 0, 0]") if damage == "another build's" else (info["wasm"]["sha256"], "[1, 2, 3]")
    page.evaluate(f"""async () => {{
        const bytes = new Uint8Array({body});  // another: the smallest wasm module
        await (await caches.open("elo-unpacked")).put("pyodide/pyodide.asm.wasm",
            new Response(bytes, {{ headers: {{ "Content-Type": "application/wasm", "X-Elo-Sha256": "{label}" }} }}));
    }}""")
    page.close()
    rating, requests, page = first_result(context, site_url, keep_open=True)
    assert rating == EXPECTED and how_started(page) == "snapshot"
    assert downloaded(requests, "pyodide/pyodide.asm.wasm.zst"), requests
    page.wait_for_function("""async () => {
        const kept = await caches.match("pyodide/pyodide.asm.wasm", { cacheName: "elo-unpacked" });
        return kept?.headers.get("X-Elo-Sha256") === %s && (await kept.arrayBuffer()).byteLength === %d;
    }""" % (json.dumps(info["wasm"]["sha256"]), info["wasm"]["bytes"]), timeout=30_000)
    assert_still_answers(page)
    page.close()


def test_a_wasm_that_is_not_build_jsons_is_not_kept(context, dist_dir, serve_dir, tmp_path):
    # A half-deployed site: build.json names another wasm than the .zst unpacks to. The start
    # works (it compiled what it was sent), but the copy is not kept under a label it would be
    # trusted by at the next start (worker/wasm.js hashes what it keeps).
    def other(dist, info):
        info["wasm"]["sha256"] = "0" * 64
        write_info(dist, info)
    base = serve_dir(site_copy(dist_dir, tmp_path, other))
    rating, _, page = first_result(context, base, keep_open=True)
    assert rating == EXPECTED
    wait_for_mark(page, "elo:settled", "the worker never said its work after the start was done")
    page.wait_for_timeout(2000)  # a copy that was kept would be there by now (kept ones are: above)
    assert page.evaluate("async () => (await caches.open('elo-unpacked')).keys().then((k) => k.length)") == 0
    page.close()


TWO_PLAYERS = "012 Later Open\n042 2025/10/04\n" + "\n".join([
    trf_line(1, "Alpha, Ann", 1800, rounds=[(2, "w", "1")]), trf_line(2, "Beta, Bob", 1750, rounds=[(1, "b", "0")])]) + "\n"


def lichess_settings_shown(page) -> None:
    """Open the lichess tab (lichess's rating system) and wait for its settings table."""
    page.select_option("#system", "lichess")
    page.wait_for_function("() => document.querySelectorAll('#lichess-settings tbody tr').length > 3")


def test_a_direct_start_answers_every_tab_with_the_library_it_started_with(context, site_url, dist_dir):
    # The online ratings', events' and norms' code is in the page's library (buildkit/corpus.py
    # asks every operation): the tabs that need it fetch no more Python; the answers are
    # elo_core's as ever.
    info = build_info(dist_dir)
    console: list[str] = []
    rating, requests, page = first_result(context, site_url, keep_open=True, console=console)
    assert rating == EXPECTED and started_with(requests, info) == "direct"
    requests = []
    page.on("request", lambda r: requests.append((r.method, r.url)))
    lichess_settings_shown(page)
    page.wait_for_function("() => !/–/.test(document.querySelector('[data-testid=lichess-win]').textContent)")
    for system, title in (("uscf", "New US Chess rating"), ("dwz", "New DWZ"), ("ecf", "New ECF rating")):
        page.select_option("#system", system)  # the national systems' code is in the library too
        page.wait_for_function("(title) => document.getElementById('national-title').textContent === title", arg=title)
    page.select_option("#system", "fide")
    page.click("[role=tab][data-tab=event]")
    page.fill("#event-text", TWO_PLAYERS)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=player-row]').length === 2")
    page.click("[role=tab][data-tab=tournament]")
    assert_still_answers(page)
    assert not downloaded(requests, info["library"]["path"], info["library"]["whole"], "/pyodide/library-"), requests
    assert not any("not in the page's library" in m for m in console), console
    page.close()
