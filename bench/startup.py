#!/usr/bin/env python3
"""Start-up benchmark: the site against a plain Pyodide page, side by side, in one run.

    python bench/startup.py            # N=5 rounds
    python bench/startup.py -n 9 --keys 60
    python bench/startup.py -n 0 --keys 60 --key-visits 6 --cpu-throttle 4   # keystrokes only, a phone's CPU

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
"repeat" served by sw.js, the repeat visit the site gives every browser that allows service
workers; the repeat from the HTTP cache alone (service workers blocked) is reported beside it,
not judged (docs/performance.md, the goals at its top). The figure is navigation start -> the
first animation frame in which the result (new rating 1811 for rating 1800, K 20, games 1750:1,
1900:0.5) is on screen.
Also: main-thread long tasks after first paint (site; the longest of each visit with what ran
in its long animation frame), keystroke latency with 30 games (input event -> last DOM change
it causes; typed from 0.3 s after the result, on a first visit and on the next visit of the same
profile, in --key-visits fresh profiles with service workers blocked, and on a first visit in as
many profiles where the page registers sw.js (which, with its precache and the code-cache
primer, waits for typing to pause: lifecycle.js): one first visit is a single sample of its
first seconds, when the machine is busiest; the p95 is of all their keystrokes together; with
--cpu-throttle, a CPU that many times slower, for the page (Chromium's throttling) and its
worker (Linux's SCHED_DEADLINE, as Chromium's does not reach workers; --worker-throttle 1
leaves it at full speed); -n 0 times the keystrokes only), when the site's cold visits'
code-cache primer was done (the visit waits for it, and the site+sw one for the service
worker's activation before it, before its tab closes: the repeat visit follows a first visit
that left what it leaves), and the bytes a cold visit transfers.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from netem import NETWORKS  # noqa: E402
from visits import SITE_QUERY, Bytes, Profiles, baseline_wheel, keystrokes, load_build, visit, wait_for_primer, wait_for_sw  # noqa: E402

from devkit.server import Handler, PagesHandler, Served  # noqa: E402

# A first visit is judged on a phone's network (bench/network.py, issue 30); issue 5's localhost cold
# goal gave way to it (docs/performance.md).
GOALS = {"repeat": 0.2}


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
    ap.add_argument("--cpu-throttle", type=float, metavar="RATE",
                    help="keystroke visits only: a CPU RATE times slower for the page and its worker "
                         "(4: a mid-range phone; visits.throttle_cpu, throttle_workers; Linux, root)")
    ap.add_argument("--worker-throttle", type=float, metavar="RATE",
                    help="the worker's slowdown in those visits, if not --cpu-throttle's (1: full speed, "
                         "as with Chromium's throttling alone, which leaves workers alone)")
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
        longtasks, byte_counts = {"cold": [], "repeat": []}, {}
        repeat_marks = {"site": [], "site+sw": []}  # the worker's marks of each first repeat visit
        # one list of keystrokes per profile
        keys = {"first visit": [], "next visit": [], "first visit, page registers sw.js": []}
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
                        longtasks["cold"].append((cold["longtasks"], cold["longest_ms"], cold["longest"]))
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
                            longtasks["repeat"].append((repeat["longtasks"], repeat["longest_ms"], repeat["longest"]))
                        if which == "site" and not nth:
                            repeat_marks[label].append(repeat["marks"])
                        repeat["page"].close()
                    context.close()
                print(f"  round {r + 1}: " + ", ".join(f"{k} {v[-1]:.2f}" for k, v in runs.items() if v), flush=True)
            throttle = {"cpu_throttle": args.cpu_throttle, "worker_throttle": args.worker_throttle}
            for r in range(args.key_visits):
                context = profiles.new(service_workers="block")
                for which in ("first visit", "next visit"):
                    keys[which].append(keystrokes(context, base, args.keys, **throttle))
                context.close()
                context = profiles.new(service_workers="allow")
                keys["first visit, page registers sw.js"].append(keystrokes(context, base, args.keys, **throttle))
                context.close()
                print(f"  keystroke profiles: {r + 1} of {args.key_visits}", flush=True)
            profiles.close()
        served.close()

        # ---- report ----
        med = {k: statistics.median(v) for k, v in runs.items() if v}
        print()
        print(f"Chromium {profiles.version}")
        if args.n:
            report_visits(args, runs, med, longtasks, primed, repeat_marks)
        if args.cpu_throttle:
            worker = args.worker_throttle or args.cpu_throttle
            print(f"keystrokes with the page's CPU {args.cpu_throttle:g}x slower (Chromium's throttling), the worker's "
                  + (f"{worker:g}x (SCHED_DEADLINE):" if worker != 1 else "at full speed:"))
        for which, visits in keys.items():
            ks = [k for one in visits for k in one]
            p95 = pct(ks, 95)
            print(f"keystroke -> last DOM change, 30 games, {which}, {len(visits)} profiles, n={len(ks)} of "
                  f"{len(visits) * args.keys}: p50 {pct(ks, 50):.1f} ms, p95 {p95:.1f} ms "
                  f"(goal ≤ 16: {'met' if p95 <= 16 else 'NOT met'}), "
                  f"max {max(ks, default=float('nan')):.1f} ms; p95 of each profile: "
                  + " ".join(f"{pct(one, 95):.1f}" for one in visits))
            for one in visits:
                print(f"    in order: {' '.join(f'{k:.0f}' for k in one)}")
        if args.n:
            report_bytes(site, info, byte_counts)
        if args.json:
            args.json.write_text(json.dumps({
                "runs": runs, "keys_ms": keys, "longtasks": longtasks, "repeat_marks": repeat_marks, "primed": primed,
                "bytes": {k: v[0] for k, v in byte_counts.items()},
                "cpu_throttle": args.cpu_throttle, "worker_throttle": args.worker_throttle,
                "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
            }, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def report_visits(args, runs, med, longtasks, primed, repeat_marks) -> None:
    print(f"{'figure':32} {'median':>8}   [min – max], n={args.n}")
    for k, v in runs.items():
        print(f"{k:32} {stats(v)}")
    print()
    print("ratios to the baseline page (same run):")
    # `goal`: a key of GOALS, or why a figure beside one is reported, not judged (docstring)
    for k, base_key, goal in (("site cold", "baseline cold", None),
                              ("site+sw cold", "baseline cold", None),
                              ("site repeat (HTTP cache)", "baseline repeat", "service workers blocked"),
                              ("site+sw repeat (SW)", "baseline repeat", "repeat"),
                              ("site repeat 2 (HTTP cache)", "baseline repeat 2", None),
                              ("site+sw repeat 2 (SW)", "baseline repeat 2", None)):
        ratio = med[k] / med[base_key]
        verdict = (f"  (goal ≤ {GOALS[goal]} x: {'met' if ratio <= GOALS[goal] else 'NOT met'})" if goal in GOALS
                   else f"  (reported, not judged: {goal})" if goal else "")
        print(f"  {k:30} {ratio:5.2f} x{verdict}")
    for kind, visits in longtasks.items():
        hit = [m for c, m, _ in visits if c]
        print(f"main-thread long tasks after first paint (site, {kind} visits): {sum(c for c, _, _ in visits)} "
              f"in {len(hit)} of {len(visits)} visits, longest {max(hit, default=0):.0f} ms (goal: none)")
        for _, _, what in visits:
            if what:
                print(f"  the visit's longest: {what}")
    for label, times in primed.items():
        done = [t for t in times if t is not None]
        if times:
            print(f"code-cache primer done ({label} cold visits, waited for): {len(done)} of {len(times)}, "
                  f"median {statistics.median(done) / 1000 if done else float('nan'):.2f} s after navigation")
    for label, how in (("site", "HTTP cache"), ("site+sw", "served by sw.js")):
        marks = repeat_marks[label]
        names = [n for n in ("worker", "build", "snapshot", "wasm", "runtime", "restored", "ready") if all(n in m for m in marks)]
        if marks and names:
            print(f"where a repeat visit's time goes ({how}; ms after navigation, median): "
                  + ", ".join(f"{n} {statistics.median(m[n] for m in marks):.0f}" for n in names))


def report_bytes(site, info, byte_counts) -> None:
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


if __name__ == "__main__":
    sys.exit(main())
