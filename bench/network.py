#!/usr/bin/env python3
"""First visits over a phone's network: the site against the plain Pyodide page, and the embed.

    python bench/network.py                      # fast 4G, 3 rounds, HTTP/2
    python bench/network.py --network slow4g -n 2
    python bench/network.py --http 1.1           # as the runs before 2026-12-02, 17 h

Serves the built site as GitHub Pages does (gzip Content-Encoding for text, JSON and wasm, each
file compressed once as a CDN keeps it; over HTTP/2 with TLS: devkit.h2server, or HTTP/1.1:
devkit.server.PagesHandler) and drives headless Chromium with its network emulation
(NETWORKS, applied to the page and to its workers). Each round, interleaved: a cold visit of
the plain page (bench/baseline.html: Pyodide + micropip + a one-module wheel) and one of the
site, each in a fresh profile, then the embed in a frame of a page on another origin. Per visit:
navigation -> the first frame showing the result, the bytes of the requests that finished
before it, and the bytes of the visit's first --window seconds (offline copies included). The
embed reports what it asked for (sw.js, worker starts). Timings are information, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from netem import NETWORKS, emulate  # noqa: E402
from visits import PROBE, SITE_QUERY, Profiles, baseline_wheel, load_build  # noqa: E402

from devkit.h2server import ServedH2  # noqa: E402
from devkit.server import COMPRESSED_TYPES, MIME_TYPES, PagesHandler, Served, gzipped  # noqa: E402

EMBED_HOST = """<!doctype html><html><head><meta charset="utf-8"><title>blog</title></head><body>
<h1>A post</h1><iframe id="calc" src="{src}" style="width:360px;height:700px;border:0"></iframe></body></html>"""


class Sent:
    """Every response of a context: (url, bytes as sent, ms after the page's navigation start)."""

    def __init__(self, context):
        self.items: list[tuple[str, int, float]] = []
        self.start = None
        context.on("requestfinished", self._done)

    def _done(self, request):
        try:
            sizes = request.sizes()
            t = request.timing
            end = t["startTime"] + t["responseEnd"] if t["responseEnd"] >= 0 else time.time() * 1000
            self.items.append((request.url, sizes["responseBodySize"] + sizes["responseHeadersSize"], end))
        except Exception:
            pass

    def before(self, t_ms: float) -> int:
        return sum(n for _, n, end in self.items if end - self.start <= t_ms)

    def by_file(self, t_ms: float) -> dict[str, int]:
        files: dict[str, int] = {}
        for url, n, end in self.items:
            if end - self.start <= t_ms:
                name = url.split("?")[0].rsplit("/", 1)[-1] or "index.html"
                files[name] = files.get(name, 0) + n
        return files


def cold(profiles: Profiles, url: str, network: str, window_s: float) -> dict:
    context = profiles.new(service_workers="allow")
    sent = Sent(context)
    page = context.new_page()
    emulate(context, page, network)
    page.add_init_script(PROBE)
    with page.expect_console_message(lambda m: m.text.startswith("elo-bench:"), timeout=300_000) as message:
        sent.start = time.time() * 1000
        page.goto(url, wait_until="commit")
    sent.start = page.evaluate("performance.timeOrigin")
    result_ms = json.loads(message.value.text[len("elo-bench:"):])["result"]
    page.wait_for_timeout(max(0.0, window_s * 1000 - result_ms))
    out = {"seconds": result_ms / 1000, "before": sent.before(result_ms), "window": sent.before(window_s * 1000),
           "files": sent.by_file(result_ms)}
    context.close()
    return out


def embed(profiles: Profiles, host_url: str, network: str) -> dict:
    context = profiles.new(service_workers="allow")
    sent = Sent(context)
    page = context.new_page()
    emulate(context, page, network)
    sent.start = time.time() * 1000
    page.goto(host_url)
    frame = page.frame_locator("#calc")
    frame.get_by_test_id("new-rating").filter(has_text="1811").wait_for(timeout=300_000)
    page.wait_for_timeout(5000)  # when a full page would register sw.js and start its primer
    urls = [u.split("?")[0] for u, _, _ in sent.items]
    out = {"sw.js": sum(u.endswith("/sw.js") for u in urls), "worker starts": sum(u.endswith("/worker.js") for u in urls),
           "bytes": sum(n for _, n, _ in sent.items)}
    context.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3, help="rounds")
    ap.add_argument("--network", choices=list(NETWORKS), default="fast4g")
    ap.add_argument("--window", type=float, default=30.0, help="seconds of a visit whose bytes are counted")
    ap.add_argument("--http", choices=("2", "1.1"), default="2", help="2 as GitHub Pages; 1.1 queues on six connections")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="elo-net-"))
    try:
        site = load_build().build(tmp / "dist")
        (site / "bench").mkdir()
        shutil.copy2(HERE / "baseline.html", site / "bench" / "baseline.html")
        baseline_wheel(site / "bench")
        host_dir = tmp / "host"
        host_dir.mkdir()
        for f in site.rglob("*"):  # compressed before the first visit, as a CDN has them
            if MIME_TYPES.get(f.suffix, "").startswith(COMPRESSED_TYPES):
                gzipped(f)
        pages = ServedH2(site) if args.http == "2" else Served(site, handler_class=PagesHandler)
        with pages as served, Served(host_dir) as host, sync_playwright() as p:
            (host_dir / "post.html").write_text(EMBED_HOST.format(src=served.url + SITE_QUERY.replace("&", "&amp;") + "&amp;embed=1"))
            urls = {"baseline": served.url + "bench/baseline.html", "site": served.url + SITE_QUERY}
            profiles = Profiles(p, "disk", getattr(pages, "chromium_args", ()))
            runs: dict[str, list[dict]] = {"baseline": [], "site": [], "embed": []}
            for r in range(args.n):
                for which in (("baseline", "site") if r % 2 == 0 else ("site", "baseline")):
                    runs[which].append(cold(profiles, urls[which], args.network, args.window))
                runs["embed"].append(embed(profiles, host.url.replace("127.0.0.1", "localhost") + "post.html", args.network))
                print(f"  round {r + 1}: " + ", ".join(f"{k} {v[-1]['seconds']:.2f} s" for k, v in runs.items() if k != "embed"),
                      flush=True)
            version = profiles.version
            profiles.close()
        med = {k: statistics.median(v["seconds"] for v in runs[k]) for k in ("baseline", "site")}
        print(f"\nChromium {version}, network {args.network} {NETWORKS[args.network]}, gzip as GitHub Pages, "
              f"HTTP/{args.http}, n={args.n}")
        print(f"{'page':9} {'first result (median, [min-max])':34} {'MB before it':>13} {'MB in ' + str(int(args.window)) + ' s':>10}")
        for k in ("baseline", "site"):
            secs = [v["seconds"] for v in runs[k]]
            print(f"{k:9} {med[k]:6.2f} s [{min(secs):.2f} – {max(secs):.2f}]{'':14} "
                  f"{statistics.median(v['before'] for v in runs[k]) / 1e6:10.2f} {statistics.median(v['window'] for v in runs[k]) / 1e6:10.2f}")
        print(f"site / baseline: {med['site'] / med['baseline']:.2f} x")
        last = runs["site"][-1]["files"]
        print("site, files before the first result (last round, bytes as sent): "
              + ", ".join(f"{name} {n / 1e6:.2f} MB" for name, n in sorted(last.items(), key=lambda kv: -kv[1]) if n > 20_000))
        e = runs["embed"][-1]
        print(f"embed (frame on another origin): sw.js asked {e['sw.js']} times, worker started {e['worker starts']} times, "
              f"{e['bytes'] / 1e6:.2f} MB")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
