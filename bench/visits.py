"""What the start-up benchmarks share: the visit (its probe, profiles, marks), keystroke timing
and byte counts. bench/startup.py, bench/network.py and bench/tiering.py run them."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import struct
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from netem import emulate  # noqa: E402

from devkit import chromium  # noqa: E402

EXPECTED = "1811"
SITE_QUERY = "?rating=1800&k=20&games=1750:1,1900:0.5&rules=2025-10-01"

# Runs before any page script: records when the result is first on screen (polled
# once per animation frame, so the time is that of a frame that shows it), first paint,
# the main thread's long tasks and the long animation frames that hold them (what ran:
# scripts, style and layout), and reports them half a second after the result through
# the console. Playwright is never asked to evaluate anything in the page
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
  const frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        frames.push({ start: e.startTime, end: e.startTime + e.duration,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((s) => ({ what: [(s.sourceURL || "").split("/").pop(), s.sourceFunctionName, `(${s.invokerType})`]
            .filter(Boolean).join(" "),
            ms: s.duration, forcedLayout: s.forcedStyleAndLayoutDuration })) });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch (e) {}
  const report = (result) => {
    const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-paint");
    console.log("elo-bench:" + JSON.stringify({ result, firstPaint: paint ? paint.startTime : null, longtasks, frames }));
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

    def __init__(self, playwright, kind: str, args: tuple[str, ...] = ()):
        self.playwright, self.kind = playwright, kind
        self.kw = launch_args(playwright)
        self.kw["args"] = [*self.kw["args"], *args]
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
    after = [(start, d) for start, d in data["longtasks"] if start + d > first_paint]
    marks = worker_marks(page)
    if dwell_s:
        page.wait_for_timeout(dwell_s * 1000)
    return {"page": page, "seconds": data["result"] / 1000, "marks": marks,
            "longtasks": len(after), "longest_ms": max((d for _, d in after), default=0.0),
            "longest": attribute(max(after, key=lambda t: t[1]), data) if after else None}


def attribute(task: tuple[float, float], data: dict) -> str:
    """What a long task was, in words: when (after navigation, and against the result) and what
    ran in the long animation frame that holds it (Chromium's scripts, style and layout)."""
    start, ms = task
    when = f"{ms:.0f} ms at {start:.0f} ms ({start - data['result']:+.0f} ms from the result)"

    def overlap(frame: dict) -> float:
        return min(frame["end"], start + ms) - max(frame["start"], start)

    frame = max(data.get("frames", []), key=overlap, default=None)
    if not frame or overlap(frame) <= 0:
        return f"{when}: no long animation frame holds it"
    parts = [f"{s['what'].strip()} {s['ms']:.0f} ms" + (f" (forced layout {s['forcedLayout']:.0f})" if s["forcedLayout"] >= 1 else "")
             for s in sorted(frame["scripts"], key=lambda s: -s["ms"])[:3]]
    parts.append(f"style and layout {frame['layout']:.0f} ms")
    return f"{when}: " + "; ".join(parts)


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


def descendants(root: int) -> set[int]:
    """The processes started by `root`, and theirs (the browsers this bench launched)."""
    parent = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent[int(entry)] = int(Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, up in parent.items() if up in frontier}
        found |= frontier
    return found


SCHED_DEADLINE = 6


def _share_of_a_core(tid: int, rate: float, period_ns: int = 1_000_000) -> None:
    """Linux SCHED_DEADLINE: thread `tid` runs at most 1/rate of each millisecond (a CPU `rate`
    times slower, in slices as fine as Chromium's own throttling). Needs CAP_SYS_NICE."""
    libc = ctypes.CDLL(None, use_errno=True)
    # struct sched_attr: size, policy, flags, nice, priority, runtime, deadline, period
    attr = struct.pack("IIQiIQQQ", 48, SCHED_DEADLINE, 0, 0, 0, int(period_ns / rate), period_ns, period_ns)
    if libc.syscall(314, tid, ctypes.create_string_buffer(attr), 0) != 0:  # 314: sched_setattr on x86-64
        raise OSError(ctypes.get_errno(), f"sched_setattr of thread {tid} failed")


def throttle_cpu(context, page, rate: float) -> None:
    """A CPU `rate` times slower for the page's main thread: Chromium's own throttling
    (Emulation.setCPUThrottlingRate, DevTools' "4x slowdown"). Set before the page loads."""
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def throttle_workers(rate: float, timeout_s: float = 20) -> int:
    """The same slowdown for the dedicated workers' threads (Chromium's "DedicatedWorker" threads)
    of the browsers this process launched: Chromium refuses its throttling for a worker ("Operation
    is only supported for pages, not workers"), and unthrottled, the worker's Python would run at
    full speed beside a throttled page. Waits for at least one; returns how many were throttled.
    A worker started later (a restart, the primer) is not throttled."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        tids = []
        for pid in descendants(os.getpid()):
            try:
                tids += [int(t) for t in os.listdir(f"/proc/{pid}/task")
                         if Path(f"/proc/{pid}/task/{t}/comm").read_text().strip() == "DedicatedWorker"
                         and os.sched_getscheduler(int(t)) != SCHED_DEADLINE]  # not an earlier page's
            except OSError:
                pass
        if tids:
            for tid in tids:
                _share_of_a_core(tid, rate)
            return len(tids)
        time.sleep(0.02)
    raise RuntimeError("no dedicated worker thread to throttle")


def keystrokes(context, url: str, count: int, cpu_throttle: float | None = None,
               worker_throttle: float | None = None) -> list[float]:
    """ms from each keystroke's input event to the last DOM change it causes (30 games).

    Typing starts 0.3 s after the result is on screen: on a first visit, while the
    worker still warms up its interpreter (see worker.js) and V8 still optimises it;
    on a later visit, with what the first one left in the profile (V8's code cache).
    Each keystroke is asked of the worker. cpu_throttle: a CPU that many times slower for
    the page (throttle_cpu) and, from just after the page loaded, its worker (throttle_workers;
    worker_throttle, when given, instead: 1 leaves the worker at full speed, as Chromium's own
    throttling does), as a mid-range phone's (4). A keystroke whose answer came only after the next key is not counted
    (the list is then shorter than `count`).
    """
    games = ",".join(f"{1650 + 10 * i}:{(1, 0.5, 0)[i % 3]}" for i in range(30))
    page = context.new_page()
    if cpu_throttle:
        throttle_cpu(context, page, cpu_throttle)
    page.goto(f"{url}?rating=1800&k=20&rules=2025-10-01&games={games}", wait_until="commit")
    worker_throttle = worker_throttle or cpu_throttle
    if worker_throttle and worker_throttle != 1:
        throttle_workers(worker_throttle)
    page.wait_for_function("() => document.body.classList.contains('engine-ready')"
                           " && document.querySelectorAll('[data-testid=game-row]').length === 30"
                           " && /\\d/.test(document.querySelector('[data-testid=new-rating]').textContent)",
                           timeout=180_000)
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
