// The page's Python library (buildkit/library.py, make_library; docs/performance.md, "The page's
// library"): the modules of Pyodide's standard library that a start and elo_core's answers
// import, and elo_core's own, as bytecode compiled by this very runtime, in one zip that stands in
// for the standard library.
//
//   node library.mjs <runtime> <elo_core wheel> <corpus.json> <out zip>
//   node library.mjs <runtime> <elo_core wheel> <corpus.json> --check <library zip>
//
// <runtime>: JSON, {dir, loader, adapter} (buildkit/pyodide.py, node_runtime). <corpus.json>:
// {"requests": [requests], "not_for_the_page": [elo_core's files the page never reads; a name
// ending in "/" is a folder]}. The first starts with the whole standard library, puts elo_core's
// bytecode (from the wheel) on sys.path as a zip of its own, as the page will have it, answers the
// corpus, and writes elo_core's files but those not for the page (its bytecode as the tests run
// it: with docstrings and asserts) and the standard library's modules then imported but the frozen
// ones (optimised: no docstrings, asserts, column positions or line numbers), with its files that
// are not .py; its entries stored, not compressed (the build compresses it whole, zstd.mjs). It
// prints one JSON line, {"answers": [...], "files": [standard library paths used]}. With --check
// it starts with that zip alone (no fallback to the whole library, so a module left out shows in
// an answer), answers the corpus again and prints {"answers": [...]}.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtimeJSON, wheel, corpusFile, ...rest] = process.argv.slice(2);
const runtime = JSON.parse(runtimeJSON);
const check = rest[0] === "--check";
const zip = check ? rest[1] : rest[0];
const { loadPyodide } = await import(pathToFileURL(runtime.loader).href);
const pyodide = await loadPyodide({
  indexURL: runtime.dir + path.sep,
  ...(check && { stdLibURL: path.resolve(zip) }),
  // Bytecode without column positions: smaller, and tracebacks lose only their ^^^ marks
  // (docs/performance.md, "The page's library").
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
pyodide.FS.writeFile("/tmp/elo_core.whl", readFileSync(wheel));
pyodide.FS.writeFile("/tmp/corpus.json", readFileSync(corpusFile));
const out = pyodide.runPython(`
import json, sys, types, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

library = next(p for p in sys.path if p.endswith(".zip"))
DATE = (2020, 1, 1, 0, 0, 0)

def add(zip, name, data, date=DATE):
    zip.writestr(zipfile.ZipInfo(name, date), data, compress_type=zip.compression, compresslevel=9)

def for_the_page(name):
    # The command line's modules, for one, are left out: the page never runs them.
    return not any(name == no or no.endswith("/") and name.startswith(no) for no in corpus["not_for_the_page"])

def one_line(code):
    # Every instruction on the function's first line: line tables weigh, and without sources a
    # traceback shows no line anyway (docs/performance.md, "The page's library"). Entries of kind
    # 13 (no columns), line delta 0, eight code units each at most: CPython's
    # InternalDocs/locations.md.
    table, units = bytearray(), len(code.co_code) // 2
    while units:
        table += bytes([0x80 | 13 << 3 | min(units, 8) - 1, 0])
        units -= min(units, 8)
    consts = tuple(one_line(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def bytecode(source, name, optimize=2):
    code = compile(source, f"{library}/{name}", "exec", optimize=optimize)
    return bytes(_code_to_timestamp_pyc(one_line(code) if optimize == 2 else code))

if not ${check ? "True" : "False"}:
    with zipfile.ZipFile("/tmp/elo_core.whl") as wheel, zipfile.ZipFile("/tmp/elo_core.zip", "w") as own:
        for name in wheel.namelist():
            if name.startswith("elo_core/"):
                data = wheel.read(name)
                add(own, *((name + "c", bytecode(data, name, optimize=0)) if name.endswith(".py") else (name, data)))
    sys.path.insert(0, "/tmp/elo_core.zip")

import elo_core.facade
corpus = json.load(open("/tmp/corpus.json"))
answers = [elo_core.facade.handle(r) for r in corpus["requests"]]
result = {"answers": answers}

def loaded(zip):
    # Frozen modules (os, site, codecs, importlib's bootstrap...) are never read from a zip.
    return {m.__file__[len(zip) + 1:] for m in list(sys.modules.values())
            if (getattr(m, "__file__", None) or "").startswith(zip + "/")
            and getattr(getattr(m, "__spec__", None), "origin", None) != "frozen"}

if ${check ? "True" : "False"}:
    assert elo_core.__file__.startswith(library + "/"), elo_core.__file__
else:
    used = sorted(loaded(library))
    whole = zipfile.ZipFile(library)
    # The entries stored: the build compresses the zip whole, which packs them tighter.
    with zipfile.ZipFile("/tmp/library.zip", "w") as cut, zipfile.ZipFile("/tmp/elo_core.zip") as own:
        for info in whole.infolist():
            if not info.filename.endswith(".py"):
                add(cut, info.filename, whole.read(info.filename), info.date_time)
            elif info.filename in used:
                add(cut, info.filename + "c", bytecode(whole.read(info.filename), info.filename), info.date_time)
        for name in own.namelist():
            if for_the_page(name):
                add(cut, name, own.read(name))
    result["files"] = used
json.dumps(result)
`);
if (!check) writeFileSync(zip, pyodide.FS.readFile("/tmp/library.zip"));
process.stdout.write(out + "\n");
