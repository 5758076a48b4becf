"""The calculator page in Chromium: reference vectors through the form and the URL on each tab,
the breakdown rows, the floor warning, K advisor and what-if, and the page as a whole (dark
mode, the first paint, a broken runtime, nothing leaving the origin). The charts:
test_page_charts.py; tabs, the address, bad input and keystrokes: test_page_input.py.

elo_core itself (imported here) is the oracle for per-game figures; the reference vectors
give the totals.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from page_helpers import LOAD_TIMEOUT, games_param, look_at_charts, open_page, set_games, tid
from playwright.sync_api import Page, expect

from elo_core import rate

VECTORS = json.loads((Path(__file__).parents[1] / "fide" / "vectors.json").read_text("utf-8"))
FIDE = VECTORS["fide_rating_change"]
LOGISTIC = VECTORS["logistic_single_game"]


def check_fide_case(page: Page, case: dict) -> None:
    """Totals from the vector, per-game figures from elo_core, as the page shows them."""
    expect(tid(page, "new-rating")).to_have_text(str(case["new_rating"]))
    expect(tid(page, "rating-change")).to_have_text(f"{case['change_rounded']:+d}")
    expect(tid(page, "formula")).to_contain_text(f"= {case['change']:+.2f}, rounded to {case['change_rounded']:+d}")
    expect(tid(page, "expected-score")).to_have_text(f"{case['expected']:.2f}")
    expect(tid(page, "points-scored")).to_have_text(f"{sum(s for o, s in case['games'] if o):g}")
    engine = rate(case["rating"], case["k"], case["games"], rules=case["rules"], kind=case["kind"])
    expect(tid(page, "games-counted")).to_have_text(str(engine.games_counted))
    expect(tid(page, "effective-k")).to_have_text(str(engine.effective_k))
    rows = tid(page, "game-row")
    expect(rows).to_have_count(len(case["games"]))
    for i, g in enumerate(engine.games):
        row = rows.nth(i)
        expect(row.get_by_test_id("game-expected")).to_have_text(f"{g.expected:.2f}" if g.counted else "–")
        expect(row.get_by_test_id("game-change")).to_have_text(f"{g.change:+.2f}" if g.counted else "not counted")


@pytest.mark.parametrize("case", FIDE, ids=lambda c: f"{c['rating']}-k{c['k']}")
def test_fide_vectors_through_the_url(page: Page, site_url, case):
    open_page(page, site_url, tab="tournament", rating=case["rating"], k=case["k"], games=games_param(case["games"]),
              method="fide", rules=case["rules"], kind=case["kind"])
    check_fide_case(page, case)


def test_fide_vectors_typed_into_the_form(page: Page, site_url):
    open_page(page, site_url)
    for case in FIDE:
        page.fill("#rating", str(case["rating"]))
        page.fill("#k", str(case["k"]))
        page.select_option("#method", "fide")
        page.fill("#rules", case["rules"])
        page.select_option("#kind", case["kind"])
        set_games(page, case["games"])
        check_fide_case(page, case)


@pytest.mark.parametrize("case", LOGISTIC, ids=lambda c: f"{c['rating']}-{c['opponent']}-{c['score']}")
def test_logistic_vectors_through_the_url(page: Page, site_url, case):
    open_page(page, site_url, rating=case["rating"], k=case["k"], games=f"{case['opponent']}:{case['score']:g}",
              method="logistic", rules="2025-10-01")
    expect(tid(page, "expected-score")).to_have_text(f"{case['expected']:.4f}")
    if "new_rating" in case:
        expect(tid(page, "new-rating")).to_have_text(f"{case['new_rating']:.4f}")
    if "change" in case:
        text = tid(page, "rating-change").inner_text()
        assert round(float(text), 1) == case["change"]


def test_logistic_typed_into_the_form(page: Page, site_url):
    open_page(page, site_url)
    case = LOGISTIC[0]
    page.fill("#rating", str(case["rating"]))
    page.fill("#k", str(case["k"]))
    page.select_option("#method", "logistic")
    set_games(page, [(case["opponent"], case["score"])])
    expect(tid(page, "new-rating")).to_have_text(f"{case['new_rating']:.4f}")
    expect(tid(page, "game-row").first.get_by_test_id("game-expected")).to_have_text(f"{case['expected']:.4f}")


def test_performance_and_first_rating_vectors(page: Page, site_url):
    perf = VECTORS["performance"][0]
    open_page(page, site_url, tab="performance", games=games_param(perf["games"]))
    expect(tid(page, "performance-rating")).to_have_text(str(perf["rp"]))
    init = VECTORS["initial_rating"][0]
    page.get_by_role("tab", name="First rating").click()
    set_games(page, init["games"])
    expect(tid(page, "initial-rating")).to_have_text(str(init["ru"]))
    expect(page.locator("#init-published")).to_have_text("yes")
    expect(page).to_have_url(re.compile("tab=initial"))


def test_breakdown_rows_say_why_a_game_does_not_count(page: Page, site_url):
    open_page(page, site_url, rating=2700, k=10, games="2000:1,2650:0.5,0:1", rules="2025-10-01", kind="blitz")
    rows = tid(page, "game-row")
    expect(rows.nth(0).get_by_test_id("game-change")).to_have_text("not counted")
    expect(rows.nth(0)).to_contain_text("600")
    expect(rows.nth(2)).to_contain_text("unrated")
    expect(tid(page, "games-counted")).to_have_text("1")
    look_at_charts(page)
    expect(page.locator("#curve .dots path")).to_have_count(1)
    expect(page.locator("#bars rect")).to_have_count(1)


def test_single_game_shows_both_sides(page: Page, site_url):
    open_page(page, site_url, tab="single", rating=2700, k=10, opponent=2200, opponent_k=20, rules="2025-10-01")
    expect(tid(page, "single-expected")).to_have_text("0.96")            # 2650+: the real difference
    expect(tid(page, "single-opponent-expected")).to_have_text("0.08")   # the 2200 keeps the cap
    loss = page.locator("tr[data-side=opponent] td").nth(5)
    expect(loss).to_have_text("-2")
    expect(page.locator("#results-single")).to_be_visible()
    expect(page.locator("#results-tournament")).to_be_hidden()
    expect(page.locator("#games-box")).to_be_hidden()


def test_floor_warning_k_advisor_and_what_if(page: Page, site_url):
    open_page(page, site_url, rating=1410, k=40, games="1400:0", rules="2025-10-01")
    expect(tid(page, "new-rating")).to_have_text("1390")
    expect(tid(page, "floor-warning")).to_contain_text("unrated")
    page.get_by_text("K-factor advisor").click()
    page.fill("#games_played", "10")
    expect(tid(page, "k-advice")).to_contain_text("new to the list")
    page.get_by_role("button", name="Use K = 40").click()
    expect(page.locator("#k")).to_have_value("40")
    page.fill("#rating", "1800")
    page.fill("#next", "1900")
    expect(page.locator("#whatif-table tbody tr")).to_have_count(3)
    page.fill("#next", "")
    expect(page.locator("#whatif-table")).to_be_hidden()          # no stale answer left behind
    page.fill("#next", "1900")
    page.fill("#target", "1810")
    page.fill("#remaining", "1900, 1950")
    expect(tid(page, "score-needed")).to_contain_text("You need")


def test_dark_mode_follows_the_system(browser, site_url):
    colours = []
    for scheme in ("light", "dark"):
        page = browser.new_page(color_scheme=scheme)
        page.goto(site_url)
        colours.append(page.evaluate("getComputedStyle(document.body).backgroundColor"))
        page.close()
    assert colours[0] != colours[1]


# Runs before the page's scripts: what the first frame shows (a requestAnimationFrame
# callback runs just before a frame is painted) and every layout shift until the result.
FIRST_FRAME_PROBE = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts.push(e.value);
}).observe({ type: "layout-shift", buffered: true });
requestAnimationFrame(() => {
  window.__firstFrame = {
    rows: document.querySelectorAll('[data-testid="game-row"]').length,
    rating: document.getElementById("rating")?.value ?? null,
    chartLabels: document.querySelectorAll("#curve text, #bars text").length > 0,
  };
});
"""


