"""The FIDE list on the page (issue 52): opened once from the file the user downloaded (small
synthetic lists made by scripts/fidelist_synth.py, never a real list), read in the worker, kept in
the browser across visits, offered in the rating boxes, filling an event's K; removed on request."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from eventgen import trf_line
from playwright.sync_api import Page, expect

from scripts.fidelist_synth import EXAMPLES, players, text, zipped

LOAD_TIMEOUT = 120_000
ARBITER, _, CHAMPION, JUNIOR = EXAMPLES
ACCENTED = replace(CHAMPION, id=7000001, name="Ødegård, Åse", fed="NOR", sex="F", title="WIM", ratings=(2105, 0, 0),
                   games=(5, 0, 0), k=(40, 0, 0), birth=1964)
PEOPLE = [*EXAMPLES, ACCENTED, *players(300, 7)]
STANDARD = [p for p in PEOPLE if p.ratings[0] and p != ACCENTED][:150]  # TXT lists are ASCII


@pytest.fixture(scope="module")
def url(dist_dir, serve_dir) -> str:
    return serve_dir(dist_dir)


@pytest.fixture
def combined(tmp_path) -> Path:
    """The combined XML list, as FIDE names it: it does not say its month (the zip's date: October 2026)."""
    path = tmp_path / "players_list_xml.zip"
    path.write_bytes(zipped({"players_list_xml_foa.xml": text("combined_xml", PEOPLE)}))
    return path


@pytest.fixture
def standard(tmp_path) -> Path:
    """A standard TXT list of September 2026 (its rating column is headed SEP26)."""
    path = tmp_path / "standard_rating_list.zip"
    path.write_bytes(zipped({"standard_rating_list.txt": text("standard", STANDARD, month="SEP26")}))
    return path


def ready(page: Page, url: str, query: str = "") -> Page:
    page.goto(url + query)
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    return page


def open_combined(page: Page, path: Path) -> None:
    page.locator("#fide-list > summary").click()
    page.get_by_test_id("fide-list-file").set_input_files(path)
    expect(page.get_by_test_id("fide-list-month")).to_have_value("2026-10", timeout=30_000)  # the zip's date, offered
    expect(page.locator("#fide-list-question")).to_contain_text("does not say its month")
    page.get_by_test_id("fide-list-use").click()
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"October 2026, {len(PEOPLE)} players", timeout=30_000)


def options(page: Page):
    return page.get_by_role("listbox").get_by_role("option")


def test_open_find_fill_keep_and_remove(page: Page, url, combined):
    ready(page, url)
    rating = page.locator("#rating")
    expect(rating).not_to_have_attribute("role", "combobox")  # no list: the box as it always was
    open_combined(page, combined)
    expect(page.get_by_test_id("fide-list-where")).to_contain_text("never leaves your browser")

    # By FIDE ID, chosen with the keyboard: rating, K (said to be FIDE's own) and birth year.
    expect(rating).to_have_attribute("role", "combobox")
    rating.fill(str(CHAMPION.id))
    expect(options(page)).to_have_count(1)
    expect(options(page).first).to_contain_text("Hallgrimsson, Magnus (NOR, GM)")
    expect(options(page).first).to_contain_text("K 10")
    expect(rating).to_have_attribute("aria-expanded", "true")
    rating.press("ArrowDown")
    expect(rating).to_have_attribute("aria-activedescendant", "lookup-listbox-0")
    rating.press("Enter")
    expect(rating).to_have_value("2830")
    expect(page.locator("#k")).to_have_value("10")
    expect(page.locator("#birth_year")).to_have_value("1990")
    expect(page.get_by_test_id("k-list-note")).to_contain_text("FIDE's own K")
    expect(rating).to_have_attribute("aria-expanded", "false")
    page.locator("#k").fill("20")  # K typed by hand: no longer the list's
    expect(page.get_by_test_id("k-list-note")).to_have_count(0)

    # By name, without accents, "First Last" and "Last, First"; in a game row's opponent box.
    opp = page.get_by_test_id("game-row").first.locator(".opp")
    opp.fill("ase odegard")
    expect(options(page).first).to_contain_text("Ødegård, Åse")
    options(page).first.click()
    expect(opp).to_have_value("2105")
    opp.fill("Vukovic, Ana")
    expect(options(page).first).to_contain_text("Vukovic, Ana (SRB, WFM)")
    opp.press("Escape")
    expect(page.get_by_role("listbox")).to_be_hidden()
    expect(opp).to_have_value("Vukovic, Ana")  # Escape leaves what was typed

    # Kept: after a reload the list is back without reading the file again.
    page.reload()
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"October 2026, {len(PEOPLE)} players", timeout=LOAD_TIMEOUT)
    page.locator("#opponent").click() if page.locator("#opponent").is_visible() else None
    rating.fill("hallgr")
    expect(options(page).first).to_contain_text("Hallgrimsson")

    # Removed: the status says so, the boxes are plain again, and a reload brings nothing back.
    page.locator("#fide-list > summary").click() if not page.get_by_test_id("fide-list-remove").is_visible() else None
    page.get_by_test_id("fide-list-remove").click()
    expect(page.get_by_test_id("fide-list-status")).to_have_text("none opened")
    expect(rating).not_to_have_attribute("role", "combobox")
    page.reload()
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1000)
    expect(page.get_by_test_id("fide-list-status")).to_have_text("none opened")


