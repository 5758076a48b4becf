"""Two of the three ways people use the site: an offline phone bookmark (PWA), and GitHub Pages
under a sub-path (a new deploy offered and taken whole). The third, an iframe in a blog on another
origin, is test_embed.py's."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import assert_primer_ended, primer_outcome
from playwright.sync_api import Page, expect

import build
from devkit import chromium
from devkit.server import Handler

VECTOR = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01&kind=standard&method=fide"
LOAD_TIMEOUT = 120_000


def ready(page: Page) -> None:
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)


def controlled(page: Page) -> None:
    """Wait until the service worker has precached this build and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)


def go_offline_and_compute(page: Page, url: str) -> None:
    page.context.set_offline(True)
    page.reload()
    ready(page)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    fresh = page.context.new_page()   # a new tab, still offline
    fresh.goto(url.replace("1900:0.5", "1900:0"))
    ready(fresh)
    expect(fresh.get_by_test_id("new-rating")).to_have_text("1801")
    fresh.close()
    page.context.set_offline(False)


def test_offline_after_one_visit(page: Page, site_url):
    url = site_url + VECTOR
    page.goto(url)
    ready(page)
    controlled(page)
    go_offline_and_compute(page, url)


def test_a_first_visit_sends_each_file_once(playwright, dist_dir, serve_dir, tmp_path):
    # The direct start, the snapshot kept for the next visit, the offline copies (sw.js's
    # precache, revalidating what the visit already has: 304, no body) and the primer: the server
    # sends each file of the build whole at most once (issue 30), and the ones a next visit and
    # offline use need are sent. In a profile on disk, as people's: an incognito context's cache
    # in memory keeps no file as large as the wasm.
    sent: dict[str, int] = {}

    class Counting(Handler):
        def send_response(self, code, message=None):
            if code == 200 and self.command == "GET":
                path = self.path.split("?")[0].lstrip("/")
                sent[path] = sent.get(path, 0) + 1
            super().send_response(code, message)
    base = serve_dir(dist_dir, Counting)
    context = playwright.chromium.launch_persistent_context(str(tmp_path / "profile"), **chromium.launch_options(playwright))
    page = context.new_page()
    page.goto(base + VECTOR)
    ready(page)
    controlled(page)
    assert primer_outcome(page, LOAD_TIMEOUT) == "primed"
    page.wait_for_timeout(1000)
    context.close()
    assert {path: n for path, n in sent.items() if n > 1} == {}
    info = json.loads((dist_dir / "build.json").read_text())
    for path in (info["snapshot"]["path"], info["library"]["path"], info["library"]["whole"], "pyodide/pyodide.asm.wasm.zst"):
        assert sent.get(path) == 1, (path, sent)
    # the wasm goes over the network in zstd only: the offline copy is the one the worker unpacked
    assert "pyodide/pyodide.asm.wasm" not in sent, sent


def test_a_visit_the_service_worker_controls_compiles_its_copy_of_the_wasm(page: Page, site_url):
    # The first visit's worker unpacked the wasm, sent in zstd, and kept it; sw.js took its offline
    # copy from there. The next visit's worker compiles that copy, and downloads no wasm.
    page.goto(site_url + VECTOR)
    ready(page)
    controlled(page)
    assert "elo-unpacked" not in page.evaluate("() => caches.keys()")  # sw.js has its own copy now
    seen: list[tuple[str, bool]] = []
    page.context.on("response", lambda r: seen.append((r.url.split("/")[-1], r.from_service_worker)))
    page.reload()
    ready(page)
    assert ("pyodide.asm.wasm?offline-copy", True) in seen, seen
    assert not any(name.startswith("pyodide.asm.wasm.zst") for name, _ in seen), seen
    assert not any(name == "pyodide.asm.wasm" for name, _ in seen), seen  # compiled: no fallback download


