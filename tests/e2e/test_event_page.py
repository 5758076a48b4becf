"""The "Whole event" tab: TRF and PGN through the file input and by paste, checked against elo_core."""

from __future__ import annotations

import re
from pathlib import Path

from eventgen import home_norm_trf, swiss_trf, trf_line
from playwright.sync_api import Page, expect

from elo_core.events.rate import rate_event
from elo_core.events.read import read_event

DATA = Path(__file__).parents[1] / "data"

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


def real_forms_trf() -> str:
    """A TRF in the forms real files use: a start date with the day's name, an end date in French, the
    kind in the name only, a team record with boards won and lost by forfeit (0000 - +, 0000 - -), a
    game paired without its result, a 072 and a points column that the lines do not bear out, and 45
    opponents who are not in the file (a flood of one kind of problem)."""
    players = [trf_line(1, "Ash, Ann", 1900, rounds=[(2, "w", "1"), (3, "b", " ")], points=1.0),
               trf_line(2, "Birch, Bo", 1800, rounds=[(1, "b", "0"), (4, "w", "=")], points=0.0),
               trf_line(3, "Cedar, Cy", 1700, rounds=[(4, "w", "1"), (1, "w", " ")], points=1.0),
               trf_line(4, "Dale, Di", 0, rounds=[(3, "b", "0"), (2, "b", "=")], points=0.5),
               trf_line(5, "Elm, Ed", 1600, rounds=[(0, "-", "+"), (0, "-", "-")], points=1.0)]
    players += [trf_line(i, f"Guest {i}", 1500, rounds=[(99, "w", "1")], points=1.0) for i in range(6, 51)]
    head = ["012 Club Rapid Open", "042 Sa, 04.10.2025", "052 5 octobre 2025", "062 50", "072 50", "310   1 Club"]
    return "\n".join(head + players) + "\n"


def real_forms_pgn() -> str:
    """A PGN as Lichess exports one: no Date but a UTCDate, the kind in the Event's name only, a
    Chess960 game, and a player whose rating tags differ (2000, then 2100)."""
    def game(white, white_elo, black, black_elo, result, *more):
        tags = [("Event", "Club Blitz"), ("Date", "????.??.??"), ("UTCDate", "2025.10.04"), ("White", white),
                ("Black", black), ("Result", result), ("WhiteElo", white_elo), ("BlackElo", black_elo), *more]
        return "".join(f'[{k} "{v}"]\n' for k, v in tags) + f"\n1. e4 e5 {result}\n\n"
    return (game("Ash, Ann", 2000, "Birch, Bo", 1900, "1-0") + game("Birch, Bo", 1900, "Ash, Ann", 2100, "1/2-1/2")
            + game("Ash, Ann", 2000, "Cedar, Cy", 1800, "0-1", ("Variant", "Chess960")))


