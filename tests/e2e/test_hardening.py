"""Hostile links, broken runtimes and rapid typing: messages, never execution, never a wrong number."""

from __future__ import annotations

import json
import re
import shutil
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from elo_core import rate

LOAD_TIMEOUT = 120_000
HOSTILE = [
    ("rating", "<script>alert(1)</script>"),
    ("rating", "<img src=x onerror=alert(1)>"),
    ("k", "javascript:alert(1)"),
    ("games", "<img src=x onerror=alert(1)>:1,1900:<svg onload=alert(1)>"),
    ("kind", "\"><script>alert(1)</script>"),
    ("method", "javascript:alert(document.domain)"),
    ("rules", "2025-10-01<script>alert(1)</script>"),
    ("rating", "x" * 60_000),              # as long as a server takes (http.server stops at 64 KiB;
                                           # a 10 MB paste into a field is tested in test_page_input.py)
    ("rating", "\u202e0081"),            # right-to-left override
    ("rating", "１８００"),                  # full-width digits
    ("rating", "NaN"),
    ("k", "1e309"),
    ("opponent", "Infinity"),
    ("tab", "<script>alert(1)</script>"),
]


@pytest.fixture
def watched(page: Page):
    """The page, failing the test on any dialog, uncaught error or console error."""
    problems: list[str] = []
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    yield page, problems


def ready(page: Page) -> None:
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("name, value", HOSTILE, ids=lambda v: v[:24] if isinstance(v, str) else v)
def test_hostile_url_parameters_give_messages_not_execution(watched, site_url, name, value):
    page, problems = watched
    page.goto(f"{site_url}?tab=single&{name}={quote(value)}&rules=2025-10-01")
    ready(page)
    if name not in ("opponent", "tab"):     # the opponent belongs to the single game tab
        page.get_by_role("tab", name="Tournament / rating period").click()
    if name != "tab":                       # an unknown tab just opens the first one
        expect(page.locator(".msg:not(:empty)").first).to_be_visible()
    assert page.evaluate("document.querySelectorAll('script:not([src]), img, iframe').length") == 0
    text = page.inner_text("body")
    assert not any(bad in text for bad in ("Traceback", "undefined", "NaN\n"))
    assert len(text) < 20_000                      # a long value is not echoed back
    page.fill("#rating", "1800")                   # and the page still works
    page.fill("#k", "20")
    assert problems == []


def test_file_names_and_text_from_the_address_are_text(watched, site_url):
    page, problems = watched
    page.goto(f"{site_url}?games={quote('<b>1750</b>:1')}")
    ready(page)
    expect(page.get_by_test_id("game-row").first.locator(".opp")).to_have_value("<b>1750</b>")
    assert page.evaluate("document.querySelectorAll('b').length") == 0
    assert problems == []


def broken_copy(dist_dir, tmp_path, damage):
    broken = tmp_path / "dist"
    shutil.copytree(dist_dir, broken)
    info = json.loads((broken / "build.json").read_text())
    damage(broken, info)
    (broken / "build.json").write_text(json.dumps(info))
    return broken


def without_snapshot_and_corrupt_wheel(broken, info):
    for key in [k for k in info if "snapshot" in k]:
        info.pop(key)
    (broken / info["elo_core"]).write_bytes(b"not a wheel at all")


def test_a_corrupt_wheel_is_explained_and_the_inputs_stay(page: Page, dist_dir, serve_dir, tmp_path):
    url = serve_dir(broken_copy(dist_dir, tmp_path, without_snapshot_and_corrupt_wheel))
    page.goto(url + "?rating=1850&games=1750:1")
    expect(page.locator("body")).to_have_class(re.compile("engine-failed"), timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("load-status")).to_contain_text("Could not install the rating engine")
    expect(page.locator("#rating")).to_have_value("1850")
    expect(page.get_by_test_id("game-row")).to_have_count(1)
    assert "Traceback" not in page.inner_text("body")


def test_the_worker_crashing_mid_session_is_replaced(page: Page, site_url):
    # a crash no longer leaves the page without an engine: a fresh worker starts, and answers
    page.goto(site_url + "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01")
    ready(page)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    page.workers[0].evaluate("setTimeout(() => { throw new Error('simulated crash') })")
    page.wait_for_function("() => performance.getEntriesByName('elo:restarted').length", timeout=10_000)
    page.fill("#rating", "1900")
    expect(page.get_by_test_id("new-rating")).to_have_text("1906", timeout=60_000)
    expect(page.locator("body")).not_to_have_class(re.compile("engine-failed"))
    expect(page).to_have_url(re.compile("rating=1900"))   # and the address holds the input


def test_100_rapid_edits_end_matching_the_engine(page: Page, site_url):
    page.goto(site_url + "?k=20&games=1750:1,1900:0.5,2010:0,1620:1&rules=2025-10-01")
    ready(page)
    rating = page.locator("#rating")
    for i in range(100):
        rating.fill(str(1500 + 7 * i))            # no waiting between edits
    final = rate(1500 + 7 * 99, 20, [(1750, 1), (1900, 0.5), (2010, 0), (1620, 1)], rules="2025-10-01")
    expect(page.get_by_test_id("new-rating")).to_have_text(str(final.new_rating))
    expect(page.get_by_test_id("expected-score")).to_have_text(f"{final.expected:.2f}")
    changes = page.get_by_test_id("game-change").all_inner_texts()
    assert changes == [f"{g.change:+.2f}" for g in final.games]


def test_no_request_leaves_the_origin_in_a_full_session(page: Page, site_url, external_requests):
    page.goto(site_url + "?rules=2025-10-01")
    ready(page)
    page.get_by_text("K-factor advisor").click()
    page.fill("#games_played", "12")
    page.fill("#next", "2000")
    page.fill("#target", "1820")
    page.fill("#remaining", "1900")
    page.get_by_text("How this is computed").click()
    page.get_by_text("Embed this calculator").click()
    for tab in ("Single game", "Performance rating", "First rating", "Tournament / rating period"):
        page.get_by_role("tab", name=tab).click()
    page.select_option("#method", "logistic")
    expect(page.get_by_test_id("new-rating")).not_to_have_text("–")
    page.get_by_role("link", name="Link to this calculation").get_attribute("href")
    assert external_requests == []


def test_a_request_refused_whole_leaves_no_figure_of_an_earlier_answer(page: Page, site_url):
    # elo_core refuses a request of more than 41 million characters before reading it; the
    # page then has no answer for any part, and says so instead of keeping the last figures.
    page.goto(site_url + "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01")
    expect(page.get_by_test_id("new-rating")).to_have_text("1811", timeout=120_000)
    page.evaluate("""() => {
        const rating = document.getElementById("rating");
        rating.value = "1".repeat(41_000_001);
        rating.dispatchEvent(new Event("input", { bubbles: true }));
    }""")
    expect(page.locator("#form-msg")).to_contain_text("the request is too large", timeout=30_000)
    expect(page.get_by_test_id("new-rating")).to_have_text("–")
    expect(page.locator("#curve circle").first).to_be_hidden()
    page.fill("#rating", "1800")
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    expect(page.locator("#form-msg")).to_be_empty()
