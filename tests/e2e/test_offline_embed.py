"""The three ways people use the site: an offline phone bookmark (PWA), an iframe in a blog on
another origin, and GitHub Pages under a sub-path."""

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
    served: list[tuple[str, bool]] = []
    page.goto(site_url + VECTOR)
    ready(page)
    controlled(page)
    page.context.on("response", lambda r: served.append((r.url.split("/")[-1].split("?")[0], r.from_service_worker)))
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


HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A chess blog</title></head>
<body style="background:#ffe;max-width:22.5rem"><h1>My blog post</h1>
<script>window.heights = []; addEventListener("message", (e) => window.heights.push([e.origin, e.data]));</script>
{first}
<p>And the same games with K 40:</p>
{second}
</body></html>"""


def snippet_of(page: Page) -> str:
    code = page.get_by_test_id("embed-code")
    page.locator(".embed-box").evaluate("(box) => { box.open = true; }")
    page.locator("#embed-theme").focus()
    code.focus()  # the address, and so the code, is written when someone is about to use it
    expect(code).to_have_value(re.compile(r"games=1750%3A1%2C1900%3A0\.5.*embed=1"))
    return code.input_value()


def test_two_embeds_in_a_blog_on_another_origin_each_size_their_own_frame(page: Page, site_url, serve_dir, tmp_path):
    page.goto(site_url + VECTOR)
    ready(page)
    first = snippet_of(page)
    page.fill("#k", "40")
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("new-rating")).to_have_text("1823")
    second = snippet_of(page)
    ids = [re.search(r'id="([^"]+)"', s).group(1) for s in (first, second)]
    assert ids[0] != ids[1] and all(i.startswith("elo-calculator-") for i in ids)
    assert "rules=2025-10-01" in first.replace("&amp;", "&")  # chosen, by the link
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    (host_dir / "post.html").write_text(HOST_PAGE.format(first=first, second=second))
    host = serve_dir(host_dir).replace("127.0.0.1", "localhost") + "post.html"
    assert site_url.split("/")[2] != host.split("/")[2]   # another origin

    blog = page.context.new_page()
    blog.set_viewport_size({"width": 900, "height": 2400})  # both frames on screen
    asked: list[str] = []
    blog.on("request", lambda r: asked.append(r.url.split("?")[0]))
    blog.goto(host)
    frames = [blog.frame_locator(f"#{i}") for i in ids]
    expect(frames[0].get_by_test_id("new-rating")).to_have_text("1811", timeout=LOAD_TIMEOUT)
    expect(frames[1].get_by_test_id("new-rating")).to_have_text("1823", timeout=LOAD_TIMEOUT)
    for frame in frames:
        expect(frame.get_by_role("link", name="Open full calculator")).to_be_visible()
        expect(frame.locator("header.site h1")).to_be_hidden()
        expect(frame.get_by_role("tab", name="Single game")).to_be_hidden()
        expect(frame.get_by_test_id("load-status")).to_be_hidden()  # no status line once ready
    blog.wait_for_function("window.heights.length > 1")
    origin, message = blog.evaluate("window.heights[window.heights.length - 1]")
    assert origin == "http://" + site_url.split("/")[2] and message["type"] == "elo-calculator:height"
    # Each frame is sized by its own messages: its height is its own page's, no inner scrollbar.
    def sized() -> tuple[bool, list]:
        seen = []
        for i, frame in zip(ids, frames):
            style = blog.evaluate("(id) => document.getElementById(id).style.height", i)
            inner = frame.locator("html").evaluate("e => [Math.ceil(e.getBoundingClientRect().height), e.scrollHeight, e.clientHeight]")
            seen.append([style, inner])
        fits = all(style == f"{inner[0]}px" and inner[1] <= inner[2] + 1 for style, inner in seen)
        return fits, seen
    for _ in range(100):
        fits, seen = sized()
        if fits:
            break
        blog.wait_for_timeout(100)
    assert fits, seen
    # Compact: three games in a 360 px column in at most about 700 px.
    assert all(int(style[:-2]) <= 700 for style, _ in seen), seen
    # An embed neither installs offline copies, nor starts a primer, nor keeps the snapshot for a
    # next visit: one worker per frame, and only the files of its first result.
    blog.wait_for_timeout(3000)  # when the full page would have registered sw.js, kept and primed
    assert not any(u.endswith("/sw.js") for u in asked), asked
    assert sum(u.endswith("/worker.js") for u in asked) == 2, asked
    assert not any("/pyodide/snapshot-" in u or u.endswith("/python_stdlib.zip") for u in asked), asked


def test_the_embed_follows_todays_rules_unless_a_date_was_chosen(page: Page, site_url):
    page.goto(site_url + "?rating=1800&k=20&games=1750:1,1900:0.5")
    ready(page)
    assert "rules" not in snippet_of(page)
    page.fill("#rules", "2024-05-01")
    assert "rules=2024-05-01" in snippet_of(page).replace("&amp;", "&")
    expect(page.get_by_test_id("embed-code")).to_have_value(re.compile("rules=2024-05-01"))


@pytest.mark.parametrize("theme, scheme, dark", [("auto", "dark", True), ("auto", "light", False), ("light", "dark", False),
                                                 ("dark", "light", True)])
def test_the_theme_parameter_forces_the_colours(browser, site_url, theme, scheme, dark):
    context = browser.new_context(color_scheme=scheme, service_workers="block")
    page = context.new_page()
    page.goto(f"{site_url}{VECTOR}&embed=1&theme={theme}")
    ready(page)
    text = page.locator("body").evaluate("(b) => getComputedStyle(b).color")
    r, g, b = map(int, re.findall(r"\d+", text)[:3])
    assert (r + g + b > 382) == dark, (theme, scheme, text)
    # The embed code offers the theme, and passes it on.
    main = context.new_page()
    main.goto(site_url + VECTOR)
    ready(main)
    main.locator(".embed-box").evaluate("(box) => { box.open = true; }")
    main.select_option("#embed-theme", "dark")
    expect(main.get_by_test_id("embed-code")).to_have_value(re.compile("theme=dark"))
    context.close()
