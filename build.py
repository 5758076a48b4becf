#!/usr/bin/env python3
"""Build the static site into dist/ and optionally serve it.

    python build.py                 # build dist/
    python build.py --serve         # build, then serve dist/ on http://127.0.0.1:8000/
    python build.py --serve --port 0

Standard library only; shells out to `npm` (Pyodide, pinned by package-lock.json)
and `pip` (micropip wheel, pinned by version + sha256 in buildkit/pyodide.py; elo_core
wheel built from this repo). Downloads are cached under .cache/ so warm builds are
offline. The steps that know Pyodide are in buildkit/ (its __init__ lists them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from buildkit import pyodide
from buildkit.library import make_library
from buildkit.runtime import copy_runtime
from buildkit.snapshot import make_snapshot
from buildkit.tools import CACHE, ROOT, BuildError, file_sha256, run
from devkit.server import serve

DIST = ROOT / "dist"
WEB = ROOT / "web"  # read when build() runs: a test builds another copy of the page by changing it
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"

SERVICE_WORKER = "sw.js"  # stamped with the build hash and file list by build()

# Fixed timestamp so the elo_core wheel (and so build.json's hash) is reproducible.
SOURCE_DATE_EPOCH = "1700000000"


def _npm_installed(name: str) -> str | None:
    pkg = ROOT / "node_modules" / name / "package.json"
    return json.loads(pkg.read_text())["version"] if pkg.exists() else None


def ensure_pyodide() -> Path:
    """`npm ci` (integrity-checked against package-lock.json) unless package.json's packages are
    installed (Pyodide; fzstd, the worker's zstd decoder; the build's zstd encoder)."""
    pins = json.loads((ROOT / "package.json").read_text())
    wanted = {**pins.get("dependencies", {}), **pins.get("devDependencies", {})}
    stale = [f"{name} {_npm_installed(name) or 'missing'} -> {version}" for name, version in wanted.items()
             if _npm_installed(name) != version]
    if stale:
        print(f"npm ci ({', '.join(stale)})")
        npm = shutil.which("npm") or "npm"
        run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT)
    pyodide.check_installed(PYODIDE_DIR)
    return PYODIDE_DIR


def copy_zstd_decoder(out: Path) -> None:
    """The worker's zstd decoder, npm's fzstd (the page's library comes in zstd: docs/performance.md,
    "The library in zstd"), headed by its version and its licence's copyright line."""
    fzstd = ROOT / "node_modules" / "fzstd"
    notice = next(line for line in (fzstd / "LICENSE").read_text().splitlines() if line.startswith("Copyright"))
    out.write_text(f"// fzstd {_npm_installed('fzstd')}, MIT License, {notice}: https://github.com/101arrowz/fzstd\n"
                   + (fzstd / "esm" / "index.mjs").read_text("utf-8"), "utf-8")


def ensure_micropip() -> Path:
    """Download the pinned micropip wheel once into .cache/ and verify its sha256."""
    cache = CACHE / "wheels"
    wheel = cache / pyodide.MICROPIP_WHEEL
    if not wheel.exists():
        cache.mkdir(parents=True, exist_ok=True)
        print(f"pip download micropip=={pyodide.MICROPIP_VERSION}")
        run([sys.executable, "-m", "pip", "download", "--quiet",
             "--only-binary=:all:", "--python-version", pyodide.PYTHON_VERSION, "--no-deps",
             f"micropip=={pyodide.MICROPIP_VERSION}", "-d", str(cache)])
        if not wheel.exists():
            raise BuildError(f"pip download did not produce {wheel.name}")
    digest = file_sha256(wheel)
    if digest != pyodide.MICROPIP_SHA256:
        wheel.unlink()  # never keep (or ship) an unverified wheel
        raise BuildError(
            f"sha256 mismatch for {pyodide.MICROPIP_WHEEL}:\n  expected {pyodide.MICROPIP_SHA256}\n"
            f"  got      {digest}\nRefusing to build. If the pin was changed on "
            "purpose, update MICROPIP_SHA256 in buildkit/pyodide.py."
        )
    return wheel


