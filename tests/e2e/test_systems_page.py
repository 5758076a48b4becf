"""The rating-system choice (web/systems.js): US Chess, DWZ and ECF under the same tabs, each figure as
elo_core computes it and explained in the federation's words; the address holds the system; old links
stay FIDE; the whole event rated by a national system; the embed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from elo_core.facade import handle
from tests.e2e.page_helpers import LOAD_TIMEOUT, open_page, tid

CODES = (Path(__file__).parents[1] / "data" / "codes.trf").read_text()


def engine(op: str, args: dict) -> dict:
    answer = json.loads(handle(json.dumps({"op": op, "args": args})))
    assert answer["ok"], answer
    return answer["result"]


def visible_tabs(page: Page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('[role=tab]')].filter((b) => !b.hidden)"
                         ".map((b) => b.dataset.tab)")


def test_the_worked_example_of_the_issue_gives_1567_by_the_special_formula(page: Page, site_url):
    # A 1500 with 7 games wins 2 of 2 against 1600 and 1200: the estimator's shortcut says 1611.
    open_page(page, site_url, system="uscf", uscf_rating="1500", uscf_games_played="7", uscf_end="2025-06-01",
              games="1600:1,1200:1")
    r = engine("uscf", {"rating": 1500, "games_played": 7, "end": "2025-06-01", "games": [[1600, 1], [1200, 1]]})
    assert r["new_rating_rounded"] == 1567
    expect(tid(page, "national-new")).to_contain_text("1567")
    expect(tid(page, "national-new")).to_contain_text("1566.67")
    expect(tid(page, "national-change")).to_have_text("+66.67")
    expect(tid(page, "national-formula")).to_contain_text("Special formula")
    explain = tid(page, "national-explain")
    for e in r["explain"]:
        expect(explain).to_contain_text(e["term"])
    expect(explain).to_contain_text("Glickman & Doan")
    assert visible_tabs(page) == ["tournament", "initial", "event"]
    expect(page.locator("#player")).to_be_hidden()
    expect(page.locator("#uscf-box")).to_be_visible()


def test_choosing_a_system_changes_inputs_and_figures_and_the_address(page: Page, site_url):
    open_page(page, site_url)
    expect(tid(page, "new-rating")).not_to_have_text("–", timeout=LOAD_TIMEOUT)
    page.select_option("#system", "uscf")
    page.fill("#uscf_rating", "1500")
    page.fill("#uscf_games_played", "30")
    page.fill("#uscf_end", "2025-06-01")
    r = engine("uscf", {"rating": "1500", "games_played": "30", "end": "2025-06-01", "pool": "regular", "dual": False,
                        "history": "mixed", "games": [["1750", "1"], ["1900", "0.5"]]})
    expect(tid(page, "national-new")).to_contain_text(str(r["new_rating_rounded"]))
    expect(tid(page, "national-formula")).to_contain_text("Standard formula")
    expect(tid(page, "national-explain")).to_contain_text("K factor")
    page.wait_for_timeout(700)  # the address follows once typing pauses
    assert "system=uscf" in page.url and "uscf_rating=1500" in page.url
    # The link gives the same figures back.
    other = page.context.new_page()
    other.goto(page.url)
    expect(tid(other, "national-new")).to_contain_text(str(r["new_rating_rounded"]), timeout=LOAD_TIMEOUT)
    expect(other.locator("#system")).to_have_value("uscf")
    other.close()
    # Back to FIDE: its tabs and its inputs, and no system in the address.
    page.select_option("#system", "fide")
    expect(page.locator("#player")).to_be_visible()
    expect(tid(page, "new-rating")).not_to_have_text("–")
    page.wait_for_timeout(700)
    assert "system=" not in page.url
    assert visible_tabs(page) == ["tournament", "single", "performance", "initial", "event"]


def test_an_old_link_stays_fide_and_an_old_lichess_link_stays_lichess(page: Page, site_url):
    open_page(page, site_url, tab="tournament", rating="1800", k="20", games="1750:1,1900:0.5")
    expect(page.locator("#system")).to_have_value("fide")
    expect(tid(page, "new-rating")).to_have_text(str(engine("rate", {"rating": 1800, "k": 20, "games": [[1750, 1], [1900, 0.5]]})["new_rating"]))
    open_page(page, site_url, tab="lichess")
    expect(page.locator("#system")).to_have_value("lichess")
    assert visible_tabs(page) == ["lichess"]
    # A national system's tab the system lacks opens its first.
    open_page(page, site_url, system="dwz", tab="single")
    expect(page.get_by_role("tab", name="Tournament")).to_have_attribute("aria-selected", "true")


def test_a_dwz_evaluation_explains_e_with_its_parts(page: Page, site_url):
    open_page(page, site_url, system="dwz", dwz_rating="1600", dwz_index="5", dwz_birth_year="1990",
              dwz_end="2025-06-01", games="1700:1,1500:0.5")
    r = engine("dwz", {"rating": 1600, "index": 5, "birth_year": 1990, "end": "2025-06-01",
                       "games": [[1700, 1], [1500, 0.5]]})
    expect(tid(page, "national-new")).to_have_text(str(r["new_rating"]))
    expect(tid(page, "national-formula")).to_have_text(r["formula"])
    expect(tid(page, "national-explain")).to_contain_text(f"E = {r['coefficient']['rounded']}")
    expect(tid(page, "national-explain")).to_contain_text("Wertungsordnung (classic)")
    # After the change of rulebook: K with its parts.
    page.fill("#dwz_end", "2026-09-01")
    expect(tid(page, "national-explain")).to_contain_text("K0")


def test_a_first_dwz_shows_the_iteration_and_a_bad_field_is_named(page: Page, site_url):
    games = "1600:1,1500:0.5,1700:0,1650:1,1580:0.5"
    open_page(page, site_url, system="dwz", tab="initial", dwz_birth_year="1990", dwz_end="2025-06-01", games=games)
    r = engine("dwz", {"birth_year": 1990, "end": "2025-06-01",
                       "games": [[1600, 1], [1500, 0.5], [1700, 0], [1650, 1], [1580, 0.5]]})
    expect(tid(page, "national-new")).to_have_text(str(r["first"]["new_rating"]))
    expect(tid(page, "national-explain")).to_contain_text("first DWZ")
    expect(tid(page, "national-explain")).to_contain_text("iteration")
    expect(page.locator("#dwz_rating")).to_be_hidden()
    page.fill("#dwz_birth_year", "abc")
    page.locator("#dwz_end").focus()  # the message shows once the field is left
    expect(page.locator("#dwz_birth_year-msg")).to_contain_text("Year of birth must be a number")
    expect(page.locator("#dwz_birth_year")).to_have_attribute("aria-invalid", "true")


def test_ecf_k_and_p_methods_and_an_old_grade(page: Page, site_url):
    open_page(page, site_url, system="ecf", ecf_rating="", ecf_grade="150", ecf_month="2026-11", games="1600:1,1500:1")
    r = engine("ecf", {"grade": "150", "month": "2026-11", "games": [[1600, 1], [1500, 1]]})
    expect(tid(page, "national-new")).to_contain_text(str(r["new_rating"]))
    expect(tid(page, "national-explain")).to_contain_text("7.5 x 150 + 700 = 1825")
    expect(tid(page, "national-formula")).to_have_text(r["formula"])
    page.get_by_role("tab", name="First rating").click()
    p = engine("ecf", {"month": "2026-11", "games": [[1600, 1], [1500, 1]]})
    expect(tid(page, "national-explain")).to_contain_text("P-method")
    expect(tid(page, "national-new")).to_contain_text(str(p["new_rating"]))
    page.check("#ecf_junior")
    expect(tid(page, "national-note")).to_contain_text("junior")
    expect(tid(page, "national-notes")).to_contain_text("choice")


def test_a_whole_event_rated_by_us_chess(page: Page, site_url):
    open_page(page, site_url, system="uscf", tab="event")
    page.fill("#event-text", CODES)
    page.check("#event-ratings-as")
    r = engine("uscf_event", {"text": CODES, "ratings_as_uscf": True})
    expect(tid(page, "national-event-summary")).to_contain_text(f"{r['event']['players']} players")
    table = tid(page, "national-players")
    first = r["players"][0]
    expect(table.locator("tbody tr").first).to_contain_text(str(first["new_rating_rounded"]))
    expect(tid(page, "national-event-steps")).to_contain_text("intermediate ratings")
    # FIDE's own options are not offered under US Chess.
    expect(page.locator("#event-k")).to_be_hidden()
    expect(page.locator("#event-norms")).to_be_hidden()


def test_the_embed_shows_a_national_system(browser, site_url):
    page = browser.new_page(viewport={"width": 420, "height": 900})
    page.goto(f"{site_url}?system=ecf&ecf_rating=1600&games=1700:1&embed=1")
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    expect(tid(page, "national-new")).to_have_text(str(engine("ecf", {"rating": 1600, "games": [[1700, 1]]})["new_rating"]) + " (Full)")
    expect(page.locator("#system")).to_be_hidden()
    page.close()


def test_a_fide_period_under_another_system_rates_event_1s_games(page: Page, site_url):
    # A period is FIDE's: under US Chess only event 1's games show, and they are the ones rated.
    page.goto(f"{site_url}?rating=1900&k=20&rules=2025-10-01&games=1800:1,2000:0.5"
              "&event1=2025-10-01&event2=2025-10-20&games2=2100:0")
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    expect(tid(page, "period-event")).to_have_count(2)
    page.select_option("#system", "uscf")
    page.fill("#uscf_end", "2025-10-31")
    expect(tid(page, "period-event").nth(1)).to_be_hidden()
    expect(page.locator("#add-event")).to_be_hidden()
    expect(tid(page, "game-row").first).to_be_visible()
    r = engine("uscf", {"rating": "1500", "games_played": "40", "end": "2025-10-31", "pool": "regular", "dual": False,
                        "history": "mixed", "games": [["1800", "1"], ["2000", "0.5"]]})
    expect(tid(page, "national-new")).to_contain_text(str(r["new_rating_rounded"]))
    page.select_option("#system", "fide")
    expect(tid(page, "period-event").nth(1)).to_be_visible()
