"""Faults of the hostile pass (issue 50), the page's inputs: the newest file and request win, a
figure awaiting a newer answer is marked so, storage that fails is said and survived, Reset forgets
all, and the smaller points (a bad choice in a link, a UTF-16 file). Each test failed before its fix."""

from __future__ import annotations

import re

import pytest
from eventgen import pgn_games, trf_line
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 120_000
VECTOR = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01"


@pytest.fixture(scope="module")
def site(dist_dir, serve_dir) -> str:
    return serve_dir(dist_dir)


def ready(page: Page) -> None:
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)


def two_players(event: str = "Kept Open") -> str:
    return f"012 {event}\n042 2025/10/04\n" + "\n".join([
        trf_line(1, "Alpha, Ann", 1800, rounds=[(2, "w", "1")]), trf_line(2, "Beta, Bob", 1750, rounds=[(1, "b", "0")])]) + "\n"


# 1. The newest file wins: a PGN whose read finishes late (held here 1.5 s) loses to the TRF chosen after it.
SLOW_PGN = """(() => {
  const read = Blob.prototype.arrayBuffer;
  Blob.prototype.arrayBuffer = function () {
    const bytes = read.call(this);
    if (!String(this.name).endsWith(".pgn")) return bytes;
    return bytes.then((b) => new Promise((r) => setTimeout(() => { r(b); setTimeout(() => { self.pgnRead = true; }); }, 1500)));
  };
})()"""


def test_the_file_chosen_last_wins_over_one_whose_read_ends_later(page: Page, site, tmp_path):
    pgn, trf = tmp_path / "big.pgn", tmp_path / "small.trf"
    pgn.write_text(pgn_games(30, players=6))
    trf.write_text(two_players())
    page.add_init_script(SLOW_PGN)
    page.goto(site + "?tab=event")
    ready(page)
    page.set_input_files("#event-file", str(pgn))
    page.set_input_files("#event-file", str(trf))
    page.wait_for_function("() => self.pgnRead")
    assert page.locator("#event-text").input_value() == two_players()
    expect(page.get_by_test_id("event-summary")).to_contain_text("Kept Open")
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    page.reload()
    ready(page)
    expect(page.get_by_test_id("event-summary")).to_contain_text("Kept Open")


# 2. Answers held back (the worker's messages queued here): the figures shown are marked as
# waiting, dimmed with the phone's headline bar, the status is not "Ready"; the newest request's
# answer is the one shown, and clearing the inputs ends the wait.
HOLD = """(() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  self.hold = false;
  Worker.prototype.postMessage = function (...args) {
    if (self.hold) held.push(() => post.apply(this, args));
    else post.apply(this, args);
  };
  self.release = () => { self.hold = false; held.splice(0).forEach((send) => send()); };
})()"""
DIMMED = "(el) => parseFloat(getComputedStyle(el).opacity) < 0.9"


def test_a_figure_awaiting_a_newer_answer_is_marked_and_dimmed(page: Page, site):
    page.set_viewport_size({"width": 375, "height": 740})
    page.add_init_script(HOLD)
    page.goto(site + VECTOR)
    ready(page)
    section = page.locator("#results-tournament")
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    expect(section).not_to_have_attribute("aria-busy", "true")
    page.evaluate("() => { self.hold = true; }")
    page.fill("#rating", "1900")
    page.fill("#rating", "2000")
    expect(section).to_have_attribute("aria-busy", "true")
    expect(page.get_by_test_id("load-status")).not_to_contain_text("Ready", timeout=5000)
    page.wait_for_function(f"() => ({DIMMED})(document.querySelector('#results-tournament dl.totals'))")
    expect(page.locator("#headline")).to_have_class(re.compile("waiting"))
    page.evaluate("() => self.release()")
    expect(section).not_to_have_attribute("aria-busy", "true")
    expect(page.get_by_test_id("new-rating")).to_have_text("2001")  # the newest request's
    expect(page.get_by_test_id("load-status")).to_contain_text("Ready")
    assert not page.locator("#headline").evaluate("(el) => el.classList.contains('waiting')")
    # The event tab: a wait ends when its text is cleared (nothing is asked).
    page.get_by_role("tab", name="Whole event (TRF, PGN)").click()
    page.fill("#event-text", two_players())
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    page.evaluate("() => { self.hold = true; }")
    page.fill("#event-k", "10")
    expect(page.locator("#results-event")).to_have_attribute("aria-busy", "true")
    page.fill("#event-text", "")
    expect(page.locator("#results-event")).not_to_have_attribute("aria-busy", "true")
    page.evaluate("() => self.release()")


