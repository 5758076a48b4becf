"""The code-cache primer: on a build's first visit the page starts the calculator's worker once
more ("prime", from the snapshot just kept), which only warms up after its start, and only
behind a service worker, whose copy of the wasm it compiled: the next visit then finds that
compiled code. It leaves a kept snapshot it cannot restore. (Its loads behind a service
worker: test_offline.py.)
"""

from __future__ import annotations

import threading

from conftest import assert_primer_ended, primer_outcome
from startup_helpers import (
    EXPECTED,
    REFERENCE,
    assert_still_answers,
    browser_context_args,  # noqa: F401 (a fixture: no service worker)
    build_info,
    first_result,
    how_started,
    wait_for_mark,
    wait_for_result,
)

from devkit import chromium

# The primer's messages, as the page gets them; the page's ending of the primer is stopped.
LISTEN_TO_THE_PRIMER = """(() => {
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
})()"""


def primer_after_its_start(context, base: str) -> tuple[list, list]:
    """What the primer said after "ready", in 6 s (well past the calculator's own worker's
    "settled"), and the jobs it ran (its elo:jobs mark)."""
    context.add_init_script(LISTEN_TO_THE_PRIMER)
    rating, _, page = first_result(context, base, keep_open=True)
    assert rating == EXPECTED
    page.wait_for_function("() => window.__primer.includes('ready')", timeout=30_000)
    page.wait_for_timeout(6000)
    heard = page.evaluate("window.__primer")
    primer = next(w for w in page.workers if w.evaluate("self.name") == "prime")
    jobs = primer.evaluate("performance.getEntriesByName('elo:jobs')[0].detail")
    assert_still_answers(page)
    page.close()
    return heard[heard.index("ready") + 1:], jobs


def test_without_a_service_worker_a_primer_does_nothing_after_its_start(context, site_url):
    # The primer must not keep files or put files back (worker.js): that is the calculator's
    # worker's, and would compete with it. Nor warm up here: Chromium keeps the wasm's compiled
    # code only for sw.js's copy, and there is no sw.js (the copy the first start kept, which the
    # primer compiled, gets none). It says it is done, and is ended.
    assert primer_after_its_start(context, site_url) == (["settled", "ended by the page"], [])


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


def test_without_a_service_worker_the_primer_is_a_whole_start(context, site_url, dist_dir):
    # Without a service worker, Chromium keeps the compiled code of Pyodide's runtime script
    # only for a second load by dynamic import(), written once that worker has gone idle:
    # so on a build's first visit the page starts the calculator's own worker once more,
    # named "prime", which starts as the next visit will (from the snapshot kept a moment
    # ago, asking for neither the snapshot nor the standard library again), says ready and
    # settled, does nothing more (no keeping, no warm-up: worker.js) and is ended (lifecycle.js).
    # (Service workers are blocked here; the primer behind one is tested in
    # test_offline.py.)
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
    for worker in page.workers:  # the primer lives on for a second after it settled
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


def test_behind_the_service_worker_the_next_visit_finds_the_wasms_compiled_code(playwright, dist_dir, serve_dir, tmp_path):
    # A first visit compiles the wasm it unpacked from zstd, which has no URL: Chromium keeps no
    # compiled code for it. Its primer compiles sw.js's copy, which has one, and warms up; V8
    # then keeps the code it optimised, and the next visit deserialises it rather than compile
    # (V8's trace event "wasm.Deserialize"). It would not if the primer shared the first
    # compile (worker.js, UNKEPT) or did not warm up. In a profile on disk, as people's.
    context = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), **chromium.launch_options(playwright))
    try:
        base = serve_dir(dist_dir)
        rating, _, page = first_result(context, base, keep_open=True)
        assert rating == EXPECTED
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
        assert primer_outcome(page, 60_000) == "primed"
        assert_primer_ended(page)
        page.close()
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        names: set[str] = set()
        done = threading.Event()
        cdp.on("Tracing.dataCollected", lambda e: names.update(x.get("name", "") for x in e["value"]))
        cdp.on("Tracing.tracingComplete", lambda e: done.set())
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["v8.wasm"]}, "transferMode": "ReportEvents"})
        page.goto(base + REFERENCE)
        wait_for_result(page)
        assert how_started(page) == "snapshot"
        cdp.send("Tracing.end")
        for _ in range(300):
            if done.is_set():
                break
            page.wait_for_timeout(100)
        assert "wasm.FinishStreaming" in names, sorted(names)  # the trace did record the wasm's compile
        assert "wasm.Deserialize" in names, sorted(n for n in names if n.startswith("wasm."))
    finally:
        context.close()