def test_offline_use_comes_back_after_cache_storage_is_cleared(page: Page, site_url):
    # the person (or the browser) clears Cache Storage: the next online visit fills it again
    url = site_url + VECTOR
    page.goto(url)
    ready(page)
    controlled(page)
    page.evaluate("caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k))))")
    page.reload()
    ready(page)
    page.wait_for_function("""async () => {
        const keys = await caches.keys();
        const cache = keys.length && await caches.open(keys[0]);
        return !!cache && (await cache.keys()).length > 20;
    }""", timeout=LOAD_TIMEOUT, polling=500)
    go_offline_and_compute(page, url)


def test_offline_the_worker_answers_heads_and_queries_from_its_cache(page: Page, site_url, dist_dir):
    page.goto(site_url + VECTOR)
    ready(page)
    controlled(page)
    page.context.set_offline(True)
    try:
        head, get = page.evaluate("""async () => {
            const head = await fetch("pyodide/python_stdlib.zip", { method: "HEAD" });
            const get = await fetch("pyodide/pyodide-lock.json?b=anything");
            return [[head.status, head.headers.get("content-type"), (await head.arrayBuffer()).byteLength],
                    [get.status, (await get.arrayBuffer()).byteLength]];
        }""")
    finally:
        page.context.set_offline(False)
    assert head == [200, "application/zip", 0]
    assert get == [200, (dist_dir / "pyodide" / "pyodide-lock.json").stat().st_size]


def test_the_service_worker_waits_for_typing_to_pause(page: Page, site_url):
    # Its precache (20 MB read, hashed and written) and the primer after it slowed keystrokes
    # (app.js): the service worker is set up once the worker's start is done and no one has
    # typed for a second, not while someone types (here a key every 0.2 s for 3 s).
    page.goto(site_url + VECTOR)
    ready(page)
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length > 0", timeout=LOAD_TIMEOUT)
    page.click("#rating")
    page.keyboard.press("End")
    for i in range(16):  # 1800 -> 180 -> 1800 ...
        page.keyboard.press("Backspace" if i % 2 == 0 else "0")
        page.wait_for_timeout(200)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)"), i
    controlled(page)  # once typing stops
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")  # 180 -> 1800 again


def test_the_code_cache_primer_loads_through_the_service_worker(page: Page, site_url, dist_dir):
    # On a first visit the page primes Chromium's code cache (app.js) only once the service
    # worker controls it, so that the primer's loads come from its cache, as the next
    # visit's will. The primer is the calculator's worker named "prime" (worker.js): it starts
    # from the snapshot the first start kept a moment ago, so it asks for neither the snapshot
    # nor the standard library, warms up, says it settled, and is ended.
    snapshot = Path(json.loads((dist_dir / "build.json").read_text())["snapshot"]["path"]).name
    # The primer is the page's second worker: what is sent once it exists is its (and sw.js's
    # precache's). Listened for from the start, as the primer may start as soon as sw.js controls.
    served: list[tuple[str, bool]] = []
    workers = []
    page.on("worker", lambda w: workers.append(w))
    page.context.on("response", lambda r: len(workers) > 1 and served.append(
        (r.url.split("/")[-1].split("?")[0], r.from_service_worker)))
    page.goto(site_url + VECTOR)
    ready(page)
    controlled(page)
    assert primer_outcome(page, LOAD_TIMEOUT) == "primed"
    primer = [name for name, _ in served]
    # (The service worker's own precache may still download files: from_service_worker False.)
    assert ("pyodide.mjs", True) in served and ("pyodide.asm.mjs", True) in served, served
    assert snapshot not in primer and "python_stdlib.zip" not in primer, served
    # the wasm too: sw.js's copy (worker/wasm.js), not the one sent in zstd
    assert ("pyodide.asm.wasm", True) in served and ("pyodide.asm.wasm.zst", True) not in served, served
    assert_primer_ended(page)
    page.fill("#rating", "1900")  # and the calculator goes on answering
    expect(page.get_by_test_id("new-rating")).to_have_text("1906")