# 4. Storage that fails: a note says inputs will not be kept, the page works on, no uncaught error.
THROWING_SET = """Storage.prototype.setItem = function () { throw new DOMException("full", "QuotaExceededError"); };"""
BLOCKED = """Object.defineProperty(window, "sessionStorage", { get() { throw new DOMException("blocked", "SecurityError"); } });"""
NO_IDB = """IDBFactory.prototype.open = function () { throw new DOMException("blocked", "SecurityError"); };"""
IDB_FULL = """IDBObjectStore.prototype.put = function () { throw new DOMException("full", "QuotaExceededError"); };"""


@pytest.mark.parametrize("fault", [THROWING_SET, BLOCKED, NO_IDB, IDB_FULL], ids=["setItem-throws", "blocked", "no-indexeddb", "quota-full"])
def test_storage_that_fails_is_said_and_the_page_works_on(page: Page, site, fault, tmp_path):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(fault)
    page.goto(site + VECTOR)
    ready(page)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    page.fill("#next", "2000")
    page.get_by_role("tab", name="Whole event (TRF, PGN)").click()
    (tmp_path / "event.trf").write_text(two_players())
    page.set_input_files("#event-file", str(tmp_path / "event.trf"))
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    expect(page.get_by_test_id("storage-note")).to_be_visible()
    expect(page.get_by_test_id("storage-note")).to_contain_text("will not be kept")
    page.wait_for_timeout(500)  # the file's keeping has been tried
    assert errors == []


def test_a_database_left_at_another_version_is_replaced(page: Page, site, tmp_path):
    page.goto(site + "favicon-none")
    page.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("elo-calculator", 7);
        open.onupgradeneeded = () => open.result.createObjectStore("other");
        open.onsuccess = () => { open.result.close(); resolve(); };
        open.onerror = () => reject(open.error);
      })""")
    page.goto(site + "?tab=event")
    ready(page)
    (tmp_path / "event.trf").write_text(two_players())
    page.set_input_files("#event-file", str(tmp_path / "event.trf"))
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    page.wait_for_timeout(500)  # the file kept
    page.reload()
    ready(page)
    expect(page.get_by_test_id("event-summary")).to_contain_text("Kept Open")
    expect(page.get_by_test_id("storage-note")).to_be_hidden()


# 6. Reset forgets every input, also what was typed a moment before (the address written as the
# page is left kept it again); in an embed it keeps the embed's theme.
def test_reset_right_after_typing_forgets_every_input(page: Page, site):
    page.goto(site + VECTOR)
    ready(page)
    page.fill("#next", "2000")
    page.fill("#target", "1900")
    page.fill("#rating", "2100")
    with page.expect_navigation():
        page.click("#reset")
    ready(page)
    assert [page.input_value(f"#{i}") for i in ("next", "target", "rating")] == ["", "", "1800"]
    expect(page.get_by_test_id("game-row")).to_have_count(2)


def test_reset_in_an_embed_keeps_its_theme(page: Page, site):
    page.goto(site + VECTOR + "&embed=1&theme=dark")
    ready(page)
    page.fill("#rating", "2100")
    with page.expect_navigation(url=re.compile(r"\?embed=1&theme=dark$")):
        page.evaluate("() => document.getElementById('reset').click()")  # the button is hidden in an embed
    ready(page)
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert page.input_value("#rating") == "1800"


# 7. A bad choice in a link gets a message next to its field; a UTF-16 file is read.
def test_a_bad_choice_in_a_link_gets_a_message_next_to_its_field(page: Page, site):
    page.goto(site + "?tab=lichess&colour_advantage=garbage")
    ready(page)
    expect(page.locator("#colour_advantage-msg")).to_contain_text("garbage")


def test_a_utf16_trf_is_read(page: Page, site, tmp_path):
    path = tmp_path / "unicode.trf"
    path.write_bytes(two_players("Müller Open").encode("utf-16"))  # with its byte-order mark, as Windows writes it
    page.goto(site + "?tab=event")
    ready(page)
    page.set_input_files("#event-file", str(path))
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    expect(page.get_by_test_id("event-summary")).to_contain_text("Müller Open")
    expect(page.get_by_test_id("event-problems")).not_to_contain_text("not UTF-8")
