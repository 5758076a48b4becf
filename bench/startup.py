#!/usr/bin/env python3
"""Start-up benchmark: the site against a plain Pyodide page, side by side, in one run.

    python bench/startup.py            # N=5 rounds
    python bench/startup.py -n 9 --keys 60

Builds the site (build.py) into a temporary folder, adds the baseline page
(bench/baseline.html + a wheel of bench/baseline_elo.py) under bench/, serves it on
127.0.0.1 and drives headless Chromium. Each round, in an order that interleaves
the pages so that the machine's noise hits all of them alike:

  baseline  cold, then repeat (HTTP cache)            [plain page: no worker, no SW]
  site      cold, then repeat (HTTP cache only)       [service workers blocked]
  site+sw   cold, then repeat (served by sw.js)       [the page registers sw.js]

"cold" is a fresh browser profile (empty caches; see Profiles), whose tab stays open
--dwell seconds after the result, as a person reads it; "repeat" is a new tab in the
same profile, also open --dwell seconds; "repeat 2" one more new tab after it (what a
third visit finds, e.g. compiled code that the repeat visit made). The goal is judged on
"repeat". The figure is navigation start -> the first animation frame in which the
result (new rating 1811 for rating 1800, K 20, games 1750:1, 1900:0.5) is on screen.
Also: main-thread long tasks after first paint (site), keystroke latency with 30 games
(input event -> last DOM change it causes; typed from 0.3 s after the result, on a first
visit and on the next visit of the same profile, in --key-visits fresh profiles with service
workers blocked, and on a first visit in as many profiles where the page registers sw.js
(which, with its precache and the code-cache primer, waits for typing to pause: app.js), and
on a first visit whose answers ahead are blocked (every keystroke asks the worker, as one the
page did not foresee does; see keystrokes()): one first visit is a single sample of its first
seconds, when the machine is busiest; the p95 is of all their keystrokes together), when the
site's cold visits' code-cache primer was done (the visit waits for it, and the site+sw one
for the service worker's activation before it, before its tab closes: the repeat visit follows
a first visit that left what it leaves), and the bytes a cold visit transfers.
Timings are information, not pass/fail.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from netem import NETWORKS, emulate  # noqa: E402

from devkit import chromium  # noqa: E402
from devkit.server import Handler, PagesHandler, Served  # noqa: E402

EXPECTED = "1811"
SITE_QUERY = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01"
GOALS = {"repeat": 0.2, "cold": 0.35}

# Runs before any page script: records when the result is first on screen (polled
# once per animation frame, so the time is that of a frame that shows it), first paint
# and the main thread's long tasks, and reports them half a second after the result
# through the console. Playwright is never asked to evaluate anything in the page
# before that, so its own injected script (compiled on first use: a long task of its
# own) stays out of the figures.
PROBE = """
(() => {
  const longtasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  const report = (result) => {
    const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-paint");
    console.log("elo-bench:" + JSON.stringify({ result, firstPaint: paint ? paint.startTime : null, longtasks }));
  };
  const poll = (now) => {
    const el = document.querySelector('[data-testid="new-rating"]');
    if (el && el.textContent.trim() === "%s") return setTimeout(() => report(now), 500);
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();
""" % EXPECTED


def load_build():
    import build
    return build


def baseline_wheel(out: Path) -> Path:
    """A one-module wheel (baseline_elo), as small as a wheel gets."""
    name, version = "baseline_elo", "1.0"
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    dist_info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{name}.py", (HERE / "baseline_elo.py").read_text())
        z.writestr(f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        z.writestr(f"{dist_info}/WHEEL", "Wheel-Version: 1.0\nGenerator: bench\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(f"{dist_info}/RECORD", "")
    return wheel


def launch_args(playwright) -> dict:
    return chromium.launch_options(playwright)


class Profiles:
    """Browser profiles: each cold visit gets a new, empty one; its repeat visit reuses it.

    "disk" (default): a new Chromium with its own user-data directory per profile, as a
    person's browser has: HTTP cache, V8's code cache and storage on disk. "incognito":
    new contexts of one browser, everything in memory, as in a private window.
    """

    def __init__(self, playwright, kind: str):
        self.playwright, self.kind = playwright, kind
        self.kw = launch_args(playwright)
        self.browser = playwright.chromium.launch(**self.kw) if kind == "incognito" else None
        self.dirs: list[str] = []
        self.version = self.browser.version if self.browser else "?"  # else known at the first new()

    def new(self, service_workers: str):
        if self.browser:
            return self.browser.new_context(service_workers=service_workers)
        self.dirs.append(tempfile.mkdtemp(prefix="elo-bench-profile-"))
        context = self.playwright.chromium.launch_persistent_context(
            self.dirs[-1], service_workers=service_workers, **self.kw)
        self.version = context.browser.version if context.browser else self.version
        return context

    def close(self):
        if self.browser:
            self.browser.close()
        for d in self.dirs:
            shutil.rmtree(d, ignore_errors=True)


def visit(context, url: str, dwell_s: float = 0, timeout_ms: int = 90_000, network: str = "none") -> dict:
    """Open url in a new tab; seconds from navigation start to the result on screen.

    dwell_s: stay that long after the result (a person reading it) before returning.
    """
    page = context.new_page()
    emulate(context, page, network)
    page.add_init_script(PROBE)
    with page.expect_console_message(lambda m: m.text.startswith("elo-bench:"), timeout=timeout_ms) as message:
        page.goto(url, wait_until="commit")
    data = json.loads(message.value.text[len("elo-bench:"):])
    first_paint = data["firstPaint"] or 0
    after = [d for start, d in data["longtasks"] if start + d > first_paint]
    marks = worker_marks(page)
    if dwell_s:
        page.wait_for_timeout(dwell_s * 1000)
    return {"page": page, "seconds": data["result"] / 1000, "marks": marks,
            "longtasks": len(after), "longest_ms": max(after, default=0.0)}


def worker_marks(page) -> dict[str, float]:
    """The site's worker's "elo:*" marks (worker.js), as ms since the page's navigation."""
    for worker in page.workers:
        try:
            origin, marks = worker.evaluate("""() => [performance.timeOrigin, performance.getEntriesByType("mark")
                .filter((m) => m.name.startsWith("elo:")).map((m) => [m.name.slice(4), m.startTime])]""")
        except Exception:
            continue
        if marks:
            offset = origin - page.evaluate("performance.timeOrigin")
            return {"worker": offset, **{name: offset + t for name, t in marks}}
    return {}


def wait_for_sw(page, timeout_s: float = 120) -> bool:
    """Wait until sw.js controls the origin with a complete precache (next visit is offline-able)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            return !!(r && r.active && r.active.state === "activated");
        }"""):
            return True
        time.sleep(0.2)
    return False


def wait_for_primer(page, timeout_s: float = 30) -> float | None:
    """ms after navigation when the page's code-cache primer was done (app.js), None if it failed.

    It runs on a build's first visit once the service worker controls the page, or once the
    page finds it has none; the repeat visit is measured after it (and, served by sw.js,
    after the service worker's activation).
    """
    try:
        page.wait_for_function("() => performance.getEntriesByName('elo:primed').length"
                               " + performance.getEntriesByName('elo:primer-failed').length > 0",
                               timeout=timeout_s * 1000)
    except Exception:
        return None
    return page.evaluate("performance.getEntriesByName('elo:primed')[0]?.startTime ?? null")


# Drops the page's answers-ahead lists (app.js) before they reach the worker, so that every
# keystroke is asked of the worker, as one that was not foreseen is.
NO_AHEAD = """
(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.ahead) return;
    return post.call(this, message, ...rest);
  };
})();
"""


def keystrokes(context, url: str, count: int, ahead: bool = True) -> list[float]:
    """ms from each keystroke's input event to the last DOM change it causes (30 games).

    Typing starts 0.3 s after the result is on screen: on a first visit, while the
    worker still warms up its interpreter (see worker.js) and V8 still optimises it;
    on a later visit, with what the first one left in the profile (V8's code cache).
    The keys (Backspace, a digit) are ones the page foresees and asks the worker to answer
    ahead (app.js): those answered by then are shown at once, the others asked as usual (on
    a first visit the list may not be done when the next key comes). With ahead=False the
    lists never reach the worker, and every keystroke is asked of it, as any keystroke the
    page did not foresee (a letter, a paste) is.
    """
    games = ",".join(f"{1650 + 10 * i}:{(1, 0.5, 0)[i % 3]}" for i in range(30))
    page = context.new_page()
    if not ahead:
        page.add_init_script(NO_AHEAD)
    page.goto(f"{url}?rating=1800&k=20&rules=2025-10-01&games={games}")
    page.wait_for_function("() => document.body.classList.contains('engine-ready')"
                           " && document.querySelectorAll('[data-testid=game-row]').length === 30"
                           " && /\\d/.test(document.querySelector('[data-testid=new-rating]').textContent)",
                           timeout=90_000)
    page.evaluate("""() => {
        window.__keys = [];
        document.addEventListener("input", (e) => window.__keys.push({ t0: e.timeStamp, last: null }), true);
        new MutationObserver(() => {
            const k = window.__keys[window.__keys.length - 1];
            if (k) k.last = performance.now();
        }).observe(document.getElementById("results"), { subtree: true, childList: true, characterData: true, attributes: true });
        const rows = document.getElementById("game-rows");
        new MutationObserver(() => {
            const k = window.__keys[window.__keys.length - 1];
            if (k) k.last = performance.now();
        }).observe(rows, { subtree: true, childList: true, characterData: true });
    }""")
    page.click("#rating")
    page.keyboard.press("End")
    page.wait_for_timeout(300)
    for i in range(count):
        # Alternate: drop the last digit (1800 -> 180: an error shown), type one back.
        page.keyboard.press("Backspace" if i % 2 == 0 else str((i // 2) % 10))
        page.wait_for_timeout(150)  # settle: every answer is in, the next key is a new event
    keys = page.evaluate("window.__keys")
    page.close()
    return [k["last"] - k["t0"] for k in keys if k["last"] is not None]


class Bytes:
    """Bytes received per cold visit (bodies as sent + headers), by the page and its workers."""

    def __init__(self, context):
        self.items: list[tuple[str, int, int]] = []
        context.on("requestfinished", self._done)

    def _done(self, request):
        try:
            sizes = request.sizes()
            response = request.response()
            status = response.status if response else 0
            self.items.append((request.url, status, sizes["responseBodySize"] + sizes["responseHeadersSize"]))
        except Exception:
            pass

    def total(self) -> int:
        return sum(n for _, _, n in self.items)


def gz_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


def stats(values: list[float]) -> str:
    if not values:
        return "n/a"
    med = statistics.median(values)
    return f"{med:6.3f} s  [{min(values):.3f} – {max(values):.3f}]"


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, max(0, round(p / 100 * (len(v) - 1))))] if v else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5, help="rounds (cold, repeat and repeat 2 visits of each page)")
    ap.add_argument("--keys", type=int, default=40, help="keystrokes to time")
    ap.add_argument("--key-visits", type=int, default=3,
                    help="fresh profiles whose first and next visit each time --keys keystrokes")
    ap.add_argument("--dwell", type=float, default=3.0,
                    help="seconds each cold and repeat visit stays open after its result (a person "
                         "reading it; the page keeps what the next visit needs meanwhile)")
    ap.add_argument("--profile", choices=("disk", "incognito"), default="disk",
                    help="browser profiles: on disk, as a person's browser (default), or in memory")
    ap.add_argument("--json", type=Path, help="also write the raw figures here")
    ap.add_argument("--network", choices=list(NETWORKS), default="none",
                    help="Chromium's network emulation of every visit (bench/netem.py); with fast4g or slow4g the "
                         "site is served gzip as GitHub Pages does (first visits alone: bench/network.py)")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    build = load_build()
    tmp = Path(tempfile.mkdtemp(prefix="elo-bench-"))
    try:
        site = build.build(tmp / "dist")
        info = json.loads((site / "build.json").read_text())
        (site / "bench").mkdir()
        shutil.copy2(HERE / "baseline.html", site / "bench" / "baseline.html")
        baseline_wheel(site / "bench")
        served = Served(site, handler_class=Handler if args.network == "none" else PagesHandler)
        base = served.url
        urls = {"baseline": base + "bench/baseline.html", "site": base + SITE_QUERY}

        runs = {k: [] for k in ("baseline cold", "baseline repeat", "baseline repeat 2",
                                "site cold", "site repeat (HTTP cache)", "site repeat 2 (HTTP cache)",
                                "site+sw cold", "site+sw repeat (SW)", "site+sw repeat 2 (SW)")}
        longtasks, byte_counts, repeat_marks = {"cold": [], "repeat": []}, {}, []
        # one list of keystrokes per profile
        keys = {"first visit": [], "next visit": [], "first visit, page registers sw.js": [],
                "first visit, answers ahead blocked (each keystroke asks the worker)": []}
        primed = {"site": [], "site+sw": []}  # cold visits: when the code-cache primer was done (ms), or None
        with sync_playwright() as p:
            profiles = Profiles(p, args.profile)
            print(f"{args.profile} profiles; {args.n} rounds", flush=True)
            for r in range(args.n):
                order = [("baseline", "baseline", "allow"), ("site", "site", "block"), ("site+sw", "site", "allow")]
                if r % 2:
                    order.reverse()
                for label, which, sw in order:
                    context = profiles.new(service_workers=sw)
                    counter = Bytes(context) if r == 0 else None
                    cold = visit(context, urls[which], dwell_s=args.dwell, network=args.network)
                    runs[f"{label} cold"].append(cold["seconds"])
                    if which == "site":
                        longtasks["cold"].append((cold["longtasks"], cold["longest_ms"]))
                    if label == "site+sw":
                        ok = wait_for_sw(cold["page"])
                        if not ok:
                            print("  (service worker did not activate; repeat is HTTP-cache only)")
                        primed[label].append(wait_for_primer(cold["page"]) if ok else None)
                    elif label == "site":
                        primed[label].append(wait_for_primer(cold["page"]))
                    if counter:
                        cold["page"].wait_for_timeout(500)
                        byte_counts[label] = (counter.total(), list(counter.items))
                    cold["page"].close()
                    how = {"baseline": "", "site": " (HTTP cache)", "site+sw": " (SW)"}[label]
                    for nth in ("", " 2"):
                        repeat = visit(context, urls[which], dwell_s=args.dwell if not nth else 0, network=args.network)
                        runs[f"{label} repeat{nth}{how}"].append(repeat["seconds"])
                        if which == "site":
                            longtasks["repeat"].append((repeat["longtasks"], repeat["longest_ms"]))
                        if label == "site" and not nth:
                            repeat_marks.append(repeat["marks"])
                        repeat["page"].close()
                    context.close()
                print(f"  round {r + 1}: " + ", ".join(f"{k} {v[-1]:.2f}" for k, v in runs.items() if v), flush=True)
            for _ in range(args.key_visits):
                context = profiles.new(service_workers="block")
                for which in ("first visit", "next visit"):
                    keys[which].append(keystrokes(context, base, args.keys))
                context.close()
                context = profiles.new(service_workers="allow")
                keys["first visit, page registers sw.js"].append(keystrokes(context, base, args.keys))
                context.close()
                context = profiles.new(service_workers="block")
                keys["first visit, answers ahead blocked (each keystroke asks the worker)"].append(
                    keystrokes(context, base, args.keys, ahead=False))
                context.close()
            profiles.close()
        served.close()

        # ---- report ----
        med = {k: statistics.median(v) for k, v in runs.items() if v}
        print()
        print(f"Chromium {profiles.version}")
        print(f"{'figure':32} {'median':>8}   [min – max], n={args.n}")
        for k, v in runs.items():
            print(f"{k:32} {stats(v)}")
        print()
        print("ratios to the baseline page (same run):")
        for k, base_key, goal in (("site cold", "baseline cold", "cold"),
                                  ("site+sw cold", "baseline cold", "cold"),
                                  ("site repeat (HTTP cache)", "baseline repeat", "repeat"),
                                  ("site+sw repeat (SW)", "baseline repeat", "repeat"),
                                  ("site repeat 2 (HTTP cache)", "baseline repeat 2", None),
                                  ("site+sw repeat 2 (SW)", "baseline repeat 2", None)):
            ratio = med[k] / med[base_key]
            verdict = f"  (goal ≤ {GOALS[goal]} x: {'met' if ratio <= GOALS[goal] else 'NOT met'})" if goal else ""
            print(f"  {k:30} {ratio:5.2f} x{verdict}")
        for kind, visits in longtasks.items():
            hit = [m for c, m in visits if c]
            print(f"main-thread long tasks after first paint (site, {kind} visits): {sum(c for c, _ in visits)} "
                  f"in {len(hit)} of {len(visits)} visits, longest {max(hit, default=0):.0f} ms (goal: none)")
        for label, times in primed.items():
            done = [t for t in times if t is not None]
            if times:
                print(f"code-cache primer done ({label} cold visits, waited for): {len(done)} of {len(times)}, "
                      f"median {statistics.median(done) / 1000 if done else float('nan'):.2f} s after navigation")
        names = [n for n in ("worker", "build", "snapshot", "wasm", "runtime", "restored", "ready") if all(n in m for m in repeat_marks)]
        if repeat_marks and names:
            print("where a repeat visit's time goes (site, HTTP cache; ms after navigation, median): "
                  + ", ".join(f"{n} {statistics.median(m[n] for m in repeat_marks):.0f}" for n in names))
        for which, visits in keys.items():
            ks = [k for one in visits for k in one]
            p95 = pct(ks, 95)
            print(f"keystroke -> last DOM change, 30 games, {which}, {len(visits)} profiles, n={len(ks)}: "
                  f"p50 {pct(ks, 50):.1f} ms, p95 {p95:.1f} ms (goal ≤ 16: {'met' if p95 <= 16 else 'NOT met'}), "
                  f"max {max(ks, default=float('nan')):.1f} ms; p95 of each profile: "
                  + " ".join(f"{pct(one, 95):.1f}" for one in visits))
            for one in visits:
                print(f"    in order: {' '.join(f'{k:.0f}' for k in one)}")
        print()
        print("bytes received on a cold visit (this server sends no Content-Encoding):")
        for label, (total, items) in byte_counts.items():
            print(f"  {label:10} {total / 1e6:6.2f} MB in {len(items)} responses")
        snap = info.get("snapshot")
        files = {"pyodide.asm.wasm": site / "pyodide/pyodide.asm.wasm",
                 "python_stdlib.zip": site / "pyodide/python_stdlib.zip",
                 "pyodide.asm.mjs": site / "pyodide/pyodide.asm.mjs",
                 "pyodide-lock.json": site / "pyodide/pyodide-lock.json"}
        print("  largest files, as stored / gzip -6 (what a host compressing them would send):")
        for name, path in files.items():
            print(f"    {name:20} {path.stat().st_size / 1e6:6.2f} MB / {gz_size(path) / 1e6:5.2f} MB")
        if snap:
            print(f"    {'snapshot (gzip file)':20} {snap['gzip_bytes'] / 1e6:6.2f} MB  "
                  f"(raw {snap['bytes'] / 1e6:.2f} MB, inflated in the worker with DecompressionStream)")
        if args.json:
            args.json.write_text(json.dumps({
                "runs": runs, "keys_ms": keys, "longtasks": longtasks, "repeat_marks": repeat_marks, "primed": primed,
                "bytes": {k: v[0] for k, v in byte_counts.items()},
                "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
            }, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
