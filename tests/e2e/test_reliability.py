"""Load, faults and hostile input (issue 28): nothing freezes, nothing typed is lost, the engine always
recovers, and text from files reorders nothing. One test per point of the issue; each failed
before its fix. (How long things take under load: bench/load.py.)"""

from __future__ import annotations

import re
import threading

from eventgen import pgn_games, trf_line
from playwright.sync_api import Page, expect

from devkit.server import Handler, serve

LOAD_TIMEOUT = 120_000
VECTOR = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01"


def ready(page: Page) -> None:
    expect(page.locator("body")).to_have_class(re.compile("engine-ready"), timeout=LOAD_TIMEOUT)


# 1. A link with many games is read in one pass, and at most the documented 1,000 games.
def test_a_link_with_5000_games_shows_the_first_1000_and_says_so(page: Page, site_url):
    games = ",".join(f"{1500 + i % 900}:{['1', '0.5', '0'][i % 3]}" for i in range(5000))
    page.goto(site_url + f"?rating=1800&k=20&rules=2025-10-01&games={games}")
    ready(page)
    expect(page.get_by_test_id("game-row")).to_have_count(1000)
    expect(page.locator("#link-note")).to_contain_text("The link holds 5,000 games; at most 1,000 are rated")
    expect(page.get_by_test_id("games-counted")).to_have_text("1000", timeout=60_000)
    # text_content: rows off screen are not rendered (content-visibility), so they have no innerText
    assert page.get_by_test_id("game-row").nth(999).locator(".num").text_content() == "1000"


# 1. The largest link is built a slice of rows per task (no long task): the first paint holds a
# screenful, every row follows in order, and no answer is computed before the last row is in.
ROWS_SEEN = """(() => {
  window.__rows = {};
  window.__counted = [];
  const count = () => document.querySelectorAll('[data-testid=game-row]').length;
  document.addEventListener("DOMContentLoaded", () => {
    window.__rows.loaded = count();
    requestAnimationFrame(() => { window.__rows.painted = count(); });
    new MutationObserver(() => window.__counted.push(document.querySelector('[data-testid=games-counted]').textContent))
      .observe(document.querySelector('[data-testid=games-counted]'), { childList: true, characterData: true, subtree: true });
    setTimeout(() => document.getElementById("add-game").click()); // while the link's rows are still coming
  });
})()"""


def test_the_largest_link_is_built_a_slice_at_a_time_and_asked_whole(page: Page, site_url):
    page.add_init_script(ROWS_SEEN)
    games = ",".join(f"{1500 + i % 700}:{['1', '0.5', '0'][i % 3]}" for i in range(1000))
    page.goto(f"{site_url}?rating=1800&k=20&rules=2025-10-01&games={games}")
    ready(page)
    expect(page.get_by_test_id("game-row")).to_have_count(1001)
    expect(page.get_by_test_id("games-counted")).to_have_text("1000", timeout=60_000)
    seen = page.evaluate("window.__rows")
    assert 0 < seen["loaded"] <= 10 and seen["painted"] <= 10, seen
    assert set(page.evaluate("window.__counted")) <= {"1000", "–", ""}  # never an answer for part of the rows
    numbers = page.evaluate("[...document.querySelectorAll('[data-testid=game-row] .num')].map((n) => n.textContent)")
    assert numbers == [str(i) for i in range(1, 1002)]
    opponents = page.evaluate("[...document.querySelectorAll('[data-testid=game-row] .opp')].map((i) => i.value)")
    assert opponents[:3] == ["1500", "1501", "1502"] and opponents[999] == str(1500 + 999 % 700) and opponents[1000] == ""
    # The row added meanwhile came last, after every row of the link; the rows sit in groups the
    # browser can skip while off screen.
    groups = page.evaluate("""[...document.querySelectorAll('#game-rows > tbody')].map((g) =>
        [g.rows.length, getComputedStyle(g).contentVisibility])""")
    assert sum(n for n, _ in groups) == 1001 and all(n <= 25 and cv == "auto" for n, cv in groups), groups


