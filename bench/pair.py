#!/usr/bin/env python3
"""Two builds of the site side by side: a cold visit, then a repeat visit, of each, interleaved.

    python bench/pair.py 0b118bc                    # that commit's build against the working tree's
    python bench/pair.py 0b118bc -n 8 --network fast4g --http 2
    python bench/pair.py 0b118bc --sw                 # the repeat visit served by sw.js
    python bench/pair.py /tmp/dist-copy --sw          # a built folder (say, an edited copy of dist/)
    python bench/pair.py 0b4c48a --against 4e10728    # two commits (the tree may hold others' work)

The way to tell whether a change made a start quicker on this shared, noisy machine: both builds
are measured in one run, round after round, in fresh profiles (no service worker, or with --sw the
page's own; the repeat visit after the code-cache primer, from the HTTP cache or served by sw.js). Per visit: navigation -> the first frame
showing the result, and the worker's marks (wasm compiled, runtime up, ready). The other commit
is built from a git worktree; a folder holding a build.json is measured as it is. Timings are information, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from netem import NETWORKS, emulate  # noqa: E402
from visits import PROBE, ROOT, SITE_QUERY, Profiles, load_build, wait_for_primer, wait_for_sw, worker_marks  # noqa: E402

from devkit.h2server import ServedH2  # noqa: E402
from devkit.server import PagesHandler, Served  # noqa: E402


def build_commit(commit: str, out: Path) -> Path:
    """dist/ of ``commit``, built in a git worktree (sharing this checkout's node_modules)."""
    tree = out / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "-f", str(tree), commit], cwd=ROOT, check=True, capture_output=True)
    (tree / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run([sys.executable, "-c", f"import build; from pathlib import Path; build.build(Path({str(out / 'dist')!r}))"],
                   cwd=tree, check=True)
    subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True, capture_output=True)
    return out / "dist"


def visit(context, url: str, network: str) -> dict:
    page = context.new_page()
    emulate(context, page, network)
    page.add_init_script(PROBE)
    with page.expect_console_message(lambda m: m.text.startswith("elo-bench:"), timeout=300_000) as message:
        page.goto(url, wait_until="commit")
    marks = worker_marks(page) or {}
    return {"page": page, "result": json.loads(message.value.text[len("elo-bench:"):])["result"],
            **{k: marks.get(k) for k in ("worker", "wasm", "runtime", "ready")}}


def summary(visits: list[dict]) -> str:
    """The first result's median [min–max], and the medians of the worker's start (its time origin),
    its marks and gaps."""
    results = [v["result"] for v in visits]
    line = f"first result {statistics.median(results):7.0f} [{min(results):.0f}–{max(results):.0f}]"
    marked = [v for v in visits if None not in (v["wasm"], v["runtime"], v["ready"])]
    if marked:
        started = [v["worker"] for v in marked if v["worker"] is not None]
        line += f"   worker {statistics.median(started):4.0f}," if started else ""
        line += (f"   wasm {statistics.median(v['wasm'] for v in marked):6.0f}, runtime +"
                 f"{statistics.median(v['runtime'] - v['wasm'] for v in marked):4.0f}, ready +"
                 f"{statistics.median(v['ready'] - v['runtime'] for v in marked):4.0f}")
    return line


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("commit", help="the other build: a commit of this repository, or a built folder")
    ap.add_argument("--against", help="in place of this tree's build: a commit, or a built folder")
    ap.add_argument("-n", type=int, default=6, help="rounds")
    ap.add_argument("--network", choices=list(NETWORKS), default="none")
    ap.add_argument("--http", choices=("1.1", "2"), default="1.1")
    ap.add_argument("--sw", action="store_true", help="let the page register sw.js: the repeat visit is served by it")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="elo-pair-"))
    try:
        def built(what: str, where: str) -> Path:
            folder = Path(what)
            return folder if (folder / "build.json").is_file() else build_commit(what, tmp / where)

        dists = {args.commit: built(args.commit, "other"),
                 args.against or "this tree": built(args.against, "this") if args.against else load_build().build(tmp / "this")}
        servers = {name: ServedH2(d) if args.http == "2" else Served(d, handler_class=PagesHandler) for name, d in dists.items()}
        trusted = [a.split("=", 1)[1] for s in servers.values() for a in getattr(s, "chromium_args", ())]
        runs: dict[str, list[dict]] = {name: [] for name in servers}
        with sync_playwright() as p:
            profiles = Profiles(p, "disk", (f"--ignore-certificate-errors-spki-list={','.join(trusted)}",) if trusted else ())
            for r in range(args.n):
                for name in (list(servers) if r % 2 == 0 else list(servers)[::-1]):
                    context = profiles.new(service_workers="allow" if args.sw else "block")
                    cold = visit(context, servers[name].url + SITE_QUERY, args.network)
                    if args.sw and not wait_for_sw(cold["page"]):
                        print(f"  ({name}: sw.js did not activate; its repeat is from the HTTP cache)")
                    wait_for_primer(cold["page"])
                    cold["page"].close()
                    repeat = visit(context, servers[name].url + SITE_QUERY, args.network)
                    context.close()
                    runs[name].append({"cold": cold, "repeat": repeat})
                print(f"  round {r + 1}: " + ", ".join(f"{k} {v[-1]['cold']['result'] / 1000:.2f} / {v[-1]['repeat']['result'] / 1000:.2f} s"
                                                       for k, v in runs.items()), flush=True)
            version = profiles.version
            profiles.close()
        for server in servers.values():
            server.close()
        print(f"\nChromium {version}, network {args.network}, HTTP/{args.http}, {'sw.js' if args.sw else 'no sw.js'}, "
              f"n={args.n}, medians in ms")
        for name, visits in runs.items():
            for kind in ("cold", "repeat"):
                print(f"{name:>12} {kind:6} {summary([x[kind] for x in visits])}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
