"""The Tournament tab's rating period (issue 51) in Chromium: events added and removed, FIDE's
columns and the totals as elo_core's `period` gives them for the same inputs, K x n <= 700, the
list's month, an event's Ro, kinds as lists of their own, the what-if, links old and new, kept
inputs and the embed. elo_core (imported here) is the oracle."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest
from page_helpers import games_param, open_page, tid
from playwright.sync_api import Page, expect
from test_a11y import serious

from elo_core import rate
from elo_core.facade import handle


def engine_period(args: dict) -> dict:
    answer = json.loads(handle(json.dumps({"op": "period", "args": args})))
    assert answer["ok"], answer
    return answer["result"]


def signed(x: float) -> str:
    return f"{x:+.2f}"


def period_link(site_url: str, rating, k, events, **more) -> str:
    """A period link as docs/links.md writes it: event 1's start, kind and games are rules, kind, games."""
    first = events[0]
    params = {"rating": rating, "k": k, "rules": first["start"], "kind": first.get("kind", "standard"),
              "games": games_param(first["games"])}
    for i, e in enumerate(events, 1):
        params[f"event{i}"] = ",".join([e["start"], e.get("end", ""), e.get("kind", ""), str(e.get("rating", ""))]).rstrip(",")
        if i > 1:
            params[f"games{i}"] = games_param(e["games"])
    return site_url + "?" + urlencode({**params, **more})


def check_event(page: Page, i: int, expected: dict) -> None:
    """Event i's box shows FIDE's columns, and each game's PD and K x chg, as elo_core gives them."""
    box = tid(page, "period-event").nth(i)
    cells = box.get_by_test_id("event-columns").locator("tbody td")
    want = [str(expected["rc"]), str(expected["ro"]), f"{expected['w']:g}", str(expected["n"]),
            signed(expected["chg"]), str(expected["k"]), signed(expected["k_chg"])]
    expect(cells).to_have_text(want)
    rows = box.get_by_test_id("game-row")
    expect(rows).to_have_count(len(expected["games"]))
    for j, g in enumerate(expected["games"]):
        expect(rows.nth(j).get_by_test_id("game-expected")).to_have_text(f"{g['pd']:.2f}" if g["counted"] else "–")
        expect(rows.nth(j).get_by_test_id("game-change")).to_have_text(signed(g["k_chg"]) if g["counted"] else "not counted")


def check_totals(page: Page, r: dict) -> None:
    expect(tid(page, "new-rating")).to_have_text(str(r["new_rating"]))
    expect(tid(page, "rating-change")).to_have_text(f"{r['change_rounded']:+d}")
    expect(page.locator("#change-unrounded")).to_have_text(f"({signed(r['change'])} before rounding)")
    expect(tid(page, "games-counted")).to_have_text(str(r["n"]))
    expect(tid(page, "points-scored")).to_have_text(f"{r['w']:g}")


FIRST = [[2174, 0], [1890, 0.5]]
SECOND = [[1800, 1], [2000, 0.5]]


def test_a_second_event_shows_fides_columns_and_the_periods_figures(page: Page, site_url):
    open_page(page, site_url, rating=1953, k=20, rules="2025-11-01", games=games_param(FIRST))
    expect(tid(page, "period-event")).to_have_count(0)  # one event: today's form, no box
    page.get_by_role("button", name="Add event").click()
    expect(tid(page, "period-event")).to_have_count(2)
    expect(page.locator("#events\\[1\\]\\.start")).to_be_focused()
    page.locator("#events\\[1\\]\\.start").fill("2025-11-15")
    second = tid(page, "period-event").nth(1)
    expect(second).to_have_accessible_name(re.compile("^Event 2"))
    for j, (opp, score) in enumerate(SECOND):
        if j:
            second.get_by_role("button", name="Add game").click()
        row = second.get_by_test_id("game-row").nth(j)
        row.locator(".opp").fill(str(opp))
        row.locator(".score").select_option(f"{score:g}")
    r = engine_period({"rating": 1953, "k": 20, "kind": "standard", "events": [
        {"start": "2025-11-01", "kind": "standard", "games": FIRST},
        {"start": "2025-11-15", "kind": "standard", "games": SECOND}]})
    check_totals(page, r)
    check_event(page, 0, r["events"][0])
    check_event(page, 1, r["events"][1])
    expect(tid(page, "list-month")).to_have_text(f"On the list of December 2025: {r['new_rating']}.")
    expect(tid(page, "why-differ")).to_contain_text("corrected Ro")
    expect(page.locator("#rules-box")).to_be_hidden()  # each event has its own date and kind
    # The period link holds both events; event 1 also as the plain form's parameters.
    expect(page).to_have_url(re.compile(r"event2=2025-11-15%2C%2Cstandard&games2=1800%3A1%2C2000%3A0\.5"))
    expect(page).to_have_url(re.compile(r"rules=2025-11-01.*games=2174%3A0%2C1890%3A0\.5"))


