"""The calculator page in Chromium: reference vectors through the form and the URL, rows, tabs,
the address round trip, bad input, a broken runtime, and nothing leaving the origin.

elo_core itself (imported here) is the oracle for per-game figures; the reference vectors
give the totals.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from elo_core import rate

VECTORS = json.loads((Path(__file__).parents[1] / "vectors.json").read_text("utf-8"))
FIDE = VECTORS["fide_rating_change"]
LOGISTIC = VECTORS["logistic_single_game"]
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


def look_away_from_charts(page: Page) -> None:
    """Back to the top, until the browser skips the charts (and has said so: one more frame)."""
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_function("() => !document.getElementById('curve').checkVisibility({ contentVisibilityAuto: true })")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


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


def set_games(page: Page, games) -> None:
    for _ in range(tid(page, "game-row").count()):
        page.get_by_role("button", name="Remove game 1", exact=True).click()
    for opp, score in games:
        page.get_by_role("button", name="Add game").click()
        row = tid(page, "game-row").last
        row.locator(".opp").fill(str(opp))
        row.locator(".score").select_option(f"{score:g}")


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


def test_the_share_link_is_current_when_used_before_typing_pauses(page: Page, site_url):
    # The address follows the inputs once typing pauses (400 ms); the links are brought up to
    # date at once when someone reaches for them.
    open_page(page, site_url, rating=1800, rules="2025-10-01")
    expect(page.locator("#share")).to_have_attribute("href", re.compile("rating=1800"))
    page.fill("#rating", "1850")
    page.locator("#share").focus()
    assert "rating=1850" in page.locator("#share").get_attribute("href")


def test_single_game_shows_both_sides(page: Page, site_url):
    open_page(page, site_url, tab="single", rating=2700, k=10, opponent=2200, opponent_k=20, rules="2025-10-01")
    expect(tid(page, "single-expected")).to_have_text("0.96")            # 2650+: the real difference
    expect(tid(page, "single-opponent-expected")).to_have_text("0.08")   # the 2200 keeps the cap
    loss = page.locator("tr[data-side=opponent] td").nth(5)
    expect(loss).to_have_text("-2")
    expect(page.locator("#results-single")).to_be_visible()
    expect(page.locator("#results-tournament")).to_be_hidden()
    expect(page.locator("#games-box")).to_be_hidden()


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


def test_keystrokes_answered_ahead_are_elo_cores_answers(page: Page, site_url):
    """The worker answers ahead what the next keystroke in the field being edited may ask
    (app.js): such a keystroke is answered on the page at once ("elo:ahead"), with elo_core's
    figures for what the field then holds; any other keystroke (a letter) is asked as usual."""
    games = [(1750, 1), (1900, 0.5), (2000, 0)]
    open_page(page, site_url, rating=1800, k=20, games="1750:1,1900:0.5,2000:0", rules="2025-10-01")
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length", timeout=LOAD_TIMEOUT)
    def answered_ahead():
        return page.evaluate("performance.getEntriesByName('elo:ahead')[0]?.detail ?? 0")
    page.click("#rating")
    page.keyboard.press("End")
    steps = [  # keys pressed (the last one timed), what the field then holds, answered ahead?
        (["Backspace"], "180", True), (["5"], "1805", True), (["Home", "Delete"], "805", True),
        (["2"], "2805", True), (["Control+A", "1"], "1", True), (["x"], "1x", False), (["Backspace"], "1", True),
    ]
    for keys, held, ahead in steps:
        for key in keys[:-1]:
            page.keyboard.press(key)
        page.wait_for_timeout(1500)  # the worker's answers ahead for the caret where it now is
        before = answered_ahead()
        page.keyboard.press(keys[-1])
        expect(page.locator("#rating")).to_have_value(held)
        if held.isdigit():
            expected = rate(int(held), 20, games, rules="2025-10-01")
            expect(tid(page, "new-rating")).to_have_text(str(expected.new_rating))
            expect(tid(page, "rating-change")).to_have_text(f"{expected.change_rounded:+d}")
            expect(page.locator("#rating-msg")).to_be_hidden()
        else:  # no result; the message waits until the field is left
            expect(tid(page, "new-rating")).to_have_text("–")
            expect(page.locator("#rating-msg")).to_be_hidden()
        assert answered_ahead() == before + ahead, (keys, held)
    score = tid(page, "game-row").nth(2).locator(".score")  # a list: each other choice is answered ahead
    score.focus()
    page.wait_for_timeout(1500)
    before = answered_ahead()
    score.select_option("0.5")
    expected = rate(1, 20, games[:2] + [(2000, 0.5)], rules="2025-10-01")
    expect(tid(page, "new-rating")).to_have_text(str(expected.new_rating))
    assert answered_ahead() == before + 1


def test_long_tournaments_are_asked_when_typed_not_ahead(page: Page, site_url):
    """A dozen requests of 500 games at each keystroke and caret move would cost the page and the
    worker more than they save (engine.js): such a tournament is asked as each key is typed."""
    games = [(1600 + (i % 50) * 10, (1, 0.5, 0)[i % 3]) for i in range(500)]
    open_page(page, site_url, rating=1800, k=20, games=",".join(f"{o}:{s:g}" for o, s in games), rules="2025-10-01")
    page.wait_for_function("() => performance.getEntriesByName('elo:settled').length", timeout=LOAD_TIMEOUT)
    page.click("#rating")
    page.keyboard.press("End")
    page.wait_for_timeout(1500)  # time enough for answers ahead, were any asked for
    page.keyboard.press("Backspace")
    expect(tid(page, "new-rating")).to_have_text(str(rate(180, 20, games, rules="2025-10-01").new_rating))
    assert page.evaluate("performance.getEntriesByName('elo:ahead').length") == 0


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
  };
});
"""


@pytest.mark.parametrize("width", [1280, 375])
def test_first_paint_shows_the_link_and_nothing_moves_after(browser, site_url, width):
    """The first frame already holds the link's values and game rows (app.js is
    render-blocking and sets the page up at once), and neither that nor the result's
    arrival moves what is on screen."""
    page = browser.new_page(viewport={"width": width, "height": 800}, service_workers="block")
    try:
        page.add_init_script(FIRST_FRAME_PROBE)
        page.goto(site_url + "?rating=2100&k=20&games=1750:1,1900:0.5,2000:0&rules=2025-10-01")
        expect(tid(page, "new-rating")).to_have_text(re.compile(r"^\d{4}$"), timeout=LOAD_TIMEOUT)
        page.wait_for_timeout(500)  # the frames that show the result
        assert page.evaluate("window.__firstFrame") == {"rows": 3, "rating": "2100"}
        # The status line's text changes as the engine loads (0.001-0.005 each at 375 px);
        # rows or values arriving after the first paint moved the page by 0.075-0.156.
        shift = page.evaluate("window.__shifts.reduce((a, b) => a + b, 0)")
        assert shift < 0.03, f"layout shift {shift:.3f} at {width} px"
    finally:
        page.close()


def test_load_failure_is_explained(page: Page, dist_dir, serve_dir, tmp_path):
    broken = tmp_path / "dist"
    shutil.copytree(dist_dir, broken)
    (broken / "pyodide" / "pyodide.asm.wasm").unlink()
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