def test_a_failing_primer_does_not_stop_the_calculator(browser, site_url):
    # The primer only helps the next visit: if it fails, the page hears it and goes on. Here
    # the second download of worker.js, the primer's, throws (service workers blocked, else
    # the second would be the service worker's precache).
    context = browser.new_context(service_workers="block")
    loads = []

    def worker_js(route):
        loads.append(route.request.url)
        if len(loads) == 1:
            return route.continue_()
        route.fulfill(body='throw new Error("primer broken on purpose");\n', content_type="text/javascript")

    context.route(re.compile(r".*/worker\.js(\?.*)?$"), worker_js)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site_url + VECTOR)
        ready(page)
        assert primer_outcome(page, LOAD_TIMEOUT) == "failed"
        assert len(loads) == 2, loads
        page.wait_for_timeout(500)  # time for an uncancelled error to reach the page
        page.fill("#rating", "1900")
        expect(page.get_by_test_id("new-rating")).to_have_text("1906")
        assert errors == []
    finally:
        context.close()


def test_the_worker_scope_is_the_site_folder(page: Page, site_url):
    page.goto(site_url)
    ready(page)
    controlled(page)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == site_url


def test_manifest_parses_without_errors_and_is_installable(page: Page, site_url):
    base = site_url
    page.goto(base)
    ready(page)
    controlled(page)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == base + "manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = cdp.send("Page.getAppManifest").get("data", "")
    assert '"start_url": "./"' in parsed
    installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Playwright's contexts are incognito, which alone blocks installing; anything else is ours.
    assert [e["errorId"] for e in installability if e["errorId"] != "in-incognito"] == []


@pytest.mark.parametrize("held", [False, True], ids=["idle", "held-by-an-endless-request"])
def test_a_new_deploy_is_offered_and_replaces_the_old_cache_whole(page: Page, tmp_path, held_server, monkeypatch, held):
    site = tmp_path / "site"
    base, hang = held_server(site, "/hang")  # /hang: a request that gets no answer while the test runs
    web_b = tmp_path / "web-b"
    build.build(site)
    first = (site / "build.json").read_text()
    page.goto(base + VECTOR)
    ready(page)
    controlled(page)
    site_caches = "caches.keys().then(keys => keys.filter(k => k.startsWith('elo-')))"  # one per build
    caches_before = page.evaluate(site_caches)
    assert len(caches_before) == 1
    other_tab = page.context.new_page()
    other_tab.goto(base + VECTOR)
    ready(other_tab)
    other_tab.fill("#next", "1950")  # an input the address does not hold (issue 28, point 3)
    other_tab.fill("#target", "1830")

    shutil.copytree(build.WEB, web_b)   # version B: the same site with one changed file
    (web_b / "style.css").write_text((web_b / "style.css").read_text() + "\nhtml { scroll-padding-top: 7px; } /* version B */\n")
    monkeypatch.setattr(build, "WEB", web_b)
    build.build(tmp_path / "dist-b")
    shutil.rmtree(site)
    shutil.copytree(tmp_path / "dist-b", site)
    assert (site / "build.json").read_text() != first

    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")   # the old version keeps working meanwhile
    if held:
        # A request the old service worker passes on and that never gets an answer: Chromium
        # lets the new version take over only once the old one has nothing in flight (or after
        # 5 minutes), so the page waits until sw.js gives up on the request (20 s).
        page.evaluate("fetch('hang'); undefined")
        assert hang.arrived.wait(30)  # passed on by the old service worker, in flight
    with page.expect_navigation(timeout=LOAD_TIMEOUT):
        page.get_by_role("button", name="Reload to update").click()
        if held:
            expect(page.get_by_role("button", name="Updating…")).to_be_disabled()
            page.wait_for_timeout(2000)
            assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting !== null)")
    ready(page)
    expect(page.locator("html")).to_have_css("scroll-padding-top", "7px")  # version B's page
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    caches_after = page.evaluate(site_caches)
    assert len(caches_after) == 1 and caches_after != caches_before
    css = page.evaluate("fetch('style.css').then(r => r.text())")
    assert "version B" in css
    # The other tab reloads into the new version too, rather than mix its old page with it, and
    # gets back what it held.
    expect(other_tab.locator("html")).to_have_css("scroll-padding-top", "7px", timeout=LOAD_TIMEOUT)
    expect(other_tab.locator("#next")).to_have_value("1950")
    expect(other_tab.locator("#target")).to_have_value("1830")