def test_k_times_n_over_700_with_39_games_for_k_20_is_explained(page: Page, site_url):
    events = [{"start": "2025-11-01", "games": [[2000, 0.5]] * 20},
              {"start": "2025-11-20", "end": "2025-11-26", "games": [[1900, 1]] * 19}]
    open_page(page, period_link(site_url, 2000, 20, events))
    r = engine_period({"rating": 2000, "k": 20, "events": events})
    assert (r["k"], r["n"]) == (17, 39)
    expect(tid(page, "effective-k")).to_have_text("17 (K × 39 ≤ 700)")
    expect(tid(page, "period-notes")).to_contain_text("39 games this period, so K 20 becomes 17 for every event")
    check_totals(page, r)
    for i in range(2):
        expect(tid(page, "period-event").nth(i).get_by_test_id("event-columns").locator("tbody td").nth(5)).to_have_text("17")


def test_the_single_rounding_is_explained_when_it_changes_the_figure(page: Page, site_url):
    # Two events of +0.40 each (K 20): once, +0.80 gives +1; apart, 0 + 0 = 0.
    events = [{"start": "2025-11-01", "games": [[1812, 0.5]]}, {"start": "2025-11-10", "games": [[1812, 0.5]]}]
    r = engine_period({"rating": 1800, "k": 20, "events": events})
    assert (r["change_rounded"], r["per_event_rounded"]) == (1, 0)
    open_page(page, period_link(site_url, 1800, 20, events))
    check_totals(page, r)
    expect(tid(page, "period-notes")).to_contain_text(
        f"rounding each event apart would give {r['per_event_rounded']:+d}")


def test_removing_an_event_gives_todays_form_back(page: Page, site_url):
    events = [{"start": "2025-10-01", "games": FIRST}, {"start": "2025-10-20", "kind": "rapid", "games": SECOND}]
    open_page(page, period_link(site_url, 1953, 20, events, rapid_rating=1900, rapid_k=20))
    expect(tid(page, "period-event")).to_have_count(2)
    page.get_by_role("button", name="Remove event 1").click()
    expect(tid(page, "period-event")).to_have_count(0)
    expect(page.get_by_role("button", name="Add event")).to_be_focused()
    # Event 2 left: its games, start and kind are the plain form's, rated by rate as before.
    expect(tid(page, "game-row")).to_have_count(2)
    expect(page.locator("#rules")).to_have_value("2025-10-20")
    expect(page.locator("#kind")).to_have_value("rapid")
    expect(page.locator("#rules-box")).to_be_visible()
    engine = rate(1953, 20, SECOND, rules="2025-10-20", kind="rapid")
    expect(tid(page, "new-rating")).to_have_text(str(engine.new_rating))
    expect(tid(page, "formula")).to_contain_text(f"rounded to {engine.change_rounded:+d}")
    expect(page).not_to_have_url(re.compile("event2"))
    expect(page.get_by_role("button", name="Remove game 2", exact=True)).to_be_visible()  # today's labels


def test_an_old_link_opens_as_one_event(page: Page, site_url):
    open_page(page, site_url, tab="tournament", rating=1953, k=20, rules="2025-11-01", kind="standard",
              games=games_param(FIRST), method="fide")
    expect(tid(page, "period-event")).to_have_count(0)
    engine = rate(1953, 20, FIRST, rules="2025-11-01")
    expect(tid(page, "new-rating")).to_have_text(str(engine.new_rating))
    expect(tid(page, "period-result")).to_be_hidden()
    expect(page.locator("#rules-box")).to_be_visible()


