#!/usr/bin/env python3
"""Build the static site into dist/ and optionally serve it.

    python build.py                 # build dist/
    python build.py --serve         # build, then serve dist/ on http://127.0.0.1:8000/
    python build.py --serve --port 0

Standard library only; shells out to `npm` (Pyodide, pinned by package-lock.json)
and `pip` (micropip wheel, pinned by version + sha256 below; elo_core wheel built
from this repo). Downloads are cached under .cache/ so warm builds are offline.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from devkit.server import serve

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"

PYODIDE_VERSION = "314.0.7"  # must match package.json / package-lock.json
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# Pyodide core only: the loader, the CPython wasm build + its JS glue, the stdlib,
# and the lock file (read by the normal start; a snapshot start gets its `info` from build.json).
STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, LOCK_FILE)

# Edits to Pyodide's runtime script, made as it is copied into dist/ (the snapshot is made
# with the edited script too). Each must match exactly once, or the build fails: a new
# Pyodide needs them looked at again. They make the dynamic linking that every start runs
# cheaper (docs/performance.md, "Cheaper dynamic linking") without changing what it does; in
# particular the function table, whose layout the snapshot's function pointers depend on, is
# filled in the same order.
RUNTIME_SCRIPT = "pyodide.asm.mjs"
RUNTIME_PATCHES = (
    # 1. The global offset table (GOT) gets a WebAssembly.Global for every export of the
    #    main module, thousands more than it imports itself, which only a side module (a
    #    package's .so, none here) would ever ask for. Their values are kept in a Map
    #    instead, and each is made a Global when first asked for. (So the runtime's exported
    #    `Module.GOT` lists them only from then on; nothing in Pyodide 314 reads it.)
    ('var GOT={};var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];if(!rtn){'
     'rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},-1)}',
     'var GOT={};var GOTLazy=new Map;var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];if(!rtn){'
     'rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},'
     'GOTLazy.has(symName)?GOTLazy.get(symName):-1);GOTLazy.delete(symName)}'),
    ('var existingEntry=GOT[symName]&&GOT[symName].value!=-1;',
     'var existingEntry=GOT[symName]?GOT[symName].value!=-1:GOTLazy.has(symName);'),
    ('GOT[symName]??=new WebAssembly.Global({value:"i32",mutable:true});GOT[symName].value=newValue}',
     'if(GOT[symName]){GOT[symName].value=newValue}else{GOTLazy.set(symName,+newValue)}}'),
    # 2. Each JavaScript function the wasm imports through the table is wrapped in a wasm
    #    module of its own; the module depends only on the signature, of which there are far
    #    fewer, so one is compiled per signature and instantiated per function.
    ("var convertJsFunctionToWasm=(func,sig)=>{var bytes=",
     "var wrapperModules=new Map;var convertJsFunctionToWasm=(func,sig)=>{"
     "var module=wrapperModules.get(sig);if(!module){var bytes="),
    ("var module=new WebAssembly.Module(bytes);var instance=",
     "module=new WebAssembly.Module(bytes);wrapperModules.set(sig,module)}var instance="),
)

# Latest micropip that runs on Pyodide 314 (Python 3.14); it vendors `packaging`,
# so nothing else is needed. PyPI's wheel differs byte-wise from the one in
# Pyodide's lock, hence our own checksum.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# Memory snapshot of an interpreter with elo_core imported (see snapshot.mjs and
# web/worker.js): restoring it skips the interpreter's start-up and the micropip install.
# Pyodide's API for it is experimental; the worker falls back to the normal start
# whenever the snapshot is missing, corrupt or gives a wrong answer.
SNAPSHOT_SCRIPT = ROOT / "snapshot.mjs"
CHECKSUM_SCRIPT = WEB / "worker" / "snapshot.js"  # the kept copy's checksum: snapshot.mjs runs it too
# The request the snapshot answers at build time and the worker again after restoring
# it: the restored interpreter must give exactly the same answer.
SNAPSHOT_CHECK = {"op": "rate", "args": {"rating": "1800", "k": "20",
                                         "games": "1750:1,1900:0.5", "rules": "2025-10-01"}}

SERVICE_WORKER = "sw.js"  # stamped with the build hash and file list by build()

# Fixed timestamp so the elo_core wheel (and so build.json's hash) is reproducible.
SOURCE_DATE_EPOCH = "1700000000"

class BuildError(RuntimeError):
    pass


def _run(cmd: list[str], **kw) -> None:
    try:
        subprocess.run(cmd, check=True, **kw)
    except FileNotFoundError as e:
        raise BuildError(f"command not found: {cmd[0]} (is it installed?)") from e
    except subprocess.CalledProcessError as e:
        raise BuildError(f"command failed ({e.returncode}): {' '.join(cmd)}") from e


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def ensure_pyodide() -> Path:
    """`npm ci` (integrity-checked against package-lock.json) unless already installed."""
    pkg = PYODIDE_DIR / "package.json"
    installed = json.loads(pkg.read_text())["version"] if pkg.exists() else None
    if installed != PYODIDE_VERSION:
        print(f"npm ci (pyodide {installed or 'missing'} -> {PYODIDE_VERSION})")
        npm = shutil.which("npm") or "npm"
        _run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT)
        installed = json.loads(pkg.read_text())["version"]
        if installed != PYODIDE_VERSION:
            raise BuildError(
                f"node_modules/pyodide is {installed}, expected {PYODIDE_VERSION}: "
                "package.json/package-lock.json disagree with build.py"
            )
    missing = [f for f in PYODIDE_CORE if not (PYODIDE_DIR / f).is_file()]
    if missing:
        raise BuildError(f"pyodide package lacks core files: {missing}")
    return PYODIDE_DIR


ADAPTER = WEB / "worker" / "pyodide-adapter.js"


def check_adapter(adapter: Path = ADAPTER) -> None:
    """The worker's Pyodide adapter names each Pyodide internal it relies on, for one version:
    building with another Pyodide is refused until someone has looked at them again."""
    found = re.search(r'export const PYODIDE_VERSION = "([^"]+)";', adapter.read_text("utf-8"))
    if not found or found.group(1) != PYODIDE_VERSION:
        raise BuildError(
            f"{adapter.name} is written for Pyodide {found.group(1) if found else '?'}, but build.py "
            f"pins {PYODIDE_VERSION}: check each internal the adapter names against the new Pyodide, then set its "
            "PYODIDE_VERSION")


def copy_runtime(pyodide_dir: Path, dest: Path) -> None:
    """Pyodide's core files into the new folder `dest`, its runtime script patched."""
    dest.mkdir()
    for name in PYODIDE_CORE:
        shutil.copy2(pyodide_dir / name, dest / name)
    script = dest / RUNTIME_SCRIPT
    script.write_bytes(patch_runtime(script.read_bytes().decode("utf-8")).encode("utf-8"))


