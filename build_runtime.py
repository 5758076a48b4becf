"""The Pyodide side of the build (build.py calls it): the runtime's files, its script patched;
the page's library (the standard library cut to what a start and elo_core's answers import,
and elo_core, as bytecode); the memory snapshot of an interpreter with elo_core imported. The last two run the pinned Pyodide under
node, and are cached under .cache/ by everything they depend on.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
WEB = ROOT / "web"

PYODIDE_VERSION = "314.0.7"  # must match package.json / package-lock.json
# Pyodide core only: the loader, the CPython wasm build + its JS glue, the whole standard
# library (the micropip start's), and the lock file (read by the micropip start).
STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, LOCK_FILE)


class BuildError(RuntimeError):
    pass


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

# Memory snapshot of an interpreter with elo_core imported (see snapshot.mjs and
# web/worker/start.js): restoring it skips the interpreter's start-up and elo_core's import.
# Pyodide's API for it is experimental; the worker starts the direct way whenever the kept
# snapshot is damaged or gives a wrong answer.
SNAPSHOT_SCRIPT = ROOT / "snapshot.mjs"
CHECKSUM_SCRIPT = WEB / "worker" / "snapshot.js"  # the kept copy's checksum: snapshot.mjs runs it too
# The request the snapshot answers at build time and the worker again after restoring
# it: the restored interpreter must give exactly the same answer.
SNAPSHOT_CHECK = {"op": "rate", "args": {"rating": "1800", "k": "20",
                                         "games": "1750:1,1900:0.5", "rules": "2025-10-01"}}


def copy_runtime(pyodide_dir: Path, dest: Path) -> None:
    """Pyodide's core files into the new folder `dest`, its runtime script patched, and the wasm
    also in zstd (WASM_ZSTD)."""
    dest.mkdir()
    for name in PYODIDE_CORE:
        shutil.copy2(pyodide_dir / name, dest / name)
    script = dest / RUNTIME_SCRIPT
    script.write_bytes(patch_runtime(script.read_bytes().decode("utf-8")).encode("utf-8"))
    shutil.copy2(pack_wasm(dest / "pyodide.asm.wasm"), dest / WASM_ZSTD)


# The wasm as the worker downloads it (docs/performance.md, "The wasm in zstd"): Pages gzips it,
# zstd at level 22 makes it smaller (the figures: there). The plain one stays for the starts
# that fall back.
WASM_ZSTD = "pyodide.asm.wasm.zst"


def pack_wasm(wasm: Path) -> Path:
    """The wasm in zstd, made once per wasm and encoder (cached: level 22 is slow), checked
    to unpack with the page's decoder."""
    cache = _cache_dir("wasm", file_sha256(wasm).encode(), ZSTD_SCRIPT.read_bytes(), (ROOT / "package-lock.json").read_bytes())
    packed = cache / WASM_ZSTD
    if not packed.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        _node(ZSTD_SCRIPT, "pack", str(wasm), str(cache / "partial"), what="the wasm in zstd")
        (cache / "partial").rename(packed)
    return packed


def patch_runtime(text: str) -> str:
    """Pyodide's runtime script with RUNTIME_PATCHES made; BuildError if one does not apply."""
    for old, new in RUNTIME_PATCHES:
        if (found := text.count(old)) != 1:
            raise BuildError(f"{RUNTIME_SCRIPT}: a patch of build.py matches {found} times, "
                             f"not once (a new Pyodide? see RUNTIME_PATCHES): {old[:60]}...")
        text = text.replace(old, new)
    return text