def test_under_another_rating_system_the_list_offers_nobody(page: Page, url, combined):
    # FIDE's ratings are no other system's: under US Chess the game rows are plain boxes.
    ready(page, url)
    open_combined(page, combined)
    opp = page.get_by_test_id("game-row").first.locator(".opp")
    expect(opp).to_have_attribute("role", "combobox")
    page.select_option("#system", "uscf")
    expect(page.locator("#fide-list")).to_be_hidden()
    expect(opp).not_to_have_attribute("role", "combobox")
    opp.fill("hallgr")
    page.wait_for_timeout(500)
    expect(page.get_by_role("listbox")).to_be_hidden()
    page.select_option("#system", "fide")
    expect(opp).to_have_attribute("role", "combobox")


def test_a_list_of_another_month_asks_before_replacing(page: Page, url, combined, standard):
    ready(page, url)
    page.locator("#fide-list > summary").click()
    page.get_by_test_id("fide-list-file").set_input_files(standard)  # says its month: nothing asked
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"September 2026, {len(STANDARD)} players", timeout=30_000)
    expect(page.locator("#fide-list-ask")).to_be_hidden()
    page.get_by_test_id("fide-list-file").set_input_files(combined)
    expect(page.locator("#fide-list-question")).to_contain_text("replaces your kept list of September 2026", timeout=30_000)
    page.get_by_role("button", name="Keep the list I had").click()
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"September 2026, {len(STANDARD)} players")


def test_a_file_that_is_not_a_list_says_what_was_expected(page: Page, url, tmp_path):
    ready(page, url)
    pdf = tmp_path / "players_list.zip"
    pdf.write_bytes(b"%PDF-1.7\n" + b"x" * 5000)
    page.locator("#fide-list > summary").click()
    page.get_by_test_id("fide-list-file").set_input_files(pdf)
    message = page.get_by_test_id("fide-list-msg")
    expect(message).to_contain_text("players_list.zip", timeout=30_000)
    expect(message).to_contain_text("Expected FIDE's rating list")
    expect(page.get_by_test_id("fide-list-status")).to_have_text("none opened")
    empty = tmp_path / "standard_rating_list.zip"
    empty.write_bytes(b"")
    page.get_by_test_id("fide-list-file").set_input_files(empty)
    expect(message).to_contain_text("standard_rating_list.zip", timeout=30_000)
    expect(message).to_contain_text("empty")
    expect(page.locator("#rating")).not_to_have_attribute("role", "combobox")


def test_an_embed_has_no_fide_list(page: Page, url):
    ready(page, url, "?embed=1")
    expect(page.locator("#fide-list")).to_be_hidden()
    expect(page.locator("#rating")).not_to_have_attribute("role", "combobox")


