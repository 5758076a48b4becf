"""Take the README's screenshots: the built site at desktop and phone size, light and dark, and a
blog (on another origin) with two embedded calculators.

    python scripts/screenshots.py [--out docs/screenshots] [--site DIST]

Builds dist/ (or takes --site, e.g. an older build to compare), serves it on 127.0.0.1, drives
headless Chromium (Playwright's own, else Debian's /usr/bin/chromium or $ELO_CHROMIUM) and writes
small PNGs of what a screen shows (the fold, not the whole page).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from devkit import chromium  # noqa: E402
from devkit.server import Served  # noqa: E402

QUERY = "?tab=tournament&rating=1800&k=20&games=1750:1,1900:0.5,2010:0,1620:1,2450:0.5&method=fide&rules=2025-10-01&kind=standard"
SHOTS = [  # name, query, width, height, colour scheme, an output that must show a number
    ("desktop", QUERY, 1280, 800, "light", "new-rating"),
    ("phone", QUERY, 375, 667, "light", "new-rating"),
    ("desktop-dark", QUERY, 1280, 800, "dark", "new-rating"),
    ("single-phone", QUERY.replace("tab=tournament", "tab=single") + "&opponent=2450&opponent_k=10", 375, 667, "light",
     "single-expected"),
    ("phone-results", QUERY, 375, 667, "light", "new-rating"),
]
SCROLL_TO = {"phone-results": "#results-tournament"}
BLOG = """<!doctype html><html><head><meta charset="utf-8"><title>A chess blog</title>
<style>body {{ font: 17px/1.5 Georgia, serif; max-width: 22.5rem; margin: 1rem auto; color: #222; background: #fff; }}</style>
</head><body><h1>My weekend open</h1><p>Three games, and what they did to my rating:</p>{first}
<p>The same games for a junior with K 40:</p>{second}<p>See you at the next one.</p></body></html>"""


def snippet(page, k: str) -> str:
    """The page's own embed code, for K = k."""
    page.fill("#k", k)
    page.keyboard.press("Tab")
    # Open the box once: a second click on its summary would close it, and a closed box's code
    # is not focused, so not brought up to date at once.
    page.locator(".embed-box").evaluate("(box) => { box.open = true; }")
    page.locator("#embed-code").focus()
    expect(page.locator("#embed-code")).to_have_value(re.compile(f"[?;]k={k}&amp;"))
    return page.locator("#embed-code").input_value()


def blog_shot(browser, url: str, out: Path) -> Path:
    """A blog column on another origin with two embeds made by the page's own snippet."""
    page = browser.new_page()
    page.goto(url + QUERY.replace(",1620:1,2450:0.5", ""))
    page.wait_for_selector("body.engine-ready", timeout=120_000)
    first, second = snippet(page, "20"), snippet(page, "40")
    page.close()
    host_dir = Path(tempfile.mkdtemp())
    (host_dir / "post.html").write_text(BLOG.format(first=first, second=second))
    with Served(host_dir) as host:
        blog = browser.new_page(viewport={"width": 420, "height": 1700})
        blog.goto(host.url.replace("127.0.0.1", "localhost") + "post.html")
        for frame in blog.frames[1:]:
            frame.wait_for_function("() => /\\d/.test(document.querySelector('[data-testid=new-rating]').textContent)",
                                    timeout=120_000)
        blog.wait_for_timeout(1000)
        path = out / "blog-two-embeds.png"
        # A full-page capture leaves what lies below the first cross-origin frame unpainted
        # (headless Chromium): the window is made as tall as the post instead.
        blog.set_viewport_size({"width": 420, "height": blog.evaluate("document.documentElement.scrollHeight")})
        blog.wait_for_timeout(500)
        blog.screenshot(path=str(path))
        blog.close()
    shutil.rmtree(host_dir)
    return path


def small(path: Path) -> None:
    if shutil.which("pngquant"):  # small files for the repository, where available
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--output", str(path), str(path)], check=False)
    print("wrote", path, f"{path.stat().st_size // 1024} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--site", type=Path, help="a built site to take (default: build dist/)")
    args = parser.parse_args()
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    served = Served(args.site or build.build())
    url = served.url
    with sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_options(p))
        for name, query, width, height, scheme, output in SHOTS:
            page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
            page.goto(url + query)
            page.wait_for_selector("body.engine-ready", timeout=120_000)
            page.wait_for_function(f"() => /\\d/.test(document.querySelector('[data-testid={output}]').textContent)")
            if name in SCROLL_TO:
                page.locator(SCROLL_TO[name]).evaluate("e => e.scrollIntoView({ block: 'start' })")
            page.wait_for_timeout(300)
            path = out / f"{name}.png"
            page.screenshot(path=str(path))
            small(path)
            page.close()
        small(blog_shot(browser, url, out))
        browser.close()
    served.close()


if __name__ == "__main__":
    main()
