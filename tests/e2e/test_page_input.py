"""What the calculator page does with its input: tabs by mouse and keyboard, the address and the
share link kept up to date, messages for bad input typed or linked, and each keystroke's
answer. elo_core is the oracle for the figures.
"""

from __future__ import annotations

import re

from page_helpers import LOAD_TIMEOUT, open_page, set_games, tid
from playwright.sync_api import Page, expect

from elo_core import rate


def test_the_share_link_is_current_when_used_before_typing_pauses(page: Page, site_url):
    # The address follows the inputs once typing pauses (400 ms); the links are brought up to
    # date at once when someone reaches for them.
    open_page(page, site_url, rating=1800, rules="2025-10-01")
    expect(page.locator("#share")).to_have_attribute("href", re.compile("rating=1800"))
    page.fill("#rating", "1850")
    page.locator("#share").focus()
    assert "rating=1850" in page.locator("#share").get_attribute("href")


def test_tabs_by_mouse_and_keyboard(page: Page, site_url):
    open_page(page, site_url)
    for name, panel in [("Single game", "single"), ("Performance rating", "performance"), ("First rating", "initial"),
                        ("Tournament / rating period", "tournament")]:
        page.get_by_role("tab", name=name).click()
        expect(page.locator(f"#results-{panel}")).to_be_visible()
        expect(page).to_have_url(re.compile(f"tab={panel}"))
    page.get_by_role("tab", name="Tournament / rating period").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="Single game")).to_be_focused()
    expect(page.get_by_role("tab", name="Single game")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#results-single")).to_be_visible()


def test_the_address_round_trip(page: Page, site_url, context):
    open_page(page, site_url)
    page.fill("#rating", "2450")
    page.fill("#k", "10")
    page.fill("#rules", "2025-10-01")
    set_games(page, [(2300, 0.5), (2350, 0.5), (2400, 0.5)])
    expect(tid(page, "new-rating")).to_have_text("2446")
    expect(page).to_have_url(re.compile("games=2300%3A0.5%2C2350%3A0.5%2C2400%3A0.5"))  # once typing pauses
    url = page.url
    other = context.new_page()
    open_page(other, url)
    expect(tid(other, "new-rating")).to_have_text("2446")
    expect(other.locator("#rating")).to_have_value("2450")
    expect(tid(other, "game-row")).to_have_count(3)
    assert other.url == url


def test_bad_input_gets_a_message_next_to_the_field(page: Page, site_url):
    open_page(page, site_url, rules="2025-10-01")
    expect(tid(page, "new-rating")).to_have_text("1811")
    for value, words in [("", "required"), ("abc", "must be a number"), ("-5", "between 1 and 3500"),
                         ("5000", "between 1 and 3500"), ("1800.5", "whole number")]:
        page.fill("#rating", value)
        page.keyboard.press("Tab")  # a message waits until the field is left
        expect(page.locator("#rating-msg")).to_contain_text(words)
        expect(page.locator("#rating")).to_have_attribute("aria-invalid", "true")
        expect(tid(page, "new-rating")).to_have_text("–")
    page.fill("#k", "0")
    page.keyboard.press("Tab")
    expect(page.locator("#k-msg")).to_contain_text("between 1 and 100")
    page.fill("#rating", "1800")
    page.fill("#k", "20")
    expect(tid(page, "new-rating")).to_have_text("1811")
    expect(page.locator("#rating-msg")).to_be_hidden()
    row = tid(page, "game-row").nth(1)
    row.locator(".opp").fill("x" * 10_000_000)   # a pasted 10 MB string
    page.keyboard.press("Tab")
    expect(row.locator(".msg")).to_contain_text("too long")
    expect(page.locator("#rating-msg")).to_be_hidden()
    row.locator(".opp").fill("1900")
    expect(tid(page, "new-rating")).to_have_text("1811")
    body = page.inner_text("body")
    for bad in ("NaN", "undefined", "Traceback"):
        assert bad not in body


def test_bad_url_values_get_messages_and_the_rest_works(page: Page, site_url, context):
    open_page(page, site_url, rating="abc", k="20", games="1750:7,1900:0.5", method="glicko", rules="yesterday",
              kind="bullet")
    expect(page.locator("#rating-msg")).to_contain_text("must be a number")
    expect(tid(page, "game-row").first.locator(".msg")).to_contain_text("1, 0.5 or 0")
    expect(page.locator("#method-msg")).to_contain_text("one of")
    expect(page.locator("#kind-msg")).to_contain_text("one of")
    page.get_by_role("tab", name="Performance rating").click()
    expect(tid(page, "game-row").first.locator(".msg")).to_contain_text("1, 0.5 or 0")
    tid(page, "game-row").first.locator(".score").select_option("1")
    expect(tid(page, "performance-rating")).not_to_have_text("–")


def test_url_scores_written_with_decimals_count_as_written(page: Page, site_url):
    """elo_core reads "1.00" and "0.50" (a spreadsheet's export); the page shows them as given, not as wrong."""
    open_page(page, site_url, rating=1800, k=20, games="1750:1.00,1900:0.50", rules="2025-10-01")
    expect(tid(page, "new-rating")).to_have_text("1811")
    first = tid(page, "game-row").first
    expect(first.locator(".score option:checked")).to_have_text("1.00")
    expect(first.locator(".msg")).to_have_text("")
    expect(first.locator(".score")).not_to_have_attribute("aria-invalid", "true")


def test_each_keystroke_shows_elo_cores_answer_for_what_the_field_then_holds(page: Page, site_url):
    """Deleting, typing at the caret, replacing the whole value, a letter: after each keystroke the
    page shows elo_core's figures for what the field holds (a letter: no result, and the message
    waits until the field is left); a list's other choice likewise."""
    games = [(1750, 1), (1900, 0.5), (2000, 0)]
    open_page(page, site_url, rating=1800, k=20, games="1750:1,1900:0.5,2000:0", rules="2025-10-01")
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length", timeout=LOAD_TIMEOUT)
    page.click("#rating")
    page.keyboard.press("End")
    steps = [  # keys pressed, what the field then holds
        (["Backspace"], "180"), (["5"], "1805"), (["Home", "Delete"], "805"),
        (["2"], "2805"), (["Control+A", "1"], "1"), (["x"], "1x"), (["Backspace"], "1"),
    ]
    for keys, held in steps:
        for key in keys:
            page.keyboard.press(key)
        expect(page.locator("#rating")).to_have_value(held)
        if held.isdigit():
            expected = rate(int(held), 20, games, rules="2025-10-01")
            expect(tid(page, "new-rating")).to_have_text(str(expected.new_rating))
            expect(tid(page, "rating-change")).to_have_text(f"{expected.change_rounded:+d}")
            expect(page.locator("#rating-msg")).to_be_hidden()
        else:  # no result; the message waits until the field is left
            expect(tid(page, "new-rating")).to_have_text("–")
            expect(page.locator("#rating-msg")).to_be_hidden()
    score = tid(page, "game-row").nth(2).locator(".score")
    score.focus()
    score.select_option("0.5")
    expected = rate(1, 20, games[:2] + [(2000, 0.5)], rules="2025-10-01")
    expect(tid(page, "new-rating")).to_have_text(str(expected.new_rating))


def test_a_long_tournament_is_answered_as_each_key_is_typed(page: Page, site_url):
    games = [(1600 + (i % 50) * 10, (1, 0.5, 0)[i % 3]) for i in range(500)]
    open_page(page, site_url, rating=1800, k=20, games=",".join(f"{o}:{s:g}" for o, s in games), rules="2025-10-01")
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length", timeout=LOAD_TIMEOUT)
    page.click("#rating")
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(tid(page, "new-rating")).to_have_text(str(rate(180, 20, games, rules="2025-10-01").new_rating))
