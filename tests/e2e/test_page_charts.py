"""The tournament tab's charts in Chromium: they follow every answer and hide while the input is
wrong, wait off screen until seen (or printed) and then show the latest answer, and are not
misled by the blocks around them. elo_core is the oracle for the figures.
"""

from __future__ import annotations

import re

from page_helpers import games_param, look_at_charts, open_page, tid
from playwright.sync_api import Page, expect

from elo_core import rate


def look_away_from_charts(page: Page) -> None:
    """Back to the top, until the browser skips the charts (and has said so: one more frame)."""
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_function("() => !document.getElementById('curve').checkVisibility({ contentVisibilityAuto: true })")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_charts_follow_every_answer_and_hide_while_the_input_is_wrong(page: Page, site_url):
    # The charts keep their marks between answers and rewrite them in place (charts.js).
    open_page(page, site_url, rating=1800, k=20, games="1750:1,1900:0.5,0:1", rules="2025-10-01")
    dots, bars = page.locator("#curve .dots path"), page.locator("#bars rect")
    rows = tid(page, "game-row")

    def bars_match_the_rows(counted: list[int]) -> None:
        expect(bars).to_have_count(len(counted))
        for n, i in enumerate(counted):
            change = rows.nth(i).get_by_test_id("game-change").text_content()
            expect(bars.nth(n).locator("title")).to_have_text(f"game {i + 1}: {change}")
            expect(bars.nth(n)).to_be_visible()

    look_at_charts(page)
    expect(dots).to_have_count(2)
    bars_match_the_rows([0, 1])
    before = [dots.first.get_attribute("d"), bars.nth(1).get_attribute("height")]
    page.fill("#rating", "abc")
    expect(tid(page, "new-rating")).to_have_text("–")
    look_at_charts(page)
    expect(dots.first).to_be_hidden()
    expect(bars.first).to_be_hidden()
    page.fill("#rating", "1700")
    expect(tid(page, "new-rating")).not_to_have_text("–")
    look_at_charts(page)
    expect(dots.first).to_be_visible()
    expect(dots.nth(1).locator("title")).to_have_text(re.compile(r"^vs 1900: drawn, difference -200, expected "))
    bars_match_the_rows([0, 1])
    after = [dots.first.get_attribute("d"), bars.nth(1).get_attribute("height")]
    assert after[0] != before[0] and after[1] != before[1], (before, after)  # moved, not just shown again
    rows.nth(1).locator(".opp").fill("0")  # now unrated: one mark each fewer
    expect(tid(page, "games-counted")).to_have_text("1")
    look_at_charts(page)
    expect(dots).to_have_count(1)
    bars_match_the_rows([0])


def test_charts_off_screen_wait_until_seen_and_then_show_the_latest_answer(page: Page, site_url):
    # 30 games push the charts far below the fold: the keystrokes skip them (app.js), and
    # they catch up as they come into view, or when the page is about to be printed. Far:
    # Chromium renders what is within 1.5 screens, so the screen is set, and not too tall; and
    # narrow (one column: on a wide screen the results stand beside the games, charts in view).
    page.set_viewport_size({"width": 900, "height": 600})
    games = [(1650 + 10 * i, (1, 0.5, 0)[i % 3]) for i in range(30)]
    open_page(page, site_url, rating=1800, k=20, games=games_param(games), rules="2025-10-01")
    dots = page.locator("#curve .dots path")
    first_title = dots.first.locator("title")
    expect(tid(page, "new-rating")).not_to_have_text("–")
    assert dots.count() == 0  # never on screen, never drawn

    def new_rating(rating: int) -> str:
        return str(rate(rating, 20, games, rules="2025-10-01").new_rating)

    def title(rating: int) -> str:  # the first dot's, up to its expected score
        return f"vs 1650: won, difference {rate(rating, 20, games[:1], rules='2025-10-01').games[0].difference_used}, expected "

    look_at_charts(page)
    expect(dots).to_have_count(30)
    expect(first_title).to_have_text(re.compile("^" + re.escape(title(1800))))

    look_away_from_charts(page)
    page.fill("#rating", "1500")
    expect(tid(page, "new-rating")).to_have_text(new_rating(1500))
    assert first_title.text_content().startswith(title(1800))  # answered; the charts left as they were,
    expect(dots.first).to_be_hidden()  # their marks hidden: a jump to them never shows old ones
    look_at_charts(page)
    expect(first_title).to_have_text(re.compile("^" + re.escape(title(1500))))

    look_away_from_charts(page)
    page.fill("#rating", "2100")
    expect(tid(page, "new-rating")).to_have_text(new_rating(2100))
    assert first_title.text_content().startswith(title(1500))
    page.evaluate("dispatchEvent(new Event('beforeprint'))")  # as the browser does before printing
    assert first_title.text_content().startswith(title(2100))  # drawn at once


def test_charts_on_screen_follow_answers_whatever_the_blocks_around_them_say(page: Page, site_url):
    # The blocks after the charts (.whatif, .explain) have content-visibility of their own, and
    # their state-change events bubble through the result section: one skipped below the
    # screen (a short screen) must not be taken for the charts.
    open_page(page, site_url, rating=1800, k=20, games="1750:1,1900:0.5", rules="2025-10-01")
    look_at_charts(page)
    first_title = page.locator("#curve .dots path title").first
    expect(first_title).to_have_text(re.compile(r"^vs 1750: won, difference 50, "))
    page.evaluate("""() => {
        for (const block of document.querySelectorAll("#results-tournament .whatif, #results-tournament .explain")) {
            block.dispatchEvent(new ContentVisibilityAutoStateChangeEvent(
                "contentvisibilityautostatechange", { skipped: true, bubbles: true }));
        }
    }""")
    page.fill("#rating", "1700")
    look_at_charts(page)
    expect(first_title).to_have_text(re.compile(r"^vs 1750: won, difference -50, "))



def test_each_font_size_of_the_charts_is_drawn_before_the_first_paint(page: Page, site_url):
    # A text at a size not yet laid out is slow to lay out while the worker's start keeps the
    # browser busy: every size the charts take is in their frames, drawn before the first paint,
    # so the first result's frame lays out no new one (charts.js, watchCharts).
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
        window.__sizesBefore = [...document.querySelectorAll("#curve text, #bars text")]
            .filter((t) => t.textContent).map((t) => getComputedStyle(t).fontSize);
    });""")
    open_page(page, site_url, rating=1800, k=20, games="1750:1,1900:0.5", rules="2025-10-01")
    look_at_charts(page)
    expect(page.locator("#bars .values text")).to_have_count(2)
    expect(page.locator("#curve .legend text")).to_have_count(2)
    before = page.evaluate("window.__sizesBefore")
    after = page.evaluate("""() => [...document.querySelectorAll("#curve text, #bars text")]
        .filter((t) => t.textContent).map((t) => getComputedStyle(t).fontSize)""")
    assert before and len(after) > 10, (before, after)
    assert set(after) <= set(before), (before, after)