def build_elo_core(out_dir: Path) -> Path:
    """Build the elo_core wheel from this repo (offline when flit_core is importable)."""
    cmd = [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--quiet", "-w", str(out_dir)]
    try:
        import flit_core  # noqa: F401  (build backend already here: skip the isolated env)
        cmd.insert(5, "--no-build-isolation")
    except ImportError:
        pass
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
    run(cmd, cwd=ROOT, env=env)
    wheels = sorted(out_dir.glob("elo_core-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one elo_core wheel, got {[w.name for w in wheels]}")
    return wheels[0]


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file())


def build(dist: Path = DIST, snapshot: bool = True) -> Path:
    """Write the whole site to `dist` (removed first) and return it.

    snapshot=False (or ELO_SNAPSHOT=0) leaves the Pyodide memory snapshot out: the
    worker then starts the runtime and installs elo_core with micropip. Otherwise a
    snapshot that cannot be made fails the build.
    """
    t0 = time.monotonic()
    dist = Path(dist).resolve()
    if not WEB.is_dir():
        raise BuildError(f"{WEB} is missing")
    pyodide.check_adapter()
    pyodide_dir = ensure_pyodide()
    micropip = ensure_micropip()

    with tempfile.TemporaryDirectory(prefix="elo-build-") as tmp:
        elo_wheel = build_elo_core(Path(tmp))
        if dist.exists():
            shutil.rmtree(dist)
        shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        (dist / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve files as they are
        copy_runtime(pyodide_dir, dist / "pyodide")
        copy_zstd_decoder(dist / "worker" / "fzstd.mjs")
        (dist / "wheels").mkdir()
        shutil.copy2(micropip, dist / "wheels" / micropip.name)
        shutil.copy2(elo_wheel, dist / "wheels" / elo_wheel.name)
        # A site without its snapshot and library works, but starts the slow way (micropip):
        # only when asked for.
        snap = library = None
        if snapshot and os.environ.get("ELO_SNAPSHOT", "1") != "0":
            try:
                library = make_library(dist / "pyodide", elo_wheel, dist / "pyodide")
                snap = make_snapshot(dist / "pyodide", dist / "pyodide", library)
            except BuildError as e:
                raise BuildError(f"no Pyodide snapshot could be made ({e}); build with --no-snapshot "
                                 "(or ELO_SNAPSHOT=0) to ship the slower start on purpose") from e

    # One hash over every path + content: changes whenever anything shipped changes.
    # (The service worker is left out: it is stamped with this hash below.)
    h = hashlib.sha256()
    for p in _files(dist):
        if p.name != SERVICE_WORKER:
            h.update(p.relative_to(dist).as_posix().encode() + b"\0")
            h.update(file_sha256(p).encode() + b"\n")
    wasm = dist / "pyodide" / pyodide.WASM
    info = {
        "build": h.hexdigest()[:12],
        "pyodide": pyodide.PYODIDE_VERSION,
        "micropip": f"wheels/{micropip.name}",
        "elo_core": f"wheels/{elo_wheel.name}",
        # What a kept copy of the unpacked wasm must be (web/worker.js, KEPT_WASM).
        "wasm": {"path": wasm.relative_to(dist).as_posix(), "bytes": wasm.stat().st_size, "sha256": file_sha256(wasm)},
    }
    if snap:
        info["library"] = library
        info["snapshot"] = snap
    (dist / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    stamp_service_worker(dist, info["build"])

    files = _files(dist)
    total = sum(p.stat().st_size for p in files)
    print(f"built {dist} in {time.monotonic() - t0:.1f}s: {len(files)} files, "
          f"{total / 1e6:.1f} MB, build {info['build']}"
          + (f", snapshot {snap['bytes'] / 2**20:.1f} MiB ({snap['gzip_bytes'] / 2**20:.1f} MiB gzipped)"
             if snap else ", no snapshot"))
    return dist


def stamp_service_worker(dist: Path, build_hash: str) -> None:
    """Write the build hash and every shipped file's sha256 into sw.js (see web/sw.js).

    The browser installs a new service worker only when sw.js changes byte-wise, and
    the worker precaches exactly these files and checks each one against its hash.
    """
    sw = dist / SERVICE_WORKER
    # The wasm in zstd is left out: offline, the worker compiles sw.js's copy of the plain wasm.
    files = {p.relative_to(dist).as_posix(): file_sha256(p) for p in _files(dist)
             if p.name != SERVICE_WORKER and not p.name.startswith(".") and p.name != pyodide.WASM_ZSTD}
    text = sw.read_text("utf-8")
    if "__BUILD__" not in text or "__FILES__" not in text:
        raise BuildError(f"{sw} lacks the __BUILD__ / __FILES__ placeholders")
    sw.write_text(text.replace("__BUILD__", build_hash).replace("__FILES__", json.dumps(files, indent=1)), "utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serve", action="store_true", help="serve dist/ after building")
    ap.add_argument("--port", type=int, default=8000, help="port for --serve (0 = any free)")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="leave out the Pyodide memory snapshot (the site then starts the slow way)")
    args = ap.parse_args(argv)
    try:
        dist = build(snapshot=not args.no_snapshot)
    except BuildError as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    if args.serve:
        server = serve(dist, port=args.port)
        host, port = server.server_address[:2]
        print(f"serving {dist} at http://{host}:{port}/  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
