"""The "Whole event" tab: TRF and PGN through the file input and by paste, checked against elo_core."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from elo_core.event import rate_event, read_event

DATA = Path(__file__).parents[1] / "data"
sys.path.insert(0, str(DATA.parent))
from eventgen import home_norm_trf, swiss_trf  # noqa: E402

LOAD_TIMEOUT = 120_000


def open_event_tab(page: Page, site_url: str) -> None:
    page.goto(site_url + "?tab=event")
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)


def row_of(page: Page, name: str):
    return page.get_by_test_id("player-row").filter(has=page.get_by_role("button", name=name))


def cells_of(row) -> list[str]:
    """Each cell's text, or its input's value (K, games before: editable in the table)."""
    return row.locator("td").evaluate_all("(tds) => tds.map((td) => td.querySelector('input')?.value ?? td.innerText)")


def test_trf_through_the_file_input(page: Page, site_url):
    open_event_tab(page, site_url)
    page.set_input_files("#event-file", DATA / "codes.trf")
    expect(page.get_by_test_id("player-row")).to_have_count(5)
    engine = rate_event(read_event((DATA / "codes.trf").read_text("utf-8")))
    ann = next(p for p in engine.players if p.player.name == "Alpha, Ann").summary()
    cells = cells_of(row_of(page, "Alpha, Ann"))
    assert cells[3:] == [str(ann["rating"]), str(ann["games"]), f"{ann['score']:g}", f"{ann['expected']:.2f}",
                         str(ann["effective_k"]), "", f"{ann['change']:+.2f}", f"{ann['change_rounded']:+d}",
                         str(ann["new_rating"]), str(ann["performance"]), "–", "–"]  # First, Norm (not asked)
    # A hostile name is text, never markup.
    expect(row_of(page, "<img src=x onerror=alert(1)>")).to_have_count(1)
    assert page.evaluate("document.querySelectorAll('#players img').length") == 0
    # Click a player: their games, then the same view as the tournament tab.
    page.get_by_role("button", name="WGM Alpha, Ann").click()
    expect(page.get_by_test_id("event-player")).to_contain_text("half-point bye")
    page.get_by_role("button", name="Show in the tournament tab").click()
    expect(page.get_by_test_id("new-rating")).to_have_text(str(ann["new_rating"]))
    expect(page).to_have_url(re.compile("tab=tournament"))


def test_sorting_and_csv_export(page: Page, site_url):
    open_event_tab(page, site_url)
    page.set_input_files("#event-file", DATA / "codes.trf")
    expect(page.get_by_test_id("player-row")).to_have_count(5)
    page.get_by_role("button", name="Rtg", exact=True).click()
    ratings = [r.locator("td").nth(3).inner_text() for r in page.get_by_test_id("player-row").all()]
    assert ratings[:4] == ["2000", "1900", "1800", "1700"]
    with page.expect_download() as download:
        page.get_by_role("button", name="Export as CSV").click()
    csv = Path(download.value.path()).read_text("utf-8")
    assert csv.splitlines()[0].startswith('"rank","start_rank","name"') and "Alpha, Ann" in csv


def test_a_large_swiss_by_paste(page: Page, site_url):
    text = swiss_trf(500, 11, seed=1)
    open_event_tab(page, site_url)
    page.fill("#event-text", text)
    expect(page.get_by_test_id("player-row")).to_have_count(500, timeout=30_000)
    engine = rate_event(read_event(text))
    for result in (engine.players[0], engine.players[250]):
        player = result.summary()
        cells = cells_of(row_of(page, player["name"]))
        expected = "–" if player["new_rating"] is None else str(player["new_rating"])
        assert cells[2].endswith(player["name"]) and cells[11] == expected


def test_pgn_by_paste_and_one_players_season(page: Page, site_url):
    text = (DATA / "edge.pgn").read_text("utf-8-sig")
    open_event_tab(page, site_url)
    page.fill("#event-text", text)
    expect(page.get_by_test_id("event-summary")).to_contain_text("PGN")
    expect(page.locator("#season-player")).to_be_visible()
    page.select_option("#season-player", "Alpha, Ann")
    page.get_by_role("button", name="Fill the tournament tab").click()
    expect(page.get_by_role("tab", name="Tournament / rating period")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#rating")).to_have_value("2000")
    expect(page.get_by_test_id("new-rating")).not_to_have_text("–")


def test_bad_files_get_messages(page: Page, site_url, tmp_path):
    open_event_tab(page, site_url)
    binary = tmp_path / "photo.trf"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 100)
    page.set_input_files("#event-file", binary)
    expect(page.locator("#event-text-msg")).not_to_be_empty()
    empty = tmp_path / "empty.pgn"
    empty.write_bytes(b"")
    page.set_input_files("#event-file", empty)
    expect(page.locator("#event-text-msg")).to_have_text("empty.pgn is empty.")
    expect(page.get_by_test_id("player-row")).to_have_count(0)
    latin = tmp_path / "latin.trf"
    latin.write_bytes((DATA / "codes.trf").read_text("utf-8").replace("Gamma, Gil", "Gómez, Gil").encode("latin-1"))
    page.set_input_files("#event-file", latin)
    expect(row_of(page, "Gómez, Gil")).to_have_count(1)
    expect(page.get_by_test_id("event-problems")).to_contain_text("not UTF-8")


def test_a_message_goes_with_the_text_it_was_about(page: Page, site_url):
    # With no text there is no answer to rewrite the messages: the tab clears them itself.
    open_event_tab(page, site_url)
    page.fill("#event-text", "neither a tournament report nor PGN")
    expect(page.locator("#event-kind-msg")).to_contain_text("neither a TRF")
    page.fill("#event-text", "")
    expect(page.locator("#event-kind-msg")).to_be_empty()
    expect(page.locator("#event-text-msg")).to_be_empty()


def test_a_file_over_the_limit_is_refused_with_the_limit(page: Page, site_url, tmp_path):
    # elo_core reads at most 20 MB: the page says so for a larger file, before reading it
    big = tmp_path / "huge.pgn"
    big.write_bytes(b"[Event \"x\"]\n" * 1_700_000)  # about 21 MB
    open_event_tab(page, site_url)
    page.set_input_files("#event-file", big)
    expect(page.locator("#event-text-msg")).to_have_text(re.compile(r"huge\.pgn is 2\d(\.\d)? MB; at most 20 MB is read\."))
    expect(page.get_by_test_id("player-row")).to_have_count(0)


def test_title_norms_column_and_a_players_verdict(page: Page, site_url):
    open_event_tab(page, site_url)
    page.set_input_files("#event-file", DATA / "codes.trf")
    expect(page.get_by_test_id("player-row")).to_have_count(5)
    expect(page.locator("th[data-key=norm]")).to_be_hidden()  # not asked for
    page.select_option("#event-norms", "swiss")
    ann = row_of(page, "Alpha, Ann").locator("td[data-col=norm]")
    expect(ann).to_contain_text("IM missed: 2 games (9 needed)")
    expect(row_of(page, "Gamma, Gil").locator("td[data-col=norm]")).to_contain_text("not checked: ")
    page.get_by_role("button", name="WGM Alpha, Ann").click()
    verdict = page.get_by_test_id("event-player-norm")
    expect(verdict.locator("li").first).to_have_text(re.compile(r"^IM norm not made: Ra 1975, Rp 2168"))
    expect(verdict.locator("li.unmet").first).to_contain_text("1.4.1")


def test_norm_options_change_the_column_and_are_kept(page: Page, site_url):
    open_event_tab(page, site_url)
    page.fill("#event-text", home_norm_trf())
    expect(page.get_by_test_id("player-row")).to_have_count(8)
    options = page.get_by_role("group", name="Title norms: what to check")
    expect(options).to_be_hidden()  # norms not checked
    page.select_option("#event-norms", "swiss")
    expect(options).to_be_visible()
    nils = row_of(page, "FM Norm, Nils").locator("td[data-col=norm]")
    expect(nils).to_have_text(re.compile(r"^IM missed: 7 games \(9 needed\); 0 foreign federations"))
    page.get_by_label("Minimum games").select_option("7")  # 1.4.1b
    expect(nils).to_have_text(re.compile(r"^IM missed: 0 foreign federations \(2 needed\)"))
    page.get_by_label("Exemption (1.4.3)").select_option("1.4.3a")
    expect(nils).to_have_text("IM norm (Rp 2552, 8 games)")
    types = page.get_by_role("group", name="Norm types")
    types.get_by_label("IM", exact=True).uncheck()
    expect(nils).to_have_text("GM missed: Rp 2552 (48 short)")
    types.get_by_label("GM", exact=True).uncheck()  # WGM and WIM left: none a man may want
    expect(nils).to_have_text("–")
    types.get_by_label("IM", exact=True).check()
    # 1.4.3b exempts the host federation's players: the field shows, and is asked for
    host = page.get_by_label("Host federation")
    expect(host).to_be_hidden()
    page.get_by_label("Exemption (1.4.3)").select_option("1.4.3b")
    expect(page.locator("#event-norms-msg")).to_have_text(re.compile(r"^Host federation: is required with 1\.4\.3b"))
    host.fill("FRA")
    host.blur()
    expect(nils).to_have_text(re.compile(r"^IM missed: 0 foreign federations"))
    host.fill("GER")
    host.blur()
    expect(nils).to_have_text("IM norm (Rp 2552, 8 games)")
    expect(page.locator("#event-norms-msg")).to_be_empty()
    page.get_by_role("button", name="FM Norm, Nils").click()
    verdict = page.get_by_test_id("event-player-norm")
    expect(verdict).to_contain_text("exempt under 1.4.3b (national team championship)")
    expect(verdict.locator("li").last).to_have_text(
        "Checked for IM: Swiss pairings; exemption 1.4.3b (national team championship), for players of GER; "
        "at least 7 games (1.4.1b: World or Continental Team or Club Championship).")
    # A reload keeps the options, and with them the column
    page.reload()
    expect(nils).to_have_text("IM norm (Rp 2552, 8 games)", timeout=LOAD_TIMEOUT)
    expect(host).to_have_value("GER")
    assert [types.get_by_label(t, exact=True).is_checked() for t in ("GM", "IM", "WGM", "WIM")] == [False, True, True, True]
    # On a phone the table's rows are cards: nothing wider than the screen
    page.set_viewport_size({"width": 375, "height": 700})
    expect(nils).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