# 2. A request that outlives its time (a stuck worker) gets a fresh worker, and the page carries on.
def test_a_stuck_engine_is_replaced_and_the_request_told_why(page: Page, site_url):
    page.goto(site_url + VECTOR)
    ready(page)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    page.workers[0].evaluate("setTimeout(() => { const end = Date.now() + 40_000; while (Date.now() < end); })")
    page.wait_for_timeout(200)
    page.fill("#rating", "1900")  # asked of the stuck worker: no answer within its time
    expect(page.locator("#form-msg")).to_contain_text("took longer than 20 s", timeout=40_000)
    expect(page.get_by_test_id("new-rating")).to_have_text("–")  # no figure of an earlier answer
    page.fill("#rating", "1850")
    expect(page.get_by_test_id("new-rating")).to_have_text(re.compile(r"^18\d\d$"), timeout=60_000)
    expect(page.locator("body")).not_to_have_class(re.compile("engine-failed"))


def test_a_newer_event_file_replaces_one_still_being_rated(page: Page, site_url, tmp_path):
    big = tmp_path / "big.pgn"
    big.write_text(pgn_games(40_000), "utf-8")
    small = tmp_path / "small.trf"
    small.write_text("012 Small Open\n042 2025/10/04\n" + "\n".join([
        trf_line(1, "Alpha, Ann", 1800, rounds=[(2, "w", "1")]), trf_line(2, "Beta, Bob", 1750, rounds=[(1, "b", "0")])]) + "\n")
    page.goto(site_url + "?tab=event")
    ready(page)
    page.set_input_files("#event-file", big)
    page.wait_for_timeout(3000)  # still being rated
    page.set_input_files("#event-file", small)
    expect(page.get_by_test_id("event-summary")).to_contain_text("Small Open", timeout=60_000)
    expect(page.get_by_test_id("player-row")).to_have_count(2)


# 3 and 4. Every input survives a reload, whether or not it is in the address, even one typed just before.
def test_every_input_survives_a_reload(page: Page, site_url):
    page.goto(site_url + VECTOR)
    ready(page)
    page.get_by_text("K-factor advisor").click()
    page.fill("#games_played", "12")
    page.fill("#birth_year", "2010")
    page.fill("#next", "2000")
    page.fill("#target", "1820")
    page.fill("#remaining", "1900, 1950")
    page.locator("#rating").focus()
    page.keyboard.press("End")
    page.keyboard.type("5")  # a keystroke just before the reload: the address is not written yet
    page.reload()
    ready(page)
    assert page.locator("#rating").input_value() == "18005"
    for field, value in (("games_played", "12"), ("birth_year", "2010"), ("next", "2000"), ("target", "1820"),
                         ("remaining", "1900, 1950")):
        assert page.locator(f"#{field}").input_value() == value, field
    assert page.locator("#advisor").evaluate("d => d.open")


def two_players(first: str = "Alpha, Ann") -> str:
    """A TRF of two players, the first beating the second."""
    return "012 Kept Open\n042 2025/10/04\n" + "\n".join([
        trf_line(1, first, 1800, rounds=[(2, "w", "1")]), trf_line(2, "Beta, Bob", 1750, rounds=[(1, "b", "0")])]) + "\n"


def open_event(page: Page, site_url: str, text: str) -> None:
    page.goto(site_url + "?tab=event")
    ready(page)
    page.fill("#event-text", text)


def test_an_event_file_and_its_options_survive_a_reload(page: Page, site_url):
    open_event(page, site_url, two_players())
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    page.fill("#event-k", "10")
    expect(page.get_by_test_id("player-row").first.locator("td[data-col=change_rounded]")).to_have_text("+4")
    page.reload()
    ready(page)
    expect(page.get_by_test_id("event-summary")).to_contain_text("Kept Open")
    assert page.locator("#event-k").input_value() == "10"
    expect(page.get_by_test_id("player-row").first.locator("td[data-col=change_rounded]")).to_have_text("+4")


def test_players_values_kept_by_the_page_before_an_update_are_read_after_it(page: Page, site_url):
    # The page before the norms kept each player's K as `kByPlayer`: a tab reloaded into this
    # version after a deploy keeps it.
    open_event(page, site_url, two_players())
    change = page.get_by_test_id("player-row").first.locator("td[data-col=change_rounded]")
    expect(change).not_to_have_text("+4")
    page.wait_for_timeout(1000)  # the address written: nothing left to write as the page goes
    page.evaluate("""() => {
        const kept = JSON.parse(sessionStorage.getItem("elo:inputs"));
        kept.state.eventInputs = { options: kept.state.eventInputs.options, kByPlayer: { "1": "10" } };
        sessionStorage.setItem("elo:inputs", JSON.stringify(kept));
    }""")
    page.reload()
    ready(page)
    expect(change).to_have_text("+4")