def test_an_event_takes_k_titles_and_federations_from_the_list(page: Page, url, combined, tmp_path):
    ready(page, url)
    open_combined(page, combined)
    trf = "\n".join([
        "012 List test", "042 2026/10/05", "092 Individual: Swiss-System",
        trf_line(1, "Hallgrimsson, Magnus", 2800, fide_id=str(CHAMPION.id), rounds=[(2, "w", "1")], points=1),
        trf_line(2, "Odegard, Ase", 2105, fide_id=str(ACCENTED.id), rounds=[(1, "b", "0")], points=0),
    ]) + "\n"
    (tmp_path / "event.trf").write_text(trf)
    page.get_by_role("tab", name="Whole event (TRF, PGN)").click()
    page.set_input_files("#event-file", tmp_path / "event.trf")
    row = page.get_by_test_id("player-row").filter(has=page.get_by_role("button", name=re.compile("Odegard")))
    expect(row).to_have_count(1, timeout=30_000)
    expect(row).to_contain_text("WIM")  # the title, from the list
    k = row.locator("td").nth(7).locator("input")
    expect(k).to_have_value("40")  # the list's K (the advisor's would be 20)
    expect(page.locator("#event-assumptions")).to_contain_text("filled in for 2 of 2 players")
    page.locator("#event-problems-box > summary").click()
    expect(page.locator("#event-problems-box")).to_contain_text("2800 in the file, 2830 in")


def test_the_kept_list_works_offline(page: Page, url, combined):
    ready(page, url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)
    open_combined(page, combined)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("fide-list-status")).to_contain_text("October 2026", timeout=30_000)
    page.locator("#rating").fill(str(JUNIOR.id))
    expect(options(page).first).to_contain_text("Li, Na")
    page.context.set_offline(False)


DROP = """([bytes, name]) => {
  const data = new DataTransfer();
  data.items.add(new File([new Uint8Array(bytes)], name));
  document.getElementById("fide-list").dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
}"""


def test_a_list_dropped_on_the_box_and_the_single_games_opponent(page: Page, url, standard):
    ready(page, url, "?tab=single")
    page.evaluate(DROP, [list(standard.read_bytes()), standard.name])
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"September 2026, {len(STANDARD)} players", timeout=30_000)
    opponent = page.locator("#opponent")
    opponent.fill("magnus hallgr")
    expect(options(page).first).to_contain_text("Hallgrimsson, Magnus")
    opponent.press("ArrowDown")
    opponent.press("Enter")
    expect(opponent).to_have_value("2830")
    expect(page.get_by_test_id("k-list-note")).to_have_count(0)  # your K is not the opponent's
    # The single game asks the opponent's K: it is the list's too, and said so.
    expect(page.locator("#opponent_k")).to_have_value(str(CHAMPION.k[0]))
    expect(page.get_by_test_id("opponent_k-list-note")).to_contain_text("FIDE's own K")
    page.locator("#opponent_k").fill("20")  # typed by hand: no longer the list's
    expect(page.get_by_test_id("opponent_k-list-note")).to_have_count(0)


def test_kept_in_indexeddb_where_the_page_has_no_opfs_writer(page: Page, url, standard):
    page.add_init_script("delete FileSystemFileHandle.prototype.createWritable;")  # as Safari's main thread
    ready(page, url)
    expect(page.get_by_test_id("fide-list-where")).to_contain_text("IndexedDB")
    page.get_by_test_id("fide-list-file").set_input_files(standard)
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"September 2026, {len(STANDARD)} players", timeout=30_000)
    page.reload()
    expect(page.get_by_test_id("fide-list-status")).to_contain_text(f"September 2026, {len(STANDARD)} players",
                                                                    timeout=LOAD_TIMEOUT)
    assert page.evaluate("async () => (await indexedDB.databases()).map((d) => d.name)").count("elo-fide-list") == 1


def test_a_restarted_worker_gets_the_kept_list_back(page: Page, url, standard):
    ready(page, url)
    page.get_by_test_id("fide-list-file").set_input_files(standard)
    expect(page.get_by_test_id("fide-list-status")).to_contain_text("September 2026", timeout=30_000)
    page.workers[0].evaluate("setTimeout(() => { throw new Error('simulated crash') })")
    page.wait_for_function("() => performance.getEntriesByName('elo:restarted').length > 0", timeout=60_000)
    expect(page.locator("body")).to_have_class(re.compile(r"\bengine-ready\b"), timeout=LOAD_TIMEOUT)
    page.locator("#rating").fill(str(CHAMPION.id))
    expect(options(page).first).to_contain_text("Hallgrimsson, Magnus", timeout=30_000)