def test_a_period_link_round_trips_and_its_inputs_are_kept_across_a_reload(page: Page, site_url, context):
    events = [{"start": "2025-10-26", "end": "2025-11-02", "rating": 1952, "games": FIRST},
              {"start": "2025-11-15", "kind": "rapid", "games": SECOND}]
    open_page(page, period_link(site_url, 1953, 20, events, rapid_rating=1900, rapid_k=20))
    r = engine_period({"rating": 1953, "k": 20, "events": events, "rapid": {"rating": 1900, "k": 20}})
    check_totals(page, r)
    # Kinds are lists of their own: two answers, both shown.
    rapid = r["other_lists"][0]
    expect(tid(page, "list-month")).to_have_text(f"On the list of December 2025 (standard): {r['new_rating']}.")
    expect(tid(page, "other-list-rapid")).to_contain_text(
        f"On the list of December 2025 (rapid, a list of its own): {rapid['new_rating']}, from 1900, "
        f"change {rapid['change_rounded']:+d}")
    check_event(page, 1, rapid["events"][0])
    expect(page.locator("#rapid\\.rating")).to_have_value("1900")
    page.locator("#events\\[1\\]\\.name").fill("Club rapid")
    expect(page).to_have_url(re.compile(r"event2=2025-11-15%2C%2Crapid%2C%2CClub\+rapid"))
    url = page.url
    other = context.new_page()
    open_page(other, url)
    check_totals(other, r)
    expect(tid(other, "period-event")).to_have_count(2)
    expect(other.locator("#events\\[0\\]\\.rating")).to_have_value("1952")
    expect(other.locator("#events\\[1\\]\\.name")).to_have_value("Club rapid")
    assert other.url == url
    # Kept inputs: a game typed in event 2 and not yet in the address comes back after a reload.
    other.locator("#events\\[1\\]\\.end").fill("2025-11-16")
    other.reload()
    expect(other.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=120_000)
    expect(other.locator("#events\\[1\\]\\.end")).to_have_value("2025-11-16")
    expect(tid(other, "period-event").nth(1).get_by_test_id("game-row")).to_have_count(2)


def test_an_events_ro_edited_changes_its_figures_and_says_why(page: Page, site_url):
    events = [{"start": "2025-11-01", "games": FIRST}, {"start": "2025-11-15", "games": SECOND}]
    open_page(page, period_link(site_url, 1953, 20, events))
    page.locator("#events\\[1\\]\\.rating").fill("1890")
    r = engine_period({"rating": 1953, "k": 20, "events": [events[0], {**events[1], "rating": 1890}]})
    check_totals(page, r)
    check_event(page, 1, r["events"][1])
    expect(tid(page, "period-event").nth(1).get_by_test_id("event-notes")).to_contain_text("Rated from Ro 1890")
    page.locator("#events\\[1\\]\\.rating").fill("99999")
    page.keyboard.press("Tab")
    expect(page.locator("#events\\[1\\]\\.rating-msg")).to_contain_text("Ro of event 2 must be")
    expect(page.locator("#events\\[1\\]\\.rating")).to_have_attribute("aria-invalid", "true")
    expect(tid(page, "new-rating")).to_have_text("–")
    page.locator("#events\\[1\\]\\.rating").fill("")
    # A game's message goes next to its row, naming the event.
    row = tid(page, "period-event").nth(1).get_by_test_id("game-row").nth(1)
    row.locator(".opp").fill("abc")
    page.keyboard.press("Tab")
    expect(row.locator(".msg")).to_contain_text("Opponent's rating (game 2 of event 2) must be a number")
    expect(row.locator(".opp")).to_have_attribute("aria-invalid", "true")


def test_what_if_and_score_needed_on_the_period(page: Page, site_url):
    events = [{"start": "2025-11-01", "games": FIRST}, {"start": "2025-11-15", "games": SECOND}]
    open_page(page, period_link(site_url, 1953, 20, events))
    page.fill("#next", "2100")
    table = page.locator("#whatif-table")
    expect(table).to_be_visible()
    for i, (outcome, score) in enumerate([("win", 1), ("draw", 0.5), ("lose", 0)]):
        r = engine_period({"rating": 1953, "k": 20, "events": [events[0], {**events[1], "games": [*SECOND, [2100, score]]}]})
        change = re.escape(f"{r['change_rounded']:+d}")
        expect(table.locator("tbody tr").nth(i)).to_have_text(re.compile(f"{outcome}\\s*{change}\\s*{r['new_rating']}"))
    page.fill("#target", "1970")
    page.fill("#remaining", "1900, 1950")
    want = engine_period({"rating": 1953, "k": 20, "target": 1970, "events": [
        events[0], {**events[1], "remaining": [1900, 1950]}]})["score_needed"]
    expect(tid(page, "score-needed")).to_have_text(re.compile(
        f"need {want['points']:g} of 2 points to reach 1970 on the list \\(new rating {want['new_rating']}\\)"))


