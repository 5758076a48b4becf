"""The calculator in a blog on another origin: the embed code the page writes, each frame sized by
its own messages, no offline copies, primer or kept snapshot in an embed, its rules date and its
theme."""

from __future__ import annotations

import re

import pytest
from page_helpers import LOAD_TIMEOUT, open_page
from playwright.sync_api import Page, expect

VECTOR = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01&kind=standard&method=fide"


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
    open_page(page, site_url + VECTOR)
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
    open_page(page, site_url + "?rating=1800&k=20&games=1750:1,1900:0.5")
    assert "rules" not in snippet_of(page)
    page.fill("#rules", "2024-05-01")
    assert "rules=2024-05-01" in snippet_of(page).replace("&amp;", "&")
    expect(page.get_by_test_id("embed-code")).to_have_value(re.compile("rules=2024-05-01"))


@pytest.mark.parametrize("theme, scheme, dark", [("auto", "dark", True), ("auto", "light", False), ("light", "dark", False),
                                                 ("dark", "light", True)])
def test_the_theme_parameter_forces_the_colours(browser, site_url, theme, scheme, dark):
    context = browser.new_context(color_scheme=scheme, service_workers="block")
    page = context.new_page()
    open_page(page, f"{site_url}{VECTOR}&embed=1&theme={theme}")
    text = page.locator("body").evaluate("(b) => getComputedStyle(b).color")
    r, g, b = map(int, re.findall(r"\d+", text)[:3])
    assert (r + g + b > 382) == dark, (theme, scheme, text)
    # The embed code offers the theme, and passes it on.
    main = context.new_page()
    open_page(main, site_url + VECTOR)
    main.locator(".embed-box").evaluate("(box) => { box.open = true; }")
    main.select_option("#embed-theme", "dark")
    expect(main.get_by_test_id("embed-code")).to_have_value(re.compile("theme=dark"))
    context.close()
