"""build.py's edits of Pyodide's runtime script (their effect in the browser: tests/e2e/test_startup.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import build


def original() -> str:
    """A stand-in for the pinned runtime script: every patched passage once, with filler."""
    return "/*a*/" + "/*b*/".join(old for old, _ in build.RUNTIME_PATCHES) + "/*c*/"


def test_every_patch_is_made_once():
    patched = build.patch_runtime(original())
    for old, new in build.RUNTIME_PATCHES:
        assert patched.count(new) == 1
        assert old not in patched


@pytest.mark.parametrize("times", [0, 2])
def test_a_patch_that_does_not_match_once_fails_the_build(times):
    old = build.RUNTIME_PATCHES[0][0]
    script = original().replace(old, old * times)
    with pytest.raises(build.BuildError, match=f"matches {times} times"):
        build.patch_runtime(script)


# Run by node on one copy of the runtime: its function table (each entry's name) and the
# value that its GOT handler gives for each symbol named in the file argv[3], or for every
# symbol its GOT holds when there is no such file.
LINKED = """
import { readFileSync, existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, symbolsFile] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: dir + "/" });
const module = pyodide._module;
const table = [];
for (let i = 0; i < module.wasmTable.length; i++) table.push(module.wasmTable.get(i)?.name ?? null);
const symbols = existsSync(symbolsFile) ? JSON.parse(readFileSync(symbolsFile, "utf8")) : Object.keys(module.GOT);
const got = Object.fromEntries(symbols.map((s) => [s, module.GOTHandler.get(new Set(), s).value]));
process.stdout.write(JSON.stringify({ table, got }));
"""


def test_the_patched_runtime_links_as_the_original(tmp_path):
    # The edits must not change what the dynamic linking makes: the function table, entry
    # by entry (the snapshot's function pointers index it), and every GOT entry's value,
    # also for the exports whose Globals are now made only when asked for.
    node = shutil.which("node")
    assert node, "node is needed to build the site (and for this test)"
    original = build.ensure_pyodide()
    patched = tmp_path / "patched"
    build.copy_runtime(original, patched)  # as build() ships it
    runner, symbols = tmp_path / "linked.mjs", tmp_path / "symbols.json"
    runner.write_text(LINKED)

    def linked(runtime: Path) -> dict:
        out = subprocess.run([node, str(runner), str(runtime), str(symbols)],
                             check=True, capture_output=True, text=True, timeout=120).stdout
        return json.loads(out)

    before = linked(original)
    symbols.write_text(json.dumps(list(before["got"])))
    after = linked(patched)
    assert len(before["table"]) > 10_000 and len(before["got"]) > 8_000
    assert after["table"] == before["table"]
    assert after["got"] == before["got"]


def test_a_snapshot_that_cannot_be_made_fails_the_build(tmp_path, monkeypatch):
    # a deploy must not ship the slow start by accident: only --no-snapshot builds without one
    def fails(*args, **kwargs):
        raise build.BuildError("snapshot.mjs failed: for this test")

    monkeypatch.setattr(build, "make_snapshot", fails)
    with pytest.raises(build.BuildError, match="--no-snapshot"):
        build.build(tmp_path / "dist")
    site = build.build(tmp_path / "dist", snapshot=False)
    assert "snapshot" not in json.loads((site / "build.json").read_text())


def test_the_worker_adapter_is_for_the_pinned_pyodide(tmp_path):
    build.check_adapter()  # as shipped: the same version
    other = tmp_path / "pyodide-adapter.js"
    other.write_text(build.ADAPTER.read_text().replace(f'"{build.PYODIDE_VERSION}"', '"315.0.0"'))
    with pytest.raises(build.BuildError, match="written for Pyodide 315.0.0, but build.py pins"):
        build.check_adapter(other)


def test_the_kept_file_is_named_alike_where_it_is_read_and_where_it_is_kept():
    # the entry reads it before its modules arrive, so it names the file itself (web/worker.js)
    import re
    name = re.compile(r'KEPT_FILE = "([^"]+)"')
    entry = name.findall((build.WEB / "worker.js").read_text())
    module = name.findall((build.WEB / "worker" / "snapshot.js").read_text())
    assert entry == module and len(entry) == 1
