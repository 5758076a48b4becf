"""Take the README's screenshots: the built site at desktop and phone width, light and dark.

    python scripts/screenshots.py [--out docs/screenshots]

Builds dist/, serves it on 127.0.0.1, drives headless Chromium (Playwright's own, else
Debian's /usr/bin/chromium or $ELO_CHROMIUM) and writes small PNGs.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from devkit import chromium  # noqa: E402
from devkit.server import Served  # noqa: E402

QUERY = "?tab=tournament&rating=1800&k=20&games=1750:1,1900:0.5,2010:0,1620:1,2450:0.5&method=fide&rules=2025-10-01&kind=standard"
SHOTS = [  # name, query, width, height, colour scheme, an output that must show a number
    ("desktop", QUERY, 1280, 1400, "light", "new-rating"),
    ("phone", QUERY, 375, 1500, "light", "new-rating"),
    ("desktop-dark", QUERY, 1280, 1400, "dark", "new-rating"),
    ("single-phone", QUERY.replace("tab=tournament", "tab=single") + "&opponent=2450&opponent_k=10", 375, 1000, "light",
     "single-expected"),
    ("phone-results", QUERY, 375, 800, "light", "new-rating"),
]
SCROLL_TO = {"phone-results": "#results-tournament"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    served = Served(build.build())
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
            if shutil.which("pngquant"):  # small files for the repository, where available
                subprocess.run(["pngquant", "--force", "--skip-if-larger", "--output", str(path), str(path)], check=False)
            print("wrote", path, f"{path.stat().st_size // 1024} KiB")
            page.close()
        browser.close()
    served.close()


if __name__ == "__main__":
    main()