def patch_runtime(text: str) -> str:
    """Pyodide's runtime script with RUNTIME_PATCHES made; BuildError if one does not apply."""
    for old, new in RUNTIME_PATCHES:
        if (found := text.count(old)) != 1:
            raise BuildError(f"{RUNTIME_SCRIPT}: a patch of build.py matches {found} times, "
                             f"not once (a new Pyodide? see RUNTIME_PATCHES): {old[:60]}...")
        text = text.replace(old, new)
    return text


def ensure_micropip() -> Path:
    """Download the pinned micropip wheel once into .cache/ and verify its sha256."""
    cache = CACHE / "wheels"
    wheel = cache / MICROPIP_WHEEL
    if not wheel.exists():
        cache.mkdir(parents=True, exist_ok=True)
        print(f"pip download micropip=={MICROPIP_VERSION}")
        _run([sys.executable, "-m", "pip", "download", "--quiet",
              "--only-binary=:all:", "--python-version", "3.14", "--no-deps",
              f"micropip=={MICROPIP_VERSION}", "-d", str(cache)])
        if not wheel.exists():
            raise BuildError(f"pip download did not produce {wheel.name}")
    digest = _sha256(wheel)
    if digest != MICROPIP_SHA256:
        wheel.unlink()  # never keep (or ship) an unverified wheel
        raise BuildError(
            f"sha256 mismatch for {MICROPIP_WHEEL}:\n  expected {MICROPIP_SHA256}\n"
            f"  got      {digest}\nRefusing to build. If the pin was changed on "
            "purpose, update MICROPIP_SHA256 in build.py."
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
    _run(cmd, cwd=ROOT, env=env)
    wheels = sorted(out_dir.glob("elo_core-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one elo_core wheel, got {[w.name for w in wheels]}")
    return wheels[0]


def _wasm_initial_memory(wasm: Path) -> int:
    """Initial linear memory (bytes) declared by a wasm binary's memory section.

    Pyodide restores a snapshot into this memory without growing it first, so a
    snapshot of a larger heap fails in the browser with "offset is out of bounds".
    """
    data = wasm.read_bytes()

    def leb(i: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = data[i]
            i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value, i

    if data[:4] != b"\0asm":
        raise BuildError(f"{wasm} is not a WebAssembly binary")
    i = 8
    while i < len(data):
        section = data[i]
        size, start = leb(i + 1)
        if section == 5:  # memory section: count, then flags + initial pages
            _count, j = leb(start)
            pages, _ = leb(j + 1)
            return pages * 65536
        i = start + size
    raise BuildError(f"{wasm} declares no memory of its own")


def make_snapshot(pyodide_dir: Path, elo_wheel: Path, out_dir: Path) -> dict:
    """Snapshot of an initialised interpreter with elo_core imported, gzipped into out_dir.

    Returns build.json's "snapshot" entry, with the size and sha256 of the standard library
    it was made with (its heap holds zipimport's index of that zip, so the two go together;
    the worker keeps them side by side). Cached under .cache/snapshots by everything it
    depends on (runtime and standard library, wheel, script, check request), since making
    one takes ~10 s.
    Raises BuildError when no usable snapshot can be made.
    """
    check = json.dumps(SNAPSHOT_CHECK, sort_keys=True)
    stdlib = {"bytes": (pyodide_dir / STDLIB).stat().st_size, "sha256": _sha256(pyodide_dir / STDLIB)}
    key = hashlib.sha256()
    for part in (PYODIDE_VERSION.encode(), _sha256(pyodide_dir / "pyodide.asm.wasm").encode(),
                 _sha256(pyodide_dir / "pyodide.mjs").encode(), _sha256(pyodide_dir / RUNTIME_SCRIPT).encode(),
                 stdlib["sha256"].encode(),
                 _sha256(elo_wheel).encode(),
                 SNAPSHOT_SCRIPT.read_bytes(), CHECKSUM_SCRIPT.read_bytes(), check.encode()):
        key.update(part + b"\0")
    cache = CACHE / "snapshots" / key.hexdigest()[:24]
    gz, meta = cache / "snapshot.bin.gz", cache / "snapshot.json"
    if not (gz.is_file() and meta.is_file()):
        node = shutil.which("node")
        if not node:
            raise BuildError("node not found (needed to make the Pyodide snapshot)")
        with tempfile.TemporaryDirectory(prefix="elo-snapshot-") as tmp:
            raw = Path(tmp) / "snapshot.bin"
            try:
                proc = subprocess.run(
                    [node, str(SNAPSHOT_SCRIPT), str(pyodide_dir), str(elo_wheel), str(raw), check],
                    check=True, capture_output=True, text=True, timeout=300)
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
                tail = (getattr(e, "stderr", "") or "").strip().splitlines()[-3:]
                raise BuildError(f"snapshot.mjs failed: {' / '.join(tail) or e}") from e
            made = json.loads(proc.stdout.strip().splitlines()[-1])
            data = raw.read_bytes()
        # Header: magic, offset of the heap image, ... (Pyodide's restoreSnapshot).
        heap = len(data) - int.from_bytes(data[4:8], "little")
        limit = _wasm_initial_memory(pyodide_dir / "pyodide.asm.wasm")
        if heap > limit:
            raise BuildError(
                f"snapshot heap is {heap} bytes, more than the runtime's initial memory "
                f"({limit} bytes): the browser would fail to restore it (\"offset is out of "
                "bounds\"). Import less in snapshot.mjs.")
        answer = json.loads(made["response"])
        if not answer.get("ok"):
            raise BuildError(f"the snapshot's interpreter answered the check request with {answer}")
        cache.mkdir(parents=True, exist_ok=True)
        gz.write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
        meta.write_text(json.dumps({
            "bytes": len(data), "heap_bytes": heap, "heap_limit": limit,
            "raw_sha256": hashlib.sha256(data).hexdigest(), "raw_checksum": made["checksum"],
            "check": {"request": check, "response": made["response"]},
        }, indent=2) + "\n")
        for old in sorted((CACHE / "snapshots").iterdir(), key=lambda d: d.stat().st_mtime)[:-4]:
            shutil.rmtree(old, ignore_errors=True)  # keep the last few
    info = json.loads(meta.read_text())
    digest = _sha256(gz)
    name = f"snapshot-{digest[:12]}.bin.gz"  # content-addressed: never a stale cached copy
    shutil.copy2(gz, out_dir / name)
    # A snapshot start installs no package, so the worker gives Pyodide a package index with
    # none: the lock file's `info` alone (Pyodide checks its ABI version). It then need not
    # wait for pyodide-lock.json to download and be read (docs/performance.md).
    lock_info = json.loads((pyodide_dir / LOCK_FILE).read_text("utf-8"))["info"]
    return {"path": f"pyodide/{name}", "gzip_bytes": gz.stat().st_size, "sha256": digest, **info,
            "stdlib": stdlib, "lock_info": lock_info}


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
    check_adapter()
    pyodide_dir = ensure_pyodide()
    micropip = ensure_micropip()

    with tempfile.TemporaryDirectory(prefix="elo-build-") as tmp:
        elo_wheel = build_elo_core(Path(tmp))
        if dist.exists():
            shutil.rmtree(dist)
        shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        (dist / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve files as they are
        copy_runtime(pyodide_dir, dist / "pyodide")
        (dist / "wheels").mkdir()
        shutil.copy2(micropip, dist / "wheels" / micropip.name)
        shutil.copy2(elo_wheel, dist / "wheels" / elo_wheel.name)
        # A site without its snapshot works, but starts the slow way: only when asked for.
        snap = None
        if snapshot and os.environ.get("ELO_SNAPSHOT", "1") != "0":
            try:
                snap = make_snapshot(dist / "pyodide", elo_wheel, dist / "pyodide")
            except BuildError as e:
                raise BuildError(f"no Pyodide snapshot could be made ({e}); build with --no-snapshot "
                                 "(or ELO_SNAPSHOT=0) to ship the slower start on purpose") from e

    # One hash over every path + content: changes whenever anything shipped changes.
    # (The service worker is left out: it is stamped with this hash below.)
    h = hashlib.sha256()
    for p in _files(dist):
        if p.name != SERVICE_WORKER:
            h.update(p.relative_to(dist).as_posix().encode() + b"\0")
            h.update(_sha256(p).encode() + b"\n")
    info = {
        "build": h.hexdigest()[:12],
        "pyodide": PYODIDE_VERSION,
        "micropip": f"wheels/{micropip.name}",
        "elo_core": f"wheels/{elo_wheel.name}",
    }
    if snap:
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
    files = {p.relative_to(dist).as_posix(): _sha256(p) for p in _files(dist)
             if p.name != SERVICE_WORKER and not p.name.startswith(".")}
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
