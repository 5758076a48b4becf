"""Time whole-event imports in the browser: a 500-player, 11-round Swiss TRF, 10,000 and 20,000 PGN games.

    python bench/events.py [--runs 5]

Builds and serves the site, opens it in headless Chromium, and times, in the page:
- engine: elo_core's `event` operation through the worker (read, rate every player, JSON back);
- page: from pasting the file into the event tab to the players' table on screen.
Prints the median and the spread (min-max) of each. Figures go into bench/RESULTS.md by hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
from eventgen import pgn_games, swiss_trf  # noqa: E402

import build  # noqa: E402
from devkit import chromium  # noqa: E402
from devkit.server import Served  # noqa: E402

ENGINE = """async ([text, details]) => {
  const { ask } = await import("./engine.js");
  const t = performance.now();
  const answer = await ask("event", { text, details });
  return [performance.now() - t, answer.ok, answer.ok ? answer.result.players.length : answer.errors];
}"""

PAGE = """async (text) => {
  const body = document.querySelector("#players tbody");
  const area = document.getElementById("event-text");
  const shown = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      watch.disconnect();
      requestAnimationFrame(() => resolve(performance.now()));  // the frame that shows the new table
    });
    watch.observe(body, { childList: true });
  });
  area.value = text;
  const t = performance.now();
  area.dispatchEvent(new Event("input", { bubbles: true }));
  return (await shown) - t - 250;  // less the paste debounce (250 ms): the page waits for typing to pause
}"""


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):7.1f} ms  (min {min(values):.1f}, max {max(values):.1f}, n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    served = Served(build.build())
    url = f"{served.url}?tab=event"
    files = {"TRF, 500 players x 11 rounds": swiss_trf(500, 11, seed=1), "PGN, 10,000 games": pgn_games(10_000),
             "PGN, 20,000 games": pgn_games(20_000, seed=7)}  # issue 31: a 20,000+ game file in the same 3 s
    with sync_playwright() as p:
        browser = p.chromium.launch(**chromium.launch_options(p))
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("body.engine-ready", timeout=120_000)
        for name, text in files.items():
            print(f"{name}: {len(text) / 1e6:.1f} MB")
            for details, label in ((False, "engine, players only"), (True, "engine, with every breakdown")):
                times = []
                for i in range(runs):
                    # elo_core keeps the last rated event; blank lines make each run a new file
                    took, ok, players = page.evaluate(ENGINE, [text + "\n" * (i + 1 + 10 * details), details])
                    assert ok, players
                    times.append(took)
                print(f"  {label:30} {summary(times)}  [{players} players]")
            if name.startswith("TRF"):
                # alternate two events, so that each paste shows a different table
                other = swiss_trf(500, 11, seed=2)
                times = [page.evaluate(PAGE, (other if i % 2 else text) + "\n" * (i + 100)) for i in range(runs)]
                print(f"  {'page, paste to table':30} {summary(times)}")
        browser.close()
    served.close()
    print(json.dumps({"date": __import__("datetime").date.today().isoformat()}))


if __name__ == "__main__":
    main()
