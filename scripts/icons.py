"""Render web/icons/icon.svg to the PNG sizes the web app manifest and the page name.

    python scripts/icons.py

The PNGs are committed; run this only after changing the SVG. The maskable icon puts
the drawing inside the central 80 % safe zone on a full-bleed background. The page's
favicon is a small PNG, not the SVG: Chromium decodes a favicon on the page's main thread,
and an SVG one costs a whole SVG document there (about 20 ms on a slow phone-class CPU)
right when the page first lays out.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright
from screenshots import ARGS, executable

ICONS = Path(__file__).resolve().parents[1] / "web" / "icons"
SIZES = [("icon-32.png", 32, False), ("icon-192.png", 192, False), ("icon-512.png", 512, False), ("maskable-512.png", 512, True)]


def main() -> None:
    svg = (ICONS / "icon.svg").read_text("utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable(), args=ARGS, headless=True)
        for name, size, maskable in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * 0.8) if maskable else size
            page.set_content(
                f'<body style="margin:0;background:{"#2458a6" if maskable else "transparent"};display:grid;'
                f'place-items:center;width:{size}px;height:{size}px">'
                f'<div style="width:{inner}px;height:{inner}px">{svg.replace("<svg ", "<svg width=100% height=100% ", 1)}</div>')
            page.screenshot(path=str(ICONS / name), omit_background=not maskable)
            page.close()
            print("wrote", ICONS / name)
        browser.close()


if __name__ == "__main__":
    main()