def test_the_embed_shows_the_period_compactly(page: Page, site_url):
    events = [{"start": "2025-11-01", "games": FIRST}, {"start": "2025-11-15", "games": SECOND}]
    open_page(page, period_link(site_url, 1953, 20, events, embed=1))
    r = engine_period({"rating": 1953, "k": 20, "events": events})
    expect(tid(page, "new-rating")).to_have_text(str(r["new_rating"]))
    boxes = tid(page, "period-event")
    expect(boxes).to_have_count(2)
    for i in range(2):  # closed: one line each, its figures in the summary
        expect(boxes.nth(i)).not_to_have_attribute("open", "")
        expect(boxes.nth(i).get_by_test_id("event-summary")).to_contain_text(f"K × chg {signed(r['events'][i]['k_chg'])}")
    expect(tid(page, "list-month")).to_be_visible()
    expect(tid(page, "why-differ")).to_be_hidden()


def test_three_events_renumber_as_one_is_removed(page: Page, site_url):
    third = [[2100, 0]]
    events = [{"start": "2025-11-01", "games": FIRST}, {"start": "2025-11-10", "games": SECOND},
              {"start": "2025-11-20", "games": third}]
    open_page(page, period_link(site_url, 1953, 20, events))
    page.get_by_role("button", name="Remove event 1").click()
    boxes = tid(page, "period-event")
    expect(boxes).to_have_count(2)
    expect(boxes.nth(0)).to_have_accessible_name(re.compile("^Event 1"))
    # The old event 2 is event 1 now: its games in the page's table, its start the rules date.
    expect(page.locator("#events\\[0\\]\\.start")).to_have_value("2025-11-10")
    expect(page.locator("#rules")).to_have_value("2025-11-10")
    expect(boxes.nth(1).get_by_role("button", name="Remove game 1 of event 2")).to_be_visible()
    expect(boxes.nth(0).get_by_role("button", name="Remove game 2 of event 1")).to_be_visible()
    r = engine_period({"rating": 1953, "k": 20, "events": events[1:]})
    check_totals(page, r)
    check_event(page, 0, r["events"][0])
    check_event(page, 1, r["events"][1])
    expect(page).to_have_url(re.compile(r"event2=2025-11-20%2C%2Cstandard&games2=2100%3A0"))
    expect(page).not_to_have_url(re.compile("event3"))


@pytest.mark.parametrize("scheme, width", [("light", 1280), ("dark", 375)])
def test_no_serious_accessibility_violation_in_a_period(browser, site_url, scheme, width):
    # axe as test_a11y.py runs it (bypass_csp only to inject it), on a period with two lists.
    page = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme, bypass_csp=True,
                               service_workers="block").new_page()
    events = [{"start": "2025-11-01", "games": FIRST}, {"start": "2025-11-15", "kind": "rapid", "games": SECOND}]
    open_page(page, period_link(site_url, 1953, 20, events, rapid_rating=1900, rapid_k=20))
    expect(tid(page, "other-list-rapid")).to_be_visible()
    page.fill("#next", "2000")
    expect(page.locator("#whatif-table")).to_be_visible()
    assert serious(page) == []
    page.context.close()


def test_more_games_than_elo_core_rates_in_all_is_said_plainly(page: Page, site_url):
    events = [{"start": "2025-11-01", "games": [[1900, 1]] * 600}, {"start": "2025-11-15", "games": [[1900, 0]] * 600}]
    open_page(page, period_link(site_url, 1953, 20, events))
    # 1,200 rows are built a slice per task before the page asks (rows.js): a few seconds here.
    expect(page.locator("#form-msg")).to_have_text("The events hold more than 1000 games in all", timeout=30_000)
    expect(tid(page, "new-rating")).to_have_text("–")
