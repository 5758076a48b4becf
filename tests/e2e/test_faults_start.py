"""Faults of the hostile pass (issue 50), the engine's start and embeds: a start that makes no
progress says where it is stuck and offers Retry, as does a failed start; each embed keeps its own
inputs and says so, starts its engine only once in view, and says when a sandbox keeps it from
running. Each test failed before its fix."""

from __future__ import annotations

import re

import pytest
from conftest import site_copy
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 120_000
VECTOR = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01"
# The test hook for the start's limit on no progress (app.js; the site's own is engine.js's STALL_MS).
SHORT_LIMIT = "self.eloTestStallMs = 2000;"


def ready(page) -> None:
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)


# 3. The runtime's wasm never arrives: the status says what is stuck, with Retry, which works.
def test_a_start_with_no_progress_says_where_it_is_stuck_and_retries(page: Page, dist_dir, held_server):
    url, gate = held_server(dist_dir, "pyodide.asm.wasm.zst")
    page.add_init_script(SHORT_LIMIT)
    page.goto(url + VECTOR)
    status = page.get_by_test_id("load-status")
    expect(status).to_contain_text("stuck", timeout=60_000)
    expect(status).to_contain_text("Loading Python runtime")
    expect(page.locator("body")).to_have_class(re.compile("engine-failed"))
    retry = page.get_by_role("button", name="Retry")
    expect(retry).to_be_visible()
    page.evaluate("() => { self.eloTestStallMs = 600000; }")
    gate.release.set()
    retry.click()
    ready(page)
    expect(retry).to_be_hidden()
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")


def test_a_failed_start_offers_retry(page: Page, dist_dir, serve_dir, tmp_path):
    site = site_copy(dist_dir, tmp_path, lambda copy, info: (copy / "build.json").rename(copy / "build.away"))
    page.goto(serve_dir(site) + VECTOR)
    expect(page.get_by_test_id("load-status")).to_contain_text("build.json", timeout=60_000)
    (site / "build.away").rename(site / "build.json")
    page.get_by_role("button", name="Retry").click()
    ready(page)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")


def blog(tmp_path, serve_dir, frames: str) -> str:
    host = tmp_path / "host"
    host.mkdir(exist_ok=True)
    (host / "post.html").write_text(f'<!doctype html><meta charset="utf-8"><title>A blog</title><body style="margin:0">{frames}</body>')
    return serve_dir(host).replace("127.0.0.1", "localhost") + "post.html"  # another origin


@pytest.fixture(scope="module")
def site(dist_dir, serve_dir) -> str:
    return serve_dir(dist_dir)


# 5. Two embeds of one calculator on one page each keep their own inputs, and say that they do. On
# the calculator's own site: this browser, like many, gives frames of another site no storage,
# and an embed then says it keeps nothing.
def test_two_embeds_on_one_page_keep_their_own_inputs(page: Page, dist_dir, serve_dir, tmp_path):
    frame = f'<iframe src="./{VECTOR}&embed=1" style="width:40rem;height:900px;border:0"></iframe>'
    post = f'<!doctype html><meta charset="utf-8"><title>Blog</title><div style="display:flex">{frame}{frame}</div>'
    site = serve_dir(site_copy(dist_dir, tmp_path, lambda copy, info: (copy / "post.html").write_text(post)))
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(site + "post.html")
    frames = [page.frame_locator("iframe").nth(i) for i in (0, 1)]
    for f in frames:
        expect(f.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
        expect(f.get_by_test_id("storage-note")).to_contain_text("kept while this tab is open")
    frames[0].locator("#rating").fill("1900")
    frames[1].locator("#rating").fill("2000")
    expect(frames[1].get_by_test_id("new-rating")).to_have_text("2001")
    page.wait_for_timeout(600)  # the frames' addresses written too
    page.reload()
    for f, rating in zip(frames, ("1900", "2000")):
        expect(f.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
        expect(f.locator("#rating")).to_have_value(rating)


def test_an_embed_on_another_site_without_storage_says_it_keeps_nothing(page: Page, site, serve_dir, tmp_path):
    page.goto(blog(tmp_path, serve_dir, f'<iframe id="calc" src="{site + VECTOR}&embed=1" style="width:40rem;height:800px"></iframe>'))
    frame = page.frame_locator("#calc")
    expect(frame.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    frame.locator("#rating").fill("1900")
    expect(frame.get_by_test_id("storage-note")).to_contain_text("will not be kept")


# 7. An embed starts its engine only once it comes into view.
def test_an_embed_starts_its_engine_only_once_in_view(page: Page, site, serve_dir, tmp_path):
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.split("?")[0]))
    page.set_viewport_size({"width": 800, "height": 600})
    page.goto(blog(tmp_path, serve_dir, f'<div style="height:3000px"></div>'
                                         f'<iframe id="calc" src="{site + VECTOR}&embed=1" style="width:40rem;height:800px"></iframe>'))
    frame = page.frame_locator("#calc")
    expect(frame.locator("body")).to_have_class(re.compile(r"\bembed\b"))  # its page has started
    page.wait_for_timeout(1500)
    assert not [u for u in asked if u.endswith("worker.js")], asked
    page.locator("#calc").scroll_into_view_if_needed()
    expect(frame.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    expect(frame.get_by_test_id("new-rating")).to_have_text("1811")


# 7. Sandboxed without allow-same-origin, an embed says it cannot run there (not "Loading…" forever).
def test_an_embed_in_a_sandbox_says_it_cannot_run_there(page: Page, site, serve_dir, tmp_path):
    page.goto(blog(tmp_path, serve_dir, f'<iframe id="calc" sandbox="allow-scripts" src="{site + VECTOR}&embed=1"'
                                        ' style="width:40rem;height:600px"></iframe>'))
    status = page.frame_locator("#calc").get_by_test_id("load-status")
    expect(status).to_contain_text("cannot run in this frame", timeout=30_000)
    expect(status).to_be_visible()