@pytest.mark.parametrize("width", [1280, 375])
def test_first_paint_shows_the_link_and_nothing_moves_after(browser, site_url, width):
    """The first frame already holds the link's values, game rows and the charts' frames
    (app.js is render-blocking and sets the page up at once), and neither that nor the
    result's arrival moves what is on screen."""
    page = browser.new_page(viewport={"width": width, "height": 800}, service_workers="block")
    try:
        page.add_init_script(FIRST_FRAME_PROBE)
        page.goto(site_url + "?rating=2100&k=20&games=1750:1,1900:0.5,2000:0&rules=2025-10-01")
        expect(tid(page, "new-rating")).to_have_text(re.compile(r"^\d{4}$"), timeout=LOAD_TIMEOUT)
        page.wait_for_timeout(500)  # the frames that show the result
        assert page.evaluate("window.__firstFrame") == {"rows": 3, "rating": "2100", "chartLabels": True}
        # The status line's text changes as the engine loads (0.001-0.005 each at 375 px);
        # rows or values arriving after the first paint moved the page by 0.075-0.156.
        shift = page.evaluate("window.__shifts.reduce((a, b) => a + b, 0)")
        assert shift < 0.03, f"layout shift {shift:.3f} at {width} px"
    finally:
        page.close()


def test_load_failure_is_explained(page: Page, dist_dir, serve_dir, tmp_path):
    broken = tmp_path / "dist"
    shutil.copytree(dist_dir, broken)
    (broken / "pyodide" / "pyodide.asm.wasm.zst").unlink()
    page.goto(serve_dir(broken))
    expect(tid(page, "load-status")).to_contain_text("Could not download", timeout=LOAD_TIMEOUT)
    expect(page.locator("body")).to_have_class("engine-failed")
    page.fill("#rating", "1900")       # the form stays usable
    expect(page.locator("#rating")).to_have_value("1900")
    assert "Traceback" not in page.inner_text("body")


def test_no_request_leaves_the_origin(page: Page, site_url, external_requests):
    open_page(page, site_url, rules="2025-10-01")
    expect(tid(page, "new-rating")).to_have_text("1811")
    for name in ("Single game", "Performance rating", "First rating"):
        page.get_by_role("tab", name=name).click()
    page.get_by_text("How this is computed").count()
    assert external_requests == []
