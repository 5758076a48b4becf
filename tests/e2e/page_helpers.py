"""Helpers shared by the calculator page's tests (test_page*.py, test_embed.py): open the page (its inputs in
the address) and wait for the engine, find by test id, enter games, bring the charts into view.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 120_000  # ms: Pyodide's first start on a loaded 2-core machine


def games_param(games) -> str:
    return ",".join(f"{opp}:{score:g}" for opp, score in games)


def open_page(page: Page, url: str, **params) -> Page:
    page.goto(url + ("?" + urlencode(params) if params else ""))
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    return page


def tid(page: Page, name: str):
    return page.get_by_test_id(name)


def look_at_charts(page: Page) -> None:
    """Scroll the charts into view: far off screen, they are drawn only once near (app.js)."""
    page.locator("#results-tournament .charts").scroll_into_view_if_needed()


def set_games(page: Page, games) -> None:
    for _ in range(tid(page, "game-row").count()):
        page.get_by_role("button", name="Remove game 1", exact=True).click()
    for opp, score in games:
        page.get_by_role("button", name="Add game").click()
        row = tid(page, "game-row").last
        row.locator(".opp").fill(str(opp))
        row.locator(".score").select_option(f"{score:g}")