# The page's library (docs/performance.md, "The page's library"): one zip in place of Pyodide's
# standard library, holding as bytecode the modules of python_stdlib.zip that Pyodide's own start
# and elo_core's answers to LIBRARY_CORPUS["first"] import (found by library.mjs), and elo_core's
# own; a second, the later part, what only LIBRARY_CORPUS["later"] imports. The same corpus
# answered with them alone must give the same answers. What the first lacks is fetched when first
# imported: the later part, or, for a standard module left out, the whole standard library (the
# adapter's `libraryParts`).
LIBRARY_SCRIPT = ROOT / "library.mjs"
ADAPTER = WEB / "worker" / "pyodide-adapter.js"  # snapshot.mjs runs its Python too
ZSTD_SCRIPT = ROOT / "zstd.mjs"  # the library sent in zstd, checked with the page's decoder
_GAMES = [{"opponent": "1750", "score": "1"}, {"opponent": "1900", "score": "0.5"}, {"opponent": "2010", "score": "0"},
          {"opponent": "0", "score": "1"}, {"opponent": "1650", "score": "1"}]
_TRF = "\n".join([
    "012 Corpus Open Rapid", "042 28. 07. 2025", "052 May 29, 2025", "092 Individual: Swiss-System", "122 40/120, 60",
    "001    1 m GM Alpha, Ann                        2500 GER     1234567 1990/01/01  1.5    1     2 w 1     3 b =",
    "001    2 f WIM Beta, Bea                        2200 FRA     2345678 2001/02/03  0.0    3     1 b 0  0000 - -",
    "001    3 m    Gamma, Gus                        0000 ESP     3456789             0.5    2  0000 - +     1 w =",
]) + "\n"
_PGN = ('[Event "Corpus Blitz"]\n[UTCDate "2025.03.04"]\n[White "A, B"]\n[Black "C, D"]\n[Result "1-0"]\n'
        '[WhiteElo "2000"]\n[BlackElo "1900"]\n[TimeControl "180+2"]\n[Variant "Standard"]\n\n1. e4 e5 1-0\n\n'
        '[Event "Corpus Blitz"]\n[Date "2025.??.??"]\n[White "C, D"]\n[Black "A, B"]\n[Result "1/2-1/2"]\n'
        '[WhiteElo "1910"]\n[BlackElo "2010"]\n[TimeControl "10+0.05"]\n[Variant "Chess960"]\n\n1. d4 1/2-1/2\n')
# "first": the page's requests up to its first results (the calculators'); "later": the rest.
LIBRARY_CORPUS: dict[str, list] = {"first": [
    SNAPSHOT_CHECK,
    {"op": "batch", "args": {"requests": [
        {"op": "rate", "args": {"rating": "1800", "k": "20", "method": "fide", "rules": "2025-10-01", "kind": "standard", "games": _GAMES}},
        {"op": "kfactor", "args": {"rating": "1800", "games_played": "12", "birth_year": "2010", "reached_2400": False,
                                   "date": "2025-10-01", "kind": "standard"}},
        {"op": "what_if", "args": {"rating": "1800", "k": "20", "games": _GAMES, "opponent": "1900"}},
        {"op": "score_needed", "args": {"rating": "1800", "k": "20", "games": _GAMES, "target": "1830", "remaining": "1900, 2000"}}]}},
    {"op": "rate", "args": {"rating": "1800", "k": "20", "method": "logistic", "rules": "", "kind": "rapid", "games": _GAMES}},
    {"op": "rate", "args": {"rating": "18o0", "k": "x", "rules": "2021-13-40", "games": [{"opponent": "", "score": "7"}]}},
    {"op": "single", "args": {"rating": "2700", "k": "10", "opponent": "1900", "opponent_k": "40", "rules": "2024-03-01", "kind": "blitz"}},
    {"op": "performance", "args": {"games": _GAMES}}, {"op": "initial", "args": {"games": _GAMES}},
    {"op": "games_text", "args": {"text": "1750 1\n1900 \u00bd; 2010:0\n2100\t="}},
    {"op": "table", "args": {}}, {"op": "curve", "args": {}}, {"op": "ping", "args": {}},
    {"op": "no such operation", "args": {}}, "not JSON",
], "later": [
    {"op": "lichess_settings", "args": {}},
    {"op": "lichess", "args": {"rating": "1500", "deviation": "350", "volatility": None, "days_idle": "3",
                               "opponent": {"rating": "1600", "deviation": "80"}, "speed": "blitz", "variant": "standard",
                               "colour": None, "colour_advantage": True, "gain_factor": None}},
    {"op": "glicko2", "args": {"rating": 1500, "deviation": 200, "volatility": 0.06, "games": [{"rating": 1400, "deviation": 30, "score": 1}]}},
    {"op": "glicko1", "args": {"rating": 1500, "deviation": 200, "games": [{"rating": 1400, "deviation": 30, "score": 1}]}},
    *({"op": op, "args": {"text": text, "norms": True, "details": True}} for op in ("event", "event_csv") for text in (_TRF, _PGN)),
    {"op": "event", "args": {"text": _PGN, "player": "A, B"}},
    {"op": "norm", "args": {"text": _TRF, "player": "1", "find": True}},
]}