# 4. An opened file is kept as its bytes (a Blob: a 20 MB string put in IndexedDB is copied on
# the page's thread in one long task) and read again, with its encoding note, after a reload.
def test_an_opened_file_is_kept_as_its_bytes_and_read_again_after_a_reload(page: Page, site_url, tmp_path):
    text = two_players("Müller, Anna")
    path = tmp_path / "latin1.trf"
    path.write_bytes(text.encode("cp1252"))
    page.goto(site_url + "?tab=event")
    ready(page)
    page.set_input_files("#event-file", str(path))
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    kept = page.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("elo-calculator", 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("event-files").objectStore("event-files").get(sessionStorage.getItem("elo:tab"));
          get.onsuccess = () => { const v = get.result; resolve(v && [v.blob instanceof Blob, typeof v.text, v.name]); open.result.close(); };
        };
      })""")
    assert kept == [True, "undefined", "latin1.trf"]
    page.reload()
    ready(page)
    expect(page.get_by_test_id("player-row").first).to_contain_text("Müller, Anna")
    expect(page.get_by_test_id("event-problems")).to_contain_text("not UTF-8")


# 2. A file larger than a slice of the request's writing reaches the engine exactly: quotes,
# backslashes, line ends, and a character cut in two by the slices' edge.
def test_a_request_written_in_slices_reaches_the_engine_exactly(page: Page, site_url):
    edge = 1 << 20  # engine.js SLICE_CHARS
    n = 1000
    while len(pgn_games(n + 20, players=40)) < edge - 2000:
        n += 20
    filler = pgn_games(n, players=40)
    game = '[Event "Generated League"]\n[Date "2025.05.05"]\n[White "%s"]\n[Black "Plain, Pat"]\n[Result "1-0"]\n\n1. e4 %s e5 1-0\n\n'
    start = filler + game % ("Pad, Pat", "{}")
    pad = edge - 1 - len(start + '[Event "Generated League"]\n[Date "2025.05.05"]\n[White "')
    text = filler + game % ("Pad, Pat", "{" + "x" * pad + "}") + game % ("\U0001F600 Smile", "") + pgn_games(300, seed=5, players=40)
    assert text.index("\U0001F600") + text[:text.index("\U0001F600")].count("\U0001F600") == edge - 1  # the cut
    page.goto(site_url + "?tab=event")
    ready(page)
    # the request's text as written in slices reads back as the request (the character cut in two
    # is written as two escapes, which JSON readers join again)
    assert page.evaluate("""async (text) => {
        const { requestTextInSlices } = await import(new URL("engine.js", location.href).href);
        const args = { text, details: false, limit: 2000 };
        const sliced = await requestTextInSlices("event", args);
        return sliced !== JSON.stringify({ op: "event", args })
          && JSON.stringify(JSON.parse(sliced)) === JSON.stringify({ op: "event", args });
      }""", text)
    # and the page's own request of it (pasted) is read by elo_core whole
    page.evaluate("""(text) => {
        const box = document.getElementById("event-text");
        box.value = text;
        box.dispatchEvent(new Event("input", { bubbles: true }));
      }""", text)
    rows = page.get_by_test_id("player-row")
    expect(rows.filter(has_text="\U0001F600 Smile")).to_have_count(1, timeout=60_000)
    expect(rows.filter(has_text='Name1, "Nick" 1')).to_have_count(1)


# 5. After the engine fails for good, no figure of an earlier answer stays beside a changed input.
def test_after_a_failure_the_figures_are_cleared(page: Page, site_url):
    page.goto(site_url + VECTOR)
    ready(page)
    expect(page.get_by_test_id("new-rating")).to_have_text("1811")
    page.context.route(re.compile(r".*/worker\.js(\?.*)?$"), lambda route: route.fulfill(status=404, body=""))
    page.workers[0].evaluate("setTimeout(() => { throw new Error('simulated crash') })")
    expect(page.locator("body")).to_have_class(re.compile("engine-failed"), timeout=60_000)
    page.fill("#rating", "2150")
    expect(page.get_by_test_id("new-rating")).to_have_text("–")
    expect(page.get_by_test_id("rating-change")).to_have_text("–")


# 6. Bidi controls from a file reorder nothing: isolated, and made visible.
def test_bidi_controls_in_a_file_reorder_nothing(page: Page, site_url):
    rlo = "\u202e"
    text = f"012 City Open{rlo}\n042 2025/10/04\n" + "\n".join([
        trf_line(1, f"Carlsen, Magnus{rlo}", 2830, rounds=[(2, "w", "1")]),
        trf_line(2, "Beta, Bob", 2750, rounds=[(1, "b", "0")])]) + "\n"
    page.goto(site_url + "?tab=event")
    ready(page)
    page.fill("#event-text", text)
    expect(page.get_by_test_id("player-row")).to_have_count(2)
    summary = page.get_by_test_id("event-summary")
    expect(summary).to_contain_text("City Open[U+202E] (TRF")
    assert summary.locator("bdi").count() == 1
    page.get_by_role("button", name="Carlsen, Magnus[U+202E]").click()
    heading = page.locator("#event-player-name")
    expect(heading).to_have_text("Carlsen, Magnus[U+202E], 2830")
    assert rlo not in page.inner_text("#results-event")


# 8. The worker is held to the page's policy once the service worker serves it.
def test_the_worker_cannot_reach_another_origin(page: Page, site_url, tmp_path):
    (tmp_path / "x.js").write_text("export const x = 1;")
    hits: list[str] = []

    class Counting(Handler):
        def do_GET(self):
            hits.append(self.path)
            super().do_GET()

    other = serve(tmp_path, handler_class=Counting)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    elsewhere = f"http://127.0.0.1:{other.server_address[1]}/x.js"
    try:
        page.goto(site_url + VECTOR)
        ready(page)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)
        page.reload()  # this worker's script came through the service worker, with its policy
        ready(page)
        outcome = page.workers[0].evaluate("""async (url) => {
            const tries = { fetch: () => fetch(url), import: () => import(url),
                            socket: () => new Promise((ok, no) => { const s = new WebSocket(url.replace("http", "ws"));
                                                                  s.onopen = ok; s.onerror = no; }) };
            const out = {};
            for (const [name, go] of Object.entries(tries)) {
                try { await go(); out[name] = "reached"; } catch (e) { out[name] = "blocked"; }
            }
            return out;
        }""", elsewhere)
        assert outcome == {"fetch": "blocked", "import": "blocked", "socket": "blocked"}
        assert hits == []
        expect(page.get_by_test_id("new-rating")).to_have_text("1811")  # the policy lets the calculator work
    finally:
        other.shutdown()
        other.server_close()


# 12. Served at "//", the address is still written and the share link is right.
def test_served_at_a_double_slash_the_address_follows_the_inputs(page: Page, site_url):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "/?rating=1800&k=20&games=1750:1&rules=2025-10-01")
    ready(page)
    page.fill("#rating", "1850")
    expect(page).to_have_url(re.compile(r"rating=1850"))
    assert page.get_by_role("link", name="Link to this calculation").get_attribute("href").startswith("?tab=")
    assert errors == []


# 7. The largest link: its rows share a few forms (one form a row cost the browser seconds at load).
def test_a_link_with_the_most_games_puts_them_in_few_forms(page: Page, site_url):
    games = ",".join(f"{1500 + i % 700}:1" for i in range(1000))
    page.goto(f"{site_url}?rating=1800&k=20&rules=2025-10-01&games={games}")
    ready(page)
    expect(page.get_by_test_id("game-row")).to_have_count(1000)
    assert page.evaluate("document.getElementById('row-forms').children.length") == 40
    assert page.evaluate("[...document.querySelectorAll('.opp')].every((i) => i.form && i.form.elements.length <= 50)")
    page.locator(".remove").first.click()
    expect(page.get_by_test_id("game-row")).to_have_count(999)
    assert page.evaluate("document.getElementById('row-forms').children.length") == 40
