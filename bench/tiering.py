#!/usr/bin/env python3
"""How V8 optimises the interpreter during a first visit, traced, optionally with V8 flags.

    python bench/tiering.py                            # 3 first visits
    python bench/tiering.py --js-flags=--no-wasm-deopt # the same without V8's wasm deopts

Why: a first visit's first keystrokes are its slowest (bench/RESULTS.md). For each first visit
(a fresh profile, service worker blocked) this prints the CPU of V8's optimising compiles of
the runtime's wasm from navigation to 3 s after the first result, and when the large ones
began, in ms from the first result (as the page saw it, a frame or so late). V8 traces its
optimising compiles in batches (`wasm.TopTierCompilation`), not one function each; a batch
over LARGE_US of CPU has been the interpreter's loop in every trace so far, well clear of the
next largest: `_PyEval_EvalFrameDefault`, which V8 compiles again after each deopt (figures:
bench/history/). A heuristic, then: check it with the deopt trace below.

To see why it was compiled again, run with V8's own trace and Playwright's browser log:

    DEBUG=pw:browser python bench/tiering.py -n 1 --js-flags="--trace-deopt --trace-wasm-inlining" 2>&1 | grep "wrong call target"

Figures go into bench/RESULTS.md by hand; nothing here is pass/fail.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from visits import SITE_QUERY, Profiles, load_build  # noqa: E402

from devkit.server import Served  # noqa: E402

LARGE_US = 60_000  # CPU of one traced batch of compiles, in µs, above which it has been the loop


def first_visit(context, url: str) -> dict:
    """Trace one first visit; the optimising compiles' CPU and the large ones' start times."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    events: list[dict] = []
    done = threading.Event()
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda e: done.set())
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["v8.wasm", "blink.user_timing"]},
                               "transferMode": "ReportEvents"})
    page.goto(url)
    page.wait_for_function("() => document.body.classList.contains('engine-ready')"
                           " && /\\d/.test(document.querySelector('[data-testid=new-rating]').textContent)",
                           timeout=90_000)
    page.evaluate("() => performance.mark('tiering:result')")
    page.wait_for_timeout(3000)
    cdp.send("Tracing.end")
    while not done.is_set():
        page.wait_for_timeout(100)
    page.close()
    result = next((e["ts"] for e in events if e.get("name") == "tiering:result"), None)
    compiles = sorted((e for e in events if e.get("name") == "wasm.TopTierCompilation" and e.get("ph") == "X"),
                      key=lambda e: e["ts"])
    if result is None or any("tdur" not in e for e in compiles):
        raise SystemExit("the trace lacks the result's mark or the compiles' CPU times (tdur)")
    return {"cpu_ms": sum(e["tdur"] for e in compiles) / 1000,
            "large_at_ms": [round((e["ts"] - result) / 1000) for e in compiles if e["tdur"] > LARGE_US],
            "large_cpu_ms": [round(e["tdur"] / 1000) for e in compiles if e["tdur"] > LARGE_US]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3, help="first visits, each in a fresh profile")
    ap.add_argument("--js-flags", default="", help="V8 flags for Chromium (diagnosis only)")
    args = ap.parse_args(argv)
    if args.n < 1:
        ap.error("-n must be at least 1")

    from playwright.sync_api import sync_playwright

    build = load_build()
    tmp = Path(tempfile.mkdtemp(prefix="elo-tiering-"))
    try:
        site = build.build(tmp / "dist")
        served = Served(site)
        url = served.url + SITE_QUERY
        visits = []
        with sync_playwright() as p:
            profiles = Profiles(p, "disk")
            if args.js_flags:
                profiles.kw["args"] = [*profiles.kw["args"], f"--js-flags={args.js_flags}"]
            try:
                for i in range(args.n):
                    context = profiles.new(service_workers="block")
                    try:
                        visits.append(first_visit(context, url))
                    finally:
                        context.close()
                    v = visits[-1]
                    print(f"visit {i + 1}: optimising compiles {v['cpu_ms']:.0f} ms of CPU; the interpreter's loop "
                          f"compiled {len(v['large_at_ms'])} times, at {v['large_at_ms']} ms from the first result "
                          f"({v['large_cpu_ms']} ms of CPU each)", flush=True)
            finally:
                profiles.close()
        served.close()
        print(f"Chromium {profiles.version}{', --js-flags=' + args.js_flags if args.js_flags else ''}: "
              f"median {statistics.median(v['cpu_ms'] for v in visits):.0f} ms of optimising, "
              f"the loop compiled {statistics.median(len(v['large_at_ms']) for v in visits):.0f} times")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
