// Makes the memory snapshot of an initialised interpreter that web/worker.js restores
// (see build.py: make_snapshot). Run by build.py with the pinned npm Pyodide as shipped in
// dist/ (its runtime script patched, see RUNTIME_PATCHES):
//
//   node snapshot.mjs <pyodide dir> <elo_core wheel> <out file> <reference request JSON>
//
// The interpreter must not hold any JavaScript object when the snapshot is taken
// ("Unexpected hiwire entry"), so elo_core goes in by unzipping its wheel with
// Python's zipfile (no loadPackage, no micropip), and no PyProxy is kept.
// Prints one JSON line: {"bytes": n, "response": "<elo_core's answer to the request>", "checksum": "<hex>"}.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel, out, request] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + path.sep,
  _makeSnapshot: true,
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
const staged = "/tmp/elo_core.whl";
pyodide.FS.writeFile(staged, readFileSync(wheel));
// Unpack into site-packages, import every module (warm: module code, caches) and answer
// the reference request once, so that the restored interpreter starts ready.
const response = pyodide.runPython(`
import os, site, sys, zipfile
with zipfile.ZipFile(${JSON.stringify(staged)}) as z:
    z.extractall(site.getsitepackages()[0])
os.remove(${JSON.stringify(staged)})
import importlib; importlib.invalidate_caches()
# The facade imports every module the page can reach: the restored interpreter has the
# modules but not their files until the worker puts them back, after the first answers.
import elo_core.facade
elo_core.facade.handle(${JSON.stringify(request)})
`);
const bytes = pyodide.makeMemorySnapshot();
writeFileSync(out, bytes);
// The worker checks a kept copy with this very function (web/worker/snapshot.js).
const { checksum } = await import(new URL("./web/worker/snapshot.js", import.meta.url).href);
process.stdout.write(JSON.stringify({ bytes: bytes.length, response, checksum: checksum(bytes) }) + "\n");
