"""The lichess tab: the figures lichess will show, from elo_core's lichess module; its link and messages."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from playwright.sync_api import Page, expect

from elo_core.glicko.lichess import lichess_preview

LOAD_TIMEOUT = 120_000


def open_tab(page: Page, url: str, **params) -> None:
    page.goto(url + "?" + urlencode({"tab": "lichess", **params}))
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)


def shown(x) -> str:
    return f"{x.display} ({x.change:+d})"


def test_win_draw_and_loss_as_elo_core_computes_them(page: Page, site_url):
    params = {"lichess_rating": "1500", "lichess_deviation": "60", "lichess_volatility": "0.06", "days_idle": "365",
              "lichess_opponent": "1600", "lichess_opponent_deviation": "60", "speed": "blitz"}
    open_tab(page, site_url, **params)
    p = lichess_preview(1500, 60, 0.06, "1600:60", speed="blitz", days_idle=365)
    for name in ("win", "draw", "loss"):
        expect(page.get_by_test_id(f"lichess-{name}")).to_have_text(shown(getattr(p, name)))
    expect(page.get_by_test_id("lichess-before")).to_contain_text("provisional")  # 365 idle days: deviation 110
    # The link holds the tab's inputs, and gives them back.
    page.wait_for_timeout(600)
    assert "lichess_deviation=60" in page.url and "days_idle=365" in page.url
    other = page.context.new_page()
    other.goto(page.url)
    expect(other.get_by_test_id("lichess-win")).to_have_text(shown(p.win), timeout=LOAD_TIMEOUT)
    other.close()


def test_a_new_players_first_game(page: Page, site_url):
    open_tab(page, site_url, lichess_rating="1500", lichess_deviation="500", lichess_opponent="1500",
             lichess_opponent_deviation="500", speed="classical")
    # Provisional ("?"), and lichess's gain multiplier for classical (1.015) over scalachess's 1741.
    expected = lichess_preview(1500, 500, None, "1500:500", speed="classical").win
    assert expected.display == "1745?"
    expect(page.get_by_test_id("lichess-win")).to_have_text(shown(expected))


def test_a_bad_deviation_is_named_once_left(page: Page, site_url):
    open_tab(page, site_url)
    page.fill("#lichess_opponent_deviation", "abc")
    expect(page.get_by_test_id("lichess-win")).to_have_text("–")
    page.keyboard.press("Tab")
    expect(page.locator("#lichess_opponent_deviation-msg")).to_have_text("Opponent's deviation must be a number, not 'abc'")
    page.fill("#lichess_opponent_deviation", "60")
    expect(page.get_by_test_id("lichess-win")).not_to_have_text("–")
    settings = page.locator("#lichess-settings tbody tr")
    expect(settings.first).to_contain_text("tau")


def test_the_unconfirmed_settings_are_choices(page: Page, site_url):
    open_tab(page, site_url, lichess_rating="1500", lichess_deviation="500", lichess_opponent="1500",
             lichess_opponent_deviation="500", speed="classical", colour="white")
    with_both = lichess_preview(1500, 500, None, "1500:500", speed="classical", colour="white").win
    expect(page.get_by_test_id("lichess-win")).to_have_text(shown(with_both))
    page.select_option("#gain_factor", "1")
    page.select_option("#colour_advantage", "off")
    plain = lichess_preview(1500, 500, None, "1500:500", speed="classical", colour="white", gain_factor=1,
                            colour_advantage=False).win
    assert plain.display == "1741?"  # scalachess RatingCalculatorTest: a new player's win over a new player
    expect(page.get_by_test_id("lichess-win")).to_have_text(shown(plain))


def test_the_tab_embedded_is_compact(browser, site_url):
    page = browser.new_page(viewport={"width": 360, "height": 700})
    page.goto(site_url + "?tab=lichess&embed=1")
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("lichess-win")).not_to_have_text("–")
    expect(page.locator("#lichess-table")).to_be_hidden()
    assert page.evaluate("() => document.documentElement.getBoundingClientRect().height") <= 760
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.close()