def _node(script: Path, *args: str, what: str) -> dict:
    """Runs `node script args`; its last line of output, as JSON."""
    node = shutil.which("node")
    if not node:
        raise BuildError(f"node not found (needed to make {what})")
    try:
        proc = subprocess.run([node, str(script), *args], check=True, capture_output=True, text=True, timeout=300)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        tail = (getattr(e, "stderr", "") or "").strip().splitlines()[-3:]
        raise BuildError(f"{script.name} failed: {' / '.join(tail) or e}") from e
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _cache_dir(kind: str, *parts: bytes) -> Path:
    key = hashlib.sha256(b"\0".join(parts)).hexdigest()[:24]
    here = CACHE / kind
    if here.is_dir():
        for old in sorted(here.iterdir(), key=lambda d: d.stat().st_mtime)[:-4]:
            shutil.rmtree(old, ignore_errors=True)  # keep the last few
    return here / key


def file_sha256(path: Path) -> str:
    """The file's sha256, hex (build.json's digests, the caches' keys)."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _runtime_key(pyodide_dir: Path) -> list[bytes]:
    return [PYODIDE_VERSION.encode(), *(file_sha256(pyodide_dir / f).encode()
                                        for f in ("pyodide.asm.wasm", "pyodide.mjs", RUNTIME_SCRIPT, STDLIB))]


def make_library(pyodide_dir: Path, elo_wheel: Path, out_dir: Path) -> dict:
    """The page's library, written content-addressed into out_dir: build.json's `library` entry
    ({path, bytes, sha256, zstd_bytes, later, whole, left_out}: `path`, the zip in zstd, `bytes` and
    `sha256` the unpacked one's; `later`, the later part, {path, bytes, sha256, names}, `names` the
    top-level names of its files; `whole`, the whole standard library;
    `left_out`, the top-level names of which some module was left out, the only names looked for
    in the whole one)."""
    corpus = json.dumps({part: [r if isinstance(r, str) else json.dumps(r) for r in requests]
                         for part, requests in LIBRARY_CORPUS.items()})
    cache = _cache_dir("library", *_runtime_key(pyodide_dir), file_sha256(elo_wheel).encode(), LIBRARY_SCRIPT.read_bytes(),
                       ADAPTER.read_bytes(), ZSTD_SCRIPT.read_bytes(), (ROOT / "package-lock.json").read_bytes(), corpus.encode())
    cut, packed, later, meta = cache / "library.zip", cache / "library.zip.zst", cache / "later.zip", cache / "library.json"
    if not (cut.is_file() and packed.is_file() and later.is_file() and meta.is_file()):
        with tempfile.TemporaryDirectory(prefix="elo-library-") as tmp:
            requests, made, made_later = Path(tmp) / "corpus.json", Path(tmp) / "library.zip", Path(tmp) / "later.zip"
            requests.write_text(corpus)
            args = (str(pyodide_dir), str(elo_wheel), str(requests))
            used = _node(LIBRARY_SCRIPT, *args, str(made), str(made_later), what="the page's library")
            again = _node(LIBRARY_SCRIPT, *args, "--check", str(made), str(made_later), what="the page's library")
            if again["answers"] != used["answers"]:
                wrong = next(i for i, (a, b) in enumerate(zip(again["answers"], used["answers"])) if a != b)
                raise BuildError(f"with the page's library, request {wrong} of LIBRARY_CORPUS is answered "
                                 f"{again['answers'][wrong][:200]}")
            names = zipfile.ZipFile(pyodide_dir / STDLIB).namelist()
            left_out = sorted({n.split("/")[0].removesuffix(".py") for n in names if n.endswith(".py") and n not in used["files"]})
            later_names = sorted({n.split("/")[0].removesuffix(".pyc") for n in zipfile.ZipFile(made_later).namelist()})
            cache.mkdir(parents=True, exist_ok=True)
            _node(ZSTD_SCRIPT, "pack", str(made), str(packed), what="the page's library in zstd")
            shutil.copy2(made, cut)
            shutil.copy2(made_later, later)
            meta.write_text(json.dumps({"left_out": left_out, "later_names": later_names}) + "\n")
    info = json.loads(meta.read_text())
    # Content-addressed names: never a stale cached copy. The first zip, its entries stored, is
    # sent in zstd (Pages compresses no zip; docs/performance.md, "The library in zstd") and
    # unpacked by the worker: `bytes` and `sha256` are the unpacked zip's, which Python reads and
    # the worker keeps.
    digest, later_digest = file_sha256(cut), file_sha256(later)
    name, later_name = f"library-{digest[:12]}.zip.zst", f"library-later-{later_digest[:12]}.zip"
    shutil.copy2(packed, out_dir / name)
    shutil.copy2(later, out_dir / later_name)
    return {"path": f"pyodide/{name}", "bytes": cut.stat().st_size, "sha256": digest, "zstd_bytes": packed.stat().st_size,
            "later": {"path": f"pyodide/{later_name}", "bytes": later.stat().st_size, "sha256": later_digest, "names": info["later_names"]},
            "whole": f"pyodide/{STDLIB}", "left_out": info["left_out"]}


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


def make_snapshot(pyodide_dir: Path, out_dir: Path, library: dict) -> dict:
    """Snapshot of an initialised interpreter with elo_core imported, gzipped into out_dir, made
    with the page's library (`library`: make_library's entry; the heap holds zipimport's index of
    that zip, so the two go together, and the worker keeps them side by side).

    Returns build.json's "snapshot" entry. Raises BuildError when no usable snapshot can be made.
    """
    check = json.dumps(SNAPSHOT_CHECK, sort_keys=True)
    entry = json.dumps(library, sort_keys=True)
    cache = _cache_dir("snapshots", *_runtime_key(pyodide_dir), SNAPSHOT_SCRIPT.read_bytes(),
                       CHECKSUM_SCRIPT.read_bytes(), ADAPTER.read_bytes(), check.encode(), entry.encode())
    gz, meta = cache / "snapshot.bin.gz", cache / "snapshot.json"
    if not (gz.is_file() and meta.is_file()):
        with tempfile.TemporaryDirectory(prefix="elo-snapshot-") as tmp:
            raw = Path(tmp) / "snapshot.bin"
            zip_path = Path(tmp) / "library.zip"
            _node(ZSTD_SCRIPT, "unpack", str(pyodide_dir.parent / library["path"]), str(zip_path), what="the page's library")
            made = _node(SNAPSHOT_SCRIPT, str(pyodide_dir), str(raw), check, str(zip_path),
                         str(pyodide_dir.parent / library["later"]["path"]), entry, what="the Pyodide snapshot")
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
    info = json.loads(meta.read_text())
    digest = file_sha256(gz)
    name = f"snapshot-{digest[:12]}.bin.gz"  # content-addressed: never a stale cached copy
    shutil.copy2(gz, out_dir / name)
    # A snapshot start installs no package, so the worker gives Pyodide a package index with
    # none: the lock file's `info` alone (Pyodide checks its ABI version). It then need not
    # wait for pyodide-lock.json to download and be read (docs/performance.md).
    lock_info = json.loads((pyodide_dir / LOCK_FILE).read_text("utf-8"))["info"]
    return {"path": f"pyodide/{name}", "gzip_bytes": gz.stat().st_size, "sha256": digest, **info,
            "stdlib": {"bytes": library["bytes"], "sha256": library["sha256"]}, "lock_info": lock_info}
