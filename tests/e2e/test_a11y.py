"""Accessibility: axe-core (pinned in package.json, used by the tests only, never shipped) finds no
serious or critical violation on any tab, light and dark, desktop and phone, nor in the embed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
DATA = Path(__file__).parents[1] / "data"
LOAD_TIMEOUT = 120_000
VECTOR = "?rating=1800&k=20&games=1750:1,1900:0.5,2010:0&rules=2025-10-01&opponent=1900"
TABS = ["tournament", "single", "performance", "initial", "lichess", "event"]
# Each national system's tabs, the event tab with the file opened above.
NATIONAL = [(system, tab) for system in ("uscf", "dwz", "ecf") for tab in ("tournament", "initial", "event")]


@pytest.fixture(scope="module")
def url(dist_dir, serve_dir) -> str:
    return serve_dir(dist_dir)


def serious(page) -> list:
    """axe's serious and critical violations: [rule, [first elements]]."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const { violations } = await axe.run(document, { resultTypes: ["violations"] });
        return violations.filter((v) => ["serious", "critical"].includes(v.impact))
            .map((v) => [v.id, v.nodes.slice(0, 3).map((n) => n.target.join(" "))]);
    }""")


def test_axe_is_pinned_for_the_tests():
    assert AXE.is_file(), "run `npm ci`: axe-core is a devDependency in package.json"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 375, "height": 667}], ids=["desktop", "phone"])
def test_no_serious_violation_on_any_tab(browser, url, scheme, viewport):
    # bypass_csp: only so that the test can inject axe; the site's own CSP is tested elsewhere.
    page = browser.new_context(viewport=viewport, color_scheme=scheme, bypass_csp=True, service_workers="block").new_page()
    page.goto(url + VECTOR)
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    page.locator("#advisor summary").click()
    found = {}
    for tab in TABS:
        if tab == "lichess":
            page.select_option("#system", "lichess")
        elif page.locator("#system").input_value() != "fide":
            page.select_option("#system", "fide")
        page.click(f"#tab-{tab}")
        if tab == "event":
            page.set_input_files("#event-file", DATA / "codes.trf")
            expect(page.get_by_test_id("player-row")).to_have_count(5)
            # the norms column and every norm option in view (the host federation shows for 1.4.3b)
            page.select_option("#event-norms", "swiss")
            page.select_option("#event-exemption", "1.4.3b")
            page.fill("#event-host", "ENG")
            page.locator("#event-host").blur()
            expect(page.locator("td[data-col=norm]").first).not_to_have_text("–")
            page.get_by_test_id("player-row").first.get_by_role("button").first.click()
        page.wait_for_timeout(300)
        found[tab] = serious(page)
    for system, tab in NATIONAL:
        page.select_option("#system", system)
        page.click(f"#tab-{tab}")
        expect(page.locator("#results-national-event" if tab == "event" else "#results-national")).to_be_visible()
        page.wait_for_timeout(300)
        found[f"{system} {tab}"] = serious(page)
    assert not any(found.values()), found
    page.context.close()


@pytest.mark.parametrize("theme, scheme", [("auto", "dark"), ("dark", "light"), ("light", "dark")])
def test_no_serious_violation_in_the_embed(browser, url, theme, scheme):
    page = browser.new_context(viewport={"width": 360, "height": 700}, color_scheme=scheme, bypass_csp=True,
                               service_workers="block").new_page()
    page.goto(f"{url}{VECTOR}&embed=1&theme={theme}")
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("new-rating")).not_to_have_text("–")
    assert serious(page) == []
    page.context.close()