def test_real_file_forms_show_their_notes_and_grouped_problems(page: Page, site_url):
    open_event_tab(page, site_url)
    summary, notes = page.get_by_test_id("event-summary"), page.locator("#event-assumptions")
    problems = page.get_by_test_id("event-problems")
    page.fill("#event-text", real_forms_trf())
    expect(summary).to_contain_text("Club Rapid Open (TRF, 2025-10-04 to 2025-10-05): 50 players")
    expect(summary).to_contain_text("Rated as rapid chess: the event's name says rapid (line 012). "
                                    "Rules in force on 2025-10-04 (the event's start date).")
    expect(notes).to_contain_text("042: 'Sa, 04.10.2025' read as 2025-10-04 (day, month, year)")
    expect(notes).to_contain_text("052: '5 octobre 2025' read as 2025-10-05 (month by name)")
    expect(notes).to_contain_text("team event: 2 board entries without an opponent (0000 with + or -) are boards won "
                                  "or lost by forfeit: not rated")
    # Grouped by kind with a count, each with its first lines: the flood hides neither other kind.
    expect(page.locator("#event-problems-title")).to_have_text("47 problems in the file (every other player is still rated)")
    page.locator("#event-problems-title").click()
    groups = problems.locator(":scope > li")
    expect(groups).to_have_count(3)
    flood = groups.filter(has_text="45 × an opponent who is not in the file (not rated)")
    expect(flood.locator("li")).to_have_count(6)  # the first 5 lines, then the rest counted
    expect(flood.locator("li").first).to_have_text("Line 12: player 6 Guest 6, round 1: opponent 99 is not in the file; not rated")
    expect(flood.locator("li").last).to_have_text("… and 40 more")
    expect(groups.filter(has_text="1 × a count in the header (062, 072)")).to_contain_text(
        "Line 5: 072: 50 rated players, but the file has 49 player lines (001) with a FIDE rating")
    expect(groups.filter(has_text="1 × a points column that is not the sum")).to_contain_text(
        "Line 8: player 2 Birch, Bo: points (columns 81-84) say 0, but the rounds give 0.5")
    # A game paired without its result: not played yet (not a bye)
    page.get_by_role("button", name="Ash, Ann").click()
    expect(page.locator("#event-rounds tbody tr").nth(1)).to_contain_text("paired, no result yet: not played yet")

    page.fill("#event-text", real_forms_pgn())
    expect(summary).to_contain_text("Club Blitz (PGN, 2025-10-04): 3 players, 3 games played, 2 of them rated.")
    expect(summary).to_contain_text("Rated as blitz chess: no time control in the file; Event 'Club Blitz' says blitz. "
                                    "Rules in force on 2025-10-04 (the event's start date).")
    expect(notes).to_contain_text("dates: 3 games without a Date (or ????.??.??) dated by their UTCDate")
    expect(notes).to_contain_text("1 game not counted: variant 'Chess960': Chess960 has no FIDE rating: not counted")
    expect(notes).to_contain_text("ratings: each player is rated from their first rating tag in the file")
    expect(page.locator("#event-problems-title")).to_have_text("1 problem in the file (every other player is still rated)")
    expect(problems).to_contain_text("1 × a player whose rating tags differ between games")
    expect(problems).to_contain_text("Line 12: Ash, Ann: rating tags differ (2000 on line 1, 2100 here); 2000, the first, "
                                     "is used on both sides of every game")
    # Which rating each player is rated from, and the Chess960 game not counted, in the player's view
    page.get_by_role("button", name="Ash, Ann").click()
    expect(page.locator("#event-player-note")).to_contain_text("Rated from first rating tag in the file (the game at line 1).")
    expect(page.locator("#event-rounds tbody tr").nth(2)).to_contain_text("variant 'Chess960': Chess960 has no FIDE rating")
    expect(page.locator("#event-rounds tbody tr").nth(1)).to_contain_text("1900")   # Birch's first tag, in either game


def test_an_unrated_rapid_player_with_a_standard_rating_is_rated_with_it(page: Page, site_url):
    # B.02 rapid and blitz 7.2.1: the standard rating, typed in the player's Rtg cell, rates the
    # player and their opponents' games against them; a reload keeps it.
    text = "012 Club Rapid\n042 2025/10/04\n" + "\n".join([
        trf_line(1, "Alpha, Ann", 1800, rounds=[(2, "w", "1")]), trf_line(2, "Newby, Nia", 0, rounds=[(1, "b", "0")])]) + "\n"
    open_event_tab(page, site_url)
    page.fill("#event-text", text)
    rows = page.get_by_test_id("player-row")
    expect(rows).to_have_count(2)
    alpha, newby = rows.filter(has_text="Alpha"), rows.filter(has_text="Newby")
    expect(alpha.locator("td[data-col=change_rounded]")).to_have_text("0")  # an unrated opponent: not counted
    standard = page.get_by_role("textbox", name="Standard rating of Newby, Nia")
    expect(standard).to_have_attribute("placeholder", "unrated")
    standard.fill("1750")
    standard.press("Tab")
    expect(alpha.locator("td[data-col=change_rounded]")).to_have_text("+9")  # 20 × (1 − 0.57)
    expect(newby.locator("td[data-col=new_rating]")).not_to_have_text("–")
    page.reload()
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)
    expect(page.get_by_role("textbox", name="Standard rating of Newby, Nia")).to_have_value("1750")
    expect(page.get_by_test_id("player-row").filter(has_text="Alpha").locator("td[data-col=change_rounded]")).to_have_text("+9")


def test_a_player_named_like_a_javascript_builtin_is_a_player_like_any_other(page: Page, site_url):
    # PGN players are keyed by name: "constructor" must not find what every JS object has.
    text = ('[Event "Club Rapid"]\n[Date "2025.10.04"]\n[White "constructor"]\n[Black "Beta, Bob"]\n'
            '[Result "1-0"]\n[BlackElo "1800"]\n[TimeControl "600+5"]\n\n1. e4 e5 1-0\n')
    open_event_tab(page, site_url)
    page.fill("#event-text", text)
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    expect(page.get_by_role("textbox", name="Standard rating of constructor")).to_have_value("")
