"""Result first: the answer in view on every screen, a phone layout that fits, inputs that behave.

Viewport checks are bounding boxes; "fits" means no element reaches past the screen's right edge.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from elo_core.fide.rating import rate

DATA = Path(__file__).parents[1] / "data"
LOAD_TIMEOUT = 120_000
GAMES = "1750:1,1900:0.5,2010:0"
VECTOR = f"?rating=1800&k=20&games={GAMES}&rules=2025-10-01"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
TABS = ["tournament", "single", "performance", "initial", "lichess", "uscf", "dwz", "ecf"]
# Each tab's headline figure, as its result section shows it.
FIGURE = {"tournament": "[data-testid=new-rating]", "single": "#single-table tr[data-side=player] td:nth-child(5)",
          "performance": "[data-testid=performance-rating]", "initial": "[data-testid=initial-rating]",
          "lichess": "[data-testid=lichess-win]", **{s: "[data-testid=national-new]" for s in ("uscf", "dwz", "ecf")}}
SYSTEMS = ("lichess", "uscf", "dwz", "ecf")  # a "tab" of TABS that is a rating system: its first tab


def choose(page: Page, tab: str) -> None:
    """Shows a tab of TABS: FIDE's tab, or the rating system's first (lichess's only) tab."""
    system = tab if tab in SYSTEMS else "fide"
    if page.locator("#system").input_value() != system:
        page.select_option("#system", system)
    if system == "fide":
        page.click(f"#tab-{tab}")


@pytest.fixture(scope="module")
def url(dist_dir, serve_dir) -> str:
    return serve_dir(dist_dir)


def opened(browser: Browser, address: str, viewport=DESKTOP, **options) -> Page:
    page = browser.new_context(viewport=viewport, service_workers="block", **options).new_page()
    page.goto(address)
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    return page


def in_view(page: Page, selector: str) -> bool:
    return page.locator(selector).evaluate("""(el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
    }""")


def headline_in_view(page: Page, tab: str, timeout: float = 5_000) -> bool:
    """The tab's figure is on screen: in its section, or (narrow screens) in the headline bar.

    Polled: the bar comes back a frame after a scroll (an IntersectionObserver), not at once."""
    try:
        page.wait_for_function("""(selector) => {
            const inView = (el) => {
                const r = el.getBoundingClientRect();
                return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
            };
            const el = document.querySelector(selector);
            const figure = el ? el.textContent.trim() : "";
            if (!/\\d/.test(figure)) return false;
            if (inView(el)) return true;
            const bar = document.getElementById("headline");
            return inView(bar) && bar.innerText.includes(figure);
        }""", arg=FIGURE[tab], timeout=timeout)
    except PlaywrightTimeout:
        return False
    return True


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_answer_is_in_view_on_every_tab_while_editing(browser, url, viewport):
    many = ",".join(f"{1500 + 20 * i}:1" for i in range(30))
    page = opened(browser, f"{url}?rating=1800&k=20&games={many}&rules=2025-10-01&opponent=1900", viewport)
    for tab in TABS:
        choose(page, tab)
        page.evaluate("() => scrollTo(0, 0)")
        expect(page.locator(FIGURE[tab])).to_have_text(re.compile(r"\d"))
        assert headline_in_view(page, tab), (tab, "at load")
        # Editing the last game row (far down) or the opponent: the figure stays in view.
        field = page.locator({"single": "#opponent", "lichess": "#lichess_opponent"}.get(tab, ".opp >> nth=-1"))
        field.click()
        before = page.locator(FIGURE[tab]).inner_text()
        if tab in ("single", "lichess"):
            page.keyboard.press("Control+A")
            page.keyboard.type("2300")
        else:
            page.keyboard.press("End")
            page.keyboard.press("Backspace")
            page.keyboard.type("5")
        expect(page.locator(FIGURE[tab])).not_to_have_text("–")
        if tab in ("single", "lichess"):
            expect(page.locator(FIGURE[tab])).not_to_have_text(before)
        assert headline_in_view(page, tab), (tab, "while editing")
    page.context.close()


def test_nothing_is_wider_than_a_phone(browser, url):
    page = opened(browser, url + VECTOR + "&opponent=1900", PHONE)
    wide = """() => [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width && r.right > innerWidth + 0.5 && !e.closest('.visually-hidden, thead');
    }).map((e) => e.tagName + '#' + e.id + '.' + e.className)"""
    for tab in TABS:
        choose(page, tab)
        expect(page.locator(FIGURE[tab])).not_to_have_text("–")
        assert page.evaluate(wide) == [], tab
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], tab
    # The tabs: every one on screen, in at most two tidy rows.
    rows = page.locator("[role=tab]").evaluate_all("(tabs) => new Set(tabs.map((t) => t.getBoundingClientRect().top)).size")
    assert rows <= 2
    choose(page, "event")
    page.set_input_files("#event-file", DATA / "codes.trf")
    expect(page.get_by_test_id("player-row")).to_have_count(5)
    page.get_by_role("button", name="WGM Alpha, Ann").click()
    expect(page.get_by_test_id("event-player")).to_contain_text("half-point bye")
    assert page.evaluate(wide) == [], "event"
    # A card shows each value with its column's heading.
    expect(page.get_by_test_id("player-row").first.locator("td[data-col=new_rating]")).to_have_attribute("data-label", "New")
    page.context.close()


