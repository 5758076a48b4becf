"""The page's and the worker's modules, held to what docs/architecture.md says of them: the form's
requests() is a pure function of a state, the engine reports a worker that cannot start, and a
start fetches the runtime's wasm once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import primer_outcome
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 120_000

# A state as readForm() makes it (docs/architecture.md, "Form state").
STATE = {
    "tab": "tournament", "rating": "1800", "k": "20", "method": "fide", "rules": "2025-10-01", "kind": "standard",
    "opponent": "1900", "opponent_k": "20", "games": [{"opponent": "1750", "score": "1"}],
    "advisor": {"open": False, "games_played": "100", "birth_year": "", "reached_2400": False, "date": "2025-10-01"},
    "next": "", "target": "", "remaining": "", "event": None,
}


def test_requests_is_a_pure_function_of_the_state(page: Page, site_url):
    page.goto(site_url)
    out = page.evaluate("""async (state) => {
        const { requests } = await import("./form.js");
        const before = JSON.stringify(state);
        const first = JSON.stringify(requests(state));
        const again = JSON.stringify(requests(JSON.parse(before)));
        const edited = requests({ ...state, games: [{ opponent: "2000", score: "1" }] });
        const tabs = Object.fromEntries(["single", "performance", "initial", "event"]
            .map((tab) => [tab, requests({ ...state, tab }).map((r) => r.op)]));
        const planned = requests({ ...state, next: "1900", target: "1810", advisor: { ...state.advisor, open: true } });
        return { same: first === again, untouched: JSON.stringify(state) === before, first: JSON.parse(first),
                 edited: edited[0].args.games, tabs, planned: planned.map((r) => r.op) };
    }""", STATE)
    assert out["same"] and out["untouched"]  # the same state, the same requests; the state is not changed
    assert out["first"] == [{"op": "rate", "args": {"rating": "1800", "k": "20", "method": "fide", "rules": "2025-10-01",
                                                    "kind": "standard", "games": [{"opponent": "1750", "score": "1"}]}}]
    assert out["edited"] == [{"opponent": "2000", "score": "1"}]  # another state, its own requests
    assert out["tabs"] == {"single": ["single"], "performance": ["performance"], "initial": ["initial"], "event": []}
    assert out["planned"] == ["rate", "kfactor", "what_if", "score_needed"]


def test_a_browser_that_cannot_start_the_worker_is_told_so(page: Page, site_url):
    # Workers blocked (or an old browser): new Worker() throws, before anything else has run
    page.add_init_script("globalThis.Worker = class { constructor() { throw new Error('workers are blocked'); } };")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "?rating=1800&games=1750:1")
    expect(page.locator("body")).to_have_class("engine-failed", timeout=10_000)
    expect(page.get_by_test_id("load-status")).to_contain_text("could not start the rating engine (workers are blocked)")
    assert page.locator("#rating").input_value() == "1800"  # the page set itself up all the same
    assert errors == []


@pytest.mark.parametrize("service_workers", ["block"])
def test_a_start_fetches_the_runtimes_wasm_once(browser, site_url, service_workers):
    # sent in zstd, unpacked and compiled as it arrives, then handed to Pyodide, whose own download
    # of it is answered from that (worker/pyodide-adapter.js): at most one request per start. Before
    # it, each start asks for sw.js's copy, which a page without one gets from nowhere.
    context = browser.new_context(service_workers=service_workers)
    wasm: list[str] = []
    context.on("request", lambda r: ".wasm" in r.url and wasm.append(r.url.split("/")[-1]))
    page = context.new_page()
    page.goto(site_url + "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01")
    expect(page.get_by_test_id("new-rating")).to_have_text("1811", timeout=LOAD_TIMEOUT)
    # the first visit's two starts: the calculator's worker, then the primer (lifecycle.js), which
    # compiles the copy the first one kept (Cache Storage: no request)
    assert primer_outcome(page, LOAD_TIMEOUT) == "primed"
    assert wasm == ["pyodide.asm.wasm?offline-copy", "pyodide.asm.wasm.zst", "pyodide.asm.wasm?offline-copy"], wasm
    context.close()


WEB = Path(__file__).resolve().parents[2] / "web"


def test_the_worker_names_the_pyodide_files_the_adapter_lists():
    # worker.js asks for Pyodide's files before any module is in, so it names them itself; the
    # adapter (the one place that knows Pyodide) lists them too, and they must agree
    pairs = re.compile(r'(\w+): "(pyodide/[^"]+)"')
    early = re.search(r"const PYODIDE = \{(.*?)\};", (WEB / "worker.js").read_text(), re.S)
    files = re.search(r"export const FILES = \{(.*?)\};", (WEB / "worker" / "pyodide-adapter.js").read_text(), re.S)
    assert early and files
    named, listed = dict(pairs.findall(early.group(1))), dict(pairs.findall(files.group(1)))
    assert named and named.items() <= listed.items(), (named, listed)
    other = [f for f in (WEB / "worker").glob("*.js") if f.name != "pyodide-adapter.js"]
    assert not [f.name for f in other if "pyodide/" in f.read_text()]  # no other worker module names one


# Module-level mutable state: a `let`, or a collection made at the top of a module.
MODULE_STATE = re.compile(r"^(?:let |var |(?:export )?const \w+ = (?:new (?:Map|Set|WeakMap|WeakSet|Array)\b|\[\]))", re.M)


def test_only_the_pages_wiring_keeps_state_at_module_level():
    # docs/architecture.md, "The page": app.js makes the page's parts and holds what is shared;
    # every other module keeps its state in the objects it exports (sw.js and worker.js are
    # entries of their own)
    held = {f.relative_to(WEB).as_posix(): MODULE_STATE.findall(f.read_text())
            for f in [*WEB.glob("*.js"), *WEB.glob("worker/*.js")] if f.name not in ("app.js", "sw.js", "worker.js")}
    assert {name: found for name, found in held.items() if found} == {}
    assert MODULE_STATE.search("let x = 1;\nconst y = new Map();") and MODULE_STATE.search("const queue = [];")  # the check sees them
