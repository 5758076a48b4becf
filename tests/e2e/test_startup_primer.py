"""The code-cache primer without a service worker: on a build's first visit the page starts
the calculator's worker once more ("prime", from the snapshot just kept), which does nothing
after its start and leaves a kept copy it cannot restore. (Behind a service worker:
test_offline_embed.py.)
"""

from __future__ import annotations

from conftest import assert_primer_ended, primer_outcome
from startup_helpers import (
    EXPECTED,
    assert_still_answers,
    browser_context_args,  # noqa: F401 (a fixture: no service worker)
    build_info,
    first_result,
    wait_for_mark,
)


def test_a_priming_worker_does_nothing_after_its_start(context, site_url):
    # The primer must not keep files, warm up or put files back (PRIMING in worker.js): all
    # of that is the calculator's worker's, and would compete with it. Here the page's ending
    # of the primer is stopped, and in 6 s (well past the calculator's own worker's "settled")
    # the primer says nothing after "ready".
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