def test_the_tabs_answer_home_and_end(browser, url):
    page = opened(browser, url + VECTOR)
    page.focus("#tab-single")
    page.keyboard.press("End")
    expect(page.locator("#tab-event")).to_be_focused()
    expect(page.locator("#tab-event")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(page.locator("#tab-tournament")).to_be_focused()
    expect(page.locator("#results-tournament")).to_be_visible()
    page.context.close()


def test_add_game_keeps_the_result_until_the_new_row_has_a_value(browser, url):
    page = opened(browser, url + VECTOR)
    expected = rate(1800, 20, [(1750, 1), (1900, 0.5), (2010, 0)], rules="2025-10-01")
    expect(page.get_by_test_id("new-rating")).to_have_text(str(expected.new_rating))
    page.click("#add-game")
    expect(page.get_by_test_id("game-row")).to_have_count(4)
    page.wait_for_timeout(300)
    expect(page.get_by_test_id("new-rating")).to_have_text(str(expected.new_rating))
    assert page.locator(".msg:not(:empty)").count() == 0
    expect(page.locator(".opp").last).to_be_focused()
    page.keyboard.type("1600")
    after = rate(1800, 20, [(1750, 1), (1900, 0.5), (2010, 0), (1600, 1)], rules="2025-10-01")
    expect(page.get_by_test_id("new-rating")).to_have_text(str(after.new_rating))
    page.context.close()


def test_a_message_waits_until_the_field_is_left_and_names_it(browser, url):
    page = opened(browser, url + VECTOR)
    page.click("#rating")
    page.keyboard.press("Control+A")
    page.keyboard.type("18x")
    expect(page.get_by_test_id("new-rating")).to_have_text("–")
    page.wait_for_timeout(300)
    expect(page.locator("#rating-msg")).to_be_empty()
    page.keyboard.press("Tab")
    expect(page.locator("#rating-msg")).to_have_text("Your rating must be a number, not '18x'")
    expect(page.locator("#rating")).to_have_attribute("aria-invalid", "true")
    # The target rating's message names it, not the valid list of remaining opponents.
    page.fill("#rating", "1800")
    page.fill("#remaining", "1950, 2010")
    page.fill("#target", "abc")
    page.keyboard.press("Tab")
    expect(page.locator("#target-msg")).to_have_text("Target rating must be a number, not 'abc'")
    page.fill("#target", "1850")
    page.fill("#remaining", "1950, x")
    page.keyboard.press("Tab")
    expect(page.locator("#target-msg")).to_contain_text("Remaining opponents (the 2nd) must be a number")
    page.context.close()


def test_every_field_has_a_name_of_its_own(browser, url):
    page = opened(browser, url + VECTOR)
    for name in ("Your rating", "Your K-factor", "Opponent's rating", "Opponent's K-factor"):
        assert page.get_by_label(name, exact=True).count() == 1, name


def paste(page: Page, selector: str, text: str) -> None:
    page.locator(selector).evaluate("""(el, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        el.focus();
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }""", text)


def rows_of(page: Page) -> list[list[str]]:
    return page.get_by_test_id("game-row").evaluate_all(
        "(rows) => rows.map((r) => [r.querySelector('.opp').value, r.querySelector('.score').value])")


@pytest.mark.parametrize("text, games", [
    ("1750 1\n1900 ½\n2010 0\n1750:1", [["1750", "1"], ["1900", "0.5"], ["2010", "0"], ["1750", "1"]]),
    ("1750, 1900, 2010", [["1750", "1"], ["1900", "1"], ["2010", "1"]]),
    ("2100\t0\r\n2200\t=", [["2100", "0"], ["2200", "0.5"]]),
])
def test_a_pasted_list_of_games_fills_the_rows(browser, url, text, games):
    page = opened(browser, f"{url}?rating=1800&k=20&games=&rules=2025-10-01")
    page.click("#add-game")
    paste(page, ".opp", text)
    expect(page.get_by_test_id("game-row")).to_have_count(len(games))
    assert rows_of(page) == games
    expected = rate(1800, 20, [(int(o), float(s)) for o, s in games], rules="2025-10-01")
    expect(page.get_by_test_id("new-rating")).to_have_text(str(expected.new_rating))
    # One number pasted is just typed.
    paste(page, ".opp >> nth=0", "1800")
    expect(page.get_by_test_id("game-row")).to_have_count(len(games))
    page.context.close()


def test_copy_link_and_reset(browser, url):
    page = opened(browser, url + VECTOR.replace("1800", "2050"), permissions=["clipboard-read", "clipboard-write"])
    page.click("#copy-link")
    expect(page.locator("#tools-note")).to_have_text("Link copied.")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert "rating=2050" in copied and copied.startswith(url)
    page.click("#reset")
    expect(page.locator("#rating")).to_have_value("1800", timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("game-row")).to_have_count(2)
    assert "rating=2050" not in page.url
    page.context.close()


def test_without_javascript_the_page_says_so(browser, url):
    page = browser.new_context(java_script_enabled=False).new_page()
    page.goto(url)
    expect(page.locator("noscript")).to_have_count(1)
    assert "needs JavaScript" in page.content()
    page.context.close()


def test_one_announcement_per_settled_result_on_every_tab(browser, url):
    page = opened(browser, url + VECTOR + "&opponent=1900")
    page.wait_for_timeout(1200)
    page.evaluate("""() => {
        window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById('live').textContent))
            .observe(document.getElementById('live'), { childList: true, characterData: true, subtree: true });
    }""")
    page.click("#rating")
    page.keyboard.press("Control+A")
    page.keyboard.type("1650", delay=60)
    expected = rate(1650, 20, [(1750, 1), (1900, 0.5), (2010, 0)], rules="2025-10-01")
    page.wait_for_function("() => window.said.length > 0")
    page.wait_for_timeout(1500)
    said = page.evaluate("window.said")
    assert said == [f"New rating {expected.new_rating}, change {expected.change_rounded:+d}."], said
    for tab, words in (("single", "If you win"), ("performance", "Performance rating"), ("initial", "First rating"),
                       ("lichess", "On lichess: if you win"), ("uscf", "New US Chess rating")):
        choose(page, tab)
        expect(page.locator("#live")).to_contain_text(words)
    page.context.close()


def test_charts_mark_results_by_shape_and_show_values(browser, url):
    page = opened(browser, f"{url}?rating=2700&k=10&games=1500:1,2650:0.5,2800:0&rules=2025-10-01")
    page.locator("#results-tournament .charts").scroll_into_view_if_needed()
    marks = page.locator("#curve .dots path")
    expect(marks).to_have_count(3)
    shapes = marks.evaluate_all("(ms) => ms.map((m) => m.getAttribute('d').replace(/[-\\d.]+/g, '#'))")
    assert len(set(shapes)) == 3, shapes  # win, draw and loss drawn differently
    # 2700 against 1500 in standard after 1 October 2025: the real difference, 1200, beyond the axis.
    expect(marks.first).to_have_class(re.compile("beyond"))
    expect(marks.first.locator("title")).to_contain_text("beyond the axis")
    values = page.locator("#bars .values text").evaluate_all("(ts) => ts.map((t) => t.textContent)")
    changes = page.get_by_test_id("game-change").all_inner_texts()
    assert values == [c.split()[0] for c in changes], (values, changes)
    scale = page.locator("#bars .grid text").evaluate_all("(ts) => ts.map((t) => t.textContent)")
    assert len(scale) == 2 and scale[0].startswith("+") and scale[1].startswith("-")
    page.context.close()



def test_the_embed_is_compact(browser, url):
    page = opened(browser, url + VECTOR + "&embed=1", {"width": 360, "height": 640})
    expect(page.get_by_test_id("new-rating")).not_to_have_text("–")
    expect(page.get_by_test_id("load-status")).to_be_hidden()
    page.wait_for_timeout(500)
    height = page.evaluate("() => document.documentElement.getBoundingClientRect().height")
    assert height <= 700, height  # three games in a blog's 360 px column
    page.context.close()
